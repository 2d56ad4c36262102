//! Moore's Nim_k: any number of heaps; a move takes any positive amounts
//! from 1 to k heaps at once (k >= 2; k = 1 is Nim); normal play.
//!
//! E. H. Moore (Annals of Math. 11, 1910), and seed 003: a position is P iff,
//! for every bit, the number of heaps with that bit set is a multiple of
//! k + 1. No move can clear or set k + 1 bits of one column; from an
//! N-position, seed 003's proof builds a move column by column from the top
//! (`constructive_move`).
//!
//! Winning moves can be exponentially many, so they are counted rather than
//! generated one by one: for each set S of at most k nonempty heaps, a move changing exactly the
//! heaps of S to P is a choice of values q_i < h_i (i in S) whose column sums
//! are fixed (each column's total must be a multiple of k + 1, and S changes
//! fewer than k + 1 of it). Those are counted by a digit DP from the top bit
//! down whose state is the set of heaps of S still equal to h_i on the bits
//! so far: 2^|S| states, at most 3^|S| transitions per bit. The same tables
//! drive a walk that lists the moves, with no dead ends. Up to `SORT_LIMIT`
//! moves, all are generated and listed in the search's order (by the position
//! after the move, descending); beyond it, the first `max_moves` of the walk
//! are listed (sets of heaps by size, then lexicographically).
//!
//! The count is exact whenever the DP fits its budget, decided up front:
//! `WORK_LIMIT` bounds the sum over the sets S of 3^|S| * bits * (1 + bits *
//! |S| / 64) word operations, bits being the longest heap's, and
//! `MEMORY_LIMIT` one set's tables. Roughly: k = 2 with up to ~300 heaps of
//! 64 bits, k = 3 with ~45, k = 5 with ~13. Beyond it, only the one
//! constructive move is given, and `count` is 1: then it counts the moves
//! listed, not all of them.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::nim::takes_any;
use super::{Closed, Entry, Known, KnownMove, WinningMoves};
use crate::position::Outcome;
use crate::rules::{Amounts, Game, MoveKind, Target};

pub static ENTRY: Entry = Entry {
    id: "moore",
    recognises: "heaps * (or heaps N); take 1.. from up to k heaps, k >= 2; normal play, no invariant",
    formula: "P iff, for every bit, the number of heaps with that bit set is a multiple of k + 1",
    source: "Moore's Nim_k: E. H. Moore, Annals of Math. 11 (1910)",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere {
        return None;
    }
    match super::only_rule(game)? {
        MoveKind::Take {
            amounts: Amounts {
                base,
                condition: None,
            },
            target: Target::UpTo(k),
            split_rest: None,
        } if *k >= 2 && takes_any(base) => Some(Box::new(Moore { k: *k })),
        _ => None,
    }
}

/// Bound on the counting DP's work, in (approximate) word operations: about
/// half a second of an optimised build.
const WORK_LIMIT: u64 = 100_000_000;
/// Bound on one DP table, in (approximate) machine words.
const MEMORY_LIMIT: u64 = 20_000_000;
/// Up to this many winning moves, all are generated and sorted into the
/// search's order; beyond it, the first listed are in the walk's order.
const SORT_LIMIT: u64 = 1 << 16;

struct Moore {
    k: usize,
}

impl Known for Moore {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        format!(
            "a position is P iff, for every bit, the number of heaps with that bit set is a multiple of {} (k = {})",
            self.k + 1,
            self.k
        )
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let residue = residues(heaps, self.k + 1);
        let p = residue.iter().all(|&r| r == 0);
        let winning = if p {
            WinningMoves::default()
        } else {
            winning_moves(heaps, self.k, &residue, max_moves)
        };
        Closed {
            outcome: Outcome::p_if(p),
            grundy: None,
            winning,
        }
    }
}

/// For each bit (lowest first), the number of heaps with it set, mod `m`.
fn residues(heaps: &[BigUint], m: usize) -> Vec<usize> {
    let bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    (0..bits)
        .map(|b| heaps.iter().filter(|h| h.bit(b)).count() % m)
        .collect()
}

/// The moves from an N-position to P-positions.
fn winning_moves(heaps: &[BigUint], k: usize, residue: &[usize], max_moves: usize) -> WinningMoves {
    let listed = |moves: Vec<Vec<BigUint>>| -> Vec<KnownMove> {
        moves
            .into_iter()
            .take(max_moves)
            .map(|to| KnownMove { rule: 0, to })
            .collect()
    };
    // With at most k heaps, every column count is at most k, so the only
    // P-position is all-empty: one move, emptying every heap (the exact
    // count without the DP, whose cost would grow as 3^heaps).
    if heaps.len() <= k {
        let zeros = vec![BigUint::zero(); heaps.len()];
        return WinningMoves {
            count: BigUint::one(),
            at_least: false,
            moves: listed(vec![zeros]),
        };
    }
    match Counted::new(heaps, k, residue) {
        Some(counted) => {
            let total: BigUint = counted.sets.iter().map(|set| &set.count).sum();
            let moves = if total <= BigUint::from(SORT_LIMIT) {
                // All of them, in the search's order: it lists a move by
                // the amounts taken, heap 1 first, untouched (0) first, so by
                // the position after it, lexicographically descending.
                let mut all = counted.list(usize::MAX);
                all.sort_unstable_by(|a, b| b.cmp(a));
                all
            } else {
                counted.list(max_moves)
            };
            WinningMoves {
                count: total,
                at_least: false,
                moves: listed(moves),
            }
        }
        None => WinningMoves {
            // Too large to count: the constructive move alone (see the
            // module's documentation).
            count: BigUint::one(),
            at_least: true,
            moves: listed(vec![constructive_move(heaps, k)]),
        },
    }
}

