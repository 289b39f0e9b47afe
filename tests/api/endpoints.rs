//! Integration tests: the real server on a free local port, spoken to over HTTP.

use crate::common;

use draughts_api::api::Config;
use serde_json::{json, Value};

struct TestApp {
    base: String,
}

/// Start the server on 127.0.0.1:0 in its own thread and actix system.
fn spawn_app_with(config: Config) -> TestApp {
    TestApp {
        base: common::spawn_server(config),
    }
}

fn spawn_app() -> TestApp {
    spawn_app_with(common::test_config())
}

impl TestApp {
    fn post(&self, path: &str, body: &Value) -> (u16, Value, Option<String>) {
        self.post_raw(path, &body.to_string())
    }

    fn post_raw(&self, path: &str, body: &str) -> (u16, Value, Option<String>) {
        let result = ureq::post(&format!("{}{path}", self.base))
            .set("content-type", "application/json")
            .send_string(body);
        let response = match result {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("transport error: {e}"),
        };
        let status = response.status();
        let content_type = response.header("content-type").map(str::to_string);
        let text = response.into_string().expect("body");
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
            content_type,
        )
    }

    fn get(&self, path: &str) -> (u16, String) {
        match ureq::get(&format!("{}{path}", self.base)).call() {
            Ok(r) => (r.status(), r.into_string().expect("body")),
            Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap_or_default()),
            Err(e) => panic!("transport error: {e}"),
        }
    }
}

fn notations(v: &Value) -> Vec<String> {
    let mut list: Vec<String> = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["notation"].as_str().expect("notation").to_string())
        .collect();
    list.sort();
    list
}

#[test]
fn moves_of_the_initial_international_position() {
    let app = spawn_app();
    let (status, body, _) = app.post(
        "/moves",
        &json!({"variant": "international", "include_positions": true}),
    );
    assert_eq!(status, 200);
    assert_eq!(body["moves"].as_array().map(Vec::len), Some(9));
    assert_eq!(body["capture_required"], false);
    assert_eq!(body["status"]["state"], "ongoing");
    let first = &body["moves"][0];
    assert!(first["position"]
        .as_str()
        .is_some_and(|p| p.starts_with("B:")));
    assert_eq!(first["path"].as_array().map(Vec::len), Some(2));
}

#[test]
fn seed_examples_through_the_api() {
    let app = spawn_app();
    // Seed 000: maximum capture.
    let (_, body, _) = app.post(
        "/moves",
        &json!({"variant": "international", "position": "W:W32:B9,17,19,27,28"}),
    );
    assert_eq!(notations(&body), ["32x23x14x3"]);
    assert_eq!(body["moves"][0]["captured"], json!([28, 19, 9]));
    assert_eq!(body["capture_required"], true);
    // Seed 000: Ply Yard's king tiebreak.
    let (_, body, _) = app.post(
        "/moves",
        &json!({"variant": "plyyard", "position": "W:W32:B27,K28"}),
    );
    assert_eq!(notations(&body), ["32x23"]);
    // Seed 004: 27x18x11, with algebraic on 8×8.
    let (_, body, _) = app.post(
        "/moves",
        &json!({"variant": "english", "position": "W:W27:B15,23"}),
    );
    assert_eq!(notations(&body), ["27x18x11"]);
    assert_eq!(body["moves"][0]["short"], "27x11");
    assert!(body["moves"][0]["algebraic"].is_string());
    // Seed 004: crowned in a capture, the move stops.
    let (_, body, _) = app.post(
        "/moves",
        &json!({"variant": "english", "position": "W:W11:B6,7"}),
    );
    assert_eq!(notations(&body), ["11x2"]);
    assert_eq!(body["moves"][0]["crowns"], true);
    // Seed 004: pieces but no move loses.
    let (_, body, _) = app.post(
        "/status",
        &json!({"variant": "english", "position": "W:W29:B22,25"}),
    );
    assert_eq!(body["state"], "win");
    assert_eq!(body["winner"], "black");
    assert_eq!(body["reason"], "no_moves");
}

