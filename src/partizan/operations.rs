//! Operations on values beyond the sum: the ordinal sum, cooling, heating,
//! overheating, the Norton product and the companion. Each is defined on a
//! canonical form by its options, found once and kept (`Operated`).
//!
//! - The ordinal sum G : H = {G^L, G : H^L | G^R, G : H^R}: H played on
//!   top of G, a move in G taking H away (Conway, *On Numbers and Games*,
//!   ch. 15; Siegel, *Combinatorial Game Theory*, ch. II, "Ordinal sums").
//!   G : H depends on G's form (here its canonical form) and on H's value
//!   alone (the colon principle).
//! - G cooled by t > -1: G itself for an integer; x, G's mean, where t is
//!   past G's temperature; else {G^L cooled by t − t | G^R cooled by t + t}
//!   (Winning Ways, ch. 6; Siegel, §II.5: G_t is x for t above the least
//!   t' at which G_t' is infinitesimally close to a number x, which is
//!   G's temperature, and the number its mean).
//! - G heated by T: G for a number, else {∫G^L + T | ∫G^R − T} (Winning
//!   Ways, ch. 6; Siegel, §II.5).
//! - G overheated from S to T: G.S for an integer G (G copies of S), else
//!   {∫G^L + T | ∫G^R − T} (E. Berlekamp, "Blockbusting and Domineering",
//!   *J. Combin. Theory A* 49, 1988).
//! - The Norton product G.U: G copies of U for an integer G (−G copies of
//!   −U for a negative one), else {G^L.U + U + I | G^R.U − U − I}, I over
//!   U's incentives U^L − U and U − U^R (Winning Ways, ch. 8; Siegel,
//!   ch. II, "Norton multiplication"; for U > 0 it is well defined on
//!   values, additive and order-keeping in G).
//! - The companion of G: {G^L's companions, and 0 where G ≥ 0 | G^R's
//!   companions, and 0 where G ≤ 0}: 0's is *, *'s 0, a number's other
//!   than 0 the number itself; the one lattice
//!   automorphism of the games born by day n ≥ 1 other than the identity
//!   (Siegel, §III.2).
//!
//! Every step goes through the store (`Forms::remember`), so each is
//! bounded by the question's clock and memory; the recursion follows the
//! options with a growing stack (`deeper`).

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::Forms;
use super::operated::Operated;
use crate::platform::deeper;

impl Forms {
    /// What `operated` found before, or the value of `find` now, kept
    /// (where the store stopped, a meaningless 0: see `Forms`).
    fn once(&mut self, operated: Operated, find: impl FnOnce(&mut Self) -> Form) -> Form {
        if let Some(&known) = self.operated.get(&operated) {
            return known;
        }
        if !self.remember() {
            return self.zero();
        }
        let found = deeper(|| find(self));
        self.operated.insert(operated, found);
        found
    }

