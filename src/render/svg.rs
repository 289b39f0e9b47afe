//! The SVG picture. One unit square is 100 user units; the `viewBox` covers the board and
//! `width`/`height` give the pixel size. Every dark square is a `rect` and every piece a `g`,
//! each with `data-square` (its PDN number); pieces also carry `data-piece` (`wm`, `wk`,
//! `bm`, `bk`), so pages and tests can find them.

use super::{glyphs, Coordinates, Diagram, Trace};
use crate::rules::{Color, Geometry};
use std::fmt::Write;

const UNIT: f64 = 100.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The light squares of a board where every square is in play.
const FULL_LIGHT: &str = "#d9b48a";
const LAST_SQUARE: &str = "#cdd26a";
const HIGHLIGHT: &str = "#ffd84d";
const PATH: &str = "#2f6fdd";
const ARROW: &str = "#15781b";
const CROSS: &str = "#d1242f";

/// The picture as SVG text.
pub fn to_svg(diagram: &Diagram) -> String {
    let g = diagram.board().geometry();
    let side = g.side as f64 * UNIT;
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{size}" height="{size}" role="img" aria-label="draughts position {fen}">"#,
        size = diagram.size,
        fen = crate::rules::notation::fen::write(&diagram.position),
    );
    let _ = write!(
        out,
        r#"<rect width="{side}" height="{side}" fill="{LIGHT}"/>"#
    );
    let view = View {
        geometry: g,
        flip: diagram.flip,
    };
    squares(&mut out, &view);
    marks(&mut out, &view, diagram);
    labels(&mut out, &view, diagram.coordinates);
    pieces(&mut out, &view, diagram);
    if let Some(trace) = &diagram.last {
        taken(&mut out, &view, trace);
        path(&mut out, &view, trace);
    }
    for &(from, to) in &diagram.arrows {
        arrow(&mut out, view.centre(from), view.centre(to), ARROW, 14.0);
    }
    out.push_str("</svg>");
    out
}

/// Where squares are drawn: White at the bottom, or turned 180° when flipped.
struct View<'a> {
    geometry: &'a Geometry,
    flip: bool,
}

impl View<'_> {
    /// Column and row on the picture (0, 0 at the top left) of a bit index.
    fn cell(&self, bit: u8) -> (u8, u8) {
        let (file, rank) = self.geometry.file_rank(bit);
        let last = self.geometry.side - 1;
        if self.flip {
            (last - file, rank)
        } else {
            (file, last - rank)
        }
    }

    fn corner(&self, bit: u8) -> (f64, f64) {
        let (col, row) = self.cell(bit);
        (col as f64 * UNIT, row as f64 * UNIT)
    }

    fn centre(&self, bit: u8) -> (f64, f64) {
        let (x, y) = self.corner(bit);
        (x + UNIT / 2.0, y + UNIT / 2.0)
    }

    /// Every playable square, in PDN order.
    fn squares(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (1..=self.geometry.squares as u32).filter_map(|n| Some((n as u8, self.geometry.bit(n)?)))
    }
}

fn squares(out: &mut String, view: &View) {
    out.push_str(r#"<g class="squares">"#);
    for (number, bit) in view.squares() {
        let (x, y) = view.corner(bit);
        // On a board where every square is in play (Turkish) the light ones are drawn too,
        // in a shade between the two, so the checkering still guides the eye.
        let (file, rank) = view.geometry.file_rank(bit);
        let fill = if view.geometry.full && (file + rank) % 2 == 1 {
            FULL_LIGHT
        } else {
            DARK
        };
        let _ = write!(
            out,
            r#"<rect data-square="{number}" x="{x}" y="{y}" width="{UNIT}" height="{UNIT}" fill="{fill}"/>"#
        );
    }
    out.push_str("</g>");
}

/// The last move's first and last squares, and the highlighted squares, tinted.
fn marks(out: &mut String, view: &View, diagram: &Diagram) {
    let mut tint = |bit: u8, colour: &str, opacity: f64| {
        let (x, y) = view.corner(bit);
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="{UNIT}" height="{UNIT}" fill="{colour}" fill-opacity="{opacity}"/>"#
        );
    };
    if let Some(trace) = &diagram.last {
        if let (Some(&first), Some(&last)) = (trace.path.first(), trace.path.last()) {
            tint(first, LAST_SQUARE, 0.7);
            tint(last, LAST_SQUARE, 0.7);
        }
    }
    for &bit in &diagram.highlight {
        tint(bit, HIGHLIGHT, 0.6);
    }
}

/// Square labels, drawn as strokes in the colour of the other squares.
fn labels(out: &mut String, view: &View, coordinates: Coordinates) {
    let mut label = |text: &str, x: f64, y: f64, height: f64, colour: &str| {
        let d = glyphs::path_data(text, x, y, height);
        let _ = write!(
            out,
            r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            height / 7.0
        );
    };
    match coordinates {
        Coordinates::None => {}
        Coordinates::Numbers => {
            for (number, bit) in view.squares() {
                let (x, y) = view.corner(bit);
                label(&number.to_string(), x + 6.0, y + 6.0, 14.0, LIGHT);
            }
        }
        Coordinates::Algebraic => {
            let side = view.geometry.side;
            for i in 0..side {
                // Files on the bottom row, ranks on the left column, as the picture shows them.
                let file = if view.flip { side - 1 - i } else { i };
                let rank = if view.flip { i + 1 } else { side - i };
                let on_dark = |col: u8, row: u8| (col + row) % 2 == 1;
                let text = ((b'a' + file) as char).to_string();
                let colour = if on_dark(i, side - 1) { LIGHT } else { DARK };
                let x = (i as f64 + 1.0) * UNIT - 7.0 - glyphs::width(&text, 16.0);
                label(&text, x, side as f64 * UNIT - 23.0, 16.0, colour);
                let text = rank.to_string();
                let colour = if on_dark(0, i) { LIGHT } else { DARK };
                label(&text, 6.0, i as f64 * UNIT + 6.0, 16.0, colour);
            }
        }
    }
}

