//! Perft speed: `cargo bench --bench perft`. Deep counts (international perft 9/10) are run
//! with `cargo run --release -- perft --depth 10`; figures in the README.

use draughts_api::rules::notation::fen;
use draughts_api::rules::perft::perft;
use draughts_api::rules::{Position, Rules};

fn main() {
    divan::main();
}

#[divan::bench(args = [5, 6, 7])]
fn international_start(depth: u32) -> u64 {
    let rules = Rules::international();
    perft(&rules, &Position::initial(&rules), divan::black_box(depth))
}

#[divan::bench(args = [7, 8])]
fn english_start(depth: u32) -> u64 {
    let rules = Rules::english();
    perft(&rules, &Position::initial(&rules), divan::black_box(depth))
}

#[divan::bench(args = [6, 7])]
fn russian_start(depth: u32) -> u64 {
    let rules = Rules::preset("russian").expect("preset");
    perft(&rules, &Position::initial(&rules), divan::black_box(depth))
}

/// The Random178 position: crowded, with flying kings on both sides.
fn random178() -> (Rules, Position) {
    let rules = Rules::international();
    let pos = fen::parse(
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        rules.board,
    )
    .expect("fen")
    .position;
    (rules, pos)
}

#[divan::bench(args = [4])]
fn international_random178(depth: u32) -> u64 {
    let (rules, pos) = random178();
    perft(&rules, &pos, divan::black_box(depth))
}

/// The capture-heavy position's legal moves once (its best captures take 14 pieces, by
/// many routes): compact, as the searcher asks, and with paths, as `/moves` answers.
#[divan::bench(args = [false, true])]
fn random178_legal_moves(with_paths: bool) -> usize {
    let (rules, pos) = random178();
    if with_paths {
        draughts_api::rules::legal_moves(&rules, divan::black_box(&pos)).len()
    } else {
        let mut list = draughts_api::rules::MoveList::new();
        draughts_api::rules::generate(&rules, divan::black_box(&pos), &mut list);
        list.len()
    }
}
