//! Self-play matches: one player against another over paired openings, with the score and
//! the Elo difference with a 95% interval.

use crate::engine::eval::{Evaluator, Weights};
use crate::engine::patterns::PatternWeights;
use crate::engine::{think_with_weights, Caps, Level, Limits, Request, Rng, Score, TablePool};
use crate::rules::{Color, Game, Move, Outcome, Position, Rules};
use std::sync::Arc;
use std::time::Duration;

/// Who plays.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Player {
    /// The searcher at a level (with its noise and the seed).
    Level(Level),
    /// A careful beginner: three plies with `medium`'s noise (it sees simple shots and errs
    /// between moves that look close), the yardstick `easy` must lose to.
    Beginner,
    /// The searcher with a fixed time per move and no noise.
    TimePerMove(Duration),
    /// The searcher with a fixed time per move evaluating with these hand weights and no
    /// learned patterns.
    TimeWithWeights(Duration, Weights),
    /// The searcher to a fixed depth, no noise.
    Depth(u32),
    /// The searcher with a fixed number of nodes a move, no noise: as strong as a short
    /// time limit, but the same on every machine (training data is reproducible).
    Nodes(u64),
    /// One ply: the move whose resulting position evaluates best.
    Greedy,
    /// The searcher to a fixed depth evaluating with these weights (self-play tuning).
    DepthWithWeights(u32, Weights),
    /// Another engine (an earlier build, say) through the Hub protocol, with a time per move.
    Hub(&'static str, Duration),
    /// The searcher with learned pattern weights added to its evaluation, within limits.
    Patterns(&'static Arc<PatternWeights>, Limits),
    /// The searcher with a fixed time per move and its own transposition table kept from
    /// one move to the next, as the service keeps its tables.
    KeptTable(Duration, &'static Arc<TablePool>),
}

impl Player {
    /// `greedy`, `beginner`, `<N>ms`, `depth<N>`, `depth<N>:<weight>=<value>,...` or
    /// `<N>ms:<weight>=<value>,...` (the variant's hand weights with overrides, no learned
    /// patterns; `100ms:` is the hand terms alone), `patterns:<file>@<limit>`,
    /// `hub:<program>@<N>ms`, `kept<N>ms` or a level.
    pub fn parse(text: &str, rules: &Rules) -> Result<Player, String> {
        if text == "greedy" {
            return Ok(Player::Greedy);
        }
        if text == "beginner" {
            return Ok(Player::Beginner);
        }
        let number = |t: &str| t.parse().map_err(|_| format!("'{t}' is not a number"));
        if let Some(rest) = text.strip_prefix("patterns:") {
            let (path, limit) = rest
                .rsplit_once('@')
                .ok_or("a patterns player is patterns:<file>@<N>ms or patterns:<file>@depth<N>")?;
            let mut limits = Limits::default();
            if let Some(ms) = limit.strip_suffix("ms") {
                limits.time = Some(Duration::from_millis(number(ms)?));
            } else if let Some(d) = limit.strip_prefix("depth") {
                limits.depth = Some(number(d)? as u32);
            } else {
                return Err(format!("'{limit}' is not <N>ms or depth<N>"));
            }
            let weights = read_weights_file(std::path::Path::new(path), rules)?;
            // Players are small copyable values for the match loop; the weights of one run
            // live as long as it.
            let weights: &'static Arc<PatternWeights> = Box::leak(Box::new(Arc::new(weights)));
            return Ok(Player::Patterns(weights, limits));
        }
        if let Some(rest) = text.strip_prefix("hub:") {
            let (program, ms) = rest
                .rsplit_once('@')
                .and_then(|(p, t)| Some((p, t.strip_suffix("ms")?)))
                .ok_or("a Hub player is hub:<program>@<N>ms")?;
            // Players are small copyable values for the match loop; the few program names
            // of one run live as long as it.
            let program: &'static str = Box::leak(program.to_string().into_boxed_str());
            return Ok(Player::Hub(program, Duration::from_millis(number(ms)?)));
        }
        if let Some((ms, overrides)) = text.split_once("ms:") {
            let weights = Weights::for_rules(rules).with_overrides(overrides)?;
            return Ok(Player::TimeWithWeights(
                Duration::from_millis(number(ms)?),
                weights,
            ));
        }
        if let Some(ms) = text.strip_prefix("kept").and_then(|t| t.strip_suffix("ms")) {
            // One pool a player, for the run: the player's own table through its games.
            let pool: &'static Arc<TablePool> = Box::leak(Box::new(Arc::new(TablePool::new(1))));
            return Ok(Player::KeptTable(Duration::from_millis(number(ms)?), pool));
        }
        if let Some(ms) = text.strip_suffix("ms") {
            return Ok(Player::TimePerMove(Duration::from_millis(number(ms)?)));
        }
        if let Some(n) = text.strip_prefix("nodes") {
            return Ok(Player::Nodes(number(n)?));
        }
        if let Some(d) = text.strip_prefix("depth") {
            if let Some((depth, overrides)) = d.split_once(':') {
                let weights = Weights::for_rules(rules).with_overrides(overrides)?;
                return Ok(Player::DepthWithWeights(number(depth)? as u32, weights));
            }
            return Ok(Player::Depth(number(d)? as u32));
        }
        Level::parse(text).map(Player::Level).ok_or_else(|| {
            format!(
                "unknown player '{text}': easy, medium, hard, max, beginner, greedy, <N>ms, \
                 nodes<N>, depth<N> or depth<N>:<weight>=<value>,... (weights: {})",
                Weights::NAMES.join(", ")
            )
        })
    }

    /// The searcher request this player makes (`None` for the greedy player).
    fn request(&self, seed: u64) -> Option<Request> {
        let (level, limits) = match *self {
            Player::Greedy | Player::Hub(..) => return None,
            Player::Level(level) => (Some(level), Limits::default()),
            Player::Beginner => (
                Some(Level::Medium),
                Limits {
                    depth: Some(3),
                    ..Limits::default()
                },
            ),
            Player::TimePerMove(t) | Player::TimeWithWeights(t, _) | Player::KeptTable(t, _) => (
                None,
                Limits {
                    time: Some(t),
                    ..Limits::default()
                },
            ),
            Player::Patterns(_, limits) => (None, limits),
            Player::Nodes(n) => (
                None,
                Limits {
                    nodes: Some(n),
                    ..Limits::default()
                },
            ),
            Player::Depth(d) | Player::DepthWithWeights(d, _) => (
                None,
                Limits {
                    depth: Some(d),
                    ..Limits::default()
                },
            ),
        };
        Some(Request {
            level,
            limits,
            seed: Some(seed),
        })
    }

    /// The move, with the depth and score of the search when there was one.
    pub(crate) fn choose(
        &self,
        game: &Game,
        (start, moves): (&Position, &[Move]),
        seed: u64,
        caps: &Caps,
    ) -> Option<Choice> {
        if let Player::Hub(program, time) = *self {
            return match crate::hub::client::ask(program, &game.rules, start, moves, time) {
                Ok((mv, depth)) => Some(Choice {
                    mv,
                    depth,
                    score: None,
                }),
                Err(e) => {
                    eprintln!("arena: {e}");
                    None
                }
            };
        }
        if let Some(req) = self.request(seed) {
            let weights = match *self {
                Player::DepthWithWeights(_, weights) | Player::TimeWithWeights(_, weights) => {
                    Some(weights)
                }
                _ => None,
            };
            let patterns = match *self {
                Player::Patterns(p, _) => Some(p.clone()),
                _ => None,
            };
            let kept;
            let caps = match *self {
                Player::KeptTable(_, pool) => {
                    kept = Caps {
                        tables: Some(pool.clone()),
                        ..caps.clone()
                    };
                    &kept
                }
                _ => caps,
            };
            return think_with_weights(game, &req, caps, None, weights, patterns).map(|a| Choice {
                mv: a.best,
                depth: Some(a.depth),
                score: Some(a.score),
            });
        }
        let eval = Evaluator::new(&game.rules);
        let list = game.legal_moves();
        let mut rng = Rng::new(seed);
        list.iter()
            .map(|m| {
                (
                    m.mv,
                    -eval.evaluate(&game.position.play(m)) * 16 + rng.spread(8),
                )
            })
            .max_by_key(|x| x.1)
            .map(|x| Choice {
                mv: x.0,
                depth: None,
                score: None,
            })
    }
}

/// A player's move, with what its search said of the position when it searched.
#[derive(Copy, Clone, Debug)]
pub struct Choice {
    /// The move played.
    pub mv: Move,
    /// The depth the search reached.
    pub depth: Option<u32>,
    /// The position's score for the side to move.
    pub score: Option<Score>,
}

/// A match's result from the first player's view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Per player (first, second): the sum of the depths its searches reached, and how many
    /// moves reported one.
    pub depths: [(u64, u64); 2],
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean depth a player's searches reached (0: first, 1: second).
    pub fn mean_depth(&self, player: usize) -> f64 {
        let (sum, n) = self.depths[player];
        sum as f64 / n.max(1) as f64
    }

    /// Score fraction of the first player.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// Elo difference with its 95% interval (low, mid, high), from the per-game variance.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let to_elo = |x: f64| {
            let x = x.clamp(0.001, 0.999);
            -400.0 * (1.0 / x - 1.0).log10()
        };
        (to_elo(p - 1.96 * se), to_elo(p), to_elo(p + 1.96 * se))
    }
}

