//! What one question may spend besides positions: time and, where asked
//! for, moves examined (every amount a condition rejected and every step of
//! a move block counts as one). The engines spend as they go and stop with
//! the budget's error.
//!
//! A question's default limit is its timeout: the moves are then not
//! counted against a number, and a forecast of the work ahead (the
//! one-heap engine's) refuses at once only what would take more than
//! `FAR_PAST` times the timeout at the rate measured so far. A move budget
//! given (`--move-budget`) is a limit of its own, and a forecast past it is
//! refused at once. Where there is no clock (a build without the `clock`
//! feature), a timeout cannot be kept, and the fallback move budgets below
//! stand in for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::error::SearchError;
use super::reached::MAX_GRAPH_BYTES;
use crate::moves::Within;
use crate::platform::{Deadline, Growth, Watch};
use crate::position::Named;
use crate::rules::Game;

/// The bound on moves one question's general search may examine where no
/// clock keeps its timeout: about 10 seconds on this project's machine,
/// where the general search of Fibonacci Nim, Euclid's game and Chomp
/// examined 6.5 to 7.7 million moves a second (issue 30's runaways,
/// measured 2026-11-25).
pub const DEFAULT_MOVE_BUDGET: u64 = 60_000_000;

/// The same for the one-heap engine: about 10 seconds, at the 180 to 210
/// million moves a second it examined on take-a-square to 2 * 10^6
/// (measured 2026-11-25).
pub const DEFAULT_HEAP_MOVE_BUDGET: u64 = 2_000_000_000;

/// The timeout of a question unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// A forecast refuses a question at once only when the work ahead would
/// take more than this many times its timeout: a forecast from the first
/// heaps can be far off, and a question it wrongly refused would have been
/// answered.
pub const FAR_PAST: u32 = 10;

/// A forecast by time is trusted once the search has run this long (a rate
/// measured over less is noise).
const MEASURED_AFTER: Duration = Duration::from_millis(20);

/// Calls to `spend` between two looks at the clock, at most ...
const CLOCK_EVERY: u32 = 64;
/// ... and moves spent between two looks, at most (a call may spend many:
/// a block's steps at a heap of 10^5).
const CLOCK_EVERY_MOVES: u64 = 1 << 20;

/// One question's budget, started when the question is asked.
#[derive(Clone, Debug)]
pub struct Budget {
    moves: u64,
    limit: u64,
    /// The limit is no move budget asked for: the deadline is the
    /// question's limit, and forecasts are made in time.
    by_time: bool,
    /// When time runs out, and the timeout that set it (for the error).
    deadline: Option<(Deadline, Duration)>,
    /// Raised from outside: the search ends as at its deadline.
    cancel: Option<Cancel>,
    calls: u32,
    /// Moves spent since the clock was last looked at.
    unclocked: u64,
    /// Moves shared with other questions (a table's cells): what this one
    /// spends is taken from them too.
    pool: Option<Pool>,
    /// The most bytes a search may keep (a graph kept whole, the general
    /// search's positions and waiting moves).
    memory: u64,
    /// Where the process's memory is watched, its size when the memory was
    /// set (`with_memory`): it may grow by `memory` at most.
    growth: Option<Growth>,
}

/// What many questions share (a table's cells): one deadline, with the
/// timeout that set it, and one pool of moves; nothing by default.
#[derive(Clone, Debug, Default)]
pub struct Shared {
    pub deadline: Option<(Deadline, Duration)>,
    pub pool: Option<Pool>,
}

/// A budget of moves shared by many questions, each with a `Budget` of its
/// own: a table's, whose cells together may examine at most `limit`.
#[derive(Clone, Debug)]
pub struct Pool {
    left: Arc<AtomicU64>,
    limit: u64,
}

impl Pool {
    /// A pool of `limit` moves.
    pub fn new(limit: u64) -> Self {
        Pool {
            left: Arc::new(AtomicU64::new(limit)),
            limit,
        }
    }

    fn left(&self) -> u64 {
        self.left.load(Ordering::Relaxed)
    }

    /// Takes `moves`; false when fewer were left (the pool is then empty).
    fn take(&self, moves: u64) -> bool {
        let before = (self.left)
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left.saturating_sub(moves))
            })
            .unwrap_or(0);
        before >= moves
    }
}

/// A flag another thread raises to end a search early, as its deadline
/// would: an editor's question about a file that has changed since.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Raises the flag: the searches watching it stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// The flag itself, for work below the search that watches it.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        self.0.clone()
    }

    /// Whether the flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    Moves(u64),
    Time(Duration),
    /// The work ahead, estimated at the rate so far, is past the move
    /// budget asked for.
    Projected {
        limit: u64,
        moves: u128,
    },
    /// The work ahead, at the rate so far, would take more than `FAR_PAST`
    /// times the timeout: about `seconds` in all.
    ProjectedTime {
        timeout: Duration,
        seconds: u64,
    },
    /// The process grew by more than this many bytes, the memory limit,
    /// since the search began.
    Memory(u64),
}

