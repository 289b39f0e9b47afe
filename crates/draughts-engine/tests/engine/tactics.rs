//! Tactics with one right answer, per preset: a shot (a quiet move that gives material away
//! and wins more back by force) and a breakthrough (a move whose gain comes from crowning).
//! Each position is first proven by the brute-force minimax of `support` (the expected move
//! is the only best one, by a man or more, and of the stated kind), then the searcher must
//! find it at the proof depth. `find_tactics` (ignored) is how the positions were found.

use draughts_engine::{think, Caps, Limits, Request};
use draughts_rules::movegen::has_capture;
use draughts_rules::notation::{fen, moves};
use draughts_rules::{legal_moves, Game, Position, Rules, PRESETS};

use crate::king_value;
use crate::support::{move_values, random_positions};

#[derive(Copy, Clone, Debug, PartialEq)]
enum Kind {
    /// The move is quiet, the opponent must then capture, and the line wins material.
    Shot,
    /// Men only, the move does not crown itself, and with a crowned man worth a man it
    /// would not stand out.
    Breakthrough,
}

/// Why `index` is not a clear tactic of `kind`, or `None` when it is: it must be one at
/// `depth` and two plies deeper (one on 10×10, where brute force is slow), so the gain is
/// no artefact of where the horizon falls. A breakthrough, a few men whose tree is small,
/// must also stay a best move (others may catch up) to `BREAKTHROUGH_HORIZON` plies past
/// its depth: a Ply Yard one once led by a man to ply 6 and lost the game by force at ply 9.
fn disproof(rules: &Rules, pos: &Position, index: usize, kind: Kind, depth: u32) -> Option<String> {
    let extra = if rules.board.geometry().side == 10 {
        1
    } else {
        2
    };
    let horizon = match kind {
        Kind::Breakthrough => BREAKTHROUGH_HORIZON,
        Kind::Shot => extra,
    };
    (depth..=depth + extra)
        .find_map(|d| disproof_at(rules, pos, index, kind, d))
        .or_else(|| {
            (depth + extra + 1..=depth + horizon).find_map(|d| {
                let values = move_values(rules, pos, d, king_value(rules));
                (lead(&values, index)? < 0)
                    .then(|| format!("another move is better at depth {d}: {values:?}"))
            })
        })
}

/// How far past its depth a breakthrough must stay a best move.
const BREAKTHROUGH_HORIZON: u32 = 5;

fn disproof_at(
    rules: &Rules,
    pos: &Position,
    index: usize,
    kind: Kind,
    depth: u32,
) -> Option<String> {
    let list = legal_moves(rules, pos);
    let mv = list[index];
    let values = move_values(rules, pos, depth, king_value(rules));
    if lead(&values, index)? < 100 {
        return Some(format!("not best by a man at depth {depth}: {values:?}"));
    }
    if values[index].abs() >= 100_000 {
        return Some("a forced win of the game, not of material".into());
    }
    if mv.is_capture() {
        return Some("a capture, not a quiet move".into());
    }
    match kind {
        Kind::Shot => {
            if !has_capture(rules, &pos.play(&mv)) {
                return Some("gives nothing away".into());
            }
        }
        Kind::Breakthrough => {
            if pos.kings != 0 {
                return Some("kings on the board".into());
            }
            if mv.crowns {
                return Some("crowns at once: no breakthrough needed".into());
            }
            if lead(&move_values(rules, pos, depth, 100), index)? >= 100 {
                return Some("wins as much without crowning".into());
            }
        }
    }
    None
}

/// How far move `index` scores above the best other move (`None` with a single move).
fn lead(values: &[i32], index: usize) -> Option<i32> {
    let others = values
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != index)
        .map(|(_, &v)| v)
        .max()?;
    Some(values[index] - others)
}

struct Tactic {
    variant: &'static str,
    kind: Kind,
    fen: &'static str,
    answer: &'static str,
    depth: u32,
}

