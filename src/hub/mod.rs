//! The Hub protocol on text lines, so draughts GUIs and tools such as pydraughts' engine
//! wrapper can drive the searcher: its second dialect (`key=value` arguments, as Scan 3 and
//! pydraughts speak it) and its first (positional arguments, as Scan 2.0 and the GUIs built
//! for it speak it: `pos <side and squares>`, `start`, `move M`, `level MOVES MS INC`,
//! `time MS`, `go` / `go think` / `go ponder` / `ponder` / `analyse`, answered `move M [P]`).
//! A session answers in the dialect of the last position it was given. Searches run to their
//! level's limit; `stop` between searches is accepted and ignored. A front end beside the REST API; `client` speaks the other side
//! (the arena plays Hub engines through it).

pub mod client;

use crate::engine::{think, Caps, Limits, Request};
use crate::rules::board::{BoardSize, Squares, WideBits};
use crate::rules::{legal_moves, Color, Game, Move, Position, Preset, Rules};
use crate::square_text::HUB;
use std::io::{BufRead, Write};
use std::time::Duration;

/// One Hub session: the variant, the game and the limits set so far.
pub struct Hub {
    rules: Rules,
    game: Option<Game>,
    limits: Limits,
    caps: Caps,
    dialect: Dialect,
}

/// Which of the protocol's two dialects the GUI speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Dialect {
    /// Positional arguments (Scan 2.0): `pos Wbbb…`, answered `move 32-28`.
    First,
    /// `key=value` arguments (Scan 3, pydraughts): `pos pos=Wbbb…`, answered `done move=…`.
    Second,
}

/// Moves a time given for the rest of the game is spread over, when the GUI does not say.
const MOVES_TO_GO: f64 = 30.0;

/// Split `cmd a=1 b="x y" flag` into the command and its arguments.
fn tokenize(line: &str) -> (String, Vec<(String, String)>) {
    let mut tokens = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.trim().chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    tokens.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        tokens.push(cur);
    }
    let mut it = tokens.into_iter();
    let cmd = it.next().unwrap_or_default();
    let args = it
        .map(|t| match t.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (t, String::new()),
        })
        .collect();
    (cmd, args)
}

fn arg<'a>(args: &'a [(String, String)], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// A square's number in Hub moves: its PDN number, except on the board where every square
/// is in play (Turkish), whose moves Hub clients (pydraughts) number from a1 along the
/// ranks: a1 = 1, h1 = 8, a2 = 9, and so on. (Their position strings still run from the
/// top left, a8, like every board's.)
pub fn hub_number(board: BoardSize, bit: u8) -> u32 {
    let g = board.geometry();
    if g.full {
        let (file, rank) = g.file_rank(bit);
        rank as u32 * g.side as u32 + file as u32 + 1
    } else {
        g.square(bit) as u32
    }
}

/// The bit of a square number in a Hub move (see [`hub_number`]), `None` off the board.
pub fn hub_bit(board: BoardSize, number: u32) -> Option<u8> {
    let g = board.geometry();
    if !g.full {
        return g.bit(number);
    }
    let index = number.checked_sub(1).filter(|&i| i < g.squares as u32)?;
    let side = g.side as u32;
    g.bit_at((index % side) as u8, (index / side) as u8)
}

/// Hub move text: `32-28`, or `from x to x captured x …` for captures.
pub fn hub_move(m: &Move, rules: &Rules) -> String {
    let n = |bit| hub_number(rules.board, bit);
    if !m.is_capture() {
        return format!("{}-{}", n(m.from), n(m.to));
    }
    let mut s = format!("{}x{}", n(m.from), n(m.to));
    for b in WideBits(m.captured()) {
        s.push_str(&format!("x{}", n(b)));
    }
    s
}

/// The Hub text of a position: the side to move, then each square in PDN order (`w`, `W`,
/// `b`, `B`, `e`).
pub fn hub_position(pos: &Position) -> String {
    let side = if pos.side == Color::White { 'W' } else { 'B' };
    format!("{side}{}", HUB.write(pos))
}

/// The legal move a Hub move text (`32-28`, `28x19`, `28x19x23x…`) names in `pos`.
pub fn parse_hub_move(rules: &Rules, pos: &Position, text: &str) -> Option<Move> {
    let bits: Vec<u8> = text
        .split(['-', 'x'])
        .map(|t| t.parse().ok().and_then(|n| hub_bit(rules.board, n)))
        .collect::<Option<_>>()?;
    if bits.len() < 2 {
        return None;
    }
    let captured: Squares = bits[2..].iter().fold(0, |acc, &b| acc | 1 << b);
    legal_moves(rules, pos)
        .into_iter()
        .find(|m| {
            m.from == bits[0] && m.to == bits[1] && (bits.len() == 2 || m.captured() == captured)
        })
        .map(|m| m.mv)
}

