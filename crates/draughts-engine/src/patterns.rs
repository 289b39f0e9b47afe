//! A pattern evaluation learned from games: the board is covered by overlapping 4×4 blocks
//! (16 on 10×10, 9 on 8×8), each holding 8 playable squares; each block's contents (empty,
//! own man, opponent man; kings count as empty here and are valued by the hand terms)
//! index a table of weights, one table per block and per game phase, interpolated by the
//! men left. The score is the hand evaluation plus the blocks' weights, from the side to
//! move's view: a position with Black to move reads its blocks turned 180°, so a position
//! and its colour-mirrored twin score the same for the side to move by construction.
//! Weights files of the second format add a few whole-board terms (`TERM_NAMES`: the kings
//! and their safe and exposed squares, the men's lean to a wing), weighed by phase too.
//!
//! The weights come from `draughts-api selfplay` (quiet positions of self-play games with
//! their results) and `draughts-api train` (logistic regression of the result on these
//! features); see docs/strength.md.

use draughts_rules::board::Bitboard;
use draughts_rules::{BoardSize, CapturePriority, Color, KingKind, Position, Rules};
use std::io::{Read, Write};
use std::sync::{Arc, OnceLock};

/// Which rules a set of embedded weights was learned for: the board, the kings, and where
/// it matters, whether men capture backwards and the capture priority (`None`: any).
struct Family {
    board: BoardSize,
    kings: KingKind,
    men_capture_backwards: Option<bool>,
    capture_priority: Option<CapturePriority>,
}

impl Family {
    fn matches(&self, rules: &Rules) -> bool {
        self.board == rules.board
            && self.kings == rules.kings
            && self
                .men_capture_backwards
                .is_none_or(|b| b == rules.men_capture_backwards)
            && self
                .capture_priority
                .is_none_or(|p| p == rules.capture_priority)
    }
}

/// One embedded weights file: its name under `weights/`, the rules it serves, its bytes and
/// their FNV-1a checksum (a test holds the file to it, so a retrained file is a deliberate
/// change, documented with its match in docs/strength.md).
struct Embedded {
    #[cfg_attr(not(test), expect(dead_code, reason = "named by the checksum test"))]
    name: &'static str,
    family: Family,
    bytes: &'static [u8],
    #[cfg_attr(not(test), expect(dead_code, reason = "held to the file by a test"))]
    checksum: u64,
}

macro_rules! embedded {
    ($name:literal, $board:ident, $kings:ident, $backwards:expr, $priority:expr, $checksum:expr) => {
        Embedded {
            name: $name,
            family: Family {
                board: BoardSize::$board,
                kings: KingKind::$kings,
                men_capture_backwards: $backwards,
                capture_priority: $priority,
            },
            bytes: include_bytes!(concat!("weights/", $name, ".dpw")),
            checksum: $checksum,
        }
    };
}

/// Every rule family with learned weights, first match wins. How each file was trained and
/// the match that adopted it are in docs/strength.md.
static EMBEDDED: [Embedded; 7] = [
    // 10×10 flying kings (international, Ply Yard); a network of 32 units on top since
    // 2026-12-07, bounded at three quarters of a man (docs/strength.md).
    embedded!(
        "flying-10x10",
        Ten,
        Flying,
        None,
        None,
        0xace0_6ba9_db93_eccc
    ),
    // 8×8 flying kings, men capturing backwards, a free choice of capture (Russian): blocks
    // and whole-board terms, refitted on 2026-12-05 with L2 1e-6 on 25,000-node self-play.
    embedded!(
        "flying-8x8",
        Eight,
        Flying,
        Some(true),
        Some(CapturePriority::Free),
        0xf1e3_17e0_7c2d_f21f
    ),
    // The same with the capture of the most pieces (Brazilian), with per-square tables.
    // Refitted on 2026-12-06 with L2 1e-6 on 25,000-node self-play (docs/strength.md).
    embedded!(
        "flying-8x8-brazilian",
        Eight,
        Flying,
        Some(true),
        Some(CapturePriority::MaxPieces),
        0xe7fc_a197_ea0d_02b3
    ),
    // English: short kings, men capturing forward only, a free choice of capture; terms and
    // per-square tables without the blocks, which cost English more depth than they paid.
    // Refitted on 2026-12-05 with L2 1e-6 on 25,000-node self-play; a network of 32 units
    // on top since 2026-12-07, refitted on its own games and bounded at a man (the fifth
    // format; docs/strength.md).
    embedded!(
        "short-8x8-english",
        Eight,
        Short,
        Some(false),
        Some(CapturePriority::Free),
        0xbb7f_f899_ac06_6c3b
    ),
    // Italian: English's pieces with Italian's capture priorities.
    // Refitted on 2026-12-07 with L2 1e-6 on 25,000-node self-play (docs/strength.md).
    embedded!(
        "short-8x8-italian",
        Eight,
        Short,
        Some(false),
        Some(CapturePriority::Italian),
        0xe1cd_3756_cc33_d732
    ),
    // Spanish: flying kings, men capturing forward only, the most pieces then the most kings.
    // Refitted on 2026-12-06 with L2 1e-6 on 25,000-node self-play (docs/strength.md).
    embedded!(
        "flying-8x8-spanish",
        Eight,
        Flying,
        Some(false),
        Some(CapturePriority::MaxPiecesThenKings),
        0x995a_d732_49d4_d9bc
    ),
    // Czech: Spanish's pieces; a king must capture when one can.
    // Refitted on 2026-12-06 with L2 1e-6 on 25,000-node self-play (docs/strength.md).
    embedded!(
        "flying-8x8-czech",
        Eight,
        Flying,
        Some(false),
        Some(CapturePriority::Czech),
        0x225f_a5b2_820d_06f7
    ),
];

