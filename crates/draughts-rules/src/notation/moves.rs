//! Move notation: `32-28`, `28x19x10`, `28:10`, algebraic `c3-d4` / `c3:e5` on 8×8.
//! Parsing yields squares; `resolve` matches them against the legal moves.

use super::ParseError;
use crate::board::{BoardSize, Geometry};
use crate::movegen::{DetailedMove, Move, MAX_JUMPS};

/// Longest move text accepted.
pub const MAX_MOVE_LEN: usize = 256;

/// A move as written: the squares named (bit indices) and which separator was used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The squares named, in order (PDN numbers).
    pub squares: Vec<u8>,
    /// `Some(true)` for `x`/`:`, `Some(false)` for `-`, `None` when given as a path.
    pub capture: Option<bool>,
    /// The Russian short form `cd4` names only the file the piece leaves (0 for `a`) and
    /// the square it reaches (then `squares` holds just that square).
    pub from_file: Option<u8>,
}

/// Parse move text for a board.
pub fn parse(text: &str, board: BoardSize) -> Result<WrittenMove, ParseError> {
    if text.len() > MAX_MOVE_LEN {
        return Err(ParseError::new(
            MAX_MOVE_LEN,
            format!("move is longer than {MAX_MOVE_LEN} characters"),
        ));
    }
    let g = board.geometry();
    let chars: Vec<char> = text.chars().collect();
    if let Some(short) = russian_short(&chars, g) {
        return short;
    }
    let mut i = 0;
    let n = chars.len();
    while i < n && chars[i].is_whitespace() {
        i += 1;
    }
    let mut squares = Vec::new();
    let mut capture: Option<bool> = None;
    loop {
        let square = read_square(&chars, &mut i, g)?;
        squares.push(square);
        while i < n && chars[i].is_whitespace() {
            i += 1;
        }
        if i >= n {
            break;
        }
        let sep = match chars[i] {
            '-' => false,
            'x' | 'X' | ':' | '×' => true,
            c => {
                return Err(ParseError::new(
                    i,
                    format!("expected '-', 'x' or ':' between squares, found '{c}'"),
                ))
            }
        };
        if capture.is_some_and(|c| c != sep) {
            return Err(ParseError::new(i, "a move mixes '-' and 'x' separators"));
        }
        capture = Some(sep);
        i += 1;
        while i < n && chars[i].is_whitespace() {
            i += 1;
        }
    }
    if squares.len() < 2 {
        return Err(ParseError::new(
            n,
            "a move names at least two squares, e.g. 32-28",
        ));
    }
    Ok(WrittenMove {
        squares,
        capture,
        from_file: None,
    })
}

/// The Russian short form on 8×8: the file of departure and the square of arrival, `cd4`
/// (c3–d4 or another piece on the c-file that can reach d4).
fn russian_short(chars: &[char], g: &Geometry) -> Option<Result<WrittenMove, ParseError>> {
    let text: Vec<char> = chars
        .iter()
        .copied()
        .filter(|c| !c.is_whitespace())
        .collect();
    let is_file = |c: char| ('a'..='h').contains(&c.to_ascii_lowercase());
    if g.side != 8
        || text.len() != 3
        || !is_file(text[0])
        || !is_file(text[1])
        || !text[2].is_ascii_digit()
    {
        return None;
    }
    let from_file = text[0].to_ascii_lowercase() as u8 - b'a';
    let mut i = 1;
    Some(read_algebraic(&text, &mut i, g).map(|to| WrittenMove {
        squares: vec![to],
        capture: None,
        from_file: Some(from_file),
    }))
}

/// One square, `22` or `c3`, on its own (diagrams: highlighted squares, arrows).
pub fn parse_square(text: &str, board: BoardSize) -> Result<u8, ParseError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut i = 0;
    let square = read_square(&chars, &mut i, board.geometry())?;
    if i < chars.len() {
        return Err(ParseError::new(
            i,
            format!(
                "expected one square such as 22 or c3, found '{}' after it",
                chars[i]
            ),
        ));
    }
    Ok(square)
}

/// A square at `chars[*i..]`: a PDN number or an algebraic name.
fn read_square(chars: &[char], i: &mut usize, g: &Geometry) -> Result<u8, ParseError> {
    let n = chars.len();
    let start = *i;
    if *i < n && chars[*i].is_ascii_digit() {
        let mut value: u32 = 0;
        while *i < n && chars[*i].is_ascii_digit() {
            value = value
                .saturating_mul(10)
                .saturating_add(chars[*i] as u32 - '0' as u32);
            *i += 1;
        }
        g.bit(value).ok_or_else(|| {
            ParseError::new(
                start,
                format!("square {value} is not on the board (1-{})", g.squares),
            )
        })
    } else if *i < n && chars[*i].is_ascii_alphabetic() {
        read_algebraic(chars, i, g)
    } else {
        let found = chars
            .get(*i)
            .map_or("the end".to_string(), |c| format!("'{c}'"));
        Err(ParseError::new(
            *i,
            format!("expected a square, found {found}"),
        ))
    }
}

