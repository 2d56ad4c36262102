//! A quotient by generators and relations, as people read it.

use fixedbitset::FixedBitSet;

use super::found::Quotient;

/// A quotient by generators and relations: generator i is the element of
/// the heap `generators[i]` (a game's index and a heap size), the first
/// heap whose element the earlier generators do not give. Words are
/// exponents, one per generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The games, as in the quotient.
    pub games: Vec<String>,
    /// The generators: each a game (by index) and a heap.
    pub generators: Vec<(usize, u64)>,
    /// Each element's least word: the fewest of the later generators.
    pub words: Vec<Vec<u32>>,
    /// Relations `left = right`, each left side minimal: together they
    /// turn every word into its element's least word.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

pub(super) fn presentation(q: &Quotient) -> Presentation {
    let order = q.order();
    // Generators: heaps in order whose element is not yet reached.
    let mut generators: Vec<(usize, u64)> = Vec::new();
    let mut gens: Vec<u32> = Vec::new();
    let mut reached = FixedBitSet::with_capacity(order);
    reached.insert(0);
    // The game and size of each heap in `phi`.
    let mut heap_of = vec![(0, 0); q.phi.len()];
    for (g, slots) in q.slots.iter().enumerate() {
        for (n, &i) in slots.iter().enumerate() {
            heap_of[i as usize] = (g, n as u64);
        }
    }
    for (i, &x) in q.phi.iter().enumerate().skip(1) {
        if reached.contains(x as usize) {
            continue;
        }
        generators.push(heap_of[i]);
        gens.push(x);
        // Close the reached set under the new generator.
        let mut stack: Vec<u32> = reached.ones().map(|e| e as u32).collect();
        while let Some(e) = stack.pop() {
            for &g in &gens {
                let f = q.monoid.mul(e, g);
                if !reached.put(f as usize) {
                    stack.push(f);
                }
            }
        }
    }
    // Least words, as generator indices largest first: fewest of the
    // later generators, then shortest.
    let k = gens.len();
    let mut least: Vec<Option<Vec<u32>>> = vec![None; order];
    let mut queue = std::collections::BinaryHeap::new();
    queue.push(std::cmp::Reverse((Vec::<u32>::new(), 0u32)));
    while let Some(std::cmp::Reverse((word, e))) = queue.pop() {
        if least[e as usize].is_some() {
            continue;
        }
        let top = word.last().copied().unwrap_or(k as u32);
        for i in 0..k as u32 {
            if i <= top {
                let mut w = word.clone();
                w.push(i);
                queue.push(std::cmp::Reverse((w, q.monoid.mul(e, gens[i as usize]))));
            }
        }
        least[e as usize] = Some(word);
    }
    let exponents = |word: &[u32]| {
        let mut v = vec![0u32; k];
        for &i in word {
            v[i as usize] += 1;
        }
        v
    };
    let words: Vec<Vec<u32>> = (least.iter())
        .map(|w| exponents(w.as_deref().unwrap_or(&[])))
        .collect();
    let divides = |a: &[u32], b: &[u32]| a.iter().zip(b).all(|(x, y)| x <= y);
    let mut relations: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for e in 0..order {
        for (i, &g) in gens.iter().enumerate() {
            let mut left = words[e].clone();
            left[i] += 1;
            let right = &words[q.monoid.mul(e as u32, g) as usize];
            if left != *right && !relations.iter().any(|(l, _)| divides(l, &left)) {
                relations.retain(|(l, _)| !divides(&left, l));
                relations.push((left, right.clone()));
            }
        }
    }
    relations.sort_by(|a, b| {
        let key = |w: &[u32]| {
            (
                w.iter().rev().cloned().collect::<Vec<u32>>(),
                w.iter().sum::<u32>(),
            )
        };
        key(&a.0).cmp(&key(&b.0))
    });
    Presentation {
        games: q.games.clone(),
        generators,
        words,
        relations,
    }
}

impl Quotient {
    /// The quotient by generators and relations.
    pub fn presentation(&self) -> Presentation {
        presentation(self)
    }
}