/// Learned weights with their layout for the search, packed once.
pub type Learned = (Arc<PatternWeights>, Arc<PackedWeights>);

fn load(bytes: &[u8]) -> Option<Learned> {
    let weights = PatternWeights::read(&mut &bytes[..]).ok()?;
    let packed = PackedWeights::new(&weights);
    Some((Arc::new(weights), Arc::new(packed)))
}

/// The embedded weights for a rule family, if it has learned ones (the families of
/// the `EMBEDDED` table; the others use the hand terms alone).
pub fn defaults(rules: &Rules) -> Option<Arc<PatternWeights>> {
    learned_defaults(rules).map(|(weights, _)| weights)
}

/// As [`defaults`], with the packed layout made when the weights were first read (every
/// search's evaluator starts from these).
pub fn learned_defaults(rules: &Rules) -> Option<Learned> {
    static LOADED: [OnceLock<Option<Learned>>; EMBEDDED.len()] =
        [const { OnceLock::new() }; EMBEDDED.len()];
    if rules.win_condition != draughts_rules::WinCondition::Normal || rules.uses_line_tables() {
        return None; // learned from diagonal games won the usual way
    }
    let index = EMBEDDED.iter().position(|e| e.family.matches(rules))?;
    LOADED[index]
        .get_or_init(|| load(EMBEDDED[index].bytes))
        .clone()
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

/// A pattern read from the other side: the block turned 180° (its squares in reverse order)
/// with the colours swapped, so the pattern of block `i` from one side's view is
/// `turned` of the pattern of block `n − 1 − i` from the other's.
pub fn turned(pattern: u16) -> u16 {
    let (mut from, mut to) = (pattern, 0u16);
    for _ in 0..8 {
        // Own (1) and opponent (2) trade places; the first digit read becomes the last.
        to = to * 3 + [0, 2, 1][(from % 3) as usize];
        from /= 3;
    }
    to
}

/// Where the blocks lie: for each, the first bit of each of its four rows' two squares.
#[derive(Clone, Debug)]
pub struct Blocks {
    starts: Vec<[u8; 4]>,
    men: u32,
    rules: Rules,
    /// Bit planes of each square's file (the sum of the men's files in a few popcounts).
    file_planes: [Bitboard; 4],
}

/// Whole-board terms learned with the blocks, from the side to move's view (its count
/// minus the opponent's): what the blocks cannot see, since they read kings as empty
/// squares, and how evenly the men spread over the wings.
pub const TERMS: usize = 6;
/// The terms' names, in the order of `Blocks::terms` (for the docs and the fit's report).
pub const TERM_NAMES: [&str; TERMS] = [
    "kings",
    "has_king",
    "extra_kings",
    "king_safe_squares",
    "king_exposed_squares",
    "wing_balance",
];
/// Term weights are stored in 1/`TERM_UNIT` of a centipiece per unit (a square of king
/// mobility is worth less than a centipiece).
pub const TERM_UNIT: f32 = 16.0;

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
        let mut file_planes = [0; 4];
        if !rules.board.is_wide() {
            for bit in draughts_rules::board::WideBits(g.valid) {
                let (file, _) = g.file_rank(bit);
                for (k, plane) in file_planes.iter_mut().enumerate() {
                    if file & (1 << k) != 0 {
                        *plane |= 1 << bit;
                    }
                }
            }
        }
        Blocks {
            starts,
            men,
            rules: *rules,
            file_planes,
        }
    }

    /// The whole-board terms (see `TERM_NAMES`) from the side to move's view; all zero on
    /// 12×12, where the blocks are not used.
    pub fn terms(&self, pos: &Position) -> [i16; TERMS] {
        if self.rules.board.is_wide() {
            return [0; TERMS];
        }
        let (own, other) = (pos.side, pos.side.opponent());
        let (own_kings, other_kings) = (
            pos.kings_of(own) as Bitboard,
            pos.kings_of(other) as Bitboard,
        );
        let (ok, tk) = (
            own_kings.count_ones() as i16,
            other_kings.count_ones() as i16,
        );
        let (own_safe, own_exposed) = self.king_reach(pos, own);
        let (other_safe, other_exposed) = self.king_reach(pos, other);
        [
            ok - tk,
            (ok > 0) as i16 - (tk > 0) as i16,
            (ok - 1).max(0) - (tk - 1).max(0),
            own_safe - other_safe,
            own_exposed - other_exposed,
            self.wing_spread(pos.men(other) as Bitboard)
                - self.wing_spread(pos.men(own) as Bitboard),
        ]
    }

    /// The empty squares `color`'s kings reach in one move: those no opposing man could then
    /// take the king on (an opposing man beside the square with the square behind it empty),
    /// and those where one could.
    fn king_reach(&self, pos: &Position, color: Color) -> (i16, i16) {
        let kings = pos.kings_of(color) as Bitboard;
        if kings == 0 {
            return (0, 0);
        }
        let g = self.rules.board.geometry();
        let empty = pos.empty_squares();
        let occupied = pos.occupied();
        let their_men = pos.men(color.opponent()) as Bitboard;
        let mut exposed = 0;
        for d in 0..4 {
            exposed |= g.shift(their_men, 3 - d) & g.shift(empty, d);
        }
        let (mut safe, mut open) = (0, 0);
        let mut rest = kings;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for d in 0..4 {
                let reach = if self.rules.kings == KingKind::Flying {
                    draughts_rules::movegen::before_first(d, g.ray[d][from], occupied)
                } else {
                    g.shift(1 << from, d) & empty
                };
                safe += (reach & !exposed).count_ones() as i16;
                open += (reach & exposed).count_ones() as i16;
            }
        }
        (safe, open)
    }

    /// How far a side's men lean to one wing: |Σ (2·file − (side − 1))|.
    fn wing_spread(&self, men: Bitboard) -> i16 {
        let files: u32 = self
            .file_planes
            .iter()
            .enumerate()
            .map(|(k, plane)| (men & plane).count_ones() << k)
            .sum();
        let side = self.rules.board.side() as i32 - 1;
        (2 * files as i32 - side * men.count_ones() as i32).abs() as i16
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

    /// Hand each block's pattern index from the side to move's view to `visit`, and return
    /// the endgame share of the phase (0 with every man on the board, 1 with none).
    #[inline(always)]
    fn each_pattern(&self, pos: &Position, mut visit: impl FnMut(usize, u16)) -> f32 {
        let men = !pos.kings;
        let white = pos.pieces[Color::White.index()] & men;
        let black = pos.pieces[Color::Black.index()] & men;
        let n = self.starts.len();
        if pos.side == Color::White {
            for i in 0..n {
                let (w, b) = (self.occupancy(i, white), self.occupancy(i, black));
                visit(i, TERNARY[w] + 2 * TERNARY[b]);
            }
        } else {
            // Black to move reads the board turned: block n-1-i, squares reversed.
            for i in 0..n {
                let j = n - 1 - i;
                let (w, b) = (self.occupancy(j, white), self.occupancy(j, black));
                visit(
                    i,
                    TERNARY[REVERSED[b] as usize] + 2 * TERNARY[REVERSED[w] as usize],
                );
            }
        }
        self.share_of_endgame((white | black).count_ones())
    }

    /// The endgame share of the phase with `men` men on the board.
    #[inline(always)]
    fn share_of_endgame(&self, men: u32) -> f32 {
        1.0 - (men as f32 / self.men.max(1) as f32).min(1.0)
    }

    /// The endgame share of the phase (0 with every man on the board, 1 with none), for
    /// weights without blocks.
    #[inline]
    pub fn endgame(&self, pos: &Position) -> f32 {
        self.share_of_endgame((pos.occupied() & !pos.kings).count_ones())
    }

    /// Each piece's place in the per-square tables (see [`PieceSquares`]), with +1 for the
    /// side to move's pieces and −1 for the opponent's; nothing on 12×12.
    pub fn piece_squares(&self, pos: &Position, out: &mut Vec<(u16, i8)>) {
        out.clear();
        if self.rules.board.is_wide() {
            return;
        }
        let g = self.rules.board.geometry();
        let squares = g.squares as u16;
        for color in [Color::White, Color::Black] {
            let sign = if color == pos.side { 1 } else { -1 };
            let kings = pos.kings_of(color) as Bitboard;
            for bit in draughts_rules::board::Bits(pos.pieces[color.index()] as Bitboard) {
                let kind = u16::from(kings & (1 << bit) != 0);
                out.push((kind * squares + own_view(g, color, bit), sign));
            }
        }
    }

    /// The blocks' contribution in centipieces, as `PatternWeights::score` of `features`
    /// would give, read straight from `packed` (each pattern's opening and endgame weights
    /// side by side, so one cache line serves both), and the endgame share: the searcher's
    /// evaluation.
    #[inline]
    pub fn packed_score(&self, pos: &Position, packed: &PackedWeights) -> (i32, f32) {
        let (mut open, mut end) = (0i32, 0i32);
        let endgame = self.each_pattern(pos, |block, pattern| {
            let [o, e] = packed.values[block * PATTERNS + pattern as usize];
            open += o as i32;
            end += e as i32;
        });
        (blend(open, end, endgame), endgame)
    }

    /// Each block's pattern index from the side to move's view, and the endgame share of
    /// the phase (0 with every man on the board, 1 with none).
    pub fn features(&self, pos: &Position, out: &mut Vec<u16>) -> f32 {
        out.resize(self.starts.len(), 0);
        self.each_pattern(pos, |block, pattern| out[block] = pattern)
    }
}