fn read_algebraic(chars: &[char], i: &mut usize, g: &Geometry) -> Result<u8, ParseError> {
    let start = *i;
    let file_char = chars[*i].to_ascii_lowercase();
    let file = file_char as u32 - 'a' as u32;
    *i += 1;
    let mut rank: u32 = 0;
    let digits_start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        rank = rank
            .saturating_mul(10)
            .saturating_add(chars[*i] as u32 - '0' as u32);
        *i += 1;
    }
    if *i == digits_start {
        return Err(ParseError::new(
            start,
            format!("'{file_char}' is not a square: expected e.g. c3 or 22"),
        ));
    }
    if file >= g.side as u32 || rank == 0 || rank > g.side as u32 {
        return Err(ParseError::new(
            start,
            format!("{file_char}{rank} is not on a {0}×{0} board", g.side),
        ));
    }
    g.bit_at(file as u8, (rank - 1) as u8)
        .ok_or_else(|| ParseError::new(start, format!("{file_char}{rank} is a light square")))
}

/// Squares of a path given as PDN numbers (`{"path": [32, 28]}`).
pub fn from_path(path: &[u32], board: BoardSize) -> Result<WrittenMove, ParseError> {
    let g = board.geometry();
    if path.len() < 2 {
        return Err(ParseError::new(0, "a path names at least two squares"));
    }
    if path.len() > MAX_MOVE_LEN {
        return Err(ParseError::new(MAX_MOVE_LEN, "path is too long"));
    }
    let squares = path
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            g.bit(s).ok_or_else(|| {
                ParseError::new(
                    i,
                    format!("square {s} is not on the board (1-{})", g.squares),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WrittenMove {
        squares,
        capture: None,
        from_file: None,
    })
}

/// Why written squares name no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal move matches.
    NoMatch,
    /// Several legal moves match (their indices in the list).
    Ambiguous(Vec<usize>),
}

/// Does the written move name `mv`? The squares must start at `from`, end at `to` and list
/// landing squares of the move in order (any subset of them).
pub fn matches(written: &WrittenMove, mv: &DetailedMove, board: BoardSize) -> bool {
    let sq = &written.squares;
    if let Some(file) = written.from_file {
        return sq.last() == Some(&mv.to) && board.geometry().file_rank(mv.from).0 == file;
    }
    if sq.first() != Some(&mv.from) || sq.last() != Some(&mv.to) {
        return false;
    }
    let landings = mv.landings();
    let middle = &sq[1..sq.len() - 1];
    let mut it = landings[..landings.len() - 1].iter();
    middle.iter().all(|s| it.any(|l| l == s))
}

/// Find the one legal move the text names.
pub fn resolve(
    written: &WrittenMove,
    legal: &[DetailedMove],
    board: BoardSize,
) -> Result<usize, ResolveError> {
    let found: Vec<usize> = (0..legal.len())
        .filter(|&i| matches(written, &legal[i], board))
        .collect();
    let found = if found.len() > 1 {
        match written.capture {
            Some(c) => {
                let narrowed: Vec<usize> = found
                    .iter()
                    .copied()
                    .filter(|&i| legal[i].is_capture() == c)
                    .collect();
                if narrowed.is_empty() {
                    found
                } else {
                    narrowed
                }
            }
            None => found,
        }
    } else {
        found
    };
    match found.len() {
        0 => Err(ResolveError::NoMatch),
        1 => Ok(found[0]),
        _ => Err(ResolveError::Ambiguous(found)),
    }
}

/// A move written out: its squares (bit indices, the start first) in numeric or algebraic
/// form. Formats without allocating (`Display`), so answers can stream it.
#[derive(Clone, Copy, Debug)]
pub struct MoveText {
    board: BoardSize,
    algebraic: bool,
    capture: bool,
    len: u8,
    squares: [u8; MAX_JUMPS + 1],
}

impl MoveText {
    fn new(mv: &Move, landings: &[u8], board: BoardSize, algebraic: bool) -> MoveText {
        let mut squares = [0; MAX_JUMPS + 1];
        squares[0] = mv.from;
        squares[1..=landings.len()].copy_from_slice(landings);
        MoveText {
            board,
            algebraic,
            capture: mv.is_capture(),
            len: landings.len() as u8 + 1,
            squares,
        }
    }

    /// Full numeric notation: `32-28`, `28x19x10`.
    pub fn full(mv: &DetailedMove, board: BoardSize) -> MoveText {
        MoveText::new(mv, mv.landings(), board, false)
    }

    /// Short numeric notation: `32-28`, `28x10`.
    pub fn short(mv: &Move, board: BoardSize) -> MoveText {
        MoveText::new(mv, &[mv.to], board, false)
    }

    /// Algebraic notation with every landing square: `c3-d4`, `c3:e5:g7`.
    pub fn algebraic(mv: &DetailedMove, board: BoardSize) -> MoveText {
        MoveText::new(mv, mv.landings(), board, true)
    }
}

/// The longest move text: every square of the longest capture, each at most three
/// characters (`l12`, `72`) and a separator.
pub const MOVE_TEXT_MAX: usize = (MAX_JUMPS + 1) * 4;

impl MoveText {
    /// The text, written into `buf` without `fmt` (answers write many of these).
    pub fn write<'a>(&self, buf: &'a mut [u8; MOVE_TEXT_MAX]) -> &'a str {
        let g = self.board.geometry();
        let sep = match (self.capture, self.algebraic) {
            (false, _) => b'-',
            (true, false) => b'x',
            (true, true) => b':',
        };
        let mut len = 0;
        let mut push = |byte: u8| {
            buf[len] = byte;
            len += 1;
        };
        for (i, &bit) in self.squares[..self.len as usize].iter().enumerate() {
            if i > 0 {
                push(sep);
            }
            let number = if self.algebraic {
                let (file, rank) = g.file_rank(bit);
                push(b'a' + file);
                rank + 1
            } else {
                g.square(bit)
            };
            if number >= 100 {
                push(b'0' + number / 100);
            }
            if number >= 10 {
                push(b'0' + number / 10 % 10);
            }
            push(b'0' + number % 10);
        }
        // Only ASCII letters, digits and separators were written.
        std::str::from_utf8(&buf[..len]).unwrap_or_default()
    }
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.write(&mut [0; MOVE_TEXT_MAX]))
    }
}

