//! Retrograde analysis of one rule set's tables.
//!
//! Materials are solved in an order where every move that changes the material (a capture,
//! a crowning) leads to one already solved. Within a material and its colour-swapped twin
//! (solved together: a move hands the turn to the other colour) only plain moves stay, and
//! those can be taken back. First every position is looked at once with the real move
//! generator: no move is a loss; moves that leave the material are looked up. Then results
//! spread backwards, in order of distance: a position lost in `d` makes each position that
//! can move into it won in `d + 1`; a position won in `d` takes one move from the count of
//! each predecessor's unrefuted moves, and a predecessor left with none (and no drawing or
//! winning way out) is lost in `d + 1` or more. What is never reached is a draw.

use super::{Layout, Material, Table, Tables, Value};
use draughts_rules::board::{Bits, NO_SQUARE};
use draughts_rules::movegen::{generate, has_capture};
use draughts_rules::{Color, KingKind, MoveList, Rules};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a build did.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    /// Materials solved (a material and its colour-swapped twin count once).
    pub materials: usize,
    /// Positions solved (both sides to move), wins, losses and draws among them.
    pub positions: u64,
    /// Positions won for the side to move.
    pub wins: u64,
    /// Positions lost for the side to move.
    pub losses: u64,
    /// Positions drawn.
    pub draws: u64,
    /// The longest win, in plies.
    pub longest: u32,
    /// Wall-clock time of the build.
    pub seconds: f64,
}

const UNKNOWN: u16 = u16::MAX;
const LOSS: u16 = 0x8000;
const WIN_EXIT: u8 = 1;
const DRAW_EXIT: u8 = 2;

/// What hears of each material once solved and held (its colour-swapped twin is heard of
/// separately).
pub type OnSolved<'a> = dyn FnMut(&Tables, Material) + 'a;

/// Build every table of up to `max_pieces` pieces that `tables` lacks. Stops early (with
/// what is complete) when `stop` turns true.
pub fn build_tables(
    tables: &mut Tables,
    max_pieces: u32,
    stop: Option<&AtomicBool>,
    solved: &mut OnSolved,
) -> BuildStats {
    let mut stats = BuildStats::default();
    for pieces in 2..=max_pieces {
        let layer: Vec<Material> = Material::all_up_to(pieces)
            .into_iter()
            .filter(|m| m.pieces() == pieces)
            .collect();
        let part = build_materials(tables, &layer, stop, solved);
        stats.add(&part);
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            break;
        }
        tables.complete_up_to = tables.complete_up_to.max(pieces);
    }
    stats
}

/// Build the tables of `materials` and of every material they can lead to (by captures and
/// crownings), skipping those `tables` has.
pub fn build_materials(
    tables: &mut Tables,
    materials: &[Material],
    stop: Option<&AtomicBool>,
    solved: &mut OnSolved,
) -> BuildStats {
    let start = Instant::now();
    let mut stats = BuildStats::default();
    let rules = tables.rules;
    for material in Material::closure(materials) {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            break;
        }
        if tables.tables.contains_key(&material) {
            continue;
        }
        let (table, twin) = solve(&rules, material, tables, &mut stats);
        tables.insert(material, table);
        solved(tables, material);
        // A build stopped between a material and its twin left the twin on file: keep it.
        if let Some(t) = twin.filter(|_| !tables.tables.contains_key(&material.flipped())) {
            tables.insert(material.flipped(), t);
            solved(tables, material.flipped());
        }
        stats.materials += 1;
    }
    stats.seconds = start.elapsed().as_secs_f64();
    stats
}

impl BuildStats {
    fn add(&mut self, other: &BuildStats) {
        self.materials += other.materials;
        self.positions += other.positions;
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
        self.longest = self.longest.max(other.longest);
        self.seconds += other.seconds;
    }
}

/// Build-time state of one side to move of a material.
struct SideState {
    state: Vec<u16>,
    remaining: Vec<u8>,
    exits: Vec<u8>,
    /// The longest loss the moves leaving the material allow (all of them lose).
    loss_floor: Vec<u16>,
}

