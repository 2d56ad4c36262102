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

use crate::moves::words::Next;
use crate::platform::deeper;
use crate::rules::expr::{EvalError, Expr};
use crate::rules::{Block, Said, Stmt};

use super::divisors::{divisor_test, divisors_within};
use super::state::{MAX_FORKING_ITERATIONS, State, Then, assigned, heap_value, scored};

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
pub(super) fn run(
    statements: &[Stmt],
    state: &mut State,
    then: &mut Then,
) -> Result<(), EvalError> {
    if let [
        Stmt::Choose { slot, lo, hi },
        Stmt::Require(condition),
        rest @ ..,
    ] = statements
        && !state.ended
        && let Some(divided) = divisor_test(condition, *slot)
        && let Some(found) = divisors_of(state, (lo, hi), divided)?
    {
        return choose_among(state, *slot, found, condition, rest, then);
    }
    deeper(|| match statements.split_first() {
        None => then(state),
        Some((first, rest)) => step(first, state, &mut |state: &mut State| {
            run(rest, state, then)
        }),
    })
}

/// The values a `choose` from `lo` to `hi` whose `require` begins `x
/// divides E` (E: `divided`) runs over, where they are E's divisors alone
/// (`divisors_within`), with the trial divisions that found them as steps
/// taken; `None` where it runs over every value.
fn divisors_of(
    state: &mut State,
    (lo, hi): (&Expr, &Expr),
    divided: &Expr,
) -> Result<Option<Vec<i128>>, EvalError> {
    let (lo, hi) = (state.int(lo)?, state.int(hi)?);
    if lo < 1 || lo > hi {
        return Ok(None);
    }
    let Some((trials, found)) = divisors_within(state.int(divided)?, (lo, hi)) else {
        return Ok(None);
    };
    state.steps_more(trials)?;
    Ok(Some(found))
}

/// Variable `slot` at each of `values`, where `condition` holds, then
/// `rest`.
fn choose_among(
    state: &mut State,
    slot: usize,
    values: Vec<i128>,
    condition: &Expr,
    rest: &[Stmt],
    then: &mut Then,
) -> Result<(), EvalError> {
    let old = state.vars[slot];
    for value in values {
        state.vars[slot] = value;
        let made = match condition.truth(&state.env()) {
            Ok(true) => run(rest, state, then),
            Ok(false) => Ok(()),
            Err(e) => Err(e),
        };
        if made.is_err() {
            state.vars[slot] = old;
            return made;
        }
    }
    state.vars[slot] = old;
    Ok(())
}

pub(super) fn step(statement: &Stmt, state: &mut State, then: &mut Then) -> Result<(), EvalError> {
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

/// A loop whose body forks: iteration `value`, then the rest of the loop,
/// then `then`.
pub(super) fn for_from(
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
pub(super) fn straight_loop(
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
pub(super) fn straight(statements: &[Stmt], state: &mut State) -> Result<bool, EvalError> {
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
