//! `POST /tablebase` and `GET /tablebase`: a position's exact result from the endgame
//! tables, and the result each legal move leads to.

use crate::api::dto::TablebaseResponse;
use crate::api::dto::{MoveView, TableResult, TablebaseMove, TablebaseQuery, TablebaseRequest};
use crate::api::problem::error::{ApiError, Problem, Refusal};
use crate::api::problem::responses::JsonBodyProblems;
use crate::api::request::body::Body;
use crate::api::request::game::{parse_query, request_game, required, NamesAGame};
use crate::api::state::{from_json, to_json, AppState};
use crate::engine::bitbase::{self, Value};
use crate::rules::movegen::legal_moves;
use crate::rules::{Position, Rules};
use actix_web::{web, HttpRequest, HttpResponse};

fn verdict(value: Value) -> (TableResult, Option<u32>) {
    match value {
        Value::Win(d) => (TableResult::Win, Some(d)),
        Value::Draw => (TableResult::Draw, None),
        Value::Loss(d) => (TableResult::Loss, Some(d)),
    }
}

fn lookup(state: &AppState, rules: &Rules, pos: &Position) -> Result<Vec<u8>, ApiError> {
    if !bitbase::supports(rules) {
        return Err(ApiError::refusal(
            Some("variant"),
            &Refusal::NoTablesForRules,
        ));
    }
    let pieces = pos.occupied().count_ones();
    let beyond = |max| ApiError::refusal(Some("position"), &Refusal::BeyondTables { pieces, max });
    let Some(tables) = state.bitbases.get(rules) else {
        if state.tables_in() {
            return Err(ApiError::refusal(None, &Refusal::TablesOff));
        }
        // While the tables are built, a position beyond what they will hold needs none.
        let planned = state.config.bitbase_pieces;
        if pieces > planned {
            return Err(beyond(planned));
        }
        return Err(ApiError::refusal(None, &Refusal::TablesNotReady));
    };
    let max = tables.complete_up_to;
    let beyond = || beyond(max);
    if pieces > max {
        return Err(beyond());
    }
    let value = tables.probe(pos).ok_or_else(beyond)?;
    let legal = legal_moves(rules, pos);
    let values = tables
        .move_values(pos, legal.iter().map(|m| &m.mv))
        .ok_or_else(beyond)?;
    let mut moves: Vec<(i64, TablebaseMove)> = legal
        .iter()
        .zip(values)
        .map(|(mv, value)| {
            let (result, plies) = verdict(value);
            let view = MoveView::new(mv, pos, rules, false);
            (
                value.rank(),
                TablebaseMove {
                    mv: view,
                    result,
                    plies,
                },
            )
        })
        .collect();
    moves.sort_by_key(|(rank, _)| std::cmp::Reverse(*rank));
    let (result, plies) = verdict(value);
    to_json(&TablebaseResponse {
        result,
        plies,
        side_to_move: pos.side,
        pieces,
        max_pieces: max,
        moves: moves.into_iter().map(|(_, m)| m).collect(),
    })
}

/// A position's exact result (win, draw or loss for the side to move, with the distance in
/// plies) and every legal move with the result it leads to, best first, from the endgame
/// tables (positions of up to `max_pieces` pieces: 4 for every preset with tables, more
/// where the service maps larger table files).
#[utoipa::path(post, path = "/tablebase", request_body = TablebaseRequest, tag = "tables",
    responses(
        (status = 200, description = "The position's result and every move's", body = TablebaseResponse),
        JsonBodyProblems,
        (status = 422, description = "Invalid variant or position; no tables for these rules (`no_tables_for_rules`); more pieces than the tables hold (`beyond_tables`, with `pieces` and `max`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "The tables for these rules are still being read or built (`tables_not_ready`): retry after the Retry-After seconds", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn post(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    let req: TablebaseRequest = from_json(&body.0)?;
    let game = req.game(state.config.max_moves)?;
    let json = lookup(&state, &game.rules, &game.position)?;
    Ok(crate::api::state::json_response(json.into()))
}

/// The same as `POST /tablebase`, from query parameters (a link can ask it).
#[utoipa::path(get, path = "/tablebase", tag = "tables", params(TablebaseQuery),
    responses(
        (status = 200, description = "The position's result and every move's", body = TablebaseResponse),
        (status = 422, description = "Missing or invalid variant or position; no tables for these rules (`no_tables_for_rules`); more pieces than the tables hold (`beyond_tables`, with `pieces` and `max`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "The tables for these rules are still being read or built (`tables_not_ready`): retry after the Retry-After seconds", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn get(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let q: TablebaseQuery = parse_query(req.query_string())?;
    let example = "/tablebase?variant=international&position=W:WK46,K47:BK5";
    let variant = serde_json::Value::String(required(q.variant, "variant", example)?);
    let position = required(q.position, "position", example)?;
    let game = request_game(&variant, Some(&position), None, state.config.max_moves)?;
    let json = lookup(&state, &game.rules, &game.position)?;
    Ok(crate::api::state::json_response(json.into()))
}
