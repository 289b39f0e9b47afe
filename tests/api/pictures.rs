//! Board pictures against a real bound server: `GET /board.svg`, `GET /board.png` and
//! `POST /render`.

use crate::common;

use draughts_api::rules::{Color, Position, PRESETS};
use serde_json::{json, Value};
use std::io::Read;

fn get(base: &str, path: &str) -> ureq::Response {
    match ureq::get(&format!("{base}{path}")).call() {
        Ok(r) | Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("transport error: {e}"),
    }
}

fn body_bytes(response: ureq::Response) -> Vec<u8> {
    let mut bytes = Vec::new();
    response
        .into_reader()
        .read_to_end(&mut bytes)
        .expect("body read");
    bytes
}

fn svg(base: &str, query: &str) -> String {
    let response = get(base, &format!("/board.svg?{query}"));
    assert_eq!(response.status(), 200, "{query}");
    assert_eq!(response.content_type(), "image/svg+xml");
    String::from_utf8(body_bytes(response)).expect("UTF-8")
}

fn problem(base: &str, query: &str) -> Value {
    let response = get(base, &format!("/board.svg?{query}"));
    assert_eq!(response.status(), 422, "{query}");
    assert_eq!(response.content_type(), "application/problem+json");
    serde_json::from_slice(&body_bytes(response)).expect("JSON")
}

fn count(svg: &str, piece: &str) -> usize {
    svg.matches(&format!("data-piece=\"{piece}\"")).count()
}

/// The `x`/`y` attributes of a dark square's `rect`.
fn square_corner(svg: &str, number: u32) -> (String, String) {
    let start = svg
        .find(&format!("<rect data-square=\"{number}\""))
        .expect("square drawn");
    let rect = &svg[start..start + svg[start..].find("/>").expect("closed")];
    let attribute = |name: &str| {
        let from = rect.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
        rect[from..from + rect[from..].find('"').expect("quote")].to_string()
    };
    (attribute("x"), attribute("y"))
}

#[test]
fn every_start_position_is_drawn_with_exactly_its_pieces() {
    let base = common::spawn_server(common::test_config());
    for preset in PRESETS.iter() {
        let picture = svg(&base, &format!("variant={}", preset.id));
        let start = Position::initial(&preset.rules);
        let men = |c: Color| start.men(c).count_ones() as usize;
        assert_eq!(count(&picture, "wm"), men(Color::White), "{}", preset.id);
        assert_eq!(count(&picture, "bm"), men(Color::Black), "{}", preset.id);
        assert_eq!(count(&picture, "wk") + count(&picture, "bk"), 0);
        let squares = preset.rules.board.geometry().squares as usize;
        assert_eq!(
            picture.matches("<rect data-square=").count(),
            squares,
            "{}",
            preset.id
        );
        assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        // A real SVG parser reads it, at the size asked for.
        let tree = resvg::usvg::Tree::from_str(&picture, &resvg::usvg::Options::default())
            .expect("valid SVG");
        assert_eq!(tree.size().width(), 480.0);
    }
}

#[test]
fn kings_and_the_png_size() {
    let base = common::spawn_server(common::test_config());
    let picture = svg(&base, "variant=english&position=W:WK10,32:BK1,5");
    assert_eq!(
        (count(&picture, "wk"), count(&picture, "wm")),
        (1, 1),
        "{picture}"
    );
    assert_eq!((count(&picture, "bk"), count(&picture, "bm")), (1, 1));
    assert!(picture.contains("data-square=\"10\" data-piece=\"wk\""));
    for size in [64, 200, 611] {
        let response = get(&base, &format!("/board.png?variant=english&size={size}"));
        assert_eq!(response.status(), 200);
        assert_eq!(response.content_type(), "image/png");
        let bytes = body_bytes(response);
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().expect("a PNG");
        let info = reader.info();
        assert_eq!((info.width, info.height), (size, size));
    }
}

#[test]
fn flip_turns_the_board_and_keeps_the_pieces() {
    let base = common::spawn_server(common::test_config());
    let plain = svg(&base, "variant=international");
    let flipped = svg(&base, "variant=international&flip=true");
    // Square 1 (b10) is at the top, second column; turned 180° it is at the bottom, ninth.
    assert_eq!(
        square_corner(&plain, 1),
        ("100".to_string(), "0".to_string())
    );
    assert_eq!(
        square_corner(&flipped, 1),
        ("800".to_string(), "900".to_string())
    );
    assert_eq!(square_corner(&plain, 46), square_corner(&flipped, 5));
    for piece in ["wm", "bm"] {
        assert_eq!(count(&plain, piece), count(&flipped, piece));
    }
}

#[test]
fn last_shows_the_position_after_the_move_and_what_it_took() {
    let base = common::spawn_server(common::test_config());
    let before = "W:W28,31-50:B1-18,20,23";
    let picture = svg(
        &base,
        &format!("variant=international&position={before}&last=28x19"),
    );
    assert!(picture.contains("data-square=\"19\" data-piece=\"wm\""));
    assert!(!picture.contains("data-square=\"28\" data-piece"));
    assert!(!picture.contains("data-square=\"23\" data-piece"));
    assert!(picture.contains("data-taken=\"23\""));
    assert_eq!(count(&picture, "bm"), 19);
    // Without `last` nothing is taken or traced.
    let still = svg(&base, &format!("variant=international&position={before}"));
    assert!(still.contains("data-square=\"23\" data-piece=\"bm\""));
    assert!(!still.contains("data-taken"));
    assert!(!still.contains("class=\"arrow\""));
    assert_eq!(picture.matches("class=\"arrow\"").count(), 1);
    // A multi-jump: the path goes through every landing square.
    let picture = svg(
        &base,
        "variant=international&position=W:W33:B29,19,18&last=33x24x13x22",
    );
    assert_eq!(picture.matches("data-taken=").count(), 3);
    assert!(picture.contains("data-square=\"22\" data-piece=\"wm\""));
    // The path is drawn through 24 and 13 before its arrowhead reaches 22.
    assert!(picture.contains("stroke=\"#2f6fdd\" stroke-opacity"));
}