#[test]
fn apply_plays_and_explains_illegal_moves() {
    let app = spawn_app();
    let (status, body, _) = app.post(
        "/apply",
        &json!({"variant": "international", "move": "32-28"}),
    );
    assert_eq!(status, 200);
    assert_eq!(body["move"]["notation"], "32-28");
    assert_eq!(body["position"], "B:W28,31,33-50:B1-20");
    // Path form.
    let (status, body, _) = app.post(
        "/apply",
        &json!({"variant": "international", "move": {"path": [32, 28]}}),
    );
    assert_eq!(status, 200, "{body}");
    // A plain move when a capture is compulsory.
    let (status, body, ctype) = app.post("/apply", &json!({"variant": "international", "position": "W:W32,40:B9,17,19,27,28", "move": "40-34"}));
    assert_eq!(status, 422);
    assert_eq!(ctype.as_deref(), Some("application/problem+json"));
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.contains("capture is compulsory")),
        "{body}"
    );
    assert_eq!(body["legal_moves"], json!(["32x23x14x3"]));
    assert_eq!(body["field"], "move");
    // The smaller capture.
    let (_, body, _) = app.post("/apply", &json!({"variant": "international", "position": "W:W32:B9,17,19,27,28", "move": "32x21x12"}));
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.contains("takes 2 pieces but 3 can be taken")),
        "{body}"
    );
    // Ambiguity lists the candidates: an English man on d2 (26) with two routes to d6 (10),
    // over c3 and c5 (22, 14) or over e3 and e5 (23, 15).
    let (status, body, _) = app.post(
        "/apply",
        &json!({"variant": "english", "position": "W:W26:B14,15,22,23", "move": "26x10"}),
    );
    assert_eq!(status, 422, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.starts_with("ambiguous")),
        "{body}"
    );
    let mut candidates: Vec<String> =
        serde_json::from_value(body["candidates"].clone()).expect("candidates");
    candidates.sort();
    assert_eq!(candidates, ["26x17x10", "26x19x10"]);
    // Listed once: no other field repeats them under another name.
    assert_eq!(body["code"], "ambiguous_move", "{body}");
    assert_eq!(body.get("options"), None, "{body}");
    // A bad square names the character.
    let (status, body, _) = app.post(
        "/apply",
        &json!({"variant": "international", "move": "32-2?"}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["offset"], 4, "{body}");
}

