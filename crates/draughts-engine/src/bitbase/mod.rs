//! Endgame databases: the exact result of every position with few pieces, with the distance
//! to it, by retrograde analysis under each preset's own rules.
//!
//! A table holds one material (how many men and kings each side has) with White to move;
//! Black-to-move positions are read through `Position::flipped`. An entry is one byte: 0 a
//! draw, `1..=127` a win for the side to move in that many plies, `128 + d` a loss in `d`
//! plies (distances beyond the byte saturate). Distances ignore the draw counters, as
//! databases do: they say how a side wins with best play, which is also the quickest way.

mod build;
pub mod file;
pub mod index;

pub use build::{build_materials, build_tables, BuildStats, OnSolved};
pub use file::{fingerprint, load_dir};
pub use index::{Layout, Material};

use draughts_rules::movegen::{generate, has_capture};
use draughts_rules::{Color, MoveList, Position, Rules};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// The exact value of a position for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Neither side can force a win.
    Draw,
    /// Wins in this many plies with best play by both.
    Win(u32),
    /// Loses in this many plies with best play by both.
    Loss(u32),
}

impl Value {
    /// The table byte of a value.
    pub fn encode(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => d.clamp(1, 127) as u8,
            Value::Loss(d) => 128 + d.min(127) as u8,
        }
    }

    /// The value, for the side that moved, of a move into a position of this value.
    pub fn one_ply_back(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
        }
    }

    /// How good the value is for its side: quicker wins first, longer losses before
    /// quicker ones.
    pub fn rank(self) -> i64 {
        match self {
            Value::Win(d) => i64::MAX / 2 - d as i64,
            Value::Draw => 0,
            Value::Loss(d) => -(i64::MAX / 2) + d as i64,
        }
    }

    /// The value of a table byte.
    pub fn decode(byte: u8) -> Value {
        match byte {
            0 => Value::Draw,
            1..=127 => Value::Win(byte as u32),
            _ => Value::Loss((byte - 128) as u32),
        }
    }
}

/// One material's table.
pub struct Table {
    /// How positions map to entries.
    pub layout: Layout,
    entries: Entries,
}

/// A table's entries: one byte per index (see `Value::encode`), in memory as built, or
/// packed in the file format (see `file`).
enum Entries {
    Plain(Vec<u8>),
    Packed(file::Packed),
}

impl Table {
    /// A table of one byte per index, as built.
    pub fn plain(layout: Layout, entries: Vec<u8>) -> Table {
        Table {
            layout,
            entries: Entries::Plain(entries),
        }
    }

    /// A table read from its file.
    pub fn packed(layout: Layout, packed: file::Packed) -> Table {
        Table {
            layout,
            entries: Entries::Packed(packed),
        }
    }

    /// The entry at `index`.
    #[inline]
    pub fn entry(&self, index: u64) -> Option<u8> {
        match &self.entries {
            Entries::Plain(bytes) => bytes.get(index as usize).copied(),
            Entries::Packed(packed) => packed.get(index),
        }
    }

    /// The entries in memory, for a table as built (`None` for one read from a file).
    pub fn plain_entries(&self) -> Option<&[u8]> {
        match &self.entries {
            Entries::Plain(bytes) => Some(bytes),
            Entries::Packed(_) => None,
        }
    }

    /// Bytes the table takes: its entries in memory, or its file's size.
    pub fn bytes(&self) -> usize {
        match &self.entries {
            Entries::Plain(bytes) => bytes.len(),
            Entries::Packed(packed) => packed.as_bytes().len(),
        }
    }
}

/// The tables of one rule set.
pub struct Tables {
    /// The rules of play the tables were built under (see `play_rules`).
    pub rules: Rules,
    /// The most pieces every material of which has a table.
    pub complete_up_to: u32,
    /// The most pieces of any material held (the quick filter before a probe).
    largest: u32,
    /// The tables by material (White to move).
    pub tables: HashMap<Material, Table>,
}

impl Tables {
    /// No tables yet, for these rules.
    pub fn new(rules: &Rules) -> Tables {
        Tables {
            rules: play_rules(rules),
            complete_up_to: 0,
            largest: 0,
            tables: HashMap::new(),
        }
    }

    /// Hold a material's table.
    pub fn insert(&mut self, material: Material, table: Table) {
        self.largest = self.largest.max(material.pieces());
        self.tables.insert(material, table);
    }

