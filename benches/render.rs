//! Board pictures: an international middlegame (with the last move, an arrow and a mark)
//! drawn as SVG, and rasterised to PNG at three sizes. The baseline in the same run is
//! `/moves`' own work on that position (legal moves), so figures read as ratios.
//! `cargo bench --bench render`; the figures are in docs/performance.md.

use draughts_api::render::{self, Coordinates, Diagram, Trace};
use draughts_api::rules::notation::fen;
use draughts_api::rules::{legal_moves, Rules};

fn main() {
    divan::main();
}

fn diagram(size: u32) -> Diagram {
    let rules = Rules::international();
    let position = fen::parse("W:W28,31-50:B1-18,20,23", rules.board)
        .expect("FEN")
        .position;
    let mv = legal_moves(&rules, &position)[0];
    let mut d = Diagram::new(position.play(&mv), Coordinates::Numbers);
    d.last = Some(Trace::of(&mv, &position));
    d.arrows = vec![(mv.to, mv.from)];
    d.highlight = vec![mv.to];
    d.size = size;
    d
}

#[divan::bench]
fn baseline_legal_moves() -> usize {
    let rules = Rules::international();
    let position = fen::parse("W:W28,31-50:B1-18,20,23", rules.board)
        .expect("FEN")
        .position;
    legal_moves(&rules, divan::black_box(&position)).len()
}

#[divan::bench]
fn svg() -> usize {
    render::to_svg(&diagram(480)).len()
}

#[divan::bench(args = [240, 480, 1024])]
fn png(size: u32) -> usize {
    let svg = render::to_svg(&diagram(size));
    render::to_png(&svg).expect("PNG").len()
}