#[test]
fn arrows_highlights_and_coordinates() {
    let base = common::spawn_server(common::test_config());
    let picture = svg(
        &base,
        "variant=russian&arrows=c3-d4,22-17&highlight=c3,e3,21",
    );
    assert_eq!(picture.matches("class=\"arrow\"").count(), 2);
    assert_eq!(picture.matches("fill=\"#ffd84d\"").count(), 3);
    let labels = |p: &str| {
        p.matches("stroke-linecap=\"round\" stroke-linejoin")
            .count()
    };
    // Russian labels files and ranks (16 labels), international numbers its 50 squares.
    assert_eq!(labels(&picture), 16);
    assert_eq!(labels(&svg(&base, "variant=international")), 50);
    assert_eq!(labels(&svg(&base, "variant=international&coords=none")), 0);
    assert_eq!(labels(&svg(&base, "variant=english&coords=algebraic")), 16);
}

#[test]
fn bad_parameters_get_a_problem_naming_them() {
    let base = common::spawn_server(common::test_config());
    let cases = [
        ("position=W:W31", "variant"),
        ("variant=chess", "variant"),
        ("variant=english&size=63", "size"),
        ("variant=english&size=2049", "size"),
        ("variant=english&size=big", "size"),
        ("variant=english&flip=maybe", "flip"),
        ("variant=english&coords=roman", "coords"),
        ("variant=english&last=22-19", "last"),
        ("variant=english&arrows=1", "arrows[0]"),
        ("variant=english&arrows=1-5,40-2", "arrows[1]"),
        ("variant=english&highlight=33", "highlight[0]"),
        ("variant=english&highlight=a1,b1", "highlight[1]"),
        ("variant=english&colour=red", "query"),
    ];
    for (query, field) in cases {
        let p = problem(&base, query);
        assert_eq!(p["field"], field, "{query}: {p}");
        assert!(p["detail"].as_str().is_some_and(|d| !d.is_empty()));
    }
    let p = problem(&base, "variant=english&position=W:W21,2x");
    assert_eq!(
        (p["field"].as_str(), p["offset"].as_u64()),
        (Some("position"), Some(7))
    );
    let p = problem(&base, "variant=english&last=21-17");
    assert!(
        p["legal_moves"].as_array().is_some_and(|l| !l.is_empty()),
        "{p}"
    );
}

#[test]
fn pictures_carry_an_etag_and_a_long_cache_life() {
    let base = common::spawn_server(common::test_config());
    let first = get(&base, "/board.png?variant=brazilian&size=100");
    let tag = first.header("etag").expect("ETag").to_string();
    let life = first
        .header("cache-control")
        .expect("Cache-Control")
        .to_string();
    assert!(life.contains("max-age=604800"), "{life}");
    let again = match ureq::get(&format!("{base}/board.png?variant=brazilian&size=100"))
        .set("if-none-match", &tag)
        .call()
    {
        Ok(r) | Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(again.status(), 304);
    let other = get(&base, "/board.png?variant=brazilian&size=101");
    assert_ne!(other.header("etag"), Some(tag.as_str()));
}

fn render(base: &str, body: &Value) -> ureq::Response {
    match ureq::post(&format!("{base}/render"))
        .set("content-type", "application/json")
        .send_string(&body.to_string())
    {
        Ok(r) | Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("transport error: {e}"),
    }
}

#[test]
fn render_takes_the_same_fields_as_json() {
    let base = common::spawn_server(common::test_config());
    let query = "variant=international&position=W:W28,31-50:B1-18,20,23&last=28x19&arrows=32-28&highlight=19,23&flip=true&size=300&coords=none";
    let from_get = svg(&base, query);
    let body = json!({"variant": "international", "position": "W:W28,31-50:B1-18,20,23",
        "last": {"path": [28, 19]}, "arrows": ["32-28"], "highlight": [19, "23"],
        "flip": true, "size": 300, "coords": "none"});
    let response = render(&base, &body);
    assert_eq!(response.status(), 200);
    assert_eq!(response.content_type(), "image/svg+xml");
    assert_eq!(
        String::from_utf8(body_bytes(response)).expect("UTF-8"),
        from_get
    );
    let mut png = body.clone();
    png["format"] = json!("png");
    let response = render(&base, &png);
    assert_eq!(response.content_type(), "image/png");
    assert!(body_bytes(response).starts_with(b"\x89PNG"));
    // A variant object with overrides is drawn too.
    let custom = json!({"variant": {"preset": "english", "first_player": "white"}});
    assert_eq!(render(&base, &custom).status(), 200);
    for (bad, field) in [
        (json!({"variant": "english", "format": "gif"}), "format"),
        (json!({"variant": "english", "size": 5000}), "size"),
        (
            json!({"variant": "english", "highlight": [true]}),
            "highlight[0]",
        ),
        (json!({"variant": "english", "last": 7}), "last"),
    ] {
        let response = render(&base, &bad);
        assert_eq!(response.status(), 422, "{bad}");
        let p: Value = serde_json::from_slice(&body_bytes(response)).expect("JSON");
        assert_eq!(p["field"], field, "{bad}: {p}");
    }
    assert_eq!(
        render(&base, &json!({"variant": "english", "colour": 1})).status(),
        400
    );
}