impl Hub {
    /// A session with the searcher's caps. The session keeps its transposition table from
    /// one move to the next (as Scan does through a game) unless the caps bring a pool.
    pub fn new(mut caps: Caps) -> Self {
        if caps.tables.is_none() {
            caps.tables = Some(std::sync::Arc::new(crate::engine::TablePool::new(1)));
        }
        Hub {
            rules: Rules::international(),
            game: None,
            limits: Limits {
                time: Some(Duration::from_secs(1)),
                ..Limits::default()
            },
            caps,
            dialect: Dialect::Second,
        }
    }

    /// Play the preset `name` from now on; false when there is no such preset.
    fn set_variant(&mut self, name: Option<&str>) -> bool {
        match name.and_then(Preset::find) {
            Some(p) => {
                self.rules = p.rules;
                true
            }
            None => false,
        }
    }

    /// The first positional argument of a first-dialect command (one without `=`).
    fn positional(args: &[(String, String)], index: usize) -> Option<&str> {
        args.get(index)
            .filter(|(_, v)| v.is_empty())
            .map(|(k, _)| k.as_str())
    }

    fn parse_position(&self, text: &str) -> Result<Position, String> {
        let squares = self.rules.board.geometry().squares;
        if text.chars().count() != squares as usize + 1 {
            return Err(format!(
                "a position is the side to move and {squares} squares"
            ));
        }
        let mut chars = text.chars();
        let side = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            c => return Err(format!("bad side to move '{}'", c.unwrap_or(' '))),
        };
        // Some GUIs write an empty square as '.'.
        let squares: String = chars.map(|c| if c == '.' { 'e' } else { c }).collect();
        HUB.read(self.rules.board, side, &squares)
    }

    /// Handle one line; returns the lines to answer, and whether to quit.
    pub fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let (cmd, args) = tokenize(line);
        let mut out = Vec::new();
        match cmd.as_str() {
            "hub" => {
                out.push(format!(
                    "id name=draughts-api version={} author=\"draughts-api developers\"",
                    env!("CARGO_PKG_VERSION")
                ));
                let names: Vec<&str> = crate::rules::PRESETS.iter().map(|p| p.id).collect();
                out.push(format!(
                    "param name=variant value=international type=enum values=\"{}\"",
                    names.join(" ")
                ));
                out.push("wait".into());
            }
            "set-param" => {
                if arg(&args, "name") == Some("variant") && !self.set_variant(arg(&args, "value")) {
                    out.push("error message=\"unknown variant\"".into());
                }
            }
            "init" => out.push("ready".into()),
            "ping" => out.push("pong".into()),
            "new-game" | "stop" | "ponder-hit" => {}
            "quit" => return (out, true),
            "pos" if arg(&args, "pos").is_none() && Self::positional(&args, 0).is_some() => {
                self.dialect = Dialect::First;
                match Self::positional(&args, 0).map(|p| self.parse_position(p)) {
                    Some(Ok(pos)) => self.game = Some(Game::new(self.rules, pos, None)),
                    Some(Err(e)) => out.push(format!("error {e}")),
                    None => out.push("error bad position".into()),
                }
            }
            "start" => {
                self.dialect = Dialect::First;
                self.game = Some(Game::new(self.rules, Position::initial(&self.rules), None));
            }
            "move" => match (&mut self.game, Self::positional(&args, 0)) {
                (Some(game), Some(text)) => match parse_hub_move(&self.rules, &game.position, text)
                {
                    Some(mv) => game.play(&mv),
                    None => out.push("error illegal move".into()),
                },
                (None, _) => out.push("error move before pos".into()),
                (_, None) => out.push("error bad move".into()),
            },
            "new" => {}
            "set" => {
                if Self::positional(&args, 0) == Some("variant")
                    && !self.set_variant(Self::positional(&args, 1))
                {
                    out.push("error unknown variant".into());
                }
            }
            "pos" => match arg(&args, "pos").map(|p| self.parse_position(p)) {
                Some(Ok(pos)) => {
                    self.dialect = Dialect::Second;
                    let mut game = Game::new(self.rules, pos, None);
                    for m in arg(&args, "moves").unwrap_or("").split_whitespace() {
                        match parse_hub_move(&self.rules, &game.position, m) {
                            Some(mv) => game.play(&mv),
                            None => {
                                out.push(format!("error message=\"illegal move {m}\""));
                                break;
                            }
                        }
                    }
                    self.game = Some(game);
                }
                Some(Err(e)) => out.push(format!("error message=\"{e}\"")),
                None => out.push("error message=\"pos needs pos=...\"".into()),
            },
            "level" | "depth" | "time" => {
                let mut limits = Limits::default();
                let number = |v: Option<&str>| v.and_then(|v| v.parse::<f64>().ok());
                let ms = |i: usize| number(Self::positional(&args, i)).map(|v| v / 1000.0);
                if cmd == "depth" {
                    limits.depth = args.first().and_then(|(k, _)| k.parse().ok());
                } else if cmd == "level" && ms(1).is_some() {
                    // First dialect: `level MOVES TIME_MS INC_MS`, the time for MOVES moves
                    // (0: the rest of the game).
                    let moves = number(Self::positional(&args, 0)).unwrap_or(0.0);
                    let moves = if moves > 0.0 { moves } else { MOVES_TO_GO };
                    let each = ms(1).unwrap_or(0.0) / moves + ms(2).unwrap_or(0.0);
                    limits.time = Some(Duration::from_secs_f64(each.max(0.01)));
                } else if cmd == "time" && self.dialect == Dialect::First {
                    // First dialect: `time MS`, the time left for the rest of the game.
                    let each = ms(0).unwrap_or(0.0) / MOVES_TO_GO;
                    limits.time = Some(Duration::from_secs_f64(each.max(0.01)));
                } else if cmd == "time" {
                    limits.time =
                        number(args.first().map(|(k, _)| k.as_str())).map(Duration::from_secs_f64);
                } else if let Some(d) = arg(&args, "depth") {
                    limits.depth = d.parse().ok();
                } else if let Some(t) = number(arg(&args, "move-time")) {
                    limits.time = Some(Duration::from_secs_f64(t));
                } else if let Some(t) = number(arg(&args, "time")) {
                    // Sudden death or x/y: spread the remaining time over the moves to go.
                    let moves = number(arg(&args, "moves")).unwrap_or(30.0).max(1.0);
                    let inc = number(arg(&args, "inc")).unwrap_or(0.0);
                    limits.time = Some(Duration::from_secs_f64((t / moves + inc).max(0.01)));
                } else if arg(&args, "infinite").is_some() {
                    limits.time = Some(self.caps.max_time);
                }
                self.limits = limits;
            }
            "go" | "ponder" | "analyse" => match &self.game {
                Some(game) => {
                    let req = Request {
                        level: None,
                        limits: self.limits,
                        seed: Some(1),
                    };
                    match think(game, &req, &self.caps, None) {
                        Some(a) => {
                            let secs = a.elapsed.as_secs_f64();
                            let score = match a.score {
                                crate::engine::Score::Centipieces(c) => {
                                    format!("{:.2}", c as f64 / 100.0)
                                }
                                crate::engine::Score::WinIn(n) => {
                                    format!("{:.2}", 99.0 - n as f64 / 100.0)
                                }
                                crate::engine::Score::LossIn(n) => {
                                    format!("{:.2}", -99.0 + n as f64 / 100.0)
                                }
                            };
                            let best = hub_move(&a.best, &self.rules);
                            let ponder = a.pv.get(1).map(|m| hub_move(m, &self.rules));
                            if self.dialect == Dialect::First {
                                let ponder = ponder.map(|p| format!(" {p}")).unwrap_or_default();
                                out.push(format!("move {best}{ponder}"));
                                return (out, false);
                            }
                            let pv: Vec<String> =
                                a.pv.iter().map(|m| hub_move(m, &self.rules)).collect();
                            out.push(format!(
                                "info depth={} score={score} nodes={} time={secs:.3} nps={:.2} pv=\"{}\"",
                                a.depth,
                                a.nodes,
                                if secs > 0.0 { a.nodes as f64 / secs / 1e6 } else { 0.0 },
                                pv.join(" ")
                            ));
                            let ponder = ponder.map(|p| format!(" ponder={p}")).unwrap_or_default();
                            out.push(format!("done move={best}{ponder}"));
                        }
                        None => out.push("error message=\"no legal move\"".into()),
                    }
                }
                None => out.push("error message=\"go before pos\"".into()),
            },
            "" => {}
            other => out.push(format!("error message=\"unknown command {other}\"")),
        }
        (out, false)
    }
}

