//! The command-line tools beside the service, one function a command: perft, the batch
//! move generator of the differential tests, matches, self-play data, fits, endgame tables.

use crate::rules::notation::{fen, moves};
use crate::rules::{perft, Position, Preset, Rules};
pub use crate::tools::train::RelabelPlan;
pub use crate::tools::train::{FitSettings, Optimiser};
pub use crate::tools::tune::SelfPlayPlan;
use std::io::{BufRead, Write};
use std::time::Instant;

/// Look up a preset or explain which names exist.
pub fn preset_rules(variant: &str) -> Result<Rules, String> {
    Preset::find(variant).map(|p| p.rules).ok_or_else(|| {
        format!(
            "unknown variant '{variant}': one of {}",
            Preset::all_names().join(", ")
        )
    })
}

fn start_position(rules: &Rules, fen_text: Option<&str>) -> Result<Position, String> {
    match fen_text {
        Some(text) => fen::parse(text, rules.board)
            .map(|f| f.position)
            .map_err(|e| format!("bad FEN: {e}")),
        None => Ok(Position::initial(rules)),
    }
}

/// `perft`: one line per depth, `depth <d> nodes <n> ms <t>`, then the divide if asked.
pub fn perft_command(
    variant: &str,
    depth: u32,
    fen_text: Option<&str>,
    divide: bool,
    out: &mut impl Write,
) -> Result<(), String> {
    let rules = preset_rules(variant)?;
    let pos = start_position(&rules, fen_text)?;
    let io = |e: std::io::Error| e.to_string();
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = perft::perft(&rules, &pos, d);
        writeln!(
            out,
            "depth {d} nodes {nodes} ms {}",
            start.elapsed().as_millis()
        )
        .map_err(io)?;
    }
    if divide {
        for (mv, n) in perft::divide(&rules, &pos, depth) {
            writeln!(out, "{} {n}", moves::full(&mv, rules.board)).map_err(io)?;
        }
    }
    Ok(())
}

