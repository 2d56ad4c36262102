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

mod assisted;
mod failures;
mod monoid;

use std::sync::Arc;

use fixedbitset::FixedBitSet;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::moves::MoveGen;
use crate::period::{self, Period, Theorem};
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::SearchError;
use crate::search::budget::{Budget, Exhausted};
pub use assisted::Assisted;
pub use monoid::Monoid;
use monoid::{Candidate, Trial};

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

/// The most elements a trial monoid may have.
const MAX_TRIAL: usize = 1 << 20;

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
    Budget { heap: u64, exhausted: Exhausted },
    /// A trial monoid for this heap would have more than `MAX_TRIAL`
    /// elements, or no trial made the least failing game right.
    Stuck { heap: u64 },
    /// The order passed `max_order` at this heap.
    TooLarge { heap: u64, order: usize },
    /// Heaps past 2^20 are not grown.
    TooManyHeaps { heap: u64 },
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

    pub fn is_p_element(&self, x: u32) -> bool {
        self.p.contains(x as usize)
    }

    /// The quotient by generators and relations.
    pub fn presentation(&self) -> Presentation {
        presentation(self)
    }
}

/// A quotient by generators and relations: generator i is the element of
/// the heap `generators[i]` (a game's index and a heap size), the first
/// heap whose element the earlier generators do not give. Words are
/// exponents, one per generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The games, as in the quotient.
    pub games: Vec<String>,
    pub generators: Vec<(usize, u64)>,
    /// Each element's least word: the fewest of the later generators.
    pub words: Vec<Vec<u32>>,
    /// Relations `left = right`, each left side minimal: together they
    /// turn every word into its element's least word.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

