//! `POST /play` and the new `/bestmove` fields: one round trip per turn against the computer.

use crate::common;

use common::{post_json, spawn_server, test_config};
use draughts_api::rules::PRESETS;
use serde_json::{json, Value};

/// `/apply` of the player's move, `/bestmove` (seeded, fixed depth) and `/apply` of the reply:
/// what a client did before `/play`.
fn four_calls(base: &str, variant: &str, history: &[String], mv: &str, depth: u32) -> Value {
    let (status, applied) = post_json(
        base,
        "/apply",
        &json!({"variant": variant, "history": {"moves": history}, "move": mv}),
    );
    assert_eq!(status, 200, "{applied}");
    let mut after: Vec<String> = history.to_vec();
    after.push(
        applied["move"]["notation"]
            .as_str()
            .expect("notation")
            .into(),
    );
    if applied["status"]["state"] != "ongoing" {
        return json!({"player_move": applied["move"], "position": applied["position"],
            "status": applied["status"]});
    }
    let (status, best) = post_json(
        base,
        "/bestmove",
        &json!({"variant": variant, "history": {"moves": after}, "limits": {"depth": depth}, "seed": 3}),
    );
    assert_eq!(status, 200, "{best}");
    let reply = best["move"]["notation"]
        .as_str()
        .expect("reply")
        .to_string();
    let (_, replied) = post_json(
        base,
        "/apply",
        &json!({"variant": variant, "history": {"moves": after}, "move": reply}),
    );
    let (_, moves) = post_json(
        base,
        "/moves",
        &json!({"variant": variant, "position": replied["position"]}),
    );
    // /bestmove's own new fields agree with the calls they replace.
    assert_eq!(best["position"], replied["position"]);
    assert_eq!(best["status"], replied["status"]);
    json!({"player_move": applied["move"], "reply": best["move"], "position": replied["position"],
        "status": replied["status"], "score": best["score"], "depth": best["depth"],
        "nodes": best["nodes"], "legal_after": moves["moves"]})
}

#[test]
fn play_equals_apply_bestmove_apply_in_every_preset() {
    let base = spawn_server(test_config());
    for preset in PRESETS {
        let variant = preset.id;
        // Two opening moves by the client: the first legal moves, from /moves.
        let mut history: Vec<String> = Vec::new();
        for _ in 0..2 {
            let (_, moves) = post_json(
                &base,
                "/moves",
                &json!({"variant": variant, "history": {"moves": history}}),
            );
            history.push(moves["moves"][0]["notation"].as_str().expect("move").into());
        }
        let (_, moves) = post_json(
            &base,
            "/moves",
            &json!({"variant": variant, "history": {"moves": history}}),
        );
        let mv = moves["moves"][0]["notation"]
            .as_str()
            .expect("move")
            .to_string();
        let expected = four_calls(&base, variant, &history, &mv, 3);
        let (status, played) = post_json(
            &base,
            "/play",
            &json!({"variant": variant, "history": {"moves": history}, "move": mv,
                "limits": {"depth": 3}, "seed": 3, "include_next_moves": true}),
        );
        assert_eq!(status, 200, "{variant}: {played}");
        for field in [
            "player_move",
            "reply",
            "position",
            "status",
            "score",
            "depth",
            "nodes",
        ] {
            assert_eq!(played[field], expected[field], "{variant}: {field}");
        }
        assert_eq!(played["next_moves"], expected["legal_after"], "{variant}");
        let all_captures = played["next_moves"]
            .as_array()
            .expect("list")
            .iter()
            .all(|m| !m["captured"].as_array().expect("captured").is_empty());
        assert_eq!(played["capture_required"], json!(all_captures));
    }
}