impl Budget {
    /// A budget of `limit` moves and, where given, `timeout` from now.
    pub fn start(limit: u64, timeout: Option<Duration>) -> Self {
        Budget {
            moves: 0,
            limit,
            by_time: false,
            // A deadline past what the clock counts is no deadline.
            deadline: timeout.and_then(|t| Some((Deadline::after(t)?, t))),
            cancel: None,
            calls: 0,
            unclocked: 0,
            pool: None,
            memory: MAX_GRAPH_BYTES,
            growth: None,
        }
    }

    /// A question's budget: `moves` where a move budget is asked for, else
    /// its `timeout` alone (no limit on moves; forecasts in time), and
    /// `fallback` moves where no clock can keep the timeout. No timeout
    /// and no move budget: no limit at all.
    pub fn question(
        moves: Option<u64>,
        fallback: u64,
        timeout: Option<Duration>,
        cancel: &Option<Cancel>,
    ) -> Self {
        let budget = Budget::start(u64::MAX, timeout);
        let (limit, by_time) = match (moves, timeout, budget.deadline) {
            (Some(moves), ..) => (moves, false),
            (None, Some(_), Some(_)) => (u64::MAX, true),
            (None, Some(_), None) => (fallback, false),
            (None, None, _) => (u64::MAX, false),
        };
        Budget {
            limit,
            by_time,
            cancel: cancel.clone(),
            ..budget
        }
    }

    /// This budget, a search keeping at most `bytes` (where given).
    pub fn with_memory(self, bytes: Option<u64>) -> Self {
        Budget {
            memory: bytes.unwrap_or(self.memory),
            growth: Growth::from_now(),
            ..self
        }
    }

    /// The most bytes a search may keep.
    pub fn memory(&self) -> u64 {
        self.memory
    }

    /// This budget within what many questions share (when they do): their
    /// one deadline instead of its own, its moves taken from their pool too.
    pub fn sharing(self, shared: &Shared) -> Self {
        Budget {
            pool: shared.pool.clone(),
            ..self.until(shared.deadline)
        }
    }

    /// The pool, when it has less left than this budget's own limit: it is
    /// what runs out first.
    fn pool_first(&self) -> Option<&Pool> {
        (self.pool.as_ref()).filter(|p| p.left() < self.limit.saturating_sub(self.moves))
    }

    /// This budget with the deadline `deadline` (when given) instead of its
    /// own: one deadline for many questions, as a table's cells.
    pub fn until(self, deadline: Option<(Deadline, Duration)>) -> Self {
        match deadline {
            Some(_) => Budget { deadline, ..self },
            None => self,
        }
    }

    /// `start`, ended early too when `cancel` is raised.
    pub fn stoppable(limit: u64, timeout: Option<Duration>, cancel: &Option<Cancel>) -> Self {
        Budget {
            cancel: cancel.clone(),
            ..Budget::start(limit, timeout)
        }
    }

    /// No limit: for callers that bound their work themselves.
    pub fn unlimited() -> Self {
        Budget::start(u64::MAX, None)
    }

    /// Whether at least one `parts`-th of what it allows has been spent:
    /// of the moves (its own, or its pool's when that runs out first), or
    /// of the time where time is the limit.
    pub fn spent_part(&self, parts: u64) -> bool {
        if self.by_time
            && let Some((deadline, timeout)) = self.deadline
        {
            return deadline
                .elapsed()
                .saturating_mul(parts.min(u64::from(u32::MAX)) as u32)
                >= timeout;
        }
        let (spent, limit) = match self.pool_first() {
            Some(pool) => (pool.limit - pool.left(), pool.limit),
            None => (self.moves, self.limit),
        };
        spent.saturating_mul(parts) >= limit
    }

    /// What one generation of moves may spend: the moves it may still
    /// examine, and the deadline, flag and memory it looks at as it goes.
    pub fn within(&self) -> Within {
        Within {
            moves: self.left(),
            watch: Watch {
                deadline: self.deadline.map(|(deadline, _)| deadline),
                cancel: self.cancel.as_ref().map(Cancel::flag),
                memory: self.growth.map(|growth| (growth, self.memory)),
            },
        }
    }

    /// Moves it may still examine.
    pub fn left(&self) -> u64 {
        let own = self
            .limit
            .saturating_sub(self.moves)
            .saturating_add(1)
            .min(self.limit);
        match &self.pool {
            Some(pool) => own.min(pool.left().saturating_add(1)),
            None => own,
        }
    }

    /// This budget with at most `most` moves left (the same deadline), for
    /// a try whose moves are then counted here with `spend_as`.
    pub fn capped(&self, most: u64) -> Budget {
        // Its moves are counted here, and taken from the pool, by
        // `spend_as`: it holds no pool of its own.
        Budget {
            limit: self.limit.min(self.moves.saturating_add(most)),
            pool: None,
            ..self.clone()
        }
    }

