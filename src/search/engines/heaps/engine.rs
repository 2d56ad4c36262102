//! Heap sizes' values from the compiled rules, one after another. For each
//! heap, the values single-heap moves reach go into a bit set, the splits
//! into two heaps are gathered as (r, most) "cuts" and searched plainly or
//! by rare values (`sparse`), and the mex is the first clear bit of the set
//! and the windows. Past the largest amount of finite rules (`steady`) the
//! moves are gathered without rule-by-rule dispatch, subtraction games run
//! a loop of their own, and once a period is proven (`crate::period`) the
//! values are copied.

use super::bits::{self, Seen};
use super::compile::{Compiled, HeapRule, Leaves, Source};
use super::sparse::{Mode, Sparse};
use super::steady::Steady;
use super::values::{Stored, Values, with_values};
use super::window::Window;
use crate::moves::MoveError;
use crate::period::{self, Period, Theorem};
use crate::platform;
use crate::platform::usize_of;

/// The values are checked for a proven period when this many are known,
/// then at each doubling.
const FIRST_CHECK: usize = 128;
/// Comparisons one check may spend, per value known: a cap for sequences
/// that repeat for long stretches without being periodic.
const WORK_PER_VALUE: usize = 8;
/// Runs of at least this many splits of one heap are marked on two
/// threads, half each: below it, handing half to the other thread costs
/// more than it saves.
pub(super) const BOTH_THREADS_FROM: usize = 4096;

/// What a run did: the game's moves from the heaps it evaluated, and those
/// it looked at (fewer, where rare values spare the rest, or a period is
/// copied).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Work {
    pub moves: usize,
    pub examined: usize,
}

#[derive(Debug)]
pub(super) struct Engine {
    rules: Vec<HeapRule>,
    windows: Vec<Window>,
    seen: Seen,
    /// This heap's splits: (r, most) for r split into a + (r - a), 1 <= a <= most.
    cuts: Vec<(usize, usize)>,
    sparse: Sparse,
    watch: Watch,
    /// The rules past their largest amount, when they are finite.
    steady: Option<Steady>,
    /// The largest value so far, and the words that hold any XOR of two values.
    max: u32,
    words: usize,
    /// Some rule marks values one by one (not only windows): then the bit
    /// set is opened, and cleared, for each heap.
    marks: bool,
}

impl Engine {
    /// `theorem`: the theorem that proves periods of the rules' values, if
    /// one applies and periods are wanted.
    pub fn new(compiled: Compiled, mode: Mode, theorem: Option<Theorem>) -> Self {
        let scanned = |r: &HeapRule| !matches!(r.source, Source::Window(_));
        let splits =
            (compiled.rules.iter()).any(|r| scanned(r) && matches!(r.leaves, Leaves::Two(_)));
        let marks = compiled.rules.iter().any(scanned);
        let steady = Steady::new(&compiled.rules);
        // Copying counts the moves of the heaps copied in closed form, which
        // the steady state gives.
        let theorem = theorem.filter(|_| steady.is_some());
        Engine {
            rules: compiled.rules,
            windows: compiled.windows,
            seen: Seen::default(),
            cuts: Vec::new(),
            // Rare values only speed up splits that are scanned per heap.
            sparse: Sparse::new(if splits { mode } else { Mode::Off }),
            watch: Watch::new(theorem),
            steady,
            marks,
            max: 0,
            words: 1,
        }
    }

    /// Extends `values` to heap `to - 1`; adds the moves from each heap to
    /// `work.moves`, and those looked at to `work.examined`. On a failing
    /// condition, the heaps before it stay. `Some(g)` where the next value,
    /// g, does not fit the values' width: the caller widens the store and
    /// hands it to `accept`, then runs on.
    pub fn run(
        &mut self,
        values: &mut Values,
        to: usize,
        work: &mut Work,
    ) -> Result<Option<u32>, MoveError> {
        with_values!(values, v => self.run_width(v, to, work))
    }

    /// Takes `values`, computed before (a run resumed), as its own: the
    /// bookkeeping the run would have kept is made again from them (the
    /// rare values, the look for a period; the windows catch up as they
    /// advance).
    pub fn adopt(&mut self, values: &Values) {
        with_values!(values, v => {
            self.note_max(v.iter().map(|&g| g.value()).max().unwrap_or(0));
            self.sparse.adopt(v);
            self.watch.adopt(v);
        });
    }

    /// Takes `g` as the next value, the store wide enough for it.
    pub fn accept(&mut self, values: &mut Values, g: u32) {
        with_values!(values, v => self.push(v, g));
    }

