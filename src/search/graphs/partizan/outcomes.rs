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
    /// Whether the player to move wins each position judged lately: Left
    /// moving first, then Right, each where it was asked. A table of
    /// bounded size: where it is full (half the search's positions, or a
    /// quarter of its memory) it becomes `older`, and the older one is
    /// forgotten — a position forgotten is judged again if it is met again.
    wins: FxHashMap<Split, [Option<bool>; 2]>,
    older: FxHashMap<Split, [Option<bool>; 2]>,
    /// The moves of each large region met: each its rule and the regions
    /// it leaves. They can be made again: the table is emptied where it
    /// would pass a quarter of the memory limit (it took two thirds of
    /// Domineering 6 × 6's memory, kept whole).
    pub(super) moves: FxHashMap<GameKey, RegionMoves>,
    /// The positions being judged, each with its player to move: met
    /// again below itself, a play goes on forever.
    pub(super) path: FxHashSet<(Split, Side)>,
    /// About the bytes each takes, checked against the search's memory
    /// limit before any grows.
    wins_bytes: u64,
    older_bytes: u64,
    moves_bytes: u64,
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

    /// Whether `mover` wins `position` moving first, where it is
    /// remembered.
    pub(super) fn won(&self, position: &Split, mover: Side) -> Option<bool> {
        let slot = mover.index();
        (self.wins.get(position).and_then(|w| w[slot]))
            .or_else(|| self.older.get(position).and_then(|w| w[slot]))
    }

    /// Whether `more` bytes fit beside what all hold, within `limit`.
    fn room(&self, more: u64, limit: u64) -> Result<(), ()> {
        match (self.wins_bytes + self.older_bytes + self.moves_bytes).saturating_add(more) > limit {
            true => Err(()),
            false => Ok(()),
        }
    }

    /// Remembers that `mover` wins `position` moving first or not (`won`),
    /// the table made the older one first where it is full (of `most`
    /// positions in all, or bytes within `limit`); or refuses past `limit`.
    pub(super) fn keep_win(
        &mut self,
        position: &Split,
        mover: Side,
        won: bool,
        limit: u64,
        most: usize,
    ) -> Result<(), ()> {
        if let Some(slots) = self.wins.get_mut(position) {
            slots[mover.index()] = Some(won);
            return Ok(());
        }
        // A key's regions, its form, its slots and the table's slot.
        let more = position.0.iter().map(region_bytes).sum::<u64>() + 48;
        if self.wins.len() >= most / 2 || self.wins_bytes.saturating_add(more) > limit / 4 {
            let older = std::mem::replace(&mut self.older, std::mem::take(&mut self.wins));
            self.forgotten += older.len();
            crate::platform::discard(older);
            self.older_bytes = std::mem::take(&mut self.wins_bytes);
        }
        self.room(more, limit)?;
        self.wins_bytes += more;
        let mut slots = [None; 2];
        slots[mover.index()] = Some(won);
        self.wins.insert(position.clone(), slots);
        Ok(())
    }

    /// Counts `more` bytes of `moves` kept, the table emptied first where
    /// it would pass a quarter of `limit`; or refuses them past `limit`.
    pub(super) fn keep_moves(&mut self, more: u64, limit: u64) -> Result<(), ()> {
        if self.moves_bytes.saturating_add(more) > limit / 4 {
            // Let go on another thread: a table of a quarter of the memory
            // takes a second to give back.
            crate::platform::discard(std::mem::take(&mut self.moves));
            self.moves_bytes = 0;
        }
        self.room(more, limit)?;
        self.moves_bytes += more;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Forms;
    use crate::search::value::GameKey;

    /// Position `n`: one large region whose heaps are `n`.
    fn position(zero: Form, n: u64) -> Split {
        let key = RegionKey {
            key: GameKey::new(0, vec![n]),
            negated: false,
        };
        (vec![key], zero)
    }

    #[test]
    fn the_table_of_outcomes_forgets_its_oldest_half_when_full() {
        let zero = Forms::new().zero();
        let mut outcomes = Outcomes::default();
        // At most 100 positions: 50 a table.
        for n in 0..120 {
            let won = n % 3 == 0;
            (outcomes.keep_win(&position(zero, n), Side::Left, won, u64::MAX, 100)).expect("room");
            outcomes
                .keep_win(&position(zero, n), Side::Right, !won, u64::MAX, 100)
                .expect("room");
        }
        // 0..50 filled the first table, 50..100 the second; 100 forgot the first.
        assert_eq!(outcomes.forgotten, 50);
        assert_eq!(outcomes.remembered(), 70);
        for n in 0..120 {
            let won = outcomes.won(&position(zero, n), Side::Left);
            let lost = outcomes.won(&position(zero, n), Side::Right);
            match n < 50 {
                true => assert_eq!((won, lost), (None, None), "{n}"),
                false => assert_eq!((won, lost), (Some(n % 3 == 0), Some(n % 3 != 0)), "{n}"),
            }
        }
        // And by bytes: a quarter of the limit a table, never past it.
        let mut outcomes = Outcomes::default();
        let limit = 40_000;
        for n in 0..1000 {
            (outcomes.keep_win(&position(zero, n), Side::Left, true, limit, usize::MAX))
                .expect("room");
            assert!(outcomes.wins_bytes + outcomes.older_bytes <= limit / 2);
        }
        assert!(outcomes.forgotten > 0);
    }
}
