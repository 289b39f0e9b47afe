//! Helpers shared by the engine tests: an independent brute-force minimax, random
//! positions, a server on a free port, a scratch directory.

#![allow(dead_code)] // each test file uses its own part

use draughts_api::rules::random::Rng;
use draughts_api::rules::{legal_moves, Color, Position, Rules};

/// Plain minimax on material (a man 100, a king `king`; no legal move is a loss), no
/// pruning, no tables. Quiescent: at the horizon, pending captures are played out.
pub fn minimax(rules: &Rules, pos: &Position, depth: u32, king: i32) -> i32 {
    let list = legal_moves(rules, pos);
    if list.is_empty() {
        return -100_000 - depth as i32; // losing sooner is worse
    }
    if depth == 0 && list[0].is_capture() {
        return list
            .iter()
            .map(|mv| -minimax(rules, &pos.play(mv), 0, king))
            .max()
            .unwrap_or(0);
    }
    if depth == 0 {
        let (m, k) = pos.counts(pos.side);
        let (om, ok) = pos.counts(pos.side.opponent());
        return (100 * m as i32 + king * k as i32) - (100 * om as i32 + king * ok as i32);
    }
    list.iter()
        .map(|mv| -minimax(rules, &pos.play(mv), depth - 1, king))
        .max()
        .unwrap_or(0)
}

/// The minimax value of each legal move, in generation order.
pub fn move_values(rules: &Rules, pos: &Position, depth: u32, king: i32) -> Vec<i32> {
    legal_moves(rules, pos)
        .iter()
        .map(|m| -minimax(rules, &pos.play(m), depth - 1, king))
        .collect()
}

/// The variant's king value in the evaluation.
pub fn king_value(rules: &Rules) -> i32 {
    draughts_api::engine::eval::Weights::for_rules(rules).king
}

/// Random positions, deterministic: `pieces` pieces in a range, a king one time in
/// `king_one_in` (0: men only, except on the crowning row where none are placed).
pub fn random_positions(
    rules: &Rules,
    count: usize,
    seed: u64,
    pieces: std::ops::Range<u64>,
    king_one_in: u64,
) -> Vec<Position> {
    let g = rules.board.geometry();
    let mut rng = Rng::new(seed);
    let mut next = move || rng.next_u64() >> 31;
    let mut out = Vec::new();
    while out.len() < count {
        let side = if next() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut pos = Position::empty(rules.board, side);
        let n = pieces.start + next() % (pieces.end - pieces.start);
        for i in 0..n {
            let square = 1 + (next() % g.squares as u64) as u32;
            let bit = g.bit(square).expect("on board");
            if pos.occupied() & (1 << bit) != 0 {
                continue;
            }
            let color = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let crowning = rules.promotion_row(color) & (1 << bit) != 0;
            if king_one_in == 0 && crowning {
                continue;
            }
            pos.pieces[color.index()] |= 1 << bit;
            let roll = king_one_in > 0 && next() % king_one_in == 0;
            if roll || crowning {
                pos.kings |= 1 << bit;
            }
        }
        if pos.pieces[0] != 0 && pos.pieces[1] != 0 && !legal_moves(rules, &pos).is_empty() {
            out.push(pos);
        }
    }
    out
}

/// Start the real server on a free local port in its own thread; its base URL.
pub fn spawn_server(config: draughts_api::api::Config) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let app = draughts_api::api::Application::build(config).expect("server builds");
            tx.send(app.port()).expect("port sent");
            let _ = app.run_until_stopped().await;
        })
    });
    format!("http://127.0.0.1:{}", rx.recv().expect("server started"))
}

/// A test server: two workers, no endgame tables (they would be built in the background).
pub fn test_config() -> draughts_api::api::Config {
    draughts_api::api::Config {
        addr: "127.0.0.1:0".into(),
        workers: 2,
        bitbase_pieces: 0,
        ..draughts_api::api::Config::default()
    }
}

/// POST JSON; any status, with the parsed body.
pub fn post_json(base: &str, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
    let result = ureq::post(&format!("{base}{path}"))
        .set("content-type", "application/json")
        .send_string(&body.to_string());
    let response = match result {
        Ok(r) | Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("transport error: {e}"),
    };
    let status = response.status();
    let text = response.into_string().expect("body");
    (status, serde_json::from_str(&text).expect("a JSON body"))
}

/// A seeded random walk of up to `plies` legal moves from the start (it stops when the game
/// ends): the moves in full notation, and the game reached.
pub fn random_line(
    rules: &Rules,
    plies: usize,
    seed: u64,
) -> (Vec<String>, draughts_api::rules::Game) {
    use draughts_api::rules::notation::moves;
    use draughts_api::rules::{Game, Outcome};
    let mut game = Game::new(*rules, Position::initial(rules), None);
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..plies {
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let list = legal_moves(rules, &game.position);
        let mv = list[rng.below(list.len())];
        out.push(moves::full(&mv, rules.board));
        game.play(&mv);
    }
    (out, game)
}

/// A preset's rules (the tests name presets that exist).
pub fn preset(id: &str) -> Rules {
    Rules::preset(id).expect("preset")
}

/// The legal moves of the FEN `text` under `rules`, written by `write`, sorted.
pub fn legal_sorted(
    rules: &Rules,
    text: &str,
    write: fn(&draughts_api::rules::DetailedMove, draughts_api::rules::BoardSize) -> String,
) -> Vec<String> {
    let pos = draughts_api::rules::notation::fen::parse(text, rules.board)
        .expect("fen")
        .position;
    let mut written: Vec<String> = legal_moves(rules, &pos)
        .iter()
        .map(|m| write(m, rules.board))
        .collect();
    written.sort();
    written
}

/// A fresh, empty directory under the system's temporary one, named for `name` and this
/// process.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}
