//! Move ordering, apart from the search that uses it (as Stockfish's movepick and Scan's
//! sort): the table's move first, then captures by size, then the killers of the ply, then
//! quiet moves by how often they raised alpha where they were tried.

use crate::search::MAX_PLY;
use draughts_rules::Move;

/// A quiet move that caused a cut-off at a ply: from, to and captured squares.
type Killer = (u8, u8, u64);

/// What the search has learnt about which moves to try first.
pub(crate) struct MoveOrdering {
    killers: [[Killer; 2]; MAX_PLY],
    history: Box<SuccessHistory>,
}

impl MoveOrdering {
    pub(crate) fn new() -> Self {
        MoveOrdering {
            killers: [[(0, 0, 0); 2]; MAX_PLY],
            history: Box::new(SuccessHistory::new()),
        }
    }

    /// The order key of `m` at `ply`, higher first; `table_move` when it is the move the
    /// transposition table remembers.
    #[inline]
    pub(crate) fn key(&self, m: &Move, table_move: bool, ply: usize) -> u32 {
        if table_move {
            return u32::MAX;
        }
        if m.is_capture() {
            return 3_000_000_000 + m.jumps as u32 * 1000;
        }
        let k = (m.from, m.to, m.captures);
        if ply < MAX_PLY && (self.killers[ply][0] == k || self.killers[ply][1] == k) {
            return 2_000_000_000;
        }
        self.history.rate(m)
    }

    /// `m` caused a cut-off at `ply`: a quiet one becomes the ply's first killer.
    #[inline]
    pub(crate) fn cut_off(&mut self, m: &Move, ply: usize) {
        if !m.is_capture() && ply < MAX_PLY {
            let k = (m.from, m.to, m.captures);
            if self.killers[ply][0] != k {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = k;
            }
        }
    }

    /// `best` raised alpha, each of `tried_before` was tried before it in vain.
    pub(crate) fn raised_alpha<'m>(
        &mut self,
        tried_before: impl Iterator<Item = &'m Move>,
        best: &Move,
    ) {
        for m in tried_before {
            self.history.failed(m);
        }
        self.history.succeeded(best);
    }
}

/// How often each move (by its from and to squares) was the one that raised alpha where it
/// was tried, as a running rate in 1/`ONE`: each success moves it a 64th of the way to one,
/// each failure (a move tried before the one that raised alpha) a 64th of the way to zero.
/// Quiet moves are ordered by it after the killers. (It replaced a sum of depth² over
/// cut-offs that never forgot: +53 Elo [+11, +96] in 100 games at 100 ms.)
struct SuccessHistory {
    rates: [[u16; 64]; 64],
}

impl SuccessHistory {
    const ONE: u16 = 1 << 12;
    const STEP: u32 = 6;

    fn new() -> Self {
        SuccessHistory {
            rates: [[Self::ONE / 2; 64]; 64],
        }
    }

    fn slot(&mut self, m: &Move) -> &mut u16 {
        &mut self.rates[m.from as usize & 63][m.to as usize & 63]
    }

    fn rate(&self, m: &Move) -> u32 {
        self.rates[m.from as usize & 63][m.to as usize & 63] as u32
    }

    fn succeeded(&mut self, m: &Move) {
        let r = self.slot(m);
        *r += (Self::ONE - *r) >> Self::STEP;
    }

    fn failed(&mut self, m: &Move) {
        let r = self.slot(m);
        *r -= *r >> Self::STEP;
    }
}
