//! What a block's runs share, interpreted or compiled: the scratch
//! `State` (the position as the block changes it, the variables), the
//! kind of number a run computes with (`Num`), and the closures compiled
//! code is made of.

use std::cell::Cell;
use std::thread::LocalKey;

use crate::moves::words::{LOOK_EVERY, Term, halted};
use crate::rules::expr::{BinOp, Env, EvalError, Expr, place};
use crate::rules::{AssignOp, Stmt, TermGame};

/// The most iterations loops with a `choose` inside may run, nested ones
/// counted together: each one is a level of the continuation's recursion.
pub(super) const MAX_FORKING_ITERATIONS: i128 = 1_000;

/// The most steps (values chosen, loop iterations) a block may take from one
/// position, so that a huge range ends in an error, not a hang.
pub(crate) const MAX_STEPS: u64 = 10_000_000;

/// A block's scratch state: the position as the block changes it, and the
/// variables' values, numbers of kind `N` (the interpreter's and the
/// checked code's 128-bit integers, or the narrow form's 64-bit ones). An
/// error ends the whole run, so nothing is undone after one.
pub(super) struct State<N = i128> {
    pub(super) heaps: Vec<u64>,
    pub(super) vars: Vec<N>,
    /// Iterations of forking loops under way: the recursion's depth.
    pub(super) forking: i128,
    /// Steps taken from this position.
    pub(super) steps: u64,
    /// The positions to put back after loops run straight, innermost last.
    pub(super) saved: Vec<u64>,
    /// The variables to put back after loops run straight, innermost last.
    pub(super) saved_vars: Vec<N>,
    /// Whether a `becomes` has ended the move; the sum it made, for the
    /// end to emit (its buffers reused from move to move).
    pub(super) ended: bool,
    pub(super) sum: Vec<Term>,
    /// The points the move scores so far (`score += ...`).
    pub(super) score: i128,
    /// The mover moves again (`again`).
    pub(super) again: bool,
}

thread_local! {
    /// The state of the last run that ended on this thread, its buffers
    /// kept for the next (a run started from inside another's `emit` finds
    /// none, and makes its own).
    pub(super) static SPARE: Cell<Option<Box<State>>> = const { Cell::new(None) };
}

impl<N: Num> State<N> {
    /// The state of a block of `slots` variables about to run from `heaps`.
    pub(super) fn new(slots: usize, heaps: &[u64]) -> State<N> {
        let mut state = State {
            heaps: Vec::new(),
            vars: Vec::new(),
            forking: 0,
            steps: 0,
            saved: Vec::new(),
            saved_vars: Vec::new(),
            ended: false,
            sum: Vec::new(),
            score: 0,
            again: false,
        };
        state.reset(slots, heaps);
        state
    }

    /// Makes this the state of a block of `slots` variables about to run
    /// from `heaps`, keeping its buffers.
    pub(super) fn reset(&mut self, slots: usize, heaps: &[u64]) {
        self.heaps.clear();
        self.heaps.extend_from_slice(heaps);
        self.vars.clear();
        self.vars.resize(slots, N::default());
        self.forking = 0;
        self.steps = 0;
        self.saved.clear();
        self.saved_vars.clear();
        self.ended = false;
        self.score = 0;
        self.again = false;
    }

    /// Runs `f` on the state of a block of `slots` variables about to run
    /// from `heaps`, a spare one where this thread has one.
    pub(super) fn with<R>(slots: usize, heaps: &[u64], f: impl FnOnce(&mut State<N>) -> R) -> R {
        let spare = N::spare();
        let mut state = match spare.take() {
            Some(mut state) => {
                state.reset(slots, heaps);
                state
            }
            None => Box::new(State::new(slots, heaps)),
        };
        let result = f(&mut state);
        spare.set(Some(state));
        result
    }

    /// Heap `index` (from 1), as a place in `heaps`.
    pub(super) fn place(&self, index: i128) -> Result<usize, EvalError> {
        place(index, self.heaps.len()).ok_or(EvalError::HeapIndex {
            index,
            len: self.heaps.len(),
        })
    }

