//! Fitting the small network of an evaluation (`engine::network`, boards of up to 64
//! squares) on top of finished weights: the rest of the evaluation is held fixed, and the
//! network learns what it still gets wrong, by logistic regression of each position's
//! result (or a blend with its search score) on the evaluation plus the network. The
//! network's output weights start at zero, so the fit starts exactly from the weights it
//! is given. Minibatches with Adam; one game in ten held out whole, as `train` holds them
//! out. Positions the network does not read (`network::FEWEST_PIECES`) are left out.

use super::train::{cross_entropy, held_out_games, Adam};
use super::tune::{fit_scale, Sample};
use crate::engine::eval::{Evaluator, Weights};
use crate::engine::network::{
    inputs, reads, Network, BIAS_BOUND, DEFAULT_BOUND, INPUT_BOUND, KINDS, MAX_BOUND, ONE,
    OUTPUT_UNIT,
};
use crate::engine::patterns::PatternWeights;
use crate::engine::Rng;
use crate::rules::Rules;
use std::sync::Arc;

/// How the network is fitted.
#[derive(Clone, Debug)]
pub struct NetworkSettings {
    /// Hidden units.
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's step, in activations (the output's weights are fitted in men, so one step
    /// suits both layers).
    pub rate: f64,
    /// Positions a step.
    pub batch: usize,
    /// The share of each target taken from the position's search score.
    pub lambda: f64,
    /// The most the network may add or take, in centipieces (`Network::bound`); `None`:
    /// the starting network's own when warm, else `DEFAULT_BOUND`.
    pub bound: Option<i32>,
    /// Seeds the held-out games, the first weights and the order of the positions.
    pub seed: u64,
    /// Start from the starting weights' own network (its units; `hidden` is not used)
    /// rather than from fresh weights: a further round fine-tunes what earlier rounds
    /// learned instead of learning it again from one round's games.
    pub warm_start: bool,
}

/// A finished fit.
pub struct NetworkFit {
    /// Hidden units of the network written.
    pub hidden: usize,
    /// The starting weights with the network added.
    pub weights: PatternWeights,
    /// The results' logistic scale (fitted for the hand evaluation, as `train` fits it).
    pub scale: f64,
    /// Positions trained on.
    pub train: usize,
    /// Positions held out.
    pub valid: usize,
    /// The held-out loss of the starting weights, then after each epoch (the last with the
    /// network as the engine reads it, in integers).
    pub valid_loss: Vec<f64>,
    /// The held-out loss by kind of position (`KIND_NAMES`).
    pub kinds: [KindOfPosition; KIND_NAMES.len()],
}

/// The positions in the fit's form: each one's inputs, the rest of the evaluation's score
/// and its target.
struct Rows {
    starts: Vec<u32>,
    inputs: Vec<u16>,
    base: Vec<f32>,
    target: Vec<f32>,
}

impl Rows {
    fn len(&self) -> usize {
        self.base.len()
    }

