//! The OpenAPI document, generated from the handlers and DTOs.

use super::dto::*;
use super::error::Problem;
use super::routes;
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "draughts-api",
        description = "Rules of draughts in every national variant (legal moves, applying moves, game status, whole-game validation) and a searcher that plays them. Stateless: every request carries its variant, position and history.",
        license(name = "MIT", identifier = "MIT")
    ),
    paths(
        routes::moves::handler,
        routes::apply::handler,
        routes::status::handler,
        routes::validate::handler,
        routes::bestmove::handler,
        routes::variants::handler,
        routes::health::healthz,
        routes::health::readyz,
        routes::health::metrics,
    ),
    components(schemas(Problem, VariantSpec, PresetId, VariantOverrides, MoveSpec, MovePath, History)),
    tags(
        (name = "rules", description = "Legal moves, playing moves, status, validation"),
        (name = "ai", description = "The searcher's move"),
        (name = "operations", description = "Health, readiness and metrics"),
    )
)]
pub struct ApiDoc;

/// The document as committed under `openapi/openapi.json`.
pub fn document_json() -> String {
    let mut text = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}
