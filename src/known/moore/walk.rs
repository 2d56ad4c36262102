//! Listing the winning moves of Moore's Nim_k: a walk through the counting
//! DP's tables (`super::count`), entering only branches that lead to a move.

use num_bigint::BigUint;
use num_traits::Zero;

use super::combinations::{binomials, subsets_of};
use super::count::{ChangedSet, Counted, each_step, tables};

/// The positions after the first `limit` of `counted`'s winning moves: sets
/// in the order counted, each walked through its tables.
pub(super) fn list(counted: &Counted, limit: usize) -> Vec<Vec<BigUint>> {
    let mut out = Vec::new();
    for set in &counted.sets {
        if out.len() >= limit {
            break;
        }
        walk(counted.heaps, set, limit, &mut out);
    }
    out
}

/// Appends the positions after `set`'s winning moves to `out`, until it
/// holds `limit`: a depth-first walk from the top bit, with an explicit
/// stack (heaps may have many bits), only into branches the tables count.
fn walk(heaps: &[BigUint], set: &ChangedSet, limit: usize, out: &mut Vec<Vec<BigUint>>) {
    let values: Vec<&BigUint> = set.heaps.iter().map(|&i| &heaps[i]).collect();
    let size = values.len();
    let layers = tables(&values, &set.need, &binomials(size));
    let mut q = vec![BigUint::zero(); size];
    let top = set.need.len();
    if top == 0 {
        // Empty heaps are never in a set; nothing to walk.
        return;
    }
    let full = (1usize << size) - 1;
    // Per level (bit b = level's bits - 1): its branches, and the next to try.
    let mut stack = vec![(
        top,
        branches(&values, &layers, &set.need, top, full),
        0usize,
    )];
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
            let options = branches(&values, &layers, &set.need, below, next);
            stack.push((below, options, 0));
        }
    }
}

/// The branches of the walk at bit `bits - 1` from state `t`, each the next
/// state and the mask of heaps given the bit: only those the tables `layers`
/// count moves below.
fn branches(
    values: &[&BigUint],
    layers: &[Vec<BigUint>],
    need: &[usize],
    bits: usize,
    t: usize,
) -> Vec<(usize, usize)> {
    let b = bits - 1;
    let mut found = Vec::new();
    let loose: Vec<usize> = (0..values.len()).filter(|&i| t >> i & 1 == 0).collect();
    each_step(values, t, b as u64, need[b], |next, stay, j| {
        if layers[b][next].is_zero() {
            return;
        }
        for chosen in subsets_of(&loose, j) {
            found.push((next, stay | chosen));
        }
    });
    found
}