    /// `run` on values of one width.
    ///
    /// Heaps large enough to mark their splits on two threads (see
    /// `BOTH_THREADS_FROM`) are run from a thread of the pool, where
    /// handing half a run to the other thread is cheap.
    fn run_width<T: Stored>(
        &mut self,
        values: &mut Vec<T>,
        to: usize,
        work: &mut Work,
    ) -> Result<Option<u32>, MoveError> {
        // Heaps of this size have at least `BOTH_THREADS_FROM` splits.
        let large = values.len() > 2 * BOTH_THREADS_FROM;
        // Splits are marked plainly, into bytes (see `mark_splits`).
        let plain = self.watch.found.is_none() && !self.sparse.active() && self.words > 1;
        if large && plain && platform::threads() > 1 && !platform::in_pool() {
            platform::on_pool(|| self.run_here(values, to, work))
        } else {
            self.run_here(values, to, work)
        }
    }

    fn run_here<T: Stored>(
        &mut self,
        values: &mut Vec<T>,
        to: usize,
        work: &mut Work,
    ) -> Result<Option<u32>, MoveError> {
        while values.len() < to {
            let h = values.len();
            if let Some(steady) = &self.steady
                && h > steady.reach
            {
                if let Some(period) = &self.watch.found {
                    // Copied, one value a heap, none of the moves looked at.
                    work.moves += steady.moves_between(h, to);
                    work.examined += to - h;
                    period.extend(values, to);
                    return Ok(None);
                }
                if steady.register() {
                    // Up to the next look for a period.
                    let stop = to.min(self.watch.next_check()).max(h + 1);
                    let moves = steady.moves_between(h, stop);
                    work.moves += moves;
                    work.examined += moves;
                    let max = steady.run_singles(values, stop);
                    self.note_max(max);
                    self.watch.record(values);
                    continue;
                }
            }
            let value = self.step(values, work)?;
            if value > T::MAX {
                return Ok(Some(value));
            }
            self.push(values, value);
        }
        Ok(None)
    }

    /// Appends `value`, which fits, and takes note of it.
    #[inline]
    fn push<T: Stored>(&mut self, values: &mut Vec<T>, value: u32) {
        values.push(T::from_u32(value));
        self.note_max(value);
        self.sparse.record(values);
        self.watch.record(values);
    }

    /// The period proven so far, if any.
    pub fn period(&self) -> Option<&Period> {
        self.watch.found.as_ref()
    }

    #[inline]
    fn note_max(&mut self, v: u32) {
        if v > self.max {
            self.max = v;
            self.words = bits::words_for_xor(v);
        }
    }

