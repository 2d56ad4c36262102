//! CGSuite's powers of up in the store (`power`): built from their
//! definitions (Siegel, *Combinatorial Game Theory*, §II.4): ↑¹ = ↑ =
//! {0 | *}, for n ≥ 2 ↑ⁿ = {0 | ↓^{→(n−1)}*}, and ↑^{→n} the sum of the
//! first n; and recognised in a canonical form by
//! its shape: ↑^{→n} = {↑^{→(n−1)} | *} for n ≥ 2 (a chain of n bars over
//! `0|*`), ↑ⁿ = {0 | ↓^{→(n−1)}*} as defined — both held to the sums on
//! every n to 10 and to CGSuite's printed forms (`tests/it/partizan.rs`).

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::Forms;
use super::power::{MAX_EXPONENT, PowerOfUp};

impl Forms {
    /// The power of up `power`, by its definition.
    pub fn power_of_up(&mut self, power: PowerOfUp) -> Form {
        let n = power.exponent.clamp(1, MAX_EXPONENT);
        let up = match power.summed {
            true => self.summed_up(n),
            false => self.up_to_the(n),
        };
        if power.down { self.neg(up) } else { up }
    }

    /// ↑ⁿ = {0 | ↓^{→(n−1)}*}, n ≥ 1 (↑¹ = {0 | *} alike).
    fn up_to_the(&mut self, n: u32) -> Form {
        let below = self.summed_up(n - 1);
        let (zero, star, down) = (self.zero(), self.nimber(1), self.neg(below));
        let right = self.add(down, star);
        self.game(&[zero], &[right])
    }

    /// ↑^{→n} = ↑ + ↑² + ... + ↑ⁿ, each summed from the one before.
    fn summed_up(&mut self, n: u32) -> Form {
        if self.power_sums.is_empty() {
            let zero = self.zero();
            self.power_sums.push(zero);
        }
        while self.power_sums.len() <= n as usize {
            let k = self.power_sums.len() as u32;
            let (before, power) = (self.power_sums[k as usize - 1], self.up_to_the(k));
            let sum = self.add(before, power);
            self.power_sums.push(sum);
        }
        self.power_sums[n as usize]
    }

    /// `g` as x + a power of up (n ≥ 2) + *m, where it is one: its stops
    /// are both x, and g − x + *m is ±↑^{→n} or ±↑ⁿ by its shape, for an m
    /// among 0, 1 and the nimbers among g − x's options (and those ⊕ 1).
    pub(super) fn number_power_star(&mut self, g: Form) -> Option<(Dyadic, PowerOfUp, u32)> {
        if let Some(found) = self.powers_found.get(&g) {
            return found.clone();
        }
        let found = self.find_power(g);
        if self.remember() {
            self.powers_found.insert(g, found.clone());
        }
        found
    }

    fn find_power(&mut self, g: Form) -> Option<(Dyadic, PowerOfUp, u32)> {
        let (x, rest, _) = self.number_and_rest(g)?;
        let (left, right) = (self.left(rest), self.right(rest));
        if left.is_empty()
            || right.is_empty()
            || left.len() + right.len() > 2 * MAX_EXPONENT as usize
        {
            return None;
        }
        let mut stars = vec![0, 1];
        for o in left.into_iter().chain(right) {
            if let Some(m) = self.as_nimber(o) {
                stars.extend([m, m ^ 1]);
            }
        }
        stars.sort_unstable();
        stars.dedup();
        for m in stars {
            let star = self.nimber(m);
            let p = self.add(rest, star);
            for down in [false, true] {
                let q = if down { self.neg(p) } else { p };
                if let Some(power) = self.power_shape(q) {
                    let power = PowerOfUp { down, ..power };
                    return Some((x, power, m));
                }
            }
        }
        None
    }

    /// n where `q` is ↑^{→n} by its shape, {↑^{→(n−1)} | *} down to
    /// ↑ = {0 | *}.
    fn summed_shape(&mut self, q: Form) -> Option<u32> {
        let (up, star) = (self.up(), self.nimber(1));
        let mut at = q;
        for n in 1..=MAX_EXPONENT {
            if at == up {
                return Some(n);
            }
            match (self.left(at).as_slice(), self.right(at).as_slice()) {
                ([below], [s]) if *s == star => at = *below,
                _ => return None,
            }
        }
        None
    }

    /// `q` as ↑^{→n} or ↑ⁿ, n ≥ 2, by its shape.
    fn power_shape(&mut self, q: Form) -> Option<PowerOfUp> {
        if let Some(n) = self.summed_shape(q).filter(|&n| n >= 2) {
            return Some(PowerOfUp {
                exponent: n,
                summed: true,
                down: false,
            });
        }
        // ↑ⁿ = {0 | ↓^{→(n−1)}*}, n ≥ 2.
        let (zero, star) = (self.zero(), self.nimber(1));
        let (left, right) = (self.left(q), self.right(q));
        let ([l], [r]) = (left.as_slice(), right.as_slice()) else {
            return None;
        };
        if *l != zero {
            return None;
        }
        let below = self.add(*r, star);
        let below = self.neg(below);
        let n = self.summed_shape(below)? + 1;
        (n <= MAX_EXPONENT).then_some(PowerOfUp {
            exponent: n,
            summed: false,
            down: false,
        })
    }
}
