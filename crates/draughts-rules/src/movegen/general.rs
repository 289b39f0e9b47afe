//! Moves along any set of lines: the diagonals and, where the rules say so, the rows and
//! files (Frisian captures; Turkish draughts, on a board where every square is in play). A
//! plain depth-first search over step tables; the diagonal presets keep the bitboard
//! generator of `capture` and `plain`, which this one must agree with on them (a test
//! checks it).

use std::sync::LazyLock;

use super::{priority, Generated, Move, MAX_JUMPS};
use crate::board::{
    Bitboard, BoardSize, Geometry, SquareSet, Squares, WideBits, MAX_BITS, NO_SQUARE,
};
use crate::position::{Color, Position};
use crate::variant::{KingKind, Lines, PromotionInCapture, Removal, Rules};

/// Evaluate `$e` with the type `$S` standing for the set width of the rules' board: 64
/// bits where they suffice, 128 on 12×12.
macro_rules! by_width {
    ($rules:expr, |$S:ident| $e:expr) => {
        if $rules.board.is_wide() {
            type $S = Squares;
            $e
        } else {
            type $S = Bitboard;
            $e
        }
    };
}

/// Lines: the four diagonal directions (the indices of `board::Direction`), then along
/// the file up and down (towards square 1 and away from it) and along the row left and
/// right. On a board of dark squares the next square along a row or file is two steps
/// away, so an orthogonal jump crosses one dark square and lands on the next.
pub(super) const LINES: usize = 8;

/// The line straight back from each line.
const OPPOSITE: [usize; LINES] = [3, 2, 1, 0, 5, 4, 7, 6];

/// `next[line][bit]`: the next square along a line, or `NO_SQUARE` off the board.
pub(super) struct Steps {
    next: [[u8; MAX_BITS]; LINES],
}

impl Steps {
    fn new(g: &Geometry) -> Steps {
        let mut next = [[NO_SQUARE; MAX_BITS]; LINES];
        let stride = if g.full { 1 } else { 2 };
        for bit in WideBits(g.valid) {
            for (line, row) in next.iter_mut().enumerate().take(4) {
                row[bit as usize] = g.neighbour[line][bit as usize];
            }
            let (file, rank) = g.file_rank(bit);
            let orthogonal: [(i8, i8); 4] = [(0, stride), (0, -stride), (-stride, 0), (stride, 0)];
            for (i, (df, dr)) in orthogonal.into_iter().enumerate() {
                let (f, r) = (file as i8 + df, rank as i8 + dr);
                if f >= 0 && r >= 0 {
                    if let Some(b) = g.bit_at(f as u8, r as u8) {
                        next[4 + i][bit as usize] = b;
                    }
                }
            }
        }
        Steps { next }
    }

    /// The steps of a board size, built once.
    pub(super) fn of(board: BoardSize) -> &'static Steps {
        static EIGHT: LazyLock<Steps> = LazyLock::new(|| Steps::new(BoardSize::Eight.geometry()));
        static TEN: LazyLock<Steps> = LazyLock::new(|| Steps::new(BoardSize::Ten.geometry()));
        static FULL: LazyLock<Steps> =
            LazyLock::new(|| Steps::new(BoardSize::EightFull.geometry()));
        static TWELVE: LazyLock<Steps> = LazyLock::new(|| Steps::new(BoardSize::Twelve.geometry()));
        match board {
            BoardSize::Eight => &EIGHT,
            BoardSize::Ten => &TEN,
            BoardSize::EightFull => &FULL,
            BoardSize::Twelve => &TWELVE,
        }
    }

    #[inline(always)]
    fn step(&self, line: usize, bit: u8) -> Option<u8> {
        let n = self.next[line][bit as usize];
        (n != NO_SQUARE).then_some(n)
    }
}

/// The squares strictly between `a` and `b` when they share a line (diagonal, row or
/// file), else `None`.
pub fn between(board: BoardSize, a: u8, b: u8) -> Option<Squares> {
    let steps = Steps::of(board);
    (0..LINES).find_map(|line| {
        let mut squares = 0;
        let mut s = steps.step(line, a)?;
        while s != b {
            squares |= 1 << s;
            s = steps.step(line, s)?;
        }
        Some(squares)
    })
}

/// Every line of a kind.
fn all_lines(lines: Lines) -> &'static [usize] {
    match lines {
        Lines::Diagonal => &[0, 1, 2, 3],
        Lines::Orthogonal => &[4, 5, 6, 7],
        Lines::Both => &[0, 1, 2, 3, 4, 5, 6, 7],
    }
}

