//! What every request handler shares.

use crate::api::admission::cpu_pool::CpuPool;
use crate::api::admission::fair_share::{parse_api_keys, Allowance, Shares};
use crate::api::admission::slots::SearchPool;
use crate::api::config::Config;
use crate::api::http::cache::ResultCache;
use crate::api::http::metrics::Metrics;
use crate::api::problem::error::ApiError;
use crate::api::problem::refusal::Refusal;
use crate::engine;
use actix_web::web::Bytes;
use actix_web::HttpResponse;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub struct AppState {
    pub config: Config,
    pub metrics: Metrics,
    pub cache: ResultCache,
    pub searches: SearchPool,
    /// Each client's share of the searches.
    pub shares: Shares,
    /// Slots for pictures.
    pub renders: CpuPool,
    /// Transposition tables kept between searches, one per search that may run at once.
    pub tables: Arc<crate::engine::TablePool>,
    /// Endgame tables, filled in the background after start-up.
    pub bitbases: Arc<crate::engine::bitbase::Library>,
    ready: AtomicBool,
    /// Every preset's endgame tables are in (see `is_ready`).
    tables_in: AtomicBool,
}

impl AppState {
    /// The state for `config`; an error when its API keys file cannot be read.
    pub fn new(config: Config) -> Result<Arc<Self>, String> {
        let cache = ResultCache::new(config.cache_entries, config.cache_mb * 1024 * 1024);
        let searches = SearchPool::new(config.search_slots(), config.short_search_slots);
        let keys = match &config.api_keys {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|text| parse_api_keys(&text))
                .map_err(|e| format!("--api-keys {}: {e}", path.display()))?,
            None => Default::default(),
        };
        let default = Allowance {
            per_second: config.client_search_rate,
            burst: config.client_search_burst,
            concurrent: config.client_max_searches,
        };
        Ok(Arc::new(AppState {
            metrics: Metrics::new().map_err(|e| e.to_string())?,
            cache,
            searches,
            shares: Shares::new(default, keys, config.trust_forwarded_for),
            renders: CpuPool::new(config.render_slots(), config.render_queue),
            tables: Arc::new(crate::engine::TablePool::new(
                config.search_slots() + config.short_search_slots,
            )),
            bitbases: Arc::new(crate::engine::bitbase::Library::new()),
            config,
            ready: AtomicBool::new(false),
            tables_in: AtomicBool::new(false),
        }))
    }

    /// Ready for traffic: started, not shutting down and, when the configuration requires
    /// them, every preset's endgame tables in.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::SeqCst) && (!self.config.require_tables || self.tables_in())
    }

    /// Whether every preset's endgame tables are in (the filling is over).
    pub fn tables_in(&self) -> bool {
        self.tables_in.load(Ordering::SeqCst)
    }

    /// Every preset's endgame tables are in the library (read or built).
    pub fn set_tables_in(&self) {
        self.tables_in.store(true, Ordering::SeqCst);
    }

    pub fn set_ready(&self, ready: bool) {
        self.ready.store(ready, Ordering::SeqCst);
    }

    /// Answer from the cache, or compute the JSON body, cache it and answer it.
    /// Only successful results are cached.
    pub fn cached(
        &self,
        route: &'static str,
        body: &Bytes,
        compute: impl FnOnce() -> Result<Vec<u8>, ApiError>,
    ) -> Result<HttpResponse, ApiError> {
        self.cached_bytes(route, body, compute).map(json_response)
    }

    /// A search route's cached answer, counted as a hit; a miss is counted when the answer
    /// is computed (`cache_if_reproducible`), since only then is it known to be an answer.
    pub fn cached_search_answer(&self, route: &'static str, body: &Bytes) -> Option<HttpResponse> {
        let hit = self.cache.get(route, body)?;
        self.metrics.cache_hits.inc();
        Some(json_response((*hit).clone()))
    }

    /// Cache only what is a pure function of the request: depth/node limits, no clock.
    pub fn cache_if_reproducible(
        &self,
        route: &'static str,
        body: &Bytes,
        request: &engine::Request,
        answer: &engine::Answer,
        bytes: &Bytes,
    ) {
        let limits = request.limits;
        let deterministic = limits.time.is_none()
            && (limits.depth.is_some() || limits.nodes.is_some())
            && (request.level.is_none() || request.seed.is_some());
        let cut_by_clock =
            answer.elapsed >= Duration::from_millis(self.config.max_search_ms).mul_f64(0.9);
        if deterministic && !cut_by_clock {
            self.cache.insert(route, body.clone(), bytes.clone());
        }
        self.metrics.cache_misses.inc();
    }

    /// The cached answer for this route and key, or `compute`'s (then cached).
    pub fn cached_bytes(
        &self,
        route: &'static str,
        key: &Bytes,
        compute: impl FnOnce() -> Result<Vec<u8>, ApiError>,
    ) -> Result<Bytes, ApiError> {
        if let Some(hit) = self.cache_lookup(route, key) {
            return Ok(hit);
        }
        let value = Bytes::from(compute()?);
        self.cache.insert(route, key.clone(), value.clone());
        Ok(value)
    }

    /// The cached answer for this route and key, counted as a hit or a miss.
    fn cache_lookup(&self, route: &'static str, key: &Bytes) -> Option<Bytes> {
        match self.cache.get(route, key) {
            Some(hit) => {
                self.metrics.cache_hits.inc();
                Some((*hit).clone())
            }
            None => {
                self.metrics.cache_misses.inc();
                None
            }
        }
    }

    /// A picture from the cache, or drawn on the render pool (503 when it is full) and
    /// cached.
    pub async fn draw_cached(
        &self,
        route: &'static str,
        key: Bytes,
        draw: impl FnOnce() -> Result<Vec<u8>, ApiError> + Send + 'static,
    ) -> Result<Bytes, ApiError> {
        if let Some(hit) = self.cache_lookup(route, &key) {
            return Ok(hit);
        }
        let drawn = self.renders.run("pictures", draw).await.inspect_err(|e| {
            if e.0.status == 503 {
                self.metrics.renders_rejected.inc();
            }
        })??;
        let value = Bytes::from(drawn);
        self.cache.insert(route, key, value.clone());
        Ok(value)
    }
}

