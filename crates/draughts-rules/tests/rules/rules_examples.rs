//! Hand-built positions for every rule of play (captures, their priorities, crowning,
//! removal) and every rule parameter of `Rules` (`src/variant.rs`), each preset's reading in
//! `docs/rules.md`.
//! Each test builds a position, explains what the rule demands, and checks the exact set of
//! legal moves (or status) the engine produces.

use draughts_rules::notation::{fen, moves};
use draughts_rules::{legal_moves, BoardSize, Color, Game, Outcome, Position, Reason, Rules};
use draughts_rules::{CapturePriority, PromotionInCapture, Removal};

use crate::support::preset as rules;

/// PDN number of an algebraic square.
fn sq(board: BoardSize, name: &str) -> u32 {
    let g = board.geometry();
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().expect("rank");
    g.square(g.bit_at(file, rank - 1).expect("dark square")) as u32
}

/// Build a FEN from algebraic squares: `K` prefix marks a king.
fn fen_of(board: BoardSize, side: char, white: &[&str], black: &[&str]) -> String {
    let list = |pieces: &[&str]| {
        pieces
            .iter()
            .map(|p| match p.strip_prefix('K') {
                Some(s) => format!("K{}", sq(board, s)),
                None => sq(board, p).to_string(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{side}:W{}:B{}", list(white), list(black))
}

fn position(r: &Rules, text: &str) -> Position {
    fen::parse(text, r.board).expect("valid FEN").position
}

/// Legal moves in full numeric notation, sorted.
fn full_moves(r: &Rules, text: &str) -> Vec<String> {
    let pos = position(r, text);
    let mut v: Vec<String> = legal_moves(r, &pos)
        .iter()
        .map(|m| moves::full(m, r.board))
        .collect();
    v.sort();
    v
}

/// Legal moves in algebraic notation, sorted.
fn algebraic_moves(r: &Rules, text: &str) -> Vec<String> {
    let pos = position(r, text);
    let mut v: Vec<String> = legal_moves(r, &pos)
        .iter()
        .map(|m| moves::algebraic(m, r.board))
        .collect();
    v.sort();
    v
}

#[test]
fn international_maximum_capture_is_compulsory() {
    // Seed 000: the man on 32 can take two pieces (27, 17) ending on 12, or three
    // (28, 19, 9) ending on 3. Only the three-piece sequence is legal.
    let r = rules("international");
    let text = "W:W32:B9,17,19,27,28";
    assert_eq!(full_moves(&r, text), ["32x23x14x3"]);
    // With free choice both sequences are legal: the filter, not the generator, removed one.
    let free = Rules {
        capture_priority: CapturePriority::Free,
        ..r
    };
    assert_eq!(full_moves(&free, text), ["32x21x12", "32x23x14x3"]);
}

#[test]
fn plyyard_prefers_more_kings_when_totals_tie() {
    // Seed 000: one piece either way; 27 is a man, 28 a king. Ply Yard: only the king
    // capture. FMJD: both.
    let text = "W:W32:B27,K28";
    assert_eq!(full_moves(&rules("plyyard"), text), ["32x23"]);
    assert_eq!(
        full_moves(&rules("international"), text),
        ["32x21", "32x23"]
    );
}

#[test]
fn plyyard_immediate_removal_lets_a_king_cross_an_emptied_square() {
    // King a1 takes c3, f4, f2 and ends the route a1-e5-g3-e1; from e1 the piece on d2 can be
    // taken only by landing on c3 or beyond, i.e. across the square of the first victim.
    // Immediate removal (Ply Yard): c3 is empty by then, so four pieces fall.
    // End-of-move removal (FMJD): c3 still stands and blocks, so three is the most.
    let b = BoardSize::Ten;
    let text = fen_of(b, 'W', &["Ka1"], &["c3", "f4", "f2", "d2"]);
    let most = |r: &Rules| {
        legal_moves(r, &position(r, &text))
            .iter()
            .map(|m| m.captures.count_ones())
            .max()
            .unwrap_or(0)
    };
    let plyyard = rules("plyyard");
    assert_eq!(most(&plyyard), 4);
    assert_eq!(most(&rules("international")), 3);
    // Ply Yard's first player is Black, but this position says White is to move.
    assert_eq!(position(&plyyard, &text).side, Color::White);
    for m in legal_moves(&plyyard, &position(&plyyard, &text)) {
        let crossed_or_landed_c3 = m
            .landings()
            .iter()
            .any(|&l| b.geometry().square(l) as u32 == sq(b, "c3"))
            || [sq(b, "b4"), sq(b, "a5")].contains(&(b.geometry().square(m.to) as u32));
        assert!(crossed_or_landed_c3, "{}", moves::full(&m, b));
    }
    // Without immediate removal the override on Ply Yard gives the FMJD answer.
    let plyyard_end = Rules {
        removal: Removal::EndOfMove,
        ..plyyard
    };
    assert_eq!(most(&plyyard_end), 3);
}

#[test]
fn english_multi_jump_is_written_with_every_landing() {
    // Seed 004: 27x18x11 leaves 27, lands on 18 and ends on 11, taking 23 and 15.
    let r = rules("english");
    let pos = position(&r, "W:W27:B15,23");
    let list = legal_moves(&r, &pos);
    assert_eq!(list.len(), 1);
    assert_eq!(moves::full(&list[0], r.board), "27x18x11");
    assert_eq!(moves::short(&list[0], r.board), "27x11");
    let g = r.board.geometry();
    let taken: Vec<u8> = list[0]
        .taken_in_order()
        .iter()
        .map(|&b| g.square(b))
        .collect();
    assert_eq!(taken, [23, 15]);
}

#[test]
fn english_man_crowned_in_a_capture_stops_there() {
    // Seed 004: the man on 11 jumps 7 and lands on 2, the far row. As a king it could go on
    // over 6 to 9, but the move ends with the crowning.
    let r = rules("english");
    let text = "W:W11:B6,7";
    let pos = position(&r, text);
    let list = legal_moves(&r, &pos);
    assert_eq!(
        list.iter()
            .map(|m| moves::full(m, r.board))
            .collect::<Vec<_>>(),
        ["11x2"]
    );
    assert!(list[0].crowns);
    // The same position with "continues as king" (an override) goes on to 9.
    let on = Rules {
        promotion_in_capture: PromotionInCapture::ContinuesAsKing,
        ..r
    };
    assert_eq!(full_moves(&on, text), ["11x2x9"]);
}

#[test]
fn promotion_at_end_versus_continues_as_king_versus_stops() {
    // A white man on b6 takes c7 and reaches d8 (the far row); from d8 the piece on e7 can be
    // taken backwards.
    let b = BoardSize::Eight;
    let text = fen_of(b, 'W', &["b6"], &["c7", "e7"]);
    // Brazilian (at_end): it goes on as a man, lands on f6 and is not crowned.
    let brazilian = rules("brazilian");
    let pos = position(&brazilian, &text);
    let list = legal_moves(&brazilian, &pos);
    assert_eq!(algebraic_moves(&brazilian, &text), ["b6:d8:f6"]);
    assert!(!list[0].crowns);
    // Russian (continues_as_king): crowned at once, goes on as a flying king: three landings.
    let russian = rules("russian");
    assert_eq!(
        algebraic_moves(&russian, &text),
        ["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"]
    );
    assert!(legal_moves(&russian, &position(&russian, &text))
        .iter()
        .all(|m| m.crowns));
    // Stops (an override on Brazilian): crowned on d8, the move ends.
    let stops = Rules {
        promotion_in_capture: PromotionInCapture::Stops,
        ..brazilian
    };
    assert_eq!(algebraic_moves(&stops, &text), ["b6:d8"]);
    assert!(legal_moves(&stops, &position(&stops, &text))[0].crowns);
}

#[test]
fn a_man_passing_the_far_row_is_crowned_only_if_it_ends_there() {
    // International at_end: a man that ends on the far row is crowned.
    let r = rules("international");
    // 7 jumps 2?  No: white man on 12 takes 7 (odd row) landing on 1: ends on the far row.
    let list = legal_moves(&r, &position(&r, "W:W12:B7"));
    assert_eq!(list.len(), 1);
    assert_eq!(moves::full(&list[0], r.board), "12x1");
    assert!(list[0].crowns);
}

#[test]
fn english_player_with_pieces_but_no_move_loses() {
    // Seed 004: White's man on 29 faces a black man on 25 backed by 22: no step, no jump.
    let r = rules("english");
    let pos = position(&r, "W:W29:B22,25");
    assert!(legal_moves(&r, &pos).is_empty());
    let game = Game::new(r, pos, None);
    assert_eq!(
        game.outcome(),
        Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoMoves
        }
    );
    // No pieces at all is a loss too.
    let game = Game::new(r, position(&r, "W:W:B22"), None);
    assert_eq!(
        game.outcome(),
        Outcome::Win {
            winner: Color::Black,
            reason: Reason::NoPieces
        }
    );
}

#[test]
fn italian_men_may_not_capture_kings_but_spanish_men_may() {
    // A white man on c3 faces a black king on d4 with e5 empty.
    let b = BoardSize::Eight;
    let text = fen_of(b, 'W', &["c3"], &["Kd4"]);
    assert_eq!(algebraic_moves(&rules("italian"), &text), ["c3-b4"]);
    assert_eq!(algebraic_moves(&rules("spanish"), &text), ["c3:e5"]);
}

#[test]
fn italian_prefers_capturing_with_a_king() {
    // Both a white king (d4, over e5) and a white man (a3, over b4) can take one man.
    let b = BoardSize::Eight;
    let text = fen_of(b, 'W', &["Kd4", "a3"], &["e5", "b4"]);
    assert_eq!(algebraic_moves(&rules("italian"), &text), ["d4:f6"]);
    assert_eq!(
        algebraic_moves(&rules("english"), &text),
        ["a3:c5", "d4:f6"]
    );
}

#[test]
fn italian_prefers_more_kings_then_the_king_met_first() {
    let b = BoardSize::Eight;
    // The king on d4 can take one man (e5) or one king (c5): the king must be taken.
    let text = fen_of(b, 'W', &["Kd4"], &["e5", "Kc5"]);
    assert_eq!(algebraic_moves(&rules("italian"), &text), ["d4:b6"]);
    // Two pieces and one king either way: d4xe5(K)xg7 meets the king first, d4xc5xc7(K)
    // meets it second. Only the first is legal.
    let text = fen_of(b, 'W', &["Kd4"], &["Ke5", "g7", "c5", "Kc7"]);
    assert_eq!(algebraic_moves(&rules("italian"), &text), ["d4:f6:h8"]);
    assert_eq!(
        algebraic_moves(&rules("english"), &text),
        ["d4:b6:d8", "d4:f6:h8"]
    );
}

#[test]
fn czech_king_must_capture_when_one_can() {
    let b = BoardSize::Eight;
    // A white king (d4) and a white man (a3) can each take one piece: only the king may.
    let text = fen_of(b, 'W', &["Kd4", "a3"], &["e5", "b4"]);
    assert_eq!(
        algebraic_moves(&rules("czech"), &text),
        ["d4:f6", "d4:g7", "d4:h8"]
    );
    // With no king able to capture, any man's capture, free choice (not the maximum).
    let text = fen_of(b, 'W', &["c3", "a3"], &["d4", "f6", "b4"]);
    assert_eq!(
        algebraic_moves(&rules("czech"), &text),
        ["a3:c5", "c3:a5", "c3:e5:g7"]
    );
}

#[test]
fn spanish_takes_most_pieces_then_most_kings() {
    let b = BoardSize::Eight;
    // A man on c3 may take d4 (a man) or b4 (a king): one piece either way, the king wins.
    let text = fen_of(b, 'W', &["c3"], &["d4", "Kb4"]);
    assert_eq!(algebraic_moves(&rules("spanish"), &text), ["c3:a5"]);
    assert_eq!(
        algebraic_moves(&rules("english"), &text),
        ["c3:a5", "c3:e5"]
    );
}

#[test]
fn forced_capture_off_allows_plain_moves_beside_captures() {
    // English: the man on 27 can take 23 (landing 18) or, with the house rule, step to 24.
    let r = rules("english");
    let text = "W:W27:B23";
    assert_eq!(full_moves(&r, text), ["27x18"]);
    let house = Rules {
        forced_capture: false,
        ..r
    };
    assert_eq!(full_moves(&house, text), ["27-24", "27x18"]);
    // A capture, once chosen, still follows the priority rule (Brazilian: maximum).
    let b = BoardSize::Eight;
    let text = fen_of(b, 'W', &["c3", "h2"], &["d4", "f6", "b4"]);
    let brazilian = Rules {
        forced_capture: false,
        ..rules("brazilian")
    };
    assert_eq!(algebraic_moves(&brazilian, &text), ["c3:e5:g7", "h2-g3"]);
}

#[test]
fn sequences_with_the_same_from_to_and_captures_are_one_move() {
    // A flying king on c5 can take d4, f4, f6 and d6 going round either way and come back
    // past its own square: each end square is one move, not two.
    let b = BoardSize::Ten;
    let r = rules("international");
    let text = fen_of(b, 'W', &["Kc5"], &["d4", "f4", "f6", "d6"]);
    let list = legal_moves(&r, &position(&r, &text));
    assert!(list.iter().all(|m| m.captures.count_ones() == 4));
    // One way round ends behind d6 (c5, b4, a3), the other behind d4 (c5, b6, a7): six
    // sequences, and the two that end on c5 are the same move.
    let mut ends: Vec<String> = list.iter().map(|m| b.geometry().algebraic(m.to)).collect();
    ends.sort();
    assert_eq!(ends, ["a3", "a7", "b4", "b6", "c5"]);
    for (i, a) in list.iter().enumerate() {
        for c in &list[i + 1..] {
            assert!(!a.same_move(c));
        }
    }
}

#[test]
fn a_flying_king_must_land_where_it_can_go_on() {
    // Russian (free priority): the king on a1 takes c3; of the squares behind it (d4 to h8)
    // only e5 lets it go on (over f4 to g3 or h2). Stopping on d4 is not a complete sequence.
    let b = BoardSize::Eight;
    let r = rules("russian");
    let text = fen_of(b, 'W', &["Ka1"], &["c3", "f4"]);
    assert_eq!(algebraic_moves(&r, &text), ["a1:e5:g3", "a1:e5:h2"]);
    // Without the piece on f4 every landing square ends the move.
    let text = fen_of(b, 'W', &["Ka1"], &["c3"]);
    assert_eq!(
        algebraic_moves(&r, &text),
        ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]
    );
}

#[test]
fn men_capture_backwards_only_where_the_preset_says() {
    // A white man on d4 with a black man behind it on c3 (b2 empty).
    let b = BoardSize::Eight;
    let text = fen_of(b, 'W', &["d4"], &["c3"]);
    assert_eq!(algebraic_moves(&rules("russian"), &text), ["d4:b2"]);
    assert_eq!(
        algebraic_moves(&rules("english"), &text),
        ["d4-c5", "d4-e5"]
    );
}

#[test]
fn short_and_flying_kings() {
    let b = BoardSize::Eight;
    let text = fen_of(b, 'W', &["Ka1"], &["h8"]);
    assert_eq!(algebraic_moves(&rules("english"), &text), ["a1-b2"]);
    assert_eq!(algebraic_moves(&rules("spanish"), &text).len(), 6);
}

#[test]
fn first_player_of_each_preset() {
    let expect = [
        ("international", Color::White),
        ("plyyard", Color::Black),
        ("english", Color::Black),
        ("american", Color::Black),
        ("spanish", Color::Black),
        ("russian", Color::White),
        ("brazilian", Color::White),
        ("italian", Color::White),
        ("czech", Color::White),
    ];
    for (id, side) in expect {
        let r = rules(id);
        assert_eq!(Position::initial(&r).side, side, "{id}");
    }
    // Spanish played officially: White first, by override.
    let official = Rules {
        first_player: Color::White,
        ..rules("spanish")
    };
    assert_eq!(Position::initial(&official).side, Color::White);
}

#[test]
fn turkish_strike_pieces_cannot_be_jumped_twice() {
    // End-of-move removal: a king cannot jump a piece it has already jumped, even where the
    // geometry would allow it; immediate removal makes the square passable instead.
    let b = BoardSize::Ten;
    let r = rules("international");
    let text = fen_of(b, 'W', &["Ka1"], &["c3"]);
    for m in legal_moves(&r, &position(&r, &text)) {
        assert_eq!(m.captures.count_ones(), 1);
    }
}

fn play_all(r: &Rules, start: &str, list: &[&str]) -> Game {
    let f = fen::parse(start, r.board).expect("fen");
    let mut game = Game::new(*r, f.position, f.halfmove);
    for text in list {
        let legal = legal_moves(r, &game.position);
        let written = moves::parse(text, r.board).expect("move text");
        let i =
            moves::resolve(&written, &legal, r.board).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        game.play(&legal[i]);
    }
    game
}

#[test]
fn threefold_repetition_is_a_draw() {
    let r = rules("english");
    let shuffle = ["29-25", "4-8", "25-29", "8-4"];
    let twice: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    let game = play_all(&r, "W:WK29:BK4", &twice[..4]);
    assert_eq!(game.counters.repetitions, 2);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    let game = play_all(&r, "W:WK29:BK4", &twice);
    assert_eq!(game.counters.repetitions, 3);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: Reason::ThreefoldRepetition
        }
    );
}

