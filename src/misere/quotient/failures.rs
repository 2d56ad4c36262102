//! The proof that a candidate quotient is right for every sum of heaps up
//! to the last: no game it calls P has a move to a game it calls P (no
//! P-failure), and no game with a move that it calls N lacks a move to one
//! it calls P (no N-failure). Given both, by induction on games, a sum of
//! heaps is P exactly when the product of its heaps' elements is in the
//! P-portion (Plambeck and Siegel, "Misère quotients for impartial games",
//! JCTA 2008). Everything else in growing a quotient only proposes
//! candidates; this decides.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use fixedbitset::FixedBitSet;

use super::monoid::Candidate;
use super::moves::{HeapMoves, Word};
use crate::search::budget::{Budget, Exhausted};

/// What each heap with a move stands for in a candidate: its element and
/// the elements its moves reach (its transitions).
pub struct Kinds {
    /// The least heap of each kind (same element, same transitions); games
    /// of other heaps of a kind behave the same.
    kinds: Vec<u32>,
    transitions: Vec<FixedBitSet>,
}

impl Kinds {
    pub fn new(candidate: &Candidate, heaps: &HeapMoves) -> Self {
        let transitions: Vec<FixedBitSet> = (0..candidate.phi.len())
            .map(|h| transitions(candidate, heaps, h))
            .collect();
        let mut kinds: Vec<u32> = Vec::new();
        for h in 1..candidate.phi.len() {
            let same = |k: &u32| {
                candidate.phi[*k as usize] == candidate.phi[h]
                    && transitions[*k as usize] == transitions[h]
            };
            if !heaps.options[h].is_empty() && !kinds.iter().any(same) {
                kinds.push(h as u32);
            }
        }
        Kinds { kinds, transitions }
    }

    /// The elements heap h's moves reach.
    pub fn transitions(&self, h: usize) -> &FixedBitSet {
        &self.transitions[h]
    }
}

/// The elements heap h's moves reach in `candidate`.
pub fn transitions(candidate: &Candidate, heaps: &HeapMoves, h: usize) -> FixedBitSet {
    let monoid = &candidate.monoid;
    let mut t = FixedBitSet::with_capacity(monoid.order());
    for option in &heaps.options[h] {
        let e = monoid.product(option.iter().map(|&k| candidate.phi[k as usize]));
        t.insert(e as usize);
    }
    t
}

/// The least game (in the order of words) that is a P- or N-failure of
/// `candidate`, or `None` when it has none and is right.
pub fn least_failure(
    candidate: &Candidate,
    kinds: &Kinds,
    budget: &mut Budget,
) -> Result<Option<Word>, Exhausted> {
    if candidate.p.contains(0) {
        return Ok(Some(Vec::new()));
    }
    let p_failure = least_p_failure(candidate, kinds, budget)?;
    let n_failure = least_n_failure(candidate, kinds, p_failure.as_ref(), budget)?;
    Ok(match (p_failure, n_failure) {
        (Some(p), Some(n)) => Some(p.min(n)),
        (p, n) => p.or(n),
    })
}

/// A game x + heap h called P with a move in h to a game called P. Every
/// element is some game's, and every move is a move in one heap of a game
/// written as the rest plus that heap: these are all the P-failures.
fn least_p_failure(
    candidate: &Candidate,
    kinds: &Kinds,
    budget: &mut Budget,
) -> Result<Option<Word>, Exhausted> {
    let monoid = &candidate.monoid;
    let mut least: Option<Word> = None;
    for x in 0..monoid.order() as u32 {
        for &h in &kinds.kinds {
            let t = kinds.transitions(h as usize);
            budget.spend(t.count_ones(..) as u64)?;
            let failing = candidate
                .p
                .contains(monoid.mul(x, candidate.phi[h as usize]) as usize)
                && t.ones()
                    .any(|t| candidate.p.contains(monoid.mul(x, t as u32) as usize));
            if failing {
                let word = with(&candidate.words[x as usize], h);
                if least.as_ref().is_none_or(|l| word < *l) {
                    least = Some(word);
                }
            }
        }
    }
    Ok(least)
}

/// A game with a move, called N, none of whose moves reaches a game called
/// P. Games are taken smallest first as (element, elements their moves
/// reach); a game is not extended when an earlier one has the same element
/// and moves reaching a subset of its (if an extension of the later one
/// failed, the same extension of the earlier one would fail, and sooner).
/// Only games below `below` are looked at.
fn least_n_failure(
    candidate: &Candidate,
    kinds: &Kinds,
    below: Option<&Word>,
    budget: &mut Budget,
) -> Result<Option<Word>, Exhausted> {
    let monoid = &candidate.monoid;
    let order = monoid.order();
    let mut minimal: Vec<Vec<FixedBitSet>> = vec![Vec::new(); order];
    let mut queue: BinaryHeap<Reverse<(Word, u32, Vec<u32>)>> = BinaryHeap::new();
    queue.push(Reverse((Vec::new(), 0, Vec::new())));
    while let Some(Reverse((word, element, reach))) = queue.pop() {
        if below.is_some_and(|b| word >= *b) {
            break;
        }
        let mut set = FixedBitSet::with_capacity(order);
        set.extend(reach.iter().map(|&t| t as usize));
        if !word.is_empty() {
            let known = &mut minimal[element as usize];
            if known.iter().any(|s| s.is_subset(&set)) {
                continue;
            }
            known.retain(|s| !set.is_subset(s));
            known.push(set.clone());
            if !candidate.p.contains(element as usize) && set.is_disjoint(&candidate.p) {
                return Ok(Some(word));
            }
        }
        let smallest = word.last().copied().unwrap_or(u32::MAX);
        for &h in kinds.kinds.iter().filter(|&&h| h <= smallest) {
            let x = candidate.phi[h as usize];
            let t = kinds.transitions(h as usize);
            budget.spend((reach.len() + t.count_ones(..)) as u64)?;
            let mut next = FixedBitSet::with_capacity(order);
            next.extend(reach.iter().map(|&r| monoid.mul(r, x) as usize));
            next.extend(t.ones().map(|u| monoid.mul(element, u as u32) as usize));
            let mut w = word.clone();
            w.push(h);
            let reach = next.ones().map(|r| r as u32).collect();
            queue.push(Reverse((w, monoid.mul(element, x), reach)));
        }
    }
    Ok(None)
}

/// `word` with heap h added, largest heaps first.
fn with(word: &[u32], h: u32) -> Word {
    let mut w = word.to_vec();
    let at = w.partition_point(|&k| k >= h);
    w.insert(at, h);
    w
}
