//! Nim: any number of heaps; a move takes any positive amount from one heap;
//! normal play. Bouton's theorem (C. L. Bouton, "Nim, a game with a complete
//! mathematical theory", Annals of Math. 3, 1901; seeds 000, 001, 003): a
//! position is P iff the XOR `s` of its heaps is 0, and its Grundy value is
//! `s`. The winning moves turn a heap `h` into `h xor s` wherever that is
//! smaller: one per such heap, so seed 001 counts them as the heaps with
//! `h xor s < h`.
//!
//! The Nim family (this module and its siblings) shares the shape of its
//! rules, one take with no condition; `single_take` and `Collector` are here.

use num_bigint::{BigInt, BigUint};
use num_traits::Zero;

use super::closed::{Closed, Entry, Known, KnownMove, WinningMoves};
use crate::position::Outcome;
use crate::rules::{AmountBase, Amounts, Game, MoveKind, Target};

pub static ENTRY: Entry = Entry {
    id: "nim",
    recognises: "heaps * (or heaps N); take 1.. (from one heap); normal play",
    formula: "P iff h1 xor h2 xor ... = 0; the Grundy value is that XOR s; winning moves: each heap h with h xor s < h becomes h xor s",
    source: "Bouton's theorem: C. L. Bouton, \"Nim, a game with a complete mathematical theory\", Annals of Math. 3 (1901); the Grundy value: the Sprague-Grundy theorem (Sprague 1935, Grundy 1939)",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let base = single_take(game)?;
    (!game.misere && takes_any(base)).then(|| Box::new(Nim) as Box<dyn Known>)
}

struct Nim;

impl Known for Nim {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "a position is P iff the XOR of its heaps is 0".to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let s = xor_all(heaps.iter().cloned());
        let mut winning = Collector::new(max_moves);
        // The game's only rule is rule 0.
        xor_moves(heaps, &s, 0, &mut winning);
        Closed {
            outcome: Outcome::p_if(s.is_zero()),
            grundy: Some(s),
            winning: winning.finish(),
        }
    }
}

/// The XOR of `values`.
pub(super) fn xor_all(values: impl IntoIterator<Item = BigUint>) -> BigUint {
    values.into_iter().fold(BigUint::zero(), |acc, v| acc ^ v)
}

/// Nim's winning moves at XOR `s`, made by rule `rule`: each heap `h` with
/// `h xor s < h` becomes `h xor s`, in heap order.
pub(super) fn xor_moves(heaps: &[BigUint], s: &BigUint, rule: usize, out: &mut Collector) {
    if s.is_zero() {
        return;
    }
    for (i, h) in heaps.iter().enumerate() {
        let target = h ^ s;
        if target < *h {
            out.push(rule, || replaced(heaps, i, target));
        }
    }
}

/// `heaps` with heap `i` set to `value`.
pub(super) fn replaced(heaps: &[BigUint], i: usize, value: BigUint) -> Vec<BigUint> {
    let mut to = heaps.to_vec();
    to[i] = value;
    to
}

/// The amounts of a game made of one rule that takes from one heap, with no
/// condition, no split and no invariant: the shape of the whole Nim family.
/// Play (normal or misère) and the heap count are for the caller to check.
pub(super) fn single_take(game: &Game) -> Option<&AmountBase> {
    take_any_amount(super::closed::only_rule(game)?)
}

/// The amounts of a take from one heap with no condition and no split.
pub(super) fn take_any_amount(kind: &MoveKind) -> Option<&AmountBase> {
    match kind {
        MoveKind::Take {
            amounts: Amounts {
                base,
                condition: None,
            },
            target: Target::One,
            split_rest: None,
        } => Some(base),
        _ => None,
    }
}

/// Amounts `1..`: any positive amount.
pub(super) fn takes_any(base: &AmountBase) -> bool {
    matches!(base, AmountBase::Range { lo, hi: None } if *lo == BigInt::from(1))
}

/// Winning moves as they are found: all are counted, the first `max` kept.
pub(super) struct Collector {
    max: usize,
    count: BigUint,
    moves: Vec<KnownMove>,
}

impl Collector {
    pub(super) fn new(max: usize) -> Self {
        Collector {
            max,
            count: BigUint::zero(),
            moves: Vec::new(),
        }
    }

    /// True when no more moves are to be listed (they may still be counted).
    pub(super) fn full(&self) -> bool {
        self.moves.len() >= self.max
    }

    /// How many more moves may be listed.
    pub(super) fn room(&self) -> usize {
        self.max.saturating_sub(self.moves.len())
    }

    /// One more winning move; `to` builds its position only if it is listed.
    pub(super) fn push(&mut self, rule: usize, to: impl FnOnce() -> Vec<BigUint>) {
        self.count += 1u32;
        if !self.full() {
            self.moves.push(KnownMove { rule, to: to() });
        }
    }

    /// Moves counted in bulk: `listed` of them (already within the limit)
    /// and `count` in all.
    pub(super) fn extend(&mut self, count: &BigUint, listed: Vec<KnownMove>) {
        self.count += count;
        let room = self.room();
        self.moves.extend(listed.into_iter().take(room));
    }

    pub(super) fn finish(self) -> WinningMoves {
        WinningMoves {
            count: self.count,
            at_least: false,
            moves: self.moves,
        }
    }
}
