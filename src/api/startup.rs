//! Build the App, bind, run until stopped. Binding port 0 gives tests a free port.

use crate::api::config::Config;
use crate::api::http::compression;
use crate::api::http::cors::CorsPolicy;
use crate::api::http::observe::observe;
use crate::api::problem::error::ApiError;
use crate::api::routes;
use crate::api::state::AppState;
use crate::engine::bitbase::FillEvent;
use actix_web::dev::HttpServiceFactory;
use actix_web::dev::{Server, ServerHandle};
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Compress};
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;
use utoipa_swagger_ui::SwaggerUi;

/// The bound server, ready to run.
pub struct Application {
    server: Server,
    port: u16,
    state: Arc<AppState>,
}

async fn not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::new(
        actix_web::http::StatusCode::NOT_FOUND,
        crate::api::problem::error::ProblemKind::NotFound,
        "no such endpoint: see /docs for the API",
    ))
}

/// The load-test baseline: the same body extractor and JSON work as a real route, no rules.
async fn echo_json(
    body: crate::api::request::body::Body,
) -> Result<actix_web::HttpResponse, ApiError> {
    let value: serde_json::Value = crate::api::state::from_json(&body.0)?;
    Ok(crate::api::state::json_response(
        crate::api::state::to_json(&value)?.into(),
    ))
}

/// A resource answering its routes' methods; any other gets a 405 problem with `Allow`.
/// Browsers on other origins get CORS preflights answered for those methods.
fn resource(
    path: &str,
    routes: Vec<(Method, actix_web::Route)>,
    cors: &CorsPolicy,
) -> impl HttpServiceFactory {
    let methods: Vec<Method> = routes.iter().map(|(m, _)| m.clone()).collect();
    let allowed = methods
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    let mut resource = web::resource(path);
    for (_, route) in routes {
        resource = resource.route(route);
    }
    resource
        .wrap(cors.for_methods(&methods))
        .default_service(web::to(move || {
            let allowed = allowed.clone();
            async move {
                actix_web::HttpResponse::MethodNotAllowed()
                    .insert_header(("allow", allowed.as_str()))
                    .content_type("application/problem+json")
                    .body(format!(
                        r#"{{"type":"/problems/method-not-allowed","title":"Method not allowed","status":405,"detail":"this endpoint answers {allowed} only","code":"method_not_allowed"}}"#
                    ))
            }
        }))
}

/// A route the service answers: its path, its method, and whether the OpenAPI document
/// describes it (the page's files, the docs and the load-test echo are not API).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The path, as actix matches it.
    pub path: &'static str,
    /// `GET` or `POST`.
    pub method: &'static str,
    /// Described in the OpenAPI document.
    pub documented: bool,
}

