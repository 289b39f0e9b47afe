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
    centre: Bitboard,
    /// `advance[color][bit]`: rows a man of that colour on that square has advanced.
    advance: [[i32; 64]; 2],
    rules: Rules,
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
        let mut advance = [[0; 64]; 2];
        for bit in Bits(g.valid) {
            let row = g.row(bit) as i32;
            advance[Color::White.index()][bit as usize] = g.side as i32 - 1 - row;
            advance[Color::Black.index()][bit as usize] = row;
        }
        Evaluator {
            weights,
            centre,
            advance,
            rules: *rules,
        }
    }

    fn side_score(&self, pos: &Position, color: Color) -> i32 {
        let w = &self.weights;
        let g = self.rules.board.geometry();
        let men = pos.men(color);
        let kings = pos.kings_of(color);
        let mut score = men.count_ones() as i32 * w.man + kings.count_ones() as i32 * w.king;
        let table = &self.advance[color.index()];
        let advanced: i32 = Bits(men).map(|b| table[b as usize]).sum();
        score += advanced * w.advance;
        score += (men & self.centre).count_ones() as i32 * w.centre;
        let home = self.rules.promotion_row(color.opponent());
        score += (men & home).count_ones() as i32 * w.back_guard;
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
