//! The answer to a refused request: the problem document (RFC 9457) and its HTTP status,
//! the stable `code` with its facts, and their words in the players' languages.

pub mod error;
pub mod i18n;
pub mod refusal;
pub mod responses;
