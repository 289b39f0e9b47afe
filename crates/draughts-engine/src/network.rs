//! A small neural network beside the learned terms of an evaluation (English, and
//! international with Ply Yard; boards of up to 64 squares): what the linear terms cannot
//! say, how the pieces' places combine (a king against men, a bridge held, a man that runs
//! only while another guards it).
//!
//! One hidden layer: the inputs are the pieces, each on its square and of its kind (own
//! man, own king, opponent's man, opponent's king) from the side to move's view (Black's
//! board turned 180°, so a position and its colour-mirrored twin score the same); each
//! hidden unit sums the weights of the pieces present and its bias, clipped to [0, 1]; the
//! output, in centipieces, is the units' weighted sum, bounded by the network's own
//! `bound`, added to the rest of the evaluation. Integers throughout: input weights and
//! biases in 1/`ONE` of an activation, output weights in 1/`OUTPUT_UNIT` of a centipiece,
//! so the search's sums are exact and vectorise. Fitted by `draughts-api train-network`
//! (docs/strength.md).

use draughts_rules::board::{Bitboard, Bits, Geometry};
use draughts_rules::{Color, Position};
use std::io::{Read, Write};

/// Kinds of input per square: own man, own king, opponent's man, opponent's king.
pub const KINDS: usize = 4;
/// An activation of 1 (the clip) in the hidden sums' integer unit.
pub const ONE: i32 = 256;
/// Output weights are in 1/`OUTPUT_UNIT` of a centipiece.
pub const OUTPUT_UNIT: i32 = 8;
/// The bound of networks in files of the fourth format, which do not state one: the most
/// the network may add to or take from the rest of the evaluation, in centipieces, half a
/// man. What it learned from games tilts the evaluation without outvoting the material;
/// unbounded, its reading of positions unlike any game's (the brute-force minimax test's
/// random ones) overturned a man and a half.
pub const DEFAULT_BOUND: i32 = 50;
/// The largest bound a file may state: four men.
pub const MAX_BOUND: i32 = 400;
/// The most hidden units a file may have (the search sums them on the stack).
pub const MAX_HIDDEN: usize = 256;
/// The bounds the fit keeps the input weights and the biases in, in activations: with at
/// most 64 pieces a hidden sum stays far inside an `i16`.
pub const INPUT_BOUND: f32 = 1.5;
/// See `INPUT_BOUND`.
pub const BIAS_BOUND: f32 = 8.0;
/// The fewest pieces a position the network reads has. Fewer are the endgame tables'
/// (every preset with a network has them up to 4 pieces, from start-up): the search looks
/// such a position up before it would evaluate it, so the network neither learns nor
/// scores them. (Where no table answers, the rest of the evaluation counts material: in
/// international the fits read two men against a king as no better than one, which the
/// tables confirm for the ending but the searcher's tactics tests rightly do not accept
/// from an evaluation.)
pub const FEWEST_PIECES: u32 = 5;

/// Whether the network reads `pos` (`FEWEST_PIECES`).
#[inline]
pub fn reads(pos: &Position) -> bool {
    pos.occupied().count_ones() >= FEWEST_PIECES
}

/// The network's integer weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Squares of the board it reads.
    pub squares: usize,
    /// Hidden units.
    pub hidden: usize,
    /// `[KINDS × squares][hidden]`: each input's weight into each unit.
    pub input: Vec<i16>,
    /// Each unit's bias.
    pub bias: Vec<i16>,
    /// Each unit's weight in the output.
    pub output: Vec<i16>,
    /// The output's bias, in 1/`OUTPUT_UNIT` of a centipiece.
    pub output_bias: i32,
    /// The most the output may add or take, in centipieces (1..=`MAX_BOUND`).
    pub bound: i32,
}

/// The input of a piece of `color` on `bit`, of kind `king`, read by the side to move.
#[inline(always)]
fn input_index(g: &Geometry, side: Color, color: Color, king: bool, bit: u8) -> usize {
    let squares = g.squares as usize;
    let square = g.square(bit) as usize;
    let view = match side {
        Color::White => square - 1,
        Color::Black => squares - square,
    };
    let kind = 2 * usize::from(color != side) + usize::from(king);
    kind * squares + view
}

/// Each input that is on in `pos` (a piece's kind and square from the side to move's view).
pub fn inputs(g: &Geometry, pos: &Position, mut visit: impl FnMut(usize)) {
    for color in [Color::White, Color::Black] {
        let pieces = pos.pieces[color.index()] as Bitboard;
        let kings = pos.kings as Bitboard;
        for bit in Bits(pieces) {
            visit(input_index(
                g,
                pos.side,
                color,
                kings & (1 << bit) != 0,
                bit,
            ));
        }
    }
}