/// Solve `material` and its colour-swapped twin; the twin's table is returned when it is a
/// different material.
fn solve(
    rules: &Rules,
    material: Material,
    done: &Tables,
    stats: &mut BuildStats,
) -> (Table, Option<Table>) {
    let layout = Layout::new(rules, material);
    let size = layout.size() as usize;
    let mut sides: [SideState; 2] = std::array::from_fn(|_| SideState {
        state: vec![UNKNOWN; size],
        remaining: vec![0; size],
        exits: vec![0; size],
        loss_floor: vec![0; size],
    });
    // Candidates by distance: (index, side) packed as index * 2 + side.
    let mut wins: Vec<Vec<u32>> = Vec::new();
    let mut losses: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, d: usize, entry: u32| {
        if buckets.len() <= d {
            buckets.resize_with(d + 1, Vec::new);
        }
        buckets[d].push(entry);
    };
    let mut list = MoveList::with_capacity(64);
    for index in 0..size {
        let Some(white) = layout.position(index as u64) else {
            sides[0].state[index] = 0;
            sides[1].state[index] = 0;
            continue;
        };
        for (side, color) in [(0, Color::White), (1, Color::Black)] {
            let pos = white.with_side(color);
            generate(rules, &pos, &mut list);
            let entry = (index * 2 + side) as u32;
            if list.is_empty() {
                push(&mut losses, 0, entry);
                continue;
            }
            let s = &mut sides[side];
            let mut best_win = u32::MAX;
            for mv in list.iter() {
                if !mv.is_capture() && !mv.crowns {
                    s.remaining[index] += 1;
                    continue;
                }
                let child = pos.play(mv);
                let value = done.probe(&child).unwrap_or_else(|| {
                    panic!("no table for {:?} after a move", Material::of(&child))
                });
                match value {
                    Value::Loss(d) => best_win = best_win.min(d + 1),
                    Value::Win(d) => s.loss_floor[index] = s.loss_floor[index].max(d as u16 + 1),
                    Value::Draw => s.exits[index] |= DRAW_EXIT,
                }
            }
            if best_win != u32::MAX {
                s.exits[index] |= WIN_EXIT;
                push(&mut wins, best_win as usize, entry);
            } else if s.remaining[index] == 0 && s.exits[index] & DRAW_EXIT == 0 {
                push(&mut losses, s.loss_floor[index] as usize, entry);
            }
        }
    }

    let mut predecessors = Vec::with_capacity(64);
    let mut d = 0;
    while d < wins.len().max(losses.len()) {
        let lost = std::mem::take(losses.get_mut(d).unwrap_or(&mut Vec::new()));
        for entry in lost {
            let (index, side) = ((entry / 2) as usize, (entry % 2) as usize);
            if sides[side].state[index] != UNKNOWN {
                continue;
            }
            sides[side].state[index] = LOSS | d as u16;
            take_back(rules, &layout, index, side, &mut predecessors);
            for &p in &predecessors {
                let (pi, ps) = ((p / 2) as usize, (p % 2) as usize);
                if sides[ps].state[pi] == UNKNOWN {
                    push(&mut wins, d + 1, p);
                }
            }
        }
        let won = std::mem::take(wins.get_mut(d).unwrap_or(&mut Vec::new()));
        for entry in won {
            let (index, side) = ((entry / 2) as usize, (entry % 2) as usize);
            if sides[side].state[index] != UNKNOWN {
                continue;
            }
            sides[side].state[index] = d as u16;
            take_back(rules, &layout, index, side, &mut predecessors);
            for &p in &predecessors {
                let (pi, ps) = ((p / 2) as usize, (p % 2) as usize);
                let s = &mut sides[ps];
                if s.state[pi] != UNKNOWN {
                    continue;
                }
                s.remaining[pi] -= 1;
                if s.remaining[pi] == 0 && s.exits[pi] == 0 {
                    let at = (d + 1).max(s.loss_floor[pi] as usize);
                    push(&mut losses, at, p);
                }
            }
        }
        d += 1;
    }

    let value = |state: u16| -> Value {
        if state == UNKNOWN {
            Value::Draw
        } else if state & LOSS != 0 {
            Value::Loss((state & !LOSS) as u32)
        } else {
            Value::Win(state as u32)
        }
    };
    for s in &sides {
        for (index, &state) in s.state.iter().enumerate() {
            if layout.position(index as u64).is_none() {
                continue;
            }
            stats.positions += 1;
            match value(state) {
                Value::Win(d) => {
                    stats.wins += 1;
                    stats.longest = stats.longest.max(d);
                }
                Value::Loss(_) => stats.losses += 1,
                Value::Draw => stats.draws += 1,
            }
        }
    }
    let white = Table::plain(
        layout.clone(),
        sides[0].state.iter().map(|&s| value(s).encode()).collect(),
    );
    let twin = material.flipped();
    if twin == material {
        return (white, None);
    }
    let twin_layout = Layout::new(rules, twin);
    let mut entries = vec![0u8; twin_layout.size() as usize];
    for (index, &state) in sides[1].state.iter().enumerate() {
        if let Some(pos) = layout.position(index as u64) {
            let flipped = pos.with_side(Color::Black).flipped();
            entries[twin_layout.index(&flipped) as usize] = value(state).encode();
        }
    }
    (white, Some(Table::plain(twin_layout, entries)))
}

