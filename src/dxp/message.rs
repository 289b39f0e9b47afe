//! DXP's messages as types, and their fixed-width text: a header letter, then fields of set
//! widths (numbers with leading zeros, names padded with blanks), each message ended on the
//! wire by a NUL byte.

use crate::rules::Color;
use std::fmt;

/// The longest message the protocol allows (layer 2: 1 to 127 characters).
pub const MAX_LENGTH: usize = 127;

/// A name field's width (initiator, follower).
const NAME_WIDTH: usize = 32;

/// A position's squares in a game request: 50 characters.
pub const BOARD_SQUARES: usize = 50;

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `R`: the initiator asks for a game.
    GameRequest(GameRequest),
    /// `A`: the follower's answer to a game request.
    GameAccept {
        /// The follower's name.
        follower: String,
        /// Whether it plays.
        answer: Acceptance,
    },
    /// `M`: a move.
    Move(WireMove),
    /// `E`: the game ends (sent instead of a move, and sent back to confirm).
    GameEnd {
        /// The result as the sender sees it.
        reason: EndReason,
        /// The sender wants no further game.
        stop: bool,
    },
    /// `C`: free text, at any time.
    Chat(String),
    /// `B`: take moves back to `move_number` with `side` to move.
    BackRequest {
        /// The move number to go back to.
        move_number: u32,
        /// The side to move there.
        side: Color,
    },
    /// `K`: the answer to a back request.
    BackAccept(BackAnswer),
}

/// `R`'s fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    /// The protocol version (`01`).
    pub version: u32,
    /// The initiator's name.
    pub initiator: String,
    /// The colour the follower is asked to play.
    pub follower_color: Color,
    /// Each side's thinking time for the whole game, in minutes.
    pub minutes: u32,
    /// The moves of the whole game (0: no limit).
    pub moves: u32,
    /// The start: `None` for the usual one, or the side to move and 50 squares (`e` empty,
    /// `w`/`z` men, `W`/`Z` kings).
    pub start: Option<(Color, String)>,
}

/// `M`'s fields: squares numbered 1–50.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireMove {
    /// Seconds the mover used.
    pub seconds: u32,
    /// The square the piece left.
    pub from: u8,
    /// The square it stopped on.
    pub to: u8,
    /// The squares of the pieces it took, in any order.
    pub captured: Vec<u8>,
}

/// `A`'s answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Acceptance {
    /// `0`: the follower plays.
    Accepted,
    /// `1`: not this protocol version.
    WrongVersion,
    /// `2`: not this game (its time, its position), another one maybe.
    NotThisGame,
    /// `3`: no game at all.
    NoGame,
}

/// `E`'s reason, from the sender's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no result given.
    Unknown,
    /// `1`: the sender loses.
    SenderLoses,
    /// `2`: a draw.
    Draw,
    /// `3`: the sender wins.
    SenderWins,
}

impl EndReason {
    /// The same result as the other side states it.
    pub fn mirrored(self) -> EndReason {
        match self {
            EndReason::SenderLoses => EndReason::SenderWins,
            EndReason::SenderWins => EndReason::SenderLoses,
            same => same,
        }
    }
}

/// `K`'s answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BackAnswer {
    /// `0`: taken back.
    Accepted,
    /// `1`: the program does not take moves back.
    NotSupported,
    /// `2`: refused; the game goes on.
    Refused,
}

/// A one-character field's values, each with its code written once (`code`); reading
/// goes through the same mapping.
trait Coded: Copy + 'static {
    /// Every value.
    const ALL: &'static [Self];
    /// The character the protocol writes for it.
    fn code(self) -> char;
}

impl Coded for Acceptance {
    const ALL: &'static [Self] = &[
        Acceptance::Accepted,
        Acceptance::WrongVersion,
        Acceptance::NotThisGame,
        Acceptance::NoGame,
    ];
    fn code(self) -> char {
        match self {
            Acceptance::Accepted => '0',
            Acceptance::WrongVersion => '1',
            Acceptance::NotThisGame => '2',
            Acceptance::NoGame => '3',
        }
    }
}

