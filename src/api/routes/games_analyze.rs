//! `POST /games/analyze`: a whole game reviewed ply by ply (JSON, or SSE progress).

use crate::api::admission::search::{
    analysis_request, record_search, search_caps, submit_search, SearchRoute, SearchTicket,
};
use crate::api::dto::score_view;
use crate::api::dto::{
    GameReviewRequest, GameReviewResponse, MoveView, ReviewSummary, ReviewedPly, SideReview,
};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::refusal::Refusal;
use crate::api::problem::responses::{ClientKey, JsonBodyProblems, SearchProblems};
use crate::api::request::body::Body;
use crate::api::request::game::{check_move_count, move_list, parse_position, play_error};
use crate::api::request::pdn::single_pdn_game;
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::engine::analysis::{centipieces, review_ply};
use crate::engine::review::{self, MoveClass};
use crate::engine::{Caps, Request, Score};
use crate::render::review::{annotated_pdn, score_chart, Annotated};
use crate::rules::notation::{fen, pdn};
use crate::rules::replay;
use crate::rules::{detail, Color, DetailedMove, Game, Position, Preset};
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Review a game move by move: for each ply the best move and score before it, the score
/// after the move played, the loss and a class (`best`, `good` under 25 centipieces of
/// loss, `inaccuracy` under 75, `mistake` under 150, `blunder`); per side the counts and an
/// accuracy (100 × the mean of 1 − min(loss, 300)/300); the game as PDN with NAGs and
/// comments; with `graph`, the score chart as SVG. Each position is searched with `limits`
/// (a second search scores a move that was not the best); all of them together must fit
/// the server's review budget (`--max-review-ms`: a time limit times the plies over it is a
/// 422 that says the most it will do; depth and node limits are cut at an equal share of
/// it). With `Accept: text/event-stream` the review streams: a `ply` event per ply as soon
/// as it is done, then a `summary` event with the whole answer; a client that disconnects
/// stops the work. An illegal move ends the review there with its error (as
/// `/games/validate` reports it).
#[utoipa::path(post, path = "/games/analyze", request_body = GameReviewRequest, tag = "ai",
    params(ClientKey),
    responses(
        (status = 200, description = "The reviewed game", body = GameReviewResponse),
        JsonBodyProblems,
        (status = 422, description = "Invalid input, an illegal move, or a review over the server's budget", body = Problem, content_type = "application/problem+json"),
        SearchProblems,
    ))]
pub async fn handler(
    state: web::Data<AppState>,
    http: HttpRequest,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let req: GameReviewRequest = from_json(&body.0)?;
    let plan = plan(&req, &state)?;
    let streaming = http
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/event-stream"));
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Bytes>(16);
    let caps = search_caps(&state);
    let ticket = SearchTicket {
        http: &http,
        route: SearchRoute::GameReview,
        time: Some(Duration::from_millis(state.config.max_review_ms)),
    };
    let review = submit_search(&state, ticket, move |state, stop| {
        run(plan, &caps, state, stop, streaming.then_some(tx))
    })?;
    if streaming {
        // The stream owns the review's handle: when the client goes away actix drops the
        // stream, and with it the handle, which stops the review's search at once.
        let body = futures_util::stream::unfold((rx, review), |(mut rx, review)| async move {
            rx.recv()
                .await
                .map(|b| (Ok::<_, actix_web::Error>(b), (rx, review)))
        });
        return Ok(HttpResponse::Ok()
            .content_type("text/event-stream")
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .streaming(body));
    }
    rx.close();
    let response = review
        .await
        .map_err(|_| ApiError::internal("the review ended without an answer"))??;
    Ok(json_response(Bytes::from(to_json(&response)?)))
}

/// What a review will do: the positions and moves, the search request, the options.
struct Plan {
    steps: Vec<(Game, DetailedMove)>,
    error: Option<crate::api::dto::ValidateError>,
    request: Request,
    graph: bool,
    start_fen: String,
    game_type: Option<u32>,
}

fn plan(req: &GameReviewRequest, state: &AppState) -> Result<Plan, ApiError> {
    let (rules, start, inputs) = match (&req.moves, &req.pdn) {
        (Some(list), None) => {
            let (rules, inputs) = move_list(req.variant.as_ref(), list)?;
            (rules, req.start.clone(), inputs)
        }
        (None, Some(text)) => {
            let game = pdn::parse(text).map_err(|e| {
                ApiError::refusal(
                    Some("pdn"),
                    &Refusal::BadPdn {
                        message: e.message.clone(),
                    },
                )
                .offset(e.offset)
            })?;
            single_pdn_game(&game, req.variant.as_ref(), req.start.as_ref())?
        }
        _ => return Err(ApiError::refusal(Some("moves"), &Refusal::MovesOrPdn)),
    };
    check_move_count(inputs.len(), state.config.max_moves)?;
    let mut game = match &start {
        Some(text) => {
            let f = parse_position(text, &rules, "start")?;
            Game::new(rules, f.position, f.halfmove)
        }
        None => Game::new(rules, Position::initial(&rules), None),
    };
    let start_fen = fen::write(&game.position);
    let mut steps = Vec::with_capacity(inputs.len());
    let mut error = None;
    let mut legal = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let before = game.clone();
        match replay::play(&mut game, input, &mut legal) {
            Ok(mv) => steps.push((before, mv)),
            Err(e) => {
                let problem = play_error(&e, "move", &game);
                error = Some(crate::api::dto::ValidateError::from_problem(
                    i + 1,
                    input.describe(),
                    &problem.0,
                ));
                break;
            }
        }
    }
    let mut request = analysis_request(req.level.as_deref(), req.limits.as_ref(), None, state)?;
    let budget = state.config.max_review_ms;
    let plies = steps.len().max(1) as u64;
    let share = Duration::from_millis((budget / plies).max(1));
    match request.limits.time {
        Some(t) if t.as_millis() as u64 * plies > budget => {
            return Err(ApiError::refusal(
                Some("limits.time_ms"),
                &Refusal::ReviewOverBudget {
                    plies: plies as usize,
                    time_ms: t.as_millis() as u64,
                    budget_ms: budget,
                    per_ply_ms: budget / plies,
                },
            ))
        }
        Some(_) => {}
        // Depth or node limits too: each ply stops at its share of the budget, so the
        // whole review stays within it however its limits are given.
        None => request.limits.time = Some(share),
    }
    Ok(Plan {
        steps,
        error,
        request,
        graph: req.graph,
        start_fen,
        game_type: Preset::find_by_rules(&rules).and_then(|p| p.pdn_game_type),
    })
}