/// Openings: positions after `plies` random legal moves from the start, from a fixed seed.
pub fn openings(rules: &Rules, count: usize, plies: usize, seed: u64) -> Vec<Vec<usize>> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            crate::rules::random::random_walk(rules, &mut rng, plies)
                .into_iter()
                .map(|(_, i)| i)
                .collect()
        })
        .collect()
}

/// A finished game: the winner (`None` for a draw, by a rule or the ply cap) and, per colour
/// (White, Black), the depth sum and count of the moves that reported one.
pub struct GameRecord {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Per colour (White, Black): the sum of the depths reached and how many moves reported one.
    pub depths: [(u64, u64); 2],
}

/// Play one game.
pub fn play_game(
    rules: &Rules,
    opening: &[usize],
    white: Player,
    black: Player,
    seed: u64,
    max_plies: u32,
    caps: &Caps,
) -> GameRecord {
    play_recorded(
        rules,
        opening,
        (white, black),
        seed,
        max_plies,
        caps,
        |_, _| {},
    )
}

/// As `play_game`, showing `seen` every position after the opening with the move chosen
/// there (before it is played).
pub fn play_recorded(
    rules: &Rules,
    opening: &[usize],
    (white, black): (Player, Player),
    seed: u64,
    max_plies: u32,
    caps: &Caps,
    mut seen: impl FnMut(&Position, &Choice),
) -> GameRecord {
    let start = Position::initial(rules);
    let mut game = Game::new(*rules, start, None);
    let mut moves = Vec::new();
    for &i in opening {
        let list = game.legal_moves();
        if let Some(m) = list.get(i) {
            game.play(m);
            moves.push(m.mv);
        }
    }
    let mut record = GameRecord {
        winner: None,
        depths: [(0, 0); 2],
    };
    let mut ply = 0u64;
    loop {
        match game.outcome() {
            Outcome::Win { winner, .. } => {
                record.winner = Some(winner);
                return record;
            }
            Outcome::Draw { .. } => return record,
            Outcome::Ongoing => {}
        }
        if game.plies >= max_plies {
            return record;
        }
        let side = game.position.side;
        let player = if side == Color::White { white } else { black };
        let seed = seed.wrapping_add(ply.wrapping_mul(0x9e37));
        let Some(choice) = player.choose(&game, (&start, &moves), seed, caps) else {
            return record;
        };
        seen(&game.position, &choice);
        let Choice { mv, depth, .. } = choice;
        if let Some(d) = depth {
            record.depths[side.index()].0 += d as u64;
            record.depths[side.index()].1 += 1;
        }
        game.play(&mv);
        moves.push(mv);
        ply += 1;
    }
}

