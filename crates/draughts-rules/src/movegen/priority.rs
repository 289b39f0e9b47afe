//! The capture priority rules as one number per sequence: a sequence is legal when no other
//! has a greater key, so both capture generators keep only the greatest as they go.

use super::{Generated, Move};
#[cfg(doc)]
use super::{MAX_JUMPS, MAX_JUMPS_64};
use crate::board::SquareSet;
use crate::variant::CapturePriority;

/// What the rules weigh of a finished capture sequence.
pub(super) struct Sequence<'a, S> {
    /// Pieces taken, in jump order (bit indices).
    pub taken: &'a [u8],
    /// The same pieces as a set.
    pub captured: S,
    /// The opponent's kings before the move.
    pub them_kings: S,
    /// The moving piece was a king before the capture.
    pub by_king: bool,
}

/// The key of `seq` under `priority`.
///
/// * Italian: most pieces, then a king capturing, then most kings taken, then the kings met
///   earliest (bit `31 - i` set when jump `i` takes a king, so earlier is greater).
/// * Frisian: the greatest value with a man worth 2 and a king 3 (a king is worth a man and
///   a half), then the most kings taken, then a capture by a king.
#[inline(always)]
pub(super) fn key<S: SquareSet>(priority: CapturePriority, seq: &Sequence<S>) -> u64 {
    let jumps = seq.taken.len() as u64;
    let kings_taken = || (seq.captured & seq.them_kings).count() as u64;
    match priority {
        CapturePriority::Free => 0,
        CapturePriority::MaxPieces => jumps,
        CapturePriority::MaxPiecesThenKings => jumps << 8 | kings_taken(),
        CapturePriority::Czech => seq.by_king as u64,
        CapturePriority::Italian => {
            let order = seq
                .taken
                .iter()
                .enumerate()
                .filter(|&(_, &t)| seq.them_kings.has(t))
                .fold(0u64, |acc, (i, _)| acc | 1 << (31 - i));
            jumps << 40 | (seq.by_king as u64) << 39 | kings_taken() << 32 | order
        }
        CapturePriority::Frisian => {
            let kings = kings_taken();
            let value = 2 * (jumps - kings) + 3 * kings;
            value << 16 | kings << 8 | seq.by_king as u64
        }
    }
}

/// A capture sequence being built by a search, and the sequences kept so far: those of
/// the greatest key, from `start` in the output list. A sequence below the best is never
/// written, and a better one discards those before it.
///
/// `S` is the sets' width (the board's). `N` bounds the jumps of one sequence: [`MAX_JUMPS_64`] on the 64-bit boards, whose
/// generator builds a route at every node with a capture (a smaller one is quicker to set
/// up), [`MAX_JUMPS`] on any board.
pub(super) struct Route<S, const N: usize> {
    /// The opponent's kings before the move.
    them_kings: S,
    /// The moving piece's square.
    from: u8,
    /// The moving piece was a king before the capture.
    by_king: bool,
    /// Jumps made so far.
    pub depth: usize,
    path: [u8; N],
    taken: [u8; N],
    start: usize,
    best: u64,
}

impl<S: SquareSet, const N: usize> Route<S, N> {
    /// No sequence yet; those found go after `start` in the output list.
    pub(super) fn new(them_kings: S, start: usize) -> Self {
        Route {
            them_kings,
            from: 0,
            by_king: false,
            depth: 0,
            path: [0; N],
            taken: [0; N],
            start,
            best: 0,
        }
    }

    /// Start the sequences of the piece on `from`.
    #[inline(always)]
    pub(super) fn begin(&mut self, from: u8, by_king: bool) {
        self.from = from;
        self.by_king = by_king;
        self.depth = 0;
    }

    /// A jump over `victim` to `landing`.
    #[inline(always)]
    pub(super) fn push(&mut self, landing: u8, victim: u8) {
        self.path[self.depth] = landing;
        self.taken[self.depth] = victim;
        self.depth += 1;
    }

    /// Take the last jump back.
    #[inline(always)]
    pub(super) fn pop(&mut self) {
        self.depth -= 1;
    }

    /// The sequence so far ends on `to` having taken `captured`: keep it if `priority`
    /// allows. Inlined, so a priority the caller knows at compile time folds its key.
    #[inline(always)]
    pub(super) fn record<T: Generated>(
        &mut self,
        priority: CapturePriority,
        to: u8,
        captured: S,
        crowns: bool,
        out: &mut Vec<T>,
    ) {
        let key = key(
            priority,
            &Sequence {
                taken: &self.taken[..self.depth],
                captured,
                them_kings: self.them_kings,
                by_king: self.by_king,
            },
        );
        self.keep(key, to, captured, crowns, out);
    }

    /// [`Route::record`] once the sequence's key is known.
    fn keep<T: Generated>(
        &mut self,
        key: u64,
        to: u8,
        captured: S,
        crowns: bool,
        out: &mut Vec<T>,
    ) {
        if out.len() > self.start {
            if key < self.best {
                return;
            }
            if key > self.best {
                out.truncate(self.start);
            }
        }
        self.best = key;
        let (captures, captures_high) = captured.split();
        let mv = Move {
            captures,
            captures_high,
            from: self.from,
            to,
            jumps: self.depth as u8,
            crowns,
        };
        // Another path to the same end taking the same pieces is the same move: the first
        // path found stands for it.
        if out[self.start..].iter().any(|m| m.get().same_move(&mv)) {
            return;
        }
        out.push(T::build(
            mv,
            &self.path[..self.depth],
            &self.taken[..self.depth],
        ));
    }
}
