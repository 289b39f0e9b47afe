//! Endgame tables as files: `bitbase build` (every table of up to N pieces, solved by
//! retrograde analysis, written and read back) and `bitbase verify` (each sampled stored
//! result checked against its moves' results, from the files).

use crate::cli::preset_rules;
use crate::rules::Rules;
use std::io::Write;
use std::time::Instant;

/// Build endgame tables up to `pieces` pieces into `out/<variant>/` for one preset, or for
/// every preset that has tables (`all`): materials already written are kept (the build
/// resumes), each new material is written as soon as it is solved and read back to check
/// that its file holds what was solved. Presets with the same rules of play share files
/// (hard links). Progress goes to `progress`, the summary to `w`.
pub fn build(
    variant: &str,
    pieces: u32,
    out: &std::path::Path,
    w: &mut impl Write,
    progress: &mut impl Write,
) -> Result<(), String> {
    use crate::engine::bitbase;
    if !(2..=6).contains(&pieces) {
        return Err(format!("--pieces {pieces}: 2 to 6 are built"));
    }
    let presets: Vec<(String, Rules)> = if variant == "all" {
        crate::rules::PRESETS
            .iter()
            .filter(|p| bitbase::supports(&p.rules))
            .map(|p| (p.id.to_string(), p.rules))
            .collect()
    } else {
        let rules = preset_rules(variant)?;
        if !bitbase::supports(&rules) {
            return Err(format!(
                "{variant}: endgame tables are built for the usual win condition, on dark \
                 squares of a board of at most 64 bits, without a king-move limit"
            ));
        }
        vec![(variant.to_string(), rules)]
    };
    let mut built: Vec<(Rules, std::path::PathBuf)> = Vec::new();
    for (name, rules) in presets {
        let dir = out.join(&name);
        let play = bitbase::play_rules(&rules);
        if let Some((_, twin_dir)) = built.iter().find(|(r, _)| *r == play) {
            let linked =
                link_tables(twin_dir, &dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            writeln!(
                w,
                "{name}: the same rules of play as {}, {linked} files linked",
                twin_dir.display()
            )
            .map_err(|e| e.to_string())?;
            continue;
        }
        build_one_variant(&name, &rules, pieces, &dir, w, progress)?;
        built.push((play, dir));
    }
    Ok(())
}

/// Sample positions of the largest tables in `dir/<variant>/` and check each stored result
/// against the results its moves lead to (one ply of retrograde consistency, read back from
/// the files): the check of a build that does not trust the builder.
pub fn verify(
    variant: &str,
    dir: &std::path::Path,
    (samples, seed): (u64, u64),
    w: &mut impl Write,
) -> Result<(), String> {
    use crate::engine::bitbase::{self, Value};
    use crate::rules::{movegen, Color, MoveList};
    let rules = preset_rules(variant)?;
    let mut tables = bitbase::Tables::new(&rules);
    let path = dir.join(variant);
    let loaded =
        bitbase::load_dir(&mut tables, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(refused) = loaded.refused.first() {
        return Err(format!("{refused}"));
    }
    let largest = tables.tables.keys().map(|m| m.pieces()).max().unwrap_or(0);
    let materials: Vec<_> = tables
        .tables
        .iter()
        .filter(|(m, _)| m.pieces() == largest)
        .map(|(_, t)| &t.layout)
        .collect();
    if materials.is_empty() {
        return Err(format!("{}: no table files", path.display()));
    }
    let start = Instant::now();
    let mut rng = crate::rules::random::Rng::new(seed);
    let mut list = MoveList::with_capacity(64);
    let (mut checked, mut quiet, mut wrong) = (0u64, 0u64, 0u64);
    let mut results = [0u64; 3];
    while checked < samples {
        let layout = materials[rng.below(materials.len())];
        let index = rng.next_u64() % layout.size();
        let Some(white) = layout.position(index) else {
            continue;
        };
        let pos = white.with_side(if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        });
        let stored = tables
            .probe(&pos)
            .ok_or("a position of a held material was not found")?;
        movegen::generate(&rules, &pos, &mut list);
        let best = tables
            .best_move_value(&pos, list.iter())
            .ok_or("a move leads to a material without a table")?
            .unwrap_or(Value::Loss(0));
        // Distances saturate at 127 plies in the files: compare the result alone there.
        let saturated = |v: Value| matches!(v, Value::Win(d) | Value::Loss(d) if d >= 127);
        let same = if saturated(stored) || saturated(best) {
            std::mem::discriminant(&stored) == std::mem::discriminant(&best)
        } else {
            stored == best
        };
        wrong += u64::from(!same);
        quiet += u64::from(!list.iter().any(|m| m.is_capture()));
        results[match stored {
            Value::Win(_) => 0,
            Value::Draw => 1,
            Value::Loss(_) => 2,
        }] += 1;
        checked += 1;
    }
    writeln!(
        w,
        "{variant}: {checked} positions of {largest} pieces ({quiet} without a capture; {} won, {} drawn, {} lost), {wrong} inconsistent, {:.1} s",
        results[0],
        results[1],
        results[2],
        start.elapsed().as_secs_f64()
    )
    .map_err(|e| e.to_string())?;
    if wrong > 0 {
        return Err(format!(
            "{wrong} positions disagree with their moves' results"
        ));
    }
    Ok(())
}

/// Hard-link (or copy, across file systems) every table file of `from` into `to`.
fn link_tables(from: &std::path::Path, to: &std::path::Path) -> std::io::Result<usize> {
    std::fs::create_dir_all(to)?;
    let mut linked = 0;
    for entry in std::fs::read_dir(from)? {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str())
            != Some(crate::engine::bitbase::file::EXTENSION)
        {
            continue;
        }
        let Some(name) = path.file_name() else {
            continue;
        };
        let target = to.join(name);
        if !target.exists() && std::fs::hard_link(&path, &target).is_err() {
            std::fs::copy(&path, &target)?;
        }
        linked += 1;
    }
    Ok(linked)
}

