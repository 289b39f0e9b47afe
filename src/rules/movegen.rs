//! Legal move generation: plain moves, complete capture sequences under either removal
//! timing, every priority rule, promotion during a capture, and duplicate merging.

use super::board::{Bitboard, Bits, Geometry, NO_SQUARE};
use super::position::{Color, Position};
use super::variant::{CapturePriority, KingKind, PromotionInCapture, Removal, Rules};

/// The most pieces one sequence can take. A jumped piece always has a square on both sides
/// of it along the jump, so it stands off the edge: at most 32 such squares on 10×10.
pub const MAX_JUMPS: usize = 32;

/// One legal move. Squares are bit indices (see `board`); notation converts them to PDN.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The moving piece's square (a bit index).
    pub from: u8,
    /// Where it ends (a bit index).
    pub to: u8,
    /// Every piece taken, as a set.
    pub captures: Bitboard,
    /// The moving man becomes a king.
    pub crowns: bool,
    /// Number of jumps (0 for a plain move).
    pub jumps: u8,
    /// Landing square of each jump; `path[jumps - 1] == to`.
    pub path: [u8; MAX_JUMPS],
    /// The piece taken by each jump, in jump order.
    pub taken: [u8; MAX_JUMPS],
}

impl Move {
    fn plain(from: u8, to: u8, crowns: bool) -> Move {
        Move {
            from,
            to,
            captures: 0,
            crowns,
            jumps: 0,
            path: [0; MAX_JUMPS],
            taken: [0; MAX_JUMPS],
        }
    }

    #[inline(always)]
    /// Whether the move takes anything.
    pub fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// Landing squares in order (just `[to]` for a plain move).
    pub fn landings(&self) -> &[u8] {
        if self.jumps == 0 {
            std::slice::from_ref(&self.to)
        } else {
            &self.path[..self.jumps as usize]
        }
    }

    /// Pieces taken, in jump order.
    pub fn taken_in_order(&self) -> &[u8] {
        &self.taken[..self.jumps as usize]
    }

    /// The FMJD identity of a move: two sequences with the same from, to and captured set
    /// are the same move.
    #[inline(always)]
    pub fn same_move(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captures == other.captures
    }
}

/// Reusable list of moves. Generation clears it and reuses its allocation.
pub type MoveList = Vec<Move>;

/// Directions a man of `color` moves in (forward).
#[inline(always)]
fn forward_dirs(color: Color) -> &'static [usize] {
    match color {
        Color::White => &[0, 1],
        Color::Black => &[2, 3],
    }
}

const ALL_DIRS: &[usize] = &[0, 1, 2, 3];

/// All legal moves of `pos` under `rules`, written into `out` (cleared first).
pub fn generate(rules: &Rules, pos: &Position, out: &mut MoveList) {
    out.clear();
    generate_captures(rules, pos, out);
    if out.is_empty() || !rules.forced_capture {
        generate_plain(rules, pos, out);
    }
}

/// Convenience: a fresh list of legal moves.
pub fn legal_moves(rules: &Rules, pos: &Position) -> MoveList {
    let mut out = Vec::with_capacity(32);
    generate(rules, pos, &mut out);
    out
}

/// Whether the side to move has a capture available.
pub fn has_capture(rules: &Rules, pos: &Position) -> bool {
    let us = pos.us();
    man_jumpers(rules, pos) != 0 || Bits(us & pos.kings).any(|k| king_has_jump(rules, pos, k))
}

/// Whether the side not to move would have a capture were it its turn (a threat).
pub fn opponent_has_capture(rules: &Rules, pos: &Position) -> bool {
    let mut flipped = *pos;
    flipped.side = pos.side.opponent();
    has_capture(rules, &flipped)
}

