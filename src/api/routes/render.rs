//! `POST /render`: a picture of a position from a JSON body (SVG or PNG).

use crate::api::dto::RenderRequest;
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::refusal::{Choices, Refusal};
use crate::api::problem::responses::{JsonBodyProblems, PictureProblems};
use crate::api::request::body::Body;
use crate::api::request::game::parse_variant;
use crate::api::request::picture::Format;
use crate::api::request::picture::{diagram, last_move, square_text, PictureFields};
use crate::api::state::{from_json, AppState};
use actix_web::{web, HttpResponse};

fn picture(body: &web::Bytes) -> Result<Vec<u8>, ApiError> {
    let req: RenderRequest = from_json(body)?;
    let format = match req.format.as_deref() {
        None | Some("svg") => Format::Svg,
        Some("png") => Format::Png,
        Some(other) => {
            return Err(ApiError::refusal(
                Some("format"),
                &Refusal::UnknownChoice {
                    parameter: "format".into(),
                    value: other.to_string(),
                    choices: Choices::either(&["svg", "png"]),
                },
            ))
        }
    };
    let rules = parse_variant(&req.variant, "variant")?;
    let highlight = req
        .highlight
        .iter()
        .enumerate()
        .map(|(i, v)| square_text(v, &format!("highlight[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let fields = PictureFields {
        position: req.position.as_deref(),
        flip: req.flip,
        size: req.size,
        coords: req.coords.as_deref(),
        last: last_move(req.last.as_ref())?,
        arrows: req.arrows.iter().map(String::as_str).collect(),
        highlight,
    };
    format.draw(&diagram(rules, fields)?)
}

/// The picture of `GET /board.svg` from a JSON body, as SVG or PNG (`format`).
#[utoipa::path(post, path = "/render", request_body = RenderRequest, tag = "pictures",
    responses(
        (status = 200, description = "The picture (SVG, or PNG with `\"format\": \"png\"`)",
            content((String = "image/svg+xml"), (String = "image/png"))),
        JsonBodyProblems,
        (status = 422, description = "Unknown variant, bad FEN (with its offset), illegal last move, size out of range, or another bad field", body = Problem, content_type = "application/problem+json"),
        PictureProblems,
    ))]
pub async fn handler(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    let key = body.0.clone();
    let bytes = state
        .draw_cached("render", key, move || picture(&body.0))
        .await?;
    Ok(HttpResponse::Ok().content_type(sniff(&bytes)).body(bytes))
}

/// The content type of a drawn picture: cached answers do not remember their format.
fn sniff(bytes: &[u8]) -> &'static str {
    if bytes.starts_with(b"\x89PNG") {
        Format::Png.content_type()
    } else {
        Format::Svg.content_type()
    }
}
