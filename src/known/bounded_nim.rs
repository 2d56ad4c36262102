//! Bounded Nim: any number of heaps; a move takes 1 to `r` stones from one
//! heap; normal play. Seed 001 (third type), from the subtraction games of
//! Winning Ways (Berlekamp, Conway, Guy), ch. 4: reduce each heap mod `r + 1`,
//! then XOR; the position is P iff that XOR `s` is 0. Each heap is the
//! subtraction game {1..r}, whose Grundy value is `h mod (r + 1)`, so by
//! Sprague-Grundy `s` is the position's Grundy value, and the winning moves
//! change one heap's value `v` to `t = v xor s` (if `t <= r`): by taking
//! `v - t` when `t < v`, and also when `t > v`, by taking `v + r + 1 - t` if
//! the heap holds that many (a move may cross a multiple of `r + 1`). At
//! most one per heap; unlike Nim, a heap with `t > v` can have one.
//!
//! Also `takes_up_to`, the amounts `1..m` in any spelling, which Bash and
//! misère Bash share.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

use super::closed::{Closed, Entry, Known};
use super::nim::{Collector, replaced, single_take, xor_all};
use crate::position::Outcome;
use crate::rules::{AmountBase, Game};

pub static ENTRY: Entry = Entry {
    id: "bounded_nim",
    recognises: "heaps * (or heaps N); take 1..r (or {1, 2, ..., r}) from one heap, r >= 1; normal play",
    formula: "P iff (h1 mod (r+1)) xor (h2 mod (r+1)) xor ... = 0; the Grundy value is that XOR s; winning moves: a heap h with v = h mod (r+1) and t = v xor s <= r loses k = (v - t) mod (r+1), if k <= h",
    source: "each heap is the subtraction game {1, ..., r}, with Grundy value h mod (r+1): Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 4, subtraction games; the sum: the Sprague-Grundy theorem (Sprague 1935, Grundy 1939)",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let r = takes_up_to(single_take(game)?)?;
    if game.misere {
        return None;
    }
    Some(Box::new(BoundedNim { r }))
}

/// The largest amount `m` when the amounts are exactly `1..m` (`m >= 1`),
/// written as a range `1..m` or as the set `{1, 2, ..., m}`.
pub(super) fn takes_up_to(base: &AmountBase) -> Option<BigUint> {
    let one = BigInt::one();
    match base {
        AmountBase::Range { lo, hi: Some(hi) } if *lo == one => hi.to_biguint(),
        AmountBase::Set(set) => {
            // Distinct integers from 1 to len are exactly 1..len.
            let len = BigInt::from(set.len());
            if set.first() == Some(&one) && set.last() == Some(&len) {
                len.to_biguint()
            } else {
                None
            }
        }
        _ => None,
    }
    .filter(|m| !m.is_zero())
}

struct BoundedNim {
    r: BigUint,
}

impl Known for BoundedNim {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        let modulus = &self.r + 1u32;
        format!(
            "a position is P iff the XOR of its heaps, each taken mod {modulus}, is 0 (r = {})",
            self.r
        )
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        analyze(&self.r, heaps, max_moves)
    }
}

/// The answer for heaps of the subtraction game {1..m}, taken by rule 0.
pub(super) fn analyze(m: &BigUint, heaps: &[BigUint], max_moves: usize) -> Closed {
    let modulus = m + 1u32;
    let values: Vec<BigUint> = heaps.iter().map(|h| h % &modulus).collect();
    let s = xor_all(values.iter().cloned());
    let mut winning = Collector::new(max_moves);
    if !s.is_zero() {
        for (i, (h, v)) in heaps.iter().zip(&values).enumerate() {
            // The heap's value must become t = v xor s (not v, as s != 0).
            // The amounts 1..m reach every residue mod m + 1 but v, each
            // once: t by taking k = (v - t) mod (m + 1). When t > v that
            // wraps below a multiple of m + 1, so it needs k <= h.
            // A t above m is no heap's value: nothing to do in this heap.
            let target = v ^ &s;
            if target >= modulus {
                continue;
            }
            let k = (v + &modulus - &target) % &modulus;
            if k <= *h {
                winning.push(0, || replaced(heaps, i, h - &k));
            }
        }
    }
    Closed {
        outcome: Outcome::p_if(s.is_zero()),
        grundy: Some(s),
        winning: winning.finish(),
    }
}
