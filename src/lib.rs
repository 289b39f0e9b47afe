//! draughts-api: the rules of draughts in every national variant, a searcher, and a
//! stateless REST service on top. Layers point one way: `api` → `engine` → `rules`.

pub mod api;
pub mod cli;
pub mod engine;
pub mod rules;

pub use rules::{legal_moves, Color, Game, Move, Outcome, Position, Rules};
