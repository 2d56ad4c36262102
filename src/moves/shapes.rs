//! The combinatorics moves share: a heap replaced by others, the sets of
//! heaps a move may touch.

pub(super) fn spliced(heaps: &[u64], i: usize, with: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(heaps.len() + with.len());
    out.extend_from_slice(&heaps[..i]);
    out.extend_from_slice(with);
    out.extend_from_slice(&heaps[i + 1..]);
    out
}

/// All `n`-element index sets of `0..len`, in order.
pub(crate) fn combinations(len: usize, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let _ = each_combination(len, n, |chosen| -> Result<(), ()> {
        out.push(chosen.to_vec());
        Ok(())
    });
    out
}

/// Calls `f` with each `n`-element index set of `0..len`, in order, one at
/// a time (there may be far too many to list); stops at `f`'s first error.
pub(crate) fn each_combination<E>(
    len: usize,
    n: usize,
    mut f: impl FnMut(&[usize]) -> Result<(), E>,
) -> Result<(), E> {
    if n == 0 || n > len {
        return Ok(());
    }
    let mut chosen: Vec<usize> = (0..n).collect();
    loop {
        f(&chosen)?;
        // Advance the rightmost index that can move.
        let Some(i) = (0..n).rev().find(|&i| chosen[i] < len - n + i) else {
            return Ok(());
        };
        chosen[i] += 1;
        for j in i + 1..n {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_subsets_of_the_size() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert!(combinations(2, 3).is_empty());
    }
}
