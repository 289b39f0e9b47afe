//! Game status: win/loss from the position, draws from the history (repetition, move
//! counters, endgame counts).

use super::movegen::{generate, Generated, Move, MoveList};
use super::position::{Color, Position};
use super::variant::Rules;
#[cfg(feature = "serde")]
use serde::Serialize;

/// What decided a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Reason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but no legal move.
    NoMoves,
    /// Breakthrough: the winner crowned a king.
    FirstKing,
    /// The same position (pieces and side to move) for the third time.
    ThreefoldRepetition,
    /// Too long with only king moves and no capture.
    KingMovesWithoutCapture,
    /// Too long with no capture and no crowning.
    MovesWithoutCaptureOrPromotion,
    /// Three pieces (one a king at least) could not beat a lone king in time.
    ThreePiecesVsLoneKing,
    /// Two pieces (one a king at least) could not beat a lone king in time.
    TwoPiecesVsLoneKing,
    /// Two kings could not beat a lone king in time.
    TwoKingsVsLoneKing,
    /// A king against a king.
    KingVsKing,
    /// Both sides had kings and the balance of pieces did not change (no capture, no
    /// crowning) for too long in an ending of 4 to 7 pieces (draughts-64).
    KingsEndingBalanceUnchanged,
}

impl crate::variant::Choices for Reason {
    const ALL: &'static [Self] = &[
        Reason::NoPieces,
        Reason::NoMoves,
        Reason::FirstKing,
        Reason::ThreefoldRepetition,
        Reason::KingMovesWithoutCapture,
        Reason::MovesWithoutCaptureOrPromotion,
        Reason::ThreePiecesVsLoneKing,
        Reason::TwoPiecesVsLoneKing,
        Reason::TwoKingsVsLoneKing,
        Reason::KingVsKing,
        Reason::KingsEndingBalanceUnchanged,
    ];
}

impl Reason {
    /// The reason's id in the API (`threefold_repetition`, `no_moves`, ...).
    pub fn id(self) -> &'static str {
        match self {
            Reason::NoPieces => "no_pieces",
            Reason::NoMoves => "no_moves",
            Reason::FirstKing => "first_king",
            Reason::ThreefoldRepetition => "threefold_repetition",
            Reason::KingMovesWithoutCapture => "king_moves_without_capture",
            Reason::MovesWithoutCaptureOrPromotion => "moves_without_capture_or_promotion",
            Reason::ThreePiecesVsLoneKing => "three_pieces_vs_lone_king",
            Reason::TwoPiecesVsLoneKing => "two_pieces_vs_lone_king",
            Reason::TwoKingsVsLoneKing => "two_kings_vs_lone_king",
            Reason::KingVsKing => "king_vs_king",
            Reason::KingsEndingBalanceUnchanged => "kings_ending_balance_unchanged",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// Whether the game goes on, and if not how it ended.
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// One side won.
    Win {
        /// Who won.
        winner: Color,
        /// Why the other side lost.
        reason: Reason,
    },
    /// A draw rule ended the game.
    Draw {
        /// Which draw rule ended the game.
        reason: Reason,
    },
}

/// The counters that lead to draws, in plies (half-moves) unless said otherwise.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Counters {
    /// Plies since the last capture or man move.
    pub king_moves_without_capture: u32,
    /// Plies since the last capture or promotion.
    pub moves_without_capture_or_promotion: u32,
    /// Plies played in the current "pieces against a lone king" endgame (0 outside one).
    pub lone_king_endgame: u32,
    /// How many times the current position (pieces and side to move) has occurred.
    pub repetitions: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LoneKingClass {
    ThreeVsOne,
    TwoVsOne,
}

fn lone_king_class(pos: &Position) -> Option<LoneKingClass> {
    for lone in [Color::White, Color::Black] {
        let (men, kings) = pos.counts(lone);
        if men == 0 && kings == 1 {
            let (om, ok) = pos.counts(lone.opponent());
            let total = om + ok;
            if ok >= 1 && total == 3 {
                return Some(LoneKingClass::ThreeVsOne);
            }
            if ok >= 1 && total <= 2 {
                return Some(LoneKingClass::TwoVsOne);
            }
        }
    }
    None
}

/// The draw counters of a game or of a line a searcher follows, with the endgame class
/// they depend on: everything but repetitions, which need the positions themselves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawState {
    /// The counters (`repetitions` is left to the owner).
    pub counters: Counters,
    class: Option<LoneKingClass>,
}

