//! The compiler of move blocks, generic over the kind of number (`Num`):
//! what it compiles runs alike on the checked code's 128-bit integers and
//! the narrow form's 64-bit ones; each kind compiles what only it runs.

use crate::rules::Stmt;
use crate::rules::expr::{
    BinOp, EvalError, Expr, Func, List, OFF_BOARD, cell_place, compare, has_property, order, place,
};

use super::divisors::{divisor_test, divisors_within};
use super::state::{Cont, Fallible, Int, Num, Run, State, Truth, assigned, scored};

/// A leaf of an expression, read without a call.
#[derive(Clone, Copy, Debug)]
pub(super) enum Leaf<N> {
    Const(N),
    Var(usize),
    /// A heap at a fixed place (from 0): a named part.
    Heap(usize),
    /// A variable plus a number.
    VarAdd(usize, N),
}

impl<N: Num> Leaf<N> {
    pub(super) fn of(e: &Expr) -> Option<Leaf<N>> {
        Some(match e {
            Expr::Const(n) => Leaf::Const(N::of(*n)?),
            Expr::Var(slot) => Leaf::Var(*slot),
            Expr::HeapAt(index) => match **index {
                Expr::Const(i) => Leaf::Heap(place(i, usize::MAX)?),
                _ => return None,
            },
            Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
                (Expr::Var(slot), Expr::Const(n)) => Leaf::VarAdd(*slot, N::of(*n)?),
                _ => return None,
            },
            Expr::Binary(BinOp::Sub, a, b) => match (&**a, &**b) {
                (Expr::Var(slot), Expr::Const(n)) => Leaf::VarAdd(*slot, N::of(n.checked_neg()?)?),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Its value: the interpreter's, with its errors.
    #[inline(always)]
    pub(super) fn read(self, s: &State<N>) -> Fallible<N, N> {
        // Matched, not `ok_or`: an error built and dropped on every read
        // costs its drop.
        let var = |slot: usize| match s.vars.get(slot) {
            Some(&v) => Ok(v),
            None => Err(N::fail(EvalError::Overflow)),
        };
        match self {
            Leaf::Const(n) => Ok(n),
            Leaf::Var(slot) => var(slot),
            Leaf::Heap(place) => match s.heaps.get(place) {
                Some(&h) => Ok(N::heap(h)),
                None => Err(N::fail(EvalError::HeapIndex {
                    index: place as i128 + 1,
                    len: s.heaps.len(),
                })),
            },
            Leaf::VarAdd(slot, n) => N::plus_minus_times(BinOp::Add, var(slot)?, n),
        }
    }
}

/// Arithmetic read without a call: a leaf, a sum, difference or product
/// of two leaves (`m * b`), or a leaf plus or less a product of two (`r +
/// j * dr`, a step along a line).
#[derive(Clone, Copy)]
pub(super) enum Term<N> {
    Leaf(Leaf<N>),
    Pair(BinOp, Leaf<N>, Leaf<N>),
    Along(BinOp, Leaf<N>, Leaf<N>, Leaf<N>),
}

impl<N: Num> Term<N> {
    pub(super) fn of(e: &Expr) -> Option<Term<N>> {
        if let Some(leaf) = Leaf::of(e) {
            return Some(Term::Leaf(leaf));
        }
        let Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) = e else {
            return None;
        };
        if let (Some(a), Some(b)) = (Leaf::of(a), Leaf::of(b)) {
            return Some(Term::Pair(*op, a, b));
        }
        match (&**b, op) {
            (Expr::Binary(BinOp::Mul, x, y), BinOp::Add | BinOp::Sub) => {
                Some(Term::Along(*op, Leaf::of(a)?, Leaf::of(x)?, Leaf::of(y)?))
            }
            _ => None,
        }
    }

    /// Its value: the interpreter's, its leaves read left to right, with
    /// its errors.
    #[inline(always)]
    pub(super) fn get(self, s: &State<N>) -> Fallible<N, N> {
        match self {
            Term::Leaf(leaf) => leaf.read(s),
            Term::Pair(op, a, b) => N::plus_minus_times(op, a.read(s)?, b.read(s)?),
            Term::Along(op, a, x, y) => {
                let a = a.read(s)?;
                let product = N::plus_minus_times(BinOp::Mul, x.read(s)?, y.read(s)?)?;
                N::plus_minus_times(op, a, product)
            }
        }
    }
}

/// An operand: a term, a board's cell at terms (`b[r + j * dr, c]`), or
/// an expression's closure.
pub(super) enum Operand<N: Num> {
    Term(Term<N>),
    Cell(Term<N>, Term<N>),
    Closure(Int<N>),
}

impl<N: Num> Operand<N> {
    pub(super) fn of(e: &Expr) -> Option<Operand<N>> {
        if let Some(term) = Term::of(e) {
            return Some(Operand::Term(term));
        }
        Some(match e {
            Expr::Cell(r, c) if let (Some(r), Some(c)) = (Term::of(r), Term::of(c)) => {
                Operand::Cell(r, c)
            }
            _ => Operand::Closure(int(e)?),
        })
    }

    #[inline(always)]
    pub(super) fn get(&self, s: &State<N>) -> Fallible<N, N> {
        match self {
            Operand::Term(term) => term.get(s),
            Operand::Cell(r, c) => Ok(cell(&s.heaps, r.get(s)?, c.get(s)?)),
            Operand::Closure(f) => f(s),
        }
    }
}

/// Cell (r, c) of the board `heaps`: its character, `'#'` off the board.
#[inline(always)]
pub(super) fn cell<N: Num>(heaps: &[u64], r: N, c: N) -> N {
    match cell_place(heaps, r.into(), c.into()) {
        Some(i) => N::heap(heaps[i]),
        None => N::heap(OFF_BOARD as u64),
    }
}

/// `op` of `a` and `b` where it is no arithmetic (a comparison,
/// `divides`, `is power of`), or a condition of a number: the
/// interpreter's `compare`.
pub(super) fn compared<N: Num>(op: BinOp, a: N, b: N) -> Fallible<bool, N> {
    compare(op, a.into(), b.into()).map_err(N::fail)
}

/// A number-valued expression's closure.
pub(super) fn int<N: Num>(e: &Expr) -> Option<Int<N>> {
    if let Some(term) = Term::<N>::of(e) {
        return Some(Box::new(move |s| term.get(s)));
    }
    Some(match e {
        Expr::Len => Box::new(|s| Ok(N::count(s.heaps.len()))),
        Expr::HeapAt(index) => {
            let index = Operand::of(index)?;
            Box::new(move |s| {
                let i = s.place(index.get(s)?.into()).map_err(N::fail)?;
                Ok(N::heap(s.heaps[i]))
            })
        }
        Expr::Item(list, index) => {
            let (list, index) = (list.clone(), Operand::of(index)?);
            Box::new(move |s| {
                let item = List::item(&list, index.get(s)?.into()).map_err(N::fail)?;
                // Every item is one this kind holds (the narrow form's
                // proof holds them all).
                N::of(item).ok_or_else(|| N::fail(EvalError::Overflow))
            })
        }
        Expr::Cell(r, c) => {
            let (r, c) = (Operand::of(r)?, Operand::of(c)?);
            Box::new(move |s| Ok(cell(&s.heaps, r.get(s)?, c.get(s)?)))
        }
        Expr::CellPlace(r, c) => {
            let (r, c) = (Operand::of(r)?, Operand::of(c)?);
            Box::new(move |s| {
                let (row, col) = (r.get(s)?.into(), c.get(s)?.into());
                match cell_place(&s.heaps, row, col) {
                    Some(i) => Ok(N::count(i + 1)),
                    None => Err(N::fail(EvalError::OffBoard { row, col })),
                }
            })
        }
        Expr::Neg(a) => {
            let a = Operand::of(a)?;
            Box::new(move |s| N::neg(a.get(s)?))
        }
        Expr::Binary(op, a, b) if !matches!(op, BinOp::And | BinOp::Or) => {
            let (op, a, b) = (*op, Operand::<N>::of(a)?, Operand::<N>::of(b)?);
            match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul => {
                    Box::new(move |s| N::plus_minus_times(op, a.get(s)?, b.get(s)?))
                }
                BinOp::Div | BinOp::Rem => Box::new(move |s| N::divided(op, a.get(s)?, b.get(s)?)),
                _ => Box::new(move |s| Ok(N::count(compared(op, a.get(s)?, b.get(s)?)?.into()))),
            }
        }
        Expr::Call(func, args) => {
            let args: Vec<Operand<N>> = args.iter().map(Operand::of).collect::<Option<_>>()?;
            let func = *func;
            Box::new(move |s| {
                let mut best: Option<N> = None;
                for arg in &args {
                    let v = arg.get(s)?;
                    best = Some(match (best, func) {
                        (None, _) => v,
                        (Some(b), Func::Min) => b.min(v),
                        (Some(b), Func::Max) => b.max(v),
                    });
                }
                Ok(best.unwrap_or_default())
            })
        }
        _ => return N::other_int(e),
    })
}

/// A condition, compiled: comparisons of operands and chains of `and` and
/// `or` are evaluated in place (one call for the whole condition, not one
/// a node); the rest is a closure.
pub(super) enum Cond<N: Num> {
    /// One of the six orderings.
    Order(BinOp, Operand<N>, Operand<N>),
    /// Every one holds, tried in order (`a and b and ...`).
    All(Vec<Cond<N>>),
    /// Some one holds, tried in order.
    Any(Vec<Cond<N>>),
    Not(Box<Cond<N>>),
    Closure(Truth<N>),
}

impl<N: Num> Cond<N> {
    pub(super) fn of(e: &Expr) -> Option<Cond<N>> {
        Some(match e {
            Expr::Not(a) => Cond::Not(Box::new(Cond::of(a)?)),
            Expr::Binary(op @ (BinOp::And | BinOp::Or), _, _) => {
                let mut parts = Vec::new();
                chain(e, *op, &mut parts)?;
                match op {
                    BinOp::And => Cond::All(parts),
                    _ => Cond::Any(parts),
                }
            }
            Expr::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => Cond::Order(*op, Operand::of(a)?, Operand::of(b)?),
            Expr::Binary(op, a, b) => {
                let (op, a, b) = (*op, Operand::<N>::of(a)?, Operand::<N>::of(b)?);
                Cond::Closure(Box::new(move |s| compared(op, a.get(s)?, b.get(s)?)))
            }
            Expr::Is(a, property) => {
                let (a, property) = (Operand::<N>::of(a)?, *property);
                Cond::Closure(Box::new(move |s| {
                    has_property(a.get(s)?.into(), property).map_err(N::fail)
                }))
            }
            Expr::Each(..) | Expr::Monotone(_) => Cond::Closure(N::other_truth(e)?),
            _ => {
                let value = Operand::<N>::of(e)?;
                Cond::Closure(Box::new(move |s| Ok(value.get(s)? != N::default())))
            }
        })
    }

