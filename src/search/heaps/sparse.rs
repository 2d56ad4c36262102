//! Splits by rare and common values (Gangolli and Plambeck, 1989; the
//! "sparse space" of Flammenkamp's octal-game computations; Winning Ways,
//! ch. 4). A split of r into a + b reaches g(a) xor g(b), so the plain mex
//! costs O(r) per heap. Pick a bit mask m and call a value *rare* when
//! g & m has an even number of bits, *common* when odd. Then
//!
//!   rare ^ rare = rare,   common ^ common = rare,   rare ^ common = common,
//!
//! so every common value a split reaches comes from a split with a rare
//! part. When rare values are few (for Kayles, 0, 3, 5 and 6 with m = 15,
//! at a dozen heap sizes in all), the common values reached are found
//! exactly from those few splits. The mex is then either the smallest
//! common value not reached, or a rare value below it; those few rare
//! values are looked for by scanning the splits until all are found, which
//! is quick unless one is truly missing (when the mex is rare, which is
//! rare). The answer never depends on the mask, only the speed does: the
//! mask is chosen from the values found so far, again each time they double.

use super::bits::Seen;

/// The heap size from which the automatic method considers rare values.
const SPARSE_FROM: usize = 1024;
/// The most bits a value may have for a mask to be chosen (2^20 counters).
const MAX_BITS: u32 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Never: every split is scanned.
    Off,
    /// When the rare values are few enough to pay.
    Auto,
    /// Always, from the start, whatever the mask (for testing).
    Forced,
}

#[derive(Debug)]
pub(super) struct Sparse {
    mode: Mode,
    mask: u32,
    /// Heap sizes whose value is rare under `mask`, ascending.
    rare: Vec<usize>,
    active: bool,
    /// The mask is chosen again when this many values are known.
    next_choice: usize,
    /// Scratch: the rare values below the candidate mex not found yet.
    wanted: Vec<u64>,
}

fn rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() % 2 == 0
}

impl Sparse {
    pub fn new(mode: Mode) -> Self {
        Sparse {
            mode,
            mask: 0,
            rare: Vec::new(),
            active: false,
            next_choice: if mode == Mode::Forced { 2 } else { SPARSE_FROM },
            wanted: Vec::new(),
        }
    }

    /// Whether splits are to be searched by rare values.
    #[inline]
    pub fn active(&self) -> bool {
        self.active
    }

    /// Takes note of the newest value, `values.last()`.
    #[inline]
    pub fn record(&mut self, values: &[u32]) {
        if self.mode == Mode::Off {
            return;
        }
        let n = values.len();
        if n == self.next_choice {
            self.choose(values);
            self.next_choice = n.saturating_mul(2);
        } else if self.mask != 0 && rare(values[n - 1], self.mask) {
            self.rare.push(n - 1);
            // Too many rare values: scanning every split is cheaper.
            if self.mode == Mode::Auto && self.rare.len() * 4 > n {
                self.active = false;
            }
        }
    }

    /// Chooses the mask with the fewest rare values among `values`.
    ///
    /// The number of rare values under m is (n + W(m)) / 2, where W is the
    /// Walsh-Hadamard transform of the values' histogram, so one transform
    /// scores every mask at once.
    fn choose(&mut self, values: &[u32]) {
        let max = values.iter().copied().max().unwrap_or(0);
        let bits = 32 - max.leading_zeros();
        if bits == 0 || bits > MAX_BITS {
            // All values 0 (all rare under any mask), or values too spread.
            self.active = self.mode == Mode::Forced && bits == 0;
            self.mask = u32::from(self.active);
            self.rebuild(values);
            return;
        }
        let size = 1usize << bits;
        let mut w = vec![0i64; size];
        for &v in values {
            w[v as usize] += 1;
        }
        let mut len = 1;
        while len < size {
            for block in w.chunks_exact_mut(2 * len) {
                let (low, high) = block.split_at_mut(len);
                for (a, b) in low.iter_mut().zip(high) {
                    (*a, *b) = (*a + *b, *a - *b);
                }
            }
            len *= 2;
        }
        // Mask 0 makes every value rare: never chosen.
        let best = (1..size).min_by_key(|&m| w[m]).unwrap_or(1);
        self.mask = best as u32;
        self.rebuild(values);
        eprintln!("choose n={} mask={:#x} rare={}", values.len(), self.mask, self.rare.len());
        self.active = match self.mode {
            Mode::Forced => true,
            Mode::Auto => self.rare.len() * 4 <= values.len(),
            Mode::Off => false,
        };
    }

