//! Growing a quotient by one heap: the heap as an element already there,
//! or a new cyclic generator, the product marked and reduced, and the
//! heaps of the least failing game given generators of their own until a
//! candidate passes the checks.

use fixedbitset::FixedBitSet;

use super::failures;
use super::found::{Limits, Quotient, Stopped};
use super::monoid::{self, Candidate, Trial};
use super::moves::{HeapMoves, Word};
use crate::search::budget::{Budget, Exhausted};

/// The most elements a trial monoid may have.
const MAX_TRIAL: usize = 1 << 20;

/// Grows `q` by heap n (in `phi`'s numbering; its size is `size`), whose
/// moves are the last of `heaps`.
pub(super) fn add_heap(
    q: &mut Quotient,
    heaps: &HeapMoves,
    n: u32,
    size: u64,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<(), Stopped> {
    let stop = |exhausted| Stopped::Budget {
        heap: size,
        exhausted,
    };
    if heaps.options[n as usize].is_empty() {
        q.phi.push(0);
        return Ok(());
    }
    if let Some(x) = same_quotient(q, heaps, n, budget).map_err(stop)? {
        q.phi.push(x);
        return Ok(());
    }
    let found = expand(q, heaps, n, size, limits, budget)?;
    q.monoid = found.monoid;
    q.p = found.p;
    q.phi = found.phi;
    q.words = found.words;
    q.growth.push((size, q.monoid.order()));
    Ok(())
}

/// An element of the quotient so far that heap n can be, proven: P exactly
/// when heap n is, told apart from each element a move of heap n reaches
/// in every context (a context making both P would be a P-position with a
/// move to another), and the quotient with heap n standing for it passing
/// the whole failure search.
fn same_quotient(
    q: &Quotient,
    heaps: &HeapMoves,
    n: u32,
    budget: &mut Budget,
) -> Result<Option<u32>, Exhausted> {
    let current = candidate_of(q, None);
    let moves = failures::transitions(&current, heaps, n as usize);
    let heap_is_p = moves.is_disjoint(&q.p);
    let order = q.monoid.order();
    // contexts[x]: the z with xz in P.
    let contexts: Vec<FixedBitSet> = (0..order as u32)
        .map(|x| {
            let mut c = FixedBitSet::with_capacity(order);
            c.extend(
                (0..order as u32)
                    .filter(|&z| q.is_p_element(q.monoid.mul(x, z)))
                    .map(|z| z as usize),
            );
            c
        })
        .collect();
    budget.spend((order * order) as u64)?;
    for x in 0..order as u32 {
        if q.is_p_element(x) != heap_is_p
            || moves
                .ones()
                .any(|t| !contexts[x as usize].is_disjoint(&contexts[t]))
        {
            continue;
        }
        let trying = candidate_of(q, Some(x));
        let kinds = failures::Kinds::new(&trying, heaps);
        if failures::least_failure(&trying, &kinds, budget)?.is_none() {
            return Ok(Some(x));
        }
    }
    Ok(None)
}

/// The quotient so far as a candidate, heap n (the next) standing for `x`.
fn candidate_of(q: &Quotient, x: Option<u32>) -> Candidate {
    let mut phi = q.phi.clone();
    phi.extend(x);
    Candidate {
        monoid: q.monoid.clone(),
        p: q.p.clone(),
        phi,
        words: q.words.clone(),
    }
}

/// A larger quotient for heaps up to n: the quotient so far times a cyclic
/// monoid for heap n, and, while the candidate fails, the candidate times
/// cyclic monoids for heaps of its least failing game (standing for those
/// alone), until one is proven.
fn expand(
    q: &Quotient,
    heaps: &HeapMoves,
    n: u32,
    heap: u64,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Candidate, Stopped> {
    let stop = |exhausted| Stopped::Budget { heap, exhausted };
    let start = candidate_of(q, Some(0));
    let (mut found, mut failure) =
        trial(&start, heaps, &[(n, 2)], heap, budget)?.ok_or(Stopped::Stuck { heap })?;
    while let Some(word) = failure {
        if found.monoid.order() > limits.max_order {
            break;
        }
        let claimed = found.claims_p(&word);
        let representative = found.words[found.element_of(&word) as usize].clone();
        let mut progress = None;
        for changes in recalibrations(&found, &word, &representative) {
            let Some((next, next_failure)) = trial(&found, heaps, &changes, heap, budget)? else {
                continue;
            };
            let fixed =
                next_failure.as_ref().is_none_or(|f| *f > word) || next.claims_p(&word) != claimed;
            if fixed {
                progress = Some((next, next_failure));
                break;
            }
        }
        let Some((next, next_failure)) = progress else {
            return Err(Stopped::Stuck { heap });
        };
        found = next;
        failure = next_failure;
        budget.check_clock().map_err(stop)?;
    }
    if found.monoid.order() > limits.max_order {
        return Err(Stopped::TooLarge {
            heap,
            order: found.monoid.order(),
        });
    }
    Ok(found)
}

/// The candidate of the trial `base` times a cyclic monoid of each index of
/// `changes`, whose heap stands for that monoid's generator alone, and its
/// least failure; `None` if the trial is too large.
fn trial(
    base: &Candidate,
    heaps: &HeapMoves,
    changes: &[(u32, usize)],
    heap: u64,
    budget: &mut Budget,
) -> Result<Option<(Candidate, Option<Word>)>, Stopped> {
    let stop = |exhausted| Stopped::Budget { heap, exhausted };
    let indices = changes.iter().map(|&(_, i)| i).collect();
    let Some(t) = Trial::new(&base.monoid, indices, MAX_TRIAL) else {
        return Ok(None);
    };
    let images: Vec<usize> = (0..heaps.heaps())
        .map(
            |h| match changes.iter().position(|&(k, _)| k as usize == h) {
                Some(k) => t.generator(k),
                None => t.base(base.phi[h]),
            },
        )
        .collect();
    let candidate = monoid::candidate(&t, &images, heaps, budget).map_err(stop)?;
    let kinds = failures::Kinds::new(&candidate, heaps);
    let failure = failures::least_failure(&candidate, &kinds, budget).map_err(stop)?;
    Ok(Some((candidate, failure)))
}

/// The ways to give heaps of the failing `word` (and of the least game
/// `representative` with its element) cyclic monoids of their own, fewest
/// heaps first: each with index at least 2, its element's index, and its
/// count in the word less one.
fn recalibrations(found: &Candidate, word: &Word, representative: &Word) -> Vec<Vec<(u32, usize)>> {
    let mut distinct: Vec<u32> = word.iter().chain(representative).copied().collect();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    let count = |h: u32| word.iter().filter(|&&k| k == h).count();
    let changes: Vec<(u32, usize)> = distinct
        .iter()
        .map(|&h| {
            let index = found.monoid.index(found.phi[h as usize]);
            (h, index.max(count(h).saturating_sub(1)).max(2))
        })
        .collect();
    let m = changes.len().min(12);
    let mut subsets: Vec<u32> = (1..1u32 << m).collect();
    subsets.sort_by_key(|s| (s.count_ones(), *s));
    subsets
        .into_iter()
        .map(|s| {
            (changes.iter().enumerate())
                .filter(|&(bit, _)| bit < m && s & (1 << bit) != 0)
                .map(|(_, &c)| c)
                .collect()
        })
        .collect()
}
