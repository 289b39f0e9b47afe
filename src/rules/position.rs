//! A position: where the pieces stand and whose turn it is.

use super::board::{Bitboard, Bits, BoardSize};
use super::movegen::Move;
use super::variant::Rules;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
/// A side.
pub enum Color {
    /// White: starts on the high-numbered squares.
    White,
    /// Black: starts on the low-numbered squares.
    Black,
}

impl Color {
    #[inline(always)]
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    #[inline(always)]
    /// 0 for White, 1 for Black (the index into `Position::pieces`).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Pieces and side to move. Copy-make: playing a move returns a new `Position`,
/// so "unmake" is keeping the old value (24 bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces by colour, indexed by `Color::index`.
    pub pieces: [Bitboard; 2],
    /// Which of those pieces are kings.
    pub kings: Bitboard,
    /// Whose turn it is.
    pub side: Color,
    /// Which board the bit indices refer to.
    pub board: BoardSize,
}

impl Position {
    /// An empty board with `side` to move.
    pub fn empty(board: BoardSize, side: Color) -> Self {
        Position {
            pieces: [0, 0],
            kings: 0,
            side,
            board,
        }
    }

    /// The initial position of a variant.
    pub fn initial(rules: &Rules) -> Self {
        let g = rules.board.geometry();
        let mut pos = Position::empty(rules.board, rules.first_player);
        let row = g.per_row as u32;
        let gap = rules.start_gap as u32 * row;
        let per_side = rules.start_rows as u32 * row;
        for s in gap + 1..=gap + per_side {
            if let Some(b) = g.bit(s) {
                pos.pieces[Color::Black.index()] |= 1 << b;
            }
            if let Some(b) = g.bit(g.squares as u32 + 1 - s) {
                pos.pieces[Color::White.index()] |= 1 << b;
            }
        }
        pos
    }

    #[inline(always)]
    /// Every piece.
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    #[inline(always)]
    /// Every playable square with no piece.
    pub fn empty_squares(&self) -> Bitboard {
        !self.occupied() & self.board.geometry().valid
    }

    #[inline(always)]
    /// The pieces of the side to move.
    pub fn us(&self) -> Bitboard {
        self.pieces[self.side.index()]
    }

    #[inline(always)]
    /// The pieces of the side not to move.
    pub fn them(&self) -> Bitboard {
        self.pieces[self.side.opponent().index()]
    }

    /// A colour's men.
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] & !self.kings
    }

    /// A colour's kings.
    pub fn kings_of(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] & self.kings
    }

    /// The piece on a bit index, if any.
    pub fn piece_at(&self, bit: u8) -> Option<(Color, bool)> {
        let mask = 1u64 << bit;
        let king = self.kings & mask != 0;
        if self.pieces[0] & mask != 0 {
            Some((Color::White, king))
        } else if self.pieces[1] & mask != 0 {
            Some((Color::Black, king))
        } else {
            None
        }
    }

    /// Play a legal move (as generated for this position) and return the result.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        let mut next = *self;
        let us = self.side.index();
        let them = self.side.opponent().index();
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let was_king = self.kings & from != 0;
        next.pieces[us] = (next.pieces[us] & !from) | to;
        next.pieces[them] &= !mv.captures;
        next.kings &= !(mv.captures | from);
        if was_king || mv.crowns {
            next.kings |= to;
        }
        next.side = self.side.opponent();
        next
    }

    /// The same position seen from the other side: the board turned 180°, the colours
    /// swapped and the other side to move. Every preset's rules are the same for both
    /// colours, so the side to move has the same prospects in both.
    pub fn flipped(&self) -> Position {
        let g = self.board.geometry();
        Position {
            pieces: [g.turn(self.pieces[1]), g.turn(self.pieces[0])],
            kings: g.turn(self.kings),
            side: self.side.opponent(),
            board: self.board,
        }
    }

    /// A 64-bit hash of pieces and side to move (for the transposition table and
    /// repetition detection).
    #[inline]
    pub fn hash(&self) -> u64 {
        fn mix(mut x: u64) -> u64 {
            x ^= x >> 30;
            x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x ^= x >> 27;
            x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
            x ^ (x >> 31)
        }
        let mut h = mix(self.pieces[0] ^ 0x9e37_79b9_7f4a_7c15);
        h = mix(h ^ self.pieces[1].rotate_left(17));
        h = mix(h ^ self.kings.rotate_left(41));
        if self.side == Color::Black {
            h = !h;
        }
        h
    }

    /// Count of (men, kings) of a colour.
    pub fn counts(&self, color: Color) -> (u32, u32) {
        let p = self.pieces[color.index()];
        (
            (p & !self.kings).count_ones(),
            (p & self.kings).count_ones(),
        )
    }

    /// Squares (PDN numbers) of a colour's pieces, with king flags.
    pub fn squares_of(&self, color: Color) -> Vec<(u8, bool)> {
        let g = self.board.geometry();
        let mut v: Vec<(u8, bool)> = Bits(self.pieces[color.index()])
            .map(|b| (g.square(b), self.kings & (1 << b) != 0))
            .collect();
        v.sort_unstable();
        v
    }
}

impl Position {
    /// A position that can arise in play under `rules`: no man on its own crowning row.
    /// (Piece counts are not limited: composed problems use any number.)
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        let g = self.board.geometry();
        for color in [Color::White, Color::Black] {
            let stuck = self.men(color) & rules.promotion_row(color);
            if let Some(bit) = Bits(stuck).next() {
                return Err(format!(
                    "a {} man stands on {}, its crowning row: it would be a king",
                    color.name(),
                    g.square(bit)
                ));
            }
        }
        Ok(())
    }
}
