//! From picture request fields (query or JSON) to a [`Diagram`]: shared by `GET /board.svg`,
//! `GET /board.png` and `POST /render`. Every error names its field.

use crate::api::problem::error::ApiError;
use crate::api::problem::refusal::{Choices, Refusal};
use crate::api::request::game::{parse_move_input, parse_position, play_error};
use crate::render::{self, Coordinates, Diagram, Trace, DEFAULT_SIZE, SIZES};
use crate::rules::notation::moves;
use crate::rules::replay::{self, MoveInput};
use crate::rules::{Game, Notation, Position, Preset, Rules};
use serde_json::Value;

/// Most arrows one picture may carry.
pub const MAX_ARROWS: usize = 32;
/// Most highlighted squares one picture may carry.
pub const MAX_HIGHLIGHTS: usize = 64;

/// Picture fields, still as text.
#[derive(Default)]
pub struct PictureFields<'a> {
    pub position: Option<&'a str>,
    pub flip: bool,
    pub size: Option<u32>,
    pub coords: Option<&'a str>,
    pub last: Option<MoveInput>,
    pub arrows: Vec<&'a str>,
    pub highlight: Vec<String>,
}

/// The picture a request describes.
pub fn diagram(rules: Rules, fields: PictureFields) -> Result<Diagram, ApiError> {
    let size = fields.size.unwrap_or(DEFAULT_SIZE);
    if !SIZES.contains(&size) {
        return Err(ApiError::refusal(
            Some("size"),
            &Refusal::PictureSize {
                size,
                min: *SIZES.start(),
                max: *SIZES.end(),
            },
        ));
    }
    let coordinates = match fields.coords {
        Some(text) => Coordinates::parse(text).ok_or_else(|| {
            ApiError::refusal(
                Some("coords"),
                &Refusal::UnknownChoice {
                    parameter: "coords".into(),
                    value: text.to_string(),
                    choices: Choices::either(&["numbers", "algebraic", "none"]),
                },
            )
        })?,
        None => match Preset::find_by_rules(&rules).map(|p| p.notation) {
            Some(Notation::Algebraic) => Coordinates::Algebraic,
            _ => Coordinates::Numbers,
        },
    };
    let mut game = match fields.position {
        Some(text) => {
            let fen = parse_position(text, &rules, "position")?;
            Game::new(rules, fen.position, fen.halfmove)
        }
        None => Game::new(rules, Position::initial(&rules), None),
    };
    let last = match &fields.last {
        Some(input) => {
            let before = game.position;
            let mut legal = Vec::new();
            let mv = replay::play(&mut game, input, &mut legal)
                .map_err(|e| play_error(&e, "last", &game))?;
            Some(Trace::of(&mv, &before))
        }
        None => None,
    };
    for (parameter, count, max) in [
        ("arrows", fields.arrows.len(), MAX_ARROWS),
        ("highlight", fields.highlight.len(), MAX_HIGHLIGHTS),
    ] {
        if count > max {
            return Err(ApiError::refusal(
                Some(parameter),
                &Refusal::TooManyMarks {
                    parameter: parameter.to_string(),
                    count,
                    max,
                },
            ));
        }
    }
    let board = rules.board;
    let arrows = fields
        .arrows
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let field = format!("arrows[{i}]");
            let written = moves::parse(text, board).map_err(|e| {
                ApiError::refusal(Some(&field), &Refusal::BadMoveText { message: e.message })
                    .offset(e.offset)
            })?;
            match written.squares[..] {
                [from, to] if written.from_file.is_none() => Ok((from, to)),
                _ => Err(ApiError::refusal(
                    Some(&field),
                    &Refusal::BadArrow {
                        text: text.to_string(),
                    },
                )),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let highlight = fields
        .highlight
        .iter()
        .enumerate()
        .map(|(i, text)| {
            moves::parse_square(text, board).map_err(|e| {
                ApiError::refusal(Some(&format!("highlight[{i}]")), &Refusal::BadSquare)
                    .offset(e.offset)
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Diagram {
        position: game.position,
        flip: fields.flip,
        size,
        coordinates,
        last,
        arrows,
        highlight,
    })
}

/// A JSON square (`28` or `"c3"`) as text.
pub fn square_text(value: &Value, field: &str) -> Result<String, ApiError> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        _ => Err(ApiError::refusal(Some(field), &Refusal::BadSquare)),
    }
}

/// A JSON `last` value: move text or `{"path": [...]}`.
pub fn last_move(value: Option<&Value>) -> Result<Option<MoveInput>, ApiError> {
    value.map(|v| parse_move_input(v, "last")).transpose()
}

/// The format of a picture answer.
#[derive(Copy, Clone)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    pub fn content_type(self) -> &'static str {
        match self {
            Format::Svg => "image/svg+xml",
            Format::Png => "image/png",
        }
    }

    pub fn route(self) -> &'static str {
        match self {
            Format::Svg => "board.svg",
            Format::Png => "board.png",
        }
    }

    /// Draw the picture (rasterised for PNG). PNGs of up to 2048² pixels take tens of
    /// milliseconds, so callers run this off the server's event loop.
    pub fn draw(self, picture: &render::Diagram) -> Result<Vec<u8>, ApiError> {
        let svg = render::to_svg(picture);
        match self {
            Format::Svg => Ok(svg.into_bytes()),
            Format::Png => render::to_png(&svg).map_err(ApiError::internal),
        }
    }
}