    /// G : H, the ordinal sum (see the module).
    pub fn ordinal_sum(&mut self, g: Form, h: Form) -> Form {
        // G : 0 is G.
        if self.as_number(h).is_some_and(Dyadic::is_zero) {
            return g;
        }
        // x : y, two numbers: the number whose sign expansion is x's and
        // then y's (Conway, *On Numbers and Games*, ch. 15; Siegel, ch.
        // II), without a step a sign (`1 : 1000000` is 1000001).
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h))
            && let Some(z) = joined_signs(x, y)
        {
            return self.number(z);
        }
        self.once(Operated::Ordinal(g, h), |forms| {
            let (gl, gr) = (forms.left(g), forms.right(g));
            let (hl, hr) = (forms.left(h), forms.right(h));
            let mut left = gl;
            for l in hl {
                left.push(forms.ordinal_sum(g, l));
            }
            let mut right = gr;
            for r in hr {
                right.push(forms.ordinal_sum(g, r));
            }
            forms.game(&left, &right)
        })
    }

    /// G cooled by t, for t > -1 (see the module).
    pub fn cool(&mut self, g: Form, t: &Dyadic) -> Form {
        if self.as_number(g).is_some_and(Dyadic::is_integer) {
            return g;
        }
        self.once(Operated::Cool(g, t.clone()), |forms| {
            let Some(thermograph) = forms.thermograph(g) else {
                return forms.zero();
            };
            if &thermograph.temperature < t {
                return forms.number(thermograph.mean);
            }
            let by = forms.number(t.clone());
            let minus = forms.neg(by);
            let (gl, gr) = (forms.left(g), forms.right(g));
            let left: Vec<Form> = (gl.into_iter())
                .map(|l| {
                    let l = forms.cool(l, t);
                    forms.add(l, minus)
                })
                .collect();
            let right: Vec<Form> = (gr.into_iter())
                .map(|r| {
                    let r = forms.cool(r, t);
                    forms.add(r, by)
                })
                .collect();
            forms.game(&left, &right)
        })
    }

    /// G heated by T (see the module).
    pub fn heat(&mut self, g: Form, t: Form) -> Form {
        if self.as_number(g).is_some() {
            return g;
        }
        self.once(Operated::Heat(g, t), |forms| {
            forms.raised(g, t, move |forms, option| forms.heat(option, t))
        })
    }

    /// G overheated from S to T (see the module).
    pub fn overheat(&mut self, g: Form, s: Form, t: Form) -> Form {
        if self.as_number(g).is_some_and(Dyadic::is_integer) {
            return self.norton(g, s);
        }
        self.once(Operated::Overheat(g, s, t), |forms| {
            forms.raised(g, t, move |forms, option| forms.overheat(option, s, t))
        })
    }

    /// {f(G^L) + T | f(G^R) − T}: heating's and overheating's step.
    fn raised(&mut self, g: Form, t: Form, mut f: impl FnMut(&mut Self, Form) -> Form) -> Form {
        let minus = self.neg(t);
        let (gl, gr) = (self.left(g), self.right(g));
        let left: Vec<Form> = (gl.into_iter())
            .map(|l| {
                let l = f(self, l);
                self.add(l, t)
            })
            .collect();
        let right: Vec<Form> = (gr.into_iter())
            .map(|r| {
                let r = f(self, r);
                self.add(r, minus)
            })
            .collect();
        self.game(&left, &right)
    }

    /// The Norton product G.U (see the module).
    pub fn norton(&mut self, g: Form, u: Form) -> Form {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n.numerator().clone();
            return self.copies(&n, u);
        }
        self.once(Operated::Norton(g, u), |forms| {
            // U + I for each incentive I of U.
            let (ul, ur) = (forms.left(u), forms.right(u));
            let mut raised = Vec::new();
            for l in ul {
                // U + (U^L − U) = U^L.
                raised.push(l);
            }
            for r in ur {
                // U + (U − U^R) = 2U − U^R.
                let twice = forms.add(u, u);
                let minus = forms.neg(r);
                raised.push(forms.add(twice, minus));
            }
            let (gl, gr) = (forms.left(g), forms.right(g));
            let mut left = Vec::new();
            for l in gl {
                let l = forms.norton(l, u);
                for &by in &raised {
                    left.push(forms.add(l, by));
                }
            }
            let mut right = Vec::new();
            for r in gr {
                let r = forms.norton(r, u);
                for &by in &raised {
                    let minus = forms.neg(by);
                    right.push(forms.add(r, minus));
                }
            }
            forms.game(&left, &right)
        })
    }

    /// n copies of U added (−n copies of −U for n < 0), by doubling: as
    /// many sums as n has bits.
    fn copies(&mut self, n: &BigInt, u: Form) -> Form {
        let (mut doubled, mut total) = (u, self.zero());
        if n.is_negative() {
            doubled = self.neg(u);
        }
        let mut n = n.abs();
        while !n.is_zero() {
            if self.stopped().is_some() {
                break;
            }
            if n.bit(0) {
                total = self.add(total, doubled);
            }
            n >>= 1;
            if !n.is_zero() {
                doubled = self.add(doubled, doubled);
            }
        }
        total
    }

    /// The companion of G (see the module).
    pub fn companion(&mut self, g: Form) -> Form {
        // A number x ≠ 0 is its own companion: by induction on x's
        // canonical options, {x^L, 0 | x^R} is x where x > 0 (a Left
        // option * added beside 0 reverses through 0 to nothing), and so
        // for x < 0; 0's companion is *.
        if self.as_number(g).is_some_and(|x| !x.is_zero()) {
            return g;
        }
        self.once(Operated::Companion(g), |forms| {
            let zero = forms.zero();
            let (gl, gr) = (forms.left(g), forms.right(g));
            let mut left: Vec<Form> = gl.into_iter().map(|l| forms.companion(l)).collect();
            let mut right: Vec<Form> = gr.into_iter().map(|r| forms.companion(r)).collect();
            if forms.le(zero, g) {
                left.push(zero);
            }
            if forms.le(g, zero) {
                right.push(zero);
            }
            forms.game(&left, &right)
        })
    }
}

