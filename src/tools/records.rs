//! Training positions from recorded games (PDN): each game replayed from its start, its
//! quiet positions labelled with the game's result, as self-play labels its own. Games
//! against other players reach positions our self-play does not; as a held-out set they
//! judge fairly only the weights that did not play them (a searcher steers into the
//! positions its own evaluation overrates: `docs/strength.md`).

use super::tune::Sample;
use crate::rules::movegen::{has_capture, opponent_has_capture};
use crate::rules::notation::{fen, pdn};
use crate::rules::record::RecordedResult;
use crate::rules::replay::{play, MoveInput, PlayError};
use crate::rules::{Game, Position, Rules};

/// What reading a PDN text gave.
#[derive(Clone, Debug, Default)]
pub struct Harvest {
    /// The quiet positions of the games read, in order.
    pub samples: Vec<Sample>,
    /// Games whose positions were taken.
    pub games: usize,
    /// Games left out, each with its 1-based index in the text and the reason.
    pub skipped: Vec<(usize, String)>,
}

/// White's share of the points of a PDN result token (`RecordedResult::parse`); `None`
/// for `*` and anything else.
fn white_result(token: &str) -> Option<f64> {
    RecordedResult::parse(token).map(|result| match result {
        RecordedResult::WhiteWon => 1.0,
        RecordedResult::Draw => 0.5,
        RecordedResult::BlackWon => 0.0,
    })
}

/// The quiet positions (no capture pending for either side) of every game of `text` with
/// a result, played under `rules` from its `FEN` tag or the start position. A game with
/// no result, an unreadable start or a move that cannot be played is skipped whole (with
/// its reason); moves after a draw rule ended the game are not read.
pub fn samples_from_pdn(rules: &Rules, text: &str) -> Result<Harvest, String> {
    let games = pdn::parse_all(text).map_err(|e| format!("at character {}: {e}", e.offset))?;
    let mut harvest = Harvest::default();
    let mut legal = Vec::with_capacity(64);
    for (index, parsed) in games.iter().enumerate() {
        let number = index + 1;
        let game = match parsed {
            Ok(game) => game,
            Err(e) => {
                harvest.skipped.push((number, e.to_string()));
                continue;
            }
        };
        let result = game
            .tag("Result")
            .or(game.result.as_deref())
            .and_then(white_result);
        let Some(result) = result else {
            harvest
                .skipped
                .push((number, "no result (2-0, 1-1 or 0-2)".into()));
            continue;
        };
        let start = match game.tag("FEN") {
            Some(text) => match fen::parse(text, rules.board) {
                Ok(f) => Game::new(*rules, f.position, f.halfmove),
                Err(e) => {
                    harvest.skipped.push((number, format!("FEN: {e}")));
                    continue;
                }
            },
            None => Game::new(*rules, Position::initial(rules), None),
        };
        let mut replayed = start;
        let mut quiet = Vec::new();
        let mut failure = None;
        for (ply, (text, _)) in game.moves.iter().enumerate() {
            let pos = replayed.position;
            let before = quiet.len();
            if !has_capture(rules, &pos) && !opponent_has_capture(rules, &pos) {
                quiet.push(Sample {
                    position: pos,
                    white_result: result,
                    score: None,
                    played: None,
                });
            }
            match play(&mut replayed, &MoveInput::Text(text.clone()), &mut legal) {
                Ok(_) => {}
                Err(PlayError::GameOver(_)) => {
                    quiet.truncate(before);
                    break;
                }
                Err(e) => {
                    failure = Some(format!("move {} ({text}): {e}", ply + 1));
                    break;
                }
            }
        }
        match failure {
            Some(reason) => harvest.skipped.push((number, reason)),
            None => {
                harvest.samples.extend(quiet);
                harvest.games += 1;
            }
        }
    }
    Ok(harvest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    const THREE_GAMES: &str =
        "[Result \"2-0\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
        [Result \"*\"]\n\n1. 32-28 *\n\n\
        [Result \"0-2\"]\n\n1. 32-28 19-23 2. 33-29 *\n";

    #[test]
    fn quiet_positions_carry_their_games_result() {
        let rules = Rules::international();
        let harvest = samples_from_pdn(&rules, THREE_GAMES).expect("readable");
        // Game 1: the start and 32-28 are quiet; after 19-23 White must take, after 28x19
        // Black must take; the position after the last move is not a sample (no move from
        // it was recorded).
        assert_eq!(harvest.games, 1);
        assert_eq!(harvest.samples.len(), 2);
        assert!(harvest.samples.iter().all(|s| s.white_result == 1.0));
        assert_eq!(harvest.samples[0].position, Position::initial(&rules));
        assert_eq!(harvest.samples[1].position.side, Color::Black);
        // Game 2 has no result; game 3's last move is not legal (White must take).
        let reasons: Vec<usize> = harvest.skipped.iter().map(|(n, _)| *n).collect();
        assert_eq!(reasons, vec![2, 3]);
        assert!(
            harvest.skipped[1].1.contains("33-29"),
            "{:?}",
            harvest.skipped
        );
    }

    #[test]
    fn results_are_read_in_every_notation() {
        assert_eq!(white_result("1-0"), Some(1.0));
        assert_eq!(white_result("½-½"), Some(0.5));
        assert_eq!(white_result("1/2-1/2"), Some(0.5));
        assert_eq!(white_result("0-2"), Some(0.0));
        assert_eq!(white_result("*"), None);
    }
}
