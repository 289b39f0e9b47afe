//! Helpers over the rules alone, shared by the rules crate's tests, the engine's and the
//! service's (included by path): an independent brute-force minimax, random positions and
//! lines, presets by id, sorted legal moves.

#![allow(dead_code)] // each test binary uses its own part

use draughts_rules::random::Rng;
use draughts_rules::{legal_moves, Color, Position, Rules};

/// Plain minimax on material (a man 100, a king `king`; no legal move is a loss), no
/// pruning, no tables. Quiescent: at the horizon, pending captures are played out.
pub fn minimax(rules: &Rules, pos: &Position, depth: u32, king: i32) -> i32 {
    let list = legal_moves(rules, pos);
    if list.is_empty() {
        return -100_000 - depth as i32; // losing sooner is worse
    }
    if depth == 0 && list[0].is_capture() {
        return list
            .iter()
            .map(|mv| -minimax(rules, &pos.play(mv), 0, king))
            .max()
            .unwrap_or(0);
    }
    if depth == 0 {
        let (m, k) = pos.counts(pos.side);
        let (om, ok) = pos.counts(pos.side.opponent());
        return (100 * m as i32 + king * k as i32) - (100 * om as i32 + king * ok as i32);
    }
    list.iter()
        .map(|mv| -minimax(rules, &pos.play(mv), depth - 1, king))
        .max()
        .unwrap_or(0)
}

/// The minimax value of each legal move, in generation order.
pub fn move_values(rules: &Rules, pos: &Position, depth: u32, king: i32) -> Vec<i32> {
    legal_moves(rules, pos)
        .iter()
        .map(|m| -minimax(rules, &pos.play(m), depth - 1, king))
        .collect()
}

/// Random positions, deterministic: `pieces` pieces in a range, a king one time in
/// `king_one_in` (0: men only, except on the crowning row where none are placed).
pub fn random_positions(
    rules: &Rules,
    count: usize,
    seed: u64,
    pieces: std::ops::Range<u64>,
    king_one_in: u64,
) -> Vec<Position> {
    let g = rules.board.geometry();
    let mut rng = Rng::new(seed);
    let mut next = move || rng.next_u64() >> 31;
    let mut out = Vec::new();
    while out.len() < count {
        let side = if next() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut pos = Position::empty(rules.board, side);
        let n = pieces.start + next() % (pieces.end - pieces.start);
        for i in 0..n {
            let square = 1 + (next() % g.squares as u64) as u32;
            let bit = g.bit(square).expect("on board");
            if pos.occupied() & (1 << bit) != 0 {
                continue;
            }
            let color = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let crowning = rules.promotion_row(color) & (1 << bit) != 0;
            if king_one_in == 0 && crowning {
                continue;
            }
            pos.pieces[color.index()] |= 1 << bit;
            let roll = king_one_in > 0 && next() % king_one_in == 0;
            if roll || crowning {
                pos.kings |= 1 << bit;
            }
        }
        if pos.pieces[0] != 0 && pos.pieces[1] != 0 && !legal_moves(rules, &pos).is_empty() {
            out.push(pos);
        }
    }
    out
}

/// A seeded random walk of up to `plies` legal moves from the start (it stops when the game
/// ends): the moves in full notation, and the game reached.
pub fn random_line(rules: &Rules, plies: usize, seed: u64) -> (Vec<String>, draughts_rules::Game) {
    use draughts_rules::notation::moves;
    use draughts_rules::{Game, Outcome};
    let mut game = Game::new(*rules, Position::initial(rules), None);
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..plies {
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let list = legal_moves(rules, &game.position);
        let mv = list[rng.below(list.len())];
        out.push(moves::full(&mv, rules.board));
        game.play(&mv);
    }
    (out, game)
}

/// A preset's rules (the tests name presets that exist).
pub fn preset(id: &str) -> Rules {
    Rules::preset(id).expect("preset")
}

/// The legal moves of the FEN `text` under `rules`, written by `write`, sorted.
pub fn legal_sorted(
    rules: &Rules,
    text: &str,
    write: fn(&draughts_rules::DetailedMove, draughts_rules::BoardSize) -> String,
) -> Vec<String> {
    let pos = draughts_rules::notation::fen::parse(text, rules.board)
        .expect("fen")
        .position;
    let mut written: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| write(m, rules.board))
        .collect();
    written.sort();
    written
}
