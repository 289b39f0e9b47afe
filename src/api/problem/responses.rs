//! The problem answers several routes share, written once for the OpenAPI document: a route
//! lists its own rows (200, its 422) and names these sets for the rest.

use std::collections::BTreeMap;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{
    ContentBuilder, Ref, RefOr, Required, Response, ResponseBuilder, ResponsesBuilder,
};
use utoipa::{IntoParams, IntoResponses};

fn problem(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/problem+json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build(),
        )
        .build()
}

fn rows(rows: &[(&str, &str)]) -> BTreeMap<String, RefOr<Response>> {
    rows.iter()
        .fold(ResponsesBuilder::new(), |builder, (status, description)| {
            builder.response(*status, problem(description))
        })
        .build()
        .into()
}

/// A route that reads a JSON body: 400 for a body that is not its JSON, 413 over the limit.
pub struct JsonBodyProblems;

impl IntoResponses for JsonBodyProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        rows(&[
            ("400", "Malformed JSON"),
            ("413", "Body over the size limit"),
        ])
    }
}

/// A route that searches: 429 over the client's share, 503 when every slot is busy.
pub struct SearchProblems;

impl IntoResponses for SearchProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        rows(&[
            ("429", "This client is over its share of the searches (running at once, or search time): retry after the Retry-After seconds"),
            ("503", "Every search slot is busy: retry after the Retry-After seconds"),
        ])
    }
}

/// A route that draws a picture: 503 when every picture slot and the queue are full.
pub struct PictureProblems;

impl IntoResponses for PictureProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        rows(&[(
            "503",
            "Every picture slot and the queue are full: retry after the Retry-After seconds",
        )])
    }
}

/// The header a search route reads to know whose share a search is taken from.
pub struct ClientKey;

impl IntoParams for ClientKey {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![ParameterBuilder::new()
            .name("X-Api-Key")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .description(Some(
                "Who the search is for, when the client shares its address with others: an \
                 identity for the fair share of searches (not a secret). Keys listed in the \
                 deployment's `--api-keys` file have allowances of their own; without it the \
                 client is its address.",
            ))
            .schema(Some(
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String),
            ))
            .build()]
    }
}
