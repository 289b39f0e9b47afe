//! `POST /tablebase` and `GET /tablebase` over a real server.

use crate::common::{post_json, spawn_server, test_config};
use serde_json::{json, Value};

/// A server whose readiness waits for its tables (3 pieces: seconds), once it is ready.
fn server_with_tables() -> String {
    let base = spawn_server(draughts_api::api::Config {
        bitbase_pieces: 3,
        require_tables: true,
        ..test_config()
    });
    let ready = (0..600).any(|_| {
        let status = match ureq::get(&format!("{base}/readyz")).call() {
            Ok(r) => r.status(),
            Err(ureq::Error::Status(code, _)) => code,
            Err(e) => panic!("{e}"),
        };
        if status != 200 {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        status == 200
    });
    assert!(ready, "readiness did not come with the tables in 60 s");
    base
}

fn rank(result: &Value) -> i64 {
    let plies = result["plies"].as_i64().unwrap_or(0);
    match result["result"].as_str() {
        Some("win") => 1000 - plies,
        Some("draw") => 0,
        Some("loss") => -1000 + plies,
        other => panic!("result {other:?}"),
    }
}

/// Every move's result is consistent with the position's: the best move's result is the
/// position's, and the moves come best first.
fn assert_consistent(answer: &Value) {
    let moves = answer["moves"].as_array().expect("moves");
    let ranks: Vec<i64> = moves.iter().map(rank).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] >= w[1]),
        "not best first: {answer}"
    );
    match moves.first() {
        Some(best) => {
            assert_eq!(best["result"], answer["result"], "{answer}");
            assert_eq!(best["plies"], answer["plies"], "{answer}");
        }
        None => assert_eq!(answer["result"], "loss", "{answer}"),
    }
}

#[test]
fn the_tables_answer_won_drawn_and_lost_positions_with_every_move() {
    let base = server_with_tables();
    // English: two kings beat one in the open.
    let (status, won) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "english", "position": "W:WK18,K27:BK6"}),
    );
    assert_eq!(status, 200, "{won}");
    assert_eq!(won["result"], "win", "{won}");
    assert!(
        won["plies"].as_u64().is_some_and(|p| p > 0 && p % 2 == 1),
        "{won}"
    );
    assert_eq!(
        (won["pieces"].clone(), won["max_pieces"].clone()),
        (json!(3), json!(3))
    );
    assert_consistent(&won);
    // The same kings with Black to move: lost, and every black move loses.
    let (_, lost) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "english", "position": "B:WK18,K27:BK6"}),
    );
    assert_eq!(lost["result"], "loss", "{lost}");
    assert_eq!(lost["side_to_move"], "black");
    assert!(
        lost["moves"]
            .as_array()
            .is_some_and(|m| !m.is_empty() && m.iter().all(|mv| mv["result"] == "loss")),
        "{lost}"
    );
    assert_consistent(&lost);
    // Both kings shut in the corner by the single one: a draw.
    let (_, drawn) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "english", "position": "W:WK3,K4:BK11"}),
    );
    assert_eq!(drawn["result"], "draw", "{drawn}");
    assert!(drawn.get("plies").is_none(), "{drawn}");
    assert_consistent(&drawn);
    // International: two kings cannot catch one on the long diagonal.
    let (_, long_diagonal) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "international", "position": "W:WK3,K4:BK46"}),
    );
    assert_eq!(long_diagonal["result"], "draw", "{long_diagonal}");
    assert_consistent(&long_diagonal);
    // A position where a capture is forced (files do not store those; the answer plays it).
    let (_, capture) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "english", "position": "B:WK18,K27:BK22"}),
    );
    assert_eq!(
        capture["moves"][0]["move"]["captured"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_consistent(&capture);
    // GET asks the same question.
    let got: Value = ureq::get(&format!("{base}/tablebase"))
        .query("variant", "english")
        .query("position", "W:WK18,K27:BK6")
        .call()
        .expect("GET /tablebase")
        .into_json()
        .expect("json");
    assert_eq!(got, won);
}

#[test]
fn positions_beyond_the_tables_and_variants_without_them_get_clear_422s() {
    let base = server_with_tables();
    let (status, beyond) = post_json(&base, "/tablebase", &json!({"variant": "international"}));
    assert_eq!(status, 422, "{beyond}");
    assert_eq!(beyond["code"], "beyond_tables");
    assert_eq!(
        (beyond["pieces"].clone(), beyond["max"].clone()),
        (json!(40), json!(3))
    );
    assert_eq!(beyond["field"], "position");
    let spanish = ureq::post(&format!("{base}/tablebase"))
        .set("Accept-Language", "es-ES,es;q=0.9")
        .send_json(json!({"variant": "international"}));
    let Err(ureq::Error::Status(422, response)) = spanish else {
        panic!("{spanish:?}")
    };
    assert_eq!(response.header("Content-Language"), Some("es"));
    let spanish: Value = response.into_json().expect("json");
    assert_eq!(spanish["code"], "beyond_tables");
    assert!(
        spanish["detail"]
            .as_str()
            .is_some_and(|d| d.contains("40 piezas")),
        "{spanish}"
    );
    let (status, none) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "antidraughts", "position": "W:W31:B20"}),
    );
    assert_eq!(
        (status, none["code"].clone()),
        (422, json!("no_tables_for_rules")),
        "{none}"
    );
    let missing = ureq::get(&format!("{base}/tablebase?variant=english")).call();
    let Err(ureq::Error::Status(422, response)) = missing else {
        panic!("{missing:?}")
    };
    let missing: Value = response.into_json().expect("json");
    assert_eq!(missing["field"], "position", "{missing}");
}

#[test]
fn a_service_without_tables_says_so() {
    let base = spawn_server(draughts_api::api::Config {
        bitbase_pieces: 0,
        ..test_config()
    });
    let (status, off) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "english", "position": "W:WK18,K27:BK6"}),
    );
    assert_eq!(
        (status, off["code"].clone()),
        (422, json!("tables_off")),
        "{off}"
    );
}

/// While the tables are still being built, a position beyond what they will hold gets its
/// 422 at once (no table is needed to say so); one they will hold is told to come back.
#[test]
fn while_the_tables_build_a_position_beyond_them_is_refused_and_one_within_waits() {
    let base = spawn_server(draughts_api::api::Config {
        bitbase_pieces: 3,
        ..test_config()
    });
    let (status, beyond) = post_json(&base, "/tablebase", &json!({"variant": "international"}));
    assert_eq!(
        (status, beyond["code"].clone(), beyond["max"].clone()),
        (422, json!("beyond_tables"), json!(3)),
        "{beyond}"
    );
    let (status, within) = post_json(
        &base,
        "/tablebase",
        &json!({"variant": "international", "position": "W:WK46,K1:BK5"}),
    );
    // International is built after the 8×8 presets: most often not ready yet, else answered.
    let waits = status == 503 && within["code"] == "tables_not_ready";
    assert!(
        waits || (status == 200 && within["pieces"] == 3),
        "{within}"
    );
}