/// Registers the route table (`routes::with_route_table!`) and lists it as [`ROUTES`].
macro_rules! register_routes {
    (
        documented { $($dpath:literal $dmethod:ident $($dseg:ident)::+;)* }
        undocumented { $($upath:literal $umethod:ident $($useg:ident)::+;)* }
    ) => {
        /// Every route, in the order they are registered (which the tests iterate).
        pub const ROUTES: &[Route] = &[
            $(Route { path: $dpath, method: stringify!($dmethod), documented: true },)*
            $(Route { path: $upath, method: stringify!($umethod), documented: false },)*
        ];

        /// Register every route on an `App` (shared by the server and by tests that need no
        /// socket).
        pub fn configure(cfg: &mut web::ServiceConfig, cors: &CorsPolicy) {
            // One resource per path, with a route per method the table lists for it.
            let mut by_path: Vec<(&'static str, Vec<(Method, actix_web::Route)>)> = Vec::new();
            let table = vec![
                $(($dpath, Method::$dmethod, web::route().method(Method::$dmethod).to($($dseg)::+)),)*
                $(($upath, Method::$umethod, web::route().method(Method::$umethod).to($($useg)::+)),)*
            ];
            for (path, method, route) in table {
                match by_path.iter_mut().find(|(p, _)| *p == path) {
                    Some((_, routes)) => routes.push((method, route)),
                    None => by_path.push((path, vec![(method, route)])),
                }
            }
            for (path, routes) in by_path {
                cfg.service(resource(path, routes, cors));
            }
            cfg.service(
                SwaggerUi::new("/docs/{_:.*}")
                    .config(utoipa_swagger_ui::Config::from("/openapi.json")),
            );
        }
    };
}

routes::with_route_table!(register_routes);

/// Build the endgame tables of every preset in the background (8×8 first: they are ready in
/// seconds); searches use each preset's tables once they are complete.
fn start_bitbases(state: &Arc<AppState>, config: &Config) -> std::io::Result<()> {
    if config.bitbase_pieces < 2 && config.bitbase_dir.is_none() {
        state.set_tables_in();
        return Ok(());
    }
    let mut presets: Vec<_> = crate::rules::PRESETS.iter().collect();
    presets.sort_by_key(|p| p.rules.board.side());
    let rule_sets = presets
        .into_iter()
        .map(|p| (p.id.to_string(), p.rules))
        .collect();
    let for_report = state.clone();
    crate::engine::bitbase::fill_in_background(
        state.bitbases.clone(),
        rule_sets,
        config.bitbase_pieces,
        config.bitbase_dir.clone(),
        move |event| match event {
            FillEvent::Building {
                names,
                pieces,
                positions,
                estimate_seconds,
            } => tracing::info!(
                variants = names.join(", "),
                pieces,
                positions,
                estimate_seconds = estimate_seconds.round(),
                "building endgame tables in the background: searches use each variant's once \
                 it is ready, /tablebase answers 503 tables_not_ready until then; prebuilt \
                 files (draughts-api bitbase build, then --bitbase-dir; the image has them) \
                 skip the build"
            ),
            FillEvent::Ready {
                name,
                pieces,
                bytes,
                seconds,
            } => {
                tracing::info!(
                    variant = name,
                    pieces,
                    megabytes = bytes / (1024 * 1024),
                    seconds,
                    "endgame tables ready"
                );
                let (sets, total) = for_report.bitbases.summary();
                for_report.metrics.bitbase_rule_sets.set(sets as i64);
                for_report.metrics.bitbase_bytes.set(total as i64);
            }
            FillEvent::AllReady { seconds } => {
                tracing::info!(seconds, "every variant's endgame tables are ready");
                for_report.set_tables_in();
            }
        },
    )?;
    Ok(())
}

/// Do before readiness what the first searches would otherwise do on their clock: read and
/// pack every preset's learned weights, and write the kept transposition tables' memory once
/// (see `TablePool::fill`).
fn warm_up(state: &AppState) {
    for preset in crate::rules::PRESETS {
        let _ = crate::engine::patterns::learned_defaults(&preset.rules);
    }
    state.tables.fill(state.config.tt_mb);
}

impl Application {
    /// Bind the address (port 0 picks a free port), build the state and start the endgame tables.
    pub fn build(config: Config) -> std::io::Result<Application> {
        let listener = TcpListener::bind(&config.addr)?;
        let port = listener.local_addr()?.port();
        let state = AppState::new(config.clone()).map_err(std::io::Error::other)?;
        let data = web::Data::from(state.clone());
        let workers = if config.workers == 0 {
            Config::cpus()
        } else {
            config.workers
        };
        let echo = config.bench_echo;
        let cors = CorsPolicy::parse(&config.cors_origins)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .wrap(from_fn(crate::api::problem::i18n::localize))
                .wrap(from_fn(observe))
                .wrap(from_fn(compression::skip_small_bodies))
                .wrap(Compress::default())
                .wrap(from_fn(compression::drop_identity_marker))
                .configure(|cfg| configure(cfg, &cors))
                .configure(|cfg| {
                    if echo {
                        cfg.service(web::resource("/_echo").route(web::post().to(echo_json)));
                    }
                })
                .default_service(web::to(not_found))
        })
        .workers(workers)
        // Long requests watch their client's socket (searches stop when it hangs up).
        .on_connect(crate::api::admission::connection::remember_socket)
        // Streamed answers (compressed, SSE, NDJSON) are written in pieces: without this,
        // Nagle's algorithm and delayed ACKs hold each one back by tens of milliseconds.
        .tcp_nodelay(true)
        .disable_signals()
        .shutdown_timeout(config.shutdown_secs)
        .listen(listener)?
        .run();
        warm_up(&state);
        state.set_ready(true);
        start_bitbases(&state, &config)?;
        Ok(Application {
            server,
            port,
            state,
        })
    }

    /// The port bound (useful when asked for port 0).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// A handle to stop the server.
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serve until stopped. SIGTERM or Ctrl-C: readiness turns false at once, then the server
    /// stops accepting and lets in-flight requests finish (up to the shutdown timeout).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let state = self.state.clone();
        actix_web::rt::spawn(async move {
            wait_for_signal().await;
            state.set_ready(false);
            tracing::info!("shutdown signal: draining");
            // Give load balancers a moment to see readiness fall before refusing connections.
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            handle.stop(true).await;
        });
        self.server.await
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
