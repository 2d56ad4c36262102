//! The words every kind of move shares: where a move leads (`Next`, a
//! sum's `Term`), the groups a position splits into, and the watch a
//! generation looks at (`Within`, `Allowance`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::platform::Watch;
use crate::rules::Game;
use crate::rules::expr::EvalError;

/// One position of a sum a move becomes: of the game that moved (`game`
/// `None`) or of another game of its file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    pub game: Option<Arc<Game>>,
    pub heaps: Vec<u64>,
}

/// Where a move leads: a position of the game, or a sum of positions
/// (`becomes`), whose value is the XOR of theirs.
#[derive(Clone, Copy, Debug)]
pub enum Next<'a> {
    Position(&'a [u64]),
    Sum(&'a [Term]),
}

/// A group of a game's rules over places no rule outside it names
/// (`MoveGen::groups`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The places (from 0) its rules name, in order.
    pub places: Vec<usize>,
    /// Its rules, by index, in order.
    pub rules: Vec<usize>,
}

/// What one generation of moves may spend: how many moves (and amounts
/// rejected, and steps of a block) it may examine, and what it looks at
/// as it goes (`LOOK_EVERY` of them at a time): a deadline, a flag, the
/// process's growth. A plain number is a count alone.
#[derive(Clone, Debug, Default)]
pub struct Within {
    /// The most moves it may examine.
    pub moves: u64,
    /// What it looks at.
    pub watch: Watch,
}

impl Within {
    /// The same, examining at most `moves`.
    pub fn at_most(self, moves: u64) -> Within {
        Within {
            moves: self.moves.min(moves),
            ..self
        }
    }
}

impl From<u64> for Within {
    fn from(moves: u64) -> Self {
        Within {
            moves,
            watch: Watch::default(),
        }
    }
}

/// How much of a generation's allowance is spent between two looks at its
/// watch: some milliseconds of amounts tried or moves made.
pub(super) const LOOK_EVERY: u64 = 1 << 16;

/// How many more moves (and amounts rejected) one generation may examine,
/// shared by the rules' amount generators, and what it watches. (Clones of
/// a `MoveGen` share it: generate from one thread at a time.)
#[derive(Clone, Debug, Default)]
pub(crate) struct Allowance {
    left: Arc<AtomicU64>,
    /// Where `left` falls below this, the watch is looked at.
    look_at: Arc<AtomicU64>,
    watch: Arc<std::sync::Mutex<Watch>>,
}

thread_local! {
    /// The watch of the generation under way on this thread, for the
    /// steps of a move block (`halted`), which count their own.
    static WATCHING: std::cell::RefCell<Watch> = std::cell::RefCell::default();
}

/// Whether the watch of the generation under way on this thread says to
/// stop: a move block looks every `LOOK_EVERY` of its steps.
pub(super) fn halted() -> bool {
    WATCHING.with(|w| w.borrow().halted().is_some())
}

impl Allowance {
    /// Starts a generation of `within`.
    pub(super) fn start(&self, within: Within) {
        self.set(within.moves);
        WATCHING.with(|w| *w.borrow_mut() = within.watch.clone());
        if let Ok(mut watch) = self.watch.lock() {
            *watch = within.watch;
        }
    }

    pub(super) fn set(&self, n: u64) {
        self.left.store(n, Ordering::Relaxed);
        self.look_at
            .store(n.saturating_sub(LOOK_EVERY), Ordering::Relaxed);
    }

    pub(super) fn left(&self) -> u64 {
        self.left.load(Ordering::Relaxed)
    }

    /// Spends one, or fails when none is left.
    pub(super) fn spend(&self) -> Result<(), EvalError> {
        self.spend_n(1)
    }

    /// Spends `cost`, or fails when less is left, or when the watch says
    /// to stop (then nothing is left).
    pub(super) fn spend_n(&self, cost: u64) -> Result<(), EvalError> {
        let Some(left) = self.left().checked_sub(cost) else {
            return Err(EvalError::OutOfBudget);
        };
        self.left.store(left, Ordering::Relaxed);
        if left < self.look_at.load(Ordering::Relaxed) {
            self.look_at
                .store(left.saturating_sub(LOOK_EVERY), Ordering::Relaxed);
            let halted = (self.watch.lock()).is_ok_and(|w| w.halted().is_some());
            if halted {
                self.set(0);
                return Err(EvalError::OutOfBudget);
            }
        }
        Ok(())
    }
}

/// What one move reaching `heaps` costs of the budget: one per two heaps,
/// at least one. A search's work per move (copying, sorting, hashing the
/// position) grows with its heaps: a move among 20,000 heaps is 10,000.
pub(crate) fn move_cost(heaps: &[u64]) -> u64 {
    (heaps.len() as u64 / 2).max(1)
}

/// Why moves could not be generated: a rule's condition failed to evaluate,
/// or adding to a heap would pass 2^64.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub rule: usize,
    pub error: EvalError,
}
