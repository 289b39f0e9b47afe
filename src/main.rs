use clap::{Parser, Subcommand};
use draughts_api::rules::{notation::fen, perft, Preset};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "draughts-api",
    version,
    about = "Draughts rules, AI and REST service"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf moves of the legal-move tree, one line per depth.
    Perft {
        #[arg(long, default_value = "international")]
        variant: String,
        #[arg(long)]
        depth: u32,
        #[arg(long)]
        fen: Option<String>,
        /// Print each first move with its count at the last depth.
        #[arg(long)]
        divide: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft {
            variant,
            depth,
            fen: fen_text,
            divide,
        }) => run_perft(&variant, depth, fen_text.as_deref(), divide),
        None => ExitCode::SUCCESS,
    }
}

fn run_perft(variant: &str, depth: u32, fen_text: Option<&str>, divide: bool) -> ExitCode {
    let Some(preset) = Preset::find(variant) else {
        eprintln!(
            "unknown variant '{variant}': one of {}",
            Preset::all_names().join(", ")
        );
        return ExitCode::from(2);
    };
    let rules = preset.rules;
    let pos = match fen_text {
        Some(text) => match fen::parse(text, rules.board) {
            Ok(f) => f.position,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                return ExitCode::from(2);
            }
        },
        None => draughts_api::Position::initial(&rules),
    };
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = perft::perft(&rules, &pos, d);
        println!("depth {d} nodes {nodes} ms {}", start.elapsed().as_millis());
    }
    if divide {
        for (mv, n) in perft::divide(&rules, &pos, depth) {
            println!(
                "{} {n}",
                draughts_api::rules::notation::moves::full(&mv, rules.board)
            );
        }
    }
    ExitCode::SUCCESS
}
