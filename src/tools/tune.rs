//! Texel-style fitting of the evaluation weights: self-play games at a fixed depth give
//! quiet positions labelled with the game's result; the weights are moved one at a time,
//! by shrinking steps, while that lowers the squared error between the result and the
//! evaluation mapped to an expected score (a logistic curve whose scale is fitted first).

use super::arena::{openings, play_recorded, Player};
use crate::engine::eval::{Evaluator, Weights};
use crate::engine::{Caps, Score};
use crate::rules::movegen::{has_capture, opponent_has_capture};
use crate::rules::{Color, Position, Rules};

/// A position, the result of its game for White (1, ½ or 0) and, where the player's search
/// gave one, the position's score for its side to move (centipieces, wins saturated at
/// ±[`SCORE_LABEL_WIN`]).
#[derive(Copy, Clone, Debug)]
pub struct Sample {
    /// The quiet position.
    pub position: Position,
    /// Its game's result for White: 1, ½ or 0.
    pub white_result: f64,
    /// The search score for the side to move, when the data has one.
    pub score: Option<i16>,
    /// The move played there (its from and to squares), when the data has it: what the
    /// player's search preferred among the position's moves.
    pub played: Option<(u8, u8)>,
}

impl Sample {
    /// Its game's result for the side to move.
    pub fn mover_result(&self) -> f64 {
        if self.position.side == Color::White {
            self.white_result
        } else {
            1.0 - self.white_result
        }
    }
}

/// The label a forced win gets in a sample's score (a loss its negation).
pub const SCORE_LABEL_WIN: i16 = 3000;

/// A search score as a training label.
pub fn score_label(score: Score) -> i16 {
    match score {
        Score::Centipieces(c) => c.clamp(-SCORE_LABEL_WIN as i32, SCORE_LABEL_WIN as i32) as i16,
        Score::WinIn(_) => SCORE_LABEL_WIN,
        Score::LossIn(_) => -SCORE_LABEL_WIN,
    }
}

/// How many self-play games, from openings of how many random plies, from which seed.
#[derive(Copy, Clone, Debug)]
pub struct SelfPlayPlan {
    /// Games to play.
    pub games: usize,
    /// Random plies that open each game (variety).
    pub opening_plies: usize,
    /// Seeds the openings (and, per thread, the games).
    pub seed: u64,
}

/// Quiet positions (no capture pending for either side) from the plan's self-play games
/// of `player` against itself, each from its own random opening.
pub fn self_play_samples(
    rules: &Rules,
    player: Player,
    plan: SelfPlayPlan,
    mut progress: impl FnMut(usize, usize),
) -> Vec<Sample> {
    let mut samples = Vec::new();
    self_play_games(rules, player, plan, |n, game| {
        samples.extend_from_slice(game);
        progress(n, samples.len());
    });
    samples
}

/// As [`self_play_samples`], handing each game's samples to `done` as the game ends (with
/// the number of games played so far), so a long run can write them as it goes.
pub fn self_play_games(
    rules: &Rules,
    player: Player,
    plan: SelfPlayPlan,
    mut done: impl FnMut(usize, &[Sample]),
) {
    let caps = Caps::default();
    let mut quiet = Vec::new();
    for (n, opening) in openings(rules, plan.games, plan.opening_plies, plan.seed)
        .iter()
        .enumerate()
    {
        quiet.clear();
        let winner = play_recorded(
            rules,
            opening,
            (player, player),
            plan.seed ^ n as u64,
            300,
            &caps,
            |pos, choice| {
                if !has_capture(rules, pos) && !opponent_has_capture(rules, pos) {
                    quiet.push(Sample {
                        position: *pos,
                        white_result: 0.5,
                        score: choice.score.map(score_label),
                        played: Some((choice.mv.from, choice.mv.to)),
                    });
                }
            },
        );
        let white_result = match winner.winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        for sample in &mut quiet {
            sample.white_result = white_result;
        }
        done(n + 1, &quiet);
    }
}

