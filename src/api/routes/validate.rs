//! `POST /games/validate`: whole games (moves or PDN text) checked move by move.

use crate::api::dto::{
    GameReport, StatusView, ValidateError, ValidateRequest, ValidateResponse, ValidateSummary,
    ValidateWarning, WarningKind,
};
use crate::api::problem::error::{ApiError, Problem};
use crate::api::problem::refusal::{Choices, Refusal};
use crate::api::problem::responses::JsonBodyProblems;
use crate::api::request::body::Body;
use crate::api::request::game::{
    check_move_count, move_list, parse_position, parse_variant, play_error,
};
use crate::api::request::pdn::{
    inputs_of, rules_of_game_type, single_pdn_game, untagged_game_rules,
};
use crate::api::state::{from_json, json_response, to_json, AppState};
use crate::rules::notation::{fen, pdn};
use crate::rules::record::{self, Checked};
use crate::rules::replay::{AfterGameOver, MoveInput};
use crate::rules::{Game, Position, Preset, Rules};
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::Value;

/// Check game records: a move list, or a PDN text with one game or many (every game is
/// checked; a text with several answers `games` and `summary` besides the totals). The
/// PDN may also be sent as the raw body (`Content-Type: application/x-pdn` or `text/plain`,
/// UTF-8 or Latin-1) with `variant`, `start` and `after_game_over` in the query string.
/// With `Accept: application/x-ndjson` a PDN text's games stream as one JSON line each, as
/// they are checked, then a `{"summary": …}` line.
#[utoipa::path(post, path = "/games/validate", request_body = ValidateRequest, tag = "rules",
    responses(
        (status = 200, description = "The verdict: valid, or the first bad ply and why; per game for a text with several", body = ValidateResponse,
            examples(
                ("one game" = (summary = "A move list or a PDN text with one game", value = json!({
                    "valid": false, "plies": 3, "position": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15",
                    "status": {"state": "ongoing", "winner": null, "reason": null, "side_to_move": "white",
                        "counters": {"king_moves_without_capture": 0, "moves_without_capture_or_promotion": 1, "lone_king_endgame": 0, "repetitions": 1}},
                    "error": {"ply": 4, "move": "9-14", "reason": "the piece on 9 cannot move to 14"}}))),
                ("several games" = (summary = "A PDN text with several games", value = json!({
                    "valid": false, "plies": 87, "position": "B:W28,31,33-50:B1-20",
                    "status": {"state": "ongoing", "winner": null, "reason": null, "side_to_move": "black",
                        "counters": {"king_moves_without_capture": 0, "moves_without_capture_or_promotion": 1, "lone_king_endgame": 0, "repetitions": 1}},
                    "error": {"ply": 0, "move": "", "reason": "GameType 99 is not a variant this service plays"},
                    "games": [
                        {"index": 1, "tags": {"Event": "Club", "GameType": "20", "Result": "2-0"}, "variant": "international",
                         "valid": true, "plies": 86, "position": "W:WK3,33:B44",
                         "status": {"state": "ongoing", "winner": null, "reason": null, "side_to_move": "white",
                             "counters": {"king_moves_without_capture": 4, "moves_without_capture_or_promotion": 4, "lone_king_endgame": 4, "repetitions": 1}}},
                        {"index": 2, "tags": {"GameType": "99"}, "valid": false, "plies": 0,
                         "error": {"ply": 0, "move": "", "reason": "GameType 99 is not a variant this service plays"}},
                        {"index": 3, "tags": {"GameType": "20"}, "variant": "international", "valid": true, "plies": 1,
                         "position": "B:W28,31,33-50:B1-20",
                         "status": {"state": "ongoing", "winner": null, "reason": null, "side_to_move": "black",
                             "counters": {"king_moves_without_capture": 0, "moves_without_capture_or_promotion": 1, "lone_king_endgame": 0, "repetitions": 1}}}
                    ],
                    "summary": {"games": 3, "valid": 2, "invalid": 1}}))),
            )),
        JsonBodyProblems,
        (status = 422, description = "Invalid variant, start position, PDN text, or too many moves or games", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn handler(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let raw = is_raw_pdn(&req);
    let request = if raw {
        raw_request(&req, &body.0)?
    } else {
        from_json::<ValidateRequest>(&body.0)?
    };
    let streaming = accepts_ndjson(&req) && request.pdn.is_some();
    if streaming {
        return stream_games(&state, request);
    }
    if raw {
        return Ok(json_response(Bytes::from(to_json(&validate(
            &request,
            &state.config,
        )?)?)));
    }
    state.cached("validate", &body.0, || {
        to_json(&validate(&request, &state.config)?)
    })
}

fn is_raw_pdn(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| {
            let t = t.to_ascii_lowercase();
            t.starts_with("application/x-pdn") || t.starts_with("text/plain")
        })
}

fn accepts_ndjson(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.contains("application/x-ndjson"))
}

