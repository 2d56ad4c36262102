//! One heap size's value from the compiled rules: the values single-heap
//! moves reach go into a bit set, the splits into two heaps are gathered as
//! (r, most) "cuts" and searched plainly or by rare values (`sparse`), and
//! the mex is the first clear bit of the set and the windows.

use super::bits::{self, Seen};
use super::compile::{Compiled, HeapRule, Leaves, Source};
use super::sparse::{Mode, Sparse};
use super::window::Window;
use crate::search::moves::MoveError;

#[derive(Debug)]
pub(super) struct Engine {
    rules: Vec<HeapRule>,
    windows: Vec<Window>,
    seen: Seen,
    /// This heap's splits: (r, most) for r split into a + (r - a), 1 <= a <= most.
    cuts: Vec<(usize, usize)>,
    sparse: Sparse,
    /// The largest value so far, and the words that hold any XOR of two values.
    max: u32,
    words: usize,
    /// Some rule marks values one by one (not only windows): then the bit
    /// set is opened, and cleared, for each heap.
    marks: bool,
}

impl Engine {
    pub fn new(compiled: Compiled, mode: Mode) -> Self {
        let scanned = |r: &HeapRule| !matches!(r.source, Source::Window(_));
        let splits = (compiled.rules.iter())
            .any(|r| scanned(r) && matches!(r.leaves, Leaves::Two(_)));
        let marks = compiled.rules.iter().any(scanned);
        Engine {
            rules: compiled.rules,
            windows: compiled.windows,
            seen: Seen::default(),
            cuts: Vec::new(),
            // Rare values only speed up splits that are scanned per heap.
            sparse: Sparse::new(if splits { mode } else { Mode::Off }),
            marks,
            max: 0,
            words: 1,
        }
    }

    /// The value of heap `values.len()`; adds the moves from it to `moves`.
    #[inline]
    pub fn step(&mut self, values: &[u32], moves: &mut usize) -> Result<u32, MoveError> {
        let h = values.len();
        let hh = h as u64;
        self.cuts.clear();
        let seen = &mut self.seen;
        let cuts = &mut self.cuts;
        if self.marks {
            seen.open(self.words);
        }
        for rule in &mut self.rules {
            if let Source::Window(i) = rule.source {
                *moves += self.windows[i].advance(values);
                continue;
            }
            match rule.leaves {
                Leaves::Heap => rule.source.each(rule.index, hh, |k| {
                    seen.mark(values[h - k as usize]);
                    *moves += 1;
                })?,
                Leaves::Nonempty => rule.source.each(rule.index, hh, |k| {
                    if k < hh {
                        seen.mark(values[h - k as usize]);
                        *moves += 1;
                    }
                })?,
                Leaves::Nothing => rule.source.each(rule.index, hh, |k| {
                    if k == hh {
                        seen.mark(0);
                        *moves += 1;
                    }
                })?,
                Leaves::Two(split) => rule.source.each(rule.index, hh, |k| {
                    let r = h - k as usize;
                    // Splitting off an empty heap leaves the rest whole.
                    if !split.nonempty && !(split.unequal && r == 0) {
                        seen.mark(values[r]);
                        *moves += 1;
                    }
                    let most = if split.unequal {
                        r.saturating_sub(1) / 2
                    } else {
                        r / 2
                    };
                    if most >= 1 {
                        cuts.push((r, most));
                        *moves += most;
                    }
                })?,
            }
        }
        let value = if self.cuts.is_empty() {
            self.mex()
        } else {
            merge(&mut self.cuts);
            if self.sparse.active() {
                self.sparse
                    .mark_rare_splits(values, &self.cuts, &mut self.seen);
                let (seen, windows) = (&self.seen, &self.windows);
                let floor = windows.iter().map(Window::floor).max().unwrap_or(0);
                self.sparse.mex(
                    values,
                    &self.cuts,
                    |w| windows.iter().fold(seen.word(w), |acc, win| acc | win.word(w)),
                    floor,
                )
            } else {
                for &(r, most) in &self.cuts {
                    mark_splits(values, r, most, &mut self.seen, self.words);
                }
                self.mex()
            }
        };
        self.seen.clear();
        Ok(value)
    }

    /// Takes note of the newest value, `values.last()`.
    #[inline]
    pub fn record(&mut self, values: &[u32]) {
        let v = values[values.len() - 1];
        if v > self.max {
            self.max = v;
            self.words = bits::words_for_xor(v);
        }
        self.sparse.record(values);
    }

    #[inline]
    fn mex(&self) -> u32 {
        if self.windows.is_empty() {
            return self.seen.mex();
        }
        let floor = self.windows.iter().map(Window::floor).max().unwrap_or(0);
        bits::first_zero(
            |w| {
                self.windows
                    .iter()
                    .fold(self.seen.word(w), |acc, win| acc | win.word(w))
            },
            floor,
        )
    }
}

/// Sorts cuts and keeps one per r, the widest: several rules may split the
/// same remainder, and scanning it twice would only cost time.
fn merge(cuts: &mut Vec<(usize, usize)>) {
    if cuts.len() < 2 {
        return;
    }
    cuts.sort_unstable();
    // Sorted by (r, most): the last of each r is the widest.
    let mut out = 0;
    for i in 0..cuts.len() {
        if i + 1 < cuts.len() && cuts[i + 1].0 == cuts[i].0 {
            continue;
        }
        cuts[out] = cuts[i];
        out += 1;
    }
    cuts.truncate(out);
}

/// Marks g(a) ^ g(r - a) for 1 <= a <= most: the plain way, every split.
#[inline]
fn mark_splits(values: &[u32], r: usize, most: usize, seen: &mut Seen, words: usize) {
    let left = &values[1..=most];
    let right = &values[r - most..r];
    if words == 1 {
        // Every XOR is below 64: gather the bits in a register.
        let mut bits = 0u64;
        for (&x, &y) in left.iter().zip(right.iter().rev()) {
            bits |= 1 << ((x ^ y) & 63);
        }
        seen.or_word(0, bits);
    } else {
        for (&x, &y) in left.iter().zip(right.iter().rev()) {
            seen.mark(x ^ y);
        }
    }
}
