//! `bitbase build` and `bitbase verify`: the endgame tables as files.

use super::VariantArg;
use clap::Subcommand;
use std::io::Write;
use std::path::PathBuf;

/// What to do with endgame tables.
#[derive(Subcommand)]
pub enum Bitbase {
    /// Build every table of up to N pieces by retrograde analysis and write them to
    /// `DIR/<variant>/<material>.dtb` (resumable: materials on file are kept); the service
    /// maps them with `--bitbase-dir DIR`.
    Build {
        /// A preset, or `all` for every preset that has tables.
        #[command(flatten)]
        variant: VariantArg,
        #[arg(long, default_value_t = 4)]
        pieces: u32,
        #[arg(long)]
        out: PathBuf,
    },
    /// Check table files against the rules: each sampled position's stored result must be
    /// the best of its moves' results (read from the files too).
    Verify {
        #[command(flatten)]
        variant: VariantArg,
        /// The directory `build` wrote (`DIR/<variant>/`).
        #[arg(long)]
        dir: PathBuf,
        /// Positions sampled from the tables of the most pieces.
        #[arg(long, default_value_t = 1_000_000)]
        samples: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

impl Bitbase {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        match self {
            Bitbase::Build {
                variant,
                pieces,
                out: dir,
            } => crate::tools::tables::build(
                &variant.id,
                pieces,
                &dir,
                out,
                &mut std::io::stderr().lock(),
            ),
            Bitbase::Verify {
                variant,
                dir,
                samples,
                seed,
            } => crate::tools::tables::verify(&variant.id, &dir, (samples, seed), out),
        }
    }
}
