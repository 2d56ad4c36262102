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
mod found;
mod heap;
mod monoid;
mod moves;
mod presentation;

use std::sync::Arc;

use fixedbitset::FixedBitSet;

use crate::moves::MoveGen;
use crate::period::{self, Theorem};
use crate::platform::usize_of;
use crate::rules::Game;
use crate::search::SearchError;
use crate::search::budget::Budget;
pub use assisted::Assisted;
pub use found::{Limits, Quotient, Stopped};
use heap::add_heap;
pub use monoid::Monoid;
use moves::{HeapMoves, heap_options};
pub use presentation::Presentation;

/// The work growing a quotient may take by default (a few seconds: Dawson's
/// Kayles to heap 33 takes 68 million, 2.3 s).
pub const DEFAULT_WORK: u64 = 100_000_000;

/// The most heaps a quotient is grown for: past them, only a proven period
/// answers.
const MAX_HEAPS: u32 = 1 << 20;

/// Heaps between two looks for a period.
const PROVE_EVERY: u64 = 16;

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
