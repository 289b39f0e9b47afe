//! The arena's Hub client against this build's own Hub mode: its session answers move
//! after move of a game (each a new `pos` and `go` in the same session), and a program that
//! is no engine is an error naming the program, not a hang: one that never answers is given
//! up after a deadline and killed.

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

/// A program that reads nothing and says nothing (`sleep`): the move is an error after the
/// answer's deadline (5 s and 20 times the thinking time), and the process is killed rather
/// than left behind.
#[cfg(target_os = "linux")] // the process is looked for in /proc
#[test]
fn a_silent_program_is_given_up_and_killed() {
    use std::os::unix::fs::PermissionsExt;
    use std::time::Instant;
    let dir = crate::common::scratch_dir("silent-hub");
    let program = dir.join("silent");
    let pid_file = dir.join("pid");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\necho $$ > {}\nexec sleep 600\n",
            pid_file.display()
        ),
    )
    .expect("the script");
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).expect("executable");
    let program = program.to_str().expect("a UTF-8 path");
    let rules = Rules::preset("international").expect("preset");
    let start = Position::initial(&rules);
    let asked = Instant::now();
    let answer = ask(program, &rules, &start, &[], Duration::from_millis(20));
    let waited = asked.elapsed();
    assert!(
        matches!(&answer, Err(e) if e.starts_with(&format!("{program}: no move within"))),
        "{answer:?}"
    );
    assert!(waited < Duration::from_secs(30), "gave up after {waited:?}");
    let pid = std::fs::read_to_string(&pid_file).expect("the script ran");
    assert!(
        !std::path::Path::new(&format!("/proc/{}", pid.trim())).exists(),
        "the silent engine (pid {}) is still running",
        pid.trim()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
