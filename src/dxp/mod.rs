//! DXP, the DamExchange protocol: how international draughts engines play each other over
//! TCP (tournaments, match servers, GUIs; Scan speaks it). One side, the initiator, asks
//! for each game (`R`: colours, minutes, move count, start); the follower accepts (`A`);
//! moves (`M`) alternate until one side sends a game end (`E`) instead of a move and the
//! other confirms it. A front end beside the REST API and the Hub protocol, playing with
//! the same searcher and tables.
//!
//! [`message`] is the wire format, [`wire`] the connection (every read has a deadline),
//! [`game`] one game; this module runs sessions: [`follow`] answers game requests,
//! [`initiate`] asks for a match.

pub mod game;
pub mod message;
pub mod wire;

use crate::rules::{notation, Color, Position};
use game::{Played, Player, Terms};
use message::{Acceptance, BackAnswer, GameRequest, Message};
use std::fmt::Write as _;
use std::time::Instant;
use wire::{Connection, Fault};

/// The protocol version we speak.
const VERSION: u32 = 1;

/// What a follower answers to a game request: the terms, or the refusal's code and why.
fn accept(player: &Player, request: &GameRequest) -> Result<Terms, (Acceptance, String)> {
    if request.version != VERSION {
        return Err((
            Acceptance::WrongVersion,
            format!(
                "protocol version {} (we speak {VERSION:02})",
                request.version
            ),
        ));
    }
    let start = game::requested_start(&player.rules, &request.start)
        .map_err(|e| (Acceptance::NotThisGame, e))?;
    if crate::rules::legal_moves(&player.rules, &start).is_empty() {
        return Err((
            Acceptance::NotThisGame,
            "the side to move has no legal move in the requested position".into(),
        ));
    }
    Ok(Terms {
        ours: request.follower_color,
        start,
        minutes: request.minutes,
        moves: request.moves,
        opponent: request.initiator.clone(),
    })
}

/// Answer game requests on `conn` until the peer stops, leaves, falls silent for the
/// player's timeout, or `games` games are played. Each game is handed to `on_game`.
pub fn follow(
    conn: &mut Connection,
    player: &Player,
    games: Option<usize>,
    mut on_game: impl FnMut(&Played),
) -> Vec<Played> {
    let mut played = Vec::new();
    loop {
        let deadline = Instant::now() + player.timeout;
        let message = match conn.receive(deadline) {
            Ok(m) => m,
            Err(Fault::Closed) => {
                tracing::info!("dxp: the peer closed the connection");
                break;
            }
            Err(Fault::Malformed(m)) => {
                tracing::warn!("dxp: {m}");
                let _ = conn.send(&stop_message());
                break;
            }
            Err(fault) => {
                tracing::warn!("dxp: waiting for a game request: {fault}");
                break;
            }
        };
        match message {
            Message::GameRequest(request) => match accept(player, &request) {
                Ok(terms) => {
                    if conn
                        .send(&acceptance(player, Acceptance::Accepted))
                        .is_err()
                    {
                        break;
                    }
                    tracing::info!(opponent = %terms.opponent, ours = ?terms.ours,
                        minutes = terms.minutes, moves = terms.moves, "dxp game accepted");
                    let last = games.is_some_and(|n| played.len() + 1 >= n);
                    let game = game::play(conn, player, terms, last);
                    on_game(&game);
                    let over = game.session_over || last;
                    played.push(game);
                    if over {
                        break;
                    }
                }
                Err((code, why)) => {
                    tracing::warn!("dxp: game request refused: {why}");
                    if conn.send(&acceptance(player, code)).is_err() {
                        break;
                    }
                }
            },
            Message::GameEnd { stop, .. } => {
                // Between games: a confirmation, or the initiator's wish to stop.
                if stop {
                    tracing::info!("dxp: the peer stops");
                    break;
                }
            }
            Message::Chat(text) => tracing::info!(%text, "dxp chat"),
            Message::BackRequest { .. } => {
                if conn
                    .send(&Message::BackAccept(BackAnswer::NotSupported))
                    .is_err()
                {
                    break;
                }
            }
            other => {
                tracing::warn!(message = %other, "dxp: unexpected between games");
                let _ = conn.send(&stop_message());
                break;
            }
        }
    }
    played
}

/// A match we ask for: its games, clock and openings.
pub struct MatchPlan {
    /// Games to play; colours alternate, we take White in the first.
    pub games: usize,
    /// Each side's minutes a game.
    pub minutes: u32,
    /// Moves a game (0: no limit).
    pub moves: u32,
    /// Start positions, each played twice (both colours) in turn; empty: the usual start.
    pub openings: Vec<Position>,
}