/// Men of the side to move that have a first jump, found with shifts.
#[inline]
fn man_jumpers(rules: &Rules, pos: &Position) -> Bitboard {
    let g = rules.board.geometry();
    let men = pos.us() & !pos.kings;
    if men == 0 {
        return 0;
    }
    let them = pos.them();
    let targets = if rules.men_capture_kings {
        them
    } else {
        them & !pos.kings
    };
    let empty = pos.empty_squares();
    let dirs = if rules.men_capture_backwards {
        ALL_DIRS
    } else {
        forward_dirs(pos.side)
    };
    let mut jumpers = 0;
    for &dir in dirs {
        let back = 3 - dir; // the opposite direction
        jumpers |= g.shift(g.shift(empty, back) & targets, back) & men;
    }
    jumpers
}

/// Whether the king on `k` has a first jump: the nearest piece along a diagonal is an
/// opponent's with an empty square behind it.
#[inline]
fn king_has_jump(rules: &Rules, pos: &Position, k: u8) -> bool {
    let g = rules.board.geometry();
    let occupied = pos.occupied();
    let them = pos.them();
    let empty = pos.empty_squares();
    for dir in 0..4 {
        let victim = if rules.kings == KingKind::Short {
            g.neighbour[dir][k as usize]
        } else {
            let blockers = g.ray[dir][k as usize] & occupied;
            if blockers == 0 {
                continue;
            }
            // Rays with negative offsets run towards lower bits: the nearest is the highest.
            if g.offset[dir] < 0 {
                63 - blockers.leading_zeros() as u8
            } else {
                blockers.trailing_zeros() as u8
            }
        };
        if victim == NO_SQUARE || them & (1 << victim) == 0 {
            continue;
        }
        let land = g.neighbour[dir][victim as usize];
        if land != NO_SQUARE && empty & (1 << land) != 0 {
            return true;
        }
    }
    false
}

/// Number of legal moves, without building them when no capture is possible (perft leaves).
pub fn count(rules: &Rules, pos: &Position, scratch: &mut MoveList) -> usize {
    if has_capture(rules, pos) {
        generate(rules, pos, scratch);
        return scratch.len();
    }
    count_plain(rules, pos)
}

fn count_plain(rules: &Rules, pos: &Position) -> usize {
    let g = rules.board.geometry();
    let empty = pos.empty_squares();
    let us = pos.us();
    let men = us & !pos.kings;
    let mut n = 0;
    for &dir in forward_dirs(pos.side) {
        n += (g.shift(men, dir) & empty).count_ones() as usize;
    }
    for k in Bits(us & pos.kings) {
        for dir in 0..4 {
            n += if rules.kings == KingKind::Short {
                (g.shift(1 << k, dir) & empty).count_ones() as usize
            } else {
                let ray = g.ray[dir][k as usize];
                let blockers = ray & !empty;
                // Squares before the nearest blocker: rays with negative offsets run towards
                // lower bits, so the nearest blocker is the highest set bit.
                let reach = if blockers == 0 {
                    ray
                } else if g.offset[dir] < 0 {
                    let nearest = 63 - blockers.leading_zeros();
                    ray & !((1u64 << nearest) | ((1u64 << nearest) - 1))
                } else {
                    let nearest = blockers.trailing_zeros();
                    ray & ((1u64 << nearest) - 1)
                };
                reach.count_ones() as usize
            };
        }
    }
    n
}

/// Whether the side to move has a plain (non-capturing) move: a one-step check per piece,
/// enough for flying kings too (a king that cannot step cannot slide).
pub fn has_plain_move(rules: &Rules, pos: &Position) -> bool {
    let g = rules.board.geometry();
    let empty = pos.empty_squares();
    let us = pos.us();
    let men = us & !pos.kings;
    let kings = us & pos.kings;
    forward_dirs(pos.side)
        .iter()
        .any(|&dir| g.shift(men, dir) & empty != 0)
        || ALL_DIRS.iter().any(|&dir| g.shift(kings, dir) & empty != 0)
}

