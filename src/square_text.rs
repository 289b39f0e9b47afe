//! Positions written one letter a square, in PDN square order, as the engine protocols
//! send them: the Hub protocol (`w W b B e`) and DXP (`w W z Z e`). The two differ only in
//! their letters, so one reader and one writer serve both.

use crate::rules::board::BoardSize;
use crate::rules::{Color, Position};

/// The letter of each kind of square in one protocol's position text.
pub struct SquareLetters {
    /// A white man.
    pub white_man: char,
    /// A white king.
    pub white_king: char,
    /// A black man.
    pub black_man: char,
    /// A black king.
    pub black_king: char,
    /// An empty square.
    pub empty: char,
}

/// The Hub protocol's letters (and PDN's position strings).
pub const HUB: SquareLetters = SquareLetters {
    white_man: 'w',
    white_king: 'W',
    black_man: 'b',
    black_king: 'B',
    empty: 'e',
};

/// DXP's letters (`z` for *zwart*, black).
pub const DXP: SquareLetters = SquareLetters {
    white_man: 'w',
    white_king: 'W',
    black_man: 'z',
    black_king: 'Z',
    empty: 'e',
};

impl SquareLetters {
    /// Every playable square of `pos`'s board, in PDN order.
    pub fn write(&self, pos: &Position) -> String {
        let g = pos.board.geometry();
        (1..=g.squares as u32)
            .map(|n| match g.bit(n).and_then(|b| pos.piece_at(b)) {
                Some((Color::White, false)) => self.white_man,
                Some((Color::White, true)) => self.white_king,
                Some((Color::Black, false)) => self.black_man,
                Some((Color::Black, true)) => self.black_king,
                None => self.empty,
            })
            .collect()
    }

    /// The position whose squares `text` spells, `side` to move; the error names the first
    /// square that is not one of these letters, or says how many squares were expected.
    pub fn read(&self, board: BoardSize, side: Color, text: &str) -> Result<Position, String> {
        let g = board.geometry();
        let count = text.chars().count();
        if count != g.squares as usize {
            return Err(format!(
                "a position has {} squares; this one has {count}",
                g.squares
            ));
        }
        let mut pos = Position::empty(board, side);
        for (i, c) in text.chars().enumerate() {
            let square = i as u32 + 1;
            let bit = g.bit(square).ok_or("a square off the board")?;
            let piece = match c {
                c if c == self.white_man => (Color::White, false),
                c if c == self.white_king => (Color::White, true),
                c if c == self.black_man => (Color::Black, false),
                c if c == self.black_king => (Color::Black, true),
                c if c == self.empty => continue,
                other => return Err(format!("square {square}: '{other}' is no piece letter")),
            };
            pos.put(bit, piece.0, piece.1);
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn each_protocol_reads_back_what_it_writes() {
        let rules = Rules::international();
        let start = Position::initial(&rules);
        for letters in [&HUB, &DXP] {
            let text = letters.write(&start);
            assert_eq!(text.len(), 50);
            let back = letters.read(rules.board, start.side, &text).unwrap();
            assert_eq!(letters.write(&back), text);
            assert_eq!(back.side, start.side);
        }
        assert!(DXP.write(&start).starts_with("zzzzz"));
        assert!(HUB.write(&start).starts_with("bbbbb"));
    }

    #[test]
    fn a_foreign_letter_or_length_is_named() {
        let board = Rules::international().board;
        let hub_text = HUB.write(&Position::initial(&Rules::international()));
        let err = DXP.read(board, Color::White, &hub_text).unwrap_err();
        assert_eq!(err, "square 1: 'b' is no piece letter");
        let err = HUB.read(board, Color::White, "eee").unwrap_err();
        assert!(err.contains("50 squares"), "{err}");
    }
}