    /// Whether it holds: the interpreter's `Expr::truth`, its operands
    /// read in the same order, `and` and `or` cut short alike. A
    /// comparison, the most common condition, is evaluated in place.
    #[inline(always)]
    pub(super) fn holds(&self, s: &State<N>) -> Fallible<bool, N> {
        match self {
            // Built only of the six orderings: `order` answers.
            Cond::Order(op, a, b) => Ok(order(*op, &a.get(s)?, &b.get(s)?).unwrap_or_default()),
            _ => self.holds_joined(s),
        }
    }

    /// `holds`, for the conditions other than a comparison.
    pub(super) fn holds_joined(&self, s: &State<N>) -> Fallible<bool, N> {
        match self {
            Cond::Order(..) => self.holds(s),
            Cond::All(parts) => {
                for part in parts {
                    if !part.holds(s)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Cond::Any(parts) => {
                for part in parts {
                    if part.holds(s)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Cond::Not(a) => Ok(!a.holds(s)?),
            Cond::Closure(f) => f(s),
        }
    }
}

/// The conditions `op` (`and` or `or`) joins in `e`, left to right: `a and
/// (b and c)` and `(a and b) and c` alike, as both are tried in that order.
pub(super) fn chain<N: Num>(e: &Expr, op: BinOp, parts: &mut Vec<Cond<N>>) -> Option<()> {
    match e {
        Expr::Binary(o, a, b) if *o == op => {
            chain(a, op, parts)?;
            chain(b, op, parts)
        }
        _ => {
            parts.push(Cond::of(e)?);
            Some(())
        }
    }
}

/// `statements` in continuation style; `ends`: a `becomes` in the block
/// may have ended the move, after which no statement runs (the
/// interpreter's `state.ended`). `None` where a statement is one this
/// kind of number does not run.
pub(super) fn sequence<N: Num>(statements: &[Stmt], ends: bool) -> Option<Run<N>> {
    let mut rest: Run<N> = Box::new(|s, then| then(s));
    let mut i = statements.len();
    while i > 0 {
        i -= 1;
        // A `choose` and the `require` after it: one closure, the
        // condition tried inside the loop.
        if let (Some(Stmt::Choose { slot, lo, hi }), Stmt::Require(condition)) =
            (i.checked_sub(1).map(|j| &statements[j]), &statements[i])
        {
            rest = choose_where(*slot, lo, hi, Some(condition), rest, ends)?;
            i -= 1;
            continue;
        }
        // A `choose` and a path to the value chosen after it: one closure.
        if let Some(Stmt::Choose { slot, lo, hi }) = i.checked_sub(1).map(|j| &statements[j])
            && let Some((path, from, tests)) = path_to(&statements[i], *slot)
        {
            rest = choose_path(*slot, (lo, hi), (path, from, tests), rest, ends)?;
            i -= 1;
            continue;
        }
        rest = step(&statements[i], rest, ends)?;
    }
    Some(rest)
}

/// `choose slot in lo..hi`, then `require condition` where there is one,
/// then `rest`.
///
/// Where the condition's first test is a bound on the number chosen (an
/// expression that does not fall as it grows, against one that does not
/// read it: `k * k <= a`, `k <= h[2]`), the loop stops at the first number
/// that fails it: every larger one fails it too, as the interpreter finds
/// one by one. The steps it would take through them are counted, so that
/// the steps, the moves and the errors are the interpreter's. It stops so
/// only when the test holds or fails without an error at the range's top
/// (then, the expression rising, at no number below either) and the range
/// starts at 0 or above.
pub(super) fn choose_where<N: Num>(
    slot: usize,
    lo: &Expr,
    hi: &Expr,
    condition: Option<&Expr>,
    rest: Run<N>,
    ends: bool,
) -> Option<Run<N>> {
    if let Some((outside, inside)) = condition.and_then(|c| hoisted(c, slot)) {
        return choose_hoisted(slot, (lo, hi), &outside, inside.as_ref(), rest, ends);
    }
    if let Some(c) = condition
        && divisor_test(c, slot).is_some()
    {
        return choose_divisors(slot, (lo, hi), c, rest, ends);
    }
    let (lo, hi) = (Operand::<N>::of(lo)?, Operand::<N>::of(hi)?);
    let run: Run<N> = match condition {
        None => Box::new(move |s, then| {
            let (lo, hi) = (lo.get(s)?, hi.get(s)?);
            each_value(slot, (lo, hi), s, |s| {
                rest(s, then)?;
                Ok(Go::On)
            })
        }),
        Some(c) if !is_bound(first_of_all(c), slot) => {
            let condition = Cond::of(c)?;
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                each_value(slot, (lo, hi), s, |s| {
                    if condition.holds(s)? {
                        rest(s, then)?;
                    }
                    Ok(Go::On)
                })
            })
        }
        Some(c) => {
            let mut parts = Vec::new();
            chain(c, BinOp::And, &mut parts)?;
            let bound = parts.remove(0);
            // Nothing more to test, mostly: no call for it.
            let others = (!parts.is_empty()).then_some(Cond::All(parts));
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                // The bound read at the top without an error reads without
                // one below; once it fails, it fails above.
                let old = std::mem::replace(&mut s.vars[slot], hi);
                let stops = N::default() <= lo && lo <= hi && bound.holds(s).is_ok();
                s.vars[slot] = old;
                each_value(slot, (lo, hi), s, |s| {
                    if !bound.holds(s)? {
                        return Ok(if stops { Go::Stop } else { Go::On });
                    }
                    let holds = match &others {
                        Some(others) => others.holds(s)?,
                        None => true,
                    };
                    if holds {
                        rest(s, then)?;
                    }
                    Ok(Go::On)
                })
            })
        }
    };
    Some(ended_skips(run, ends))
}

/// The conditions a `require` after a `choose` of `slot` begins with that
/// do not read the value chosen, joined by `and`, and what is left of it;
/// `None` where the first reads it.
pub(super) fn hoisted(condition: &Expr, slot: usize) -> Option<(Expr, Option<Expr>)> {
    let parts = condition.conjuncts();
    let split = parts
        .iter()
        .position(|p| p.reads(slot))
        .unwrap_or(parts.len());
    let joined = |parts: &[&Expr]| {
        (parts.iter().rev()).fold(None, |right: Option<Expr>, &left| {
            Some(match right {
                None => left.clone(),
                Some(right) => Expr::Binary(BinOp::And, Box::new(left.clone()), Box::new(right)),
            })
        })
    };
    Some((joined(&parts[..split])?, joined(&parts[split..])))
}

/// `choose slot in lo..hi; require outside and inside`, where `outside`
/// does not read the value chosen: it is the same at every value, so it
/// is tested once, at the first value as the interpreter first tests it
/// (after that value's step); where it fails, no value makes a move, and
/// the loop's other steps are counted at once.
pub(super) fn choose_hoisted<N: Num>(
    slot: usize,
    (lo, hi): (&Expr, &Expr),
    outside: &Expr,
    inside: Option<&Expr>,
    rest: Run<N>,
    ends: bool,
) -> Option<Run<N>> {
    let (first, last) = (Operand::<N>::of(lo)?, Operand::<N>::of(hi)?);
    let outside = Cond::of(outside)?;
    let inner = choose_where(slot, lo, hi, inside, rest, false)?;
    let run: Run<N> = Box::new(move |s, then| {
        let (lo, hi) = (first.get(s)?, last.get(s)?);
        if lo > hi {
            return Ok(());
        }
        s.step().map_err(N::fail)?;
        let old = std::mem::replace(&mut s.vars[slot], lo);
        let holds = outside.holds(s);
        s.vars[slot] = old;
        if !holds? {
            return s.steps_more(steps_between(lo, hi)).map_err(N::fail);
        }
        // The loop takes the first value's step again.
        s.steps -= 1;
        inner(s, then)
    });
    Some(ended_skips(run, ends))
}

/// Where `statement` is a path to the value of variable `slot`, `for j in
/// A..x { require P; ... }` with `x` that variable and neither A nor the
/// tests reading it (a queen's path, empty cell by cell up to where it
/// lands): the loop's variable, A and the tests.
pub(super) fn path_to(statement: &Stmt, slot: usize) -> Option<(usize, &Expr, Vec<&Expr>)> {
    let Stmt::For {
        slot: path,
        lo,
        hi: Expr::Var(to),
        body,
        forks: false,
    } = statement
    else {
        return None;
    };
    let tests: Vec<&Expr> = (body.iter())
        .map(|b| match b {
            Stmt::Require(test) if !test.reads(slot) => Some(test),
            _ => None,
        })
        .collect::<Option<_>>()?;
    (*to == slot && *path != slot && !lo.reads(slot)).then_some((*path, lo, tests))
}

/// `choose x in LO..HI; for j in A..x { require P }` (`path_to`): the path
/// to x is the path to x - 1 and one cell more, so each value of x tests
/// only the cells no smaller value tested, and once a cell fails, every
/// larger value fails at it: the loop stops there. The steps the
/// interpreter takes through the cells tested before and the values past
/// the stop are counted, so that the steps, the moves and the errors are
/// the interpreter's (nothing between the tests of two values changes
/// what they read: the rest puts back what it changes).
pub(super) fn choose_path<N: Num>(
    slot: usize,
    (lo, hi): (&Expr, &Expr),
    (path, from, tests): (usize, &Expr, Vec<&Expr>),
    rest: Run<N>,
    ends: bool,
) -> Option<Run<N>> {
    let (first, last, from) = (
        Operand::<N>::of(lo)?,
        Operand::<N>::of(hi)?,
        Operand::<N>::of(from)?,
    );
    let mut tests: Vec<Cond<N>> = tests.into_iter().map(Cond::of).collect::<Option<_>>()?;
    let tests = match tests.len() {
        1 => tests.pop()?,
        _ => Cond::All(tests),
    };
    let run: Run<N> = Box::new(move |s, then| {
        let (lo, hi) = (first.get(s)?, last.get(s)?);
        let old = s.vars[path];
        // The last cell of the path known to hold.
        let mut held: Option<N> = None;
        let result = each_value(slot, (lo, hi), s, |s| {
            let x = s.vars[slot];
            let a = from.get(s)?;
            if a <= x {
                // The cells from A up to the last held: steps alone.
                let mut j = match held {
                    Some(held) => {
                        s.steps_more(steps_between(a, held).saturating_add(1))
                            .map_err(N::fail)?;
                        N::next(held)
                    }
                    None => Some(a),
                };
                while let Some(cell) = j
                    && cell <= x
                {
                    s.step().map_err(N::fail)?;
                    s.vars[path] = cell;
                    if !tests.holds(s)? {
                        // Every larger value tests the cells from A to
                        // this one, a step each, and fails here (the
                        // values' own steps `each_value` counts).
                        let cells = steps_between(a, cell).saturating_add(1);
                        let after = steps_between(x, hi).saturating_mul(cells);
                        s.steps_more(after).map_err(N::fail)?;
                        return Ok(Go::Stop);
                    }
                    held = Some(cell);
                    j = N::next(cell);
                }
                s.vars[path] = old;
            }
            rest(s, then)?;
            Ok(Go::On)
        });
        s.vars[path] = old;
        result
    });
    Some(ended_skips(run, ends))
}

/// The values after `lo` up to `hi` (`lo <= hi`), as steps.
pub(super) fn steps_between<N: Num>(lo: N, hi: N) -> u64 {
    let (lo, hi): (i128, i128) = (lo.into(), hi.into());
    u64::try_from(hi.abs_diff(lo)).unwrap_or(u64::MAX)
}

/// `choose x in LO..HI` then `require x divides E ...`, where E does not
/// read x (the dividing games: replace a heap by a proper divisor of it,
/// take a divisor): where LO is at least 1 and at most HI, and E, read
/// once before any value, is not 0 and has its divisors found by trial
/// division up to √|E| in fewer steps than trying every value
/// (`divisors_within`), x runs over those divisors alone, in increasing
/// order, the trial divisions its steps; else every value is tried. The
/// interpreter does the same (LANGUAGE.md, "Move blocks").
///
/// `None` where a part does not compile.
pub(super) fn choose_divisors<N: Num>(
    slot: usize,
    (lo, hi): (&Expr, &Expr),
    condition: &Expr,
    rest: Run<N>,
    ends: bool,
) -> Option<Run<N>> {
    let divided = Operand::<N>::of(divisor_test(condition, slot)?)?;
    // The tests after the first, in order, as `and` tries them.
    let others: Vec<Cond<N>> = (condition.conjuncts().iter().skip(1))
        .map(|e| Cond::of(e))
        .collect::<Option<_>>()?;
    let others = Cond::All(others);
    let whole = Cond::<N>::of(condition)?;
    let (first, last) = (Operand::<N>::of(lo)?, Operand::<N>::of(hi)?);
    let run: Run<N> = Box::new(move |s, then| {
        let (lo, hi) = (first.get(s)?, last.get(s)?);
        let (from, to): (i128, i128) = (lo.into(), hi.into());
        let found = match 1 <= from && from <= to {
            true => divisors_within(divided.get(s)?.into(), (from, to)),
            false => None,
        };
        let Some((trials, found)) = found else {
            return every_value(slot, (lo, hi), &whole, &rest, s, then);
        };
        s.steps_more(trials).map_err(N::fail)?;
        let old = s.vars[slot];
        for d in found {
            // Within LO..HI: a number of this kind, as they are.
            let Some(value) = N::of(d) else {
                break;
            };
            s.vars[slot] = value;
            let made = match others.holds(s) {
                Ok(true) => rest(s, then),
                Ok(false) => Ok(()),
                Err(e) => Err(e),
            };
            if made.is_err() {
                s.vars[slot] = old;
                return made;
            }
        }
        s.vars[slot] = old;
        Ok(())
    });
    Some(ended_skips(run, ends))
}

/// The plain loop: every value from `lo` to `hi` tried on the whole
/// condition.
fn every_value<N: Num>(
    slot: usize,
    (lo, hi): (N, N),
    whole: &Cond<N>,
    rest: &Run<N>,
    s: &mut State<N>,
    then: &mut Cont<'_, N>,
) -> Fallible<(), N> {
    each_value(slot, (lo, hi), s, |s| {
        if whole.holds(s)? {
            rest(s, then)?;
        }
        Ok(Go::On)
    })
}

/// Whether a `choose` goes on to its next value.
pub(super) enum Go {
    On,
    /// No larger value makes a move: the rest of the range is passed
    /// over, its steps counted.
    Stop,
}

/// `at` with variable `slot` at each value from `lo` to `hi`, a step each:
/// a `choose`'s loop.
#[inline(always)]
pub(super) fn each_value<N: Num>(
    slot: usize,
    (lo, hi): (N, N),
    s: &mut State<N>,
    mut at: impl FnMut(&mut State<N>) -> Fallible<Go, N>,
) -> Fallible<(), N> {
    let old = s.vars[slot];
    let mut value = lo;
    while value <= hi {
        s.step().map_err(N::fail)?;
        s.vars[slot] = value;
        if let Go::Stop = at(s)? {
            s.steps_more(steps_between(value, hi)).map_err(N::fail)?;
            break;
        }
        let Some(next) = N::next(value) else {
            break;
        };
        value = next;
    }
    s.vars[slot] = old;
    Ok(())
}

/// The first test of `a and b and ...` (the one tried first), or `e`.
pub(super) fn first_of_all(e: &Expr) -> &Expr {
    match e {
        Expr::Binary(BinOp::And, a, _) => first_of_all(a),
        _ => e,
    }
}

/// Whether `e` is a bound on variable `slot` (from 0 up): `x <= y`, `x <
/// y`, `y >= x` or `y > x`, where `x` does not fall as the variable grows
/// (`rising`) and `y` does not read it. Once it fails, it fails for every
/// larger value.
pub(super) fn is_bound(e: &Expr, slot: usize) -> bool {
    match e {
        Expr::Binary(BinOp::Le | BinOp::Lt, x, y) | Expr::Binary(BinOp::Ge | BinOp::Gt, y, x) => {
            rising(x, slot).is_some() && !y.reads(slot)
        }
        _ => false,
    }
}

/// Where `e` does not fall as variable `slot` grows from 0 (the other
/// values it reads fixed): whether it is never negative there too. Sums
/// of such, products of such never negative, a difference less a fixed
/// value; fixed parts are numbers, heaps, cells and `len` (never negative)
/// or anything that does not read the variable.
pub(super) fn rising(e: &Expr, slot: usize) -> Option<bool> {
    if !e.reads(slot) {
        let never_negative = match e {
            Expr::Const(n) => *n >= 0,
            Expr::HeapAt(_) | Expr::Len | Expr::Cell(..) => true,
            _ => false,
        };
        return Some(never_negative);
    }
    match e {
        Expr::Var(v) if *v == slot => Some(true),
        Expr::Binary(BinOp::Add, a, b) => Some(rising(a, slot)? && rising(b, slot)?),
        Expr::Binary(BinOp::Sub, a, b) if !b.reads(slot) => rising(a, slot).map(|_| false),
        Expr::Binary(BinOp::Mul, a, b) => (rising(a, slot)? && rising(b, slot)?).then_some(true),
        _ => None,
    }
}

/// `run`, or where a `becomes` may have ended the move (`ends`) and has,
/// nothing: the rest runs no statement (the interpreter's `state.ended`).
pub(super) fn ended_skips<N: Num>(run: Run<N>, ends: bool) -> Run<N> {
    if !ends {
        return run;
    }
    Box::new(move |s, then| if s.ended { then(s) } else { run(s, then) })
}

/// The heap an assignment changes: at a fixed place (a named part), or
/// at an index read as the block runs.
pub(super) enum Place<N: Num> {
    Fixed(usize),
    At(Operand<N>),
}

impl<N: Num> Place<N> {
    pub(super) fn of(index: &Expr) -> Option<Place<N>> {
        Some(match index {
            Expr::Const(i) if let Some(fixed) = place(*i, usize::MAX) => Place::Fixed(fixed),
            _ => Place::At(Operand::of(index)?),
        })
    }

