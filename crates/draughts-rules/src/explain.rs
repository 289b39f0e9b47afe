//! Naming a move: find the legal move a client wrote, or say in a player's words why there
//! is none ("a capture is compulsory", "this takes 2 pieces but 3 can be taken", …).

use super::movegen::{generate, generate_captures, DetailedMove, Move, MoveList};
use super::notation::moves::{self, ResolveError, WrittenMove};
use super::position::{Color, Position};
use super::variant::{CapturePriority, Rules};
#[cfg(feature = "serde")]
use serde::Serialize;

/// Why a written move is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Several legal moves fit; their full notations.
    Ambiguous(Vec<String>),
    /// None fits, and why.
    NotLegal(WhyNot),
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Illegal::Ambiguous(c) => write!(f, "ambiguous: {}", c.join(" or ")),
            Illegal::NotLegal(reason) => reason.fmt(f),
        }
    }
}

/// Why no legal move is the one written: a stable `code` (its serde tag, snake_case) and the
/// facts a message needs as fields, so a client can word it in any language. `Display`
/// words it in English.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "code", rename_all = "snake_case"))]
pub enum WhyNot {
    /// An algebraic move by file (`c:e5`) that no piece on that file can make.
    NoPieceOnFileCanMove {
        /// The side to move.
        side: Color,
        /// The file's letter.
        file: char,
        /// The target square, algebraic.
        to: String,
    },
    /// The start square is empty.
    NoPieceOn {
        /// The square.
        square: String,
    },
    /// The piece on the start square is the opponent's.
    NotYourPiece {
        /// The square.
        square: String,
        /// Whose piece it is.
        owner: Color,
        /// The side to move.
        side: Color,
    },
    /// The side to move has no legal move at all.
    NoLegalMove {
        /// The side to move.
        side: Color,
    },
    /// A capture written as ending on one of its intermediate landings.
    CaptureNotComplete {
        /// A complete capture it could have been.
        example: String,
    },
    /// A capture taking fewer pieces than the most that can be taken.
    CaptureNotMaximal {
        /// Pieces this capture takes.
        takes: u32,
        /// The most that can be taken.
        max: u32,
    },
    /// Frisian: a capture of less value than the greatest (a man 1, a king 1½).
    CaptureValueNotMaximal {
        /// This capture's value, in men (`2½`).
        value: String,
        /// The greatest value.
        max: String,
    },
    /// A capture taking fewer kings than another of the same size (or value).
    CaptureFewerKings {
        /// Kings this capture takes.
        kings: u32,
        /// The most kings that can be taken.
        max: u32,
    },
    /// Frisian: another capture of the same value takes more kings.
    CaptureSameValueMoreKings,
    /// Frisian: a king can make a capture of this value, so the king must.
    KingMustTakeThisValue,
    /// Italian: a king can make this capture, so the king must.
    KingMustTake,
    /// Czech: a king can capture, so a king must.
    KingMustCapture,
    /// Italian: another sequence meets the kings earlier.
    KingsMetEarlier,
    /// Any other capture-priority rule of the variant.
    CapturePriority,
    /// A capture is available, so one must be made.
    CaptureCompulsory {
        /// Up to eight of the captures, in full notation.
        options: Vec<String>,
    },
    /// The piece moves, but not to that square.
    CannotMoveTo {
        /// The start square.
        from: String,
        /// The square written.
        to: String,
    },
    /// The piece has no legal move.
    PieceCannotMove {
        /// Its square.
        square: String,
    },
}

