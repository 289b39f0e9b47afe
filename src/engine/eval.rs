//! Static evaluation, in centipieces (a man = 100) from the side to move's view.
//! The weights are data (`Weights`), chosen per variant from its rules.

use crate::rules::board::{Bitboard, Bits};
use crate::rules::{Color, KingKind, Position, Rules};

/// Evaluation weights. Defaults per variant come from `Weights::for_rules`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    pub man: i32,
    pub king: i32,
    /// Per row a man has advanced from its own back row.
    pub advance: i32,
    /// A man on one of the central squares.
    pub centre: i32,
    /// A man still guarding its own back row (keeps the opponent from crowning).
    pub back_guard: i32,
    /// A man with an open path to the crowning row in front of it.
    pub runaway: i32,
    /// Per plain move available to men.
    pub mobility: i32,
    /// A side with no men left and only kings against kings: divide the score (drawish).
    pub kings_only_divisor: i32,
}

impl Weights {
    pub fn for_rules(rules: &Rules) -> Weights {
        let ten = rules.board.side() == 10;
        let king = match (rules.kings, ten) {
            (KingKind::Flying, true) => 320,
            (KingKind::Flying, false) => 260,
            (KingKind::Short, _) => 200, // self-play: 200 beat 150 by ~100 Elo (English, Italian)
        };
        Weights {
            man: 100,
            king,
            advance: if ten { 3 } else { 4 },
            centre: 6,
            back_guard: 8,
            runaway: if ten { 60 } else { 50 },
            mobility: 2,
            kings_only_divisor: 4,
        }
    }
}

pub struct Evaluator {
    pub weights: Weights,
    /// Per colour, what a man is worth on each square (advance, centre, back-row guard),
    /// as bit planes: the sum over men is `offset × men + Σ 2^k · |men ∩ plane k|`, a few
    /// popcounts instead of a loop over the men.
    man_squares: [SquareTable; 2],
    rules: Rules,
}

/// A per-square value table stored as bit planes.
#[derive(Copy, Clone, Debug)]
struct SquareTable {
    offset: i32,
    planes: [Bitboard; 16],
    /// Planes in use (the highest value's bit length).
    used: usize,
}

impl SquareTable {
    fn new(valid: Bitboard, value: impl Fn(u8) -> i32) -> Self {
        let offset = Bits(valid).map(&value).min().unwrap_or(0);
        let mut planes = [0; 16];
        for bit in Bits(valid) {
            let v = (value(bit) - offset).clamp(0, (1 << 16) - 1);
            for (k, plane) in planes.iter_mut().enumerate() {
                if v & (1 << k) != 0 {
                    *plane |= 1 << bit;
                }
            }
        }
        let used = 16 - planes.iter().rev().take_while(|&&p| p == 0).count();
        SquareTable {
            offset,
            planes,
            used,
        }
    }

    #[inline(always)]
    fn sum(&self, pieces: Bitboard) -> i32 {
        let mut total = self.offset * pieces.count_ones() as i32;
        for (k, plane) in self.planes[..self.used].iter().enumerate() {
            total += ((pieces & plane).count_ones() as i32) << k;
        }
        total
    }
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Self {
        Self::with_weights(rules, Weights::for_rules(rules))
    }

    pub fn with_weights(rules: &Rules, weights: Weights) -> Self {
        let g = rules.board.geometry();
        // The central squares: the middle two rows' inner squares, and the rows beside them.
        let mut centre = 0;
        for bit in Bits(g.valid) {
            let (file, rank) = g.file_rank(bit);
            let n = g.side;
            if file >= 2 && file < n - 2 && rank >= n / 2 - 2 && rank < n / 2 + 2 {
                centre |= 1u64 << bit;
            }
        }
        let man_squares = [Color::White, Color::Black].map(|color| {
            let home = rules.promotion_row(color.opponent());
            SquareTable::new(g.valid, |bit| {
                let row = g.row(bit) as i32;
                let advanced = match color {
                    Color::White => g.side as i32 - 1 - row,
                    Color::Black => row,
                };
                let mut v = advanced * weights.advance;
                if centre & (1 << bit) != 0 {
                    v += weights.centre;
                }
                if home & (1 << bit) != 0 {
                    v += weights.back_guard;
                }
                v
            })
        });
        Evaluator {
            weights,
            man_squares,
            rules: *rules,
        }
    }

    fn side_score(&self, pos: &Position, color: Color) -> i32 {
        let w = &self.weights;
        let g = self.rules.board.geometry();
        let men = pos.men(color);
        let kings = pos.kings_of(color);
        let mut score = men.count_ones() as i32 * w.man + kings.count_ones() as i32 * w.king;
        score += self.man_squares[color.index()].sum(men);
        // Runaway: a man one or two steps from crowning whose next square is free.
        let empty = pos.empty_squares();
        let crown = self.rules.promotion_row(color);
        let dirs: [usize; 2] = if color == Color::White {
            [0, 1]
        } else {
            [2, 3]
        };
        let near = dirs.iter().fold(0, |acc, &d| acc | g.shift(crown, 3 - d)); // one row before crowning
        for &d in &dirs {
            let steps = g.shift(men & near, d) & empty & crown;
            score += steps.count_ones() as i32 * w.runaway;
        }
        // Mobility of men.
        for &d in &dirs {
            score += (g.shift(men, d) & empty).count_ones() as i32 * w.mobility;
        }
        score
    }

    /// Score from the side to move's view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let white = self.side_score(pos, Color::White);
        let black = self.side_score(pos, Color::Black);
        let mut score = white - black;
        // Kings against kings with few pieces are hard to win: pull the score towards zero.
        let (wm, wk) = pos.counts(Color::White);
        let (bm, bk) = pos.counts(Color::Black);
        if wk > 0 && bk > 0 && wm + bm == 0 && wk + bk <= 5 {
            score /= self.weights.kings_only_divisor;
        }
        if pos.side == Color::White {
            score
        } else {
            -score
        }
    }
}