    /// Counts the moves `part` (made by `capped`) spent beyond this budget's.
    pub fn spend_as(&mut self, part: &Budget) -> Result<(), Exhausted> {
        self.spend(part.moves.saturating_sub(self.moves))
    }

    /// What ran out when a generation used up `left()`: the clock or the
    /// memory where either has (a generation stops at its watch, `within`),
    /// else the moves.
    pub fn exhausted(&self) -> Exhausted {
        if let Err(why) = self.check_clock() {
            return why;
        }
        match self.pool_first() {
            Some(pool) => Exhausted::Moves(pool.limit),
            None => Exhausted::Moves(self.limit),
        }
    }

    /// Counts `moves` more, and fails once past the limit or the deadline.
    pub fn spend(&mut self, moves: u64) -> Result<(), Exhausted> {
        self.moves = self.moves.saturating_add(moves);
        if self.moves > self.limit {
            // A generation stopped by its watch spends past its allowance:
            // the clock or the memory is why, where either is.
            self.check_clock()?;
            return Err(Exhausted::Moves(self.limit));
        }
        if let Some(pool) = &self.pool
            && !pool.take(moves)
        {
            return Err(Exhausted::Moves(pool.limit));
        }
        self.calls += 1;
        self.unclocked = self.unclocked.saturating_add(moves);
        if self.calls >= CLOCK_EVERY || self.unclocked >= CLOCK_EVERY_MOVES {
            self.calls = 0;
            self.unclocked = 0;
            self.check_clock()?;
        }
        Ok(())
    }

    /// Fails at once when `ahead` more moves, an estimate of the work left,
    /// would take the search past its move budget; or, where time is the
    /// limit, would take more than `FAR_PAST` times the timeout at the rate
    /// so far.
    pub fn project(&self, ahead: u128) -> Result<(), Exhausted> {
        if self.by_time {
            return self.project_time(ahead);
        }
        if let Some(pool) = &self.pool
            && ahead > pool.left() as u128
        {
            return Err(Exhausted::Projected {
                limit: pool.limit,
                moves: (pool.limit - pool.left()) as u128 + ahead,
            });
        }
        let moves = self.moves as u128 + ahead;
        if moves > self.limit as u128 {
            return Err(Exhausted::Projected {
                limit: self.limit,
                moves,
            });
        }
        Ok(())
    }

    fn project_time(&self, ahead: u128) -> Result<(), Exhausted> {
        let Some((deadline, timeout)) = self.deadline else {
            return Ok(());
        };
        let elapsed = deadline.elapsed();
        if elapsed < MEASURED_AFTER || self.moves == 0 {
            return Ok(());
        }
        // Nanoseconds ahead at the rate so far: ahead * elapsed / moves.
        let nanos = ahead.saturating_mul(elapsed.as_nanos()) / u128::from(self.moves);
        let total = elapsed.as_nanos().saturating_add(nanos);
        if total > timeout.as_nanos().saturating_mul(u128::from(FAR_PAST)) {
            let seconds = u64::try_from(total.div_ceil(1_000_000_000)).unwrap_or(u64::MAX);
            return Err(Exhausted::ProjectedTime { timeout, seconds });
        }
        Ok(())
    }

    /// Fails once past the deadline, or once cancelled (as if the
    /// deadline had passed: whoever cancelled wants no answer); and, where
    /// the process's memory is watched, once it has grown past the memory
    /// limit.
    pub fn check_clock(&self) -> Result<(), Exhausted> {
        let timeout = self.deadline.map_or(Duration::ZERO, |(_, t)| t);
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Exhausted::Time(timeout));
        }
        if self.growth.is_some_and(|g| g.past(self.memory)) {
            return Err(Exhausted::Memory(self.memory));
        }
        match self.deadline {
            Some((deadline, timeout)) if deadline.passed() => Err(Exhausted::Time(timeout)),
            _ => Ok(()),
        }
    }
}

impl Exhausted {
    /// The error for a search of `game` asked about `heaps`.
    pub fn error(self, game: &Game, heaps: &[u64]) -> SearchError {
        self.error_at(game.title(), Named::of(heaps, game.board))
    }

    /// The error for a search of what `game` names (a game, or a compound
    /// of games) asked about `position`.
    pub fn error_at(self, game: String, position: Named) -> SearchError {
        match self {
            Exhausted::Moves(limit) => SearchError::TooManyMoves {
                game,
                position,
                limit,
            },
            Exhausted::Time(timeout) => SearchError::OutOfTime {
                game,
                position,
                seconds: timeout.as_secs(),
            },
            Exhausted::Projected { limit, moves } => SearchError::WouldExceedMoves {
                game,
                position,
                limit,
                moves,
            },
            Exhausted::ProjectedTime { timeout, seconds } => SearchError::WouldTakeTooLong {
                game,
                position,
                timeout: timeout.as_secs(),
                seconds,
            },
            Exhausted::Memory(bytes) => SearchError::MemoryLimit {
                game,
                position,
                limit_mb: bytes >> 20,
            },
        }
    }
}
