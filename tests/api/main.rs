//! The test suite as one binary (one link of the service instead of one per file): real
//! servers on free ports, the rules of every variant, perft, properties, the engine, the
//! committed documents. `tests/shutdown.rs` (a signal to the whole process) and
//! `tests/clock.rs` (timings that want no neighbours) stay binaries of their own.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod bitbase;
mod browser_headers;
mod canadian;
mod endpoints;
mod engine;
mod frisian;
mod hub_client;
mod openapi;
mod perft;
mod pictures;
mod play;
mod properties;
mod records;
mod rules_examples;
mod tablebase;
mod tactics;
mod turkish;
mod win_conditions;
