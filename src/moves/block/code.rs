//! A move block compiled once, when its game is, into closures: each
//! statement a closure that holds its expressions' closures and the rest of
//! the block's, so that running the block reads no syntax tree — no match
//! on a statement or an expression's kind, no walk down a list of
//! statements. An expression's leaves (a number, a variable, a named part,
//! a variable plus a number, a board's cell at leaves: `b[r - 1, c]`) are
//! read inside the closure of the operation that uses them, without a call
//! of their own; a condition's comparisons and chains of `and` and `or`
//! are evaluated in place, one call a condition; a `choose` and the
//! `require` after it are one closure. A block without a `choose` or a
//! `becomes` makes one move or none: it runs straight through, with no
//! continuation.
//!
//! The interpreter (`super::run`) stays the reference: the same
//! statements in the same order, the same checks (every operation on
//! 128-bit integers checked, the same errors, the same steps counted),
//! the same state. Tests run both and compare every move, its points, the
//! steps and the errors: random blocks (the nested-blocks property test)
//! and every board game of `games/` on random boards. Operations the compiler does not
//! specialise (`is prime`, `each`, `count`, ...) are the interpreter's own
//! evaluation, called from their closure.

use std::fmt;

use super::narrow::Narrow;
use super::{MAX_FORKING_ITERATIONS, Next, State, Then, assigned, becomes, scored};
use crate::rules::expr::{
    BinOp, EvalError, Expr, List, OFF_BOARD, arithmetic, cell_place, compare, heap_at,
};
use crate::rules::{Block, Stmt};

type Result<T> = std::result::Result<T, EvalError>;
type Int = Box<dyn Fn(&State) -> Result<i128> + Send + Sync>;
type Truth = Box<dyn Fn(&State) -> Result<bool> + Send + Sync>;
/// Statements in continuation style: runs them, then `then`, on every way
/// through them.
type Run = Box<dyn Fn(&mut State, &mut Then) -> Result<()> + Send + Sync>;
/// Statements without forks: runs them, changing the state; `false` when
/// a `require` fails.
type Straight = Box<dyn Fn(&mut State) -> Result<bool> + Send + Sync>;

/// A move block, compiled.
pub struct Code {
    slots: usize,
    body: Body,
    /// Its form over 64-bit machine integers, where it has one
    /// (`super::narrow`): it runs from the positions whose heaps are all
    /// within its bound.
    narrow: Option<Narrow>,
}

enum Body {
    /// One move or none.
    Straight(Straight),
    Forks(Run),
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.body {
            Body::Straight(_) => "straight",
            Body::Forks(_) => "forks",
        };
        write!(f, "Code({kind}, {} slots", self.slots)?;
        match &self.narrow {
            Some(narrow) => write!(f, ", narrow to {})", narrow.bound()),
            None => write!(f, ")"),
        }
    }
}

impl Code {
    /// `block`, compiled.
    pub fn new(block: &Block) -> Code {
        // Without a `choose` or a `becomes` (`Stmt::fork`), one move or none.
        let body = if Stmt::fork(&block.body) {
            let ends = becomes(&block.body);
            Body::Forks(sequence(&block.body, ends))
        } else {
            Body::Straight(straight_sequence(&block.body))
        };
        Code {
            slots: block.slots,
            body,
            narrow: Narrow::new(block),
        }
    }

    /// The largest heap (and number of heaps) the block's narrow form
    /// runs from, where it has one: from a position whose heaps are all at
    /// most this, the block runs over 64-bit machine integers.
    #[cfg(test)]
    pub fn narrow_bound(&self) -> Option<u64> {
        self.narrow.as_ref().map(Narrow::bound)
    }