impl DrawState {
    /// The state at `position`, with both move counters at `halfmove` (the FEN `H` field)
    /// when the earlier history is unknown.
    pub fn new(position: &Position, halfmove: u32) -> Self {
        DrawState {
            counters: Counters {
                king_moves_without_capture: halfmove,
                moves_without_capture_or_promotion: halfmove,
                lone_king_endgame: 0,
                repetitions: 1,
            },
            class: lone_king_class(position),
        }
    }

    /// The state after `mv` (played by a man when `mover_was_man`) led to `after`.
    #[inline]
    pub fn after(&self, mv: &Move, mover_was_man: bool, after: &Position) -> DrawState {
        let mut c = self.counters;
        if mv.is_capture() || mover_was_man {
            c.king_moves_without_capture = 0;
        } else {
            c.king_moves_without_capture += 1;
        }
        if mv.is_capture() || mv.crowns {
            c.moves_without_capture_or_promotion = 0;
        } else {
            c.moves_without_capture_or_promotion += 1;
        }
        let class = if mv.is_capture() || mv.crowns {
            lone_king_class(after)
        } else {
            self.class
        };
        if class.is_some() && class == self.class {
            c.lone_king_endgame += 1;
        } else {
            c.lone_king_endgame = 0;
        }
        DrawState { counters: c, class }
    }

    /// The draw rule whose count is complete at `pos`, if any (repetitions aside).
    pub fn draw(&self, rules: &Rules, pos: &Position) -> Option<Reason> {
        self.limits(rules, pos)
            .find(|&(_, left)| left == 0)
            .map(|(reason, _)| reason)
    }

    /// Plies left before the first count that applies at `pos` completes (`None`: none
    /// applies).
    pub fn plies_left(&self, rules: &Rules, pos: &Position) -> Option<u32> {
        self.limits(rules, pos).map(|(_, left)| left).min()
    }

    /// Plies left before the first count that applies at `pos` and that no line can start
    /// again before it is won (`None`: none applies): the lone-king counts and the
    /// kings-only counts of two kings or one against one, where the only capture that
    /// leaves the class takes the last piece. A win further away than this is a draw under
    /// these rules. The other counts start again on a capture, a crowning or a man's move,
    /// which a long win may well contain, so a win's distance alone does not say that
    /// they end it.
    pub fn plies_left_without_restart(&self, rules: &Rules, pos: &Position) -> Option<u32> {
        self.limits(rules, pos)
            .filter(|(reason, _)| {
                matches!(
                    reason,
                    Reason::ThreePiecesVsLoneKing
                        | Reason::TwoPiecesVsLoneKing
                        | Reason::TwoKingsVsLoneKing
                        | Reason::KingVsKing
                )
            })
            .map(|(_, left)| left)
            .min()
    }

    /// Each count that applies at `pos` with the plies left before it completes.
    fn limits<'a>(
        &'a self,
        rules: &'a Rules,
        pos: &'a Position,
    ) -> impl Iterator<Item = (Reason, u32)> + 'a {
        let d = &rules.draw_rules;
        let c = &self.counters;
        let left =
            |limit: Option<u16>, plies: u32| limit.map(|n| (2 * n as u32).saturating_sub(plies));
        let kings_only = pos.kings == pos.occupied();
        let (w, b) = (
            pos.kings_of(Color::White).count_ones(),
            pos.kings_of(Color::Black).count_ones(),
        );
        let ending = if w > 0 && b > 0 {
            match pos.wide_occupied().count_ones() {
                4 | 5 => d.kings_ending_4_5_pieces,
                6 | 7 => d.kings_ending_6_7_pieces,
                _ => None,
            }
        } else {
            None
        };
        let (lone_reason, lone) = match self.class {
            Some(LoneKingClass::ThreeVsOne) => {
                (Reason::ThreePiecesVsLoneKing, d.three_pieces_vs_lone_king)
            }
            Some(LoneKingClass::TwoVsOne) => {
                (Reason::TwoPiecesVsLoneKing, d.two_pieces_vs_lone_king)
            }
            None => (Reason::ThreePiecesVsLoneKing, None),
        };
        let kings = (w.min(b), w.max(b));
        [
            (
                Reason::KingMovesWithoutCapture,
                left(d.king_moves_without_capture, c.king_moves_without_capture),
            ),
            (
                Reason::MovesWithoutCaptureOrPromotion,
                left(
                    d.moves_without_capture_or_promotion,
                    c.moves_without_capture_or_promotion,
                ),
            ),
            // Both sides' kings and the piece count change only with a capture or a
            // crowning, which reset this counter: it counts the ending's plies.
            (
                Reason::KingsEndingBalanceUnchanged,
                left(ending, c.moves_without_capture_or_promotion),
            ),
            (
                Reason::TwoKingsVsLoneKing,
                left(d.two_kings_vs_lone_king, c.king_moves_without_capture)
                    .filter(|_| kings_only && kings == (1, 2)),
            ),
            (
                Reason::KingVsKing,
                left(d.king_vs_king, c.king_moves_without_capture)
                    .filter(|_| kings_only && kings == (1, 1)),
            ),
            (lone_reason, left(lone, c.lone_king_endgame)),
        ]
        .into_iter()
        .filter_map(|(reason, left)| left.map(|l| (reason, l)))
    }
}

