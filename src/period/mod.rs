//! Periods of Grundy sequences g(0), g(1), ...: found in the values, and
//! proven where a theorem allows. Everything about periods is here, once:
//!
//! - [`classify`] says which [`Theorem`] can prove a period of a game's
//!   one-heap values: the window theorem for subtraction games, the
//!   Guy-Smith theorem for finite take-and-break games, or none
//!   (`theorem`, with what each theorem needs and why it holds);
//! - [`check`] is the one check of values against a theorem, on a budget
//!   of comparisons; [`prove`] finds the shortest period it proves,
//!   [`smallest_dividing`] the shortest dividing a known one, and [`seen`]
//!   a period only seen in the values, never proven;
//! - a [`Period`] carries its [`Certificate`] as data (which theorem, which
//!   values were checked); `report` puts it in words.
//!
//! The one-heap engine (`search::heaps`) looks for a proven period as the
//! values grow and copies the rest; `table` reuses what the engine proved,
//! or checks its own values; the subtraction closed form
//! (`known::subtraction`) proves its period with the window theorem.

mod theorem;

use std::ops::Range;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

pub use theorem::{Theorem, classify};

/// A period of a sequence, from a preperiod on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// g(n + period) = g(n) for every n >= preperiod; the smallest such
    /// preperiod the values show.
    pub preperiod: usize,
    /// The period: g(n + period) = g(n) from `preperiod` on.
    pub period: usize,
    /// Why it holds, or how far it was seen.
    pub certificate: Certificate,
}

/// What a period rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The theorem that extends the check to every n >= preperiod; `None`
    /// when the period was only seen.
    pub theorem: Option<Theorem>,
    /// g(n + period) = g(n) was checked for every n in this range: what the
    /// theorem needs, or (seen only) every n the values reach.
    pub checked: Range<usize>,
}

/// A period seen but not proven must repeat this many times in the values.
const SEEN_REPEATS: usize = 3;

impl Period {
    /// Proven for all n, or only seen in the values computed.
    pub fn is_proven(&self) -> bool {
        self.certificate.theorem.is_some()
    }

    fn proven(preperiod: usize, period: usize, theorem: Theorem) -> Self {
        Period {
            preperiod,
            period,
            certificate: Certificate {
                theorem: Some(theorem),
                checked: theorem.needs(preperiod, period),
            },
        }
    }

    /// Extends `values`, which reach at least `preperiod + period`, to `to`
    /// by the period: g(n) = g(n - period). Values too few to copy from (or a
    /// period of 0) are left as they are.
    pub fn extend<T: Copy>(&self, values: &mut Vec<T>, to: usize) {
        let p = self.period;
        if p == 0 || values.len() < self.preperiod + p {
            return;
        }
        while values.len() < to {
            let len = values.len();
            // Copy up to one period at a time: the source must already exist.
            let n = (to - len).min(p);
            values.extend_from_within(len - p..len - p + n);
        }
    }

    /// Where g(n) is found among g(0..preperiod + period), for `n` of any
    /// size: n itself below the preperiod, else preperiod + (n - preperiod)
    /// mod period.
    pub fn index(&self, n: &BigUint) -> usize {
        match n.to_usize() {
            Some(n) if n < self.preperiod => n,
            _ => self.preperiod + mod_small(&(n - self.preperiod), self.period),
        }
    }
}

/// `n mod m` for `m >= 1`, without a big division.
pub(crate) fn mod_small(n: &BigUint, m: usize) -> usize {
    let m = m.max(1) as u128;
    let r = n
        .iter_u32_digits()
        .rev()
        .fold(0u128, |r, d| ((r << 32) | u128::from(d)) % m);
    r as usize
}

/// Whether `values` prove period `p` by `theorem`: they must agree,
/// g(n + p) = g(n), from the end down to the largest preperiod they can
/// prove `p` from. Each comparison spends one of `work`; `None` once it is
/// spent. The period comes with the smallest preperiod the values show,
/// found below that without counting (at most `values.len()` comparisons).
pub fn check<T: PartialEq>(
    values: &[T],
    theorem: Theorem,
    p: usize,
    work: &mut usize,
) -> Option<Period> {
    let len = values.len();
    if p == 0 || p > len {
        return None;
    }
    let most = theorem.most_preperiod(len, p)?;
    let mut m = len - p;
    while m > most {
        if *work == 0 {
            return None;
        }
        *work -= 1;
        m -= 1;
        if values[m] != values[m + p] {
            return None;
        }
    }
    Some(Period::proven(agree_from(values, p, m), p, theorem))
}

