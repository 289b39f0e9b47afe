//! One DXP game over a connection: our moves from the searcher within the game's clock, the
//! peer's moves checked by the rules before they are applied, and the end as the protocol
//! wants it (a `GameEnd` instead of a move, confirmed by the other side).

use super::message::{EndReason, Message, WireMove, BOARD_SQUARES};
use super::wire::{Connection, Fault};
use crate::engine::{think, Caps, Limits, Request};
use crate::rules::board::WideBits;
use crate::rules::{Color, DetailedMove, Game, Outcome, Position, Rules};
use crate::square_text::DXP;
use std::time::{Duration, Instant};

/// The moves a game is expected to last still, which a clock is spread over (as the Hub
/// front end does, and Scan in DXP games: 30 in the middlegame).
const MOVES_TO_GO: u32 = 30;

/// Kept back from every move's share of the clock for the message's way to the peer.
const TRANSIT_MARGIN: Duration = Duration::from_millis(10);

/// Who we are and how we play, for every game of a session.
pub struct Player {
    /// The variant both sides play (DXP itself does not say).
    pub rules: Rules,
    /// The searcher's caps: tables, time and depth bounds.
    pub caps: Caps,
    /// Our name in game requests and acceptances.
    pub name: String,
    /// The longest wait for a message that is not a move (an acceptance, a confirmation,
    /// the next game request), and the grace beyond the peer's clock for its move.
    pub timeout: Duration,
    /// Each of our moves' time when the game has no clock (0 minutes).
    pub move_time_without_clock: Duration,
}

/// One game's terms, agreed by a request and its acceptance.
#[derive(Clone, Debug)]
pub struct Terms {
    /// The colour we play.
    pub ours: Color,
    /// The position the game starts from.
    pub start: Position,
    /// Each side's minutes for the whole game (0: no clock).
    pub minutes: u32,
    /// The moves of the whole game (0: no limit).
    pub moves: u32,
    /// The peer's name.
    pub opponent: String,
}

/// How a game ended, White's result first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// That side won.
    Win(Color),
    /// A draw.
    Draw,
    /// Nobody said (a dropped connection, a move limit, a peer's `0`).
    Unknown,
}

impl GameResult {
    /// The PDN result: `2-0`, `0-2`, `1-1` or `*`.
    pub fn pdn(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "2-0",
            GameResult::Win(Color::Black) => "0-2",
            GameResult::Draw => "1-1",
            GameResult::Unknown => "*",
        }
    }

    /// The result as `side` states it in a `GameEnd`.
    fn reason_for(self, side: Color) -> EndReason {
        match self {
            GameResult::Win(w) if w == side => EndReason::SenderWins,
            GameResult::Win(_) => EndReason::SenderLoses,
            GameResult::Draw => EndReason::Draw,
            GameResult::Unknown => EndReason::Unknown,
        }
    }

    /// The result a `GameEnd` from `sender` states.
    fn stated_by(sender: Color, reason: EndReason) -> GameResult {
        match reason {
            EndReason::SenderWins => GameResult::Win(sender),
            EndReason::SenderLoses => GameResult::Win(sender.opponent()),
            EndReason::Draw => GameResult::Draw,
            EndReason::Unknown => GameResult::Unknown,
        }
    }
}

/// A game as played: its terms, moves, result and why it ended.
#[derive(Clone, Debug)]
pub struct Played {
    /// The terms.
    pub terms: Terms,
    /// Every move, in order.
    pub moves: Vec<DetailedMove>,
    /// The result.
    pub result: GameResult,
    /// Why it ended, in words (the log line's).
    pub ending: String,
    /// The session cannot go on (the connection is gone or untrustworthy, or the peer
    /// asked to stop).
    pub session_over: bool,
    /// Our mean time a move, for the match summary.
    pub our_mean_ms: f64,
    /// The peer's, as we measured it (from our move sent to its move read).
    pub their_mean_ms: f64,
}

/// A side's clock: the game's minutes less the time its moves took.
struct Clock {
    left: Option<Duration>,
    moves: u32,
}

impl Clock {
    fn new(terms: &Terms) -> Clock {
        Clock {
            left: (terms.minutes > 0).then(|| Duration::from_secs(60 * terms.minutes as u64)),
            moves: terms.moves,
        }
    }

