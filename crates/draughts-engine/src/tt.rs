//! Transposition table: sized by configuration, new for each search or kept from one search
//! to the next in a [`TablePool`]. Always-replace on a deeper-or-equal entry, or on a
//! different position.

use draughts_rules::{Move, Rules};
use std::cell::RefCell;
use std::sync::Mutex;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The best move's pieces taken, bits 0..64: on 12×12 two captures that differ only
    /// above bit 63 look alike here, which costs nothing but move order (the entry only
    /// picks which legal move to try first).
    pub captures: u64,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
    pub from: u8,
    pub to: u8,
}

/// A slot as stored: `[key, captures, packed]`, where `packed` holds the score (low 32
/// bits), depth, bound, from and to. All zero is an empty slot (depth 0 is never stored),
/// so a new table is zeroed memory the allocator hands over without writing it.
type Slot = [u64; 3];

pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

/// The fewest entries of a table (a placeholder aside).
const MIN_ENTRIES: usize = 1024;

/// The largest table a thread keeps for its next search (see [`Table::recycle`]): the
/// tables of searches of up to about 170,000 nodes.
const SPARE_MAX_BYTES: usize = 4 << 20;

thread_local! {
    /// The table this thread's last short search gave back.
    static SPARE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

impl Table {
    /// A table of at most `megabytes` MiB (a power of two of entries, at least 1024).
    pub fn new(megabytes: usize) -> Self {
        let size = Self::entries_for(megabytes);
        Table {
            slots: vec![[0; 3]; size],
            mask: size - 1,
        }
    }

    /// An empty table of at most `megabytes` MiB: the one this thread last gave back with
    /// [`Table::recycle`] when it has that size, cleared, else a new one. Clearing a kept
    /// table is cheaper than new memory for a short search: a fresh page is first mapped
    /// to the shared zero page (by a probe), then copied at its first write, and each copy
    /// interrupts the process's other running threads to flush their address caches (a
    /// third of self-play's time on two threads went there). The service runs each search
    /// on a thread of its own, so there a thread's table goes when its search ends.
    pub fn empty(megabytes: usize) -> Self {
        let size = Self::entries_for(megabytes);
        let spare = SPARE
            .try_with(|spare| spare.borrow_mut().take_if(|t| t.slots.len() == size))
            .ok()
            .flatten();
        match spare {
            Some(mut table) => {
                table.slots.fill([0; 3]);
                table
            }
            None => Table::new(megabytes),
        }
    }

    /// Keep this table for this thread's next [`Table::empty`] of its size, in place of the
    /// one kept before, unless it is a placeholder or large (`SPARE_MAX_BYTES`): a large
    /// table belongs to a long search, for which a new one costs little, and is not worth
    /// the memory held. (A searcher gives its table back so when it is dropped.)
    pub fn recycle(self) {
        let bytes = self.slots.len() * std::mem::size_of::<Slot>();
        if self.slots.len() >= MIN_ENTRIES && bytes <= SPARE_MAX_BYTES {
            // A thread being torn down has no spare to keep: the table is simply freed.
            let _ = SPARE.try_with(|spare| *spare.borrow_mut() = Some(self));
        }
    }

    /// A one-slot table, to stand in for a table taken away.
    pub fn placeholder() -> Self {
        Table {
            slots: vec![[0; 3]; 1],
            mask: 0,
        }
    }

    /// The entries of a table of at most `megabytes` MiB.
    fn entries_for(megabytes: usize) -> usize {
        let want = (megabytes.max(1) * 1024 * 1024) / std::mem::size_of::<Slot>();
        let mut size = MIN_ENTRIES;
        while size * 2 <= want {
            size *= 2;
        }
        size
    }

    /// Ask the CPU to start loading `key`'s slot, so the probe a little later finds it in
    /// cache (the probe is otherwise the search's largest single cost: a cache miss).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Slot = &self.slots[key as usize & self.mask];
            // SAFETY: `_mm_prefetch` only needs SSE, which every x86_64 CPU has (it is part of
            // the architecture's baseline target features), and a prefetch is a hint that never
            // faults nor changes memory; the pointer also comes from a live reference.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot.cast::<i8>(),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, captures, packed] = self.slots[key as usize & self.mask];
        let depth = (packed >> 32) as u8 as i8;
        if k != key || depth <= 0 {
            return None;
        }
        Some(Entry {
            captures,
            score: packed as u32 as i32,
            depth,
            bound: match (packed >> 40) as u8 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            from: (packed >> 48) as u8,
            to: (packed >> 56) as u8,
        })
    }

    /// Store a search result; `depth` must be at least 1 (quiescence is not stored).
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<&Move>) {
        let slot = &mut self.slots[key as usize & self.mask];
        let old_depth = (slot[2] >> 32) as u8 as i8;
        if slot[0] == key && old_depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        let bound_bits: u64 = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let depth = depth.clamp(1, 127) as u8 as u64;
        let from = best.map_or(0, |m| m.from) as u64;
        let to = best.map_or(0, |m| m.to) as u64;
        *slot = [
            key,
            best.map_or(0, |m| m.captures),
            score as u32 as u64 | depth << 32 | bound_bits << 40 | from << 48 | to << 56,
        ];
    }
}