#[test]
fn history_gives_repetition_draws_and_must_agree_with_position() {
    let app = spawn_app();
    let moves = [
        "29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4",
    ];
    let (status, body, _) = app.post(
        "/status",
        &json!({"variant": "english", "history": {"start": "W:WK29:BK4", "moves": moves}}),
    );
    assert_eq!(status, 200);
    assert_eq!(body["state"], "draw");
    assert_eq!(body["reason"], "threefold_repetition");
    assert_eq!(body["counters"]["repetitions"], 3);
    // /apply refuses to play on in a drawn game.
    let (status, body, _) = app.post("/apply", &json!({"variant": "english", "history": {"start": "W:WK29:BK4", "moves": moves}, "move": "29-25"}));
    assert_eq!(status, 422);
    assert_eq!(body["type"], "/problems/game-over");
    // Position disagreeing with the history.
    let (status, body, _) = app.post("/moves", &json!({"variant": "english", "position": "W:W21-32:B1-12", "history": {"moves": ["11-15"]}}));
    assert_eq!(status, 422);
    assert_eq!(body["field"], "position");
    // An illegal move in the history names its index.
    let (status, body, _) = app.post(
        "/moves",
        &json!({"variant": "english", "history": {"moves": ["11-15", "11-16"]}}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["field"], "history.moves[1]");
}

#[test]
fn a_whole_english_game_validates_move_by_move() {
    let app = spawn_app();
    // A short game played out by the engine's own moves through /apply, then validated.
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..40 {
        let (status, body, _) = app.post(
            "/moves",
            &json!({"variant": "english", "history": {"moves": moves}}),
        );
        assert_eq!(status, 200);
        if body["status"]["state"] != "ongoing" {
            break;
        }
        let list = body["moves"].as_array().expect("moves");
        let pick = &list[moves.len() % list.len()];
        moves.push(pick["notation"].as_str().expect("notation").to_string());
    }
    let (status, body, _) = app.post(
        "/games/validate",
        &json!({"variant": "english", "moves": moves}),
    );
    assert_eq!(status, 200);
    assert_eq!(body["valid"], true, "{body}");
    assert_eq!(body["plies"], moves.len());
    // Break it at ply 5: the verdict points there.
    let mut broken = moves.clone();
    broken[4] = "1-5".into();
    let (_, body, _) = app.post(
        "/games/validate",
        &json!({"variant": "english", "moves": broken}),
    );
    assert_eq!(body["valid"], false);
    assert_eq!(body["error"]["ply"], 5);
    assert_eq!(body["plies"], 4);
}

#[test]
fn a_pdn_game_text_validates() {
    let app = spawn_app();
    let pdn = "[Event \"club\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 {quiet} 3. 9-13 17-14 4. 10x17 21x14 *";
    let (status, body, _) = app.post("/games/validate", &json!({"pdn": pdn}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["valid"], true, "{body}");
    assert_eq!(body["plies"], 8);
    // With a FEN tag and an international GameType.
    let pdn = "[GameType \"20\"]\n[FEN \"W:W32:B9,17,19,27,28\"]\n1. 32x3 *";
    let (_, body, _) = app.post("/games/validate", &json!({"pdn": pdn}));
    assert_eq!(body["valid"], true, "{body}");
    let (status, body, _) = app.post(
        "/games/validate",
        &json!({"pdn": "[GameType \"99\"] 1. 32-28"}),
    );
    assert_eq!(status, 422);
    assert!(body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("GameType 99")));
    // No GameType and no variant: read as international (32-28 is not a move on 8×8).
    let (status, body, _) = app.post("/games/validate", &json!({"pdn": "1. 32-28 19-23 *"}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["valid"], true, "{body}");
    assert_eq!(body["position"], "W:W28,31,33-50:B1-18,20,23", "{body}");
}

#[test]
fn variants_with_overrides() {
    let app = spawn_app();
    let (status, text) = app.get("/variants");
    assert_eq!(status, 200);
    let list: Value = serde_json::from_str(&text).expect("json");
    let ids: Vec<&str> = list
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|v| v["id"].as_str())
        .collect();
    assert_eq!(
        ids,
        [
            "international",
            "plyyard",
            "english",
            "spanish",
            "russian",
            "brazilian",
            "italian",
            "czech",
            "frisian",
            "frysk",
            "turkish",
            "antidraughts",
            "breakthrough",
            "canadian",
            "killer"
        ]
    );
    assert_eq!(list[13]["board_size"], 12);
    assert_eq!(list[13]["squares"], 72);
    assert_eq!(list[13]["pieces_per_side"], 30);
    assert_eq!(list[10]["squares"], 64);
    assert_eq!(list[10]["pieces_per_side"], 16);
    assert_eq!(list[8]["rules"]["capture_lines"], "both");
    assert_eq!(list[8]["rules"]["king_move_limit"], 3);
    assert_eq!(list[9]["pieces_per_side"], 5);
    let antidraughts = &list[11]["rules"];
    assert_eq!(antidraughts["win_condition"], "lose_all");
    assert_eq!(list[0]["rules"]["win_condition"], "normal");
    // Spanish officially: White first.
    let (_, body, _) = app.post(
        "/moves",
        &json!({"variant": {"preset": "spanish", "first_player": "white"}}),
    );
    assert_eq!(body["status"]["side_to_move"], "white");
    // House rule on an 8×8 preset.
    let (_, body, _) = app.post("/moves", &json!({"variant": {"preset": "english", "forced_capture": false}, "position": "W:W27:B23"}));
    assert_eq!(notations(&body), ["27-24", "27x18"]);
    // Unknown keys are an error that names them.
    let (status, body, _) = app.post(
        "/moves",
        &json!({"variant": {"preset": "english", "flying": true}}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["field"], "variant.flying");
    let (status, body, _) = app.post("/moves", &json!({"variant": "chinese"}));
    assert_eq!(status, 422);
    assert!(body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("unknown variant")));
}

#[test]
fn every_error_class_is_a_problem_document() {
    let app = spawn_app_with(Config {
        addr: "127.0.0.1:0".into(),
        workers: 2,
        max_body_bytes: 1000,
        max_moves: 10,
        bitbase_pieces: 0,
        ..Config::default()
    });
    // Malformed JSON: 400.
    let (status, body, ctype) = app.post_raw("/moves", "{\"variant\": ");
    assert_eq!(status, 400);
    assert_eq!(ctype.as_deref(), Some("application/problem+json"));
    assert!(body["detail"].is_string());
    // Unknown top-level key: 400.
    let (status, _, _) = app.post("/moves", &json!({"variant": "english", "fen": "x"}));
    assert_eq!(status, 400);
    // Empty body.
    let (status, _, _) = app.post_raw("/moves", "");
    assert_eq!(status, 400);
    // Too large: 413 naming the limit.
    let (status, body, _) = app.post_raw(
        "/moves",
        &format!("{{\"variant\": \"{}\"}}", "x".repeat(2000)),
    );
    assert_eq!(status, 413);
    assert!(body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("1000 bytes")));
    // History over the limit: 422 naming it.
    let (status, body, _) = app.post(
        "/status",
        &json!({"variant": "english", "history": {"moves": vec!["11-15"; 11]}}),
    );
    assert_eq!(status, 422);
    assert!(body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("limit is 10")));
    // Bad FEN with the character.
    let (status, body, _) = app.post(
        "/moves",
        &json!({"variant": "international", "position": "W:W31-50:B1-2x"}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["offset"], 13);
    // A man on its crowning row.
    let (status, _, _) = app.post(
        "/moves",
        &json!({"variant": "international", "position": "W:W3:B20"}),
    );
    assert_eq!(status, 422);
    // Deep JSON nesting does not crash the server.
    let deep = format!("{}{}", "[".repeat(400), "]".repeat(400));
    let (status, _, _) = app.post_raw("/moves", &deep);
    assert_eq!(status, 400);
    // Unknown route: 404 problem; wrong method: 405.
    let (status, _) = app.get("/nothing");
    assert_eq!(status, 404);
    let response = ureq::get(&format!("{}/moves", app.base)).call();
    match response {
        Err(ureq::Error::Status(405, r)) => {
            assert_eq!(r.header("allow"), Some("POST"));
            assert_eq!(r.header("content-type"), Some("application/problem+json"));
        }
        other => panic!("expected 405, got {other:?}"),
    }
}

