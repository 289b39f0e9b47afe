//! A bounded pool for CPU-heavy work other than searches (pictures): at most `slots` jobs
//! run at once, at most `queue` more wait for a slot, and beyond that the caller answers
//! 503 with `Retry-After`. A job still waiting when its client leaves is dropped with the
//! request's future and never runs, so a flood of abandoned requests costs no CPU and holds
//! no memory beyond the jobs running.

use crate::api::problem::error::ApiError;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{oneshot, Semaphore};

/// The pool.
pub struct CpuPool {
    slots: Arc<Semaphore>,
    admitted: Arc<AtomicUsize>,
    size: usize,
    queue: usize,
}

/// A job's place in the pool (running or waiting), given back when dropped.
struct Admission(Arc<AtomicUsize>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl CpuPool {
    /// `slots` jobs at once (at least one) and `queue` waiting.
    pub fn new(slots: usize, queue: usize) -> Self {
        CpuPool {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            admitted: Arc::new(AtomicUsize::new(0)),
            size: slots.max(1),
            queue,
        }
    }

    /// Run `job` on a thread of its own once a slot is free; 503 when the queue is full.
    pub async fn run<T: Send + 'static>(
        &self,
        what: &str,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.admitted.fetch_add(1, Ordering::SeqCst) >= self.size + self.queue {
            self.admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::busy(format!(
                "{} {what} are being made and {} wait: retry shortly",
                self.size, self.queue
            )));
        }
        let admission = Admission(self.admitted.clone());
        let permit = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::internal("the pool is closed"))?;
        let (tx, rx) = oneshot::channel();
        std::thread::Builder::new()
            .name("cpu".into())
            .spawn(move || {
                let result = job();
                drop((permit, admission));
                let _ = tx.send(result);
            })
            .map_err(|e| ApiError::internal(e.to_string()))?;
        rx.await
            .map_err(|_| ApiError::internal("the job ended without an answer"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[actix_web::test]
    async fn beyond_the_slots_and_the_queue_the_answer_is_busy() {
        let pool = Arc::new(CpuPool::new(1, 1));
        let slow = || std::thread::sleep(Duration::from_millis(300));
        let (a, b) = (pool.clone(), pool.clone());
        let first = actix_web::rt::spawn(async move { a.run("jobs", slow).await });
        let second = actix_web::rt::spawn(async move { b.run("jobs", slow).await });
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        let third = pool.run("jobs", || ()).await;
        assert_eq!(third.err().map(|e| e.0.status), Some(503));
        assert!(first.await.expect("joined").is_ok());
        assert!(second.await.expect("joined").is_ok());
        assert!(pool.run("jobs", || ()).await.is_ok(), "room again");
    }

    #[actix_web::test]
    async fn a_waiting_job_dropped_by_its_client_never_runs() {
        let pool = Arc::new(CpuPool::new(1, 4));
        let ran = Arc::new(AtomicUsize::new(0));
        let p = pool.clone();
        let busy = actix_web::rt::spawn(async move {
            p.run("jobs", || std::thread::sleep(Duration::from_millis(200)))
                .await
        });
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        let counter = ran.clone();
        let waiting = pool.run("jobs", move || counter.fetch_add(1, Ordering::SeqCst));
        // The client leaves while the job waits for the slot.
        let _ = actix_web::rt::time::timeout(Duration::from_millis(20), waiting).await;
        assert!(busy.await.expect("joined").is_ok());
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(ran.load(Ordering::SeqCst), 0);
        assert_eq!(pool.admitted.load(Ordering::SeqCst), 0, "its place is free");
    }
}
