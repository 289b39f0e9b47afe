//! The win conditions (`win_condition`): antidraughts, where a side that loses every piece
//! or cannot move wins, and breakthrough, where the first king wins. Each position is
//! played under the international rules too, to show that the parameter alone decides.

use draughts_engine::{think, Caps, Limits, Request};
use draughts_rules::notation::{fen, moves};
use draughts_rules::{detail, legal_moves, Color, Game, Outcome, Reason, Rules};

fn game(variant: &str, text: &str) -> Game {
    let rules = Rules::preset(variant).expect("preset");
    let pos = fen::parse(text, rules.board).expect("fen").position;
    Game::new(rules, pos, None)
}

/// Play `mv` (full notation) and give the outcome.
fn after(variant: &str, text: &str, mv: &str) -> Outcome {
    let mut g = game(variant, text);
    let list = legal_moves(&g.rules, &g.position);
    let m = list
        .iter()
        .find(|m| moves::full(m, g.rules.board) == mv)
        .unwrap_or_else(|| panic!("{mv} is legal in {text}"));
    g.play(m);
    g.outcome()
}

#[test]
fn antidraughts_a_side_that_loses_its_last_piece_wins() {
    // White's man on 33 must take Black's last man on 28: Black, left with nothing, wins.
    let text = "W:W33:B28";
    assert_eq!(
        after("antidraughts", text, "33x22"),
        Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoPieces
        }
    );
    assert_eq!(
        after("international", text, "33x22"),
        Outcome::Win {
            winner: Color::White,
            reason: Reason::NoPieces
        }
    );
}

#[test]
fn antidraughts_a_side_that_cannot_move_wins() {
    // Black's man on 46 is blocked... by the board's edge: a black man on the last row
    // cannot stand (it would be a king), so block one on 36 with White men on 41 and 47,
    // whose own squares are all taken: Black to move has no move and wins.
    let text = "B:W41,47:B36";
    let g = game("antidraughts", text);
    assert!(legal_moves(&g.rules, &g.position).is_empty());
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoMoves
        }
    );
    assert_eq!(
        game("international", text).outcome(),
        Outcome::Win {
            winner: Color::White,
            reason: Reason::NoMoves
        }
    );
}

#[test]
fn breakthrough_the_first_king_wins_at_once() {
    // White's man on 6 steps to 1 and is crowned; Black still has men and moves, but the
    // game is over. Under the international rules it goes on.
    let text = "W:W6,45:B20,25";
    assert_eq!(
        after("breakthrough", text, "6-1"),
        Outcome::Win {
            winner: Color::White,
            reason: Reason::FirstKing
        }
    );
    assert_eq!(after("international", text, "6-1"), Outcome::Ongoing);
    // A man that only passes the far row during a capture is not crowned (the
    // international rule): 13x2x11 touches square 2 but ends on 11, so no king and no win.
    let text = "W:W13:B7,8,40";
    assert_eq!(after("breakthrough", text, "13x2x11"), Outcome::Ongoing);
}

#[test]
fn breakthrough_a_side_with_a_king_has_already_won() {
    let g = game("breakthrough", "B:WK1,45:B20,25");
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            winner: Color::White,
            reason: Reason::FirstKing
        }
    );
}

fn best(variant: &str, text: &str, depth: u32) -> String {
    let g = game(variant, text);
    let req = Request {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..Request::default()
    };
    let answer = think(&g, &req, &Caps::default(), None).expect("a move");
    let d = detail(&g.rules, &g.position, &answer.best);
    moves::full(&d, g.rules.board).to_string()
}

#[test]
fn the_searcher_plays_for_the_variant_s_goal() {
    // Antidraughts: White can give its man away (32-28, then Black must take it and White,
    // left with nothing, wins) or keep it (32-27). The international searcher keeps it.
    let text = "W:W32:B23";
    assert_eq!(best("antidraughts", text, 6), "32-28");
    assert_eq!(best("international", text, 6), "32-27");
    // Breakthrough: the man on 7 crowns at once (7-1 or 7-2) whatever it leaves behind;
    // the other men's moves do not end the game.
    let text = "W:W7,46:B9,10,36";
    let m = best("breakthrough", text, 4);
    assert!(m == "7-1" || m == "7-2", "{m}");
}