/// The lines of a kind a man of `side` uses: forward, sideways along its row, and (with
/// `backwards`) back.
fn man_lines(lines: Lines, backwards: bool, side: Color) -> &'static [usize] {
    if backwards {
        return all_lines(lines);
    }
    match (lines, side) {
        (Lines::Diagonal, Color::White) => &[0, 1],
        (Lines::Diagonal, Color::Black) => &[2, 3],
        (Lines::Orthogonal, Color::White) => &[4, 6, 7],
        (Lines::Orthogonal, Color::Black) => &[5, 6, 7],
        (Lines::Both, Color::White) => &[0, 1, 4, 6, 7],
        (Lines::Both, Color::Black) => &[2, 3, 5, 6, 7],
    }
}

/// Plain moves, appended to `out`: each piece's moves in square order, by line, nearest
/// square first.
pub(super) fn generate_plain<T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    let each = |mv: Move| {
        out.push(T::build(mv, &[mv.to], &[]));
        false
    };
    by_width!(rules, |S| plain_moves::<S>(rules, pos, each))
}

/// Whether the side to move has a plain move.
pub(super) fn plain_exists(rules: &Rules, pos: &Position) -> bool {
    let mut found = false;
    let each = |_| {
        found = true;
        true
    };
    by_width!(rules, |S| plain_moves::<S>(rules, pos, each));
    found
}

/// Call `each` with every plain move until it answers `true` (enough).
fn plain_moves<S: SquareSet>(rules: &Rules, pos: &Position, mut each: impl FnMut(Move) -> bool) {
    let steps = Steps::of(rules.board);
    let empty = S::from_wide(pos.wide_empty());
    let promo = S::from_wide(rules.promotion_row(pos.side));
    let kings_set = S::from_wide(pos.wide_kings());
    let men = man_lines(rules.move_lines, false, pos.side);
    let kings = all_lines(rules.move_lines);
    let flying = rules.kings == KingKind::Flying;
    for from in S::from_wide(pos.wide_us()).squares() {
        let king = kings_set.has(from);
        for &line in if king { kings } else { men } {
            let mut at = from;
            while let Some(to) = steps.step(line, at) {
                if !empty.has(to) {
                    break;
                }
                let crowns = !king && promo.has(to);
                if each(Move::plain(from, to, crowns)) {
                    return;
                }
                if !(king && flying) {
                    break;
                }
                at = to;
            }
        }
    }
}

/// Complete capture sequences after the priority rule and duplicate merging, appended to
/// `out`.
pub(super) fn generate<T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    by_width!(rules, |S| generate_sized::<S, T>(rules, pos, out))
}

fn generate_sized<S: SquareSet, T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    let mut search = Search::<S>::new(rules, pos, out.len());
    for from in S::from_wide(pos.wide_us()).squares() {
        search.start(from, search.kings.has(from), out);
    }
}

/// Whether the side to move has a capture.
pub(super) fn exists(rules: &Rules, pos: &Position) -> bool {
    by_width!(rules, |S| exists_sized::<S>(rules, pos))
}

fn exists_sized<S: SquareSet>(rules: &Rules, pos: &Position) -> bool {
    let search = Search::<S>::new(rules, pos, 0);
    let mut us = S::from_wide(pos.wide_us()).squares();
    us.any(|from| {
        let empty = search.empty | S::bit(from);
        if search.kings.has(from) {
            search.king_can_jump(from, S::default(), empty)
        } else {
            search.man_can_jump(from, S::default(), empty)
        }
    })
}

/// Sets of width `S` (the board's: see [`by_width`]).
struct Search<'a, S> {
    rules: &'a Rules,
    steps: &'static Steps,
    them: S,
    /// The kings of both sides.
    kings: S,
    /// The pieces a man may take.
    man_targets: S,
    /// Empty squares (the moving piece's origin counts as empty during its search).
    empty: S,
    promo: S,
    man_lines: &'static [usize],
    king_lines: &'static [usize],
    /// A king may turn straight back between two jumps.
    reversal: bool,
    immediate: bool,
    flying: bool,
    /// The sequence being built, and those kept under the priority rule.
    route: priority::Route<S, MAX_JUMPS>,
}

