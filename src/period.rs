//! Periods of Grundy sequences g(0), g(1), ...: found in the values, and
//! proven where a theorem allows.
//!
//! - Subtraction games (every move takes at most t tokens from one heap and
//!   leaves at most one heap, the same takes from every heap of t or more):
//!   each value from g(t) on depends only on the t values before it, so once
//!   a window of t values repeats p places later, the sequence has period p
//!   from there on. An octal code whose last digit j = t allows only one of
//!   "leave nothing" and "leave one heap" moves from the heap of t unlike
//!   from larger heaps: its window is t + 1.
//! - Octal games (take-and-break games removing at most t tokens, leaving at
//!   most two heaps): the Guy-Smith periodicity theorem. If
//!   g(n + p) = g(n) for all n with e <= n < 2e + p + t, then for all n >= e
//!   (Guy and Smith 1956; Winning Ways, ch. 4); one value more is checked,
//!   as `search::heaps` does (see its proof).
//! - Anything else: a period seen in the values is reported, never as proven.

use std::fmt;

/// A period of a sequence, from a preperiod on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// g(n + period) = g(n) for every n >= preperiod.
    pub preperiod: usize,
    pub period: usize,
    /// Proven for all n, or only seen in the values computed.
    pub proven: bool,
    /// Why it holds (or how far it was seen), in words.
    pub certificate: String,
}

/// What is known of a game's rules that can prove a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// Moves take at most `t` tokens and leave at most one heap, the same
    /// takes from every heap of `t` or more.
    Subtraction { t: usize },
    /// Moves take at most `t` tokens and leave at most two heaps.
    Octal { t: usize },
    /// No theorem applies.
    None,
}

/// Periods up to this long are looked for.
const MAX_PERIOD: usize = 100_000;
/// A period seen but not proven must repeat this many times in the values.
const SEEN_REPEATS: usize = 3;

/// The shortest period of `values`, with the smallest preperiod, proven by
/// `theorem` where it can be.
pub fn find(values: &[u32], theorem: Theorem) -> Option<Period> {
    let n = values.len();
    let max_period = MAX_PERIOD.min(n / 2);
    for p in 1..=max_period {
        let found = match theorem {
            Theorem::Subtraction { t } => window(values, p, t.max(1)),
            Theorem::Octal { t } => guy_smith(values, p, t),
            Theorem::None => None,
        };
        if let Some(period) = found {
            return Some(period);
        }
    }
    // No proof: report the shortest period seen, if it repeats enough.
    (1..=n / (SEEN_REPEATS + 1)).find_map(|p| seen(values, p))
}

/// g(n) == g(n + p) holds for every n from `e` on, as far as `values` go.
fn agree_from(values: &[u32], p: usize) -> usize {
    let mut e = values.len() - p;
    while e > 0 && values[e - 1] == values[e - 1 + p] {
        e -= 1;
    }
    e
}

/// Subtraction games: a window of `t` values that repeats `p` places later.
fn window(values: &[u32], p: usize, t: usize) -> Option<Period> {
    let n = values.len();
    let e = agree_from(values, p);
    // The window g(e..e+t) must lie, with its copy, inside the values.
    if e + p + t > n {
        return None;
    }
    Some(Period {
        preperiod: e,
        period: p,
        proven: true,
        certificate: format!(
            "g({e}..{}) = g({}..{}): each value depends only on the {t} before it, so the window repeats forever",
            e + t - 1,
            e + p,
            e + p + t - 1
        ),
    })
}

/// Octal games: the smallest e for period p, and whether the values reach
/// far enough for the Guy-Smith theorem. One value more than the theorem
/// states is checked, as the one-heap engine does: with e = 0 it keeps a
/// split's shifted part nonempty.
fn guy_smith(values: &[u32], p: usize, t: usize) -> Option<Period> {
    let n = values.len();
    let e = agree_from(values, p);
    // Needed: g(m + p) = g(m) for e <= m < 2e + p + t + 1, so values up to
    // index 2e + 2p + t.
    let end = 2 * e + p + t + 1;
    if e >= n - p || end + p > n {
        return None;
    }
    Some(Period {
        preperiod: e,
        period: p,
        proven: true,
        certificate: format!(
            "g(n + {p}) = g(n) for {e} <= n < {end} (checked on g(0..{})); by the Guy-Smith periodicity theorem (at most {t} tokens removed) it holds for all n >= {e}",
            end + p - 1
        ),
    })
}

/// A period seen in the values, repeating at least `SEEN_REPEATS` times.
fn seen(values: &[u32], p: usize) -> Option<Period> {
    let n = values.len();
    let e = agree_from(values, p);
    if n - e < (SEEN_REPEATS + 1) * p {
        return None;
    }
    Some(Period {
        preperiod: e,
        period: p,
        proven: false,
        certificate: format!(
            "g(n + {p}) = g(n) for {e} <= n < {}, as far as computed; no theorem proves it for all n",
            n - p
        ),
    })
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "period {}, preperiod {}, {}",
            self.period,
            self.preperiod,
            if self.proven { "proven" } else { "not proven" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_1_3_4_has_period_7() {
        // Seed 002: S = {1, 3, 4}, P iff n mod 7 is 0 or 2; its values repeat
        // 0 1 0 1 2 3 2 (computed by hand from the mex rule).
        let values: Vec<u32> = (0..40).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let period = find(&values, Theorem::Subtraction { t: 4 }).expect("a period");
        assert_eq!(
            (period.period, period.preperiod, period.proven),
            (7, 0, true)
        );
    }

    #[test]
    fn too_few_values_prove_nothing() {
        let values = [0, 1, 0, 1, 2, 3, 2, 0, 1];
        assert_eq!(find(&values, Theorem::Subtraction { t: 4 }), None);
    }

    #[test]
    fn a_seen_period_is_not_proven() {
        let values: Vec<u32> = (0..30).map(|n| (n % 3) as u32).collect();
        let period = find(&values, Theorem::None).expect("a period");
        assert_eq!(
            (period.period, period.preperiod, period.proven),
            (3, 0, false)
        );
    }
}