/// The winning moves, counted per set of changed heaps.
struct Counted<'a> {
    heaps: &'a [BigUint],
    sets: Vec<ChangedSet>,
}

/// A set S of heaps that winning moves change. Its DP tables (`tables`) are
/// dropped after counting and made again to list its moves: kept for every
/// set at once, they would take far more memory than the work they save.
struct ChangedSet {
    /// Heap indices, ascending.
    heaps: Vec<usize>,
    /// For each bit up to the highest of S's heaps: how many heaps of S must
    /// have it set after the move.
    need: Vec<usize>,
    /// The winning moves changing exactly S (not zero).
    count: BigUint,
}

impl<'a> Counted<'a> {
    /// Counts every winning move, or `None` beyond the work or memory limit.
    fn new(heaps: &'a [BigUint], k: usize, residue: &[usize]) -> Option<Self> {
        let nonempty: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
        let largest = k.min(nonempty.len());
        // Decided before any work, from the number of sets of each size and
        // the longest heap: an upper bound, so that a position too large is
        // turned down at once, not after the budget is spent.
        let bits = residue.len() as u64;
        let mut work: u64 = 0;
        for size in 1..=largest {
            let (cost, memory) = dp_cost(size, bits);
            // The column check reads every bit of every heap of the set.
            let per_set = cost.saturating_add(bits.saturating_mul(size as u64));
            work = work
                .saturating_add(choose(nonempty.len() as u64, size as u64).saturating_mul(per_set));
            if work > WORK_LIMIT || memory > MEMORY_LIMIT {
                return None;
            }
        }
        let mut sets = Vec::new();
        for size in 1..=largest {
            let binom = binomials(size);
            let mut choice: Vec<usize> = (0..size).collect();
            loop {
                let set: Vec<usize> = choice.iter().map(|&c| nonempty[c]).collect();
                if let Some(need) = needs(heaps, &set, residue, k + 1) {
                    let values: Vec<&BigUint> = set.iter().map(|&i| &heaps[i]).collect();
                    let layers = tables(&values, &need, &binom);
                    let count = layers
                        .last()
                        .map_or_else(BigUint::zero, |last| last[(1 << size) - 1].clone());
                    if !count.is_zero() {
                        sets.push(ChangedSet {
                            heaps: set,
                            need,
                            count,
                        });
                    }
                }
                if !next_choice(&mut choice, nonempty.len()) {
                    break;
                }
            }
        }
        Some(Counted { heaps, sets })
    }

