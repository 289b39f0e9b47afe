//! DXP on loopback: our initiator against our follower (real games, replayed afterwards
//! from their PDN through the rules crate), and hostile peers written here byte by byte:
//! garbage, a move to an occupied square, a capture that is not maximal, a connection cut
//! mid-message, a peer that never answers. Each must end cleanly, with the right `GameEnd`.

use draughts_api::dxp::game::{GameResult, Played, Player};
use draughts_api::dxp::wire::Connection;
use draughts_api::dxp::{self, MatchPlan};
use draughts_api::engine::Caps;
use draughts_api::rules::notation::{fen, pdn};
use draughts_api::rules::record::RecordedResult;
use draughts_api::rules::replay::{play, MoveInput};
use draughts_api::{Color, Game, Position, Rules};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

fn player(name: &str) -> Player {
    Player {
        rules: Rules::international(),
        caps: Caps::default(),
        name: name.into(),
        timeout: Duration::from_secs(1),
        move_time_without_clock: Duration::from_millis(15),
    }
}

/// Our follower on a free port, in a thread; its games come back when it returns.
fn follower() -> (u16, thread::JoinHandle<Vec<Played>>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("bound").port();
    let handle = thread::spawn(move || {
        let (stream, _) = listener.accept().expect("a peer");
        let mut conn = Connection::new(stream);
        dxp::follow(&mut conn, &player("follower"), None, |_| {})
    });
    (port, handle)
}

/// A hand-written peer's end of the connection.
struct Peer(TcpStream);

impl Peer {
    fn connect(port: u16) -> Peer {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        Peer(stream)
    }

    fn send(&mut self, text: &str) {
        self.0.write_all(text.as_bytes()).expect("send");
        self.0.write_all(&[0]).expect("send");
    }

    /// The next message's text (up to its NUL); empty when the connection closed.
    fn read(&mut self) -> String {
        let mut text = Vec::new();
        let mut byte = [0u8];
        while let Ok(1) = self.0.read(&mut byte) {
            if byte[0] == 0 {
                break;
            }
            text.push(byte[0]);
        }
        String::from_utf8_lossy(&text).into_owned()
    }

    /// Ask the follower for a game, it playing `follower` from `start` (`None`: the usual
    /// start), with no clock; its acceptance is checked.
    fn request(&mut self, follower: char, start: Option<&str>) {
        let start = match start {
            None => "A".to_string(),
            Some(text) => {
                let pos = fen::parse(text, Rules::international().board)
                    .expect("FEN")
                    .position;
                let (side, squares) = dxp::game::dxp_squares(&pos);
                let side = if side == Color::White { 'W' } else { 'Z' };
                format!("B{side}{squares}")
            }
        };
        self.send(&format!("R01{:<32}{follower}000000{start}", "hostile peer"));
        let answer = self.read();
        assert!(answer.starts_with("Afollower"), "{answer:?}");
        assert!(answer.ends_with('0'), "not accepted: {answer:?}");
    }
}

fn games_of(handle: thread::JoinHandle<Vec<Played>>) -> Vec<Played> {
    handle.join().expect("the follower did not panic")
}

/// Every game of a PDN text replays through the rules from its start, and a decided
/// result is the rules' own verdict on the final position.
fn replay_all(text: &str) -> usize {
    let rules = Rules::international();
    let games = pdn::parse_all(text).expect("the PDN reads");
    let mut legal = Vec::new();
    for (i, parsed) in games.iter().enumerate() {
        let game = parsed.as_ref().expect("a game reads");
        let start = match game.tag("FEN") {
            Some(f) => fen::parse(f, rules.board).expect("FEN").position,
            None => Position::initial(&rules),
        };
        let mut replayed = Game::new(rules, start, None);
        for (text, _) in &game.moves {
            play(&mut replayed, &MoveInput::Text(text.clone()), &mut legal)
                .unwrap_or_else(|e| panic!("game {}: {text}: {e}", i + 1));
        }
        let result = game.tag("Result").expect("a result");
        if let Some(said) = RecordedResult::parse(result) {
            assert!(
                said.agrees_with(&replayed.outcome()),
                "game {}: {result} but the rules say {:?}",
                i + 1,
                replayed.outcome()
            );
        }
    }
    games.len()
}

