//! Lasker's Nim: any number of heaps; a move takes any positive amount from
//! one heap, or splits a heap into two nonempty heaps; normal play. Winning
//! Ways (Berlekamp, Conway, Guy):
//! g(0) = 0, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
//! g(4k+4) = 4k+3; a position's Grundy value is the XOR `s` of its heaps'.
//!
//! Winning moves change one heap `h` to value `t = g(h) xor s`:
//! - a take leaves the one heap with value `t` (g is its own inverse), if it
//!   is smaller than `h`;
//! - a split of `h` into `a <= b` works iff `g(a) xor g(b) = t`. There may be
//!   very many, so they are counted and listed by a digit walk (`Splits`),
//!   exact for heaps of any size, not by trying every `a`.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use super::closed::{Closed, Entry, Known, KnownMove};
use super::nim::{Collector, replaced, take_any_amount, takes_any, xor_all};
use crate::platform::usize_of;
use crate::position::Outcome;
use crate::rules::{Game, MoveKind, Split};

pub static ENTRY: Entry = Entry {
    id: "lasker",
    recognises: "heaps *; take 1.. (from one heap); split into 2 nonempty heaps; normal play (the two rules in either order)",
    formula: "g(0) = 0, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3; the Grundy value is the XOR of g(h) over the heaps; P iff it is 0",
    source: "Lasker's Nim: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy); the sum: the Sprague-Grundy theorem (Sprague 1935, Grundy 1939)",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere || game.invariant.is_some() || game.rules.len() != 2 {
        return None;
    }
    let mut take = None;
    let mut split = None;
    for (index, rule) in game.rules.iter().enumerate() {
        match &rule.kind {
            MoveKind::Split(Split {
                unequal: false,
                nonempty: true,
            }) => split = Some(index),
            kind if take_any_amount(kind).is_some_and(takes_any) => take = Some(index),
            _ => return None,
        }
    }
    Some(Box::new(Lasker {
        take: take?,
        split: split?,
    }))
}

/// Lasker's Nim, with the indices of its two rules.
struct Lasker {
    take: usize,
    split: usize,
}

/// The Grundy value of a heap of `n`; also its own inverse.
pub fn grundy(n: &BigUint) -> BigUint {
    if n.is_zero() {
        return BigUint::zero();
    }
    match (n % 4u32).to_u32() {
        Some(3) => n + 1u32,
        Some(0) => n - 1u32,
        _ => n.clone(),
    }
}

impl Known for Lasker {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "a position is P iff the XOR of g(h) over its heaps is 0, where g(0) = 0, \
         g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3"
            .to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let values: Vec<BigUint> = heaps.iter().map(grundy).collect();
        let s = xor_all(values.iter().cloned());
        let mut takes = Collector::new(max_moves);
        let mut splits = Collector::new(max_moves);
        if !s.is_zero() {
            for (i, (h, g)) in heaps.iter().zip(&values).enumerate() {
                let t = g ^ &s;
                let to = grundy(&t);
                if to < *h {
                    takes.push(self.take, || replaced(heaps, i, to));
                }
                let walk = Splits::new(h, &t);
                let room = splits.room();
                let listed = walk
                    .first(room)
                    .into_iter()
                    .map(|(a, b)| KnownMove {
                        rule: self.split,
                        to: spliced(heaps, i, a, b),
                    })
                    .collect();
                splits.extend(&walk.count(), listed);
            }
        }
        // The search lists moves rule by rule.
        let (first, second) = if self.take < self.split {
            (takes, splits)
        } else {
            (splits, takes)
        };
        let first = first.finish();
        let second = second.finish();
        let mut moves = first.moves;
        moves.extend(second.moves);
        moves.truncate(max_moves);
        Closed {
            outcome: Outcome::p_if(s.is_zero()),
            grundy: Some(s),
            winning: super::closed::WinningMoves {
                count: first.count + second.count,
                at_least: false,
                moves,
            },
        }
    }
}

/// `heaps` with heap `i` replaced by the two heaps `a` and `b`.
fn spliced(heaps: &[BigUint], i: usize, a: BigUint, b: BigUint) -> Vec<BigUint> {
    let mut to = Vec::with_capacity(heaps.len() + 1);
    to.extend_from_slice(&heaps[..i]);
    to.push(a);
    to.push(b);
    to.extend_from_slice(&heaps[i + 1..]);
    to
}

