use crate::api::body::Body;
use crate::api::context::{parse_move_input, parse_position, parse_variant};
use crate::api::dto::{StatusView, ValidateError, ValidateRequest, ValidateResponse};
use crate::api::error::{ApiError, Problem};
use crate::api::state::{from_json, to_json, AppState};
use crate::rules::notation::{fen, pdn};
use crate::rules::replay::{self, MoveInput};
use crate::rules::{Game, Position, Preset, Rules};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};

/// Check a whole game (a move list or a PDN text): valid, or the first illegal ply and why.
#[utoipa::path(post, path = "/games/validate", request_body = ValidateRequest, tag = "rules",
    responses(
        (status = 200, description = "The verdict (valid or the first bad ply)", body = ValidateResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the size limit", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Invalid variant, start position, PDN text, or too many moves", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    state.cached("validate", &body.0, || {
        let req: ValidateRequest = from_json(&body.0)?;
        let (rules, start, inputs) = match (&req.moves, &req.pdn) {
            (Some(_), Some(_)) => {
                return Err(ApiError::invalid(
                    "pdn",
                    "send either \"moves\" or \"pdn\", not both",
                ))
            }
            (None, None) => {
                return Err(ApiError::invalid(
                    "moves",
                    "send \"moves\" (a list) or \"pdn\" (a game text)",
                ))
            }
            (Some(list), None) => {
                let variant = req.variant.as_ref().ok_or_else(|| {
                    ApiError::invalid("variant", "variant is required with \"moves\"")
                })?;
                let rules = parse_variant(variant, "variant")?;
                let inputs = list
                    .iter()
                    .enumerate()
                    .map(|(i, v)| parse_move_input(v, &format!("moves[{i}]")))
                    .collect::<Result<Vec<_>, _>>()?;
                (rules, req.start.clone(), inputs)
            }
            (None, Some(text)) => from_pdn(text, req.variant.as_ref(), req.start.clone())?,
        };
        if inputs.len() > state.config.max_moves {
            return Err(ApiError::limit(
                StatusCode::UNPROCESSABLE_ENTITY,
                "moves",
                format!(
                    "the game has {} moves; the limit is {}",
                    inputs.len(),
                    state.config.max_moves
                ),
            ));
        }
        let game = match &start {
            Some(text) => {
                let f = parse_position(text, &rules, "start")?;
                Game::new(rules, f.position, f.halfmove)
            }
            None => Game::new(rules, Position::initial(&rules), None),
        };
        let response = match replay::replay(game, &inputs) {
            Ok(game) => ValidateResponse {
                valid: true,
                plies: inputs.len(),
                position: fen::write(&game.position),
                status: StatusView::new(game.outcome(), game.counters, game.position.side),
                error: None,
            },
            Err(e) => ValidateResponse {
                valid: false,
                plies: e.ply - 1,
                position: fen::write(&e.game.position),
                status: StatusView::new(e.game.outcome(), e.game.counters, e.game.position.side),
                error: Some(ValidateError {
                    ply: e.ply,
                    mv: e.input.describe(),
                    reason: e.error.to_string(),
                }),
            },
        };
        to_json(&response)
    })
}

/// Rules, start and moves from a PDN text; `variant` and `start` in the request win over tags.
fn from_pdn(
    text: &str,
    variant: Option<&serde_json::Value>,
    start: Option<String>,
) -> Result<(Rules, Option<String>, Vec<MoveInput>), ApiError> {
    let game = pdn::parse(text).map_err(|e| {
        ApiError::invalid("pdn", format!("bad PDN: {}", e.message)).offset(e.offset)
    })?;
    let rules = match variant {
        Some(v) => parse_variant(v, "variant")?,
        None => {
            let tag = game.tag("GameType").ok_or_else(|| {
                ApiError::invalid(
                    "pdn",
                    "the PDN has no GameType tag: give \"variant\" in the request",
                )
            })?;
            let number: u32 = tag
                .split(',')
                .next()
                .unwrap_or("")
                .trim()
                .parse()
                .map_err(|_| {
                    ApiError::invalid("pdn", format!("GameType \"{tag}\" is not a number"))
                })?;
            Preset::by_game_type(number)
                .map(|p| p.rules)
                .ok_or_else(|| {
                    ApiError::invalid(
                        "pdn",
                        format!("GameType {number} is not a variant this service plays"),
                    )
                })?
        }
    };
    let start = start.or_else(|| game.tag("FEN").map(str::to_string));
    let inputs = game
        .moves
        .into_iter()
        .map(|(m, _)| MoveInput::Text(m))
        .collect();
    Ok((rules, start, inputs))
}
