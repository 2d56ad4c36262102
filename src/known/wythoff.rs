//! Wythoff's game: two heaps; a move takes any positive amount from one heap,
//! or the same positive amount from both; normal play.
//!
//! W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief voor
//! Wiskunde 7 (1907), and seeds 000, 001 and 004: the P-positions are the
//! pairs (a_k, b_k) and (b_k, a_k) with a_k = floor(k * phi) and
//! b_k = a_k + k, k = 0, 1, 2, ... (OEIS A000201 and A001950 for k >= 1).
//! Every natural number is in exactly one of these pairs (seed 000's first
//! property), so each heap value v has one P partner p(v) (0 -> 0,
//! a_k -> b_k, b_k -> a_k), and the winning moves are: set heap 1 to
//! p(heap 2) or heap 2 to p(heap 1) where that is smaller, and take the same
//! amount from both down to the P-position with the same difference d,
//! (a_d, b_d), when the smaller heap exceeds a_d (seed 001's second program
//! prints these moves).
//!
//! The seeds compute with floating point; here everything is exact:
//! sqrt(5) * k is irrational for k > 0, so floor(k * phi) =
//! floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) / 2 in integers.

use num_bigint::BigUint;
use num_traits::{CheckedSub, One, Zero};

use super::closed::{Closed, Entry, Known};
use super::nim::{Collector, takes_any};
use crate::position::Outcome;
use crate::rules::{Amounts, Game, MoveKind, Target};

pub static ENTRY: Entry = Entry {
    id: "wythoff",
    recognises: "heaps 2; take 1.. (from one heap); take 1.. from both heaps (or from two heaps); normal play, no invariant",
    formula: "(a, b) with a <= b is P iff a = floor((b - a) * phi), floor(k * phi) = (k + isqrt(5 k^2)) / 2",
    source: "W. A. Wythoff, \"A modification of the game of Nim\", Nieuw Archief voor Wiskunde 7 (1907); the P-positions' heaps a_k = floor(k * phi) and a_k + k are OEIS A000201 and A001950",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere || game.invariant.is_some() || game.heap_count != Some(2) {
        return None;
    }
    let [first, second] = game.rules.as_slice() else {
        return None;
    };
    // Either order: one rule takes from one heap, the other from both.
    let (one, both) = match (target_of(&first.kind)?, target_of(&second.kind)?) {
        (Target::One, Target::Same(2)) => (0, 1),
        (Target::Same(2), Target::One) => (1, 0),
        _ => return None,
    };
    Some(Box::new(Wythoff { one, both }))
}

/// The target of a take of `1..` with no condition and no split.
fn target_of(kind: &MoveKind) -> Option<Target> {
    match kind {
        MoveKind::Take {
            amounts: Amounts {
                base,
                condition: None,
            },
            target,
            split_rest: None,
        } if takes_any(base) => Some(*target),
        _ => None,
    }
}

/// Wythoff's game; the indices of its two rules in `Game::rules`.
struct Wythoff {
    one: usize,
    both: usize,
}

impl Known for Wythoff {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "(a, b) with a <= b is P iff a = floor((b - a) * phi)".to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let [x, y] = heaps else {
            // Not a position of a `heaps 2` game: the caller checks positions
            // before asking, so this is never reached; answer without moves.
            return Closed {
                outcome: Outcome::P,
                grundy: None,
                winning: Default::default(),
            };
        };
        let p = is_p(x, y);
        let mut winning = Collector::new(max_moves);
        if !p {
            // Rules in the game's order, as the search lists them.
            let mut rules = [self.one, self.both];
            rules.sort_unstable();
            for rule in rules {
                if rule == self.one {
                    one_heap_moves(x, y, rule, &mut winning);
                } else {
                    both_heaps_move(x, y, rule, &mut winning);
                }
            }
        }
        Closed {
            outcome: Outcome::p_if(p),
            grundy: None,
            winning: winning.finish(),
        }
    }
}

/// Heap 1 becomes p(heap 2), then heap 2 becomes p(heap 1), where smaller:
/// the search's order (heap 1 before heap 2). Each (v, p(v)) is P, and no
/// other value next to v is.
fn one_heap_moves(x: &BigUint, y: &BigUint, rule: usize, out: &mut Collector) {
    if let Some(px) = partner(y).filter(|px| px < x) {
        out.push(rule, || vec![px, y.clone()]);
    }
    if let Some(py) = partner(x).filter(|py| py < y) {
        out.push(rule, || vec![x.clone(), py]);
    }
}

/// Taking the same amount keeps the difference d, and the only P-position
/// with difference d is (a_d, a_d + d): reachable when the smaller heap is
/// above a_d.
fn both_heaps_move(x: &BigUint, y: &BigUint, rule: usize, out: &mut Collector) {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    let target = lower(&(large - small));
    if target < *small {
        let t = small - &target;
        out.push(rule, || vec![x - &t, y - &t]);
    }
}

/// Whether (x, y) is a P-position: the smaller heap is a_d, d the difference.
pub fn is_p(x: &BigUint, y: &BigUint) -> bool {
    let (small, large) = if x <= y { (x, y) } else { (y, x) };
    lower(&(large - small)) == *small
}

/// a_k = floor(k * phi) = (k + isqrt(5 k^2)) / 2: exact, since sqrt(5) k is
/// irrational for k > 0 (and the formula gives 0 at k = 0).
pub fn lower(k: &BigUint) -> BigUint {
    (k + (k * k * 5u32).sqrt()) >> 1
}

/// b_k = a_k + k.
pub fn upper(k: &BigUint) -> BigUint {
    lower(k) + k
}

/// The value v's P partner: the w with (v, w) a P-position. Exactly one
/// exists (seed 000's first property); `None` would mean an arithmetic slip
/// and gives no move rather than a wrong one.
pub fn partner(v: &BigUint) -> Option<BigUint> {
    if v.is_zero() {
        return Some(BigUint::zero());
    }
    let root = (v * v * 5u32).sqrt(); // floor(v sqrt 5)
    // v = a_k forces k - 1 < v / phi < k, so k = floor(v / phi) + 1, where
    // floor(v / phi) = floor((v sqrt5 - v) / 2) = (isqrt(5 v^2) - v) / 2.
    // Neighbours are checked too, and every candidate exactly.
    let k = root.checked_sub(v)? >> 1u32;
    if let Some(k) = near(&k).find(|k| lower(k) == *v) {
        return Some(v + k);
    }
    // Otherwise v = b_j: j = floor(v / phi^2) + 1, where floor(v / phi^2) =
    // floor((3v - v sqrt5) / 2) = (3v - isqrt(5 v^2) - 1) / 2 (v sqrt5 is
    // not an integer). 3v > isqrt(5 v^2) for v >= 1: the subtraction holds.
    let j = (v * 3u32).checked_sub(&(root + 1u32))? >> 1u32;
    near(&j).find(|j| upper(j) == *v).map(|j| v - j)
}

/// `n` and its neighbours, n + 1 first (the expected one).
fn near(n: &BigUint) -> impl Iterator<Item = BigUint> {
    let mut out = vec![n + 1u32, n.clone(), n + 2u32];
    if !n.is_zero() {
        out.push(n - BigUint::one());
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_pair_the_listed_p_positions() {
        // Seed 000's list.
        let pairs = [
            (0u32, 0u32),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
        ];
        for (a, b) in pairs {
            let (a, b) = (BigUint::from(a), BigUint::from(b));
            assert_eq!(partner(&a), Some(b.clone()));
            assert_eq!(partner(&b), Some(a.clone()));
            assert!(is_p(&a, &b) && is_p(&b, &a));
        }
    }
}
