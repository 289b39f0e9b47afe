//! The command line: one file a command or a group, each owning its arguments
//! (`#[derive(Args)]`) and running itself; `main.rs` only parses and dispatches. The work
//! behind each command is in [`crate::cli`] and [`crate::tools`].

mod dxp;
mod matches;
mod rules;
mod tables;
mod training;

use crate::api::Config;
use clap::{Args, Parser, Subcommand};

/// The command line. With no command it serves, taking `serve`'s options
/// (`draughts-api --addr HOST:PORT`).
#[derive(Parser)]
#[command(
    name = "draughts-api",
    version,
    about = "Draughts rules, AI and REST service",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// The command (none: serve).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The service's options, when no command is named.
    #[command(flatten)]
    pub serve: Config,
}

/// The variant a command works on: a preset's id (`--variant`, declared once here).
#[derive(Args, Clone, Debug)]
pub struct VariantArg {
    /// A preset id (`GET /variants` lists them).
    #[arg(long = "variant", default_value = "international")]
    pub id: String,
}

/// The commands beside the service.
#[derive(Subcommand)]
pub enum Command {
    /// Serve the REST API (the default: `draughts-api --addr HOST:PORT` is the same).
    Serve(Config),
    /// Print the OpenAPI document (committed as openapi/openapi.json).
    Openapi,
    /// Count leaf moves of the legal-move tree, one line per depth.
    Perft(rules::Perft),
    /// Read FEN lines on stdin, print each position's legal moves (for differential tests).
    Movegen(rules::Movegen),
    /// Play a match between two players (easy, medium, hard, max, greedy, `<N>ms`, `depth<N>`).
    Arena(matches::Arena),
    /// Fit the evaluation weights to self-play games (Texel's method); prints the weights in
    /// the `depth<N>:<weights>` form the arena takes, to check them in a match.
    Tune(matches::Tune),
    /// Self-play games for training the pattern evaluation: their quiet positions with the
    /// results, written to OUT (a header, then the positions), games spread over every core.
    Selfplay(training::Selfplay),
    /// Training positions from recorded games: the quiet positions of every game of the
    /// PDN files that has a result, labelled with it (for `train --held-out`, or --data).
    PdnData(training::PdnData),
    /// Label training positions with a deeper search: each position of DATA with between
    /// `--min-pieces` and `--max-pieces` pieces gets the score of PLAYER's search (its
    /// game's result kept), written to OUT for `train --lambda`.
    Relabel(training::Relabel),
    /// Fit pattern weights to self-play positions (logistic regression, one game in ten held
    /// out); writes the weights file the arena's `patterns:` players read.
    Train(Box<training::Train>),
    /// Fit a small network on top of finished 8×8 or 10×10 weights (the rest of the
    /// evaluation held fixed, one game in ten held out); writes a weights file of the fourth
    /// format (the fifth when `--bound` is not 50).
    TrainNetwork(training::TrainNetwork),
    /// Endgame databases: `bitbase build --variant ID --pieces N --out DIR`.
    Bitbase {
        /// `build` or `verify`.
        #[command(subcommand)]
        action: tables::Bitbase,
    },
    /// Speak the Hub protocol (version 2, as Scan does) on stdin/stdout.
    Hub,
    /// Play engine matches over DXP, the DamExchange protocol (10×10): `--listen HOST:PORT`
    /// to follow a peer's game requests, `--connect HOST:PORT` to ask for a match.
    Dxp(dxp::Dxp),
}

impl Command {
    /// Run the command; `serve` is handed back to the caller, which owns the runtime.
    pub fn run(self, serve: impl FnOnce(Config) -> Result<(), String>) -> Result<(), String> {
        // Each tool takes stdout's lock for itself; serving must not hold it (its log lines
        // are written from other threads).
        let out = || std::io::stdout().lock();
        match self {
            Command::Serve(config) => serve(config),
            Command::Openapi => {
                print!("{}", crate::api::openapi::document_json());
                Ok(())
            }
            Command::Perft(c) => c.run(&mut out()),
            Command::Movegen(c) => c.run(std::io::stdin().lock(), &mut out()),
            Command::Arena(c) => c.run(&mut out()),
            Command::Tune(c) => c.run(&mut out()),
            Command::Selfplay(c) => c.run(&mut out()),
            Command::PdnData(c) => c.run(&mut out()),
            Command::Relabel(c) => c.run(&mut out()),
            Command::Train(c) => c.run(&mut out()),
            Command::TrainNetwork(c) => c.run(&mut out()),
            Command::Bitbase { action } => action.run(&mut out()),
            Command::Dxp(c) => c.run(&mut out()),
            Command::Hub => {
                crate::hub::run(std::io::stdin().lock(), &mut out(), Default::default())
                    .map_err(|e| e.to_string())
            }
        }
    }
}
