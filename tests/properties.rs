//! Property tests: notation round-trips, generated moves are well formed, parsers never panic.

use draughts_api::rules::notation::{fen, moves, pdn};
use draughts_api::rules::{legal_moves, BoardSize, Position, Preset, Rules};
use proptest::prelude::*;

/// A random legal game prefix: the position after `plies` random moves.
fn random_position(rules: &Rules, choices: &[u16]) -> Position {
    let mut pos = Position::initial(rules);
    for &c in choices {
        let list = legal_moves(rules, &pos);
        if list.is_empty() {
            break;
        }
        pos = pos.play(&list[c as usize % list.len()]);
    }
    pos
}

fn preset_strategy() -> impl Strategy<Value = &'static Preset> {
    (0..Preset::all_names().len()).prop_map(|i| {
        let names = Preset::all_names();
        Preset::find(names[i]).expect("listed")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn fen_round_trips(preset in preset_strategy(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let pos = random_position(&preset.rules, &choices);
        let text = fen::write(&pos);
        let back = fen::parse(&text, preset.rules.board).expect("own FEN parses");
        prop_assert_eq!(back.position, pos);
    }

    #[test]
    fn move_notation_round_trips_and_moves_are_well_formed(preset in preset_strategy(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let rules = preset.rules;
        let pos = random_position(&rules, &choices);
        let list = legal_moves(&rules, &pos);
        let g = rules.board.geometry();
        for mv in &list {
            // Each of the three written forms names this move and no other.
            for text in [moves::full(mv, rules.board), moves::algebraic(mv, rules.board), moves::unambiguous(mv, &list, rules.board)] {
                let written = moves::parse(&text, rules.board).expect("own notation parses");
                let i = moves::resolve(&written, &list, rules.board).expect("names one move");
                prop_assert!(list[i].same_move(mv), "{} resolved to another move", text);
            }
            // A move starts on one of ours, ends on an empty square (or its own start) and
            // takes only opposing pieces.
            prop_assert!(pos.us() & (1 << mv.from) != 0);
            prop_assert!(pos.occupied() & (1 << mv.to) == 0 || mv.to == mv.from);
            prop_assert_eq!(mv.captures & !pos.them(), 0);
            prop_assert_eq!(mv.captures.count_ones(), mv.jumps as u32);
            // Playing it keeps the board consistent: no overlap, kings are pieces, counts add up.
            let next = pos.play(mv);
            prop_assert_eq!(next.pieces[0] & next.pieces[1], 0);
            prop_assert_eq!(next.kings & !next.occupied(), 0);
            prop_assert_eq!(next.occupied() & !g.valid, 0);
            prop_assert_eq!(next.them().count_ones(), pos.us().count_ones());
            prop_assert_eq!(next.us().count_ones() + mv.jumps as u32, pos.them().count_ones());
            // Copy-make: the old position is untouched and playing is deterministic.
            prop_assert_eq!(pos.play(mv), next);
        }
    }

    #[test]
    fn fen_parser_never_panics(text in ".{0,80}") {
        let _ = fen::parse(&text, BoardSize::Ten);
        let _ = fen::parse(&text, BoardSize::Eight);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(text in "[WBKHF:,0-9 .\\-\"]{0,60}") {
        let _ = fen::parse(&text, BoardSize::Ten);
        let _ = fen::parse(&text, BoardSize::Eight);
    }

    #[test]
    fn move_parser_never_panics(text in ".{0,40}", text2 in "[a-j0-9x:\\- ]{0,20}") {
        for t in [&text, &text2] {
            for b in [BoardSize::Eight, BoardSize::Ten] {
                if let Ok(w) = moves::parse(t, b) {
                    // Two squares at least, or the Russian short form (`cd4`): a file and one square.
                    let short = w.from_file.is_some() && w.squares.len() == 1;
                    prop_assert!(w.squares.len() >= 2 || short, "{t:?}: {w:?}");
                }
            }
        }
    }

    #[test]
    fn pdn_parser_never_panics(text in ".{0,200}", text2 in "[\\[\\]\"{}() a-zA-Z0-9.\\-x*]{0,200}") {
        let _ = pdn::parse(&text);
        let _ = pdn::parse(&text2);
    }
}
