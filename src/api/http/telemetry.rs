//! Logging with `tracing`: text for people, JSON lines for production.

use tracing_subscriber::{fmt, EnvFilter};

/// Install the global subscriber once; later calls (tests) do nothing.
pub fn init(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let result = if json {
        fmt()
            .with_env_filter(filter)
            .json()
            .with_current_span(true)
            .try_init()
    } else {
        fmt().with_env_filter(filter).try_init()
    };
    let _ = result;
}
