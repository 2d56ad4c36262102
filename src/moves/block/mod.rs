//! The interpreter of lowered move blocks — the reference the compiled
//! code (`code::Code`, which makes the searches' moves) is held to, and
//! what runs a block's `says` and its ending tests. Running a block from a
//! position: every way through its
//! `choose`s that meets its `require`s is a move. The block runs in
//! continuation style: each statement changes the state, runs the rest of
//! the block, and undoes its change — to the heaps and to the variables
//! alike — so that one scratch state serves every branch. That undoing is
//! what keeps nested forks apart: the rest of a loop's iteration `j` runs
//! iterations `j + 1, …` inside it, which write the same slots (the loop
//! variable, the `choose`s and `let`s of the body); each puts its slot back
//! before it returns, so iteration `j` goes on with its own values. A loop
//! without a `choose` inside runs straight, as a loop.

mod code;
mod narrow;

use std::cell::Cell;

pub use code::Code;
use code::{Num, assigned};

use super::{LOOK_EVERY, Next, Term};
use crate::platform::deeper;
use crate::rules::expr::{Env, EvalError, Expr, place};
use crate::rules::{Block, Said, Stmt, TermGame};

/// The most iterations loops with a `choose` inside may run, nested ones
/// counted together: each one is a level of the continuation's recursion.
const MAX_FORKING_ITERATIONS: i128 = 1_000;

/// The most steps (values chosen, loop iterations) a block may take from one
/// position, so that a huge range ends in an error, not a hang.
pub(super) const MAX_STEPS: u64 = 10_000_000;

/// A block's scratch state: the position as the block changes it, and the
/// variables' values, numbers of kind `N` (the interpreter's and the
/// checked code's 128-bit integers, or the narrow form's 64-bit ones). An
/// error ends the whole run, so nothing is undone after one.
struct State<N = i128> {
    heaps: Vec<u64>,
    vars: Vec<N>,
    /// Iterations of forking loops under way: the recursion's depth.
    forking: i128,
    /// Steps taken from this position.
    steps: u64,
    /// The positions to put back after loops run straight, innermost last.
    saved: Vec<u64>,
    /// The variables to put back after loops run straight, innermost last.
    saved_vars: Vec<N>,
    /// Whether a `becomes` has ended the move; the sum it made, for the
    /// end to emit (its buffers reused from move to move).
    ended: bool,
    sum: Vec<Term>,
    /// The points the move scores so far (`score += ...`).
    score: i128,
    /// The mover moves again (`again`).
    again: bool,
}

thread_local! {
    /// The state of the last run that ended on this thread, its buffers
    /// kept for the next (a run started from inside another's `emit` finds
    /// none, and makes its own).
    static SPARE: Cell<Option<Box<State>>> = const { Cell::new(None) };
}