/// A raw PDN body (UTF-8, else read as Latin-1) with its options in the query string.
fn raw_request(req: &HttpRequest, body: &Bytes) -> Result<ValidateRequest, ApiError> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Query {
        variant: Option<String>,
        start: Option<String>,
        after_game_over: Option<String>,
    }
    let query = web::Query::<Query>::from_query(req.query_string())
        .map_err(|e| {
            ApiError::refusal(
                Some("query"),
                &Refusal::BadQuery {
                    message: e.to_string(),
                },
            )
        })?
        .into_inner();
    let text = match std::str::from_utf8(body) {
        Ok(t) => t.to_string(),
        Err(_) => body.iter().map(|&b| b as char).collect(),
    };
    Ok(ValidateRequest {
        variant: query.variant.map(Value::String),
        start: query.start,
        moves: None,
        pdn: Some(text),
        after_game_over: query.after_game_over,
    })
}

fn after_game_over(req: &ValidateRequest) -> Result<AfterGameOver, ApiError> {
    match req.after_game_over.as_deref() {
        None | Some("error") => Ok(AfterGameOver::Error),
        Some("warn") => Ok(AfterGameOver::Warn),
        Some(other) => Err(ApiError::refusal(
            Some("after_game_over"),
            &Refusal::UnknownChoice {
                parameter: "after_game_over".into(),
                value: other.to_string(),
                choices: Choices::either(&["error", "warn"]),
            },
        )),
    }
}

fn validate(
    req: &ValidateRequest,
    config: &crate::api::Config,
) -> Result<ValidateResponse, ApiError> {
    let after = after_game_over(req)?;
    match (&req.moves, &req.pdn) {
        (Some(_), Some(_)) => Err(ApiError::refusal(Some("pdn"), &Refusal::MovesOrPdn)),
        (None, None) => Err(ApiError::refusal(Some("moves"), &Refusal::MovesOrPdn)),
        (Some(list), None) => {
            let (rules, inputs) = move_list(req.variant.as_ref(), list)?;
            single(rules, req.start.as_deref(), &inputs, after, None, config)
        }
        (None, Some(text)) => {
            let games = read_pdn(text, config)?;
            if let [only] = games.as_slice() {
                let game = only.as_ref().map_err(|e| {
                    ApiError::refusal(
                        Some("pdn"),
                        &Refusal::BadPdn {
                            message: e.message.clone(),
                        },
                    )
                    .offset(e.offset)
                })?;
                let (rules, start, inputs) =
                    single_pdn_game(game, req.variant.as_ref(), req.start.as_ref())?;
                return single(
                    rules,
                    start.as_deref(),
                    &inputs,
                    after,
                    game.result.as_deref(),
                    config,
                );
            }
            let reports: Vec<GameReport> = games
                .iter()
                .enumerate()
                .map(|(i, g)| report(i + 1, g, req, after, config))
                .collect();
            Ok(totals(reports))
        }
    }
}