    /// The value of heap `values.len()`; adds the moves from it to
    /// `work.moves`, and those looked at to `work.examined`.
    #[inline]
    fn step<T: Stored>(&mut self, values: &[T], work: &mut Work) -> Result<u32, MoveError> {
        let h = values.len();
        let mut moves = 0;
        let moves = &mut moves;
        // Amounts a condition rejected: looked at, though not moves.
        let mut rejected = 0;
        // (splits among the moves, splits looked at) when not all were.
        let mut spared = None;
        self.cuts.clear();
        if self.marks {
            self.seen.open(self.words);
        }
        let low = match &self.steady {
            Some(steady) if h > steady.reach => {
                steady.gather(values, &mut self.cuts, &mut self.seen, moves)
            }
            _ => gather(
                &mut self.rules,
                &mut self.windows,
                values,
                &mut self.cuts,
                &mut self.seen,
                moves,
                &mut rejected,
            )?,
        };
        if low != 0 {
            self.seen.or_word(0, low);
        }
        let value = if self.cuts.is_empty() {
            self.mex()
        } else if self.sparse.active() {
            let marked =
                (self.sparse).mark_rare_splits(values, &self.cuts, &mut self.seen, self.words);
            let (seen, windows) = (&self.seen, &self.windows);
            let floor = windows.iter().map(Window::floor).max().unwrap_or(0);
            let (value, scanned) = self.sparse.mex(
                values,
                &self.cuts,
                |w| {
                    windows
                        .iter()
                        .fold(seen.word(w), |acc, win| acc | win.word(w))
                },
                floor,
                self.words,
            );
            // Only the splits marked and scanned were looked at.
            let splits: usize = self.cuts.iter().map(|&(_, most)| most).sum();
            // A split with two rare parts is marked twice, and marked
            // splits may be scanned again: never more than all of them.
            spared = Some((splits, (marked + scanned).min(splits)));
            value
        } else {
            for &(r, most) in &self.cuts {
                mark_splits(values, r, most, &mut self.seen, self.words);
            }
            self.mex()
        };
        self.seen.clear();
        work.moves += *moves;
        work.examined += rejected
            + match spared {
                Some((splits, looked)) => *moves - splits + looked,
                None => *moves,
            };
        Ok(value)
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

/// Looks for a period the values prove, when they have doubled since the
/// last look, and keeps it once found.
#[derive(Debug)]
struct Watch {
    theorem: Option<Theorem>,
    next_check: usize,
    found: Option<Period>,
}

impl Watch {
    fn new(theorem: Option<Theorem>) -> Self {
        Watch {
            theorem,
            next_check: FIRST_CHECK,
            found: None,
        }
    }

    /// How many values should be known when `record` is next called: it
    /// looks for a period once they are.
    #[inline]
    fn next_check(&self) -> usize {
        if self.theorem.is_some() && self.found.is_none() {
            self.next_check
        } else {
            usize::MAX
        }
    }

    /// Takes note of `values`, found before: looks for a period at once,
    /// as at the last look a run to here would have taken.
    fn adopt<T: Stored>(&mut self, values: &[T]) {
        while self.next_check.saturating_mul(2) <= values.len() {
            self.next_check *= 2;
        }
        self.record(values);
    }

    /// Takes note of the values found so far.
    #[inline]
    fn record<T: Stored>(&mut self, values: &[T]) {
        if values.len() >= self.next_check() {
            if let Some(theorem) = self.theorem {
                let work = WORK_PER_VALUE.saturating_mul(values.len());
                self.found = period::prove(values, theorem, work);
            }
            self.next_check = values.len().saturating_mul(2);
        }
    }
}

/// Marks what the moves from heap `h = values.len()` that leave one heap
/// reach (those below 64 returned as a word, the rest in `seen`), advances
/// the windows, and lists the splits as cuts, merged: the general way, rule
/// by rule, with conditions evaluated where there are some (the amounts
/// they reject added to `rejected`).
fn gather<T: Stored>(
    rules: &mut [HeapRule],
    windows: &mut [Window],
    values: &[T],
    cuts: &mut Vec<(usize, usize)>,
    seen: &mut Seen,
    moves: &mut usize,
    rejected: &mut usize,
) -> Result<u64, MoveError> {
    let h = values.len();
    let hh = h as u64;
    // Values below 64 gather in a register: marking them one by one in
    // memory would chain each mark on the store before it.
    let mut low = 0u64;
    let mut mark = |v: u32, seen: &mut Seen| {
        if v < 64 {
            low |= 1 << v;
        } else {
            seen.mark(v);
        }
    };
    for rule in rules {
        if let Source::Window(i) = rule.source {
            *moves += windows[i].advance(values);
            continue;
        }
        *rejected += match rule.leaves {
            Leaves::Heap => rule.source.each(rule.index, hh, |k| {
                mark(values[h - usize_of(k)].into(), seen);
                *moves += 1;
            })?,
            Leaves::Nonempty => rule.source.each(rule.index, hh, |k| {
                if k < hh {
                    mark(values[h - usize_of(k)].into(), seen);
                    *moves += 1;
                }
            })?,
            Leaves::Nothing => rule.source.each(rule.index, hh, |k| {
                if k == hh {
                    mark(0, seen);
                    *moves += 1;
                }
            })?,
            Leaves::Two(split) => rule.source.each(rule.index, hh, |k| {
                let r = h - usize_of(k);
                // Splitting off an empty heap leaves the rest whole.
                if split.may_leave_whole(r) {
                    mark(values[r].into(), seen);
                    *moves += 1;
                }
                let most = split.widest_part(r);
                if most >= 1 {
                    cuts.push((r, most));
                    *moves += most;
                }
            })?,
        };
    }
    merge(cuts);
    Ok(low)
}

/// Keeps one cut per r, the widest: several rules may split the same
/// remainder, and scanning it twice would only cost time. Cuts are few.
#[inline]
fn merge(cuts: &mut Vec<(usize, usize)>) {
    let mut i = 1;
    while i < cuts.len() {
        let r = cuts[i].0;
        match cuts[..i].iter().position(|c| c.0 == r) {
            Some(j) => {
                cuts[j].1 = cuts[j].1.max(cuts[i].1);
                cuts.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

/// Marks g(a) ^ g(r - a) for 1 <= a <= most: the plain way, every split.
#[inline]
fn mark_splits<T: Stored>(values: &[T], r: usize, most: usize, seen: &mut Seen, words: usize) {
    let left = &values[1..=most];
    let right = &values[r - most..r];
    if words == 1 {
        // Every XOR is below 64: gather the bits in a register.
        let mut bits = 0u64;
        for (&x, &y) in left.iter().zip(right.iter().rev()) {
            bits |= 1 << ((x ^ y).into() & 63);
        }
        seen.or_word(0, bits);
    } else if most >= BOTH_THREADS_FROM && most >= 4 * 64 * words && platform::in_pool() {
        let half = most / 2;
        let (first, second) = left.split_at(half);
        let (second_right, first_right) = right.split_at(most - half);
        seen.bytes_on_both(
            |bytes| mark_bytes(first, first_right, bytes),
            |bytes| mark_bytes(second, second_right, bytes),
        );
    } else if most >= 4 * 64 * words {
        // Many splits for the values: a byte store each, folded after.
        seen.bytes(|bytes| mark_bytes(left, right, bytes));
    } else {
        for (&x, &y) in left.iter().zip(right.iter().rev()) {
            seen.mark((x ^ y).into());
        }
    }
}

/// Marks x ^ y for x running up `left` and y running down `right`.
#[inline]
fn mark_bytes<T: Stored>(left: &[T], right: &[T], bytes: &mut [u8]) {
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        bytes[(x ^ y).index()] = 1;
    }
}