/// `a` against `b`: each opening twice, colours swapped.
pub fn run_match(
    rules: &Rules,
    a: Player,
    b: Player,
    pairs: usize,
    seed: u64,
    caps: &Caps,
    mut progress: impl FnMut(&MatchResult),
) -> MatchResult {
    let mut result = MatchResult::default();
    for (n, opening) in openings(rules, pairs, 2, seed).iter().enumerate() {
        for a_is_white in [true, false] {
            let (white, black) = if a_is_white { (a, b) } else { (b, a) };
            let game_seed = seed ^ ((n as u64) << 1 | a_is_white as u64);
            let record = play_game(rules, opening, white, black, game_seed, 300, caps);
            let (a_colour, b_colour) = if a_is_white { (0, 1) } else { (1, 0) };
            for (player, colour) in [(0, a_colour), (1, b_colour)] {
                result.depths[player].0 += record.depths[colour].0;
                result.depths[player].1 += record.depths[colour].1;
            }
            match record.winner {
                None => result.draws += 1,
                Some(c) if (c == Color::White) == a_is_white => result.wins += 1,
                Some(_) => result.losses += 1,
            }
            progress(&result);
        }
    }
    result
}

/// A weights file written by `train`, checked against the board of `rules`; errors name
/// the file.
pub fn read_weights_file(path: &std::path::Path, rules: &Rules) -> Result<PatternWeights, String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let mut file = std::fs::File::open(path).map_err(|e| at(&e))?;
    let weights = PatternWeights::read(&mut file).map_err(|e| at(&e))?;
    weights.check_board(rules).map_err(|e| at(&e))?;
    Ok(weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse() {
        let rules = Rules::preset("english").expect("preset");
        let parse = |t: &str| Player::parse(t, &rules);
        assert_eq!(parse("greedy"), Ok(Player::Greedy));
        assert_eq!(
            parse("100ms"),
            Ok(Player::TimePerMove(Duration::from_millis(100)))
        );
        assert_eq!(parse("depth4"), Ok(Player::Depth(4)));
        assert_eq!(parse("nodes20000"), Ok(Player::Nodes(20_000)));
        assert_eq!(parse("beginner"), Ok(Player::Beginner));
        assert_eq!(
            parse("100ms:"),
            Ok(Player::TimeWithWeights(
                Duration::from_millis(100),
                Weights::for_rules(&rules)
            ))
        );
        let tuned = Weights {
            king: 250,
            advance: 7,
            ..Weights::for_rules(&rules)
        };
        assert_eq!(
            parse("depth4:king=250,advance=7"),
            Ok(Player::DepthWithWeights(4, tuned))
        );
        assert_eq!(parse("hard"), Ok(Player::Level(Level::Hard)));
        for bad in [
            "depthx",
            "depth4:queen=3",
            "depth4:king",
            "depth4:king=x",
            "fast",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn elo_of_an_even_and_a_winning_score() {
        let even = MatchResult {
            wins: 10,
            draws: 0,
            losses: 10,
            ..MatchResult::default()
        };
        let (lo, mid, hi) = even.elo();
        assert!(mid.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        let ahead = MatchResult {
            wins: 30,
            draws: 10,
            losses: 0,
            ..MatchResult::default()
        };
        assert!(ahead.elo().0 > 100.0);
    }
}
