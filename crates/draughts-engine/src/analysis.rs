//! Analysis on top of the searcher: every legal move of a position with its score (a hint,
//! a coach's list), and one ply of a game reviewed (the best move against the one played).
//!
//! Both start with the very search `think` makes, so the best move and its score are the
//! ones `/bestmove` gives for the same request; the other moves are then searched to the
//! same depth with a full window, reusing the table.

use super::search::Searcher;
use crate::think::searcher_for;
use crate::{effective_limits, Caps, Request, Score};
use draughts_rules::{Game, Move};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One move's verdict.
#[derive(Clone, Debug)]
pub struct Line {
    /// The move.
    pub mv: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// Exact, or (false) only an upper bound: the move is at most this good.
    pub exact: bool,
    /// The expected line, starting with the move (just the move for a bound).
    pub pv: Vec<Move>,
    /// The depth the score comes from.
    pub depth: u32,
}

/// Every legal move of a position, best first.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// One line per legal move: the best, then the others by score.
    pub lines: Vec<Line>,
    /// The depth of the main search.
    pub depth: u32,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Time spent in all.
    pub elapsed: Duration,
}

/// Score every legal move of `game`'s position: the best by the same search as `think`,
/// then up to `multipv - 1` others exactly; the rest keep the upper bound the main search
/// proved. With a time limit the main search takes half of it when others are scored.
/// `None` when there is no legal move.
pub fn analyze(
    game: &Game,
    req: &Request,
    caps: &Caps,
    stop: Option<&AtomicBool>,
    multipv: usize,
) -> Option<Analysis> {
    let start = Instant::now();
    let limits = effective_limits(req, caps);
    let deadline = limits.time.map(|t| start + t);
    let mut main = limits;
    if multipv > 1 {
        main.time = limits.time.map(|t| t / 2);
    }
    let mut searcher = searcher_for(game, &limits, caps, stop);
    let result = searcher.search(&game.position, game.recent_hashes(), main, false)?;
    let mut lines = vec![Line {
        mv: result.best,
        score: Score::from_internal(result.score),
        exact: true,
        pv: result.pv.clone(),
        depth: result.depth,
    }];
    let mut others: Vec<Line> = Vec::new();
    for &(mv, bound) in result.root_scores.iter().filter(|(m, _)| *m != result.best) {
        let wanted = others.len() + 1 < multipv;
        let exact = wanted
            .then(|| {
                exact_score(
                    &mut searcher,
                    game,
                    &mv,
                    result.depth,
                    deadline,
                    result.score,
                )
            })
            .flatten();
        others.push(match exact {
            Some((score, pv)) => Line {
                mv,
                score: Score::from_internal(score),
                exact: true,
                pv,
                depth: result.depth,
            },
            None => Line {
                mv,
                score: Score::from_internal(bound.min(result.score)),
                exact: false,
                pv: vec![mv],
                depth: result.depth,
            },
        });
    }
    others.sort_by_key(|l| (!l.exact, std::cmp::Reverse(internal(l.score))));
    lines.extend(others);
    Some(Analysis {
        lines,
        depth: result.depth,
        nodes: searcher.nodes(),
        elapsed: start.elapsed(),
    })
}

/// The exact score of `mv`, never above the best move's (where a full-window search of the
/// move disagrees with the bound the main search proved, the bound stands).
fn exact_score(
    searcher: &mut Searcher,
    game: &Game,
    mv: &Move,
    depth: u32,
    deadline: Option<Instant>,
    best: i32,
) -> Option<(i32, Vec<Move>)> {
    searcher
        .exact_line(&game.position, game.recent_hashes(), mv, depth, deadline)
        .map(|(score, pv)| (score.min(best), pv))
}

/// An internal score back from a client score (for ordering).
fn internal(score: Score) -> i32 {
    use super::search::WIN;
    match score {
        Score::Centipieces(c) => c,
        Score::WinIn(n) => WIN - n as i32,
        Score::LossIn(n) => -WIN + n as i32,
    }
}

/// One ply of a game reviewed: the best move and its score before the ply, and the score of
/// the move played (the same when it was the best).
#[derive(Clone, Debug)]
pub struct PlyReview {
    /// The searcher's move.
    pub best: Move,
    /// Its score, for the side to move.
    pub best_score: Score,
    /// The searcher's line.
    pub pv: Vec<Move>,
    /// The move played's score, for the side that played it.
    pub played_score: Score,
    /// Whether `played_score` is exact (else an upper bound: time ran out).
    pub exact: bool,
    /// The depth of the search.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Review `played` in `game`'s position.
pub fn review_ply(
    game: &Game,
    played: &Move,
    req: &Request,
    caps: &Caps,
    stop: Option<&AtomicBool>,
) -> Option<PlyReview> {
    let start = Instant::now();
    let limits = effective_limits(req, caps);
    let mut searcher = searcher_for(game, &limits, caps, stop);
    let result = searcher.search(&game.position, game.recent_hashes(), limits, false)?;
    let (played_score, exact) = if result.best.same_move(played) {
        (result.score, true)
    } else {
        let deadline = limits.time.map(|t| start + t * 2);
        match exact_score(
            &mut searcher,
            game,
            played,
            result.depth,
            deadline,
            result.score,
        ) {
            Some((score, _)) => (score, true),
            None => {
                let bound = result
                    .root_scores
                    .iter()
                    .find(|(m, _)| m.same_move(played))
                    .map_or(result.score, |&(_, b)| b.min(result.score));
                (bound, false)
            }
        }
    };
    Some(PlyReview {
        best: result.best,
        best_score: Score::from_internal(result.score),
        pv: result.pv,
        played_score: Score::from_internal(played_score),
        exact,
        depth: result.depth,
        nodes: searcher.nodes(),
    })
}

/// A score as centipieces for measuring losses: a forced win or loss counts as ±2000, so
/// missing one costs in full.
pub fn centipieces(score: Score) -> i32 {
    match score {
        Score::Centipieces(c) => c.clamp(-1500, 1500),
        Score::WinIn(_) => 2000,
        Score::LossIn(_) => -2000,
    }
}
