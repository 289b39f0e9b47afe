//! Checking game records: a game's moves replayed from its start, with the first move that
//! cannot be played, where a draw rule had already ended the game, and whether the record's
//! result agrees with the final position.

use super::replay::{replay_with, AfterGameOver, EndedBefore, MoveInput, ReplayError};
use super::status::{Game, Outcome};
use super::Color;

/// What replaying one game record found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The game after its last playable move.
    pub game: Game,
    /// Moves played.
    pub plies: usize,
    /// The first move that could not be played, and why.
    pub failure: Option<Box<ReplayError>>,
    /// Where a draw rule had ended the game before the record did (`AfterGameOver::Warn`).
    pub ended_before: Option<EndedBefore>,
    /// The record's result token, when the final position says otherwise.
    pub result_disagrees: Option<String>,
}

impl Checked {
    /// Every move was played.
    pub fn valid(&self) -> bool {
        self.failure.is_none()
    }
}

/// A record's result, from its token: `2-0`/`1-0` (White won), `0-2`/`0-1` (Black won),
/// `1-1`/`1/2-1/2`/`½-½` (a draw); other tokens (`*`, `0-0`, …) say none.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecordedResult {
    /// White won.
    WhiteWon,
    /// Black won.
    BlackWon,
    /// A draw.
    Draw,
}

impl RecordedResult {
    /// The result a token names, if any (surrounding spaces ignored).
    pub fn parse(token: &str) -> Option<RecordedResult> {
        match token.trim() {
            "2-0" | "1-0" => Some(RecordedResult::WhiteWon),
            "0-2" | "0-1" => Some(RecordedResult::BlackWon),
            "1-1" | "1/2-1/2" | "½-½" => Some(RecordedResult::Draw),
            _ => None,
        }
    }

    /// Whether a final position's outcome says the same; a game still going on agrees
    /// with any result (players resign and agree draws).
    pub fn agrees_with(self, outcome: &Outcome) -> bool {
        match outcome {
            Outcome::Win { winner, .. } => {
                self == match winner {
                    Color::White => RecordedResult::WhiteWon,
                    Color::Black => RecordedResult::BlackWon,
                }
            }
            Outcome::Draw { .. } => self == RecordedResult::Draw,
            Outcome::Ongoing => true,
        }
    }
}

/// Replay `inputs` from `start` under `after`, and compare the final position with the
/// record's `result` token (`RecordedResult::parse`; other tokens are not compared). A game
/// still going on agrees with any result: players resign and agree draws.
pub fn check(
    start: Game,
    inputs: &[MoveInput],
    after: AfterGameOver,
    result: Option<&str>,
) -> Checked {
    let (game, plies, failure, ended_before) = match replay_with(start, inputs, after) {
        Ok((game, ended)) => (game, inputs.len(), None, ended),
        Err(e) => (e.game.clone(), e.ply - 1, Some(e), None),
    };
    let recorded = result.and_then(RecordedResult::parse);
    let result_disagrees = match (recorded, game.outcome()) {
        (Some(said), outcome) if failure.is_none() && !said.agrees_with(&outcome) => {
            result.map(|r| r.trim().to_string())
        }
        _ => None,
    };
    Checked {
        game,
        plies,
        failure,
        ended_before,
        result_disagrees,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::Reason;

    #[test]
    fn result_tokens_name_one_result_each() {
        for (token, result) in [
            ("2-0", Some(RecordedResult::WhiteWon)),
            (" 1-0 ", Some(RecordedResult::WhiteWon)),
            ("0-2", Some(RecordedResult::BlackWon)),
            ("0-1", Some(RecordedResult::BlackWon)),
            ("1-1", Some(RecordedResult::Draw)),
            ("1/2-1/2", Some(RecordedResult::Draw)),
            ("½-½", Some(RecordedResult::Draw)),
            ("*", None),
            ("0-0", None),
        ] {
            assert_eq!(RecordedResult::parse(token), result, "{token:?}");
        }
    }

    #[test]
    fn a_result_agrees_only_with_its_own_outcome_or_an_open_game() {
        let black_won = Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoMoves,
        };
        let draw = Outcome::Draw {
            reason: Reason::ThreefoldRepetition,
        };
        assert!(RecordedResult::BlackWon.agrees_with(&black_won));
        assert!(!RecordedResult::WhiteWon.agrees_with(&black_won));
        assert!(!RecordedResult::Draw.agrees_with(&black_won));
        assert!(RecordedResult::Draw.agrees_with(&draw));
        assert!(!RecordedResult::BlackWon.agrees_with(&draw));
        for result in [
            RecordedResult::WhiteWon,
            RecordedResult::BlackWon,
            RecordedResult::Draw,
        ] {
            assert!(result.agrees_with(&Outcome::Ongoing));
        }
    }
}