impl Coded for EndReason {
    const ALL: &'static [Self] = &[
        EndReason::Unknown,
        EndReason::SenderLoses,
        EndReason::Draw,
        EndReason::SenderWins,
    ];
    fn code(self) -> char {
        match self {
            EndReason::Unknown => '0',
            EndReason::SenderLoses => '1',
            EndReason::Draw => '2',
            EndReason::SenderWins => '3',
        }
    }
}

impl Coded for BackAnswer {
    const ALL: &'static [Self] = &[
        BackAnswer::Accepted,
        BackAnswer::NotSupported,
        BackAnswer::Refused,
    ];
    fn code(self) -> char {
        match self {
            BackAnswer::Accepted => '0',
            BackAnswer::NotSupported => '1',
            BackAnswer::Refused => '2',
        }
    }
}

/// Why a message could not be read: what and where (the offset in the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MalformedMessage {
    /// The message as received (shortened when long).
    pub text: String,
    /// Where the fault is, counting the header as 0.
    pub offset: usize,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for MalformedMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "malformed DXP message {:?}: {} (at offset {})",
            self.text, self.problem, self.offset
        )
    }
}

/// The letter DXP writes for a colour (`W` white, `Z` black: *zwart*).
fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// Reads a message's fields left to right, knowing where it is for the error.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    fn fault(&self, problem: impl Into<String>) -> MalformedMessage {
        MalformedMessage {
            text: self.text.chars().take(MAX_LENGTH + 1).collect(),
            offset: self.at,
            problem: problem.into(),
        }
    }

    fn take(&mut self, width: usize, what: &str) -> Result<&'a str, MalformedMessage> {
        match self.text.get(self.at..self.at + width) {
            Some(field) => {
                self.at += width;
                Ok(field)
            }
            None => Err(self.fault(format!(
                "{what}: the message ends before its {width} characters"
            ))),
        }
    }

    fn number(&mut self, width: usize, what: &str) -> Result<u32, MalformedMessage> {
        let start = self.at;
        let field = self.take(width, what)?;
        if !field.bytes().all(|b| b.is_ascii_digit()) {
            self.at = start;
            return Err(self.fault(format!("{what}: {field:?} is not {width} digits")));
        }
        field
            .parse()
            .map_err(|_| self.fault(format!("{what}: {field:?}")))
    }

    fn letter(&mut self, what: &str, allowed: &str) -> Result<char, MalformedMessage> {
        let start = self.at;
        let c = self.take(1, what)?.chars().next().unwrap_or(' ');
        if !allowed.contains(c) {
            self.at = start;
            let list: Vec<String> = allowed.chars().map(|c| format!("'{c}'")).collect();
            return Err(self.fault(format!("{what}: '{c}' is not one of {}", list.join(", "))));
        }
        Ok(c)
    }

    /// A one-character field of `T`'s codes.
    fn coded<T: Coded>(&mut self, what: &str) -> Result<T, MalformedMessage> {
        let allowed: String = T::ALL.iter().map(|v| v.code()).collect();
        let c = self.letter(what, &allowed)?;
        T::ALL
            .iter()
            .copied()
            .find(|v| v.code() == c)
            .ok_or_else(|| self.fault(format!("{what}: '{c}'")))
    }

    fn color(&mut self, what: &str) -> Result<Color, MalformedMessage> {
        Ok(match self.letter(what, "WZ")? {
            'W' => Color::White,
            _ => Color::Black,
        })
    }

    fn rest(&mut self) -> &'a str {
        let rest = &self.text[self.at..];
        self.at = self.text.len();
        rest
    }

    fn end(&self) -> Result<(), MalformedMessage> {
        if self.at < self.text.len() {
            return Err(self.fault(format!(
                "{} characters after the last field",
                self.text.len() - self.at
            )));
        }
        Ok(())
    }
}

