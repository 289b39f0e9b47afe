//! PDN game texts: `[Tag "value"]` pairs and movetext (numbers, moves, comments, results).

use super::ParseError;

/// Longest PDN text accepted (the service's body limit is usually lower).
pub const MAX_PDN_LEN: usize = 16 * 1024 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
/// One game of a PDN text: tags, moves and result.
pub struct PdnGame {
    /// Tag pairs in order (`GameType`, `FEN`, `Event`, ...).
    pub tags: Vec<(String, String)>,
    /// Moves as written, each with its character offset in the text.
    pub moves: Vec<(String, usize)>,
    /// The result token at the end, if any.
    pub result: Option<String>,
}

impl PdnGame {
    /// The value of a tag (name compared without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

const RESULTS: &[&str] = &["1-0", "0-1", "2-0", "0-2", "1-1", "½-½", "1/2-1/2", "*"];

/// Parse the first game of a PDN text.
pub fn parse(text: &str) -> Result<PdnGame, ParseError> {
    check_length(text)?;
    let chars: Vec<char> = text.chars().collect();
    parse_game(&chars, 0).0
}

/// Parse every game of a PDN text, in order. A game that cannot be read is an `Err` in its
/// place (its offset counts from the start of the whole text), and reading resumes at the
/// next line that opens a tag.
pub fn parse_all(text: &str) -> Result<Vec<Result<PdnGame, ParseError>>, ParseError> {
    check_length(text)?;
    let chars: Vec<char> = text.chars().collect();
    let mut games = Vec::new();
    let mut i = 0;
    loop {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if i >= chars.len() {
            break;
        }
        let (game, next) = parse_game(&chars, i);
        match game {
            Ok(g) if g.tags.is_empty() && g.moves.is_empty() && g.result.is_none() => {}
            Ok(g) => games.push(Ok(g)),
            Err(e) => {
                games.push(Err(e));
                // Resume at the next tag line.
                let mut j = next.max(i + 1);
                while j < chars.len() && !(chars[j] == '[' && (j == 0 || chars[j - 1] == '\n')) {
                    j += 1;
                }
                i = j;
                continue;
            }
        }
        i = next.max(i + 1);
    }
    Ok(games)
}

fn check_length(text: &str) -> Result<(), ParseError> {
    if text.len() > MAX_PDN_LEN {
        return Err(ParseError::new(
            0,
            format!("PDN text is longer than {MAX_PDN_LEN} bytes"),
        ));
    }
    Ok(())
}

/// One game from `from`: its tags and movetext up to a result token, or up to the tags of
/// the next game. Returns where reading stopped.
fn parse_game(chars: &[char], from: usize) -> (Result<PdnGame, ParseError>, usize) {
    let n = chars.len();
    let mut game = PdnGame::default();
    let mut i = from;
    let mut in_movetext = false;
    while i < n {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '[' {
            if in_movetext {
                break; // the next game's tags
            }
            let start = i;
            i += 1;
            let name_start = i;
            while i < n && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let name: String = chars[name_start..i].iter().collect();
            if name.is_empty() {
                return (
                    Err(ParseError::new(
                        start,
                        "a tag must start with a name, e.g. [GameType \"20\"]",
                    )),
                    i,
                );
            }
            while i < n && chars[i].is_whitespace() {
                i += 1;
            }
            if i >= n || chars[i] != '"' {
                return (
                    Err(ParseError::new(
                        i,
                        format!("tag {name}: expected a quoted value"),
                    )),
                    i,
                );
            }
            i += 1;
            let mut value = String::new();
            while i < n && chars[i] != '"' && chars[i] != '\n' {
                if chars[i] == '\\' && i + 1 < n {
                    i += 1;
                }
                value.push(chars[i]);
                i += 1;
            }
            if i >= n || chars[i] == '\n' {
                return (
                    Err(ParseError::new(
                        start,
                        format!("tag {name}: the value's closing quote is missing"),
                    )),
                    i,
                );
            }
            i += 1;
            while i < n && chars[i].is_whitespace() {
                i += 1;
            }
            if i >= n || chars[i] != ']' {
                return (
                    Err(ParseError::new(i, format!("tag {name}: expected ']'"))),
                    i,
                );
            }
            i += 1;
            game.tags.push((name, value));
        } else if c == '{' {
            in_movetext = true;
            let start = i;
            while i < n && chars[i] != '}' {
                i += 1;
            }
            if i >= n {
                return (
                    Err(ParseError::new(start, "comment not closed with '}'")),
                    i,
                );
            }
            i += 1;
        } else if c == '(' {
            // Variations are skipped, nested ones too.
            let start = i;
            let mut depth = 0usize;
            while i < n {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            if i >= n {
                return (
                    Err(ParseError::new(start, "variation not closed with ')'")),
                    i,
                );
            }
            i += 1;
        } else if c == ';' {
            while i < n && chars[i] != '\n' {
                i += 1;
            }
        } else {
            let start = i;
            while i < n && !chars[i].is_whitespace() && !matches!(chars[i], '{' | '(' | '[' | ';') {
                i += 1;
            }
            let token: String = chars[start..i].iter().collect();
            if RESULTS.contains(&token.as_str()) {
                game.result = Some(token);
                if game.moves.is_empty() && game.tags.is_empty() {
                    continue;
                }
                break;
            }
            in_movetext = true;
            if token.starts_with('$') {
                continue; // numeric annotation glyph
            }
            // Strip a move number ("12." or "12...") and trailing annotations ("!", "?").
            let mut t = token.as_str();
            let mut offset = start;
            if let Some(dot) = t.rfind('.') {
                if t[..dot]
                    .trim_end_matches('.')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                {
                    offset += t[..=dot].chars().count();
                    t = &t[dot + 1..];
                }
            }
            let t = t.trim_end_matches(['!', '?', '*', '+']);
            if t.is_empty() {
                continue;
            }
            game.moves.push((t.to_string(), offset));
        }
    }
    (Ok(game), i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_moves_and_result() {
        let g = parse("[GameType \"21\"]\n[FEN \"B:W21-32:B1-12\"]\n1. 11-15 {book} 23-19 2. 8-11! (2. 9-14) 22-17 1-0").unwrap();
        assert_eq!(g.tag("gametype"), Some("21"));
        assert_eq!(g.tag("FEN"), Some("B:W21-32:B1-12"));
        let moves: Vec<&str> = g.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["11-15", "23-19", "8-11", "22-17"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn unclosed_things_are_errors_with_offsets() {
        assert_eq!(parse("1. 32-28 {oops").unwrap_err().offset, 9);
        assert_eq!(parse("[Event \"x").unwrap_err().offset, 0);
    }

    #[test]
    fn several_games_in_one_text() {
        let text =
            "[Event \"a\"]\r\n[GameType \"20\"]\r\n1. 32-28 19-23 2. 28x19 14x23 2-0\r\n\r\n\
                    [Event \"b\"]\n1. 33-29 {x} 17-21 (1... 18-22) 2. 29-24?! $2 0-2\n\
                    [Event \"c\"]\n1. 31-26 16-21 1-1\n";
        let games = parse_all(text).unwrap();
        assert_eq!(games.len(), 3);
        let b = games[1].as_ref().unwrap();
        assert_eq!(b.tag("Event"), Some("b"));
        let moves: Vec<&str> = b.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["33-29", "17-21", "29-24"]);
        assert_eq!(b.result.as_deref(), Some("0-2"));
        // A game with no result token ends where the next one's tags begin.
        let games = parse_all("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-29 *").unwrap();
        assert_eq!(games.len(), 2);
        // A broken game is reported in its place and the next one is still read.
        let games = parse_all("[Event \"a\"]\n1. 32-28 {open\n[Event \"b\"]\n1. 33-29 *").unwrap();
        assert!(games[0].is_err());
        assert_eq!(
            games.len(),
            1,
            "the open comment swallows the rest: {games:?}"
        );
        let games = parse_all("[Event \"a]\n1. 32-28 *\n[Event \"b\"]\n1. 33-29 *").unwrap();
        assert_eq!(games.len(), 2);
        assert!(games[0].is_err());
        assert!(games[1].is_ok());
    }
}
