//! The service's test suite as one binary (one link of the service instead of one per
//! file): real servers on free ports, the Hub protocol, the tables' files, the committed
//! documents. The rules are tested in `crates/draughts-rules/tests/`, the searcher in
//! `crates/draughts-engine/tests/`. `tests/shutdown.rs` (a signal to the whole process) and
//! `tests/clock.rs` (timings that want no neighbours) stay binaries of their own.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod bitbase;
mod browser_headers;
mod dxp;
mod endpoints;
mod hub_client;
mod openapi;
mod pictures;
mod play;
mod records;
mod tablebase;
