//! The OpenAPI document, generated from the handlers and DTOs.

use crate::api::dto::*;
use crate::api::problem::error::Problem;
use crate::api::routes;
use utoipa::OpenApi;

/// Derives the document from the route table's documented routes
/// (`routes::with_route_table!`), so a route is listed once.
macro_rules! api_doc {
    (
        documented { $($dpath:literal $dmethod:ident $($dseg:ident)::+;)* }
        undocumented { $($rest:tt)* }
    ) => {
        #[derive(OpenApi)]
        #[openapi(
            info(
                title = "draughts-api",
                description = "Rules of draughts in every national variant (legal moves, applying moves, game status, whole-game validation) and a searcher that plays them. Stateless: every request carries its variant, position and history.\n\n**Browsers on other origins (CORS).** Every endpoint answers CORS preflights for its method; `Content-Type`, `X-Request-Id` and `X-Api-Key` may be sent, and `X-Request-Id` and `Retry-After` are readable by the page. By default any origin may call the API (`Access-Control-Allow-Origin: *`, never with credentials: the service holds no user data and sets no cookies). A deployment restricts it with `--cors-origins` / `DRAUGHTS_API_CORS_ORIGINS`, a comma-separated list of origins; requests from other origins are still answered, without CORS headers, so browsers refuse them.\n\n**A fair share of the searches.** Each replica shares its searches (`/bestmove`, `/play`, `/analyze`, `/games/analyze`) among clients: a client is its `X-Api-Key` header when it sends one (an identity for sharing, not a secret), else its address. A client over its share is answered `429` with `Retry-After` and a problem whose `limit` is `concurrent_searches` or `search_time`; keys listed in the deployment's `--api-keys` file have allowances of their own.\n\n**Compression and caching.** Answers of 8 KiB or more are compressed (gzip, br or zstd, as `Accept-Encoding` asks). `GET /variants` and `GET /openapi.json` carry an `ETag` and `Cache-Control: public, max-age=3600`, and answer `304` to a matching `If-None-Match`; board pictures (`/board.svg`, `/board.png`) carry an `ETag` and `Cache-Control: public, max-age=604800`.\n\n**A page that plays.** `GET /` serves a page (embedded in the binary) that plays every variant against the computer or between two players, using only this API.",
                license(name = "MIT", identifier = "MIT")
            ),
            paths($($($dseg)::+),*),
            components(schemas(Problem, VariantSpec, PresetId, VariantOverrides, MoveSpec, MovePath, History)),
            modifiers(&ReviewTakesMovesOrPdn),
            tags(
                (name = "rules", description = "Legal moves, playing moves, status, validation"),
                (name = "ai", description = "The searcher's move"),
                (name = "tables", description = "Endgame tables: the exact result of positions with few pieces, and of every move"),
                (name = "pictures", description = "Board pictures (SVG, PNG) for pages, apps and chat bots"),
                (name = "operations", description = "Health, readiness and metrics"),
            )
        )]
        /// The OpenAPI document of every route (utoipa).
        pub struct ApiDoc;
    };
}

routes::with_route_table!(api_doc);

/// A game review takes `moves` (with its `variant`) or `pdn`, one of them: a constraint
/// across fields that the derived schema cannot say, added to it here so clients and
/// contract tests know a body without either is invalid.
struct ReviewTakesMovesOrPdn;

impl utoipa::Modify for ReviewTakesMovesOrPdn {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::schema::{
            AllOfBuilder, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
        };
        use utoipa::openapi::RefOr;
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        let Some(mut fields) = components.schemas.remove("GameReviewRequest") else {
            return;
        };
        // The example and description stay on the top of the schema, where readers look.
        let (example, description) = match &mut fields {
            RefOr::T(Schema::Object(object)) => (object.example.take(), object.description.take()),
            _ => (None, None),
        };
        let not_null = |t: Type| ObjectBuilder::new().schema_type(SchemaType::new(t));
        let with_moves = ObjectBuilder::new()
            .required("moves")
            .required("variant")
            .property("moves", ArrayBuilder::new())
            .property(
                "variant",
                Schema::OneOf(
                    OneOfBuilder::new()
                        .item(not_null(Type::String))
                        .item(not_null(Type::Object))
                        .build(),
                ),
            )
            .property("pdn", not_null(Type::Null));
        let with_pdn = ObjectBuilder::new()
            .required("pdn")
            .property("pdn", not_null(Type::String))
            .property("moves", not_null(Type::Null));
        let mut schema = AllOfBuilder::new()
            .item(fields)
            .item(Schema::OneOf(
                OneOfBuilder::new().item(with_moves).item(with_pdn).build(),
            ))
            .description(description)
            .build();
        schema.example = example;
        components
            .schemas
            .insert("GameReviewRequest".into(), RefOr::T(Schema::AllOf(schema)));
    }
}

/// The document as committed under `openapi/openapi.json`.
pub fn document_json() -> String {
    let mut text = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::PRESETS;

    /// The overrides a `variant` object takes are the rules' own parameters (`RuleParams`,
    /// as `GET /variants` lists them), plus `preset`: the schema cannot drift from them.
    #[test]
    fn the_override_schema_names_every_rule_parameter() {
        let doc: serde_json::Value =
            serde_json::from_str(&document_json()).expect("the document is JSON");
        let mut documented: Vec<String> = doc["components"]["schemas"]["VariantOverrides"]
            ["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .filter(|k| *k != "preset")
            .cloned()
            .collect();
        let params = serde_json::to_value(crate::rules::Rules::international().params())
            .expect("the parameters serialize");
        let mut parameters: Vec<String> = params
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect();
        documented.sort();
        parameters.sort();
        assert_eq!(documented, parameters);
    }

    /// The `PresetId` enum is built from the presets: it names every one the service knows.
    #[test]
    fn preset_enum_lists_every_preset() {
        let doc: serde_json::Value =
            serde_json::from_str(&document_json()).expect("the document is JSON");
        let listed: Vec<&str> = doc["components"]["schemas"]["PresetId"]["enum"]
            .as_array()
            .expect("an enum")
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        for preset in PRESETS {
            assert!(listed.contains(&preset.id), "{} is missing", preset.id);
        }
    }
}