    /// One more step, or the error that says the block takes too many;
    /// every `LOOK_EVERY` steps, the generation's watch is looked at (a
    /// position's run may take seconds: `OutOfBudget` where it says to
    /// stop, as the generation's allowance running out).
    #[inline(always)]
    pub(super) fn step(&mut self) -> Result<(), EvalError> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(EvalError::TooManySteps { limit: MAX_STEPS });
        }
        if self.steps.is_multiple_of(LOOK_EVERY) {
            return look();
        }
        Ok(())
    }

    /// `n` more steps at once (a loop's steps known to make no move), or
    /// the error that says the block takes too many.
    pub(super) fn steps_more(&mut self, n: u64) -> Result<(), EvalError> {
        let before = self.steps;
        self.steps = self.steps.saturating_add(n);
        if self.steps > MAX_STEPS {
            return Err(EvalError::TooManySteps { limit: MAX_STEPS });
        }
        if self.steps / LOOK_EVERY != before / LOOK_EVERY {
            return look();
        }
        Ok(())
    }
}

/// Whether the generation's watch says to stop (`OutOfBudget`, as its
/// allowance running out).
#[cold]
pub(super) fn look() -> Result<(), EvalError> {
    match halted() {
        true => Err(EvalError::OutOfBudget),
        false => Ok(()),
    }
}

impl State {
    pub(super) fn env(&self) -> Env<'_> {
        Env {
            amount: 0,
            heap: 0,
            heaps: &self.heaps,
            vars: &self.vars,
        }
    }

    pub(super) fn int(&self, e: &Expr) -> Result<i128, EvalError> {
        e.int(&self.env())
    }

    /// A 1-based heap index, as a place in `heaps`.
    pub(super) fn index(&self, e: &Expr) -> Result<usize, EvalError> {
        self.place(self.int(e)?)
    }

    /// Ends the move in the sum `terms` (`becomes`): the sum is written
    /// into the state's buffer for the end to emit.
    pub(super) fn end_in(&mut self, terms: &[crate::rules::Term]) -> Result<(), EvalError> {
        let mut sum = std::mem::take(&mut self.sum);
        sum.resize_with(terms.len(), || Term {
            game: None,
            heaps: Vec::new(),
        });
        for (term, part) in terms.iter().zip(&mut sum) {
            part.heaps.clear();
            for (i, e) in term.parts.iter().enumerate() {
                part.heaps.push(heap_value(i, self.int(e)?)?);
            }
            part.game = match &term.game {
                TermGame::This => None,
                TermGame::Other(game) => Some(game.clone()),
                TermGame::Back(link) => Some(link.game().ok_or_else(|| EvalError::Unlinked {
                    name: "a game no longer held".to_string(),
                })?),
                TermGame::Named(named) => {
                    return Err(EvalError::Unlinked {
                        name: named.name.name.clone(),
                    });
                }
            };
        }
        self.sum = sum;
        self.ended = true;
        Ok(())
    }

    /// Runs a loop without forks with `run_loop`, changing the state, then
    /// `then` unless a `require` in it failed; the position, the variables
    /// and the points are put back after.
    pub(super) fn put_back_after(
        &mut self,
        run_loop: impl FnOnce(&mut State) -> Result<bool, EvalError>,
        then: &mut Then,
    ) -> Result<(), EvalError> {
        let (mark, vars_mark) = (self.saved.len(), self.saved_vars.len());
        let (score, again) = (self.score, self.again);
        self.saved.extend_from_slice(&self.heaps);
        self.saved_vars.extend_from_slice(&self.vars);
        let result = match run_loop(self) {
            Ok(true) => then(self),
            other => other.map(|_| ()),
        };
        self.heaps.clear();
        self.heaps.extend_from_slice(&self.saved[mark..]);
        self.saved.truncate(mark);
        self.vars.copy_from_slice(&self.saved_vars[vars_mark..]);
        self.saved_vars.truncate(vars_mark);
        (self.score, self.again) = (score, again);
        result
    }
}

