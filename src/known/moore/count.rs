//! Counting the winning moves of Moore's Nim_k.
//!
//! For each set S of at most k nonempty heaps, a move changing exactly the
//! heaps of S to P is a choice of values q_i < h_i (i in S) whose column sums
//! are fixed (each column's total must be a multiple of k + 1, and S changes
//! fewer than k + 1 of it). Those are counted by a digit DP from the top bit
//! down whose state is the set of heaps of S still equal to h_i on the bits
//! so far: 2^|S| states, at most 3^|S| transitions per bit. The same tables
//! drive the walk that lists the moves (`walk.rs`), with no dead ends.
//!
//! The count is exact whenever the DP fits its budget, decided up front:
//! `WORK_LIMIT` bounds the sum over the sets S of 3^|S| * bits * (1 + bits *
//! |S| / 64) word operations, bits being the longest heap's, and
//! `MEMORY_LIMIT` one set's tables. Roughly: k = 2 with up to ~300 heaps of
//! 64 bits, k = 3 with ~45, k = 5 with ~13.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::combinations::{binomials, choose, next_choice};

/// Bound on the counting DP's work, in (approximate) word operations: about
/// half a second of an optimised build.
const WORK_LIMIT: u64 = 100_000_000;
/// Bound on one DP table, in (approximate) machine words.
const MEMORY_LIMIT: u64 = 20_000_000;

/// The winning moves, counted per set of changed heaps.
pub(super) struct Counted<'a> {
    pub(super) heaps: &'a [BigUint],
    pub(super) sets: Vec<ChangedSet>,
}

/// A set S of heaps that winning moves change. Its DP tables (`tables`) are
/// dropped after counting and made again to list its moves: kept for every
/// set at once, they would take far more memory than the work they save.
pub(super) struct ChangedSet {
    /// Heap indices, ascending.
    pub(super) heaps: Vec<usize>,
    /// For each bit up to the highest of S's heaps: how many heaps of S must
    /// have it set after the move.
    pub(super) need: Vec<usize>,
    /// The winning moves changing exactly S (not zero).
    pub(super) count: BigUint,
}

impl<'a> Counted<'a> {
    /// Counts every winning move, or `None` beyond the work or memory limit.
    pub(super) fn new(heaps: &'a [BigUint], k: usize, residue: &[usize]) -> Option<Self> {
        let nonempty: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
        let largest = k.min(nonempty.len());
        if !within_budget(nonempty.len(), largest, residue.len() as u64) {
            return None;
        }
        let mut sets = Vec::new();
        for size in 1..=largest {
            let binom = binomials(size);
            let mut choice: Vec<usize> = (0..size).collect();
            loop {
                let set: Vec<usize> = choice.iter().map(|&c| nonempty[c]).collect();
                sets.extend(ChangedSet::count(heaps, set, residue, k + 1, &binom));
                if !next_choice(&mut choice, nonempty.len()) {
                    break;
                }
            }
        }
        Some(Counted { heaps, sets })
    }
}

impl ChangedSet {
    /// The winning moves changing exactly the heaps `set` (`binom` holding
    /// the binomial coefficients up to its size), or `None` if there are
    /// none.
    fn count(
        heaps: &[BigUint],
        set: Vec<usize>,
        residue: &[usize],
        m: usize,
        binom: &[Vec<u64>],
    ) -> Option<Self> {
        let need = needs(heaps, &set, residue, m)?;
        let values: Vec<&BigUint> = set.iter().map(|&i| &heaps[i]).collect();
        let layers = tables(&values, &need, binom);
        let count = layers
            .last()
            .map_or_else(BigUint::zero, |last| last[(1 << set.len()) - 1].clone());
        if count.is_zero() {
            return None;
        }
        Some(ChangedSet {
            heaps: set,
            need,
            count,
        })
    }
}

/// Whether counting the moves of every set of 1 to `largest` of `nonempty`
/// heaps, the longest of `bits` bits, fits `WORK_LIMIT` and `MEMORY_LIMIT`.
/// Decided before any work, from the number of sets of each size and the
/// longest heap: an upper bound, so that a position too large is turned down
/// at once, not after the budget is spent.
fn within_budget(nonempty: usize, largest: usize, bits: u64) -> bool {
    let mut work: u64 = 0;
    for size in 1..=largest {
        let (cost, memory) = dp_cost(size, bits);
        // The column check reads every bit of every heap of the set.
        let per_set = cost.saturating_add(bits.saturating_mul(size as u64));
        work = work.saturating_add(choose(nonempty as u64, size as u64).saturating_mul(per_set));
        if work > WORK_LIMIT || memory > MEMORY_LIMIT {
            return false;
        }
    }
    true
}

