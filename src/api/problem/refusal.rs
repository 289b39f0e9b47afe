//! Why a request was refused, finer than the problem's kind: a stable `code` and the facts
//! the catalogues word it from (`locales/*/problems.ftl`). `Display` words it in English,
//! the same words as the English catalogue (a test holds them equal).
//!
//! Facts that come from a parser (`message`: what is wrong with a FEN, a PDN or a move's
//! notation) are the parser's English words; the code and the offset say where.

use crate::api::problem::error::ProblemKind;
use actix_web::http::StatusCode;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;

/// What a value outside a list may be instead: `choices` in words (a string, as clients
/// have read it since 0.1) and, for a closed list, `choice_ids`, the same values as a list.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    words: String,
    ids: Vec<String>,
}

impl Choices {
    /// A closed list in words as "a, b or c".
    pub fn either(ids: &[&str]) -> Self {
        let words = match ids {
            [] => String::new(),
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        };
        Choices {
            words,
            ids: ids.iter().map(|id| id.to_string()).collect(),
        }
    }

    /// A closed list of ids in words as "a, b, c".
    pub fn list<S: Into<String>>(ids: impl IntoIterator<Item = S>) -> Self {
        let ids: Vec<String> = ids.into_iter().map(Into::into).collect();
        Choices {
            words: ids.join(", "),
            ids,
        }
    }

    /// What a value may be, in words only (not a list: a range, a form).
    pub fn described(words: &str) -> Self {
        Choices {
            words: words.to_string(),
            ids: Vec::new(),
        }
    }
}

impl std::fmt::Display for Choices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