/// Tables kept from one search to the next, per rule set, as an engine keeps its table
/// through a game: the search of a game's next move (a new request, maybe on another
/// thread) starts with the work of the previous one. Entries are keyed by position, so a
/// table last used for another game only costs the slots it fills. At most `keep` tables
/// are kept (one per search that may run at once is enough), so memory stays bounded.
pub struct TablePool {
    /// The tables given back, with the rules they were used for (`None`: never used, for any).
    tables: Mutex<Vec<(Option<Rules>, Table)>>,
    keep: usize,
}

impl std::fmt::Debug for TablePool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TablePool(keeps {})", self.keep)
    }
}

/// Two pools are the same pool, not two with equal contents.
impl PartialEq for TablePool {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl TablePool {
    /// A pool keeping at most `keep` tables.
    pub fn new(keep: usize) -> Self {
        TablePool {
            tables: Mutex::new(Vec::new()),
            keep,
        }
    }

    /// The table last given back for `rules` with the size `megabytes` makes, else one the
    /// pool was filled with, else a new one.
    pub fn take(&self, rules: &Rules, megabytes: usize) -> Table {
        let size = Table::entries_for(megabytes);
        if let Ok(mut tables) = self.tables.lock() {
            let fits = |t: &Table| t.slots.len() == size;
            if let Some(i) = tables
                .iter()
                .rposition(|(r, t)| r.as_ref() == Some(rules) && fits(t))
                .or_else(|| tables.iter().rposition(|(r, t)| r.is_none() && fits(t)))
            {
                return tables.remove(i).1;
            }
        }
        Table::new(megabytes)
    }

    /// Fill the pool with empty tables of the size `megabytes` makes, every page written
    /// once: fresh memory is mapped page by page as it is first written, and a first search
    /// that did it would spend part of its clock in the kernel.
    pub fn fill(&self, megabytes: usize) {
        if let Ok(mut tables) = self.tables.lock() {
            while tables.len() < self.keep {
                let mut table = Table::new(megabytes);
                // The allocator hands zeroed memory; hide that from the optimiser, or the
                // writes of zeros below could be dropped as changing nothing.
                table.slots = std::hint::black_box(table.slots);
                table.slots.fill([0; 3]);
                tables.push((None, table));
            }
        }
    }

    /// How many tables the pool holds now.
    pub fn kept(&self) -> usize {
        self.tables.lock().map_or(0, |t| t.len())
    }

