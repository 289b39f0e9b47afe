//! The search service the AI routes call: a request's limits checked against the server's
//! caps, each client's fair share (429), the search slots (503), cancellation when the
//! client goes away, and the metrics of every search.

use crate::api::admission::connection::stop_when_client_leaves;
use crate::api::admission::slots::{SearchHandle, SearchLength};
use crate::api::dto::LimitsDto;
use crate::api::problem::error::ApiError;
use crate::api::problem::refusal::{Choices, Refusal};
use crate::api::state::AppState;
use crate::engine::{self, Caps, Level, Limits};
use crate::rules::Game;
use actix_web::{web, HttpRequest};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Most nodes a request may ask for.
pub const MAX_NODES: u64 = 1 << 36;

/// The routes that search, as the metrics name them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchRoute {
    /// `POST /bestmove`.
    BestMove,
    /// `POST /play`.
    Play,
    /// `POST /analyze`.
    Analyze,
    /// `POST /games/analyze`.
    GameReview,
}

impl SearchRoute {
    /// The route's path, the metrics' label.
    pub fn path(self) -> &'static str {
        match self {
            SearchRoute::BestMove => "/bestmove",
            SearchRoute::Play => "/play",
            SearchRoute::Analyze => "/analyze",
            SearchRoute::GameReview => "/games/analyze",
        }
    }
}

/// Who asked for a search, on which route, and how long it may take.
pub struct SearchTicket<'a> {
    /// The request (its client is found from it).
    pub http: &'a HttpRequest,
    /// The route, for the metrics.
    pub route: SearchRoute,
    /// The longest the search may run, for the choice of slot.
    pub time: Option<Duration>,
}

/// What every search tells the metrics, whatever it computed.
pub trait SearchFigures {
    /// Nodes searched.
    fn nodes(&self) -> u64;
    /// The depth reached.
    fn depth(&self) -> u32;
    /// Time spent, when the search measured it.
    fn elapsed(&self) -> Option<Duration>;
}

impl SearchFigures for engine::Answer {
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn depth(&self) -> u32 {
        self.depth
    }
    fn elapsed(&self) -> Option<Duration> {
        Some(self.elapsed)
    }
}

impl SearchFigures for engine::analysis::Analysis {
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn depth(&self) -> u32 {
        self.depth
    }
    fn elapsed(&self) -> Option<Duration> {
        Some(self.elapsed)
    }
}

impl SearchFigures for engine::analysis::PlyReview {
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn depth(&self) -> u32 {
        self.depth
    }
    fn elapsed(&self) -> Option<Duration> {
        None
    }
}

/// Count a finished search in the metrics (nodes, depth, seconds): every search route's
/// searches go through here.
pub fn record_search(state: &AppState, figures: &impl SearchFigures) {
    let m = &state.metrics;
    m.search_nodes.inc_by(figures.nodes());
    m.search_depth.observe(figures.depth() as f64);
    if let Some(elapsed) = figures.elapsed() {
        m.search_seconds.observe(elapsed.as_secs_f64());
    }
}

/// Search `game` on a search slot (429 over the client's share, 503 when every slot is
/// busy), with the metrics; the search stops if the client goes away first.
pub async fn run_search(
    state: &web::Data<AppState>,
    http: &HttpRequest,
    route: SearchRoute,
    game: Game,
    request: engine::Request,
) -> Result<(Game, engine::Answer), ApiError> {
    search_on_a_slot(
        state,
        http,
        route,
        game,
        request,
        |game, request, caps, stop| engine::think(game, request, caps, Some(stop)),
    )
    .await
}

