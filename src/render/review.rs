//! A game review's documents: the game as annotated PDN and the score chart as SVG, from
//! the engine's verdicts (`engine::review`).

use crate::engine::review::MoveClass;
use crate::rules::notation::moves;
use crate::rules::{BoardSize, Choices, Color, DetailedMove};

/// One reviewed ply, as the writers need it.
pub struct Annotated<'a> {
    /// Who played it.
    pub side: Color,
    /// The move played.
    pub played: &'a DetailedMove,
    /// The best move, when another.
    pub best: Option<&'a DetailedMove>,
    /// The class.
    pub class: MoveClass,
    /// The score after the move, for its player, in words (`+0.35`, `win in 7`).
    pub score: String,
    /// The score after the move from White's view, in centipieces (for the chart).
    pub white_view: i32,
}

/// The game as PDN movetext: move numbers, the classes as NAGs, and each move's score and
/// (when it was not played) the best move as a comment.
pub fn annotated_pdn(
    plies: &[Annotated],
    board: BoardSize,
    first_side: Color,
    game_type: Option<u32>,
    start_fen: &str,
) -> String {
    let mut text = String::new();
    if let Some(n) = game_type {
        text.push_str(&format!("[GameType \"{n}\"]\n"));
    }
    text.push_str(&format!("[FEN \"{start_fen}\"]\n"));
    let mut number = 1;
    for (i, p) in plies.iter().enumerate() {
        if p.side == first_side || i == 0 {
            text.push_str(&format!("{number}. "));
            if p.side != first_side {
                text.push_str("... ");
            }
        }
        text.push_str(&moves::full(p.played, board));
        text.push_str(p.class.nag());
        text.push_str(&format!(" {{{}", p.score));
        if let Some(best) = p.best {
            text.push_str(&format!(", best {}", moves::full(best, board)));
        }
        text.push_str("} ");
        if p.side != first_side {
            number += 1;
            text.push('\n');
        }
    }
    text.push('*');
    text.push('\n');
    text
}

/// The score after each ply from White's view (clamped to ±5 men) as an SVG line chart;
/// mistakes and blunders are marked with circles (`data-ply`, `data-class`).
pub fn score_chart(plies: &[Annotated]) -> String {
    let (width, height, limit) = (640.0, 200.0, 500.0);
    let n = plies.len().max(1) as f64;
    let x = |i: usize| 20.0 + (width - 40.0) * (i as f64 + 1.0) / n;
    let y = |v: i32| height / 2.0 - (v as f64).clamp(-limit, limit) / limit * (height / 2.0 - 10.0);
    let points: Vec<String> = plies
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.white_view)))
        .collect();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
<rect width=\"100%\" height=\"100%\" fill=\"#fafafa\"/>\
<line x1=\"20\" y1=\"{mid}\" x2=\"{right}\" y2=\"{mid}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\
<polyline fill=\"none\" stroke=\"#246\" stroke-width=\"2\" points=\"{pts}\"/>",
        mid = height / 2.0,
        right = width - 20.0,
        pts = points.join(" ")
    );
    for (i, p) in plies.iter().enumerate() {
        let color = match p.class {
            MoveClass::Blunder => "#c00",
            MoveClass::Mistake => "#e80",
            _ => continue,
        };
        svg.push_str(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"{color}\" data-ply=\"{}\" data-class=\"{}\"/>",
            x(i),
            y(p.white_view),
            i + 1,
            p.class.name()
        ));
    }
    svg.push_str("</svg>");
    svg
}
