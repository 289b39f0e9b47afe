//! A bounded set of search slots. A search runs on its own OS thread (never on the HTTP
//! workers); when every slot is taken the caller gets `None` and answers 503.

use std::sync::Arc;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

pub struct SearchPool {
    slots: Arc<Semaphore>,
    size: usize,
}

impl SearchPool {
    pub fn new(size: usize) -> Self {
        SearchPool {
            slots: Arc::new(Semaphore::new(size.max(1))),
            size: size.max(1),
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Run `job` on a search thread if a slot is free; `None` when all are busy.
    pub fn try_run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<oneshot::Receiver<T>> {
        let permit: OwnedSemaphorePermit = self.slots.clone().try_acquire_owned().ok()?;
        let (tx, rx) = oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let result = job();
                drop(permit);
                let _ = tx.send(result);
            });
        spawned.ok().map(|_| rx)
    }
}
