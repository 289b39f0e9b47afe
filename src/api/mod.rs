//! The HTTP face: thin handlers over the rules and the engine. The crate's public API here is
//! what runs the service: `Config`, `Application`, the OpenAPI document and telemetry set-up;
//! the routes, DTOs and middleware are internal.

mod body;
mod cache;
mod compression;
mod conditional;
pub mod config;
mod connection;
mod context;
mod cors;
mod cpu_pool;
mod dto;
mod error;
mod i18n;
mod metrics;
mod observe;
pub mod openapi;
mod picture;
mod refusal;
mod routes;
mod search_pool;
mod searches;
mod share;
mod startup;
mod state;
pub mod telemetry;

pub use config::Config;
pub use startup::{Application, Route, ROUTES};