/// Plain (non-capturing) moves only.
pub fn generate_plain(rules: &Rules, pos: &Position, out: &mut MoveList) {
    let g = rules.board.geometry();
    let empty = pos.empty_squares();
    let us = pos.us();
    let men = us & !pos.kings;
    let promo = rules.promotion_row(pos.side);
    for &dir in forward_dirs(pos.side) {
        let off = g.offset[dir] as i16;
        for to in Bits(g.shift(men, dir) & empty) {
            let from = (to as i16 - off) as u8;
            out.push(Move::plain(from, to, promo & (1 << to) != 0));
        }
    }
    for k in Bits(us & pos.kings) {
        for dir in 0..4 {
            let mut cur = g.neighbour[dir][k as usize];
            while cur != NO_SQUARE && empty & (1 << cur) != 0 {
                out.push(Move::plain(k, cur, false));
                if rules.kings == KingKind::Short {
                    break;
                }
                cur = g.neighbour[dir][cur as usize];
            }
        }
    }
}

/// Complete capture sequences after the preset's priority rule and duplicate merging.
pub fn generate_captures(rules: &Rules, pos: &Position, out: &mut MoveList) {
    let start = out.len();
    let jumpers = man_jumpers(rules, pos);
    let kings = pos.us() & pos.kings;
    if jumpers == 0 && kings == 0 {
        return;
    }
    let mut gen = CaptureGen::new(rules, pos);
    gen.start = start;
    for m in Bits(jumpers) {
        gen.start(m, false, out);
    }
    for k in Bits(kings) {
        if king_has_jump(rules, pos, k) {
            gen.start(k, true, out);
        }
    }
    if out.len() - start > 1 {
        apply_priority(rules, pos, out, start);
        merge_duplicates(out, start);
    }
}

struct CaptureGen<'a> {
    g: &'a Geometry,
    rules: &'a Rules,
    them: Bitboard,
    them_kings: Bitboard,
    /// Empty squares, counting the moving piece's origin as empty.
    empty: Bitboard,
    promo: Bitboard,
    man_dirs: &'static [usize],
    immediate: bool,
    /// Under a "most pieces" priority, shorter sequences than the longest found so far are
    /// never recorded (the priority would drop them anyway); `start` is where this call's
    /// sequences begin in the output list.
    prune_short: bool,
    longest: usize,
    start: usize,
    from: u8,
    depth: usize,
    path: [u8; MAX_JUMPS],
    taken: [u8; MAX_JUMPS],
}

impl<'a> CaptureGen<'a> {
    fn new(rules: &'a Rules, pos: &Position) -> Self {
        let g = rules.board.geometry();
        CaptureGen {
            g,
            rules,
            them: pos.them(),
            them_kings: pos.them() & pos.kings,
            empty: pos.empty_squares(),
            promo: rules.promotion_row(pos.side),
            man_dirs: if rules.men_capture_backwards {
                ALL_DIRS
            } else {
                forward_dirs(pos.side)
            },
            immediate: rules.removal == Removal::Immediate,
            prune_short: matches!(
                rules.capture_priority,
                CapturePriority::MaxPieces
                    | CapturePriority::MaxPiecesThenKings
                    | CapturePriority::Italian
            ),
            longest: 0,
            start: 0,
            from: 0,
            depth: 0,
            path: [0; MAX_JUMPS],
            taken: [0; MAX_JUMPS],
        }
    }

    fn start(&mut self, from: u8, king: bool, out: &mut MoveList) {
        self.from = from;
        self.depth = 0;
        let saved = self.empty;
        self.empty |= 1 << from;
        if king {
            self.king_search(from, 0, false, out);
        } else {
            self.man_search(from, 0, out);
        }
        self.empty = saved;
    }

    /// Is `square` free to move through or land on, given the pieces taken so far?
    #[inline(always)]
    fn free(&self, square: u8, captured: Bitboard) -> bool {
        let bit = 1u64 << square;
        if self.immediate {
            (self.empty | captured) & bit != 0
        } else {
            self.empty & bit != 0
        }
    }