impl WhyNot {
    /// One of each reason, for listing the codes (the API's schema, the catalogues' tests).
    pub fn examples() -> Vec<WhyNot> {
        let (square, to) = ("32".to_string(), "28".to_string());
        let all = vec![
            WhyNot::NoPieceOnFileCanMove {
                side: Color::White,
                file: 'c',
                to: "d4".into(),
            },
            WhyNot::NoPieceOn {
                square: square.clone(),
            },
            WhyNot::NotYourPiece {
                square: square.clone(),
                owner: Color::Black,
                side: Color::White,
            },
            WhyNot::NoLegalMove { side: Color::White },
            WhyNot::CaptureNotComplete {
                example: "28x19x10".into(),
            },
            WhyNot::CaptureNotMaximal { takes: 1, max: 3 },
            WhyNot::CaptureValueNotMaximal {
                value: "2".into(),
                max: "2½".into(),
            },
            WhyNot::CaptureFewerKings { kings: 0, max: 1 },
            WhyNot::CaptureSameValueMoreKings,
            WhyNot::KingMustTakeThisValue,
            WhyNot::KingMustTake,
            WhyNot::KingMustCapture,
            WhyNot::KingsMetEarlier,
            WhyNot::CapturePriority,
            WhyNot::CaptureCompulsory {
                options: vec!["28x19".into(), "28x17".into()],
            },
            WhyNot::CannotMoveTo {
                from: square.clone(),
                to,
            },
            WhyNot::PieceCannotMove { square },
        ];
        // A new reason fails to compile here until it is listed above.
        for why in &all {
            match why {
                WhyNot::NoPieceOnFileCanMove { .. }
                | WhyNot::NoPieceOn { .. }
                | WhyNot::NotYourPiece { .. }
                | WhyNot::NoLegalMove { .. }
                | WhyNot::CaptureNotComplete { .. }
                | WhyNot::CaptureNotMaximal { .. }
                | WhyNot::CaptureValueNotMaximal { .. }
                | WhyNot::CaptureFewerKings { .. }
                | WhyNot::CaptureSameValueMoreKings
                | WhyNot::KingMustTakeThisValue
                | WhyNot::KingMustTake
                | WhyNot::KingMustCapture
                | WhyNot::KingsMetEarlier
                | WhyNot::CapturePriority
                | WhyNot::CaptureCompulsory { .. }
                | WhyNot::CannotMoveTo { .. }
                | WhyNot::PieceCannotMove { .. } => {}
            }
        }
        all
    }

    /// Its stable code (the serde tag).
    #[cfg(feature = "serde")]
    pub fn code(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.get("code").and_then(|c| c.as_str().map(str::to_string)))
            .unwrap_or_default()
    }
}