/// Four real games, our initiator against our follower, from two openings with both
/// colours; the PDN the initiator writes replays through the rules crate.
#[test]
fn our_initiator_and_follower_play_a_match_that_replays() {
    let (port, handle) = follower();
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    let mut conn = Connection::new(stream);
    let rules = Rules::international();
    let openings = [
        Position::initial(&rules),
        fen::parse("B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", rules.board)
            .expect("FEN")
            .position,
    ];
    let plan = MatchPlan {
        games: 4,
        minutes: 0,
        moves: 40,
        openings: openings.to_vec(),
    };
    let me = player("initiator");
    let mut text = String::new();
    let games = dxp::initiate(&mut conn, &me, &plan, |g| {
        text.push_str(&dxp::pdn(g, &me, 1));
    });
    drop(conn);
    let theirs = games_of(handle);
    assert_eq!(games.len(), 4);
    assert_eq!(theirs.len(), 4);
    for (i, (a, b)) in games.iter().zip(&theirs).enumerate() {
        let ours = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(a.terms.ours, ours);
        assert_eq!(b.terms.ours, ours.opponent());
        assert_eq!(a.moves, b.moves, "game {i}: both sides saw the same moves");
        assert_eq!(a.result, b.result, "game {i}: {} / {}", a.ending, b.ending);
        assert_eq!(a.terms.start, openings[i / 2]);
        assert!(!a.moves.is_empty());
    }
    assert!(games[..3].iter().all(|g| !g.session_over));
    assert!(games[3].session_over || theirs[3].session_over);
    // A game that reached its 40 moves has no result; every other one is decided by the rules.
    assert_eq!(replay_all(&text), 4);
    assert!(text.contains("[FEN \"B:W31"), "{text}");
}

/// Garbage instead of a game request: the follower says it stops and leaves.
#[test]
fn garbage_ends_the_session_with_a_stop() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.send("Xthis is not DXP");
    assert_eq!(peer.read(), "E01");
    assert!(games_of(handle).is_empty());
}

/// A malformed move in a game: the game ends unknown, with a stop.
#[test]
fn a_malformed_move_ends_the_game() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.request('Z', None);
    peer.send("M00003x2800");
    assert_eq!(peer.read(), "E01");
    peer.send("E01");
    let games = games_of(handle);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result, GameResult::Unknown);
    assert!(
        games[0].ending.contains("the from square"),
        "{}",
        games[0].ending
    );
}

/// A move to an occupied square: the mover forfeits; the follower claims the win.
#[test]
fn a_move_to_an_occupied_square_forfeits() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.request('Z', None);
    peer.send("M0000363100");
    assert_eq!(peer.read(), "E30");
    peer.send("E10");
    drop(peer);
    let games = games_of(handle);
    assert_eq!(games[0].result, GameResult::Win(Color::Black));
    assert!(
        games[0].ending.contains("36-31 is not legal"),
        "{}",
        games[0].ending
    );
}

/// A capture that stops before taking the most pieces: not legal, forfeits.
#[test]
fn a_capture_that_is_not_maximal_forfeits() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    // White's man on 32 must take three (32x23x14x3); taking 28 alone is not a move.
    peer.request('Z', Some("W:W32,45:B9,17,19,27,28"));
    peer.send("M0000322301 28".replace(' ', "").as_str());
    assert_eq!(peer.read(), "E30");
    peer.send("E10");
    let games = games_of(handle);
    assert_eq!(games[0].result, GameResult::Win(Color::Black));
    assert!(
        games[0].ending.contains("32x23 (taking 28)"),
        "{}",
        games[0].ending
    );
    // The maximal capture, sent with its pieces in any order, is taken.
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.request('Z', Some("W:W32,45:B9,17,19,27,28"));
    peer.send("M00003203030919 28".replace(' ', "").as_str());
    let reply = peer.read();
    assert!(
        reply.starts_with('M') || reply.starts_with('E'),
        "{reply:?}"
    );
    drop(peer);
    let games = games_of(handle);
    assert_eq!(
        games[0].moves.len(),
        1 + usize::from(reply.starts_with('M'))
    );
}

/// The connection cut in the middle of a move: the game ends, no result, no hang.
#[test]
fn a_connection_cut_mid_move_ends_the_game() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.request('Z', None);
    peer.0.write_all(b"M00003227").expect("half a move");
    drop(peer);
    let games = games_of(handle);
    assert_eq!(games[0].result, GameResult::Unknown);
    assert!(games[0].session_over);
    assert!(games[0].ending.contains("closed"), "{}", games[0].ending);
}

/// A peer that never answers: after its clock (none here) and the timeout, it forfeits.
#[test]
fn a_silent_peer_forfeits_after_the_timeout() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.request('W', None);
    let first = peer.read();
    assert!(first.starts_with('M'), "{first:?}");
    let waited = Instant::now();
    let end = peer.read();
    assert_eq!(end, "E31", "after {:?}", waited.elapsed());
    assert!(waited.elapsed() < Duration::from_secs(5));
    let games = games_of(handle);
    assert_eq!(games[0].result, GameResult::Win(Color::White));
    assert!(games[0].session_over);
}

/// A request the follower cannot play is refused with its code, and the session goes on.
#[test]
fn a_request_it_cannot_play_is_refused_and_the_next_accepted() {
    let (port, handle) = follower();
    let mut peer = Peer::connect(port);
    peer.send(&format!("R02{:<32}Z000000A", "future"));
    assert!(peer.read().ends_with('1'), "version 2 refused with 1");
    // Black to move with no black piece: no legal move.
    peer.send(&format!("R01{:<32}Z000000BZw{}", "x", "e".repeat(49)));
    assert!(peer.read().ends_with('2'));
    peer.request('Z', None);
    peer.send("E01");
    assert_eq!(peer.read(), "E01");
    let games = games_of(handle);
    assert_eq!(games.len(), 1);
    assert!(games[0].session_over);
}

