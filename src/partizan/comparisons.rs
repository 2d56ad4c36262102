//! The comparisons G ≤ H found so far, kept as a chess program keeps its
//! transposition table: a table of slots, each holding one pair and its
//! answer, a new pair written over whatever its slot held. What is kept
//! is only ever an exact answer for its own pair, so a pair written over
//! is found again by the definition (`Forms::le`), never answered wrong;
//! and the table's size is bounded, where a map of every pair ever
//! compared outgrows the memory of a large search (Domineering 6 × 6
//! compares some 10^8 pairs).

use super::form::Form;

/// The fewest slots a table has.
const FIRST_SLOTS: usize = 1 << 12;

/// The most slots a table grows to where no memory limit is set (8 MB).
const UNLIMITED_SLOTS: usize = 1 << 20;

/// A slot: 0 empty; else bit 63 set, bit 62 the answer, bits 31–61 G's id
/// and bits 0–30 H's. Forms of ids past 2^31 are never kept.
type Slot = u64;

const FULL: u64 = 1 << 63;
const TRUE: u64 = 1 << 62;
const ID_BITS: u32 = 31;
const ID_MASK: u64 = (1 << ID_BITS) - 1;

/// The comparisons found so far, as many as the table holds.
#[derive(Debug)]
pub(super) struct Comparisons {
    slots: Vec<Slot>,
    /// Slots filled: the table doubles while more than half are, up to
    /// `most` slots.
    filled: usize,
    most: usize,
}

impl Default for Comparisons {
    fn default() -> Self {
        Comparisons {
            slots: vec![0; FIRST_SLOTS],
            filled: 0,
            most: UNLIMITED_SLOTS,
        }
    }
}

impl Comparisons {
    /// Lets the table grow to `bytes` (at least its first size and its
    /// size now), not to `UNLIMITED_SLOTS`.
    pub(super) fn allow(&mut self, bytes: u64) {
        let slots = usize::try_from(bytes / size_of::<Slot>() as u64).unwrap_or(usize::MAX);
        // A power of two at most `slots`.
        let most = match slots.checked_ilog2() {
            Some(log) => 1usize << log,
            None => 1,
        };
        self.most = most.max(FIRST_SLOTS).max(self.slots.len());
    }

    /// The bytes the table holds.
    pub(super) fn bytes(&self) -> u64 {
        (self.slots.len() * size_of::<Slot>()) as u64
    }

    /// Whether G ≤ H, where the table holds the pair.
    pub(super) fn get(&self, g: Form, h: Form) -> Option<bool> {
        let key = key(g, h)?;
        let slot = self.slots[self.place(key)];
        (slot & !TRUE == FULL | key).then_some(slot & TRUE != 0)
    }

    /// Keeps the answer G ≤ H, over what its slot held; returns the bytes
    /// the table grew by (it doubles while more than half its slots are
    /// filled, up to its limit).
    pub(super) fn insert(&mut self, g: Form, h: Form, le: bool) -> u64 {
        let Some(key) = key(g, h) else { return 0 };
        let before = self.bytes();
        if self.filled * 2 > self.slots.len() && self.slots.len() < self.most {
            self.grow();
        }
        let place = self.place(key);
        if self.slots[place] == 0 {
            self.filled += 1;
        }
        self.slots[place] = FULL | key | if le { TRUE } else { 0 };
        self.bytes() - before
    }

    /// Twice the slots, each pair kept moved to its new place (two that
    /// meet there: the later one kept).
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.filled = 0;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let place = self.place(slot & !(FULL | TRUE));
            if self.slots[place] == 0 {
                self.filled += 1;
            }
            self.slots[place] = slot;
        }
    }

    /// The slot of a pair's key: Fibonacci hashing, the top bits of the key
    /// times 2^64 / φ.
    fn place(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }
}

/// The pair's key: G's id above H's, where both fit in 31 bits.
fn key(g: Form, h: Form) -> Option<u64> {
    let (g, h) = (u64::from(g.id()), u64::from(h.id()));
    (g <= ID_MASK && h <= ID_MASK).then_some(g << ID_BITS | h)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of its first size, fed far more pairs than it has slots,
    /// answers every pair it still holds as a plain map of every pair does,
    /// and holds the last pair it was given.
    #[test]
    fn a_full_table_answers_only_what_it_was_told() {
        let mut table = Comparisons::default();
        table.allow(0);
        let mut all = std::collections::HashMap::new();
        let mut seed: u64 = 1;
        for _ in 0..100_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (g, h) = (
                Form::new((seed >> 40) as u32 % 5000),
                Form::new((seed >> 20) as u32 % 5000),
            );
            let le = seed >> 63 == 1;
            table.insert(g, h, le);
            all.insert((g, h), le);
            assert_eq!(table.get(g, h), Some(le));
        }
        assert_eq!(table.bytes(), (FIRST_SLOTS * 8) as u64);
        let mut held = 0;
        for (&(g, h), &le) in &all {
            if let Some(answer) = table.get(g, h) {
                assert_eq!(answer, le);
                held += 1;
            }
        }
        assert!(held > FIRST_SLOTS / 4, "{held}");
        // Ids past 31 bits are never kept.
        let big = Form::new(1 << 31);
        table.insert(big, big, true);
        assert_eq!(table.get(big, big), None);
    }
}
