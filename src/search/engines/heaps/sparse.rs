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
use super::values::Stored;

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
    wanted: Vec<u32>,
    /// Scratch: which values the scan of the splits found.
    found: Found,
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
            found: Found::default(),
        }
    }

    /// Whether splits are to be searched by rare values.
    #[inline]
    pub fn active(&self) -> bool {
        self.active
    }

    /// Takes note of the newest value, `values.last()`.
    #[inline]
    pub fn record<T: Stored>(&mut self, values: &[T]) {
        if self.mode == Mode::Off {
            return;
        }
        let n = values.len();
        if n == self.next_choice {
            self.choose(values);
            self.next_choice = n.saturating_mul(2);
        } else if self.mask != 0 && rare(values[n - 1].into(), self.mask) {
            self.rare.push(n - 1);
            self.rare_values.push(values[n - 1].into());
            // Too many rare values: scanning every split is cheaper.
            if self.mode == Mode::Auto && self.rare.len() * 4 > n {
                self.active = false;
            }
        }
    }

    /// Takes note of `values`, found before (a run resumed): the mask is
    /// chosen as at the last choice a run to here would have made, and the
    /// rare values are all of them.
    pub fn adopt<T: Stored>(&mut self, values: &[T]) {
        if self.mode == Mode::Off || values.len() < self.next_choice {
            return;
        }
        while self.next_choice.saturating_mul(2) <= values.len() {
            self.next_choice *= 2;
        }
        self.choose(&values[..self.next_choice]);
        self.rebuild(values);
        if self.mode == Mode::Auto && self.rare.len() * 4 > values.len() {
            self.active = false;
        }
        self.next_choice = self.next_choice.saturating_mul(2);
    }

    /// Chooses the mask with the fewest rare values among `values`
    /// (`fewest_rare`).
    fn choose<T: Stored>(&mut self, values: &[T]) {
        match fewest_rare(values) {
            Some(mask) => {
                self.mask = mask;
                self.rebuild(values);
                self.active = match self.mode {
                    Mode::Forced => true,
                    Mode::Auto => self.rare.len() * 4 <= values.len(),
                    Mode::Off => false,
                };
            }
            None => {
                // All values 0 (all rare under any mask), or values too
                // spread.
                let zeros = values.iter().all(|&v| v.value() == 0);
                self.active = self.mode == Mode::Forced && zeros;
                self.mask = u32::from(self.active);
                self.rebuild(values);
            }
        }
    }

    fn rebuild<T: Stored>(&mut self, values: &[T]) {
        let mask = self.mask;
        self.low = (0..64)
            .filter(|&i| rare(i, mask))
            .fold(0, |b, i| b | 1 << i);
        self.rare.clear();
        self.rare_values.clear();
        if mask != 0 {
            for (i, &v) in values.iter().enumerate().skip(1) {
                let v = v.into();
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
    pub fn mark_rare_splits<T: Stored>(
        &self,
        values: &[T],
        cuts: &[(usize, usize)],
        seen: &mut Seen,
        words: usize,
    ) -> usize {
        // Values below 64 gather in a register (see `engine::gather`).
        let mut low = 0u64;
        let mut marked = 0;
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
            marked += end;
            if words == 1 {
                let pairs = rare.iter().zip(&self.rare_values[..end]);
                if halves == usize::MAX {
                    for (&a, &v) in pairs {
                        low |= 1 << ((v ^ values[r - a].into()) & 63);
                    }
                } else {
                    for (&a, &v) in pairs {
                        low |= u64::from(a != halves) << ((v ^ values[r - a].into()) & 63);
                    }
                }
            } else {
                // The rare part `halves`, if rare, is left out: the rare
                // heaps either side of it.
                let runs = match rare.binary_search(&halves) {
                    Ok(i) => [0..i, i + 1..end],
                    Err(_) => [0..end, 0..0],
                };
                let rare_values = &self.rare_values[..end];
                // Not on two threads: between these runs the scan for
                // rare values is long enough for the other thread to fall
                // asleep, and waking it costs more than it saves.
                if end >= 64 * words {
                    // One byte store per split (see `Seen::bytes`).
                    seen.bytes(|bytes| {
                        for run in runs {
                            let (rare, rare_values) = (&rare[run.clone()], &rare_values[run]);
                            mark_bytes(rare, rare_values, values, r, bytes);
                        }
                    });
                } else {
                    for run in runs {
                        for (&a, &v) in rare[run.clone()].iter().zip(&rare_values[run]) {
                            seen.mark(v ^ values[r - a].into());
                        }
                    }
                }
            }
        }
        seen.or_word(0, low);
        marked
    }

    /// The mex, once `present` (word by word) holds every value reached
    /// except those only splits of two common parts reach, and the number
    /// of splits scanned for it. `words`: every XOR of two values is below
    /// 64 `words`.
    pub fn mex<T: Stored>(
        &mut self,
        values: &[T],
        cuts: &[(usize, usize)],
        present: impl Fn(usize) -> u64,
        floor: u32,
        words: usize,
    ) -> (u32, usize) {
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
        if top == 0 && words == 1 {
            // The usual case of small values, all in one word.
            let wanted = !(present(0) | below_floor) & low & below_common;
            let (left, scanned) = scan_one(values, cuts, wanted);
            return match left {
                0 => (common, scanned),
                left => (left.trailing_zeros(), scanned),
            };
        }
        // The rare values below it not reached yet, in increasing order.
        self.wanted.clear();
        for w in (floor >> 6) as usize..=top {
            let mut want = !present(w) & rare_bits(w);
            if w == (floor >> 6) as usize {
                want &= !below_floor;
            }
            if w == top {
                want &= below_common;
            }
            while want != 0 {
                self.wanted.push((w as u32) * 64 + want.trailing_zeros());
                want &= want - 1;
            }
        }
        if self.wanted.is_empty() {
            return (common, 0);
        }
        // Wanted values may lie past every XOR (found by no split, then).
        self.found.open(64 * words.max(top + 1));
        let scanned = scan(values, cuts, &mut self.wanted, &mut self.found);
        (self.wanted.first().copied().unwrap_or(common), scanned)
    }
}

/// The mask with the fewest rare values among `values` (ties to the least
/// mask); `None` when every value is 0 (all rare under any mask) or takes
/// more than `MAX_BITS` bits.
///
/// The number of rare values under m is (n + W(m)) / 2, where W is the
/// Walsh-Hadamard transform of the values' histogram, so one transform
/// scores every mask at once.
pub(crate) fn fewest_rare<T: Stored>(values: &[T]) -> Option<u32> {
    let max: u32 = values.iter().map(|&v| v.value()).max().unwrap_or(0);
    let bits = 32 - max.leading_zeros();
    if bits == 0 || bits > MAX_BITS {
        return None;
    }
    let size = 1usize << bits;
    let mut w = vec![0i64; size];
    for &v in values {
        w[v.index()] += 1;
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
    (1..size).min_by_key(|&m| w[m]).map(|m| m as u32)
}

/// Sets the byte of what each split of r with a rare part `a` (of value
/// `v`, side by side) reaches, `v ^ g(r - a)`: a function of its own, not
/// inlined, so that its few pointers stay in registers (inlined, they were
/// reloaded from the stack each split).
#[inline(never)]
fn mark_bytes<T: Stored>(
    rare: &[usize],
    rare_values: &[u32],
    values: &[T],
    r: usize,
    bytes: &mut [u8],
) {
    for (&a, &v) in rare.iter().zip(rare_values) {
        bytes[(v ^ values[r - a].into()) as usize] = 1;
    }
}

/// Values found by the scan of one heap's splits, a byte each (1 when
/// found), cleared after the scan: one byte store a split, as the
/// hand-written loop does.
#[derive(Debug, Default)]
struct Found {
    bytes: Vec<u8>,
}

impl Found {
    /// Makes room for values below `len`.
    fn open(&mut self, len: usize) {
        if self.bytes.len() < len {
            // A power of two: a value is its own index masked, no bounds check.
            self.bytes.resize(len.next_power_of_two(), 0);
        }
    }
}

/// Splits between two looks at what is still wanted past the first
/// `FIRST`, doubling up to `CHUNK`; a look costs a pass over those still
/// wanted. The splits are read in order from the smallest part: spreading
/// them over 16 stretches side by side (tried before) scanned fewer splits
/// at 10^5 but not at 10^6 and more, and took longer there (Officers to
/// 3·10^6: 8.2 s against 7.1 s).
const CHUNK: usize = 256;
/// The first splits, each followed by a look, since most wanted values
/// turn up in the first few dozen splits: in games whose wanted values
/// nearly all turn up at once (Kayles: a handful of splits a heap), a
/// block would scan more than it needs.
const FIRST: usize = 32;

/// Calls `mark` with the XOR of every split of every cut, a block of splits
/// at a time, and `done` after each block, until it returns true or the
/// splits run out; the number of splits seen. `mark` has no branch, so the
/// loads of a block run ahead of each other.
#[inline]
fn each_block<S, T: Stored>(
    values: &[T],
    cuts: &[(usize, usize)],
    state: &mut S,
    mark: impl Fn(&mut S, u32),
    done: impl Fn(&mut S) -> bool,
) -> usize {
    let mut seen = 0;
    for split in 1..=FIRST {
        for &(r, most) in cuts {
            if split <= most {
                mark(state, (values[split] ^ values[r - split]).into());
                seen += 1;
            }
        }
        if done(state) {
            return seen;
        }
    }
    let longest = cuts.iter().map(|&(_, most)| most).max().unwrap_or(0);
    let (mut start, mut chunk) = (FIRST + 1, FIRST);
    while start <= longest {
        for &(r, most) in cuts {
            let end = (start + chunk).min(most + 1);
            if start >= end {
                continue;
            }
            let left = &values[start..end];
            let right = &values[r + 1 - end..=r - start];
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                mark(state, (x ^ y).into());
            }
            seen += end - start;
        }
        if done(state) {
            break;
        }
        start += chunk;
        chunk = (2 * chunk).min(CHUNK);
    }
    seen
}

/// Looks for the values below 64 in `wanted` among the splits, every XOR
/// of two values being below 64; returns those not found, and the number
/// of splits scanned.
fn scan_one<T: Stored>(values: &[T], cuts: &[(usize, usize)], wanted: u64) -> (u64, usize) {
    // (wanted, found)
    let mut state = (wanted, 0u64);
    let mut scanned = 0;
    if wanted != 0 {
        scanned = each_block(
            values,
            cuts,
            &mut state,
            |(_, found), v| *found |= 1 << (v & 63),
            |(wanted, found)| {
                *wanted &= !*found;
                *wanted == 0
            },
        );
    }
    (state.0, scanned)
}

/// Looks for the values in `wanted` (each below the length `found` was
/// opened for) among the splits, and keeps in `wanted` those not found;
/// the number of splits scanned.
fn scan<T: Stored>(
    values: &[T],
    cuts: &[(usize, usize)],
    wanted: &mut Vec<u32>,
    found: &mut Found,
) -> usize {
    let bytes = found.bytes.as_mut_slice();
    let index = bytes.len() - 1;
    // (wanted, bytes, the first wanted value not found yet): all are found
    // when it passes the end. Looking past the first only when it is found
    // keeps each look short however many are wanted.
    let mut state = (&**wanted, bytes, 0usize);
    let scanned = each_block(
        values,
        cuts,
        &mut state,
        |(_, bytes, _), v| bytes[v as usize & index] = 1,
        |(wanted, bytes, first)| {
            while wanted
                .get(*first)
                .is_some_and(|&v| bytes[v as usize & index] != 0)
            {
                *first += 1;
            }
            *first == wanted.len()
        },
    );
    let bytes = &mut found.bytes;
    wanted.retain(|&v| bytes[v as usize & index] == 0);
    bytes.fill(0);
    scanned
}
