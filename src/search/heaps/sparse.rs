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
    /// Heap sizes from 1 whose value is rare under `mask`, ascending (heap
    /// 0 is never part of a split).
    rare: Vec<usize>,
    /// Their values, side by side: one load fewer per split.
    rare_values: Vec<u32>,
    active: bool,
    /// The mask is chosen again when this many values are known.
    next_choice: usize,
    /// Bit i set when value i (below 64) is rare under `mask`.
    low: u64,
    /// Scratch: the rare values below the candidate mex not found yet.
    wanted: Vec<u64>,
}

fn rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

impl Sparse {
    pub fn new(mode: Mode) -> Self {
        Sparse {
            mode,
            mask: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            active: false,
            next_choice: if mode == Mode::Forced { 2 } else { SPARSE_FROM },
            low: 0,
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
            self.rare_values.push(values[n - 1]);
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
        self.active = match self.mode {
            Mode::Forced => true,
            Mode::Auto => self.rare.len() * 4 <= values.len(),
            Mode::Off => false,
        };
    }

    fn rebuild(&mut self, values: &[u32]) {
        let mask = self.mask;
        self.low = (0..64)
            .filter(|&i| rare(i, mask))
            .fold(0, |b, i| b | 1 << i);
        self.rare.clear();
        self.rare_values.clear();
        if mask != 0 {
            for (i, &v) in values.iter().enumerate().skip(1) {
                if rare(v, mask) {
                    self.rare.push(i);
                    self.rare_values.push(v);
                }
            }
        }
    }

    /// Marks what every split with a rare part reaches: all the common
    /// values splits reach, and some rare ones (and 0 from equal halves).
    /// `cuts` are (r, most): the splits a + (r - a) with 1 <= a <= most,
    /// where `most` is r / 2, or one less to keep the parts unequal.
    /// `words`: every XOR of two values is below 64 `words`.
    #[inline]
    pub fn mark_rare_splits(
        &self,
        values: &[u32],
        cuts: &[(usize, usize)],
        seen: &mut Seen,
        words: usize,
    ) {
        // Values below 64 gather in a register (see `engine::gather`).
        let mut low = 0u64;
        for &(r, most) in cuts {
            // Two equal halves reach 0 at once. A scan from the ends would
            // only find them last, and 0 is the rare value wanted most often.
            if r % 2 == 0 && most == r / 2 {
                low |= 1;
            }
            // Equal halves, when not allowed, are skipped.
            let halves = if most < r / 2 { r / 2 } else { usize::MAX };
            // Rare heaps are all below h, so only the last few may be r or
            // more: a scan from the end beats a binary search.
            let mut end = self.rare.len();
            while end > 0 && self.rare[end - 1] >= r {
                end -= 1;
            }
            let rare = &self.rare[..end];
            if words == 1 {
                let pairs = rare.iter().zip(&self.rare_values[..end]);
                if halves == usize::MAX {
                    for (&a, &v) in pairs {
                        low |= 1 << ((v ^ values[r - a]) & 63);
                    }
                } else {
                    for (&a, &v) in pairs {
                        low |= u64::from(a != halves) << ((v ^ values[r - a]) & 63);
                    }
                }
            } else {
                let (before, after) = match rare.binary_search(&halves) {
                    Ok(i) => (&rare[..i], &rare[i + 1..]),
                    Err(_) => (rare, &rare[..0]),
                };
                if rare.len() >= 4 * 64 * words {
                    // One byte store per split (see `Seen::bytes`).
                    seen.bytes(|bytes| {
                        for part in [before, after] {
                            for &a in part {
                                bytes[(values[a] ^ values[r - a]) as usize] = 1;
                            }
                        }
                    });
                } else {
                    for part in [before, after] {
                        for &a in part {
                            seen.mark(values[a] ^ values[r - a]);
                        }
                    }
                }
            }
        }
        seen.or_word(0, low);
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
        let (mask, low) = (self.mask, self.low);
        // Bit i of word w is rare when (64 w + i) & mask has even parity:
        // the word's own bits flip the pattern of word 0.
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
        let below_common = (1u64 << (common & 63)) - 1;
        let top = (common >> 6) as usize;
        if top == 0 {
            // The usual case, all in one word.
            let wanted = !(present(0) | below_floor) & low & below_common;
            return match scan_one(values, cuts, wanted) {
                0 => common,
                left => left.trailing_zeros(),
            };
        }
        // The rare values below it not reached yet.
        self.wanted.clear();
        let mut count = 0;
        for w in 0..=top {
            let mut want = !present(w) & rare_bits(w);
            if w < (floor >> 6) as usize {
                want = 0;
            } else if w == (floor >> 6) as usize {
                want &= !below_floor;
            }
            if w == top {
                want &= below_common;
            }
            count += want.count_ones();
            self.wanted.push(want);
        }
        if count == 0 || scan(values, cuts, &mut self.wanted, count) {
            return common;
        }
        let w = self.wanted.iter().position(|&b| b != 0).unwrap_or(0);
        (w as u32) * 64 + self.wanted[w].trailing_zeros()
    }
}

/// Calls `f` with the splits of every cut, the cuts in turn by blocks of
/// doubling length (a value one remainder lacks may be near the start of
/// another's splits), until `f` returns true (all found); whether it did.
#[inline]
fn each_split(values: &[u32], cuts: &[(usize, usize)], mut f: impl FnMut(u32) -> bool) -> bool {
    let widest = cuts.iter().map(|&(_, most)| most).max().unwrap_or(0);
    let mut from = 1;
    while from <= widest {
        let to = from.saturating_mul(2);
        for &(r, most) in cuts {
            let last = most.min(to - 1);
            if from > last {
                continue;
            }
            let left = &values[from..=last];
            let right = &values[r - last..=r - from];
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                if f(x ^ y) {
                    return true;
                }
            }
        }
        from = to;
    }
    false
}

/// Looks for the values below 64 in `wanted` among the splits; returns
/// those not found.
fn scan_one(values: &[u32], cuts: &[(usize, usize)], mut wanted: u64) -> u64 {
    if wanted != 0 {
        each_split(values, cuts, |v| {
            if v < 64 {
                wanted &= !(1 << v);
            }
            wanted == 0
        });
    }
    wanted
}

/// Looks for the `count` values in `wanted` among the splits, clearing
/// those found; whether all were.
fn scan(values: &[u32], cuts: &[(usize, usize)], wanted: &mut [u64], mut count: u32) -> bool {
    each_split(values, cuts, |v| {
        let w = (v >> 6) as usize;
        if w < wanted.len() && wanted[w] >> (v & 63) & 1 == 1 {
            wanted[w] &= !(1 << (v & 63));
            count -= 1;
        }
        count == 0
    })
}
