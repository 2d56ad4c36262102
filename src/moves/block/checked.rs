//! The checked code: the compiler's numbers as 128-bit integers, every
//! operation checked and failing with the interpreter's errors; the
//! statements and expressions only it runs (`checked_statement`, the
//! interpreter's evaluation); and blocks without forks run straight.

use std::cell::Cell;
use std::thread::LocalKey;

use crate::platform::deeper;
use crate::rules::Stmt;
use crate::rules::expr::{BinOp, EvalError, Expr, divided};

use super::compile::{Cond, Operand, Place, sequence};
use super::state::{
    Int, MAX_FORKING_ITERATIONS, Num, Run, SPARE, State, Then, Truth, assigned, heap_value, scored,
};

type Result<T> = std::result::Result<T, EvalError>;

/// Statements without forks: runs them, changing the state; `false` when
/// a `require` fails.
pub(super) type Straight = Box<dyn Fn(&mut State) -> Result<bool> + Send + Sync>;

impl Num for i128 {
    type Fail = EvalError;

    fn of(n: i128) -> Option<i128> {
        Some(n)
    }

    fn count(n: usize) -> i128 {
        n as i128
    }

    fn heap(h: u64) -> i128 {
        i128::from(h)
    }

    fn fail(e: EvalError) -> EvalError {
        e
    }

    /// Checked as the interpreter's `arithmetic`, without its call.
    #[inline(always)]
    fn plus_minus_times(op: BinOp, x: i128, y: i128) -> Result<i128> {
        let value = match op {
            BinOp::Add => x.checked_add(y),
            BinOp::Sub => x.checked_sub(y),
            // Two factors within 64 bits make a product within 128: one
            // widening multiply, no check.
            _ => match (i64::try_from(x), i64::try_from(y)) {
                (Ok(x), Ok(y)) => Some(i128::from(x) * i128::from(y)),
                _ => x.checked_mul(y),
            },
        };
        match value {
            Some(v) => Ok(v),
            None => Err(EvalError::Overflow),
        }
    }

    fn neg(x: i128) -> Result<i128> {
        x.checked_neg().ok_or(EvalError::Overflow)
    }

    fn divided(op: BinOp, x: i128, y: i128) -> Result<i128> {
        divided(op, &x, &y)
    }

    #[inline(always)]
    fn next(x: i128) -> Option<i128> {
        x.checked_add(1)
    }

    /// The rest (`each`, `count`, conditions as numbers, ...): the
    /// interpreter's evaluation.
    fn other_int(e: &Expr) -> Option<Int<i128>> {
        let e = e.clone();
        Some(Box::new(move |s| e.int(&s.env())))
    }

    fn other_truth(e: &Expr) -> Option<Truth<i128>> {
        let e = e.clone();
        Some(Box::new(move |s| e.truth(&s.env())))
    }

    fn other_statement(statement: &Stmt, rest: Run<i128>, ends: bool) -> Option<Run<i128>> {
        checked_statement(statement, rest, ends)
    }

    fn spare() -> &'static LocalKey<Cell<Option<Box<State>>>> {
        &SPARE
    }
}

/// The statements only the checked code runs (loops, `append`, `remove`,
/// `becomes`), then `rest`.
pub(super) fn checked_statement(
    statement: &Stmt,
    rest: Run<i128>,
    ends: bool,
) -> Option<Run<i128>> {
    Some(match statement {
        Stmt::For {
            slot,
            lo,
            hi,
            body,
            forks: true,
        } => {
            let (slot, lo, hi) = (*slot, Operand::of(lo)?, Operand::of(hi)?);
            let body = sequence(body, ends)?;
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                let count = hi.saturating_sub(lo).saturating_add(1).max(0);
                let depth = s.forking.saturating_add(count);
                if depth > MAX_FORKING_ITERATIONS {
                    return Err(EvalError::TooManyIterations { count: depth });
                }
                s.forking = depth;
                let result = for_from(lo, hi, slot, &body, s, &mut |s: &mut State| rest(s, then));
                s.forking -= count;
                result
            })
        }
        Stmt::For {
            slot, lo, hi, body, ..
        } if body.iter().all(|b| matches!(b, Stmt::Require(_))) => {
            // A loop of tests alone (a queen's path, empty cell by cell)
            // changes nothing but its variable: that alone is put back,
            // not the whole position.
            let (slot, lo, hi) = (*slot, Operand::of(lo)?, Operand::of(hi)?);
            let body = straight_sequence(body)?;
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                let old = s.vars[slot];
                let result = match straight_loop(slot, lo, hi, &body, s) {
                    Ok(true) => rest(s, then),
                    other => other.map(|_| ()),
                };
                s.vars[slot] = old;
                result
            })
        }
        Stmt::For {
            slot, lo, hi, body, ..
        } => {
            let (slot, lo, hi) = (*slot, Operand::of(lo)?, Operand::of(hi)?);
            let body = straight_sequence(body)?;
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                s.put_back_after(|s| straight_loop(slot, lo, hi, &body, s), &mut |s| {
                    rest(s, then)
                })
            })
        }
        Stmt::Append(value) => {
            let value = Operand::of(value)?;
            Box::new(move |s, then| {
                let value = heap_value(s.heaps.len(), value.get(s)?)?;
                s.heaps.push(value);
                let result = rest(s, then);
                s.heaps.pop();
                result
            })
        }
        Stmt::Remove(index) => {
            let index = Place::of(index)?;
            Box::new(move |s, then| {
                let i = index.get(s)?;
                let removed = s.heaps.remove(i);
                let result = rest(s, then);
                s.heaps.insert(i, removed);
                result
            })
        }
        Stmt::Becomes(terms) => {
            let terms = terms.clone();
            Box::new(move |s, then| {
                s.end_in(&terms)?;
                let result = rest(s, then);
                s.ended = false;
                result
            })
        }
        Stmt::Choose { .. }
        | Stmt::Require(_)
        | Stmt::Let { .. }
        | Stmt::Assign { .. }
        | Stmt::If { .. }
        | Stmt::Score(_)
        | Stmt::Again => return None,
    })
}

