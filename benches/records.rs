//! Game records: a 1,000-game international PDN file (random legal games of 60 to 100
//! plies, written with move numbers) parsed and every game replayed and checked, as
//! `/games/validate` does. `cargo bench --bench records`; the figure is in
//! docs/performance.md.

use draughts_api::rules::notation::{moves, pdn};
use draughts_api::rules::record;
use draughts_api::rules::replay::{AfterGameOver, MoveInput};
use draughts_api::rules::{legal_moves, Game, Outcome, Position, Rules};

fn main() {
    divan::main();
}

fn file(games: usize) -> String {
    let rules = Rules::international();
    let mut state = 1u64;
    let mut text = String::new();
    for n in 0..games {
        let mut game = Game::new(rules, Position::initial(&rules), None);
        text.push_str(&format!("[Event \"Bench {n}\"]\n[GameType \"20\"]\n"));
        let plies = 60 + n % 41;
        for i in 0..plies {
            if game.outcome() != Outcome::Ongoing {
                break;
            }
            let list = legal_moves(&rules, &game.position);
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = list[(state >> 33) as usize % list.len()];
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(&moves::full(&mv, rules.board));
            text.push(' ');
            game.play(&mv);
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