impl Network {
    /// Quantise a network fitted in floats: input weights and biases in activations
    /// (clamped to `INPUT_BOUND` and `BIAS_BOUND`), output weights and bias in centipieces,
    /// its output bounded by `bound` (clamped to 1..=`MAX_BOUND`).
    pub fn from_floats(
        squares: usize,
        hidden: usize,
        (input, bias): (&[f32], &[f32]),
        (output, output_bias): (&[f32], f32),
        bound: i32,
    ) -> Network {
        let quantise = |v: f32, bound: f32| (v.clamp(-bound, bound) * ONE as f32).round() as i16;
        Network {
            squares,
            hidden,
            input: input.iter().map(|&v| quantise(v, INPUT_BOUND)).collect(),
            bias: bias.iter().map(|&v| quantise(v, BIAS_BOUND)).collect(),
            output: output
                .iter()
                .map(|&v| (v * OUTPUT_UNIT as f32).round().clamp(-32767.0, 32767.0) as i16)
                .collect(),
            output_bias: (output_bias * OUTPUT_UNIT as f32).round() as i32,
            bound: bound.clamp(1, MAX_BOUND),
        }
    }

    /// The network's score of `pos` in centipieces, from the side to move's view.
    #[inline]
    pub fn score(&self, g: &Geometry, pos: &Position) -> i32 {
        if !reads(pos) {
            return 0;
        }
        let hidden = self.hidden;
        let mut sums = [0i16; MAX_HIDDEN];
        let sums = &mut sums[..hidden];
        sums.copy_from_slice(&self.bias);
        inputs(g, pos, |input| {
            let row = &self.input[input * hidden..(input + 1) * hidden];
            for (sum, &w) in sums.iter_mut().zip(row) {
                // Saturating: the fit's bounds keep every sum far from the limits, and
                // the adds vectorise either way.
                *sum = sum.saturating_add(w);
            }
        });
        let mut total = self.output_bias * ONE;
        for (&sum, &w) in sums.iter().zip(&self.output) {
            total += (sum as i32).clamp(0, ONE) * w as i32;
        }
        let unit = ONE * OUTPUT_UNIT;
        (total + unit / 2)
            .div_euclid(unit)
            .clamp(-self.bound, self.bound)
    }

    /// Whether the bound must be written (it is not the fourth format's).
    pub fn states_its_bound(&self) -> bool {
        self.bound != DEFAULT_BOUND
    }