impl std::fmt::Display for WhyNot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: u32| if n == 1 { "piece" } else { "pieces" };
        match self {
            WhyNot::NoPieceOnFileCanMove { side, file, to } => write!(
                f,
                "no piece of {} on the {file}-file can move to {to}",
                side.name()
            ),
            WhyNot::NoPieceOn { square } => write!(f, "there is no piece on {square}"),
            WhyNot::NotYourPiece {
                square,
                owner,
                side,
            } => write!(
                f,
                "the piece on {square} is {}'s and {} is to move",
                owner.name(),
                side.name()
            ),
            WhyNot::NoLegalMove { side } => {
                write!(f, "{} has no legal move: the game is over", side.name())
            }
            WhyNot::CaptureNotComplete { example } => {
                write!(f, "the capture is not complete: it must go on, e.g. {example}")
            }
            WhyNot::CaptureNotMaximal { takes, max } => write!(
                f,
                "this sequence takes {takes} {} but {max} can be taken",
                plural(*takes)
            ),
            WhyNot::CaptureValueNotMaximal { value, max } => write!(
                f,
                "this sequence takes {value} in value but {max} can be taken (a man counts 1, a king 1½)"
            ),
            WhyNot::CaptureFewerKings { kings, max } => {
                write!(f, "this sequence takes {kings} kings but {max} can be taken")
            }
            WhyNot::CaptureSameValueMoreKings => f.write_str(
                "another sequence of the same value takes more kings, and it takes precedence",
            ),
            WhyNot::KingMustTakeThisValue => {
                f.write_str("a king can make a capture of this value, so the king must take")
            }
            WhyNot::KingMustTake => {
                f.write_str("a king can make this capture, so the king must take")
            }
            WhyNot::KingMustCapture => f.write_str("a king can capture, so a king must capture"),
            WhyNot::KingsMetEarlier => {
                f.write_str("another sequence meets the kings earlier, and it takes precedence")
            }
            WhyNot::CapturePriority => {
                f.write_str("the capture rules of this variant require another sequence")
            }
            WhyNot::CaptureCompulsory { options } => {
                write!(f, "a capture is compulsory: {}", options.join(", "))
            }
            WhyNot::CannotMoveTo { from, to } => {
                write!(f, "the piece on {from} cannot move to {to}")
            }
            WhyNot::PieceCannotMove { square } => {
                write!(f, "the piece on {square} has no legal move")
            }
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

fn why_not(rules: &Rules, pos: &Position, legal: &[DetailedMove], written: &WrittenMove) -> WhyNot {
    let g = rules.board.geometry();
    if let (Some(file), Some(&to)) = (written.from_file, written.squares.last()) {
        let file = (b'a' + file) as char;
        if rules.forced_capture && !legal.is_empty() && legal.iter().all(|m| m.is_capture()) {
            return capture_is_compulsory(rules, legal);
        }
        return WhyNot::NoPieceOnFileCanMove {
            side: pos.side,
            file,
            to: g.algebraic(to),
        };
    }
    let from = written.squares[0];
    let to = written.squares[written.squares.len() - 1];
    let (fs, ts) = (g.square(from).to_string(), g.square(to).to_string());
    match pos.piece_at(from) {
        None => return WhyNot::NoPieceOn { square: fs },
        Some((color, _)) if color != pos.side => {
            return WhyNot::NotYourPiece {
                square: fs,
                owner: color,
                side: pos.side,
            }
        }
        _ => {}
    }
    if legal.is_empty() {
        return WhyNot::NoLegalMove { side: pos.side };
    }
    let captures_required = legal.iter().all(|m| m.is_capture());
    // A capture that stops early: the written end is a landing square mid-sequence.
    if let Some(m) = legal
        .iter()
        .find(|m| m.from == from && m.landings()[..m.landings().len() - 1].contains(&to))
    {
        return WhyNot::CaptureNotComplete {
            example: moves::in_messages(m, rules.board),
        };
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
        WhyNot::CannotMoveTo { from: fs, to: ts }
    } else {
        WhyNot::PieceCannotMove { square: fs }
    }
}

fn capture_is_compulsory(rules: &Rules, legal: &[DetailedMove]) -> WhyNot {
    let options: Vec<String> = legal
        .iter()
        .take(8)
        .map(|m| moves::in_messages(m, rules.board))
        .collect();
    WhyNot::CaptureCompulsory { options }
}

/// Frisian: value in half-men (a man 2, a king 3), then kings taken, then by a king.
fn frisian_reason(pos: &Position, m: &Move, legal: &[DetailedMove]) -> WhyNot {
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
        return WhyNot::CaptureValueNotMaximal {
            value: half(value(m)),
            max: half(best),
        };
    }
    if legal.iter().any(|l| kings(l) > kings(m)) {
        return WhyNot::CaptureSameValueMoreKings;
    }
    WhyNot::KingMustTakeThisValue
}

fn priority_reason(rules: &Rules, pos: &Position, m: &Move, legal: &[DetailedMove]) -> WhyNot {
    let best = legal.iter().map(|l| l.jumps).max().unwrap_or(0);
    let kings = |mv: &Move| (mv.captured() & pos.wide_kings()).count_ones();
    let by_king = |mv: &Move| pos.is_king(mv.from);
    if rules.capture_priority == CapturePriority::Frisian {
        return frisian_reason(pos, m, legal);
    }
    if m.jumps < best && rules.capture_priority != CapturePriority::Czech {
        return WhyNot::CaptureNotMaximal {
            takes: m.jumps as u32,
            max: best as u32,
        };
    }
    match rules.capture_priority {
        CapturePriority::Czech => WhyNot::KingMustCapture,
        CapturePriority::Italian if !by_king(m) && legal.iter().any(|l| by_king(l)) => {
            WhyNot::KingMustTake
        }
        CapturePriority::Italian | CapturePriority::MaxPiecesThenKings
            if legal.iter().any(|l| kings(l) > kings(m)) =>
        {
            WhyNot::CaptureFewerKings {
                kings: kings(m),
                max: legal.iter().map(|l| kings(l)).max().unwrap_or(0),
            }
        }
        CapturePriority::Italian => WhyNot::KingsMetEarlier,
        _ => WhyNot::CapturePriority,
    }
}
