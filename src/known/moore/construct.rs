//! One winning move of Moore's Nim_k, built column by column: the answer
//! when counting them all is over its budget.

use num_bigint::BigUint;

/// Seed 003's construction of a winning move from an N-position (the proof
/// of Moore's theorem, Annals of Math. 11, 1910): at the highest unbalanced
/// bit, clear it on m of the heaps having it (m = the column count mod
/// k + 1); at each lower unbalanced bit (count r mod k + 1), with A changed
/// heaps having the bit and B not: clear it on r of the A, or set it on
/// k + 1 - r of the B, or else clear it on all A and on r - A unchanged heaps
/// (then B + r <= k heaps are changed). A heap is first changed by clearing a
/// set bit, so it ends smaller.
pub(super) fn constructive_move(heaps: &[BigUint], k: usize) -> Vec<BigUint> {
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
    use super::super::residues;
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
