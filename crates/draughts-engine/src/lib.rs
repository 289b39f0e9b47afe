//! The AI for draughts over `draughts-rules`: an alpha-beta searcher ([`think()`], [`Searcher`])
//! with learned pattern evaluation ([`patterns`], [`network`]), endgame tables ([`bitbase`]), analysis
//! and game reviews' verdicts as data. Knows nothing of HTTP; the front ends (the REST
//! service, the Hub protocol) and the offline tools (matches, training data, fits) live in
//! the service crate beside it.
//!
//! ```
//! use draughts_engine::{think, Caps, Limits, Request};
//! use draughts_rules::{legal_moves, Game, Position, Rules};
//!
//! // English checkers from the start, four plies deep.
//! let rules = Rules::english();
//! let game = Game::new(rules, Position::initial(&rules), None);
//! let request = Request {
//!     limits: Limits { depth: Some(4), ..Limits::default() },
//!     ..Request::default()
//! };
//! let answer = think(&game, &request, &Caps::default(), None).unwrap();
//! assert!(legal_moves(&rules, &game.position).iter().any(|m| m.mv == answer.best));
//! ```

#![deny(missing_docs)]

pub mod analysis;
pub mod bitbase;
pub mod eval;
pub mod limits;
pub mod network;
mod ordering;
pub mod patterns;
pub mod review;
pub mod search;
pub mod think;
mod tt;

pub use draughts_rules::random::Rng;
pub use limits::{Level, Limits};
pub use search::{Score, SearchResult, Searcher};
pub use think::{effective_limits, think, think_with_weights, Answer, Caps, Request};
pub use tt::TablePool;
