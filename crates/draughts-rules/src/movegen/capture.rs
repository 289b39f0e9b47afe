//! Capture sequences: single man jumps found with shifts, longer sequences and every king
//! capture by a depth-first search, the priority rule applied and duplicates dropped as
//! sequences end.

use std::marker::PhantomData;

use super::{priority, seen, Board, Generated, Move, MoveList, MAX_JUMPS_64};
use crate::board::{Bitboard, Bits};
use crate::position::{Color, Position};
use crate::variant::{CapturePriority, KingKind, PromotionInCapture, Removal, Rules};

/// The pieces a man of the side to move may take.
#[inline(always)]
fn man_targets(rules: &Rules, pos: &Position) -> Bitboard {
    if rules.men_capture_kings {
        pos.them()
    } else {
        pos.them() & !pos.kings
    }
}

/// Squares from which a man would have a first jump in each direction (whatever stands on
/// them), found with shifts: the next square that way holds a target and the one after is
/// empty (3 - dir is the opposite direction). Directions men do not capture in are empty.
#[inline(always)]
fn jump_origins<B: Board>(rules: &Rules, pos: &Position) -> [Bitboard; 4] {
    let rules = B::rules(rules);
    let g = B::G;
    let targets = man_targets(rules, pos);
    let empty = !pos.occupied() & g.valid as Bitboard;
    let towards = |dir: usize| g.shift(g.shift(empty, 3 - dir) & targets, 3 - dir);
    match (pos.side, rules.men_capture_backwards) {
        (_, true) => [towards(0), towards(1), towards(2), towards(3)],
        (Color::White, false) => [towards(0), towards(1), 0, 0],
        (Color::Black, false) => [0, 0, towards(2), towards(3)],
    }
}

/// Men of the side to move with a first jump, per direction (`.0`), and the squares any
/// man would jump from (`.1`, see [`jump_origins`]).
type ManJumps = ([Bitboard; 4], [Bitboard; 4]);

#[inline(always)]
fn man_jumps<B: Board>(rules: &Rules, pos: &Position) -> ManJumps {
    let rules = B::rules(rules);
    let men = pos.us() & !pos.kings;
    if men == 0 {
        return ([0; 4], [0; 4]);
    }
    let origins = jump_origins::<B>(rules, pos);
    let [o0, o1, o2, o3] = origins;
    ([o0 & men, o1 & men, o2 & men, o3 & men], origins)
}

/// Which first jumps need a search, as the men making them (`.0`), and whether the other
/// single jumps are all equal under the priority rule (`.1`: no rule that weighs kings
/// taken has a king to weigh). A man needs the search when a landing square offers it a
/// further jump, or crowns it where it would go on as a king. A further jump never goes
/// straight back (over the piece just taken, no longer takeable), and only that way could
/// it meet the vacated origin, so the board as it stands decides every other direction.
#[inline(always)]
fn men_needing_search<B: Board>(
    rules: &Rules,
    pos: &Position,
    (jumps, origins): &ManJumps,
) -> (Bitboard, bool) {
    let rules = B::rules(rules);
    let g = B::G;
    let promo = rules.promotion_row(pos.side) as Bitboard;
    let weighs_kings = matches!(
        rules.capture_priority,
        CapturePriority::MaxPiecesThenKings | CapturePriority::Italian | CapturePriority::Frisian
    );
    let crowning_continues = rules.promotion_in_capture == PromotionInCapture::ContinuesAsKing;
    let [o0, o1, o2, o3] = *origins;
    // Onward jumps from a square reached in `dir`: every direction but straight back.
    let onward = [o0 | o1 | o2, o0 | o1 | o3, o0 | o2 | o3, o1 | o2 | o3];
    let mut needing = 0;
    let mut uniform = true;
    for dir in 0..4 {
        let victims = g.shift(jumps[dir], dir);
        let landings = g.shift(victims, dir);
        let mut going_on = landings & onward[dir];
        if crowning_continues {
            going_on |= landings & promo;
        }
        needing |= g.shift(g.shift(going_on, 3 - dir), 3 - dir);
        uniform &= !weighs_kings || victims & pos.kings == 0;
    }
    (needing, uniform)
}