/// `value` as a heap's content, for heap `index` (0-based).
pub(super) fn heap_value(index: usize, value: i128) -> Result<u64, EvalError> {
    u64::try_from(value).map_err(|_| EvalError::HeapValue {
        index: index + 1,
        value,
    })
}

pub(super) type Then<'a> = dyn FnMut(&mut State) -> Result<(), EvalError> + 'a;

/// Points so far and more: their sum, which must fit.
pub(super) fn scored(old: i128, more: i128) -> Result<i128, EvalError> {
    old.checked_add(more).ok_or(EvalError::Overflow)
}

/// The numbers compiled code computes with, and how it fails: the checked
/// code's 128-bit integers (`i128`: every operation checked, failing with
/// the interpreter's errors), or the narrow form's 64-bit ones (`i64`,
/// `super::narrow`: no operation checked where the proof holds, failing
/// with `Escape`, which hands the position to the checked code). One
/// compiler serves both: what it compiles runs alike on either, and each
/// kind compiles what only it runs (`other_int`, `other_truth`,
/// `other_statement`).
pub(super) trait Num: Copy + Ord + Default + Into<i128> + Send + Sync + 'static {
    /// Why a run of this kind stops short of its moves.
    type Fail;

    /// The number `n`, where this kind holds it.
    fn of(n: i128) -> Option<Self>;

    /// A count: `len`, a cell's place, a comparison's 0 or 1.
    fn count(n: usize) -> Self;

    /// A heap's content.
    fn heap(h: u64) -> Self;

    /// `e` as this kind's failure.
    fn fail(e: EvalError) -> Self::Fail;

    /// `x + y`, `x - y` or `x * y` (`op`, which is one of them).
    fn plus_minus_times(op: BinOp, x: Self, y: Self) -> Fallible<Self, Self>;

    fn neg(x: Self) -> Fallible<Self, Self>;

    /// `x / y` or `x % y` (`op`), as `expr::divided`.
    fn divided(op: BinOp, x: Self, y: Self) -> Fallible<Self, Self>;

    /// `x + 1`, a loop's next value, where it is one.
    fn next(x: Self) -> Option<Self>;

    /// The closure of a number-valued expression the shared compiler does
    /// not compile; `None` where this kind runs none such.
    fn other_int(e: &Expr) -> Option<Int<Self>>;

    /// The closure of a condition the shared compiler does not compile.
    fn other_truth(e: &Expr) -> Option<Truth<Self>>;

    /// A statement the shared compiler does not compile, then `rest`.
    fn other_statement(statement: &Stmt, rest: Run<Self>, ends: bool) -> Option<Run<Self>>;

    /// This thread's spare state for runs of this kind.
    fn spare() -> &'static LocalKey<Cell<Option<Box<State<Self>>>>>;
}

/// What a compiled piece gives: its value, or why the run failed (`Num::Fail`).
pub(super) type Fallible<T, N> = std::result::Result<T, <N as Num>::Fail>;
pub(super) type Int<N> = Box<dyn Fn(&State<N>) -> Fallible<N, N> + Send + Sync>;
pub(super) type Truth<N> = Box<dyn Fn(&State<N>) -> Fallible<bool, N> + Send + Sync>;
/// Statements in continuation style: runs them, then `then`, on every way
/// through them.
pub(super) type Run<N> = Box<dyn Fn(&mut State<N>, &mut Cont<N>) -> Fallible<(), N> + Send + Sync>;
/// What runs after: the rest of the block, in the end the move's emission.
pub(super) type Cont<'a, N> = dyn FnMut(&mut State<N>) -> Fallible<(), N> + 'a;
/// `old OP value`, as heap `index`'s new content.
#[inline(always)]
pub(super) fn assigned<N: Num>(old: u64, op: AssignOp, value: N, index: usize) -> Fallible<u64, N> {
    let new = match op {
        AssignOp::Set => value,
        AssignOp::Add => N::plus_minus_times(BinOp::Add, N::heap(old), value)?,
        AssignOp::Sub => N::plus_minus_times(BinOp::Sub, N::heap(old), value)?,
    };
    heap_value(index, new.into()).map_err(N::fail)
}