/// Per side (`Color::index`): the square of the king that made the side's last moves, and
/// how many plain moves in a row it made (0 after a man's move or a capture).
pub type KingRuns = [(u8, u8); 2];

/// A side's king run after it plays `mv`: one longer when the same king makes another plain
/// move, a new run for another king, none after a man's move or a capture.
#[inline]
pub fn next_king_run(run: (u8, u8), mv: &Move, mover_was_man: bool) -> (u8, u8) {
    if mv.is_capture() || mover_was_man {
        (0, 0)
    } else if run.1 > 0 && run.0 == mv.from {
        (mv.to, run.1.saturating_add(1))
    } else {
        (mv.to, 1)
    }
}

/// The king of the side to move that may not make a plain move: it made
/// `Rules::king_move_limit` plain moves in a row while its side still has men.
#[inline]
pub fn resting_king(rules: &Rules, pos: &Position, runs: &KingRuns) -> Option<u8> {
    let limit = rules.king_move_limit?;
    let (bit, count) = runs[pos.side.index()];
    let still_there = pos.kings_of(pos.side) & (1 << bit) != 0;
    (count >= limit && still_there && pos.men(pos.side) != 0).then_some(bit)
}

/// A game in progress: the position plus what the draw rules need of its history.
#[derive(Clone, Debug)]
pub struct Game {
    /// The rules played.
    pub rules: Rules,
    /// The current position.
    pub position: Position,
    /// The draw counters now.
    pub counters: Counters,
    /// Hashes of positions since the last irreversible move, oldest first (current included).
    since_irreversible: Vec<u64>,
    class: Option<LoneKingClass>,
    /// For `Rules::king_move_limit`.
    king_runs: KingRuns,
    /// Plies played since the start position.
    pub plies: u32,
}

impl Game {
    /// Start from a position. `halfmove` (the FEN `H` field) seeds the move counters when the
    /// earlier history is unknown.
    pub fn new(rules: Rules, position: Position, halfmove: Option<u32>) -> Self {
        let state = DrawState::new(&position, halfmove.unwrap_or(0));
        Game {
            rules,
            position,
            counters: state.counters,
            since_irreversible: vec![position.hash()],
            class: state.class,
            king_runs: [(0, 0); 2],
            plies: 0,
        }
    }

    /// Play a move that is legal in the current position.
    pub fn play(&mut self, mv: &Move) {
        let mover_was_man = !self.position.is_king(mv.from);
        let run = &mut self.king_runs[self.position.side.index()];
        *run = next_king_run(*run, mv, mover_was_man);
        self.position = self.position.play(mv);
        self.plies += 1;
        if mv.is_capture() || mover_was_man {
            self.since_irreversible.clear();
        }
        let next = self.draw_state().after(mv, mover_was_man, &self.position);
        self.class = next.class;
        let c = &mut self.counters;
        *c = next.counters;
        let hash = self.position.hash();
        self.since_irreversible.push(hash);
        // Same side to move only every other ply; the hash includes the side.
        c.repetitions = self
            .since_irreversible
            .iter()
            .filter(|&&h| h == hash)
            .count() as u32;
    }

    /// The draw counters now, for a searcher to carry on from.
    pub fn draw_state(&self) -> DrawState {
        DrawState {
            counters: self.counters,
            class: self.class,
        }
    }

    /// The king of the side to move that may not make a plain move now: it made the
    /// `Rules::king_move_limit` plain moves in a row while its side still has men (Frisian).
    /// Known only from the moves played in this `Game`: a bare position carries no history.
    pub fn resting_king(&self) -> Option<u8> {
        resting_king(&self.rules, &self.position, &self.king_runs)
    }

    /// Per side, the king that made its side's last moves and how many plain moves in a row
    /// (see [`next_king_run`]), for a searcher to carry on from.
    pub fn king_runs(&self) -> KingRuns {
        self.king_runs
    }

