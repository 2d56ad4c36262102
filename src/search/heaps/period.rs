//! Proven periods. For rules that take at most t tokens and leave one heap
//! or split the rest into two (equal halves allowed: octal games, and takes
//! from finite sets), the periodicity theorem (Guy and Smith, 1956; Winning
//! Ways, ch. 4) says: if g(n + p) = g(n) for every n with n0 <= n < 2 n0 +
//! p + t, then for every n >= n0. Once the values found so far prove such a
//! period, the rest of the sequence is a copy, and the mex is skipped.
//!
//! We check one more value than the theorem asks (n < 2 n0 + p + t + 1) to
//! stay clear of its edge cases. Splits into unequal heaps (Grundy's game)
//! and unbounded amounts are outside the theorem: no period is looked for.
//!
//! Why it holds: take n >= 2 n0 + p + t + 1 and the claim for all smaller
//! heaps. A move from n + p taking j <= t and leaving one heap leaves
//! n + p - j, whose value is that of n - j >= n0. A split of n + p - j into
//! a <= c has c >= (n + p - j) / 2, so c - p >= n0 + 1/2: the split a +
//! (c - p) of n - j has the same value, with both parts nonempty. And a
//! split a <= d of n - j has d >= n0, so a + (d + p) splits n + p - j with
//! the same value. The options of n + p and n reach the same values.

/// The values are checked for a period when this many are known, then at
/// each doubling.
const FIRST_CHECK: usize = 128;
/// Comparisons one check may spend, per value known: a cap for sequences
/// that repeat for long stretches without being periodic.
const WORK_PER_VALUE: usize = 8;

#[derive(Debug)]
pub(super) struct Period {
    /// The most tokens a move takes, when the theorem applies.
    reach: Option<usize>,
    next_check: usize,
    /// The proven period, once found.
    found: Option<usize>,
}

impl Period {
    /// `reach`: the most tokens a move takes, `None` when the theorem does
    /// not apply to the rules (or periods are not wanted).
    pub fn new(reach: Option<usize>) -> Self {
        Period {
            reach,
            next_check: FIRST_CHECK,
            found: None,
        }
    }

    /// The proven period, if any.
    #[inline]
    pub fn found(&self) -> Option<usize> {
        self.found
    }

    /// How many values should be known when `record` is next called: it
    /// looks for a period once they are.
    #[inline]
    pub fn next_check(&self) -> usize {
        if self.reach.is_some() && self.found.is_none() {
            self.next_check
        } else {
            usize::MAX
        }
    }

    /// Takes note of the values found so far.
    #[inline]
    pub fn record(&mut self, values: &[u32]) {
        if values.len() >= self.next_check() {
            if let Some(t) = self.reach {
                self.found = prove(values, t);
            }
            self.next_check = values.len().saturating_mul(2);
        }
    }
}

/// Extends `values` to `to` by period `p`: g(n) = g(n - p).
pub(super) fn copy(values: &mut Vec<u32>, p: usize, to: usize) {
    while values.len() < to {
        let len = values.len();
        // Copy up to one period at a time: the source must already exist.
        let n = (to - len).min(p);
        values.extend_from_within(len - p..len - p + n);
    }
}

/// The smallest period p that `values` prove, with rules taking at most `t`.
fn prove(values: &[u32], t: usize) -> Option<usize> {
    let len = values.len();
    let mut budget = WORK_PER_VALUE * len;
    // The theorem needs the values to agree on n0 <= n < 2 n0 + p + t + 1,
    // so len >= 2 n0 + 2p + t + 1.
    let mut p = 1;
    while 2 * p + t < len {
        // The largest n0 this many values can prove p from.
        let most = (len - 2 * p - t - 1) / 2;
        // Agreement is checked from the end down to n0 = most.
        let mut m = len - p;
        let mut agree = true;
        while m > most {
            m -= 1;
            if budget == 0 {
                return None;
            }
            budget -= 1;
            if values[m + p] != values[m] {
                agree = false;
                break;
            }
        }
        if agree {
            return Some(p);
        }
        p += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_needs_enough_values() {
        // 0, 1, 2, then 5, 6 repeating from n0 = 3: p = 2, t = 1 needs
        // len >= 2 * 3 + 4 + 1 + 1 = 12.
        let seq = |len: usize| -> Vec<u32> {
            (0..len)
                .map(|n| if n < 3 { n as u32 } else { 5 + (n % 2) as u32 })
                .collect()
        };
        assert_eq!(prove(&seq(11), 1), None);
        assert_eq!(prove(&seq(12), 1), Some(2));
        // A longer reach needs more.
        assert_eq!(prove(&seq(12), 3), None);
    }

    #[test]
    fn a_late_exception_is_not_a_period() {
        let mut values: Vec<u32> = (0..200).map(|n| (n % 3) as u32).collect();
        values[190] = 7;
        assert_eq!(prove(&values, 2), None);
    }
}
