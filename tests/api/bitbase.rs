//! Endgame tables: every position of the 2- and 3-piece tables equals what an independent
//! brute-force solver finds, the well-known endings come out as the books say, and table
//! files hold what the solver found and refuse to be misread.

use crate::common::scratch_dir;
use draughts_api::engine::bitbase::{
    self, build_materials, build_tables, file, Material, Tables, Value,
};
use draughts_api::rules::board::WideBits;
use draughts_api::rules::{legal_moves, Color, Position, Rules};
use std::collections::HashMap;

/// Every position with 2 to `max` pieces (at least one a side, no man on its crowning row),
/// both sides to move, placed square by square.
fn all_positions(rules: &Rules, max: u32) -> Vec<Position> {
    let g = rules.board.geometry();
    let squares: Vec<u8> = WideBits(g.valid).collect();
    // Kinds: 0 white man, 1 white king, 2 black man, 3 black king.
    fn place(
        rules: &Rules,
        squares: &[u8],
        from: usize,
        left: u32,
        pos: Position,
        out: &mut Vec<Position>,
    ) {
        if pos.pieces[0] != 0 && pos.pieces[1] != 0 {
            for side in [Color::White, Color::Black] {
                out.push(pos.with_side(side));
            }
        }
        if left == 0 {
            return;
        }
        for i in from..squares.len() {
            let bit = squares[i];
            for kind in 0..4 {
                let color = if kind < 2 { Color::White } else { Color::Black };
                let king = kind % 2 == 1;
                if !king && rules.promotion_row(color) & (1 << bit) != 0 {
                    continue;
                }
                let mut next = pos;
                next.pieces[color.index()] |= 1 << bit;
                if king {
                    next.kings |= 1 << bit;
                }
                place(rules, squares, i + 1, left - 1, next, out);
            }
        }
    }
    let mut out = Vec::new();
    place(
        rules,
        &squares,
        0,
        max,
        Position::empty(rules.board, Color::White),
        &mut out,
    );
    out
}

/// Solve by rounds of forward look-ups: in round `r` a position is won in `r` if a move
/// reaches a position lost in `r - 1`, and lost in `r` if every move reaches a won position
/// and the longest of those wins is `r - 1`. What no round decides is a draw.
fn brute_force(rules: &Rules, positions: &[Position]) -> HashMap<Position, Value> {
    let mut values: HashMap<Position, Value> = HashMap::new();
    let mut open: Vec<Position> = positions.to_vec();
    let mut round = 0;
    loop {
        let mut decided = Vec::new();
        for pos in &open {
            let moves = legal_moves(rules, pos);
            if moves.is_empty() {
                if round == 0 {
                    decided.push((*pos, Value::Loss(0)));
                }
                continue;
            }
            let mut all_won = true;
            let mut longest = 0;
            let mut wins_now = false;
            for mv in &moves {
                let child = pos.play(mv);
                let value = if child.us() == 0 {
                    Some(Value::Loss(0))
                } else {
                    values.get(&child).copied()
                };
                match value {
                    Some(Value::Loss(d)) if d + 1 == round => wins_now = true,
                    Some(Value::Win(d)) => longest = longest.max(d),
                    _ => all_won = false,
                }
            }
            if wins_now {
                decided.push((*pos, Value::Win(round)));
            } else if all_won && round > 0 && longest + 1 == round {
                decided.push((*pos, Value::Loss(round)));
            }
        }
        if decided.is_empty() && round > 0 {
            break;
        }
        for (pos, value) in decided {
            values.insert(pos, value);
        }
        open.retain(|p| !values.contains_key(p));
        round += 1;
    }
    for pos in open {
        values.insert(pos, Value::Draw);
    }
    values
}