    /// Can `target` be jumped by this piece now?
    #[inline(always)]
    fn takeable(&self, target: u8, captured: Bitboard, by_king: bool) -> bool {
        let bit = 1u64 << target;
        self.them & bit != 0
            && captured & bit == 0
            && (by_king || self.rules.men_capture_kings || self.them_kings & bit == 0)
    }

    fn flying(&self) -> bool {
        self.rules.kings == KingKind::Flying
    }

    /// Whether a piece on `sq` has any further jump.
    fn piece_can_capture(&self, sq: u8, king: bool, captured: Bitboard) -> bool {
        let dirs = if king { ALL_DIRS } else { self.man_dirs };
        for &dir in dirs {
            let nb = &self.g.neighbour[dir];
            let mut cur = nb[sq as usize];
            if king && self.flying() {
                while cur != NO_SQUARE && self.free(cur, captured) {
                    cur = nb[cur as usize];
                }
            }
            if cur == NO_SQUARE || !self.takeable(cur, captured, king) {
                continue;
            }
            let land = nb[cur as usize];
            if land != NO_SQUARE && self.free(land, captured) {
                return true;
            }
        }
        false
    }

    fn push(&mut self, landing: u8, victim: u8) {
        self.path[self.depth] = landing;
        self.taken[self.depth] = victim;
        self.depth += 1;
    }

    fn record(&mut self, to: u8, captured: Bitboard, crowns: bool, out: &mut MoveList) {
        if self.prune_short {
            if self.depth < self.longest {
                return;
            }
            if self.depth > self.longest {
                out.truncate(self.start);
                self.longest = self.depth;
            }
        }
        out.push(Move {
            from: self.from,
            to,
            captures: captured,
            crowns,
            jumps: self.depth as u8,
            path: self.path,
            taken: self.taken,
        });
    }

    fn man_search(&mut self, sq: u8, captured: Bitboard, out: &mut MoveList) {
        let mut extended = false;
        for &dir in self.man_dirs {
            let nb = &self.g.neighbour[dir];
            let victim = nb[sq as usize];
            if victim == NO_SQUARE || !self.takeable(victim, captured, false) {
                continue;
            }
            let land = nb[victim as usize];
            if land == NO_SQUARE || !self.free(land, captured) {
                continue;
            }
            extended = true;
            let now = captured | (1 << victim);
            self.push(land, victim);
            if self.promo & (1 << land) != 0 {
                match self.rules.promotion_in_capture {
                    PromotionInCapture::Stops => self.record(land, now, true, out),
                    PromotionInCapture::ContinuesAsKing => self.king_search(land, now, true, out),
                    PromotionInCapture::AtEnd => self.man_search(land, now, out),
                }
            } else {
                self.man_search(land, now, out);
            }
            self.depth -= 1;
        }
        if !extended && self.depth > 0 {
            self.record(sq, captured, self.promo & (1 << sq) != 0, out);
        }
    }

    /// `crowned`: a man crowned during this capture (Russian), recorded as crowning.
    fn king_search(&mut self, sq: u8, captured: Bitboard, crowned: bool, out: &mut MoveList) {
        let mut extended = false;
        let flying = self.flying();
        for dir in 0..4 {
            let nb = &self.g.neighbour[dir];
            let mut victim = nb[sq as usize];
            if flying {
                while victim != NO_SQUARE && self.free(victim, captured) {
                    victim = nb[victim as usize];
                }
            }
            if victim == NO_SQUARE || !self.takeable(victim, captured, true) {
                continue;
            }
            let now = captured | (1 << victim);
            let first_land = nb[victim as usize];
            if first_land == NO_SQUARE || !self.free(first_land, now) {
                continue;
            }
            extended = true;
            // Landing squares behind the victim, up to the next piece.
            let mut landings = [0u8; 16];
            let mut count = 0;
            let mut land = first_land;
            while land != NO_SQUARE && self.free(land, now) {
                landings[count] = land;
                count += 1;
                if !flying {
                    break;
                }
                land = nb[land as usize];
            }
            // A flying king must land where it can go on capturing, if there is such a square.
            let mut continuing = 0u32;
            for (i, &l) in landings[..count].iter().enumerate() {
                if self.piece_can_capture(l, true, now) {
                    continuing |= 1 << i;
                }
            }
            for (i, &l) in landings[..count].iter().enumerate() {
                if continuing != 0 && continuing & (1 << i) == 0 {
                    continue;
                }
                self.push(l, victim);
                if continuing != 0 {
                    self.king_search(l, now, crowned, out);
                } else {
                    self.record(l, now, crowned, out);
                }
                self.depth -= 1;
            }
        }
        if !extended && self.depth > 0 {
            self.record(sq, captured, crowned, out);
        }
    }
}