#[test]
fn health_readiness_metrics_docs_and_request_ids() {
    let app = spawn_app();
    assert_eq!(app.get("/healthz").0, 200);
    assert_eq!(app.get("/readyz").0, 200);
    let _ = app.post("/moves", &json!({"variant": "english"}));
    let _ = app.post("/moves", &json!({"variant": "english"}));
    let (status, text) = app.get("/metrics");
    assert_eq!(status, 200);
    assert!(
        text.contains(
            "draughts_api_http_requests_total{method=\"POST\",route=\"/moves\",status=\"200\"} 2"
        ),
        "{text}"
    );
    assert!(text.contains("draughts_api_cache_hits_total 1"), "{text}");
    assert!(text.contains("draughts_api_http_request_duration_seconds_bucket"));
    let (status, text) = app.get("/openapi.json");
    assert_eq!(status, 200);
    assert!(text.contains("\"/bestmove\""));
    let (status, text) = app.get("/docs/");
    assert_eq!(status, 200);
    assert!(text.to_lowercase().contains("swagger"));
    let response = ureq::get(&format!("{}/healthz", app.base))
        .set("x-request-id", "abc-123")
        .call()
        .expect("ok");
    assert_eq!(response.header("x-request-id"), Some("abc-123"));
    let response = ureq::get(&format!("{}/healthz", app.base))
        .call()
        .expect("ok");
    assert!(response
        .header("x-request-id")
        .is_some_and(|id| !id.is_empty()));
}

#[test]
fn bestmove_answers_with_move_score_and_limits() {
    let app = spawn_app();
    let (status, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "international", "limits": {"depth": 4}, "seed": 1}),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["depth"], 4);
    assert!(body["score"]["centipieces"].is_i64());
    assert!(body["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    // Reproducible with a depth limit.
    let (_, again, _) = app.post(
        "/bestmove",
        &json!({"variant": "international", "limits": {"depth": 4}, "seed": 1}),
    );
    assert_eq!(body["move"], again["move"]);
    // A forced capture is the only move: answered at once.
    let (_, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "international", "position": "W:W32:B9,17,19,27,28"}),
    );
    assert_eq!(body["move"]["notation"], "32x23x14x3");
    // Over the caps: 422 naming the limit.
    let (status, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "international", "limits": {"depth": 1000}}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["field"], "limits.depth");
    let (status, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "international", "limits": {"time_ms": 99999999}}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["field"], "limits.time_ms");
    // A finished game: 422.
    let (status, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "english", "position": "W:W29:B22,25"}),
    );
    assert_eq!(status, 422);
    assert_eq!(body["type"], "/problems/game-over");
    // A win found: score in plies.
    let (_, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "english", "position": "W:WK18:B14", "limits": {"depth": 6}}),
    );
    assert!(body["score"]["win_in_plies"].is_u64(), "{body}");
}

#[test]
fn searches_over_capacity_get_503_and_time_limits_hold() {
    let app = spawn_app_with(Config {
        addr: "127.0.0.1:0".into(),
        workers: 4,
        search_slots: 1,
        short_search_slots: 0,
        client_max_searches: 10,
        bitbase_pieces: 0,
        ..Config::default()
    });
    let base = app.base.clone();
    let started = std::time::Instant::now();
    let handles: Vec<_> = (0..6)
        .map(|i| {
            let url = format!("{base}/bestmove");
            std::thread::spawn(move || {
                let body =
                    json!({"variant": "international", "limits": {"time_ms": 300}, "seed": i})
                        .to_string();
                let t = std::time::Instant::now();
                let r = ureq::post(&url).send_string(&body);
                let status = match &r {
                    Ok(r) => r.status(),
                    Err(ureq::Error::Status(c, _)) => *c,
                    Err(e) => panic!("{e}"),
                };
                let retry = match r {
                    Err(ureq::Error::Status(_, r)) => r.header("retry-after").map(str::to_string),
                    _ => None,
                };
                (status, t.elapsed(), retry)
            })
        })
        .collect();
    let results: Vec<_> = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .collect();
    let ok = results.iter().filter(|r| r.0 == 200).count();
    let busy: Vec<_> = results.iter().filter(|r| r.0 == 503).collect();
    assert!(ok >= 1, "{results:?}");
    assert!(!busy.is_empty(), "{results:?}");
    for (status, elapsed, retry) in &results {
        if *status == 200 {
            // The limit plus a margin for a loaded 2-core machine.
            assert!(elapsed.as_millis() < 300 + 700, "{elapsed:?}");
        } else {
            assert_eq!(retry.as_deref(), Some("1"));
            assert!(
                elapsed.as_millis() < 250,
                "a 503 must come at once, not after queueing: {elapsed:?}"
            );
        }
    }
    assert!(started.elapsed().as_secs() < 5);
    let (_, text) = app.get("/metrics");
    assert!(
        text.contains("draughts_api_searches_rejected_total"),
        "{text}"
    );
}

