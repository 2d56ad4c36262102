//! Subsets and binomial coefficients, for counting and listing the winning
//! moves of Moore's Nim_k.

/// C(n, j), saturating at u64::MAX.
pub(super) fn choose(n: u64, j: u64) -> u64 {
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
pub(super) fn binomials(size: usize) -> Vec<Vec<u64>> {
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
pub(super) fn next_choice(choice: &mut [usize], n: usize) -> bool {
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

/// The masks of each `j`-element subset of `items` (bit positions).
pub(super) fn subsets_of(items: &[usize], j: usize) -> Vec<usize> {
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