/// Run `search` of `game` on a search slot as [`run_search`] runs `think`: admission, the
/// stop when the client leaves, "no legal move" as 422, and the metrics.
pub async fn search_on_a_slot<T: SearchFigures + Send + 'static>(
    state: &web::Data<AppState>,
    http: &HttpRequest,
    route: SearchRoute,
    game: Game,
    request: engine::Request,
    search: impl FnOnce(&Game, &engine::Request, &Caps, &AtomicBool) -> Option<T> + Send + 'static,
) -> Result<(Game, T), ApiError> {
    let caps = search_caps(state);
    let time = engine::effective_limits(&request, &caps).time;
    let ticket = SearchTicket { http, route, time };
    let (game, found) = on_search_pool(state, ticket, move |_, stop| {
        let found = search(&game, &request, &caps, stop);
        (game, found)
    })
    .await?;
    let found = found.ok_or_else(|| ApiError::game_over("the side to move has no legal move"))?;
    record_search(state, &found);
    Ok((game, found))
}

/// Run `job` on a search slot and wait for it (see [`submit_search`]).
pub async fn on_search_pool<T: Send + 'static>(
    state: &web::Data<AppState>,
    ticket: SearchTicket<'_>,
    job: impl FnOnce(&AppState, &AtomicBool) -> T + Send + 'static,
) -> Result<T, ApiError> {
    submit_search(state, ticket, job)?
        .await
        .map_err(|_| ApiError::internal("the search ended without an answer"))
}

/// Start `job` on a search slot now: 429 when the client is over its share, 503 when every
/// slot it may use is busy. The job polls the stop flag it is given, which turns true when
/// the returned handle is dropped (the client went away); it is counted in
/// `searches_running` while it runs, and its time is taken from the client's budget.
pub fn submit_search<T: Send + 'static>(
    state: &web::Data<AppState>,
    ticket: SearchTicket<'_>,
    job: impl FnOnce(&AppState, &AtomicBool) -> T + Send + 'static,
) -> Result<SearchHandle<T>, ApiError> {
    let client = state.shares.client_of(ticket.http);
    let admitted = state.shares.admit(&client).inspect_err(|e| {
        let limit = e.0.limit.unwrap_or("unknown");
        state
            .metrics
            .searches_limited
            .with_label_values(&[limit])
            .inc();
    })?;
    let state_for_job = state.clone();
    let route = ticket.route;
    let handle = state
        .searches
        .try_run(SearchLength::of(ticket.time), move |stop| {
            let m = &state_for_job.metrics;
            m.searches_running.inc();
            let result = job(&state_for_job, stop);
            m.searches_running.dec();
            if stop.load(Ordering::Relaxed) {
                m.searches_cancelled
                    .with_label_values(&[route.path()])
                    .inc();
            }
            drop(admitted);
            result
        });
    if let Some(handle) = &handle {
        stop_when_client_leaves(ticket.http, handle.stop_flag());
    }
    handle.ok_or_else(|| {
        state.metrics.searches_rejected.inc();
        let short = match state.searches.short_size() {
            0 => String::new(),
            n => format!(" (and {n} kept for searches of at most 500 ms)"),
        };
        ApiError::busy(format!(
            "all {} search slots{short} are busy; retry shortly",
            state.searches.size()
        ))
    })
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
            ApiError::refusal(
                Some("level"),
                &Refusal::UnknownChoice {
                    parameter: "level".into(),
                    value: text.to_string(),
                    choices: Choices::either(&["easy", "medium", "hard", "max"]),
                },
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
        tables: Some(state.tables.clone()),
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

pub(crate) fn check_limits(
    given: Option<&LimitsDto>,
    config: &crate::api::Config,
) -> Result<Limits, ApiError> {
    let Some(l) = given else {
        return Ok(Limits::default());
    };
    let within = |limit: &str, value: Option<u64>, max: u64| match value {
        Some(value) if value == 0 || value > max => Err(ApiError::refusal(
            Some(&format!("limits.{limit}")),
            &Refusal::SearchLimitOutOfRange {
                limit: limit.to_string(),
                value,
                max,
            },
        )),
        _ => Ok(()),
    };
    within(
        "depth",
        l.depth.map(u64::from),
        u64::from(config.max_search_depth),
    )?;
    within("time_ms", l.time_ms, config.max_search_ms)?;
    within("nodes", l.nodes, MAX_NODES)?;
    Ok(Limits {
        depth: l.depth,
        nodes: l.nodes,
        time: l.time_ms.map(Duration::from_millis),
    })
}