#[test]
fn english_forty_moves_without_a_man_move_or_capture() {
    let r = rules("english");
    // 79 plies already without a man move (the FEN's H field); one more king move draws.
    let game = play_all(&r, "W:WK29:BK4,12:H79", &["29-25"]);
    assert_eq!(game.counters.king_moves_without_capture, 80);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: Reason::KingMovesWithoutCapture
        }
    );
    // A man move resets the count.
    let game = play_all(&r, "B:WK29:BK4,12:H79", &["12-16"]);
    assert_eq!(game.counters.king_moves_without_capture, 0);
    assert_eq!(game.outcome(), Outcome::Ongoing);
}

#[test]
fn a_win_on_the_move_that_completes_a_draw_count_is_a_win() {
    // White's king steps 27-32 and leaves Black's last man (28) without a move on the 80th ply.
    let r = rules("english");
    let game = play_all(&r, "W:WK27:B28:H79", &["27-32"]);
    assert_eq!(game.counters.king_moves_without_capture, 80);
    assert_eq!(
        game.outcome(),
        Outcome::Win {
            winner: Color::White,
            reason: Reason::NoMoves
        }
    );
}

#[test]
fn spanish_forty_moves_without_capture_or_promotion() {
    let r = rules("spanish");
    // Man moves do not reset this count; captures and promotions do.
    let game = play_all(&r, "B:W29,31:B1,3:H79", &["3-8"]);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: Reason::MovesWithoutCaptureOrPromotion
        }
    );
    let english = rules("english");
    let game = play_all(&english, "B:W29,31:B1,3:H79", &["3-8"]);
    assert_eq!(game.outcome(), Outcome::Ongoing);
}

