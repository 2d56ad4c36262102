//! Finite commutative monoids as multiplication tables; the trial monoids a
//! quotient is grown in (the quotient so far times cyclic monoids); and the
//! one way from a trial to a candidate quotient: mark which elements are P
//! by playing out the least game that reaches each, then merge the
//! elements no game tells apart.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use fixedbitset::FixedBitSet;

use super::moves::{HeapMoves, Word};
use crate::search::budget::{Budget, Exhausted};

/// A finite commutative monoid: elements `0..order`, 0 the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    order: usize,
    table: Vec<u32>,
}

impl Monoid {
    /// The monoid of one element.
    pub fn trivial() -> Self {
        Monoid {
            order: 1,
            table: vec![0],
        }
    }

    pub fn order(&self) -> usize {
        self.order
    }

    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order + y as usize]
    }

    /// The product of `xs`; the identity for none.
    pub fn product(&self, xs: impl IntoIterator<Item = u32>) -> u32 {
        xs.into_iter().fold(0, |p, x| self.mul(p, x))
    }

    /// x's index: the least i with x^(i+p) = x^i for some p >= 1.
    pub fn index(&self, x: u32) -> usize {
        let mut first_seen = vec![usize::MAX; self.order];
        let mut power = 0u32;
        for k in 0.. {
            if first_seen[power as usize] != usize::MAX {
                return first_seen[power as usize];
            }
            first_seen[power as usize] = k;
            power = self.mul(power, x);
        }
        unreachable!("a finite monoid's powers repeat")
    }
}

/// The monoid Q × C(i₁) × C(i₂) × …: the quotient so far times, for each
/// heap given a generator of its own, the cyclic monoid ⟨g | g^(i+2) = g^i⟩
/// (index i, period 2). Elements are numbered in mixed radix, Q's first.
pub struct Trial<'a> {
    base: &'a Monoid,
    /// Each fresh generator's index.
    indices: Vec<usize>,
    order: usize,
}

impl<'a> Trial<'a> {
    /// `None` when the trial would have more than `max` elements.
    pub fn new(base: &'a Monoid, indices: Vec<usize>, max: usize) -> Option<Self> {
        let order = indices
            .iter()
            .try_fold(base.order(), |n, i| n.checked_mul(i + 2))
            .filter(|&n| n <= max)?;
        Some(Trial {
            base,
            indices,
            order,
        })
    }

    pub fn order(&self) -> usize {
        self.order
    }

    /// The element (x, 1, 1, …) for x of the quotient so far.
    pub fn base(&self, x: u32) -> usize {
        x as usize
    }

    /// The k-th fresh generator: (1, …, g, …, 1).
    pub fn generator(&self, k: usize) -> usize {
        let below: usize = self.indices[..k].iter().map(|i| i + 2).product();
        self.base.order() * below
    }

    pub fn mul(&self, x: usize, y: usize) -> usize {
        let n = self.base.order();
        let mut result = self.base.mul((x % n) as u32, (y % n) as u32) as usize;
        let (mut x, mut y, mut radix) = (x / n, y / n, n);
        for &i in &self.indices {
            let size = i + 2;
            let sum = x % size + y % size;
            let power = if sum < size { sum } else { i + (sum - i) % 2 };
            result += power * radix;
            (x, y, radix) = (x / size, y / size, radix * size);
        }
        result
    }
}

/// A candidate quotient: a reduced monoid, its P-portion, each heap's
/// element, and a least game (in the order of words) reaching each element.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub monoid: Monoid,
    pub p: FixedBitSet,
    pub phi: Vec<u32>,
    pub words: Vec<Word>,
}

impl Candidate {
    /// The element of the game `word`.
    pub fn element_of(&self, word: &[u32]) -> u32 {
        self.monoid
            .product(word.iter().map(|&h| self.phi[h as usize]))
    }

    /// Whether the candidate calls the game `word` P.
    pub fn claims_p(&self, word: &[u32]) -> bool {
        self.p.contains(self.element_of(word) as usize)
    }
}

/// The candidate a trial gives, heap h standing for `images[h]`: each
/// element reached is P when the least game reaching it has a move and none
/// of its moves reaches a P element (the same for every game reaching it if
/// the trial is right, which the failure search then checks); then elements
/// that no game tells apart are merged.
pub fn candidate(
    trial: &Trial,
    images: &[usize],
    heaps: &HeapMoves,
    budget: &mut Budget,
) -> Result<Candidate, Exhausted> {
    let marked = mark(trial, images, heaps, budget)?;
    reduce(trial, images, marked, budget)
}

/// The elements a trial's heaps reach, each with its least word and
/// whether it is P.
struct Marked {
    /// Reached elements in the order of their least words (identity first).
    reached: Vec<usize>,
    /// Position in `reached` of each trial element; `u32::MAX` if unreached.
    rank: Vec<u32>,
    words: Vec<Word>,
    p: Vec<bool>,
}

