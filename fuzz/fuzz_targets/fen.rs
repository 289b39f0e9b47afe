#![no_main]
//! FEN parser: never panics; whatever it accepts writes back to a FEN that parses to the
//! same position.
use draughts_api::rules::notation::fen;
use draughts_api::rules::BoardSize;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for board in [BoardSize::Eight, BoardSize::Ten] {
            if let Ok(parsed) = fen::parse(text, board) {
                let again =
                    fen::parse(&fen::write(&parsed.position), board).expect("own FEN parses");
                assert_eq!(again.position, parsed.position);
            }
        }
    }
});
