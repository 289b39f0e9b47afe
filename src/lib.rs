//! draughts-api: the rules of draughts in every national variant, a searcher, and a
//! stateless REST service on top. Layers point one way: `api` → `engine` → `rules`.
//!
//! ```
//! use draughts_api::rules::notation::{fen, moves};
//! use draughts_api::{legal_moves, Rules};
//!
//! // International draughts: the man on 32 must take the most pieces (three, not two).
//! let rules = Rules::international();
//! let pos = fen::parse("W:W32:B9,17,19,27,28", rules.board).unwrap().position;
//! let list = legal_moves(&rules, &pos);
//! assert_eq!(list.len(), 1);
//! assert_eq!(moves::full(&list[0], rules.board), "32x23x14x3");
//! ```

pub mod api;
pub mod cli;
pub mod engine;
pub mod rules;

pub use rules::{legal_moves, Color, Game, Move, Outcome, Position, Rules};