    /// The value of a position for its side to move, if its material has a table.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.us() == 0 {
            return Some(Value::Loss(0));
        }
        let white_to_move = if pos.side == Color::White {
            *pos
        } else {
            pos.flipped()
        };
        let table = self.tables.get(&Material::of(&white_to_move))?;
        if matches!(table.entries, Entries::Packed(_))
            && self.rules.forced_capture
            && has_capture(&self.rules, pos)
        {
            // Files keep no position with a capture to play (see `file::kept`): its value
            // is the best of its captures', each to fewer pieces.
            return self.probe_captures(pos);
        }
        table
            .entry(table.layout.index(&white_to_move))
            .map(Value::decode)
    }

    /// The value of a position whose moves are all captures: the best of its children's.
    fn probe_captures(&self, pos: &Position) -> Option<Value> {
        let mut list = MoveList::with_capacity(16);
        generate(&self.rules, pos, &mut list);
        Some(
            self.best_move_value(pos, list.iter())?
                .unwrap_or(Value::Loss(0)),
        )
    }

    /// The best value `moves` (legal in `pos`) lead to for the side that plays them (`None`
    /// inside when there is no move), if every resulting position is within the tables.
    pub fn best_move_value<'a>(
        &self,
        pos: &Position,
        moves: impl IntoIterator<Item = &'a draughts_rules::Move>,
    ) -> Option<Option<Value>> {
        let values = self.move_values(pos, moves)?;
        Some(values.into_iter().max_by_key(|v| v.rank()))
    }

    /// The value each of `moves` (legal in `pos`) leads to, for the side that plays it, if
    /// every resulting position is within the tables.
    pub fn move_values<'a>(
        &self,
        pos: &Position,
        moves: impl IntoIterator<Item = &'a draughts_rules::Move>,
    ) -> Option<Vec<Value>> {
        moves
            .into_iter()
            .map(|mv| self.probe(&pos.play(mv)).map(Value::one_ply_back))
            .collect()
    }

    /// The most pieces such that every material of that many pieces or fewer has a table.
    pub fn largest_complete(&self) -> u32 {
        let mut pieces = 1;
        while Material::all_up_to(pieces + 1)
            .iter()
            .all(|m| self.tables.contains_key(m))
        {
            pieces += 1;
        }
        pieces.max(self.complete_up_to)
    }

    /// Few enough pieces on the board that a table may hold the position (a quick filter
    /// before `probe`, which answers `None` for a material without a table).
    #[inline]
    pub fn covers(&self, pos: &Position) -> bool {
        pos.occupied().count_ones() <= self.largest
    }

    /// Bytes the tables take (in memory as built, or their files' sizes).
    pub fn bytes(&self) -> usize {
        self.tables.values().map(Table::bytes).sum()
    }
}

/// What decides the tables of a rule set: the rules of play. The first player, the start
/// position and the draw counters change no position's value.
pub fn play_rules(rules: &Rules) -> Rules {
    Rules {
        first_player: Color::White,
        start_rows: 0,
        draw_rules: draughts_rules::DrawRules::default(),
        ..*rules
    }
}

/// Whether tables can be built for `rules`: the retrograde analysis scores a side with
/// no move as lost, so antidraughts and breakthrough (other win conditions) have none;
/// its positions carry no history, so Frisian (a king's moves in a row) has none; and its
/// index counts dark squares of a 64-bit board, so the full board (Turkish) and 12×12
/// have none.
pub fn supports(rules: &Rules) -> bool {
    rules.win_condition == draughts_rules::WinCondition::Normal
        && rules.king_move_limit.is_none()
        && rules.board.dark_squares_only()
        && !rules.board.is_wide()
}

/// Tables by rule set, filled as they are built or loaded; searches take what is ready.
#[derive(Default)]
pub struct Library {
    by_rules: RwLock<HashMap<Rules, Arc<Tables>>>,
}

impl Library {
    /// An empty library.
    pub fn new() -> Library {
        Library::default()
    }

    /// Add a rule set's tables (kept unless the library holds more for those rules).
    pub fn insert(&self, tables: Tables) {
        let key = tables.rules;
        if let Ok(mut map) = self.by_rules.write() {
            let reach = |t: &Tables| (t.complete_up_to, t.tables.len());
            let better = map.get(&key).is_none_or(|old| reach(old) < reach(&tables));
            if better {
                map.insert(key, Arc::new(tables));
            }
        }
    }

    /// The tables for `rules`, if built.
    pub fn get(&self, rules: &Rules) -> Option<Arc<Tables>> {
        self.by_rules.read().ok()?.get(&play_rules(rules)).cloned()
    }

    /// (rule sets, bytes) held.
    pub fn summary(&self) -> (usize, usize) {
        self.by_rules.read().map_or((0, 0), |map| {
            (map.len(), map.values().map(|t| t.bytes()).sum())
        })
    }
}

