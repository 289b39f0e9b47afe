//! One module per endpoint: parse, call the library, serialize. The route table below
//! lists every route once; the server registers it (`startup.rs`) and the OpenAPI document
//! describes its documented part (`openapi.rs`).

pub mod analyze;
pub mod apply;
pub mod bestmove;
pub mod board;
pub mod games_analyze;
pub mod health;
pub mod moves;
pub mod openapi_json;
pub mod page;
pub mod play;
pub mod render;
pub mod status;
pub mod tablebase;
pub mod validate;
pub mod variants;

/// The route table: every route once, its path, method and handler, the ones the OpenAPI
/// document describes first. `with_route_table!(m)` hands the table to the macro `m`
/// (handlers as paths from the crate root, so any module can use them).
macro_rules! with_route_table {
    ($then:ident) => {
        $then! {
            documented {
                "/moves" POST crate::api::routes::moves::handler;
                "/apply" POST crate::api::routes::apply::handler;
                "/status" POST crate::api::routes::status::handler;
                "/games/validate" POST crate::api::routes::validate::handler;
                "/bestmove" POST crate::api::routes::bestmove::handler;
                "/play" POST crate::api::routes::play::handler;
                "/analyze" POST crate::api::routes::analyze::handler;
                "/games/analyze" POST crate::api::routes::games_analyze::handler;
                "/tablebase" POST crate::api::routes::tablebase::post;
                "/tablebase" GET crate::api::routes::tablebase::get;
                "/variants" GET crate::api::routes::variants::handler;
                "/board.svg" GET crate::api::routes::board::svg;
                "/board.png" GET crate::api::routes::board::png;
                "/render" POST crate::api::routes::render::handler;
                "/healthz" GET crate::api::routes::health::healthz;
                "/readyz" GET crate::api::routes::health::readyz;
                "/metrics" GET crate::api::routes::health::metrics;
            }
            undocumented {
                "/openapi.json" GET crate::api::routes::openapi_json::handler;
                "/docs" GET crate::api::routes::openapi_json::docs_redirect;
                "/" GET crate::api::routes::page::index;
                "/page/app.js" GET crate::api::routes::page::script;
                "/page/app.css" GET crate::api::routes::page::style;
                "/page/strings.json" GET crate::api::routes::page::strings;
            }
        }
    };
}
pub(crate) use with_route_table;
