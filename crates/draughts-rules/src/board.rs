//! Board geometry and bitboards.
//!
//! Squares are stored in a "ghost square" layout: PDN square `s` (1-based) on an N×N board
//! with `h = N/2` dark squares a row lives at bit `(s-1) + row/2`, i.e. one unused bit after
//! every pair of rows. With that padding the four diagonal neighbours of every square are at
//! the same bit offsets (`-(h+1)`, `-h`, `+h`, `+h+1`), and stepping off the side of the board
//! lands on a ghost bit, so plain moves of all men are computed with a shift and a mask.
//! 8×8 uses 36 bits and 10×10 uses 55, so a `u64` holds both: the move generators built on
//! shifts work on those. 12×12 uses 77 bits: its sets are [`Squares`] (`u128`), which the
//! board-independent code (the line-table generator, status, notation, evaluation) uses on
//! every board, and a position keeps its squares above bit 63 apart (see `Position`), so
//! the 64-bit boards pay nothing for the wide one.

/// A set of squares of a board of at most 64 bits (8×8, 10×10, Turkish 8×8), one bit each.
pub type Bitboard = u64;

/// A set of squares of any board, 12×12 included (bits as in [`Bitboard`]).
pub type Squares = u128;

/// Bit indices run below this on every board (12×12 reaches 76).
pub const MAX_BITS: usize = 128;

/// Number of directions on a diagonal board.
pub const DIRECTIONS: usize = 4;

/// Diagonal directions, as White sees the board ("up" is towards Black, square 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Direction {
    /// Towards square 1, to the left.
    UpLeft = 0,
    /// Towards square 1, to the right.
    UpRight = 1,
    /// Towards the last square, to the left.
    DownLeft = 2,
    /// Towards the last square, to the right.
    DownRight = 3,
}

impl Direction {
    /// The four directions, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];
}

/// A sentinel for "no square" in the neighbour tables.
pub const NO_SQUARE: u8 = u8::MAX;

/// Board sizes the service plays on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// 8×8, 32 playable squares.
    Eight,
    /// 10×10, 50 playable squares.
    Ten,
    /// 8×8 with every square in play (Turkish draughts): 64 squares.
    EightFull,
    /// 12×12, 72 playable squares (Canadian draughts).
    Twelve,
}

impl BoardSize {
    /// Squares along one side (8, 10 or 12).
    pub fn side(self) -> u8 {
        match self {
            BoardSize::Eight | BoardSize::EightFull => 8,
            BoardSize::Ten => 10,
            BoardSize::Twelve => 12,
        }
    }

    #[inline(always)]
    /// The precomputed geometry of the board.
    pub const fn geometry(self) -> &'static Geometry {
        match self {
            BoardSize::Eight => &GEOMETRY_8,
            BoardSize::Ten => &GEOMETRY_10,
            BoardSize::EightFull => &GEOMETRY_8_FULL,
            BoardSize::Twelve => &GEOMETRY_12,
        }
    }

    /// Whether the board has squares above bit 63 (12×12), which only the line-table
    /// generator and the board-independent code handle.
    #[inline(always)]
    pub fn is_wide(self) -> bool {
        matches!(self, BoardSize::Twelve)
    }

    /// Whether only the dark squares are in play (every board but Turkish).
    #[inline(always)]
    pub fn dark_squares_only(self) -> bool {
        !matches!(self, BoardSize::EightFull)
    }
}

static GEOMETRY_8: Geometry = Geometry::new(8, false);
static GEOMETRY_10: Geometry = Geometry::new(10, false);
static GEOMETRY_8_FULL: Geometry = Geometry::new(8, true);
static GEOMETRY_12: Geometry = Geometry::new(12, false);

/// Precomputed facts about one board size. Bit indices are `u8` in `0..MAX_BITS`.
#[derive(Debug)]
pub struct Geometry {
    /// Board side (8, 10 or 12).
    pub side: u8,
    /// Every square is in play, not only the dark ones (then there are no ghost bits).
    pub full: bool,
    /// Playable squares per row (`side / 2`, or `side` on a full board).
    pub per_row: u8,
    /// Number of playable squares (32, 50, 64 or 72).
    pub squares: u8,
    /// Every playable square.
    pub valid: Squares,
    /// The top row (squares 1..per_row): where White men are crowned.
    pub top_row: Squares,
    /// The bottom row: where Black men are crowned.
    pub bottom_row: Squares,
    /// Bit offset a step in each direction adds (may be negative).
    pub offset: [i8; DIRECTIONS],
    /// What may arrive by a shift in each direction: the playable squares, less (on a full
    /// board, where a step off one side would wrap to the other) the far file. Like `ray`
    /// and `jump`, for the 64-bit boards' generators only (empty on 12×12).
    shift_mask: [Bitboard; DIRECTIONS],
    /// `neighbour[dir][bit]`: the adjacent square in that direction, or `NO_SQUARE`.
    pub neighbour: [[u8; MAX_BITS]; DIRECTIONS],
    /// `ray[dir][bit]`: every square from `bit` (exclusive) to the edge in that direction
    /// (64-bit boards only).
    pub ray: [[Bitboard; 64]; DIRECTIONS],
    /// `jump[dir][bit]`: the square jumped over and the landing square of a short jump
    /// from `bit` in that direction, as one-bit sets (both empty when the jump leaves the
    /// board), so a capture test is two `and`s (64-bit boards only).
    pub jump: [[(Bitboard, Bitboard); 64]; DIRECTIONS],
    bit_of: [u8; 145],
    square_of: [u8; MAX_BITS],
    /// The bit of the square opposite each square when the board is turned 180°.
    turned: [u8; MAX_BITS],
}

