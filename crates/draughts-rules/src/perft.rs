//! Perft: count the leaf moves of the legal-move tree, duplicates merged (the convention of
//! the published international tables).

use super::movegen::{generate, leaves, DetailedMove, MoveList};
use super::position::Position;
use super::variant::Rules;

/// Moves at `depth` plies from `pos` (bulk-counted at the last ply).
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    leaves(rules, pos, depth, &mut lists)
}

/// Perft split by first move: each legal move with its subtree count.
pub fn divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(DetailedMove, u64)> {
    let mut list: Vec<DetailedMove> = Vec::new();
    generate(rules, pos, &mut list);
    list.iter()
        .map(|mv| (*mv, perft(rules, &pos.play(mv), depth.saturating_sub(1))))
        .collect()
}
