//! Frisian draughts (`frisian`, `frysk`): hand-built positions for each of its rules, each
//! checked against the international rules where the difference is the point.
//! Square numbers are PDN (1-50); in the comments, files a-j and ranks 1-10 as White sees
//! the board, so 46 is a1 and 5 is j10.

use draughts_rules::notation::{fen, moves};
use draughts_rules::replay::{self, MoveInput};
use draughts_rules::{
    legal_moves, perft::perft, Color, DetailedMove, Game, Outcome, Position, Reason,
};

use crate::support::preset as rules;

fn game(variant: &str, text: &str) -> Game {
    let r = rules(variant);
    Game::new(r, fen::parse(text, r.board).expect("fen").position, None)
}

/// The legal moves of a game in full notation, sorted.
fn moves_of(g: &Game) -> Vec<String> {
    let mut list: Vec<DetailedMove> = Vec::new();
    g.legal_moves_into(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .map(|m| moves::full(m, g.rules.board).to_string())
        .collect();
    v.sort();
    v
}

fn legal(variant: &str, text: &str) -> Vec<String> {
    moves_of(&game(variant, text))
}

fn played(variant: &str, text: &str, line: &[&str]) -> Game {
    let g = game(variant, text);
    let inputs: Vec<MoveInput> = line
        .iter()
        .map(|m| MoveInput::Text(m.to_string()))
        .collect();
    replay::replay(g, &inputs).expect("the moves are legal")
}

#[test]
fn men_capture_along_rows_and_files() {
    // 28 (e5) and 29 (g5) share a row: the next dark square along it. The man jumps to 30.
    assert_eq!(legal("frisian", "W:W28:B29"), ["28x30"]);
    // 18 (e7) is two rows up the e-file: the man jumps over it to 8 (e9).
    assert_eq!(legal("frisian", "W:W28:B18"), ["28x8"]);
    // Neither is a capture in international draughts.
    assert_eq!(legal("international", "W:W28:B29"), ["28-22", "28-23"]);
}

#[test]
fn kings_fly_along_files_to_capture_but_move_only_diagonally() {
    // The king on 46 (a1) sees the man on 26 (a5) up the a-file, across the empty 36 (a3),
    // and may land on 16 (a7) or 6 (a9).
    assert_eq!(legal("frisian", "W:WK46:B26"), ["46x16", "46x6"]);
    // Without a capture it moves along diagonals only: never 46-36.
    assert!(!legal("frisian", "W:WK46:B5").contains(&"46-36".to_string()));
}

#[test]
fn the_capture_of_greatest_value_comes_first() {
    // A king (worth a man and a half) outweighs a man: 47x38 takes the king on 42, 34x23
    // only a man. International draughts counts pieces: both are legal there.
    assert_eq!(legal("frisian", "W:W34,47:B29,K42"), ["47x38"]);
    assert_eq!(
        legal("international", "W:W34,47:B29,K42"),
        ["34x23", "47x38"]
    );
    // Two kings (3) against three men (3): equal value, so the one with more kings.
    assert_eq!(legal("frisian", "W:W46,50:B36,16,7,K40,K20"), ["50x30x10"]);
    // Two men (2) outweigh one king (1½): the man on 46 takes 36 and 16, not the king on 42.
    assert_eq!(legal("frisian", "W:W46,47:B36,16,K42"), ["46x26x6"]);
}

#[test]
fn on_equal_value_a_king_captures() {
    // The man on 28 and the king on 46 can each take one man: the king must.
    assert_eq!(
        legal("frisian", "W:W28,K46:B29,36"),
        ["46x16", "46x26", "46x6"]
    );
}

#[test]
fn routes_taking_the_same_pieces_in_another_order_are_the_same_value() {
    // Six pieces (three kings) either way: the route ending on 10 is as legal as the one
    // ending on 4. (pydraughts sums 1.501 per king in jump order as floats and loses the
    // first: 1+1+1+1.501+1.501+1.501 is one bit below 1.501+1.501+1+1+1.501+1.)
    let list = legal("frisian", "W:WK3,7,33,K37,50:BK5,K9,K17,29,K31,32,43");
    assert!(
        list.contains(&"37x28x30x48x26x8x10".to_string()),
        "{list:?}"
    );
    assert!(
        list.contains(&"37x26x12x45x42x22x4".to_string()),
        "{list:?}"
    );
}

#[test]
fn a_king_rests_after_three_plain_moves_in_a_row() {
    // White's king makes three plain moves in a row (46-37, 37-46, 46-37) while White still
    // has a man: its fourth is not allowed, only the man may move.
    let line = ["46-37", "1-7", "37-46", "2-8", "46-37", "7-12"];
    let g = played("frisian", "W:WK46,30:B1,2", &line);
    assert_eq!(moves_of(&g), ["30-24", "30-25"]);
    // With kings only, the limit does not apply.
    let kings_only = played("frisian", "W:WK46:B1,2", &line);
    assert!(moves_of(&kings_only).contains(&"37-46".to_string()));
    // Another piece's move in between starts the count again.
    let line = [
        "46-37", "1-7", "30-24", "2-8", "37-46", "7-12", "46-37", "8-13",
    ];
    let g = played("frisian", "W:WK46,30:B1,2", &line);
    assert!(moves_of(&g).contains(&"37-46".to_string()));
    // International draughts has no such limit.
    let g = played(
        "international",
        "W:WK46,30:B1,2",
        &["46-37", "1-7", "37-46", "2-8", "46-37", "7-12"],
    );
    assert!(moves_of(&g).contains(&"37-46".to_string()));
}

#[test]
fn a_resting_king_may_still_capture() {
    // After three plain moves the king, now on 46, may not move, but a capture is a
    // capture: Black's 16-21 opens the a-file behind the man on 26.
    let line = ["37-46", "3-9", "46-37", "9-3", "37-46", "16-21"];
    let g = played("frisian", "W:WK37,30:BK3,26,16", &line);
    assert_eq!(g.resting_king(), g.position.board.geometry().bit(46));
    let list = moves_of(&g);
    assert!(
        list.iter().all(|m| m.starts_with("46x")) && !list.is_empty(),
        "{list:?}"
    );
}

#[test]
fn a_side_whose_only_mobile_piece_is_a_resting_king_loses() {
    // White's man on 36 (a3) cannot step (31 is taken) nor jump 31 (27 is behind it);
    // White's king has made three plain moves in a row and must rest: White has no legal
    // move and has lost.
    let line = ["45-50", "3-9", "50-45", "9-3", "45-50", "3-9"];
    let g = played("frisian", "W:WK45,36:BK3,31,27", &line);
    assert!(moves_of(&g).is_empty());
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoMoves
        }
    );
}

