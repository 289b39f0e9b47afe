//! `POST /bestmove`: the searcher's move for a position, with its score and line.

use crate::api::body::Body;
use crate::api::context::request_game;
use crate::api::dto::{BestMoveRequest, BestMoveResponse, MoveView, ScoreView, StatusView};
use crate::api::error::{ApiError, Problem};
use crate::api::searches::{run_search, search_request, SearchRoute};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::engine::{self, Score};
use crate::rules::notation::{fen, moves};
use crate::rules::{detail_line, Game, Outcome};
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use std::time::Duration;

/// The searcher's move, score, principal variation, depth, nodes and time.
#[utoipa::path(post, path = "/bestmove", request_body = BestMoveRequest, tag = "ai",
    responses(
        (status = 200, description = "The chosen move", body = BestMoveResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the size limit", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Invalid input, a limit over the server's cap, or a finished game", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "This client is over its share of the searches (running at once, or search time): retry after the Retry-After seconds", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Every search slot is busy: retry after the Retry-After seconds", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    if let Some(hit) = state.cache.get("bestmove", &body.0) {
        state.metrics.cache_hits.inc();
        return Ok(json_response((*hit).clone()));
    }
    let req: BestMoveRequest = from_json(&body.0)?;
    let game = request_game(
        &req.variant,
        req.position.as_deref(),
        req.history.as_ref(),
        state.config.max_moves,
    )?;
    let request = search_request(req.level.as_deref(), req.limits.as_ref(), req.seed, &state)?;
    let outcome = game.outcome();
    if outcome != Outcome::Ongoing {
        return Err(ApiError::game_over(format!(
            "the game is over ({}): there is no move to search",
            crate::rules::replay::describe_outcome(&outcome)
        )));
    }
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
    cache_if_reproducible(&state, "bestmove", &body.0, &request, &answer, &bytes);
    Ok(json_response(bytes))
}

/// Cache only what is a pure function of the request: depth/node limits, no clock.
pub fn cache_if_reproducible(
    state: &AppState,
    route: &'static str,
    body: &Bytes,
    request: &engine::Request,
    answer: &engine::Answer,
    bytes: &Bytes,
) {
    let limits = request.limits;
    let deterministic = limits.time.is_none()
        && (limits.depth.is_some() || limits.nodes.is_some())
        && (request.level.is_none() || request.seed.is_some());
    let cut_by_clock =
        answer.elapsed >= Duration::from_millis(state.config.max_search_ms).mul_f64(0.9);
    if deterministic && !cut_by_clock {
        state.cache.insert(route, body.clone(), bytes.clone());
    }
    state.metrics.cache_misses.inc();
}

/// The legal moves of the side to move, and whether all are captures, when asked for.
pub fn next_moves(game: &Game, wanted: bool) -> (Option<Vec<MoveView>>, Option<bool>) {
    if !wanted {
        return (None, None);
    }
    let list = if game.outcome() == Outcome::Ongoing {
        game.legal_moves()
    } else {
        Vec::new()
    };
    let views = list
        .iter()
        .map(|m| MoveView::new(m, &game.position, &game.rules, false))
        .collect();
    let all_captures = !list.is_empty() && list.iter().all(|m| m.is_capture());
    (Some(views), Some(all_captures))
}

pub fn score_view(score: Score) -> ScoreView {
    let mut view = ScoreView {
        centipieces: None,
        win_in_plies: None,
        loss_in_plies: None,
    };
    match score {
        Score::Centipieces(c) => view.centipieces = Some(c),
        Score::WinIn(n) => view.win_in_plies = Some(n),
        Score::LossIn(n) => view.loss_in_plies = Some(n),
    }
    view
}

fn nodes_per_second(answer: &engine::Answer) -> u64 {
    let secs = answer.elapsed.as_secs_f64();
    if secs > 0.0 {
        (answer.nodes as f64 / secs) as u64
    } else {
        0
    }
}