#[test]
fn international_endgame_counts() {
    let r = rules("international");
    // Three kings against one: 16 moves each. 31 plies played: still on; 32: draw.
    // Kings kept off each other's diagonals so nothing can be captured.
    let start = "W:WK47,K48,K49:BK1";
    let shuffle = [
        "47-41", "1-6", "48-42", "6-1", "49-43", "1-6", "41-47", "6-1", "42-48", "1-6", "43-49",
        "6-1",
    ];
    let mut plies: Vec<&str> = Vec::new();
    while plies.len() < 32 {
        plies.push(shuffle[plies.len() % shuffle.len()]);
    }
    let no_repetition = Rules {
        draw_rules: draughts_rules::DrawRules {
            repetition: None,
            ..r.draw_rules
        },
        ..r
    };
    let game = play_all(&no_repetition, start, &plies[..31]);
    assert_eq!(game.counters.lone_king_endgame, 31);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    let game = play_all(&no_repetition, start, &plies);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: Reason::ThreePiecesVsLoneKing
        }
    );
    // Two pieces (one a king) against a lone king: 5 moves each.
    let two_kings = ["47-41", "1-6", "41-47", "6-1"];
    let ten: Vec<&str> = (0..10).map(|i| two_kings[i % 4]).collect();
    let game = play_all(&no_repetition, "W:WK47,K48:BK1", &ten[..9]);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    let game = play_all(&no_repetition, "W:WK47,K48:BK1", &ten);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: Reason::TwoPiecesVsLoneKing
        }
    );
    // And 25 moves each of king moves without capture, seeded by H.
    let game = play_all(&no_repetition, "W:WK47,K48,40:BK1,K4,6:H49", &["47-41"]);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: Reason::KingMovesWithoutCapture
        }
    );
}

