//! The committed OpenAPI document must be the one the code generates, and its examples must
//! be requests the service accepts.

use draughts_api::api::openapi::document_json;
use serde_json::Value;

#[test]
fn committed_openapi_matches_the_generated_one() {
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
            .expect("openapi/openapi.json exists");
    let generated = document_json();
    assert!(
        committed == generated,
        "openapi/openapi.json is stale: regenerate it with `cargo run -- openapi > openapi/openapi.json`"
    );
}

#[test]
fn every_endpoint_of_the_contract_is_documented() {
    let doc: Value = serde_json::from_str(&document_json()).expect("json");
    for path in [
        "/moves",
        "/apply",
        "/status",
        "/games/validate",
        "/bestmove",
        "/play",
        "/analyze",
        "/games/analyze",
        "/board.svg",
        "/board.png",
        "/render",
        "/variants",
        "/healthz",
        "/readyz",
        "/metrics",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
}
