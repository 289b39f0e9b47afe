//! `GET /healthz`, `GET /readyz` and `GET /metrics`: liveness, readiness and Prometheus metrics.

use crate::api::dto::Health;
use crate::api::problem::error::{ApiError, Problem};
use crate::api::state::AppState;
use actix_web::{web, HttpResponse};

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = Health)))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok" })
}

/// Readiness: initialised (the learned weights read, the kept transposition tables
/// written) and not shutting down. Without `--require-tables` that is all: the endgame
/// tables are read or built in the background while the service answers (searches use
/// each preset's once it is in; `/tablebase` answers 503 `tables_not_ready` meanwhile).
/// With it, ready only once every preset's tables are in, so a new replica takes traffic
/// at full strength.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses(
        (status = 200, description = "Ready for traffic", body = Health),
        (status = 503, description = "Starting or shutting down", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    if state.is_ready() {
        Ok(HttpResponse::Ok().json(Health { status: "ready" }))
    } else {
        Err(ApiError::busy(
            "not ready: starting up (or reading endgame tables) or shutting down",
        ))
    }
}

/// Prometheus metrics, text format.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Prometheus text exposition", body = String, content_type = "text/plain")))]
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(state.metrics.render())
}
