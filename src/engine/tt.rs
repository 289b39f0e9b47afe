//! Transposition table: one per search, sized by configuration. Always-replace on a
//! deeper-or-equal entry, or on a different position.

use crate::rules::Move;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub key: u64,
    pub captures: u64,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
    pub from: u8,
    pub to: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    captures: 0,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    from: 0,
    to: 0,
};

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of at most `megabytes` MiB (a power of two of entries, at least 1024).
    pub fn new(megabytes: usize) -> Self {
        let want = (megabytes.max(1) * 1024 * 1024) / std::mem::size_of::<Entry>();
        let mut size = 1024;
        while size * 2 <= want {
            size *= 2;
        }
        Table {
            entries: vec![EMPTY; size],
            mask: size - 1,
        }
    }

    /// Ask the CPU to start loading `key`'s slot, so the probe a little later finds it in
    /// cache (the probe is otherwise the search's largest single cost: a cache miss).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Entry = &self.entries[key as usize & self.mask];
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
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<&Move>) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && slot.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        *slot = Entry {
            key,
            captures: best.map_or(0, |m| m.captures),
            score,
            depth: depth.clamp(0, 127) as i8,
            bound,
            from: best.map_or(0, |m| m.from),
            to: best.map_or(0, |m| m.to),
        };
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
