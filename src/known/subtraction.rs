//! Subtraction games: any number of heaps; a move takes an amount in a
//! finite set `S` of positive integers from one heap; normal play. A heap's
//! Grundy value is g(n) = mex{ g(n - s) : s in S, s <= n }, and a position's
//! is their XOR (the Sprague-Grundy theorem). Ferguson, Game Theory, Part I,
//! §1.4, and seed 002: S = {1, 3, 4} is P exactly where n mod 7 is 0 or 2.
//!
//! For n >= max(S), g(n) depends only on the `max(S)` values before it, so
//! g is eventually periodic, and two equal windows of `max(S)` consecutive
//! values prove a period (the window theorem, `crate::period`). `sequence`
//! computes g until the first repeated window, then has `crate::period`
//! make the period and preperiod smallest (`period` gives the period alone); every heap, of any size, is then
//! answered from the period. The options of g(n) are the values in a
//! sliding window per run of consecutive amounts in `S`, so their counts
//! are kept, updated by two values per run at each step: a range like
//! `2..10000` costs little. The work is bounded: `max(S)` at most
//! `MAX_AMOUNT` (10 000), and at most `MAX_VALUES` values (2^21) and
//! `MAX_WORK` steps (10^8: per value, one per run of `S` and one per value
//! below the mex) before giving up, in which case the game is not
//! recognised.

use std::collections::BTreeSet;

use num_bigint::{BigInt, BigUint};
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap;

use super::closed::{Closed, Entry, Known};
use super::nim::{Collector, replaced, single_take};
use crate::period::{self, Period, Theorem};
use crate::position::Outcome;
use crate::rules::{AmountBase, Game};

/// The largest amount a recognised subtraction set may hold.
pub const MAX_AMOUNT: u64 = 10_000;
/// Steps of work (per value: one per run of consecutive amounts, one per
/// value up to the mex) the period search may take.
pub const MAX_WORK: u64 = 100_000_000;
/// Values of g the period search may compute.
pub const MAX_VALUES: usize = 1 << 21;

pub static ENTRY: Entry = Entry {
    id: "subtraction",
    recognises: "heaps * (or heaps N); take S from one heap, S a finite set of positive integers ({1, 3, 4}, or a range like 2..5), max(S) <= 10000; normal play",
    formula: "g(n) = mex{g(n - s) : s in S, s <= n}, eventually periodic (computed until a window of max(S) values repeats); the Grundy value is the XOR of g(h); P iff it is 0",
    source: "subtraction games: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 4; S = {1, 3, 4} (P iff n mod 7 is 0 or 2): T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §1.4; the sum: the Sprague-Grundy theorem (Sprague 1935, Grundy 1939)",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere {
        return None;
    }
    let set = finite_set(single_take(game)?)?;
    Some(Box::new(Subtraction::new(set)?))
}

/// The amounts as a set of positive integers at most `MAX_AMOUNT`.
fn finite_set(base: &AmountBase) -> Option<Vec<u64>> {
    let small = |v: &BigInt| v.to_u64().filter(|&v| (1..=MAX_AMOUNT).contains(&v));
    match base {
        AmountBase::Range { lo, hi: Some(hi) } => Some((small(lo)?..=small(hi)?).collect()),
        AmountBase::Set(set) => set.iter().map(small).collect(),
        AmountBase::Range { hi: None, .. } => None,
    }
}

