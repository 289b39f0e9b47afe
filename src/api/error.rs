//! One error type for the HTTP face, answered as `application/problem+json` (RFC 9457).

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

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
    /// What is wrong, in words.
    pub detail: String,
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
    pub fn new(status: StatusCode, kind: &str, title: &str, detail: impl Into<String>) -> Self {
        ApiError(Box::new(Problem {
            kind: format!("/problems/{kind}"),
            title: title.to_string(),
            status: status.as_u16(),
            detail: detail.into(),
            field: None,
            offset: None,
            legal_moves: None,
            candidates: None,
            limit: None,
            retry_after: None,
        }))
    }

    /// A request whose body is not the JSON the endpoint takes.
    pub fn bad_request(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "malformed-request",
            "Malformed request",
            detail,
        )
    }

    /// A well-formed request with a value that is wrong (bad FEN, unknown variant, …).
    pub fn invalid(field: &str, detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid-value",
            "Invalid value",
            detail,
        )
        .at(field)
    }

    pub fn illegal_move(field: &str, detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal-move",
            "Illegal move",
            detail,
        )
        .at(field)
    }

    pub fn game_over(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "game-over",
            "The game is over",
            detail,
        )
    }

    pub fn limit(status: StatusCode, field: &str, detail: impl Into<String>) -> Self {
        Self::new(status, "limit-exceeded", "Limit exceeded", detail).at(field)
    }

    pub fn busy(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "Service busy",
            detail,
        )
    }

    /// A client over its fair share of the searches (429, with the limit that refused it).
    pub fn too_many_requests(
        limit: crate::api::share::Limit,
        retry_after: u64,
        detail: impl Into<String>,
    ) -> Self {
        let mut error = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-requests",
            "Too many requests",
            detail,
        );
        error.0.limit = Some(limit.name());
        error.0.retry_after = Some(retry_after);
        error
    }

    pub fn internal(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Internal error",
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

    pub fn candidates(mut self, moves: Vec<String>) -> Self {
        self.0.candidates = Some(moves);
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