    fn rebuild(&mut self, values: &[u32]) {
        let mask = self.mask;
        self.rare.clear();
        if mask != 0 {
            self.rare
                .extend((0..values.len()).filter(|&i| rare(values[i], mask)));
        }
    }

    /// Marks what every split with a rare part reaches: all the common
    /// values splits reach, and some rare ones (and 0 from equal halves). `cuts` are (r, most): the
    /// splits a + (r - a) with 1 <= a <= most.
    #[inline]
    pub fn mark_rare_splits(&self, values: &[u32], cuts: &[(usize, usize)], seen: &mut Seen) {
        for &(r, most) in cuts {
            // Two equal halves reach 0 at once. A scan from the ends would
            // only find them last, and 0 is the rare value wanted most often.
            if r % 2 == 0 && most == r / 2 {
                seen.mark(0);
            }
            for &a in &self.rare {
                if a >= r {
                    break;
                }
                let b = r - a;
                // The split is {a, b}; its smaller part must be 1..=most.
                if a.min(b) >= 1 && a.min(b) <= most {
                    seen.mark(values[a] ^ values[b]);
                }
            }
        }
    }

    /// The mex, once `present` (word by word) holds every value reached
    /// except those only splits of two common parts reach.
    pub fn mex(
        &mut self,
        values: &[u32],
        cuts: &[(usize, usize)],
        present: impl Fn(usize) -> u64,
        floor: u32,
    ) -> u32 {
        let mask = self.mask;
        // Bit i of a word is rare when i & mask has even parity; the word's
        // own bits (64 w & mask) flip the whole pattern.
        let low: u64 = (0..64u32)
            .filter(|&i| rare(i, mask))
            .fold(0, |acc, i| acc | 1 << i);
        let rare_bits = |w: usize| {
            if rare((w as u32) << 6, mask) {
                low
            } else {
                !low
            }
        };
        // The smallest common value not reached: exact, as said above.
        let mut w = (floor >> 6) as usize;
        let below_floor = (1u64 << (floor & 63)) - 1;
        let mut missing = !(present(w) | below_floor) & !rare_bits(w);
        while missing == 0 {
            w += 1;
            missing = !present(w) & !rare_bits(w);
        }
        let common = (w as u32) * 64 + missing.trailing_zeros();
        // The rare values below it not reached yet.
        self.wanted.clear();
        let mut count = 0;
        let top = (common >> 6) as usize;
        for w in 0..=top {
            let mut want = !present(w) & rare_bits(w);
            if w < (floor >> 6) as usize {
                want = 0;
            } else if w == (floor >> 6) as usize {
                want &= !below_floor;
            }
            if w == top {
                want &= (1u64 << (common & 63)) - 1;
            }
            count += want.count_ones();
            self.wanted.push(want);
        }
        if count == 0 {
            return common;
        }
        // Look for them among all splits, stopping once all are found.
        let wanted = &mut self.wanted;
        'scan: for &(r, most) in cuts {
            let left = &values[1..=most];
            let right = &values[r - most..r];
            for (i, (&x, &y)) in left.iter().zip(right.iter().rev()).enumerate() {
                if i > 1000 && values.len() % 1000 == 0 { eprintln!("LONG n={} r={r} wanted={:?} common={common}", values.len(), wanted); break 'scan; }
                let v = x ^ y;
                let w = (v >> 6) as usize;
                if w < wanted.len() && wanted[w] >> (v & 63) & 1 == 1 {
                    wanted[w] &= !(1 << (v & 63));
                    count -= 1;
                    if count == 0 {
                        break 'scan;
                    }
                }
            }
        }
        if count == 0 {
            return common;
        }
        let w = wanted.iter().position(|&b| b != 0).unwrap_or(0);
        (w as u32) * 64 + wanted[w].trailing_zeros()
    }
}
