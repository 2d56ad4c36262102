//! What the machine gives, behind two small types, so that a build for a
//! target without them (WebAssembly in a browser, say) compiles: a clock,
//! for the deadlines of searches (feature `clock`: without it there is no
//! deadline, and timeouts are off), and threads, for the front end and the
//! one-heap engine (feature `parallel`, rayon: without it everything runs
//! on the calling thread, in the same order, with the same results).

use std::time::Duration;

/// A moment a search must stop by, and when it started.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    #[cfg(feature = "clock")]
    started: std::time::Instant,
    #[cfg(feature = "clock")]
    at: std::time::Instant,
}

impl Deadline {
    /// `timeout` from now; `None` where there is no clock, or the moment
    /// is past what the clock counts (no deadline, then).
    pub fn after(timeout: Duration) -> Option<Deadline> {
        #[cfg(feature = "clock")]
        {
            let started = std::time::Instant::now();
            let at = started.checked_add(timeout)?;
            Some(Deadline { started, at })
        }
        #[cfg(not(feature = "clock"))]
        {
            let _ = timeout;
            None
        }
    }

    /// Whether the moment has passed.
    pub fn passed(self) -> bool {
        #[cfg(feature = "clock")]
        {
            std::time::Instant::now() > self.at
        }
        #[cfg(not(feature = "clock"))]
        {
            false
        }
    }

    /// The time since it was set.
    pub fn elapsed(self) -> Duration {
        #[cfg(feature = "clock")]
        {
            self.started.elapsed()
        }
        #[cfg(not(feature = "clock"))]
        {
            Duration::ZERO
        }
    }
}

/// How many threads work is shared among.
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// Whether the caller runs on a thread of the pool, where handing half a
/// job to another thread of it is cheap.
pub fn in_pool() -> bool {
    #[cfg(feature = "parallel")]
    {
        rayon::current_thread_index().is_some()
    }
    #[cfg(not(feature = "parallel"))]
    {
        false
    }
}

/// Runs `f` on a thread of the pool (on this one without threads).
pub fn on_pool<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    {
        rayon::scope(|_| f())
    }
    #[cfg(not(feature = "parallel"))]
    {
        f()
    }
}

/// Runs `a` and `b`, on two threads where there are.
pub fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// `f` of each item, in order, the items shared among the threads.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        items.iter().map(f).collect()
    }
}

/// Lets `value` go: dropped on another thread where there are threads (a
/// large graph's memory is given back while the caller goes on), else here.
pub fn discard<T: Send + 'static>(value: T) {
    #[cfg(feature = "parallel")]
    rayon::spawn(move || drop(value));
    #[cfg(not(feature = "parallel"))]
    drop(value);
}

/// `n` as an index or a count of this machine's words: `n` itself wherever
/// it fits (on a 64-bit target, always), else `usize::MAX`, which no index
/// reaches and no allocation takes — a number past the machine's words
/// never wraps to a small one (on a 32-bit target, `n as usize` would).
pub fn usize_of(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}
