//! Killer draughts' endgame tables: two kings against a lone king, a draw in international
//! draughts (the lone king holds the long diagonal), are won here, since a king that takes
//! the last king must stop just behind it and so cannot flee along the diagonal it guards.

use draughts_engine::bitbase::{build_tables, Layout, Material, Tables, Value};
use draughts_rules::Rules;

/// The share of two kings against a lone king (White to move, the lone king's side not to
/// move) that the tables call won for White, and how many positions there are.
fn two_kings_won(rules: &Rules) -> (f64, u64) {
    let mut tables = Tables::new(rules);
    build_tables(&mut tables, 3, None, &mut |_, _| {});
    let layout = Layout::new(&tables.rules, Material([0, 2, 0, 1]));
    let (mut won, mut all) = (0u64, 0u64);
    for index in 0..layout.size() {
        let Some(pos) = layout.position(index) else {
            continue;
        };
        all += 1;
        if matches!(tables.probe(&pos), Some(Value::Win(_))) {
            won += 1;
        }
    }
    (won as f64 / all as f64, all)
}

#[test]
fn two_kings_beat_a_lone_king_in_killer_draughts_and_not_in_international() {
    let (killer, positions) = two_kings_won(&crate::support::preset("killer"));
    let (international, _) = two_kings_won(&crate::support::preset("international"));
    println!(
        "two kings against one, White to move, won: killer {:.1}%, international {:.1}% \
         ({positions} positions)",
        killer * 100.0,
        international * 100.0
    );
    assert!(killer > 0.9, "killer: {killer}");
    assert!(
        international < killer - 0.3,
        "international: {international}"
    );
}
