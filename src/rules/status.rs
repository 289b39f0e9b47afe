//! Game status: win/loss from the position, draws from the history (repetition, move
//! counters, endgame counts).

use super::movegen::{generate, Generated, Move, MoveList};
use super::position::{Color, Position};
use super::variant::Rules;
use serde::Serialize;

/// What decided a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
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
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
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
        let h = halfmove.unwrap_or(0);
        Game {
            rules,
            position,
            counters: Counters {
                king_moves_without_capture: h,
                moves_without_capture_or_promotion: h,
                lone_king_endgame: 0,
                repetitions: 1,
            },
            since_irreversible: vec![position.hash()],
            class: lone_king_class(&position),
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
        let c = &mut self.counters;
        if mv.is_capture() || mover_was_man {
            c.king_moves_without_capture = 0;
            self.since_irreversible.clear();
        } else {
            c.king_moves_without_capture += 1;
        }
        if mv.is_capture() || mv.crowns {
            c.moves_without_capture_or_promotion = 0;
        } else {
            c.moves_without_capture_or_promotion += 1;
        }
        let class = lone_king_class(&self.position);
        if class.is_some() && class == self.class {
            c.lone_king_endgame += 1;
        } else {
            c.lone_king_endgame = 0;
        }
        self.class = class;
        let hash = self.position.hash();
        self.since_irreversible.push(hash);
        // Same side to move only every other ply; the hash includes the side.
        c.repetitions = self
            .since_irreversible
            .iter()
            .filter(|&&h| h == hash)
            .count() as u32;
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
        if let Some(winner) = self.rules.crowned_winner(pos) {
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
        let c = &self.counters;
        let reached = |limit: Option<u16>, plies: u32| limit.is_some_and(|n| plies >= 2 * n as u32);
        if d.repetition.is_some_and(|n| c.repetitions >= n as u32) {
            return Outcome::Draw {
                reason: Reason::ThreefoldRepetition,
            };
        }
        if reached(d.king_moves_without_capture, c.king_moves_without_capture) {
            return Outcome::Draw {
                reason: Reason::KingMovesWithoutCapture,
            };
        }
        if reached(
            d.moves_without_capture_or_promotion,
            c.moves_without_capture_or_promotion,
        ) {
            return Outcome::Draw {
                reason: Reason::MovesWithoutCaptureOrPromotion,
            };
        }
        if pos.kings == pos.occupied() {
            let (w, b) = (pos.kings_of(Color::White), pos.kings_of(Color::Black));
            let kings = (
                w.count_ones().min(b.count_ones()),
                w.count_ones().max(b.count_ones()),
            );
            let plies = c.king_moves_without_capture;
            if kings == (1, 2) && reached(d.two_kings_vs_lone_king, plies) {
                return Outcome::Draw {
                    reason: Reason::TwoKingsVsLoneKing,
                };
            }
            if kings == (1, 1) && reached(d.king_vs_king, plies) {
                return Outcome::Draw {
                    reason: Reason::KingVsKing,
                };
            }
        }
        match self.class {
            Some(LoneKingClass::ThreeVsOne)
                if reached(d.three_pieces_vs_lone_king, c.lone_king_endgame) =>
            {
                Outcome::Draw {
                    reason: Reason::ThreePiecesVsLoneKing,
                }
            }
            Some(LoneKingClass::TwoVsOne)
                if reached(d.two_pieces_vs_lone_king, c.lone_king_endgame) =>
            {
                Outcome::Draw {
                    reason: Reason::TwoPiecesVsLoneKing,
                }
            }
            _ => Outcome::Ongoing,
        }
    }

    /// Hashes since the last irreversible move (for a searcher's repetition checks).
    pub fn recent_hashes(&self) -> &[u64] {
        &self.since_irreversible
    }
}

#[cfg(test)]
mod tests {
    use super::Reason;

    #[test]
    fn reason_ids_are_the_serialized_names() {
        for r in [
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
        ] {
            assert_eq!(serde_json::to_value(r).expect("json"), r.id());
        }
    }
}