/// The shortest period `values` prove by `theorem` (up to half the
/// values), with its smallest preperiod; `None` when `work` is below the
/// number of values (the search costs one comparison a value, or about
/// that), or there are more than 2^32 − 1 values.
///
/// Read from the end, a period p holds back to where g(n + p) first
/// differs from g(n): the Z-function of the values read backwards gives
/// that length for every p at once, `z[p]` = the longest run of n from the
/// end with g(n) = g(n + p) (Gusfield, "Algorithms on Strings, Trees and
/// Sequences", 1997, §1.3; linear time). Period p is proven when that run
/// reaches down to the preperiod the theorem needs (`check` does the same
/// for one p, comparison by comparison), so a period of 6·10^7 costs what
/// one of 6 does.
pub fn prove<T: PartialEq>(values: &[T], theorem: Theorem, work: usize) -> Option<Period> {
    let len = values.len();
    if work < len || u32::try_from(len).is_err() {
        return None;
    }
    let z = z_from_end(values, len / 2 + 1);
    for (p, &run) in z.iter().enumerate().skip(1) {
        // A longer period needs more values still.
        let most = theorem.most_preperiod(len, p)?;
        let run = run as usize;
        if run >= (len - p).saturating_sub(most) {
            return Some(Period::proven(len - p - run, p, theorem));
        }
    }
    None
}

