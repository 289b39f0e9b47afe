//! Perft: count the leaf moves of the legal-move tree, duplicates merged (the convention of
//! the published international tables).

use super::movegen::{count, generate, DetailedMove, MoveList};
use super::position::Position;
use super::variant::Rules;

/// Moves at `depth` plies from `pos` (bulk-counted at the last ply).
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_with(rules, pos, depth, &mut lists)
}

fn perft_with(rules: &Rules, pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = match lists.split_first_mut() {
        Some(split) => split,
        None => return 1,
    };
    if depth == 1 {
        return count(rules, pos, list) as u64;
    }
    generate(rules, pos, list);
    let mut nodes = 0;
    for mv in list.iter() {
        nodes += perft_with(rules, &pos.play(mv), depth - 1, rest);
    }
    nodes
}

/// Perft split by first move: each legal move with its subtree count.
pub fn divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(DetailedMove, u64)> {
    let mut list: Vec<DetailedMove> = Vec::new();
    generate(rules, pos, &mut list);
    list.iter()
        .map(|mv| (*mv, perft(rules, &pos.play(mv), depth.saturating_sub(1))))
        .collect()
}
