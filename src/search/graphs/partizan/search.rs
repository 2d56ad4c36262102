//! The partizan search's state: the games met, the forms of the positions
//! valued, and what the outcome search knows.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::keys::RegionKey;
use super::outcomes::Outcomes;
use crate::moves::Stencils;
use crate::partizan::Form;
use crate::rules::Game;
use crate::search::options::Progress;
use crate::search::solver::Solver;
use crate::search::value::GameKey;

/// A game met by a partizan search: with its solver (for its moves) and its
/// rules as stencils, where it is a board game whose boards split into
/// regions.
pub(super) struct Met {
    pub(super) game: Arc<Game>,
    pub(super) solver: Solver,
    pub(super) stencils: Option<Stencils>,
}

/// The forms of the positions valued so far, of every game met.
pub struct PartizanSearch {
    /// The games met, the searched game first.
    pub(super) games: Vec<Met>,
    pub(super) known: FxHashMap<GameKey, Form>,
    /// The bytes the heaps of `known`'s keys take (`key_bytes`): with its
    /// table's (`known_bytes`) and the store's, counted against the
    /// search's memory limit before it grows.
    pub(super) keys: u64,
    pub(super) max_positions: usize,
    /// What the outcome search knows (`outcome`).
    pub(super) outcomes: Outcomes,
    /// Counts each position valued or judged, for a progress display.
    pub(super) progress: Progress,
}

/// A position being valued: its moves (each its rule and the regions it
/// leaves), and the next to look at.
pub(super) struct Frame {
    pub(super) key: GameKey,
    pub(super) options: Vec<(usize, Vec<RegionKey>)>,
    pub(super) next: usize,
}
