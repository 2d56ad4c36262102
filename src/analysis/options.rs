//! How the analyzer works: its options, and what it lists unless told.

use crate::search;

/// How the analyzer works.
#[derive(Clone, Debug)]
pub struct Options {
    /// How the search works.
    pub search: search::Options,
    /// Answer by the search even where a closed form is known.
    pub force_search: bool,
    /// List at most this many winning moves.
    pub max_moves: usize,
    /// Verify closed forms on every position with heaps up to this.
    pub verify_bound: u64,
    /// Answer a partizan game's position by its outcome class alone, found
    /// by a search for who wins (`--outcome`): for positions too large to
    /// value.
    pub outcome_only: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            search: search::Options::default(),
            force_search: false,
            max_moves: DEFAULT_MAX_MOVES,
            verify_bound: DEFAULT_BOUND,
            outcome_only: false,
        }
    }
}

/// The winning moves an answer lists, unless told otherwise.
pub const DEFAULT_MAX_MOVES: usize = 100;

/// The bound the analysis uses before trusting a closed form.
pub const DEFAULT_BOUND: u64 = 8;