impl Geometry {
    /// Built at compile time (a `const fn`), so looking a geometry up costs nothing.
    /// `full`: every square in play; otherwise the dark ones in the ghost-square layout.
    const fn new(side: u8, full: bool) -> Self {
        let per_row = if full { side } else { side / 2 };
        let squares = side * per_row;
        let mut bit_of = [NO_SQUARE; 145];
        let mut square_of = [0u8; MAX_BITS];
        let mut valid: Squares = 0;
        let mut top_row: Squares = 0;
        let mut bottom_row: Squares = 0;
        let mut s = 1;
        while s <= squares {
            let index = s - 1;
            let row = index / per_row;
            let bit = if full { index } else { index + row / 2 };
            bit_of[s as usize] = bit;
            square_of[bit as usize] = s;
            valid |= 1 << bit;
            if row == 0 {
                top_row |= 1 << bit;
            }
            if row == side - 1 {
                bottom_row |= 1 << bit;
            }
            s += 1;
        }
        let h = per_row as i8;
        let offset = if full {
            [-(h + 1), -(h - 1), h - 1, h + 1]
        } else {
            [-(h + 1), -h, h, h + 1]
        };
        // Neighbours from (row, file), so both layouts share one rule: one row up or down,
        // one file left or right.
        let mut neighbour = [[NO_SQUARE; MAX_BITS]; DIRECTIONS];
        let mut ray = [[0u64; 64]; DIRECTIONS];
        let steps: [(i8, i8); DIRECTIONS] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        let mut s = 1;
        while s <= squares {
            let index = (s - 1) as i8;
            let row = index / per_row as i8;
            let col = index % per_row as i8;
            let file = if full {
                col
            } else if row % 2 == 0 {
                2 * col + 1
            } else {
                2 * col
            };
            let mut dir = 0;
            while dir < DIRECTIONS {
                let (r, f) = (row + steps[dir].0, file + steps[dir].1);
                if r >= 0 && r < side as i8 && f >= 0 && f < side as i8 {
                    let target = if full {
                        Some(r as u8 * side + f as u8 + 1)
                    } else if (r % 2 == 0) == (f % 2 == 1) {
                        Some(r as u8 * per_row + (f / 2) as u8 + 1)
                    } else {
                        None
                    };
                    if let Some(t) = target {
                        neighbour[dir][bit_of[s as usize] as usize] = bit_of[t as usize];
                    }
                }
                dir += 1;
            }
            s += 1;
        }
        // The shift generators' tables exist for boards that fit 64 bits.
        let narrow = valid >> 64 == 0;
        let mut dir = 0;
        while narrow && dir < DIRECTIONS {
            let mut bit = 0;
            while bit < 64 {
                let mut r = 0u64;
                let mut cur = neighbour[dir][bit];
                while cur != NO_SQUARE {
                    r |= 1u64 << cur;
                    cur = neighbour[dir][cur as usize];
                }
                ray[dir][bit] = r;
                bit += 1;
            }
            dir += 1;
        }
        let shift_mask = if !narrow {
            [0; DIRECTIONS]
        } else if full {
            let mut file_a = 0u64;
            let mut row = 0;
            while row < side {
                file_a |= 1u64 << (row * side);
                row += 1;
            }
            let file_h = file_a << (side - 1);
            let valid = valid as Bitboard;
            [
                valid & !file_h,
                valid & !file_a,
                valid & !file_h,
                valid & !file_a,
            ]
        } else {
            [valid as Bitboard; DIRECTIONS]
        };
        let mut jump = [[(0u64, 0u64); 64]; DIRECTIONS];
        let mut dir = 0;
        while narrow && dir < DIRECTIONS {
            let mut bit = 0;
            while bit < 64 {
                let over = neighbour[dir][bit];
                if over != NO_SQUARE {
                    let land = neighbour[dir][over as usize];
                    if land != NO_SQUARE {
                        jump[dir][bit] = (1u64 << over, 1u64 << land);
                    }
                }
                bit += 1;
            }
            dir += 1;
        }
        let mut turned = [0u8; MAX_BITS];
        let mut s = 1;
        while s <= squares {
            turned[bit_of[s as usize] as usize] = bit_of[(squares + 1 - s) as usize];
            s += 1;
        }
        Geometry {
            side,
            full,
            per_row,
            squares,
            valid,
            top_row,
            bottom_row,
            offset,
            shift_mask,
            neighbour,
            ray,
            jump,
            bit_of,
            square_of,
            turned,
        }
    }