/// The opening and endgame sums interpolated by the phase, in whole centipieces.
#[inline(always)]
fn blend(open: i32, end: i32, endgame: f32) -> i32 {
    (open as f32 * (1.0 - endgame) + end as f32 * endgame).round() as i32
}

/// A piece's square from its own side's view, 0-based: White's squares as numbered, Black's
/// turned 180° (so a position and its colour-mirrored twin read the same).
#[inline(always)]
fn own_view(g: &draughts_rules::board::Geometry, color: Color, bit: u8) -> u16 {
    let square = g.square(bit) as u16;
    match color {
        Color::White => square - 1,
        Color::Black => g.squares as u16 - square,
    }
}

/// Kinds of piece the per-square tables are kept for: men, then kings.
pub const PIECE_KINDS: usize = 2;

/// The per-square tables laid out for the search: for each colour and kind of piece, each
/// bit's opening and endgame value from that colour's own view (`[colour][kind][bit]`).
#[derive(Debug)]
pub struct PieceSquares {
    values: Box<[[[[i16; 2]; 64]; PIECE_KINDS]; 2]>,
}

impl PieceSquares {
    /// The tables of `weights` for `rules`' board, or `None` when the weights have none or
    /// were made for another board.
    pub fn new(weights: &PatternWeights, rules: &Rules) -> Option<PieceSquares> {
        let g = rules.board.geometry();
        if !weights.has_piece_squares()
            || rules.board.is_wide()
            || weights.squares != g.squares as usize
        {
            return None;
        }
        let mut values = Box::new([[[[0i16; 2]; 64]; PIECE_KINDS]; 2]);
        for color in [Color::White, Color::Black] {
            for kind in 0..PIECE_KINDS {
                for bit in draughts_rules::board::WideBits(g.valid) {
                    let at = kind * weights.squares + own_view(g, color, bit) as usize;
                    values[color.index()][kind][bit as usize] =
                        [0, 1].map(|phase| weights.piece_square(phase, at));
                }
            }
        }
        Some(PieceSquares { values })
    }