/// The positions (index * 2 + side) from which a plain move that keeps the material leads
/// to position `index` with `side` to move.
fn take_back(rules: &Rules, layout: &Layout, index: usize, side: usize, out: &mut Vec<u32>) {
    out.clear();
    let Some(placed) = layout.position(index as u64) else {
        return;
    };
    let g = rules.board.geometry();
    let mover = if side == 0 {
        Color::Black
    } else {
        Color::White
    };
    let empty = placed.empty_squares();
    let backward: [usize; 2] = match mover {
        Color::White => [2, 3],
        Color::Black => [0, 1],
    };
    for to in Bits(placed.pieces[mover.index()]) {
        let king = placed.kings & (1 << to) != 0;
        let mut add = |from: u8| {
            let mut before = placed;
            before.side = mover;
            let there = 1u64 << to;
            let back = 1u64 << from;
            before.pieces[mover.index()] = (before.pieces[mover.index()] & !there) | back;
            if king {
                before.kings = (before.kings & !there) | back;
            }
            if rules.forced_capture && has_capture(rules, &before) {
                return; // there the move was not legal: a capture had to be made
            }
            out.push((layout.index(&before) * 2 + (1 - side) as u64) as u32);
        };
        if king {
            for dir in 0..4 {
                let mut from = g.neighbour[dir][to as usize];
                while from != NO_SQUARE && empty & (1 << from) != 0 {
                    add(from);
                    if rules.kings == KingKind::Short {
                        break;
                    }
                    from = g.neighbour[dir][from as usize];
                }
            }
        } else {
            for dir in backward {
                let from = g.neighbour[dir][to as usize];
                if from != NO_SQUARE && empty & (1 << from) != 0 {
                    add(from);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each material solved is heard of once: a resumed build whose material's twin is
    /// already held solves the material alone.
    #[test]
    fn a_twin_already_held_is_not_solved_again() {
        let rules = Rules::preset("english").expect("preset");
        let mut tables = Tables::new(&rules);
        let mut heard = Vec::new();
        build_tables(&mut tables, 3, None, &mut |_, m| heard.push(m));
        assert_eq!(heard.len(), Material::all_up_to(3).len(), "{heard:?}");
        let (one, twin) = (Material([2, 0, 1, 0]), Material([1, 0, 2, 0]));
        assert_eq!(one.flipped(), twin);
        tables.tables.remove(&one);
        heard.clear();
        build_tables(&mut tables, 3, None, &mut |_, m| heard.push(m));
        assert_eq!(heard, vec![one]);
        assert!(tables.tables.contains_key(&twin));
    }
}
