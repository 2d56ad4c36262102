//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 2005; Plambeck and Siegel, "Misère
//! quotients for impartial games", JCTA 2008).
//!
//! Two sums of heaps are indistinguishable when adding any third sum leaves
//! both P or both N in misère play. The classes form a commutative monoid,
//! the quotient; the classes of P-positions are its P-portion; and a sum of
//! heaps is P exactly when the product of its heaps' elements is in the
//! P-portion. A wild game such as misère Kayles, whose positions no genus
//! answers, has a quotient of 40 elements.
//!
//! The quotient of the sums of heaps up to n is grown from that up to n − 1,
//! in the way Aaron Siegel's MisereSolver (in CGSuite, GPL; read for its
//! method, none of its code used) grows it. First the new heap is tried as
//! an element already there (it must be P exactly when the heap is, and be
//! told apart from the elements its moves reach by every context); if none
//! fits, the quotient is multiplied by a cyclic monoid for the new heap,
//! the product marked and reduced (`monoid`), and while the result fails,
//! heaps of the least failing game get generators of their own. Every
//! candidate is accepted only when `failures` proves it, so the heuristics
//! can only cost time, never a wrong answer.
//!
//! Once the heaps' elements repeat with a period over the range a
//! periodicity theorem asks for (`period`), the quotient holds for heaps of
//! every size.
//!
//! `heap` grows a quotient by one heap, `presentation` writes it by
//! generators and relations, `assisted` searches positions past it.

mod assisted;
mod failures;
mod heap;
mod monoid;
mod presentation;

use std::sync::Arc;

use fixedbitset::FixedBitSet;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::moves::MoveGen;
use crate::period::{self, Period, Theorem};
use crate::platform::usize_of;
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::SearchError;
use crate::search::budget::{Budget, Exhausted};
pub use assisted::Assisted;
use heap::add_heap;
pub use monoid::Monoid;
pub use presentation::Presentation;

/// A game as heap sizes, largest first: heap h stands for its element.
pub type Word = Vec<u32>;

/// The work growing a quotient may take by default (a few seconds: Dawson's
/// Kayles to heap 33 takes 68 million, 2.3 s).
pub const DEFAULT_WORK: u64 = 100_000_000;

/// The most heaps a quotient is grown for: past them, only a proven period
/// answers.
const MAX_HEAPS: u32 = 1 << 20;

/// Heaps between two looks for a period.
const PROVE_EVERY: u64 = 16;

/// The moves of each heap, as the heaps each leaves (empty heaps left out).
struct HeapMoves {
    options: Vec<Vec<Vec<u32>>>,
}

impl HeapMoves {
    fn heaps(&self) -> usize {
        self.options.len()
    }
}

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
    slots: Vec<Vec<u32>>,
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

    /// The quotient by generators and relations.
    pub fn presentation(&self) -> Presentation {
        presentation::presentation(self)
    }
}

/// What growing a quotient may spend.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most elements the quotient may have.
    pub max_order: usize,
}

