//! A fair share of the searches for every client, per replica.
//!
//! A client is its `X-Api-Key` header when it sends one, else its address (the last entry
//! of `X-Forwarded-For` when the server trusts that header: the address the ingress saw).
//! Each client has a budget of search time (a token bucket in seconds of search: it refills
//! at `per_second` up to `burst`, and each search's time is taken from it when the search
//! ends) and a cap on searches running at once. A search is admitted while the bucket is
//! not empty and the client runs fewer than its cap; otherwise the answer is 429 with the
//! seconds until the limit allows another. The buckets live in this replica's memory only
//! (the service is stateless: no shared store), bounded in count and forgotten when idle.

use crate::api::problem::error::ApiError;
use actix_web::HttpRequest;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The header that names a client.
pub const API_KEY_HEADER: &str = "x-api-key";
/// Clients remembered at once; the least recently seen are forgotten first.
const MAX_CLIENTS: u64 = 100_000;
/// A client idle this long starts again with a full bucket.
const IDLE: Duration = Duration::from_secs(600);

/// What one client may use.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Allowance {
    /// Seconds of search the bucket regains each second.
    pub per_second: f64,
    /// Seconds of search the bucket holds at most.
    pub burst: f64,
    /// Searches the client may run at once.
    pub concurrent: u32,
}

impl Allowance {
    /// Parse `RATE BURST CONCURRENT` (`8 40 6`: 8 s of search a second, a 40 s burst, 6 at
    /// once).
    fn parse(words: &[&str]) -> Result<Allowance, String> {
        let [rate, burst, concurrent] = words else {
            return Err("expected KEY RATE BURST CONCURRENT".into());
        };
        let seconds = |w: &str| match w.parse::<f64>() {
            Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
            _ => Err(format!("'{w}' is not a positive number of seconds")),
        };
        Ok(Allowance {
            per_second: seconds(rate)?,
            burst: seconds(burst)?,
            concurrent: concurrent
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("'{concurrent}' is not a positive whole number"))?,
        })
    }
}

/// Read an API keys file: one key a line, `KEY RATE BURST CONCURRENT`; `#` starts a comment.
pub fn parse_api_keys(text: &str) -> Result<HashMap<String, Allowance>, String> {
    let mut keys = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let allowance =
            Allowance::parse(&words[1..]).map_err(|e| format!("line {}: {e}", n + 1))?;
        keys.insert(words[0].to_string(), allowance);
    }
    Ok(keys)
}

struct Bucket {
    allowance: Allowance,
    /// Seconds of search left (negative after a search that took more than was left).
    tokens: f64,
    updated: Instant,
    running: u32,
}

impl Bucket {
    fn refill(&mut self, now: Instant) {
        let gained = now.duration_since(self.updated).as_secs_f64() * self.allowance.per_second;
        self.tokens = (self.tokens + gained).min(self.allowance.burst);
        self.updated = now;
    }
}

/// Which of a client's limits refused a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// It already runs as many searches as it may.
    Concurrent,
    /// Its budget of search time is spent.
    SearchTime,
}

impl Limit {
    /// The limit's name in a problem document.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Concurrent => "concurrent_searches",
            Limit::SearchTime => "search_time",
        }
    }
}

/// Every client's bucket on this replica.
pub struct Shares {
    buckets: moka::sync::Cache<String, Arc<Mutex<Bucket>>>,
    default: Allowance,
    keys: HashMap<String, Allowance>,
    trust_forwarded_for: bool,
}

impl Shares {
    /// Shares with `default` for every client but the `keys` given their own.
    pub fn new(
        default: Allowance,
        keys: HashMap<String, Allowance>,
        trust_forwarded_for: bool,
    ) -> Self {
        Shares {
            buckets: moka::sync::Cache::builder()
                .max_capacity(MAX_CLIENTS)
                .time_to_idle(IDLE)
                .build(),
            default,
            keys,
            trust_forwarded_for,
        }
    }

