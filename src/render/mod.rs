//! Board pictures: a position (with the last move, arrows and highlighted squares) drawn
//! as SVG, and rasterised to PNG; and a game review's documents (`review`). Pure functions
//! of their input, no HTTP: the endpoints and the page at `/` call them.

mod glyphs;
mod png;
pub mod review;
mod svg;

use crate::rules::{BoardSize, Color, DetailedMove, Position};

pub use png::to_png;
pub use svg::to_svg;

/// Smallest and largest picture side, in pixels.
pub const SIZES: std::ops::RangeInclusive<u32> = 64..=2048;
/// The picture side when none is asked for.
pub const DEFAULT_SIZE: u32 = 480;

/// How squares are labelled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// The PDN number in a corner of every dark square.
    Numbers,
    /// Files along the bottom edge, ranks along the left edge.
    Algebraic,
    /// No labels.
    None,
}

impl Coordinates {
    /// `numbers`, `algebraic` or `none`.
    pub fn parse(text: &str) -> Option<Coordinates> {
        match text {
            "numbers" => Some(Coordinates::Numbers),
            "algebraic" => Some(Coordinates::Algebraic),
            "none" => Some(Coordinates::None),
            _ => None,
        }
    }
}

/// A piece taken by the last move, drawn faded and crossed out where it stood.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// Its square (a bit index).
    pub square: u8,
    /// Its colour.
    pub color: Color,
    /// Whether it was a king.
    pub king: bool,
}

/// The last move: its path from the first square through every landing square, and the
/// pieces it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Bit indices: the start, then each landing square.
    pub path: Vec<u8>,
    /// The pieces taken, in jump order.
    pub taken: Vec<Taken>,
}

impl Trace {
    /// The trace of `mv` played from `before`.
    pub fn of(mv: &DetailedMove, before: &Position) -> Trace {
        let mut path = vec![mv.from];
        path.extend(mv.landings());
        let taken = mv
            .taken_in_order()
            .iter()
            .filter_map(|&square| {
                let (color, king) = before.piece_at(square)?;
                Some(Taken {
                    square,
                    color,
                    king,
                })
            })
            .collect();
        Trace { path, taken }
    }
}

/// Everything a picture shows.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The pieces drawn (after the last move, when there is one).
    pub position: Position,
    /// Black at the bottom (the board turned 180°).
    pub flip: bool,
    /// The side of the picture in pixels.
    pub size: u32,
    /// The square labels.
    pub coordinates: Coordinates,
    /// The move that led to `position`.
    pub last: Option<Trace>,
    /// Arrows from one square to another (bit indices).
    pub arrows: Vec<(u8, u8)>,
    /// Squares to mark (bit indices).
    pub highlight: Vec<u8>,
}

impl Diagram {
    /// A plain picture of a position: default size, no marks.
    pub fn new(position: Position, coordinates: Coordinates) -> Diagram {
        Diagram {
            position,
            flip: false,
            size: DEFAULT_SIZE,
            coordinates,
            last: None,
            arrows: Vec::new(),
            highlight: Vec::new(),
        }
    }

    fn board(&self) -> BoardSize {
        self.position.board
    }
}