pub fn json_response(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(body)
}

/// Serialize a response body.
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    // Most answers are a few KiB: start there rather than growing from nothing.
    let mut out = Vec::with_capacity(4096);
    serde_json::to_writer(&mut out, value).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(out)
}

/// Parse a request body, with a 400 that says where the JSON is wrong.
pub fn from_json<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    if body.is_empty() {
        return Err(ApiError::refusal(None, &Refusal::EmptyBody));
    }
    serde_json::from_slice(body).or_else(|e| {
        // JSON has one number type: `400.0` is the integer 400 to JSON Schema (and to the
        // OpenAPI document), so a body refused only for such numbers is read again with them
        // written as integers. The first error is the one reported, with its position.
        whole_floats_as_integers(body)
            .and_then(|value| serde_json::from_value(value).ok())
            .ok_or_else(|| {
                let message = e.to_string();
                ApiError::refusal(None, &Refusal::BadJson { message }).offset(e.column())
            })
    })
}

/// The body's JSON with every float that has no fraction (and fits) made an integer; `None`
/// when it is not JSON or has no such float.
fn whole_floats_as_integers(body: &Bytes) -> Option<serde_json::Value> {
    fn rewrite(value: &mut serde_json::Value) -> bool {
        match value {
            serde_json::Value::Number(n) if n.is_f64() => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                let whole = f.fract() == 0.0 && f.abs() < 9.0e15;
                if whole {
                    *value = serde_json::Value::from(f as i64);
                }
                whole
            }
            serde_json::Value::Array(items) => items.iter_mut().fold(false, |c, v| rewrite(v) | c),
            serde_json::Value::Object(map) => map.values_mut().fold(false, |c, v| rewrite(v) | c),
            _ => false,
        }
    }
    let mut value: serde_json::Value = serde_json::from_slice(body).ok()?;
    rewrite(&mut value).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::from_json;
    use actix_web::web::Bytes;

    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Limits {
        depth: u32,
        scale: f64,
    }

    #[test]
    fn whole_floats_are_read_as_integers_and_fractions_are_still_refused() {
        let read = from_json::<Limits>(&Bytes::from_static(br#"{"depth": 6.0, "scale": 2.0}"#));
        assert_eq!(
            read.ok(),
            Some(Limits {
                depth: 6,
                scale: 2.0
            })
        );
        let refused = from_json::<Limits>(&Bytes::from_static(br#"{"depth": 6.5, "scale": 1}"#));
        let detail = refused
            .err()
            .map(|e| e.0.detail.clone())
            .unwrap_or_default();
        assert!(detail.contains("floating point `6.5`"), "{detail}");
    }
}