/// Full numeric notation: `32-28`, `28x19x10`.
pub fn full(mv: &DetailedMove, board: BoardSize) -> String {
    MoveText::full(mv, board).to_string()
}

/// Short numeric notation: `32-28`, `28x10`.
pub fn short(mv: &Move, board: BoardSize) -> String {
    MoveText::short(mv, board).to_string()
}

/// Algebraic notation with every landing square: `c3-d4`, `c3:e5:g7`.
pub fn algebraic(mv: &DetailedMove, board: BoardSize) -> String {
    MoveText::algebraic(mv, board).to_string()
}

/// The full path as messages name it: numeric on boards of dark squares (PDN numbers, as
/// the answers always have), algebraic on the full board, which has no PDN numbering in
/// use among its players.
pub fn in_messages(mv: &DetailedMove, board: BoardSize) -> String {
    if board.dark_squares_only() {
        full(mv, board)
    } else {
        algebraic(mv, board)
    }
}

/// The notation a client should use to name this move unambiguously among `legal`:
/// the short form when it is unique, the full path otherwise.
pub fn unambiguous(mv: &DetailedMove, legal: &[DetailedMove], board: BoardSize) -> String {
    let clashes = legal
        .iter()
        .filter(|o| o.from == mv.from && o.to == mv.to)
        .count();
    if clashes > 1 {
        full(mv, board)
    } else {
        short(mv, board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::{legal_moves, Rules};

    /// The byte writer against the formatter it replaced: every move of a few positions,
    /// numeric and algebraic, one- and two-digit squares and ranks (12×12 reaches 72 and
    /// rank 12).
    #[test]
    fn move_text_writes_numbers_and_squares_as_format_would() {
        let cases = [
            ("international", "W:W32,K46:B19,28"),
            ("canadian", "W:W57,K67:B38,49,50,51,61,62"),
            ("canadian", "B:W7:BK1,62"),
            ("russian", "W:Wc3,Kh2:Bd4,f6"),
        ];
        for (variant, text) in cases {
            let rules = Rules::preset(variant).expect("preset");
            let pos = fen::parse(text, rules.board).expect("fen").position;
            let list = legal_moves(&rules, &pos);
            assert!(!list.is_empty(), "{variant} {text}");
            let g = rules.board.geometry();
            for mv in &list {
                let squares = std::iter::once(mv.from).chain(mv.landings().iter().copied());
                let sep = if mv.is_capture() { "x" } else { "-" };
                let numeric: Vec<String> =
                    squares.clone().map(|b| g.square(b).to_string()).collect();
                assert_eq!(
                    MoveText::full(mv, rules.board).to_string(),
                    numeric.join(sep)
                );
                let named: Vec<String> = squares.map(|b| g.algebraic(b)).collect();
                let sep = if mv.is_capture() { ":" } else { "-" };
                assert_eq!(
                    MoveText::algebraic(mv, rules.board).to_string(),
                    named.join(sep)
                );
            }
        }
    }
}