/// `movegen`: for each input line, one line with the legal moves as
/// `from-to:captured.captured…` (PDN numbers, captures sorted), sorted and space-separated.
/// An input line is a FEN, optionally followed by `;` and moves played from it (paths such
/// as `32x23x14`, space-separated), for rules whose legal moves depend on the moves before
/// (Frisian's king-move limit). With `winner`, the answer starts with who has won (`white`,
/// `black` or `none`; draws are not looked at).
pub fn movegen_command(
    variant: &str,
    winner: bool,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), String> {
    let rules = preset_rules(variant)?;
    for line in input.lines() {
        let line = line.map_err(|e| e.to_string())?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let result = match movegen_line(&rules, text, winner) {
            Ok(items) => items.join(" "),
            Err(e) => format!("error: {e}"),
        };
        writeln!(out, "{result}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn movegen_line(rules: &Rules, text: &str, winner: bool) -> Result<Vec<String>, String> {
    use crate::rules::replay::{self, MoveInput};
    use crate::rules::{DetailedMove, Game, Outcome};
    let g = rules.board.geometry();
    let (start, played) = text.split_once(';').unwrap_or((text, ""));
    let parsed = fen::parse(start.trim(), rules.board).map_err(|e| e.to_string())?;
    let mut game = Game::new(*rules, parsed.position, None);
    let mut legal: Vec<DetailedMove> = Vec::new();
    for mv in played.split_whitespace() {
        replay::play(&mut game, &MoveInput::Text(mv.to_string()), &mut legal)
            .map_err(|e| format!("{mv}: {e}"))?;
    }
    game.legal_moves_into(&mut legal);
    let mut items: Vec<String> = legal
        .iter()
        .map(|m| {
            let mut caps: Vec<u8> = crate::rules::board::WideBits(m.captured())
                .map(|b| g.square(b))
                .collect();
            caps.sort_unstable();
            let caps: Vec<String> = caps.iter().map(u8::to_string).collect();
            format!("{}-{}:{}", g.square(m.from), g.square(m.to), caps.join("."))
        })
        .collect();
    items.sort();
    if winner {
        let won = match game.outcome() {
            Outcome::Win { winner, .. } => winner.name(),
            _ => "none",
        };
        items.insert(0, won.to_string());
    }
    Ok(items)
}

/// `arena`: a match between two players, with a progress line per game pair.
pub fn arena_command(
    variant: &str,
    a: &str,
    b: &str,
    (pairs, seed, bitbase_pieces): (usize, u64, u32),
    out: &mut impl Write,
) -> Result<(), String> {
    use crate::engine::bitbase;
    use crate::tools::arena::{run_match, Player};
    let rules = preset_rules(variant)?;
    let parse = |t: &str| Player::parse(t, &rules);
    let (pa, pb) = (parse(a)?, parse(b)?);
    let mut caps = crate::engine::Caps::default();
    if bitbase_pieces >= 2 && bitbase::supports(&rules) {
        // The players searching in this process share the tables (a Hub player has its own).
        let mut tables = bitbase::Tables::new(&rules);
        let stats = bitbase::build_tables(&mut tables, bitbase_pieces, None, &mut |_, _| {});
        let _ = writeln!(
            std::io::stderr(),
            "  endgame tables up to {bitbase_pieces} pieces: {:.1} s",
            stats.seconds
        );
        let library = std::sync::Arc::new(bitbase::Library::new());
        library.insert(tables);
        caps.bitbases = Some(library);
    }
    let result = run_match(&rules, pa, pb, pairs, seed, &caps, |r| {
        if r.games() % 10 == 0 {
            let _ = writeln!(
                std::io::stderr(),
                "  {} games: +{} ={} -{}",
                r.games(),
                r.wins,
                r.draws,
                r.losses
            );
        }
    });
    let (lo, mid, hi) = result.elo();
    writeln!(
        out,
        "{variant}: {a} vs {b}: {} games, +{} ={} -{}, score {:.1}%, Elo {:+.0} [{:+.0}, {:+.0}], mean depth {:.1} vs {:.1}",
        result.games(),
        result.wins,
        result.draws,
        result.losses,
        result.score() * 100.0,
        mid,
        lo,
        hi,
        result.mean_depth(0),
        result.mean_depth(1)
    )
    .map_err(|e| e.to_string())
}

/// `tune`: self-play samples, then a Texel fit of the evaluation weights.
pub fn tune_command(
    variant: &str,
    weights: &str,
    (games, depth, opening_plies, seed): (usize, u32, usize, u64),
    out: &mut impl Write,
) -> Result<(), String> {
    use crate::engine::eval::Weights;
    use crate::tools::arena::Player;
    use crate::tools::tune::{fit, self_play_samples, SelfPlayPlan};
    let rules = preset_rules(variant)?;
    let start = Weights::for_rules(&rules).with_overrides(weights)?;
    let plan = SelfPlayPlan {
        games,
        opening_plies,
        seed,
    };
    let player = Player::DepthWithWeights(depth, start);
    let samples = self_play_samples(&rules, player, plan, |n, s| {
        if n % 100 == 0 {
            let _ = writeln!(std::io::stderr(), "  {n} games, {s} positions");
        }
    });
    let fitted = fit(&rules, start, &samples);
    let mut write = |line: String| writeln!(out, "{line}").map_err(|e| e.to_string());
    write(format!(
        "{variant}: {} positions from {games} games at depth {depth}; scale {:.3}",
        samples.len(),
        fitted.scale
    ))?;
    write(format!(
        "loss {:.6} -> {:.6}",
        fitted.loss_before, fitted.loss_after
    ))?;
    write(format!("before: {}", start.describe()))?;
    write(format!("after:  {}", fitted.weights.describe()))
}

/// Build endgame tables up to `pieces` pieces into `out/<variant>/` for one preset, or for
/// every preset that has tables (`all`): materials already written are kept (the build
/// resumes), each new material is written as soon as it is solved and read back to check
/// that its file holds what was solved. Presets with the same rules of play share files
/// (hard links). Progress goes to `progress`, the summary to `w`.
pub fn bitbase_build_command(
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
pub fn bitbase_verify_command(
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

/// `selfplay`: training positions from self-play on `threads` threads (0: every core).
/// The player is `player` when given (an arena player such as `nodes20000`), else the
/// searcher at `depth` with the hand terms alone (`hand`) or the variant's whole evaluation
/// (`full`). Positions are written as each game ends, with a progress line every 50 games.
pub fn selfplay_command(
    variant: &str,
    (plan, depth): (SelfPlayPlan, u32),
    (player, eval, threads): (Option<&str>, &str, usize),
    out: &std::path::Path,
    w: &mut impl Write,
) -> Result<(), String> {
    use crate::tools::arena::Player;
    let rules = preset_rules(variant)?;
    if rules.board.is_wide() {
        // The records hold 64-bit sets, as the pattern features do.
        return Err(format!(
            "{variant}: self-play records are for boards of at most 64 bits (not 12×12)"
        ));
    }
    let player = match (player, eval) {
        (Some(text), _) => Player::parse(text, &rules)?,
        (None, "hand") => {
            Player::DepthWithWeights(depth, crate::engine::eval::Weights::for_rules(&rules))
        }
        (None, "full") => Player::Depth(depth),
        (None, other) => return Err(format!("--eval is hand or full, not '{other}'")),
    };
    let start = Instant::now();
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    let threads = worker_threads(threads);
    let games = plan.games;
    let written =
        crate::tools::train::selfplay(&rules, player, plan, threads, &mut writer, |n, s| {
            if n % 50 == 0 {
                let secs = start.elapsed().as_secs_f64();
                let left = secs / n as f64 * games.saturating_sub(n) as f64;
                let _ = writeln!(
                    std::io::stderr(),
                    "  {n}/{games} games, {s} positions, {secs:.0} s, about {left:.0} s left"
                );
            }
        })
        .and_then(|n| writer.flush().map(|_| n))
        .map_err(|e| e.to_string())?;
    writeln!(
        w,
        "{variant}: {games} games of {player:?}: {written} positions in {:.0} s ({})",
        start.elapsed().as_secs_f64(),
        out.display()
    )
    .map_err(|e| e.to_string())
}

/// Every sample of these training data files, in order (a file of another format or
/// variant is refused).
fn read_data_files(
    rules: &Rules,
    data: &[std::path::PathBuf],
) -> Result<Vec<crate::tools::tune::Sample>, String> {
    let mut samples = Vec::new();
    for path in data {
        let mut file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        samples.extend(
            crate::tools::train::read_samples(rules, &mut file).map_err(|e| e.to_string())?,
        );
    }
    Ok(samples)
}

/// A `--threads` value: 0 means one per core.
fn worker_threads(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// `pdn-data`: the quiet positions of the PDN files' games with a result, labelled with
/// it, written as a training data file; each game left out is named with its reason.
pub fn pdn_data_command(
    variant: &str,
    pdn: &[std::path::PathBuf],
    out: &std::path::Path,
    w: &mut impl Write,
) -> Result<(), String> {
    use crate::tools::{dataset, records};
    let rules = preset_rules(variant)?;
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    dataset::write_header(&mut writer, &rules, dataset::LabelKind::Result)
        .map_err(|e| e.to_string())?;
    let (mut games, mut positions) = (0, 0);
    for path in pdn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let harvest = records::samples_from_pdn(&rules, &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for (game, reason) in &harvest.skipped {
            writeln!(w, "{} game {game} left out: {reason}", path.display())
                .map_err(|e| e.to_string())?;
        }
        for sample in &harvest.samples {
            dataset::write_sample(&mut writer, sample).map_err(|e| e.to_string())?;
        }
        games += harvest.games;
        positions += harvest.samples.len();
    }
    writer.flush().map_err(|e| e.to_string())?;
    writeln!(
        w,
        "{variant}: {positions} quiet positions of {games} games ({})",
        out.display()
    )
    .map_err(|e| e.to_string())
}

/// `relabel`: give training positions the score of a deeper search and write them.
pub fn relabel_command(
    variant: &str,
    (data, player): (&[std::path::PathBuf], &str),
    plan: RelabelPlan,
    threads: usize,
    out: &std::path::Path,
    w: &mut impl Write,
) -> Result<(), String> {
    use crate::tools::{arena::Player, train};
    let rules = preset_rules(variant)?;
    let player = Player::parse(player, &rules)?;
    let samples = read_data_files(&rules, data)?;
    let threads = worker_threads(threads);
    let start = Instant::now();
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    let mut reported = 0;
    let written = train::relabel(
        &rules,
        player,
        &samples,
        (plan, threads),
        &mut writer,
        |n| {
            if n >= reported + 10_000 {
                reported = n;
                let _ = writeln!(
                    std::io::stderr(),
                    "  {n} positions, {:.0} s",
                    start.elapsed().as_secs_f64()
                );
            }
        },
    )
    .and_then(|n| writer.flush().map(|_| n))
    .map_err(|e| e.to_string())?;
    writeln!(
        w,
        "{variant}: {written} of {} positions labelled by {player:?} in {:.0} s ({})",
        samples.len(),
        start.elapsed().as_secs_f64(),
        out.display()
    )
    .map_err(|e| e.to_string())
}

/// Where a fit's weights start.
#[derive(Clone, Debug)]
pub enum FitStart {
    /// Every weight zero.
    Zero,
    /// The variant's embedded weights.
    Embedded,
    /// A weights file's.
    File(std::path::PathBuf),
}

/// `train`: fit pattern weights to self-play positions (measuring the `held_out` files'
/// positions beside them) and write them.
pub fn train_command(
    variant: &str,
    (data, held_out): (&[std::path::PathBuf], &[std::path::PathBuf]),
    mut settings: FitSettings,
    start: FitStart,
    out: &std::path::Path,
    w: &mut impl Write,
) -> Result<(), String> {
    use crate::tools::train;
    let rules = preset_rules(variant)?;
    settings.start = match start {
        FitStart::Zero => None,
        FitStart::Embedded => Some(
            crate::engine::patterns::defaults(&rules)
                .ok_or_else(|| format!("{variant} has no embedded weights"))?,
        ),
        FitStart::File(path) => Some(std::sync::Arc::new(crate::tools::arena::read_weights_file(
            &path, &rules,
        )?)),
    };
    let samples = read_data_files(&rules, data)?;
    let elsewhere = read_data_files(&rules, held_out)?;
    let fit = train::fit(&rules, (&samples, &elsewhere), settings, |losses| {
        let other = losses
            .elsewhere
            .map(|l| format!(", {l:.5} on the --held-out positions"))
            .unwrap_or_default();
        let choices = losses
            .choices
            .map(|(loss, agree)| {
                format!(
                    "; played moves: choice loss {loss:.4}, {:.1}% ranked first",
                    100.0 * agree
                )
            })
            .unwrap_or_default();
        let _ = writeln!(
            std::io::stderr(),
            "  epoch {}: loss {:.5} training, {:.5} held out ({:.5} against the results \
             alone){other}{choices}",
            losses.epoch,
            losses.train,
            losses.valid,
            losses.valid_results
        );
    });
    let mut file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    fit.weights.write(&mut file).map_err(|e| e.to_string())?;
    writeln!(
        w,
        "{variant}: {} positions ({} held out), scale {:.3}, held-out loss {:.5} (the starting weights) -> {:.5}, against the results alone {:.5} -> {:.5}{}{}; weights in {}",
        fit.train + fit.valid,
        fit.valid,
        fit.scale,
        fit.valid_loss[0],
        fit.valid_loss.last().copied().unwrap_or(f64::NAN),
        fit.valid_result_loss[0],
        fit.valid_result_loss.last().copied().unwrap_or(f64::NAN),
        match (fit.elsewhere_loss.first(), fit.elsewhere_loss.last()) {
            (Some(first), Some(last)) => format!(
                ", on the {} --held-out positions {first:.5} -> {last:.5}",
                elsewhere.len()
            ),
            _ => String::new(),
        },
        match (fit.valid_choice_loss.first(), fit.valid_choice_loss.last()) {
            (Some(first), Some(last)) => format!(
                ", played moves ranked first {:.1}% -> {:.1}%",
                100.0 * first.1,
                100.0 * last.1
            ),
            _ => String::new(),
        },
        out.display()
    )
    .map_err(|e| e.to_string())?;
    if fit.weights.has_terms() {
        use crate::engine::patterns::{TERMS, TERM_NAMES, TERM_UNIT};
        for (t, name) in TERM_NAMES.iter().enumerate() {
            let (open, end) = (fit.weights.terms[t], fit.weights.terms[TERMS + t]);
            writeln!(
                w,
                "  {name}: {:.1} centipieces a unit with every man on the board, {:.1} with none",
                open as f32 / TERM_UNIT,
                end as f32 / TERM_UNIT
            )
            .map_err(|e| e.to_string())?;
        }
    }
    if fit.weights.has_piece_squares() {
        // Each table as the board's rows of playable squares, seen from the piece's side
        // (its crowning row first), in centipieces.
        let per_row = rules.board.geometry().per_row as usize;
        let squares = fit.weights.squares;
        for (kind, name) in ["men", "kings"].iter().enumerate() {
            for (phase, when) in ["every man on the board", "none"].iter().enumerate() {
                writeln!(w, "  {name} by square, with {when}:").map_err(|e| e.to_string())?;
                let values: Vec<i16> = (0..squares)
                    .map(|sq| fit.weights.piece_square(phase, kind * squares + sq))
                    .collect();
                for row in values.chunks(per_row) {
                    let cells: Vec<String> = row.iter().map(|v| format!("{v:5}")).collect();
                    writeln!(w, "   {}", cells.join("")).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    Ok(())
}
