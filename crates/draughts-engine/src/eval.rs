//! Static evaluation, in centipieces (a man = 100) from the side to move's view.
//! The weights are data (`Weights`), chosen per variant from its rules.

use draughts_rules::board::{Bitboard, SquareSet, Squares, WideBits};
use draughts_rules::{Color, KingKind, Lines, Position, Rules, WinCondition};

/// Evaluation weights. Defaults per variant come from `Weights::for_rules`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// A man (100: scores are in centipieces).
    pub man: i32,
    /// A king.
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
    /// Per man with no free square in front of it (locked in; usually negative).
    pub blocked_man: i32,
    /// Having a king when the opponent has none (kings hunt men from behind).
    pub lone_king_side: i32,
    /// Drawish endings (see `Evaluator::drawish`): divide the score.
    pub drawish_divisor: i32,
}

impl Weights {
    /// The defaults per kind of variant. How each set was chosen is in `docs/strength.md`:
    /// short kings by a Texel fit on self-play games, checked in self-play matches; flying
    /// kings on 10×10 by hand (a fit did not beat them; the learned patterns replace them
    /// where weights are embedded).
    pub fn for_rules(rules: &Rules) -> Weights {
        let hand_set = Weights {
            man: 100,
            king: 320,
            advance: 3,
            centre: 6,
            back_guard: 8,
            runaway: 60,
            mobility: 2,
            blocked_man: 0,
            lone_king_side: 0,
            drawish_divisor: 4,
        };
        match rules.win_condition {
            // Antidraughts: every piece is a burden, and so is every move one has (a side
            // with none has won). A king is the worst burden: it is hard to give away.
            WinCondition::LoseAll => {
                return Weights {
                    man: -100,
                    king: -250,
                    advance: 0,
                    centre: 0,
                    back_guard: 0,
                    runaway: 0,
                    mobility: -3,
                    blocked_man: 0,
                    lone_king_side: 0,
                    drawish_divisor: 1,
                }
            }
            // Breakthrough: the first king wins, so a man's progress is worth more than
            // anything but material, a man one step from crowning most of all, and men on
            // the back row keep the opponent's out. (Doubled advance and a runaway of 2 men
            // beat the international terms by +64 [+3, +131] in 120 games; four times the
            // advance and a runaway of 6 men did not, -23 [-115, +65] in 60.)
            WinCondition::FirstKing => {
                return Weights {
                    advance: 6,
                    back_guard: 20,
                    runaway: 200,
                    lone_king_side: 0,
                    drawish_divisor: 1,
                    ..hand_set
                }
            }
            WinCondition::Normal => {}
        }
        match (rules.kings, rules.board.side() >= 10) {
            (KingKind::Flying, true) => hand_set,
            (KingKind::Flying, false) => Weights {
                king: 260,
                advance: 4,
                runaway: 50,
                ..hand_set
            },
            // Texel fit, 355,314 positions of 3,000 English games at depth 5 (loss 0.0677 ->
            // 0.0640); against the previous set: +200 Elo at depth 6 and +140 at depth 8
            // (English), +67 at depth 6 (Italian).
            (KingKind::Short, _) => Weights {
                man: 100,
                king: 216,
                advance: 4,
                centre: -1,
                back_guard: 32,
                runaway: 3,
                mobility: 25,
                blocked_man: 31,
                lone_king_side: -12,
                drawish_divisor: 4,
            },
        }
    }

    /// The weights by name, for tuning and for players given on the command line.
    pub const NAMES: [&'static str; 10] = [
        "man",
        "king",
        "advance",
        "centre",
        "back_guard",
        "runaway",
        "mobility",
        "blocked_man",
        "lone_king_side",
        "drawish_divisor",
    ];