#[test]
fn the_schema_examples_are_accepted_requests() {
    // Every request example in the OpenAPI document is a valid request: 200 from its endpoint.
    let app = spawn_app();
    let doc: Value =
        serde_json::from_str(&draughts_api::api::openapi::document_json()).expect("json");
    let schemas = &doc["components"]["schemas"];
    for (path, schema) in [
        ("/moves", "MovesRequest"),
        ("/apply", "ApplyRequest"),
        ("/status", "StatusRequest"),
        ("/games/validate", "ValidateRequest"),
        ("/bestmove", "BestMoveRequest"),
        ("/play", "PlayRequest"),
        ("/analyze", "AnalyzeRequest"),
        ("/games/analyze", "GameReviewRequest"),
    ] {
        let example = &schemas[schema]["example"];
        assert!(example.is_object(), "{schema} has no example");
        let (status, body, _) = app.post(path, example);
        assert_eq!(status, 200, "{path} refused its own example: {body}");
    }
}

#[test]
fn canadian_games_run_on_the_twelve_by_twelve_board() {
    let app = spawn_app();
    let (status, body, _) = app.post("/moves", &json!({"variant": "canadian"}));
    assert_eq!(status, 200);
    assert_eq!(body["moves"].as_array().map(Vec::len), Some(11));
    // A capture of the squares above bit 63 (61, 62), through the moving man's own start.
    let position = "W:W57:B38,49,50,51,61,62";
    let (status, body, _) = app.post(
        "/apply",
        &json!({"variant": "canadian", "position": position, "move": "57x46"}),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["position"], "B:W46:B38");
    let (status, body, _) = app.post(
        "/apply",
        &json!({"variant": "canadian", "position": position, "move": "57x44"}),
    );
    assert_eq!(status, 422, "{body}");
    // The one legal move, named with its path (it passes its own start square).
    assert_eq!(body["legal_moves"], json!(["57x44x55x68x57x46"]));
    // A PDN game with GameType 27 is read as Canadian (squares up to 72, a double capture).
    let pdn = "[GameType \"27\"]\n1. 43-37 28-35 2. 44-38 30-36 3. 37-31 36-42 4. 49-44 26-33 5. 47-41 23-28 6. 38-32 25x49 7. 55x44 16-23 *";
    let (status, body, _) = app.post("/games/validate", &json!({"pdn": pdn}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["valid"], true, "{body}");
    assert_eq!(body["plies"], 14);
    // A square past 72 is off this board.
    let (status, body, _) = app.post(
        "/moves",
        &json!({"variant": "canadian", "position": "W:W73:B1"}),
    );
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["detail"],
        "bad FEN: square 73 is not on the board (1-72)"
    );
}

/// Send `body` to `path` on a raw connection; the answer is never read, and dropping the
/// stream hangs up as a client that gave up would.
fn send_and_hold(app: &TestApp, path: &str, body: &Value, sse: bool) -> std::net::TcpStream {
    use std::io::Write;
    let address = app.base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).expect("connect");
    let body = body.to_string();
    let accept = if sse {
        "text/event-stream"
    } else {
        "application/json"
    };
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\n\
         accept: {accept}\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("request sent");
    stream
}

fn metric(app: &TestApp, line_start: &str) -> Option<f64> {
    let (_, text) = app.get("/metrics");
    text.lines()
        .find(|l| l.starts_with(line_start))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

/// Each search route, abandoned by its client after a second, frees its only slot within a
/// second: a quick move is answered 200 and nothing runs any more.
#[test]
fn searches_stop_when_their_client_hangs_up() {
    let app = spawn_app_with(Config {
        addr: "127.0.0.1:0".into(),
        workers: 2,
        search_slots: 1,
        short_search_slots: 0,
        bitbase_pieces: 0,
        ..Config::default()
    });
    let deep = json!({"variant": "english", "limits": {"depth": 40}});
    let play = json!({"variant": "english", "move": "11-15", "limits": {"depth": 40}});
    let review = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"],
        "limits": {"depth": 19}});
    let cases = [
        ("/bestmove", &deep, false),
        ("/play", &play, false),
        ("/analyze", &deep, false),
        ("/games/analyze", &review, false),
        ("/games/analyze", &review, true),
    ];
    for (path, body, sse) in cases {
        let client = send_and_hold(&app, path, body, sse);
        std::thread::sleep(std::time::Duration::from_millis(500));
        let during = metric(&app, "draughts_api_searches_running ");
        assert_eq!(during, Some(1.0), "{path} (SSE {sse}) is searching");
        std::thread::sleep(std::time::Duration::from_millis(500));
        drop(client);
        let left = std::time::Instant::now();
        let mut running = f64::NAN;
        while left.elapsed() < std::time::Duration::from_secs(1) {
            running = metric(&app, "draughts_api_searches_running ").unwrap_or(f64::NAN);
            if running == 0.0 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(
            running, 0.0,
            "{path} (SSE {sse}) still searching 1 s after the hang-up"
        );
        let (status, answer, _) =
            app.post("/bestmove", &json!({"variant": "english", "level": "easy"}));
        assert_eq!(status, 200, "{path}: {answer}");
    }
    let cancelled = |route: &str| {
        metric(
            &app,
            &format!("draughts_api_searches_cancelled_total{{route=\"{route}\"}}"),
        )
    };
    assert_eq!(cancelled("/bestmove"), Some(1.0));
    assert_eq!(cancelled("/play"), Some(1.0));
    assert_eq!(cancelled("/analyze"), Some(1.0));
    assert_eq!(cancelled("/games/analyze"), Some(2.0));
}

