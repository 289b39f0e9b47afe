//! Legal move generation: plain moves, complete capture sequences under either removal
//! timing, every priority rule, promotion during a capture, and duplicate merging.
//!
//! Two outputs share one generator: compact [`Move`]s (16 bytes: what the searcher, perft
//! and the endgame tables pass around) and [`DetailedMove`]s, which also keep the jump path
//! that notation, explanations and pictures need.

mod capture;
mod general;

pub use capture::before_first;
pub use general::between;
mod plain;
mod priority;
mod seen;

use std::ops::Deref;

use super::board::{BoardSize, Geometry, WideBits};
pub use super::mv::Move;
use super::position::Position;
use super::variant::{Rules, ENGLISH, INTERNATIONAL};

/// The most pieces one sequence can take. A jumped piece always has a square on both sides
/// of it along the jump, so it stands off the edge: at most 50 such squares on 12×12.
pub const MAX_JUMPS: usize = 50;

/// The same bound on the boards of at most 64 bits (10×10: 32).
pub const MAX_JUMPS_64: usize = 32;

/// A legal move with its path: every landing square and the piece each jump takes, in
/// order. Of several paths with the same from, to and captured set, the first found.
/// Dereferences to its [`Move`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DetailedMove {
    /// The move itself.
    pub mv: Move,
    landings: [u8; MAX_JUMPS],
    taken: [u8; MAX_JUMPS],
}

impl Deref for DetailedMove {
    type Target = Move;
    fn deref(&self) -> &Move {
        &self.mv
    }
}

impl DetailedMove {
    /// Landing squares in order (just `[to]` for a plain move); the last is `to`.
    pub fn landings(&self) -> &[u8] {
        &self.landings[..(self.mv.jumps as usize).max(1)]
    }

    /// Pieces taken, in jump order.
    pub fn taken_in_order(&self) -> &[u8] {
        &self.taken[..self.mv.jumps as usize]
    }
}

/// What the generator writes: a [`Move`], or a [`DetailedMove`] built from the path.
pub trait Generated: Copy {
    /// Build from the move, its landing squares and the pieces taken in order.
    fn build(mv: Move, landings: &[u8], taken: &[u8]) -> Self;
    /// The move itself.
    fn get(&self) -> &Move;
}

impl Generated for Move {
    #[inline(always)]
    fn build(mv: Move, _landings: &[u8], _taken: &[u8]) -> Self {
        mv
    }
    #[inline(always)]
    fn get(&self) -> &Move {
        self
    }
}

impl Generated for DetailedMove {
    fn build(mv: Move, landings: &[u8], taken: &[u8]) -> Self {
        let mut d = DetailedMove {
            mv,
            landings: [0; MAX_JUMPS],
            taken: [0; MAX_JUMPS],
        };
        d.landings[..landings.len()].copy_from_slice(landings);
        d.taken[..taken.len()].copy_from_slice(taken);
        d
    }
    fn get(&self) -> &Move {
        &self.mv
    }
}

/// Reusable list of moves. Generation clears it and reuses its allocation.
pub type MoveList = Vec<Move>;

/// A board size as a type, and for the two most played presets their rules too: the
/// generator is compiled once per type with the geometry as constants (shifts and masks
/// become immediates) and, where the rules are known, every rule test folded away.
trait Board {
    const G: &'static Geometry;
    /// The rules compiled in, if any.
    const RULES: Option<&'static Rules> = None;

    /// The rules to generate under: those compiled in, or else those given.
    #[inline(always)]
    fn rules(given: &Rules) -> &Rules {
        match Self::RULES {
            Some(rules) => rules,
            None => given,
        }
    }
}

/// 8×8 under any rules.
enum Eight {}
/// 10×10 under any rules.
enum Ten {}
/// 10×10 under the international rules.
enum International {}
/// 8×8 under the English rules.
enum English {}

impl Board for Eight {
    const G: &'static Geometry = BoardSize::Eight.geometry();
}

impl Board for Ten {
    const G: &'static Geometry = BoardSize::Ten.geometry();
}

impl Board for International {
    const G: &'static Geometry = BoardSize::Ten.geometry();
    const RULES: Option<&'static Rules> = Some(&INTERNATIONAL);
}

impl Board for English {
    const G: &'static Geometry = BoardSize::Eight.geometry();
    const RULES: Option<&'static Rules> = Some(&ENGLISH);
}

