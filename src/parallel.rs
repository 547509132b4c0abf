//! Work on a second thread. Runs are single-threaded (their caches are
//! `RefCell`s), so what goes side by side is whole phases that share
//! nothing mutable: the two sides of a refactor, the two halves of a
//! state's conversion (`State::convert_values`), freeing what nothing
//! reads again.

/// Runs `first` on a second thread while `second` runs on this one, when
/// `threads` allows it and a thread can be had; otherwise one after the
/// other. A panic of either goes on in this thread, once the other thread
/// has ended (the scope joins it).
pub(crate) fn side_by_side<A: Send, B>(
    threads: bool,
    first: impl FnOnce() -> A + Send,
    second: impl FnOnce() -> B,
) -> (A, B) {
    if !threads {
        let a = first();
        return (a, second());
    }
    // Taken by the thread if it starts, by this one if it does not: a
    // thread that cannot be spawned drops its closure, not the job.
    let job = std::sync::Mutex::new(Some(first));
    let take = || job.lock().ok().and_then(|mut j| j.take());
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            // The main thread's stack, for deeply nested expressions.
            .stack_size(8 << 20)
            .spawn_scoped(s, || take().map(|f| f()));
        let b = second();
        let a = match spawned {
            Ok(t) => t
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        };
        match a.or_else(|| take().map(|f| f())) {
            Some(a) => (a, b),
            None => unreachable!("the job runs on one thread or the other"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each job runs once and its answer comes back in its place, on two
    /// threads or on one; a panic of the second thread reaches the caller.
    #[test]
    fn side_by_side_runs_each_job_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let main = std::thread::current().id();
        for threads in [true, false] {
            let runs = AtomicUsize::new(0);
            let (a, b) = side_by_side(
                threads,
                || {
                    runs.fetch_add(1, Ordering::SeqCst);
                    (std::thread::current().id() != main, "first")
                },
                || {
                    runs.fetch_add(1, Ordering::SeqCst);
                    "second"
                },
            );
            assert_eq!((a, b), ((threads, "first"), "second"));
            assert_eq!(runs.load(Ordering::SeqCst), 2);
        }
        let panicked = std::panic::catch_unwind(|| {
            side_by_side(true, || panic!("on the second thread"), || ())
        });
        assert!(panicked.is_err());
        // A panic on this thread waits for the other, which borrows from
        // this frame, before the frame goes.
        let borrowed = vec![1u8; 1 << 20];
        let done = AtomicUsize::new(0);
        let panicked = std::panic::catch_unwind(|| {
            side_by_side(
                true,
                || {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    done.store(borrowed.iter().map(|&b| b as usize).sum(), Ordering::SeqCst);
                },
                || panic!("on this thread"),
            )
        });
        assert!(panicked.is_err());
        assert_eq!(done.load(Ordering::SeqCst), 1 << 20);
    }
}
