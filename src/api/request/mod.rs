//! From request fields to what the rules and the engine take: the body within its limit,
//! the variant, position and history of a game, a game of a PDN text, and a picture's fields.

pub mod body;
pub mod game;
pub mod pdn;
pub mod picture;
