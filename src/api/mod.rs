//! The HTTP face: thin handlers over the rules and the engine. The crate's public API here is
//! what runs the service: `Config`, `Application`, the OpenAPI document and telemetry set-up;
//! the routes, DTOs and middleware are internal.
//!
//! Its rooms: `routes` (one file a route), `request` (from request fields to a game, a
//! picture, a body), `problem` (a refused request's answer and its words), `admission` (who
//! may search, where, for how long, and what stops it), `http` (what every answer passes
//! through: CORS, compression, caching, metrics, logs). Beside them: the configuration, the
//! wire types (`dto`), the OpenAPI document, the shared state and the start-up.

mod admission;
pub mod config;
mod dto;
mod http;
pub mod openapi;
mod problem;
mod request;
mod routes;
mod startup;
mod state;

pub use config::Config;
pub use http::telemetry;
pub use startup::{Application, Route, ROUTES};
