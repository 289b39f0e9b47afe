//! Frisian's resting king (a king that moved three times in a row must let a man move if
//! one can) as the searcher sees it.

use draughts_engine::{think, Caps, Limits, Request};
use draughts_rules::notation::fen;
use draughts_rules::replay::{self, MoveInput};
use draughts_rules::Game;

#[test]
fn the_searcher_lets_a_resting_king_rest() {
    let line = ["46-37", "1-7", "37-46", "2-8", "46-37", "7-12"];
    let rules = crate::support::preset("frisian");
    let start = fen::parse("W:WK46,30:B1,2", rules.board)
        .expect("a FEN")
        .position;
    let inputs: Vec<MoveInput> = line
        .iter()
        .map(|m| MoveInput::Text(m.to_string()))
        .collect();
    let g = replay::replay(Game::new(rules, start, None), &inputs).expect("the moves are legal");
    let req = Request {
        limits: Limits {
            depth: Some(6),
            ..Limits::default()
        },
        ..Request::default()
    };
    let answer = think(&g, &req, &Caps::default(), None).expect("a move");
    let geometry = g.rules.board.geometry();
    assert_eq!(Some(answer.best.from), geometry.bit(30), "{answer:?}");
}
