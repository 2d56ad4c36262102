//! What growing a quotient finds: the `Quotient` (its monoid, P-portion
//! and each heap's element), or why it `Stopped`, under its `Limits`.

use fixedbitset::FixedBitSet;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::monoid::Monoid;
use super::moves::Word;
use crate::period::Period;
use crate::search::budget::Exhausted;

/// The misère quotient of the sums of heaps up to `upto`, or of every sum
/// when `period` is proven.
#[derive(Clone, Debug)]
pub struct Quotient {
    /// The games whose heaps it is the quotient of: their sums mix them.
    pub games: Vec<String>,
    /// Its elements and their product.
    pub monoid: Monoid,
    /// The P-portion.
    pub p: FixedBitSet,
    /// Each heap's element, by `index`: the empty heap first, then each
    /// size's heap of each game still growing, in turn.
    pub phi: Vec<u32>,
    /// Where each game's heaps are in `phi`, by size from 0: each game's
    /// heaps are grown as far as that game's were asked for.
    pub(super) slots: Vec<Vec<u32>>,
    /// The least game reaching each element.
    pub words: Vec<Word>,
    /// The heap sizes at which the order grew, with the order from them on.
    pub growth: Vec<(u64, usize)>,
    /// The heaps' elements (of every game at once) repeat from here with
    /// this period, for every heap when it is proven.
    pub period: Option<Period>,
}

/// Why a quotient was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The budget ran out at this heap.
    Budget {
        /// The heap it reached.
        heap: u64,
        /// What ran out.
        exhausted: Exhausted,
    },
    /// A trial monoid for this heap would have more than `MAX_TRIAL`
    /// elements, or no trial made the least failing game right.
    Stuck {
        /// The heap it reached.
        heap: u64,
    },
    /// The order passed `max_order` at this heap.
    TooLarge {
        /// The heap it reached.
        heap: u64,
        /// The order there.
        order: usize,
    },
    /// Heaps past 2^20 are not grown.
    TooManyHeaps {
        /// The heap it reached.
        heap: u64,
    },
}

impl Stopped {
    /// The heap at which it stopped: the quotient holds for the heaps below.
    pub fn heap(&self) -> u64 {
        match self {
            Stopped::Budget { heap, .. }
            | Stopped::Stuck { heap }
            | Stopped::TooLarge { heap, .. }
            | Stopped::TooManyHeaps { heap } => *heap,
        }
    }
}

impl Quotient {
    /// How many elements it has.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// The heaps the quotient was grown for, of every game.
    pub fn upto(&self) -> u64 {
        (0..self.games.len())
            .map(|g| self.upto_of(g))
            .min()
            .unwrap_or(0)
    }

    /// The heaps of game g the quotient was grown for.
    pub fn upto_of(&self, g: usize) -> u64 {
        self.slots.get(g).map_or(0, |s| s.len() as u64 - 1)
    }

    /// Where heap n (at most `upto_of(g)`) of game g is in `phi`.
    pub fn index(&self, g: usize, n: usize) -> usize {
        self.slots[g][n] as usize
    }

    /// Heap n's element (of the only game): found, or from the proven period.
    pub fn element(&self, n: &BigUint) -> Option<u32> {
        self.element_of(0, n)
    }

    /// Heap n of game g's element: found, or from the proven period.
    pub fn element_of(&self, g: usize, n: &BigUint) -> Option<u32> {
        let n = match n.to_usize() {
            Some(n) if n as u64 <= self.upto_of(g) => n,
            _ => self.period.as_ref().filter(|p| p.is_proven())?.index(n),
        };
        let index = self.slots.get(g)?.get(n)?;
        self.phi.get(*index as usize).copied()
    }

    /// The product of these heaps' elements (of the only game), times
    /// `from`; `None` for a heap past what the quotient holds for.
    pub fn times(&self, from: u32, heaps: &[BigUint]) -> Option<u32> {
        self.times_of(0, from, heaps)
    }

    /// The product of these heaps of game g's elements, times `from`.
    pub fn times_of(&self, g: usize, from: u32, heaps: &[BigUint]) -> Option<u32> {
        (heaps.iter()).try_fold(from, |e, h| {
            Some(self.monoid.mul(e, self.element_of(g, h)?))
        })
    }

    /// Whether the sum of these heaps (of the only game) is P; `None` for a
    /// heap past what the quotient holds for.
    pub fn is_p(&self, heaps: &[BigUint]) -> Option<bool> {
        Some(self.is_p_element(self.times(0, heaps)?))
    }

    /// Whether the element `x` is in the P-portion.
    pub fn is_p_element(&self, x: u32) -> bool {
        self.p.contains(x as usize)
    }
}

/// What growing a quotient may spend.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most elements the quotient may have.
    pub max_order: usize,
}