    /// The tables' contribution in centipieces from the side to move's view, at this
    /// endgame share of the phase.
    #[inline]
    pub fn score(&self, pos: &Position, endgame: f32) -> i32 {
        let (mut open, mut end) = (0i32, 0i32);
        for color in [Color::White, Color::Black] {
            let sign = if color == pos.side { 1 } else { -1 };
            let pieces = pos.pieces[color.index()];
            let table = &self.values[color.index()];
            for (kind, set) in [pieces & !pos.kings, pieces & pos.kings]
                .into_iter()
                .enumerate()
            {
                for bit in draughts_rules::board::Bits(set) {
                    let [o, e] = table[kind][bit as usize];
                    open += sign * o as i32;
                    end += sign * e as i32;
                }
            }
        }
        blend(open, end, endgame)
    }
}

/// Learned weights: `[phase][block][pattern]`, in centipieces, `[phase][term]` in
/// 1/`TERM_UNIT` of a centipiece, and `[phase][kind][square]` in centipieces.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    /// Blocks of the board the weights are for (0: the blocks are not used).
    pub blocks: usize,
    /// `PHASES × blocks × PATTERNS` values.
    pub values: Vec<i16>,
    /// `PHASES × TERMS` values (all zero in files of the first format).
    pub terms: Vec<i16>,
    /// Squares of the board the per-square tables are for (0: none, as in files of the first
    /// two formats).
    pub squares: usize,
    /// `PHASES × PIECE_KINDS × squares` values: what a man or a king is worth on each
    /// square, seen from its own side.
    pub piece_squares: Vec<i16>,
    /// A small network added to the rest (files of the fourth and fifth formats; boards of
    /// up to 64 squares).
    pub network: Option<crate::network::Network>,
}