    /// This move's share. DXP's minutes are for the whole game and its move count is where
    /// the game may be stopped, not a time control: spread what is left over the moves a
    /// game still lasts, about [`MOVES_TO_GO`] (fewer when the count ends the game sooner),
    /// never more than a quarter of it on one move, less the transit margin.
    fn share(&self, moves_made: u32, without_clock: Duration) -> Duration {
        let Some(left) = self.left else {
            return without_clock;
        };
        let to_go = match self.moves.checked_sub(moves_made) {
            Some(before_the_end) if before_the_end > 0 => before_the_end.min(MOVES_TO_GO),
            _ => MOVES_TO_GO,
        };
        (left / to_go)
            .min(left / 4)
            .saturating_sub(TRANSIT_MARGIN)
            .max(Duration::from_millis(1))
    }

    fn spend(&mut self, used: Duration) {
        if let Some(left) = &mut self.left {
            *left = left.saturating_sub(used);
        }
    }

    /// How long the peer may take for its move before we stop waiting.
    fn wait(&self, grace: Duration) -> Duration {
        self.left.unwrap_or_default() + grace
    }
}

/// The DXP text of a position: the side to move, then its 50 squares.
pub fn dxp_squares(pos: &Position) -> (Color, String) {
    (pos.side, DXP.write(pos))
}

/// The position a game request gives (`None`: the usual start), or why it cannot be played.
pub fn requested_start(rules: &Rules, start: &Option<(Color, String)>) -> Result<Position, String> {
    let Some((side, squares)) = start else {
        return Ok(Position::initial(rules));
    };
    let g = rules.board.geometry();
    if g.squares as usize != BOARD_SQUARES {
        return Err(format!(
            "a DXP position has {BOARD_SQUARES} squares; this variant's board has {}",
            g.squares
        ));
    }
    DXP.read(rules.board, *side, squares)
}

/// A move's DXP squares.
fn wire_move(mv: &DetailedMove, rules: &Rules, seconds: u32) -> WireMove {
    let g = rules.board.geometry();
    WireMove {
        seconds,
        from: g.square(mv.from),
        to: g.square(mv.to),
        captured: WideBits(mv.captured()).map(|b| g.square(b)).collect(),
    }
}

/// A DXP move in words: `32-28`, `32x14 (taking 28, 19)`.
fn describe(m: &WireMove) -> String {
    if m.captured.is_empty() {
        return format!("{}-{}", m.from, m.to);
    }
    let taken: Vec<String> = m.captured.iter().map(u8::to_string).collect();
    format!("{}x{} (taking {})", m.from, m.to, taken.join(", "))
}

/// The legal move a DXP move names: the same squares from, to and taken (in any order).
fn resolve(m: &WireMove, legal: &[DetailedMove], rules: &Rules) -> Option<DetailedMove> {
    let mut taken = m.captured.clone();
    taken.sort_unstable();
    legal
        .iter()
        .find(|l| {
            let w = wire_move(l, rules, 0);
            let mut ours = w.captured;
            ours.sort_unstable();
            w.from == m.from && w.to == m.to && ours == taken
        })
        .copied()
}

/// One game in progress.
struct Table<'a> {
    conn: &'a mut Connection,
    player: &'a Player,
    game: Game,
    played: Played,
    /// Our `GameEnd`s ask to stop (the match's last game).
    last: bool,
    /// Our moves and the time they took; the peer's.
    our_moves: u32,
    our_time: Duration,
    their_moves: u32,
    their_time: Duration,
}

