//! The rules of draughts in every national variant: geometry, variants as data
//! ([`Rules`], presets in [`PRESETS`]), positions, legal moves (complete capture sequences
//! under each variant's priorities), notation (FEN, moves, PDN) and game status with the
//! draw rules. Knows nothing of HTTP or searching; embed it in any Rust program.
//!
//! ```
//! use draughts_rules::notation::{fen, moves};
//! use draughts_rules::{legal_moves, Game, Outcome, Preset, Rules};
//!
//! // International draughts: the man on 32 must take the most pieces (three, not two).
//! let rules = Rules::international();
//! let position = fen::parse("W:W32:B9,17,19,27,28", rules.board).unwrap().position;
//! let list = legal_moves(&rules, &position);
//! assert_eq!(list.len(), 1);
//! assert_eq!(moves::full(&list[0], rules.board), "32x23x14x3");
//!
//! // Any preset by id or alias; a game keeps the history its draw rules need.
//! let russian = Preset::find("shashki").unwrap().rules;
//! let game = Game::new(russian, draughts_rules::Position::initial(&russian), None);
//! assert!(matches!(game.outcome(), Outcome::Ongoing));
//! ```

#![deny(missing_docs)]

pub mod board;
pub mod color;
pub mod explain;
pub mod hash;
pub mod movegen;
pub mod mv;
pub mod notation;
pub mod perft;
pub mod position;
pub mod random;
pub mod record;
pub mod replay;
pub mod status;
pub mod variant;

pub use board::{BoardSize, Geometry};
pub use movegen::{detail, detail_line, generate, legal_moves, DetailedMove, Move, MoveList};
pub use position::{Color, Position};
pub use status::{Counters, DrawState, Game, Outcome, Reason};
pub use variant::{
    CapturePriority, Choices, DrawRules, KingKind, Lines, Notation, Preset, PromotionInCapture,
    Removal, RuleParams, Rules, WinCondition, PRESETS,
};