/// A man's single jump from `from` in `dir` as a move, with the piece it takes: for jumps
/// known to end the sequence.
#[inline(always)]
fn single_jump<B: Board>(from: u8, dir: usize, promo: Bitboard) -> (Move, u8) {
    let (over, land) = B::G.jump[dir][from as usize];
    let mv = Move {
        captures: over,
        captures_high: 0,
        from,
        to: land.trailing_zeros() as u8,
        jumps: 1,
        crowns: promo & land != 0,
    };
    (mv, over.trailing_zeros() as u8)
}

/// The nearest of `blockers` (squares on one ray) to the ray's origin. Rays in directions
/// 0 and 1 run towards lower bits, so there the nearest is the highest bit.
#[inline(always)]
fn nearest(dir: usize, blockers: Bitboard) -> u8 {
    if dir < 2 {
        63 - blockers.leading_zeros() as u8
    } else {
        blockers.trailing_zeros() as u8
    }
}

/// The squares of `ray` (from some origin in direction `dir`) before its first square in
/// `blockers`.
#[inline(always)]
pub fn before_first(dir: usize, ray: Bitboard, blockers: Bitboard) -> Bitboard {
    let hit = ray & blockers;
    if hit == 0 {
        return ray;
    }
    before(dir, ray, nearest(dir, hit))
}

/// The squares of `ray` (from some origin in direction `dir`) nearer to the origin than
/// its square `n`.
#[inline(always)]
fn before(dir: usize, ray: Bitboard, n: u8) -> Bitboard {
    if dir < 2 {
        ray & !((1u64 << n) | ((1u64 << n) - 1))
    } else {
        ray & ((1u64 << n) - 1)
    }
}

/// Where kings may jump, given the squares they may cross and land on (`free`) and the
/// pieces they may take: per direction, the takeable pieces with a free square behind them.
struct KingTargets {
    free: Bitboard,
    victims: [Bitboard; 4],
}

impl KingTargets {
    #[inline(always)]
    fn new<B: Board>(free: Bitboard, takeable: Bitboard) -> Self {
        let g = B::G;
        KingTargets {
            free,
            victims: [
                takeable & g.shift(free, 3),
                takeable & g.shift(free, 2),
                takeable & g.shift(free, 1),
                takeable & g.shift(free, 0),
            ],
        }
    }

    /// The piece a king on `k` would jump first in direction `dir`: the first piece met
    /// along it (next to it, for a short king), if it is a victim.
    #[inline(always)]
    fn victim<B: Board>(&self, flying: bool, dir: usize, k: u8) -> Option<u8> {
        let g = B::G;
        let first = if flying {
            let blockers = g.ray[dir][k as usize] & !self.free;
            if blockers == 0 {
                return None;
            }
            1u64 << nearest(dir, blockers)
        } else {
            g.jump[dir][k as usize].0
        };
        (self.victims[dir] & first != 0).then(|| first.trailing_zeros() as u8)
    }

    /// Whether a king on `k` has a jump.
    #[inline(always)]
    fn any<B: Board>(&self, flying: bool, k: u8) -> bool {
        let mut found = false;
        for dir in 0..4 {
            found |= self.victim::<B>(flying, dir, k).is_some();
        }
        found
    }
}

/// Whether some king of the side to move has a jump.
#[inline(always)]
fn any_king_jumps<B: Board>(rules: &Rules, pos: &Position) -> bool {
    let rules = B::rules(rules);
    let kings = pos.us() & pos.kings;
    if kings == 0 {
        return false;
    }
    let targets = KingTargets::new::<B>(!pos.occupied() & B::G.valid as Bitboard, pos.them());
    let flying = rules.kings == KingKind::Flying;
    let mut found = false;
    for k in Bits(kings) {
        found |= targets.any::<B>(flying, k);
    }
    found
}