#[test]
fn ambiguous_short_notation_lists_the_candidates() {
    // English: the man on d2 reaches d6 by two routes taking different pieces (c3 and c5,
    // or e3 and e5). "d2xd6" names both; the full path names one. (A king would go on
    // round the diamond and back to d2.)
    let b = BoardSize::Eight;
    let r = rules("english");
    let text = fen_of(b, 'W', &["d2"], &["c3", "c5", "e3", "e5"]);
    let pos = position(&r, &text);
    let legal = legal_moves(&r, &pos);
    let written = moves::parse("d2xd6", r.board).expect("parse");
    match moves::resolve(&written, &legal, r.board) {
        Err(moves::ResolveError::Ambiguous(list)) => {
            let mut names: Vec<String> = list
                .iter()
                .map(|&i| moves::algebraic(&legal[i], b))
                .collect();
            names.sort();
            assert_eq!(names, ["d2:b4:d6", "d2:f4:d6"]);
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    let written = moves::parse("d2xb4xd6", r.board).expect("parse");
    let i = moves::resolve(&written, &legal, r.board).expect("one move");
    assert_eq!(moves::algebraic(&legal[i], b), "d2:b4:d6");
    // Numeric works the same: 26 is d2, 10 is d6.
    assert_eq!(
        moves::parse("26x10", b).expect("parse").squares,
        written_squares(&["d2", "d6"], b)
    );
}

fn written_squares(names: &[&str], b: BoardSize) -> Vec<u8> {
    names
        .iter()
        .map(|n| b.geometry().bit(sq(b, n)).expect("on board"))
        .collect()
}

/// Russian literature writes a move as the file it leaves and the square it reaches
/// (`cd4` for c3–d4), and captures with a colon (`c3:e5`).
#[test]
fn russian_short_moves_and_colon_captures() {
    use draughts_rules::replay::{play, MoveInput, PlayError};
    let r = rules("russian");
    let mut game = Game::new(r, Position::initial(&r), None);
    let mut scratch = Vec::new();
    let mv = play(&mut game, &MoveInput::Text("cd4".into()), &mut scratch).expect("cd4");
    assert_eq!(moves::algebraic(&mv, r.board), "c3-d4");
    let mv = play(&mut game, &MoveInput::Text("fe5".into()), &mut scratch).expect("fe5");
    assert_eq!(moves::algebraic(&mv, r.board), "f6-e5");
    let mv = play(&mut game, &MoveInput::Text("d4:f6".into()), &mut scratch).expect("d4:f6");
    assert_eq!(moves::algebraic(&mv, r.board), "d4:f6");
    // Two kings on the c-file can both reach e3: the short form is ambiguous.
    let text = fen_of(r.board, 'W', &["Kc1", "Kc5"], &["h8"]);
    let mut game = Game::new(r, position(&r, &text), None);
    match play(&mut game, &MoveInput::Text("ce3".into()), &mut scratch) {
        Err(PlayError::Illegal(i)) => {
            let words = i.to_string();
            assert!(words.contains("ambiguous"), "{words}");
        }
        other => panic!("{other:?}"),
    }
    // A file with no piece that can go there says so.
    match play(&mut game, &MoveInput::Text("ah2".into()), &mut scratch) {
        Err(PlayError::Illegal(i)) => assert!(i.to_string().contains("a-file"), "{i}"),
        other => panic!("{other:?}"),
    }
}