/// Pattern weights laid out for the search: `[block][pattern]` → `[opening, endgame]`.
#[derive(Debug)]
pub struct PackedWeights {
    values: Vec<[i16; 2]>,
}

impl PackedWeights {
    /// Repack `weights` (the fit's `[phase][block][pattern]` order).
    pub fn new(weights: &PatternWeights) -> PackedWeights {
        let cells = weights.blocks * PATTERNS;
        PackedWeights {
            values: (0..cells)
                .map(|c| [weights.values[c], weights.values[cells + c]])
                .collect(),
        }
    }
}

/// The first format (blocks only), the second (blocks, then the terms), the third (the
/// block and square counts, then blocks, terms and per-square tables), the fourth (the
/// third, then a network) and the fifth (the fourth, its network stating its bound).
const MAGIC: &[u8; 4] = b"DPW1";
const MAGIC_TERMS: &[u8; 4] = b"DPW2";
const MAGIC_SQUARES: &[u8; 4] = b"DPW3";
const MAGIC_NETWORK: &[u8; 4] = b"DPW4";
const MAGIC_BOUNDED_NETWORK: &[u8; 4] = b"DPW5";

impl PatternWeights {
    /// All zero: the hand evaluation alone.
    pub fn zero(blocks: usize) -> PatternWeights {
        PatternWeights {
            blocks,
            values: vec![0; PHASES * blocks * PATTERNS],
            terms: vec![0; PHASES * TERMS],
            squares: 0,
            piece_squares: Vec::new(),
            network: None,
        }
    }

    /// With per-square tables for a board of `squares` squares, all zero.
    pub fn with_piece_squares(mut self, squares: usize) -> PatternWeights {
        self.squares = squares;
        self.piece_squares = vec![0; PHASES * PIECE_KINDS * squares];
        self
    }

    /// Whether these weights were made for `rules`' board: as many blocks (or none) and as
    /// many squares (or no tables).
    pub fn check_board(&self, rules: &Rules) -> Result<(), String> {
        let blocks = Blocks::new(rules).len();
        if self.blocks != 0 && self.blocks != blocks {
            return Err(format!(
                "weights for {} blocks, the board has {blocks}",
                self.blocks
            ));
        }
        let squares = rules.board.geometry().squares as usize;
        if self.squares != 0 && self.squares != squares {
            return Err(format!(
                "per-square tables for {} squares, the board has {squares}",
                self.squares
            ));
        }
        if let Some(network) = &self.network {
            if network.squares != squares {
                return Err(format!(
                    "a network for {} squares, the board has {squares}",
                    network.squares
                ));
            }
        }
        Ok(())
    }

    /// Whether any per-square value is set.
    pub fn has_piece_squares(&self) -> bool {
        self.piece_squares.iter().any(|&v| v != 0)
    }

    /// The per-square value at `at` (`kind × squares + square`) in `phase`.
    #[inline]
    pub fn piece_square(&self, phase: usize, at: usize) -> i16 {
        self.piece_squares[phase * PIECE_KINDS * self.squares + at]
    }

