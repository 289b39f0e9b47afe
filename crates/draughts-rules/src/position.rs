//! A position: where the pieces stand and whose turn it is.

use super::board::{join, Bitboard, BoardSize, SquareSet, Squares, WideBits};
pub use super::color::Color;
use super::mv::Move;
use super::variant::{Rules, WinCondition};

/// Pieces and side to move. Copy-make: playing a move returns a new `Position`,
/// so "unmake" is keeping the old value (32 bytes).
///
/// The 64-bit fields hold bits 0..64 of each set, which is the whole board but on 12×12;
/// `high` holds that board's bits 64 and above. The shift generators of the 64-bit boards
/// read the fields directly; code for every board reads whole sets (`wide_pieces` and the
/// like).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces by colour, indexed by `Color::index` (bits 0..64).
    pub pieces: [Bitboard; 2],
    /// Which of those pieces are kings (bits 0..64).
    pub kings: Bitboard,
    /// Whose turn it is.
    pub side: Color,
    /// Which board the bit indices refer to.
    pub board: BoardSize,
    /// Bits 64 and above of white's pieces, black's pieces and the kings (12×12 only).
    high: [u16; 3],
}

impl Position {
    /// Breakthrough: the side that has a king has won (the side that just moved, when a
    /// set-up position gives both one). `None` under the other win conditions.
    #[inline]
    pub fn crowned_winner(&self, rules: &Rules) -> Option<Color> {
        let kings = self.wide_kings();
        if rules.win_condition != WinCondition::FirstKing || kings == 0 {
            return None;
        }
        if self.wide_them() & kings != 0 {
            Some(self.side.opponent())
        } else {
            Some(self.side)
        }
    }

    /// An empty board with `side` to move.
    pub fn empty(board: BoardSize, side: Color) -> Self {
        Position {
            pieces: [0, 0],
            kings: 0,
            side,
            board,
            high: [0; 3],
        }
    }

    /// The initial position of a variant.
    pub fn initial(rules: &Rules) -> Self {
        let g = rules.board.geometry();
        let mut pos = Position::empty(rules.board, rules.first_player);
        let row = g.per_row as u32;
        let gap = rules.start_gap as u32 * row;
        let per_side = rules.start_rows as u32 * row;
        let (mut white, mut black): (Squares, Squares) = (0, 0);
        for s in gap + 1..=gap + per_side {
            if let Some(b) = g.bit(s) {
                black |= 1 << b;
            }
            if let Some(b) = g.bit(g.squares as u32 + 1 - s) {
                white |= 1 << b;
            }
        }
        pos.set_pieces(Color::White, white);
        pos.set_pieces(Color::Black, black);
        pos
    }

    /// A colour's pieces, on any board.
    #[inline]
    pub fn wide_pieces(&self, color: Color) -> Squares {
        join(self.pieces[color.index()], self.high[color.index()])
    }

    /// The kings, on any board.
    #[inline]
    pub fn wide_kings(&self) -> Squares {
        join(self.kings, self.high[2])
    }

    /// Every piece, on any board.
    #[inline]
    pub fn wide_occupied(&self) -> Squares {
        self.wide_pieces(Color::White) | self.wide_pieces(Color::Black)
    }

    /// Every empty playable square, on any board.
    #[inline]
    pub fn wide_empty(&self) -> Squares {
        !self.wide_occupied() & self.board.geometry().valid
    }

    /// The pieces of the side to move, on any board.
    #[inline]
    pub fn wide_us(&self) -> Squares {
        self.wide_pieces(self.side)
    }

    /// The pieces of the side not to move, on any board.
    #[inline]
    pub fn wide_them(&self) -> Squares {
        self.wide_pieces(self.side.opponent())
    }

    /// The same pieces with `side` to move.
    pub fn with_side(mut self, side: Color) -> Position {
        self.side = side;
        self
    }

    /// Whether the piece on `bit` is a king (false on an empty square).
    #[inline(always)]
    pub fn is_king(&self, bit: u8) -> bool {
        if bit < 64 {
            self.kings >> bit & 1 != 0
        } else {
            self.wide_kings() >> bit & 1 != 0
        }
    }

    /// Put a piece on `bit` (an empty playable square).
    pub fn put(&mut self, bit: u8, color: Color, king: bool) {
        let mask: Squares = 1 << bit;
        self.set_pieces(color, self.wide_pieces(color) | mask);
        if king {
            self.set_kings(self.wide_kings() | mask);
        }
    }

    /// Replace a colour's pieces.
    pub fn set_pieces(&mut self, color: Color, set: Squares) {
        (self.pieces[color.index()], self.high[color.index()]) = set.split();
    }

    /// Replace the set of kings.
    pub fn set_kings(&mut self, set: Squares) {
        (self.kings, self.high[2]) = set.split();
    }

