//! The `draughts-api` binary: the REST service (the default command) and the tools beside
//! it (`--help` lists them; each is in `src/commands/`).

use clap::Parser;
use draughts_api::api::{telemetry, Application, Config};
use draughts_api::commands::{Cli, Command};
use std::process::ExitCode;

/// jemalloc gives freed memory back to the system within about a second: after a burst of
/// large pictures the process returns near its size before it, where glibc's allocator kept
/// hundreds of MiB in its per-thread arenas (docs/operations.md, the picture flood).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve(cli.serve));
    match command.run(serve) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("draughts-api: {message}");
            ExitCode::from(2)
        }
    }
}

fn serve(config: Config) -> Result<(), String> {
    telemetry::init(config.log_json);
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(config.clone())
            .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        tracing::info!(addr = %config.addr, port = app.port(), "draughts-api serving");
        app.run_until_stopped().await.map_err(|e| e.to_string())
    })
}