impl Table<'_> {
    /// End the game: `reason` as we state it, then the peer's confirmation awaited.
    fn end_by_us(self, result: GameResult, ending: String, session_over: bool) -> Played {
        let reason = result.reason_for(self.played.terms.ours);
        if session_over || ending.contains("forfeits") {
            tracing::warn!(result = result.pdn(), "dxp game ends: {ending}");
        } else {
            tracing::info!(result = result.pdn(), "dxp game ends: {ending}");
        }
        let stop = self.last || session_over;
        let sent = self.conn.send(&Message::GameEnd { reason, stop });
        let mut session_over = session_over || sent.is_err();
        if sent.is_ok() {
            let deadline = Instant::now() + self.player.timeout;
            loop {
                match self.conn.receive(deadline) {
                    Ok(Message::GameEnd { stop, .. }) => {
                        session_over |= stop;
                        break;
                    }
                    Ok(Message::Chat(text)) => tracing::info!(%text, "dxp chat"),
                    Ok(other) => {
                        tracing::warn!(message = %other, "dxp: expected the game end's confirmation");
                        break;
                    }
                    Err(fault) => {
                        tracing::warn!("dxp: no confirmation of the game end: {fault}");
                        session_over = true;
                        break;
                    }
                }
            }
        }
        self.finish(result, ending, session_over)
    }

    fn finish(mut self, result: GameResult, ending: String, session_over: bool) -> Played {
        self.played.result = result;
        self.played.ending = ending;
        self.played.session_over = session_over;
        let mean_ms =
            |time: Duration, moves: u32| time.as_secs_f64() * 1000.0 / moves.max(1) as f64;
        self.played.our_mean_ms = mean_ms(self.our_time, self.our_moves);
        self.played.their_mean_ms = mean_ms(self.their_time, self.their_moves);
        self.played
    }

    /// The game's end by the rules, a move limit reached, or `None` while it goes on.
    fn over(&self) -> Option<(GameResult, String)> {
        match self.game.outcome() {
            Outcome::Win { winner, reason } => Some((
                GameResult::Win(winner),
                format!("{winner:?} wins ({})", reason.id()),
            )),
            Outcome::Draw { reason } => Some((GameResult::Draw, format!("draw ({})", reason.id()))),
            Outcome::Ongoing => {
                let limit = self.played.terms.moves as usize;
                (limit > 0 && self.played.moves.len() >= 2 * limit).then(|| {
                    (
                        GameResult::Unknown,
                        format!("the game's {limit} moves are played"),
                    )
                })
            }
        }
    }
}