/// The Z-function of `values` read from the end, for p below `most`:
/// `z[p]` is the number of n, counted down from the last, with g(n) =
/// g(n + p) (`z[0]` is the length). Linear time (Gusfield's Z algorithm),
/// and memory for `most` entries only: z[i] looks back only at z[i -
/// left], below i. `values` has fewer than 2^32 values.
fn z_from_end<T: PartialEq>(values: &[T], most: usize) -> Vec<u32> {
    let len = values.len();
    let most = most.min(len);
    // r[i]: the i-th value from the end.
    let r = |i: usize| &values[len - 1 - i];
    let mut z = vec![0u32; most];
    if most == 0 {
        return z;
    }
    z[0] = len as u32;
    // [left, right): the rightmost run found that matches a prefix.
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..most {
        let mut k = if i < right {
            (z[i - left] as usize).min(right - i)
        } else {
            0
        };
        while i + k < len && r(k) == r(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    z
}

/// The shortest period `values` prove by `theorem` among the divisors of
/// `p`. When they prove `p` itself, that is the shortest period of all: the
/// shortest period of a sequence divides every other.
pub fn smallest_dividing<T: PartialEq>(values: &[T], theorem: Theorem, p: usize) -> Option<Period> {
    let mut work = usize::MAX;
    (1..=p)
        .filter(|q| p.is_multiple_of(*q))
        .find_map(|q| check(values, theorem, q, &mut work))
}

/// The shortest period seen in `values`, repeating at least `SEEN_REPEATS`
/// times after its preperiod; not proven.
pub fn seen<T: PartialEq>(values: &[T]) -> Option<Period> {
    seen_by(values.len(), |i, j| values[i] == values[j])
}

/// `seen` for the `n` terms of a sequence that `same` compares by index.
fn seen_by(n: usize, same: impl Fn(usize, usize) -> bool) -> Option<Period> {
    (1..=n / (SEEN_REPEATS + 1)).find_map(|p| {
        let e = agree_from_by(p, n - p, &same);
        (n - e >= (SEEN_REPEATS + 1) * p).then(|| Period {
            preperiod: e,
            period: p,
            certificate: Certificate {
                theorem: None,
                checked: e..n - p,
            },
        })
    })
}

/// An arithmetic period seen in values (CGSuite's "saltus"): g(n +
/// period) = g(n) + saltus for every n from `preperiod` on that the values
/// reach (`checked`). Only seen: no theorem here proves one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saltus {
    /// The least n from which it holds, in the values.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// What the values gain each period (more than 0).
    pub saltus: u32,
    /// Every n for which g(n + period) = g(n) + saltus was checked.
    pub checked: Range<usize>,
}

/// The shortest arithmetic period with a saltus of more than 0 seen in
/// `values`, repeating at least `SEEN_REPEATS` times after its preperiod.
/// g(n + p) - g(n) is the same for every n from e on exactly when the
/// steps g(n + 1) - g(n) have period p from e on (the difference of two
/// consecutive such sums is Δ(n + p) - Δ(n)); so it is the steps' period.
pub fn saltus<T: Copy + Into<u32>>(values: &[T]) -> Option<Saltus> {
    let g = |n: usize| i64::from(values[n].into());
    // The steps, compared where they are read: none is kept.
    let step = |n: usize| g(n + 1) - g(n);
    let Period {
        preperiod, period, ..
    } = seen_by(values.len().saturating_sub(1), |i, j| step(i) == step(j))?;
    let rise = values[preperiod + period]
        .into()
        .checked_sub(values[preperiod].into())?;
    (rise > 0).then(|| Saltus {
        preperiod,
        period,
        saltus: rise,
        checked: preperiod..values.len() - period,
    })
}

/// The shortest period of `values`, proven by `theorem` where it can be
/// (without a budget), else only seen.
pub fn find<T: PartialEq>(values: &[T], theorem: Option<Theorem>) -> Option<Period> {
    theorem
        .and_then(|theorem| prove(values, theorem, usize::MAX))
        .or_else(|| seen(values))
}

/// The smallest e such that g(n + p) = g(n) for every n from e on that the
/// values reach, given that it holds from `from` (at most `len - p`) on.
fn agree_from<T: PartialEq>(values: &[T], p: usize, from: usize) -> usize {
    agree_from_by(p, from, |i, j| values[i] == values[j])
}

/// `agree_from` for terms that `same` compares by index.
fn agree_from_by(p: usize, from: usize, same: impl Fn(usize, usize) -> bool) -> usize {
    let mut e = from;
    while e > 0 && same(e - 1, e - 1 + p) {
        e -= 1;
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arithmetic_period_is_the_period_of_the_steps() {
        // g(n) = n (Nim): period 1, saltus 1 from 0.
        let nim: Vec<u32> = (0..40).collect();
        let s = saltus(&nim).expect("seen");
        assert_eq!((s.period, s.saltus, s.preperiod), (1, 1, 0));
        // Three values, then 2k and 2k + 5 alternately: period 2, saltus
        // 2, from 3 (g(3 + 2) = g(3) + 2, not so at 2).
        let mut g = vec![9, 9, 9];
        g.extend((0..30u32).flat_map(|k| [2 * k, 2 * k + 5]));
        let s = saltus(&g).expect("seen");
        assert_eq!((s.period, s.saltus, s.preperiod), (2, 2, 3));
        assert_eq!(s.checked, 3..g.len() - 2);
        // Values that repeat have no saltus: that is an ordinary period.
        let repeating: Vec<u32> = (0..40).map(|n| n % 3).collect();
        assert_eq!(saltus(&repeating), None);
    }

    #[test]
    fn a_window_of_zero_proves_nothing_it_has_not_checked() {
        // Values that never repeat with period 1: a window theorem with
        // t = 0 must still compare at least one value.
        let values: Vec<u32> = (0..40).collect();
        let mut work = usize::MAX;
        assert_eq!(check(&values, Theorem::Window { t: 0 }, 1, &mut work), None);
    }

    #[test]
    fn extending_by_a_period_of_zero_or_from_too_few_values_changes_nothing() {
        let period = |preperiod, p| Period {
            preperiod,
            period: p,
            certificate: Certificate {
                theorem: None,
                checked: 0..0,
            },
        };
        let mut values = vec![0, 1, 0];
        period(0, 0).extend(&mut values, 10);
        period(2, 5).extend(&mut values, 10);
        assert_eq!(values, [0, 1, 0]);
        period(1, 2).extend(&mut values, 7);
        assert_eq!(values, [0, 1, 0, 1, 0, 1, 0]);
    }

    #[test]
    fn subtraction_1_3_4_has_period_7() {
        // Seed 002: S = {1, 3, 4}, P iff n mod 7 is 0 or 2; its values repeat
        // 0 1 0 1 2 3 2 (computed by hand from the mex rule).
        let values: Vec<u32> = (0..40).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let period = find(&values, Some(Theorem::Window { t: 4 })).expect("a period");
        assert_eq!(
            (period.period, period.preperiod, period.is_proven()),
            (7, 0, true)
        );
        assert_eq!(period.certificate.checked, 0..4);
    }

    #[test]
    fn too_few_values_prove_nothing() {
        let values = [0, 1, 0, 1, 2, 3, 2, 0, 1];
        assert_eq!(find(&values, Some(Theorem::Window { t: 4 })), None);
    }

    #[test]
    fn a_seen_period_is_not_proven() {
        let values: Vec<u32> = (0..30).map(|n| (n % 3) as u32).collect();
        let period = find(&values, None).expect("a period");
        assert_eq!(
            (period.period, period.preperiod, period.is_proven()),
            (3, 0, false)
        );
        assert_eq!(period.certificate.checked, 0..27);
    }

    #[test]
    fn guy_smith_needs_enough_values() {
        // 0, 1, 2, then 5, 6 repeating from e = 3: p = 2, t = 1 needs
        // 2 * 3 + 4 + 1 + 1 = 12 values.
        let seq = |len: usize| -> Vec<u32> {
            (0..len)
                .map(|n| if n < 3 { n as u32 } else { 5 + (n % 2) as u32 })
                .collect()
        };
        let proven = |len: usize, t: usize| {
            prove(&seq(len), Theorem::GuySmith { t }, usize::MAX).map(|p| (p.period, p.preperiod))
        };
        assert_eq!(proven(11, 1), None);
        assert_eq!(proven(12, 1), Some((2, 3)));
        // A longer reach needs more.
        assert_eq!(proven(12, 3), None);
    }

    #[test]
    fn a_late_exception_is_not_a_period() {
        let mut values: Vec<u32> = (0..200).map(|n| (n % 3) as u32).collect();
        values[190] = 7;
        assert_eq!(prove(&values, Theorem::GuySmith { t: 2 }, 1600), None);
    }

    #[test]
    fn the_budget_is_a_comparison_a_value() {
        let values: Vec<u32> = (0..200).map(|n| (n % 3) as u32).collect();
        let theorem = Theorem::GuySmith { t: 2 };
        assert_eq!(prove(&values, theorem, 199), None);
        let period = prove(&values, theorem, 200).expect("a period");
        assert_eq!((period.period, period.preperiod), (3, 0));
    }

    /// The shortest period by `check`, one p after another: what `prove`
    /// finds at once.
    fn prove_by_scan(values: &[u32], theorem: Theorem) -> Option<Period> {
        let mut work = usize::MAX;
        for p in 1..=values.len() / 2 {
            theorem.most_preperiod(values.len(), p)?;
            if let Some(period) = check(values, theorem, p, &mut work) {
                return Some(period);
            }
        }
        None
    }

    proptest::proptest! {
        #[test]
        fn the_z_function_finds_what_a_scan_of_every_period_finds(
            pre in proptest::collection::vec(0u32..3, 0..40),
            cycle in proptest::collection::vec(0u32..3, 1..12),
            repeats in 1usize..20,
            t in 0usize..4,
            flip in proptest::option::of(0usize..400),
        ) {
            // A preperiod, a cycle repeated, and perhaps one value changed:
            // small alphabets make long runs that almost agree.
            let mut values = pre.clone();
            for _ in 0..repeats {
                values.extend(&cycle);
            }
            if let Some(i) = flip.filter(|&i| i < values.len()) {
                values[i] = (values[i] + 1) % 3;
            }
            for theorem in [Theorem::GuySmith { t }, Theorem::Window { t }] {
                proptest::prop_assert_eq!(
                    prove(&values, theorem, usize::MAX),
                    prove_by_scan(&values, theorem)
                );
            }
        }
    }

    #[test]
    fn the_smallest_period_divides_a_proven_one() {
        let values: Vec<u32> = (0..60)
            .map(|n| [4, 0, 1, 2][n.min(3)] + (n % 2) as u32)
            .collect();
        let theorem = Theorem::Window { t: 2 };
        let period = smallest_dividing(&values, theorem, 6).expect("a period");
        assert_eq!((period.period, period.preperiod), (2, 3));
    }

    #[test]
    fn an_index_folds_large_heaps_into_the_period() {
        let period = Period::proven(3, 7, Theorem::Window { t: 4 });
        assert_eq!(period.index(&BigUint::from(2u32)), 2);
        assert_eq!(period.index(&BigUint::from(10u32)), 3);
        let huge = BigUint::from(10u32).pow(30) + 3u32;
        // 10^30 = 1 mod 7, as 10^6 = 1 mod 7.
        assert_eq!(period.index(&huge), 3 + 1);
        let mut values = vec![9, 9, 9, 0, 1, 2, 3, 4, 5, 6];
        period.extend(&mut values, 20);
        assert_eq!(values[10..], [0, 1, 2, 3, 4, 5, 6, 0, 1, 2]);
    }
}
