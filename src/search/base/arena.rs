//! Positions stored once, one after another in a single buffer, and a hash
//! table of their ids: no allocation per position, and a lookup touches the
//! table's slot and, on a hit, the buffer — nothing else (`Slots`: each
//! slot holds an id and the top half of its key's hash, so that a probe
//! needs no other memory, nor growing the table any key). Positions inside a box
//! given up front (the heaps of a game whose heap count is fixed, below the
//! first position asked about) are found by their mixed-radix index in a
//! dense table instead, with no hashing and no comparison.

use crate::platform::usize_of;
use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;

/// The most positions a search's box (`Arena::with_box`) may have for
/// them to be found by index: 64 MB of ids. The general, sums and scoring
/// searches make their boxes within it.
pub const MAX_BOX: usize = 1 << 24;

#[derive(Default)]
pub struct Arena {
    /// Every position's heaps, in id order.
    heaps: Vec<u64>,
    /// Where position `id` starts in `heaps`; one more entry at the end.
    starts: Vec<usize>,
    /// The length of every position held, while they all have one (a
    /// board's packed cells): position `id` is then found at `id` times it,
    /// without reading `starts` (one cache miss fewer a comparison).
    width: Width,
    table: Slots,
    hasher: FxBuildHasher,
    /// The box's dense table, if there is one.
    dense: Option<Dense>,
}

/// The length of the positions held, while they share one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Width {
    /// None held yet.
    #[default]
    Unknown,
    One(usize),
    Mixed,
}

/// A table of ids by open addressing: each slot 0 (empty) or an id plus one
/// in its low 32 bits and the top 32 bits of its key's hash (its tag) in its
/// high 32; a key's probe starts at the slot its tag's top bits name and
/// goes on slot by slot (linear probing: Knuth, *The Art of Computer
/// Programming* 3, §6.4, algorithm L) to the key's slot or an empty one. At
/// most three slots in four are full. Growing moves every slot by its tag,
/// reading no key.
#[derive(Default)]
struct Slots {
    slots: Vec<u64>,
    /// How many are full.
    full: usize,
}

impl Slots {
    /// Where a probe for `tag` starts: its top bits, as many as the table's
    /// size (a power of two) needs.
    fn start(&self, tag: u32) -> usize {
        let bits = self.slots.len().trailing_zeros();
        match bits {
            0 => 0,
            _ => (tag >> (32 - bits)) as usize,
        }
    }

    /// The id whose slot has `tag` and for which `same` holds, if one does.
    fn find(&self, tag: u32, same: impl Fn(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.start(tag);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            let id = (slot as u32).wrapping_sub(1);
            if (slot >> 32) as u32 == tag && same(id) {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Holds `id` (below 2^32 − 1, and not held) under `tag`.
    fn insert(&mut self, tag: u32, id: u32) {
        if self.grows() {
            self.grow();
        }
        self.place(u64::from(tag) << 32 | u64::from(id.wrapping_add(1)));
        self.full += 1;
    }

    /// Puts `slot` in the first empty slot of its probe.
    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.start((slot >> 32) as u32);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }

    /// The table twice as large (16 slots at first), every slot moved.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        for slot in old.into_iter().filter(|&s| s != 0) {
            self.place(slot);
        }
    }

    /// Whether the next insertion grows the table.
    fn grows(&self) -> bool {
        (self.full + 1) * 4 > self.slots.len() * 3
    }

    /// Its bytes, and where the next insertion grows it, the bytes of the
    /// table it grows into (both are held while the slots move): so that a
    /// search that checks its memory before holding a position counts the
    /// growth it is about to make.
    fn bytes(&self) -> usize {
        let slot = size_of::<u64>();
        let grown = match self.grows() {
            true => (self.slots.len() * 2).max(16) * slot,
            false => 0,
        };
        self.slots.capacity() * slot + grown
    }
}

/// The ids of the positions inside a box: heap i from 0 to `extents[i]` - 1.
struct Dense {
    extents: Vec<u64>,
    /// Id + 1 of the position at each mixed-radix index (heap 1 fastest);
    /// 0 for one not held.
    ids: Vec<u32>,
}