/// Games are taken in the order of words (compare the largest heaps
/// first), smallest first. A game's moves are all smaller games, and every
/// element they reach was reached by a game smaller still, so each element
/// is decided by its least game from elements already decided. A game
/// whose element was reached before is not extended: whatever it leads to,
/// the earlier game leads to as well, sooner.
fn mark(
    trial: &Trial,
    images: &[usize],
    heaps: &HeapMoves,
    budget: &mut Budget,
) -> Result<Marked, Exhausted> {
    let generators = least_heaps(images, heaps);
    let order = trial.order();
    let mut marked = Marked {
        reached: Vec::new(),
        rank: vec![u32::MAX; order],
        words: Vec::new(),
        p: Vec::new(),
    };
    let mut queue: BinaryHeap<Reverse<(Word, usize)>> = BinaryHeap::new();
    queue.push(Reverse((Vec::new(), 0)));
    while let Some(Reverse((word, element))) = queue.pop() {
        if marked.rank[element] != u32::MAX {
            continue;
        }
        let mut has_move = false;
        let mut to_p = false;
        let mut previous = None;
        for (i, &h) in word.iter().enumerate() {
            if previous == Some(h) {
                continue;
            }
            previous = Some(h);
            let rest = (word.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .fold(0, |e, (_, &k)| trial.mul(e, images[k as usize]));
            for option in &heaps.options[h as usize] {
                budget.spend(1 + option.len() as u64)?;
                has_move = true;
                let after = (option.iter()).fold(rest, |e, &k| trial.mul(e, images[k as usize]));
                let rank = marked.rank[after];
                debug_assert!(rank != u32::MAX, "a move's element is decided first");
                to_p |= rank != u32::MAX && marked.p[rank as usize];
            }
        }
        marked.rank[element] = marked.reached.len() as u32;
        marked.reached.push(element);
        marked.p.push(has_move && !to_p);
        let smallest = word.last().copied().unwrap_or(u32::MAX);
        for &h in generators.iter().filter(|&&h| h <= smallest) {
            let mut next = word.clone();
            next.push(h);
            queue.push(Reverse((next, trial.mul(element, images[h as usize]))));
        }
        marked.words.push(word);
    }
    Ok(marked)
}

/// The least heap of each element the heaps with a move stand for: games of
/// these heaps reach every element, and a least game uses only these.
fn least_heaps<T: PartialEq>(images: &[T], heaps: &HeapMoves) -> Vec<u32> {
    let mut least: Vec<u32> = Vec::new();
    for h in 1..images.len() {
        if !heaps.options[h].is_empty() && least.iter().all(|&k| images[k as usize] != images[h]) {
            least.push(h as u32);
        }
    }
    least
}

/// Merges the reached elements that no game tells apart (the least
/// automaton of the elements, with the heaps as letters and P accepting),
/// numbering the classes in the order of their least words.
fn reduce(
    trial: &Trial,
    images: &[usize],
    marked: Marked,
    budget: &mut Budget,
) -> Result<Candidate, Exhausted> {
    let generators: Vec<usize> = {
        let mut g: Vec<usize> = images.to_vec();
        g.sort_unstable();
        g.dedup();
        g
    };
    let n = marked.reached.len();
    let step = |r: usize, g: usize| marked.rank[trial.mul(marked.reached[r], g)] as usize;
    // Partition refinement from {P, not P}.
    let mut class: Vec<u32> = marked.p.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        budget.spend((n * (generators.len() + 1)) as u64)?;
        let mut signatures: Vec<(Vec<u32>, usize)> = (0..n)
            .map(|r| {
                let mut s = vec![class[r]];
                s.extend(generators.iter().map(|&g| class[step(r, g)]));
                (s, r)
            })
            .collect();
        signatures.sort_unstable();
        let mut next = vec![0u32; n];
        let mut classes = 0u32;
        for (i, (s, r)) in signatures.iter().enumerate() {
            if i > 0 && signatures[i - 1].0 != *s {
                classes += 1;
            }
            next[*r] = classes;
        }
        let classes = classes as usize + 1;
        class = next;
        if classes == count {
            break;
        }
        count = classes;
    }
    // Number classes by first appearance in word order: the identity is 0.
    let mut number = vec![u32::MAX; count];
    let mut first = Vec::new();
    for (r, &c) in class.iter().enumerate() {
        let c = c as usize;
        if number[c] == u32::MAX {
            number[c] = first.len() as u32;
            first.push(r);
        }
    }
    let of = |r: usize| number[class[r] as usize];
    let order = first.len();
    let mut table = vec![0u32; order * order];
    for (a, &ra) in first.iter().enumerate() {
        for (b, &rb) in first.iter().enumerate() {
            let product = trial.mul(marked.reached[ra], marked.reached[rb]);
            table[a * order + b] = of(marked.rank[product] as usize);
        }
    }
    let mut p = FixedBitSet::with_capacity(order);
    for (c, &r) in first.iter().enumerate() {
        p.set(c, marked.p[r]);
    }
    let phi = (images.iter())
        .map(|&e| of(marked.rank[e] as usize))
        .collect();
    let words = first.iter().map(|&r| marked.words[r].clone()).collect();
    Ok(Candidate {
        monoid: Monoid { order, table },
        p,
        phi,
        words,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyclic_factors_multiply_with_index_and_period_two() {
        let q = Monoid::trivial();
        let trial = Trial::new(&q, vec![2], 100).expect("small");
        let g = trial.generator(0);
        let mut power = 0;
        let mut powers = Vec::new();
        for _ in 0..6 {
            powers.push(power);
            power = trial.mul(power, g);
        }
        // g^4 = g^2, g^5 = g^3.
        assert_eq!(powers[4], powers[2]);
        assert_eq!(trial.mul(powers[3], g), powers[2]);
        assert_eq!(powers[..4].to_vec(), vec![0, 1, 2, 3]);
    }
}
