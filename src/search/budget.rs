//! What one question may spend besides positions: moves examined (every
//! amount a condition rejected counts as one) and, when asked for, time.
//! The engines spend as they go and stop with the budget's error.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::SearchError;
use crate::platform::Deadline;
use crate::position::Position;
use crate::rules::Game;

/// The default bound on moves one question's general search may examine:
/// about 10 seconds on this project's machine, where the general search of
/// Fibonacci Nim, Euclid's game and Chomp examined 6.5 to 7.7 million moves
/// a second (issue 30's runaways, measured 2026-11-25).
pub const DEFAULT_MOVE_BUDGET: u64 = 60_000_000;

/// The default bound for the one-heap engine: about 10 seconds, at the
/// 180 to 210 million moves a second it examined on take-a-square to
/// 2 * 10^6 (measured 2026-11-25).
pub const DEFAULT_HEAP_MOVE_BUDGET: u64 = 2_000_000_000;

/// Calls to `spend` between two looks at the clock.
const CLOCK_EVERY: u32 = 64;

/// One question's budget, started when the question is asked.
#[derive(Clone, Debug)]
pub struct Budget {
    moves: u64,
    limit: u64,
    /// When time runs out, and the timeout that set it (for the error).
    deadline: Option<(Deadline, Duration)>,
    /// Raised from outside: the search ends as at its deadline.
    cancel: Option<Cancel>,
    calls: u32,
    /// Moves shared with other questions (a table's cells): what this one
    /// spends is taken from them too.
    pool: Option<Pool>,
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
    /// The work ahead, estimated at the rate so far, is past the limit.
    Projected {
        limit: u64,
        moves: u128,
    },
}

impl Budget {
    /// A budget of `limit` moves and, where given, `timeout` from now.
    pub fn start(limit: u64, timeout: Option<Duration>) -> Self {
        Budget {
            moves: 0,
            limit,
            // A deadline past what the clock counts is no deadline.
            deadline: timeout.and_then(|t| Some((Deadline::after(t)?, t))),
            cancel: None,
            calls: 0,
            pool: None,
        }
    }

    /// This budget, its moves taken from `pool` too (when given).
    pub fn sharing(self, pool: Option<&Pool>) -> Self {
        Budget {
            pool: pool.cloned(),
            ..self
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

    /// Whether at least one `parts`-th of the moves allowed has been spent
    /// (of this budget's own, or of its pool's when that runs out first).
    pub fn spent_part(&self, parts: u64) -> bool {
        let (spent, limit) = match self.pool_first() {
            Some(pool) => (pool.limit - pool.left(), pool.limit),
            None => (self.moves, self.limit),
        };
        spent.saturating_mul(parts) >= limit
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

    /// What ran out when a generation used up `left()`.
    pub fn exhausted(&self) -> Exhausted {
        match self.pool_first() {
            Some(pool) => Exhausted::Moves(pool.limit),
            None => Exhausted::Moves(self.limit),
        }
    }

    /// Counts `moves` more, and fails once past the limit or the deadline.
    pub fn spend(&mut self, moves: u64) -> Result<(), Exhausted> {
        self.moves = self.moves.saturating_add(moves);
        if self.moves > self.limit {
            return Err(Exhausted::Moves(self.limit));
        }
        if let Some(pool) = &self.pool
            && !pool.take(moves)
        {
            return Err(Exhausted::Moves(pool.limit));
        }
        self.calls += 1;
        if self.calls >= CLOCK_EVERY {
            self.calls = 0;
            self.check_clock()?;
        }
        Ok(())
    }

    /// Fails at once when `ahead` more moves, an estimate of the work left,
    /// would take the search past its limit.
    pub fn project(&self, ahead: u128) -> Result<(), Exhausted> {
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

    /// Fails once past the deadline, or once cancelled (as if the
    /// deadline had passed: whoever cancelled wants no answer).
    pub fn check_clock(&self) -> Result<(), Exhausted> {
        let timeout = self.deadline.map_or(Duration::ZERO, |(_, t)| t);
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Exhausted::Time(timeout));
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
        self.error_at(game.title(), Position::from_u64s(heaps))
    }

    /// The error for a search of what `game` names (a game, or a compound
    /// of games) asked about `position`.
    pub fn error_at(self, game: String, position: Position) -> SearchError {
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
        }
    }
}
