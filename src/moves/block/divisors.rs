//! The divisors of a number within a range, by trial division up to its
//! square root: what a `choose x in LO..HI` followed by `require x divides
//! E` tries instead of every value to HI (`compile::choose_divisors`, and
//! the interpreter alike).

use super::state::MAX_STEPS;
use crate::rules::expr::{BinOp, Expr};

/// Whether `condition` is `x divides E and ...` for `x` the variable
/// `slot` and E not reading it: E.
pub(super) fn divisor_test(condition: &Expr, slot: usize) -> Option<&Expr> {
    match condition.conjuncts().first()? {
        Expr::Binary(BinOp::Divides, x, e)
            if matches!(**x, Expr::Var(s) if s == slot) && !e.reads(slot) =>
        {
            Some(&**e)
        }
        _ => None,
    }
}

/// The divisors of `n` (either sign) from `lo` to `hi` (1 ≤ lo ≤ hi), in
/// increasing order, and the trial divisions that found them; `None`
/// where there is nothing to gain: `n` is 0 (every number divides it), or
/// the trial division up to √|n| would take half as many steps as trying
/// every number from `lo` to `hi`, or more (or more than a block may
/// take).
pub(super) fn divisors_within(n: i128, (lo, hi): (i128, i128)) -> Option<(u64, Vec<i128>)> {
    let n = n.unsigned_abs();
    let (lo, hi) = (u128::try_from(lo).ok()?, u128::try_from(hi).ok()?);
    if n == 0 || lo == 0 || lo > hi {
        return None;
    }
    // No number past |n| divides it.
    let top = hi.min(n);
    if lo > top {
        return Some((0, Vec::new()));
    }
    let trials = n.isqrt().min(top);
    if trials.saturating_mul(2) > top - lo || trials > u128::from(MAX_STEPS) {
        return None;
    }
    // Within the steps a block may take, √|n| is at most 10^7: |n| fits
    // 64 bits, and so does every divisor.
    let (n, lo, top, trials) = (u64::try_from(n).ok()?, lo as u64, top as u64, trials as u64);
    let (mut small, mut large) = (Vec::new(), Vec::new());
    for d in 1..=trials {
        if n % d == 0 {
            if d >= lo {
                small.push(i128::from(d));
            }
            let pair = n / d;
            if pair != d && pair <= top && pair >= lo {
                large.push(i128::from(pair));
            }
        }
    }
    small.extend(large.into_iter().rev());
    Some((trials, small))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the definition: every number from lo to hi that divides n.
    #[test]
    fn the_divisors_within_a_range_are_those_that_divide() {
        for n in -400..400i128 {
            for lo in 1..30i128 {
                for hi in [lo, lo + 3, 40, 200, 1000] {
                    let plain: Vec<i128> = (lo..=hi).filter(|d| n != 0 && n % d == 0).collect();
                    if let Some((trials, found)) = divisors_within(n, (lo, hi)) {
                        assert_eq!(found, plain, "{n} in {lo}..{hi}");
                        assert!(2 * trials <= (hi - lo + 1) as u64);
                    }
                }
            }
        }
        // The case it is for: found, not left to the plain loop — a
        // heap's proper divisors (97530 = 2·3·5·3251: 16 divisors).
        let found = divisors_within(97_530, (1, 97_529)).map(|(_, d)| d.len());
        assert_eq!(found, Some(15));
        // Past what a block may take: left to the loop (which stops it).
        assert_eq!(divisors_within(1 << 100, (1, 1 << 100)), None);
    }
}