/// The kings of the side to move in one pass over their lines: whether one can jump, and
/// how many plain moves they have together.
#[inline(always)]
pub(super) fn scan_kings<B: Board>(rules: &Rules, pos: &Position) -> (bool, usize) {
    let rules = B::rules(rules);
    let g = B::G;
    let kings = pos.us() & pos.kings;
    if kings == 0 {
        return (false, 0);
    }
    let empty = !pos.occupied() & g.valid as Bitboard;
    let targets = KingTargets::new::<B>(empty, pos.them());
    let mut jumps = false;
    let mut steps = 0;
    if rules.kings == KingKind::Flying {
        // One look along each line gives both: the squares before the first piece met are
        // the steps, and that piece is a jump if it is a victim that way.
        for k in Bits(kings) {
            for dir in 0..4 {
                let ray = g.ray[dir][k as usize];
                let hit = ray & !empty;
                if hit == 0 {
                    steps += ray.count_ones();
                    continue;
                }
                let n = nearest(dir, hit);
                steps += before(dir, ray, n).count_ones();
                jumps |= targets.victims[dir] >> n & 1 != 0;
            }
        }
    } else {
        for k in Bits(kings) {
            jumps |= targets.any::<B>(false, k);
            for dir in 0..4 {
                steps += (g.shift(1 << k, dir) & empty).count_ones();
            }
        }
    }
    (jumps, steps as usize)
}

/// Whether the side to move has a capture.
pub(super) fn exists<B: Board>(rules: &Rules, pos: &Position) -> bool {
    let rules = B::rules(rules);
    man_jumps::<B>(rules, pos).0.iter().any(|&j| j != 0) || any_king_jumps::<B>(rules, pos)
}

/// Number of legal captures; single jumps are counted without being built.
#[inline(always)]
/// `king_jumps`: whether a king can jump (see [`scan_kings`]).
pub(super) fn count<B: Board>(
    rules: &Rules,
    pos: &Position,
    scratch: &mut MoveList,
    king_jumps: bool,
) -> usize {
    let rules = B::rules(rules);
    let jumps = man_jumps::<B>(rules, pos);
    let jumpers = jumps.0.iter().fold(0, |a, j| a | j);
    if jumpers == 0 && !king_jumps {
        return 0;
    }
    let plan = men_needing_search::<B>(rules, pos, &jumps);
    if !king_jumps && plan == (0, true) {
        jumps.0.iter().map(|j| j.count_ones() as usize).sum()
    } else {
        scratch.clear();
        generate_from::<B, Move>(rules, pos, scratch, &jumps, king_jumps, plan);
        scratch.len()
    }
}

/// Complete capture sequences after the priority rule and duplicate merging, appended to
/// `out`.
pub(super) fn generate<B: Board, T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    let rules = B::rules(rules);
    let jumps = man_jumps::<B>(rules, pos);
    let king_jumps = any_king_jumps::<B>(rules, pos);
    if jumps.0.iter().all(|&j| j == 0) && !king_jumps {
        return;
    }
    let plan = men_needing_search::<B>(rules, pos, &jumps);
    generate_from::<B, T>(rules, pos, out, &jumps, king_jumps, plan);
}

/// [`generate`] with the men's first jumps, whether a king can jump and
/// [`men_needing_search`]'s answer already known (and some capture to make).
#[inline(always)]
fn generate_from<B: Board, T: Generated>(
    rules: &Rules,
    pos: &Position,
    out: &mut Vec<T>,
    jumps: &ManJumps,
    king_jumps: bool,
    (needing, uniform): (Bitboard, bool),
) {
    let rules = B::rules(rules);
    let start = out.len();
    let jumpers = jumps.0.iter().fold(0, |a, j| a | j);
    // Directions run in order 0..4 below, which is the order of the men's directions.
    if !king_jumps && needing == 0 && uniform {
        // In the order the search below would find them: by man, then by direction.
        let promo = rules.promotion_row(pos.side) as Bitboard;
        for from in Bits(jumpers) {
            for dir in 0..4 {
                if jumps.0[dir] & (1 << from) != 0 {
                    let (mv, victim) = single_jump::<B>(from, dir, promo);
                    out.push(T::build(mv, &[mv.to], &[victim]));
                }
            }
        }
        return;
    }
    let mut search = Search::<B>::new(rules, pos, start);
    for m in Bits(jumpers) {
        if needing & (1 << m) != 0 {
            search.start(m, false, out);
        } else {
            for dir in 0..4 {
                if jumps.0[dir] & (1 << m) != 0 {
                    search.single_jump(m, dir, out);
                }
            }
        }
    }
    if king_jumps {
        let targets = KingTargets::new::<B>(!pos.occupied() & B::G.valid as Bitboard, pos.them());
        for k in Bits(pos.us() & pos.kings) {
            if targets.any::<B>(search.flying(), k) {
                search.start(k, true, out);
            }
        }
    }
}