impl Serialize for Choices {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("choices", &self.words)?;
        if !self.ids.is_empty() {
            map.serialize_entry("choice_ids", &self.ids)?;
        }
        map.end()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Refusal {
    // The request's shape.
    /// The body is empty.
    EmptyBody,
    /// The body is not the JSON the endpoint takes (serde's words).
    BadJson { message: String },
    /// The body is over the size limit.
    BodyTooLarge { limit: usize },
    /// The body could not be read.
    UnreadableBody { message: String },
    /// The query string does not parse.
    BadQuery { message: String },
    /// A required query parameter is missing.
    MissingParameter { parameter: String, example: String },
    /// A value outside a closed list.
    UnknownChoice {
        parameter: String,
        value: String,
        #[serde(flatten)]
        choices: Choices,
    },

    // Variants and rules.
    /// No preset has this name.
    UnknownVariant {
        name: String,
        #[serde(flatten)]
        choices: Choices,
    },
    /// `variant` is neither a preset id nor an object with `preset`.
    BadVariant,
    /// A request with `moves` needs its `variant`.
    VariantRequired,
    /// An override names no rule parameter.
    UnknownRuleParameter { parameter: String },
    /// An override of `draw_rules` names no draw rule.
    UnknownDrawRule {
        rule: String,
        #[serde(flatten)]
        choices: Choices,
    },
    /// An override's value is wrong (serde's words).
    BadRuleValue { message: String },

    // Positions, moves and games.
    /// The FEN does not parse (the parser's words; the offset says where).
    BadFen { message: String },
    /// The FEN parses but the position cannot stand under these rules.
    ImpossiblePosition { message: String },
    /// `position` is not where `history` ends.
    PositionNotEndOfHistory { end: String },
    /// A move's text does not parse (the parser's words; the offset says where).
    BadMoveText { message: String },
    /// A move is neither a string nor `{"path": [...]}`.
    BadMoveValue,
    /// A path names too few or too many squares.
    PathLength { squares: usize, max: usize },
    /// A path square is not a square number.
    PathSquareOutOfRange { max: u8 },
    /// A move's text fits several legal moves: `candidates` (the problem's own field).
    AmbiguousMove { candidates: Vec<String> },
    /// Both or neither of `moves` and `pdn`.
    MovesOrPdn,
    /// The PDN does not parse (the parser's words; the offset says where).
    BadPdn { message: String },
    /// The PDN holds no game.
    EmptyPdn,
    /// A PDN `GameType` tag names no variant this service plays.
    BadGameType { message: String },

    // Limits.
    /// More moves than the server takes.
    TooManyMoves { moves: usize, max: usize },
    /// More games in a PDN than the server takes.
    TooManyGames { games: usize, max: usize },
    /// A search limit outside its range.
    SearchLimitOutOfRange { limit: String, value: u64, max: u64 },
    /// A review's plies at the asked time exceed the server's review budget.
    ReviewOverBudget {
        plies: usize,
        time_ms: u64,
        budget_ms: u64,
        per_ply_ms: u64,
    },
    /// `multipv` is 0.
    MultipvZero,
    /// A picture's size outside its range.
    PictureSize { size: u32, min: u32, max: u32 },
    /// More arrows or highlighted squares than a picture takes.
    TooManyMarks {
        parameter: String,
        count: usize,
        max: usize,
    },
    /// An arrow that does not name two squares.
    BadArrow { text: String },
    /// A square that is neither a number nor a name.
    BadSquare,

    // Endgame tables.
    /// The position has more pieces than the endgame tables hold.
    BeyondTables { pieces: u32, max: u32 },
    /// No endgame tables exist for these rules.
    NoTablesForRules,
    /// The endgame tables for these rules are still being read or built.
    TablesNotReady,
    /// This deployment runs without endgame tables.
    TablesOff,
}

impl Refusal {
    /// One of each code, for the catalogue checks and the OpenAPI document.
    pub fn examples() -> Vec<Refusal> {
        let s = |t: &str| t.to_string();
        vec![
            Refusal::EmptyBody,
            Refusal::BadJson {
                message: s("expected value at line 1 column 1"),
            },
            Refusal::BodyTooLarge { limit: 262144 },
            Refusal::UnreadableBody {
                message: s("connection reset"),
            },
            Refusal::BadQuery {
                message: s("invalid digit"),
            },
            Refusal::MissingParameter {
                parameter: s("variant"),
                example: s("/board.svg?variant=international"),
            },
            Refusal::UnknownChoice {
                parameter: s("coords"),
                value: s("roman"),
                choices: Choices::either(&["numbers", "algebraic", "none"]),
            },
            Refusal::UnknownVariant {
                name: s("chess"),
                choices: Choices::list(["international", "english"]),
            },
            Refusal::BadVariant,
            Refusal::VariantRequired,
            Refusal::UnknownRuleParameter {
                parameter: s("queens"),
            },
            Refusal::UnknownDrawRule {
                rule: s("forever"),
                choices: Choices::list(["threefold_repetition"]),
            },
            Refusal::BadRuleValue {
                message: s("unknown variant `wide`"),
            },
            Refusal::BadFen {
                message: s("unknown square 51"),
            },
            Refusal::ImpossiblePosition {
                message: s("a white man on its crowning row"),
            },
            Refusal::PositionNotEndOfHistory {
                end: s("W:W31-50:B1-20"),
            },
            Refusal::BadMoveText {
                message: s("expected a square number"),
            },
            Refusal::BadMoveValue,
            Refusal::PathLength {
                squares: 1,
                max: 21,
            },
            Refusal::PathSquareOutOfRange { max: 72 },
            Refusal::AmbiguousMove {
                candidates: vec![s("26x17x10"), s("26x19x10")],
            },
            Refusal::MovesOrPdn,
            Refusal::BadPdn {
                message: s("unterminated comment"),
            },
            Refusal::EmptyPdn,
            Refusal::BadGameType {
                message: s("GameType 99 is not a variant this service plays"),
            },
            Refusal::TooManyMoves {
                moves: 2001,
                max: 2000,
            },
            Refusal::TooManyGames {
                games: 1001,
                max: 1000,
            },
            Refusal::SearchLimitOutOfRange {
                limit: s("depth"),
                value: 99,
                max: 64,
            },
            Refusal::ReviewOverBudget {
                plies: 200,
                time_ms: 1000,
                budget_ms: 60000,
                per_ply_ms: 300,
            },
            Refusal::MultipvZero,
            Refusal::PictureSize {
                size: 4096,
                min: 64,
                max: 2048,
            },
            Refusal::TooManyMarks {
                parameter: s("arrows"),
                count: 40,
                max: 32,
            },
            Refusal::BadArrow { text: s("32") },
            Refusal::BadSquare,
            Refusal::BeyondTables { pieces: 7, max: 4 },
            Refusal::NoTablesForRules,
            Refusal::TablesNotReady,
            Refusal::TablesOff,
        ]
    }

    /// Its code (`beyond_tables`).
    pub fn code(&self) -> String {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map
                .get("code")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            _ => String::new(),
        }
    }

