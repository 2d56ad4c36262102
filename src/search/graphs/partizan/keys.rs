//! The keys positions are remembered by: a game's index and its heaps
//! (`GameKey`, as every search keeps them), and a region's, with whether
//! it is turned.

use crate::rules::Side;
use crate::search::value::GameKey;

/// A region of a position: its key, and whether the region is worth the
/// negative of the key's value (a board turned so that Left's rules and
/// Right's change places).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct RegionKey {
    pub(super) key: GameKey,
    pub(super) negated: bool,
}

impl RegionKey {
    /// The region `heaps` of the `game`-th game met, `negated` or not.
    pub(super) fn new(game: usize, heaps: Vec<u64>, negated: bool) -> RegionKey {
        RegionKey {
            key: GameKey::new(game, heaps),
            negated,
        }
    }

    /// Whose rules `player` moves by in the region: in one worth its key's
    /// negative, Left moves by Right's rules and Right by Left's.
    pub(super) fn rules_of(&self, player: Side) -> Side {
        match self.negated {
            false => player,
            true => player.other(),
        }
    }
}

/// About the bytes a key's heaps take: the allocation's, with its header.
pub(super) fn key_bytes(key: &GameKey) -> u64 {
    (8 * key.heaps.len() + 16) as u64
}
