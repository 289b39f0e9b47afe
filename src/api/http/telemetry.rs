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

/// Text log lines on stderr, for the command-line tools whose stdout carries their results
/// (`dxp`); `RUST_LOG` chooses the level as for the service.
pub fn init_on_stderr() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
