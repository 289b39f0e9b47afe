//! The front door of a search: a request's limits against the server's caps, the searcher
//! with its table, a level's departures from the best move, and the answer.

use crate::search::{Score, Searcher};
use crate::tt::{self, TablePool};
use crate::{bitbase, eval, patterns};
use crate::{Level, Limits};
use draughts_rules::{Game, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The caps a deployment puts on every search, and the endgame tables searches may use.
#[derive(Clone)]
pub struct Caps {
    /// The longest a search may think.
    pub max_time: Duration,
    /// The deepest a search may go, in plies.
    pub max_depth: u32,
    /// The transposition table's largest size, in MiB.
    pub tt_mb: usize,
    /// Endgame tables, when built.
    pub bitbases: Option<Arc<bitbase::Library>>,
    /// Transposition tables kept between searches limited by time alone (searches with a
    /// depth or node limit, and the human levels, start empty so their answers stay
    /// reproducible).
    pub tables: Option<Arc<TablePool>>,
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            max_time: Duration::from_secs(10),
            max_depth: 64,
            tt_mb: 16,
            bitbases: None,
            tables: None,
        }
    }
}

/// A request for a move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Request {
    /// A playing level (its limits and noise) unless `limits` are given.
    pub level: Option<Level>,
    /// Explicit limits (they replace the level's).
    pub limits: Limits,
    /// Seeds the levels' noise, so a game can be replayed.
    pub seed: Option<u64>,
}

/// The limits a request asks for: its explicit ones, else its level's (`medium` when it
/// names none), before the deployment's caps.
fn requested_limits(req: &Request) -> Limits {
    let explicit =
        req.limits.depth.is_some() || req.limits.nodes.is_some() || req.limits.time.is_some();
    if explicit {
        req.limits
    } else {
        req.level.unwrap_or(Level::Medium).limits()
    }
}

/// The effective limits: the level's defaults, overridden by explicit limits, within the caps.
pub fn effective_limits(req: &Request, caps: &Caps) -> Limits {
    let mut l = requested_limits(req);
    l.depth = Some(l.depth.unwrap_or(caps.max_depth).min(caps.max_depth));
    l.time = Some(l.time.unwrap_or(caps.max_time).min(caps.max_time));
    l
}

/// The seeded generator of every layer (the levels' choices use it).
use draughts_rules::random::Rng;

/// The searcher's answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// The last iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A table about as large as the search can fill (an entry is 24 bytes; a search visits a
/// few million nodes a second), at most the configured size: a short search does not pay
/// for clearing a large table.
fn table_megabytes(limits: &Limits, caps: &Caps) -> usize {
    const NODES_PER_MS: u64 = 4_000;
    let by_time = limits
        .time
        .map_or(u64::MAX, |t| t.as_millis() as u64 * NODES_PER_MS);
    let by_depth = limits
        .depth
        .map_or(u64::MAX, |d| 8u64.saturating_pow(d.min(20)));
    let nodes = by_time.min(by_depth).min(limits.nodes.unwrap_or(u64::MAX));
    let megabytes = nodes.saturating_mul(24) / (1024 * 1024);
    (megabytes as usize).clamp(1, caps.tt_mb.max(1))
}

/// The pool a search of `req` takes its table from and gives it back to: only searches
/// limited by time alone, whose answer is not reproducible anyway. A request with a depth
/// or node limit (its own, or its level's: `easy`, `medium`, the default) gets the same
/// answer on every replica, whatever it searched before.
fn table_pool<'a>(req: &Request, caps: &'a Caps) -> Option<&'a TablePool> {
    let asked = requested_limits(req);
    let reproducible = asked.depth.is_some() || asked.nodes.is_some();
    caps.tables.as_deref().filter(|_| !reproducible)
}

/// A searcher for `game`'s rules with an empty table sized to `limits` (see
/// [`tt::Table::empty`]), the stop flag and the endgame tables.
pub(crate) fn searcher_for<'a>(
    game: &Game,
    limits: &Limits,
    caps: &Caps,
    stop: Option<&'a AtomicBool>,
) -> Searcher<'a> {
    searcher_with_table(game, limits, caps, stop, None)
}