/// The period of the subtraction game `set` (positive amounts, in any
/// order), proven by the window theorem, and its values g(0), ...,
/// g(preperiod + period - 1); `None` if `set` is empty, holds 0 or more
/// than `MAX_AMOUNT`, or no period shows within `MAX_WORK` steps or
/// `MAX_VALUES` values.
pub fn sequence(set: &[u64]) -> Option<(Vec<u32>, Period)> {
    let set: Vec<usize> = set
        .iter()
        .map(|&s| {
            usize::try_from(s)
                .ok()
                .filter(|&s| s >= 1 && s as u64 <= MAX_AMOUNT)
        })
        .collect::<Option<BTreeSet<usize>>>()?
        .into_iter()
        .collect();
    let width = *set.last()?;
    let mut options = Options::new(&set);
    let mut work = 0u64;
    // A window of `width` values is hashed as a polynomial in BASE (mod
    // 2^64), rolled forward one value at a time. Equal hashes are compared
    // in full, so a collision cannot fake a period; it could only hide the
    // first repeat, which is why the period is made smallest afterwards.
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let top = (1..width).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut values: Vec<u32> = Vec::new();
    let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
    let mut hash = 0u64;
    let mut n = 0;
    let (first, again) = loop {
        if n >= width {
            // The window before n decides g(n) and everything after it.
            match seen.get(&hash) {
                Some(&m) if values[m - width..m] == values[n - width..n] => break (m, n),
                Some(_) => {}
                None => {
                    seen.insert(hash, n);
                }
            }
        }
        if n >= MAX_VALUES || work >= MAX_WORK {
            return None;
        }
        let (g, steps) = options.mex_at(n, &values);
        work += steps as u64;
        values.push(g);
        if n >= width {
            let oldest = u64::from(values[n - width]) + 1;
            hash = hash.wrapping_sub(oldest.wrapping_mul(top));
        }
        hash = hash.wrapping_mul(BASE).wrapping_add(u64::from(g) + 1);
        n += 1;
    };
    // Equal windows end at `first` and `again`: the values prove period
    // again - first by the window theorem, and the shortest period divides it.
    let theorem = Theorem::Window { t: width };
    let period = period::smallest_dividing(&values, theorem, again - first)?;
    values.truncate(period.preperiod + period.period);
    Some((values, period))
}

/// The options of g(n): the values g(n - s), s in S, as a multiset, moved
/// along with n. For each run `lo..=hi` of consecutive amounts they are the
/// values in a window, so each step adds and drops one value per run.
struct Options {
    /// Maximal runs of consecutive amounts, `(lo, hi)` inclusive.
    runs: Vec<(usize, usize)>,
    /// How many options have each value (the mex is at most |S|).
    counts: Vec<usize>,
}

impl Options {
    /// `set`: sorted, distinct, positive.
    fn new(set: &[usize]) -> Self {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &s in set {
            match runs.last_mut() {
                Some((_, hi)) if *hi + 1 == s => *hi = s,
                _ => runs.push((s, s)),
            }
        }
        Options {
            runs,
            counts: vec![0; set.len() + 1],
        }
    }

    /// g(n), given `values` = g(0), ..., g(n - 1); also the steps it took.
    fn mex_at(&mut self, n: usize, values: &[u32]) -> (u32, usize) {
        for &(lo, hi) in &self.runs {
            if n >= lo
                && let Some(count) = self.counts.get_mut(values[n - lo] as usize)
            {
                *count += 1;
            }
            // Only values added before leave, so the count is positive.
            if n > hi
                && let Some(count) = self.counts.get_mut(values[n - hi - 1] as usize)
            {
                *count = count.saturating_sub(1);
            }
        }
        // At most |S| options, so one of 0..=|S| is missing.
        let mex = self.counts.iter().position(|&c| c == 0).unwrap_or(0);
        (mex as u32, self.runs.len() + mex + 1)
    }
}

struct Subtraction {
    set: Vec<u64>,
    /// g(0), ..., g(preperiod + period - 1).
    values: Vec<u32>,
    period: Period,
}

impl Subtraction {
    fn new(set: Vec<u64>) -> Option<Self> {
        let (values, period) = sequence(&set)?;
        Some(Subtraction {
            set,
            values,
            period,
        })
    }

    /// g(n), for a heap of any size.
    fn value(&self, n: &BigUint) -> u32 {
        let index = self.period.index(n);
        self.values.get(index).copied().unwrap_or(0)
    }