impl Message {
    /// Read one message (without its NUL).
    pub fn parse(text: &str) -> Result<Message, MalformedMessage> {
        let mut f = Fields { text, at: 0 };
        if !text.is_ascii() {
            return Err(f.fault("characters outside ASCII"));
        }
        if text.len() > MAX_LENGTH {
            return Err(f.fault(format!("longer than {MAX_LENGTH} characters")));
        }
        let header = f.letter("the header", "RAMECBK")?;
        let message = match header {
            'R' => {
                let version = f.number(2, "the version")?;
                let initiator = f
                    .take(NAME_WIDTH, "the initiator's name")?
                    .trim()
                    .to_string();
                let follower_color = f.color("the follower's colour")?;
                let minutes = f.number(3, "the thinking time")?;
                let moves = f.number(3, "the number of moves")?;
                let start = match f.letter("the starting position", "AB")? {
                    'A' => None,
                    _ => {
                        let side = f.color("the colour to move first")?;
                        let at = f.at;
                        let squares = f.take(BOARD_SQUARES, "the position")?;
                        if let Some(i) = squares.find(|c| !"ewzWZ".contains(c)) {
                            f.at = at + i;
                            return Err(f.fault(format!(
                                "the position: square {} is '{}', not one of e, w, z, W, Z",
                                i + 1,
                                &squares[i..i + 1]
                            )));
                        }
                        Some((side, squares.to_string()))
                    }
                };
                Message::GameRequest(GameRequest {
                    version,
                    initiator,
                    follower_color,
                    minutes,
                    moves,
                    start,
                })
            }
            'A' => Message::GameAccept {
                follower: f
                    .take(NAME_WIDTH, "the follower's name")?
                    .trim()
                    .to_string(),
                answer: f.coded("the acceptance code")?,
            },
            'M' => {
                let seconds = f.number(4, "the time")?;
                let from = f.number(2, "the from square")?;
                let to = f.number(2, "the to square")?;
                let count = f.number(2, "the number captured")?;
                let mut captured = Vec::new();
                for i in 0..count {
                    captured.push(f.number(2, &format!("captured piece {}", i + 1))? as u8);
                }
                Message::Move(WireMove {
                    seconds,
                    from: from as u8,
                    to: to as u8,
                    captured,
                })
            }
            'E' => Message::GameEnd {
                reason: f.coded("the reason")?,
                stop: f.letter("the stop code", "01")? == '1',
            },
            'C' => Message::Chat(f.rest().to_string()),
            'B' => Message::BackRequest {
                move_number: f.number(3, "the move number")?,
                side: f.color("the colour to move")?,
            },
            _ => Message::BackAccept(f.coded("the acceptance code")?),
        };
        f.end()?;
        Ok(message)
    }
}

/// A name in its 32 columns: cut to fit, padded with blanks, not starting with one.
fn name_field(name: &str) -> String {
    let name: String = name
        .trim()
        .chars()
        .filter(|c| c.is_ascii() && !c.is_ascii_control())
        .take(NAME_WIDTH)
        .collect();
    format!("{name:<NAME_WIDTH$}")
}

