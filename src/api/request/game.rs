//! From request fields to rules and a game: the variant (preset or overrides), the position
//! (FEN), the history (replayed and checked). Every error names its field.

use crate::api::problem::error::ApiError;
use crate::api::problem::refusal::{Choices, Refusal};
use crate::rules::explain::Illegal;
use crate::rules::movegen::MAX_JUMPS;
use crate::rules::notation::fen;
use crate::rules::replay::{self, MoveInput, PlayError};
use crate::rules::{Game, Outcome, Position, Preset, RuleParams, Rules};
use serde_json::Value;

/// Rules from a `variant` value: `"spanish"` or `{"preset": "spanish", …overrides}`.
pub fn parse_variant(value: &Value, field: &str) -> Result<Rules, ApiError> {
    let unknown = |name: &str| {
        ApiError::refusal(
            Some(field),
            &Refusal::UnknownVariant {
                name: name.to_string(),
                choices: Choices::list(Preset::all_names()),
            },
        )
    };
    match value {
        Value::String(name) => Preset::find(name)
            .map(|p| p.rules)
            .ok_or_else(|| unknown(name)),
        Value::Object(map) => {
            let name = match map.get("preset") {
                Some(Value::String(s)) => s,
                Some(_) => {
                    return Err(ApiError::refusal(
                        Some(&format!("{field}.preset")),
                        &Refusal::BadVariant,
                    ))
                }
                None => return Err(ApiError::refusal(Some(field), &Refusal::BadVariant)),
            };
            let base = Preset::find(name)
                .map(|p| p.rules)
                .ok_or_else(|| unknown(name).at(&format!("{field}.preset")))?;
            // Overlay the overrides on the preset's parameters, then read them back: serde
            // refuses unknown keys and wrong values with a message naming them.
            let mut params = serde_json::to_value(base.params())
                .map_err(|e| ApiError::internal(e.to_string()))?;
            for (key, v) in map {
                if key == "preset" {
                    continue;
                }
                let Some(slot) = params.get_mut(key) else {
                    return Err(ApiError::refusal(
                        Some(&format!("{field}.{key}")),
                        &Refusal::UnknownRuleParameter {
                            parameter: key.clone(),
                        },
                    ));
                };
                if key == "draw_rules" {
                    let (Value::Object(target), Value::Object(given)) = (&mut *slot, v) else {
                        return Err(ApiError::refusal(
                            Some(&format!("{field}.draw_rules")),
                            &Refusal::BadRuleValue {
                                message: "draw_rules must be an object".into(),
                            },
                        ));
                    };
                    for (dk, dv) in given {
                        if !target.contains_key(dk) {
                            return Err(ApiError::refusal(
                                Some(&format!("{field}.draw_rules.{dk}")),
                                &Refusal::UnknownDrawRule {
                                    rule: dk.clone(),
                                    choices: Choices::list(target.keys().cloned()),
                                },
                            ));
                        }
                        target.insert(dk.clone(), dv.clone());
                    }
                } else {
                    *slot = v.clone();
                }
            }
            let params: RuleParams = serde_json::from_value(params).map_err(|e| {
                ApiError::refusal(
                    Some(field),
                    &Refusal::BadRuleValue {
                        message: e.to_string(),
                    },
                )
            })?;
            Ok(base.with_params(params))
        }
        _ => Err(ApiError::refusal(Some(field), &Refusal::BadVariant)),
    }
}

/// A position from FEN text, checked for the board.
pub fn parse_position(text: &str, rules: &Rules, field: &str) -> Result<fen::Fen, ApiError> {
    let parsed = fen::parse(text, rules.board).map_err(|e| {
        ApiError::refusal(Some(field), &Refusal::BadFen { message: e.message }).offset(e.offset)
    })?;
    parsed.position.check(rules).map_err(|e| {
        ApiError::refusal(
            Some(field),
            &Refusal::ImpossiblePosition {
                message: e.to_string(),
            },
        )
    })?;
    Ok(parsed)
}

/// The largest PDN square number of any board (Canadian 12×12); the schema's bound.
pub const MAX_SQUARE_NUMBER: u8 = 72;
/// The most squares a path may name: a start and a landing per capture.
pub const MAX_PATH_SQUARES: usize = MAX_JUMPS + 1;

