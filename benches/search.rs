//! Search speed on fixed positions: `cargo bench --bench search`. Each bench searches a
//! fixed number of nodes, so time per iteration gives nodes per second.

use draughts_api::engine::{think, Caps, Limits, Request};
use draughts_api::rules::notation::fen;
use draughts_api::rules::{Game, Rules};
use draughts_api::tools::arena::Player;
use draughts_api::tools::train::selfplay;
use draughts_api::tools::tune::SelfPlayPlan;

const NODES: u64 = 200_000;

/// The binary's allocator, so the benches pay what the service and the tools pay for memory.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

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

/// English from the start, with the embedded evaluation as shipped and with its network
/// taken out (the rest of the weights the same): what the network costs in speed.
#[divan::bench(args = [true, false], counter = divan::counter::ItemsCount::new(NODES as usize))]
fn english_start(with_network: bool) -> u64 {
    start_with_or_without_network("english", with_network)
}

/// The same for international, whose blocks and terms the network is added to.
#[divan::bench(args = [true, false], counter = divan::counter::ItemsCount::new(NODES as usize))]
fn international_start(with_network: bool) -> u64 {
    start_with_or_without_network("international", with_network)
}

/// `NODES` nodes from the variant's start, with its embedded weights or those weights
/// without their network.
fn start_with_or_without_network(variant: &str, with_network: bool) -> u64 {
    let rules = Rules::preset(variant).expect("preset");
    let pos = draughts_api::rules::Position::initial(&rules);
    let mut searcher = draughts_api::engine::Searcher::new(&rules, 16);
    if !with_network {
        if let Some(weights) = draughts_api::engine::patterns::defaults(&rules) {
            let mut weights = (*weights).clone();
            weights.network = None;
            searcher = searcher.with_patterns(std::sync::Arc::new(weights));
        }
    }
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    searcher
        .search(&pos, &[pos.hash()], limits, false)
        .map_or(0, |r| r.nodes)
}

/// Self-play as `draughts-api selfplay` runs it: four international games at 25,000 nodes a
/// move on two threads, written nowhere. Short searches one after another, each with an
/// empty table, so what a search costs beyond its nodes shows (a new table's pages are
/// first mapped to the shared zero page, and each first write then copies one and
/// interrupts the other thread to flush its address cache; `Table::empty` reuses the
/// thread's last table instead).
#[divan::bench(sample_count = 10)]
fn selfplay_two_threads() -> usize {
    let rules = Rules::preset("international").expect("preset");
    let plan = SelfPlayPlan {
        games: 4,
        opening_plies: 8,
        seed: 7,
    };
    selfplay(
        &rules,
        Player::Nodes(25_000),
        plan,
        2,
        &mut std::io::sink(),
        |_, _| {},
    )
    .expect("a sink takes every write")
}

/// Twelve consecutive positions of one international game (each side's moves chosen by a
/// depth-6 search from the first bench position).
fn game_line() -> (Rules, Vec<draughts_api::rules::Position>) {
    let rules = Rules::preset("international").expect("preset");
    let mut pos = fen::parse(
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        rules.board,
    )
    .expect("fen")
    .position;
    let mut line = Vec::new();
    for _ in 0..12 {
        line.push(pos);
        let mut searcher = draughts_api::engine::Searcher::new(&rules, 4);
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        match searcher.search(&pos, &[pos.hash()], limits, false) {
            Some(r) => pos = pos.play(&r.best),
            None => break,
        }
    }
    (rules, line)
}

/// Searching a game's positions one after another (depth 9 each), with a new table per
/// search (what the service does) or one table kept across them (what a table shared
/// between requests could give a client that asks about consecutive positions).
#[divan::bench(args = [false, true])]
fn game_sequence_depth9(bencher: divan::Bencher, keep_table: bool) {
    let (rules, line) = game_line();
    let limits = Limits {
        depth: Some(9),
        ..Limits::default()
    };
    bencher.bench_local(|| {
        let mut kept = draughts_api::engine::Searcher::new(&rules, 16);
        let mut nodes = 0;
        for pos in &line {
            let result = if keep_table {
                kept.search(pos, &[pos.hash()], limits, false)
            } else {
                draughts_api::engine::Searcher::new(&rules, 16).search(
                    pos,
                    &[pos.hash()],
                    limits,
                    false,
                )
            };
            nodes += result.map_or(0, |r| r.nodes);
        }
        nodes
    });
}