/// Keep only the sequences the preset's priority rule allows.
fn apply_priority(rules: &Rules, pos: &Position, out: &mut MoveList, start: usize) {
    let kings = pos.kings;
    let by_king = |m: &Move| kings & (1 << m.from) != 0;
    let kings_taken = |m: &Move| (m.captures & kings).count_ones();
    match rules.capture_priority {
        CapturePriority::Free => {}
        CapturePriority::MaxPieces => {
            keep_max(out, start, |m| m.jumps as u32);
        }
        CapturePriority::MaxPiecesThenKings => {
            keep_max(out, start, |m| m.jumps as u32);
            keep_max(out, start, kings_taken);
        }
        CapturePriority::Italian => {
            keep_max(out, start, |m| m.jumps as u32);
            keep_max(out, start, |m| by_king(m) as u32);
            keep_max(out, start, kings_taken);
            // Kings met first: compare, in jump order, the positions of the kings taken;
            // the earliest wins. Encoded so that "earlier" is "greater".
            keep_max_by(out, start, |a, b| {
                let pa = king_positions(a, kings);
                let pb = king_positions(b, kings);
                pb.cmp(&pa)
            });
        }
        CapturePriority::Czech => {
            keep_max(out, start, |m| by_king(m) as u32);
        }
    }
}

fn king_positions(m: &Move, kings: Bitboard) -> ([u8; MAX_JUMPS], usize) {
    let mut positions = [u8::MAX; MAX_JUMPS];
    let mut n = 0;
    for (i, &t) in m.taken_in_order().iter().enumerate() {
        if kings & (1 << t) != 0 {
            positions[n] = i as u8;
            n += 1;
        }
    }
    (positions, n)
}

fn keep_max(out: &mut MoveList, start: usize, key: impl Fn(&Move) -> u32) {
    let best = out[start..].iter().map(&key).max().unwrap_or(0);
    let mut index = 0;
    out.retain(|m| {
        let keep = index < start || key(m) == best;
        index += 1;
        keep
    });
}

fn keep_max_by(out: &mut MoveList, start: usize, cmp: impl Fn(&Move, &Move) -> std::cmp::Ordering) {
    let Some(best) = out[start..].iter().copied().max_by(|a, b| cmp(a, b)) else {
        return;
    };
    let mut index = 0;
    out.retain(|m| {
        let keep = index < start || cmp(m, &best) == std::cmp::Ordering::Equal;
        index += 1;
        keep
    });
}

/// Merge sequences with the same from, to and captured set, keeping the first path found.
fn merge_duplicates(out: &mut MoveList, start: usize) {
    if out.len() - start > 32 {
        // Many sequences (flying kings in crowded positions): sort, then drop neighbours.
        // The sort is stable, so the first path found of each move is the one kept.
        out[start..].sort_by_key(|m| (m.from, m.to, m.captures));
        let mut write = start + 1;
        for read in start + 1..out.len() {
            if !out[read].same_move(&out[write - 1]) {
                out[write] = out[read];
                write += 1;
            }
        }
        out.truncate(write);
        return;
    }
    let mut write = start;
    for read in start..out.len() {
        let m = out[read];
        if !out[start..write].iter().any(|k| k.same_move(&m)) {
            out[write] = m;
            write += 1;
        }
    }
    out.truncate(write);
}