    /// The positions after the first `limit` winning moves: sets in the
    /// order counted, each walked through its tables.
    fn list(&self, limit: usize) -> Vec<Vec<BigUint>> {
        let mut out = Vec::new();
        for set in &self.sets {
            if out.len() >= limit {
                break;
            }
            walk(self.heaps, set, limit, &mut out);
        }
        out
    }
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

/// C(n, j), saturating at u64::MAX.
fn choose(n: u64, j: u64) -> u64 {
    let mut c: u128 = 1;
    for i in 0..j {
        // Exact at each step: c * (n - i) is divisible by i + 1.
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// Binomial coefficients C(n, j) for n, j <= size (size is small: 3^size
/// fits the work limit).
fn binomials(size: usize) -> Vec<Vec<u64>> {
    let mut c = vec![vec![0u64; size + 1]; size + 1];
    for n in 0..=size {
        c[n][0] = 1;
        for j in 1..=n {
            c[n][j] = c[n - 1][j - 1] + if j < n { c[n - 1][j] } else { 0 };
        }
    }
    c
}

/// Advances `choice` to the next `choice.len()`-subset of `0..n` in
/// lexicographic order; false after the last.
fn next_choice(choice: &mut [usize], n: usize) -> bool {
    let size = choice.len();
    let Some(i) = (0..size).rev().find(|&i| choice[i] < n - size + i) else {
        return false;
    };
    choice[i] += 1;
    for j in i + 1..size {
        choice[j] = choice[j - 1] + 1;
    }
    true
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
fn each_step(
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
fn tables(values: &[&BigUint], need: &[usize], binom: &[Vec<u64>]) -> Vec<Vec<BigUint>> {
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

/// Appends the positions after `set`'s winning moves to `out`, until it
/// holds `limit`: a depth-first walk from the top bit, with an explicit
/// stack (heaps may have many bits), only into branches the tables count.
fn walk(heaps: &[BigUint], set: &ChangedSet, limit: usize, out: &mut Vec<Vec<BigUint>>) {
    let values: Vec<&BigUint> = set.heaps.iter().map(|&i| &heaps[i]).collect();
    let size = values.len();
    let layers = tables(&values, &set.need, &binomials(size));
    let mut q = vec![BigUint::zero(); size];
    // Per level (bit b = level's bits - 1): its branches, each the next
    // state and the mask of heaps given the bit, and the next to try.
    let branches = |bits: usize, t: usize| -> Vec<(usize, usize)> {
        let b = bits - 1;
        let mut found = Vec::new();
        let loose: Vec<usize> = (0..size).filter(|&i| t >> i & 1 == 0).collect();
        each_step(&values, t, b as u64, set.need[b], |next, stay, j| {
            if layers[b][next].is_zero() {
                return;
            }
            for chosen in subsets_of(&loose, j) {
                found.push((next, stay | chosen));
            }
        });
        found
    };
    let top = set.need.len();
    if top == 0 {
        // Empty heaps are never in a set; nothing to walk.
        return;
    }
    let full = (1usize << size) - 1;
    let mut stack = vec![(top, branches(top, full), 0usize)];
    while let Some((bits, options, index)) = stack.last_mut() {
        let b = (*bits - 1) as u64;
        // Undo the previous branch's bit before trying the next.
        for v in q.iter_mut() {
            v.set_bit(b, false);
        }
        let Some(&(next, given)) = options.get(*index) else {
            stack.pop();
            continue;
        };
        *index += 1;
        for (i, v) in q.iter_mut().enumerate() {
            if given >> i & 1 == 1 {
                v.set_bit(b, true);
            }
        }
        let below = *bits - 1;
        if below == 0 {
            let mut to = heaps.to_vec();
            for (&i, v) in set.heaps.iter().zip(&q) {
                to[i] = v.clone();
            }
            out.push(to);
            if out.len() >= limit {
                return;
            }
        } else {
            let options = branches(below, next);
            stack.push((below, options, 0));
        }
    }
}

/// The masks of each `j`-element subset of `items` (bit positions).
fn subsets_of(items: &[usize], j: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if j > items.len() {
        return out;
    }
    let mut choice: Vec<usize> = (0..j).collect();
    loop {
        out.push(choice.iter().fold(0, |mask, &c| mask | 1 << items[c]));
        if j == 0 || !next_choice(&mut choice, items.len()) {
            return out;
        }
    }
}

/// Seed 003's construction of a winning move from an N-position: at the
/// highest unbalanced bit, clear it on m of the heaps having it (m = the
/// column count mod k + 1); at each lower unbalanced bit (count r mod k + 1),
/// with A changed heaps having the bit and B not: clear it on r of the A, or
/// set it on k + 1 - r of the B, or else clear it on all A and on r - A
/// unchanged heaps (then B + r <= k heaps are changed). A heap is first
/// changed by clearing a set bit, so it ends smaller.
fn constructive_move(heaps: &[BigUint], k: usize) -> Vec<BigUint> {
    let m = k + 1;
    let mut q = heaps.to_vec();
    let mut changed = vec![false; heaps.len()];
    let bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    for b in (0..bits).rev() {
        let r = q.iter().filter(|v| v.bit(b)).count() % m;
        if r == 0 {
            continue;
        }
        let with: Vec<usize> = (0..q.len())
            .filter(|&i| changed[i] && q[i].bit(b))
            .collect();
        let without: Vec<usize> = (0..q.len())
            .filter(|&i| changed[i] && !q[i].bit(b))
            .collect();
        if r <= with.len() {
            for &i in &with[..r] {
                q[i].set_bit(b, false);
            }
        } else if m - r <= without.len() {
            for &i in &without[..m - r] {
                q[i].set_bit(b, true);
            }
        } else {
            for &i in &with {
                q[i].set_bit(b, false);
            }
            let fresh: Vec<usize> = (0..q.len())
                .filter(|&i| !changed[i] && q[i].bit(b))
                .take(r - with.len())
                .collect();
            for i in fresh {
                q[i].set_bit(b, false);
                changed[i] = true;
            }
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(values: &[u64]) -> Vec<BigUint> {
        values.iter().map(|&v| BigUint::from(v)).collect()
    }

    fn p(heaps: &[BigUint], k: usize) -> bool {
        residues(heaps, k + 1).iter().all(|&r| r == 0)
    }

    #[test]
    fn the_constructive_move_reaches_p_by_changing_at_most_k_heaps() {
        for k in 2..=3 {
            for a in 0..8u64 {
                for b in 0..8 {
                    for c in 0..8 {
                        for d in 0..4 {
                            let heaps = big(&[a, b, c, d]);
                            if p(&heaps, k) {
                                continue;
                            }
                            let to = constructive_move(&heaps, k);
                            let changed = heaps.iter().zip(&to).filter(|(h, q)| h != q).count();
                            assert!(p(&to, k), "k = {k}, {heaps:?} -> {to:?}");
                            assert!((1..=k).contains(&changed));
                            assert!(heaps.iter().zip(&to).all(|(h, q)| q <= h));
                        }
                    }
                }
            }
        }
    }
}
