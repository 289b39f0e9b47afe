//! Compression (gzip, brotli, zstd through actix's `Compress`, negotiated by
//! `Accept-Encoding`) for answers worth it: a body under `MIN_BYTES` is sent as it is.
//! Measured with wrk on `/moves` (a 1.4 KB answer, cache off): compressing it cut the
//! requests served per second by more than half (actix hands bodies over 1 KiB to its
//! blocking pool to encode), to save about a kilobyte. Typical rules answers stay under the
//! threshold; game reviews, many-game validations and the OpenAPI document are compressed.
//!
//! `Compress` leaves a response alone when it already names a `Content-Encoding`, so the
//! middleware inside it marks small bodies `identity`, and the one outside it removes the
//! marker again before the answer leaves.

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CONTENT_ENCODING};
use actix_web::middleware::Next;
use actix_web::Error;

/// Smallest body that is compressed, in bytes.
pub const MIN_BYTES: u64 = 8 * 1024;

/// Inside `Compress`: mark small bodies as not to be encoded.
pub async fn skip_small_bodies(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut response = next.call(req).await?;
    let small = matches!(response.response().body().size(), BodySize::Sized(n) if n < MIN_BYTES);
    if small && !response.headers().contains_key(CONTENT_ENCODING) {
        response
            .headers_mut()
            .insert(CONTENT_ENCODING, HeaderValue::from_static("identity"));
    }
    Ok(response)
}

/// Outside `Compress`: drop the `identity` marker (it means "not encoded", which is the
/// default, so it is not sent).
pub async fn drop_identity_marker(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut response = next.call(req).await?;
    if response
        .headers()
        .get(CONTENT_ENCODING)
        .is_some_and(|v| v == "identity")
    {
        response.headers_mut().remove(CONTENT_ENCODING);
    }
    Ok(response)
}