/// As [`searcher_for`], with a full-sized table from `pool` when one is given.
fn searcher_with_table<'a>(
    game: &Game,
    limits: &Limits,
    caps: &Caps,
    stop: Option<&'a AtomicBool>,
    pool: Option<&TablePool>,
) -> Searcher<'a> {
    let megabytes = table_megabytes(limits, caps);
    let table = match pool {
        Some(pool) => pool.take(&game.rules, caps.tt_mb.max(megabytes)),
        None => tt::Table::empty(megabytes),
    };
    let mut searcher = Searcher::with_table(&game.rules, table)
        .with_king_runs(game.king_runs())
        .with_draw_state(game.draw_state());
    if let Some(flag) = stop {
        searcher = searcher.with_stop_flag(flag);
    }
    if let Some(tables) = caps.bitbases.as_ref().and_then(|l| l.get(&game.rules)) {
        searcher = searcher.with_bitbase(tables);
    }
    searcher
}

/// Choose a move for the side to move of `game`. `None` when it has no legal move.
pub fn think(game: &Game, req: &Request, caps: &Caps, stop: Option<&AtomicBool>) -> Option<Answer> {
    think_with_weights(game, req, caps, stop, None, None)
}

/// `hard` and `max` in the opening: any move within this many centipieces of the best, each
/// as likely. A window rather than a blur: an evaluation that spreads the first moves wider
/// must not leave the strong levels with one opening.
const OPENING_WINDOW: i32 = 12;
/// Plies from the start during which `hard` and `max` vary their moves.
const OPENING_PLIES: u32 = 6;

/// How a level departs from the search's best move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Variety {
    /// Each root move's score blurred by up to this many centipieces, the best blurred one
    /// played: a weaker player whose big blunders stay rare, as they fall far below the best.
    Blur(i32),
    /// Any root move within this many centipieces of the best, each as likely.
    Window(i32),
}

impl Variety {
    /// The move played among the root moves' exact scores, with its score.
    fn choose(self, root_scores: &[(Move, i32)], rng: &mut Rng) -> Option<(Move, i32)> {
        match self {
            Variety::Blur(noise) => root_scores
                .iter()
                .map(|&(m, s)| (m, s, s + rng.spread(noise)))
                .max_by_key(|x| x.2)
                .map(|(m, s, _)| (m, s)),
            Variety::Window(window) => {
                let best = root_scores.iter().map(|&(_, s)| s).max()?;
                let near: Vec<_> = root_scores
                    .iter()
                    .filter(|&&(_, s)| s >= best - window)
                    .collect();
                near.get(rng.below(near.len())).map(|&&choice| choice)
            }
        }
    }
}

/// The first plies of a game: every piece still on the board, none crowned.
fn in_opening(game: &Game) -> bool {
    let start = draughts_rules::Position::initial(&game.rules);
    game.position.kings == 0
        && game.position.wide_occupied().count_ones() == start.wide_occupied().count_ones()
        && game.counters.moves_without_capture_or_promotion < OPENING_PLIES
}

