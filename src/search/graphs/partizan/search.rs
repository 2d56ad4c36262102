//! The partizan search's state: the games met, the forms of the positions
//! valued, and what the outcome search knows.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::keys::RegionKey;
use super::outcomes::Outcomes;
use crate::moves::Stencils;
use crate::partizan::Form;
use crate::rules::Game;
use crate::search::base::error::SearchError;
use crate::search::graphs::keying::Keying;
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
    /// How a whole board is keyed, held once up to its turns, where the
    /// rules are proven to turn with it (`moves::turns_with_board`) and no
    /// stencils split it.
    pub(super) turned: Option<RefCell<Keying>>,
}

/// The forms of the positions valued so far, of every game met.
pub struct PartizanSearch {
    /// The games met, the searched game first.
    pub(super) games: Vec<Met>,
    /// The forms of the positions valued.
    pub(super) known: Valued<Form>,
    pub(super) max_positions: usize,
    /// What the outcome search knows (`outcome`).
    pub(super) outcomes: Outcomes,
    /// Counts each position valued or judged, for a progress display.
    pub(super) progress: Progress,
    /// The regions of the searched game valued as a position asked about
    /// (`value`), since last taken (`take_learned`), where they are kept.
    pub(super) learned: Option<Vec<GameKey>>,
}

/// A position being valued: its moves (each its rule and the regions it
/// leaves), and the next to look at.
pub(super) struct Frame {
    pub(super) key: GameKey,
    pub(super) options: Vec<(usize, Vec<RegionKey>)>,
    pub(super) next: usize,
}

/// What a walk of the positions makes of a position from its frame and
/// what it made of the others (`PartizanSearch::walk`): the value, and the
/// bytes its store holds; or why its store stopped.
pub(super) type Build<'a, F> =
    dyn FnMut(&PartizanSearch, &Frame, &Valued<F>) -> Result<(F, u64), SearchError> + 'a;

/// What a walk of the positions (`PartizanSearch::walk`) made of each
/// position, and the bytes the heaps of its keys take (`key_bytes`): with
/// its table's and the store's, counted against the search's memory limit
/// before it grows.
pub(super) struct Valued<F> {
    pub(super) map: FxHashMap<GameKey, F>,
    pub(super) keys: u64,
}

impl<F> Default for Valued<F> {
    fn default() -> Self {
        Valued {
            map: FxHashMap::default(),
            keys: 0,
        }
    }
}

impl<F> Valued<F> {
    /// About the bytes it takes with one more key whose heaps take `more`:
    /// its table (a key and what was made a slot, a control byte, one slot
    /// in eight left empty) and, where it is full, the table twice as large
    /// that it grows into, both held while it moves; and the keys' heaps.
    pub(super) fn bytes(&self, more: u64) -> u64 {
        let slot = (size_of::<(GameKey, F)>() + 1) as u64;
        let table = |room: usize| room as u64 * slot * 8 / 7;
        let room = self.map.capacity();
        let tables = match self.map.len() < room {
            true => table(room),
            false => table(room) + table(room.max(2) * 2),
        };
        tables + self.keys + more
    }
}
