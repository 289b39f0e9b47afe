//! Build the App, bind, run until stopped. Binding port 0 gives tests a free port.

use super::config::Config;
use super::error::ApiError;
use super::observe::observe;
use super::openapi::ApiDoc;
use super::routes;
use super::state::AppState;
use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

pub struct Application {
    server: Server,
    port: u16,
    state: Arc<AppState>,
}

async fn not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::new(
        actix_web::http::StatusCode::NOT_FOUND,
        "not-found",
        "Not found",
        "no such endpoint: see /docs for the API",
    ))
}

/// The load-test baseline: the same body extractor and JSON work as a real route, no rules.
async fn echo_json(body: super::body::Body) -> Result<actix_web::HttpResponse, ApiError> {
    let value: serde_json::Value = super::state::from_json(&body.0)?;
    Ok(super::state::json_response(
        super::state::to_json(&value)?.into(),
    ))
}

async fn docs_redirect() -> actix_web::HttpResponse {
    actix_web::HttpResponse::PermanentRedirect()
        .insert_header(("location", "/docs/"))
        .finish()
}

/// A resource answering one method; any other gets a 405 problem with `Allow`.
fn resource<F, Args>(path: &str, method: &'static str, handler: F) -> actix_web::Resource
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    let route = if method == "POST" {
        web::post()
    } else {
        web::get()
    };
    web::resource(path).route(route.to(handler)).default_service(web::to(move || async move {
        actix_web::HttpResponse::MethodNotAllowed()
            .insert_header(("allow", method))
            .content_type("application/problem+json")
            .body(format!(
                r#"{{"type":"/problems/method-not-allowed","title":"Method not allowed","status":405,"detail":"this endpoint answers {method} only"}}"#
            ))
    }))
}

/// Register every route on an `App` (shared by the server and by tests that need no socket).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/moves", "POST", routes::moves::handler))
        .service(resource("/apply", "POST", routes::apply::handler))
        .service(resource("/status", "POST", routes::status::handler))
        .service(resource(
            "/games/validate",
            "POST",
            routes::validate::handler,
        ))
        .service(resource("/bestmove", "POST", routes::bestmove::handler))
        .service(resource("/variants", "GET", routes::variants::handler))
        .service(resource("/healthz", "GET", routes::health::healthz))
        .service(resource("/readyz", "GET", routes::health::readyz))
        .service(resource("/metrics", "GET", routes::health::metrics))
        .service(resource("/docs", "GET", docs_redirect))
        .service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", ApiDoc::openapi()));
}

impl Application {
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
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .wrap(from_fn(observe))
                .configure(configure)
                .configure(|cfg| {
                    if echo {
                        cfg.service(web::resource("/_echo").route(web::post().to(echo_json)));
                    }
                })
                .default_service(web::to(not_found))
        })
        .workers(workers)
        .disable_signals()
        .shutdown_timeout(config.shutdown_secs)
        .listen(listener)?
        .run();
        state.set_ready(true);
        Ok(Application {
            server,
            port,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

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
