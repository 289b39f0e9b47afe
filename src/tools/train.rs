//! The pattern evaluation's training pipeline: self-play games at a fixed depth write their
//! quiet positions with the game's result (`selfplay`, on every core); a logistic
//! regression fits the pattern weights to them on top of the hand evaluation (`fit`),
//! printing the loss on held-out positions. Reproducible from the seed.

use super::arena::Player;
use super::dataset::{self, LabelKind};
use super::tune::{self_play_games, Sample, SelfPlayPlan};
use crate::engine::eval::{Evaluator, Weights};
use crate::engine::patterns::{
    turned, Blocks, PatternWeights, PATTERNS, PHASES, PIECE_KINDS, TERMS, TERM_UNIT,
};
use crate::rules::movegen::{generate, generate_captures, has_plain_move};
use crate::rules::{Move, Position, Rules};
use std::io::{Read, Write};

/// Play the plan's self-play games of `player` against itself, split over `threads`
/// threads (each with its own seeds), and write their quiet positions to `out` as each game
/// ends (a header first; see [`super::dataset`]), so a run stopped early leaves a usable
/// file. `progress` hears the games and positions written so far. Returns the positions
/// written.
pub fn selfplay(
    rules: &Rules,
    player: Player,
    plan: SelfPlayPlan,
    threads: usize,
    out: &mut impl Write,
    mut progress: impl FnMut(usize, usize),
) -> std::io::Result<usize> {
    let kind = match player {
        Player::Greedy | Player::Hub(..) => LabelKind::Result,
        _ => LabelKind::ResultAndSearchScore,
    };
    dataset::write_header(out, rules, kind)?;
    let threads = threads.max(1);
    let per_thread = plan.games.div_ceil(threads);
    let (send, receive) = std::sync::mpsc::channel::<Vec<Sample>>();
    std::thread::scope(|scope| {
        for t in 0..threads {
            let rules = *rules;
            let send = send.clone();
            scope.spawn(move || {
                let thread_plan = SelfPlayPlan {
                    games: per_thread.min(plan.games.saturating_sub(t * per_thread)),
                    seed: plan.seed.wrapping_mul(1_000_003).wrapping_add(t as u64),
                    ..plan
                };
                self_play_games(&rules, player, thread_plan, |_, game| {
                    let _ = send.send(game.to_vec());
                });
            });
        }
        drop(send);
        let (mut games, mut written) = (0, 0);
        for game in receive {
            for sample in &game {
                dataset::write_sample(out, sample)?;
            }
            out.flush()?;
            games += 1;
            written += game.len();
            progress(games, written);
        }
        Ok(written)
    })
}

/// Which positions of a data file `relabel` searches: those with a piece count in
/// `pieces` (both ends included), at most `limit` of them, in the file's order.
#[derive(Copy, Clone, Debug)]
pub struct RelabelPlan {
    /// The fewest and most pieces on the board.
    pub pieces: (u32, u32),
    /// At most this many positions.
    pub limit: usize,
}