/// Expected score for White of a White-view evaluation, at logistic scale `k`.
fn expected(eval: i32, k: f64) -> f64 {
    1.0 / (1.0 + (-k * eval as f64 / 100.0).exp())
}

/// Mean squared error of the weights' predictions.
pub fn loss(rules: &Rules, weights: Weights, samples: &[Sample], k: f64) -> f64 {
    let eval = Evaluator::with_weights(rules, weights);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let own = eval.evaluate(&s.position);
            let white = if s.position.side == Color::White {
                own
            } else {
                -own
            };
            (s.white_result - expected(white, k)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The logistic scale that best fits these weights (golden-section search).
pub fn fit_scale(rules: &Rules, weights: Weights, samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 4.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(rules, weights, samples, a) < loss(rules, weights, samples, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The outcome of a fit.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The fitted weights.
    pub weights: Weights,
    /// The logistic scale that maps a score to an expected result.
    pub scale: f64,
    /// The held-out loss before the fit.
    pub loss_before: f64,
    /// The held-out loss after it.
    pub loss_after: f64,
}

/// Move each named weight by ±step while the loss falls, for steps 16, 8, 4, 2, 1.
/// The man's value is the unit and the divisor is not linear, so neither is fitted.
pub fn fit(rules: &Rules, start: Weights, samples: &[Sample]) -> Fitted {
    let scale = fit_scale(rules, start, samples);
    let loss_before = loss(rules, start, samples, scale);
    let names: Vec<&str> = Weights::NAMES
        .iter()
        .copied()
        .filter(|n| !matches!(*n, "man" | "drawish_divisor"))
        .collect();
    let mut best = start;
    let mut best_loss = loss_before;
    for step in [16, 8, 4, 2, 1] {
        let mut improved = true;
        while improved {
            improved = false;
            for name in &names {
                for delta in [step, -step] {
                    let mut trial = best;
                    if let Some(w) = trial.get_mut(name) {
                        *w += delta;
                    }
                    let l = loss(rules, trial, samples, scale);
                    if l < best_loss {
                        best = trial;
                        best_loss = l;
                        improved = true;
                        break;
                    }
                }
            }
        }
    }
    Fitted {
        weights: best,
        scale,
        loss_before,
        loss_after: best_loss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::fen;

    /// Positions where White is a man up and won, and the reverse: a fit from a man worth
    /// nothing extra must find that material predicts the result (the loss falls), and an
    /// evaluation that gets the sign wrong scores worse than one that gets it right.
    #[test]
    fn fitting_lowers_the_loss_on_labelled_positions() {
        let rules = Rules::preset("english").expect("preset");
        let parse = |t: &str| fen::parse(t, rules.board).expect("fen").position;
        let mut samples = Vec::new();
        for (text, result) in [
            ("W:W21,22,23,25,30:B1,2,3,5", 1.0),
            ("B:W21,22,23,27,30:B1,2,6,9", 1.0),
            ("W:W22,25,30:B1,2,3,9", 0.0),
            ("B:W21,26,31:B2,5,6,11", 0.0),
        ] {
            samples.push(Sample {
                position: parse(text),
                white_result: result,
                score: None,
                played: None,
            });
        }
        let weights = Weights::for_rules(&rules);
        let right = loss(&rules, weights, &samples, 1.0);
        let wrong = loss(
            &rules,
            Weights {
                man: -100,
                ..weights
            },
            &samples,
            1.0,
        );
        assert!(right < wrong, "{right} vs {wrong}");
        let flat = Weights {
            advance: 40,
            mobility: -30,
            ..weights
        };
        let fitted = fit(&rules, flat, &samples);
        assert!(
            fitted.loss_after < fitted.loss_before,
            "{:?}",
            (fitted.loss_before, fitted.loss_after)
        );
    }
}
