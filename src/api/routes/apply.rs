//! `POST /apply`: play a move on a position and answer what it did and the status after it.

use crate::api::dto::{ApplyRequest, ApplyResponse, MoveView, StatusView};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::responses::JsonBodyProblems;
use crate::api::request::body::Body;
use crate::api::request::game::{parse_move_input, play_error, NamesAGame};
use crate::api::state::{from_json, to_json, AppState};
use crate::rules::notation::fen;
use crate::rules::replay;
use actix_web::{web, HttpResponse};

/// Play one move: the normalized move, the new position and the status.
#[utoipa::path(post, path = "/apply", request_body = ApplyRequest, tag = "rules",
    responses(
        (status = 200, description = "The move was played", body = ApplyResponse),
        JsonBodyProblems,
        (status = 422, description = "Illegal or ambiguous move, finished game, or invalid input", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    state.cached("apply", &body.0, || {
        let req: ApplyRequest = from_json(&body.0)?;
        let mut game = req.game(state.config.max_moves)?;
        let rules = game.rules;
        let input = parse_move_input(&req.mv, "move")?;
        let before = game.position;
        let mut legal = Vec::new();
        let mv = replay::play(&mut game, &input, &mut legal)
            .map_err(|e| play_error(&e, "move", &game))?;
        let response = ApplyResponse {
            mv: MoveView::new(&mv, &before, &rules, false),
            position: fen::write(&game.position),
            status: StatusView::new(game.outcome(), game.counters, game.position.side),
        };
        to_json(&response)
    })
}
