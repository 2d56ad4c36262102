//! The one-heap engine: when every move acts on one heap alone, a position is
//! the sum of its heaps as one-heap games, so its Grundy value is the XOR of
//! one sequence g(0), g(1), ... (the Sprague-Grundy theorem). The sequence is
//! a dense array indexed by heap size, extended as far as a question needs.
//!
//! Nothing is hashed and no edge is stored. On first use the lowered rules
//! are compiled into per-heap forms (`compile`); each heap's value is then a
//! mex over a reusable bit set (`bits`, `engine`), with long ranges of
//! amounts kept as windows (`window`), finite rules past their largest
//! amount gathered without dispatch (`steady`), splits into two heaps
//! searched by rare and common values once the sequence is long (`sparse`),
//! and, when the values prove a period (`crate::period`), the rest copied.

mod bits;
mod compile;
mod engine;
mod sparse;
mod steady;
mod values;
mod window;

use std::sync::Arc;

use crate::moves::MoveGen;
use crate::period::{self, Period};
use crate::platform::usize_of;
use crate::position::Named;
use crate::rules::Game;
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, move_error, too_large};
use crate::search::value::{Explored, Value};
use engine::{Engine, Work};
use sparse::Mode;
pub(crate) use sparse::fewest_rare;
pub(crate) use values::with_values;
pub use values::{Stored, Values};

/// How the sequence is computed. Every method gives the same values; they
/// differ only in speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Splits by rare values when the sequence is long and they are few
    /// enough; once the values prove a period (octal games and other finite
    /// take-and-break rules), the rest is copied.
    #[default]
    Auto,
    /// No rare values and no periods: every split of every heap is
    /// scanned. The reference the others are checked with.
    Plain,
    /// Splits by rare values from the first heaps, whatever the mask, and
    /// no periods: to test and measure the rare-value search itself.
    Sparse,
}

/// How often `extend_to_with` reports progress, in heap sizes: often enough
/// that a display counts what the search holds, not a rounded bucket.
const PROGRESS_EVERY: usize = 1 << 12;

/// About how many moves the engine examines between two looks at its
/// budget.
const BUDGET_LOOK_EVERY: u64 = 1 << 22;

/// Heap sizes before the first look at the budget.
const FIRST_LOOK: usize = 64;

/// A forecast that sees the work of a heap grow refuses once this part of
/// the budget is spent (one 64th: what waiting for it may cost).
const GROWTH_TRUSTED_AFTER: u64 = 64;

/// The Grundy values of single heaps, g(0) up to the largest heap asked about.
/// One `HeapValues` serves one game: its rules are compiled on first use.
pub struct HeapValues {
    /// Shared with a table that shows them (`shared`): copied only if
    /// extended while the table still holds them.
    values: Arc<Values>,
    max_positions: usize,
    method: Method,
    plan: Option<Plan>,
}

enum Plan {
    Compiled(Box<Engine>),
    /// Rules the compiler does not know: each heap through the move generator.
    Generic {
        seen: Vec<bool>,
    },
}

impl Plan {
    fn new(game: &Game, method: Method) -> Plan {
        match compile::compile(game) {
            Some(compiled) => Plan::Compiled(Box::new(Engine::new(
                compiled,
                match method {
                    Method::Auto => Mode::Auto,
                    Method::Plain => Mode::Off,
                    Method::Sparse => Mode::Forced,
                },
                // Periods are proven by the theorem the rules allow.
                match method {
                    Method::Auto => period::classify(game),
                    Method::Plain | Method::Sparse => None,
                },
            ))),
            None => Plan::Generic { seen: Vec::new() },
        }
    }
}

impl HeapValues {
    pub fn new(max_positions: usize) -> Self {
        HeapValues::with_method(max_positions, Method::Auto)
    }

    pub fn with_method(max_positions: usize, method: Method) -> Self {
        HeapValues {
            values: Arc::default(),
            max_positions,
            method,
            plan: None,
        }
    }

    /// Heap sizes evaluated so far.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// g(0), g(1), ... as far as evaluated.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// Starts from `values`, g(0) onwards, computed before (a run
    /// resumed), where none is known yet; `false` (and nothing changed)
    /// where some are.
    pub fn seed(&mut self, game: &Game, values: Values) -> bool {
        if !self.values.is_empty() {
            return false;
        }
        let mut plan = Plan::new(game, self.method);
        if let Plan::Compiled(engine) = &mut plan {
            engine.adopt(&values);
        }
        self.plan = Some(plan);
        self.values = Arc::new(values);
        true
    }

