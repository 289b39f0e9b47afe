//! The HTTP face: thin handlers over the rules and the engine.

pub mod body;
pub mod cache;
pub mod compression;
pub mod conditional;
pub mod config;
pub mod context;
pub mod cors;
pub mod dto;
pub mod error;
pub mod metrics;
pub mod observe;
pub mod openapi;
pub mod routes;
pub mod search_pool;
pub mod startup;
pub mod state;
pub mod telemetry;

pub use config::Config;
pub use startup::Application;
pub use state::AppState;
