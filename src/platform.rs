//! What the machine gives, behind two small types, so that a build for a
//! target without them (WebAssembly in a browser, say) compiles: a clock,
//! for the deadlines of searches (feature `clock`: without it there is no
//! deadline, and timeouts are off), and threads, for the front end and the
//! one-heap engine (feature `parallel`, rayon: without it everything runs
//! on the calling thread, in the same order, with the same results).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// The stack a recursion keeps free before it nests deeper, and what it
/// adds where less is left. A recursion whose depth follows the input (a
/// canonical form's, a move block's continuations, a long sum's) runs
/// each level through `deeper`, so that its depth is bounded by memory and
/// the clock, never by the 2 MiB of a spawned thread or the 8 MiB of the
/// main one.
const STACK_KEPT_FREE: usize = 128 * 1024;
const STACK_ADDED: usize = 4 * 1024 * 1024;

/// `f`, on more stack where less than `STACK_KEPT_FREE` is left.
#[inline]
pub fn deeper<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(STACK_KEPT_FREE, STACK_ADDED, f)
}

/// Whether the process's resident memory is watched (`watch_memory`).
static WATCHED: AtomicBool = AtomicBool::new(false);

/// The resident memory last read, in bytes, and when (nanoseconds since
/// the first read, plus 1; 0: never).
static RESIDENT: AtomicU64 = AtomicU64::new(0);
static READ_AT: AtomicU64 = AtomicU64::new(0);

/// The least time between two reads of the resident memory: a read asks
/// the system (some microseconds), and memory grows little in between.
#[cfg(all(feature = "clock", target_os = "linux"))]
const READ_EVERY: Duration = Duration::from_millis(5);

/// Watches the process's resident memory from now on: every memory limit
/// (`--max-memory`) then holds for what the process really holds, beside
/// the engines' own estimates of what they keep. For a process that asks
/// one question at a time — the command, an editor's server, Python: the
/// growth of the whole process is the question's. (A test run asks many
/// questions at once on its threads, each growth every question's, and
/// does not watch.) Where the system does not tell (only Linux does, in
/// `/proc/self/status`), the estimates alone hold.
pub fn watch_memory() {
    WATCHED.store(true, Ordering::Relaxed);
}

/// The process's resident memory in bytes, where it is watched and the
/// system tells it: read anew at most every `READ_EVERY`.
pub fn resident() -> Option<u64> {
    if !WATCHED.load(Ordering::Relaxed) {
        return None;
    }
    #[cfg(all(feature = "clock", target_os = "linux"))]
    {
        static FIRST: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        let first = FIRST.get_or_init(std::time::Instant::now);
        let now = u64::try_from(first.elapsed().as_nanos()).unwrap_or(u64::MAX) + 1;
        let last = READ_AT.load(Ordering::Relaxed);
        if last != 0 && now.saturating_sub(last) < READ_EVERY.as_nanos() as u64 {
            return Some(RESIDENT.load(Ordering::Relaxed));
        }
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let kb: u64 = (status.lines())
            .find_map(|line| line.strip_prefix("VmRSS:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        let bytes = kb.saturating_mul(1024);
        RESIDENT.store(bytes, Ordering::Relaxed);
        READ_AT.store(now, Ordering::Relaxed);
        Some(bytes)
    }
    #[cfg(not(all(feature = "clock", target_os = "linux")))]
    {
        let _ = (&RESIDENT, &READ_AT);
        None
    }
}

/// The process's resident memory when a question's work began, where it is
/// watched: its growth since is the question's.
#[derive(Clone, Copy, Debug)]
pub struct Growth {
    from: u64,
}

impl Growth {
    /// From now, where the memory is watched.
    pub fn from_now() -> Option<Growth> {
        Some(Growth { from: resident()? })
    }

    /// Whether the process has grown by more than `limit` bytes since.
    pub fn past(self, limit: u64) -> bool {
        resident().is_some_and(|now| now.saturating_sub(self.from) > limit)
    }
}

/// What work looks at as it goes, beside what it counts itself: a
/// deadline, a flag another thread raises, and the process's growth past a
/// memory limit (where the memory is watched).
#[derive(Clone, Debug, Default)]
pub struct Watch {
    /// The moment to stop by.
    pub deadline: Option<Deadline>,
    /// Raised to stop.
    pub cancel: Option<std::sync::Arc<AtomicBool>>,
    /// The process's size when the work began, and the most it may grow.
    pub memory: Option<(Growth, u64)>,
}

/// Why watched work must stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// Its deadline passed.
    Time,
    /// Its flag was raised.
    Cancelled,
    /// The process grew past this many bytes, the memory limit.
    Memory(u64),
}

impl Watch {
    /// Why the work must stop now, if it must.
    pub fn halted(&self) -> Option<Halt> {
        if self.deadline.is_some_and(Deadline::passed) {
            return Some(Halt::Time);
        }
        if (self.cancel.as_ref()).is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(Halt::Cancelled);
        }
        match self.memory {
            Some((growth, limit)) if growth.past(limit) => Some(Halt::Memory(limit)),
            _ => None,
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

/// How many values `discard` is letting go of now.
static DISCARDING: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Lets `value` go: dropped on another thread where there are threads (a
/// large graph's memory is given back while the caller goes on: a question
/// that ran out of time ends at its deadline, not a second after), else
/// here. `settle` waits for it.
pub fn discard<T: Send + 'static>(value: T) {
    #[cfg(feature = "parallel")]
    {
        DISCARDING.fetch_add(1, Ordering::Relaxed);
        rayon::spawn(move || {
            drop(value);
            DISCARDING.fetch_sub(1, Ordering::Release);
        });
    }
    #[cfg(not(feature = "parallel"))]
    drop(value);
}

/// Waits until what `discard` let go of is given back: before a question
/// starts, so that it reuses that memory rather than growing beside it.
pub fn settle() {
    while DISCARDING.load(Ordering::Acquire) > 0 {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `n` as an index or a count of this machine's words: `n` itself wherever
/// it fits (on a 64-bit target, always), else `usize::MAX`, which no index
/// reaches and no allocation takes — a number past the machine's words
/// never wraps to a small one (on a 32-bit target, `n as usize` would).
pub fn usize_of(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}
