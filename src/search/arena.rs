//! Positions stored once, one after another in a single buffer, and a hash
//! table of their ids: no allocation per position, and a lookup touches the
//! table and, on a hit, the buffer — nothing else.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

#[derive(Default)]
pub struct Arena {
    /// Every position's heaps, in id order.
    heaps: Vec<u64>,
    /// Where position `id` starts in `heaps`; one more entry at the end.
    starts: Vec<usize>,
    table: HashTable<u32>,
    hasher: FxBuildHasher,
}

impl Arena {
    pub fn new() -> Self {
        Arena {
            starts: vec![0],
            ..Arena::default()
        }
    }

    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The heaps of position `id`.
    pub fn get(&self, id: u32) -> &[u64] {
        slice(&self.heaps, &self.starts, id)
    }

    /// The id of `key`, if it is held.
    pub fn find(&self, key: &[u64]) -> Option<u32> {
        let hash = self.hasher.hash_one(key);
        self.table
            .find(hash, |&id| same(slice(&self.heaps, &self.starts, id), key))
            .copied()
    }

    /// Holds `key`, which is not held yet, as the next id.
    pub fn insert(&mut self, key: &[u64]) -> u32 {
        let id = self.len() as u32;
        let hash = self.hasher.hash_one(key);
        self.heaps.extend_from_slice(key);
        self.starts.push(self.heaps.len());
        let (heaps, starts, hasher) = (&self.heaps, &self.starts, &self.hasher);
        self.table
            .insert_unique(hash, id, |&id| hasher.hash_one(slice(heaps, starts, id)));
        id
    }
}

/// `a == b`, without a library call for a handful of words.
fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Position `id`'s heaps, from the buffer and its starts (apart from
/// `Arena::get`, so that the table's closures borrow only these).
fn slice<'a>(heaps: &'a [u64], starts: &[usize], id: u32) -> &'a [u64] {
    let id = id as usize;
    &heaps[starts[id]..starts[id + 1]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_held_once_and_found_again() {
        let mut arena = Arena::new();
        // 2000 positions of 0 to 4 heaps; the empty one comes up 400 times.
        let positions: Vec<Vec<u64>> = (0..2000u64)
            .map(|n| (0..n % 5).map(|i| n * 7 + i).collect())
            .collect();
        for p in &positions {
            if arena.find(p).is_none() {
                arena.insert(p);
            }
        }
        assert_eq!(arena.len(), 1600 + 1);
        for p in &positions {
            let id = arena.find(p).expect("held");
            assert_eq!(arena.get(id), p.as_slice());
        }
        assert_eq!(arena.find(&[1, 2, 3]), None);
    }
}