/// The splits of a heap `h` into `a + b = h`, `1 <= a <= b`, with
/// `g(a) xor g(b) = t`.
///
/// With `x = a - 1` and `y = b - 1` (so `x + y = h - 2`), `g(a) = 1 + phi(x)`
/// where `phi` replaces the lowest base-4 digit `d` of `x` by `d xor (d >> 1)`
/// (0, 1, 2, 3 become 0, 1, 3, 2) and keeps the others. So the conditions are
/// digit by digit in base 4, with three carries (of `x + y`, `1 + phi(x)`,
/// `1 + phi(y)`) and the comparison of `x` with `y` so far: a finite
/// automaton read from the lowest digit. `reach[j]` holds the states its
/// first `j` digits can reach; the count is summed over them exactly, and
/// the splits are listed in increasing `a` by walking the digits of `x` from
/// the top, keeping only digits below which some split still exists.
pub struct Splits {
    /// Base-4 digits of `h - 2` and of `t`, lowest first, padded with zeros.
    n: Vec<u8>,
    t: Vec<u8>,
    /// Which states each prefix of digits can reach (bit per state).
    reach: Vec<u32>,
    /// The number of accepted digit strings: the number of splits.
    count: BigUint,
}

/// A state: carry of `x + y` (2), carries of `1 + phi(x)`, `1 + phi(y)` (2
/// each), and `x` against `y` on the digits read (less, equal, greater).
const STATES: usize = 24;
const LESS: usize = 0;
const EQUAL: usize = 1;
const GREATER: usize = 2;

const fn state(sum_carry: usize, x_carry: usize, y_carry: usize, cmp: usize) -> usize {
    ((sum_carry * 2 + x_carry) * 2 + y_carry) * 3 + cmp
}

/// Before any digit: no carry in the sum, the `+ 1` of `g` as carries in.
const START: usize = state(0, 1, 1, EQUAL);

/// After every digit: no carry left anywhere, and `x <= y` (`a <= b`).
fn accepting(s: usize) -> bool {
    s < 3 && s != GREATER
}

impl Splits {
    pub fn new(h: &BigUint, t: &BigUint) -> Self {
        let empty = Splits {
            n: Vec::new(),
            t: Vec::new(),
            reach: Vec::new(),
            count: BigUint::zero(),
        };
        // No split of a heap below 2; and g(a), g(b) <= h, so their XOR has
        // no more bits than h.
        if *h < BigUint::from(2u32) || t.bits() > h.bits() {
            return empty;
        }
        // Digits enough for h - 2, t, and the carries out of the top.
        let len = usize_of(h.bits().div_ceil(2)) + 2;
        let n = digits(&(h - 2u32), len);
        let t = digits(t, len);
        let mut counts: Vec<BigUint> = vec![BigUint::zero(); STATES];
        counts[START] = BigUint::one();
        let mut reach = Vec::with_capacity(len + 1);
        reach.push(1u32 << START);
        for j in 0..len {
            let mut next: Vec<BigUint> = vec![BigUint::zero(); STATES];
            for (s, c) in counts.iter().enumerate() {
                if c.is_zero() {
                    continue;
                }
                for dx in 0..4 {
                    if let Some(s2) = step(j, n[j], t[j], s, dx) {
                        next[s2] += c;
                    }
                }
            }
            counts = next;
            let bits = (0..STATES)
                .filter(|&s| !counts[s].is_zero())
                .fold(0u32, |acc, s| acc | 1 << s);
            reach.push(bits);
        }
        let count = (0..STATES)
            .filter(|&s| accepting(s))
            .map(|s| counts[s].clone())
            .sum();
        Splits { n, t, reach, count }
    }

    /// The number of such splits, exactly.
    pub fn count(&self) -> BigUint {
        self.count.clone()
    }