    /// Bit index of PDN square `square` (1-based), or `None` when off the board.
    pub fn bit(&self, square: u32) -> Option<u8> {
        if square == 0 || square > self.squares as u32 {
            return None;
        }
        Some(self.bit_of[square as usize])
    }

    /// PDN square number (1-based) of a bit index that is on the board.
    pub fn square(&self, bit: u8) -> u8 {
        self.square_of[bit as usize % MAX_BITS]
    }

    /// (file, rank), 0-based, with a1 = (0, 0), of a bit index.
    pub fn file_rank(&self, bit: u8) -> (u8, u8) {
        let index = self.square(bit) - 1;
        let row = index / self.per_row;
        let col = index % self.per_row;
        let file = if self.full {
            col
        } else if row % 2 == 0 {
            2 * col + 1
        } else {
            2 * col
        };
        (file, self.side - 1 - row)
    }

    /// Bit index of the dark square at (file, rank), `None` for a light or off-board square.
    pub fn bit_at(&self, file: u8, rank: u8) -> Option<u8> {
        if file >= self.side || rank >= self.side {
            return None;
        }
        let row = self.side - 1 - rank;
        if self.full {
            return self.bit(row as u32 * self.side as u32 + file as u32 + 1);
        }
        let dark = if row % 2 == 0 {
            file % 2 == 1
        } else {
            file % 2 == 0
        };
        if !dark {
            return None;
        }
        let square = row as u32 * self.per_row as u32 + (file / 2) as u32 + 1;
        self.bit(square)
    }

    /// Algebraic name of a square, e.g. `c3`.
    pub fn algebraic(&self, bit: u8) -> String {
        let (file, rank) = self.file_rank(bit);
        format!("{}{}", (b'a' + file) as char, rank + 1)
    }

    /// Shift a bitboard one step in a direction, dropping what leaves the board.
    #[inline(always)]
    pub fn shift(&self, bits: Bitboard, dir: usize) -> Bitboard {
        // Directions 0 and 1 have negative offsets (towards row 0), 2 and 3 positive: the
        // test is on `dir`, which callers often know at compile time.
        let amount = self.offset[dir].unsigned_abs() as u32;
        let moved = if dir < 2 {
            bits >> amount
        } else {
            bits << amount
        };
        moved & self.shift_mask[dir]
    }

    /// [`Geometry::shift`] for a set of any board of dark squares (12×12 included), where
    /// the ghost bits alone catch what steps off a side.
    #[inline]
    pub fn shift_wide(&self, bits: Squares, dir: usize) -> Squares {
        debug_assert!(!self.full, "only the dark-square layout has ghost bits");
        let amount = self.offset[dir].unsigned_abs() as u32;
        let moved = if dir < 2 {
            bits >> amount
        } else {
            bits << amount
        };
        moved & self.valid
    }

    /// The squares of `bits` with the board turned 180° (square `s` to `squares + 1 - s`).
    pub fn turn(&self, bits: Squares) -> Squares {
        WideBits(bits).fold(0, |acc, b| acc | 1 << self.turned[b as usize])
    }

    /// Row index from the top (0) of a bit.
    pub fn row(&self, bit: u8) -> u8 {
        (self.square(bit) - 1) / self.per_row
    }
}

/// A set of squares of either width, for code compiled once per width (the capture
/// searches' bookkeeping, the evaluation's step terms): [`Bitboard`] on the 64-bit boards,
/// [`Squares`] on any.
pub trait SquareSet:
    Copy
    + Eq
    + Default
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
{
    /// Whether `bit` is in the set.
    fn has(self, bit: u8) -> bool;
    /// How many squares the set holds.
    fn count(self) -> u32;
    /// Bits 0..64 and the bits above (as a `Position` and a `Move` keep them; [`join`]
    /// puts them back together).
    fn split(self) -> (Bitboard, u16);
    /// The one-square set of `bit`.
    fn bit(bit: u8) -> Self;
    /// The set as this width holds it (a 64-bit set drops bits 64 and above, which boards
    /// of that width do not have).
    fn from_wide(set: Squares) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Its squares, lowest first.
    fn squares(self) -> impl Iterator<Item = u8>;
}