    /// Write the network: the square and unit counts (u32 LE each), the input weights, the
    /// biases and the output weights (i16 LE each), the output bias (i32 LE), then, when
    /// `states_its_bound`, the bound (u32 LE).
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(&(self.squares as u32).to_le_bytes())?;
        out.write_all(&(self.hidden as u32).to_le_bytes())?;
        for v in self.input.iter().chain(&self.bias).chain(&self.output) {
            out.write_all(&v.to_le_bytes())?;
        }
        out.write_all(&self.output_bias.to_le_bytes())?;
        if self.states_its_bound() {
            out.write_all(&(self.bound as u32).to_le_bytes())?;
        }
        Ok(())
    }

    /// Read what `write` wrote; `stated_bound` says whether the bound follows (otherwise
    /// it is `DEFAULT_BOUND`).
    pub fn read(input: &mut impl Read, stated_bound: bool) -> std::io::Result<Network> {
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut word = [0u8; 4];
        input.read_exact(&mut word)?;
        let squares = u32::from_le_bytes(word) as usize;
        input.read_exact(&mut word)?;
        let hidden = u32::from_le_bytes(word) as usize;
        if squares == 0 || squares > 64 {
            return Err(bad("bad square count in the network"));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(bad("bad hidden unit count in the network"));
        }
        let mut values = |n: usize| crate::patterns::read_values(input, n);
        let weights = values(KINDS * squares * hidden)?;
        let bias = values(hidden)?;
        let output = values(hidden)?;
        input.read_exact(&mut word)?;
        let output_bias = i32::from_le_bytes(word);
        let bound = if stated_bound {
            input.read_exact(&mut word)?;
            u32::from_le_bytes(word)
        } else {
            DEFAULT_BOUND as u32
        };
        if bound == 0 || bound > MAX_BOUND as u32 {
            return Err(bad("bad output bound in the network"));
        }
        Ok(Network {
            squares,
            hidden,
            input: weights,
            bias,
            output,
            output_bias,
            bound: bound as i32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::tests::random_line;
    use draughts_rules::Rules;

    /// A network with every weight drawn from a seeded generator.
    fn random_network(squares: usize, hidden: usize, seed: u64) -> Network {
        let mut rng = draughts_rules::random::Rng::new(seed);
        let mut draw = |scale: f32| (rng.next_u64() % 2001) as f32 / 1000.0 * scale - scale;
        let input: Vec<f32> = (0..KINDS * squares * hidden).map(|_| draw(0.4)).collect();
        let bias: Vec<f32> = (0..hidden).map(|_| draw(1.0)).collect();
        let output: Vec<f32> = (0..hidden).map(|_| draw(50.0)).collect();
        Network::from_floats(
            squares,
            hidden,
            (&input, &bias),
            (&output, draw(10.0)),
            DEFAULT_BOUND,
        )
    }

    /// The score in floats from the quantised weights, as the fit computes it.
    fn float_score(net: &Network, g: &Geometry, pos: &Position) -> f64 {
        if !reads(pos) {
            return 0.0;
        }
        let mut sums: Vec<f64> = net.bias.iter().map(|&b| b as f64).collect();
        inputs(g, pos, |i| {
            for (j, sum) in sums.iter_mut().enumerate() {
                *sum += net.input[i * net.hidden + j] as f64;
            }
        });
        let one = ONE as f64;
        let out: f64 = sums
            .iter()
            .zip(&net.output)
            .map(|(&s, &w)| s.clamp(0.0, one) / one * w as f64)
            .sum();
        let bound = net.bound as f64;
        ((out + net.output_bias as f64) / OUTPUT_UNIT as f64).clamp(-bound, bound)
    }

    #[test]
    fn the_integer_score_is_the_float_score_rounded() {
        let rules = Rules::english();
        let g = rules.board.geometry();
        let net = random_network(32, 24, 3);
        for pos in random_line(&rules, 11, 80) {
            let exact = float_score(&net, g, &pos);
            assert!(
                (net.score(g, &pos) as f64 - exact).abs() <= 0.5 + 1e-9,
                "{} against {exact}",
                net.score(g, &pos)
            );
        }
    }

    #[test]
    fn the_network_never_moves_the_evaluation_past_its_bound() {
        let rules = Rules::english();
        let g = rules.board.geometry();
        let mut net = random_network(32, 16, 13);
        net.output
            .iter_mut()
            .for_each(|w| *w = w.saturating_mul(40));
        let mut at_bound = 0;
        for pos in random_line(&rules, 17, 60) {
            let score = net.score(g, &pos);
            assert!(score.abs() <= net.bound, "{score}");
            at_bound += usize::from(score.abs() == net.bound);
        }
        assert!(
            at_bound > 10,
            "only {at_bound} of 60 scores reach the bound"
        );
    }

    #[test]
    fn a_position_and_its_colour_mirrored_twin_score_the_same() {
        let rules = Rules::english();
        let g = rules.board.geometry();
        let net = random_network(32, 16, 5);
        let mut differ = 0;
        for pos in random_line(&rules, 7, 60) {
            assert_eq!(net.score(g, &pos), net.score(g, &pos.flipped()));
            // The view matters: the same board with the other side to move reads otherwise.
            differ += usize::from(
                net.score(g, &pos) != net.score(g, &pos.with_side(pos.side.opponent())),
            );
        }
        assert!(
            differ > 30,
            "{differ} of 60 positions read the side to move"
        );
    }

    #[test]
    fn positions_of_fewer_pieces_than_it_reads_score_nothing() {
        let rules = Rules::english();
        let g = rules.board.geometry();
        let net = Network {
            output_bias: 30 * OUTPUT_UNIT,
            ..random_network(32, 8, 21)
        };
        let score = |text: &str| {
            let pos = draughts_rules::notation::fen::parse(text, rules.board)
                .expect("FEN")
                .position;
            net.score(g, &pos)
        };
        assert_eq!(
            score("W:W21,22:B9,10"),
            0,
            "four pieces: the tables' ending"
        );
        assert_ne!(score("W:W21,22,23:B9,10"), 0, "five pieces are read");
        assert_ne!(score("W:WK21,22:B9,10,K11"), 0);
    }

    #[test]
    fn networks_round_trip_through_their_bytes_and_bad_counts_are_refused() {
        let net = random_network(32, 8, 9);
        let mut bytes = Vec::new();
        net.write(&mut bytes).expect("write");
        assert_eq!(Network::read(&mut &bytes[..], false).expect("read"), net);
        let mut wide = bytes.clone();
        wide[4..8].copy_from_slice(&(MAX_HIDDEN as u32 + 1).to_le_bytes());
        assert!(Network::read(&mut &wide[..], false).is_err());
        assert!(Network::read(&mut &bytes[..bytes.len() - 1], false).is_err());
        // A bound of its own is written after the weights and read back.
        let wider = Network { bound: 120, ..net };
        let mut stated = Vec::new();
        wider.write(&mut stated).expect("write");
        assert_eq!(stated.len(), bytes.len() + 4);
        assert_eq!(Network::read(&mut &stated[..], true).expect("read"), wider);
        let last = stated.len() - 4;
        stated[last..].copy_from_slice(&(MAX_BOUND as u32 + 1).to_le_bytes());
        assert!(Network::read(&mut &stated[..], true).is_err());
    }
}
