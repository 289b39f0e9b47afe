//! The searcher tested from outside the crate, as one binary: tactics against an
//! independent brute-force minimax, the win conditions of antidraughts and breakthrough, and
//! the search's answers (levels, limits, symmetry).

#[path = "../../../draughts-rules/tests/support/mod.rs"]
mod support;

mod frisian;
mod killer;
mod search;
mod tactics;
mod win_conditions;

/// The variant's king value in the evaluation (the minimax's price of a king).
fn king_value(rules: &draughts_rules::Rules) -> i32 {
    draughts_engine::eval::Weights::for_rules(rules).king
}