/// Whether `rules` generate the same moves as `preset` on the bitboard generator: the same
/// board and the same values of every rule that generator reads.
#[inline(always)]
fn generates_as(rules: &Rules, preset: &Rules) -> bool {
    // Every field named: a new rule must be compared here or left out on purpose.
    let Rules {
        board,
        start_rows: _,
        start_gap: _,
        first_player: _,
        forced_capture,
        men_capture_backwards,
        // Rows and files take the line-table generator before this is asked.
        move_lines: _,
        capture_lines: _,
        reversal_in_capture: _,
        kings,
        capture_priority,
        removal,
        promotion_in_capture,
        men_capture_kings,
        king_stops_after_king,
        draw_rules: _,
        king_move_limit: _,
        win_condition: _,
    } = *rules;
    board == preset.board
        && forced_capture == preset.forced_capture
        && men_capture_backwards == preset.men_capture_backwards
        && men_capture_kings == preset.men_capture_kings
        && king_stops_after_king == preset.king_stops_after_king
        && kings == preset.kings
        && capture_priority == preset.capture_priority
        && removal == preset.removal
        && promotion_in_capture == preset.promotion_in_capture
}

/// Evaluate `$e` with the type `$B` standing for the board size (and, for the presets
/// compiled apart, the rules) of `$rules`, or `$general` when the rules need the line-table
/// generator (`general`: rows and files, or a board where every square is in play), which
/// is the only one the full board ever reaches.
macro_rules! by_board {
    ($rules:expr, |$B:ident| $e:expr, else $general:expr) => {
        if $rules.uses_line_tables() {
            $general
        } else {
            match $rules.board {
                BoardSize::Eight if generates_as($rules, &ENGLISH) => {
                    type $B = English;
                    $e
                }
                BoardSize::Eight => {
                    type $B = Eight;
                    $e
                }
                BoardSize::Ten if generates_as($rules, &INTERNATIONAL) => {
                    type $B = International;
                    $e
                }
                BoardSize::Ten => {
                    type $B = Ten;
                    $e
                }
                BoardSize::EightFull | BoardSize::Twelve => $general,
            }
        }
    };
}

const ALL_DIRS: &[usize] = &[0, 1, 2, 3];

/// All legal moves of `pos` under `rules`, written into `out` (cleared first).
pub fn generate<T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    by_board!(rules, |B| generate_on::<B, T>(rules, pos, out), else generate_general(rules, pos, out))
}

#[inline(always)]
fn generate_on<B: Board, T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    let rules = B::rules(rules);
    out.clear();
    capture::generate::<B, T>(rules, pos, out);
    if out.is_empty() || !rules.forced_capture {
        plain::generate::<B, T>(rules, pos, out);
    }
}

fn generate_general<T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    out.clear();
    general::generate::<T>(rules, pos, out);
    if out.is_empty() || !rules.forced_capture {
        general::generate_plain::<T>(rules, pos, out);
    }
}

/// Convenience: a fresh list of legal moves with their paths (for notation and display;
/// the searcher uses [`generate`] into a reused [`MoveList`]).
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<DetailedMove> {
    let mut out = Vec::with_capacity(32);
    generate(rules, pos, &mut out);
    out
}

/// The path of `mv`, a legal move of `pos` (a searcher's answer, a table's move): the
/// detailed move the generator gives for it. A move that is not legal there (a caller's
/// bug) gets a one-step path and its captures in square order.
pub fn detail(rules: &Rules, pos: &Position, mv: &Move) -> DetailedMove {
    let found = legal_moves(rules, pos).into_iter().find(|d| d.mv == *mv);
    debug_assert!(found.is_some(), "{mv:?} is not legal");
    found.unwrap_or_else(|| {
        let taken: Vec<u8> = WideBits(mv.captured()).collect();
        let landings = vec![mv.to; taken.len().max(1)];
        DetailedMove::build(*mv, &landings, &taken)
    })
}

/// Each move of `line`, played in turn from `pos`, with its path.
pub fn detail_line(rules: &Rules, pos: &Position, line: &[Move]) -> Vec<DetailedMove> {
    let mut pos = *pos;
    line.iter()
        .map(|mv| {
            let d = detail(rules, &pos, mv);
            pos = pos.play(mv);
            d
        })
        .collect()
}

/// Whether the side to move has a capture available.
pub fn has_capture(rules: &Rules, pos: &Position) -> bool {
    by_board!(rules, |B| capture::exists::<B>(rules, pos), else general::exists(rules, pos))
}

/// Whether the side not to move would have a capture were it its turn (a threat).
pub fn opponent_has_capture(rules: &Rules, pos: &Position) -> bool {
    let mut flipped = *pos;
    flipped.side = pos.side.opponent();
    has_capture(rules, &flipped)
}