impl Dense {
    /// `key`'s index, if it lies inside the box.
    fn index(&self, key: &[u64]) -> Option<usize> {
        index_in(key, &self.extents)
    }
}

/// The mixed-radix index of `key` in the box of heap i from 0 to
/// `extents[i] - 1` (heap 1 fastest), if it lies in it.
pub fn index_in(key: &[u64], extents: &[u64]) -> Option<usize> {
    if key.len() != extents.len() {
        return None;
    }
    let mut index = 0u64;
    for (&h, &extent) in key.iter().zip(extents).rev() {
        if h >= extent {
            return None;
        }
        index = index * extent + h;
    }
    Some(usize_of(index))
}

/// How many positions the box of heap i from 0 to `extents[i] - 1` holds,
/// where that fits a `usize`.
pub fn cells(extents: &[u64]) -> Option<usize> {
    (extents.iter()).try_fold(1usize, |n, &e| n.checked_mul(usize::try_from(e).ok()?))
}

impl Arena {
    pub fn new() -> Self {
        Arena {
            starts: vec![0],
            ..Arena::default()
        }
    }

    /// An arena that finds the positions of `extents.len()` heaps, heap i
    /// below `extents[i]`, by their index; `None` when the box has more
    /// than `max_cells` positions (checked before its table is made).
    pub fn with_box(extents: &[u64], max_cells: usize) -> Option<Self> {
        let cells = cells(extents).filter(|&n| n <= max_cells)?;
        Some(Arena {
            dense: Some(Dense {
                extents: extents.to_vec(),
                ids: vec![0; cells],
            }),
            ..Arena::new()
        })
    }

    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// About the bytes it holds: the buffer, the starts, the table (a word
    /// a slot) and the dense table.
    pub fn bytes(&self) -> u64 {
        let words = self.heaps.capacity() + self.starts.capacity();
        let table = self.table.bytes();
        let dense = self
            .dense
            .as_ref()
            .map_or(0, |d| d.ids.capacity() * size_of::<u32>());
        (words * size_of::<u64>() + table + dense) as u64
    }

    /// The heaps of position `id`.
    pub fn get(&self, id: u32) -> &[u64] {
        match self.width {
            Width::One(w) => &self.heaps[id as usize * w..][..w],
            _ => slice(&self.heaps, &self.starts, id),
        }
    }

    /// The id of `key`, if it is held.
    pub fn find(&self, key: &[u64]) -> Option<u32> {
        // Not in the dense table: hashed (past the box, or past 2^32 - 1 ids).
        if let Some(dense) = &self.dense
            && let Some(index) = dense.index(key)
            && let Some(id) = dense.ids[index].checked_sub(1)
        {
            return Some(id);
        }
        self.find_tagged(tag(&self.hasher, key), key)
    }

    /// The id of `key`, of tag `tag`, if the table holds it.
    fn find_tagged(&self, tag: u32, key: &[u64]) -> Option<u32> {
        let (heaps, starts) = (&self.heaps, &self.starts);
        match self.width {
            Width::One(w) => self.table.find(tag, |id| {
                let at = id as usize * w;
                same(&heaps[at..at + w], key)
            }),
            _ => (self.table).find(tag, |id| same(slice(heaps, starts, id), key)),
        }
    }

