//! What browsers on other origins need: CORS preflights and headers, compression, and
//! conditional GETs, against a real bound server.

use crate::common;

use draughts_api::api::{Application, Config, Route, ROUTES};
use serde_json::{json, Value};
use std::io::Read;

fn config(origins: &str) -> Config {
    Config {
        cors_origins: origins.into(),
        ..common::test_config()
    }
}

/// Any status, with its response (ureq reports 4xx/5xx as errors).
fn send(request: ureq::Request, body: Option<&str>) -> ureq::Response {
    let result = match body {
        Some(b) => request.send_string(b),
        None => request.call(),
    };
    match result {
        Ok(r) | Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("transport error: {e}"),
    }
}

fn preflight(base: &str, path: &str, origin: &str, method: &str) -> ureq::Response {
    send(
        ureq::request("OPTIONS", &format!("{base}{path}"))
            .set("origin", origin)
            .set("access-control-request-method", method)
            .set(
                "access-control-request-headers",
                "content-type,x-request-id",
            ),
        None,
    )
}

fn header_list(r: &ureq::Response, name: &str) -> Vec<String> {
    r.header(name)
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn preflights_are_answered_for_every_route_with_its_method() {
    let base = common::spawn_server(config("*"));
    let origin = "https://play.example.com";
    // Every route of the table, so a new one is covered without listing it here.
    for &Route { path, method, .. } in ROUTES {
        let r = preflight(&base, path, origin, method);
        assert!(
            r.status() == 200 || r.status() == 204,
            "{path}: {}",
            r.status()
        );
        assert_eq!(r.header("access-control-allow-origin"), Some("*"), "{path}");
        // The methods the table lists for the path (`/tablebase` takes GET and POST).
        let mut methods: Vec<String> = ROUTES
            .iter()
            .filter(|r| r.path == path)
            .map(|r| r.method.to_ascii_lowercase())
            .collect();
        methods.sort();
        let mut allowed_methods = header_list(&r, "access-control-allow-methods");
        allowed_methods.sort();
        assert_eq!(allowed_methods, methods, "{path}");
        let allowed = header_list(&r, "access-control-allow-headers");
        assert!(allowed.contains(&"content-type".to_string()), "{allowed:?}");
        assert!(allowed.contains(&"x-request-id".to_string()), "{allowed:?}");
        assert!(r
            .header("access-control-max-age")
            .and_then(|v| v.parse::<u32>().ok())
            .is_some_and(|s| s >= 600));
        assert!(r.header("access-control-allow-credentials").is_none());
        // The wrong method for the route is not allowed by the preflight.
        let wrong = if method == "POST" { "DELETE" } else { "PUT" };
        let r = preflight(&base, path, origin, wrong);
        assert!(r.header("access-control-allow-origin").is_none(), "{path}");
        assert!(r.status() < 500);
    }
}

#[test]
fn a_real_call_from_another_origin_carries_the_allow_and_expose_headers() {
    let base = common::spawn_server(config("*"));
    let r = send(
        ureq::post(&format!("{base}/moves"))
            .set("origin", "https://play.example.com")
            .set("content-type", "application/json"),
        Some(r#"{"variant":"english"}"#),
    );
    assert_eq!(r.status(), 200);
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    let exposed = header_list(&r, "access-control-expose-headers");
    assert!(exposed.contains(&"x-request-id".to_string()), "{exposed:?}");
    assert!(exposed.contains(&"retry-after".to_string()), "{exposed:?}");
    // Without an Origin (not a browser) nothing changes.
    let r = send(
        ureq::post(&format!("{base}/moves")),
        Some(r#"{"variant":"english"}"#),
    );
    assert_eq!(r.status(), 200);
    assert!(r.header("access-control-allow-origin").is_none());
}

#[test]
fn a_configured_list_refuses_other_origins_without_a_server_error() {
    let base = common::spawn_server(config("https://play.example.com, http://localhost:3000"));
    let r = preflight(&base, "/moves", "http://localhost:3000", "POST");
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("http://localhost:3000")
    );
    assert!(header_list(&r, "vary").contains(&"origin".to_string()));
    let r = preflight(&base, "/moves", "https://evil.example", "POST");
    assert!(r.header("access-control-allow-origin").is_none());
    assert!(r.status() < 500, "{}", r.status());
    // A simple request from a refused origin is served, with no CORS header: the browser
    // refuses it, a server-side client still gets its answer.
    let r = send(
        ureq::post(&format!("{base}/moves")).set("origin", "https://evil.example"),
        Some(r#"{"variant":"english"}"#),
    );
    assert_eq!(r.status(), 200);
    assert!(r.header("access-control-allow-origin").is_none());
}

#[test]
fn a_bad_origin_list_is_refused_at_start_up() {
    let error = Application::build(config("play.example.com/path"))
        .err()
        .expect("refused");
    assert!(error.to_string().contains("CORS origin"), "{error}");
}

#[test]
fn retry_after_is_readable_by_a_browser_on_a_503() {
    let base = common::spawn_server(Config {
        search_slots: 1,
        short_search_slots: 0,
        client_max_searches: 10,
        workers: 4,
        ..config("*")
    });
    let threads: Vec<_> = (0..4)
        .map(|i| {
            let url = format!("{base}/bestmove");
            std::thread::spawn(move || {
                let body =
                    json!({"variant": "international", "limits": {"time_ms": 400}, "seed": i});
                let r = send(
                    ureq::post(&url).set("origin", "https://play.example.com"),
                    Some(&body.to_string()),
                );
                (
                    r.status(),
                    r.header("retry-after").map(str::to_string),
                    r.header("access-control-allow-origin").map(str::to_string),
                    header_list(&r, "access-control-expose-headers"),
                )
            })
        })
        .collect();
    let results: Vec<_> = threads
        .into_iter()
        .map(|t| t.join().expect("thread"))
        .collect();
    let busy: Vec<_> = results.iter().filter(|r| r.0 == 503).collect();
    assert!(!busy.is_empty(), "{results:?}");
    for (_, retry, allow, exposed) in busy {
        assert_eq!(retry.as_deref(), Some("1"));
        assert_eq!(allow.as_deref(), Some("*"));
        assert!(exposed.contains(&"retry-after".to_string()));
    }
}

fn get_with(base: &str, path: &str, headers: &[(&str, &str)]) -> ureq::Response {
    let mut request = ureq::get(&format!("{base}{path}"));
    for (k, v) in headers {
        request = request.set(k, v);
    }
    send(request, None)
}

#[test]
fn variants_and_the_openapi_document_answer_304_to_a_matching_etag() {
    let base = common::spawn_server(config("*"));
    for path in ["/variants", "/openapi.json"] {
        let first = get_with(&base, path, &[]);
        assert_eq!(first.status(), 200);
        let tag = first.header("etag").expect("etag").to_string();
        assert!(first
            .header("cache-control")
            .is_some_and(|c| c.contains("max-age")));
        let again = get_with(&base, path, &[("if-none-match", &tag)]);
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(again.header("etag"), Some(tag.as_str()));
        assert_eq!(again.into_string().expect("body"), "");
        let stale = get_with(&base, path, &[("if-none-match", "\"stale\"")]);
        assert_eq!(stale.status(), 200);
    }
}

#[test]
fn large_answers_are_compressed_and_decode_to_the_same_json() {
    let base = common::spawn_server(config("*"));
    // The OpenAPI document is far over the threshold.
    let plain = get_with(&base, "/openapi.json", &[]);
    assert!(plain.header("content-encoding").is_none());
    let plain: Value = serde_json::from_str(&plain.into_string().expect("body")).expect("json");
    let zipped = get_with(&base, "/openapi.json", &[("accept-encoding", "gzip")]);
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    let mut bytes = Vec::new();
    zipped
        .into_reader()
        .read_to_end(&mut bytes)
        .expect("read body");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .expect("gzip");
    assert_eq!(serde_json::from_str::<Value>(&text).expect("json"), plain);
    assert!(
        bytes.len() * 3 < text.len(),
        "{} of {}",
        bytes.len(),
        text.len()
    );
    // Brotli is offered too.
    let r = get_with(&base, "/openapi.json", &[("accept-encoding", "br")]);
    assert_eq!(r.header("content-encoding"), Some("br"));
    // A typical rules answer is under the threshold: sent as it is, with no marker.
    let r = send(
        ureq::post(&format!("{base}/moves")).set("accept-encoding", "gzip, br"),
        Some(r#"{"variant":"international"}"#),
    );
    assert!(r.header("content-encoding").is_none());
    let r = get_with(&base, "/healthz", &[("accept-encoding", "gzip, br")]);
    assert!(r.header("content-encoding").is_none());
    assert_eq!(r.into_string().expect("body"), r#"{"status":"ok"}"#);
}
