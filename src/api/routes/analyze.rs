//! `POST /analyze`: every legal move of a position with its score, best first (a hint).

use crate::api::admission::search::{analysis_request, search_on_a_slot, SearchRoute};
use crate::api::dto::score_view;
use crate::api::dto::{AnalyzeRequest, AnalyzeResponse, AnalyzedMove, MoveView, ScoreBound};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::refusal::Refusal;
use crate::api::problem::responses::{ClientKey, JsonBodyProblems, SearchProblems};
use crate::api::request::body::Body;
use crate::api::request::game::{require_ongoing, NamesAGame};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::engine::analysis;
use crate::rules::detail_line;
use crate::rules::notation::moves;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};

/// Every legal move with its score, best first: a hint, or a coach's list. The best move
/// and its score are those `/bestmove` gives for the same request; `multipv` moves (default
/// all) get exact scores, the others an upper bound. Within the time limit, on the same
/// search pool as `/bestmove` (503 when it is full).
#[utoipa::path(post, path = "/analyze", request_body = AnalyzeRequest, tag = "ai",
    params(ClientKey),
    responses(
        (status = 200, description = "Every legal move with its score", body = AnalyzeResponse),
        JsonBodyProblems,
        (status = 422, description = "Invalid input, a limit over the server's cap, or a finished game", body = Problem, content_type = "application/problem+json"),
        SearchProblems,
    ))]
pub async fn handler(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let req: AnalyzeRequest = from_json(&body.0)?;
    let game = req.game(state.config.max_moves)?;
    let request = analysis_request(req.level.as_deref(), req.limits.as_ref(), req.seed, &state)?;
    if req.multipv == Some(0) {
        return Err(ApiError::refusal(Some("multipv"), &Refusal::MultipvZero));
    }
    require_ongoing(&game, "there is nothing to analyse")?;
    let multipv = req.multipv.unwrap_or(usize::MAX);
    let (game, analysis) = search_on_a_slot(
        &state,
        &http,
        SearchRoute::Analyze,
        game,
        request,
        move |game, request, caps, stop| {
            analysis::analyze(game, request, caps, Some(stop), multipv)
        },
    )
    .await?;
    let rules = game.rules;
    let response = AnalyzeResponse {
        moves: analysis
            .lines
            .iter()
            .map(|line| AnalyzedMove {
                mv: MoveView::of(&line.mv, &game.position, &rules, false),
                score: score_view(line.score),
                bound: if line.exact {
                    ScoreBound::Exact
                } else {
                    ScoreBound::Upper
                },
                pv: detail_line(&rules, &game.position, &line.pv)
                    .iter()
                    .map(|m| moves::full(m, rules.board))
                    .collect(),
                depth: line.depth,
            })
            .collect(),
        depth: analysis.depth,
        nodes: analysis.nodes,
        time_ms: analysis.elapsed.as_millis() as u64,
    };
    Ok(json_response(Bytes::from(to_json(&response)?)))
}
