//! How a search may work (`Options`: its limits, the engines it may use)
//! and the count of its work a progress display reads (`Progress`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::base::budget::{Cancel, DEFAULT_TIMEOUT};
use super::base::reached::MAX_GRAPH_BYTES;

/// The default bound on positions one game's search may hold.
pub const DEFAULT_MAX_POSITIONS: usize = 5_000_000;

/// The default bound on the bytes one question's search may keep.
pub const DEFAULT_MAX_BYTES: u64 = MAX_GRAPH_BYTES;

/// How a search may work.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most positions (or heap sizes) one game's search may hold.
    pub max_positions: usize,
    /// Use the one-heap engine where the rules allow it.
    pub decompose: bool,
    /// Use the box engines (rays, runs) where the rules allow them.
    pub rays: bool,
    /// The most moves one question's search may examine, counting each
    /// amount a condition rejected and each step of a move block; `None`:
    /// the timeout is the limit (or, where no clock keeps it,
    /// `DEFAULT_MOVE_BUDGET`, and `DEFAULT_HEAP_MOVE_BUDGET` for the
    /// one-heap engine).
    pub move_budget: Option<u64>,
    /// The longest one question's search may run (`DEFAULT_TIMEOUT` unless
    /// told otherwise); `None`: no limit.
    pub timeout: Option<Duration>,
    /// The most bytes one question's search may keep (`MAX_GRAPH_BYTES`
    /// unless told otherwise: an editor asks for less).
    pub max_bytes: u64,
    /// A flag that ends the search as its timeout would, when raised.
    pub cancel: Option<Cancel>,
    /// Counts the positions evaluated, for whoever shows progress.
    pub progress: Progress,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_positions: DEFAULT_MAX_POSITIONS,
            decompose: true,
            rays: true,
            move_budget: None,
            timeout: Some(DEFAULT_TIMEOUT),
            max_bytes: MAX_GRAPH_BYTES,
            cancel: None,
            progress: Progress::default(),
        }
    }
}

/// A running count of positions (or heap sizes) evaluated, shared with a
/// progress display: the general search adds each position it holds, the
/// one-heap engine every 4096 heap sizes; never per move.
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<AtomicU64>);

impl Progress {
    /// Counts `n` more.
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }

    /// The count so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}
