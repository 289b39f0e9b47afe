//! `POST /moves`: the legal moves of a position.

use crate::api::dto::{MoveViews, MovesRequest, MovesResponse, StatusView};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::responses::JsonBodyProblems;
use crate::api::request::body::Body;
use crate::api::request::game::NamesAGame;
use crate::api::state::{from_json, to_json, AppState};
use actix_web::{web, HttpResponse};

/// Legal moves of a position, whether a capture is compulsory, and the game status.
#[utoipa::path(post, path = "/moves", request_body = MovesRequest, tag = "rules",
    responses(
        (status = 200, description = "The legal moves", body = MovesResponse),
        JsonBodyProblems,
        (status = 422, description = "Invalid variant, position or history", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    state.cached("moves", &body.0, || {
        let req: MovesRequest = from_json(&body.0)?;
        let game = req.game(state.config.max_moves)?;
        let rules = game.rules;
        let mut legal = Vec::new();
        let outcome = game.outcome_with(&mut legal);
        let pos = &game.position;
        let response = MovesResponse {
            moves: MoveViews {
                legal: &legal,
                position: pos,
                rules: &rules,
                with_positions: req.include_positions,
            },
            capture_required: !legal.is_empty() && legal.iter().all(|m| m.is_capture()),
            status: StatusView::new(outcome, game.counters, pos.side),
        };
        to_json(&response)
    })
}