/// What [`fill_in_background`] tells as it goes, for the service's log and readiness.
#[derive(Debug)]
pub enum FillEvent<'a> {
    /// Tables are about to be built, no file having held them.
    Building {
        /// The rule sets whose tables are built, in the order they will be.
        names: Vec<&'a str>,
        /// Up to how many pieces.
        pieces: u32,
        /// Table entries to solve in all (rule sets with equal rules of play counted once).
        positions: u64,
        /// About how long, on one core.
        estimate_seconds: f64,
    },
    /// A rule set's tables are in the library.
    Ready {
        /// The rule set's name.
        name: &'a str,
        /// The most pieces every material of which is covered.
        pieces: u32,
        /// Memory the tables hold.
        bytes: usize,
        /// Seconds spent reading or building them.
        seconds: f64,
    },
    /// Every rule set is in.
    AllReady {
        /// Seconds since the fill began.
        seconds: f64,
    },
}

/// Table entries a build solves per second on one core: the start's estimate, not a
/// promise. Measured on a 2-core development machine with the other core busy: every
/// preset to 4 pieces, 138.9 million entries in 49 s.
const ENTRIES_PER_SECOND: f64 = 2.8e6;

/// The table entries `tables` lacks for every material of up to `pieces` pieces.
pub fn entries_to_build(tables: &Tables, pieces: u32) -> u64 {
    Material::all_up_to(pieces)
        .into_iter()
        .filter(|m| !tables.tables.contains_key(m))
        .map(|m| Layout::new(&tables.rules, m).size())
        .sum()
}

/// Fill `library` in a background thread: first, for every named rule set, the table files
/// found in `dir/<name>/` (any number of pieces; mapped, so this takes milliseconds); then,
/// for each rule set still short of `pieces` pieces, the missing tables built by retrograde
/// analysis. Rule sets with equal rules of play share tables. `on_event` hears the plan of
/// the build (once, when one is needed), each rule set once it is in the library, and the end.
pub fn fill_in_background(
    library: Arc<Library>,
    rule_sets: Vec<(String, Rules)>,
    pieces: u32,
    dir: Option<std::path::PathBuf>,
    mut on_event: impl FnMut(FillEvent) + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    let rule_sets: Vec<(String, Rules)> =
        rule_sets.into_iter().filter(|(_, r)| supports(r)).collect();
    let from_files = move |name: &str, rules: &Rules| -> Tables {
        let mut tables = Tables::new(rules);
        let Some(path) = dir.as_ref().map(|d| d.join(name)).filter(|p| p.is_dir()) else {
            return tables;
        };
        match load_dir(&mut tables, &path) {
            Ok(loaded) => {
                for refused in &loaded.refused {
                    tracing::warn!(variant = %name, file = %refused.path.display(),
                        reason = %refused.reason, "endgame table file refused");
                }
            }
            Err(e) => tracing::warn!(variant = %name, error = %e, "endgame tables not read"),
        }
        tables
    };
    std::thread::Builder::new()
        .name("bitbase".into())
        .spawn(move || {
            let begun = std::time::Instant::now();
            let mut to_build = Vec::new();
            for (name, rules) in &rule_sets {
                let start = std::time::Instant::now();
                let tables = from_files(name, rules);
                let complete = tables.complete_up_to >= pieces;
                if !tables.tables.is_empty() {
                    let (covered, bytes) = (tables.complete_up_to, tables.bytes());
                    library.insert(tables);
                    on_event(FillEvent::Ready {
                        name,
                        pieces: covered,
                        bytes,
                        seconds: start.elapsed().as_secs_f64(),
                    });
                }
                if !complete {
                    to_build.push((name, rules));
                }
            }
            // Rule sets with equal rules of play share one build: count each once.
            let mut planned: Vec<Rules> = Vec::new();
            let mut positions = 0;
            for (name, rules) in &to_build {
                let tables = from_files(name, rules);
                if !planned.contains(&tables.rules) {
                    planned.push(tables.rules);
                    positions += entries_to_build(&tables, pieces);
                }
            }
            if !to_build.is_empty() {
                on_event(FillEvent::Building {
                    names: to_build.iter().map(|(name, _)| name.as_str()).collect(),
                    pieces,
                    positions,
                    estimate_seconds: positions as f64 / ENTRIES_PER_SECOND,
                });
            }
            for (name, rules) in to_build {
                let start = std::time::Instant::now();
                if library
                    .get(rules)
                    .is_some_and(|t| t.complete_up_to >= pieces)
                {
                    continue;
                }
                let mut tables = from_files(name, rules);
                build_tables(&mut tables, pieces, None, &mut |_, _| {});
                let (covered, bytes) = (tables.complete_up_to, tables.bytes());
                library.insert(tables);
                on_event(FillEvent::Ready {
                    name,
                    pieces: covered,
                    bytes,
                    seconds: start.elapsed().as_secs_f64(),
                });
            }
            on_event(FillEvent::AllReady {
                seconds: begun.elapsed().as_secs_f64(),
            });
        })
}