#[rustfmt::skip]
const TACTICS: &[Tactic] = &[
    Tactic { variant: "international", kind: Kind::Shot, fen: "B:WK1,K4,17,18,22,28:B5,19,27,40,42", answer: "42-48", depth: 4 },
    Tactic { variant: "international", kind: Kind::Breakthrough, fen: "B:W28,40,48:B8,11,21,37", answer: "37-41", depth: 4 },
    Tactic { variant: "plyyard", kind: Kind::Shot, fen: "B:WK1,K3,31,43,49,50:B4,8,18,38,40", answer: "8-13", depth: 4 },
    Tactic { variant: "plyyard", kind: Kind::Breakthrough, fen: "B:W10,24:B1,9,32", answer: "9-14", depth: 4 },
    Tactic { variant: "english", kind: Kind::Shot, fen: "B:WK2,13,23,25:B5,7,9,12", answer: "9-14", depth: 5 },
    Tactic { variant: "english", kind: Kind::Breakthrough, fen: "W:W11,27,32:B3,10,17,20", answer: "11-7", depth: 5 },
    Tactic { variant: "spanish", kind: Kind::Shot, fen: "W:WK1,15,17,21,28:BK25,K31", answer: "15-10", depth: 5 },
    Tactic { variant: "spanish", kind: Kind::Breakthrough, fen: "B:W27,31:B9,18", answer: "18-22", depth: 5 },
    Tactic { variant: "russian", kind: Kind::Shot, fen: "B:WK2,K4,K6,8,16,27:B1,9,10,26,28", answer: "26-30", depth: 5 },
    Tactic { variant: "russian", kind: Kind::Breakthrough, fen: "W:W24,25,28:B20,23", answer: "24-19", depth: 5 },
    Tactic { variant: "brazilian", kind: Kind::Shot, fen: "B:WK2,12,K26,30,31:B7,9,11,15,19", answer: "19-24", depth: 5 },
    Tactic { variant: "brazilian", kind: Kind::Breakthrough, fen: "W:W15,17:B16,20", answer: "15-10", depth: 5 },
    Tactic { variant: "italian", kind: Kind::Shot, fen: "B:WK2,18,K25,31:B6,23,24,26", answer: "26-30", depth: 5 },
    Tactic { variant: "italian", kind: Kind::Breakthrough, fen: "B:W5,27:B6,16,20", answer: "16-19", depth: 5 },
    Tactic { variant: "czech", kind: Kind::Shot, fen: "B:WK2,12,K26,30,31:B7,9,11,15,19", answer: "19-24", depth: 5 },
    Tactic { variant: "czech", kind: Kind::Breakthrough, fen: "W:W11,27,32:B3,10,17,20", answer: "11-7", depth: 5 },
];

#[test]
fn every_tactic_is_proven_then_found_by_the_searcher() {
    let mut variants = std::collections::BTreeSet::new();
    for t in TACTICS {
        let rules = Rules::preset(t.variant).expect("preset");
        let pos = fen::parse(t.fen, rules.board).expect("fen").position;
        let list = legal_moves(&rules, &pos);
        let written = moves::parse(t.answer, rules.board).expect("move");
        let index = moves::resolve(&written, &list, rules.board).expect("legal");
        if let Some(why) = disproof(&rules, &pos, index, t.kind, t.depth) {
            panic!("{} {} {}: {why}", t.variant, t.fen, t.answer);
        }
        let game = Game::new(rules, pos, None);
        let req = Request {
            level: None,
            limits: Limits {
                depth: Some(t.depth),
                ..Limits::default()
            },
            seed: Some(1),
        };
        let answer = think(&game, &req, &Caps::default(), None).expect("a move");
        assert!(
            answer.best.same_move(&list[index]),
            "{} {:?} {}: played {}, the answer is {}",
            t.variant,
            t.kind,
            t.fen,
            moves::full(
                &draughts_rules::detail(&rules, &pos, &answer.best),
                rules.board
            ),
            t.answer
        );
        variants.insert((t.variant, t.kind as u8));
    }
    assert_eq!(
        variants.len(),
        16,
        "a shot and a breakthrough in each preset"
    );
}

/// Search random positions for clear tactics and print them in the table's form:
/// `cargo test --release --test tactics -- --ignored --nocapture`.
#[test]
#[ignore]
fn find_tactics() {
    for preset in PRESETS {
        let (variant, rules) = (preset.id, preset.rules);
        let ten = rules.board.geometry().side == 10;
        let depth = if ten { 4 } else { 5 };
        for (kind, pieces, kings) in [(Kind::Shot, 6..12, 8), (Kind::Breakthrough, 4..9, 0)] {
            let mut found = 0;
            for pos in random_positions(&rules, 4000, 7, pieces, kings) {
                let list = legal_moves(&rules, &pos);
                if list.len() < 2 || list[0].is_capture() {
                    continue;
                }
                let proven =
                    (0..list.len()).find(|&i| disproof(&rules, &pos, i, kind, depth).is_none());
                if let Some(index) = proven {
                    println!(
                        "    Tactic {{ variant: \"{variant}\", kind: Kind::{kind:?}, fen: \"{}\", answer: \"{}\", depth: {depth} }},",
                        fen::write(&pos),
                        moves::full(&list[index], rules.board)
                    );
                    found += 1;
                }
                if found == 2 {
                    break;
                }
            }
        }
    }
}
