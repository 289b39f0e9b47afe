//! PDN FEN: `W:W31-50:B1-20`, kings as `K12`, ranges, and the `:H<n>:F<n>` extension.

use super::ParseError;
use crate::board::BoardSize;
use crate::position::{Color, Position};

/// A parsed FEN: the position plus the optional half-move (`H`) and full-move (`F`) fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// Pieces and side to move.
    pub position: Position,
    /// The lidraughts extension's `H` (plies since a capture or man move), if given.
    pub halfmove: Option<u32>,
    /// The lidraughts extension's `F` (move number), if given.
    pub fullmove: Option<u32>,
}

/// Longest FEN accepted (a full 10×10 board written square by square is under 250 chars).
pub const MAX_FEN_LEN: usize = 1024;

fn color_letter(c: char) -> Option<Color> {
    match c.to_ascii_uppercase() {
        'W' => Some(Color::White),
        'B' => Some(Color::Black),
        _ => None,
    }
}

/// Parse a PDN FEN for a board size. Surrounding quotes, spaces and a final `.` are allowed.
pub fn parse(text: &str, board: BoardSize) -> Result<Fen, ParseError> {
    if text.len() > MAX_FEN_LEN {
        return Err(ParseError::new(
            MAX_FEN_LEN,
            format!("FEN is longer than {MAX_FEN_LEN} characters"),
        ));
    }
    let chars: Vec<char> = text.chars().collect();
    let mut end = chars.len();
    let mut start = 0;
    while start < end && (chars[start].is_whitespace() || chars[start] == '"') {
        start += 1;
    }
    while end > start
        && (chars[end - 1].is_whitespace() || chars[end - 1] == '"' || chars[end - 1] == '.')
    {
        end -= 1;
    }
    if start == end {
        return Err(ParseError::new(
            0,
            "empty FEN: expected e.g. W:W31-50:B1-20",
        ));
    }
    let g = board.geometry();
    let side = color_letter(chars[start]).ok_or_else(|| {
        ParseError::new(
            start,
            format!(
                "FEN must start with the side to move, W or B, not '{}'",
                chars[start]
            ),
        )
    })?;
    let mut pos = Position::empty(board, side);
    let mut fen = Fen {
        position: pos,
        halfmove: None,
        fullmove: None,
    };
    let mut i = start + 1;
    let mut seen = [false; 2];
    while i < end {
        if chars[i] != ':' {
            return Err(ParseError::new(
                i,
                format!("expected ':' before the next field, found '{}'", chars[i]),
            ));
        }
        i += 1;
        let field_start = i;
        while i < end && chars[i] != ':' {
            i += 1;
        }
        let field: Vec<char> = chars[field_start..i]
            .iter()
            .copied()
            .filter(|c| !c.is_whitespace())
            .collect();
        if field.is_empty() {
            return Err(ParseError::new(field_start, "empty FEN field"));
        }
        let head = field[0].to_ascii_uppercase();
        match head {
            'W' | 'B' => {
                let color = color_letter(head).unwrap_or(Color::White);
                if seen[color.index()] {
                    return Err(ParseError::new(
                        field_start,
                        format!("{} pieces listed twice", color.name()),
                    ));
                }
                seen[color.index()] = true;
                parse_pieces(&chars[field_start..i], field_start, color, &mut pos)?;
            }
            'H' | 'F' => {
                let digits: String = field[1..].iter().collect();
                let n: u32 = digits.parse().map_err(|_| {
                    ParseError::new(
                        field_start + 1,
                        format!("'{head}' must be followed by a number, found '{digits}'"),
                    )
                })?;
                if head == 'H' {
                    fen.halfmove = Some(n);
                } else {
                    fen.fullmove = Some(n);
                }
            }
            other => {
                return Err(ParseError::new(
                    field_start,
                    format!("unknown FEN field '{other}': expected W, B, H or F"),
                ))
            }
        }
    }
    let _ = g;
    fen.position = pos;
    Ok(fen)
}

