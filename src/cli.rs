//! The work behind the command-line tools (their arguments are in `commands/`): perft, the
//! batch move generator of the differential tests, matches, self-play data and fits.

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

/// The positions of a file of FEN lines (`#` starts a comment; blank lines are skipped).
pub fn read_positions(path: &std::path::Path, rules: &Rules) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let pos = start_position(rules, Some(line))
            .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        positions.push(pos);
    }
    Ok(positions)
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

/// The searcher's default caps with `rules`' endgame tables of up to `pieces` pieces, built
/// here (none below 2 pieces, or where the variant has none); the build's time on stderr.
pub fn caps_with_tables(rules: &Rules, pieces: u32) -> crate::engine::Caps {
    use crate::engine::bitbase;
    let mut caps = crate::engine::Caps::default();
    if pieces >= 2 && bitbase::supports(rules) {
        let mut tables = bitbase::Tables::new(rules);
        let stats = bitbase::build_tables(&mut tables, pieces, None, &mut |_, _| {});
        let _ = writeln!(
            std::io::stderr(),
            "  endgame tables up to {pieces} pieces: {:.1} s",
            stats.seconds
        );
        let library = std::sync::Arc::new(bitbase::Library::new());
        library.insert(tables);
        caps.bitbases = Some(library);
    }
    caps
}

/// `arena`: a match between two players, with a progress line per game pair.
pub fn arena_command(
    variant: &str,
    a: &str,
    b: &str,
    (pairs, seed, bitbase_pieces): (usize, u64, u32),
    out: &mut impl Write,
) -> Result<(), String> {
    use crate::tools::arena::{run_match, Player};
    let rules = preset_rules(variant)?;
    let parse = |t: &str| Player::parse(t, &rules);
    let (pa, pb) = (parse(a)?, parse(b)?);
    // The players searching in this process share the tables (a Hub player has its own).
    let caps = caps_with_tables(&rules, bitbase_pieces);
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

/// `train-network`: read the data and the starting weights, fit, write the weights file
/// and report the held-out losses.
pub fn train_network_command(
    variant: &str,
    data: &[std::path::PathBuf],
    from: Option<&std::path::Path>,
    settings: &crate::tools::train_network::NetworkSettings,
    out: &std::path::Path,
    w: &mut impl Write,
) -> Result<(), String> {
    let rules = preset_rules(variant)?;
    let start = match from {
        Some(path) => crate::tools::arena::read_weights_file(path, &rules)?,
        None => crate::engine::patterns::defaults(&rules)
            .map(|weights| (*weights).clone())
            .ok_or_else(|| format!("{variant} has no embedded weights; give --from"))?,
    };
    let samples = read_data_files(&rules, data)?;
    let fit = crate::tools::train_network::fit_network(
        &rules,
        &samples,
        &start,
        settings,
        |epoch, train, held| {
            let _ = writeln!(
                std::io::stderr(),
                "  epoch {epoch}: loss {train:.5} training, {held:.5} held out"
            );
        },
    )?;
    let mut file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    fit.weights.write(&mut file).map_err(|e| e.to_string())?;
    let losses = &fit.valid_loss;
    writeln!(
        w,
        "{variant}: {} positions ({} held out), scale {:.3}, {} hidden units, held-out loss \
         {:.5} (the starting weights) -> {:.5} (the last epoch), {:.5} as the engine reads \
         it; weights in {}",
        fit.train + fit.valid,
        fit.valid,
        fit.scale,
        fit.hidden,
        losses[0],
        losses[losses.len() - 2],
        losses[losses.len() - 1],
        out.display()
    )
    .map_err(|e| e.to_string())?;
    for (name, kind) in crate::tools::train_network::KIND_NAMES
        .iter()
        .zip(&fit.kinds)
    {
        let n = kind.positions.max(1) as f64;
        writeln!(
            w,
            "  {name}: {} held-out positions, loss {:.5} -> {:.5}",
            kind.positions,
            kind.before / n,
            kind.after / n
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(())
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
