//! draughts-api: the rules of draughts in every national variant, a searcher that plays
//! them, and a stateless REST service on top.
//!
//! The layers point one way, `api` → `engine` → `rules`:
//!
//! * [`rules`]: the game as data and pure functions. [`Rules`] holds every parameter of a
//!   variant (presets in [`rules::PRESETS`]); [`Position`] is the pieces and the side to
//!   move; [`legal_moves`] generates complete capture sequences under each variant's
//!   priorities; [`rules::notation`] reads and writes FEN, moves and PDN; [`Game`] adds the
//!   history that draw rules need and tells the [`Outcome`].
//! * [`engine`]: the AI. [`engine::think()`] searches a [`Game`] within limits or at a
//!   level; [`engine::bitbase`] builds and probes endgame tables. It knows nothing of HTTP.
//! * [`api`]: the HTTP service (actix-web): [`api::Config`] and [`api::Application`].
//! * Beside it, the other front ends and tools: [`hub`] (the Hub protocol of draughts
//!   GUIs), [`dxp`] (the DamExchange protocol of engine matches), [`square_text`] (their one-letter-a-square positions), [`render`] (board pictures), [`tools`] (matches, training data, fits, table
//!   files), and the command line ([`commands`], with the work of most commands in [`cli`]).
//!
//! ```
//! use draughts_api::engine::{think, Caps, Limits, Request};
//! use draughts_api::rules::notation::{fen, moves};
//! use draughts_api::{legal_moves, Game, Rules};
//!
//! // International draughts: the man on 32 must take the most pieces (three, not two).
//! let rules = Rules::international();
//! let pos = fen::parse("W:W32:B9,17,19,27,28", rules.board).unwrap().position;
//! let list = legal_moves(&rules, &pos);
//! assert_eq!(list.len(), 1);
//! assert_eq!(moves::full(&list[0], rules.board), "32x23x14x3");
//!
//! // The searcher's choice in English checkers, four plies deep.
//! let game = Game::new(Rules::english(), draughts_api::Position::initial(&Rules::english()), None);
//! let request = Request {
//!     limits: Limits { depth: Some(4), ..Limits::default() },
//!     ..Request::default()
//! };
//! let answer = think(&game, &request, &Caps::default(), None).unwrap();
//! assert!(legal_moves(&game.rules, &game.position).iter().any(|m| m.mv == answer.best));
//! ```

#![deny(missing_docs)]

pub mod api;
pub mod cli;
pub mod commands;
pub mod dxp;
pub mod hub;
pub mod render;
pub mod square_text;
pub mod tools;

/// The AI layer: the `draughts-engine` crate.
pub use draughts_engine as engine;
/// The rules layer: the `draughts-rules` crate.
pub use draughts_rules as rules;

pub use rules::{legal_moves, Color, Game, Move, Outcome, Position, Rules};
