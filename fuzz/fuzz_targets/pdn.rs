#![no_main]
//! PDN parser: never panics; every move it yields is non-empty.
use draughts_api::rules::notation::pdn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(game) = pdn::parse(text) {
            assert!(game.moves.iter().all(|(m, _)| !m.is_empty()));
        }
    }
});
