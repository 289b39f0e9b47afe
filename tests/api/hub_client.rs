//! The arena's Hub client against this build's own Hub mode: its session answers move
//! after move of a game (each a new `pos` and `go` in the same session), and a program that
//! is no engine is an error naming the program, not a hang.

use draughts_api::hub::client::ask;
use draughts_api::rules::{legal_moves, Move, Position, Rules};
use std::time::Duration;

#[test]
fn a_hub_engine_answers_move_after_move_of_a_game() {
    let program = env!("CARGO_BIN_EXE_draughts-api");
    let rules = Rules::preset("international").expect("preset");
    let start = Position::initial(&rules);
    let mut pos = start;
    let mut moves: Vec<Move> = Vec::new();
    // Six plies, each position sent anew to the session the first ply started.
    for _ in 0..6 {
        let (mv, _) = ask(program, &rules, &start, &moves, Duration::from_millis(20))
            .expect("the engine answers");
        assert!(
            legal_moves(&rules, &pos).iter().any(|m| m.mv == mv),
            "an illegal answer after {} plies",
            moves.len()
        );
        pos = pos.play(&mv);
        moves.push(mv);
    }
}

#[test]
fn a_program_that_speaks_no_hub_is_an_error() {
    let rules = Rules::preset("international").expect("preset");
    let start = Position::initial(&rules);
    let answer = ask("true", &rules, &start, &[], Duration::from_millis(20));
    assert!(
        matches!(&answer, Err(e) if e.starts_with("true: ")),
        "{answer:?}"
    );
}

#[test]
fn a_program_that_cannot_start_is_an_error_naming_it() {
    let rules = Rules::preset("international").expect("preset");
    let start = Position::initial(&rules);
    let missing = "/nonexistent/hub-engine";
    let answer = ask(missing, &rules, &start, &[], Duration::from_millis(20));
    assert!(
        matches!(&answer, Err(e) if e.starts_with(&format!("{missing}: "))),
        "{answer:?}"
    );
}
