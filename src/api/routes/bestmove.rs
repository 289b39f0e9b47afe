use crate::api::body::Body;
use crate::api::context::request_game;
use crate::api::dto::{
    BestMoveRequest, BestMoveResponse, LimitsDto, MoveView, ScoreView, StatusView,
};
use crate::api::error::{ApiError, Problem};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::engine::{self, Caps, Level, Limits, Score};
use crate::rules::notation::{fen, moves};
use crate::rules::{detail_line, Game, Outcome};
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
    let request = search_request(req.level.as_deref(), req.limits.as_ref(), req.seed, &state)?;
    let outcome = game.outcome();
    if outcome != Outcome::Ongoing {
        return Err(ApiError::game_over(format!(
            "the game is over ({}): there is no move to search",
            crate::rules::replay::describe_outcome(&outcome)
        )));
    }
    let before = game.position;
    let (mut game, answer) = run_search(&state, game, request).await?;
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

/// The engine request of a search route's `level`, `limits` and `seed`, checked against the
/// server's caps.
pub fn search_request(
    level: Option<&str>,
    limits: Option<&LimitsDto>,
    seed: Option<u64>,
    state: &AppState,
) -> Result<engine::Request, ApiError> {
    let level = match level {
        Some(text) => Some(Level::parse(text).ok_or_else(|| {
            ApiError::invalid(
                "level",
                format!("unknown level '{text}': easy, medium, hard or max"),
            )
        })?),
        None => None,
    };
    Ok(engine::Request {
        level,
        limits: check_limits(limits, &state.config)?,
        seed,
    })
}

/// The server's caps on a search, with its endgame tables.
pub fn search_caps(state: &AppState) -> Caps {
    Caps {
        max_time: Duration::from_millis(state.config.max_search_ms),
        max_depth: state.config.max_search_depth,
        tt_mb: state.config.tt_mb,
        bitbases: Some(state.bitbases.clone()),
    }
}

/// The search of an analysis: explicit limits, else a level's limits (never its noise: an
/// analysis says what it finds), else the medium level's.
pub fn analysis_request(
    level: Option<&str>,
    limits: Option<&LimitsDto>,
    seed: Option<u64>,
    state: &AppState,
) -> Result<engine::Request, ApiError> {
    let mut request = search_request(level, limits, seed, state)?;
    let level = request.level.take().unwrap_or(Level::Medium);
    if request.limits == Limits::default() {
        request.limits = level.limits();
    }
    Ok(request)
}

/// Search `game` on the search pool (503 when every slot is busy), with the metrics.
pub async fn run_search(
    state: &web::Data<AppState>,
    game: Game,
    request: engine::Request,
) -> Result<(Game, engine::Answer), ApiError> {
    let caps = search_caps(state);
    let (game, answer) = on_search_pool(state, move |_| {
        let answer = engine::think(&game, &request, &caps, None);
        (game, answer)
    })
    .await?;
    let answer = answer.ok_or_else(|| ApiError::game_over("the side to move has no legal move"))?;
    let m = &state.metrics;
    m.search_nodes.inc_by(answer.nodes);
    m.search_depth.observe(answer.depth as f64);
    m.search_seconds.observe(answer.elapsed.as_secs_f64());
    Ok((game, answer))
}

/// Run `job` on a search slot (503 with `Retry-After` when every slot is busy), counted in
/// `searches_running` while it runs.
pub async fn on_search_pool<T: Send + 'static>(
    state: &web::Data<AppState>,
    job: impl FnOnce(&AppState) -> T + Send + 'static,
) -> Result<T, ApiError> {
    submit_search(state, job)?
        .await
        .map_err(|_| ApiError::internal("the search ended without an answer"))
}

/// Start `job` on a search slot now (503 when every slot is busy); its result arrives on
/// the receiver.
pub fn submit_search<T: Send + 'static>(
    state: &web::Data<AppState>,
    job: impl FnOnce(&AppState) -> T + Send + 'static,
) -> Result<tokio::sync::oneshot::Receiver<T>, ApiError> {
    let state_for_job = state.clone();
    let receiver = state.searches.try_run(move || {
        let m = &state_for_job.metrics;
        m.searches_running.inc();
        let result = job(&state_for_job);
        m.searches_running.dec();
        result
    });
    receiver.ok_or_else(|| {
        state.metrics.searches_rejected.inc();
        ApiError::busy(format!(
            "all {} search slots are busy; retry shortly",
            state.searches.size()
        ))
    })
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

fn check_limits(
    given: Option<&LimitsDto>,
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