    /// The kind of problem and the HTTP status it is answered with.
    pub fn kind_and_status(&self) -> (ProblemKind, StatusCode) {
        use Refusal::*;
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        match self {
            EmptyBody | BadJson { .. } | UnreadableBody { .. } => {
                (ProblemKind::MalformedRequest, StatusCode::BAD_REQUEST)
            }
            BodyTooLarge { .. } => (ProblemKind::LimitExceeded, StatusCode::PAYLOAD_TOO_LARGE),
            TooManyMoves { .. }
            | TooManyGames { .. }
            | SearchLimitOutOfRange { .. }
            | ReviewOverBudget { .. } => (ProblemKind::LimitExceeded, unprocessable),
            AmbiguousMove { .. } => (ProblemKind::IllegalMove, unprocessable),
            TablesNotReady => (ProblemKind::Busy, StatusCode::SERVICE_UNAVAILABLE),
            BadQuery { .. }
            | MissingParameter { .. }
            | UnknownChoice { .. }
            | UnknownVariant { .. }
            | BadVariant
            | VariantRequired
            | UnknownRuleParameter { .. }
            | UnknownDrawRule { .. }
            | BadRuleValue { .. }
            | BadFen { .. }
            | ImpossiblePosition { .. }
            | PositionNotEndOfHistory { .. }
            | BadMoveText { .. }
            | BadMoveValue
            | PathLength { .. }
            | PathSquareOutOfRange { .. }
            | MovesOrPdn
            | BadPdn { .. }
            | EmptyPdn
            | BadGameType { .. }
            | MultipvZero
            | PictureSize { .. }
            | TooManyMarks { .. }
            | BadArrow { .. }
            | BadSquare
            | BeyondTables { .. }
            | NoTablesForRules
            | TablesOff => (ProblemKind::InvalidValue, unprocessable),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use Refusal::*;
        match self {
            EmptyBody => write!(f, "the request body is empty: send a JSON object"),
            BadJson { message } => write!(f, "the body is not the JSON this endpoint takes: {message}"),
            BodyTooLarge { limit } => {
                write!(f, "the request body is over the limit of {limit} bytes")
            }
            UnreadableBody { message } => write!(f, "could not read the request body: {message}"),
            BadQuery { message } => write!(f, "bad query string: {message}"),
            MissingParameter { parameter, example } => {
                write!(f, "{parameter} is required, e.g. {example}")
            }
            UnknownChoice {
                parameter,
                value,
                choices,
            } => write!(f, "unknown {parameter} '{value}': use {choices}"),
            UnknownVariant { name, choices } => {
                write!(f, "unknown variant '{name}': use one of {choices}")
            }
            BadVariant => write!(
                f,
                "variant must be a preset id (e.g. \"international\") or an object with \"preset\" \
                 (e.g. {{\"preset\": \"spanish\", \"first_player\": \"white\"}})"
            ),
            VariantRequired => write!(f, "variant is required with \"moves\""),
            UnknownRuleParameter { parameter } => write!(
                f,
                "unknown rule parameter '{parameter}': the parameters are those GET /variants lists"
            ),
            UnknownDrawRule { rule, choices } => {
                write!(f, "unknown draw rule '{rule}': use {choices}")
            }
            BadRuleValue { message } => write!(f, "bad rule parameter: {message}"),
            BadFen { message } => write!(f, "bad FEN: {message}"),
            ImpossiblePosition { message } => {
                write!(f, "the position cannot stand under these rules: {message}")
            }
            PositionNotEndOfHistory { end } => write!(
                f,
                "position does not match the end of history, which is {end}"
            ),
            BadMoveText { message } => write!(f, "not a move: {message}"),
            BadMoveValue => write!(f, "expected a move such as \"32-28\" or {{\"path\": [32, 28]}}"),
            PathLength { squares, max } => {
                write!(f, "a path names 2 to {max} squares, not {squares}")
            }
            PathSquareOutOfRange { max } => {
                write!(f, "path squares are whole numbers from 1 to {max}")
            }
            AmbiguousMove { candidates } => write!(
                f,
                "ambiguous: it may be {}; write the move in full",
                candidates.join(", ")
            ),
            MovesOrPdn => write!(f, "send \"moves\" (a list) or \"pdn\" (a game text), one of them"),
            BadPdn { message } => write!(f, "bad PDN: {message}"),
            EmptyPdn => write!(f, "the PDN text holds no game"),
            BadGameType { message } => write!(f, "{message}"),
            TooManyMoves { moves, max } => {
                write!(f, "the game has {moves} moves; the limit is {max}")
            }
            TooManyGames { games, max } => {
                write!(f, "the PDN holds {games} games; the limit is {max} a request")
            }
            SearchLimitOutOfRange { limit, value, max } => write!(
                f,
                "{limit} must be 1 to {max} (the server's limit), not {value}"
            ),
            ReviewOverBudget {
                plies,
                time_ms,
                budget_ms,
                per_ply_ms,
            } => write!(
                f,
                "{plies} plies at {time_ms} ms each is over this server's review budget of \
                 {budget_ms} ms: at most {per_ply_ms} ms a ply for this game"
            ),
            MultipvZero => write!(f, "multipv must be at least 1"),
            PictureSize { size, min, max } => {
                write!(f, "size is {size} pixels; it must be from {min} to {max}")
            }
            TooManyMarks {
                parameter,
                count,
                max,
            } => write!(f, "{count} {parameter}; the limit is {max}"),
            BadArrow { text } => write!(
                f,
                "an arrow names two squares, e.g. 32-28 or c3-e5, not '{text}'"
            ),
            BadSquare => write!(
                f,
                "a square is a number such as 28 or a name such as \"c3\""
            ),
            BeyondTables { pieces, max } => write!(
                f,
                "the position has {pieces} pieces and the endgame tables hold positions of at most {max}"
            ),
            NoTablesForRules => write!(
                f,
                "there are no endgame tables for these rules (they exist for the usual win \
                 condition on dark squares of boards up to 10×10, without a king-move limit)"
            ),
            TablesNotReady => write!(
                f,
                "the endgame tables for these rules are still being read or built: try again shortly"
            ),
            TablesOff => write!(f, "this service runs without endgame tables"),
        }
    }
}
