//! Killer draughts: international draughts, except that a king whose capture ends by taking
//! a king stops on the first square behind it. The cases: a king taking a king last, a king
//! taking a man last, a man taking a king, a capture that takes a king and goes on, and one
//! that ends on a king after others; and the rule as an override of another preset.

use draughts_rules::notation::{fen, moves};
use draughts_rules::{legal_moves, Rules};

use crate::support::preset;

/// Each legal move as `from`x`to` with its captured squares, sorted.
fn captures(rules: &Rules, text: &str) -> Vec<String> {
    let pos = fen::parse(text, rules.board).expect("a FEN").position;
    let mut list: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| {
            let g = rules.board.geometry();
            let mut bits = m.captured();
            let mut taken = Vec::new();
            while bits != 0 {
                taken.push(g.square(bits.trailing_zeros() as u8));
                bits &= bits - 1;
            }
            taken.sort();
            let taken: Vec<String> = taken.iter().map(u8::to_string).collect();
            format!("{} [{}]", moves::short(&m.mv, rules.board), taken.join(","))
        })
        .collect();
    list.sort();
    list
}

#[test]
fn a_king_that_takes_a_king_last_stops_just_behind_it() {
    // The long diagonal 46-41-37-32-28-23-19-14-10-5: the king on 46 takes the king on 37.
    let killer = captures(&preset("killer"), "W:WK46:BK37");
    assert_eq!(killer, ["46x32 [37]"]);
    // International: any of the seven squares behind it.
    let international = captures(&preset("international"), "W:WK46:BK37");
    assert_eq!(international.len(), 7, "{international:?}");
}

#[test]
fn a_king_that_takes_a_man_last_lands_anywhere_behind_it() {
    let text = "W:WK46:B37";
    assert_eq!(
        captures(&preset("killer"), text),
        captures(&preset("international"), text)
    );
    assert!(captures(&preset("killer"), text).len() > 1);
}

#[test]
fn a_man_that_takes_a_king_lands_where_it_always_does() {
    let text = "W:W32:BK28";
    let killer = captures(&preset("killer"), text);
    assert_eq!(killer, captures(&preset("international"), text));
    assert_eq!(killer.len(), 1, "{killer:?}");
}

#[test]
fn a_capture_ending_on_a_king_after_a_man_stops_behind_the_king() {
    // 46 takes the man on 37, then the king on 19: it must stop on 14 (international: 14,
    // 10 or 5).
    let killer = captures(&preset("killer"), "W:WK46:B37,K19");
    assert_eq!(killer, ["46x14 [19,37]"]);
    let international = captures(&preset("international"), "W:WK46:B37,K19");
    assert_eq!(
        international,
        ["46x10 [19,37]", "46x14 [19,37]", "46x5 [19,37]"]
    );
}

#[test]
fn a_king_taken_before_the_last_piece_does_not_stop_the_capture() {
    // The king on 37 first, then the man on 19: free landing behind the man.
    let text = "W:WK46:BK37,19";
    assert_eq!(
        captures(&preset("killer"), text),
        ["46x10 [19,37]", "46x14 [19,37]", "46x5 [19,37]"]
    );
}

#[test]
fn the_rule_is_a_parameter_any_flying_king_preset_may_take() {
    let mut russian = preset("russian");
    let before = captures(&russian, "W:WKa1:BKc3");
    russian.king_stops_after_king = true;
    let after = captures(&russian, "W:WKa1:BKc3");
    assert!(before.len() > 1, "{before:?}");
    assert_eq!(after.len(), 1, "{after:?}");
}

/// On the boards the line-table generator plays (12×12, Frisian's rows and files): a lone
/// king takes a lone king along the one line between them, so under the rule every such
/// capture has exactly one landing, one of those the plain rule allows.
#[test]
fn on_every_board_a_king_taking_a_lone_king_has_one_landing() {
    for id in ["canadian", "frisian", "international"] {
        let plain = preset(id);
        let mut killer = plain;
        killer.king_stops_after_king = true;
        let squares = plain.board.geometry().squares as u32;
        let mut seen = 0;
        for w in 1..=squares {
            for b in 1..=squares {
                if w == b {
                    continue;
                }
                let text = format!("W:WK{w}:BK{b}");
                let before = captures(&plain, &text);
                if !before.iter().any(|m| m.contains('x')) {
                    continue;
                }
                seen += 1;
                let after = captures(&killer, &text);
                assert_eq!(after.len(), 1, "{id} {text}: {after:?}");
                assert!(
                    before.contains(&after[0]),
                    "{id} {text}: {after:?} not in {before:?}"
                );
            }
        }
        assert!(seen > 100, "{id}: only {seen} captures");
    }
}