/// Depth-first search of capture sequences. The preset's priority rule is applied as each
/// sequence ends: every rule is "keep the sequences with the greatest key" (see
/// [`Search::priority_key`]), so a sequence below the best so far is never written and
/// a better one discards those written before it.
struct Search<'a, B: Board> {
    rules: &'a Rules,
    them: Bitboard,
    /// The opponent's kings (killer draughts: a capture ending on one stops behind it).
    their_kings: Bitboard,
    /// The pieces a man may take (kings too where men capture kings).
    man_targets: Bitboard,
    /// Empty squares, counting the moving piece's origin as empty.
    empty: Bitboard,
    promo: Bitboard,
    /// The side to move.
    side: Color,
    /// The sequence being built, and those kept under the priority rule.
    route: priority::Route<Bitboard, MAX_JUMPS_64>,
    /// Whether this piece's search has emptied the table of states seen (done when first
    /// needed, so short captures never touch it).
    states_cleared: bool,
    board: PhantomData<B>,
}

impl<'a, B: Board> Search<'a, B> {
    fn new(rules: &'a Rules, pos: &Position, start: usize) -> Self {
        let rules = B::rules(rules);
        Search {
            rules,
            side: pos.side,
            them: pos.them(),
            their_kings: pos.them() & pos.kings,
            man_targets: man_targets(rules, pos),
            empty: !pos.occupied() & B::G.valid as Bitboard,
            promo: rules.promotion_row(pos.side) as Bitboard,
            route: priority::Route::new(pos.them() & pos.kings, start),
            states_cleared: false,
            board: PhantomData,
        }
    }

    /// The rules, as constants where `B` has them.
    #[inline(always)]
    fn rules(&self) -> &Rules {
        B::rules(self.rules)
    }

    /// Captured pieces leave the board at once.
    #[inline(always)]
    fn immediate(&self) -> bool {
        self.rules().removal == Removal::Immediate
    }

    #[inline(always)]
    fn flying(&self) -> bool {
        self.rules().kings == KingKind::Flying
    }

    /// Whether men capture in direction `dir`.
    #[inline(always)]
    fn man_captures_towards(&self, dir: usize) -> bool {
        self.rules().men_capture_backwards || (dir < 2) == (self.side == Color::White)
    }

    /// The sequence so far ends on `to`: keep it if the priority rule allows.
    #[inline(always)]
    fn record<T: Generated>(&mut self, to: u8, captured: Bitboard, crowns: bool, out: &mut Vec<T>) {
        let priority = self.rules().capture_priority;
        self.route.record(priority, to, captured, crowns, out);
    }

    fn start<T: Generated>(&mut self, from: u8, king: bool, out: &mut Vec<T>) {
        self.route.begin(from, king);
        let saved = self.empty;
        self.empty |= 1 << from;
        self.states_cleared = false;
        if king {
            self.king_search(from, 0, false, out);
        } else {
            self.man_search(from, 0, out);
        }
        self.empty = saved;
    }

    /// A man's jump from `from` in `dir` known to end the sequence, under the priority rule.
    fn single_jump<T: Generated>(&mut self, from: u8, dir: usize, out: &mut Vec<T>) {
        let (mv, victim) = single_jump::<B>(from, dir, self.promo);
        self.route.begin(from, false);
        self.route.push(mv.to, victim);
        self.record(mv.to, mv.captures, mv.crowns, out);
        self.route.pop();
    }

    /// The squares a piece may cross or land on, given the pieces taken so far.
    #[inline(always)]
    fn free(&self, captured: Bitboard) -> Bitboard {
        if self.immediate() {
            self.empty | captured
        } else {
            self.empty
        }
    }

