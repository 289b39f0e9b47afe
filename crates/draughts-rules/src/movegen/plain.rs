//! Plain (non-capturing) moves: generated, counted, or just looked for.

use super::{Board, Generated, Move, ALL_DIRS};
use crate::board::{Bitboard, Bits, NO_SQUARE};
use crate::position::{Color, Position};
use crate::variant::{KingKind, Rules};

/// Men's steps forward, as (from, to) bit sets per forward direction.
#[inline(always)]
fn man_steps<B: Board>(pos: &Position) -> [(usize, u64); 2] {
    let g = B::G;
    let empty = !pos.occupied() & g.valid as Bitboard;
    let men = pos.us() & !pos.kings;
    match pos.side {
        Color::White => [(0, g.shift(men, 0) & empty), (1, g.shift(men, 1) & empty)],
        Color::Black => [(2, g.shift(men, 2) & empty), (3, g.shift(men, 3) & empty)],
    }
}

/// Number of plain moves of the men (the kings' are counted by `capture::scan_kings`).
#[inline(always)]
pub(super) fn count_men<B: Board>(pos: &Position) -> usize {
    let [(_, a), (_, b)] = man_steps::<B>(pos);
    (a.count_ones() + b.count_ones()) as usize
}

/// Whether there is a plain move: a one-step check per piece, enough for flying kings too
/// (a king that cannot step cannot slide).
pub(super) fn exists<B: Board>(pos: &Position) -> bool {
    let g = B::G;
    let empty = !pos.occupied() & g.valid as Bitboard;
    let kings = pos.us() & pos.kings;
    let [(_, a), (_, b)] = man_steps::<B>(pos);
    a | b != 0 || ALL_DIRS.iter().any(|&dir| g.shift(kings, dir) & empty != 0)
}

/// Plain moves, appended to `out`: men by direction then square, then each king's moves
/// by direction, nearest square first.
pub(super) fn generate<B: Board, T: Generated>(rules: &Rules, pos: &Position, out: &mut Vec<T>) {
    let rules = B::rules(rules);
    let g = B::G;
    let empty = !pos.occupied() & g.valid as Bitboard;
    let promo = rules.promotion_row(pos.side) as Bitboard;
    for (dir, targets) in man_steps::<B>(pos) {
        let off = g.offset[dir] as i16;
        for to in Bits(targets) {
            let from = (to as i16 - off) as u8;
            out.push(T::build(
                Move::plain(from, to, promo & (1 << to) != 0),
                &[to],
                &[],
            ));
        }
    }
    for k in Bits(pos.us() & pos.kings) {
        for dir in 0..4 {
            let mut cur = g.neighbour[dir][k as usize];
            while cur != NO_SQUARE && empty & (1 << cur) != 0 {
                out.push(T::build(Move::plain(k, cur, false), &[cur], &[]));
                if rules.kings == KingKind::Short {
                    break;
                }
                cur = g.neighbour[dir][cur as usize];
            }
        }
    }
}
