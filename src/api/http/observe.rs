//! Per-request telemetry: a request id (taken from `x-request-id` when sane, else made up)
//! echoed in the response, one tracing span per request, and the HTTP metrics.

use crate::api::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Data;
use actix_web::Error;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tracing::Instrument;

pub const REQUEST_ID: &str = "x-request-id";

fn request_id(req: &ServiceRequest) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let given = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok());
    match given {
        Some(id)
            if !id.is_empty() && id.len() <= 128 && id.bytes().all(|b| b.is_ascii_graphic()) =>
        {
            id.to_string()
        }
        _ => {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let pid = std::process::id();
            format!("{pid:x}-{n:x}")
        }
    }
}

pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let state = req.app_data::<Data<AppState>>().cloned();
    let route = req
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_string());
    let method = req.method().to_string();
    let id = request_id(&req);
    let span = tracing::info_span!("request", request_id = %id, method = %method, route = %route);
    if let Some(s) = &state {
        s.metrics.in_flight.inc();
    }
    let start = Instant::now();
    let result = next.call(req).instrument(span.clone()).await;
    let elapsed = start.elapsed();
    if let Some(s) = &state {
        s.metrics.in_flight.dec();
    }
    let mut response = result?;
    let status = response.status().as_u16();
    if let Some(s) = &state {
        s.metrics
            .requests
            .with_label_values(&[&route, &method, &status.to_string()])
            .inc();
        s.metrics
            .latency
            .with_label_values(&[&route])
            .observe(elapsed.as_secs_f64());
    }
    span.in_scope(|| tracing::info!(status, micros = elapsed.as_micros() as u64, "served"));
    if let Ok(value) = HeaderValue::from_str(&id) {
        response
            .headers_mut()
            .insert(HeaderName::from_static(REQUEST_ID), value);
    }
    Ok(response)
}
