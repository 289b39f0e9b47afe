//! Endgame table probes: `cargo bench --bench tables`. The same positions looked up in
//! tables as built (a byte per index in memory) and in their files (mapped, run-length
//! blocks), so the ratio is the price of the file format; and a directory of files mapped
//! against the same tables built.

use draughts_api::engine::bitbase::{self, build_tables, file, Tables};
use draughts_api::rules::{Position, Rules};
use std::sync::LazyLock;

const PROBES: usize = 10_000;

fn main() {
    divan::main();
}

struct Setup {
    built: Tables,
    mapped: Tables,
    dir: std::path::PathBuf,
    positions: Vec<Position>,
}

/// English tables up to 4 pieces, built once, written to a scratch directory and mapped.
static SETUP: LazyLock<Setup> = LazyLock::new(|| {
    let rules = Rules::english();
    let mut built = Tables::new(&rules);
    build_tables(&mut built, 4, None, &mut |_, _| {});
    let dir = std::env::temp_dir().join(format!("draughts-bench-tables-{}", std::process::id()));
    for (material, table) in &built.tables {
        let packed = file::pack(&rules, &table.layout, table.plain_entries().expect("plain"));
        file::write(&dir, &packed, *material).expect("written");
    }
    let mut mapped = Tables::new(&rules);
    bitbase::load_dir(&mut mapped, &dir).expect("mapped");
    // Positions spread over every 4-piece table, by a fixed stride through each.
    let mut positions = Vec::new();
    let four: Vec<_> = built
        .tables
        .values()
        .filter(|t| t.layout.material.pieces() == 4)
        .collect();
    let mut i = 0u64;
    while positions.len() < PROBES {
        let table = four[positions.len() % four.len()];
        i = i
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if let Some(pos) = table.layout.position(i % table.layout.size()) {
            positions.push(pos);
        }
    }
    Setup {
        built,
        mapped,
        dir,
        positions,
    }
});

fn probe_all(tables: &Tables) -> usize {
    SETUP
        .positions
        .iter()
        .filter(|p| tables.probe(p).is_some())
        .count()
}

#[divan::bench(counter = divan::counter::ItemsCount::new(PROBES))]
fn probe_built(bencher: divan::Bencher) {
    bencher.bench(|| probe_all(&SETUP.built));
}

#[divan::bench(counter = divan::counter::ItemsCount::new(PROBES))]
fn probe_mapped(bencher: divan::Bencher) {
    bencher.bench(|| probe_all(&SETUP.mapped));
}

/// Mapping every English table file (checks included), to set beside a build.
#[divan::bench(sample_count = 20)]
fn map_directory(bencher: divan::Bencher) {
    let rules = Rules::english();
    bencher.bench(|| {
        let mut tables = Tables::new(&rules);
        bitbase::load_dir(&mut tables, &SETUP.dir)
            .map(|l| l.read)
            .unwrap_or(0)
    });
}

/// Building the same tables in memory.
#[divan::bench(sample_count = 3)]
fn build_in_memory(bencher: divan::Bencher) {
    let rules = Rules::english();
    bencher.bench(|| {
        let mut tables = Tables::new(&rules);
        build_tables(&mut tables, 4, None, &mut |_, _| {}).materials
    });
}
