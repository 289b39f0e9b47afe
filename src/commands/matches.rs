//! `arena` and `tune`: matches between players, and the hand terms' Texel fit.

use super::VariantArg;
use clap::Args;
use std::io::Write;

/// `arena`: a match, each opening played twice with the colours swapped.
#[derive(Args)]
pub struct Arena {
    #[command(flatten)]
    variant: VariantArg,
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
}

impl Arena {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        crate::cli::arena_command(
            &self.variant.id,
            &self.a,
            &self.b,
            (self.pairs, self.seed, self.bitbase_pieces),
            out,
        )
    }
}

/// `tune`: self-play samples, then a Texel fit of the hand terms.
#[derive(Args)]
pub struct Tune {
    #[command(flatten)]
    variant: VariantArg,
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
}

impl Tune {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        crate::cli::tune_command(
            &self.variant.id,
            &self.weights,
            (self.games, self.depth, self.opening_plies, self.seed),
            out,
        )
    }
}
