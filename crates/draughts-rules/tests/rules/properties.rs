//! Property tests: notation round-trips, generated moves are well formed, parsers never panic.

use draughts_rules::board::NO_SQUARE;
use draughts_rules::movegen::{between, count};
use draughts_rules::notation::{fen, moves, pdn};
use draughts_rules::{
    detail, generate, legal_moves, BoardSize, Color, Move, MoveList, Position, Preset, Removal,
    Rules,
};
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
            // A move starts on one of ours, ends on an empty square (or its own start, or,
            // where captured pieces leave at once, a square it has emptied) and takes only
            // opposing pieces.
            prop_assert!(pos.wide_us() & (1 << mv.from) != 0);
            let emptied = rules.removal == Removal::Immediate && mv.captured() & (1 << mv.to) != 0;
            prop_assert!(pos.wide_occupied() & (1 << mv.to) == 0 || mv.to == mv.from || emptied);
            prop_assert_eq!(mv.captured() & !pos.wide_them(), 0);
            prop_assert_eq!(mv.captured().count_ones(), mv.jumps as u32);
            // Playing it keeps the board consistent: no overlap, kings are pieces, counts add up.
            let next = pos.play(mv);
            prop_assert_eq!(next.wide_pieces(Color::White) & next.wide_pieces(Color::Black), 0);
            prop_assert_eq!(next.wide_kings() & !next.wide_occupied(), 0);
            prop_assert_eq!(next.wide_occupied() & !g.valid, 0);
            prop_assert_eq!(next.wide_them().count_ones(), pos.wide_us().count_ones());
            prop_assert_eq!(next.wide_us().count_ones() + mv.jumps as u32, pos.wide_them().count_ones());
            // Copy-make: the old position is untouched and playing is deterministic.
            prop_assert_eq!(pos.play(mv), next);
        }
    }

    #[test]
    fn compact_and_detailed_generation_agree_and_paths_are_real_jumps(preset in preset_strategy(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let rules = preset.rules;
        let pos = random_position(&rules, &choices);
        let g = rules.board.geometry();
        let detailed = legal_moves(&rules, &pos);
        let mut compact = MoveList::new();
        generate(&rules, &pos, &mut compact);
        // The same moves in the same order, and perft's counter agrees.
        let from_detailed: Vec<Move> = detailed.iter().map(|d| d.mv).collect();
        prop_assert_eq!(&from_detailed, &compact);
        prop_assert_eq!(count(&rules, &pos, &mut MoveList::new()), compact.len());
        for d in &detailed {
            prop_assert_eq!(detail(&rules, &pos, &d.mv), *d);
            let landings = d.landings();
            prop_assert_eq!(landings.last(), Some(&d.to));
            if !d.is_capture() {
                prop_assert_eq!(landings.len(), 1);
                continue;
            }
            // Every jump goes along one diagonal (or, where the rules allow, a row or file)
            // from the last square, over the piece it takes, to its landing square; the
            // pieces taken are exactly the move's set.
            let taken = d.taken_in_order();
            prop_assert_eq!(taken.len(), d.jumps as usize);
            prop_assert_eq!(taken.iter().fold(0u128, |a, &t| a | 1 << t), d.captured());
            let mut at = d.from;
            for (&land, &victim) in landings.iter().zip(taken) {
                let diagonal = (0..4).any(|dir| {
                    let (mut square, mut passed) = (at, false);
                    while square != NO_SQUARE && square != land {
                        passed |= square == victim;
                        square = g.neighbour[dir][square as usize];
                    }
                    square == land && passed
                });
                let orthogonal = rules.capture_lines != draughts_rules::Lines::Diagonal
                    && between(rules.board, at, land).is_some_and(|b| b & (1 << victim) != 0);
                let on_line = diagonal || orthogonal;
                prop_assert!(on_line, "{}: {} over {} to {}", moves::full(d, rules.board), at, victim, land);
                at = land;
            }
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
