//! What every answer passes through: CORS, compression, conditional answers (`ETag`), the
//! result cache, request ids with their spans and metrics, and the log set-up.

pub mod cache;
pub mod compression;
pub mod conditional;
pub mod cors;
pub mod metrics;
pub mod observe;
pub mod telemetry;
