//! The page at `/` that plays (HTML, CSS and JavaScript from `web/`, embedded at build time,
//! so it works offline). It uses only the public API, so it doubles as a reference client.

use actix_web::http::header;
use actix_web::HttpResponse;

const INDEX: &str = include_str!("../../../web/index.html");
const SCRIPT: &str = include_str!("../../../web/app.js");
const STYLE: &str = include_str!("../../../web/app.css");

fn asset(body: &'static str, content_type: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        // Short: a new release's page must reach browsers within minutes.
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
        .body(body)
}

pub async fn index() -> HttpResponse {
    asset(INDEX, "text/html; charset=utf-8")
}

pub async fn script() -> HttpResponse {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub async fn style() -> HttpResponse {
    asset(STYLE, "text/css; charset=utf-8")
}

/// The page's words in the request's language (`?lang=`, else `Accept-Language`), from the
/// `locales/*/page.ftl` catalogues: `{"lang": "es", "strings": {id: text}}`, variables
/// left as `{$name}`.
pub async fn strings(req: actix_web::HttpRequest) -> HttpResponse {
    use crate::api::problem::i18n::{Catalogues, Lang};
    let lang = Lang::of(&req);
    let strings = Catalogues::get()
        .map(|c| c.page_strings(lang))
        .unwrap_or_default();
    let mut response = HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
        .json(serde_json::json!({"lang": lang.tag(), "strings": strings}));
    lang.mark(response.headers_mut());
    response
}
