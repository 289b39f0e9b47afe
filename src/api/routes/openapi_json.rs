//! `GET /openapi.json`: the OpenAPI document, with an `ETag`.

use crate::api::http::conditional::Cacheable;
use crate::api::openapi::ApiDoc;
use actix_web::{HttpRequest, HttpResponse};
use std::sync::LazyLock;
use utoipa::OpenApi;

static DOCUMENT: LazyLock<Cacheable> = LazyLock::new(|| {
    Cacheable::new(
        ApiDoc::openapi().to_json().unwrap_or_default(),
        "application/json",
    )
});

/// The OpenAPI document (what Swagger UI at `/docs` reads), with an `ETag` and
/// `Cache-Control`; `304` to a matching `If-None-Match`.
pub async fn handler(req: HttpRequest) -> HttpResponse {
    DOCUMENT.respond(&req)
}

/// `/docs` without its slash: to the Swagger UI at `/docs/`.
pub async fn docs_redirect() -> actix_web::HttpResponse {
    actix_web::HttpResponse::PermanentRedirect()
        .insert_header(("location", "/docs/"))
        .finish()
}