    /// Calls `emit` with where each move the block makes from `heaps`
    /// leads, and returns the steps it took: `super::moves`, compiled.
    /// Where the heaps fit the narrow form's bound, it runs;
    /// where it stops short of an answer (an error to tell), the checked
    /// code runs again from `heaps`, past the moves already emitted.
    pub fn moves(&self, heaps: &[u64], emit: &mut impl FnMut(Next) -> Result<()>) -> Result<u64> {
        if let Some(narrow) = &self.narrow
            && narrow.fits(heaps)
        {
            let (mut made, mut failed) = (0u64, None);
            let steps = narrow.moves(heaps, &mut |after| match emit(Next::Position(after)) {
                Ok(()) => {
                    made += 1;
                    true
                }
                Err(e) => {
                    failed = Some(e);
                    false
                }
            });
            if let Some(steps) = steps {
                return Ok(steps);
            }
            if let Some(e) = failed {
                return Err(e);
            }
            return self.checked_moves(heaps, &mut |next| {
                if made > 0 {
                    made -= 1;
                    return Ok(());
                }
                emit(next)
            });
        }
        self.checked_moves(heaps, emit)
    }

    /// `moves`, in the checked 128-bit code alone.
    fn checked_moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(Next) -> Result<()>,
    ) -> Result<u64> {
        State::with(self.slots, heaps, |state| {
            match &self.body {
                Body::Straight(body) => {
                    if body(state)? {
                        emit(Next::Position(&state.heaps))?;
                    }
                }
                Body::Forks(body) => body(state, &mut |state: &mut State| {
                    if state.ended {
                        emit(Next::Sum(&state.sum))
                    } else {
                        emit(Next::Position(&state.heaps))
                    }
                })?,
            }
            Ok(state.steps)
        })
    }

    /// Calls `emit` with each move of a scoring game the block makes from
    /// `heaps`: `super::scored_moves`, compiled.
    pub fn scored_moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64], i128, bool) -> Result<()>,
    ) -> Result<u64> {
        State::with(self.slots, heaps, |state| {
            match &self.body {
                Body::Straight(body) => {
                    if body(state)? {
                        emit(&state.heaps, state.score, state.again)?;
                    }
                }
                Body::Forks(body) => body(state, &mut |state: &mut State| {
                    if state.ended {
                        return Err(EvalError::Sum);
                    }
                    emit(&state.heaps, state.score, state.again)
                })?,
            }
            Ok(state.steps)
        })
    }
}

/// A leaf of an expression, read without a call.
#[derive(Clone, Copy, Debug)]
enum Leaf {
    Const(i128),
    Var(usize),
    /// `h[i]` at a fixed place: a named part.
    Heap(i128),
    /// A variable plus or minus a number.
    VarAdd(usize, i128),
    VarSub(usize, i128),
}

