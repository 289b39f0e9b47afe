//! Perft against the published node counts (duplicates merged). Fast depths here; the deep
//! ones run in `cargo bench --bench perft` and with `draughts-api perft`.

use draughts_rules::notation::fen;
use draughts_rules::perft::perft;
use draughts_rules::{Position, Rules};

fn check(variant: &str, start: Option<&str>, expected: &[u64]) {
    let rules = Rules::preset(variant).expect("preset");
    let pos = match start {
        Some(text) => fen::parse(text, rules.board).expect("fen").position,
        None => Position::initial(&rules),
    };
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            perft(&rules, &pos, depth),
            want,
            "{variant} {start:?} depth {depth}"
        );
    }
}

#[test]
fn international_start() {
    check("international", None, &[9, 81, 658, 4265, 27117, 167140]);
}

/// Killer draughts differs from international only once a king takes a king, which no
/// line from the start reaches for many plies: the same published counts.
#[test]
fn killer_start() {
    check("killer", None, &[9, 81, 658, 4265, 27117, 167140]);
}

/// Where kings face kings the two part: Random178 has kings on both sides.
#[test]
fn killer_random178_differs_from_international_where_a_king_takes_a_king_last() {
    let text = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    let killer = Rules::preset("killer").expect("preset");
    let international = Rules::preset("international").expect("preset");
    let pos = fen::parse(text, killer.board).expect("fen").position;
    for depth in 1..=3 {
        assert_eq!(
            perft(&killer, &pos, depth),
            perft(&international, &pos, depth)
        );
    }
    // At the fourth ply a king takes a king last and has one landing instead of several
    // (5432 under international rules; ours, as no count is published).
    assert_eq!(perft(&killer, &pos, 4), 5165);
}

#[test]
fn international_woldouby() {
    check(
        "international",
        Some("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"),
        &[6, 12, 30, 73, 215, 590, 1944, 6269],
    );
}

#[test]
fn international_random178() {
    check(
        "international",
        Some("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"),
        &[14, 55, 1168, 5432],
    );
}

#[test]
fn english_start() {
    check(
        "english",
        None,
        &[7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    );
    check("american", None, &[7, 49, 302]);
}

#[test]
fn russian_start() {
    check("russian", None, &[7, 49, 302, 1469, 7482, 37986, 190146]);
}

#[test]
fn brazilian_start() {
    check("brazilian", None, &[7, 49, 302, 1469, 7473, 37628, 187302]);
}

#[test]
fn italian_start() {
    check("italian", None, &[7, 49, 302, 1469, 7361, 36473, 177532]);
}

#[test]
fn spanish_start() {
    check("spanish", None, &[7, 49, 302, 1469, 7361, 36473, 177532]);
}

#[test]
fn czech_start() {
    check("czech", None, &[7, 49, 302, 1469, 7361, 36768, 179740]);
}

#[test]
fn antidraughts_and_breakthrough_start() {
    // The international moves (equal to pydraughts' `antidraughts` and `breakthrough` counts
    // at low depth): only the end of the game differs.
    for variant in ["antidraughts", "breakthrough"] {
        check(variant, None, &[9, 81, 658, 4265, 27117, 167140]);
    }
}