/// A move value: a string, or `{"path": [..]}`.
pub fn parse_move_input(value: &Value, field: &str) -> Result<MoveInput, ApiError> {
    let expected = || ApiError::refusal(Some(field), &Refusal::BadMoveValue);
    match value {
        Value::String(s) => Ok(MoveInput::Text(s.clone())),
        Value::Object(map) => {
            if let Some(key) = map.keys().find(|k| *k != "path") {
                return Err(expected().at(&format!("{field}.{key}")));
            }
            let path = map
                .get("path")
                .and_then(Value::as_array)
                .ok_or_else(expected)?;
            let path_field = format!("{field}.path");
            if !(2..=MAX_PATH_SQUARES).contains(&path.len()) {
                return Err(ApiError::refusal(
                    Some(&path_field),
                    &Refusal::PathLength {
                        squares: path.len(),
                        max: MAX_PATH_SQUARES,
                    },
                ));
            }
            let squares = path
                .iter()
                .map(|v| {
                    v.as_u64()
                        .filter(|n| (1..=u64::from(MAX_SQUARE_NUMBER)).contains(n))
                        .map(|n| n as u32)
                })
                .collect::<Option<Vec<u32>>>()
                .ok_or_else(|| {
                    ApiError::refusal(
                        Some(&path_field),
                        &Refusal::PathSquareOutOfRange {
                            max: MAX_SQUARE_NUMBER,
                        },
                    )
                })?;
            Ok(MoveInput::Path(squares))
        }
        _ => Err(expected()),
    }
}

/// Explain a move that could not be played, as a 422 with the legal moves attached.
pub fn play_error(error: &PlayError, field: &str, game: &Game) -> ApiError {
    match error {
        PlayError::Parse(e) => ApiError::refusal(
            Some(field),
            &Refusal::BadMoveText {
                message: e.message.clone(),
            },
        )
        .offset(e.offset),
        PlayError::GameOver(o) => ApiError::game_already_over(o).at(field),
        PlayError::Illegal(illegal) => {
            let legal: Vec<String> = game
                .legal_moves()
                .iter()
                .map(|m| crate::rules::notation::moves::in_messages(m, game.rules.board))
                .collect();
            match illegal {
                Illegal::Ambiguous(c) => {
                    let refusal = Refusal::AmbiguousMove {
                        candidates: c.clone(),
                    };
                    ApiError::refusal(Some(field), &refusal).legal_moves(legal)
                }
                Illegal::NotLegal(why) => ApiError::refused_move(field, why).legal_moves(legal),
            }
        }
    }
}