fn searches_run(base: &str) -> u64 {
    let text = ureq::get(&format!("{base}/metrics"))
        .call()
        .expect("metrics")
        .into_string()
        .expect("text");
    text.lines()
        .find(|l| l.starts_with("draughts_api_search_depth_reached_count"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn an_illegal_move_is_refused_without_a_search_and_a_final_move_gets_no_reply() {
    let base = spawn_server(test_config());
    let before = searches_run(&base);
    let (status, body) = post_json(
        &base,
        "/play",
        &json!({"variant": "english", "move": "23-18", "level": "easy"}),
    );
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["type"], "/problems/illegal-move");
    assert!(body["legal_moves"].as_array().is_some_and(|l| l.len() == 7));
    assert_eq!(searches_run(&base), before, "no search for an illegal move");

    // White takes Black's last piece: the game ends, no reply, no search.
    let (status, body) = post_json(
        &base,
        "/play",
        &json!({"variant": "english", "position": "W:W18:B14", "move": "18x9", "level": "easy",
            "include_next_moves": true}),
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.get("reply").is_none(), "{body}");
    assert!(body.get("score").is_none());
    assert_eq!(body["status"]["state"], "win");
    assert_eq!(body["status"]["winner"], "white");
    assert_eq!(body["next_moves"], json!([]));
    assert_eq!(searches_run(&base), before);
}

#[test]
fn counters_and_repetitions_carry_over_through_history() {
    let base = spawn_server(test_config());
    // Kings shuffle: White 29-25, Black 4-8 … the same position comes back.
    let start = "W:WK29:BK4";
    let shuffle = ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29"];
    let history: Vec<&str> = shuffle.to_vec();
    let (status, body) = post_json(
        &base,
        "/play",
        &json!({"variant": "english", "history": {"start": start, "moves": history}, "move": "8-4",
            "limits": {"depth": 2}, "seed": 1}),
    );
    assert_eq!(status, 200, "{body}");
    // After 8-4 the start position stands for the third time: a draw, and no reply.
    assert_eq!(body["status"]["state"], "draw", "{body}");
    assert_eq!(body["status"]["reason"], "threefold_repetition");
    assert!(body.get("reply").is_none());
    // One move earlier the counters run on through the reply.
    let (_, body) = post_json(
        &base,
        "/play",
        &json!({"variant": "english", "history": {"start": start, "moves": &history[..5]},
            "move": "4-8", "limits": {"depth": 2}, "seed": 1}),
    );
    assert_eq!(
        body["status"]["counters"]["king_moves_without_capture"], 7,
        "{body}"
    );
}

#[test]
fn a_forty_turn_game_with_one_call_a_turn_ends_where_four_calls_do() {
    let base = spawn_server(test_config());
    let variant = "english";
    let mut one_call: Vec<String> = Vec::new();
    let mut four_call: Vec<String> = Vec::new();
    let mut final_position = (Value::Null, Value::Null);
    for turn in 0..40 {
        // The "player" picks its move by a rule both loops share: the last legal move.
        let (_, moves) = post_json(
            &base,
            "/moves",
            &json!({"variant": variant, "history": {"moves": one_call}}),
        );
        let Some(mv) = moves["moves"].as_array().and_then(|l| l.last()) else {
            break;
        };
        let mv = mv["notation"].as_str().expect("move").to_string();
        let (status, played) = post_json(
            &base,
            "/play",
            &json!({"variant": variant, "history": {"moves": one_call}, "move": mv,
                "level": "easy", "seed": turn}),
        );
        assert_eq!(status, 200, "{played}");
        one_call.push(
            played["player_move"]["notation"]
                .as_str()
                .expect("m")
                .into(),
        );

        let (_, applied) = post_json(
            &base,
            "/apply",
            &json!({"variant": variant, "history": {"moves": four_call}, "move": mv}),
        );
        four_call.push(applied["move"]["notation"].as_str().expect("m").into());
        let ended = played.get("reply").is_none();
        if !ended {
            one_call.push(played["reply"]["notation"].as_str().expect("m").into());
            let (_, best) = post_json(
                &base,
                "/bestmove",
                &json!({"variant": variant, "history": {"moves": four_call}, "level": "easy",
                    "seed": turn}),
            );
            let (_, replied) = post_json(
                &base,
                "/apply",
                &json!({"variant": variant, "history": {"moves": four_call}, "move": best["move"]["notation"]}),
            );
            four_call.push(replied["move"]["notation"].as_str().expect("m").into());
            final_position = (played["position"].clone(), replied["position"].clone());
        } else {
            final_position = (played["position"].clone(), applied["position"].clone());
        }
        if played["status"]["state"] != "ongoing" {
            break;
        }
    }
    assert_eq!(one_call, four_call);
    assert_eq!(final_position.0, final_position.1);
    assert!(one_call.len() >= 20, "{one_call:?}");
}

#[test]
fn bestmove_uses_the_endgame_tables_once_they_are_built() {
    let base = spawn_server(draughts_api::api::Config {
        bitbase_pieces: 3,
        ..test_config()
    });
    // Wait for every preset's tables (3 pieces: seconds): one set for each distinct rules of
    // play among the presets with tables.
    let mut sets: Vec<draughts_api::Rules> = Vec::new();
    for p in draughts_api::rules::PRESETS {
        let play = draughts_api::engine::bitbase::play_rules(&p.rules);
        if draughts_api::engine::bitbase::supports(&p.rules) && !sets.contains(&play) {
            sets.push(play);
        }
    }
    let all_in = format!("draughts_api_bitbase_rule_sets {}", sets.len());
    let ready = (0..300).any(|_| {
        let text = ureq::get(&format!("{base}/metrics"))
            .call()
            .expect("metrics")
            .into_string()
            .expect("text");
        let done = text.lines().any(|l| l == all_in);
        if !done {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        done
    });
    assert!(ready, "the tables were not built in 30 s");
    // English, two kings against one in the open: a win, announced in plies.
    let (_, won) = post_json(
        &base,
        "/bestmove",
        &json!({"variant": "english", "position": "W:WK18,K27:BK6", "limits": {"depth": 4}}),
    );
    assert!(won["score"]["win_in_plies"].is_u64(), "{won}");
    // Both kings shut in the corner by the single one: the tables say draw, and so does
    // the score (the search alone would see a king up).
    let (_, drawn) = post_json(
        &base,
        "/bestmove",
        &json!({"variant": "english", "position": "W:WK3,K4:BK11", "limits": {"depth": 4}}),
    );
    assert_eq!(drawn["score"], json!({"centipieces": 0}), "{drawn}");
}