    fn man_search<T: Generated>(&mut self, sq: u8, captured: Bitboard, out: &mut Vec<T>) {
        let mut extended = false;
        let free = self.free(captured);
        let targets = self.man_targets & !captured;
        for dir in 0..4 {
            let (over, land) = B::G.jump[dir][sq as usize];
            if !self.man_captures_towards(dir) || targets & over == 0 || free & land == 0 {
                continue;
            }
            extended = true;
            let victim = over.trailing_zeros() as u8;
            let land = land.trailing_zeros() as u8;
            let now = captured | over;
            self.route.push(land, victim);
            if self.promo & (1 << land) != 0 {
                match self.rules().promotion_in_capture {
                    PromotionInCapture::Stops => self.record(land, now, true, out),
                    PromotionInCapture::ContinuesAsKing => self.king_search(land, now, true, out),
                    PromotionInCapture::AtEnd => self.man_search(land, now, out),
                }
            } else {
                self.man_search(land, now, out);
            }
            self.route.pop();
        }
        if !extended && self.route.depth > 0 {
            self.record(sq, captured, self.promo & (1 << sq) != 0, out);
        }
    }

    /// `crowned`: a man crowned during this capture (Russian), recorded as crowning.
    fn king_search<T: Generated>(
        &mut self,
        sq: u8,
        captured: Bitboard,
        crowned: bool,
        out: &mut Vec<T>,
    ) {
        // Routes can meet only after two captures; under the Italian rule the order of the
        // kings taken counts, so routes that meet still differ.
        if self.route.depth >= 2 && self.rules().capture_priority != CapturePriority::Italian {
            if !self.states_cleared {
                seen::clear();
                self.states_cleared = true;
            }
            if seen::check_and_mark(sq, captured) {
                return;
            }
        }
        let g = B::G;
        let mut extended = false;
        let targets = KingTargets::new::<B>(self.free(captured), self.them & !captured);
        for dir in 0..4 {
            let Some(victim) = targets.victim::<B>(self.flying(), dir, sq) else {
                continue;
            };
            extended = true;
            let now = captured | (1 << victim);
            let free_now = self.free(now);
            // Landing squares behind the victim, up to the next piece.
            let landings = if self.flying() {
                before_first(dir, g.ray[dir][victim as usize], !free_now)
            } else {
                g.jump[dir][sq as usize].1
            };
            // A king must land where it can go on capturing, if there is such a square.
            let onward = KingTargets::new::<B>(free_now, self.them & !now);
            let continuing = if self.immediate() {
                let mut continuing = 0u64;
                for l in Bits(landings) {
                    if onward.any::<B>(self.flying(), l) {
                        continuing |= 1 << l;
                    }
                }
                continuing
            } else {
                // With the pieces taken still on the board, looking back meets the victim
                // (no longer takeable), and straight on every landing square meets the same
                // first piece: only the two crossing directions differ between squares.
                let nearest_landing = nearest(dir, landings);
                if onward
                    .victim::<B>(self.flying(), dir, nearest_landing)
                    .is_some()
                {
                    landings
                } else {
                    let (a, b) = if dir == 0 || dir == 3 { (1, 2) } else { (0, 3) };
                    let mut continuing = 0u64;
                    for l in Bits(landings) {
                        if onward.victim::<B>(self.flying(), a, l).is_some()
                            || onward.victim::<B>(self.flying(), b, l).is_some()
                        {
                            continuing |= 1 << l;
                        }
                    }
                    continuing
                }
            };
            let mut rest = if continuing != 0 {
                continuing
            } else if self.rules().king_stops_after_king && self.their_kings & (1 << victim) != 0 {
                // Killer draughts: the capture ends on a king, so on the square behind it.
                1 << nearest(dir, landings)
            } else {
                landings
            };
            // Nearest landing first, as a piece travels.
            while rest != 0 {
                let l = nearest(dir, rest);
                rest &= !(1u64 << l);
                self.route.push(l, victim);
                if continuing != 0 {
                    self.king_search(l, now, crowned, out);
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
