use crate::api::dto::VariantView;
use crate::api::error::ApiError;
use crate::api::state::{to_json, AppState};
use crate::rules::{Position, PRESETS};
use actix_web::{web, HttpResponse};

/// Every preset with its full rule parameters.
#[utoipa::path(get, path = "/variants", tag = "rules",
    responses((status = 200, description = "The presets", body = Vec<VariantView>)))]
pub async fn handler(_state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let list: Vec<VariantView> = PRESETS
        .iter()
        .map(|p| VariantView {
            id: p.id,
            name: p.name,
            description: p.description,
            aliases: p.aliases.to_vec(),
            board_size: p.rules.board.side(),
            pieces_per_side: Position::initial(&p.rules).pieces[0].count_ones(),
            pdn_game_type: p.pdn_game_type,
            rules: serde_json::to_value(p.rules.params()).unwrap_or_default(),
        })
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(to_json(&list)?))
}