/// A loop whose body forks: iteration `value`, then the rest of the loop,
/// then `then` (`super::for_from`, compiled).
pub(super) fn for_from(
    value: i128,
    hi: i128,
    slot: usize,
    body: &Run<i128>,
    s: &mut State,
    then: &mut Then,
) -> Result<()> {
    if value > hi || s.ended {
        return then(s);
    }
    s.step()?;
    let old = std::mem::replace(&mut s.vars[slot], value);
    // Each iteration nests in the last: more stack where it runs low.
    let result = deeper(|| {
        body(s, &mut |s: &mut State| match value.checked_add(1) {
            Some(next) => for_from(next, hi, slot, body, s, then),
            None => then(s),
        })
    });
    s.vars[slot] = old;
    result
}

/// A loop without forks (`super::straight_loop`, compiled).
pub(super) fn straight_loop(
    slot: usize,
    lo: i128,
    hi: i128,
    body: &Straight,
    s: &mut State,
) -> Result<bool> {
    let mut value = lo;
    while value <= hi {
        s.step()?;
        s.vars[slot] = value;
        if !body(s)? {
            return Ok(false);
        }
        let Some(next) = value.checked_add(1) else {
            break;
        };
        value = next;
    }
    Ok(true)
}

/// Statements without forks, run straight (`super::straight`, compiled).
pub(super) fn straight_sequence(statements: &[Stmt]) -> Option<Straight> {
    let mut steps = Vec::new();
    for statement in statements {
        // A `choose` or a `becomes` never runs straight (a loop with one
        // inside forks).
        if !matches!(statement, Stmt::Choose { .. } | Stmt::Becomes(_)) {
            steps.push(straight_step(statement)?);
        }
    }
    Some(match steps.len() {
        0 => Box::new(|_| Ok(true)),
        1 => steps.pop()?,
        _ => Box::new(move |s| {
            for step in &steps {
                if !step(s)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }),
    })
}

/// One statement run straight, not a `choose` or a `becomes`.
pub(super) fn straight_step(statement: &Stmt) -> Option<Straight> {
    Some(match statement {
        Stmt::Require(condition) => {
            let condition = Cond::of(condition)?;
            Box::new(move |s| condition.holds(s))
        }
        Stmt::Let { slot, value } => {
            let (slot, value) = (*slot, Operand::of(value)?);
            Box::new(move |s| {
                s.vars[slot] = value.get(s)?;
                Ok(true)
            })
        }
        Stmt::Assign { index, op, value } => {
            let (index, op, value) = (Place::of(index)?, *op, Operand::of(value)?);
            Box::new(move |s| {
                let i = index.get(s)?;
                s.heaps[i] = assigned(s.heaps[i], op, value.get(s)?, i)?;
                Ok(true)
            })
        }
        Stmt::For {
            slot, lo, hi, body, ..
        } => {
            let (slot, lo, hi) = (*slot, Operand::of(lo)?, Operand::of(hi)?);
            let body = straight_sequence(body)?;
            Box::new(move |s| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                straight_loop(slot, lo, hi, &body, s)
            })
        }
        Stmt::If {
            condition,
            then,
            otherwise,
        } => {
            let condition = Cond::of(condition)?;
            let (then, otherwise) = (straight_sequence(then)?, straight_sequence(otherwise)?);
            Box::new(move |s| {
                if condition.holds(s)? {
                    then(s)
                } else {
                    otherwise(s)
                }
            })
        }
        Stmt::Append(value) => {
            let value = Operand::of(value)?;
            Box::new(move |s| {
                let value = heap_value(s.heaps.len(), value.get(s)?)?;
                s.heaps.push(value);
                Ok(true)
            })
        }
        Stmt::Remove(index) => {
            let index = Place::of(index)?;
            Box::new(move |s| {
                let i = index.get(s)?;
                s.heaps.remove(i);
                Ok(true)
            })
        }
        Stmt::Score(points) => {
            let points = Operand::of(points)?;
            Box::new(move |s| {
                s.score = scored(s.score, points.get(s)?)?;
                Ok(true)
            })
        }
        Stmt::Again => Box::new(|s| {
            s.again = true;
            Ok(true)
        }),
        Stmt::Choose { .. } | Stmt::Becomes(_) => return None,
    })
}
