//! Endgame databases: the exact result of every position with few pieces, with the distance
//! to it, by retrograde analysis under each preset's own rules.
//!
//! A table holds one material (how many men and kings each side has) with White to move;
//! Black-to-move positions are read through `Position::flipped`. An entry is one byte: 0 a
//! draw, `1..=127` a win for the side to move in that many plies, `128 + d` a loss in `d`
//! plies (distances beyond the byte saturate). Distances ignore the draw counters, as
//! databases do: they say how a side wins with best play, which is also the quickest way.

mod build;
pub mod index;
pub(crate) mod store;
pub use store::fingerprint;

pub use build::{build_materials, build_tables, BuildStats};
pub use index::{Layout, Material};
pub use store::{load_dir, save};

use draughts_rules::{Color, Position, Rules};
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
    /// One byte per position (see `Value::encode`).
    pub entries: Vec<u8>,
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
        let index = table.layout.index(&white_to_move) as usize;
        table.entries.get(index).map(|&b| Value::decode(b))
    }

    /// Few enough pieces on the board that a table may hold the position (a quick filter
    /// before `probe`, which answers `None` for a material without a table).
    #[inline]
    pub fn covers(&self, pos: &Position) -> bool {
        pos.occupied().count_ones() <= self.largest
    }

    /// Memory held by the entries.
    pub fn bytes(&self) -> usize {
        self.tables.values().map(|t| t.entries.len()).sum()
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

    /// Add a rule set's tables (kept unless the library holds a larger set for those rules).
    pub fn insert(&self, tables: Tables) {
        let key = tables.rules;
        if let Ok(mut map) = self.by_rules.write() {
            let better = map.get(&key).is_none_or(|old| old.bytes() < tables.bytes());
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

/// Fill `library` in a background thread: for each named rule set, the tables found in
/// `dir/<name>/` (any number of pieces), then every table up to `pieces` pieces still
/// missing, built by retrograde analysis. Rule sets with equal rules of play share tables.
/// `report` hears each rule set once it is in the library (name, the most pieces covered,
/// bytes, seconds spent).
pub fn fill_in_background(
    library: Arc<Library>,
    rule_sets: Vec<(String, Rules)>,
    pieces: u32,
    dir: Option<std::path::PathBuf>,
    report: impl Fn(&str, u32, usize, f64) + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("bitbase".into())
        .spawn(move || {
            for (name, rules) in rule_sets.into_iter().filter(|(_, r)| supports(r)) {
                let start = std::time::Instant::now();
                if library
                    .get(&rules)
                    .is_some_and(|t| t.complete_up_to >= pieces)
                {
                    continue;
                }
                let mut tables = Tables::new(&rules);
                if let Some(dir) = &dir {
                    let path = dir.join(&name);
                    if path.is_dir() {
                        if let Err(e) = load_dir(&mut tables, &path) {
                            tracing::warn!(variant = %name, error = %e, "endgame tables not read");
                        }
                    }
                }
                build_tables(&mut tables, pieces, None);
                let (covered, bytes) = (tables.complete_up_to, tables.bytes());
                library.insert(tables);
                report(&name, covered, bytes, start.elapsed().as_secs_f64());
            }
        })
}
