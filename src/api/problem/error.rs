//! One error type for the HTTP face, answered as `application/problem+json` (RFC 9457).

use crate::rules::explain::WhyNot;
use crate::rules::Choices;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::ToSchema;

/// The kinds of problem, each with its `type` path and title. A problem's `code` is its
/// kind's, or a finer one (why a move is illegal).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    MalformedRequest,
    InvalidValue,
    IllegalMove,
    GameOver,
    LimitExceeded,
    Busy,
    TooManyRequests,
    NotFound,
    MethodNotAllowed,
    Internal,
}

impl Choices for ProblemKind {
    const ALL: &'static [Self] = &[
        ProblemKind::MalformedRequest,
        ProblemKind::InvalidValue,
        ProblemKind::IllegalMove,
        ProblemKind::GameOver,
        ProblemKind::LimitExceeded,
        ProblemKind::Busy,
        ProblemKind::TooManyRequests,
        ProblemKind::NotFound,
        ProblemKind::MethodNotAllowed,
        ProblemKind::Internal,
    ];
}

impl ProblemKind {
    /// Its `type` path's last part (`illegal-move`).
    pub fn slug(self) -> String {
        self.name().replace('_', "-")
    }

    /// Its English title.
    pub fn title(self) -> &'static str {
        match self {
            ProblemKind::MalformedRequest => "Malformed request",
            ProblemKind::InvalidValue => "Invalid value",
            ProblemKind::IllegalMove => "Illegal move",
            ProblemKind::GameOver => "The game is over",
            ProblemKind::LimitExceeded => "Limit exceeded",
            ProblemKind::Busy => "Service busy",
            ProblemKind::TooManyRequests => "Too many requests",
            ProblemKind::NotFound => "Not found",
            ProblemKind::MethodNotAllowed => "Method not allowed",
            ProblemKind::Internal => "Internal error",
        }
    }
}

pub use crate::api::problem::refusal::Refusal;

/// Every code a problem may carry: the kinds', the reasons a move is illegal, then the
/// other refusals'.
pub fn problem_codes() -> Vec<String> {
    ProblemKind::ALL
        .iter()
        .map(|k| k.name())
        .chain(WhyNot::examples().iter().map(WhyNot::code))
        .chain(Refusal::examples().iter().map(Refusal::code))
        .collect()
}

pub(crate) fn code_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(problem_codes()))
        .description(Some(
            "A stable, machine-readable code for the problem (snake_case): its kind, or for an \
             illegal move the reason, whose facts are fields beside it (`takes`, `max`, \
             `square`, …). `detail` and `title` are in the negotiated language.",
        ))
        .build()
}

/// An RFC 9457 problem document.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"type": "/problems/illegal-move", "title": "Illegal move", "status": 422,
    "detail": "a capture is compulsory: 28x19", "field": "move", "legal_moves": ["28x19"]}))]
pub struct Problem {
    /// A URI reference naming the kind of problem.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    /// What is wrong, in words (in the language of `Content-Language`).
    pub detail: String,
    #[schema(schema_with = code_schema)]
    pub code: String,
    /// The facts of the code, by name (for example `takes` and `max`).
    #[serde(flatten)]
    #[schema(ignore)]
    pub params: Map<String, Value>,
    /// The request field that is wrong (a JSON path such as `history.moves[3]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// 0-based character offset in that field's text where the problem starts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    /// The legal moves of the position, when a move was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    /// The moves an ambiguous notation could mean.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<String>>,
    /// Which of the client's limits refused the request (429): `concurrent_searches` or
    /// `search_time`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// Seconds to wait before trying again (sent as the `Retry-After` header).
    #[serde(skip)]
    pub retry_after: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct ApiError(pub Box<Problem>);

impl ApiError {
    pub fn new(status: StatusCode, kind: ProblemKind, detail: impl Into<String>) -> Self {
        ApiError(Box::new(Problem {
            kind: format!("/problems/{}", kind.slug()),
            title: kind.title().to_string(),
            status: status.as_u16(),
            detail: detail.into(),
            code: kind.name(),
            params: Map::new(),
            field: None,
            offset: None,
            legal_moves: None,
            candidates: None,
            limit: None,
            retry_after: None,
        }))
    }

