//! Dyadic rationals m / 2^k, exact at any size: the numbers among short
//! games (Conway, *On Numbers and Games*, ch. 1; Siegel, *Combinatorial
//! Game Theory*, §II.3). Kept reduced: `k = 0` or `m` odd.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A dyadic rational m / 2^k, reduced.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    m: BigInt,
    k: u32,
}

impl Dyadic {
    /// The integer `n`.
    pub fn integer(n: impl Into<BigInt>) -> Self {
        Dyadic { m: n.into(), k: 0 }
    }

    /// m / 2^k, reduced.
    pub fn new(m: impl Into<BigInt>, k: u32) -> Self {
        let mut m = m.into();
        let mut k = k;
        while k > 0 && m.is_even() {
            m >>= 1u32;
            k -= 1;
        }
        if m.is_zero() {
            k = 0;
        }
        Dyadic { m, k }
    }

    /// Zero.
    pub fn zero() -> Self {
        Dyadic::integer(0)
    }

    /// The numerator, with `exponent` the power of 2 below it.
    pub fn numerator(&self) -> &BigInt {
        &self.m
    }

    /// k, for m / 2^k.
    pub fn exponent(&self) -> u32 {
        self.k
    }

    /// ⌊x · n⌋, for an integer n.
    pub fn floor_times(&self, n: i64) -> BigInt {
        Dyadic::new(&self.m * n, self.k).floor()
    }

    /// Whether it is an integer.
    pub fn is_integer(&self) -> bool {
        self.k == 0
    }

    /// Whether it is 0.
    pub fn is_zero(&self) -> bool {
        self.m.is_zero()
    }

    /// Whether it is below 0.
    pub fn is_negative(&self) -> bool {
        self.m.is_negative()
    }

    /// Whether it is above 0.
    pub fn is_positive(&self) -> bool {
        self.m.is_positive()
    }

    /// Both over the larger power of 2.
    fn aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u32) {
        let k = self.k.max(other.k);
        (
            &self.m << (k - self.k) as usize,
            &other.m << (k - other.k) as usize,
            k,
        )
    }

    /// The sum.
    pub fn add(&self, other: &Dyadic) -> Dyadic {
        let (a, b, k) = self.aligned(other);
        Dyadic::new(a + b, k)
    }

    /// The difference.
    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        let (a, b, k) = self.aligned(other);
        Dyadic::new(a - b, k)
    }

    /// The negative.
    pub fn neg(&self) -> Dyadic {
        Dyadic {
            m: -&self.m,
            k: self.k,
        }
    }

    /// Half of it.
    pub fn half(&self) -> Dyadic {
        Dyadic::new(self.m.clone(), self.k + 1)
    }

    /// The largest integer at most it.
    pub fn floor(&self) -> BigInt {
        self.m.div_floor(&(BigInt::one() << self.k as usize))
    }

    /// The smallest integer at least it.
    pub fn ceil(&self) -> BigInt {
        -((-&self.m).div_floor(&(BigInt::one() << self.k as usize)))
    }

    /// The simplest number strictly between `low` and `high` (either may be
    /// missing: no bound on that side), by the simplicity rule (ONAG ch. 1;
    /// Siegel §II.3): an integer if one lies between, the one of
    /// least absolute value; else the dyadic of least denominator.
    /// `low < high` where both are given.
    pub fn simplest_between(low: Option<&Dyadic>, high: Option<&Dyadic>) -> Dyadic {
        // The integers strictly between.
        let first: Option<BigInt> = low.map(|l| l.floor() + 1);
        let last: Option<BigInt> = high.map(|h| h.ceil() - 1);
        let zero = BigInt::zero();
        let integer = match (&first, &last) {
            (None, None) => Some(zero),
            (Some(a), None) => Some(if a.is_negative() { zero } else { a.clone() }),
            (None, Some(b)) => Some(if b.is_positive() { zero } else { b.clone() }),
            (Some(a), Some(b)) if a <= b => Some(if a.is_positive() {
                a.clone()
            } else if b.is_negative() {
                b.clone()
            } else {
                zero
            }),
            _ => None,
        };
        if let Some(n) = integer {
            return Dyadic::integer(n);
        }
        // No integer between: both bounds lie within one unit interval
        // [n, n + 1]; halve it until a midpoint falls strictly between.
        let (Some(low), Some(high)) = (low, high) else {
            unreachable!("an integer lies between unless both bounds are given")
        };
        let mut a = Dyadic::integer(low.floor());
        let mut b = a.add(&Dyadic::integer(1));
        loop {
            let mid = a.add(&b).half();
            if &mid <= low {
                a = mid;
            } else if &mid >= high {
                b = mid;
            } else {
                return mid;
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.k == other.k {
            return self.m.cmp(&other.m);
        }
        // Without big numbers where both fit a machine word (stops and
        // numbers of games are mostly small).
        let k = self.k.max(other.k);
        let (shift_a, shift_b) = (k - self.k, k - other.k);
        if let (Some(a), Some(b), true) = (self.m.to_i64(), other.m.to_i64(), k < 64) {
            return (i128::from(a) << shift_a).cmp(&(i128::from(b) << shift_b));
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-3/2`, `5/16`: CGSuite's way.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.k == 0 {
            write!(f, "{}", self.m)
        } else {
            write!(f, "{}/{}", self.m, BigInt::one() << self.k as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(m: i64, k: u32) -> Dyadic {
        Dyadic::new(m, k)
    }

    #[test]
    fn the_simplest_number_between_follows_the_simplicity_rule() {
        // ONAG ch. 1 examples: {0|} = 1, {|0} = -1, {0|1} = 1/2,
        // {1/2|1} = 3/4, {-1|1} = 0, {1|} = 2, {3/2|2} = 7/4 … and
        // {1/4|1} = 1/2.
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| {
            Dyadic::simplest_between(l.as_ref(), h.as_ref()).to_string()
        };
        assert_eq!(s(None, None), "0");
        assert_eq!(s(Some(d(0, 0)), None), "1");
        assert_eq!(s(None, Some(d(0, 0))), "-1");
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), "1/2");
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), "3/4");
        assert_eq!(s(Some(d(-1, 0)), Some(d(1, 0))), "0");
        assert_eq!(s(Some(d(1, 0)), None), "2");
        assert_eq!(s(Some(d(3, 1)), Some(d(2, 0))), "7/4");
        assert_eq!(s(Some(d(1, 2)), Some(d(1, 0))), "1/2");
        assert_eq!(s(Some(d(-5, 1)), Some(d(-2, 0))), "-9/4");
        assert_eq!(s(Some(d(-3, 0)), Some(d(5, 0))), "0");
        assert_eq!(s(Some(d(2, 0)), Some(d(7, 0))), "3");
        assert_eq!(s(Some(d(-7, 0)), Some(d(-2, 0))), "-3");
    }

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        assert_eq!(d(1, 1).add(&d(1, 1)), Dyadic::integer(1));
        assert_eq!(d(3, 2).sub(&d(1, 0)).to_string(), "-1/4");
        assert_eq!(d(6, 2), d(3, 1));
        assert_eq!(d(-3, 1).floor(), BigInt::from(-2));
        assert_eq!(d(-3, 1).ceil(), BigInt::from(-1));
        assert!(d(-1, 3) < d(0, 0) && d(1, 10) > d(0, 0));
    }
}
