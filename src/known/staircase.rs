//! Staircase Nim: heap i holds the coins on stair i; a move shifts any
//! positive number of coins from stair i to stair i - 1 (from stair 1 they
//! reach the ground and leave the game); normal play.
//!
//! Ferguson, Game Theory, Part I, §2.6 (exercises), and seeds 000 and 003: it
//! is Nim on the odd stairs (heaps 1, 3, 5, ...):
//! moving coins off an odd stair is a Nim move there, and coins moved onto an
//! odd stair can be moved straight on by the opponent. So a position is P iff
//! the XOR `s` of the odd stairs is 0 (seed 003 warns that the even stairs
//! are wrong: (0, 1) is P). The Grundy value is `s` itself: every value
//! below `s` is reached by a Nim move on an odd stair, and no move keeps `s`,
//! since each move changes exactly one odd stair (checked against the search
//! in tests/it/known_pairs.rs).
//!
//! Each stair gives at most one winning move, and only one kind: from an odd
//! stair with `h xor s < h`, shift `h - (h xor s)` down; from an even stair,
//! raise the odd stair below from `h'` to `h' xor s` when that is larger by at
//! most the coins there.

use num_bigint::BigUint;
use num_traits::Zero;

use super::closed::{Closed, Entry, Known};
use super::nim::{Collector, takes_any};
use crate::position::Outcome;
use crate::rules::{Amounts, Game, MoveKind};

pub static ENTRY: Entry = Entry {
    id: "staircase",
    recognises: "heaps * (or heaps N); shift 1.. to the previous heap; normal play, no invariant",
    formula: "P iff h1 xor h3 xor h5 xor ... = 0 (the odd stairs); the Grundy value is that XOR",
    source: "staircase Nim, Nim on the odd stairs: T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §2.6 (exercises); the Grundy value checked against the search",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere {
        return None;
    }
    match super::closed::only_rule(game)? {
        MoveKind::Shift {
            amounts: Amounts {
                base,
                condition: None,
            },
        } if takes_any(base) => Some(Box::new(Staircase)),
        _ => None,
    }
}

struct Staircase;

impl Known for Staircase {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "a position is P iff the XOR of its odd stairs (heaps 1, 3, 5, ...) is 0".to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        // Heap index i (0-based) is stair i + 1: the odd stairs are the even indices.
        let s = heaps
            .iter()
            .step_by(2)
            .fold(BigUint::zero(), |acc, h| acc ^ h);
        let mut winning = Collector::new(max_moves);
        if !s.is_zero() {
            for i in 0..heaps.len() {
                if let Some(amount) = winning_shift(heaps, i, &s) {
                    // The game's only rule is rule 0.
                    winning.push(0, || shifted(heaps, i, &amount));
                }
            }
        }
        Closed {
            outcome: Outcome::p_if(s.is_zero()),
            grundy: Some(s),
            winning: winning.finish(),
        }
    }
}

/// The number of coins to shift down from heap `i` (0-based) to make the
/// odd-stair XOR 0, if any; `s` is that XOR now (non-zero).
fn winning_shift(heaps: &[BigUint], i: usize, s: &BigUint) -> Option<BigUint> {
    let h = &heaps[i];
    if i.is_multiple_of(2) {
        // An odd stair: a Nim move on it.
        let target = h ^ s;
        (target < *h).then(|| h - target)
    } else {
        // An even stair: its coins land on the odd stair below, which must
        // grow to `below xor s`, by at most the `h` coins here.
        let below = &heaps[i - 1];
        let target = below ^ s;
        if target > *below {
            let amount = target - below;
            (amount <= *h).then_some(amount)
        } else {
            None
        }
    }
}

/// `heaps` after shifting `amount` coins from heap `i` to heap `i - 1` (or
/// off the board from heap 0).
fn shifted(heaps: &[BigUint], i: usize, amount: &BigUint) -> Vec<BigUint> {
    let mut to = heaps.to_vec();
    to[i] -= amount;
    if i > 0 {
        to[i - 1] += amount;
    }
    to
}