/// The games of a PDN text, at most `max_games`.
fn read_pdn(
    text: &str,
    config: &crate::api::Config,
) -> Result<Vec<Result<pdn::PdnGame, crate::rules::notation::ParseError>>, ApiError> {
    let games = pdn::parse_all(text).map_err(|e| {
        ApiError::refusal(
            Some("pdn"),
            &Refusal::BadPdn {
                message: e.message.clone(),
            },
        )
        .offset(e.offset)
    })?;
    if games.len() > config.max_games {
        return Err(ApiError::refusal(
            Some("pdn"),
            &Refusal::TooManyGames {
                games: games.len(),
                max: config.max_games,
            },
        ));
    }
    if games.is_empty() {
        return Err(ApiError::refusal(Some("pdn"), &Refusal::EmptyPdn));
    }
    Ok(games)
}

/// One game (a move list, or a PDN text with one game): today's answer shape.
fn single(
    rules: Rules,
    start: Option<&str>,
    inputs: &[MoveInput],
    after: AfterGameOver,
    result: Option<&str>,
    config: &crate::api::Config,
) -> Result<ValidateResponse, ApiError> {
    check_move_count(inputs.len(), config.max_moves)?;
    let game = match start {
        Some(text) => {
            let f = parse_position(text, &rules, "start")?;
            Game::new(rules, f.position, f.halfmove)
        }
        None => Game::new(rules, Position::initial(&rules), None),
    };
    let checked = record::check(game, inputs, after, result);
    Ok(ValidateResponse {
        valid: checked.valid(),
        plies: checked.plies,
        position: Some(fen::write(&checked.game.position)),
        status: Some(status_of(&checked.game)),
        error: error_of(&checked),
        warnings: warnings_of(&checked),
        games: None,
        summary: None,
    })
}

fn status_of(game: &Game) -> StatusView {
    StatusView::new(game.outcome(), game.counters, game.position.side)
}

fn error_of(checked: &Checked) -> Option<ValidateError> {
    checked.failure.as_ref().map(|e| {
        let problem = play_error(&e.error, "move", &checked.game);
        ValidateError::from_problem(e.ply, e.input.describe(), &problem.0)
    })
}

fn warnings_of(checked: &Checked) -> Vec<ValidateWarning> {
    let mut list = Vec::new();
    if let Some(ended) = &checked.ended_before {
        list.push(ValidateWarning {
            kind: WarningKind::PlayedAfterEnd,
            ply: Some(ended.ply),
            detail: format!(
                "the game was already over before ply {} ({}); the record goes on",
                ended.ply,
                crate::rules::replay::describe_outcome(&ended.outcome)
            ),
        });
    }
    if let Some(said) = &checked.result_disagrees {
        list.push(ValidateWarning {
            kind: WarningKind::ResultDisagrees,
            ply: None,
            detail: format!(
                "the record's result is {said}, but the final position is {}",
                crate::rules::replay::describe_outcome(&checked.game.outcome())
            ),
        });
    }
    list
}

const REPORTED_TAGS: [&str; 9] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
];

