//! The keys positions are remembered by: a game's index and its heaps,
//! and a region's, with whether it is turned.

/// A position of one of the games met: the game's index, and its heaps.
pub(super) type Key = (usize, Vec<u64>);

/// A region of a position: its key, and whether the region is worth the
/// negative of the key's value (a board turned so that Left's rules and
/// Right's change places).
pub(super) type RegionKey = (Key, bool);

/// About the bytes a key's heaps take: the allocation's, with its header.
pub(super) fn key_bytes(key: &Key) -> u64 {
    (8 * key.1.len() + 16) as u64
}