    /// Keep `table` for the next search under `rules`, dropping the oldest beyond `keep`.
    pub fn give(&self, rules: &Rules, table: Table) {
        if let Ok(mut tables) = self.tables.lock() {
            tables.push((Some(*rules), table));
            if tables.len() > self.keep {
                tables.remove(0);
            }
        }
    }
}

impl Entry {
    pub fn matches(&self, m: &Move) -> bool {
        self.from == m.from
            && self.to == m.to
            && self.captures == m.captures
            && !(self.from == 0 && self.to == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::{legal_moves, notation::fen, Rules};

    #[test]
    fn a_stored_entry_comes_back_whole_and_an_empty_slot_misses() {
        let rules = Rules::preset("international").expect("preset");
        let pos = fen::parse("W:WK46,28:B23,19,K3", rules.board)
            .expect("fen")
            .position;
        let mv = legal_moves(&rules, &pos)[0];
        let mut table = Table::new(1);
        let key = 0xdead_beef_0123_4567;
        assert!(table.probe(key).is_none());
        table.store(key, 7, -29_950, Bound::Lower, Some(&mv));
        let e = table.probe(key).expect("stored");
        assert_eq!(
            (e.score, e.depth, e.bound, e.from, e.to, e.captures),
            (-29_950, 7, Bound::Lower, mv.from, mv.to, mv.captures)
        );
        assert!(e.matches(&mv));
        // A shallower non-exact result does not replace a deeper one of the same position.
        table.store(key, 3, 12, Bound::Upper, None);
        assert_eq!(table.probe(key).map(|e| e.depth), Some(7));
        assert!(table.probe(key ^ 1).is_none());
    }

    #[test]
    fn a_recycled_table_comes_back_empty_from_the_same_memory_and_a_large_one_is_not_kept() {
        let mut table = Table::empty(1);
        table.store(42, 5, 17, Bound::Exact, None);
        let memory = table.slots.as_ptr();
        table.recycle();
        let again = Table::empty(1);
        assert_eq!(again.slots.as_ptr(), memory, "the kept table is reused");
        assert!(again.probe(42).is_none(), "and cleared");
        assert!(again.slots.iter().all(|slot| *slot == [0; 3]));
        again.recycle();
        // Another size is a new table, and leaves the kept one for later.
        let other = Table::empty(2);
        assert_ne!(other.slots.as_ptr(), memory);
        let kept = Table::empty(1);
        assert_eq!(kept.slots.as_ptr(), memory);
        kept.recycle();
        Table::empty((SPARE_MAX_BYTES >> 20) * 2).recycle();
        Table::placeholder().recycle();
        assert_eq!(
            Table::empty(1).slots.as_ptr(),
            memory,
            "a large table or a placeholder does not replace the kept one"
        );
    }

    #[test]
    fn a_pool_gives_back_the_table_of_the_same_rules_and_size_and_keeps_few() {
        let international = Rules::preset("international").expect("preset");
        let english = Rules::preset("english").expect("preset");
        let pool = TablePool::new(2);
        let mut table = pool.take(&international, 1);
        table.store(42, 5, 17, Bound::Exact, None);
        pool.give(&international, table);
        assert!(pool.take(&english, 1).probe(42).is_none(), "other rules");
        assert!(
            pool.take(&international, 2).probe(42).is_none(),
            "other size"
        );
        let kept = pool.take(&international, 1);
        assert_eq!(kept.probe(42).map(|e| e.score), Some(17));
        pool.give(&international, kept);
        pool.give(&english, Table::new(1));
        pool.give(&english, Table::new(1));
        // Beyond two, the oldest (the international one) is dropped.
        assert!(pool.take(&international, 1).probe(42).is_none());
    }

    #[test]
    fn a_filled_pool_hands_its_empty_tables_to_any_rules_of_their_size() {
        let international = Rules::preset("international").expect("preset");
        let english = Rules::preset("english").expect("preset");
        let pool = TablePool::new(2);
        pool.fill(1);
        assert_eq!(pool.kept(), 2);
        pool.fill(1);
        assert_eq!(pool.kept(), 2, "filled up to what it keeps, no further");
        assert!(pool.take(&international, 2).probe(42).is_none());
        assert_eq!(pool.kept(), 2, "another size is not taken from the filling");
        let mut table = pool.take(&english, 1);
        assert_eq!(pool.kept(), 1);
        table.store(42, 5, 17, Bound::Exact, None);
        pool.give(&english, table);
        // International takes the empty table, not English's.
        assert!(pool.take(&international, 1).probe(42).is_none());
        assert_eq!(pool.kept(), 1);
        assert_eq!(pool.take(&english, 1).probe(42).map(|e| e.score), Some(17));
        assert_eq!(pool.kept(), 0);
    }
}
