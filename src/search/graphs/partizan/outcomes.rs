//! What the outcome search remembers: who wins each position met, and the
//! moves of each large region, counted in bytes against the memory limit.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::keys::{RegionKey, key_bytes};
use crate::partizan::Form;
use crate::rules::Side;
use crate::search::value::GameKey;

/// A position of the outcome search: its large regions, sorted, and the
/// sum of its small ones.
pub(super) type Split = (Vec<RegionKey>, Form);

/// A region's moves: each its rule and the regions it leaves.
pub(super) type RegionMoves = Arc<[(usize, Vec<RegionKey>)]>;

/// What the outcome search remembers.
#[derive(Default)]
pub(super) struct Outcomes {
    /// Whether the player to move wins each position met: Left moving
    /// first, then Right, each where it was asked.
    pub(super) wins: FxHashMap<Split, [Option<bool>; 2]>,
    /// The moves of each large region met: each its rule and the regions
    /// it leaves. They can be made again: the table is emptied where it
    /// would pass a third of the memory limit (it took two thirds of
    /// Domineering 6 × 6's memory, kept whole).
    pub(super) moves: FxHashMap<GameKey, RegionMoves>,
    /// The positions being judged, each with its player to move: met
    /// again below itself, a play goes on forever.
    pub(super) path: FxHashSet<(Split, Side)>,
    /// About the bytes each takes, checked against the search's memory
    /// limit before either grows.
    pub(super) wins_bytes: u64,
    pub(super) moves_bytes: u64,
}

/// About the bytes a region's key takes in a map: the key and its heaps.
pub(super) fn region_bytes(key: &RegionKey) -> u64 {
    size_of::<RegionKey>() as u64 + key_bytes(&key.key)
}

impl Outcomes {
    /// Whether `more` bytes fit beside what both hold, within `limit`.
    pub(super) fn room(&self, more: u64, limit: u64) -> Result<(), ()> {
        match (self.wins_bytes + self.moves_bytes).saturating_add(more) > limit {
            true => Err(()),
            false => Ok(()),
        }
    }

    /// Counts `more` bytes of `wins` kept, or refuses them past `limit`.
    pub(super) fn keep_win(&mut self, more: u64, limit: u64) -> Result<(), ()> {
        self.room(more, limit)?;
        self.wins_bytes += more;
        Ok(())
    }

    /// Counts `more` bytes of `moves` kept, the table emptied first where
    /// it would pass a third of `limit`; or refuses them past `limit`.
    pub(super) fn keep_moves(&mut self, more: u64, limit: u64) -> Result<(), ()> {
        if self.moves_bytes.saturating_add(more) > limit / 3 {
            // Let go on another thread: a table of a third of the memory
            // takes a second to give back.
            crate::platform::discard(std::mem::take(&mut self.moves));
            self.moves_bytes = 0;
        }
        self.room(more, limit)?;
        self.moves_bytes += more;
        Ok(())
    }
}
