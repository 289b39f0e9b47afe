//! The capture states one piece's search has already been through. A king that reaches a
//! square having taken the same pieces as on an earlier route can only find again the
//! moves found from there before (what follows depends on nothing else), so the search
//! skips it: crowded flying-king captures go from thousands of routes to their distinct
//! states.

use std::cell::RefCell;

use crate::board::Bitboard;

const SLOTS: usize = 1 << 10;
/// Slots looked at before giving up on a state (the table is then only less useful).
const PROBES: usize = 8;

/// Open addressing over (state, stamp) pairs; a new stamp empties the table at once.
struct Table {
    stamp: u32,
    slots: Vec<(u64, u32)>,
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table { stamp: 0, slots: vec![(0, 0); SLOTS] });
}

/// Forget every state: a new piece's search begins.
pub(super) fn clear() {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        t.stamp = t.stamp.wrapping_add(1);
        if t.stamp == 0 {
            // The stamps went round: old entries could pass for new ones.
            t.slots.fill((0, 0));
            t.stamp = 1;
        }
    });
}

/// Whether the state (a piece on `square` having taken `captured`) was seen since the
/// last `clear`; records it if not.
pub(super) fn check_and_mark(square: u8, captured: Bitboard) -> bool {
    // Captured pieces stand on board bits below 56; the square goes above them.
    let key = captured | (square as u64) << 56;
    let hash = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as usize;
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        let stamp = t.stamp;
        for i in 0..PROBES {
            let slot = &mut t.slots[(hash + i) & (SLOTS - 1)];
            if slot.1 != stamp {
                *slot = (key, stamp);
                return false;
            }
            if slot.0 == key {
                return true;
            }
        }
        false
    })
}