/// One game of a text with several: its variant from its `GameType` tag, else the
/// request's; its start from its `FEN` tag, else the request's `start`.
fn report(
    index: usize,
    parsed: &Result<pdn::PdnGame, crate::rules::notation::ParseError>,
    req: &ValidateRequest,
    after: AfterGameOver,
    config: &crate::api::Config,
) -> GameReport {
    let mut out = GameReport {
        index,
        tags: Default::default(),
        variant: None,
        valid: false,
        plies: 0,
        position: None,
        status: None,
        error: None,
        warnings: Vec::new(),
    };
    let fail = |out: &mut GameReport, error: ApiError| {
        out.error = Some(ValidateError::from_problem(0, String::new(), &error.0));
    };
    let game = match parsed {
        Ok(g) => g,
        Err(e) => {
            let refusal = Refusal::BadPdn {
                message: e.message.clone(),
            };
            fail(&mut out, ApiError::refusal(None, &refusal).offset(e.offset));
            return out;
        }
    };
    for (name, value) in &game.tags {
        if let Some(known) = REPORTED_TAGS.iter().find(|t| t.eq_ignore_ascii_case(name)) {
            out.tags.insert(known.to_string(), value.clone());
        }
    }
    let rules = match (game.tag("GameType"), &req.variant) {
        (Some(tag), _) => rules_of_game_type(tag).map_err(|e| {
            ApiError::refusal(
                None,
                &Refusal::BadGameType {
                    message: e.to_string(),
                },
            )
        }),
        (None, Some(v)) => parse_variant(v, "variant"),
        (None, None) => Ok(untagged_game_rules()),
    };
    let rules = match rules {
        Ok(r) => r,
        Err(error) => {
            fail(&mut out, error);
            return out;
        }
    };
    out.variant = Preset::find_by_rules(&rules).map(|p| p.id.to_string());
    let inputs = inputs_of(game);
    if inputs.len() > config.max_moves {
        let refusal = Refusal::TooManyMoves {
            moves: inputs.len(),
            max: config.max_moves,
        };
        fail(&mut out, ApiError::refusal(None, &refusal));
        return out;
    }
    let start = game
        .tag("FEN")
        .map(str::to_string)
        .or_else(|| req.start.clone());
    let start_game = match &start {
        Some(text) => match parse_position(text, &rules, "FEN") {
            Ok(f) => Game::new(rules, f.position, f.halfmove),
            Err(e) => {
                fail(&mut out, e);
                return out;
            }
        },
        None => Game::new(rules, Position::initial(&rules), None),
    };
    let checked = record::check(start_game, &inputs, after, game.result.as_deref());
    out.valid = checked.valid();
    out.plies = checked.plies;
    out.position = Some(fen::write(&checked.game.position));
    out.status = Some(status_of(&checked.game));
    out.error = error_of(&checked);
    out.warnings = warnings_of(&checked);
    out
}

/// The answer for a text with several games.
fn totals(reports: Vec<GameReport>) -> ValidateResponse {
    let valid = reports.iter().filter(|r| r.valid).count();
    let first_bad = reports.iter().find(|r| !r.valid);
    let last = reports.iter().rev().find(|r| r.position.is_some());
    ValidateResponse {
        valid: valid == reports.len(),
        plies: reports.iter().map(|r| r.plies).sum(),
        position: last.and_then(|r| r.position.clone()),
        status: last.and_then(|r| r.status.clone()),
        error: first_bad.and_then(|r| r.error.clone()),
        warnings: Vec::new(),
        summary: Some(ValidateSummary {
            games: reports.len(),
            valid,
            invalid: reports.len() - valid,
        }),
        games: Some(reports),
    }
}

/// Stream a PDN text's games as NDJSON lines, each as soon as it is checked, then the
/// summary. The work runs on its own thread and stops when the client goes away.
fn stream_games(
    state: &web::Data<AppState>,
    req: ValidateRequest,
) -> Result<HttpResponse, ApiError> {
    let after = after_game_over(&req)?;
    let text = req.pdn.clone().unwrap_or_default();
    let games = read_pdn(&text, &state.config)?;
    let config = state.config.clone();
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(16);
    std::thread::Builder::new()
        .name("validate".into())
        .spawn(move || {
            let (mut valid, mut total) = (0, 0);
            for (i, g) in games.iter().enumerate() {
                let r = report(i + 1, g, &req, after, &config);
                total += 1;
                valid += r.valid as usize;
                let mut line = serde_json::to_vec(&r).unwrap_or_default();
                line.push(b'\n');
                if tx.blocking_send(Bytes::from(line)).is_err() {
                    return; // the client went away
                }
            }
            let summary = serde_json::json!({"summary": ValidateSummary {
                games: total, valid, invalid: total - valid }});
            let mut line = serde_json::to_vec(&summary).unwrap_or_default();
            line.push(b'\n');
            let _ = tx.blocking_send(Bytes::from(line));
        })
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let body = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|b| (Ok::<_, actix_web::Error>(b), rx))
    });
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson")
        .streaming(body))
}
