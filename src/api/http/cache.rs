//! A bounded cache of pure results, keyed by route and the exact request body.

use actix_web::web::Bytes;
use moka::sync::Cache;
use std::sync::Arc;

type Key = (&'static str, Bytes);

#[derive(Clone)]
pub struct ResultCache {
    inner: Cache<Key, Arc<Bytes>>,
    enabled: bool,
}

impl ResultCache {
    /// Bounded by entries and by bytes at once: each entry weighs its size in bytes, but at
    /// least `max_bytes / max_entries`, so neither bound can be passed. Zero entries: off.
    pub fn new(max_entries: u64, max_bytes: u64) -> Self {
        let floor = (max_bytes / max_entries.max(1)).max(1);
        let inner = Cache::builder()
            .max_capacity(max_bytes)
            .weigher(move |k: &Key, v: &Arc<Bytes>| {
                let size = (k.1.len() + v.len() + 64) as u64;
                size.max(floor).try_into().unwrap_or(u32::MAX)
            })
            .build();
        ResultCache {
            inner,
            enabled: max_entries > 0 && max_bytes > 0,
        }
    }

    pub fn get(&self, route: &'static str, body: &Bytes) -> Option<Arc<Bytes>> {
        if !self.enabled {
            return None;
        }
        self.inner.get(&(route, body.clone()))
    }

    pub fn insert(&self, route: &'static str, body: Bytes, value: Bytes) {
        if self.enabled {
            self.inner.insert((route, body), Arc::new(value));
        }
    }
}