impl<'a, S: SquareSet> Search<'a, S> {
    fn new(rules: &'a Rules, pos: &Position, start: usize) -> Self {
        let them = S::from_wide(pos.wide_them());
        let kings = S::from_wide(pos.wide_kings());
        Search {
            rules,
            steps: Steps::of(rules.board),
            them,
            kings,
            man_targets: if rules.men_capture_kings {
                them
            } else {
                them & !kings
            },
            empty: S::from_wide(pos.wide_empty()),
            promo: S::from_wide(rules.promotion_row(pos.side)),
            man_lines: man_lines(rules.capture_lines, rules.men_capture_backwards, pos.side),
            king_lines: all_lines(rules.capture_lines),
            reversal: rules.reversal_in_capture,
            immediate: rules.removal == Removal::Immediate,
            flying: rules.kings == KingKind::Flying,
            route: priority::Route::new(them & kings, start),
        }
    }

    /// The sequence so far ends on `to`: keep it if the priority rule allows.
    #[inline(always)]
    fn record<T: Generated>(&mut self, to: u8, captured: S, crowns: bool, out: &mut Vec<T>) {
        self.route
            .record(self.rules.capture_priority, to, captured, crowns, out);
    }

    fn start<T: Generated>(&mut self, from: u8, king: bool, out: &mut Vec<T>) {
        self.route.begin(from, king);
        let saved = self.empty;
        self.empty = self.empty | S::bit(from);
        if king {
            self.king_search(from, S::default(), false, None, out);
        } else {
            self.man_search(from, S::default(), out);
        }
        self.empty = saved;
    }

    /// S a piece may cross or land on, given the pieces taken so far (with the
    /// origin of the moving piece already in `empty`).
    #[inline(always)]
    fn free(&self, empty: S, captured: S) -> S {
        if self.immediate {
            empty | captured
        } else {
            empty
        }
    }

    /// A man's jump from `sq` along `line`: (victim, landing).
    #[inline(always)]
    fn man_jump(&self, sq: u8, line: usize, captured: S, empty: S) -> Option<(u8, u8)> {
        let over = self.steps.step(line, sq)?;
        let land = self.steps.step(line, over)?;
        let takeable = (self.man_targets & !captured).has(over);
        let free = self.free(empty, captured).has(land);
        (takeable && free).then_some((over, land))
    }

    fn man_can_jump(&self, sq: u8, captured: S, empty: S) -> bool {
        self.man_lines
            .iter()
            .any(|&line| self.man_jump(sq, line, captured, empty).is_some())
    }

    /// A king's jump from `sq` along `line`: the victim and the squares it may land on
    /// (nearest first; just the next one for a short king).
    #[inline(always)]
    fn king_jump(&self, sq: u8, line: usize, captured: S, empty: S) -> Option<(u8, Landings)> {
        let free = self.free(empty, captured);
        let mut s = self.steps.step(line, sq)?;
        if self.flying {
            while free.has(s) {
                s = self.steps.step(line, s)?;
            }
        }
        if !(self.them & !captured).has(s) {
            return None;
        }
        let free_after = self.free(empty, captured | S::bit(s));
        let mut landings = Landings::default();
        let mut l = s;
        while let Some(next) = self.steps.step(line, l) {
            if !free_after.has(next) {
                break;
            }
            landings.push(next);
            if !self.flying {
                break;
            }
            l = next;
        }
        (landings.len > 0).then_some((s, landings))
    }

    fn king_can_jump(&self, sq: u8, captured: S, empty: S) -> bool {
        self.king_lines
            .iter()
            .any(|&line| self.king_jump(sq, line, captured, empty).is_some())
    }

    /// Whether a king that reached `sq` along `came` can jump on (not straight back where
    /// the rules forbid it).
    fn king_can_jump_from(&self, sq: u8, captured: S, came: usize) -> bool {
        self.king_lines.iter().any(|&line| {
            (self.reversal || OPPOSITE[came] != line)
                && self.king_jump(sq, line, captured, self.empty).is_some()
        })
    }

    fn man_search<T: Generated>(&mut self, sq: u8, captured: S, out: &mut Vec<T>) {
        let mut extended = false;
        for &line in self.man_lines {
            let Some((victim, land)) = self.man_jump(sq, line, captured, self.empty) else {
                continue;
            };
            extended = true;
            let now = captured | S::bit(victim);
            self.route.push(land, victim);
            if self.promo.has(land) {
                match self.rules.promotion_in_capture {
                    PromotionInCapture::Stops => self.record(land, now, true, out),
                    PromotionInCapture::ContinuesAsKing => {
                        self.king_search(land, now, true, Some(line), out)
                    }
                    PromotionInCapture::AtEnd => self.man_search(land, now, out),
                }
            } else {
                self.man_search(land, now, out);
            }
            self.route.pop();
        }
        if !extended && self.route.depth > 0 {
            self.record(sq, captured, self.promo.has(sq), out);
        }
    }