/// Positions a build solves a second on one core of our machines (international, 5 pieces:
/// 1.57 G in 1,639 s, `docs/operations.md`): what the estimate before a build assumes.
const SOLVED_PER_SECOND: f64 = 0.96e6;
/// A table file's size over its entries', by board (`docs/operations.md`): 10×10 packs
/// well (international: 30% up to 4 pieces, 32.5% for 5), 8×8 less (4 pieces: 46–71%;
/// English up to 6: 55%).
fn packed_share(rules: &Rules) -> f64 {
    match rules.board {
        crate::rules::BoardSize::Ten => 0.35,
        _ => 0.6,
    }
}

fn build_one_variant(
    name: &str,
    rules: &Rules,
    pieces: u32,
    dir: &std::path::Path,
    w: &mut impl Write,
    progress: &mut impl Write,
) -> Result<(), String> {
    use crate::engine::bitbase::{self, file, Layout, Material};
    let failed = |e: std::io::Error| format!("{}: {e}", dir.display());
    let mut tables = bitbase::Tables::new(rules);
    if dir.is_dir() {
        let loaded = bitbase::load_dir(&mut tables, dir).map_err(failed)?;
        for refused in &loaded.refused {
            let _ = writeln!(progress, "  refused (it will be built again): {refused}");
        }
    }
    let todo: Vec<Material> = Material::all_up_to(pieces)
        .into_iter()
        .filter(|m| !tables.tables.contains_key(m))
        .collect();
    let entries_of = |m: &Material| Layout::new(rules, *m).size();
    let total: u64 = todo.iter().map(entries_of).sum();
    let largest = todo.iter().map(entries_of).max().unwrap_or(0);
    let mib = |bytes: f64| bytes / (1024.0 * 1024.0);
    let _ = writeln!(
        progress,
        "{name} up to {pieces} pieces into {}: {} materials on file, {} to solve ({:.1} M entries a side to move)\n  \
         estimate: about {:.0} s of one core, {:.0} MiB of disk (at most {:.0} MiB), {:.0} MiB of memory",
        dir.display(),
        tables.tables.len(),
        todo.len(),
        total as f64 / 1e6,
        2.0 * total as f64 / SOLVED_PER_SECOND,
        mib(total as f64 * packed_share(rules)),
        mib(total as f64 * 1.01),
        mib(total as f64 + 16.0 * largest as f64),
    );
    let start = std::time::Instant::now();
    let (mut done_entries, mut done_materials) = (0u64, 0usize);
    let (mut written_bytes, mut checked) = (0u64, 0u64);
    let mut trouble: Option<String> = None;
    let stats = bitbase::build_tables(&mut tables, pieces, None, &mut |tables, material| {
        if trouble.is_some() {
            return;
        }
        let Some(table) = tables.tables.get(&material) else {
            return;
        };
        let Some(entries) = table.plain_entries() else {
            return;
        };
        let packed = file::pack(rules, &table.layout, entries);
        let outcome = file::write(dir, &packed, material)
            .map_err(|e| e.to_string())
            .and_then(|path| {
                let (_, read) = file::open(&path, rules).map_err(|r| r.to_string())?;
                let mut same = 0u64;
                for (index, &entry) in entries.iter().enumerate() {
                    if file::kept(rules, &table.layout, index as u64).is_some() {
                        if read.entry(index as u64) != Some(entry) {
                            return Err(format!(
                                "{}: entry {index} differs from the solver's",
                                path.display()
                            ));
                        }
                        same += 1;
                    }
                }
                Ok((read.bytes() as u64, same))
            });
        match outcome {
            Ok((bytes, same)) => {
                written_bytes += bytes;
                checked += same;
            }
            Err(e) => trouble = Some(e),
        }
        done_entries += entries.len() as u64;
        done_materials += 1;
        let share = done_entries as f64 / total.max(1) as f64;
        let spent = start.elapsed().as_secs_f64();
        let bar: String = (0..20)
            .map(|i| if (i as f64) < share * 20.0 { '#' } else { '-' })
            .collect();
        let _ = writeln!(
            progress,
            "  [{bar}] {:3.0}%  {done_materials}/{} materials  {spent:.0} s, about {:.0} s left  ({} written)",
            share * 100.0,
            todo.len(),
            spent / share.max(1e-9) - spent,
            material.name(),
        );
    });
    if let Some(e) = trouble {
        return Err(e);
    }
    writeln!(
        w,
        "{name} up to {pieces} pieces: {} new materials, {} positions ({} won, {} lost, {} drawn), \
         longest win {} plies, {:.1} s; {:.1} MiB written ({:.1}% of {:.1} MiB of entries), \
         {checked} positions read back equal to the solver's; {} materials in {}",
        stats.materials,
        stats.positions,
        stats.wins,
        stats.losses,
        stats.draws,
        stats.longest,
        stats.seconds,
        mib(written_bytes as f64),
        100.0 * written_bytes as f64 / total.max(1) as f64,
        mib(total as f64),
        tables.tables.len(),
        dir.display()
    )
    .map_err(|e| e.to_string())
}