impl<N: Num> State<N> {
    /// The state of a block of `slots` variables about to run from `heaps`.
    fn new(slots: usize, heaps: &[u64]) -> State<N> {
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
    fn reset(&mut self, slots: usize, heaps: &[u64]) {
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
    fn with<R>(slots: usize, heaps: &[u64], f: impl FnOnce(&mut State<N>) -> R) -> R {
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
    fn place(&self, index: i128) -> Result<usize, EvalError> {
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
    fn step(&mut self) -> Result<(), EvalError> {
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
    fn steps_more(&mut self, n: u64) -> Result<(), EvalError> {
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
fn look() -> Result<(), EvalError> {
    match super::halted() {
        true => Err(EvalError::OutOfBudget),
        false => Ok(()),
    }
}

impl State {
    fn env(&self) -> Env<'_> {
        Env {
            amount: 0,
            heap: 0,
            heaps: &self.heaps,
            vars: &self.vars,
        }
    }

    fn int(&self, e: &Expr) -> Result<i128, EvalError> {
        e.int(&self.env())
    }

    /// A 1-based heap index, as a place in `heaps`.
    fn index(&self, e: &Expr) -> Result<usize, EvalError> {
        self.place(self.int(e)?)
    }

    /// Ends the move in the sum `terms` (`becomes`): the sum is written
    /// into the state's buffer for the end to emit.
    fn end_in(&mut self, terms: &[crate::rules::Term]) -> Result<(), EvalError> {
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
    fn put_back_after(
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
fn heap_value(index: usize, value: i128) -> Result<u64, EvalError> {
    u64::try_from(value).map_err(|_| EvalError::HeapValue {
        index: index + 1,
        value,
    })
}

type Then<'a> = dyn FnMut(&mut State) -> Result<(), EvalError> + 'a;

/// Calls `emit` with where each move the block makes from `heaps` leads:
/// the position after it, or the sum it `becomes`; returns the steps it
/// took (values chosen and loop iterations), its work.
pub fn moves(
    block: &Block,
    heaps: &[u64],
    emit: &mut impl FnMut(Next) -> Result<(), EvalError>,
) -> Result<u64, EvalError> {
    State::with(block.slots, heaps, |state| {
        if !Stmt::fork(&block.body) {
            if straight(&block.body, state)? {
                emit(Next::Position(&state.heaps))?;
            }
            return Ok(state.steps);
        }
        run(&block.body, state, &mut |state: &mut State| {
            if state.ended {
                emit(Next::Sum(&state.sum))
            } else {
                emit(Next::Position(&state.heaps))
            }
        })?;
        Ok(state.steps)
    })
}

/// Whether a `becomes` is among `statements`, or in a loop or branch.
pub(crate) fn becomes(statements: &[Stmt]) -> bool {
    Stmt::any(statements, &|s| matches!(s, Stmt::Becomes(_)))
}

/// Calls `emit` with each move the block makes from `heaps` in a scoring
/// game: the position after it, the points it scores (`score += ...`), and
/// whether its player moves again (`again`); returns the steps it took. A
/// move that becomes a sum is `EvalError::Sum` (a scoring game has none:
/// checking refuses them). The compiled code's reference (`Code`).
#[cfg(test)]
pub fn scored_moves(
    block: &Block,
    heaps: &[u64],
    emit: &mut impl FnMut(&[u64], i128, bool) -> Result<(), EvalError>,
) -> Result<u64, EvalError> {
    State::with(block.slots, heaps, |state| {
        if !Stmt::fork(&block.body) {
            if straight(&block.body, state)? {
                emit(&state.heaps, state.score, state.again)?;
            }
            return Ok(state.steps);
        }
        run(&block.body, state, &mut |state: &mut State| {
            if state.ended {
                return Err(EvalError::Sum);
            }
            emit(&state.heaps, state.score, state.again)
        })?;
        Ok(state.steps)
    })
}

/// The words of the `nth` (from 0) move `block` makes from `heaps` to the
/// position `after` (its `says`, its holes valued with the block's
/// variables as they stand at its end); `None` where the block has no
/// `says`, makes no such move, or fails on the way.
pub fn said(block: &Block, heaps: &[u64], after: &[u64], nth: usize) -> Option<String> {
    let says = block.says.as_ref()?;
    let mut state = State::new(block.slots, heaps);
    let (mut skip, mut found) = (nth, None);
    let _ = run(&block.body, &mut state, &mut |state: &mut State| {
        if found.is_some() || state.ended || state.heaps != after {
            return Ok(());
        }
        if skip > 0 {
            skip -= 1;
            return Ok(());
        }
        let mut words = String::new();
        for part in says {
            match part {
                Said::Words(w) => words.push_str(w),
                Said::Value(e) => words.push_str(&state.int(e)?.to_string()),
            }
        }
        found = Some(words);
        Ok(())
    });
    found
}

/// Runs `statements`, then `then`, on every way through them.
fn run(statements: &[Stmt], state: &mut State, then: &mut Then) -> Result<(), EvalError> {
    deeper(|| match statements.split_first() {
        None => then(state),
        Some((first, rest)) => step(first, state, &mut |state: &mut State| {
            run(rest, state, then)
        }),
    })
}

fn step(statement: &Stmt, state: &mut State, then: &mut Then) -> Result<(), EvalError> {
    // After a `becomes` the move has ended: what is left runs no statement,
    // and the end emits the sum.
    if state.ended {
        return then(state);
    }
    match statement {
        Stmt::Choose { slot, lo, hi } => {
            let (lo, hi) = (state.int(lo)?, state.int(hi)?);
            let old = state.vars[*slot];
            let mut value = lo;
            while value <= hi {
                state.step()?;
                state.vars[*slot] = value;
                then(state)?;
                let Some(next) = value.checked_add(1) else {
                    break;
                };
                value = next;
            }
            state.vars[*slot] = old;
            Ok(())
        }
        Stmt::Require(condition) => {
            if condition.truth(&state.env())? {
                then(state)
            } else {
                Ok(())
            }
        }
        Stmt::Let { slot, value } => {
            let value = state.int(value)?;
            let old = std::mem::replace(&mut state.vars[*slot], value);
            let result = then(state);
            state.vars[*slot] = old;
            result
        }
        Stmt::Assign { index, op, value } => {
            let i = state.index(index)?;
            let old = state.heaps[i];
            state.heaps[i] = assigned(old, *op, state.int(value)?, i)?;
            let result = then(state);
            state.heaps[i] = old;
            result
        }
        Stmt::For {
            slot,
            lo,
            hi,
            body,
            forks,
        } => {
            let (lo, hi) = (state.int(lo)?, state.int(hi)?);
            if *forks {
                let count = hi.saturating_sub(lo).saturating_add(1).max(0);
                let depth = state.forking.saturating_add(count);
                if depth > MAX_FORKING_ITERATIONS {
                    return Err(EvalError::TooManyIterations { count: depth });
                }
                state.forking = depth;
                let result = for_from(lo, hi, *slot, body, state, then);
                state.forking -= count;
                result
            } else {
                state.put_back_after(|state| straight_loop(*slot, lo, hi, body, state), then)
            }
        }
        Stmt::If {
            condition,
            then: yes,
            otherwise,
        } => {
            let branch = if condition.truth(&state.env())? {
                yes
            } else {
                otherwise
            };
            run(branch, state, then)
        }
        Stmt::Append(value) => {
            let value = heap_value(state.heaps.len(), state.int(value)?)?;
            state.heaps.push(value);
            let result = then(state);
            state.heaps.pop();
            result
        }
        Stmt::Remove(index) => {
            let i = state.index(index)?;
            let removed = state.heaps.remove(i);
            let result = then(state);
            state.heaps.insert(i, removed);
            result
        }
        Stmt::Score(points) => {
            let old = state.score;
            state.score = scored(old, state.int(points)?)?;
            let result = then(state);
            state.score = old;
            result
        }
        Stmt::Again => {
            let old = std::mem::replace(&mut state.again, true);
            let result = then(state);
            state.again = old;
            result
        }
        // The move ends here: the rest of the block does not run (a loop or
        // an `if` around it does not go on either).
        Stmt::Becomes(terms) => {
            state.end_in(terms)?;
            let result = then(state);
            state.ended = false;
            result
        }
    }
}

/// Points so far and more: their sum, which must fit.
fn scored(old: i128, more: i128) -> Result<i128, EvalError> {
    old.checked_add(more).ok_or(EvalError::Overflow)
}

/// A loop whose body forks: iteration `value`, then the rest of the loop,
/// then `then`.
fn for_from(
    value: i128,
    hi: i128,
    slot: usize,
    body: &[Stmt],
    state: &mut State,
    then: &mut Then,
) -> Result<(), EvalError> {
    if value > hi || state.ended {
        return then(state);
    }
    state.step()?;
    let old = std::mem::replace(&mut state.vars[slot], value);
    let result = run(
        body,
        state,
        &mut |state: &mut State| match value.checked_add(1) {
            Some(next) => for_from(next, hi, slot, body, state, then),
            None => then(state),
        },
    );
    state.vars[slot] = old;
    result
}

/// Runs a loop without forks, changing `state` as it goes; `false` when a
/// `require` inside it fails, so that there is no move.
fn straight_loop(
    slot: usize,
    lo: i128,
    hi: i128,
    body: &[Stmt],
    state: &mut State,
) -> Result<bool, EvalError> {
    let mut value = lo;
    while value <= hi {
        state.step()?;
        state.vars[slot] = value;
        if !straight(body, state)? {
            return Ok(false);
        }
        let Some(next) = value.checked_add(1) else {
            break;
        };
        value = next;
    }
    Ok(true)
}

/// Runs statements without forks, changing `state`; `false` when a
/// `require` fails.
fn straight(statements: &[Stmt], state: &mut State) -> Result<bool, EvalError> {
    for statement in statements {
        let holds = match statement {
            Stmt::Require(condition) => condition.truth(&state.env())?,
            Stmt::Let { slot, value } => {
                state.vars[*slot] = state.int(value)?;
                true
            }
            Stmt::Assign { index, op, value } => {
                let i = state.index(index)?;
                state.heaps[i] = assigned(state.heaps[i], *op, state.int(value)?, i)?;
                true
            }
            Stmt::For {
                slot, lo, hi, body, ..
            } => {
                let (lo, hi) = (state.int(lo)?, state.int(hi)?);
                straight_loop(*slot, lo, hi, body, state)?
            }
            Stmt::If {
                condition,
                then,
                otherwise,
            } => {
                let branch = if condition.truth(&state.env())? {
                    then
                } else {
                    otherwise
                };
                straight(branch, state)?
            }
            Stmt::Append(value) => {
                let value = heap_value(state.heaps.len(), state.int(value)?)?;
                state.heaps.push(value);
                true
            }
            Stmt::Remove(index) => {
                let i = state.index(index)?;
                state.heaps.remove(i);
                true
            }
            Stmt::Score(points) => {
                state.score = scored(state.score, state.int(points)?)?;
                true
            }
            Stmt::Again => {
                state.again = true;
                true
            }
            // A loop with a `choose` or a `becomes` inside never runs
            // straight.
            Stmt::Choose { .. } | Stmt::Becomes(_) => true,
        };
        if !holds {
            return Ok(false);
        }
    }
    Ok(true)
}