    /// The weight named `name` (one of `NAMES`).
    pub fn get_mut(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "man" => &mut self.man,
            "king" => &mut self.king,
            "advance" => &mut self.advance,
            "centre" => &mut self.centre,
            "back_guard" => &mut self.back_guard,
            "runaway" => &mut self.runaway,
            "mobility" => &mut self.mobility,
            "blocked_man" => &mut self.blocked_man,
            "lone_king_side" => &mut self.lone_king_side,
            "drawish_divisor" => &mut self.drawish_divisor,
            _ => return None,
        })
    }

    /// These weights with `name=value` overrides, comma separated (`king=250,advance=4`).
    pub fn with_overrides(mut self, text: &str) -> Result<Weights, String> {
        for item in text.split(',').filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{item}' is not name=value"))?;
            let value = value
                .parse()
                .map_err(|_| format!("'{value}' is not a whole number"))?;
            *self
                .get_mut(name)
                .ok_or_else(|| format!("no weight named '{name}'"))? = value;
        }
        if self.drawish_divisor < 1 {
            return Err("drawish_divisor must be at least 1".into());
        }
        Ok(self)
    }

    /// `name=value` for every weight (the format `with_overrides` reads).
    pub fn describe(&self) -> String {
        let mut copy = *self;
        Weights::NAMES
            .iter()
            .filter_map(|&n| copy.get_mut(n).map(|v| format!("{n}={v}")))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Scores positions with a set of weights, from the side to move's view.
pub struct Evaluator {
    /// The weights in use.
    pub weights: Weights,
    /// Learned weights added to the hand terms, when given.
    patterns: Option<LearnedTerms>,
    /// Per colour, what a man is worth on each square (advance, centre, back-row guard),
    /// as bit planes: the sum over men is `offset × men + Σ 2^k · |men ∩ plane k|`, a few
    /// popcounts instead of a loop over the men.
    man_squares: [SquareTable; 2],
    rules: Rules,
}

/// Learned weights ready for the search, with which of their parts are in use (a part with
/// every weight zero is not read).
struct LearnedTerms {
    blocks: super::patterns::Blocks,
    weights: std::sync::Arc<super::patterns::PatternWeights>,
    packed: std::sync::Arc<super::patterns::PackedWeights>,
    with_blocks: bool,
    with_terms: bool,
    piece_squares: Option<super::patterns::PieceSquares>,
}

/// A per-square value table stored as bit planes.
#[derive(Copy, Clone, Debug)]
struct SquareTable {
    offset: i32,
    planes: [Squares; 16],
    /// Planes in use (the highest value's bit length).
    used: usize,
}

impl SquareTable {
    fn new(valid: Squares, value: impl Fn(u8) -> i32) -> Self {
        let offset = WideBits(valid).map(&value).min().unwrap_or(0);
        let mut planes = [0; 16];
        for bit in WideBits(valid) {
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

    /// On a 64-bit board, pass a set widened from a `Bitboard`: the upper halves then fold
    /// away.
    #[inline(always)]
    fn sum(&self, pieces: Squares) -> i32 {
        let mut total = self.offset * pieces.count_ones() as i32;
        for (k, plane) in self.planes[..self.used].iter().enumerate() {
            total += ((pieces & plane).count_ones() as i32) << k;
        }
        total
    }
}

/// The terms of the men's diagonal steps, for a set of either width (`shift` steps a set
/// one square in a direction): runaways (a man one step from crowning whose crowning
/// square is free), mobility, and men that cannot step at all. `dirs`: the men's forward
/// directions.
#[inline(always)]
fn men_step_terms<S: SquareSet>(
    w: &Weights,
    men: S,
    empty: S,
    crown: S,
    dirs: [usize; 2],
    shift: impl Fn(S, usize) -> S,
) -> i32 {
    let mut score = 0;
    // One row before crowning.
    let near = shift(crown, 3 - dirs[0]) | shift(crown, 3 - dirs[1]);
    for d in dirs {
        let steps = shift(men & near, d) & empty & crown;
        score += steps.count() as i32 * w.runaway;
    }
    let mut can_step = S::default();
    for d in dirs {
        let steps = shift(men, d) & empty;
        score += steps.count() as i32 * w.mobility;
        can_step = can_step | shift(steps, 3 - d);
    }
    score + (men & !can_step).count() as i32 * w.blocked_man
}

impl Evaluator {
    /// The variant's default weights, with its learned pattern weights when its family has
    /// them.
    pub fn new(rules: &Rules) -> Self {
        let mut eval = Self::with_weights(rules, Weights::for_rules(rules));
        if let Some(learned) = super::patterns::learned_defaults(rules) {
            eval.set_learned(learned);
        }
        eval
    }

    /// These hand weights instead of the defaults, and no pattern weights.
    pub fn with_weights(rules: &Rules, weights: Weights) -> Self {
        let g = rules.board.geometry();
        // The central squares: the middle two rows' inner squares, and the rows beside them.
        let mut centre: Squares = 0;
        for bit in WideBits(g.valid) {
            let (file, rank) = g.file_rank(bit);
            let n = g.side;
            if file >= 2 && file < n - 2 && rank >= n / 2 - 2 && rank < n / 2 + 2 {
                centre |= 1 << bit;
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
            patterns: None,
            man_squares,
            rules: *rules,
        }
    }

    fn side_score(&self, pos: &Position, color: Color) -> i32 {
        let w = &self.weights;
        let g = self.rules.board.geometry();
        let dirs: [usize; 2] = if color == Color::White {
            [0, 1]
        } else {
            [2, 3]
        };
        if self.rules.board.is_wide() {
            // 12×12: the same terms on 128-bit sets.
            let (men, kings) = (pos.men(color), pos.kings_of(color));
            let material = men.count_ones() as i32 * w.man + kings.count_ones() as i32 * w.king;
            let crown = self.rules.promotion_row(color);
            let steps = men_step_terms(w, men, pos.wide_empty(), crown, dirs, |b, d| {
                g.shift_wide(b, d)
            });
            return material + self.man_squares[color.index()].sum(men) + steps;
        }
        let men = pos.men(color) as Bitboard;
        let kings = pos.kings_of(color) as Bitboard;
        let mut score = men.count_ones() as i32 * w.man + kings.count_ones() as i32 * w.king;
        score += self.man_squares[color.index()].sum(men as Squares);
        if self.rules.move_lines != Lines::Diagonal {
            // Men stepping along rows and files (Turkish): the diagonal terms below do not
            // apply; material and advancement only.
            return score;
        }
        let crown = self.rules.promotion_row(color) as Bitboard;
        score
            + men_step_terms(w, men, pos.empty_squares(), crown, dirs, |b, d| {
                g.shift(b, d)
            })
    }

    /// Endings that are hard to win whatever the count says. Short kings: kings only, as many
    /// on each side. Flying kings: the side behind has a king and the side ahead at most
    /// three pieces on 10×10 (three kings cannot force a lone king there) or two on 8×8
    /// (where three kings win against one off the long diagonal: Petrov's triangle).
    fn drawish(&self, white_score: i32, (wm, wk): (u32, u32), (bm, bk): (u32, u32)) -> bool {
        if self.rules.kings != KingKind::Flying {
            return wm + bm == 0 && wk == bk;
        }
        let (behind_kings, ahead_pieces) = if white_score < 0 {
            (wk, bm + bk)
        } else {
            (bk, wm + wk)
        };
        let most = if self.rules.board.side() >= 10 { 3 } else { 2 };
        behind_kings > 0 && ahead_pieces <= most
    }

    /// Score from the side to move's view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let hand = self.hand(pos);
        match &self.patterns {
            None => hand,
            Some(learned) => {
                let blocks = &learned.blocks;
                let (mut score, endgame) = if learned.with_blocks {
                    blocks.packed_score(pos, &learned.packed)
                } else {
                    (0, blocks.endgame(pos))
                };
                score += hand;
                if learned.with_terms {
                    score += learned.weights.terms_score(&blocks.terms(pos), endgame);
                }
                if let Some(tables) = &learned.piece_squares {
                    score += tables.score(pos, endgame);
                }
                if let Some(network) = &learned.weights.network {
                    score += network.score(self.rules.board.geometry(), pos);
                }
                score
            }
        }
    }

    /// Add learned pattern weights to the hand terms.
    pub fn set_patterns(&mut self, weights: std::sync::Arc<super::patterns::PatternWeights>) {
        let packed = std::sync::Arc::new(super::patterns::PackedWeights::new(&weights));
        self.set_learned((weights, packed));
    }

    /// Add learned pattern weights already packed for the search.
    fn set_learned(&mut self, (weights, packed): super::patterns::Learned) {
        self.patterns = Some(LearnedTerms {
            blocks: super::patterns::Blocks::new(&self.rules),
            with_blocks: weights.blocks > 0,
            with_terms: weights.has_terms(),
            piece_squares: super::patterns::PieceSquares::new(&weights, &self.rules),
            weights,
            packed,
        });
    }

    /// The hand terms alone, from the side to move's view.
    pub fn hand(&self, pos: &Position) -> i32 {
        let white = self.side_score(pos, Color::White);
        let black = self.side_score(pos, Color::Black);
        let mut score = white - black;
        let (wm, wk) = pos.counts(Color::White);
        let (bm, bk) = pos.counts(Color::Black);
        score +=
            self.weights.lone_king_side * ((wk > 0 && bk == 0) as i32 - (bk > 0 && wk == 0) as i32);
        if self.drawish(score, (wm, wk), (bm, bk)) {
            score /= self.weights.drawish_divisor.max(1);
        }
        if pos.side == Color::White {
            score
        } else {
            -score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::notation::fen;

    fn score(variant: &str, text: &str, weights: &str) -> i32 {
        let rules = Rules::preset(variant).expect("preset");
        let pos = fen::parse(text, rules.board).expect("fen").position;
        let w = Weights::for_rules(&rules)
            .with_overrides(weights)
            .expect("weights");
        Evaluator::with_weights(&rules, w).evaluate(&pos)
    }

    #[test]
    fn each_term_moves_the_score_by_its_weight() {
        // English, White to move. The man on 5 is locked in by Black's men on 1 and 2
        // (White moves up the board); White's men on 27 and 31 can step.
        let pos = "W:W5,27,31:B1,2,12";
        let with = |weights: &str| score("english", pos, weights);
        assert_eq!(with("blocked_man=10") - with("blocked_man=0"), 10);
        // Back guards: White has one man on its home row 29-32 (31), Black two on 1-4.
        assert_eq!(with("back_guard=18") - with("back_guard=8"), 10 * (1 - 2));
        // A king when the opponent has none.
        let kings = "W:WK10,27:B1,2,12";
        assert_eq!(
            score("english", kings, "lone_king_side=40")
                - score("english", kings, "lone_king_side=0"),
            40
        );
    }

    #[test]
    fn drawish_endings_are_pulled_towards_zero() {
        // International: two kings and a man against a king: a draw in practice.
        let drawish = score("international", "W:WK10,K20,30:BK45", "");
        let clear = score("international", "W:WK10,K20,30,31:BK45", "");
        assert!(drawish > 0 && drawish * 3 < clear, "{drawish} vs {clear}");
        // Short kings (English): the same material is a win, the score is not divided;
        // kings only and as many on each side is divided.
        let english = score("english", "W:WK10,K20,30:BK5", "");
        assert!(english > 250, "{english}");
        let level = score("english", "W:WK10,K20:BK5,K13", "drawish_divisor=1");
        let divided = score("english", "W:WK10,K20:BK5,K13", "drawish_divisor=4");
        assert_eq!(level / 4, divided);
        // Flying kings on 8×8: three pieces against a king are not drawish (Petrov's
        // triangle), two are.
        let with = |fen: &str, d: &str| score("russian", fen, &format!("drawish_divisor={d}"));
        let three = "W:WK10,K20,K30:BK5";
        assert_eq!(with(three, "1"), with(three, "4"));
        let two = "W:WK10,K20:BK5";
        assert_eq!(with(two, "1") / 4, with(two, "4"));
    }

    #[test]
    fn overrides_round_trip_and_reject_nonsense() {
        let rules = Rules::preset("russian").expect("preset");
        let w = Weights::for_rules(&rules)
            .with_overrides("king=333,mobility=-4")
            .expect("weights");
        assert_eq!((w.king, w.mobility), (333, -4));
        let again = Weights::for_rules(&rules)
            .with_overrides(&w.describe())
            .expect("weights");
        assert_eq!(again, w);
        for bad in ["kong=3", "king", "king=1.5", "drawish_divisor=0"] {
            assert!(
                Weights::for_rules(&rules).with_overrides(bad).is_err(),
                "{bad}"
            );
        }
    }
}
