//! The searcher against an independent brute-force minimax on random small positions
//! (the tactic the minimax proves is found), plus limits, reproducibility and mate scores.

use draughts_engine::{think, Caps, Level, Limits, Request, Score};
use draughts_rules::notation::fen;
use draughts_rules::{legal_moves, Game, Position, Rules};

use crate::king_value;
use crate::support::{minimax, random_positions};

#[test]
fn the_searcher_finds_every_tactic_a_brute_force_minimax_proves() {
    for (variant, seed) in [
        ("english", 1u64),
        ("russian", 2),
        ("international", 3),
        ("italian", 4),
    ] {
        let rules = Rules::preset(variant).expect("preset");
        let mut checked = 0;
        for pos in random_positions(&rules, 600, seed, 3..8, 4) {
            let list = legal_moves(&rules, &pos);
            if list.len() < 2 {
                continue;
            }
            let depth = 3;
            let values: Vec<i32> = list
                .iter()
                .map(|m| -minimax(&rules, &pos.play(m), depth - 1, king_value(&rules)))
                .collect();
            let best = *values.iter().max().expect("moves");
            let second = values.iter().filter(|&&v| v < best).max().copied();
            // Only clear tactics: one move wins at least a man and a half more than every other
            // (positional terms of the evaluation stay well below that).
            if values.iter().filter(|&&v| v == best).count() != 1
                || second.is_none_or(|s| best - s < 150)
                || best.abs() >= 100_000
                || drawish_kings(&rules, &pos)
            {
                continue;
            }
            let game = Game::new(rules, pos, None);
            let answer = think(
                &game,
                &Request {
                    level: None,
                    limits: Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    },
                    seed: Some(1),
                },
                &Caps::default(),
                None,
            )
            .expect("a move");
            let chosen = list
                .iter()
                .position(|m| m.same_move(&answer.best))
                .expect("legal");
            // The searcher extends forced lines and threats, so it may see past the minimax's
            // horizon; then a deeper minimax must agree its choice is no worse.
            let deeper =
                |i: usize| -minimax(&rules, &pos.play(&list[i]), depth + 1, king_value(&rules));
            let best_index = values.iter().position(|&v| v == best).expect("best");
            // A forced win found past the horizon: the minimax to that depth must prove it.
            let proven_win = |plies: u32| {
                -minimax(
                    &rules,
                    &pos.play(&list[chosen]),
                    plies - 1,
                    king_value(&rules),
                ) >= 100_000
            };
            let won = matches!(answer.score, Score::WinIn(n) if proven_win(n));
            assert!(
                values[chosen] == best || won || deeper(chosen) >= deeper(best_index),
                "{variant} {}: searcher played {:?}, worth {} against {best}",
                fen::write(&pos),
                draughts_rules::notation::moves::full(&list[chosen], rules.board),
                values[chosen]
            );
            checked += 1;
        }
        assert!(
            checked >= 10,
            "{variant}: only {checked} tactical positions"
        );
    }
}

/// Flying kings on both sides: the evaluation divides the material of such endings (few
/// pieces against a king are hard to win), so there a man more is no clear tactic for it.
fn drawish_kings(rules: &Rules, pos: &Position) -> bool {
    use draughts_rules::{Color, KingKind};
    rules.kings == KingKind::Flying
        && pos.counts(Color::White).1 > 0
        && pos.counts(Color::Black).1 > 0
}

#[test]
fn a_won_position_scores_as_a_win_in_plies() {
    let rules = Rules::preset("english").expect("preset");
    let pos = fen::parse("W:WK18:B14", rules.board).expect("fen").position;
    let answer = think(
        &Game::new(rules, pos, None),
        &Request::default(),
        &Caps::default(),
        None,
    )
    .expect("move");
    assert_eq!(answer.score, Score::WinIn(1));
    // Blocking Black's last man (28) with 27-32 wins at once; other king moves do not.
    let pos = fen::parse("W:WK27:B28", rules.board).expect("fen").position;
    let answer = think(
        &Game::new(rules, pos, None),
        &Request {
            limits: Limits {
                depth: Some(6),
                ..Limits::default()
            },
            ..Request::default()
        },
        &Caps::default(),
        None,
    )
    .expect("move");
    assert_eq!(answer.score, Score::WinIn(1));
    assert_eq!(
        draughts_rules::notation::moves::full(
            &draughts_rules::detail(&rules, &pos, &answer.best),
            rules.board
        ),
        "27-32"
    );
}

#[test]
fn node_limited_searches_are_reproducible() {
    let rules = Rules::international();
    let game = Game::new(rules, Position::initial(&rules), None);
    let req = Request {
        level: None,
        limits: Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        seed: Some(9),
    };
    let a = think(&game, &req, &Caps::default(), None).expect("move");
    let b = think(&game, &req, &Caps::default(), None).expect("move");
    assert_eq!(a.best, b.best);
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes <= 20_000 + 1);
    // Levels with a seed are reproducible too.
    let easy = Request {
        level: Some(Level::Easy),
        limits: Limits::default(),
        seed: Some(3),
    };
    assert_eq!(
        think(&game, &easy, &Caps::default(), None).map(|a| a.best),
        think(&game, &easy, &Caps::default(), None).map(|a| a.best)
    );
}

#[test]
fn repetition_is_a_draw_in_the_search() {
    // Kings only and a history that has the position twice already: Black, a king down, heads
    // for the third occurrence (8-4, score 0) rather than a losing line.
    let rules = Rules::preset("english").expect("preset");
    let start = fen::parse("W:WK29,K32:BK4", rules.board)
        .expect("fen")
        .position;
    let mut game = Game::new(rules, start, None);
    for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29"] {
        let list = legal_moves(&rules, &game.position);
        let w = draughts_rules::notation::moves::parse(text, rules.board).expect("move");
        let i = draughts_rules::notation::moves::resolve(&w, &list, rules.board).expect("legal");
        game.play(&list[i]);
    }
    let answer = think(
        &game,
        &Request {
            limits: Limits {
                depth: Some(4),
                ..Limits::default()
            },
            ..Request::default()
        },
        &Caps::default(),
        None,
    )
    .expect("move");
    assert_eq!(answer.score, Score::Centipieces(0), "{answer:?}");
    let g = rules.board.geometry();
    assert_eq!(
        (g.square(answer.best.from), g.square(answer.best.to)),
        (8, 4),
        "{answer:?}"
    );
}

/// The evaluation (hand terms and, where embedded, learned patterns) sees a position and its
/// colour-mirrored twin (board turned, colours swapped, the other side to move) alike: from
/// the side to move's view both score the same, so from White's view they score opposite.
#[test]
fn the_evaluation_is_colour_symmetric() {
    use draughts_engine::eval::Evaluator;
    for preset in draughts_rules::PRESETS.iter() {
        let rules = preset.rules;
        let eval = Evaluator::new(&rules);
        for seed in 0..12 {
            let (_, game) = crate::support::random_line(&rules, 10 + seed as usize * 6, seed);
            let pos = game.position;
            assert_eq!(
                eval.evaluate(&pos),
                eval.evaluate(&pos.flipped()),
                "{} {}",
                preset.id,
                fen::write(&pos)
            );
        }
    }
}