    /// The legal moves now, written into `moves`: those of the position, less the plain
    /// moves of a king that must rest (see [`Game::resting_king`]).
    pub fn legal_moves_into<T: Generated>(&self, moves: &mut Vec<T>) {
        generate(&self.rules, &self.position, moves);
        if let Some(king) = self.resting_king() {
            moves.retain(|m| m.get().is_capture() || m.get().from != king);
        }
    }

    /// The legal moves now, with their paths (see [`Game::legal_moves_into`]).
    pub fn legal_moves(&self) -> Vec<super::movegen::DetailedMove> {
        let mut moves = Vec::with_capacity(32);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Win, draw or ongoing. A side with no move loses (wins, in antidraughts) even when a
    /// draw count completes.
    pub fn outcome(&self) -> Outcome {
        let mut moves = MoveList::new();
        self.outcome_with(&mut moves)
    }

    /// As `outcome`, reusing a move list (which holds the legal moves afterwards).
    pub fn outcome_with<T: Generated>(&self, moves: &mut Vec<T>) -> Outcome {
        let pos = &self.position;
        if let Some(winner) = pos.crowned_winner(&self.rules) {
            return Outcome::Win {
                winner,
                reason: Reason::FirstKing,
            };
        }
        let winner = self.rules.winner_when_stuck(pos.side);
        if pos.wide_us() == 0 {
            return Outcome::Win {
                winner,
                reason: Reason::NoPieces,
            };
        }
        self.legal_moves_into(moves);
        if moves.is_empty() {
            return Outcome::Win {
                winner,
                reason: Reason::NoMoves,
            };
        }
        let d = &self.rules.draw_rules;
        if d.repetition
            .is_some_and(|n| self.counters.repetitions >= n as u32)
        {
            return Outcome::Draw {
                reason: Reason::ThreefoldRepetition,
            };
        }
        match self.draw_state().draw(&self.rules, pos) {
            Some(reason) => Outcome::Draw { reason },
            None => Outcome::Ongoing,
        }
    }

    /// Hashes since the last irreversible move (for a searcher's repetition checks).
    pub fn recent_hashes(&self) -> &[u64] {
        &self.since_irreversible
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::Reason;
    use crate::variant::Choices;

    #[test]
    fn reason_ids_are_the_serialized_names() {
        for &r in Reason::ALL {
            assert_eq!(serde_json::to_value(r).expect("json"), r.id());
        }
    }
}

/// The draughts-64 ending rule (FMJD 7.2.6) and how it meets the other counted draws.
#[cfg(test)]
mod ending_rule_tests {
    use super::*;
    use crate::notation::fen;

    fn russian() -> Rules {
        Rules::preset("russian").expect("preset")
    }

    fn game(text: &str, halfmove: u32) -> Game {
        let rules = russian();
        let position = fen::parse(text, rules.board).expect("FEN").position;
        Game::new(rules, position, Some(halfmove))
    }

    /// The legal moves that are neither a capture nor a crowning, leave the opponent no
    /// capture, and are a man's move exactly when `man` is asked for.
    fn quiet_moves(game: &Game, man: bool) -> Vec<Move> {
        game.legal_moves()
            .into_iter()
            .map(|m| m.mv)
            .filter(|m| {
                let after = game.position.play(m);
                !m.is_capture()
                    && !m.crowns
                    && game.position.is_king(m.from) != man
                    && !crate::movegen::has_capture(&game.rules, &after)
            })
            .collect()
    }

    fn quiet_move(game: &Game, man: bool) -> Move {
        quiet_moves(game, man)[0]
    }

    /// The fragment played out: kings wandering (a seeded choice among the quiet
    /// king moves) and each man stepping on its side's 7th and 14th moves, so the
    /// 15-king-move rule never completes. Every outcome after ply `n` is checked against
    /// `expect(n)`. `None` when the wandering gets stuck (no quiet move of the kind).
    fn wander(seed: u64, expect: impl Fn(u32) -> Outcome) -> Option<Game> {
        let mut g = game("W:WK29,22:BK4,11", 0);
        let mut rng = crate::random::Rng::new(seed);
        for ply in 1..=30u32 {
            let man = ply % 14 == 13 || ply % 14 == 0;
            let options = quiet_moves(&g, man);
            if options.is_empty() {
                return None;
            }
            g.play(&options[rng.below(options.len())]);
            assert_eq!(g.outcome(), expect(ply), "ply {ply}, seed {seed}");
        }
        Some(g)
    }

    /// Under the reading chosen (30 moves of both sides together) the fragment is drawn at
    /// the 30th ply with the ending rule's reason, and goes on one ply before.
    #[test]
    fn a_four_piece_ending_with_kings_is_drawn_after_thirty_plies() {
        let expect = |ply: u32| {
            if ply < 30 {
                Outcome::Ongoing
            } else {
                Outcome::Draw {
                    reason: Reason::KingsEndingBalanceUnchanged,
                }
            }
        };
        let g = (0..64)
            .find_map(|seed| wander(seed, expect))
            .expect("a line of quiet moves");
        assert!(
            g.counters.king_moves_without_capture < 30,
            "{:?}",
            g.counters
        );
        assert_eq!(g.counters.moves_without_capture_or_promotion, 30);
    }

    #[test]
    fn a_capture_or_a_crowning_starts_the_count_again() {
        // Five pieces, both sides with a king, one ply from the limit: a quiet move draws.
        let mut quiet = game("W:WK29,K30,31:BK4,12", 29);
        assert_eq!(quiet.outcome(), Outcome::Ongoing);
        quiet.play(&quiet_move(&quiet, true));
        assert_eq!(
            quiet.outcome(),
            Outcome::Draw {
                reason: Reason::KingsEndingBalanceUnchanged
            }
        );
        // A crowning instead resets the count: the game goes on.
        let mut crowning = game("W:WK29,K30,6:BK4,12", 29);
        let crown = crowning
            .legal_moves()
            .into_iter()
            .map(|m| m.mv)
            .find(|m| m.crowns && !m.is_capture())
            .expect("the man on 6 crowns");
        crowning.play(&crown);
        assert_eq!(crowning.counters.moves_without_capture_or_promotion, 0);
        assert_eq!(crowning.outcome(), Outcome::Ongoing);
        // So does a capture (here forced).
        let mut capture = game("W:WK25,K30,31:BK4,22", 29);
        let list = capture.legal_moves();
        assert!(
            list.iter().all(|m| m.mv.is_capture()),
            "a capture is forced"
        );
        capture.play(&list[0].mv);
        assert_eq!(capture.counters.moves_without_capture_or_promotion, 0);
        assert_eq!(capture.outcome(), Outcome::Ongoing);
    }

    /// With kings only, the 15-king-move rule and the ending rule complete together; the
    /// king-move rule is named. Outside 4 to 7 pieces the ending rule does not apply, and
    /// without a king on each side neither.
    #[test]
    fn the_rules_interleave_and_apply_only_to_their_endings() {
        let mut kings = game("W:WK29,K30:BK4,K3", 29);
        kings.play(&quiet_move(&kings, false));
        assert_eq!(
            kings.outcome(),
            Outcome::Draw {
                reason: Reason::KingMovesWithoutCapture
            }
        );
        let mut eight = game("W:WK29,K30,21,22:BK4,K3,9,10", 29);
        eight.play(&quiet_move(&eight, true));
        assert_eq!(eight.outcome(), Outcome::Ongoing, "8 pieces");
        let mut no_black_king = game("W:WK29,21,22:B4,3,9", 29);
        no_black_king.play(&quiet_move(&no_black_king, true));
        assert_eq!(
            no_black_king.outcome(),
            Outcome::Ongoing,
            "one side without a king"
        );
        let state = kings.draw_state();
        assert_eq!(state.plies_left(&kings.rules, &kings.position), Some(0));
        // Two kings each: the king-move count may start again on a capture, so no count
        // bounds how far a win may be.
        assert_eq!(
            state.plies_left_without_restart(&kings.rules, &kings.position),
            None
        );
    }

    /// A count a win cannot restart (three pieces against a lone king) bounds a win's
    /// distance; counts that men's moves, crownings or captures restart do not.
    #[test]
    fn only_counts_a_win_cannot_restart_bound_its_distance() {
        let men = game("W:WK2,9,19:BK31", 0);
        let state = men.draw_state();
        assert_eq!(state.plies_left(&men.rules, &men.position), Some(30));
        assert_eq!(
            state.plies_left_without_restart(&men.rules, &men.position),
            Some(30),
            "three pieces, one a king, against a lone king: 15 moves each"
        );
        let more = game("W:WK2,9,19,20:BK31", 0);
        let state = more.draw_state();
        assert_eq!(state.plies_left(&more.rules, &more.position), Some(30));
        assert_eq!(
            state.plies_left_without_restart(&more.rules, &more.position),
            None,
            "four pieces against a king: only counts a man's move restarts"
        );
    }
}