    /// The id of each key where it is held, into `out` (emptied first), in
    /// order: the keys one after another in `keys`, each ending at its
    /// entry in `ends`. They are found together, a group at a time: each
    /// one's slot loaded before any key is compared, then each candidate's
    /// key touched before any is compared, so that their cache misses
    /// overlap rather than follow one another (a search that makes a
    /// position's moves looks them all up at once).
    pub fn find_all(&self, keys: &[u64], ends: &[usize], out: &mut Vec<Option<u32>>) {
        out.clear();
        let key = |j: usize| &keys[j.checked_sub(1).map_or(0, |i| ends[i])..ends[j]];
        if self.dense.is_some() || self.table.slots.is_empty() {
            out.extend((0..ends.len()).map(|j| self.find(key(j))));
            return;
        }
        const GROUP: usize = 16;
        for base in (0..ends.len()).step_by(GROUP) {
            let group = base..ends.len().min(base + GROUP);
            let mut tags = [0u32; GROUP];
            let mut first = [0u64; GROUP];
            for (t, j) in tags.iter_mut().zip(group.clone()) {
                *t = tag(&self.hasher, key(j));
            }
            for (f, &t) in first.iter_mut().zip(&tags).take(group.len()) {
                *f = self.table.slots[self.table.start(t)];
            }
            let mut touched = 0u64;
            for (&f, &t) in first.iter().zip(&tags).take(group.len()) {
                if f != 0 && (f >> 32) as u32 == t {
                    let id = (f as u32).wrapping_sub(1);
                    touched ^= self.get(id).first().copied().unwrap_or(0);
                }
            }
            std::hint::black_box(touched);
            for (&t, j) in tags.iter().zip(group) {
                out.push(self.find_tagged(t, key(j)));
            }
        }
    }

    /// Holds `key`, which is not held yet, as the next id.
    pub fn insert(&mut self, key: &[u64]) -> u32 {
        let id = self.len() as u32;
        self.width = match self.width {
            Width::Unknown => Width::One(key.len()),
            Width::One(w) if w == key.len() => Width::One(w),
            _ => Width::Mixed,
        };
        self.heaps.extend_from_slice(key);
        self.starts.push(self.heaps.len());
        if let Some(dense) = &mut self.dense
            && let Some(index) = dense.index(key)
            && let Some(one_more) = id.checked_add(1)
        {
            dense.ids[index] = one_more;
            return id;
        }
        self.table.insert(tag(&self.hasher, key), id);
        id
    }
}

/// Writes `key` into `out` packed, for an arena of positions of many small
/// heaps (a board's cells are characters): a head, the key's length and
/// its form, then the heaps a byte each, eight to a word, where every heap
/// is below 256; else the heaps as they are. The head tells the forms and
/// lengths apart, so that two keys are equal exactly when their packings
/// are.
pub fn pack(key: &[u64], out: &mut Vec<u64>) {
    out.clear();
    pack_onto(key, out);
}

/// `key` packed as `pack` packs it, appended to `out`.
pub fn pack_onto(key: &[u64], out: &mut Vec<u64>) {
    let len = key.len() as u64;
    if key.iter().all(|&h| h < 256) {
        out.push(len << 1);
        out.extend(
            key.chunks(8).map(|chunk| {
                (chunk.iter().enumerate()).fold(0, |word, (i, &h)| word | h << (8 * i))
            }),
        );
    } else {
        out.push(len << 1 | 1);
        out.extend_from_slice(key);
    }
}

/// The key `pack` wrote as `packed`, appended to `out`.
pub fn unpack(packed: &[u64], out: &mut Vec<u64>) {
    let Some((&head, words)) = packed.split_first() else {
        return;
    };
    let len = usize_of(head >> 1);
    if head & 1 == 1 {
        out.extend_from_slice(words);
    } else {
        out.extend((0..len).map(|i| words[i / 8] >> (8 * (i % 8)) & 0xff));
    }
}

