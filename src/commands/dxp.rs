//! `dxp`: play engine matches over the DamExchange protocol, as follower or initiator.

use super::VariantArg;
use crate::dxp::game::{GameResult, Played, Player};
use crate::dxp::{self, wire::Connection, MatchPlan};
use crate::tools::arena::MatchResult;
use clap::Args;
use std::io::Write;
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::time::Duration;

/// `dxp`: one DXP session, listening for a peer's game requests or asking for a match.
#[derive(Args)]
pub struct Dxp {
    #[command(flatten)]
    variant: VariantArg,
    /// Follow: wait on HOST:PORT for one peer and play the games it asks for.
    #[arg(long, value_name = "HOST:PORT", required_unless_present = "connect")]
    listen: Option<String>,
    /// Initiate: connect to a follower on HOST:PORT and ask for `--games` games.
    #[arg(long, value_name = "HOST:PORT", conflicts_with = "listen")]
    connect: Option<String>,
    /// Games to ask for (initiator; colours alternate, we are White first), or to play
    /// before leaving (follower; default: until the peer stops).
    #[arg(long)]
    games: Option<usize>,
    /// Each side's thinking time for the whole game, in minutes (initiator; DXP counts whole
    /// minutes). Spread over the moves a game still lasts (about 30), as Scan spreads it.
    #[arg(long, default_value_t = 1)]
    time_min: u32,
    /// The moves after which the game may be stopped without a result (initiator; 0: no
    /// limit).
    #[arg(long, default_value_t = 600)]
    moves: u32,
    /// Start positions, one FEN a line (`#` starts a comment), each played with both
    /// colours in turn (initiator; default: the usual start).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Append each game played to this PDN file.
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// The longest wait, in seconds, for a message that is not a move, and the grace for the
    /// peer's move beyond its clock.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    /// Our time a move when the game has no clock (0 minutes), in milliseconds.
    #[arg(long, default_value_t = 1000)]
    move_ms: u64,
    /// Endgame tables up to this many pieces, built at the start (0: none).
    #[arg(long, default_value_t = 4)]
    bitbase_pieces: u32,
    /// Our name in the protocol's name fields.
    #[arg(long, default_value = "draughts-api")]
    name: String,
}

impl Dxp {
    pub fn run(self, out: &mut impl Write) -> Result<(), String> {
        crate::api::telemetry::init_on_stderr();
        let rules = crate::cli::preset_rules(&self.variant.id)?;
        if rules.board.geometry().squares as usize != dxp::message::BOARD_SQUARES {
            return Err(format!(
                "DXP plays on the 10×10 board; '{}' is not a 10×10 variant",
                self.variant.id
            ));
        }
        let openings = match &self.openings {
            Some(path) => crate::cli::read_positions(path, &rules)?,
            None => Vec::new(),
        };
        let mut caps = crate::cli::caps_with_tables(&rules, self.bitbase_pieces);
        // One table kept from move to move through a game, as in the Hub session.
        caps.tables = Some(std::sync::Arc::new(crate::engine::TablePool::new(1)));
        let player = Player {
            rules,
            caps,
            name: self.name.clone(),
            timeout: Duration::from_secs(self.timeout.max(1)),
            move_time_without_clock: Duration::from_millis(self.move_ms.max(1)),
        };
        let stream = match (&self.listen, &self.connect) {
            (Some(addr), _) => {
                let listener = TcpListener::bind(addr).map_err(|e| format!("{addr}: {e}"))?;
                let local = listener.local_addr().map_err(|e| e.to_string())?;
                writeln!(out, "dxp: listening on {local}").map_err(|e| e.to_string())?;
                out.flush().map_err(|e| e.to_string())?;
                listener.accept().map_err(|e| e.to_string())?.0
            }
            (None, Some(addr)) => connect(addr, player.timeout)?,
            (None, None) => return Err("--listen or --connect is needed".into()),
        };
        let mut conn = Connection::new(stream);
        let mut summary = MatchResult::default();
        let mut unknown = 0;
        let mut round = 0;
        let mut report = |game: &Played| -> Result<(), String> {
            round += 1;
            match game.result {
                GameResult::Win(winner) if winner == game.terms.ours => summary.wins += 1,
                GameResult::Win(_) => summary.losses += 1,
                GameResult::Draw => summary.draws += 1,
                GameResult::Unknown => unknown += 1,
            }
            if let Some(path) = &self.pdn {
                let mut file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                file.write_all(dxp::pdn(game, &player, round).as_bytes())
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            writeln!(
                out,
                "game {round}: {} as {:?} against {}: {} ({}), {} plies, a move: ours {:.0} ms, theirs {:.0} ms",
                player.name,
                game.terms.ours,
                game.terms.opponent,
                game.result.pdn(),
                game.ending,
                game.moves.len(),
                game.our_mean_ms,
                game.their_mean_ms
            )
            .map_err(|e| e.to_string())
        };
        let mut failure = Ok(());
        let mut on_game = |game: &Played| {
            if failure.is_ok() {
                failure = report(game);
            }
        };
        if self.listen.is_some() {
            dxp::follow(&mut conn, &player, self.games, &mut on_game);
        } else {
            let plan = MatchPlan {
                games: self.games.unwrap_or(2),
                minutes: self.time_min,
                moves: self.moves,
                openings,
            };
            dxp::initiate(&mut conn, &player, &plan, &mut on_game);
        }
        failure?;
        let mut line = format!(
            "{} games: +{} ={} -{}",
            summary.games() + unknown,
            summary.wins,
            summary.draws,
            summary.losses
        );
        if unknown > 0 {
            line.push_str(&format!(" ({unknown} without a result)"));
        }
        if summary.games() > 0 {
            let (lo, mid, hi) = summary.elo();
            line.push_str(&format!(
                ", score {:.1}%, Elo {mid:+.0} [{lo:+.0}, {hi:+.0}]",
                summary.score() * 100.0
            ));
        }
        writeln!(out, "{line}").map_err(|e| e.to_string())
    }
}

/// Connect to `addr`, waiting `timeout` at most.
fn connect(addr: &str, timeout: Duration) -> Result<TcpStream, String> {
    let targets = addr.to_socket_addrs().map_err(|e| format!("{addr}: {e}"))?;
    let mut last = format!("{addr}: no address");
    for target in targets {
        match TcpStream::connect_timeout(&target, timeout) {
            Ok(stream) => return Ok(stream),
            Err(e) => last = format!("{addr}: {e}"),
        }
    }
    Err(last)
}
