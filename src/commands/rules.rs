//! `perft` and `movegen`: the rules' own counts and move lists.

use super::VariantArg;
use clap::Args;
use std::io::{BufRead, Write};

/// `perft`: leaf counts of the legal-move tree.
#[derive(Args)]
pub struct Perft {
    #[command(flatten)]
    variant: VariantArg,
    #[arg(long)]
    depth: u32,
    #[arg(long)]
    fen: Option<String>,
    /// Print each first move with its count at the last depth.
    #[arg(long)]
    divide: bool,
}

impl Perft {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        crate::cli::perft_command(
            &self.variant.id,
            self.depth,
            self.fen.as_deref(),
            self.divide,
            out,
        )
    }
}

/// `movegen`: the legal moves of each FEN line read.
#[derive(Args)]
pub struct Movegen {
    #[command(flatten)]
    variant: VariantArg,
    /// Start each line with who has won by the position alone (`white`, `black` or
    /// `none`), before the moves.
    #[arg(long)]
    winner: bool,
}

impl Movegen {
    pub fn run(self, input: impl BufRead, out: &mut impl Write) -> Result<(), String> {
        crate::cli::movegen_command(&self.variant.id, self.winner, input, out)
    }
}