/// Scan 2.0's DXP side in a directory of its own: its build copied, its `scan.ini` set for
/// DXP (`initiator`: Scan asks for the games and connects to `port`; otherwise it listens
/// there), started as `scan dxp`.
fn start_scan(scan_dir: &str, port: u16, initiator: bool) -> std::process::Child {
    let dir = std::env::temp_dir().join(format!("draughts-dxp-scan-{port}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory for Scan");
    let copied = std::process::Command::new("cp")
        .arg("-r")
        .arg(format!("{scan_dir}/."))
        .arg(&dir)
        .status()
        .expect("cp");
    assert!(copied.success());
    let ini = std::fs::read_to_string(dir.join("scan.ini")).expect("scan.ini");
    let mut kept: Vec<String> = ini
        .lines()
        .filter(|l| !l.trim_start().starts_with("dxp-"))
        .map(String::from)
        .collect();
    kept.extend([
        format!("dxp-server = {}", !initiator),
        "dxp-host = 127.0.0.1".into(),
        format!("dxp-port = {port}"),
        format!("dxp-initiator = {initiator}"),
        "dxp-time = 1".into(),
        "dxp-moves = 600".into(),
        "dxp-board = false".into(),
        "dxp-search = false".into(),
    ]);
    std::fs::write(dir.join("scan.ini"), kept.join("\n") + "\n").expect("scan.ini written");
    std::process::Command::new(dir.join("scan"))
        .arg("dxp")
        .current_dir(&dir)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("Scan starts")
}

/// Against Scan 2.0 over DXP on loopback (set SCAN_DIR to a build of
/// `../shared/sparring/build-scan.sh`; run with `--ignored`): two games with us asking
/// (both colours, from the start and from another position) and two with Scan asking, at
/// 1 minute for 600 moves; every game replays from its PDN through the rules crate, and
/// every decided result is the rules' verdict.
#[test]
#[ignore = "needs Scan 2.0 built: SCAN_DIR=/tmp/sparring/scan-2.0"]
fn against_scan_in_both_roles() {
    let Ok(scan_dir) = std::env::var("SCAN_DIR") else {
        panic!("SCAN_DIR names a Scan 2.0 build (../shared/sparring/build-scan.sh)");
    };
    let rules = Rules::international();
    let mut me = player("draughts-api");
    me.timeout = Duration::from_secs(30);
    let mut text = String::new();

    // We ask: Scan listens.
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut scan = start_scan(&scan_dir, port, false);
    let started = Instant::now();
    let stream = loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(_) if started.elapsed() < Duration::from_secs(60) => {
                thread::sleep(Duration::from_millis(200))
            }
            Err(e) => panic!("Scan does not listen: {e}"),
        }
    };
    let plan = MatchPlan {
        games: 2,
        minutes: 1,
        moves: 600,
        openings: vec![
            fen::parse("B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", rules.board)
                .expect("FEN")
                .position,
        ],
    };
    let mut conn = Connection::new(stream);
    let asked = dxp::initiate(&mut conn, &me, &plan, |g| {
        text.push_str(&dxp::pdn(g, &me, 1))
    });
    drop(conn);
    let _ = scan.wait();

    // Scan asks: we listen.
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("bound").port();
    let mut scan = start_scan(&scan_dir, port, true);
    let (stream, _) = listener.accept().expect("Scan connects");
    let mut conn = Connection::new(stream);
    let followed = dxp::follow(&mut conn, &me, Some(2), |g| {
        text.push_str(&dxp::pdn(g, &me, 2))
    });
    drop(conn);
    let _ = scan.kill();
    let _ = scan.wait();

    for g in asked.iter().chain(&followed) {
        eprintln!(
            "{:?} against {}: {} ({}), {} plies, our mean {:.0} ms",
            g.terms.ours,
            g.terms.opponent,
            g.result.pdn(),
            g.ending,
            g.moves.len(),
            g.our_mean_ms
        );
        assert!(g.terms.opponent.starts_with("Scan"), "{}", g.terms.opponent);
        assert!(g.moves.len() > 20, "a real game: {}", g.ending);
        assert!(
            !g.ending.contains("forfeits") && !g.ending.contains("malformed"),
            "{}",
            g.ending
        );
    }
    assert_eq!(asked.len(), 2);
    assert_eq!(followed.len(), 2);
    let colours: Vec<Color> = asked
        .iter()
        .chain(&followed)
        .map(|g| g.terms.ours)
        .collect();
    assert!(colours.contains(&Color::White) && colours.contains(&Color::Black));
    assert_eq!(replay_all(&text), 4);
}
