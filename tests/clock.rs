//! The searcher uses the time it is given: over a fixed set of middlegames, searches asked
//! for 200 ms spend at least 150 ms on average and never more than the limit + 20 ms.
//! (Its own test binary, so no other test competes for the cores while it is timed.)

mod common;

use draughts_api::engine::{think, Caps, Limits, Request};
use draughts_api::rules::{legal_moves, Game, Outcome, Rules};
use std::time::{Duration, Instant};

/// Middlegames from seeded random play: `plies` random moves from the start (a seed whose
/// game ended or left one move is passed over).
fn middlegames(rules: Rules, count: usize, plies: usize, seed: u64) -> Vec<Game> {
    let mut out = Vec::new();
    let mut next_seed = seed;
    while out.len() < count {
        let (_, game) = common::random_line(&rules, plies, next_seed);
        next_seed += 1;
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
