//! `GET /board.svg` and `GET /board.png`: a position as a picture, from query parameters.

use crate::api::dto::BoardQuery;
use crate::api::http::conditional::Cacheable;
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::refusal::{Choices, Refusal};
use crate::api::problem::responses::PictureProblems;
use crate::api::request::game::{parse_query, parse_variant, required};
use crate::api::request::picture::{diagram, Format, PictureFields};
use crate::api::state::AppState;
use crate::rules::replay::MoveInput;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};

/// Pictures are pure functions of their query: clients and shared caches keep them a week.
const PICTURE_MAX_AGE_SECS: u32 = 7 * 24 * 3600;

fn flag(text: Option<&str>, field: &str) -> Result<bool, ApiError> {
    match text {
        None | Some("false") | Some("0") => Ok(false),
        Some("true") | Some("1") | Some("") => Ok(true),
        Some(other) => Err(ApiError::refusal(
            Some(field),
            &Refusal::UnknownChoice {
                parameter: field.to_string(),
                value: other.to_string(),
                choices: Choices::either(&["true", "false"]),
            },
        )),
    }
}

fn list(text: Option<&str>) -> Vec<&str> {
    text.map_or_else(Vec::new, |t| {
        t.split(',').filter(|s| !s.trim().is_empty()).collect()
    })
}

fn picture(query: &str, format: Format) -> Result<Vec<u8>, ApiError> {
    let q: BoardQuery = parse_query(query)?;
    let variant = required(
        q.variant.as_deref(),
        "variant",
        "/board.svg?variant=international",
    )?;
    let rules = parse_variant(&serde_json::Value::String(variant.into()), "variant")?;
    let size = q
        .size
        .as_deref()
        .map(|s| {
            s.parse::<u32>().map_err(|_| {
                ApiError::refusal(
                    Some("size"),
                    &Refusal::UnknownChoice {
                        parameter: "size".into(),
                        value: s.to_string(),
                        choices: Choices::described("a whole number of pixels from 64 to 2048"),
                    },
                )
            })
        })
        .transpose()?;
    let fields = PictureFields {
        position: q.position.as_deref(),
        flip: flag(q.flip.as_deref(), "flip")?,
        size,
        coords: q.coords.as_deref(),
        last: q.last.map(MoveInput::Text),
        arrows: list(q.arrows.as_deref()),
        highlight: list(q.highlight.as_deref())
            .into_iter()
            .map(str::to_string)
            .collect(),
    };
    format.draw(&diagram(rules, fields)?)
}

async fn answer(
    state: web::Data<AppState>,
    req: HttpRequest,
    format: Format,
) -> Result<HttpResponse, ApiError> {
    let key = Bytes::copy_from_slice(req.query_string().as_bytes());
    let query = req.query_string().to_string();
    let body = state
        .draw_cached(format.route(), key, move || picture(&query, format))
        .await?;
    Ok(Cacheable::with_max_age(body, format.content_type(), PICTURE_MAX_AGE_SECS).respond(&req))
}

/// A position as an SVG picture: every dark square a `rect` and every piece a `g`, each
/// with `data-square` (its PDN number); pieces carry `data-piece` (`wm`, `wk`, `bm`, `bk`).
/// Labels are drawn as strokes, so the picture looks the same everywhere. Served with an
/// `ETag` and `Cache-Control: public, max-age=604800`.
#[utoipa::path(get, path = "/board.svg", tag = "pictures", params(BoardQuery),
    responses(
        (status = 200, description = "The picture", content_type = "image/svg+xml", body = String,
            headers(("ETag" = String, description = "A hash of the picture"),
                    ("Cache-Control" = String, description = "public, max-age=604800"))),
        (status = 304, description = "The client's copy (If-None-Match) is current"),
        (status = 422, description = "Unknown variant, bad FEN (with its offset), illegal last move, size out of range, or another bad parameter", body = Problem, content_type = "application/problem+json"),
        PictureProblems,
    ))]
pub async fn svg(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    answer(state, req, Format::Svg).await
}

/// The same picture as `GET /board.svg`, rasterised to PNG (`size` × `size` pixels).
#[utoipa::path(get, path = "/board.png", tag = "pictures", params(BoardQuery),
    responses(
        (status = 200, description = "The picture", content_type = "image/png", body = String,
            headers(("ETag" = String, description = "A hash of the picture"),
                    ("Cache-Control" = String, description = "public, max-age=604800"))),
        (status = 304, description = "The client's copy (If-None-Match) is current"),
        (status = 422, description = "Unknown variant, bad FEN (with its offset), illegal last move, size out of range, or another bad parameter", body = Problem, content_type = "application/problem+json"),
        PictureProblems,
    ))]
pub async fn png(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    answer(state, req, Format::Png).await
}
