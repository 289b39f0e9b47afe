//! `POST /games/validate` on game records as they are found: PDN files with many games,
//! comments, variations, NAGs and CRLF, Latin-1, unknown game types, games that go on after
//! a draw, too many games, NDJSON streaming.

use crate::common;

use common::{post_json, spawn_server, test_config};
use draughts_api::rules::PRESETS;
use serde_json::{json, Value};

/// A random legal game of a preset (seeded), as move texts, at most `plies` long.
fn random_game(id: &str, plies: usize, seed: u64) -> Vec<String> {
    let rules = draughts_api::Rules::preset(id).expect("preset");
    common::random_line(&rules, plies, seed).0
}

/// A PDN game as found in the wild: tags, move numbers, comments, a variation, NAGs.
fn pdn_game(tags: &[(&str, &str)], moves: &[String], result: &str) -> String {
    let mut text = String::new();
    for (k, v) in tags {
        text.push_str(&format!("[{k} \"{v}\"]\r\n"));
    }
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(m);
        match i % 7 {
            1 => text.push('!'),
            3 => text.push_str(" {a comment, with (brackets)}"),
            4 => text.push_str(" $2"),
            5 => text.push_str("?! (2... 1-2 {a sideline})"),
            _ => {}
        }
        text.push(' ');
        if i % 10 == 9 {
            text.push_str("\r\n");
        }
    }
    text.push_str(result);
    text.push_str("\r\n\r\n");
    text
}

#[test]
fn every_game_of_a_many_game_file_is_reported_with_the_broken_one_at_its_ply() {
    let base = spawn_server(test_config());
    let mut text = String::new();
    let mut expected = Vec::new();
    let typed: Vec<_> = PRESETS
        .iter()
        .filter(|p| p.pdn_game_type.is_some())
        .collect();
    for (n, preset) in typed.iter().enumerate() {
        let game_type = preset.pdn_game_type.expect("typed").to_string();
        let mut moves = random_game(preset.id, 40, n as u64 + 1);
        let broken = n == typed.len() / 2;
        if broken {
            // Ply 7 names a square nobody stands on.
            moves.truncate(10);
            moves[6] = "1-2".into();
        }
        let event = format!("Game {n}");
        text.push_str(&pdn_game(
            &[
                ("Event", &event),
                ("GameType", &game_type),
                ("White", "A"),
                ("Black", "B"),
            ],
            &moves,
            "*",
        ));
        expected.push((preset.id, moves.len(), broken));
    }
    let (status, body) = post_json(&base, "/games/validate", &json!({"pdn": text}));
    assert_eq!(status, 200, "{body}");
    let games = body["games"].as_array().expect("games");
    assert_eq!(games.len(), expected.len());
    for (i, (game, (id, plies, broken))) in games.iter().zip(&expected).enumerate() {
        assert_eq!(game["index"], i + 1);
        assert_eq!(game["variant"], *id);
        assert_eq!(game["tags"]["Event"], format!("Game {i}"));
        if *broken {
            assert_eq!(game["valid"], false, "{game}");
            assert_eq!(game["error"]["ply"], 7, "{game}");
            assert_eq!(game["plies"], 6);
        } else {
            assert_eq!(game["valid"], true, "{game}");
            assert_eq!(game["plies"], *plies as u64, "{game}");
        }
    }
    assert_eq!(body["valid"], false);
    assert_eq!(body["summary"]["games"], expected.len());
    assert_eq!(body["summary"]["invalid"], 1);
    assert_eq!(body["error"]["ply"], 7);

    // The same file streamed: one line per game, then the summary.
    let response = ureq::post(&format!("{base}/games/validate"))
        .set("accept", "application/x-ndjson")
        .send_string(&json!({"pdn": text}).to_string())
        .expect("200");
    assert_eq!(response.content_type(), "application/x-ndjson");
    let lines: Vec<Value> = response
        .into_string()
        .expect("text")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(&lines[..games.len()], games.as_slice());
    assert_eq!(lines[games.len()]["summary"], body["summary"]);
}

#[test]
fn a_single_game_keeps_the_old_answer_and_a_game_type_comes_per_game() {
    let base = spawn_server(test_config());
    let moves = random_game("english", 12, 5);
    let one = pdn_game(&[("GameType", "21")], &moves, "*");
    let (_, body) = post_json(&base, "/games/validate", &json!({"pdn": one}));
    assert_eq!(body["valid"], true);
    assert_eq!(body["plies"], moves.len());
    assert!(body.get("games").is_none() && body.get("summary").is_none());

    // Two games: one without a GameType takes the request's variant; an unknown one is
    // reported invalid, not skipped.
    let intl = random_game("international", 10, 3);
    let text = format!(
        "{}{}{}",
        pdn_game(&[("Event", "no type")], &intl, "*"),
        pdn_game(&[("GameType", "99")], &intl, "*"),
        one
    );
    let (_, body) = post_json(
        &base,
        "/games/validate",
        &json!({"pdn": text, "variant": "international"}),
    );
    let games = body["games"].as_array().expect("games");
    assert_eq!(games[0]["variant"], "international");
    assert_eq!(games[0]["valid"], true, "{}", games[0]);
    assert_eq!(games[1]["valid"], false);
    assert!(games[1]["error"]["reason"]
        .as_str()
        .is_some_and(|r| r.contains("GameType 99")));
    assert_eq!(games[2]["variant"], "english");
    assert_eq!(
        body["summary"],
        json!({"games": 3, "valid": 2, "invalid": 1})
    );
}

