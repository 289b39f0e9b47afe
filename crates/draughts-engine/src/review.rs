//! A game review's verdicts, as data: the class of each move by how much it lost and each
//! side's accuracy. The documents made of them (the annotated PDN, the score chart) are
//! written by the service (`render::review`).

use draughts_rules::Choices;
use serde::Serialize;

/// Loss thresholds, in centipieces (a man is 100): below the first a move that is not the
/// best is `good`, then `inaccuracy`, `mistake`, and `blunder` from the last on.
pub const THRESHOLDS: [i32; 3] = [25, 75, 150];

/// What a move was worth against the best one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveClass {
    /// The searcher's own choice.
    Best,
    /// Lost less than the first threshold.
    Good,
    /// Lost less than the second.
    Inaccuracy,
    /// Lost less than the third.
    Mistake,
    /// Lost more.
    Blunder,
}

impl Choices for MoveClass {
    const ALL: &'static [Self] = &[
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];
}

impl MoveClass {
    /// The PDN annotation glyph of a class (none for `best` and `good`).
    pub fn nag(self) -> &'static str {
        match self {
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
            MoveClass::Best | MoveClass::Good => "",
        }
    }
}

/// The class of a move that lost `loss` centipieces (`best` when it was the best move).
pub fn class(was_best: bool, loss: i32) -> MoveClass {
    if was_best {
        MoveClass::Best
    } else if loss < THRESHOLDS[0] {
        MoveClass::Good
    } else if loss < THRESHOLDS[1] {
        MoveClass::Inaccuracy
    } else if loss < THRESHOLDS[2] {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    }
}

/// Accuracy from a side's losses: 100 × the mean of (1 − min(loss, 300) / 300).
pub fn accuracy(losses: &[i32]) -> f64 {
    if losses.is_empty() {
        return 100.0;
    }
    let sum: f64 = losses
        .iter()
        .map(|&l| 1.0 - l.clamp(0, 300) as f64 / 300.0)
        .sum();
    (1000.0 * sum / losses.len() as f64).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_by_loss() {
        assert_eq!(class(true, 0), MoveClass::Best);
        assert_eq!(class(false, 0), MoveClass::Good);
        assert_eq!(class(false, 24), MoveClass::Good);
        assert_eq!(class(false, 25), MoveClass::Inaccuracy);
        assert_eq!(class(false, 75), MoveClass::Mistake);
        assert_eq!(class(false, 150), MoveClass::Blunder);
        assert_eq!(class(false, 2000), MoveClass::Blunder);
    }

    #[test]
    fn accuracy_is_a_mean_of_capped_losses() {
        assert_eq!(accuracy(&[]), 100.0);
        assert_eq!(accuracy(&[0, 0]), 100.0);
        assert_eq!(accuracy(&[300, 0]), 50.0);
        assert_eq!(accuracy(&[3000]), 0.0);
    }
}