impl fmt::Display for Message {
    /// The message's text, without the NUL the wire adds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::GameRequest(r) => {
                write!(
                    f,
                    "R{:02}{}{}{:03}{:03}",
                    r.version.min(99),
                    name_field(&r.initiator),
                    color_letter(r.follower_color),
                    r.minutes.min(999),
                    r.moves.min(999)
                )?;
                match &r.start {
                    None => write!(f, "A"),
                    Some((side, squares)) => write!(f, "B{}{squares}", color_letter(*side)),
                }
            }
            Message::GameAccept { follower, answer } => {
                write!(f, "A{}{}", name_field(follower), answer.code())
            }
            Message::Move(m) => {
                write!(
                    f,
                    "M{:04}{:02}{:02}{:02}",
                    m.seconds.min(9999),
                    m.from,
                    m.to,
                    m.captured.len()
                )?;
                m.captured.iter().try_for_each(|c| write!(f, "{c:02}"))
            }
            Message::GameEnd { reason, stop } => {
                write!(f, "E{}{}", reason.code(), if *stop { '1' } else { '0' })
            }
            Message::Chat(text) => {
                let text: String = text
                    .chars()
                    .filter(|c| c.is_ascii() && !c.is_ascii_control())
                    .take(MAX_LENGTH - 1)
                    .collect();
                write!(f, "C{text}")
            }
            Message::BackRequest { move_number, side } => {
                write!(f, "B{:03}{}", move_number.min(&999), color_letter(*side))
            }
            Message::BackAccept(answer) => write!(f, "K{}", answer.code()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message reads back as itself, with the widths the protocol sets.
    #[test]
    fn messages_round_trip_at_their_widths() {
        let request = Message::GameRequest(GameRequest {
            version: 1,
            initiator: "Scan 2.0".into(),
            follower_color: Color::Black,
            minutes: 1,
            moves: 600,
            start: None,
        });
        let text = request.to_string();
        assert_eq!(text.len(), 1 + 2 + 32 + 1 + 3 + 3 + 1);
        assert!(text.starts_with("R01Scan 2.0    "), "{text}");
        assert!(text.ends_with("Z001600A"), "{text}");
        let squares = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
        let from_a_position = Message::GameRequest(GameRequest {
            start: Some((Color::White, squares)),
            ..match &request {
                Message::GameRequest(r) => r.clone(),
                _ => unreachable!(),
            }
        });
        assert_eq!(from_a_position.to_string().len(), 43 + 1 + 50);
        let capture = Message::Move(WireMove {
            seconds: 3,
            from: 32,
            to: 14,
            captured: vec![28, 19],
        });
        assert_eq!(capture.to_string(), "M00033214022819");
        let all = [
            request,
            from_a_position,
            capture,
            Message::GameAccept {
                follower: "draughts-api".into(),
                answer: Acceptance::NotThisGame,
            },
            Message::GameEnd {
                reason: EndReason::SenderWins,
                stop: true,
            },
            Message::Chat("good game".into()),
            Message::BackRequest {
                move_number: 12,
                side: Color::Black,
            },
            Message::BackAccept(BackAnswer::NotSupported),
        ];
        let every_code =
            Acceptance::ALL
                .iter()
                .map(|&answer| Message::GameAccept {
                    follower: "x".into(),
                    answer,
                })
                .chain(EndReason::ALL.iter().flat_map(|&reason| {
                    [false, true].map(|stop| Message::GameEnd { reason, stop })
                }))
                .chain(BackAnswer::ALL.iter().map(|&a| Message::BackAccept(a)));
        for m in all.into_iter().chain(every_code) {
            assert_eq!(Message::parse(&m.to_string()), Ok(m.clone()), "{m}");
        }
    }

    /// A fault names its field and where it is.
    #[test]
    fn a_malformed_message_says_what_and_where() {
        let e = Message::parse("M00x1321800").unwrap_err();
        assert_eq!(e.offset, 1);
        assert!(e.problem.starts_with("the time"), "{e}");
        let e = Message::parse("M0001321801").unwrap_err();
        assert!(e.problem.starts_with("captured piece 1"), "{e}");
        let e = Message::parse("E20extra").unwrap_err();
        assert_eq!(e.offset, 3);
        assert!(e.problem.contains("after the last field"), "{e}");
        let e = Message::parse("Xhello").unwrap_err();
        assert_eq!(e.offset, 0);
        assert!(e.problem.starts_with("the header"), "{e}");
        let bad_board = format!("R01{:<32}W001600BW{}q", "x", "e".repeat(49));
        let e = Message::parse(&bad_board).unwrap_err();
        assert_eq!(e.offset, 44 + 49);
        assert!(e.problem.contains("square 50"), "{e}");
        assert!(Message::parse(&"C".repeat(200)).is_err());
        assert!(Message::parse("").is_err());
    }
}
