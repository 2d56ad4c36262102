//! What a store of forms (`Forms`, `MisereForms`) spends and looks at as
//! it works: the bytes it holds, the steps it took, and its limits — the
//! most bytes it may hold and the `Watch` every search looks at (a
//! deadline, a flag, the process's memory). Past a limit it is stopped,
//! and says why.

use crate::platform::{Halt, Watch};

/// How often (in steps of work) the watch is looked at.
const CHECK_EVERY: u64 = 1 << 12;

/// A store's work: what it spent and its limits.
#[derive(Debug, Default)]
pub(super) struct Work {
    watch: Watch,
    max_bytes: Option<u64>,
    bytes: u64,
    steps: u64,
    stopped: Option<Halt>,
}

impl Work {
    /// Sets the limits of the work to come (what is held already counts).
    pub(super) fn limit(&mut self, watch: Watch, max_bytes: u64) {
        self.watch = watch;
        self.max_bytes = Some(max_bytes);
        self.steps = 0;
    }

    /// Why the work stopped, if it did.
    pub(super) fn stopped(&self) -> Option<Halt> {
        self.stopped
    }

    /// Stops the work, for `why`.
    pub(super) fn stop(&mut self, why: Halt) {
        self.stopped = Some(why);
    }

    /// What the store holds, by its estimate, in bytes.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// One step of work that keeps `bytes` more: whether to go on.
    pub(super) fn step(&mut self, bytes: u64) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        self.bytes += bytes;
        self.steps += 1;
        if let Some(max) = self.max_bytes
            && self.bytes > max
        {
            self.stopped = Some(Halt::Memory(max));
        } else if self.steps.is_multiple_of(CHECK_EVERY) {
            self.stopped = self.watch.halted();
        }
        self.stopped.is_none()
    }
}
