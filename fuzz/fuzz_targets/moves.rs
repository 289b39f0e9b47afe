#![no_main]
//! Move parser and resolution: never panic, on any text and the initial positions.
use draughts_api::rules::notation::moves;
use draughts_api::rules::{legal_moves, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for rules in [Rules::international(), Rules::english()] {
            if let Ok(written) = moves::parse(text, rules.board) {
                let legal = legal_moves(&rules, &Position::initial(&rules));
                let _ = moves::resolve(&written, &legal, rules.board);
            }
        }
    }
});