/// As `think`, evaluating with `weights` when given (self-play tuning) and adding learned
/// `patterns` when given.
pub fn think_with_weights(
    game: &Game,
    req: &Request,
    caps: &Caps,
    stop: Option<&AtomicBool>,
    weights: Option<eval::Weights>,
    patterns: Option<Arc<patterns::PatternWeights>>,
) -> Option<Answer> {
    let limits = effective_limits(req, caps);
    let level = req.level.filter(|_| req.limits == Limits::default());
    let variety = match level {
        // The strong levels vary their first moves (among moves within a few centipieces
        // of the best) so games against them differ; later they play their best.
        Some(Level::Hard | Level::Max) if in_opening(game) => Some(Variety::Window(OPENING_WINDOW)),
        _ => level
            .map(Level::noise)
            .filter(|&n| n > 0)
            .map(Variety::Blur),
    };
    let pool = table_pool(req, caps);
    let mut searcher = searcher_with_table(game, &limits, caps, stop, pool);
    if let Some(w) = weights {
        searcher = searcher.with_weights(w);
    }
    if let Some(p) = patterns {
        searcher = searcher.with_patterns(p);
    }
    let result = searcher.search(
        &game.position,
        game.recent_hashes(),
        limits,
        variety.is_some(),
    );
    if let Some(pool) = pool {
        pool.give(&game.rules, searcher.take_table());
    }
    let result = result?;
    let mut answer = Answer {
        best: result.best,
        score: Score::from_internal(result.score),
        pv: result.pv,
        depth: result.depth,
        nodes: result.nodes,
        elapsed: result.elapsed,
    };
    if let Some(variety) = variety.filter(|_| !result.root_scores.is_empty()) {
        let seed = req.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        let mut rng = Rng::new(seed ^ game.position.hash());
        if let Some((mv, s)) = variety.choose(&result.root_scores, &mut rng) {
            if mv != answer.best {
                answer.best = mv;
                answer.score = Score::from_internal(s);
                answer.pv = vec![mv];
            }
        }
    }
    Some(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::{Position, Rules};

    fn first_moves(level: Level, position: Position, seeds: std::ops::Range<u64>) -> usize {
        let rules = Rules::international();
        let caps = Caps {
            max_time: Duration::from_secs(5),
            max_depth: 4,
            tt_mb: 1,
            bitbases: None,
            tables: None,
        };
        let game = Game::new(rules, position, None);
        let mut seen = Vec::new();
        for seed in seeds {
            let req = Request {
                level: Some(level),
                limits: Limits::default(),
                seed: Some(seed),
            };
            let best = think(&game, &req, &caps, None).expect("a move").best;
            if !seen.contains(&best) {
                seen.push(best);
            }
        }
        seen.len()
    }

    #[test]
    fn time_limited_searches_keep_their_table_and_reproducible_ones_do_not() {
        let rules = Rules::international();
        let game = Game::new(rules, Position::initial(&rules), None);
        let caps = Caps {
            tables: Some(Arc::new(TablePool::new(2))),
            ..Caps::default()
        };
        let ask = |limits: Limits, level: Option<Level>| {
            let req = Request {
                level,
                limits,
                seed: Some(1),
            };
            think(&game, &req, &caps, None).expect("a move");
            caps.tables.as_ref().map_or(0, |p| p.kept())
        };
        let depth = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        assert_eq!(ask(depth, None), 0, "a depth limit");
        assert_eq!(ask(Limits::default(), None), 0, "no level: medium");
        assert_eq!(
            ask(Limits::default(), Some(Level::Easy)),
            0,
            "a human level"
        );
        let time = Limits {
            time: Some(Duration::from_millis(20)),
            ..Limits::default()
        };
        assert_eq!(ask(time, None), 1, "a time limit");
        // The next search takes that table and gives it back: still one.
        assert_eq!(ask(time, None), 1);
    }

    #[test]
    fn the_opening_window_plays_each_move_within_it_and_none_beyond() {
        let rules = Rules::international();
        let mut moves: Vec<Move> = Vec::new();
        draughts_rules::generate(&rules, &Position::initial(&rules), &mut moves);
        let scores = [30, 19, 18, 17, -40];
        let root: Vec<(Move, i32)> = moves.iter().copied().zip(scores).collect();
        let mut rng = Rng::new(7);
        let mut played = [0; 5];
        for _ in 0..300 {
            let (mv, score) = Variety::Window(12).choose(&root, &mut rng).expect("a move");
            let i = root
                .iter()
                .position(|&(m, _)| m == mv)
                .expect("a root move");
            assert_eq!(score, scores[i]);
            played[i] += 1;
        }
        // 30, 19 and 18 are within 12 of the best, each about a third of the time.
        assert!(played[..3].iter().all(|&n| n > 70), "{played:?}");
        assert_eq!(played[3..], [0, 0], "{played:?}");
    }

    #[test]
    fn hard_varies_its_opening_moves_and_only_those() {
        let rules = Rules::international();
        let start = Position::initial(&rules);
        assert!(first_moves(Level::Hard, start, 0..16) >= 2);
        // After a capture the game is out of the opening: the best move, whatever the seed.
        let middlegame =
            draughts_rules::notation::fen::parse("W:W28,31-39,41-50:B1-14,16-20", rules.board)
                .expect("FEN")
                .position;
        assert_eq!(first_moves(Level::Hard, middlegame, 0..8), 1);
    }
}