    /// Its place in the heaps (from 0), or the error of an index past them.
    #[inline(always)]
    pub(super) fn get(&self, s: &State<N>) -> Fallible<usize, N> {
        match self {
            Place::Fixed(i) if *i < s.heaps.len() => Ok(*i),
            Place::Fixed(i) => Err(N::fail(EvalError::HeapIndex {
                index: *i as i128 + 1,
                len: s.heaps.len(),
            })),
            Place::At(index) => s.place(index.get(s)?.into()).map_err(N::fail),
        }
    }
}

/// `statement`, then `rest`.
pub(super) fn step<N: Num>(statement: &Stmt, rest: Run<N>, ends: bool) -> Option<Run<N>> {
    let run: Run<N> = match statement {
        Stmt::Choose { slot, lo, hi } => return choose_where(*slot, lo, hi, None, rest, ends),
        Stmt::Require(condition) => {
            let condition = Cond::of(condition)?;
            Box::new(move |s, then| {
                if condition.holds(s)? {
                    rest(s, then)
                } else {
                    Ok(())
                }
            })
        }
        Stmt::Let { slot, value } => {
            let (slot, value) = (*slot, Operand::<N>::of(value)?);
            Box::new(move |s, then| {
                let value = value.get(s)?;
                let old = std::mem::replace(&mut s.vars[slot], value);
                let result = rest(s, then);
                s.vars[slot] = old;
                result
            })
        }
        Stmt::Assign { index, op, value } => {
            let (index, op, value) = (Place::<N>::of(index)?, *op, Operand::<N>::of(value)?);
            Box::new(move |s, then| {
                let i = index.get(s)?;
                let old = s.heaps[i];
                s.heaps[i] = assigned(old, op, value.get(s)?, i)?;
                let result = rest(s, then);
                s.heaps[i] = old;
                result
            })
        }
        Stmt::If {
            condition,
            then: yes,
            otherwise,
        } => {
            let condition = Cond::<N>::of(condition)?;
            let (yes, otherwise) = (sequence(yes, ends)?, sequence(otherwise, ends)?);
            Box::new(move |s, then| {
                let branch = if condition.holds(s)? {
                    &yes
                } else {
                    &otherwise
                };
                branch(s, &mut |s: &mut State<N>| rest(s, then))
            })
        }
        Stmt::Score(points) => {
            let points = Operand::<N>::of(points)?;
            Box::new(move |s, then| {
                let old = s.score;
                s.score = scored(old, points.get(s)?.into()).map_err(N::fail)?;
                let result = rest(s, then);
                s.score = old;
                result
            })
        }
        Stmt::Again => Box::new(move |s, then| {
            let old = std::mem::replace(&mut s.again, true);
            let result = rest(s, then);
            s.again = old;
            result
        }),
        _ => N::other_statement(statement, rest, ends)?,
    };
    Some(ended_skips(run, ends))
}