/// A whole set from its bits 0..64 and the bits above (as positions and moves keep them;
/// [`SquareSet::split`] takes it apart).
#[inline(always)]
pub fn join(low: Bitboard, high: u16) -> Squares {
    low as Squares | (high as Squares) << 64
}

/// The set type of one width: its [`SquareSet`] methods and an iterator over its bits.
macro_rules! square_set {
    ($set:ty, $iter:ident, $what:literal) => {
        impl SquareSet for $set {
            #[inline(always)]
            fn has(self, bit: u8) -> bool {
                self >> bit & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn split(self) -> (Bitboard, u16) {
                // The truncations are the point: low 64 bits, then the next 16.
                #[allow(clippy::unnecessary_cast)]
                (self as Bitboard, (self as Squares >> 64) as u16)
            }
            #[inline(always)]
            fn bit(bit: u8) -> Self {
                1 << bit
            }
            #[inline(always)]
            fn from_wide(set: Squares) -> Self {
                #[allow(clippy::unnecessary_cast)]
                let narrowed = set as $set;
                narrowed
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn squares(self) -> impl Iterator<Item = u8> {
                $iter(self)
            }
        }

        #[doc = concat!("Iterate the set bits of ", $what, ", lowest first.")]
        #[derive(Copy, Clone)]
        pub struct $iter(pub $set);

        impl Iterator for $iter {
            type Item = u8;
            #[inline(always)]
            fn next(&mut self) -> Option<u8> {
                if self.0 == 0 {
                    return None;
                }
                let bit = self.0.trailing_zeros() as u8;
                self.0 &= self.0 - 1;
                Some(bit)
            }
        }
    };
}

square_set!(Bitboard, Bits, "a bitboard");
square_set!(Squares, WideBits, "a set of squares of any board");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_numbering_matches_the_rule_book() {
        let g = BoardSize::Eight.geometry();
        assert_eq!(g.algebraic(g.bit(1).unwrap()), "b8");
        assert_eq!(g.algebraic(g.bit(4).unwrap()), "h8");
        assert_eq!(g.algebraic(g.bit(29).unwrap()), "a1");
        assert_eq!(g.algebraic(g.bit(32).unwrap()), "g1");
        let g = BoardSize::Ten.geometry();
        assert_eq!(g.algebraic(g.bit(1).unwrap()), "b10");
        assert_eq!(g.algebraic(g.bit(5).unwrap()), "j10");
        assert_eq!(g.algebraic(g.bit(46).unwrap()), "a1");
        assert_eq!(g.algebraic(g.bit(50).unwrap()), "i1");
        let g = BoardSize::EightFull.geometry();
        assert_eq!(g.algebraic(g.bit(1).unwrap()), "a8");
        assert_eq!(g.algebraic(g.bit(8).unwrap()), "h8");
        assert_eq!(g.algebraic(g.bit(57).unwrap()), "a1");
        assert_eq!(g.algebraic(g.bit(64).unwrap()), "h1");
        let g = BoardSize::Twelve.geometry();
        assert_eq!(g.algebraic(g.bit(1).unwrap()), "b12");
        assert_eq!(g.algebraic(g.bit(6).unwrap()), "l12");
        assert_eq!(g.algebraic(g.bit(67).unwrap()), "a1");
        assert_eq!(g.algebraic(g.bit(72).unwrap()), "k1");
        assert_eq!(g.bit(72), Some(76));
    }

    #[test]
    fn neighbours_are_diagonal_and_symmetric() {
        for size in [
            BoardSize::Eight,
            BoardSize::Ten,
            BoardSize::EightFull,
            BoardSize::Twelve,
        ] {
            let g = size.geometry();
            for s in 1..=g.squares as u32 {
                let b = g.bit(s).unwrap();
                let (f, r) = g.file_rank(b);
                assert_eq!(g.bit_at(f, r), Some(b));
                let expect = [(-1i8, 1i8), (1, 1), (-1, -1), (1, -1)];
                for (dir, (df, dr)) in expect.iter().enumerate() {
                    let nf = f as i8 + df;
                    let nr = r as i8 + dr;
                    let want = if (0..g.side as i8).contains(&nf) && (0..g.side as i8).contains(&nr)
                    {
                        g.bit_at(nf as u8, nr as u8)
                    } else {
                        None
                    };
                    let got = g.neighbour[dir][b as usize];
                    assert_eq!(got, want.unwrap_or(NO_SQUARE), "square {s} dir {dir}");
                    if !size.is_wide() {
                        assert_eq!(g.shift(1u64 << b, dir), want.map_or(0, |w| 1u64 << w));
                    }
                }
            }
        }
    }
}
