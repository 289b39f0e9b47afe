//! [`Move`]: one legal move, compact (what the searcher, perft and the tables pass around).
//! Its own module so that the position can play a move without depending on the generator.

use super::board::{join, Bitboard, Squares};

/// One legal move. Squares are bit indices (see `board`); notation converts them to PDN.
/// The path of a capture is not kept: ask for [`DetailedMove`](crate::movegen::DetailedMove)s where it is needed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Every piece taken, as a set (bits 0..64; [`Move::captured`] on any board).
    pub captures: Bitboard,
    /// The pieces taken above bit 63 (12×12 only).
    pub captures_high: u16,
    /// The moving piece's square (a bit index).
    pub from: u8,
    /// Where it ends (a bit index).
    pub to: u8,
    /// Number of jumps (0 for a plain move); each takes one piece.
    pub jumps: u8,
    /// The moving man becomes a king.
    pub crowns: bool,
}

impl Move {
    pub(crate) fn plain(from: u8, to: u8, crowns: bool) -> Move {
        Move {
            captures: 0,
            captures_high: 0,
            from,
            to,
            jumps: 0,
            crowns,
        }
    }

    /// Every piece taken, on any board.
    #[inline]
    pub fn captured(&self) -> Squares {
        join(self.captures, self.captures_high)
    }

    #[inline(always)]
    /// Whether the move takes anything.
    pub fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// The FMJD identity of a move: two sequences with the same from, to and captured set
    /// are the same move.
    #[inline(always)]
    pub fn same_move(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captures == other.captures
            && self.captures_high == other.captures_high
    }
}