/// The longest exponent a number's sign expansion is added up to (its
/// signs after its integer part): past it, ordinal sums of numbers go by
/// their options, within the question's limits.
const MAX_SIGNED_EXPONENT: u64 = 1 << 20;

/// A number's sign expansion (Conway, *On Numbers and Games*, ch. 3) as
/// runs of one sign, `true` for +: an integer n is n signs of its own;
/// n + f (0 < f < 1, n ≥ 0) is n + 1 pluses, a minus, then f's binary
/// digits after the point but its last, 1 a plus and 0 a minus; a negative
/// number its negative's signs exchanged.
fn sign_runs(x: &Dyadic) -> Vec<(bool, BigInt)> {
    if x.is_negative() {
        let mut runs = sign_runs(&x.neg());
        for run in &mut runs {
            run.0 = !run.0;
        }
        return runs;
    }
    let n = x.floor();
    let mut runs: Vec<(bool, BigInt)> = Vec::new();
    if x.is_integer() {
        push(&mut runs, true, n);
        return runs;
    }
    push(&mut runs, true, n.clone() + 1);
    push(&mut runs, false, BigInt::from(1));
    // f = m / 2^k, m odd: its digits after the point, the last (a 1) left.
    let k = x.exponent();
    let f = x.numerator() - (n << k);
    for i in (1..k).rev() {
        push(&mut runs, f.bit(u64::from(i)), BigInt::from(1));
    }
    runs
}

/// `length` signs `sign` after `runs`: a run of its own, or the last one
/// longer.
fn push(runs: &mut Vec<(bool, BigInt)>, sign: bool, length: BigInt) {
    if length.is_zero() {
        return;
    }
    match runs.last_mut() {
        Some((last, count)) if *last == sign => *count += length,
        _ => runs.push((sign, length)),
    }
}

/// The number whose sign expansion is x's followed by y's; `None` where
/// its exponent would pass `MAX_SIGNED_EXPONENT`.
fn joined_signs(x: &Dyadic, y: &Dyadic) -> Option<Dyadic> {
    let mut runs = sign_runs(x);
    for (sign, length) in sign_runs(y) {
        push(&mut runs, sign, length);
    }
    let mut runs = runs.into_iter();
    let Some((sign, first)) = runs.next() else {
        return Some(Dyadic::zero());
    };
    // The first run counts whole units; each later run of k signs adds
    // or takes 2^-e + ... + 2^-(e+k-1), e one past the exponent so far:
    // m / 2^E becomes (m·2^k ± (2^k − 1)) / 2^(E+k).
    let mut m = if sign { first } else { -first };
    let mut exponent: u64 = 0;
    for (sign, length) in runs {
        let k = u64::try_from(&length).ok()?;
        exponent = exponent
            .checked_add(k)
            .filter(|&e| e <= MAX_SIGNED_EXPONENT)?;
        let all = (BigInt::from(1) << k) - 1;
        m <<= k;
        if sign {
            m += all;
        } else {
            m -= all;
        }
    }
    Some(Dyadic::new(m, u32::try_from(exponent).ok()?))
}