    /// The first `max` splits `(a, b)`, in increasing `a`.
    pub fn first(&self, max: usize) -> Vec<(BigUint, BigUint)> {
        let mut out = Vec::new();
        let len = self.n.len();
        if max == 0 || self.count.is_zero() {
            return out;
        }
        let goal = (0..STATES)
            .filter(|&s| accepting(s))
            .fold(0u32, |acc, s| acc | 1 << s);
        // Depth-first over the digits of x from the top, smallest digit
        // first. A frame at level j has fixed digits j.. of x; `allowed` is
        // the set of states before digit j from which they are accepted.
        // Only frames with a reachable allowed state are entered, so every
        // frame leads to at least one split: the walk never dead-ends.
        let mut digits_x = vec![0u8; len];
        let mut stack: Vec<(usize, u32, u8)> = vec![(len, goal, 0)];
        while let Some(frame) = stack.last_mut() {
            let (level, allowed, next_digit) = *frame;
            if level == 0 {
                stack.pop();
                let x = from_digits(&digits_x);
                let y = from_digits(&self.n) - &x;
                out.push((x + 1u32, y + 1u32));
                if out.len() >= max {
                    break;
                }
                continue;
            }
            if next_digit >= 4 {
                stack.pop();
                continue;
            }
            frame.2 += 1;
            let j = level - 1;
            let before = self.allowed_before(j, next_digit, allowed);
            if before & self.reach[j] != 0 {
                digits_x[j] = next_digit;
                stack.push((j, before, 0));
            }
        }
        out
    }

    /// The states before digit `j` from which digit `dx` of x (and the digit
    /// of y it forces) leads into `allowed`.
    fn allowed_before(&self, j: usize, dx: u8, allowed: u32) -> u32 {
        let mut before = 0u32;
        for s in 0..STATES {
            if let Some(s2) = step(j, self.n[j], self.t[j], s, dx)
                && allowed & (1 << s2) != 0
            {
                before |= 1 << s;
            }
        }
        before
    }
}

/// Reads digit `j`, `dx` of x, in state `s`, where `n` and `t` are that
/// digit of `h - 2` and of the target: the digit of y is the one that makes
/// the sum's digit `n`. `None` if the XOR's digit is not `t`.
fn step(j: usize, n: u8, t: u8, s: usize, dx: u8) -> Option<usize> {
    let cmp = s % 3;
    let y_carry = (s / 3) % 2;
    let x_carry = (s / 6) % 2;
    let sum_carry = s / 12;
    let dx = usize::from(dx);
    let dy = (usize::from(n) + 8 - dx - sum_carry) % 4;
    let sum = dx + dy + sum_carry;
    // phi changes only the lowest digit.
    let phi = |d: usize| if j == 0 { d ^ (d >> 1) } else { d };
    let gx = phi(dx) + x_carry;
    let gy = phi(dy) + y_carry;
    if (gx % 4) ^ (gy % 4) != usize::from(t) {
        return None;
    }
    let cmp = match dx.cmp(&dy) {
        std::cmp::Ordering::Less => LESS,
        std::cmp::Ordering::Greater => GREATER,
        std::cmp::Ordering::Equal => cmp,
    };
    Some(state(sum / 4, gx / 4, gy / 4, cmp))
}

/// The lowest `len` base-4 digits of `v`, lowest first.
fn digits(v: &BigUint, len: usize) -> Vec<u8> {
    let mut out = v.to_radix_le(4);
    out.resize(len, 0);
    out
}

fn from_digits(d: &[u8]) -> BigUint {
    BigUint::from_radix_le(d, 4).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(n: u64) -> u64 {
        match n % 4 {
            _ if n == 0 => 0,
            3 => n + 1,
            0 => n - 1,
            _ => n,
        }
    }

    /// Every split, by trying each `a`, for small heaps and targets.
    #[test]
    fn splits_agree_with_trying_every_split() {
        for h in 0..200u64 {
            for t in 0..260u64 {
                let expected: Vec<(BigUint, BigUint)> = (1..=h / 2)
                    .filter(|&a| g(a) ^ g(h - a) == t)
                    .map(|a| (BigUint::from(a), BigUint::from(h - a)))
                    .collect();
                let walk = Splits::new(&BigUint::from(h), &BigUint::from(t));
                assert_eq!(
                    walk.count(),
                    BigUint::from(expected.len()),
                    "h = {h}, t = {t}"
                );
                assert_eq!(walk.first(usize::MAX), expected, "h = {h}, t = {t}");
                let few = expected.len().min(3);
                assert_eq!(walk.first(few), expected[..few], "h = {h}, t = {t}");
            }
        }
    }

    #[test]
    fn grundy_is_its_own_inverse() {
        for n in 0..1000u64 {
            let v = grundy(&BigUint::from(n));
            assert_eq!(v, BigUint::from(g(n)));
            assert_eq!(grundy(&v), BigUint::from(n));
        }
    }
}
