//! The `draughts-api` binary: the REST service (the default command) and the tools beside
//! it (`--help` lists them: openapi, perft, arena, tune, selfplay, train, bitbase, hub,
//! movegen).

use clap::{Parser, Subcommand};
use draughts_api::api::{telemetry, Application, Config};
use draughts_api::cli;
use std::process::ExitCode;

/// jemalloc gives freed memory back to the system within about a second: after a burst of
/// large pictures the process returns near its size before it, where glibc's allocator kept
/// hundreds of MiB in its per-thread arenas (docs/operations.md, the picture flood).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

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
    /// Serve the REST API (the default).
    Serve(Config),
    /// Print the OpenAPI document (committed as openapi/openapi.json).
    Openapi,
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
    /// Play a match between two players (easy, medium, hard, max, greedy, <N>ms, depth<N>).
    Arena {
        #[arg(long, default_value = "international")]
        variant: String,
        #[arg(long)]
        a: String,
        #[arg(long)]
        b: String,
        /// Openings; each is played twice with colours swapped.
        #[arg(long, default_value_t = 20)]
        pairs: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Endgame tables up to this many pieces for the players searching in this process
        /// (0: none).
        #[arg(long, default_value_t = 4)]
        bitbase_pieces: u32,
    },
    /// Fit the evaluation weights to self-play games (Texel's method); prints the weights in
    /// the `depth<N>:<weights>` form the arena takes, to check them in a match.
    Tune {
        #[arg(long, default_value = "international")]
        variant: String,
        /// Self-play games to draw positions from.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Search depth of the self-play games.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Random plies that open each game (variety).
        #[arg(long, default_value_t = 6)]
        opening_plies: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from the variant's weights with these overrides (`king=250,advance=4`); the
        /// self-play games use them too.
        #[arg(long, default_value = "")]
        weights: String,
    },
    /// Self-play games for training the pattern evaluation: their quiet positions with the
    /// results, written to OUT (a header, then 29 bytes a position), games spread over every
    /// core.
    Selfplay {
        #[arg(long, default_value = "international")]
        variant: String,
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 4)]
        depth: u32,
        #[arg(long, default_value_t = 8)]
        opening_plies: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `hand`: the hand terms alone (how the first weights were made); `full`: the
        /// variant's whole evaluation, learned patterns included (the next iteration).
        #[arg(long, default_value = "hand")]
        eval: String,
        /// The player instead of `--depth`/`--eval`: an arena player such as `nodes20000`
        /// (the whole evaluation, a fixed number of nodes a move: reproducible, and each
        /// position labelled with its search score too).
        #[arg(long)]
        player: Option<String>,
        /// Threads (0: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Training positions from recorded games: the quiet positions of every game of the
    /// PDN files that has a result, labelled with it (for `train --held-out`, or --data).
    PdnData {
        #[arg(long, default_value = "international")]
        variant: String,
        /// PDN files (several games each).
        #[arg(long, required = true, num_args = 1..)]
        pdn: Vec<std::path::PathBuf>,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Label training positions with a deeper search: each position of DATA with between
    /// `--min-pieces` and `--max-pieces` pieces gets the score of PLAYER's search (its
    /// game's result kept), written to OUT for `train --lambda`.
    Relabel {
        #[arg(long, default_value = "international")]
        variant: String,
        /// Files written by `selfplay` (or an earlier `relabel`).
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// The searcher that labels, an arena player such as `nodes20000` (reproducible).
        #[arg(long)]
        player: String,
        /// The fewest pieces on the board a position needs to be labelled.
        #[arg(long, default_value_t = 0)]
        min_pieces: u32,
        /// The most pieces on the board a labelled position may have.
        #[arg(long, default_value_t = 64)]
        max_pieces: u32,
        /// At most this many positions (the first that qualify).
        #[arg(long, default_value_t = usize::MAX)]
        limit: usize,
        /// Threads (0: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Fit pattern weights to self-play positions (logistic regression, one game in ten held
    /// out); writes the weights file the arena's `patterns:` players read.
    Train {
        #[arg(long, default_value = "international")]
        variant: String,
        /// Files written by `selfplay`.
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        #[arg(long, default_value_t = 8)]
        epochs: usize,
        /// How the weights follow the gradient.
        #[arg(long, value_enum, default_value_t = cli::Optimiser::Sgd)]
        optimiser: cli::Optimiser,
        /// The step: of the gradient (sgd), or in centipieces (adam, where 0.3 suits).
        #[arg(long, default_value_t = 20.0)]
        rate: f64,
        /// L2 regularisation, per occurrence of a feature. 1e-4 (the default until
        /// 2026-12-04) kept the blocks' weights at under a quarter of their size at 1e-6
        /// (mean 2.4 against 10.9 centipieces in fits from zero); at 1e-6 a fine-tune played
        /// far better against Scan (docs/strength.md), with none a fit from zero played worse.
        #[arg(long, default_value_t = 1e-6)]
        l2: f64,
        /// The share of each target taken from the position's search score (data written
        /// with search scores); the rest is its game's result.
        #[arg(long, default_value_t = 0.0)]
        lambda: f64,
        /// Train only on positions whose search score lies within this many centipieces of
        /// the starting weights' evaluation (no shot pending, by the search's judgement).
        #[arg(long)]
        calm: Option<u32>,
        /// Start from the variant's embedded weights (a further iteration) instead of zero.
        #[arg(long, conflicts_with = "from")]
        from_embedded: bool,
        /// Start from this weights file (with `--epochs 0`: measure it on the data).
        #[arg(long)]
        from: Option<std::path::PathBuf>,
        /// Data files whose positions are never trained on, only measured after each epoch
        /// (against their games' results), such as positions of recorded games
        /// (`pdn-data`).
        #[arg(long, num_args = 1..)]
        held_out: Vec<std::path::PathBuf>,
        /// Fit the whole-board terms too (kings, their safe and exposed squares, the
        /// balance of the wings), written in the weights file's second format.
        #[arg(long)]
        terms: bool,
        /// Leave the 4×4 blocks out (a cheaper evaluation: terms and per-square tables only).
        #[arg(long)]
        no_blocks: bool,
        /// Fit per-square tables too: what a man and a king are worth on each square, seen
        /// from their own side (the weights file's third format).
        #[arg(long)]
        piece_squares: bool,
        /// Tie each 4×4 block to its mirror on the other half (a pattern's weight from one
        /// side's view is minus its turned pattern's in the mirrored block): no value for
        /// having the move in the blocks, twice the data for each weight.
        #[arg(long)]
        no_tempo: bool,
        /// The weight of the choice loss beside the results' (0: off; data written with
        /// the played moves): the move the player's search played should score above the
        /// position's other moves, each scored once the captures it allows are played out.
        #[arg(long, default_value_t = 0.0)]
        choices: f64,
        /// How sharply the choice loss tells the moves apart (a multiple of the results'
        /// logistic scale): above 1 it dwells on the moves that outscore the played one.
        #[arg(long, default_value_t = 1.0)]
        choice_sharpness: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Endgame databases: `bitbase build --variant ID --pieces N --out DIR`.
    Bitbase {
        #[command(subcommand)]
        action: BitbaseAction,
    },
    /// Speak the Hub protocol (version 2, as Scan does) on stdin/stdout.
    Hub,
    /// Read FEN lines on stdin, print each position's legal moves (for differential tests).
    Movegen {
        #[arg(long, default_value = "international")]
        variant: String,
        /// Start each line with who has won by the position alone (`white`, `black` or
        /// `none`), before the moves.
        #[arg(long)]
        winner: bool,
    },
}

#[derive(Subcommand)]
enum BitbaseAction {
    /// Build every table of up to N pieces by retrograde analysis and write them to
    /// `DIR/<variant>/<material>.dtb` (resumable: materials on file are kept); the service
    /// maps them with `--bitbase-dir DIR`.
    Build {
        /// A preset, or `all` for every preset that has tables.
        #[arg(long, default_value = "international")]
        variant: String,
        #[arg(long, default_value_t = 4)]
        pieces: u32,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Check table files against the rules: each sampled position's stored result must be
    /// the best of its moves' results (read from the files too).
    Verify {
        #[arg(long, default_value = "international")]
        variant: String,
        /// The directory `build` wrote (`DIR/<variant>/`).
        #[arg(long)]
        dir: std::path::PathBuf,
        /// Positions sampled from the tables of the most pieces.
        #[arg(long, default_value_t = 1_000_000)]
        samples: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft {
            variant,
            depth,
            fen,
            divide,
        }) => cli::perft_command(
            &variant,
            depth,
            fen.as_deref(),
            divide,
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Movegen { variant, winner }) => cli::movegen_command(
            &variant,
            winner,
            std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Arena {
            variant,
            a,
            b,
            pairs,
            seed,
            bitbase_pieces,
        }) => cli::arena_command(
            &variant,
            &a,
            &b,
            (pairs, seed, bitbase_pieces),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Tune {
            variant,
            games,
            depth,
            opening_plies,
            seed,
            weights,
        }) => cli::tune_command(
            &variant,
            &weights,
            (games, depth, opening_plies, seed),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Bitbase {
            action:
                BitbaseAction::Build {
                    variant,
                    pieces,
                    out,
                },
        }) => cli::bitbase_build_command(
            &variant,
            pieces,
            &out,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        ),
        Some(Command::Bitbase {
            action:
                BitbaseAction::Verify {
                    variant,
                    dir,
                    samples,
                    seed,
                },
        }) => cli::bitbase_verify_command(
            &variant,
            &dir,
            (samples, seed),
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Selfplay {
            variant,
            games,
            depth,
            opening_plies,
            seed,
            eval,
            player,
            threads,
            out,
        }) => cli::selfplay_command(
            &variant,
            (
                cli::SelfPlayPlan {
                    games,
                    opening_plies,
                    seed,
                },
                depth,
            ),
            (player.as_deref(), &eval, threads),
            &out,
            &mut std::io::stdout().lock(),
        ),
        Some(Command::PdnData { variant, pdn, out }) => {
            cli::pdn_data_command(&variant, &pdn, &out, &mut std::io::stdout().lock())
        }
        Some(Command::Relabel {
            variant,
            data,
            player,
            min_pieces,
            max_pieces,
            limit,
            threads,
            out,
        }) => cli::relabel_command(
            &variant,
            (&data, &player),
            cli::RelabelPlan {
                pieces: (min_pieces, max_pieces),
                limit,
            },
            threads,
            &out,
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Train {
            variant,
            data,
            epochs,
            optimiser,
            rate,
            l2,
            lambda,
            calm,
            seed,
            from_embedded,
            from,
            held_out,
            terms,
            no_blocks,
            piece_squares,
            no_tempo,
            choices,
            choice_sharpness,
            out,
        }) => cli::train_command(
            &variant,
            (&data, &held_out),
            cli::FitSettings {
                epochs,
                optimiser,
                rate,
                l2,
                lambda,
                calm,
                seed,
                start: None,
                terms,
                blocks: !no_blocks,
                piece_squares,
                no_tempo,
                choices,
                choice_sharpness,
            },
            match (from_embedded, from) {
                (_, Some(file)) => cli::FitStart::File(file),
                (true, None) => cli::FitStart::Embedded,
                (false, None) => cli::FitStart::Zero,
            },
            &out,
            &mut std::io::stdout().lock(),
        ),
        Some(Command::Hub) => draughts_api::hub::run(
            std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
            Default::default(),
        )
        .map_err(|e| e.to_string()),
        Some(Command::Openapi) => {
            print!("{}", draughts_api::api::openapi::document_json());
            Ok(())
        }
        Some(Command::Serve(config)) => serve(config),
        None => serve(Config::from_env()),
    };
    match result {
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