/// Run the protocol on standard input and output until `quit` or end of input.
pub fn run(input: impl BufRead, output: &mut impl Write, caps: Caps) -> std::io::Result<()> {
    let mut hub = Hub::new(caps);
    for line in input.lines() {
        let (answers, quit) = hub.handle(&line?);
        for a in answers {
            writeln!(output, "{a}")?;
        }
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hub_session_answers_with_a_legal_move() {
        let mut hub = Hub::new(Caps::default());
        let (out, _) = hub.handle("hub");
        assert!(out[0].starts_with("id name=draughts-api"));
        assert_eq!(out.last().map(String::as_str), Some("wait"));
        assert_eq!(hub.handle("init").0, ["ready"]);
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        assert!(hub
            .handle(&format!("pos pos={start} moves=\"32-28 19-23\""))
            .0
            .is_empty());
        hub.handle("level depth=4");
        let (out, _) = hub.handle("go think");
        let done = out
            .iter()
            .find(|l| l.starts_with("done move="))
            .expect("done");
        // After 32-28 19-23 White must capture 28x19.
        assert!(done.starts_with("done move=28x19x23"), "{done}");
        assert!(hub.handle("quit").1);
    }

    /// The first dialect, as Scan 2.0's GUIs speak it: a positional `pos`, `move`, `level`
    /// and `go`, answered `move M [P]`; then the second dialect again in the same session.
    #[test]
    fn the_first_dialect_is_understood_and_answered_in_kind() {
        let mut hub = Hub::new(Caps::default());
        hub.handle("hub");
        assert_eq!(hub.handle("init").0, ["ready"]);
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        assert!(hub.handle(&format!("pos {start}")).0.is_empty());
        assert!(hub.handle("move 32-28").0.is_empty());
        assert!(hub.handle("move 19-23").0.is_empty());
        assert_eq!(hub.handle("move 31-26").0, ["error illegal move"]);
        hub.handle("level 0 3000 0");
        hub.handle("depth 4");
        let (out, _) = hub.handle("go");
        // After 32-28 19-23 White must capture 28x19.
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(out[0].starts_with("move 28x19x23"), "{out:?}");
        for form in ["go think", "go ponder", "ponder", "analyse"] {
            let (out, _) = hub.handle(form);
            assert!(out[0].starts_with("move 28x19x23"), "{form}: {out:?}");
        }
        assert!(hub.handle("start").0.is_empty());
        let (out, _) = hub.handle("go");
        assert!(out[0].starts_with("move "), "{out:?}");
        // A second-dialect position brings the second dialect's answers back.
        hub.handle(&format!("pos pos={start}"));
        hub.handle("level depth=2");
        let (out, _) = hub.handle("go think");
        assert!(out.iter().any(|l| l.starts_with("done move=")), "{out:?}");
        assert_eq!(
            hub.handle("pos Wxyz").0,
            ["error a position is the side to move and 50 squares"]
        );
    }

    /// A session set to `variant`.
    fn session(variant: &str) -> Hub {
        let mut hub = Hub::new(Caps::default());
        hub.handle("hub");
        hub.handle(&format!("set-param name=variant value={variant}"));
        hub.handle("init");
        hub
    }

    /// White to move on a board of `squares` squares, with `pieces` (1-based string
    /// positions and their letters) and the rest empty.
    fn position(squares: usize, pieces: &[(usize, &str)]) -> String {
        let mut board = "e".repeat(squares);
        for &(at, piece) in pieces {
            board.replace_range(at - 1..at, piece);
        }
        format!("W{board}")
    }

    /// The `done move=` line of a search of `position` to `depth`.
    fn best(hub: &mut Hub, position: &str, depth: u32) -> String {
        assert!(hub.handle(&format!("pos pos={position}")).0.is_empty());
        hub.handle(&format!("level depth={depth}"));
        let (out, _) = hub.handle("go think");
        out.into_iter()
            .find(|l| l.starts_with("done move="))
            .expect("done")
    }

    #[test]
    fn a_canadian_session_plays_on_the_twelve_by_twelve_board() {
        // White's man on 61 (a square above bit 63) must take the black man on 56, landing
        // on 50.
        let board = position(72, &[(61, "w"), (56, "b"), (1, "b")]);
        let done = best(&mut session("canadian"), &board, 3);
        assert!(done.starts_with("done move=61x50x56"), "{done}");
    }

    #[test]
    fn turkish_moves_are_numbered_from_a1_as_hub_clients_do() {
        // The position string runs from a8: a white man on a3 (41st), a black one on h7
        // (16th). In moves a3 is 17: its moves are 17-25 (a4) and 17-18 (b3).
        let board = position(64, &[(41, "w"), (16, "b")]);
        let done = best(&mut session("turkish"), &board, 2);
        assert!(
            done.starts_with("done move=17-25") || done.starts_with("done move=17-18"),
            "{done}"
        );
        // A move given in those numbers is read as legal: 17-25 is a3-a4; 17-26 would be
        // a3-b4, a diagonal step, and is refused.
        let mut game = session("turkish");
        assert!(game
            .handle(&format!("pos pos={board} moves=\"17-25\""))
            .0
            .is_empty());
        assert!(!game
            .handle(&format!("pos pos={board} moves=\"17-26\""))
            .0
            .is_empty());
    }
}