/// The tag of `key`: the top half of Fx's hash, its bits mixed once more
/// (the finaliser of MurmurHash3's 64-bit hash). The table picks a slot by
/// the tag's top bits and tells keys apart by the whole tag: Fx alone
/// leaves keys of a few small numbers, as positions are, agreeing in many
/// bits, so that a lookup compared many keys (the cutting game to 200 ×
/// 200: 45% of its time).
fn tag(hasher: &FxBuildHasher, key: &[u64]) -> u32 {
    let mut h = hasher.hash_one(key);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    ((h ^ (h >> 33)) >> 32) as u32
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

    #[test]
    fn slots_of_one_tag_tell_their_ids_apart_as_the_table_grows() {
        // Half the ids share one tag (their probes run into each other);
        // the tags of the rest start anywhere, and at the table's end.
        let tag = |id: u32| match id % 3 {
            0 => 7,
            1 => id.wrapping_mul(2_654_435_761),
            _ => u32::MAX,
        };
        let mut slots = Slots::default();
        for id in 0..3000u32 {
            assert_eq!(slots.find(tag(id), |x| x == id), None, "{id}");
            slots.insert(tag(id), id);
            assert!(slots.full * 4 <= slots.slots.len() * 3);
        }
        for id in 0..3000u32 {
            assert_eq!(slots.find(tag(id), |x| x == id), Some(id), "{id}");
            // A key of another tag is not its id.
            assert_eq!(slots.find(tag(id) ^ 1, |x| x == id), None, "{id}");
        }
        assert_eq!(slots.full, 3000);
    }

    #[test]
    fn keys_found_all_at_once_are_found_as_one_at_a_time() {
        // Keys of one width and of many; held and not; more than a group;
        // in an arena with a box and without.
        let held: Vec<Vec<u64>> = (0..300u64).map(|n| vec![n % 7, n, n * n]).collect();
        let asked: Vec<Vec<u64>> = (0..100u64)
            .map(|n| match n % 4 {
                0 => vec![n % 7, n * 3, n * n * 9],
                1 => vec![n],
                _ => vec![n % 7, n, n * n],
            })
            .collect();
        let (keys, ends): (Vec<u64>, Vec<usize>) = {
            let keys: Vec<u64> = asked.iter().flatten().copied().collect();
            let ends = (asked.iter())
                .scan(0, |at, key| {
                    *at += key.len();
                    Some(*at)
                })
                .collect();
            (keys, ends)
        };
        let boxed = Arena::with_box(&[7, 100, 10_000], 1 << 24).expect("a box");
        for mut arena in [Arena::new(), boxed] {
            let mut found = Vec::new();
            arena.find_all(&keys, &ends, &mut found);
            assert!(found.iter().all(Option::is_none));
            for key in &held {
                arena.insert(key);
            }
            arena.find_all(&keys, &ends, &mut found);
            let one_by_one: Vec<Option<u32>> = asked.iter().map(|k| arena.find(k)).collect();
            assert_eq!(found, one_by_one);
            let plain = asked.iter().filter(|k| held.contains(k)).count();
            assert_eq!(found.iter().flatten().count(), plain);
            assert!(plain > 0 && plain < asked.len());
        }
    }

    #[test]
    fn packed_keys_come_back_and_tell_keys_apart() {
        let keys: Vec<Vec<u64>> = vec![
            vec![],
            vec![0],
            vec![0, 0],
            vec![255; 8],
            vec![255; 9],
            (0..51).map(|i| (i * 37) % 256).collect(),
            vec![1, 256, 3],
            vec![u64::MAX, 0, 7, 8, 9, 10, 11, 12, 13],
        ];
        let mut packed = Vec::new();
        let mut arena = Arena::new();
        for key in &keys {
            pack(key, &mut packed);
            assert_eq!(arena.find(&packed), None, "{key:?}");
            arena.insert(&packed);
            let mut back = Vec::new();
            unpack(&packed, &mut back);
            assert_eq!(&back, key);
        }
        assert_eq!(arena.len(), keys.len());
    }

    #[test]
    fn positions_inside_the_box_and_outside_it_are_held_alike() {
        let mut arena = Arena::with_box(&[4, 3], 100).expect("12 cells");
        // Inside the box, outside it in one heap or the other, and of
        // another heap count.
        let positions: Vec<Vec<u64>> = vec![
            vec![0, 0],
            vec![3, 2],
            vec![4, 0],
            vec![0, 3],
            vec![1, 2, 0],
            vec![2],
            vec![2, 1],
            vec![1, 2],
        ];
        for (id, p) in positions.iter().enumerate() {
            assert_eq!(arena.find(p), None, "{p:?}");
            assert_eq!(arena.insert(p), id as u32);
        }
        for (id, p) in positions.iter().enumerate() {
            assert_eq!(arena.find(p), Some(id as u32), "{p:?}");
            assert_eq!(arena.get(id as u32), p.as_slice());
        }
        assert_eq!(arena.find(&[1, 1]), None);
        assert!(Arena::with_box(&[1 << 40, 1 << 40], 1 << 20).is_none());
    }
}
