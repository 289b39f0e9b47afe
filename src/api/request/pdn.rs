//! A game of a PDN text read as a request: its rules (the request's `variant`, else its
//! `GameType` tag, else international), its start and its moves.

use crate::api::problem::error::ApiError;
use crate::api::problem::refusal::Refusal;
use crate::api::request::game::parse_variant;
use crate::rules::notation::pdn;
use crate::rules::replay::MoveInput;
use crate::rules::{Preset, Rules};
use serde_json::Value;

/// Rules, start and moves of the one game of a PDN text; the request's `variant` and
/// `start` win over its tags (as they always have).
pub fn single_pdn_game(
    game: &pdn::PdnGame,
    variant: Option<&Value>,
    start: Option<&String>,
) -> Result<(Rules, Option<String>, Vec<MoveInput>), ApiError> {
    let rules = match variant {
        Some(v) => parse_variant(v, "variant")?,
        None => match game.tag("GameType") {
            Some(tag) => rules_of_game_type(tag).map_err(|e| {
                ApiError::refusal(
                    Some("pdn"),
                    &Refusal::BadGameType {
                        message: e.to_string(),
                    },
                )
            })?,
            None => untagged_game_rules(),
        },
    };
    let start = start
        .cloned()
        .or_else(|| game.tag("FEN").map(str::to_string));
    Ok((rules, start, inputs_of(game)))
}

pub fn inputs_of(game: &pdn::PdnGame) -> Vec<MoveInput> {
    game.moves
        .iter()
        .map(|(m, _)| MoveInput::Text(m.clone()))
        .collect()
}

/// A game with no `GameType` tag and no `variant` in the request is read as international
/// draughts, PDN's game type 20: the format came from the 10×10 game, and a whole file "as
/// found" is read rather than refused. The answer's variant (or PDN tag) says so.
pub fn untagged_game_rules() -> Rules {
    Rules::international()
}

/// The preset of a PDN `GameType` tag (`20`, or `20,W,10,10,N2,0` with the board after).
pub fn rules_of_game_type(tag: &str) -> Result<Rules, String> {
    let number: u32 = tag
        .split(',')
        .next()
        .unwrap_or("")
        .trim()
        .parse()
        .map_err(|_| format!("GameType \"{tag}\" is not a number"))?;
    Preset::by_game_type(number)
        .map(|p| p.rules)
        .ok_or_else(|| format!("GameType {number} is not a variant this service plays"))
}
