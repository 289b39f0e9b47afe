use crate::api::body::Body;
use crate::api::context::request_game;
use crate::api::dto::{BestMoveRequest, BestMoveResponse, MoveView, ScoreView};
use crate::api::error::{ApiError, Problem};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::engine::{self, Caps, Level, Limits, Score};
use crate::rules::notation::moves;
use crate::rules::{Outcome, Position};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{web, HttpResponse};
use std::time::Duration;

/// Most nodes a request may ask for.
pub const MAX_NODES: u64 = 1 << 36;

/// The searcher's move, score, principal variation, depth, nodes and time.
#[utoipa::path(post, path = "/bestmove", request_body = BestMoveRequest, tag = "ai",
    responses(
        (status = 200, description = "The chosen move", body = BestMoveResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the size limit", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Invalid input, a limit over the server's cap, or a finished game", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Every search slot is busy: retry after the Retry-After seconds", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
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
    let rules = game.rules;
    let level = match &req.level {
        Some(text) => Some(Level::parse(text).ok_or_else(|| {
            ApiError::invalid(
                "level",
                format!("unknown level '{text}': easy, medium, hard or max"),
            )
        })?),
        None => None,
    };
    let limits = check_limits(req.limits.as_ref(), &state.config)?;
    let outcome = game.outcome();
    if outcome != Outcome::Ongoing {
        return Err(ApiError::game_over(format!(
            "the game is over ({}): there is no move to search",
            crate::rules::replay::describe_outcome(&outcome)
        )));
    }
    let caps = Caps {
        max_time: Duration::from_millis(state.config.max_search_ms),
        max_depth: state.config.max_search_depth,
        tt_mb: state.config.tt_mb,
        bitbases: Some(state.bitbases.clone()),
    };
    let request = engine::Request {
        level,
        limits,
        seed: req.seed,
    };
    // Cache only what is a pure function of the request: depth/node limits, no clock.
    let deterministic = limits.time.is_none()
        && (limits.depth.is_some() || limits.nodes.is_some())
        && (level.is_none() || req.seed.is_some());
    let state_for_job = state.clone();
    let caps_for_job = caps.clone();
    let job = move || {
        let m = &state_for_job.metrics;
        m.searches_running.inc();
        let answer = engine::think(&game, &request, &caps_for_job, None);
        m.searches_running.dec();
        (game, answer)
    };
    let Some(receiver) = state.searches.try_run(job) else {
        state.metrics.searches_rejected.inc();
        return Err(ApiError::busy(format!(
            "all {} search slots are busy; retry shortly",
            state.searches.size()
        )));
    };
    let (game, answer) = receiver
        .await
        .map_err(|_| ApiError::internal("the search ended without an answer"))?;
    let answer = answer.ok_or_else(|| ApiError::game_over("the side to move has no legal move"))?;
    let m = &state.metrics;
    m.search_nodes.inc_by(answer.nodes);
    m.search_depth.observe(answer.depth as f64);
    m.search_seconds.observe(answer.elapsed.as_secs_f64());
    let response = to_response(&game.position, &rules, &answer);
    let bytes = Bytes::from(to_json(&response)?);
    let cut_by_clock = answer.elapsed >= caps.max_time.mul_f64(0.9);
    if deterministic && !cut_by_clock {
        state
            .cache
            .insert("bestmove", body.0.clone(), bytes.clone());
    }
    state.metrics.cache_misses.inc();
    Ok(json_response(bytes))
}

fn check_limits(
    given: Option<&crate::api::dto::LimitsDto>,
    config: &crate::api::Config,
) -> Result<Limits, ApiError> {
    let Some(l) = given else {
        return Ok(Limits::default());
    };
    if let Some(d) = l.depth {
        if d == 0 || d > config.max_search_depth {
            return Err(ApiError::limit(
                StatusCode::UNPROCESSABLE_ENTITY,
                "limits.depth",
                format!(
                    "depth must be 1 to {} (the server's limit), not {d}",
                    config.max_search_depth
                ),
            ));
        }
    }
    if let Some(t) = l.time_ms {
        if t == 0 || t > config.max_search_ms {
            return Err(ApiError::limit(
                StatusCode::UNPROCESSABLE_ENTITY,
                "limits.time_ms",
                format!(
                    "time_ms must be 1 to {} (the server's limit), not {t}",
                    config.max_search_ms
                ),
            ));
        }
    }
    if let Some(n) = l.nodes {
        if n == 0 || n > MAX_NODES {
            return Err(ApiError::limit(
                StatusCode::UNPROCESSABLE_ENTITY,
                "limits.nodes",
                format!("nodes must be 1 to {MAX_NODES}, not {n}"),
            ));
        }
    }
    Ok(Limits {
        depth: l.depth,
        nodes: l.nodes,
        time: l.time_ms.map(Duration::from_millis),
    })
}

fn to_response(
    pos: &Position,
    rules: &crate::rules::Rules,
    answer: &engine::Answer,
) -> BestMoveResponse {
    let score = match answer.score {
        Score::Centipieces(c) => ScoreView {
            centipieces: Some(c),
            win_in_plies: None,
            loss_in_plies: None,
        },
        Score::WinIn(n) => ScoreView {
            centipieces: None,
            win_in_plies: Some(n),
            loss_in_plies: None,
        },
        Score::LossIn(n) => ScoreView {
            centipieces: None,
            win_in_plies: None,
            loss_in_plies: Some(n),
        },
    };
    let pv = answer
        .pv
        .iter()
        .map(|m| moves::full(m, rules.board))
        .collect();
    let ms = answer.elapsed.as_millis() as u64;
    let secs = answer.elapsed.as_secs_f64();
    BestMoveResponse {
        mv: MoveView::new(&answer.best, pos, rules, false),
        score,
        pv,
        depth: answer.depth,
        nodes: answer.nodes,
        time_ms: ms,
        nps: if secs > 0.0 {
            (answer.nodes as f64 / secs) as u64
        } else {
            0
        },
    }
}