    /// Who sent `req`.
    pub fn client_of(&self, req: &HttpRequest) -> String {
        if let Some(key) = req
            .headers()
            .get(API_KEY_HEADER)
            .and_then(|v| v.to_str().ok())
            .filter(|k| !k.is_empty())
        {
            return format!("key:{key}");
        }
        if self.trust_forwarded_for {
            let forwarded = req
                .headers()
                .get_all("x-forwarded-for")
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .rfind(|a| !a.is_empty());
            if let Some(address) = forwarded {
                return format!("ip:{address}");
            }
        }
        let info = req.connection_info();
        format!("ip:{}", info.peer_addr().unwrap_or("unknown"))
    }

    /// Admit one search of `client`, or say which limit refuses it.
    pub fn admit(&self, client: &str) -> Result<Ticket, ApiError> {
        let allowance = client
            .strip_prefix("key:")
            .and_then(|k| self.keys.get(k))
            .copied()
            .unwrap_or(self.default);
        let now = Instant::now();
        let bucket = self.buckets.get_with_by_ref(client, || {
            Arc::new(Mutex::new(Bucket {
                allowance,
                tokens: allowance.burst,
                updated: now,
                running: 0,
            }))
        });
        let mut b = bucket.lock().map_err(|_| ApiError::internal("poisoned"))?;
        b.refill(now);
        if b.running >= b.allowance.concurrent {
            return Err(ApiError::too_many_requests(
                Limit::Concurrent,
                1,
                format!(
                    "this client already runs {} searches, its limit at once; wait for one to end",
                    b.running
                ),
            ));
        }
        if b.tokens <= 0.0 {
            let wait = (-b.tokens / b.allowance.per_second).ceil().max(1.0) as u64;
            return Err(ApiError::too_many_requests(
                Limit::SearchTime,
                wait,
                format!(
                    "this client has used its search time ({} s a second, bursts of {} s); \
                     more is available in {wait} s",
                    b.allowance.per_second, b.allowance.burst
                ),
            ));
        }
        b.running += 1;
        drop(b);
        Ok(Ticket {
            bucket,
            started: now,
        })
    }
}

/// An admitted search. When it is dropped (the search ended) its time is taken from the
/// client's bucket and its place is free again.
pub struct Ticket {
    bucket: Arc<Mutex<Bucket>>,
    started: Instant,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Ok(mut b) = self.bucket.lock() {
            let now = Instant::now();
            b.refill(now);
            b.tokens -= now.duration_since(self.started).as_secs_f64();
            b.running = b.running.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shares(concurrent: u32) -> Shares {
        Shares::new(
            Allowance {
                per_second: 1.0,
                burst: 0.05,
                concurrent,
            },
            parse_api_keys("backend 8 40 6 # a trusted back-end").expect("keys"),
            false,
        )
    }

    #[test]
    fn a_client_runs_at_most_its_cap_at_once() {
        let s = shares(2);
        let (a, b) = (s.admit("ip:1").expect("one"), s.admit("ip:1").expect("two"));
        let refused = s.admit("ip:1").err().expect("a third is refused");
        assert_eq!(refused.0.status, 429);
        assert_eq!(refused.0.limit, Some(Limit::Concurrent.name()));
        assert!(s.admit("ip:2").is_ok(), "another client is not affected");
        drop(a);
        assert!(s.admit("ip:1").is_ok());
        drop(b);
    }

    #[test]
    fn spent_search_time_is_refused_until_the_bucket_refills() {
        let s = shares(4);
        let ticket = s.admit("ip:1").expect("a full bucket");
        std::thread::sleep(Duration::from_millis(120));
        drop(ticket); // 0.12 s taken from a 0.05 s bucket
        let refused = s.admit("ip:1").err().expect("spent");
        assert_eq!(refused.0.limit, Some(Limit::SearchTime.name()));
        assert!(refused.0.retry_after.is_some_and(|s| s >= 1));
        std::thread::sleep(Duration::from_millis(150));
        assert!(s.admit("ip:1").is_ok(), "refilled at 1 s a second");
    }

    #[test]
    fn listed_keys_have_their_own_allowance() {
        let s = shares(1);
        let tickets: Vec<_> = (0..6)
            .map(|_| s.admit("key:backend").expect("six at once"))
            .collect();
        assert!(s.admit("key:backend").is_err());
        assert_eq!(tickets.len(), 6);
        assert!(parse_api_keys("k 1 2").is_err());
        assert!(parse_api_keys("k 1 2 0").is_err());
        assert!(parse_api_keys("k -1 2 3").is_err());
    }
}