/// How many heaps of `set` must have each bit set after a move changing
/// exactly them, or `None` if no such move leads to a P-position: a column
/// would need more than |S| of them, or a bit above all of them.
fn needs(heaps: &[BigUint], set: &[usize], residue: &[usize], m: usize) -> Option<Vec<usize>> {
    let top = set.iter().map(|&i| heaps[i].bits()).max().unwrap_or(0);
    let mut need = Vec::with_capacity(residue.len());
    for (b, &r) in (0u64..).zip(residue) {
        let here = set.iter().filter(|&&i| heaps[i].bit(b)).count();
        // The column's new total, here - here + c, must be 0 mod m.
        let c = (here + m - r) % m;
        if c > set.len() || (b >= top && c != 0) {
            return None;
        }
        if b < top {
            need.push(c);
        }
    }
    Some(need)
}

/// The DP's work and its tables' memory, in words, for `size` heaps of
/// `bits` bits: counts reach 2^(size * bits).
fn dp_cost(size: usize, bits: u64) -> (u64, u64) {
    let words = 1 + bits.saturating_mul(size as u64) / 64;
    let per_bit = 3u64.saturating_pow(size as u32);
    let states = 1u64 << size.min(63);
    (
        per_bit.saturating_mul(bits).saturating_mul(words),
        states.saturating_mul(bits + 1).saturating_mul(words),
    )
}

/// The mask of heaps in `t` (bit i: heap i of the set) whose bit `b` is set.
fn ones(values: &[&BigUint], t: usize, b: u64) -> usize {
    (0..values.len())
        .filter(|&i| t >> i & 1 == 1 && values[i].bit(b))
        .fold(0, |mask, i| mask | 1 << i)
}

/// Calls `f(next, stay, j)` for each way to treat bit `b` from state `t`:
/// the tight heaps with the bit set either keep it (`stay`) or clear it and
/// become smaller (leaving `next` tight); `j` of the loose heaps (already
/// smaller) get the bit, so that `stay + j = need`.
pub(super) fn each_step(
    values: &[&BigUint],
    t: usize,
    b: u64,
    need: usize,
    mut f: impl FnMut(usize, usize, usize),
) {
    let set = ones(values, t, b);
    let loose = values.len() - t.count_ones() as usize;
    // Every subset `cleared` of `set`, counting down to 0.
    let mut cleared = set;
    loop {
        let stay = set & !cleared;
        if let Some(j) = need.checked_sub(stay.count_ones() as usize)
            && j <= loose
        {
            f(t & !cleared, stay, j);
        }
        if cleared == 0 {
            break;
        }
        cleared = (cleared - 1) & set;
    }
}

/// The DP tables: `layers[b][t]` is the number of ways to fill the lowest
/// `b` bits of the heaps `values` with `need[b']` of them set at each bit b',
/// when those in the bit mask `t` are still equal to their old values on the
/// bits above, so that every heap ends smaller than before.
pub(super) fn tables(values: &[&BigUint], need: &[usize], binom: &[Vec<u64>]) -> Vec<Vec<BigUint>> {
    let size = values.len();
    let states = 1usize << size;
    let mut done = vec![BigUint::zero(); states];
    // No bits left: a move only if no heap is still equal (else it is a
    // move of a smaller set, counted there).
    done[0] = BigUint::one();
    let mut layers = vec![done];
    for (b, &c) in (0u64..).zip(need) {
        let below = &layers[layers.len() - 1];
        let mut here = vec![BigUint::zero(); states];
        for (t, slot) in here.iter_mut().enumerate() {
            let loose = size - t.count_ones() as usize;
            each_step(values, t, b, c, |next, _, j| {
                let rest = &below[next];
                if !rest.is_zero() {
                    *slot += rest * binom[loose][j];
                }
            });
        }
        layers.push(here);
    }
    layers
}