fn presentation(q: &Quotient) -> Presentation {
    let order = q.order();
    // Generators: heaps in order whose element is not yet reached.
    let mut generators: Vec<(usize, u64)> = Vec::new();
    let mut gens: Vec<u32> = Vec::new();
    let mut reached = FixedBitSet::with_capacity(order);
    reached.insert(0);
    // The game and size of each heap in `phi`.
    let mut heap_of = vec![(0, 0); q.phi.len()];
    for (g, slots) in q.slots.iter().enumerate() {
        for (n, &i) in slots.iter().enumerate() {
            heap_of[i as usize] = (g, n as u64);
        }
    }
    for (i, &x) in q.phi.iter().enumerate().skip(1) {
        if reached.contains(x as usize) {
            continue;
        }
        generators.push(heap_of[i]);
        gens.push(x);
        // Close the reached set under the new generator.
        let mut stack: Vec<u32> = reached.ones().map(|e| e as u32).collect();
        while let Some(e) = stack.pop() {
            for &g in &gens {
                let f = q.monoid.mul(e, g);
                if !reached.put(f as usize) {
                    stack.push(f);
                }
            }
        }
    }
    // Least words, as generator indices largest first: fewest of the
    // later generators, then shortest.
    let k = gens.len();
    let mut least: Vec<Option<Vec<u32>>> = vec![None; order];
    let mut queue = std::collections::BinaryHeap::new();
    queue.push(std::cmp::Reverse((Vec::<u32>::new(), 0u32)));
    while let Some(std::cmp::Reverse((word, e))) = queue.pop() {
        if least[e as usize].is_some() {
            continue;
        }
        let top = word.last().copied().unwrap_or(k as u32);
        for i in 0..k as u32 {
            if i <= top {
                let mut w = word.clone();
                w.push(i);
                queue.push(std::cmp::Reverse((w, q.monoid.mul(e, gens[i as usize]))));
            }
        }
        least[e as usize] = Some(word);
    }
    let exponents = |word: &[u32]| {
        let mut v = vec![0u32; k];
        for &i in word {
            v[i as usize] += 1;
        }
        v
    };
    let words: Vec<Vec<u32>> = (least.iter())
        .map(|w| exponents(w.as_deref().unwrap_or(&[])))
        .collect();
    let divides = |a: &[u32], b: &[u32]| a.iter().zip(b).all(|(x, y)| x <= y);
    let mut relations: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for e in 0..order {
        for (i, &g) in gens.iter().enumerate() {
            let mut left = words[e].clone();
            left[i] += 1;
            let right = &words[q.monoid.mul(e as u32, g) as usize];
            if left != *right && !relations.iter().any(|(l, _)| divides(l, &left)) {
                relations.retain(|(l, _)| !divides(&left, l));
                relations.push((left, right.clone()));
            }
        }
    }
    relations.sort_by(|a, b| {
        let key = |w: &[u32]| {
            (
                w.iter().rev().cloned().collect::<Vec<u32>>(),
                w.iter().sum::<u32>(),
            )
        };
        key(&a.0).cmp(&key(&b.0))
    });
    Presentation {
        games: q.games.clone(),
        generators,
        words,
        relations,
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
                .map(|g| q.phi[q.index(g, m as usize)])
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
    let found = moves.each_move_within(&[n], budget.left(), |_, after| {
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
    if budget.spend(examined.max(1)).is_err() {
        return Ok(None);
    }
    options.sort_unstable();
    options.dedup();
    Ok(Some(options))
}

/// Grows `q` by heap n (in `phi`'s numbering; its size is `size`), whose
/// moves are the last of `heaps`.
fn add_heap(
    q: &mut Quotient,
    heaps: &HeapMoves,
    n: u32,
    size: u64,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<(), Stopped> {
    let stop = |exhausted| Stopped::Budget {
        heap: size,
        exhausted,
    };
    if heaps.options[n as usize].is_empty() {
        q.phi.push(0);
        return Ok(());
    }
    if let Some(x) = same_quotient(q, heaps, n, budget).map_err(stop)? {
        q.phi.push(x);
        return Ok(());
    }
    let found = expand(q, heaps, n, size, limits, budget)?;
    q.monoid = found.monoid;
    q.p = found.p;
    q.phi = found.phi;
    q.words = found.words;
    q.growth.push((size, q.monoid.order()));
    Ok(())
}

/// An element of the quotient so far that heap n can be, proven: P exactly
/// when heap n is, told apart from each element a move of heap n reaches
/// in every context (a context making both P would be a P-position with a
/// move to another), and the quotient with heap n standing for it passing
/// the whole failure search.
fn same_quotient(
    q: &Quotient,
    heaps: &HeapMoves,
    n: u32,
    budget: &mut Budget,
) -> Result<Option<u32>, Exhausted> {
    let current = candidate_of(q, None);
    let moves = failures::transitions(&current, heaps, n as usize);
    let heap_is_p = moves.is_disjoint(&q.p);
    let order = q.monoid.order();
    // contexts[x]: the z with xz in P.
    let contexts: Vec<FixedBitSet> = (0..order as u32)
        .map(|x| {
            let mut c = FixedBitSet::with_capacity(order);
            c.extend(
                (0..order as u32)
                    .filter(|&z| q.is_p_element(q.monoid.mul(x, z)))
                    .map(|z| z as usize),
            );
            c
        })
        .collect();
    budget.spend((order * order) as u64)?;
    for x in 0..order as u32 {
        if q.is_p_element(x) != heap_is_p
            || moves
                .ones()
                .any(|t| !contexts[x as usize].is_disjoint(&contexts[t]))
        {
            continue;
        }
        let trying = candidate_of(q, Some(x));
        let kinds = failures::Kinds::new(&trying, heaps);
        if failures::least_failure(&trying, &kinds, budget)?.is_none() {
            return Ok(Some(x));
        }
    }
    Ok(None)
}

/// The quotient so far as a candidate, heap n (the next) standing for `x`.
fn candidate_of(q: &Quotient, x: Option<u32>) -> Candidate {
    let mut phi = q.phi.clone();
    phi.extend(x);
    Candidate {
        monoid: q.monoid.clone(),
        p: q.p.clone(),
        phi,
        words: q.words.clone(),
    }
}

/// A larger quotient for heaps up to n: the quotient so far times a cyclic
/// monoid for heap n, and, while the candidate fails, the candidate times
/// cyclic monoids for heaps of its least failing game (standing for those
/// alone), until one is proven.
fn expand(
    q: &Quotient,
    heaps: &HeapMoves,
    n: u32,
    heap: u64,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Candidate, Stopped> {
    let stop = |exhausted| Stopped::Budget { heap, exhausted };
    let start = candidate_of(q, Some(0));
    let (mut found, mut failure) =
        trial(&start, heaps, &[(n, 2)], heap, budget)?.ok_or(Stopped::Stuck { heap })?;
    while let Some(word) = failure {
        if found.monoid.order() > limits.max_order {
            break;
        }
        let claimed = found.claims_p(&word);
        let representative = found.words[found.element_of(&word) as usize].clone();
        let mut progress = None;
        for changes in recalibrations(&found, &word, &representative) {
            let Some((next, next_failure)) = trial(&found, heaps, &changes, heap, budget)? else {
                continue;
            };
            let fixed =
                next_failure.as_ref().is_none_or(|f| *f > word) || next.claims_p(&word) != claimed;
            if fixed {
                progress = Some((next, next_failure));
                break;
            }
        }
        let Some((next, next_failure)) = progress else {
            return Err(Stopped::Stuck { heap });
        };
        found = next;
        failure = next_failure;
        budget.check_clock().map_err(stop)?;
    }
    if found.monoid.order() > limits.max_order {
        return Err(Stopped::TooLarge {
            heap,
            order: found.monoid.order(),
        });
    }
    Ok(found)
}

/// The candidate of the trial `base` times a cyclic monoid of each index of
/// `changes`, whose heap stands for that monoid's generator alone, and its
/// least failure; `None` if the trial is too large.
fn trial(
    base: &Candidate,
    heaps: &HeapMoves,
    changes: &[(u32, usize)],
    heap: u64,
    budget: &mut Budget,
) -> Result<Option<(Candidate, Option<Word>)>, Stopped> {
    let stop = |exhausted| Stopped::Budget { heap, exhausted };
    let indices = changes.iter().map(|&(_, i)| i).collect();
    let Some(t) = Trial::new(&base.monoid, indices, MAX_TRIAL) else {
        return Ok(None);
    };
    let images: Vec<usize> = (0..heaps.heaps())
        .map(
            |h| match changes.iter().position(|&(k, _)| k as usize == h) {
                Some(k) => t.generator(k),
                None => t.base(base.phi[h]),
            },
        )
        .collect();
    let candidate = monoid::candidate(&t, &images, heaps, budget).map_err(stop)?;
    let kinds = failures::Kinds::new(&candidate, heaps);
    let failure = failures::least_failure(&candidate, &kinds, budget).map_err(stop)?;
    Ok(Some((candidate, failure)))
}

/// The ways to give heaps of the failing `word` (and of the least game
/// `representative` with its element) cyclic monoids of their own, fewest
/// heaps first: each with index at least 2, its element's index, and its
/// count in the word less one.
fn recalibrations(found: &Candidate, word: &Word, representative: &Word) -> Vec<Vec<(u32, usize)>> {
    let mut distinct: Vec<u32> = word.iter().chain(representative).copied().collect();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    let count = |h: u32| word.iter().filter(|&&k| k == h).count();
    let changes: Vec<(u32, usize)> = distinct
        .iter()
        .map(|&h| {
            let index = found.monoid.index(found.phi[h as usize]);
            (h, index.max(count(h).saturating_sub(1)).max(2))
        })
        .collect();
    let m = changes.len().min(12);
    let mut subsets: Vec<u32> = (1..1u32 << m).collect();
    subsets.sort_by_key(|s| (s.count_ones(), *s));
    subsets
        .into_iter()
        .map(|s| {
            (changes.iter().enumerate())
                .filter(|&(bit, _)| bit < m && s & (1 << bit) != 0)
                .map(|(_, &c)| c)
                .collect()
        })
        .collect()
}
