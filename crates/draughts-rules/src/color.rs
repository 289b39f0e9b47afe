//! The two sides. Its own module so that the rules as data (`variant`) and the position can
//! both name a side without naming each other.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
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
