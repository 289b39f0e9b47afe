//! The committed documents agree with the code: the OpenAPI document is the one the code
//! generates and lists every documented route; the README's table and the differential
//! script name every preset.

use draughts_api::api::openapi::document_json;
use draughts_api::api::{Route, ROUTES};
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

/// The route table's documented routes are exactly the OpenAPI document's paths, each with
/// its method.
#[test]
fn every_documented_route_is_in_the_document_and_nothing_else() {
    let doc: Value = serde_json::from_str(&document_json()).expect("json");
    let documented: Vec<&Route> = ROUTES.iter().filter(|r| r.documented).collect();
    for route in &documented {
        let method = route.method.to_lowercase();
        assert!(
            doc["paths"][route.path][&method].is_object(),
            "{} {} missing from the document",
            route.method,
            route.path
        );
    }
    let paths = doc["paths"].as_object().expect("paths");
    for path in paths.keys() {
        assert!(
            documented.iter().any(|r| r.path == path),
            "{path} is documented but no route answers it"
        );
    }
    let operations: usize = paths
        .values()
        .map(|p| p.as_object().map_or(0, |o| o.len()))
        .sum();
    assert_eq!(operations, documented.len());
}

/// The README's variant table and the pydraughts differential script name every preset
/// (the script either plays it or lists it as one pydraughts does not have).
#[test]
fn the_readme_and_the_differential_script_name_every_preset() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    let script = std::fs::read_to_string(format!("{root}/tests/differential/pydraughts_diff.py"))
        .expect("the differential script");
    for preset in draughts_api::rules::PRESETS {
        assert!(
            readme.contains(&format!("| `{}`", preset.id)),
            "{} is missing from the README's table",
            preset.id
        );
        assert!(
            script.contains(&format!("\"{}\"", preset.id)),
            "{} is neither played nor listed as missing by the differential script",
            preset.id
        );
    }
}
