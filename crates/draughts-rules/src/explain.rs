//! Naming a move: find the legal move a client wrote, or say in a player's words why there
//! is none ("a capture is compulsory", "this takes 2 pieces but 3 can be taken", …).

use super::movegen::{generate, generate_captures, DetailedMove, Move, MoveList};
use super::notation::moves::{self, ResolveError, WrittenMove};
use super::position::Position;
use super::variant::{CapturePriority, Rules};

/// Why a written move is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Several legal moves fit; their full notations.
    Ambiguous(Vec<String>),
    /// None fits; the reason in words.
    NotLegal(String),
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Illegal::Ambiguous(c) => write!(f, "ambiguous: {}", c.join(" or ")),
            Illegal::NotLegal(reason) => f.write_str(reason),
        }
    }
}

/// Find the legal move `written` names in `pos`, whose legal moves are `legal`.
pub fn find_move(
    rules: &Rules,
    pos: &Position,
    legal: &[DetailedMove],
    written: &WrittenMove,
) -> Result<DetailedMove, Illegal> {
    match moves::resolve(written, legal, rules.board) {
        Ok(i) => Ok(legal[i]),
        Err(ResolveError::Ambiguous(found)) => Err(Illegal::Ambiguous(
            found
                .iter()
                .map(|&i| moves::in_messages(&legal[i], rules.board))
                .collect(),
        )),
        Err(ResolveError::NoMatch) => match by_route(rules, pos, legal, written) {
            Some(mv) => Ok(mv),
            None => Err(Illegal::NotLegal(why_not(rules, pos, legal, written))),
        },
    }
}

/// A capture written with every landing square by another route than the one the
/// generator kept for its move (same start, end and pieces taken: the same move). Each leg
/// must run along a line over exactly one of the opponent's pieces.
fn by_route(
    rules: &Rules,
    pos: &Position,
    legal: &[DetailedMove],
    written: &WrittenMove,
) -> Option<DetailedMove> {
    let squares = &written.squares;
    if written.from_file.is_some() || squares.len() < 3 {
        return None;
    }
    let mut captured = 0;
    for leg in squares.windows(2) {
        let taken = crate::movegen::between(rules.board, leg[0], leg[1])? & pos.wide_them();
        if taken.count_ones() != 1 || captured & taken != 0 {
            return None;
        }
        captured |= taken;
    }
    let (from, to) = (squares[0], *squares.last()?);
    legal
        .iter()
        .find(|m| {
            m.from == from
                && m.to == to
                && m.captured() == captured
                && m.jumps as usize == squares.len() - 1
        })
        .copied()
}

fn why_not(rules: &Rules, pos: &Position, legal: &[DetailedMove], written: &WrittenMove) -> String {
    let g = rules.board.geometry();
    if let (Some(file), Some(&to)) = (written.from_file, written.squares.last()) {
        let file = (b'a' + file) as char;
        if rules.forced_capture && !legal.is_empty() && legal.iter().all(|m| m.is_capture()) {
            return capture_is_compulsory(rules, legal);
        }
        return format!(
            "no piece of {} on the {file}-file can move to {}",
            pos.side.name(),
            g.algebraic(to)
        );
    }
    let from = written.squares[0];
    let to = written.squares[written.squares.len() - 1];
    let (fs, ts) = (g.square(from), g.square(to));
    let side = pos.side.name();
    match pos.piece_at(from) {
        None => return format!("there is no piece on {fs}"),
        Some((color, _)) if color != pos.side => {
            return format!(
                "the piece on {fs} is {}'s and {side} is to move",
                color.name()
            )
        }
        _ => {}
    }
    if legal.is_empty() {
        return format!("{side} has no legal move: the game is over");
    }
    let captures_required = legal.iter().all(|m| m.is_capture());
    // A capture that stops early: the written end is a landing square mid-sequence.
    if let Some(m) = legal
        .iter()
        .find(|m| m.from == from && m.landings()[..m.landings().len() - 1].contains(&to))
    {
        return format!(
            "the capture is not complete: it must go on, e.g. {}",
            moves::in_messages(m, rules.board)
        );
    }
    // A capture the priority rule excludes.
    if rules.capture_priority != CapturePriority::Free {
        let free = Rules {
            capture_priority: CapturePriority::Free,
            ..*rules
        };
        let mut all: Vec<DetailedMove> = Vec::new();
        generate_captures(&free, pos, &mut all);
        if let Some(m) = all.iter().find(|m| moves::matches(written, m, rules.board)) {
            return priority_reason(rules, pos, m, legal);
        }
    }
    if captures_required && rules.forced_capture {
        return capture_is_compulsory(rules, legal);
    }
    let mut any = MoveList::new();
    generate(rules, pos, &mut any);
    if any.iter().any(|m| m.from == from) {
        format!("the piece on {fs} cannot move to {ts}")
    } else {
        format!("the piece on {fs} has no legal move")
    }
}

