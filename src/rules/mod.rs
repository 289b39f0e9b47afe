//! The rules of draughts: geometry, variants as data, positions, legal moves, notation,
//! game status. Knows nothing of HTTP or searching.

pub mod board;
pub mod explain;
pub mod hash;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod record;
pub mod replay;
pub mod status;
pub mod variant;

pub use board::{BoardSize, Geometry};
pub use movegen::{detail, detail_line, generate, legal_moves, DetailedMove, Move, MoveList};
pub use position::{Color, Position};
pub use status::{Counters, DrawState, Game, Outcome, Reason};
pub use variant::{
    CapturePriority, DrawRules, KingKind, Lines, Notation, Preset, PromotionInCapture, Removal,
    RuleChoice, RuleParams, Rules, WinCondition, PRESETS,
};