    /// Whether any term has a weight (else the evaluation need not read them).
    pub fn has_terms(&self) -> bool {
        self.terms.iter().any(|&t| t != 0)
    }

    /// The terms' contribution, in centipieces.
    #[inline]
    pub fn terms_score(&self, terms: &[i16; TERMS], endgame: f32) -> i32 {
        let (mut open, mut end) = (0i32, 0i32);
        for (t, &v) in terms.iter().enumerate() {
            open += self.terms[t] as i32 * v as i32;
            end += self.terms[TERMS + t] as i32 * v as i32;
        }
        let sum = open as f32 * (1.0 - endgame) + end as f32 * endgame;
        (sum / TERM_UNIT).round() as i32
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
        blend(open, end, endgame)
    }

    /// Write as `DPW1`, the block count (u32 LE), then the values (i16 LE); or, when any
    /// term has a weight, as `DPW2` with the terms' values after the blocks'; or, with
    /// per-square tables or no blocks, as `DPW3`: the block and square counts (u32 LE
    /// each), then the blocks', the terms' and the tables' values; with a network, as
    /// `DPW4`: the third format, then the network (`Network::write`); with a network whose
    /// bound is not the fourth format's, as `DPW5`, the network stating its bound.
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        let fourth = self.network.is_some();
        let fifth = self.network.as_ref().is_some_and(|n| n.states_its_bound());
        let third = fourth || self.has_piece_squares() || self.blocks == 0;
        let with_terms = third || self.has_terms();
        out.write_all(match (fourth, third, with_terms) {
            (true, _, _) if fifth => MAGIC_BOUNDED_NETWORK,
            (true, _, _) => MAGIC_NETWORK,
            (false, true, _) => MAGIC_SQUARES,
            (false, false, true) => MAGIC_TERMS,
            (false, false, false) => MAGIC,
        })?;
        out.write_all(&(self.blocks as u32).to_le_bytes())?;
        if third {
            out.write_all(&(self.squares as u32).to_le_bytes())?;
        }
        let tables: &[i16] = if third { &self.piece_squares } else { &[] };
        let terms: &[i16] = if with_terms { &self.terms } else { &[] };
        for v in self.values.iter().chain(terms).chain(tables) {
            out.write_all(&v.to_le_bytes())?;
        }
        match &self.network {
            Some(network) => network.write(out),
            None => Ok(()),
        }
    }

    /// Read what `write` wrote.
    pub fn read(input: &mut impl Read) -> std::io::Result<PatternWeights> {
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut head = [0u8; 8];
        input.read_exact(&mut head)?;
        let count = |bytes: &[u8]| u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let blocks = count(&head[4..]) as usize;
        let (with_terms, squares) = match &head[..4] {
            m if m == MAGIC => (false, 0),
            m if m == MAGIC_TERMS => (true, 0),
            m if m == MAGIC_SQUARES || m == MAGIC_NETWORK || m == MAGIC_BOUNDED_NETWORK => {
                let mut more = [0u8; 4];
                input.read_exact(&mut more)?;
                (true, count(&more) as usize)
            }
            _ => return Err(bad("not a pattern weights file")),
        };
        let fifth = &head[..4] == MAGIC_BOUNDED_NETWORK;
        let fourth = fifth || &head[..4] == MAGIC_NETWORK;
        let third = fourth || &head[..4] == MAGIC_SQUARES;
        if blocks > 64 || (blocks == 0 && !third) {
            return Err(bad("bad block count"));
        }
        if squares > 64 {
            return Err(bad("bad square count"));
        }
        let mut values = |n: usize| read_values(input, n);
        let blocks_values = values(PHASES * blocks * PATTERNS)?;
        let terms = if with_terms {
            values(PHASES * TERMS)?
        } else {
            vec![0; PHASES * TERMS]
        };
        let piece_squares = values(PHASES * PIECE_KINDS * squares)?;
        let network = if fourth {
            Some(crate::network::Network::read(input, fifth)?)
        } else {
            None
        };
        Ok(PatternWeights {
            blocks,
            values: blocks_values,
            terms,
            squares,
            piece_squares,
            network,
        })
    }
}