    fn inputs(&self, i: usize) -> &[u16] {
        &self.inputs[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// The network in floats while it is fitted: `[input][hidden]`, biases, output weights in
/// men, output bias in men; its output's bound in centipieces.
struct Floats {
    hidden: usize,
    params: Vec<f32>,
    bound: i32,
}

impl Floats {
    fn new(inputs: usize, hidden: usize, bound: i32, rng: &mut Rng) -> Floats {
        let mut params = vec![0f32; inputs * hidden + 2 * hidden + 1];
        for w in &mut params[..inputs * hidden] {
            *w = ((rng.next_u64() % 2001) as f32 / 1000.0 - 1.0) * 0.1;
        }
        // Every unit starts inside its linear range; the output weights start at zero.
        for b in &mut params[inputs * hidden..inputs * hidden + hidden] {
            *b = 0.5;
        }
        Floats {
            hidden,
            params,
            bound,
        }
    }

    /// A fitted network back in floats, the inverse of `quantised` (to its rounding).
    fn from_network(net: &Network, bound: i32) -> Floats {
        let out_unit = (OUTPUT_UNIT * 100) as f32;
        let params = net
            .input
            .iter()
            .chain(&net.bias)
            .map(|&v| v as f32 / ONE as f32)
            .chain(net.output.iter().map(|&v| v as f32 / out_unit))
            .chain([net.output_bias as f32 / out_unit])
            .collect();
        Floats {
            hidden: net.hidden,
            params,
            bound,
        }
    }

    fn bias_at(&self) -> usize {
        self.params.len() - 2 * self.hidden - 1
    }

    /// The output in men, with each unit's sum written to `sums`.
    fn forward(&self, active: &[u16], sums: &mut [f32]) -> f32 {
        let h = self.hidden;
        let bias = self.bias_at();
        sums.copy_from_slice(&self.params[bias..bias + h]);
        for &i in active {
            let row = &self.params[i as usize * h..(i as usize + 1) * h];
            for (s, w) in sums.iter_mut().zip(row) {
                *s += w;
            }
        }
        let output = &self.params[bias + h..bias + 2 * h];
        let mut out = self.params[bias + 2 * h];
        for (s, w) in sums.iter().zip(output) {
            out += s.clamp(0.0, 1.0) * w;
        }
        out
    }

    /// The output in men as the engine bounds it, and whether it lies inside the bound
    /// (else nothing moves it).
    fn bounded(&self, active: &[u16], sums: &mut [f32]) -> (f32, bool) {
        let bound = self.bound as f32 / 100.0;
        let out = self.forward(active, sums);
        (out.clamp(-bound, bound), out.abs() < bound)
    }

    /// Add the gradient of the output (times `g`) to `grad`; `unit` is scratch space for
    /// each unit's share (one a unit).
    fn backward(
        &self,
        active: &[u16],
        sums: &[f32],
        g: f32,
        (grad, unit): (&mut [f32], &mut [f32]),
    ) {
        let h = self.hidden;
        let bias = self.bias_at();
        for j in 0..h {
            let s = sums[j];
            grad[bias + h + j] += g * s.clamp(0.0, 1.0);
            unit[j] = if s > 0.0 && s < 1.0 {
                g * self.params[bias + h + j]
            } else {
                0.0
            };
        }
        grad[bias + 2 * h] += g;
        for j in 0..h {
            grad[bias + j] += unit[j];
        }
        for &i in active {
            let row = &mut grad[i as usize * h..(i as usize + 1) * h];
            for (r, u) in row.iter_mut().zip(unit.iter()) {
                *r += u;
            }
        }
    }

    fn quantised(&self, squares: usize) -> Network {
        let h = self.hidden;
        let bias = self.bias_at();
        let output: Vec<f32> = self.params[bias + h..bias + 2 * h]
            .iter()
            .map(|w| w * 100.0)
            .collect();
        Network::from_floats(
            squares,
            h,
            (&self.params[..bias], &self.params[bias..bias + h]),
            (&output, self.params[bias + 2 * h] * 100.0),
            self.bound,
        )
    }
}

/// Fit a network on top of `start` (its own network, if any, is replaced).
pub fn fit_network(
    rules: &Rules,
    samples: &[Sample],
    start: &PatternWeights,
    settings: &NetworkSettings,
    mut progress: impl FnMut(usize, f64, f64),
) -> Result<NetworkFit, String> {
    let g = rules.board.geometry();
    if rules.board.is_wide() || g.squares > 64 {
        return Err("the network reads boards of up to 64 squares".into());
    }
    let squares = g.squares as usize;
    let warm = match (&start.network, settings.warm_start) {
        (Some(net), true) if net.squares == squares => Some(net),
        (Some(_), true) => return Err("the starting network reads another board".into()),
        (None, true) => return Err("--warm-start needs starting weights with a network".into()),
        (_, false) => None,
    };
    let hidden = warm.map_or(settings.hidden, |net| net.hidden);
    if hidden == 0 || hidden > crate::engine::network::MAX_HIDDEN {
        return Err(format!(
            "--hidden must lie in 1..={}",
            crate::engine::network::MAX_HIDDEN
        ));
    }
    let bound = settings
        .bound
        .unwrap_or(warm.map_or(DEFAULT_BOUND, |net| net.bound));
    if !(1..=MAX_BOUND).contains(&bound) {
        return Err(format!("--bound must lie in 1..={MAX_BOUND}"));
    }
    let hand = Weights::for_rules(rules);
    let scale = fit_scale(rules, hand, samples);
    let k = scale / 100.0;
    let mut base_weights = start.clone();
    base_weights.network = None;
    let mut evaluator = Evaluator::with_weights(rules, hand);
    evaluator.set_patterns(Arc::new(base_weights.clone()));
    let expected = |score: f64| 1.0 / (1.0 + (-k * score).exp());
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (s, held) in samples.iter().zip(held_out_games(samples, settings.seed)) {
        if !reads(&s.position) {
            continue;
        }
        if held {
            valid.push(s);
        } else {
            train.push(s);
        }
    }
    let rows_of = |set: &[&Sample]| {
        let mut rows = Rows {
            starts: vec![0],
            inputs: Vec::new(),
            base: Vec::new(),
            target: Vec::new(),
        };
        for s in set {
            inputs(g, &s.position, |i| rows.inputs.push(i as u16));
            rows.starts.push(rows.inputs.len() as u32);
            rows.base.push(evaluator.evaluate(&s.position) as f32);
            let own = s.mover_result();
            rows.target.push(match s.score {
                Some(score) if settings.lambda > 0.0 => {
                    (settings.lambda * expected(score as f64) + (1.0 - settings.lambda) * own)
                        as f32
                }
                _ => own as f32,
            });
        }
        rows
    };
    let valid_set = valid;
    let (train, valid) = (rows_of(&train), rows_of(&valid_set));
    if train.len() == 0 || valid.len() == 0 {
        return Err("too few games to hold one in ten out".into());
    }
    let mut rng = Rng::new(settings.seed);
    let mut net = match warm {
        Some(start) => Floats::from_network(start, bound),
        None => Floats::new(KINDS * squares, hidden, bound, &mut rng),
    };
    let loss_of = |net: &Floats, rows: &Rows| -> f64 {
        let mut sums = vec![0f32; hidden];
        let total: f64 = (0..rows.len())
            .map(|i| {
                let out = net.bounded(rows.inputs(i), &mut sums).0 as f64 * 100.0;
                cross_entropy(expected(rows.base[i] as f64 + out), rows.target[i] as f64)
            })
            .sum();
        total / rows.len() as f64
    };
    let mut valid_loss = vec![loss_of(&net, &valid)];
    let n = net.params.len();
    // Every weight steps at every batch, so each one's step count is the batch's.
    let mut adam = Adam::new(n);
    let rate = settings.rate as f32;
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut grad = vec![0f32; n];
    let mut sums = vec![0f32; hidden];
    let mut unit = vec![0f32; hidden];
    let bias = net.bias_at();
    let dz = (k * 100.0) as f32;
    for epoch in 1..=settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let mut train_loss = 0f64;
        for batch in order.chunks(settings.batch.max(1)) {
            grad.iter_mut().for_each(|x| *x = 0.0);
            for &i in batch {
                let active = train.inputs(i);
                let (out, inside) = net.bounded(active, &mut sums);
                let p = expected(train.base[i] as f64 + out as f64 * 100.0);
                train_loss += cross_entropy(p, train.target[i] as f64);
                if inside {
                    let g = (p as f32 - train.target[i]) * dz / batch.len() as f32;
                    net.backward(active, &sums, g, (&mut grad, &mut unit));
                }
            }
            for (j, &g) in grad.iter().enumerate() {
                net.params[j] -= adam.step(j, g, rate);
            }
            for w in &mut net.params[..bias] {
                *w = w.clamp(-INPUT_BOUND, INPUT_BOUND);
            }
            for b in &mut net.params[bias..bias + hidden] {
                *b = b.clamp(-BIAS_BOUND, BIAS_BOUND);
            }
        }
        let held = loss_of(&net, &valid);
        progress(epoch, train_loss / train.len() as f64, held);
        valid_loss.push(held);
    }
    let network = net.quantised(squares);
    // The held-out loss of the network as the engine reads it.
    let mut weights = base_weights;
    weights.network = Some(network);
    let mut engine = Evaluator::with_weights(rules, hand);
    engine.set_patterns(Arc::new(weights.clone()));
    let mut kinds = [KindOfPosition::default(); KIND_NAMES.len()];
    let mut quantised = 0.0;
    for ((s, &y), &base) in valid_set.iter().zip(&valid.target).zip(&valid.base) {
        let after = cross_entropy(expected(engine.evaluate(&s.position) as f64), y as f64);
        quantised += after;
        let kind = &mut kinds[kind_of(&s.position)];
        kind.positions += 1;
        kind.before += cross_entropy(expected(base as f64), y as f64);
        kind.after += after;
    }
    valid_loss.push(quantised / valid.len() as f64);
    Ok(NetworkFit {
        hidden,
        weights,
        scale,
        train: train.len(),
        valid: valid.len(),
        valid_loss,
        kinds,
    })
}

/// The kinds of position the held-out loss is broken down by (`kind_of`).
pub const KIND_NAMES: [&str; 4] = [
    "no king, 17 or more pieces",
    "no king, 16 or fewer",
    "kings, 9 or more pieces",
    "kings, 8 or fewer",
];

/// Which of `KIND_NAMES` a position is.
fn kind_of(pos: &crate::rules::Position) -> usize {
    let pieces = pos.occupied().count_ones();
    match (pos.kings != 0, pieces) {
        (false, 17..) => 0,
        (false, _) => 1,
        (true, 9..) => 2,
        (true, _) => 3,
    }
}

/// The held-out positions of one kind, and their loss summed before and after the fit.
#[derive(Copy, Clone, Debug, Default)]
pub struct KindOfPosition {
    /// How many.
    pub positions: usize,
    /// The starting weights' loss, summed.
    pub before: f64,
    /// The fitted network's (as the engine reads it), summed.
    pub after: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    /// Positions of random games from the start, each labelled won for whoever has more
    /// kings (else drawn): something the linear terms do not know, and a network can learn.
    fn labelled(rules: &Rules, games: u64) -> Vec<Sample> {
        let mut out = Vec::new();
        for seed in 0..games {
            let mut rng = Rng::new(seed);
            let line = draughts_rules::random::random_walk(rules, &mut rng, 70);
            let Some((last, _)) = line.last() else {
                continue;
            };
            let (_, wk) = last.counts(Color::White);
            let (_, bk) = last.counts(Color::Black);
            let result = match wk.cmp(&bk) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            };
            out.extend(line.iter().skip(40).map(|(pos, _)| Sample {
                position: *pos,
                white_result: result,
                score: None,
                played: None,
            }));
        }
        out
    }

    /// A fit small enough for a unit test, on `labelled`'s positions.
    fn small_fit() -> NetworkSettings {
        NetworkSettings {
            hidden: 8,
            epochs: 4,
            rate: 0.01,
            batch: 32,
            lambda: 0.0,
            bound: Some(120),
            seed: 3,
            warm_start: false,
        }
    }

    #[test]
    fn a_fit_lowers_the_held_out_loss_and_the_engine_reads_the_network_it_wrote() {
        let rules = Rules::english();
        let samples = labelled(&rules, 600);
        let start = PatternWeights::zero(0);
        let settings = NetworkSettings {
            epochs: 6,
            ..small_fit()
        };
        let fit = fit_network(&rules, &samples, &start, &settings, |_, _, _| {}).expect("fit");
        // Positions of fewer pieces than the network reads are the tables': not fitted.
        let readable = samples.iter().filter(|s| reads(&s.position)).count();
        assert!(
            readable < samples.len(),
            "the random games reach small endings"
        );
        assert_eq!(fit.train + fit.valid, readable);
        let first = fit.valid_loss[0];
        let last = *fit.valid_loss.last().expect("losses");
        assert!(last < first - 0.005, "held-out loss {first} -> {last}");
        let mut bytes = Vec::new();
        fit.weights.write(&mut bytes).expect("write");
        let read = PatternWeights::read(&mut &bytes[..]).expect("read");
        assert_eq!(read, fit.weights);
        // A bound other than the fourth format's is stated in the fifth.
        assert_eq!(&bytes[..4], b"DPW5");
        assert_eq!(read.network.map(|n| n.bound), Some(120));
    }

    #[test]
    fn a_warm_start_resumes_the_network_it_is_given() {
        let rules = Rules::english();
        let samples = labelled(&rules, 600);
        let fresh = small_fit();
        let first = fit_network(
            &rules,
            &samples,
            &PatternWeights::zero(0),
            &fresh,
            |_, _, _| {},
        )
        .expect("fit");
        let warm = NetworkSettings {
            hidden: 1,   // not used: the starting network's units are
            bound: None, // the starting network's
            warm_start: true,
            ..fresh.clone()
        };
        // No epoch: the network comes back as it went in, and so does its held-out loss.
        let resumed = fit_network(
            &rules,
            &samples,
            &first.weights,
            &NetworkSettings {
                epochs: 0,
                ..warm.clone()
            },
            |_, _, _| {},
        )
        .expect("resume");
        assert_eq!(resumed.hidden, 8);
        assert_eq!(resumed.weights.network, first.weights.network);
        let engine_read = *first.valid_loss.last().expect("losses");
        let resumed_start = resumed.valid_loss[0];
        assert!(
            (engine_read - resumed_start).abs() < 1e-3,
            "held-out loss {engine_read} at the end, {resumed_start} resumed"
        );
        // More epochs go on from there: below the fresh start's loss from the first step.
        let further =
            fit_network(&rules, &samples, &first.weights, &warm, |_, _, _| {}).expect("further");
        assert!(
            further.valid_loss[1] < first.valid_loss[1],
            "{:?}",
            further.valid_loss
        );
        // Without a network to start from, a warm start is refused.
        let refused = fit_network(
            &rules,
            &samples,
            &PatternWeights::zero(0),
            &warm,
            |_, _, _| {},
        );
        assert!(refused.is_err());
    }
}