fn piece(out: &mut String, (x, y): (f64, f64), color: Color, king: bool, attributes: &str) {
    let (fill, edge, ring) = match color {
        Color::White => ("#f7f3e8", "#5c4b37", "#b9ab92"),
        Color::Black => ("#262626", "#000000", "#5a5a5a"),
    };
    let _ = write!(
        out,
        r#"<g {attributes} transform="translate({x} {y})"><circle r="36" fill="{fill}" stroke="{edge}" stroke-width="3"/><circle r="26" fill="none" stroke="{ring}" stroke-width="3"/>"#
    );
    if king {
        out.push_str(r##"<path d="M-19 10L-19-8L-9 1L0-15L9 1L19-8L19 10Z" fill="#d4a017" stroke="#7a5a00" stroke-width="2.5" stroke-linejoin="round"/>"##);
    }
    out.push_str("</g>");
}

fn pieces(out: &mut String, view: &View, diagram: &Diagram) {
    out.push_str(r#"<g class="pieces">"#);
    for (number, bit) in view.squares() {
        if let Some((color, king)) = diagram.position.piece_at(bit) {
            let code = match (color, king) {
                (Color::White, false) => "wm",
                (Color::White, true) => "wk",
                (Color::Black, false) => "bm",
                (Color::Black, true) => "bk",
            };
            let attributes = format!(r#"data-square="{number}" data-piece="{code}""#);
            piece(out, view.centre(bit), color, king, &attributes);
        }
    }
    out.push_str("</g>");
}

/// Pieces the last move took, faded and crossed out where they stood.
fn taken(out: &mut String, view: &View, trace: &Trace) {
    out.push_str(r#"<g class="taken" opacity="0.5">"#);
    for t in &trace.taken {
        let number = view.geometry.square(t.square);
        let attributes = format!(r#"data-taken="{number}""#);
        piece(out, view.centre(t.square), t.color, t.king, &attributes);
    }
    out.push_str("</g>");
    for t in &trace.taken {
        let (x, y) = view.centre(t.square);
        let _ = write!(
            out,
            r#"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{CROSS}" stroke-width="9" stroke-linecap="round"/>"#,
            x - 22.0,
            y - 22.0,
            x + 22.0,
            y + 22.0,
            x + 22.0,
            y - 22.0,
            x - 22.0,
            y + 22.0
        );
    }
}

/// The last move's path: a line through every landing square, an arrowhead at the end.
fn path(out: &mut String, view: &View, trace: &Trace) {
    let points: Vec<(f64, f64)> = trace.path.iter().map(|&b| view.centre(b)).collect();
    let [.., before, end] = points.as_slice() else {
        return;
    };
    if points.len() > 2 {
        let mut d = String::new();
        for (i, (x, y)) in points[..points.len() - 1].iter().enumerate() {
            let _ = write!(d, "{}{x} {y}", if i == 0 { 'M' } else { 'L' });
        }
        let _ = write!(
            out,
            r#"<path d="{d}" fill="none" stroke="{PATH}" stroke-opacity="0.8" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>"#
        );
    }
    arrow(out, *before, *end, PATH, 12.0);
}

/// A straight arrow from one centre to another, its head ending on the second.
fn arrow(out: &mut String, from: (f64, f64), to: (f64, f64), colour: &str, width: f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = 3.0 * width;
    let base = (to.0 - ux * head, to.1 - uy * head);
    let (nx, ny) = (-uy * head * 0.6, ux * head * 0.6);
    let _ = write!(
        out,
        r#"<g class="arrow" fill="{colour}" stroke="{colour}" opacity="0.8"><path d="M{:.1} {:.1}L{:.1} {:.1}" stroke-width="{width}" stroke-linecap="round"/><path d="M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z" stroke="none"/></g>"#,
        from.0,
        from.1,
        base.0,
        base.1,
        to.0,
        to.1,
        base.0 + nx,
        base.1 + ny,
        base.0 - nx,
        base.1 - ny,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Diagram;
    use crate::rules::{Position, Preset};

    fn start(id: &str) -> Position {
        Position::initial(&Preset::find(id).expect("preset").rules)
    }

    #[test]
    fn one_element_per_piece_and_square() {
        let svg = to_svg(&Diagram::new(start("international"), Coordinates::Numbers));
        assert_eq!(svg.matches("data-piece=\"wm\"").count(), 20);
        assert_eq!(svg.matches("data-piece=\"bm\"").count(), 20);
        assert_eq!(svg.matches("<rect data-square=").count(), 50);
    }

    #[test]
    fn flipping_turns_the_board() {
        let mut d = Diagram::new(start("english"), Coordinates::None);
        let plain = to_svg(&d);
        d.flip = true;
        let flipped = to_svg(&d);
        // Square 1 (b8) is drawn at the top normally and at the bottom when flipped.
        assert!(
            plain.contains(r#"data-square="1" x="100" y="0""#),
            "{plain}"
        );
        assert!(flipped.contains(r#"data-square="1" x="600" y="700""#));
    }
}