/// Give each chosen sample the score of `player`'s search of its position (the side to
/// move's view; a player without a search score keeps the old one), keeping its game's
/// result, and write them to `out` in the input's order (a header first), a batch at a
/// time so a run stopped early leaves a usable file. The searches are split over
/// `threads`; with a player limited by nodes the file is the same for any thread count.
/// `progress` hears the positions written so far. Returns how many were written.
pub fn relabel(
    rules: &Rules,
    player: Player,
    samples: &[Sample],
    (plan, threads): (RelabelPlan, usize),
    out: &mut impl Write,
    mut progress: impl FnMut(usize),
) -> std::io::Result<usize> {
    dataset::write_header(out, rules, LabelKind::ResultAndSearchScore)?;
    let (fewest, most) = plan.pieces;
    let chosen: Vec<&Sample> = samples
        .iter()
        .filter(|s| (fewest..=most).contains(&s.position.occupied().count_ones()))
        .take(plan.limit)
        .collect();
    let threads = threads.max(1);
    let caps = crate::engine::Caps::default();
    let mut written = 0;
    for batch in chosen.chunks(64 * threads) {
        let per_thread = batch.len().div_ceil(threads);
        let labelled = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .chunks(per_thread)
                .map(|part| {
                    let caps = &caps;
                    scope.spawn(move || {
                        part.iter()
                            .map(|&sample| {
                                let game = crate::rules::Game::new(*rules, sample.position, None);
                                let choice = player.choose(&game, (&sample.position, &[]), 0, caps);
                                Sample {
                                    score: choice
                                        .and_then(|c| c.score)
                                        .map(super::tune::score_label)
                                        .or(sample.score),
                                    ..*sample
                                }
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut labelled = Vec::with_capacity(batch.len());
            for handle in handles {
                labelled.extend(
                    handle
                        .join()
                        .map_err(|_| std::io::Error::other("a relabelling thread panicked"))?,
                );
            }
            Ok::<_, std::io::Error>(labelled)
        })?;
        for sample in &labelled {
            dataset::write_sample(out, sample)?;
        }
        out.flush()?;
        written += labelled.len();
        progress(written);
    }
    Ok(written)
}

/// Read the samples `selfplay` wrote (refusing files of another format or variant).
pub fn read_samples(rules: &Rules, input: &mut impl Read) -> std::io::Result<Vec<Sample>> {
    dataset::read(rules, input).map(|(_, samples)| samples)
}

/// How the weights follow the gradient.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Optimiser {
    /// Plain stochastic gradient descent: every weight moves by `rate` × its gradient.
    Sgd,
    /// Adam, sparse: each weight's step is scaled by the running mean and spread of its own
    /// gradients, so rare patterns learn as fast as common ones; `rate` is then the step in
    /// centipieces.
    Adam,
}

/// How a fit runs.
#[derive(Clone, Debug)]
pub struct FitSettings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// How the weights move.
    pub optimiser: Optimiser,
    /// The step size: of the gradient (SGD), or in centipieces (Adam).
    pub rate: f64,
    /// L2 regularisation of the weights.
    pub l2: f64,
    /// The share of each position's target taken from its search score (mapped to an
    /// expected result by the fitted logistic scale); the rest is its game's result.
    pub lambda: f64,
    /// Train only on positions whose search score lies within this many centipieces of
    /// the starting weights' evaluation (no shot pending, by the search's judgement);
    /// positions without a search score are kept. The held-out positions are all measured.
    pub calm: Option<u32>,
    /// Seeds the shuffles and the held-out split.
    pub seed: u64,
    /// The weights to start from (the variant's embedded ones, or a file's, for a further
    /// iteration or, with no epoch, to measure them); zero when `None` or when their blocks
    /// are not the fit's.
    pub start: Option<std::sync::Arc<PatternWeights>>,
    /// Fit the whole-board terms (kings, their reach, the wings) with the blocks.
    pub terms: bool,
    /// Fit the blocks (else they stay unused: a cheaper evaluation).
    pub blocks: bool,
    /// Fit per-square tables for men and kings.
    pub piece_squares: bool,
    /// Tie each block to its mirror on the other half: a pattern's weight from one side's
    /// view is minus the turned pattern's in the mirrored block (`patterns::turned`), so
    /// the blocks hold no value for having the move and each weight sees twice the data.
    pub no_tempo: bool,
    /// The weight of the choice loss beside the results' (0: off): in positions that
    /// record the move their player's search played, the move's outcome should score above
    /// its siblings' (a softmax over the moves, each scored once the captures it allows are
    /// played out). The player's search is deeper than the evaluation, so this teaches the
    /// evaluation to rank the moves as the search does.
    pub choices: f64,
    /// How sharply the choice loss's softmax tells the moves apart: their scores' scale in
    /// it, a multiple of the results' logistic scale (1: a move a man better is e times as
    /// likely the best). Above 1 the loss dwells on the moves that outscore the played one.
    pub choice_sharpness: f64,
}

/// One position ready for fitting: its features, phase, hand score and target (the game's
/// result, mixed with the search score's expected result), all from the side to move's
/// view.
struct Row {
    /// Each block's place among the opening weights (the endgame's lie `blocks × PATTERNS`
    /// further) with the sign it counts with (see `FitSettings::no_tempo`).
    features: Vec<(u32, f32)>,
    terms: [i16; TERMS],
    /// Places in the per-square tables, +1 for the side to move's pieces, −1 for the other's.
    pieces: Vec<(u16, i8)>,
    endgame: f32,
    hand: f32,
    /// The target: the game's result for the side to move, mixed with the search score.
    result: f32,
    /// The game's result alone, for a held-out loss that compares fits of any `lambda`.
    outcome: f32,
    /// The search score of the position, when the data has one (centipieces).
    score: Option<i16>,
}

/// A position whose played move is known: each move's outcome, as the row of the quiet
/// position it leads to once the captures it allows are played out, with +1 where that
/// position's side to move is this position's and −1 where it is the opponent's.
struct Choice {
    outcomes: Vec<(Row, f32)>,
    /// Which of them was played.
    played: usize,
}

/// `pos` with the captures in hand played out: while the side to move has a capture, each
/// is tried and the best for the side that makes it (by `eval`, to the end of the
/// exchange, at most `depth` captures deep) is taken. The quiet position reached and its
/// score for `pos`'s side to move; `None` where a side runs out of moves on the way (the
/// game ends: nothing for the evaluation to learn there).
fn settle(rules: &Rules, eval: &Evaluator, pos: &Position, depth: u32) -> Option<(i32, Position)> {
    let mut captures: Vec<Move> = Vec::new();
    if depth > 0 {
        generate_captures(rules, pos, &mut captures);
    }
    if captures.is_empty() {
        return (depth == 0 || has_plain_move(rules, pos)).then(|| (eval.evaluate(pos), *pos));
    }
    let mut best: Option<(i32, Position)> = None;
    for mv in &captures {
        let (score, leaf) = settle(rules, eval, &pos.play(mv), depth - 1)?;
        if best.is_none_or(|(b, _)| -score > b) {
            best = Some((-score, leaf));
        }
    }
    best
}

/// How deep `settle` follows an exchange.
const SETTLE_DEPTH: u32 = 8;

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The weights found.
    pub weights: PatternWeights,
    /// The logistic scale (fitted for the hand evaluation alone).
    pub scale: f64,
    /// Positions trained on and held out.
    pub train: usize,
    /// Positions held out.
    pub valid: usize,
    /// Held-out cross-entropy of the hand evaluation alone, and after each epoch.
    pub valid_loss: Vec<f64>,
    /// The same against the game results alone (whatever `lambda` mixed into the target).
    pub valid_result_loss: Vec<f64>,
    /// The cross-entropy against the results of the other held-out positions (the fit's
    /// `elsewhere`), at the start and after each epoch; empty without them.
    pub elsewhere_loss: Vec<f64>,
    /// The choice loss and agreement (`EpochLosses::choices`) on the held-out positions
    /// that record their played move, at the start and after each epoch; empty without them.
    pub valid_choice_loss: Vec<(f64, f64)>,
}

/// The losses after one epoch (0: the starting weights), for a fit's progress.
#[derive(Copy, Clone, Debug)]
pub struct EpochLosses {
    /// The epoch, 0 before the first.
    pub epoch: usize,
    /// Against the target, on the training positions.
    pub train: f64,
    /// Against the target, on the held-out positions.
    pub valid: f64,
    /// Against the results alone, on the held-out positions.
    pub valid_results: f64,
    /// Against the results, on the other held-out positions (`None` without them).
    pub elsewhere: Option<f64>,
    /// On the held-out positions that record their played move: the choice loss (the
    /// softmax's cross-entropy) and the share where the played move scores highest
    /// (`None` without such positions).
    pub choices: Option<(f64, f64)>,
}

/// The cross-entropy of predicting `p` for the target `y`, `p` kept 1e-6 from 0 and 1.
pub(super) fn cross_entropy(p: f64, y: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Whether each sample is held out: one game in ten, whole (by a hash of `seed` and the
/// game's number, `game_numbers`). The positions of one game are near copies of each other
/// with one label, so a position held out beside its neighbours in training measures
/// memory of that game, not judgement.
pub(crate) fn held_out_games(samples: &[Sample], seed: u64) -> impl Iterator<Item = bool> + '_ {
    game_numbers(samples).map(move |game| {
        crate::engine::Rng::new(seed ^ (game as u64).wrapping_mul(0x9e37)).next_u64() % 10 == 0
    })
}

/// The number of the game each sample comes from, counting from 0. Data files hold each
/// game's positions together and in order, and a game never gains a piece, so a sample
/// with more pieces than the one before it, or with another result, starts the next game.
fn game_numbers(samples: &[Sample]) -> impl Iterator<Item = usize> + '_ {
    let mut game = 0;
    samples.iter().enumerate().map(move |(i, s)| {
        if let Some(before) = i.checked_sub(1).map(|b| &samples[b]) {
            if s.position.occupied().count_ones() > before.position.occupied().count_ones()
                || s.white_result != before.white_result
            {
                game += 1;
            }
        }
        game
    })
}

/// Fit pattern weights on top of the hand evaluation: logistic regression of the result on
/// the block patterns (two phases), by stochastic gradient descent with L2 regularisation;
/// one game in ten (by a hash of the seed and its number, `game_numbers`) is held out whole,
/// and `elsewhere` (positions from other sources, never trained on) is measured beside it.
pub fn fit(
    rules: &Rules,
    (samples, elsewhere): (&[Sample], &[Sample]),
    settings: FitSettings,
    mut progress: impl FnMut(EpochLosses),
) -> Fit {
    let FitSettings {
        epochs,
        optimiser,
        rate,
        l2,
        lambda,
        calm,
        seed,
        start,
        terms: with_terms,
        blocks: with_blocks,
        piece_squares: with_tables,
        no_tempo,
        choices: choice_weight,
        choice_sharpness,
    } = settings;
    let weights = Weights::for_rules(rules);
    let scale = super::tune::fit_scale(rules, weights, samples);
    let expected = |score: i16| 1.0 / (1.0 + (-scale * score as f64 / 100.0).exp());
    let eval = Evaluator::with_weights(rules, weights);
    let blocks = Blocks::new(rules);
    let n = if with_blocks { blocks.len() } else { 0 };
    let row_of = |s: &Sample| {
        let mut patterns = Vec::new();
        let endgame = if with_blocks {
            blocks.features(&s.position, &mut patterns)
        } else {
            blocks.endgame(&s.position)
        };
        let at = |b: usize, f: u16| (b * PATTERNS + f as usize) as u32;
        let mut features = Vec::with_capacity(patterns.len() + 1);
        for (b, &f) in patterns.iter().enumerate() {
            let mirror = n - 1 - b;
            if !no_tempo || b < mirror {
                features.push((at(b, f), 1.0));
            } else if b > mirror {
                features.push((at(mirror, turned(f)), -1.0));
            } else {
                // The middle block of an odd count is its own mirror.
                features.push((at(b, f), 0.5));
                features.push((at(b, turned(f)), -0.5));
            }
        }
        let mut pieces = Vec::new();
        if with_tables {
            blocks.piece_squares(&s.position, &mut pieces);
        }
        let own = s.mover_result();
        Row {
            features,
            terms: if with_terms {
                blocks.terms(&s.position)
            } else {
                [0; TERMS]
            },
            pieces,
            endgame,
            hand: eval.hand(&s.position) as f32,
            result: match s.score {
                Some(score) if lambda > 0.0 => {
                    (lambda * expected(score) + (1.0 - lambda) * own) as f32
                }
                _ => own as f32,
            },
            outcome: own as f32,
            score: s.score,
        }
    };
    let rows: Vec<Row> = samples.iter().map(row_of).collect();
    let elsewhere: Vec<Row> = elsewhere.iter().map(row_of).collect();
    let elsewhere: Vec<&Row> = elsewhere.iter().collect();
    // The outcomes are played out by the starting weights (fixed through the fit).
    let mut settler = Evaluator::with_weights(rules, weights);
    if let Some(start) = &start {
        settler.set_patterns(start.clone());
    }
    let choice_of = |s: &Sample| -> Option<Choice> {
        let (from, to) = s.played?;
        let mut moves: Vec<Move> = Vec::new();
        generate(rules, &s.position, &mut moves);
        let played = moves.iter().position(|m| m.from == from && m.to == to)?;
        if moves.len() < 2 {
            return None;
        }
        let mut outcomes = Vec::with_capacity(moves.len());
        for mv in &moves {
            let (_, leaf) = settle(rules, &settler, &s.position.play(mv), SETTLE_DEPTH)?;
            let sign = if leaf.side == s.position.side {
                1.0
            } else {
                -1.0
            };
            let quiet = Sample {
                position: leaf,
                white_result: 0.5,
                score: None,
                played: None,
            };
            outcomes.push((row_of(&quiet), sign));
        }
        Some(Choice { outcomes, played })
    };
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let (mut train_choices, mut valid_choices) = (Vec::new(), Vec::new());
    for ((row, s), measured) in rows.iter().zip(samples).zip(held_out_games(samples, seed)) {
        let choice = (measured || choice_weight > 0.0)
            .then(|| choice_of(s))
            .flatten();
        if measured {
            valid.push(row);
            valid_choices.extend(choice);
        } else {
            train.push(row);
            train_choices.extend(choice);
        }
    }
    let squares = if with_tables {
        rules.board.geometry().squares as usize
    } else {
        0
    };
    // The blocks' weights, then the terms' (in centipieces a unit), then the tables'.
    let term_base = PHASES * n * PATTERNS;
    let table_base = term_base + PHASES * TERMS;
    let table_phase = PIECE_KINDS * squares;
    let mut w = vec![0f32; table_base + PHASES * table_phase];
    if let Some(start) = start {
        if start.blocks == n {
            for (slot, &v) in w.iter_mut().zip(&start.values) {
                *slot = v as f32;
            }
            if no_tempo {
                // Start from the part of the weights that the tie keeps.
                for phase in 0..PHASES {
                    for b in 0..n / 2 {
                        let mirror = (phase * n + n - 1 - b) * PATTERNS;
                        let own = (phase * n + b) * PATTERNS;
                        for f in 0..PATTERNS as u16 {
                            w[own + f as usize] = (start.values[own + f as usize] as f32
                                - start.values[mirror + turned(f) as usize] as f32)
                                / 2.0;
                        }
                    }
                }
            }
            for (slot, &v) in w[term_base..].iter_mut().zip(&start.terms) {
                *slot = v as f32 / TERM_UNIT;
            }
            if start.squares == squares {
                for (slot, &v) in w[table_base..].iter_mut().zip(&start.piece_squares) {
                    *slot = v as f32;
                }
            }
        }
    }
    let k = scale as f32 / 100.0;
    let evaluate = |w: &[f32], row: &Row| -> f32 {
        let mut sum = row.hand;
        for &(at, sign) in &row.features {
            let (open, end) = (w[at as usize], w[n * PATTERNS + at as usize]);
            sum += sign * (open * (1.0 - row.endgame) + end * row.endgame);
        }
        for (t, &v) in row.terms.iter().enumerate() {
            let weight =
                w[term_base + t] * (1.0 - row.endgame) + w[term_base + TERMS + t] * row.endgame;
            sum += weight * v as f32;
        }
        for &(at, sign) in &row.pieces {
            let at = table_base + at as usize;
            let weight = w[at] * (1.0 - row.endgame) + w[at + table_phase] * row.endgame;
            sum += weight * sign as f32;
        }
        sum
    };
    let predict = |w: &[f32], row: &Row| -> f32 { 1.0 / (1.0 + (-k * evaluate(w, row)).exp()) };
    if let Some(calm) = calm {
        // The weights hold the starting ones here.
        train.retain(|row| {
            row.score
                .is_none_or(|score| (evaluate(&w, row) - score as f32).abs() <= calm as f32)
        });
    }
    // Cross-entropy against the target and against the result alone, from one prediction
    // a row (the prediction is the costly part).
    let losses = |w: &[f32], rows: &[&Row]| -> (f64, f64) {
        let (target, outcome) = rows.iter().fold((0.0, 0.0), |(t, o), r| {
            let p = predict(w, r) as f64;
            (
                t + cross_entropy(p, r.result as f64),
                o + cross_entropy(p, r.outcome as f64),
            )
        });
        let n = rows.len().max(1) as f64;
        (target / n, outcome / n)
    };
    // Each outcome's chance of being the best move: a softmax of its score for the side
    // that chooses, in units of the logistic scale times the sharpness.
    let sharp = k * choice_sharpness as f32;
    let chances = |w: &[f32], choice: &Choice, out: &mut Vec<f32>| {
        out.clear();
        out.extend(
            choice
                .outcomes
                .iter()
                .map(|(row, sign)| sign * sharp * evaluate(w, row)),
        );
        let top = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut total = 0.0;
        for z in out.iter_mut() {
            *z = (*z - top).exp();
            total += *z;
        }
        for z in out.iter_mut() {
            *z /= total;
        }
    };
    // The choice loss and the share of positions whose played move alone scores highest.
    let choice_losses = |w: &[f32], choices: &[Choice]| -> Option<(f64, f64)> {
        let mut p = Vec::new();
        let (mut loss, mut agree) = (0.0, 0);
        for c in choices {
            chances(w, c, &mut p);
            loss -= (p[c.played].max(1e-9) as f64).ln();
            let top = p
                .iter()
                .enumerate()
                .all(|(i, &q)| i == c.played || q < p[c.played]);
            agree += top as usize;
        }
        let n = choices.len() as f64;
        (!choices.is_empty()).then(|| (loss / n, agree as f64 / n))
    };
    let mut valid_loss = Vec::new();
    let mut valid_result_loss = Vec::new();
    let mut elsewhere_loss = Vec::new();
    let mut valid_choice_loss = Vec::new();
    let mut measure = |epoch: usize, w: &[f32]| {
        let (valid_target, results) = losses(w, &valid);
        valid_loss.push(valid_target);
        valid_result_loss.push(results);
        let other = (!elsewhere.is_empty()).then(|| losses(w, &elsewhere).1);
        elsewhere_loss.extend(other);
        let choices = choice_losses(w, &valid_choices);
        valid_choice_loss.extend(choices);
        progress(EpochLosses {
            epoch,
            train: losses(w, &train).0,
            valid: valid_target,
            valid_results: results,
            elsewhere: other,
            choices,
        });
    };
    measure(0, &w);
    // Rows first, then the positions with a played move, shuffled together.
    let mut order: Vec<usize> = (0..train.len() + train_choices.len()).collect();
    let mut rng = crate::engine::Rng::new(seed);
    let mut adam = (optimiser == Optimiser::Adam).then(|| Adam::new(w.len()));
    let mut p = Vec::new();
    for epoch in 1..=epochs {
        // Adam's step shrinks linearly to 1/epochs of `rate` over the run, so the last
        // epochs settle instead of wandering; SGD keeps its step.
        let step = match optimiser {
            Optimiser::Adam => (rate * (epochs + 1 - epoch) as f64 / epochs as f64) as f32,
            Optimiser::Sgd => rate as f32,
        };
        // Move the weights of `row`'s features down the gradient `g` of its evaluation.
        let descend_row = |w: &mut [f32], adam: &mut Option<Adam>, row: &Row, g: f32| {
            let shares = [1.0 - row.endgame, row.endgame];
            // Move one feature's opening and endgame weights (at `at`) down the gradient of
            // a feature seen `count` times; `plain` scales the plain (SGD) step.
            let mut descend = |w: &mut [f32], at: [usize; 2], count: f32, plain: f32| {
                for (at, share) in at.into_iter().zip(shares) {
                    let gradient = g * share * count + l2 as f32 * w[at];
                    w[at] -= match adam.as_mut() {
                        Some(adam) => adam.step(at, gradient, step),
                        None => step * gradient * plain,
                    };
                }
            };
            for &(at, sign) in &row.features {
                let at = at as usize;
                descend(w, [at, n * PATTERNS + at], sign, 1.0);
            }
            for (t, &v) in row.terms.iter().enumerate().filter(|(_, &v)| v != 0) {
                let at = |phase: usize| term_base + phase * TERMS + t;
                // A term's count runs to tens where a block's is one: a smaller plain step
                // keeps it from overshooting.
                descend(w, [at(0), at(1)], v as f32, 1.0 / 64.0);
            }
            for &(place, sign) in &row.pieces {
                let at = |phase: usize| table_base + phase * table_phase + place as usize;
                descend(w, [at(0), at(1)], sign as f32, 1.0);
            }
        };
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for &i in &order {
            match train.get(i) {
                Some(row) => {
                    let g = (predict(&w, row) - row.result) * k;
                    descend_row(&mut w, &mut adam, row, g);
                }
                None => {
                    let choice = &train_choices[i - train.len()];
                    chances(&w, choice, &mut p);
                    for (o, ((row, sign), &chance)) in choice.outcomes.iter().zip(&p).enumerate() {
                        let wanted = (o == choice.played) as u8 as f32;
                        let g = choice_weight as f32 * sharp * sign * (chance - wanted);
                        descend_row(&mut w, &mut adam, row, g);
                    }
                }
            }
        }
        measure(epoch, &w);
    }
    if no_tempo {
        // Write out the tied blocks: each mirror from its partner, the middle one (odd
        // counts) as the part that the tie keeps.
        for phase in 0..PHASES {
            for b in n / 2..n {
                let mirror = n - 1 - b;
                let (own, other) = ((phase * n + b) * PATTERNS, (phase * n + mirror) * PATTERNS);
                let tied: Vec<f32> = (0..PATTERNS as u16)
                    .map(|f| {
                        if b == mirror {
                            (w[own + f as usize] - w[own + turned(f) as usize]) / 2.0
                        } else {
                            -w[other + turned(f) as usize]
                        }
                    })
                    .collect();
                w[own..own + PATTERNS].copy_from_slice(&tied);
            }
        }
    }
    Fit {
        weights: PatternWeights {
            blocks: n,
            values: w[..term_base]
                .iter()
                .map(|&x| x.round().clamp(-2000.0, 2000.0) as i16)
                .collect(),
            terms: w[term_base..table_base]
                .iter()
                .map(|&x| (x * TERM_UNIT).round().clamp(-32000.0, 32000.0) as i16)
                .collect(),
            squares,
            piece_squares: w[table_base..]
                .iter()
                .map(|&x| x.round().clamp(-2000.0, 2000.0) as i16)
                .collect(),
            // A network is fitted on top of finished terms (`train-network`), not here.
            network: None,
        },
        scale,
        train: train.len(),
        valid: valid.len(),
        valid_loss,
        valid_result_loss,
        elsewhere_loss,
        valid_choice_loss,
    }
}

/// Adam's running moments per weight, updated only where a sample has the feature (a
/// weight's own step count corrects the moments' start-up bias).
pub(super) struct Adam {
    mean: Vec<f32>,
    spread: Vec<f32>,
    steps: Vec<u32>,
}

impl Adam {
    const MEAN_DECAY: f32 = 0.9;
    const SPREAD_DECAY: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    pub(super) fn new(weights: usize) -> Adam {
        Adam {
            mean: vec![0.0; weights],
            spread: vec![0.0; weights],
            steps: vec![0; weights],
        }
    }

    /// How far weight `at` moves for this gradient, at `rate` a step.
    pub(super) fn step(&mut self, at: usize, gradient: f32, rate: f32) -> f32 {
        let (m, v) = (&mut self.mean[at], &mut self.spread[at]);
        *m = Self::MEAN_DECAY * *m + (1.0 - Self::MEAN_DECAY) * gradient;
        *v = Self::SPREAD_DECAY * *v + (1.0 - Self::SPREAD_DECAY) * gradient * gradient;
        self.steps[at] = self.steps[at].saturating_add(1);
        let t = self.steps[at].min(100_000) as i32;
        let mean = *m / (1.0 - Self::MEAN_DECAY.powi(t));
        let spread = *v / (1.0 - Self::SPREAD_DECAY.powi(t));
        rate * mean / (spread.sqrt() + Self::EPSILON)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English self-play samples of `games` games (6 random opening plies), written by
    /// `selfplay` and read back: every sample written comes back.
    fn english_samples(player: Player, (games, seed): (usize, u64), threads: usize) -> Vec<Sample> {
        let mut data = Vec::new();
        let plan = SelfPlayPlan {
            games,
            opening_plies: 6,
            seed,
        };
        let rules = Rules::english();
        let written = selfplay(&rules, player, plan, threads, &mut data, |_, _| {}).expect("write");
        let samples = read_samples(&rules, &mut &data[..]).expect("read");
        assert_eq!(samples.len(), written);
        samples
    }

    /// Positions of English games between two searches of the hand terms alone (depth 2),
    /// whose results follow the hand evaluation closely enough for a short fit to learn.
    fn hand_samples(games: usize, seed: u64) -> Vec<Sample> {
        let hand = Player::DepthWithWeights(2, Weights::for_rules(&Rules::english()));
        english_samples(hand, (games, seed), 2)
    }

    /// A fit of the blocks alone by Adam, results only, L2 1e-4, seed 1.
    fn adam(epochs: usize, rate: f64) -> FitSettings {
        FitSettings {
            epochs,
            optimiser: Optimiser::Adam,
            rate,
            l2: 1e-4,
            lambda: 0.0,
            calm: None,
            seed: 1,
            start: None,
            terms: false,
            blocks: true,
            piece_squares: false,
            no_tempo: false,
            choices: 0.0,
            choice_sharpness: 1.0,
        }
    }

    #[test]
    fn samples_round_trip_and_a_fit_lowers_the_training_loss() {
        let rules = Rules::english();
        // Games of the hand terms alone: their results follow the hand evaluation closely
        // enough for a fit to move every kind of weight in a few epochs.
        let samples = hand_samples(40, 3);
        assert!(samples.len() > 100, "{}", samples.len());
        for (optimiser, rate) in [(Optimiser::Sgd, 20.0), (Optimiser::Adam, 1.0)] {
            let mut train_loss = Vec::new();
            let settings = FitSettings {
                epochs: 3,
                optimiser,
                rate,
                l2: 1e-4,
                lambda: 0.5,
                calm: None,
                seed: 1,
                start: None,
                terms: optimiser == Optimiser::Adam,
                blocks: true,
                piece_squares: optimiser == Optimiser::Adam,
                no_tempo: false,
                choices: 0.0,
                choice_sharpness: 1.0,
            };
            let fit = fit(&rules, (&samples, &[]), settings, |losses| {
                assert!(losses.elsewhere.is_none());
                train_loss.push(losses.train)
            });
            assert!(fit.valid > 0 && fit.train > fit.valid);
            assert!(
                train_loss[3] < train_loss[0],
                "{optimiser:?}: {train_loss:?}"
            );
            assert!(fit.valid_loss.iter().all(|l| l.is_finite()));
            // With lambda above zero the target is not the result: the two losses differ.
            assert_eq!(fit.valid_result_loss.len(), fit.valid_loss.len());
            assert!(fit.valid_result_loss.iter().all(|l| l.is_finite()));
            assert_ne!(fit.valid_result_loss[0], fit.valid_loss[0]);
            assert!(fit.weights.values.iter().any(|&v| v != 0));
        }
    }

    #[test]
    fn tied_blocks_score_a_position_the_same_whoever_is_to_move() {
        let rules = Rules::english();
        let samples = hand_samples(30, 17);
        let settings = |no_tempo| FitSettings {
            no_tempo,
            ..adam(4, 3.0)
        };
        let blocks = Blocks::new(&rules);
        // The blocks' score for the side to move, and for the other side in its place.
        let both_views = |weights: &PatternWeights, s: &Sample| {
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            let endgame = blocks.features(&s.position, &mut mine);
            let other = s.position.with_side(s.position.side.opponent());
            blocks.features(&other, &mut theirs);
            (
                weights.score(&mine, endgame),
                weights.score(&theirs, endgame),
            )
        };
        let mut last = None;
        let tied_fit = fit(&rules, (&samples, &[]), settings(true), |l| last = Some(l));
        let tied = tied_fit.weights.clone();
        assert!(tied.values.iter().any(|&v| v != 0));
        // The weights written are the model the fit trained: over all positions they score
        // the loss the fit reported for its training and held-out parts together.
        let hand = Evaluator::with_weights(&rules, Weights::for_rules(&rules));
        let k = tied_fit.scale / 100.0;
        let written: f64 = samples
            .iter()
            .map(|s| {
                let score = hand.hand(&s.position) + both_views(&tied, s).0;
                let p = 1.0 / (1.0 + (-k * score as f64).exp());
                cross_entropy(p, s.mover_result())
            })
            .sum::<f64>()
            / samples.len() as f64;
        let last = last.expect("epochs ran");
        let reported = (last.train * tied_fit.train as f64 + last.valid * tied_fit.valid as f64)
            / (tied_fit.train + tied_fit.valid) as f64;
        assert!((written - reported).abs() < 2e-4, "{written} vs {reported}");
        for s in &samples {
            let (own, other) = both_views(&tied, s);
            assert_eq!(own, -other, "{:?}", s.position);
        }
        // Untied, having the move is worth something somewhere.
        let free = fit(&rules, (&samples, &[]), settings(false), |_| {}).weights;
        assert!(samples.iter().any(|s| {
            let (own, other) = both_views(&free, s);
            own != -other
        }));
    }

    #[test]
    fn calm_keeps_only_positions_whose_search_agrees_with_the_evaluation() {
        let rules = Rules::english();
        let samples = hand_samples(20, 13);
        let settings = |calm| FitSettings {
            calm,
            ..adam(1, 1.0)
        };
        let all = fit(&rules, (&samples, &[]), settings(None), |_| {});
        let wide = fit(&rules, (&samples, &[]), settings(Some(u32::MAX)), |_| {});
        assert_eq!(wide.train, all.train);
        assert_eq!(wide.weights.values, all.weights.values);
        // Every search score far from any evaluation: nothing is trained on, the held-out
        // positions are still measured.
        let wild: Vec<Sample> = samples
            .iter()
            .map(|s| Sample {
                score: Some(20_000),
                ..*s
            })
            .collect();
        let none = fit(&rules, (&wild, &[]), settings(Some(100)), |_| {});
        assert_eq!(none.train, 0);
        assert_eq!(none.valid, all.valid);
        assert!(none.weights.values.iter().all(|&v| v == 0));
    }

    #[test]
    fn games_are_told_apart_by_their_pieces_and_results() {
        let hand = Player::DepthWithWeights(2, Weights::for_rules(&Rules::english()));
        let samples = english_samples(hand, (25, 11), 2);
        let numbers: Vec<usize> = game_numbers(&samples).collect();
        assert_eq!(numbers.first(), Some(&0));
        assert_eq!(numbers.last(), Some(&24), "25 games, numbered from 0");
        // Within a game the pieces never grow and the result never changes.
        for (pair, games) in samples.windows(2).zip(numbers.windows(2)) {
            if games[0] == games[1] {
                assert!(
                    pair[1].position.occupied().count_ones()
                        <= pair[0].position.occupied().count_ones()
                );
                assert_eq!(pair[0].white_result, pair[1].white_result);
            } else {
                assert_eq!(games[1], games[0] + 1);
            }
        }
    }

    #[test]
    fn a_fit_starts_from_given_weights_and_measures_other_positions() {
        let rules = Rules::english();
        let hand = Player::DepthWithWeights(2, Weights::for_rules(&rules));
        let samples = english_samples(hand, (30, 7), 2);
        let others = english_samples(hand, (10, 8), 1);
        let settings = |epochs, start| FitSettings {
            start,
            terms: true,
            ..adam(epochs, 1.0)
        };
        let mut first_train = Vec::new();
        let first = fit(&rules, (&samples, &others), settings(2, None), |losses| {
            first_train.push(losses.train)
        });
        assert_eq!(first.elsewhere_loss.len(), 3);
        assert!(first.elsewhere_loss.iter().all(|l| l.is_finite()));
        // The other positions are only measured: they change no weight.
        let alone = fit(&rules, (&samples, &[]), settings(2, None), |_| {});
        assert_eq!(alone.weights.values, first.weights.values);
        assert!(alone.elsewhere_loss.is_empty());
        // Starting from the fit's weights, with no epoch, measures them: the losses are the
        // fit's last (up to the rounding of the weights to whole centipieces).
        let start = Some(std::sync::Arc::new(first.weights.clone()));
        let mut again_train = Vec::new();
        let again = fit(&rules, (&samples, &others), settings(0, start), |losses| {
            again_train.push(losses.train)
        });
        let close = |a: f64, b: f64| (a - b).abs() < 2e-3;
        assert!(close(again.elsewhere_loss[0], first.elsewhere_loss[2]));
        assert!(close(again.valid_loss[0], first.valid_loss[2]));
        assert!(close(again_train[0], first_train[2]));
        assert!(!close(again_train[0], first_train[0]));
    }

    #[test]
    fn relabelling_searches_the_chosen_positions_and_keeps_their_results() {
        let rules = Rules::english();
        let samples = english_samples(Player::Depth(1), (12, 5), 1);
        let pieces = |s: &Sample| s.position.occupied().count_ones();
        let relabel_plan = RelabelPlan {
            pieces: (10, 20),
            limit: 150,
        };
        let run = |threads| {
            let mut out = Vec::new();
            let n = relabel(
                &rules,
                Player::Depth(6),
                &samples,
                (relabel_plan, threads),
                &mut out,
                |_| {},
            )
            .expect("relabel");
            (n, out)
        };
        let (n, one) = run(1);
        let chosen: Vec<&Sample> = samples
            .iter()
            .filter(|s| (10..=20).contains(&pieces(s)))
            .take(150)
            .collect();
        assert_eq!(n, chosen.len());
        assert!(n > 20, "{n}");
        let (kind, relabelled) = dataset::read(&rules, &mut &one[..]).expect("read back");
        assert_eq!(kind, LabelKind::ResultAndSearchScore);
        let mut changed = 0;
        for (old, new) in chosen.iter().zip(&relabelled) {
            assert_eq!(old.position, new.position);
            assert_eq!(old.white_result, new.white_result);
            assert!(new.score.is_some());
            changed += (old.score != new.score) as usize;
        }
        // A six-ply search disagrees with a one-ply one somewhere.
        assert!(changed > 0);
        // The threads split the work, not the answer.
        assert_eq!(run(3).1, one);
    }

    #[test]
    fn settling_plays_out_the_captures_a_move_allows_best_for_each_side() {
        let rules = Rules::english();
        let eval = Evaluator::with_weights(&rules, Weights::for_rules(&rules));
        let (mut checked, mut exchanges) = (0, 0);
        for sample in hand_samples(6, 11) {
            let mut moves: Vec<Move> = Vec::new();
            generate(&rules, &sample.position, &mut moves);
            for mv in &moves {
                let child = sample.position.play(mv);
                let Some((score, leaf)) = settle(&rules, &eval, &child, SETTLE_DEPTH) else {
                    continue;
                };
                checked += 1;
                // The leaf is quiet for its side to move and scored from the child's side.
                let mut captures: Vec<Move> = Vec::new();
                generate_captures(&rules, &leaf, &mut captures);
                assert!(captures.is_empty());
                let sign = if leaf.side == child.side { 1 } else { -1 };
                assert_eq!(score, sign * eval.evaluate(&leaf));
                // Where the child has captures, its score is the best of theirs.
                generate_captures(&rules, &child, &mut captures);
                if captures.is_empty() {
                    assert_eq!(leaf, child);
                    continue;
                }
                exchanges += 1;
                let best = captures
                    .iter()
                    .filter_map(|c| settle(&rules, &eval, &child.play(c), SETTLE_DEPTH))
                    .map(|(s, _)| -s)
                    .max();
                assert_eq!(best, Some(score));
            }
        }
        assert!(checked > 200 && exchanges > 20, "{checked} {exchanges}");
    }

    #[test]
    fn the_choice_loss_teaches_the_evaluation_the_searchs_choices() {
        let rules = Rules::english();
        // A deeper search than the evaluation chose the moves played. One thread: games
        // written from several threads come in the order they end, and the held-out games
        // are picked by their place in the file.
        let teacher = Player::DepthWithWeights(4, Weights::for_rules(&rules));
        let samples = english_samples(teacher, (150, 21), 1);
        assert!(samples.iter().all(|s| s.played.is_some()));
        let settings = |choices| FitSettings {
            choices,
            choice_sharpness: 4.0,
            ..adam(4, 3.0)
        };
        let without = fit(&rules, (&samples, &[]), settings(0.0), |_| {});
        let with = fit(&rules, (&samples, &[]), settings(1.0), |_| {});
        // Both measure the same held-out choices from the same start.
        assert_eq!(without.valid_choice_loss[0], with.valid_choice_loss[0]);
        let (start, taught, untaught) = (
            with.valid_choice_loss[0],
            with.valid_choice_loss[4],
            without.valid_choice_loss[4],
        );
        assert!(
            taught.0 < start.0 && taught.0 < untaught.0,
            "{start:?} {taught:?} {untaught:?}"
        );
        // The share ranked first moves by a few positions in a few hundred: only against
        // the results-only fit (one thread: the same games, the same split every run).
        assert!(taught.1 > untaught.1, "{start:?} {taught:?} {untaught:?}");
    }
}
