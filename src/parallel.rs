//! Work on a second thread. Runs are single-threaded (their caches are
//! `RefCell`s), so what goes side by side is whole phases that share
//! nothing mutable: the two sides of a refactor, the two halves of a
//! state's conversion (`State::convert_values`), freeing what nothing
//! reads again.

/// Runs `first` on a second thread while `second` runs on this one, when
/// `threads` allows it and a thread can be had; otherwise one after the
/// other. A panic of either goes on in this thread.
pub(crate) fn side_by_side<A: Send, B>(
    threads: bool,
    first: impl FnOnce() -> A + Send,
    second: impl FnOnce() -> B,
) -> (A, B) {
    if !threads {
        let a = first();
        return (a, second());
    }
    // Taken by the thread if it starts, by this one if it does not.
    let job = std::sync::Mutex::new(Some(first));
    let take = || job.lock().ok().and_then(|mut j| j.take());
    // SAFETY: the thread borrows `take` (and through it `job`, and what
    // `first` borrows), all of which outlive the `Joined` guard declared
    // after them, which joins it before anything it borrows is dropped,
    // even when `second` panics.
    let spawned = unsafe {
        std::thread::Builder::new()
            // The main thread's stack, for deeply nested expressions.
            .stack_size(8 << 20)
            .spawn_unchecked(|| take().map(|f| f()))
    };
    let mut guard = Joined(spawned.ok());
    if let Some(t) = &guard.0 {
        elsewhere(t);
    }
    let b = second();
    let a = match guard.0.take() {
        Some(t) => t
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        None => None,
    };
    match a.or_else(|| take().map(|f| f())) {
        Some(a) => (a, b),
        None => unreachable!("the job runs on one thread or the other"),
    }
}

/// Joins its thread when dropped: the thread borrows from the frame that
/// holds the guard.
struct Joined<T>(Option<std::thread::JoinHandle<T>>);

impl<T> Drop for Joined<T> {
    fn drop(&mut self) {
        if let Some(t) = self.0.take() {
            let _ = t.join();
        }
    }
}

/// Keeps a thread just spawned off this thread's processor. The system
/// may queue a new thread on its parent's processor while another is
/// idle (a 2-core virtual machine did so for most spawns in a refactor,
/// and a thread waited there up to 3 ms for the parent's time
/// slice: the two sides ran one after the other, 1k refactor 27.1 ->
/// 25.6 ms). Best effort, and only where the process may use more than
/// one processor; the thread may run on any of the others.
fn elsewhere<T>(t: &std::thread::JoinHandle<T>) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::thread::JoinHandleExt;
        let size = size_of::<libc::cpu_set_t>();
        // SAFETY: the sets are plain bit masks of the size passed; the
        // thread is alive (its handle is borrowed), and changing where it
        // may run changes nothing it computes.
        unsafe {
            let here = libc::sched_getcpu();
            let mut others: libc::cpu_set_t = std::mem::zeroed();
            // The main thread's set: never narrowed (only spawned ones are).
            if here < 0 || libc::sched_getaffinity(libc::getpid(), size, &mut others) != 0 {
                return;
            }
            let here = here as usize;
            if libc::CPU_COUNT(&others) < 2 || !libc::CPU_ISSET(here, &others) {
                return;
            }
            libc::CPU_CLR(here, &mut others);
            libc::pthread_setaffinity_np(t.as_pthread_t(), size, &others);
        }
    }
    // Elsewhere the system's own placement stands.
    #[cfg(not(target_os = "linux"))]
    let _ = t;
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