/// One client may run only so many searches at once and only so much search time; the
/// next gets 429 naming the limit, while another client (another API key) is served.
#[test]
fn each_client_gets_its_share_and_429_beyond_it() {
    let app = spawn_app_with(Config {
        addr: "127.0.0.1:0".into(),
        workers: 4,
        search_slots: 4,
        client_max_searches: 1,
        client_search_rate: 0.2,
        client_search_burst: 0.4,
        bitbase_pieces: 0,
        ..Config::default()
    });
    let url = format!("{}/bestmove", app.base);
    // A search may stop before its time when another iteration would not finish (it spends
    // at least 70% of it): 900 ms is over the 0.4 s burst plus what refills meanwhile.
    let long = json!({"variant": "international", "limits": {"time_ms": 900}}).to_string();
    let first = {
        let (url, long) = (url.clone(), long.clone());
        std::thread::spawn(move || ureq::post(&url).send_string(&long).ok().map(|r| r.status()))
    };
    std::thread::sleep(std::time::Duration::from_millis(150));
    let refused = match ureq::post(&url).send_string(&long) {
        Err(ureq::Error::Status(429, r)) => r,
        other => panic!("expected 429, got {:?}", other.map(|r| r.status())),
    };
    assert_eq!(refused.header("retry-after"), Some("1"));
    let problem: Value = serde_json::from_str(&refused.into_string().expect("body")).expect("json");
    assert_eq!(problem["limit"], "concurrent_searches", "{problem}");
    assert_eq!(problem["type"], "/problems/too-many-requests");
    let other = ureq::post(&url)
        .set("x-api-key", "another-client")
        .send_string(&json!({"variant": "international", "level": "easy"}).to_string())
        .map(|r| r.status());
    assert_eq!(other.ok(), Some(200), "another client is served meanwhile");
    assert_eq!(first.join().expect("thread"), Some(200));
    // The first search spent over 0.6 s of a 0.4 s budget: the client must wait for more.
    let spent = match ureq::post(&url).send_string(&long) {
        Err(ureq::Error::Status(429, r)) => r,
        other => panic!("expected 429, got {:?}", other.map(|r| r.status())),
    };
    let wait: u64 = spent
        .header("retry-after")
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    // At most (0.9 s − 0.4 s) / 0.2 s a second, rounded up.
    assert!((1..=3).contains(&wait), "{wait}");
    let problem: Value = serde_json::from_str(&spent.into_string().expect("body")).expect("json");
    assert_eq!(problem["limit"], "search_time", "{problem}");
    assert_eq!(
        metric(
            &app,
            "draughts_api_searches_limited_total{limit=\"search_time\"}"
        ),
        Some(1.0)
    );
}

/// The Russian fragment of issue #33 over HTTP: from `W:WK29,22:BK4,11` kings wander and
/// each man steps on its side's 7th and 14th moves (so the 15-king-move rule never
/// completes), no capture, no crowning. `/status` says `ongoing` after 29 plies and `draw`
/// with the ending rule's reason after 30 (FMJD 7.2.6, plies reading; `docs/rules.md`).
#[test]
fn a_russian_kings_ending_is_drawn_by_status_after_thirty_plies() {
    use draughts_api::rules::movegen::has_capture;
    use draughts_api::rules::notation::{fen, moves};
    use draughts_api::rules::{Game, Rules};

    let rules = Rules::preset("russian").expect("preset");
    let start = "W:WK29,22:BK4,11";
    let line = (0..64u64).find_map(|seed| {
        let position = fen::parse(start, rules.board).ok()?.position;
        let mut game = Game::new(rules, position, None);
        let mut texts = Vec::new();
        let mut rng = draughts_api::rules::random::Rng::new(seed);
        for ply in 1..=30u32 {
            let man = ply % 14 == 13 || ply % 14 == 0;
            let options: Vec<_> = game
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    !m.mv.is_capture()
                        && !m.mv.crowns
                        && game.position.is_king(m.mv.from) != man
                        && !has_capture(&rules, &game.position.play(&m.mv))
                })
                .collect();
            if options.is_empty() {
                return None;
            }
            let chosen = &options[rng.below(options.len())];
            texts.push(moves::full(chosen, rules.board));
            game.play(&chosen.mv);
        }
        Some(texts)
    });
    let line = line.expect("a quiet line of 30 plies");
    let app = spawn_app();
    let status = |plies: usize| {
        let (code, body, _) = app.post(
            "/status",
            &json!({"variant": "russian",
                    "history": {"start": start, "moves": &line[..plies]}}),
        );
        assert_eq!(code, 200, "{body}");
        body
    };
    let before = status(29);
    assert_eq!(before["state"], "ongoing", "{before}");
    let at = status(30);
    assert_eq!(at["state"], "draw", "{at}");
    assert_eq!(at["reason"], "kings_ending_balance_unchanged", "{at}");
    assert_eq!(
        at["counters"]["moves_without_capture_or_promotion"], 30,
        "{at}"
    );
}

