//! Bit sets of Grundy values: which values the moves from one heap reach.
//! Words of 64 bits, so that the mex is a scan for the first word that is
//! not all ones, and clearing touches only the words a heap may have set.

use crate::platform;
use crate::platform::usize_of;

/// The values reached from the heap being evaluated.
#[derive(Debug, Default)]
pub(super) struct Seen {
    words: Vec<u64>,
    /// Words that may hold set bits: everything below is cleared by `clear`.
    dirty: usize,
    /// One byte per value, for long runs of marks (`bytes`).
    bytes: Vec<u8>,
    /// The same, for the second thread of `bytes_on_both`.
    second: Vec<u8>,
}

fn grow(bytes: &mut Vec<u8>, len: usize) {
    if bytes.len() < len {
        bytes.resize(len, 0);
    }
}

/// ORs the bytes into the words, bit i of word w from byte 64 w + i, and
/// clears them.
fn fold(words: &mut [u64], bytes: &mut [u8]) {
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact_mut(64)) {
        for (k, eight) in chunk.chunks_exact(8).enumerate() {
            let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            *word |= gather_bytes(eight) << (8 * k);
        }
        chunk.fill(0);
    }
}

/// Byte i of `x` (each 0 or 1) as bit i of the result: one multiply puts
/// byte i's bit at bit 56 + i, every partial product at a bit of its own
/// (8 i + 56 - 7 j is never the same for two pairs i, j below 8), so no
/// carry disturbs the top byte.
#[inline]
fn gather_bytes(x: u64) -> u64 {
    x.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl Seen {
    /// Makes room for values below `64 * words`, and marks all of them as
    /// possibly set, since a caller about to mark values cannot say which.
    #[inline]
    pub fn open(&mut self, words: usize) {
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
        self.dirty = self.dirty.max(words);
    }

    /// Marks `v`, which must be below the bound given to `open`.
    #[inline]
    pub fn mark(&mut self, v: u32) {
        self.words[(v >> 6) as usize] |= 1 << (v & 63);
    }

    /// ORs a whole word in, for loops that gather small values in a register.
    #[inline]
    pub fn or_word(&mut self, w: usize, bits: u64) {
        self.words[w] |= bits;
    }

    /// Marks through one byte per value: for long runs of marks of values
    /// past 64, where each bit would be a load and a store on a word that
    /// the next mark may need again. `f` gets bytes for the values below
    /// `64 * words` (as given to `open`) and sets the ones reached to 1.
    #[inline]
    pub fn bytes(&mut self, f: impl FnOnce(&mut [u8])) {
        let len = 64 * self.dirty;
        grow(&mut self.bytes, len);
        f(&mut self.bytes[..len]);
        fold(&mut self.words, &mut self.bytes[..len]);
    }

    /// As `bytes`, with two runs of marks at once, one on each of two
    /// threads of the pool, each into bytes of its own.
    pub fn bytes_on_both(
        &mut self,
        first: impl FnOnce(&mut [u8]) + Send,
        second: impl FnOnce(&mut [u8]) + Send,
    ) {
        let len = 64 * self.dirty;
        grow(&mut self.bytes, len);
        grow(&mut self.second, len);
        let (one, two) = (&mut self.bytes[..len], &mut self.second[..len]);
        platform::join(|| first(one), || second(two));
        fold(&mut self.words, &mut self.bytes[..len]);
        fold(&mut self.words, &mut self.second[..len]);
    }

    /// Word `w`; zero past the end.
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words.get(w).copied().unwrap_or(0)
    }

    /// The smallest value not marked.
    #[inline]
    pub fn mex(&self) -> u32 {
        first_zero(|w| self.word(w), 0)
    }

    /// Forgets every mark, touching only the words that may be set.
    #[inline]
    pub fn clear(&mut self) {
        // Usually one word: a loop, not a call to memset.
        for w in &mut self.words[..self.dirty] {
            *w = 0;
        }
        self.dirty = 0;
    }
}

/// The first value at or above `from` whose bit is clear in the set whose
/// words `word` gives (a set with finitely many bits, so this ends).
#[inline]
pub(super) fn first_zero(word: impl Fn(usize) -> u64, from: u32) -> u32 {
    let mut w = (from >> 6) as usize;
    // Bits below `from` in its word count as set.
    let mut bits = word(w) | ((1u64 << (from & 63)) - 1);
    while bits == u64::MAX {
        w += 1;
        bits = word(w);
    }
    (w as u32) * 64 + bits.trailing_ones()
}

/// Sets bit `v` of `words`, growing them as needed.
#[inline]
pub(super) fn set(words: &mut Vec<u64>, v: u32) {
    let w = (v >> 6) as usize;
    if w >= words.len() {
        words.resize(w + 1, 0);
    }
    words[w] |= 1 << (v & 63);
}

/// Words enough for every XOR of two values at most `max`: XOR never sets a
/// bit above the highest bit of its operands.
pub(super) fn words_for_xor(max: u32) -> usize {
    let bound = (u64::from(max) + 1).next_power_of_two();
    usize_of(bound.div_ceil(64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_fold_into_their_bits() {
        // Every pattern of eight bytes 0 or 1, each at every byte position
        // of a word.
        for pattern in 0..=255u64 {
            let bytes: Vec<u8> = (0..8).map(|i| (pattern >> i & 1) as u8).collect();
            for k in 0..8 {
                let mut all = vec![0u8; 64];
                all[8 * k..8 * k + 8].copy_from_slice(&bytes);
                let mut words = [0u64];
                fold(&mut words, &mut all);
                assert_eq!(words[0], pattern << (8 * k));
                assert!(all.iter().all(|&b| b == 0));
            }
        }
    }

    #[test]
    fn mex_skips_full_words() {
        let mut seen = Seen::default();
        seen.open(3);
        for v in 0..70 {
            seen.mark(v);
        }
        seen.mark(71);
        assert_eq!(seen.mex(), 70);
        seen.clear();
        assert_eq!(seen.mex(), 0);
    }

    #[test]
    fn first_zero_starts_at_from() {
        let words = [0b1011u64];
        let word = |w: usize| words.get(w).copied().unwrap_or(0);
        assert_eq!(first_zero(word, 0), 2);
        assert_eq!(first_zero(word, 3), 4);
    }

    #[test]
    fn xor_bound_covers_every_xor() {
        for max in [0u32, 1, 5, 63, 64, 100, 1000] {
            let words = words_for_xor(max);
            for a in 0..=max {
                for b in 0..=max {
                    assert!(((a ^ b) as usize) < 64 * words);
                }
            }
        }
    }
}