/// `n` values of a weights file (i16 LE each).
pub(crate) fn read_values(input: &mut impl Read, n: usize) -> std::io::Result<Vec<i16>> {
    let mut bytes = vec![0u8; n * 2];
    input.read_exact(&mut bytes)?;
    Ok(bytes
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_turned_pattern_is_the_other_sides_view_of_the_mirrored_block() {
        let rules = Rules::international();
        let blocks = Blocks::new(&rules);
        let n = blocks.len();
        for pos in random_line(&rules, 7, 60) {
            let mut mine = Vec::new();
            blocks.features(&pos, &mut mine);
            let theirs = pos.with_side(pos.side.opponent());
            let mut other = Vec::new();
            blocks.features(&theirs, &mut other);
            for i in 0..n {
                assert_eq!(turned(mine[i]), other[n - 1 - i], "block {i}");
                assert_eq!(turned(turned(mine[i])), mine[i]);
            }
        }
    }

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
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for pos in random_line(&rules, 5, 40) {
                let pa = blocks.features(&pos, &mut a);
                let pb = blocks.features(&pos.flipped(), &mut b);
                assert_eq!(a, b);
                assert_eq!(pa, pb);
                assert_eq!(blocks.terms(&pos), blocks.terms(&pos.flipped()));
            }
        }
    }

    /// The positions of a game of random moves from the start, up to `plies` of them (each
    /// with a legal move).
    pub(crate) fn random_line(rules: &Rules, seed: u64, plies: usize) -> Vec<Position> {
        let mut rng = draughts_rules::random::Rng::new(seed);
        draughts_rules::random::random_walk(rules, &mut rng, plies)
            .into_iter()
            .map(|(pos, _)| pos)
            .collect()
    }

    #[test]
    fn the_packed_score_is_the_features_score() {
        for rules in [
            Rules::international(),
            Rules::preset("russian").expect("preset"),
        ] {
            let weights = defaults(&rules).expect("embedded weights");
            let packed = PackedWeights::new(&weights);
            let blocks = Blocks::new(&rules);
            let mut features = Vec::new();
            for pos in random_line(&rules, 9, 60) {
                let endgame = blocks.features(&pos, &mut features);
                let expected = weights.score(&features, endgame);
                assert_eq!(blocks.packed_score(&pos, &packed), (expected, endgame));
            }
        }
    }

    /// The committed weights files are the ones the docs describe (retrain and update both).
    #[test]
    fn embedded_weights_load_and_match_their_checksum() {
        for embedded in &EMBEDDED {
            let changed = format!("weights/{}.dpw changed", embedded.name);
            let checksum = draughts_rules::hash::fnv1a(embedded.bytes);
            assert_eq!(checksum, embedded.checksum, "{changed}");
            assert!(
                load(embedded.bytes).is_some(),
                "weights/{} loads",
                embedded.name
            );
        }
        let english = defaults(&Rules::english()).expect("embedded");
        assert_eq!((english.blocks, english.squares), (0, 32));
        assert!(english.has_terms() && english.has_piece_squares());
        let italian = defaults(&Rules::preset("italian").expect("preset")).expect("embedded");
        assert_eq!((italian.blocks, italian.squares), (0, 32));
        assert!(
            !Arc::ptr_eq(&italian, &english),
            "Italian has its own weights"
        );
        let russian = defaults(&Rules::preset("russian").expect("preset")).expect("embedded");
        assert_eq!(russian.blocks, Blocks::new(&Rules::english()).len());
        let brazilian = defaults(&Rules::preset("brazilian").expect("preset")).expect("embedded");
        assert_eq!((brazilian.blocks, brazilian.squares), (russian.blocks, 32));
        assert!(
            !Arc::ptr_eq(&brazilian, &russian),
            "Brazilian has its own weights"
        );
        let spanish = defaults(&Rules::preset("spanish").expect("preset")).expect("embedded");
        assert_eq!((spanish.blocks, spanish.squares), (0, 32));
        let czech = defaults(&Rules::preset("czech").expect("preset")).expect("embedded");
        assert_eq!((czech.blocks, czech.squares), (0, 32));
        assert!(!Arc::ptr_eq(&czech, &spanish), "Czech has its own weights");
        let weights = defaults(&Rules::international()).expect("embedded weights");
        assert_eq!(weights.blocks, Blocks::new(&Rules::international()).len());
        assert!(defaults(&Rules::preset("plyyard").expect("preset")).is_some());
    }

    #[test]
    fn weights_round_trip_through_their_file_format() {
        let mut w = PatternWeights::zero(9);
        w.values[17] = -5;
        w.values[PATTERNS * 9 + 3] = 120;
        let mut bytes = Vec::new();
        w.write(&mut bytes).expect("write");
        assert_eq!(&bytes[..4], b"DPW1", "no terms: the first format");
        assert_eq!(PatternWeights::read(&mut &bytes[..]).expect("read"), w);
        assert!(PatternWeights::read(&mut &b"nope"[..]).is_err());
        w.terms[TERMS + 2] = -33;
        let mut bytes = Vec::new();
        w.write(&mut bytes).expect("write");
        assert_eq!(&bytes[..4], b"DPW2");
        assert_eq!(PatternWeights::read(&mut &bytes[..]).expect("read"), w);
        assert!(PatternWeights::read(&mut &bytes[..bytes.len() - 1]).is_err());
        // Per-square tables, with the blocks or without: the third format.
        for blocks in [9, 0] {
            let w = with_tables(&Rules::english(), blocks, 3);
            let mut bytes = Vec::new();
            w.write(&mut bytes).expect("write");
            assert_eq!(&bytes[..4], b"DPW3");
            assert_eq!(PatternWeights::read(&mut &bytes[..]).expect("read"), w);
            assert!(PatternWeights::read(&mut &bytes[..bytes.len() - 1]).is_err());
        }
    }

    /// Weights with per-square tables of arbitrary values (and blocks or none).
    fn with_tables(rules: &Rules, blocks: usize, seed: u64) -> PatternWeights {
        let squares = rules.board.geometry().squares as usize;
        let mut w = PatternWeights::zero(blocks).with_piece_squares(squares);
        let mut rng = draughts_rules::random::Rng::new(seed);
        for v in w.piece_squares.iter_mut() {
            *v = (rng.next_u64() % 201) as i16 - 100;
        }
        w
    }

    #[test]
    fn per_square_tables_score_what_their_places_say_and_mirror_with_the_colours() {
        for rules in [Rules::english(), Rules::international()] {
            let weights = with_tables(&rules, 0, 7);
            let tables = PieceSquares::new(&weights, &rules).expect("tables for this board");
            let blocks = Blocks::new(&rules);
            let mut places = Vec::new();
            let mut kings_seen = false;
            for pos in random_line(&rules, 11, 200) {
                let endgame = blocks.endgame(&pos);
                blocks.piece_squares(&pos, &mut places);
                assert_eq!(places.len() as u32, pos.occupied().count_ones());
                let (mut open, mut end) = (0, 0);
                for &(at, sign) in &places {
                    open += sign as i32 * weights.piece_square(0, at as usize) as i32;
                    end += sign as i32 * weights.piece_square(1, at as usize) as i32;
                }
                let score = tables.score(&pos, endgame);
                assert_eq!(score, blend(open, end, endgame));
                assert_eq!(
                    score,
                    tables.score(&pos.flipped(), blocks.endgame(&pos.flipped()))
                );
                kings_seen |= pos.kings != 0;
            }
            assert!(kings_seen, "the line should crown a king");
            // Tables made for another board are refused.
            let other = with_tables(&Rules::english(), 0, 7);
            if rules.board != Rules::english().board {
                assert!(PieceSquares::new(&other, &rules).is_none());
                assert!(other.check_board(&rules).is_err());
            }
        }
    }

    #[test]
    fn terms_count_kings_their_reach_and_the_wings() {
        let rules = Rules::international();
        let blocks = Blocks::new(&rules);
        let at = |text: &str| {
            let pos = draughts_rules::notation::fen::parse(text, rules.board)
                .expect("fen")
                .position;
            blocks.terms(&pos)
        };
        // A white king in the corner of the long diagonal (46-5), Black's man far away:
        // nine squares, all safe; the man (file 1) leans 7 to the left.
        assert_eq!(at("W:WK46:B1"), [1, 1, 0, 9, 0, 7]);
        // Black's man on 23 blocks the diagonal at 28, and would take a king there (32
        // behind it is empty): three safe squares, one exposed.
        assert_eq!(at("W:WK46:B23")[3..5], [3, 1]);
        // Black to move against two white kings that block each other on the diagonal
        // (eight squares each): the counts are Black's minus White's.
        assert_eq!(at("B:WK46,K5:B16")[..5], [-2, -1, -1, -16, 0]);
        // Wings: White's men all on the right edge (file 9: 18 - 9 = 9 each, 27 in all)
        // against Black's even pair (files 1 and 9: 2), and White's own even pair.
        let right = at("W:W25,35,45:B1,5");
        let even = at("W:W31,35:B1,5");
        assert_eq!((right[5], even[5]), (2 - 27, 0));
    }
}