/// Play one game on `conn` under `terms`. `last`: our `GameEnd` asks for no further game.
/// Every way it can end (the rules, the peer's `GameEnd`, an illegal move, a malformed
/// message, a silent peer, a dropped connection) comes back as a [`Played`] with a reason.
pub fn play(conn: &mut Connection, player: &Player, terms: Terms, last: bool) -> Played {
    let mut ours = Clock::new(&terms);
    let mut theirs = Clock::new(&terms);
    let game = Game::new(player.rules, terms.start, None);
    let mut table = Table {
        conn,
        player,
        game,
        played: Played {
            terms,
            moves: Vec::new(),
            result: GameResult::Unknown,
            ending: String::new(),
            session_over: false,
            our_mean_ms: 0.0,
            their_mean_ms: 0.0,
        },
        last,
        our_moves: 0,
        our_time: Duration::ZERO,
        their_moves: 0,
        their_time: Duration::ZERO,
    };
    let us = table.played.terms.ours;
    let mut since_our_move = Instant::now();
    loop {
        let moves_made = table.played.moves.len() as u32 / 2;
        if table.game.position.side == us {
            if let Some((result, ending)) = table.over() {
                return table.end_by_us(result, ending, false);
            }
            let started = Instant::now();
            let request = Request {
                level: None,
                limits: Limits {
                    time: Some(ours.share(moves_made, player.move_time_without_clock)),
                    ..Limits::default()
                },
                seed: Some(1),
            };
            let legal = table.game.legal_moves();
            let best = think(&table.game, &request, &player.caps, None)
                .and_then(|a| legal.iter().find(|m| m.mv == a.best).copied());
            let Some(best) = best else {
                return table.end_by_us(GameResult::Unknown, "no move found".into(), true);
            };
            let used = started.elapsed();
            ours.spend(used);
            table.our_time += used;
            table.our_moves += 1;
            let seconds = used.as_secs_f64().round() as u32;
            if let Err(e) =
                table
                    .conn
                    .send(&Message::Move(wire_move(&best, &player.rules, seconds)))
            {
                let ending = format!("our move could not be sent: {e}");
                tracing::warn!("dxp game ends: {ending}");
                return table.finish(GameResult::Unknown, ending, true);
            }
            table.game.play(&best.mv);
            table.played.moves.push(best);
            since_our_move = Instant::now();
            continue;
        }
        let deadline = since_our_move + theirs.wait(player.timeout);
        match table.conn.receive(deadline) {
            Ok(Message::Move(m)) => {
                let took = since_our_move.elapsed();
                theirs.spend(took);
                table.their_time += took;
                table.their_moves += 1;
                let legal = table.game.legal_moves();
                match resolve(&m, &legal, &player.rules) {
                    Some(mv) if table.over().is_none() => {
                        table.game.play(&mv.mv);
                        table.played.moves.push(mv);
                    }
                    Some(_) => {
                        // The rules ended the game at the peer's turn (a draw rule the peer
                        // does not keep): we claim it instead of answering.
                        let (result, why) =
                            table.over().unwrap_or((GameResult::Unknown, String::new()));
                        let ending = format!("{why}, which the peer played on from");
                        return table.end_by_us(result, ending, false);
                    }
                    None => {
                        let ending = format!(
                            "the peer's move {} is not legal here ({}); it forfeits",
                            describe(&m),
                            crate::rules::notation::fen::write(&table.game.position)
                        );
                        return table.end_by_us(GameResult::Win(us), ending, false);
                    }
                }
            }
            Ok(Message::GameEnd { reason, stop }) => {
                let stated = GameResult::stated_by(us.opponent(), reason);
                // Our rules decide when they see the game over; otherwise the peer's word
                // (a resignation, a time or move limit) stands.
                let (result, ending) = match table.over() {
                    Some((result, ending)) => (result, format!("the peer ended it: {ending}")),
                    None => (stated, format!("the peer ended it ({})", stated.pdn())),
                };
                tracing::info!(result = result.pdn(), "dxp game ends: {ending}");
                let stop_us = last || stop;
                let confirm = Message::GameEnd {
                    reason: reason.mirrored(),
                    stop: stop_us,
                };
                let sent = table.conn.send(&confirm);
                return table.finish(result, ending, stop || sent.is_err());
            }
            Ok(Message::Chat(text)) => tracing::info!(%text, "dxp chat"),
            Ok(Message::BackRequest { move_number, side }) => {
                tracing::info!(
                    move_number,
                    ?side,
                    "dxp: a back request, refused (not supported)"
                );
                let answer = Message::BackAccept(super::message::BackAnswer::NotSupported);
                if let Err(e) = table.conn.send(&answer) {
                    return table.finish(
                        GameResult::Unknown,
                        format!("the connection failed: {e}"),
                        true,
                    );
                }
            }
            Ok(other) => {
                let ending = format!("the peer sent {other:?} during the game");
                return table.end_by_us(GameResult::Unknown, ending, true);
            }
            Err(Fault::TimedOut) => {
                let ending = format!(
                    "the peer sent no move within its clock and {} s; it forfeits",
                    player.timeout.as_secs()
                );
                return table.end_by_us(GameResult::Win(us), ending, true);
            }
            Err(Fault::Malformed(m)) => {
                let ending = m.to_string();
                return table.end_by_us(GameResult::Unknown, ending, true);
            }
            Err(fault) => {
                let ending = format!("{fault} during the game");
                tracing::warn!("dxp game ends: {ending}");
                return table.finish(GameResult::Unknown, ending, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(minutes: u32, moves: u32) -> Clock {
        Clock {
            left: (minutes > 0).then(|| Duration::from_secs(60 * minutes as u64)),
            moves,
        }
    }

    /// A whole game's minute is spread over the moves a game still lasts (30), not over a
    /// move count set far beyond any game (600): 2 s at the start, as Scan spends it.
    #[test]
    fn the_clock_is_spread_over_the_moves_a_game_lasts() {
        let none = Duration::from_millis(7);
        assert_eq!(clock(1, 600).share(0, none), Duration::from_millis(1990));
        assert_eq!(clock(1, 0).share(40, none), Duration::from_millis(1990));
        // Three moves before the count ends the game: a third each, at most a quarter.
        assert_eq!(clock(1, 50).share(47, none), Duration::from_millis(14_990));
        assert_eq!(clock(0, 600).share(0, none), none);
        let mut spent = clock(1, 600);
        spent.spend(Duration::from_secs(59));
        assert_eq!(spent.share(10, none).as_millis(), 23);
    }
}