fn capture_is_compulsory(rules: &Rules, legal: &[DetailedMove]) -> String {
    let options: Vec<String> = legal
        .iter()
        .take(8)
        .map(|m| moves::in_messages(m, rules.board))
        .collect();
    format!("a capture is compulsory: {}", options.join(", "))
}

/// Frisian: value in half-men (a man 2, a king 3), then kings taken, then by a king.
fn frisian_reason(pos: &Position, m: &Move, legal: &[DetailedMove]) -> String {
    let kings = |mv: &Move| (mv.captured() & pos.wide_kings()).count_ones();
    let value = |mv: &Move| 2 * mv.jumps as u32 + kings(mv);
    let half = |v: u32| {
        if v % 2 == 0 {
            format!("{}", v / 2)
        } else {
            format!("{}½", v / 2)
        }
    };
    let best = legal.iter().map(|l| value(l)).max().unwrap_or(0);
    if value(m) < best {
        return format!(
            "this sequence takes {} in value but {} can be taken (a man counts 1, a king 1½)",
            half(value(m)),
            half(best)
        );
    }
    if legal.iter().any(|l| kings(l) > kings(m)) {
        return "another sequence of the same value takes more kings, and it takes precedence"
            .to_string();
    }
    "a king can make a capture of this value, so the king must take".to_string()
}

fn priority_reason(rules: &Rules, pos: &Position, m: &Move, legal: &[DetailedMove]) -> String {
    let best = legal.iter().map(|l| l.jumps).max().unwrap_or(0);
    let kings = |mv: &Move| (mv.captured() & pos.wide_kings()).count_ones();
    let by_king = |mv: &Move| pos.is_king(mv.from);
    let plural = |n: u32| if n == 1 { "piece" } else { "pieces" };
    if rules.capture_priority == CapturePriority::Frisian {
        return frisian_reason(pos, m, legal);
    }
    if m.jumps < best && rules.capture_priority != CapturePriority::Czech {
        return format!(
            "this sequence takes {} {} but {} can be taken",
            m.jumps,
            plural(m.jumps as u32),
            best
        );
    }
    match rules.capture_priority {
        CapturePriority::Czech => "a king can capture, so a king must capture".to_string(),
        CapturePriority::Italian if !by_king(m) && legal.iter().any(|l| by_king(l)) => {
            "a king can make this capture, so the king must take".to_string()
        }
        CapturePriority::Italian | CapturePriority::MaxPiecesThenKings
            if legal.iter().any(|l| kings(l) > kings(m)) =>
        {
            let most = legal.iter().map(|l| kings(l)).max().unwrap_or(0);
            format!(
                "this sequence takes {} kings but {} can be taken",
                kings(m),
                most
            )
        }
        CapturePriority::Italian => {
            "another sequence meets the kings earlier, and it takes precedence".to_string()
        }
        _ => "the capture rules of this variant require another sequence".to_string(),
    }
}
