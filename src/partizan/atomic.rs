//! Atomic weight: how many ↑ an all-small game is worth, by Norton's
//! atomic weight calculus (Winning Ways, ch. 8, "Atomic weights" and "Proper
//! care of the eccentric"; Siegel, *Combinatorial Game Theory*, ch. II,
//! "Atomic weight"; *Lessons in Play*, ch. 9).
//!
//! A game is all-small when every position of it with a move for one
//! player has a move for the other too (0 is; no other number is). For
//! such a G:
//!
//! - aw(n·↑ + *m) = n;
//! - otherwise G'' = {aw(G^L) − 2 | aw(G^R) + 2}, and aw(G) = G'' unless
//!   G'' is an integer (the eccentric case). Then, with ☆ a remote star
//!   (a nimber *N past every nimber among G's positions):
//!   - if G > ☆, aw(G) is the largest integer n with n ⧏ aw(G^R) + 2 for
//!     every G^R;
//!   - if G < ☆, the least integer n with aw(G^L) − 2 ⧏ n for every G^L;
//!   - otherwise aw(G) = G''.

use std::collections::HashSet;

use num_bigint::BigInt;

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::{Forms, Relation};
use crate::platform::deeper;

impl Forms {
    /// The atomic weight of `g`, where `g` is all-small; `None` where it is
    /// not.
    pub fn atomic_weight(&mut self, g: Form) -> Option<Form> {
        if let Some(&known) = self.atomic.get(&g) {
            return known;
        }
        if !self.remember() {
            return None;
        }
        let weight = deeper(|| self.weigh(g));
        self.atomic.insert(g, weight);
        weight
    }

    fn weigh(&mut self, g: Form) -> Option<Form> {
        if !self.all_small(g) {
            return None;
        }
        if self.as_number(g).is_some() {
            // 0, the one all-small number, weighs 0.
            return Some(g);
        }
        if let Some((x, ups, _)) = self.number_up_star(g)
            && x.is_zero()
        {
            return Some(self.integer(ups));
        }
        // Every option of an all-small game is all-small, and has a weight.
        let (left, right) = (self.left(g), self.right(g));
        let lower = self.weights_plus(left, -2)?;
        let upper = self.weights_plus(right, 2)?;
        let naive = self.game(&lower, &upper);
        if !self.as_number(naive).is_some_and(|x| x.is_integer()) {
            return Some(naive);
        }
        let remote = self.remote_star(g);
        let star = self.nimber(remote);
        Some(match self.compare(g, star) {
            Relation::Greater => {
                let n = (upper.iter())
                    .map(|&x| self.largest_integer_not_ge(x))
                    .min()
                    .unwrap_or_default();
                self.big_integer(n)
            }
            Relation::Less => {
                let n = (lower.iter())
                    .map(|&y| self.least_integer_not_le(y))
                    .max()
                    .unwrap_or_default();
                self.big_integer(n)
            }
            Relation::Equal | Relation::Fuzzy => naive,
        })
    }

    /// The atomic weights of `options`, each plus `by`: G^L'' − 2 and
    /// G^R'' + 2.
    fn weights_plus(&mut self, options: Vec<Form>, by: i64) -> Option<Vec<Form>> {
        let by = self.integer(by);
        let weights: Option<Vec<Form>> = (options.into_iter())
            .map(|o| self.atomic_weight(o))
            .collect();
        Some(weights?.into_iter().map(|w| self.add(w, by)).collect())
    }

    /// The largest integer n with n ⧏ X (X ≰ n): below X's Left stop every
    /// integer is, and at it where X ≰ it.
    fn largest_integer_not_ge(&mut self, x: Form) -> BigInt {
        let n = self.left_stop(x).floor();
        let at = self.big_integer(n.clone());
        match self.le(x, at) {
            true => n - 1,
            false => n,
        }
    }

    /// The least integer n with Y ⧏ n (n ≰ Y).
    fn least_integer_not_le(&mut self, y: Form) -> BigInt {
        let n = self.right_stop(y).ceil();
        let at = self.big_integer(n.clone());
        match self.le(at, y) {
            true => n + 1,
            false => n,
        }
    }

    /// The integer `n`, of any size.
    fn big_integer(&mut self, n: BigInt) -> Form {
        self.number(Dyadic::integer(n))
    }

    /// A remote star's N for `g`: one past every nimber *k among g's
    /// positions (at least 1), so that comparing g with *N does not depend
    /// on which such N is taken.
    fn remote_star(&mut self, g: Form) -> u32 {
        let mut most = 1u32;
        let mut seen = HashSet::new();
        let mut stack = vec![g];
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            if !self.remember() {
                return most;
            }
            if let Some(k) = self.as_nimber(f) {
                most = most.max(k.saturating_add(1));
                continue;
            }
            if self.as_number(f).is_some() {
                continue;
            }
            stack.extend(self.left(f));
            stack.extend(self.right(f));
        }
        most
    }

    /// Whether `g` is all-small: 0, or every position of it has moves for
    /// both players or for neither (the canonical form of an all-small
    /// game is all-small: Siegel, ch. II, "Atomic weight").
    pub(super) fn all_small(&mut self, g: Form) -> bool {
        if let Some(&known) = self.all_small.get(&g) {
            return known;
        }
        if !self.remember() {
            return false;
        }
        let small = match self.as_number(g) {
            Some(x) => x.is_zero(),
            None => {
                let (left, right) = (self.left(g), self.right(g));
                !left.is_empty()
                    && !right.is_empty()
                    && deeper(|| left.into_iter().chain(right).all(|o| self.all_small(o)))
            }
        };
        self.all_small.insert(g, small);
        small
    }
}
