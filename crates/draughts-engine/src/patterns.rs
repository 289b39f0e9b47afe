//! A pattern evaluation learned from games: the board is covered by overlapping 4×4 blocks
//! (16 on 10×10, 9 on 8×8), each holding 8 playable squares; each block's contents (empty,
//! own man, opponent man; kings count as empty here and are valued by the hand terms)
//! index a table of weights, one table per block and per game phase, interpolated by the
//! men left. The score is the hand evaluation plus the blocks' weights, from the side to
//! move's view: a position with Black to move reads its blocks turned 180°, so a position
//! and its colour-mirrored twin score the same for the side to move by construction.
//!
//! The weights come from `draughts-api selfplay` (quiet positions of self-play games with
//! their results) and `draughts-api train` (logistic regression of the result on these
//! features); see docs/strength.md.

use draughts_rules::board::Bitboard;
use draughts_rules::{BoardSize, CapturePriority, Color, KingKind, Position, Rules};
use std::io::{Read, Write};
use std::sync::{Arc, LazyLock};

/// The weights of 10×10 flying-king rules (international, Ply Yard), embedded: how they
/// were trained and the match that adopted them are in docs/strength.md.
static FLYING_10X10: &[u8] = include_bytes!("weights/flying-10x10.dpw");
/// The weights of 8×8 flying-king rules whose men capture backwards with a free choice of
/// capture (Russian), trained on Russian self-play; see docs/strength.md. Brazilian (the
/// same but maximum capture) did not gain significantly from them, so it keeps the hand terms.
static FLYING_8X8: &[u8] = include_bytes!("weights/flying-8x8.dpw");

/// The embedded weights for a rule family, if it has learned ones (10×10 with flying kings;
/// 8×8 with flying kings, men that capture backwards and a free choice of capture; the
/// other families use the hand terms alone).
pub fn defaults(rules: &Rules) -> Option<Arc<PatternWeights>> {
    static TEN: LazyLock<Option<Arc<PatternWeights>>> = LazyLock::new(|| {
        PatternWeights::read(&mut &FLYING_10X10[..])
            .ok()
            .map(Arc::new)
    });
    static EIGHT: LazyLock<Option<Arc<PatternWeights>>> = LazyLock::new(|| {
        PatternWeights::read(&mut &FLYING_8X8[..])
            .ok()
            .map(Arc::new)
    });
    if rules.win_condition != draughts_rules::WinCondition::Normal || rules.uses_line_tables() {
        return None; // learned from diagonal games won the usual way
    }
    let free_choice = rules.capture_priority == CapturePriority::Free;
    match (rules.board, rules.kings, rules.men_capture_backwards) {
        (BoardSize::Ten, KingKind::Flying, _) => TEN.clone(),
        (BoardSize::Eight, KingKind::Flying, true) if free_choice => EIGHT.clone(),
        _ => None,
    }
}

/// Patterns per block: 3^8.
pub const PATTERNS: usize = 6561;
/// Phases the weights are given for: opening (all men) and endgame (none).
pub const PHASES: usize = 2;

/// Base-3 value of each 8-bit occupancy (bit i → digit i).
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if b & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// Each 8-bit occupancy with its bits in reverse order (a block turned 180°).
const REVERSED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).reverse_bits();
        b += 1;
    }
    t
};

/// Where the blocks lie: for each, the first bit of each of its four rows' two squares.
#[derive(Clone, Debug)]
pub struct Blocks {
    starts: Vec<[u8; 4]>,
    men: u32,
}

impl Blocks {
    /// The blocks of a board: rows `r..r+4` for `r` in steps of 2, dark columns `k, k+1`.
    pub fn new(rules: &Rules) -> Blocks {
        let g = rules.board.geometry();
        let (side, per_row) = (g.side as usize, g.per_row as usize);
        let mut starts = Vec::new();
        for r in (0..=side - 4).step_by(2) {
            for k in 0..per_row - 1 {
                starts.push(std::array::from_fn(|j| {
                    let row = r + j;
                    (row * per_row + row / 2 + k) as u8
                }));
            }
        }
        let men = 2 * rules.start_rows as u32 * per_row as u32;
        Blocks { starts, men }
    }

    /// How many blocks.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Always false: every board has blocks.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    #[inline(always)]
    fn occupancy(&self, block: usize, bits: Bitboard) -> usize {
        let s = &self.starts[block];
        (((bits >> s[0]) & 3)
            | (((bits >> s[1]) & 3) << 2)
            | (((bits >> s[2]) & 3) << 4)
            | (((bits >> s[3]) & 3) << 6)) as usize
    }

    /// Each block's pattern index from the side to move's view, and the endgame share of
    /// the phase (0 with every man on the board, 1 with none).
    pub fn features(&self, pos: &Position, out: &mut Vec<u16>) -> f32 {
        out.resize(self.starts.len(), 0);
        self.features_into(pos, out)
    }

    /// As `features`, into the first `len()` slots of `out` (no allocation: the searcher's
    /// evaluation uses it).
    #[inline]
    pub fn features_into(&self, pos: &Position, out: &mut [u16]) -> f32 {
        let men = !pos.kings;
        let white = pos.pieces[Color::White.index()] & men;
        let black = pos.pieces[Color::Black.index()] & men;
        let n = self.starts.len();
        for (i, slot) in out.iter_mut().take(n).enumerate() {
            *slot = if pos.side == Color::White {
                let (w, b) = (self.occupancy(i, white), self.occupancy(i, black));
                TERNARY[w] + 2 * TERNARY[b]
            } else {
                // Black to move reads the board turned: block n-1-i, squares reversed.
                let j = n - 1 - i;
                let (w, b) = (self.occupancy(j, white), self.occupancy(j, black));
                TERNARY[REVERSED[b] as usize] + 2 * TERNARY[REVERSED[w] as usize]
            };
        }
        1.0 - ((white | black).count_ones() as f32 / self.men.max(1) as f32).min(1.0)
    }
}

