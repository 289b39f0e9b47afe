//! `POST /play`: the player's move and the searcher's reply in one round trip.

use crate::api::admission::search::{run_search, search_request, SearchRoute};
use crate::api::dto::{next_moves, score_view, MoveView, PlayRequest, PlayResponse, StatusView};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::responses::{ClientKey, JsonBodyProblems, SearchProblems};
use crate::api::request::body::Body;
use crate::api::request::game::{parse_move_input, play_error, NamesAGame};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::rules::notation::fen;
use crate::rules::{replay, Outcome};
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};

/// One turn against the computer in one call: the player's move is applied (as `/apply`
/// does, with the same 422 for an illegal move, and no search then), then unless it ended
/// the game the searcher replies (as `/bestmove` does, on the same search pool and limits).
#[utoipa::path(post, path = "/play", request_body = PlayRequest, tag = "ai",
    params(ClientKey),
    responses(
        (status = 200, description = "The player's move and the reply", body = PlayResponse),
        JsonBodyProblems,
        (status = 422, description = "Illegal or ambiguous move, a finished game, a limit over the server's cap, or invalid input", body = Problem, content_type = "application/problem+json"),
        SearchProblems,
    ))]
pub async fn handler(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    if let Some(hit) = state.cached_search_answer("play", &body.0) {
        return Ok(hit);
    }
    let req: PlayRequest = from_json(&body.0)?;
    let mut game = req.game(state.config.max_moves)?;
    let request = search_request(req.level.as_deref(), req.limits.as_ref(), req.seed, &state)?;
    let rules = game.rules;
    let input = parse_move_input(&req.mv, "move")?;
    let before = game.position;
    let mut legal = Vec::new();
    let played =
        replay::play(&mut game, &input, &mut legal).map_err(|e| play_error(&e, "move", &game))?;
    let player_move = MoveView::new(&played, &before, &rules, false);

    if game.outcome() != Outcome::Ongoing {
        let (next_moves, capture_required) = next_moves(&game, req.include_next_moves);
        let response = PlayResponse {
            player_move,
            reply: None,
            position: fen::write(&game.position),
            status: StatusView::new(game.outcome(), game.counters, game.position.side),
            next_moves,
            capture_required,
            score: None,
            depth: None,
            nodes: None,
            time_ms: None,
        };
        return Ok(json_response(Bytes::from(to_json(&response)?)));
    }

    let reply_from = game.position;
    let (mut game, answer) = run_search(&state, &http, SearchRoute::Play, game, request).await?;
    game.play(&answer.best);
    let (next_moves, capture_required) = next_moves(&game, req.include_next_moves);
    let response = PlayResponse {
        player_move,
        reply: Some(MoveView::of(&answer.best, &reply_from, &rules, false)),
        position: fen::write(&game.position),
        status: StatusView::new(game.outcome(), game.counters, game.position.side),
        next_moves,
        capture_required,
        score: Some(score_view(answer.score)),
        depth: Some(answer.depth),
        nodes: Some(answer.nodes),
        time_ms: Some(answer.elapsed.as_millis() as u64),
    };
    let bytes = Bytes::from(to_json(&response)?);
    state.cache_if_reproducible("play", &body.0, &request, &answer, &bytes);
    Ok(json_response(bytes))
}
