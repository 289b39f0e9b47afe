//! Bounded search slots. A search runs on its own OS thread (never on the HTTP workers);
//! when every slot it may use is taken the caller gets `None` and answers 503.
//!
//! Short searches (a phone's `easy` or `medium` move) may also use slots kept for them, so
//! they are answered while long searches and reviews fill the others. Every search gets a
//! stop flag that its [`SearchHandle`] raises when dropped: when the request that waits for
//! the search goes away (actix drops its future when the client disconnects, or the
//! streaming body of an SSE answer), the search stops at its next poll of the flag.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

/// A search's time limit at or under which it counts as short.
pub const SHORT_SEARCH: Duration = Duration::from_millis(500);

/// How long a search may take, for the choice of slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchLength {
    /// Its time limit is at most [`SHORT_SEARCH`]: it may use the short slots too.
    Short,
    /// Anything longer (a strong level, a review, a depth or node limit).
    Long,
}

impl SearchLength {
    /// The length of a search whose effective time limit is `time`.
    pub fn of(time: Option<Duration>) -> SearchLength {
        match time {
            Some(t) if t <= SHORT_SEARCH => SearchLength::Short,
            _ => SearchLength::Long,
        }
    }
}

/// The search slots: `size` for any search, `short_size` more kept for short ones.
pub struct SearchPool {
    any: Arc<Semaphore>,
    short: Arc<Semaphore>,
    size: usize,
    short_size: usize,
}

impl SearchPool {
    /// A pool of `size` slots (at least one) and `short_size` slots kept for short searches.
    pub fn new(size: usize, short_size: usize) -> Self {
        SearchPool {
            any: Arc::new(Semaphore::new(size.max(1))),
            short: Arc::new(Semaphore::new(short_size)),
            size: size.max(1),
            short_size,
        }
    }

    /// Slots for any search.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Slots kept for short searches.
    pub fn short_size(&self) -> usize {
        self.short_size
    }

    /// Run `job` on a search thread if a slot it may use is free; `None` when all are busy.
    /// The job polls the stop flag it is given.
    pub fn try_run<T: Send + 'static>(
        &self,
        length: SearchLength,
        job: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Option<SearchHandle<T>> {
        let permit: OwnedSemaphorePermit = match self.any.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) if length == SearchLength::Short => {
                self.short.clone().try_acquire_owned().ok()?
            }
            Err(_) => return None,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let (tx, rx) = oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let result = job(&flag);
                drop(permit);
                let _ = tx.send(result);
            });
        spawned.ok().map(|_| SearchHandle { receiver: rx, stop })
    }
}

/// A running search's result to come. Dropping it before the result arrives stops the
/// search (its client has gone).
pub struct SearchHandle<T> {
    receiver: oneshot::Receiver<T>,
    stop: Arc<AtomicBool>,
}

impl<T> SearchHandle<T> {
    /// Ask the search to stop now (its result still arrives, cut short).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The search's stop flag, for another party that may stop it.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }
}

impl<T> Future for SearchHandle<T> {
    type Output = Result<T, oneshot::error::RecvError>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.receiver).poll(cx)
    }
}

impl<T> Drop for SearchHandle<T> {
    fn drop(&mut self) {
        // After the result arrived the flag is read by nobody: raising it is harmless.
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait_for_stop(flag: &AtomicBool) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if flag.load(Ordering::Relaxed) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        false
    }

    #[test]
    fn dropping_the_handle_stops_the_search_and_frees_its_slot() {
        let pool = SearchPool::new(1, 0);
        let handle = pool
            .try_run(SearchLength::Long, wait_for_stop)
            .expect("a free slot");
        assert!(pool.try_run(SearchLength::Long, |_| ()).is_none(), "full");
        drop(handle);
        let start = std::time::Instant::now();
        let mut again = None;
        while again.is_none() && start.elapsed() < Duration::from_secs(2) {
            again = pool.try_run(SearchLength::Long, |_| ());
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(again.is_some(), "the slot was not freed");
    }

    #[test]
    fn short_searches_have_slots_of_their_own() {
        let pool = SearchPool::new(1, 1);
        let long = pool
            .try_run(SearchLength::Long, wait_for_stop)
            .expect("slot");
        assert!(pool.try_run(SearchLength::Long, |_| ()).is_none());
        let short = pool.try_run(SearchLength::Short, wait_for_stop);
        assert!(short.is_some(), "the short slot is free");
        assert!(pool.try_run(SearchLength::Short, |_| ()).is_none());
        drop((long, short));
    }

    #[test]
    fn lengths_follow_the_time_limit() {
        assert_eq!(
            SearchLength::of(Some(Duration::from_millis(200))),
            SearchLength::Short
        );
        assert_eq!(
            SearchLength::of(Some(Duration::from_secs(1))),
            SearchLength::Long
        );
        assert_eq!(SearchLength::of(None), SearchLength::Long);
    }
}