    /// `crowned`: a man crowned during this capture, going on as a king. `came`: the line
    /// of the jump that reached `sq`.
    fn king_search<T: Generated>(
        &mut self,
        sq: u8,
        captured: S,
        crowned: bool,
        came: Option<usize>,
        out: &mut Vec<T>,
    ) {
        let mut extended = false;
        for &line in self.king_lines {
            if !self.reversal && came.is_some_and(|c| OPPOSITE[c] == line) {
                continue;
            }
            let Some((victim, landings)) = self.king_jump(sq, line, captured, self.empty) else {
                continue;
            };
            extended = true;
            let now = captured | S::bit(victim);
            // A king must land where it can go on capturing, if there is such a square.
            let mut continuing = Landings::default();
            for &l in landings.squares() {
                if self.king_can_jump_from(l, now, line) {
                    continuing.push(l);
                }
            }
            let goes_on = continuing.len > 0;
            let chosen = if goes_on {
                continuing
            } else if self.rules.king_stops_after_king && (self.them & self.kings).has(victim) {
                // Killer draughts: the capture ends on a king, so on the square behind it.
                let mut nearest = Landings::default();
                nearest.push(landings.squares()[0]);
                nearest
            } else {
                landings
            };
            for &l in chosen.squares() {
                self.route.push(l, victim);
                if goes_on {
                    self.king_search(l, now, crowned, Some(line), out);
                } else {
                    self.record(l, now, crowned, out);
                }
                self.route.pop();
            }
        }
        if !extended && self.route.depth > 0 {
            self.record(sq, captured, crowned, out);
        }
    }
}

/// Landing squares behind one victim, nearest first (at most a board's side).
#[derive(Copy, Clone, Default)]
struct Landings {
    squares: [u8; 12],
    len: usize,
}

impl Landings {
    fn push(&mut self, bit: u8) {
        if self.len < self.squares.len() {
            self.squares[self.len] = bit;
            self.len += 1;
        }
    }

    fn squares(&self) -> &[u8] {
        &self.squares[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::PRESETS;

    /// On the diagonal-only presets this generator and the bitboard one of `capture` must
    /// find the same captures (as sets: the order may differ), on random placements with
    /// many kings and long sequences.
    #[test]
    fn agrees_with_the_bitboard_generator_on_diagonal_rules() {
        let mut rng = crate::random::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next_u64();
        let mut compared = 0usize;
        for preset in PRESETS.iter().filter(|p| !p.rules.uses_line_tables()) {
            let rules = preset.rules;
            let g = rules.board.geometry();
            for _ in 0..400 {
                let mut pos = Position::empty(rules.board, Color::White);
                if next() % 2 == 0 {
                    pos.side = Color::Black;
                }
                for bit in WideBits(g.valid) {
                    let roll = next() % 100;
                    let color = match roll {
                        0..=17 => Color::White,
                        18..=35 => Color::Black,
                        _ => continue,
                    };
                    let king = next() % 3 == 0 || rules.promotion_row(color) & (1 << bit) != 0;
                    pos.set_pieces(color, pos.wide_pieces(color) | 1 << bit);
                    if king {
                        pos.set_kings(pos.wide_kings() | 1 << bit);
                    }
                }
                let mut ours: Vec<Move> = Vec::new();
                generate(&rules, &pos, &mut ours);
                if ours.is_empty() {
                    generate_plain(&rules, &pos, &mut ours);
                }
                let mut fast: Vec<Move> = Vec::new();
                super::super::generate_captures(&rules, &pos, &mut fast);
                if fast.is_empty() {
                    super::super::generate_plain(&rules, &pos, &mut fast);
                }
                let key = |m: &Move| (m.from, m.to, m.captures, m.crowns);
                let mut a: Vec<_> = ours.iter().map(key).collect();
                let mut b: Vec<_> = fast.iter().map(key).collect();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{} {:?}", preset.id, pos);
                compared += !a.is_empty() as usize;
            }
        }
        assert!(compared >= 2000, "only {compared} positions with a capture");
    }
}