/// A reviewed ply's facts for the annotated PDN and the chart.
struct Noted {
    side: Color,
    played: DetailedMove,
    best: Option<DetailedMove>,
    class: MoveClass,
    score: Score,
    white_view: i32,
}

/// Review every step, sending each ply (and the summary) as events when streaming.
fn run(
    plan: Plan,
    caps: &Caps,
    state: &AppState,
    stop: &AtomicBool,
    events: Option<tokio::sync::mpsc::Sender<Bytes>>,
) -> Result<GameReviewResponse, ApiError> {
    let metrics = &state.metrics;
    let mut plies = Vec::new();
    let mut noted: Vec<Noted> = Vec::new();
    for (i, (before, played)) in plan.steps.iter().enumerate() {
        let gone =
            || stop.load(Ordering::Relaxed) || events.as_ref().is_some_and(|tx| tx.is_closed());
        if gone() {
            metrics.reviews_cancelled.inc();
            return Err(ApiError::internal("the client went away"));
        }
        let reviewed = review_ply(before, played, &plan.request, caps, Some(stop));
        if gone() {
            metrics.reviews_cancelled.inc();
            return Err(ApiError::internal("the client went away"));
        }
        let Some(r) = reviewed else { break };
        record_search(state, &r);
        metrics.review_plies.inc();
        let was_best = r.best.same_move(played);
        let loss = if was_best {
            0
        } else {
            (centipieces(r.best_score) - centipieces(r.played_score)).max(0)
        };
        let class = review::class(was_best, loss);
        let side = before.position.side;
        let rules = &before.rules;
        let ply = ReviewedPly {
            ply: i + 1,
            side,
            mv: MoveView::new(played, &before.position, rules, false),
            best: MoveView::of(&r.best, &before.position, rules, false),
            best_score: score_view(r.best_score),
            score_after: score_view(r.played_score),
            loss,
            class,
            depth: r.depth,
        };
        if let Some(tx) = &events {
            let data = serde_json::to_string(&ply).unwrap_or_default();
            if tx
                .blocking_send(Bytes::from(format!("event: ply\ndata: {data}\n\n")))
                .is_err()
            {
                metrics.reviews_cancelled.inc();
                return Err(ApiError::internal("the client went away"));
            }
        }
        let white_view = if side == Color::White {
            centipieces(r.played_score)
        } else {
            -centipieces(r.played_score)
        };
        noted.push(Noted {
            side,
            played: *played,
            best: (!was_best).then(|| detail(rules, &before.position, &r.best)),
            class,
            score: r.played_score,
            white_view,
        });
        plies.push(ply);
    }
    let annotated: Vec<Annotated> = noted
        .iter()
        .map(|n| Annotated {
            side: n.side,
            played: &n.played,
            best: n.best.as_ref(),
            class: n.class,
            score: words(n.score),
            white_view: n.white_view,
        })
        .collect();
    let (board, first_side) = plan
        .steps
        .first()
        .map_or((crate::rules::BoardSize::Eight, Color::White), |(g, _)| {
            (g.rules.board, g.position.side)
        });
    let response = GameReviewResponse {
        summary: ReviewSummary {
            white: side_review(&plies, Color::White),
            black: side_review(&plies, Color::Black),
        },
        pdn: annotated_pdn(
            &annotated,
            board,
            first_side,
            plan.game_type,
            &plan.start_fen,
        ),
        graph: plan.graph.then(|| score_chart(&annotated)),
        error: plan.error.clone(),
        plies,
    };
    if let Some(tx) = &events {
        let data = serde_json::to_string(&response).unwrap_or_default();
        let _ = tx.blocking_send(Bytes::from(format!("event: summary\ndata: {data}\n\n")));
    }
    Ok(response)
}

fn side_review(plies: &[ReviewedPly], side: Color) -> SideReview {
    let mine: Vec<&ReviewedPly> = plies.iter().filter(|p| p.side == side).collect();
    let count = |class: MoveClass| mine.iter().filter(|p| p.class == class).count();
    SideReview {
        best: count(MoveClass::Best),
        good: count(MoveClass::Good),
        inaccuracy: count(MoveClass::Inaccuracy),
        mistake: count(MoveClass::Mistake),
        blunder: count(MoveClass::Blunder),
        accuracy: review::accuracy(&mine.iter().map(|p| p.loss).collect::<Vec<_>>()),
    }
}

/// A score in words for a PDN comment.
fn words(score: Score) -> String {
    match score {
        Score::Centipieces(c) => format!("{:+.2}", c as f64 / 100.0),
        Score::WinIn(n) => format!("win in {n}"),
        Score::LossIn(n) => format!("loss in {n}"),
    }
}