/// The misère quotient of the sums of heaps of `games` (misère, moves on
/// one heap), each game's up to its `upto`, or of every heap if a period is
/// proven before; what was found before the budget or `limits` stopped it
/// otherwise, with why. A heap past those that are ever grown (2^20) is
/// answered only by a period, proven on the sizes every game reaches: then
/// every game grows as far.
pub fn grow(
    games: &[Arc<Game>],
    upto: &[u64],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<(Quotient, Option<Stopped>), SearchError> {
    let mut moves = Vec::new();
    for game in games {
        if !game.misere {
            return Err(SearchError::QuotientOfNormalPlay { game: game.title() });
        }
        let m = MoveGen::new(game);
        if !m.one_heap_moves() {
            return Err(SearchError::QuotientOfNonHeapGame { game: game.title() });
        }
        moves.push(m);
    }
    let theorem = theorem_for(games);
    let mut heaps = HeapMoves {
        options: vec![Vec::new()],
    };
    let mut q = Quotient {
        games: games.iter().map(|g| g.title()).collect(),
        monoid: Monoid::trivial(),
        p: FixedBitSet::with_capacity(1),
        phi: vec![0],
        slots: vec![vec![0]; games.len()],
        words: vec![Vec::new()],
        growth: Vec::new(),
        period: None,
    };
    let stop = |heap, exhausted| Some(Stopped::Budget { heap, exhausted });
    // Each size's heaps of all games at once, as one number for the period:
    // looked for while every game grows.
    let mut rows = Rows::default();
    rows.push(vec![0; games.len()]);
    let largest = upto.iter().copied().max().unwrap_or(0);
    let upto = if largest > u64::from(MAX_HEAPS) {
        vec![largest; upto.len()]
    } else {
        upto.to_vec()
    };
    let every = upto.iter().copied().min().unwrap_or(0);
    for n in 1..=largest {
        let grown = q.growth.len();
        for (g, game) in games.iter().enumerate() {
            if upto[g] < n {
                continue;
            }
            let index = q.phi.len();
            let Some(index32) = u32::try_from(index).ok().filter(|&i| i <= MAX_HEAPS) else {
                return Ok((q, Some(Stopped::TooManyHeaps { heap: n })));
            };
            let Some(options) = heap_options(game, &moves[g], n, budget)? else {
                return Ok((q, stop(n, budget.exhausted())));
            };
            let at = |size: u32| q.index(g, size as usize) as u32;
            let options = (options.into_iter())
                .map(|parts| parts.into_iter().map(at).collect())
                .collect();
            heaps.options.push(options);
            if let Err(stopped) = add_heap(&mut q, &heaps, index32, n, limits, budget) {
                heaps.options.pop();
                return Ok((q, Some(stopped)));
            }
            q.slots[g].push(index32);
        }
        let row = |q: &Quotient, m: u64| -> Vec<u32> {
            (0..games.len())
                .map(|g| q.phi[q.index(g, usize_of(m))])
                .collect()
        };
        if q.growth.len() != grown {
            // The quotient grew, its elements numbered afresh: so are the
            // sizes before.
            rows = Rows::default();
            (0..=n.min(every)).for_each(|m| rows.push(row(&q, m)));
        } else if n <= every {
            rows.push(row(&q, n));
        }
        if n > every {
            continue;
        }
        // A period is looked for now and then, and at the last heap.
        if let Some(theorem) = theorem
            && (n % PROVE_EVERY == 0 || n == every)
        {
            if let Err(e) = budget.spend(n * PROVE_EVERY) {
                return Ok((q, stop(n, e)));
            }
            if let Some(period) = period::prove(&rows.ids, theorem, 1 << 24) {
                q.period = Some(period);
                return Ok((q, None));
            }
        }
    }
    // Not proven: what the elements show, for the reader.
    q.period = period::seen(&rows.ids);
    Ok((q, None))
}

/// The theorem that proves a period of the heaps' elements: the game's own
/// for one game; for several, the Guy-Smith theorem with the most tokens
/// any of them takes (it covers subtraction games too), if each has one.
fn theorem_for(games: &[Arc<Game>]) -> Option<Theorem> {
    let normal = |game: &Arc<Game>| {
        period::classify(&Game {
            misere: false,
            ..(**game).clone()
        })
    };
    if let [game] = games {
        return normal(game);
    }
    let mut most = 0;
    for game in games {
        let t = match normal(game)? {
            Theorem::Window { t } | Theorem::GuySmith { t } => t,
        };
        most = most.max(t);
    }
    Some(Theorem::GuySmith { t: most })
}

/// Each size's row of elements (one per game), numbered in order of first
/// appearance: the sequence a period is looked for in.
#[derive(Default)]
struct Rows {
    numbers: std::collections::HashMap<Vec<u32>, u32>,
    ids: Vec<u32>,
}

impl Rows {
    fn push(&mut self, row: Vec<u32>) {
        let next = self.numbers.len() as u32;
        self.ids.push(*self.numbers.entry(row).or_insert(next));
    }
}

/// Heap n's moves as the nonempty heaps each leaves, largest first, each
/// once; `None` when `budget` runs out first.
pub(super) fn heap_options(
    game: &Game,
    moves: &MoveGen,
    n: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Vec<u32>>>, SearchError> {
    let mut options = Vec::new();
    // A block's moves are seen to shrink the heap only as they are made.
    let mut larger = None;
    let found = moves.each_move_within(&[n], budget.within(), |_, after| {
        if n == 0 || after.iter().any(|&h| h >= n) {
            larger = larger.or(Some(after.iter().copied().max().unwrap_or(0)));
        }
        let mut parts: Vec<u32> = (after.iter())
            .filter(|&&h| h > 0)
            .map(|&h| h as u32)
            .collect();
        parts.sort_unstable_by(|a, b| b.cmp(a));
        options.push(parts);
    });
    let examined = match found {
        Ok(examined) => examined,
        Err(e) if e.error == EvalError::OutOfBudget => return Ok(None),
        Err(e) => return Err(crate::search::move_error(game, &[n], e)),
    };
    if let Some(part) = larger {
        return Err(SearchError::NotShrinking {
            game: game.title(),
            heap: n,
            part,
        });
    }
    if budget.spend(examined.max(1)).is_err() {
        return Ok(None);
    }
    options.sort_unstable();
    options.dedup();
    Ok(Some(options))
}
