//! Text forms: PDN FEN positions, move notation, PDN game texts.

pub mod fen;
pub mod moves;
pub mod pdn;

use std::fmt;

/// A parse error that says what is wrong and at which character (0-based, in chars).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong, in words.
    pub message: String,
    /// 0-based character offset in the text where it starts.
    pub offset: usize,
}

impl ParseError {
    /// An error at `offset`.
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            offset,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message, self.offset)
    }
}

impl std::error::Error for ParseError {}