    #[inline(always)]
    /// Every piece (a 64-bit board; `wide_occupied` on any).
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    #[inline(always)]
    /// Every playable square with no piece (a 64-bit board; `wide_empty` on any).
    pub fn empty_squares(&self) -> Bitboard {
        !self.occupied() & self.board.geometry().valid as Bitboard
    }

    #[inline(always)]
    /// The pieces of the side to move (a 64-bit board; `wide_us` on any).
    pub fn us(&self) -> Bitboard {
        self.pieces[self.side.index()]
    }

    #[inline(always)]
    /// The pieces of the side not to move (a 64-bit board; `wide_them` on any).
    pub fn them(&self) -> Bitboard {
        self.pieces[self.side.opponent().index()]
    }

    /// A colour's men.
    pub fn men(&self, color: Color) -> Squares {
        self.wide_pieces(color) & !self.wide_kings()
    }

    /// A colour's kings.
    pub fn kings_of(&self, color: Color) -> Squares {
        self.wide_pieces(color) & self.wide_kings()
    }

    /// The piece on a bit index, if any.
    pub fn piece_at(&self, bit: u8) -> Option<(Color, bool)> {
        let mask: Squares = 1 << bit;
        let king = self.wide_kings() & mask != 0;
        if self.wide_pieces(Color::White) & mask != 0 {
            Some((Color::White, king))
        } else if self.wide_pieces(Color::Black) & mask != 0 {
            Some((Color::Black, king))
        } else {
            None
        }
    }

    /// Play a legal move (as generated for this position) and return the result.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        if self.board.is_wide() {
            return self.play_wide(mv);
        }
        // Branch-free on the side, so both sets stay in registers: `from ^ to` moves the
        // piece (and is nothing when a capture ends on its own start square).
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let step = from ^ to;
        let [white, black] = self.pieces;
        let white_moves = self.side == Color::White;
        let pieces = if white_moves {
            [white ^ step, black & !mv.captures]
        } else {
            [white & !mv.captures, black ^ step]
        };
        let was_king = self.kings & from != 0;
        let kings = (self.kings & !mv.captures) ^ if was_king { step } else { 0 }
            | if mv.crowns { to } else { 0 };
        Position {
            pieces,
            kings,
            side: self.side.opponent(),
            ..*self
        }
    }

    /// `play` on any board (kept out of line: the 64-bit boards never come here).
    #[cold]
    #[inline(never)]
    fn play_wide(&self, mv: &Move) -> Position {
        let mut next = *self;
        let (us, them) = (self.side, self.side.opponent());
        let from: Squares = 1 << mv.from;
        let to: Squares = 1 << mv.to;
        let captures = mv.captured();
        let mut kings = self.wide_kings();
        let was_king = kings & from != 0;
        next.set_pieces(us, (self.wide_pieces(us) & !from) | to);
        next.set_pieces(them, self.wide_pieces(them) & !captures);
        kings &= !(captures | from);
        if was_king || mv.crowns {
            kings |= to;
        }
        next.set_kings(kings);
        next.side = them;
        next
    }

    /// The same position seen from the other side: the board turned 180°, the colours
    /// swapped and the other side to move. Every preset's rules are the same for both
    /// colours, so the side to move has the same prospects in both.
    pub fn flipped(&self) -> Position {
        let g = self.board.geometry();
        let mut turned = Position::empty(self.board, self.side.opponent());
        turned.set_pieces(Color::White, g.turn(self.wide_pieces(Color::Black)));
        turned.set_pieces(Color::Black, g.turn(self.wide_pieces(Color::White)));
        turned.set_kings(g.turn(self.wide_kings()));
        turned
    }

    /// A 64-bit hash of pieces and side to move (for the transposition table and
    /// repetition detection).
    #[inline]
    pub fn hash(&self) -> u64 {
        use crate::hash::mix64 as mix;
        let mut h = mix(self.pieces[0] ^ 0x9e37_79b9_7f4a_7c15);
        h = mix(h ^ self.pieces[1].rotate_left(17));
        h = mix(h ^ self.kings.rotate_left(41));
        if self.high != [0; 3] {
            let [w, b, k] = self.high.map(u64::from);
            h = mix(h ^ (w | b << 16 | k << 32));
        }
        if self.side == Color::Black {
            h = !h;
        }
        h
    }

    /// Count of (men, kings) of a colour.
    pub fn counts(&self, color: Color) -> (u32, u32) {
        (
            self.men(color).count_ones(),
            self.kings_of(color).count_ones(),
        )
    }

    /// Squares (PDN numbers) of a colour's pieces, with king flags.
    pub fn squares_of(&self, color: Color) -> Vec<(u8, bool)> {
        let g = self.board.geometry();
        let kings = self.wide_kings();
        let mut v: Vec<(u8, bool)> = WideBits(self.wide_pieces(color))
            .map(|b| (g.square(b), kings & (1 << b) != 0))
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
            if let Some(bit) = WideBits(stuck).next() {
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