    /// A move the rules refuse, with the reason's code and facts when there is one.
    pub fn refused_move(field: &str, why: &WhyNot) -> Self {
        Self::illegal_move(field, why.to_string()).coded(why)
    }

    /// The code and facts of a reason serialised as `{"code": …, facts…}`.
    fn coded(mut self, reason: &impl Serialize) -> Self {
        if let Ok(Value::Object(mut facts)) = serde_json::to_value(reason) {
            if let Some(Value::String(code)) = facts.remove("code") {
                self.0.code = code;
            }
            // A fact that has a field of its own is written once, in that field.
            if let Some(candidates) = facts.remove("candidates") {
                self.0.candidates = serde_json::from_value(candidates).ok();
            }
            self.0.params = facts;
        }
        self
    }

    /// A refusal with its code and facts, at `field` when one is to blame.
    pub fn refusal(field: Option<&str>, refusal: &Refusal) -> Self {
        let (kind, status) = refusal.kind_and_status();
        let mut error = Self::new(status, kind, refusal.to_string()).coded(refusal);
        if status == StatusCode::SERVICE_UNAVAILABLE {
            error.0.retry_after = Some(5);
        }
        error.0.field = field.map(str::to_string);
        error
    }

    pub fn illegal_move(field: &str, detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ProblemKind::IllegalMove,
            detail,
        )
        .at(field)
    }

    /// A move after the game ended, with who won (`none` for a draw) and the rule's id.
    pub fn game_already_over(outcome: &crate::rules::Outcome) -> Self {
        use crate::rules::Outcome;
        let mut error = Self::game_over(format!(
            "the game is already over ({})",
            crate::rules::replay::describe_outcome(outcome)
        ));
        let (winner, reason) = match outcome {
            Outcome::Win { winner, reason } => (winner.name(), reason.id()),
            Outcome::Draw { reason } => ("none", reason.id()),
            Outcome::Ongoing => ("none", "ongoing"),
        };
        error
            .0
            .params
            .insert("winner".into(), Value::String(winner.to_string()));
        error
            .0
            .params
            .insert("reason".into(), Value::String(reason.to_string()));
        error
    }

    pub fn game_over(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ProblemKind::GameOver,
            detail,
        )
    }

    pub fn busy(detail: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, ProblemKind::Busy, detail)
    }

    /// A client over its fair share of the searches (429, with the limit that refused it).
    pub fn too_many_requests(
        limit: crate::api::admission::fair_share::Limit,
        retry_after: u64,
        detail: impl Into<String>,
    ) -> Self {
        let mut error = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            ProblemKind::TooManyRequests,
            detail,
        );
        error.0.limit = Some(limit.name());
        error.0.retry_after = Some(retry_after);
        error
    }

    pub fn internal(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ProblemKind::Internal,
            detail,
        )
    }

    pub fn at(mut self, field: &str) -> Self {
        self.0.field = Some(field.to_string());
        self
    }

    pub fn offset(mut self, offset: usize) -> Self {
        self.0.offset = Some(offset);
        self
    }

    pub fn legal_moves(mut self, moves: Vec<String>) -> Self {
        self.0.legal_moves = Some(moves);
        self
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.0.title, self.0.detail)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header((header::CONTENT_TYPE, "application/problem+json"));
        match (self.0.status, self.0.retry_after) {
            (_, Some(seconds)) => {
                response.insert_header((header::RETRY_AFTER, seconds.to_string()));
            }
            (503, None) => {
                response.insert_header((header::RETRY_AFTER, "1"));
            }
            _ => {}
        }
        response.body(serde_json::to_string(&*self.0).unwrap_or_default())
    }
}