/// The same refused move answered in Spanish and in English: the same `code` and facts, the
/// words in the asked language (`Accept-Language`, or `?lang=`), English for a language the
/// service does not speak, and `Content-Language` saying which.
#[test]
fn an_illegal_move_is_explained_in_the_players_language_with_a_stable_code() {
    let app = spawn_app();
    let body =
        json!({"variant": "international", "position": "W:W32:B9,17,19,27,28", "move": "32x12"});
    let ask = |path: &str, language: &str| {
        let response = ureq::post(&format!("{}{path}", app.base))
            .set("content-type", "application/json")
            .set("accept-language", language)
            .send_string(&body.to_string());
        let response = match response {
            Ok(r) | Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("transport error: {e}"),
        };
        let language = response.header("content-language").map(str::to_string);
        let problem: Value =
            serde_json::from_str(&response.into_string().expect("body")).expect("a JSON problem");
        (language, problem)
    };
    let (en_lang, en) = ask("/apply", "en-GB,en;q=0.9");
    let (es_lang, es) = ask("/apply", "es-ES,es;q=0.9,en;q=0.5");
    let (fr_lang, fr) = ask("/apply", "fr-FR");
    let (query_lang, query) = ask("/apply?lang=es", "en");
    assert_eq!(en["code"], "capture_not_maximal", "{en}");
    for problem in [&es, &fr, &query] {
        assert_eq!(problem["code"], en["code"]);
        assert_eq!((&problem["takes"], &problem["max"]), (&json!(2), &json!(3)));
    }
    assert_eq!(
        en["detail"],
        "this sequence takes 2 pieces but 3 can be taken"
    );
    assert_eq!(en["title"], "Illegal move");
    assert_eq!(
        es["detail"],
        "esta secuencia toma 2 piezas, pero se pueden tomar 3: hay que tomar el máximo de piezas"
    );
    assert_eq!(es["title"], "Jugada ilegal");
    assert_eq!(
        fr["detail"], en["detail"],
        "an unknown language falls back to English"
    );
    assert_eq!(
        query["detail"], es["detail"],
        "?lang=es wins over the header"
    );
    assert_eq!(
        [en_lang, es_lang, fr_lang, query_lang].map(|l| l.unwrap_or_default()),
        ["en", "es", "en", "es"]
    );
    // The OpenAPI document lists the codes.
    let (_, document) = app.get("/openapi.json");
    let document: Value = serde_json::from_str(&document).expect("JSON");
    let codes = &document["components"]["schemas"]["Problem"]["properties"]["code"]["enum"];
    for code in [
        "capture_not_maximal",
        "capture_compulsory",
        "invalid_value",
        "too_many_requests",
    ] {
        assert!(
            codes.as_array().is_some_and(|c| c.contains(&json!(code))),
            "{code} missing from {codes}"
        );
    }
}

/// Refused requests that are not moves: a stable code and its facts, the same in Spanish
/// and in English, with the words in the asked language.
#[test]
fn refused_requests_carry_codes_and_facts_in_every_language() {
    let app = spawn_app();
    let ask = |path: &str, body: &Value, language: &str| -> Value {
        let response = ureq::post(&format!("{}{path}", app.base))
            .set("content-type", "application/json")
            .set("accept-language", language)
            .send_string(&body.to_string());
        match response {
            Err(ureq::Error::Status(_, r)) => r.into_json().expect("a JSON problem"),
            other => panic!("expected a problem, got {:?}", other.map(|r| r.status())),
        }
    };
    let many: Vec<&str> = std::iter::repeat_n("32-28", 2001).collect();
    let cases = [
        (
            "/moves",
            json!({"variant": "chess"}),
            "unknown_variant",
            vec![("name", json!("chess"))],
            "variante desconocida",
        ),
        (
            "/moves",
            json!({"variant": "international", "position": "W:W51:B1"}),
            "bad_fen",
            vec![],
            "FEN incorrecto",
        ),
        (
            "/moves",
            json!({"variant": "international", "history": {"moves": many}}),
            "too_many_moves",
            vec![("moves", json!(2001)), ("max", json!(2000))],
            "la partida tiene 2001 jugadas",
        ),
        (
            "/bestmove",
            json!({"variant": "international", "limits": {"depth": 500}}),
            "search_limit_out_of_range",
            vec![("limit", json!("depth")), ("value", json!(500))],
            "debe estar entre 1 y",
        ),
        (
            "/render",
            json!({"variant": "english", "size": 9000}),
            "picture_size",
            vec![("size", json!(9000)), ("max", json!(2048))],
            "píxeles",
        ),
        (
            "/games/validate",
            json!({"variant": "english"}),
            "moves_or_pdn",
            vec![],
            "uno de los dos",
        ),
    ];
    for (path, body, code, facts, spanish) in cases {
        let en = ask(path, &body, "en");
        let es = ask(path, &body, "es");
        assert_eq!(en["code"], code, "{path}: {en}");
        assert_eq!(es["code"], code, "{path}: {es}");
        for (name, value) in &facts {
            assert_eq!(&en[*name], value, "{path}: {en}");
            assert_eq!(&es[*name], value, "{path}: {es}");
        }
        assert_eq!((&en["field"], &en["offset"]), (&es["field"], &es["offset"]));
        assert!(
            es["detail"].as_str().is_some_and(|d| d.contains(spanish)),
            "{path}: {es}"
        );
        assert_ne!(en["detail"], es["detail"], "{path}");
    }
}

