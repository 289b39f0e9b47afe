//! `GET /variants`: every preset with its rule parameters, named in the request's language.

use crate::api::dto::VariantView;
use crate::api::http::conditional::Cacheable;
use crate::api::problem::i18n::{Catalogues, Lang};
use crate::rules::{Notation, Position, PRESETS};
use actix_web::{HttpRequest, HttpResponse};
use std::sync::LazyLock;

/// The list depends only on the build and the language, so it is serialised once per
/// language and served with an `ETag`.
static VARIANTS: LazyLock<Vec<(Lang, Cacheable)>> =
    LazyLock::new(|| Lang::ALL.into_iter().map(|l| (l, list(l))).collect());

fn list(lang: Lang) -> Cacheable {
    let list: Vec<VariantView> = PRESETS
        .iter()
        .map(|p| {
            let (name, description) = Catalogues::get()
                .and_then(|c| c.variant(lang, p.id))
                .unwrap_or_else(|| (p.name.to_string(), p.description.to_string()));
            (p, name, description)
        })
        .map(|(p, name, description)| VariantView {
            id: p.id,
            name,
            description,
            aliases: p.aliases.to_vec(),
            board_size: p.rules.board.side(),
            squares: p.rules.board.geometry().squares,
            pieces_per_side: Position::initial(&p.rules)
                .wide_pieces(crate::rules::Color::White)
                .count_ones(),
            pdn_game_type: p.pdn_game_type,
            notation: match p.notation {
                Notation::Numeric => "numeric",
                Notation::Algebraic => "algebraic",
            },
            rules: serde_json::to_value(p.rules.params()).unwrap_or_default(),
        })
        .collect();
    Cacheable::new(
        serde_json::to_vec(&list).unwrap_or_default(),
        "application/json",
    )
}

/// Every preset with its full rule parameters. Served with an `ETag` and `Cache-Control`;
/// a request whose `If-None-Match` names the current tag gets `304 Not Modified`.
#[utoipa::path(get, path = "/variants", tag = "rules",
    responses(
        (status = 200, description = "The presets", body = Vec<VariantView>,
            headers(("ETag" = String, description = "Changes only when the list does"),
                    ("Cache-Control" = String, description = "public, max-age=3600"))),
        (status = 304, description = "The client's copy (If-None-Match) is current"),
    ))]
pub async fn handler(req: HttpRequest) -> HttpResponse {
    let lang = Lang::of(&req);
    let Some((_, cacheable)) = VARIANTS.iter().find(|(l, _)| *l == lang) else {
        return HttpResponse::InternalServerError().finish();
    };
    let mut response = cacheable.respond(&req);
    lang.mark(response.headers_mut());
    response
}