    /// The same values, shared: no copy is made.
    pub fn shared(&self) -> Arc<Values> {
        Arc::clone(&self.values)
    }

    /// A period of g(0), g(1), ... proven on the way, if any: the rest of
    /// the sequence is a copy.
    pub fn period(&self) -> Option<&Period> {
        match &self.plan {
            Some(Plan::Compiled(engine)) => engine.period(),
            _ => None,
        }
    }

    /// The Grundy value of `heaps`: the XOR of each heap's.
    pub fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heaps: &[u64],
    ) -> Result<(Value, Explored), SearchError> {
        let top = heaps.iter().copied().max().unwrap_or(0);
        let explored = self.extend_to(game, moves, top, heaps)?;
        let g = with_values!(&*self.values, v => heaps
            .iter()
            .fold(0, |acc, &h| acc ^ v[usize_of(h)].value()));
        Ok((Value::Grundy(g), explored))
    }

    /// Evaluates every heap size up to `top`.
    pub fn extend_to(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        top: u64,
        asked: &[u64],
    ) -> Result<Explored, SearchError> {
        self.extend_to_with(
            game,
            moves,
            top,
            asked,
            &mut Budget::unlimited(),
            &mut |_| {},
        )
    }

    /// `extend_to`, calling `progress` with the number of heap sizes
    /// evaluated so far (of `top + 1`) every 65536 heap sizes.
    pub fn extend_to_with(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        top: u64,
        asked: &[u64],
        budget: &mut Budget,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Explored, SearchError> {
        let mut explored = Explored::default();
        if top < self.values.len() as u64 {
            return Ok(explored);
        }
        if top >= self.max_positions as u64 {
            return Err(too_large(game, self.max_positions, asked));
        }
        let top = usize_of(top);
        let more = top + 1 - self.values.len();
        let out_of_memory = |bytes| SearchError::OutOfMemory {
            game: game.title(),
            position: Named::of(asked, game.board),
            bytes,
        };
        // Values a table still shows are copied first, the copy's memory
        // asked for like the rest.
        if Arc::strong_count(&self.values) > 1 {
            let copy = self.values.try_copy(more).map_err(out_of_memory)?;
            self.values = Arc::new(copy);
        }
        let values = Arc::make_mut(&mut self.values);
        values.try_reserve(more).map_err(out_of_memory)?;
        let method = self.method;
        let plan = self.plan.get_or_insert_with(|| Plan::new(game, method));
        let before = values.len();
        // The work of a heap at sizes each twice the last, to see how fast
        // it grows.
        let mut growth = Growth::default();
        // Heap sizes between two looks at the budget: fewer where each
        // examines many moves (a first look soon, to learn how many).
        let mut chunk = FIRST_LOOK;
        while values.len() <= top {
            // Up to the next progress report, or the next look.
            let next_report = (values.len() / PROGRESS_EVERY + 1) * PROGRESS_EVERY;
            let to = (top + 1).min(next_report).min(values.len() + chunk);
            let from = values.len();
            let mut work = Work::default();
            let result = match plan {
                Plan::Compiled(engine) => loop {
                    match engine.run(values, to, &mut work) {
                        Ok(None) => break Ok(()),
                        // A value past the store's width: widened, once.
                        Ok(Some(g)) => {
                            values.widen_for(g).map_err(out_of_memory)?;
                            engine.accept(values, g);
                        }
                        Err(e) => break Err(move_error(game, &[values.len() as u64], e)),
                    }
                },
                Plan::Generic { seen } => (values.len()..to).try_for_each(|_| {
                    let value = generic(game, moves, values, seen, &mut work)?;
                    values.push(value).map_err(out_of_memory)
                }),
            };
            explored.edges += work.moves;
            result?;
            let examined = work.examined as u64;
            budget.spend(examined).map_err(|e| e.error(game, asked))?;
            let per_heap = examined / (values.len() - from) as u64;
            // The moves of a heap do not shrink as heaps grow (more amounts,
            // more ways to split): at half the rate so far, what is left past
            // the budget is refused now, not after it. A rate that grew is
            // trusted once a part of the budget is spent: a sparse game's
            // heaps take more work while its rare values are still being
            // found, then settle (Officers to 10^6: the first heaps foretold
            // 8 * 10^10 moves, the run examines 4 * 10^9).
            let forecast = growth.ahead(from, values.len(), per_heap, top);
            let ahead = if budget.spent_part(GROWTH_TRUSTED_AFTER) {
                forecast.grown
            } else {
                forecast.steady
            };
            budget
                .project(ahead / 2)
                .map_err(|e| e.error(game, asked))?;
            // At most twice as many as the last time: the work of a heap
            // may grow with it.
            chunk = usize_of((BUDGET_LOOK_EVERY / per_heap.max(1)).clamp(1, PROGRESS_EVERY as u64))
                .min(2 * chunk);
            if values.len().is_multiple_of(PROGRESS_EVERY) {
                progress(values.len() as u64);
            }
        }
        explored.positions = values.len() - before;
        Ok(explored)
    }
}

