//! Helpers shared by the service's tests: a server on a free port, JSON calls, a scratch
//! directory, the evaluation's king value, and the rules' own helpers (minimax, random
//! positions and lines, presets) from the rules crate's tests.

#![allow(dead_code)] // each test file uses its own part

#[path = "../../crates/draughts-rules/tests/support/mod.rs"]
mod rules_support;
pub use rules_support::*;

use draughts_api::rules::Rules;

/// The variant's king value in the evaluation.
pub fn king_value(rules: &Rules) -> i32 {
    draughts_api::engine::eval::Weights::for_rules(rules).king
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

/// A fresh, empty directory under the system's temporary one, named for `name` and this
/// process.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}