/// One colour's piece list: `W31,32,K10,40-45`.
fn parse_pieces(
    field: &[char],
    base: usize,
    color: Color,
    pos: &mut Position,
) -> Result<(), ParseError> {
    let g = pos.board.geometry();
    let mut i = 1; // skip colour letter
    let n = field.len();
    let skip_ws = |i: &mut usize| {
        while *i < n && field[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i >= n {
        return Ok(()); // no pieces of this colour
    }
    loop {
        skip_ws(&mut i);
        let item_start = i;
        let king = i < n && field[i].eq_ignore_ascii_case(&'K');
        if king {
            i += 1;
        }
        let first = read_square(field, &mut i, base, g)?;
        let mut last = first;
        skip_ws(&mut i);
        if i < n && field[i] == '-' {
            i += 1;
            skip_ws(&mut i);
            if i < n && field[i].eq_ignore_ascii_case(&'K') {
                i += 1;
            }
            last = read_square(field, &mut i, base, g)?;
            if last < first {
                return Err(ParseError::new(
                    base + item_start,
                    format!("range {first}-{last} runs backwards"),
                ));
            }
        }
        for square in first..=last {
            let bit = g
                .bit(square)
                .ok_or_else(|| ParseError::new(base + item_start, "square off the board"))?;
            if pos.piece_at(bit).is_some() {
                return Err(ParseError::new(
                    base + item_start,
                    format!("square {square} is listed twice"),
                ));
            }
            pos.put(bit, color, king);
        }
        skip_ws(&mut i);
        if i >= n {
            return Ok(());
        }
        if field[i] != ',' {
            return Err(ParseError::new(
                base + i,
                format!("expected ',' between squares, found '{}'", field[i]),
            ));
        }
        i += 1;
    }
}

/// A square: a PDN number, or on 8×8 boards an algebraic name (`c3`), as Russian and
/// Brazilian software writes FEN.
fn read_square(
    field: &[char],
    i: &mut usize,
    base: usize,
    g: &crate::board::Geometry,
) -> Result<u32, ParseError> {
    let start = *i;
    if g.side == 8 && field.get(start).is_some_and(|c| c.is_ascii_alphabetic()) {
        let file = field[start].to_ascii_lowercase();
        *i += 1;
        let digits_start = *i;
        let mut rank: u32 = 0;
        while *i < field.len() && field[*i].is_ascii_digit() {
            rank = rank
                .saturating_mul(10)
                .saturating_add(field[*i] as u32 - '0' as u32);
            *i += 1;
        }
        let name: String = field[start..*i].iter().collect();
        if *i == digits_start || !('a'..='h').contains(&file) || rank == 0 || rank > 8 {
            return Err(ParseError::new(
                base + start,
                format!("'{name}' is not a square: expected a number or a1-h8"),
            ));
        }
        let bit = g
            .bit_at(file as u8 - b'a', (rank - 1) as u8)
            .ok_or_else(|| ParseError::new(base + start, format!("{name} is a light square")))?;
        return Ok(g.square(bit) as u32);
    }
    let mut value: u32 = 0;
    while *i < field.len() && field[*i].is_ascii_digit() {
        value = value
            .saturating_mul(10)
            .saturating_add(field[*i] as u32 - '0' as u32);
        *i += 1;
    }
    if *i == start {
        let found = field
            .get(start)
            .map_or("the end".to_string(), |c| format!("'{c}'"));
        let expected = if g.side == 8 {
            "a square (a number or a1-h8)"
        } else {
            "a square number"
        };
        return Err(ParseError::new(
            base + start,
            format!("expected {expected}, found {found}"),
        ));
    }
    if value == 0 || value > g.squares as u32 {
        return Err(ParseError::new(
            base + start,
            format!("square {value} is not on the board (1-{})", g.squares),
        ));
    }
    Ok(value)
}

/// Write a position as PDN FEN, with ranges for runs of three or more men. A board where
/// every square is in play (Turkish) is written with algebraic squares, as its players do
/// (`W:Wa2,b2:Ba7`).
pub fn write(pos: &Position) -> String {
    let side = if pos.side == Color::White { 'W' } else { 'B' };
    let mut out = String::with_capacity(64);
    out.push(side);
    let g = pos.board.geometry();
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(if color == Color::White { 'W' } else { 'B' });
        let squares = pos.squares_of(color);
        if g.full {
            let items: Vec<String> = squares
                .iter()
                .filter_map(|&(s, king)| {
                    let name = g.algebraic(g.bit(s as u32)?);
                    Some(if king { format!("K{name}") } else { name })
                })
                .collect();
            out.push_str(&items.join(","));
            continue;
        }
        let mut items: Vec<String> = Vec::new();
        let mut i = 0;
        while i < squares.len() {
            let (s, king) = squares[i];
            if king {
                items.push(format!("K{s}"));
                i += 1;
                continue;
            }
            let mut j = i;
            while j + 1 < squares.len() && !squares[j + 1].1 && squares[j + 1].0 == squares[j].0 + 1
            {
                j += 1;
            }
            if j >= i + 2 {
                items.push(format!("{s}-{}", squares[j].0));
                i = j + 1;
            } else {
                items.push(s.to_string());
                i += 1;
            }
        }
        out.push_str(&items.join(","));
    }
    out
}

/// Write with the `:H<n>:F<n>` extension.
pub fn write_with_counters(pos: &Position, halfmove: u32, fullmove: u32) -> String {
    format!("{}:H{halfmove}:F{fullmove}", write(pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;

    #[test]
    fn initial_position_round_trips() {
        let rules = Rules::international();
        let pos = Position::initial(&rules);
        assert_eq!(write(&pos), "W:W31-50:B1-20");
        assert_eq!(
            parse("W:W31-50:B1-20", BoardSize::Ten).unwrap().position,
            pos
        );
    }

    #[test]
    fn kings_ranges_and_counters() {
        let fen = parse(
            "B:W18,24,27,28,K10,K15:BK12,K16-17:H3:F10",
            BoardSize::Eight,
        )
        .unwrap();
        assert_eq!(fen.halfmove, Some(3));
        assert_eq!(fen.fullmove, Some(10));
        assert_eq!(fen.position.side, Color::Black);
        assert_eq!(fen.position.counts(Color::White), (4, 2));
        assert_eq!(fen.position.counts(Color::Black), (0, 3));
        assert_eq!(write(&fen.position), "B:WK10,K15,18,24,27,28:BK12,K16,K17");
    }

    #[test]
    fn errors_name_the_character() {
        let e = parse("W:W31-50:B1-2x", BoardSize::Ten).unwrap_err();
        assert_eq!(e.offset, 13, "{e}");
        let e = parse("X:W1", BoardSize::Ten).unwrap_err();
        assert_eq!(e.offset, 0);
        let e = parse("W:W51", BoardSize::Ten).unwrap_err();
        assert!(e.message.contains("not on the board"), "{e}");
        let e = parse("W:W5:B5", BoardSize::Ten).unwrap_err();
        assert!(e.message.contains("listed twice"), "{e}");
    }

    #[test]
    fn algebraic_squares_on_eight_by_eight() {
        let algebraic = parse("B:Wa1,c3,e3:Ba5,d6,Kf8", BoardSize::Eight)
            .unwrap()
            .position;
        let numeric = parse("B:W29,22,23:B13,10,K3", BoardSize::Eight)
            .unwrap()
            .position;
        assert_eq!(algebraic, numeric);
        assert!(parse("W:Wb1:B5", BoardSize::Eight)
            .unwrap_err()
            .message
            .contains("light square"));
        assert!(parse("W:Wa1:B5", BoardSize::Ten).is_err());
    }
}
