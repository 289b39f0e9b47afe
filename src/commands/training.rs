//! `selfplay`, `pdn-data`, `relabel` and `train`: the data and the fits of the learned
//! evaluation.

use super::VariantArg;
use crate::cli::{self, FitSettings, FitStart, Optimiser, RelabelPlan, SelfPlayPlan};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// `selfplay`: training positions from self-play.
#[derive(Args)]
pub struct Selfplay {
    #[command(flatten)]
    variant: VariantArg,
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
    out: PathBuf,
}

impl Selfplay {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        let plan = SelfPlayPlan {
            games: self.games,
            opening_plies: self.opening_plies,
            seed: self.seed,
        };
        cli::selfplay_command(
            &self.variant.id,
            (plan, self.depth),
            (self.player.as_deref(), &self.eval, self.threads),
            &self.out,
            out,
        )
    }
}

/// `pdn-data`: training positions from recorded games.
#[derive(Args)]
pub struct PdnData {
    #[command(flatten)]
    variant: VariantArg,
    /// PDN files (several games each).
    #[arg(long, required = true, num_args = 1..)]
    pdn: Vec<PathBuf>,
    #[arg(long)]
    out: PathBuf,
}

impl PdnData {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        cli::pdn_data_command(&self.variant.id, &self.pdn, &self.out, out)
    }
}

/// `relabel`: training positions given a deeper search's score.
#[derive(Args)]
pub struct Relabel {
    #[command(flatten)]
    variant: VariantArg,
    /// Files written by `selfplay` (or an earlier `relabel`).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
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
    out: PathBuf,
}

impl Relabel {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        let plan = RelabelPlan {
            pieces: (self.min_pieces, self.max_pieces),
            limit: self.limit,
        };
        cli::relabel_command(
            &self.variant.id,
            (&self.data, &self.player),
            plan,
            self.threads,
            &self.out,
            out,
        )
    }
}

/// `train`: a fit of the pattern weights.
#[derive(Args)]
pub struct Train {
    #[command(flatten)]
    variant: VariantArg,
    /// Files written by `selfplay`.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    #[arg(long, default_value_t = 8)]
    epochs: usize,
    /// How the weights follow the gradient.
    #[arg(long, value_enum, default_value_t = Optimiser::Sgd)]
    optimiser: Optimiser,
    /// The step: of the gradient (sgd), or in centipieces (adam, where 0.3 suits).
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// L2 regularisation, per occurrence of a feature. 1e-4 (the default until
    /// 2026-12-04) kept the blocks' weights at under a quarter of their size at 1e-6
    /// (mean 2.4 against 10.9 centipieces in fits from zero); at 1e-6 a fine-tune played
    /// far better against Scan (docs/journal/2026-12.md), with none a fit from zero played worse.
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
    from: Option<PathBuf>,
    /// Data files whose positions are never trained on, only measured after each epoch
    /// (against their games' results), such as positions of recorded games
    /// (`pdn-data`).
    #[arg(long, num_args = 1..)]
    held_out: Vec<PathBuf>,
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
    out: PathBuf,
}

impl Train {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        let settings = FitSettings {
            epochs: self.epochs,
            optimiser: self.optimiser,
            rate: self.rate,
            l2: self.l2,
            lambda: self.lambda,
            calm: self.calm,
            seed: self.seed,
            start: None,
            terms: self.terms,
            blocks: !self.no_blocks,
            piece_squares: self.piece_squares,
            no_tempo: self.no_tempo,
            choices: self.choices,
            choice_sharpness: self.choice_sharpness,
        };
        let start = match (self.from_embedded, self.from) {
            (_, Some(file)) => FitStart::File(file),
            (true, None) => FitStart::Embedded,
            (false, None) => FitStart::Zero,
        };
        cli::train_command(
            &self.variant.id,
            (&self.data, &self.held_out),
            settings,
            start,
            &self.out,
            out,
        )
    }
}

/// `train-network`: a small network fitted on top of finished weights.
#[derive(Args)]
pub struct TrainNetwork {
    #[command(flatten)]
    variant: VariantArg,
    /// Files written by `selfplay`.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// The weights the network is fitted on top of (else the variant's embedded ones).
    #[arg(long)]
    from: Option<PathBuf>,
    /// Hidden units.
    #[arg(long, default_value_t = 32)]
    hidden: usize,
    #[arg(long, default_value_t = 8)]
    epochs: usize,
    /// Adam's step.
    #[arg(long, default_value_t = 0.001)]
    rate: f64,
    /// Positions a step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// The share of each target taken from the position's search score.
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// The most the network may add to the rest of the evaluation or take from it, in
    /// centipieces (100 = a man); by default the starting network's own with
    /// `--warm-start`, else half a man.
    #[arg(long)]
    bound: Option<i32>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start from the starting weights' own network (its hidden units) instead of fresh
    /// weights: fine-tune what earlier rounds learned.
    #[arg(long)]
    warm_start: bool,
    #[arg(long)]
    out: PathBuf,
}

impl TrainNetwork {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        let settings = crate::tools::train_network::NetworkSettings {
            hidden: self.hidden,
            epochs: self.epochs,
            rate: self.rate,
            batch: self.batch,
            lambda: self.lambda,
            bound: self.bound,
            seed: self.seed,
            warm_start: self.warm_start,
        };
        cli::train_network_command(
            &self.variant.id,
            &self.data,
            self.from.as_deref(),
            &settings,
            &self.out,
            out,
        )
    }
}
