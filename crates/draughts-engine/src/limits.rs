//! What bounds a search, and the levels that set those bounds.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Limits of one search. `None` is unbounded (the caller's caps still apply).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies of the deepest iteration.
    pub depth: Option<u32>,
    /// Nodes searched at most.
    pub nodes: Option<u64>,
    /// Time to think (the iteration that runs out of it is cut short).
    pub time: Option<Duration>,
}

/// Playing strength presets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Two plies and noisy choices: loses to a careful beginner.
    Easy,
    /// Four plies with a little noise.
    Medium,
    /// One second, no noise.
    Hard,
    /// Five seconds, no noise.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The level's name in the API.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// The level of a name (any case).
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text))
    }

    /// Default limits of the level.
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits {
                depth: Some(2),
                nodes: None,
                time: Some(Duration::from_millis(200)),
            },
            Level::Medium => Limits {
                depth: Some(4),
                nodes: None,
                time: Some(Duration::from_millis(300)),
            },
            Level::Hard => Limits {
                depth: None,
                nodes: None,
                time: Some(Duration::from_millis(1000)),
            },
            Level::Max => Limits {
                depth: None,
                nodes: None,
                time: Some(Duration::from_millis(5000)),
            },
        }
    }

    /// How far from the best a move's score may be and still be picked (centipieces of
    /// random noise added to each root move's score): how a weaker player errs, by choosing
    /// among moves that look about as good at a shallow depth.
    pub fn noise(self) -> i32 {
        match self {
            Level::Easy => 150,
            Level::Medium => 45,
            Level::Hard | Level::Max => 0,
        }
    }
}