/// What a move of the general generator costs, against the one-heap
/// engine's compiled moves the budget is measured in: measured on `take
/// 1..; hex 8.0` (splits in three), about 50 million moves a second, against
/// 200 million for take-a-square's.
const GENERIC_MOVE_COST: usize = 4;

/// How the work of a heap grows with its size: the work a heap took in
/// chunks of heap sizes, at sizes each at least twice the last.
#[derive(Default)]
struct Growth {
    /// (the chunk's middle heap size, the work of a heap in it) at the
    /// last measure, and at the one before it.
    last: Option<(u128, u128)>,
    before: Option<(u128, u128)>,
}

/// The work left to take every heap up to the top, two ways.
struct Forecast {
    /// At the work a heap took last, for every heap left.
    steady: u128,
    /// Growing as the size or its square where the work of a heap grew at
    /// least so (`steady` where it did not).
    grown: u128,
}

impl Growth {
    /// The work left to take every heap up to `top`, the heaps `from..to`
    /// having taken `per_heap` each: as a constant, and growing as the size
    /// or its square where the chunks so far grew at least so (within a
    /// quarter). Estimates, to refuse at once what cannot fit.
    fn ahead(&mut self, from: usize, to: usize, per_heap: u64, top: usize) -> Forecast {
        let middle = ((from + to) / 2).max(1) as u128;
        if self.last.is_none_or(|(at, _)| middle >= 2 * at) {
            self.before = self.last;
            self.last = Some((middle, u128::from(per_heap)));
        }
        // The largest d of 0, 1, 2 with now / was >= 3/4 (now_at / was_at)^d.
        let degree = match (self.before, self.last) {
            (Some((was_at, was)), Some((now_at, now))) if was > 0 => (1..=2u32)
                .take_while(|&d| {
                    let grew = (4 * now).saturating_mul(was_at.pow(d));
                    grew >= (3 * was).saturating_mul(now_at.pow(d))
                })
                .last()
                .unwrap_or(0),
            _ => 0,
        };
        // Σ per_heap (x / h)^d over the heaps left, h <= x <= top (h the
        // next one); the heaps are at most what memory holds, so the sums
        // of squares fit 128 bits.
        let power_sum = |n: u128, degree: u32| match degree {
            0 => n,
            1 => n * (n + 1) / 2,
            _ => (n * (n + 1)).saturating_mul(2 * n + 1) / 6,
        };
        let (h, top) = (to.max(1) as u128, top as u128);
        let left = |degree: u32| {
            if top < h {
                return 0;
            }
            let sum = power_sum(top, degree).saturating_sub(power_sum(h - 1, degree));
            (u128::from(per_heap).saturating_mul(sum)) / h.pow(degree)
        };
        Forecast {
            steady: left(0),
            grown: left(degree),
        }
    }
}

/// One heap's value through the general move generator, its moves and
/// what it examined (amounts rejected and block steps too, each
/// `GENERIC_MOVE_COST` of the compiled moves' work) counted in `work`.
fn generic(
    game: &Game,
    moves: &MoveGen,
    values: &Values,
    seen: &mut Vec<bool>,
    work: &mut Work,
) -> Result<u32, SearchError> {
    let h = values.len() as u64;
    seen.iter_mut().for_each(|s| *s = false);
    let mut beyond = false;
    let edges = &mut work.moves;
    let examined = moves
        .each_move_within(&[h], u64::MAX, |_, next| {
            *edges += 1;
            let mut g = 0;
            for &part in next {
                // Moves only remove tokens, so every part is smaller.
                match values.get(usize_of(part)) {
                    Some(v) => g ^= v,
                    None => beyond = true,
                }
            }
            let g = g as usize;
            if g >= seen.len() {
                seen.resize(g + 1, false);
            }
            seen[g] = true;
        })
        .map_err(|e| move_error(game, &[h], e))?;
    let examined = usize::try_from(examined).unwrap_or(usize::MAX);
    work.examined = (work.examined).saturating_add(examined.saturating_mul(GENERIC_MOVE_COST));
    if beyond {
        return Err(SearchError::HeapGrows {
            game: game.title(),
            heap: h,
        });
    }
    Ok(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32)
}
