//! What the outcome search remembers: who wins each position met, and the
//! moves of each large region, counted in bytes against the memory limit.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::keys::{RegionKey, key_bytes};
use crate::moves::MoveBounds;
use crate::partizan::Form;
use crate::search::value::GameKey;

/// A position of the outcome search: its large regions, sorted, and the
/// values of its small ones (`outcome::parts`).
pub(super) type Split = (Vec<RegionKey>, Vec<Form>);

/// A region's moves: each its rule and the regions it leaves.
pub(super) type RegionMoves = Arc<[(usize, Vec<RegionKey>)]>;

/// What the outcome search remembers.
#[derive(Default)]
pub(super) struct Outcomes {
    /// Whether Left, moving first, wins each position judged lately (the
    /// search judges Right's as their negatives: `outcome`). A table of
    /// bounded size: where it is full (half the search's positions, or an
    /// eighth of its memory, leaving room for the store of forms) it
    /// becomes `older`, and the older one is forgotten — a position
    /// forgotten is judged again if it is met again.
    wins: FxHashMap<Split, bool>,
    older: FxHashMap<Split, bool>,
    /// The moves of each large region met: each its rule and the regions
    /// it leaves. They can be made again: the table is emptied where it
    /// would pass an eighth of the memory limit (it took two thirds of
    /// Domineering 6 × 6's memory, kept whole).
    pub(super) moves: FxHashMap<GameKey, RegionMoves>,
    /// The moves counted on each large region met (`Stencils::move_bounds`),
    /// emptied where it would pass a sixteenth of the memory limit.
    pub(super) bounds: FxHashMap<GameKey, Option<[MoveBounds; 2]>>,
    /// The positions being judged: met again below itself, a play goes on
    /// forever.
    pub(super) path: FxHashSet<Split>,
    /// About the bytes each takes, checked against the search's memory
    /// limit before any grows.
    wins_bytes: u64,
    older_bytes: u64,
    moves_bytes: u64,
    bounds_bytes: u64,
    /// How many positions judged were forgotten.
    pub(super) forgotten: usize,
}

/// About the bytes a region's key takes in a map: the key and its heaps.
pub(super) fn region_bytes(key: &RegionKey) -> u64 {
    size_of::<RegionKey>() as u64 + key_bytes(&key.key)
}

impl Outcomes {
    /// How many positions judged are remembered.
    pub(super) fn remembered(&self) -> usize {
        self.wins.len() + self.older.len()
    }

    /// Whether Left wins `position` moving first, where it is remembered.
    pub(super) fn won(&self, position: &Split) -> Option<bool> {
        (self.wins.get(position).or_else(|| self.older.get(position))).copied()
    }

    /// Whether `more` bytes fit beside what all hold, within `limit`.
    fn room(&self, more: u64, limit: u64) -> Result<(), ()> {
        let held = self.wins_bytes + self.older_bytes + self.moves_bytes + self.bounds_bytes;
        match held.saturating_add(more) > limit {
            true => Err(()),
            false => Ok(()),
        }
    }

    /// Remembers that Left wins `position` moving first or not (`won`),
    /// the table made the older one first where it is full (of `most`
    /// positions in all, or bytes within `limit`); or refuses past `limit`.
    pub(super) fn keep_win(
        &mut self,
        position: &Split,
        won: bool,
        limit: u64,
        most: usize,
    ) -> Result<(), ()> {
        if let Some(slot) = self.wins.get_mut(position) {
            *slot = won;
            return Ok(());
        }
        // A key's regions, its forms, its answer and the table's slot.
        let forms = 4 * position.1.len() as u64;
        let more = position.0.iter().map(region_bytes).sum::<u64>() + forms + 72;
        if self.wins.len() >= most / 2 || self.wins_bytes.saturating_add(more) > limit / 8 {
            let older = std::mem::replace(&mut self.older, std::mem::take(&mut self.wins));
            self.forgotten += older.len();
            crate::platform::discard(older);
            self.older_bytes = std::mem::take(&mut self.wins_bytes);
        }
        self.room(more, limit)?;
        self.wins_bytes += more;
        self.wins.insert(position.clone(), won);
        Ok(())
    }

    /// Counts `more` bytes of `moves` kept, the table emptied first where
    /// it would pass an eighth of `limit`; or refuses them past `limit`.
    pub(super) fn keep_moves(&mut self, more: u64, limit: u64) -> Result<(), ()> {
        if self.moves_bytes.saturating_add(more) > limit / 8 {
            // Let go on another thread: a table of an eighth of the memory
            // takes a second to give back.
            crate::platform::discard(std::mem::take(&mut self.moves));
            self.moves_bytes = 0;
        }
        self.room(more, limit)?;
        self.moves_bytes += more;
        Ok(())
    }

    /// Keeps the moves counted on the region `key`, the table emptied
    /// first where it would pass a sixteenth of `limit`; or refuses them
    /// past `limit`.
    pub(super) fn keep_bounds(
        &mut self,
        key: &GameKey,
        bounds: Option<[MoveBounds; 2]>,
        limit: u64,
    ) -> Result<(), ()> {
        let more = key_bytes(key) + size_of::<(GameKey, Option<[MoveBounds; 2]>)>() as u64 + 8;
        if self.bounds_bytes.saturating_add(more) > limit / 16 {
            crate::platform::discard(std::mem::take(&mut self.bounds));
            self.bounds_bytes = 0;
        }
        self.room(more, limit)?;
        self.bounds_bytes += more;
        self.bounds.insert(key.clone(), bounds);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::value::GameKey;

    /// Position `n`: one large region whose heaps are `n`.
    fn position(n: u64) -> Split {
        let key = RegionKey {
            key: GameKey::new(0, vec![n]),
            negated: false,
        };
        (vec![key], Vec::new())
    }

    #[test]
    fn the_table_of_outcomes_forgets_its_oldest_half_when_full() {
        let mut outcomes = Outcomes::default();
        // At most 100 positions: 50 a table.
        for n in 0..120 {
            let won = n % 3 == 0;
            (outcomes.keep_win(&position(n), won, u64::MAX, 100)).expect("room");
            // Again: the answer replaced, nothing more held.
            (outcomes.keep_win(&position(n), won, u64::MAX, 100)).expect("room");
        }
        // 0..50 filled the first table, 50..100 the second; 100 forgot the first.
        assert_eq!(outcomes.forgotten, 50);
        assert_eq!(outcomes.remembered(), 70);
        for n in 0..120 {
            let won = outcomes.won(&position(n));
            match n < 50 {
                true => assert_eq!(won, None, "{n}"),
                false => assert_eq!(won, Some(n % 3 == 0), "{n}"),
            }
        }
        // And by bytes: an eighth of the limit a table, never past it.
        let mut outcomes = Outcomes::default();
        let limit = 40_000;
        for n in 0..1000 {
            (outcomes.keep_win(&position(n), true, limit, usize::MAX)).expect("room");
            assert!(outcomes.wins_bytes + outcomes.older_bytes <= limit / 4);
        }
        assert!(outcomes.forgotten > 0);
    }
}
