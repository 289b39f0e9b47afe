//! Game records: a 1,000-game international PDN file (random legal games of 60 to 100
//! plies, written with move numbers) parsed and every game replayed and checked, as
//! `/games/validate` does; and one long game. `cargo bench --bench records`; the figures are in
//! docs/performance.md.

#[path = "../tests/common/mod.rs"]
mod common;

use draughts_api::rules::notation::pdn;
use draughts_api::rules::record;
use draughts_api::rules::replay::{AfterGameOver, MoveInput};
use draughts_api::rules::{Game, Position, Rules};

fn main() {
    divan::main();
}

fn file(games: usize) -> String {
    let rules = Rules::international();
    let mut text = String::new();
    for n in 0..games {
        text.push_str(&format!("[Event \"Bench {n}\"]\n[GameType \"20\"]\n"));
        let (line, _) = common::random_line(&rules, 60 + n % 41, n as u64 + 1);
        for (i, mv) in line.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(mv);
            text.push(' ');
        }
        text.push_str("*\n\n");
    }
    text
}

#[divan::bench(sample_count = 10)]
fn validate_1000_international_games(bencher: divan::Bencher) {
    let text = file(1000);
    let rules = Rules::international();
    bencher.bench(|| {
        let games = pdn::parse_all(divan::black_box(&text)).expect("parses");
        let mut valid = 0;
        for game in games.iter().flatten() {
            let inputs: Vec<MoveInput> = game
                .moves
                .iter()
                .map(|(m, _)| MoveInput::Text(m.clone()))
                .collect();
            let start = Game::new(rules, Position::initial(&rules), None);
            valid += record::check(start, &inputs, AfterGameOver::Error, None).valid() as usize;
        }
        assert_eq!(valid, 1000);
        valid
    });
}

/// One long game as `/games/validate` checks it: the longest of a few seeded random games
/// capped at 200 plies (random play often ends sooner: 136 plies international, 200
/// Canadian), on a 64-bit board and on 12×12.
#[divan::bench(args = ["international", "canadian"], sample_count = 20)]
fn validate_one_long_game(bencher: divan::Bencher, variant: &str) {
    let rules = Rules::preset(variant).expect("preset");
    let line = (1..=20)
        .map(|seed| common::random_line(&rules, 200, seed).0)
        .max_by_key(Vec::len)
        .expect("games");
    let inputs: Vec<MoveInput> = line.iter().cloned().map(MoveInput::Text).collect();
    bencher.bench(|| {
        let start = Game::new(rules, Position::initial(&rules), None);
        let checked = record::check(start, divan::black_box(&inputs), AfterGameOver::Error, None);
        assert!(checked.valid());
        checked
    });
}