impl Leaf {
    fn of(e: &Expr) -> Option<Leaf> {
        Some(match e {
            Expr::Const(n) => Leaf::Const(*n),
            Expr::Var(slot) => Leaf::Var(*slot),
            Expr::HeapAt(index) => match **index {
                Expr::Const(i) => Leaf::Heap(i),
                _ => return None,
            },
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => match (&**a, &**b) {
                (Expr::Var(slot), Expr::Const(n)) if *op == BinOp::Add => Leaf::VarAdd(*slot, *n),
                (Expr::Var(slot), Expr::Const(n)) => Leaf::VarSub(*slot, *n),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Its value: the interpreter's, with its errors.
    #[inline(always)]
    fn read(self, s: &State) -> Result<i128> {
        // Matched, not `ok_or`: an error built and dropped on every read
        // costs its drop.
        let var = |slot: usize| match s.vars.get(slot) {
            Some(&v) => Ok(v),
            None => Err(EvalError::Overflow),
        };
        let fits = |v: Option<i128>| match v {
            Some(v) => Ok(v),
            None => Err(EvalError::Overflow),
        };
        match self {
            Leaf::Const(n) => Ok(n),
            Leaf::Var(slot) => var(slot),
            Leaf::Heap(i) => heap_at(&s.heaps, i),
            Leaf::VarAdd(slot, n) => fits(var(slot)?.checked_add(n)),
            Leaf::VarSub(slot, n) => fits(var(slot)?.checked_sub(n)),
        }
    }
}

/// An operand: a leaf, a board's cell at leaves (`b[r - 1, c]`), a sum,
/// difference or product of two leaves (`m * b`), or an expression's
/// closure.
enum Operand {
    Leaf(Leaf),
    Cell(Leaf, Leaf),
    Pair(BinOp, Leaf, Leaf),
    Code(Int),
}

impl Operand {
    fn of(e: &Expr) -> Operand {
        if let Some(leaf) = Leaf::of(e) {
            return Operand::Leaf(leaf);
        }
        match e {
            Expr::Cell(r, c) if let (Some(r), Some(c)) = (Leaf::of(r), Leaf::of(c)) => {
                Operand::Cell(r, c)
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b)
                if let (Some(a), Some(b)) = (Leaf::of(a), Leaf::of(b)) =>
            {
                Operand::Pair(*op, a, b)
            }
            _ => Operand::Code(int(e)),
        }
    }

    #[inline(always)]
    fn get(&self, s: &State) -> Result<i128> {
        match self {
            Operand::Leaf(leaf) => leaf.read(s),
            Operand::Cell(r, c) => Ok(cell(&s.heaps, r.read(s)?, c.read(s)?)),
            Operand::Pair(op, a, b) => plus_minus_times(*op, a.read(s)?, b.read(s)?),
            Operand::Code(f) => f(s),
        }
    }
}

/// Cell (r, c) of the board `heaps`: its character, `'#'` off the board.
#[inline(always)]
fn cell(heaps: &[u64], r: i128, c: i128) -> i128 {
    cell_place(heaps, r, c).map_or(OFF_BOARD, |i| i128::from(heaps[i]))
}

/// `x + y`, `x - y` or `x * y` (`op`, which is one of them), checked as
/// the interpreter's `arithmetic`, without its call.
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

/// A number-valued expression's closure.
fn int(e: &Expr) -> Int {
    if let Some(leaf) = Leaf::of(e) {
        return Box::new(move |s| leaf.read(s));
    }
    match e {
        Expr::Len => Box::new(|s| Ok(s.heaps.len() as i128)),
        Expr::HeapAt(index) => {
            let index = Operand::of(index);
            Box::new(move |s| heap_at(&s.heaps, index.get(s)?))
        }
        Expr::Item(list, index) => {
            let (list, index) = (list.clone(), Operand::of(index));
            Box::new(move |s| List::item(&list, index.get(s)?))
        }
        Expr::Cell(r, c) => {
            let (r, c) = (Operand::of(r), Operand::of(c));
            Box::new(move |s| Ok(cell(&s.heaps, r.get(s)?, c.get(s)?)))
        }
        Expr::CellPlace(r, c) => {
            let (r, c) = (Operand::of(r), Operand::of(c));
            Box::new(move |s| {
                let (row, col) = (r.get(s)?, c.get(s)?);
                match cell_place(&s.heaps, row, col) {
                    Some(i) => Ok(i as i128 + 1),
                    None => Err(EvalError::OffBoard { row, col }),
                }
            })
        }
        Expr::Neg(a) => {
            let a = Operand::of(a);
            Box::new(move |s| a.get(s)?.checked_neg().ok_or(EvalError::Overflow))
        }
        Expr::Binary(op, a, b) if !matches!(op, BinOp::And | BinOp::Or) => {
            let (a, b) = (Operand::of(a), Operand::of(b));
            match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul => {
                    let op = *op;
                    Box::new(move |s| plus_minus_times(op, a.get(s)?, b.get(s)?))
                }
                &op => Box::new(move |s| arithmetic(op, a.get(s)?, b.get(s)?)),
            }
        }
        // The rest (`min`, `count`, conditions as numbers, ...): the
        // interpreter's evaluation.
        _ => {
            let e = e.clone();
            Box::new(move |s| e.int(&s.env()))
        }
    }
}

/// A condition's closure.
fn truth(e: &Expr) -> Truth {
    let condition = Cond::of(e);
    Box::new(move |s| condition.holds(s))
}

/// A condition, compiled: comparisons of operands and chains of `and` and
/// `or` are evaluated in place (one call for the whole condition, not one
/// a node); the rest is a closure.
enum Cond {
    /// One of the six orderings.
    Order(BinOp, Operand, Operand),
    /// Every one holds, tried in order (`a and b and ...`).
    All(Vec<Cond>),
    /// Some one holds, tried in order.
    Any(Vec<Cond>),
    Not(Box<Cond>),
    Code(Truth),
}

impl Cond {
    fn of(e: &Expr) -> Cond {
        match e {
            Expr::Not(a) => Cond::Not(Box::new(Cond::of(a))),
            Expr::Binary(op @ (BinOp::And | BinOp::Or), _, _) => {
                let mut parts = Vec::new();
                chain(e, *op, &mut parts);
                match op {
                    BinOp::And => Cond::All(parts),
                    _ => Cond::Any(parts),
                }
            }
            Expr::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => Cond::Order(*op, Operand::of(a), Operand::of(b)),
            Expr::Binary(op, a, b) => {
                let (op, a, b) = (*op, Operand::of(a), Operand::of(b));
                Cond::Code(Box::new(move |s| compare(op, a.get(s)?, b.get(s)?)))
            }
            Expr::Is(..) | Expr::Each(..) | Expr::Monotone(_) => {
                let e = e.clone();
                Cond::Code(Box::new(move |s| e.truth(&s.env())))
            }
            _ => {
                let value = Operand::of(e);
                Cond::Code(Box::new(move |s| Ok(value.get(s)? != 0)))
            }
        }
    }

    /// Whether it holds: the interpreter's `Expr::truth`, its operands
    /// read in the same order, `and` and `or` cut short alike.
    fn holds(&self, s: &State) -> Result<bool> {
        match self {
            Cond::Order(op, a, b) => compare(*op, a.get(s)?, b.get(s)?),
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
            Cond::Code(f) => f(s),
        }
    }
}

/// The conditions `op` (`and` or `or`) joins in `e`, left to right: `a and
/// (b and c)` and `(a and b) and c` alike, as both are tried in that order.
fn chain(e: &Expr, op: BinOp, parts: &mut Vec<Cond>) {
    match e {
        Expr::Binary(o, a, b) if *o == op => {
            chain(a, op, parts);
            chain(b, op, parts);
        }
        _ => parts.push(Cond::of(e)),
    }
}

/// `statements` in continuation style; `ends`: a `becomes` in the block
/// may have ended the move, after which no statement runs (the
/// interpreter's `state.ended`).
fn sequence(statements: &[Stmt], ends: bool) -> Run {
    let mut rest: Run = Box::new(|s, then| then(s));
    let mut i = statements.len();
    while i > 0 {
        i -= 1;
        // A `choose` and the `require` after it: one closure, the
        // condition tried inside the loop.
        if let (Some(Stmt::Choose { slot, lo, hi }), Stmt::Require(condition)) =
            (i.checked_sub(1).map(|j| &statements[j]), &statements[i])
        {
            rest = choose_where(*slot, lo, hi, Some(condition), rest, ends);
            i -= 1;
            continue;
        }
        rest = step(&statements[i], rest, ends);
    }
    rest
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
fn choose_where(
    slot: usize,
    lo: &Expr,
    hi: &Expr,
    condition: Option<&Expr>,
    rest: Run,
    ends: bool,
) -> Run {
    if let Some((outside, inside)) = condition.and_then(|c| hoisted(c, slot)) {
        return choose_hoisted(slot, (lo, hi), outside, inside.as_ref(), rest, ends);
    }
    let (lo, hi) = (Operand::of(lo), Operand::of(hi));
    let run: Run = match condition {
        None => Box::new(move |s, then| {
            let (lo, hi) = (lo.get(s)?, hi.get(s)?);
            each_value(slot, (lo, hi), s, |s| {
                rest(s, then)?;
                Ok(Go::On)
            })
        }),
        Some(c) if !is_bound(first_of_all(c), slot) => {
            let condition = Cond::of(c);
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
            chain(c, BinOp::And, &mut parts);
            let bound = parts.remove(0);
            let others = Cond::All(parts);
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                // The bound read at the top without an error reads without
                // one below; once it fails, it fails above.
                let old = std::mem::replace(&mut s.vars[slot], hi);
                let stops = 0 <= lo && lo <= hi && bound.holds(s).is_ok();
                s.vars[slot] = old;
                each_value(slot, (lo, hi), s, |s| {
                    if !bound.holds(s)? {
                        return Ok(if stops { Go::Stop } else { Go::On });
                    }
                    if others.holds(s)? {
                        rest(s, then)?;
                    }
                    Ok(Go::On)
                })
            })
        }
    };
    ended_skips(run, ends)
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
fn choose_hoisted(
    slot: usize,
    (lo, hi): (&Expr, &Expr),
    outside: Expr,
    inside: Option<&Expr>,
    rest: Run,
    ends: bool,
) -> Run {
    let (first, last) = (Operand::of(lo), Operand::of(hi));
    let outside = Cond::of(&outside);
    let inner = choose_where(slot, lo, hi, inside, rest, false);
    let run: Run = Box::new(move |s, then| {
        let (lo, hi) = (first.get(s)?, last.get(s)?);
        if lo > hi {
            return Ok(());
        }
        s.step()?;
        let old = std::mem::replace(&mut s.vars[slot], lo);
        let holds = outside.holds(s);
        s.vars[slot] = old;
        if !holds? {
            return s.steps_more(u64::try_from(hi.abs_diff(lo)).unwrap_or(u64::MAX));
        }
        // The loop takes the first value's step again.
        s.steps -= 1;
        inner(s, then)
    });
    ended_skips(run, ends)
}

/// Whether a `choose` goes on to its next value.
enum Go {
    On,
    /// No larger value makes a move: the rest of the range is passed
    /// over, its steps counted.
    Stop,
}

/// `at` with variable `slot` at each value from `lo` to `hi`, a step each:
/// a `choose`'s loop.
#[inline(always)]
fn each_value(
    slot: usize,
    (lo, hi): (i128, i128),
    s: &mut State,
    mut at: impl FnMut(&mut State) -> Result<Go>,
) -> Result<()> {
    let old = s.vars[slot];
    let mut value = lo;
    while value <= hi {
        s.step()?;
        s.vars[slot] = value;
        if let Go::Stop = at(s)? {
            s.steps_more(u64::try_from(hi - value).unwrap_or(u64::MAX))?;
            break;
        }
        let Some(next) = value.checked_add(1) else {
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
fn rising(e: &Expr, slot: usize) -> Option<bool> {
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
fn ended_skips(run: Run, ends: bool) -> Run {
    if !ends {
        return run;
    }
    Box::new(move |s, then| if s.ended { then(s) } else { run(s, then) })
}

/// `statement`, then `rest`.
fn step(statement: &Stmt, rest: Run, ends: bool) -> Run {
    let run: Run = match statement {
        Stmt::Choose { slot, lo, hi } => return choose_where(*slot, lo, hi, None, rest, ends),
        Stmt::Require(condition) => {
            let condition = truth(condition);
            Box::new(
                move |s, then| {
                    if condition(s)? { rest(s, then) } else { Ok(()) }
                },
            )
        }
        Stmt::Let { slot, value } => {
            let (slot, value) = (*slot, Operand::of(value));
            Box::new(move |s, then| {
                let value = value.get(s)?;
                let old = std::mem::replace(&mut s.vars[slot], value);
                let result = rest(s, then);
                s.vars[slot] = old;
                result
            })
        }
        Stmt::Assign { index, op, value } => {
            let (index, op, value) = (Operand::of(index), *op, Operand::of(value));
            Box::new(move |s, then| {
                let i = s.place(index.get(s)?)?;
                let old = s.heaps[i];
                s.heaps[i] = assigned(old, op, value.get(s)?, i)?;
                let result = rest(s, then);
                s.heaps[i] = old;
                result
            })
        }
        Stmt::For {
            slot,
            lo,
            hi,
            body,
            forks: true,
        } => {
            let (slot, lo, hi) = (*slot, Operand::of(lo), Operand::of(hi));
            let body = sequence(body, ends);
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
        } => {
            let (slot, lo, hi) = (*slot, Operand::of(lo), Operand::of(hi));
            let body = straight_sequence(body);
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s)?, hi.get(s)?);
                s.put_back_after(|s| straight_loop(slot, lo, hi, &body, s), &mut |s| {
                    rest(s, then)
                })
            })
        }
        Stmt::If {
            condition,
            then: yes,
            otherwise,
        } => {
            let condition = truth(condition);
            let (yes, otherwise) = (sequence(yes, ends), sequence(otherwise, ends));
            Box::new(move |s, then| {
                let branch = if condition(s)? { &yes } else { &otherwise };
                branch(s, &mut |s: &mut State| rest(s, then))
            })
        }
        Stmt::Append(value) => {
            let value = Operand::of(value);
            Box::new(move |s, then| {
                let value = State::heap_value(s.heaps.len(), value.get(s)?)?;
                s.heaps.push(value);
                let result = rest(s, then);
                s.heaps.pop();
                result
            })
        }
        Stmt::Remove(index) => {
            let index = Operand::of(index);
            Box::new(move |s, then| {
                let i = s.place(index.get(s)?)?;
                let removed = s.heaps.remove(i);
                let result = rest(s, then);
                s.heaps.insert(i, removed);
                result
            })
        }
        Stmt::Score(points) => {
            let points = Operand::of(points);
            Box::new(move |s, then| {
                let old = s.score;
                s.score = scored(old, points.get(s)?)?;
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
        Stmt::Becomes(terms) => {
            let terms = terms.clone();
            Box::new(move |s, then| {
                s.end_in(&terms)?;
                let result = rest(s, then);
                s.ended = false;
                result
            })
        }
    };
    ended_skips(run, ends)
}

/// A loop whose body forks: iteration `value`, then the rest of the loop,
/// then `then` (`super::for_from`, compiled).
fn for_from(
    value: i128,
    hi: i128,
    slot: usize,
    body: &Run,
    s: &mut State,
    then: &mut Then,
) -> Result<()> {
    if value > hi || s.ended {
        return then(s);
    }
    s.step()?;
    let old = std::mem::replace(&mut s.vars[slot], value);
    let result = body(s, &mut |s: &mut State| match value.checked_add(1) {
        Some(next) => for_from(next, hi, slot, body, s, then),
        None => then(s),
    });
    s.vars[slot] = old;
    result
}

/// A loop without forks (`super::straight_loop`, compiled).
fn straight_loop(slot: usize, lo: i128, hi: i128, body: &Straight, s: &mut State) -> Result<bool> {
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
fn straight_sequence(statements: &[Stmt]) -> Straight {
    let mut steps: Vec<Straight> = statements.iter().filter_map(straight_step).collect();
    match steps.len() {
        0 => Box::new(|_| Ok(true)),
        1 => steps.pop().unwrap_or_else(|| Box::new(|_| Ok(true))),
        _ => Box::new(move |s| {
            for step in &steps {
                if !step(s)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }),
    }
}

/// One statement run straight; `None` for one that never runs so (a
/// `choose` or a `becomes`: a loop with one inside forks).
fn straight_step(statement: &Stmt) -> Option<Straight> {
    Some(match statement {
        Stmt::Require(condition) => {
            let condition = truth(condition);
            Box::new(move |s| condition(s))
        }
        Stmt::Let { slot, value } => {
            let (slot, value) = (*slot, Operand::of(value));
            Box::new(move |s| {
                s.vars[slot] = value.get(s)?;
                Ok(true)
            })
        }
        Stmt::Assign { index, op, value } => {
            let (index, op, value) = (Operand::of(index), *op, Operand::of(value));
            Box::new(move |s| {
                let i = s.place(index.get(s)?)?;
                s.heaps[i] = assigned(s.heaps[i], op, value.get(s)?, i)?;
                Ok(true)
            })
        }
        Stmt::For {
            slot, lo, hi, body, ..
        } => {
            let (slot, lo, hi) = (*slot, Operand::of(lo), Operand::of(hi));
            let body = straight_sequence(body);
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
            let condition = truth(condition);
            let (then, otherwise) = (straight_sequence(then), straight_sequence(otherwise));
            Box::new(move |s| if condition(s)? { then(s) } else { otherwise(s) })
        }
        Stmt::Append(value) => {
            let value = Operand::of(value);
            Box::new(move |s| {
                let value = State::heap_value(s.heaps.len(), value.get(s)?)?;
                s.heaps.push(value);
                Ok(true)
            })
        }
        Stmt::Remove(index) => {
            let index = Operand::of(index);
            Box::new(move |s| {
                let i = s.place(index.get(s)?)?;
                s.heaps.remove(i);
                Ok(true)
            })
        }
        Stmt::Score(points) => {
            let points = Operand::of(points);
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