fn compare_with_brute_force(rules: Rules, pieces: u32) {
    let mut tables = Tables::new(&rules);
    build_tables(&mut tables, pieces, None, &mut |_, _| {});
    let positions = all_positions(&rules, pieces);
    let expected = brute_force(&rules, &positions);
    let mut counts = [0usize; 3];
    for pos in &positions {
        let want = expected[pos];
        assert_eq!(tables.probe(pos), Some(want), "{pos:?}");
        counts[match want {
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        }] += 1;
    }
    // Every kind of result occurs, so the comparison tested each.
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

#[test]
fn two_and_three_piece_tables_equal_a_brute_force_solution() {
    compare_with_brute_force(Rules::english(), 3);
    compare_with_brute_force(Rules::preset("russian").expect("preset"), 3);
    compare_with_brute_force(Rules::preset("italian").expect("preset"), 3);
    compare_with_brute_force(Rules::international(), 2);
}

/// Write every table of `tables` to `dir` in the file format.
fn write_all(tables: &Tables, dir: &std::path::Path) {
    for (material, table) in &tables.tables {
        let entries = table.plain_entries().expect("built in memory");
        let packed = file::pack(&tables.rules, &table.layout, entries);
        file::write(dir, &packed, *material).expect("written");
    }
}

#[test]
fn table_files_hold_what_the_solver_found_for_every_preset_with_tables() {
    let mut seen: Vec<Rules> = Vec::new();
    for preset in draughts_api::rules::PRESETS {
        let play = bitbase::play_rules(&preset.rules);
        if !bitbase::supports(&preset.rules) || seen.contains(&play) {
            continue;
        }
        seen.push(play);
        let pieces = if preset.rules.board.side() > 8 { 2 } else { 3 };
        let mut built = Tables::new(&preset.rules);
        build_tables(&mut built, pieces, None, &mut |_, _| {});
        let dir = scratch_dir(&format!("tables-{}", preset.id));
        write_all(&built, &dir);
        let mut read = Tables::new(&preset.rules);
        let loaded = bitbase::load_dir(&mut read, &dir).expect("read");
        assert!(
            loaded.refused.is_empty(),
            "{}: {:?}",
            preset.id,
            loaded.refused
        );
        assert_eq!(loaded.read, built.tables.len(), "{}", preset.id);
        assert_eq!(read.complete_up_to, pieces, "{}", preset.id);
        for pos in all_positions(&preset.rules, pieces) {
            assert_eq!(
                read.probe(&pos),
                built.probe(&pos),
                "{}: {pos:?}",
                preset.id
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(seen.len() >= 6, "{} rule sets", seen.len());
}

#[test]
fn a_truncated_altered_misnamed_or_foreign_table_file_is_refused() {
    let rules = Rules::english();
    let mut built = Tables::new(&rules);
    build_tables(&mut built, 3, None, &mut |_, _| {});
    let material = Material([1, 1, 0, 1]);
    let table = &built.tables[&material];
    let packed = file::pack(&rules, &table.layout, table.plain_entries().expect("plain"));
    let dir = scratch_dir("tables-refused");
    let good = file::write(&dir, &packed, material).expect("written");
    assert!(file::open(&good, &rules).is_ok());
    let bytes = std::fs::read(&good).expect("read");
    let refused = |bytes: &[u8], name: &str, rules: &Rules| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        let reason = file::open(&path, rules).err().map(|r| r.reason);
        let _ = std::fs::remove_file(&path);
        reason.unwrap_or_else(|| panic!("{name} was accepted"))
    };
    let name = file::file_name(material);
    assert!(refused(&bytes[..bytes.len() - 1], &name, &rules).contains("truncated"));
    let mut altered = bytes.clone();
    let last = altered.len() - 2;
    altered[last] ^= 0x10;
    assert!(refused(&altered, &name, &rules).contains("checksum"));
    let mut header = bytes.clone();
    header[24] ^= 1;
    assert!(refused(&header, &name, &rules).contains("header"));
    let other = file::file_name(Material([1, 0, 1, 1]));
    assert!(refused(&bytes, &other, &rules).contains("another material"));
    let russian = Rules::preset("russian").expect("preset");
    assert!(refused(&bytes, &name, &russian).contains("other rules"));
    let mut older = b"DBB1".to_vec();
    older.resize(bytes.len(), 0);
    assert!(refused(&older, &name, &rules).contains("not an endgame table"));
    assert!(refused(&bytes[..40], &name, &rules).contains("shorter"));
    // A directory with a bad file among good ones uses the good ones and names the bad.
    std::fs::write(&good, &bytes).expect("write");
    std::fs::write(dir.join(&other), &altered).expect("write");
    let mut read = Tables::new(&rules);
    let loaded = bitbase::load_dir(&mut read, &dir).expect("read");
    assert_eq!((loaded.read, loaded.refused.len()), (1, 1), "{loaded:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every position of `material` (as White: the first two counts), with `side` to move.
fn positions_of(tables: &Tables, material: Material, side: Color) -> Vec<Position> {
    let table = &tables.tables[&material];
    (0..table.layout.size())
        .filter_map(|i| table.layout.position(i))
        .map(|p| p.with_side(side))
        .collect()
}

fn results(tables: &Tables, list: &[Position]) -> [usize; 3] {
    let mut counts = [0; 3];
    for pos in list {
        counts[match tables.probe(pos).expect("in the table") {
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        }] += 1;
    }
    counts
}

fn no_capture_either_side(rules: &Rules, pos: &Position) -> bool {
    use draughts_api::rules::movegen::{has_capture, opponent_has_capture};
    !has_capture(rules, pos) && !opponent_has_capture(rules, pos)
}

fn long_diagonal(rules: &Rules) -> u64 {
    let g = rules.board.geometry();
    [5u32, 10, 14, 19, 23, 28, 32, 37, 41, 46]
        .iter()
        .map(|&s| 1u64 << g.bit(s).expect("square"))
        .sum()
}

/// Quiet positions (no capture for either side) of a material with `side` to move.
fn quiet(tables: &Tables, material: Material, side: Color) -> Vec<Position> {
    positions_of(tables, material, side)
        .into_iter()
        .filter(|p| no_capture_either_side(&tables.rules, p))
        .collect()
}

#[test]
fn international_king_endings_come_out_as_the_books_say() {
    let rules = Rules::international();
    let diagonal = long_diagonal(&rules);
    let mut tables = Tables::new(&rules);
    build_materials(&mut tables, &[Material([0, 4, 0, 1])], None, &mut |_, _| {});

    // One king against one: a draw (the few losses are kings shut in a corner).
    let one = quiet(&tables, Material([0, 1, 0, 1]), Color::White);
    let [won, lost, drawn] = results(&tables, &one);
    assert_eq!(won, 0);
    assert!(drawn * 1000 >= one.len() * 995, "{won} {lost} {drawn}");

    // Three kings against one: won in some positions where the lone king is off the long
    // diagonal; where it holds the diagonal alone, the strong side wins only by a
    // sacrifice that drags it off (a first move that forces it to capture).
    let three = Material([0, 3, 0, 1]);
    let off: Vec<Position> = quiet(&tables, three, Color::White)
        .into_iter()
        .filter(|p| p.pieces[1] & diagonal == 0)
        .collect();
    assert!(results(&tables, &off)[0] > off.len() / 20);
    let holding: Vec<Position> = quiet(&tables, three, Color::White)
        .into_iter()
        .filter(|p| p.pieces[1] & diagonal != 0 && p.pieces[0] & diagonal == 0)
        .collect();
    let [won, _, drawn] = results(&tables, &holding);
    assert!(drawn > 10 * won, "{won} {drawn}");
    for pos in holding
        .iter()
        .filter(|p| matches!(tables.probe(p), Some(Value::Win(_))))
    {
        let Some(Value::Win(d)) = tables.probe(pos) else {
            unreachable!()
        };
        let sacrifice_wins = legal_moves(&rules, pos).iter().any(|mv| {
            let child = pos.play(mv);
            tables.probe(&child) == Some(Value::Loss(d - 1))
                && draughts_api::rules::movegen::has_capture(&rules, &child)
        });
        assert!(sacrifice_wins, "{pos:?} is won without a sacrifice");
    }

    // Four kings against one: every quiet position is won by the side to move with four.
    let four = quiet(&tables, Material([0, 4, 0, 1]), Color::White);
    assert_eq!(results(&tables, &four), [four.len(), 0, 0]);
}

#[test]
fn english_two_kings_beat_one() {
    let rules = Rules::english();
    let mut tables = Tables::new(&rules);
    build_materials(&mut tables, &[Material([0, 2, 0, 1])], None, &mut |_, _| {});
    let strong = quiet(&tables, Material([0, 2, 0, 1]), Color::White);
    let [won, _, _] = results(&tables, &strong);
    // All but a handful where both kings are shut in a corner by the lone king.
    assert!(
        won * 1000 >= strong.len() * 995,
        "{won} of {}",
        strong.len()
    );
}

/// The whole three-kings-against-one closure of international draughts (3.9 million
/// positions) against the brute-force solver; about a minute in a release build:
/// `cargo test --release --test bitbase -- --ignored`.
#[test]
#[ignore]
fn international_three_kings_against_one_equals_brute_force() {
    let rules = Rules::international();
    let mut tables = Tables::new(&rules);
    build_materials(&mut tables, &[Material([0, 3, 0, 1])], None, &mut |_, _| {});
    let mut all = Vec::new();
    for m in Material::closure(&[Material([0, 3, 0, 1])]) {
        for side in [Color::White, Color::Black] {
            all.extend(positions_of(&tables, m, side));
        }
    }
    let expected = brute_force(&rules, &all);
    let wrong = all
        .iter()
        .filter(|p| tables.probe(p) != Some(expected[p]))
        .count();
    assert_eq!(wrong, 0, "of {}", all.len());
}

/// Search caps that use these tables.
fn caps_with(tables: Tables) -> draughts_api::engine::Caps {
    use draughts_api::engine::bitbase::Library;
    let library = std::sync::Arc::new(Library::new());
    library.insert(tables);
    draughts_api::engine::Caps {
        bitbases: Some(library),
        ..draughts_api::engine::Caps::default()
    }
}

/// A search to a fixed depth, seeded.
fn to_depth(depth: u32) -> draughts_api::engine::Request {
    draughts_api::engine::Request {
        level: None,
        limits: draughts_api::engine::Limits {
            depth: Some(depth),
            ..draughts_api::engine::Limits::default()
        },
        seed: Some(1),
    }
}

/// Play `pos` out with the searcher on both sides, both using the tables.
fn play_out(tables: Tables, pos: Position, max_plies: u32) -> (draughts_api::rules::Outcome, u32) {
    use draughts_api::engine::think;
    use draughts_api::rules::{Game, Outcome};
    let rules = tables.rules;
    let caps = caps_with(tables);
    let req = to_depth(6);
    let mut game = Game::new(rules, pos, None);
    while game.outcome() == Outcome::Ongoing && game.plies < max_plies {
        let answer = think(&game, &req, &caps, None).expect("a move");
        game.play(&answer.best);
    }
    (game.outcome(), game.plies)
}

#[test]
fn the_searcher_converts_a_won_ending_and_does_not_pretend_in_a_drawn_one() {
    use draughts_api::engine::{think, Caps, Score};
    use draughts_api::rules::{Game, Outcome};
    let rules = Rules::international();
    let mut tables = Tables::new(&rules);
    build_materials(&mut tables, &[Material([0, 3, 0, 1])], None, &mut |_, _| {});
    // The longest quiet three-against-one win that fits in the 16-move rule.
    let (pos, distance) = quiet(&tables, Material([0, 3, 0, 1]), Color::White)
        .into_iter()
        .filter_map(|p| match tables.probe(&p) {
            Some(Value::Win(d)) if d < 32 => Some((p, d)),
            _ => None,
        })
        .max_by_key(|&(_, d)| d)
        .expect("a won position");
    assert!(distance > 10, "{distance}");
    let drawn = quiet(&tables, Material([0, 3, 0, 1]), Color::White)
        .into_iter()
        .find(|p| tables.probe(p) == Some(Value::Draw))
        .expect("a drawn position");

    // The drawn position scores 0 with the tables; the search alone sees three kings
    // against one ahead (by how much is the evaluation's judgement of a drawish ending).
    let req = to_depth(6);
    let without =
        think(&Game::new(rules, drawn, None), &req, &Caps::default(), None).expect("move");
    assert!(
        matches!(without.score, Score::Centipieces(c) if c > 0),
        "{:?}",
        without.score
    );

    let (outcome, plies) = play_out(tables, pos, 200);
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Color::White,
            reason: draughts_api::rules::Reason::NoPieces
        },
        "after {plies} plies"
    );
    assert_eq!(plies, distance, "the shortest win, as the table says");

    let mut tables = Tables::new(&rules);
    build_materials(&mut tables, &[Material([0, 3, 0, 1])], None, &mut |_, _| {});
    let caps = caps_with(tables);
    let with = think(&Game::new(rules, drawn, None), &req, &caps, None).expect("move");
    assert_eq!(with.score, Score::Centipieces(0));
}

/// `bitbase build --variant all`: every preset with tables gets its directory (presets with
/// the same rules of play share files), and a second run resumes: nothing left to solve.
/// Russian, three men against one: a table win longer than the 15-king-move count (30 plies)
/// is still a win, since the men's moves and crownings on the way restart the count (the
/// searcher once scored it a draw, and so walked into such losses too).
#[test]
fn a_long_table_win_that_men_moves_keep_alive_is_a_win() {
    use draughts_api::engine::{think, Score};
    use draughts_api::rules::Game;
    let rules = Rules::preset("russian").expect("preset");
    let material = Material([3, 0, 1, 0]);
    let mut tables = Tables::new(&rules);
    build_materials(&mut tables, &[material], None, &mut |_, _| {});
    let (pos, distance) = quiet(&tables, material, Color::White)
        .into_iter()
        .filter_map(|p| match tables.probe(&p) {
            Some(Value::Win(d)) if d > 32 => Some((p, d)),
            _ => None,
        })
        .max_by_key(|&(_, d)| d)
        .expect("a win longer than the count");
    let req = to_depth(4);
    let caps = caps_with(tables);
    let answer = think(&Game::new(rules, pos, None), &req, &caps, None).expect("a move");
    assert_eq!(answer.score, Score::WinIn(distance), "{pos:?}");
}

#[test]
fn the_build_command_writes_every_preset_and_resumes() {
    let dir = scratch_dir("tables-command");
    let run = || {
        let (mut summary, mut progress) = (Vec::new(), Vec::new());
        draughts_api::tools::tables::build("all", 3, &dir, &mut summary, &mut progress)
            .expect("built");
        String::from_utf8(summary).expect("utf-8")
    };
    let first = run();
    let solved = |summary: &str| -> Vec<bool> {
        summary
            .lines()
            .filter(|l| l.contains("new materials"))
            .map(|l| !l.contains(": 0 new materials"))
            .collect()
    };
    assert!(
        solved(&first).len() >= 6 && solved(&first).iter().all(|&s| s),
        "{first}"
    );
    for preset in draughts_api::rules::PRESETS {
        let files = std::fs::read_dir(dir.join(preset.id)).map_or(0, |d| d.count());
        let expected = if bitbase::supports(&preset.rules) {
            16
        } else {
            0
        };
        assert_eq!(files, expected, "{}: {first}", preset.id);
    }
    let second = run();
    assert_eq!(solved(&second).len(), solved(&first).len(), "{second}");
    assert!(solved(&second).iter().all(|&s| !s), "{second}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bitbase verify` passes tables the solver wrote and catches one whose results were
/// changed (a file with a valid checksum but wrong values).
#[test]
fn the_verify_command_checks_results_against_the_moves() {
    let dir = scratch_dir("tables-verify");
    let (mut sink, mut progress) = (Vec::new(), Vec::new());
    draughts_api::tools::tables::build("english", 3, &dir, &mut sink, &mut progress)
        .expect("built");
    let mut report = Vec::new();
    draughts_api::tools::tables::verify("english", &dir, (20_000, 1), &mut report)
        .expect("consistent");
    let report = String::from_utf8(report).expect("utf-8");
    assert!(report.contains("20000 positions of 3 pieces"), "{report}");
    assert!(report.contains(" 0 inconsistent"), "{report}");
    // Every position of two kings against one said drawn: the files are well formed, the
    // results are not.
    let rules = Rules::english();
    let material = Material([0, 2, 0, 1]);
    let layout = bitbase::Layout::new(&rules, material);
    let drawn = vec![Value::Draw.encode(); layout.size() as usize];
    let packed = file::pack(&rules, &layout, &drawn);
    file::write(&dir.join("english"), &packed, material).expect("written");
    let verdict =
        draughts_api::tools::tables::verify("english", &dir, (20_000, 1), &mut Vec::new());
    assert!(verdict.is_err_and(|e| e.contains("disagree")));
    let _ = std::fs::remove_dir_all(&dir);
}