    /// The heap sizes `preperiod + r` (`r < period`) that are P.
    fn zeros(&self) -> impl Iterator<Item = usize> + '_ {
        let (e, p) = (self.period.preperiod, self.period.period);
        (0..p).filter(move |&r| self.values[e + r] == 0)
    }
}

impl Known for Subtraction {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        let p = &self.period;
        let set = list(self.set.iter());
        let zeros = list(self.zeros());
        let mut early: Vec<usize> = (0..p.preperiod).filter(|&n| self.values[n] == 0).collect();
        let heap = if p.preperiod == 0 {
            format!("n mod {} in {{{zeros}}}", p.period)
        } else {
            early.truncate(32);
            format!(
                "n in {{{}}} or n >= {pre} and (n - {pre}) mod {} in {{{zeros}}}",
                list(early.iter()),
                p.period,
                pre = p.preperiod,
            )
        };
        format!(
            "a heap n alone is P iff {heap}; g has period {} from n = {}, and a position is P iff the XOR of g over its heaps is 0 (S = {{{set}}})",
            p.period, p.preperiod
        )
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let values: Vec<u32> = heaps.iter().map(|h| self.value(h)).collect();
        let s = values.iter().fold(0, |acc, g| acc ^ g);
        let mut winning = Collector::new(max_moves);
        if s != 0 {
            for (i, (h, g)) in heaps.iter().zip(&values).enumerate() {
                let target = g ^ s;
                // Amounts in increasing order, as the search makes them.
                for &amount in &self.set {
                    let amount = BigUint::from(amount);
                    if amount > *h {
                        break;
                    }
                    let to = h - amount;
                    if self.value(&to) == target {
                        // The game's only rule is rule 0.
                        winning.push(0, || replaced(heaps, i, to));
                    }
                }
            }
        }
        Closed {
            outcome: Outcome::p_if(s == 0),
            grundy: Some(BigUint::from(s)),
            winning: winning.finish(),
        }
    }
}

/// `1, 3, 4`, eliding a long list.
fn list<T: ToString>(items: impl Iterator<Item = T>) -> String {
    let mut items: Vec<String> = items.map(|v| v.to_string()).collect();
    if items.len() > 32 {
        items.truncate(32);
        items.push("...".to_string());
    }
    items.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_002_set_has_period_7() {
        let s = Subtraction::new(vec![1, 3, 4]).unwrap();
        assert_eq!((s.period.preperiod, s.period.period), (0, 7));
        assert_eq!(s.values, vec![0, 1, 0, 1, 2, 3, 2]);
        assert!(sequence(&[]).is_none());
        assert!(sequence(&[0, 1]).is_none());
    }

    #[test]
    fn preperiod_is_the_smallest() {
        // Against the values computed directly, far past the period.
        for set in [
            vec![2, 5, 6],
            vec![3, 4, 9],
            vec![2, 7],
            vec![1, 4, 5, 12],
            vec![5],
        ] {
            let s = Subtraction::new(set.clone()).unwrap();
            let p = &s.period;
            let mut g: Vec<u32> = Vec::new();
            for n in 0..2000usize {
                let opts: BTreeSet<u32> = set
                    .iter()
                    .filter(|&&s| s as usize <= n)
                    .map(|&s| g[n - s as usize])
                    .collect();
                g.push((0..).find(|v| !opts.contains(v)).unwrap());
            }
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(s.value(&BigUint::from(n)), v, "{set:?} at {n}");
            }
            let pre = p.preperiod;
            if pre > 0 {
                assert_ne!(g[pre - 1], g[pre - 1 + p.period], "{set:?}");
            }
            // No smaller period holds from the preperiod on.
            for q in 1..p.period {
                assert!((pre..1900).any(|n| g[n] != g[n + q]), "{set:?}: period {q}");
            }
        }
    }
}