/// Ask for `plan`'s games on `conn`, playing each. Each game is handed to `on_game`.
pub fn initiate(
    conn: &mut Connection,
    player: &Player,
    plan: &MatchPlan,
    mut on_game: impl FnMut(&Played),
) -> Vec<Played> {
    let mut played = Vec::new();
    for index in 0..plan.games {
        let start = match plan.openings.len() {
            0 => Position::initial(&player.rules),
            n => plan.openings[(index / 2) % n],
        };
        let ours = if index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let squares = game::dxp_squares(&start);
        let request = GameRequest {
            version: VERSION,
            initiator: player.name.clone(),
            follower_color: ours.opponent(),
            minutes: plan.minutes,
            moves: plan.moves,
            start: (start != Position::initial(&player.rules)).then_some(squares),
        };
        if let Err(e) = conn.send(&Message::GameRequest(request)) {
            tracing::warn!("dxp: the game request could not be sent: {e}");
            break;
        }
        let deadline = Instant::now() + player.timeout;
        let opponent = loop {
            match conn.receive(deadline) {
                Ok(Message::GameAccept {
                    follower,
                    answer: Acceptance::Accepted,
                }) => break Some(follower),
                Ok(Message::GameAccept { follower, answer }) => {
                    tracing::warn!(%follower, ?answer, "dxp: the game was refused");
                    break None;
                }
                Ok(Message::Chat(text)) => tracing::info!(%text, "dxp chat"),
                Ok(other) => {
                    tracing::warn!(message = %other, "dxp: expected an acceptance");
                    break None;
                }
                Err(fault) => {
                    tracing::warn!("dxp: waiting for the acceptance: {fault}");
                    break None;
                }
            }
        };
        let Some(opponent) = opponent else { break };
        let terms = Terms {
            ours,
            start,
            minutes: plan.minutes,
            moves: plan.moves,
            opponent,
        };
        let game = game::play(conn, player, terms, index + 1 == plan.games);
        on_game(&game);
        let over = game.session_over;
        played.push(game);
        if over {
            break;
        }
    }
    played
}

fn acceptance(player: &Player, answer: Acceptance) -> Message {
    Message::GameAccept {
        follower: player.name.clone(),
        answer,
    }
}

/// The game end that closes a session we cannot trust any more.
fn stop_message() -> Message {
    Message::GameEnd {
        reason: message::EndReason::Unknown,
        stop: true,
    }
}

/// A played game as PDN: the players, the result, the start when it is not the usual one,
/// and every move in full (so the rules crate can replay it).
pub fn pdn(game: &Played, player: &Player, round: usize) -> String {
    let rules = &player.rules;
    let (white, black) = match game.terms.ours {
        Color::White => (player.name.as_str(), game.terms.opponent.as_str()),
        Color::Black => (game.terms.opponent.as_str(), player.name.as_str()),
    };
    let mut text = String::new();
    let _ = writeln!(text, "[Event \"DXP match\"]");
    let _ = writeln!(text, "[Round \"{round}\"]");
    let _ = writeln!(text, "[White \"{white}\"]");
    let _ = writeln!(text, "[Black \"{black}\"]");
    let _ = writeln!(text, "[Result \"{}\"]", game.result.pdn());
    if let Some(n) = crate::rules::PRESETS
        .iter()
        .find(|p| p.rules == *rules)
        .and_then(|p| p.pdn_game_type)
    {
        let _ = writeln!(text, "[GameType \"{n}\"]");
    }
    if game.terms.start != Position::initial(rules) {
        let _ = writeln!(
            text,
            "[FEN \"{}\"]",
            notation::fen::write(&game.terms.start)
        );
    }
    let _ = writeln!(text, "{{{}}}", game.ending.replace(['{', '}'], ""));
    let mut number = 1;
    let mut side = game.terms.start.side;
    for (i, mv) in game.moves.iter().enumerate() {
        if side == Color::White {
            let _ = write!(text, "{number}. ");
        } else if i == 0 {
            let _ = write!(text, "{number}... ");
        }
        let _ = write!(text, "{} ", notation::moves::full(mv, rules.board));
        if side == Color::Black {
            number += 1;
        }
        side = side.opponent();
    }
    let _ = writeln!(text, "{}\n", game.result.pdn());
    text
}
