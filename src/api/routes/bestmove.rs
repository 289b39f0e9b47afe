//! `POST /bestmove`: the searcher's move for a position, with its score and line.

use crate::api::admission::search::{run_search, search_request, SearchRoute};
use crate::api::dto::{
    next_moves, score_view, BestMoveRequest, BestMoveResponse, MoveView, StatusView,
};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::responses::{ClientKey, JsonBodyProblems, SearchProblems};
use crate::api::request::body::Body;
use crate::api::request::game::{require_ongoing, NamesAGame};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::engine::{self};
use crate::rules::detail_line;
use crate::rules::notation::{fen, moves};
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};

/// The searcher's move, score, principal variation, depth, nodes and time.
#[utoipa::path(post, path = "/bestmove", request_body = BestMoveRequest, tag = "ai",
    params(ClientKey),
    responses(
        (status = 200, description = "The chosen move", body = BestMoveResponse),
        JsonBodyProblems,
        (status = 422, description = "Invalid input, a limit over the server's cap, or a finished game", body = Problem, content_type = "application/problem+json"),
        SearchProblems,
    ))]
pub async fn handler(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    if let Some(hit) = state.cached_search_answer("bestmove", &body.0) {
        return Ok(hit);
    }
    let req: BestMoveRequest = from_json(&body.0)?;
    let game = req.game(state.config.max_moves)?;
    let request = search_request(req.level.as_deref(), req.limits.as_ref(), req.seed, &state)?;
    require_ongoing(&game, "there is no move to search")?;
    let before = game.position;
    let (mut game, answer) =
        run_search(&state, &http, SearchRoute::BestMove, game, request).await?;
    let rules = game.rules;
    game.play(&answer.best);
    let (next_moves, capture_required) = next_moves(&game, req.include_next_moves);
    let response = BestMoveResponse {
        mv: MoveView::of(&answer.best, &before, &rules, false),
        score: score_view(answer.score),
        pv: detail_line(&rules, &before, &answer.pv)
            .iter()
            .map(|m| moves::full(m, rules.board))
            .collect(),
        depth: answer.depth,
        nodes: answer.nodes,
        time_ms: answer.elapsed.as_millis() as u64,
        nps: nodes_per_second(&answer),
        position: fen::write(&game.position),
        status: StatusView::new(game.outcome(), game.counters, game.position.side),
        next_moves,
        capture_required,
    };
    let bytes = Bytes::from(to_json(&response)?);
    state.cache_if_reproducible("bestmove", &body.0, &request, &answer, &bytes);
    Ok(json_response(bytes))
}

fn nodes_per_second(answer: &engine::Answer) -> u64 {
    let secs = answer.elapsed.as_secs_f64();
    if secs > 0.0 {
        (answer.nodes as f64 / secs) as u64
    } else {
        0
    }
}