/// Learned weights: `[phase][block][pattern]`, in centipieces.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    /// Blocks of the board the weights are for.
    pub blocks: usize,
    /// `PHASES × blocks × PATTERNS` values.
    pub values: Vec<i16>,
}

const MAGIC: &[u8; 4] = b"DPW1";

impl PatternWeights {
    /// All zero: the hand evaluation alone.
    pub fn zero(blocks: usize) -> PatternWeights {
        PatternWeights {
            blocks,
            values: vec![0; PHASES * blocks * PATTERNS],
        }
    }

    #[inline(always)]
    fn at(&self, phase: usize, block: usize, pattern: u16) -> i32 {
        self.values[(phase * self.blocks + block) * PATTERNS + pattern as usize] as i32
    }

    /// The blocks' contribution for these features.
    #[inline]
    pub fn score(&self, features: &[u16], endgame: f32) -> i32 {
        let (mut open, mut end) = (0i32, 0i32);
        for (block, &f) in features.iter().enumerate() {
            open += self.at(0, block, f);
            end += self.at(1, block, f);
        }
        (open as f32 * (1.0 - endgame) + end as f32 * endgame).round() as i32
    }

    /// Write as `DPW1`, the block count (u32 LE), then the values (i16 LE).
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&(self.blocks as u32).to_le_bytes())?;
        for v in &self.values {
            out.write_all(&v.to_le_bytes())?;
        }
        Ok(())
    }

    /// Read what `write` wrote.
    pub fn read(input: &mut impl Read) -> std::io::Result<PatternWeights> {
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut head = [0u8; 8];
        input.read_exact(&mut head)?;
        if &head[..4] != MAGIC {
            return Err(bad("not a pattern weights file"));
        }
        let blocks = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        if blocks == 0 || blocks > 64 {
            return Err(bad("bad block count"));
        }
        let mut bytes = vec![0u8; PHASES * blocks * PATTERNS * 2];
        input.read_exact(&mut bytes)?;
        let values = bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(PatternWeights { blocks, values })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::legal_moves;

    #[test]
    fn blocks_cover_the_board_with_eight_squares_each() {
        for (rules, count) in [(Rules::international(), 16), (Rules::english(), 9)] {
            let blocks = Blocks::new(&rules);
            assert_eq!(blocks.len(), count);
            let g = rules.board.geometry();
            let mut covered = 0u64;
            for b in 0..blocks.len() {
                let mask = (0..4).fold(0u64, |m, j| m | 3u64 << blocks.starts[b][j]);
                assert_eq!(
                    mask as u128 & g.valid,
                    mask as u128,
                    "block {b} leaves the board"
                );
                covered |= mask;
            }
            assert_eq!(covered as u128, g.valid);
        }
    }

    #[test]
    fn a_position_and_its_colour_mirrored_twin_have_the_same_features() {
        for rules in [Rules::international(), Rules::english()] {
            let blocks = Blocks::new(&rules);
            let mut pos = Position::initial(&rules);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let mut rng = draughts_rules::random::Rng::new(5);
            for _ in 0..40 {
                let list = legal_moves(&rules, &pos);
                if list.is_empty() {
                    break;
                }
                let pa = blocks.features(&pos, &mut a);
                let pb = blocks.features(&pos.flipped(), &mut b);
                assert_eq!(a, b);
                assert_eq!(pa, pb);
                pos = pos.play(&list[rng.below(list.len())]);
            }
        }
    }

    /// The committed weights files are the ones the docs describe (retrain and update both).
    #[test]
    fn embedded_weights_load_and_match_their_checksum() {
        assert_eq!(
            draughts_rules::hash::fnv1a(FLYING_10X10),
            0x7734_2962_c7b7_0269,
            "weights/flying-10x10.dpw changed"
        );
        assert_eq!(
            draughts_rules::hash::fnv1a(FLYING_8X8),
            0xf956_8b50_76af_8e88,
            "weights/flying-8x8.dpw changed"
        );
        let russian = defaults(&Rules::preset("russian").expect("preset")).expect("embedded");
        assert_eq!(russian.blocks, Blocks::new(&Rules::english()).len());
        assert!(defaults(&Rules::preset("brazilian").expect("preset")).is_none());
        assert!(defaults(&Rules::preset("spanish").expect("preset")).is_none());
        let weights = defaults(&Rules::international()).expect("embedded weights");
        assert_eq!(weights.blocks, Blocks::new(&Rules::international()).len());
        assert!(defaults(&Rules::preset("plyyard").expect("preset")).is_some());
        assert!(defaults(&Rules::english()).is_none());
    }

    #[test]
    fn weights_round_trip_through_their_file_format() {
        let mut w = PatternWeights::zero(9);
        w.values[17] = -5;
        w.values[PATTERNS * 9 + 3] = 120;
        let mut bytes = Vec::new();
        w.write(&mut bytes).expect("write");
        assert_eq!(PatternWeights::read(&mut &bytes[..]).expect("read"), w);
        assert!(PatternWeights::read(&mut &b"nope"[..]).is_err());
    }
}