/// A value outside a closed list names the allowed ones as words (`choices`, a string since
/// 0.1) and as a list of ids (`choice_ids`); a value that is not from a list has only words.
#[test]
fn unknown_choices_come_as_a_list_of_ids() {
    let app = spawn_app();
    let (status, body, _) = app.post("/moves", &json!({"variant": "chess"}));
    assert_eq!(
        (status, &body["code"]),
        (422, &json!("unknown_variant")),
        "{body}"
    );
    let ids: Vec<String> = serde_json::from_value(body["choice_ids"].clone()).expect("a list");
    for preset in draughts_api::rules::PRESETS {
        assert!(
            ids.iter().any(|id| id == preset.id),
            "{} missing: {body}",
            preset.id
        );
    }
    assert_eq!(body["choices"], json!(ids.join(", ")), "{body}");
    let (_, body, _) = app.post(
        "/bestmove",
        &json!({"variant": "english", "level": "grandmaster"}),
    );
    assert_eq!(
        body["choice_ids"],
        json!(["easy", "medium", "hard", "max"]),
        "{body}"
    );
    assert_eq!(body["choices"], "easy, medium, hard or max", "{body}");
    let (_, body, _) = app.post("/render", &json!({"variant": "english", "format": "gif"}));
    assert_eq!(body["choice_ids"], json!(["svg", "png"]), "{body}");
}

/// A game that cannot be played to its end says why with the same code and facts as a
/// refused move would (and a PDN that does not parse, its own code and offset).
#[test]
fn validation_errors_carry_the_reason_code_and_facts() {
    let app = spawn_app();
    let (status, body, _) = app.post(
        "/games/validate",
        &json!({"variant": "international", "start": "W:W32:B9,17,19,27,28",
                "moves": ["32x21x12"]}),
    );
    assert_eq!(status, 200, "{body}");
    let error = &body["error"];
    assert_eq!(error["code"], "capture_not_maximal", "{body}");
    assert_eq!(
        (&error["takes"], &error["max"]),
        (&json!(2), &json!(3)),
        "{body}"
    );
    assert_eq!(error["ply"], 1);
    let pdn = "[GameType \"20\"]\n1. 32-28 *\n\n[GameType \"99\"]\n1. 32-28 *\n\n\
               [GameType \"20\"]\n1. 32-28 {unclosed";
    let (_, body, _) = app.post("/games/validate", &json!({ "pdn": pdn }));
    let games = body["games"].as_array().expect("a report a game");
    assert_eq!(games[0]["error"], Value::Null, "{body}");
    assert_eq!(games[1]["error"]["code"], "bad_game_type", "{body}");
    assert_eq!(games[2]["error"]["code"], "bad_pdn", "{body}");
    assert!(games[2]["error"]["offset"].is_u64(), "{body}");
}

/// `GET /variants` names the presets in the asked language, and says which.
#[test]
fn variants_are_named_in_the_asked_language() {
    let app = spawn_app();
    let fetch = |language: &str| {
        let response = ureq::get(&format!("{}/variants", app.base))
            .set("accept-language", language)
            .call()
            .expect("200");
        let language = response.header("content-language").map(str::to_string);
        let list: Value =
            serde_json::from_str(&response.into_string().expect("body")).expect("JSON");
        (language, list)
    };
    let (en_lang, en) = fetch("en");
    let (es_lang, es) = fetch("es-AR,es;q=0.9");
    assert_eq!(
        (en_lang.as_deref(), es_lang.as_deref()),
        (Some("en"), Some("es"))
    );
    assert_eq!(en[0]["name"], "International draughts (FMJD)");
    assert_eq!(es[0]["name"], "Damas internacionales (FMJD)");
    assert_eq!(es[0]["rules"], en[0]["rules"], "only the words change");
    let count = en.as_array().map_or(0, Vec::len);
    assert!(count >= 14 && es.as_array().map(Vec::len) == Some(count));
    for i in 0..count {
        assert_ne!(
            es[i]["description"], en[i]["description"],
            "{} in Spanish",
            en[i]["id"]
        );
    }
}
