//! Graceful shutdown: on SIGTERM, readiness falls at once, an in-flight search still gets
//! its answer, and then the server stops accepting. (Its own test binary: the signal goes to
//! the whole process.)

use draughts_api::api::{Application, Config};
use serde_json::json;
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[test]
fn sigterm_drains_in_flight_requests() {
    let (tx, rx) = mpsc::channel();
    let server = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let app = Application::build(Config {
                addr: "127.0.0.1:0".into(),
                workers: 2,
                shutdown_secs: 10,
                bitbase_pieces: 0,
                ..Config::default()
            })
            .expect("builds");
            tx.send(app.port()).expect("port");
            app.run_until_stopped().await
        })
    });
    let port = rx.recv().expect("port");
    let base = format!("http://127.0.0.1:{port}");
    assert_eq!(
        ureq::get(&format!("{base}/readyz"))
            .call()
            .map(|r| r.status())
            .ok(),
        Some(200)
    );

    // A search of about 1.5 s is in flight when the signal comes.
    let url = format!("{base}/bestmove");
    let search = std::thread::spawn(move || {
        let body = json!({"variant": "international", "limits": {"time_ms": 1500}}).to_string();
        ureq::post(&url)
            .send_string(&body)
            .map(|r| r.status())
            .map_err(|e| e.to_string())
    });
    std::thread::sleep(Duration::from_millis(300));
    let kill = std::process::Command::new("kill")
        .args(["-TERM", &std::process::id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());

    // Readiness turns false while the search is still running.
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut saw_not_ready = false;
    while Instant::now() < deadline {
        match ureq::get(&format!("{base}/readyz")).call() {
            Err(ureq::Error::Status(503, _)) => {
                saw_not_ready = true;
                break;
            }
            Err(ureq::Error::Transport(_)) => {
                saw_not_ready = true; // already refusing connections: also not ready
                break;
            }
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    assert!(saw_not_ready, "readiness never fell");

    // The in-flight search finishes with its answer.
    let status = search.join().expect("thread");
    assert_eq!(status.ok(), Some(200));
    // The server stops, and new connections are refused.
    let stopped = server.join().expect("server thread");
    assert!(stopped.is_ok());
    assert!(matches!(
        ureq::get(&format!("{base}/healthz")).call(),
        Err(ureq::Error::Transport(_))
    ));
}
