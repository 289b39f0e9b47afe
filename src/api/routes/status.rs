//! `POST /status`: whether a game is over, and by which rule, with the draw counters.

use crate::api::dto::{StatusRequest, StatusView};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::responses::JsonBodyProblems;
use crate::api::request::body::Body;
use crate::api::request::game::NamesAGame;
use crate::api::state::{from_json, to_json, AppState};
use actix_web::{web, HttpResponse};

/// Ongoing, won (by whom, why) or drawn (by which rule), with the draw counters.
#[utoipa::path(post, path = "/status", request_body = StatusRequest, tag = "rules",
    responses(
        (status = 200, description = "The status", body = StatusView),
        JsonBodyProblems,
        (status = 422, description = "Invalid variant, position or history", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    state.cached("status", &body.0, || {
        let req: StatusRequest = from_json(&body.0)?;
        let game = req.game(state.config.max_moves)?;
        to_json(&StatusView::new(
            game.outcome(),
            game.counters,
            game.position.side,
        ))
    })
}
