//! One module per endpoint: parse, call the library, serialize.

pub mod analyze;
pub mod apply;
pub mod bestmove;
pub mod board;
pub mod games_analyze;
pub mod health;
pub mod moves;
pub mod openapi_json;
pub mod page;
pub mod play;
pub mod render;
pub mod status;
pub mod validate;
pub mod variants;
