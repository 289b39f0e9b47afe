//! Prometheus metrics: requests, latency, in-flight, cache, searches.

use prometheus::{
    Encoder, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts,
    Registry, TextEncoder,
};

pub struct Metrics {
    registry: Registry,
    pub requests: IntCounterVec,
    pub latency: HistogramVec,
    pub in_flight: IntGauge,
    pub cache_hits: IntCounter,
    pub cache_misses: IntCounter,
    pub searches_running: IntGauge,
    pub searches_rejected: IntCounter,
    pub search_nodes: IntCounter,
    pub search_depth: Histogram,
    pub search_seconds: Histogram,
    pub bitbase_bytes: IntGauge,
    pub review_plies: IntCounter,
    pub reviews_cancelled: IntCounter,
    pub bitbase_rule_sets: IntGauge,
    /// Searches stopped because their client went away, by route.
    pub searches_cancelled: IntCounterVec,
    /// Searches refused with 429 (a client over its share), by the limit.
    pub searches_limited: IntCounterVec,
    /// Pictures refused with 503 (every render slot and the queue full).
    pub renders_rejected: IntCounter,
}

impl Metrics {
    pub fn new() -> Result<Self, prometheus::Error> {
        let registry = Registry::new_custom(Some("draughts_api".into()), None)?;
        let requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests by route, method and status",
            ),
            &["route", "method", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency by route",
            )
            .buckets(vec![
                0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                1.0, 2.5, 5.0, 10.0,
            ]),
            &["route"],
        )?;
        let in_flight = IntGauge::new("http_requests_in_flight", "HTTP requests being served")?;
        let cache_hits = IntCounter::new("cache_hits_total", "Result cache hits")?;
        let cache_misses = IntCounter::new("cache_misses_total", "Result cache misses")?;
        let searches_running = IntGauge::new("searches_running", "Searches running now")?;
        let searches_rejected = IntCounter::new(
            "searches_rejected_total",
            "Searches refused with 503 because every slot was busy",
        )?;
        let search_nodes = IntCounter::new("search_nodes_total", "Nodes searched")?;
        let search_depth = Histogram::with_opts(
            HistogramOpts::new("search_depth_reached", "Depth a search completed")
                .buckets((1..=30).map(|d| d as f64).collect()),
        )?;
        let search_seconds = Histogram::with_opts(
            HistogramOpts::new("search_duration_seconds", "Search time").buckets(vec![
                0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
            ]),
        )?;
        let bitbase_bytes = IntGauge::new(
            "bitbase_bytes",
            "Memory held by the endgame tables that are ready",
        )?;
        let bitbase_rule_sets = IntGauge::new(
            "bitbase_rule_sets",
            "Rule sets whose endgame tables are ready",
        )?;
        let review_plies =
            IntCounter::new("review_plies_total", "Plies reviewed by /games/analyze")?;
        let reviews_cancelled = IntCounter::new(
            "reviews_cancelled_total",
            "Game reviews stopped because their client went away",
        )?;
        let searches_cancelled = IntCounterVec::new(
            Opts::new(
                "searches_cancelled_total",
                "Searches stopped because their client went away, by route",
            ),
            &["route"],
        )?;
        let searches_limited = IntCounterVec::new(
            Opts::new(
                "searches_limited_total",
                "Searches refused with 429 because the client was over its share, by limit",
            ),
            &["limit"],
        )?;
        let renders_rejected = IntCounter::new(
            "renders_rejected_total",
            "Pictures refused with 503 because every render slot and the queue were full",
        )?;
        registry.register(Box::new(searches_cancelled.clone()))?;
        registry.register(Box::new(searches_limited.clone()))?;
        registry.register(Box::new(renders_rejected.clone()))?;
        registry.register(Box::new(review_plies.clone()))?;
        registry.register(Box::new(reviews_cancelled.clone()))?;
        registry.register(Box::new(bitbase_bytes.clone()))?;
        registry.register(Box::new(bitbase_rule_sets.clone()))?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(in_flight.clone()))?;
        registry.register(Box::new(cache_hits.clone()))?;
        registry.register(Box::new(cache_misses.clone()))?;
        registry.register(Box::new(searches_running.clone()))?;
        registry.register(Box::new(searches_rejected.clone()))?;
        registry.register(Box::new(search_nodes.clone()))?;
        registry.register(Box::new(search_depth.clone()))?;
        registry.register(Box::new(search_seconds.clone()))?;
        Ok(Metrics {
            registry,
            requests,
            latency,
            in_flight,
            cache_hits,
            cache_misses,
            searches_running,
            searches_rejected,
            search_nodes,
            search_depth,
            search_seconds,
            bitbase_bytes,
            bitbase_rule_sets,
            review_plies,
            reviews_cancelled,
            searches_cancelled,
            searches_limited,
            renders_rejected,
        })
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let mut buf = Vec::new();
        let encoder = TextEncoder::new();
        if encoder.encode(&self.registry.gather(), &mut buf).is_err() {
            return String::new();
        }
        String::from_utf8(buf).unwrap_or_default()
    }
}