#[test]
fn a_latin1_file_sent_as_it_is() {
    let base = spawn_server(test_config());
    let moves = random_game("international", 8, 9);
    let text = pdn_game(
        &[("Event", "Café de la Paix"), ("GameType", "20")],
        &moves,
        "*",
    );
    let latin1: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    assert!(std::str::from_utf8(&latin1).is_err(), "really Latin-1");
    let two = [latin1.clone(), latin1].concat();
    let response = ureq::post(&format!("{base}/games/validate"))
        .set("content-type", "application/x-pdn")
        .send_bytes(&two)
        .expect("200");
    let body: Value = serde_json::from_str(&response.into_string().expect("text")).expect("json");
    assert_eq!(body["summary"]["valid"], 2, "{body}");
    assert_eq!(body["games"][0]["tags"]["Event"], "Café de la Paix");
    // Options come in the query string.
    let response = ureq::post(&format!("{base}/games/validate?variant=international"))
        .set("content-type", "text/plain")
        .send_string(&moves.join(" "))
        .expect("200");
    let body: Value = serde_json::from_str(&response.into_string().expect("text")).expect("json");
    assert_eq!(body["valid"], true, "{body}");
}

#[test]
fn a_record_that_goes_on_after_a_draw_is_an_error_or_a_warning() {
    let base = spawn_server(test_config());
    // Kings shuffle until the third repetition (after ply 8), then one more move.
    let game = "[GameType \"21\"]\n[FEN \"W:WK29:BK4\"]\n1. 29-25 4-8 2. 25-29 8-4 3. 29-25 4-8 4. 25-29 8-4 5. 29-25 1-1";
    let (_, strict) = post_json(&base, "/games/validate", &json!({"pdn": game}));
    assert_eq!(strict["valid"], false);
    assert_eq!(strict["error"]["ply"], 9);
    let reason = strict["error"]["reason"].as_str().expect("reason");
    assert!(reason.contains("threefold_repetition"), "{reason}");
    let (_, lenient) = post_json(
        &base,
        "/games/validate",
        &json!({"pdn": game, "after_game_over": "warn"}),
    );
    assert_eq!(lenient["valid"], true, "{lenient}");
    assert_eq!(lenient["plies"], 9);
    assert_eq!(lenient["warnings"][0]["kind"], "played_after_end");
    assert_eq!(lenient["warnings"][0]["ply"], 9);
    let (status, bad) = post_json(
        &base,
        "/games/validate",
        &json!({"pdn": game, "after_game_over": "maybe"}),
    );
    assert_eq!(status, 422);
    assert_eq!(bad["field"], "after_game_over");
    // A result that the final position contradicts is reported, not refused.
    let won = "[GameType \"21\"]\n[FEN \"W:W18:B14\"]\n1. 18x9 0-2";
    let (_, body) = post_json(&base, "/games/validate", &json!({"pdn": won}));
    assert_eq!(body["valid"], true);
    assert_eq!(body["warnings"][0]["kind"], "result_disagrees", "{body}");
}

#[test]
fn too_many_games_are_refused_with_the_limit() {
    let base = spawn_server(draughts_api::api::Config {
        max_games: 3,
        ..test_config()
    });
    let one = pdn_game(&[("GameType", "21")], &random_game("english", 4, 1), "*");
    let (status, body) = post_json(&base, "/games/validate", &json!({"pdn": one.repeat(4)}));
    assert_eq!(status, 422, "{body}");
    assert!(body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("4 games") && d.contains("limit is 3")));
    let (status, _) = post_json(&base, "/games/validate", &json!({"pdn": one.repeat(3)}));
    assert_eq!(status, 200);
}

#[test]
fn eight_by_eight_records_in_algebraic_squares_and_short_moves() {
    let base = spawn_server(test_config());
    // A Russian ballot as the literature writes it.
    let (status, body) = post_json(
        &base,
        "/games/validate",
        &json!({"variant": "russian", "moves": ["cd4", "ba5", "dc5"]}),
    );
    assert_eq!(status, 200, "{body}");
    let (_, expected) = post_json(
        &base,
        "/games/validate",
        &json!({"variant": "russian", "moves": [],
            "start": "B:Wa1,e3,g3,c5,c1,e1,g1,b2,d2,f2,h2,a3:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"}),
    );
    assert_eq!(body["position"], expected["position"]);
    let (status, body) = post_json(
        &base,
        "/apply",
        &json!({"variant": "russian", "position": "B:Wa1,e3,g3,c5:Ba5,d6,f6", "move": "fe5"}),
    );
    assert_eq!(status, 422, "{body}");
    let detail = body["detail"].as_str().expect("detail");
    assert!(detail.contains("capture is compulsory"), "{detail}");
}
