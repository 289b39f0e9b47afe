//! `POST /analyze` and `POST /games/analyze`: every move scored, and games reviewed with
//! blunders found where a brute-force minimax proves them.

use crate::common;

use common::{move_values, post_json, random_line, spawn_server, test_config};
use draughts_api::rules::notation::moves;
use draughts_api::rules::{legal_moves, Game, Outcome, Position, Rules, PRESETS};
use serde_json::{json, Value};

fn score_value(score: &Value) -> i64 {
    if let Some(c) = score["centipieces"].as_i64() {
        c
    } else if let Some(n) = score["win_in_plies"].as_i64() {
        100_000 - n
    } else {
        -100_000 + score["loss_in_plies"].as_i64().expect("a score")
    }
}

#[test]
fn analyze_lists_every_legal_move_best_first_as_bestmove_scores_it() {
    let base = spawn_server(test_config());
    for (n, preset) in PRESETS.iter().enumerate() {
        let (line, game) = random_line(&preset.rules, 10, n as u64 + 3);
        if game.outcome() != Outcome::Ongoing {
            continue;
        }
        let request = json!({"variant": preset.id, "history": {"moves": line}, "limits": {"depth": 4}, "seed": 1});
        let (status, analysis) = post_json(&base, "/analyze", &request);
        assert_eq!(status, 200, "{}: {analysis}", preset.id);
        let (_, legal) = post_json(
            &base,
            "/moves",
            &json!({"variant": preset.id, "history": {"moves": line}}),
        );
        let mut listed: Vec<String> = analysis["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["move"]["notation"].as_str().expect("n").to_string())
            .collect();
        let mut want: Vec<String> = legal["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["notation"].as_str().expect("n").to_string())
            .collect();
        listed.sort();
        want.sort();
        assert_eq!(listed, want, "{}", preset.id);
        let (_, best) = post_json(&base, "/bestmove", &request);
        let first = &analysis["moves"][0];
        assert_eq!(first["move"], best["move"], "{}", preset.id);
        assert_eq!(first["score"], best["score"], "{}", preset.id);
        let scores: Vec<i64> = analysis["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| score_value(&m["score"]))
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "{}: {scores:?}",
            preset.id
        );
        assert!(analysis["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .all(|m| m["bound"] == "exact"));
    }
    // With multipv 1 the others carry bounds.
    let (_, some) = post_json(
        &base,
        "/analyze",
        &json!({"variant": "english", "limits": {"depth": 4}, "multipv": 1}),
    );
    let bounds: Vec<&Value> = some["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| &m["bound"])
        .collect();
    assert_eq!(bounds[0], "exact");
    assert!(bounds[1..].iter().all(|b| *b == "upper"), "{bounds:?}");
}

/// In random games of a preset, the first position where one move loses at least three
/// men against the best, by a brute-force minimax at `depth`: the moves up to it and the
/// blunder.
fn planted_blunder(id: &str, depth: u32) -> (Vec<String>, String) {
    let rules = Rules::preset(id).expect("preset");
    let king = common::king_value(&rules);
    for seed in 1..200 {
        let (line, _) = random_line(&rules, 30, seed);
        let mut game = Game::new(rules, Position::initial(&rules), None);
        for (ply, text) in line.iter().enumerate() {
            let list = legal_moves(&rules, &game.position);
            if ply >= 6 && list.len() >= 3 && !list[0].is_capture() {
                let values = move_values(&rules, &game.position, depth, king);
                let best = *values.iter().max().expect("moves");
                if let Some(i) = values.iter().position(|&v| v <= best - 300) {
                    return (line[..ply].to_vec(), moves::full(&list[i], rules.board));
                }
            }
            let mv = list
                .iter()
                .find(|m| moves::full(m, rules.board) == *text)
                .expect("the line's move");
            game.play(mv);
        }
    }
    panic!("no blunder found in {id}");
}

#[test]
fn planted_blunders_are_flagged_at_their_ply() {
    let base = spawn_server(test_config());
    for (id, depth) in [("international", 3), ("english", 4), ("russian", 4)] {
        let (mut line, blunder) = planted_blunder(id, depth);
        let ply = line.len() + 1;
        line.push(blunder.clone());
        let (status, review) = post_json(
            &base,
            "/games/analyze",
            &json!({"variant": id, "moves": line, "limits": {"depth": 6}}),
        );
        assert_eq!(status, 200, "{id}: {review}");
        let flagged = &review["plies"][ply - 1];
        assert_eq!(flagged["move"]["notation"], blunder.as_str());
        assert_eq!(flagged["class"], "blunder", "{id}: {flagged}");
        assert!(review["pdn"]
            .as_str()
            .is_some_and(|p| p.contains(&format!("{blunder}??"))));
    }
}

#[test]
fn a_self_played_game_reviewed_at_its_depth_is_all_best() {
    let base = spawn_server(test_config());
    let mut line: Vec<String> = Vec::new();
    for _ in 0..16 {
        let (status, best) = post_json(
            &base,
            "/bestmove",
            &json!({"variant": "english", "history": {"moves": line}, "limits": {"depth": 5}}),
        );
        if status != 200 {
            break;
        }
        line.push(best["move"]["notation"].as_str().expect("move").into());
    }
    let request =
        json!({"variant": "english", "moves": line, "limits": {"depth": 5}, "graph": true});
    let (status, review) = post_json(&base, "/games/analyze", &request);
    assert_eq!(status, 200, "{review}");
    let plies = review["plies"].as_array().expect("plies");
    assert_eq!(plies.len(), line.len());
    assert!(
        plies.iter().all(|p| p["class"] == "best" && p["loss"] == 0),
        "{review}"
    );
    assert_eq!(review["summary"]["white"]["accuracy"], 100.0);
    assert!(review["graph"]
        .as_str()
        .is_some_and(|g| g.starts_with("<svg")));

    // Streamed, the same review arrives ply by ply, then the summary.
    let text = ureq::post(&format!("{base}/games/analyze"))
        .set("accept", "text/event-stream")
        .send_string(&request.to_string())
        .expect("200")
        .into_string()
        .expect("text");
    let events: Vec<(String, Value)> = text
        .split("\n\n")
        .filter(|e| !e.trim().is_empty())
        .map(|e| {
            let name = e
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("event: "))
                .expect("event")
                .to_string();
            let data = e
                .lines()
                .nth(1)
                .and_then(|l| l.strip_prefix("data: "))
                .expect("data");
            (name, serde_json::from_str(data).expect("json"))
        })
        .collect();
    assert_eq!(events.len(), plies.len() + 1);
    for (event, ply) in events.iter().zip(plies) {
        assert_eq!(event.0, "ply");
        assert_eq!(&event.1, ply);
    }
    assert_eq!(events[plies.len()].0, "summary");
    assert_eq!(events[plies.len()].1, review);
}

#[test]
fn the_review_budget_is_enforced_and_a_disconnect_stops_the_work() {
    let base = spawn_server(draughts_api::api::Config {
        max_review_ms: 3000,
        ..test_config()
    });
    let (line, _) = random_line(&Rules::international(), 40, 9);
    let (status, body) = post_json(
        &base,
        "/games/analyze",
        &json!({"variant": "international", "moves": line, "limits": {"time_ms": 100}}),
    );
    assert_eq!(status, 422, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.contains("at most 75 ms a ply")),
        "{body}"
    );

    // A streamed review whose client reads one event and hangs up.
    let response = ureq::post(&format!("{base}/games/analyze"))
        .set("accept", "text/event-stream")
        .send_string(
            &json!({"variant": "international", "moves": line, "limits": {"time_ms": 70}})
                .to_string(),
        )
        .expect("200");
    let mut reader = std::io::BufReader::new(response.into_reader());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut reader, &mut first).expect("an event");
    assert!(first.starts_with("event: ply"), "{first}");
    drop(reader);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let metrics = ureq::get(&format!("{base}/metrics"))
        .call()
        .expect("metrics")
        .into_string()
        .expect("text");
    let value = |name: &str| -> u64 {
        metrics
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    assert_eq!(
        value("draughts_api_reviews_cancelled_total"),
        1,
        "{metrics}"
    );
    assert!(value("draughts_api_review_plies_total") < line.len() as u64);
}