#[test]
fn two_kings_against_one_is_drawn_after_seven_moves_each() {
    // Fourteen plies of king moves, no capture, no position repeated.
    let line = [
        "2-13", "50-39", "13-35", "39-6", "35-13", "6-17", "13-2", "17-6", "1-29", "6-50", "29-1",
        "50-17", "2-13", "17-44",
    ];
    let g = played("frisian", "W:WK1,K2:BK50", &line[..13]);
    assert_eq!(g.outcome(), Outcome::Ongoing, "13 plies: not yet");
    let g = played("frisian", "W:WK1,K2:BK50", &line);
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: Reason::TwoKingsVsLoneKing
        }
    );
    // International draughts has its own rule for this ending: 5 moves each.
    let g = played("international", "W:WK1,K2:BK50", &line[..10]);
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: Reason::TwoPiecesVsLoneKing
        }
    );
}

#[test]
fn a_king_against_a_king_is_drawn_after_two_moves_each() {
    let line = ["46-41", "1-6", "41-46", "6-1"];
    let g = played("frisian", "W:WK46:BK1", &line[..3]);
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let g = played("frisian", "W:WK46:BK1", &line);
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: Reason::KingVsKing
        }
    );
}

#[test]
fn frysk_starts_with_five_men_each_on_the_back_rows() {
    let r = rules("frysk");
    let start = Position::initial(&r);
    assert_eq!(start.pieces[0].count_ones(), 5);
    assert_eq!(start.pieces[1].count_ones(), 5);
    let text = fen::write(&start);
    assert!(
        text.contains("W46,47,48,49,50") || text.contains("W46-50"),
        "{text}"
    );
    assert!(
        text.contains("B1,2,3,4,5") || text.contains("B1-5"),
        "{text}"
    );
}

#[test]
fn perft_from_the_start_positions() {
    // Equal to pydraughts' counts (`frisian`, `frysk!`, duplicates merged) to depth 5;
    // depth 6 is ours.
    let count = |id: &str, depth| perft(&rules(id), &Position::initial(&rules(id)), depth);
    let frisian = [9, 81, 658, 3874, 21265, 102431];
    let frysk = [9, 81, 657, 5329, 41829, 328329];
    for (d, (&f, &k)) in frisian.iter().zip(frysk.iter()).enumerate() {
        assert_eq!(count("frisian", d as u32 + 1), f, "frisian depth {}", d + 1);
        assert_eq!(count("frysk", d as u32 + 1), k, "frysk depth {}", d + 1);
    }
}

#[test]
fn a_route_written_differently_is_the_same_move() {
    // pydraughts writes this capture 37x10x8x26x48x30x26; the generator keeps another
    // route for it. Any route taking the same pieces from 37 to 26 names the move.
    let g = game("frisian", "W:WK3,7,33,K37,50:BK5,K9,K17,29,K31,32,43");
    let list = legal_moves(&g.rules, &g.position);
    let mut legal = Vec::new();
    let mut g2 = g.clone();
    let mv = replay::play(
        &mut g2,
        &MoveInput::Text("37x10x8x26x48x30x26".into()),
        &mut legal,
    )
    .expect("legal by another route");
    assert!(list.iter().any(|m| m.mv == mv.mv));
    let g10 = g.rules.board.geometry();
    assert_eq!(
        (mv.from, mv.to, mv.jumps),
        (g10.bit(37).unwrap_or(0), g10.bit(26).unwrap_or(0), 6)
    );
}

#[test]
fn a_refused_capture_says_which_frisian_rule_refuses_it() {
    let why = |text: &str, mv: &str| {
        let mut g = game("frisian", text);
        let mut legal = Vec::new();
        match replay::play(&mut g, &MoveInput::Text(mv.into()), &mut legal) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{mv} was accepted"),
        }
    };
    let text = why("W:W34,47:B29,K42", "34x23");
    assert!(text.contains("takes 1 in value but 1½"), "{text}");
    let text = why("W:W28,K46:B29,36", "28x30");
    assert!(text.contains("the king must take"), "{text}");
}