/// Number of legal moves, without building plain moves or single-jump captures (perft's
/// last ply).
pub fn count(rules: &Rules, pos: &Position, scratch: &mut MoveList) -> usize {
    by_board!(rules, |B| count_on::<B>(rules, pos, scratch), else {
        generate_general(rules, pos, scratch);
        scratch.len()
    })
}

#[inline(always)]
fn count_on<B: Board>(rules: &Rules, pos: &Position, scratch: &mut MoveList) -> usize {
    let rules = B::rules(rules);
    let (king_jumps, king_steps) = capture::scan_kings::<B>(rules, pos);
    let captures = capture::count::<B>(rules, pos, scratch, king_jumps);
    if captures == 0 || !rules.forced_capture {
        captures + plain::count_men::<B>(pos) + king_steps
    } else {
        captures
    }
}

/// Perft's recursion: the leaf moves `depth` (at least 1) plies below `pos`, counted in
/// bulk at the last ply, with one reusable list per ply in `lists` (at least `depth`).
/// Compiled per board size, so the counting inlines into the loop above it.
pub fn leaves(rules: &Rules, pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    by_board!(rules, |B| leaves_on::<B>(rules, pos, depth, lists), else leaves_general(rules, pos, depth, lists))
}

fn leaves_general(rules: &Rules, pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    generate_general(rules, pos, list);
    if depth <= 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|mv| leaves_general(rules, &pos.play(mv), depth - 1, rest))
        .sum()
}

fn leaves_on<B: Board>(rules: &Rules, pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    if depth <= 1 {
        return count_on::<B>(rules, pos, list) as u64;
    }
    generate_on::<B, Move>(rules, pos, list);
    if depth == 2 {
        let Some((scratch, _)) = rest.split_first_mut() else {
            return list.len() as u64;
        };
        return list
            .iter()
            .map(|mv| count_on::<B>(rules, &pos.play(mv), scratch) as u64)
            .sum();
    }
    list.iter()
        .map(|mv| leaves_on::<B>(rules, &pos.play(mv), depth - 1, rest))
        .sum()
}

/// Whether the side to move has a plain (non-capturing) move.
pub fn has_plain_move(rules: &Rules, pos: &Position) -> bool {
    by_board!(rules, |B| plain::exists::<B>(pos), else general::plain_exists(rules, pos))
}

/// Plain (non-capturing) moves only, appended to `out`.
pub fn generate_plain<T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    by_board!(rules, |B| plain::generate::<B, T>(rules, pos, out), else general::generate_plain::<T>(rules, pos, out))
}

/// Complete capture sequences after the preset's priority rule and duplicate merging,
/// appended to `out`.
pub fn generate_captures<T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    by_board!(rules, |B| capture::generate::<B, T>(rules, pos, out), else general::generate::<T>(rules, pos, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    /// The perft of `pos` through the generator compiled for `B`, with the moves of the
    /// first ply as generated there.
    fn through<B: Board>(rules: &Rules, pos: &Position, depth: u32) -> (u64, Vec<Move>) {
        let mut lists: Vec<MoveList> = (0..depth).map(|_| Vec::new()).collect();
        let mut first = Vec::new();
        generate_on::<B, Move>(rules, pos, &mut first);
        (leaves_on::<B>(rules, pos, depth, &mut lists), first)
    }

    /// A preset compiled with its rules as constants generates what the same board under
    /// the same rules, read at run time, does.
    #[test]
    fn presets_compiled_apart_agree_with_the_rules_read_at_run_time() {
        let cases = [
            (INTERNATIONAL, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", 4),
            (INTERNATIONAL, "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 4),
            (INTERNATIONAL, "W:WK3,15,K28,33:B9,K19,22,K39,44", 4),
            (ENGLISH, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", 6),
            (ENGLISH, "W:WK2,10,K18,26:B6,K14,15,K23,31", 6),
        ];
        for (rules, text, depth) in cases {
            let pos = fen::parse(text, rules.board).expect("fen").position;
            let (compiled, at_run_time) = match rules.board {
                BoardSize::Ten => (
                    through::<International>(&rules, &pos, depth),
                    through::<Ten>(&rules, &pos, depth),
                ),
                _ => (
                    through::<English>(&rules, &pos, depth),
                    through::<Eight>(&rules, &pos, depth),
                ),
            };
            assert!(compiled.0 > 0, "{text}");
            assert_eq!(compiled, at_run_time, "{text}");
        }
    }
}
