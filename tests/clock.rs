//! The searcher uses the time it is given: over a fixed set of middlegames, searches asked
//! for 200 ms spend at least 150 ms on average and never more than the limit + 20 ms.
//! (Its own test binary, so no other test competes for the cores while it is timed.)

use draughts_api::engine::{think, Caps, Limits, Request};
use draughts_api::rules::{legal_moves, Game, Outcome, Rules};
use std::time::{Duration, Instant};

/// Middlegames from seeded random play: `plies` random moves from the start.
fn middlegames(rules: Rules, count: usize, plies: usize, seed: u64) -> Vec<Game> {
    let mut state = seed;
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(rules, draughts_api::rules::Position::initial(&rules), None);
        for _ in 0..plies {
            let list = legal_moves(&game.rules, &game.position);
            if list.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = list[(state >> 33) as usize % list.len()];
            game.play(&mv);
        }
        if legal_moves(&game.rules, &game.position).len() > 1 && game.outcome() == Outcome::Ongoing
        {
            out.push(game);
        }
    }
    out
}

#[test]
fn a_time_limit_is_used_and_never_overrun() {
    let limit = Duration::from_millis(200);
    let cap = limit + Duration::from_millis(20);
    let req = Request {
        level: None,
        limits: Limits {
            time: Some(limit),
            ..Limits::default()
        },
        seed: None,
    };
    let mut games = middlegames(Rules::international(), 5, 24, 7);
    games.extend(middlegames(Rules::english(), 5, 16, 11));
    let mut spent = Vec::new();
    for game in &games {
        let start = Instant::now();
        let answer = think(game, &req, &Caps::default(), None).expect("a move");
        let wall = start.elapsed();
        assert!(wall <= cap, "{wall:?} over the cap {cap:?}");
        assert!(answer.depth >= 1);
        spent.push(wall);
    }
    let mean = spent.iter().sum::<Duration>() / spent.len() as u32;
    println!("time spent of 200 ms: mean {mean:?}, each {spent:?}");
    assert!(
        mean >= Duration::from_millis(150),
        "mean {mean:?}: {spent:?}"
    );
}
