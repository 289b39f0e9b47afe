//! The request body extractor: bytes, with the configured size limit answered as a 413
//! problem (actix's own limit answers in plain text).

use crate::api::problem::error::ApiError;
use crate::api::problem::refusal::Refusal;
use crate::api::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::web::{Bytes, BytesMut, Data};
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use futures_util::StreamExt;

pub struct Body(pub Bytes);

fn too_large(limit: usize) -> ApiError {
    ApiError::refusal(Some("body"), &Refusal::BodyTooLarge { limit })
}

impl FromRequest for Body {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req
            .app_data::<Data<AppState>>()
            .map_or(256 * 1024, |s| s.config.max_body_bytes);
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let mut payload = payload.take();
        Box::pin(async move {
            if declared.is_some_and(|n| n > limit) {
                return Err(too_large(limit));
            }
            let mut buf = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|e| {
                    ApiError::refusal(
                        None,
                        &Refusal::UnreadableBody {
                            message: e.to_string(),
                        },
                    )
                })?;
                if buf.len() + chunk.len() > limit {
                    return Err(too_large(limit));
                }
                buf.extend_from_slice(&chunk);
            }
            Ok(Body(buf.freeze()))
        })
    }
}
