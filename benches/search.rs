//! Search speed on fixed positions: `cargo bench --bench search`. Each bench searches a
//! fixed number of nodes, so time per iteration gives nodes per second.

use draughts_api::engine::{think, Caps, Limits, Request};
use draughts_api::rules::notation::fen;
use draughts_api::rules::{Game, Rules};

const NODES: u64 = 200_000;

fn main() {
    divan::main();
}

fn search(variant: &str, position: &str) -> u64 {
    let rules = Rules::preset(variant).expect("preset");
    let pos = fen::parse(position, rules.board).expect("fen").position;
    let game = Game::new(rules, pos, None);
    let req = Request {
        level: None,
        limits: Limits {
            nodes: Some(NODES),
            ..Limits::default()
        },
        seed: Some(1),
    };
    think(&game, &req, &Caps::default(), None).map_or(0, |a| a.nodes)
}

/// International middlegames.
#[divan::bench(args = [
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
    "W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45:B6,7,8,9,11,12,13,14,15,16,17,18,19,20,23,24",
    "B:W22,26,27,28,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44:B1,2,3,4,5,6,8,9,10,11,12,13,14,15,16,17,18,19,21",
], counter = divan::counter::ItemsCount::new(NODES as usize))]
fn international_middlegame(position: &str) -> u64 {
    search("international", position)
}

#[divan::bench(counter = divan::counter::ItemsCount::new(NODES as usize))]
fn english_start() -> u64 {
    search("english", "B:W21-32:B1-12")
}
