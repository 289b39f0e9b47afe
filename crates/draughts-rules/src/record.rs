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

/// Replay `inputs` from `start` under `after`, and compare the final position with the
/// record's `result` token (`2-0`, `1-0`, `0-2`, `0-1`, `1-1`, `1/2-1/2`; others are not
/// compared). A game still going on agrees with any result: players resign and agree draws.
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
    let outcome = game.outcome();
    let said = result.map(str::trim);
    let expected: &[&str] = match outcome {
        Outcome::Win {
            winner: Color::White,
            ..
        } => &["2-0", "1-0"],
        Outcome::Win {
            winner: Color::Black,
            ..
        } => &["0-2", "0-1"],
        Outcome::Draw { .. } => &["1-1", "1/2-1/2", "½-½"],
        Outcome::Ongoing => &[],
    };
    let comparable = ["2-0", "1-0", "0-2", "0-1", "1-1", "1/2-1/2", "½-½"];
    let result_disagrees = said
        .filter(|r| failure.is_none() && !expected.is_empty() && comparable.contains(r))
        .filter(|r| !expected.contains(r))
        .map(str::to_string);
    Checked {
        game,
        plies,
        failure,
        ended_before,
        result_disagrees,
    }
}