/// The game a request describes: `position`, or `history` replayed (checked against
/// `position` when both are given), or the initial position.
pub fn build_game(
    rules: Rules,
    position: Option<&str>,
    history: Option<&crate::api::dto::History>,
    max_moves: usize,
) -> Result<Game, ApiError> {
    let Some(history) = history else {
        return Ok(match position {
            Some(text) => {
                let f = parse_position(text, &rules, "position")?;
                Game::new(rules, f.position, f.halfmove)
            }
            None => Game::new(rules, Position::initial(&rules), None),
        });
    };
    if history.moves.len() > max_moves {
        return Err(ApiError::refusal(
            Some("history.moves"),
            &Refusal::TooManyMoves {
                moves: history.moves.len(),
                max: max_moves,
            },
        ));
    }
    let start = match &history.start {
        Some(text) => {
            let f = parse_position(text, &rules, "history.start")?;
            Game::new(rules, f.position, f.halfmove)
        }
        None => Game::new(rules, Position::initial(&rules), None),
    };
    let inputs = history
        .moves
        .iter()
        .enumerate()
        .map(|(i, v)| parse_move_input(v, &format!("history.moves[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let game = replay::replay(start, &inputs)
        .map_err(|e| play_error(&e.error, &format!("history.moves[{}]", e.ply - 1), &e.game))?;
    if let Some(text) = position {
        let f = parse_position(text, &rules, "position")?;
        if f.position != game.position {
            return Err(ApiError::refusal(
                Some("position"),
                &Refusal::PositionNotEndOfHistory {
                    end: fen::write(&game.position),
                },
            ));
        }
    }
    Ok(game)
}

/// Refuses to search a finished game: 422 `game_over`, naming how it ended.
pub fn require_ongoing(game: &Game, nothing: &str) -> Result<(), ApiError> {
    match game.outcome() {
        Outcome::Ongoing => Ok(()),
        outcome => Err(ApiError::game_over(format!(
            "the game is over ({}): {nothing}",
            replay::describe_outcome(&outcome)
        ))),
    }
}

/// The game of a request's common fields: `variant`, then `position` and/or `history`.
pub fn request_game(
    variant: &Value,
    position: Option<&str>,
    history: Option<&crate::api::dto::History>,
    max_moves: usize,
) -> Result<Game, ApiError> {
    let rules = parse_variant(variant, "variant")?;
    build_game(rules, position, history, max_moves)
}

/// A request body that names a game by its `variant`, `position` (default: the start) and
/// `history` (the moves since), as every route that plays on a position does.
pub trait NamesAGame {
    /// The three fields as sent.
    fn game_fields(&self) -> (&Value, Option<&str>, Option<&crate::api::dto::History>);

    /// The game the request names (`request_game` on its fields).
    fn game(&self, max_moves: usize) -> Result<Game, ApiError> {
        let (variant, position, history) = self.game_fields();
        request_game(variant, position, history, max_moves)
    }
}

macro_rules! names_a_game {
    ($($request:ident),+ $(,)?) => {$(
        impl NamesAGame for crate::api::dto::$request {
            fn game_fields(&self) -> (&Value, Option<&str>, Option<&crate::api::dto::History>) {
                (&self.variant, self.position.as_deref(), self.history.as_ref())
            }
        }
    )+};
}

names_a_game!(
    MovesRequest,
    StatusRequest,
    ApplyRequest,
    BestMoveRequest,
    PlayRequest,
    AnalyzeRequest,
    TablebaseRequest,
);

/// The rules and moves of a request that sends a move list (`variant` is required then).
pub fn move_list(
    variant: Option<&Value>,
    list: &[Value],
) -> Result<(Rules, Vec<MoveInput>), ApiError> {
    let variant =
        variant.ok_or_else(|| ApiError::refusal(Some("variant"), &Refusal::VariantRequired))?;
    let rules = parse_variant(variant, "variant")?;
    let inputs = list
        .iter()
        .enumerate()
        .map(|(i, v)| parse_move_input(v, &format!("moves[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rules, inputs))
}

/// A 422 when a game has more moves than the server takes.
pub fn check_move_count(moves: usize, max_moves: usize) -> Result<(), ApiError> {
    if moves > max_moves {
        return Err(ApiError::refusal(
            Some("moves"),
            &Refusal::TooManyMoves {
                moves,
                max: max_moves,
            },
        ));
    }
    Ok(())
}

/// A GET route's query parameters.
pub fn parse_query<T: serde::de::DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    actix_web::web::Query::<T>::from_query(query)
        .map(actix_web::web::Query::into_inner)
        .map_err(|e| {
            ApiError::refusal(
                Some("query"),
                &Refusal::BadQuery {
                    message: e.to_string(),
                },
            )
        })
}

/// A query parameter a route cannot do without, with an example of a whole request.
pub fn required<T>(value: Option<T>, parameter: &str, example: &str) -> Result<T, ApiError> {
    value.ok_or_else(|| {
        ApiError::refusal(
            Some(parameter),
            &Refusal::MissingParameter {
                parameter: parameter.to_string(),
                example: example.to_string(),
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{parse_move_input, MAX_PATH_SQUARES, MAX_SQUARE_NUMBER};
    use crate::api::openapi::ApiDoc;
    use crate::rules::BoardSize;
    use serde_json::json;
    use utoipa::OpenApi;

    #[test]
    fn the_square_bound_is_the_largest_board_and_the_schema_says_the_same() {
        let largest = [
            BoardSize::Eight,
            BoardSize::Ten,
            BoardSize::EightFull,
            BoardSize::Twelve,
        ]
        .iter()
        .map(|b| b.geometry().squares)
        .max();
        assert_eq!(largest, Some(MAX_SQUARE_NUMBER));
        let doc = serde_json::to_value(ApiDoc::openapi()).expect("the document serializes");
        let schemas = &doc["components"]["schemas"];
        assert_eq!(
            schemas["PathSquare"]["maximum"],
            json!(MAX_SQUARE_NUMBER),
            "{}",
            schemas["PathSquare"]
        );
        assert_eq!(
            schemas["MovePath"]["properties"]["path"]["maxItems"],
            json!(MAX_PATH_SQUARES)
        );
    }

    #[test]
    fn paths_out_of_bounds_are_refused_with_their_field() {
        for path in [
            json!([32]),
            json!([0, 28]),
            json!([32, 73]),
            json!([2147483648u64, 1]),
        ] {
            let refused = parse_move_input(&json!({ "path": path }), "moves[0]");
            let detail = refused
                .err()
                .map(|e| (e.0.field.clone(), e.0.detail.clone()));
            assert!(
                matches!(&detail, Some((Some(f), _)) if f == "moves[0].path"),
                "{path}: {detail:?}"
            );
        }
        assert!(parse_move_input(&json!({"path": [32, 28]}), "move").is_ok());
    }
}
