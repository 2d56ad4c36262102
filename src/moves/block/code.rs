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
//! specialise (`each`, `count`, ...) are the interpreter's own
//! evaluation, called from their closure.
//!
//! One compiler, generic over the kind of number (`Num`), makes both the
//! checked code (128-bit integers, every operation checked) and the narrow
//! form (`super::narrow`: 64-bit machine integers where a proof holds them
//! small); the statements and expressions only the checked code runs are
//! its own (`checked_statement`, the interpreter's evaluation).

use std::cell::Cell;
use std::fmt;
use std::thread::LocalKey;

use super::narrow::Narrow;
use super::{MAX_FORKING_ITERATIONS, Next, SPARE, State, Then, becomes, heap_value, scored};
use crate::platform::deeper;
use crate::rules::expr::{
    BinOp, EvalError, Expr, Func, List, OFF_BOARD, cell_place, compare, divided, has_property,
    order, place,
};
use crate::rules::{AssignOp, Block, Stmt};

type Result<T> = std::result::Result<T, EvalError>;

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
    Forks(Run<i128>),
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
        // Without a `choose` or a `becomes` (`Stmt::fork`), one move or
        // none. The checked code compiles every statement and expression
        // (what the shared compiler does not, `i128`'s `other_*` take);
        // were one left out, the interpreter would run the block.
        let body = if Stmt::fork(&block.body) {
            let ends = becomes(&block.body);
            Body::Forks(sequence(&block.body, ends).unwrap_or_else(|| {
                let statements = block.body.clone();
                Box::new(move |s, then| super::run(&statements, s, then))
            }))
        } else {
            Body::Straight(straight_sequence(&block.body).unwrap_or_else(|| {
                let statements = block.body.clone();
                Box::new(move |s| super::straight(&statements, s))
            }))
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
    pub fn moves(&self, heaps: &[u64], emit: &mut impl FnMut(Next) -> Result<()>) -> Result<u64> {
        let mut skip = match self.narrow(heaps, &mut |after, _, _| emit(Next::Position(after)))? {
            Narrowed::Answered(steps) => return Ok(steps),
            Narrowed::Past(made) => made,
        };
        self.checked_moves(heaps, &mut |next| {
            if skip > 0 {
                skip -= 1;
                return Ok(());
            }
            emit(next)
        })
    }

    /// Runs the narrow form from `heaps` where it has one and they fit its
    /// bound. Where it stops short of an answer (an error to tell, which
    /// only the checked code tells as the interpreter does), the checked
    /// code is to run from `heaps`, past the moves already emitted.
    fn narrow(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64], i128, bool) -> Result<()>,
    ) -> Result<Narrowed> {
        let Some(narrow) = self.narrow.as_ref().filter(|n| n.fits(heaps)) else {
            return Ok(Narrowed::Past(0));
        };
        let (mut made, mut failed) = (0u64, None);
        let steps = narrow.moves(
            heaps,
            &mut |after, points, again| match emit(after, points, again) {
                Ok(()) => {
                    made += 1;
                    true
                }
                Err(e) => {
                    failed = Some(e);
                    false
                }
            },
        );
        match (steps, failed) {
            (Some(steps), _) => Ok(Narrowed::Answered(steps)),
            (None, Some(e)) => Err(e),
            (None, None) => Ok(Narrowed::Past(made)),
        }
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
        let mut skip = match self.narrow(heaps, emit)? {
            Narrowed::Answered(steps) => return Ok(steps),
            Narrowed::Past(made) => made,
        };
        self.checked_scored_moves(heaps, &mut |after, points, again| {
            if skip > 0 {
                skip -= 1;
                return Ok(());
            }
            emit(after, points, again)
        })
    }

    /// `scored_moves`, in the checked 128-bit code alone.
    fn checked_scored_moves(
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

/// How far the narrow form went.
enum Narrowed {
    /// To the end: the steps it took.
    Answered(u64),
    /// Not to the end, or not at all: the checked code runs, past this
    /// many moves the narrow form made.
    Past(u64),
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
type Fallible<T, N> = std::result::Result<T, <N as Num>::Fail>;
pub(super) type Int<N> = Box<dyn Fn(&State<N>) -> Fallible<N, N> + Send + Sync>;
pub(super) type Truth<N> = Box<dyn Fn(&State<N>) -> Fallible<bool, N> + Send + Sync>;
/// Statements in continuation style: runs them, then `then`, on every way
/// through them.
pub(super) type Run<N> = Box<dyn Fn(&mut State<N>, &mut Cont<N>) -> Fallible<(), N> + Send + Sync>;
/// What runs after: the rest of the block, in the end the move's emission.
pub(super) type Cont<'a, N> = dyn FnMut(&mut State<N>) -> Fallible<(), N> + 'a;
/// Statements without forks: runs them, changing the state; `false` when
/// a `require` fails.
type Straight = Box<dyn Fn(&mut State) -> Result<bool> + Send + Sync>;

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

/// A leaf of an expression, read without a call.
#[derive(Clone, Copy, Debug)]
enum Leaf<N> {
    Const(N),
    Var(usize),
    /// A heap at a fixed place (from 0): a named part.
    Heap(usize),
    /// A variable plus a number.
    VarAdd(usize, N),
}

impl<N: Num> Leaf<N> {
    fn of(e: &Expr) -> Option<Leaf<N>> {
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
    fn read(self, s: &State<N>) -> Fallible<N, N> {
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

/// An operand: a leaf, a board's cell at leaves (`b[r - 1, c]`), a sum,
/// difference or product of two leaves (`m * b`), or an expression's
/// closure.
enum Operand<N: Num> {
    Leaf(Leaf<N>),
    Cell(Leaf<N>, Leaf<N>),
    Pair(BinOp, Leaf<N>, Leaf<N>),
    Code(Int<N>),
}

impl<N: Num> Operand<N> {
    fn of(e: &Expr) -> Option<Operand<N>> {
        if let Some(leaf) = Leaf::of(e) {
            return Some(Operand::Leaf(leaf));
        }
        Some(match e {
            Expr::Cell(r, c) if let (Some(r), Some(c)) = (Leaf::of(r), Leaf::of(c)) => {
                Operand::Cell(r, c)
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b)
                if let (Some(a), Some(b)) = (Leaf::of(a), Leaf::of(b)) =>
            {
                Operand::Pair(*op, a, b)
            }
            _ => Operand::Code(int(e)?),
        })
    }

    #[inline(always)]
    fn get(&self, s: &State<N>) -> Fallible<N, N> {
        match self {
            Operand::Leaf(leaf) => leaf.read(s),
            Operand::Cell(r, c) => Ok(cell(&s.heaps, r.read(s)?, c.read(s)?)),
            Operand::Pair(op, a, b) => N::plus_minus_times(*op, a.read(s)?, b.read(s)?),
            Operand::Code(f) => f(s),
        }
    }
}

/// Cell (r, c) of the board `heaps`: its character, `'#'` off the board.
#[inline(always)]
fn cell<N: Num>(heaps: &[u64], r: N, c: N) -> N {
    match cell_place(heaps, r.into(), c.into()) {
        Some(i) => N::heap(heaps[i]),
        None => N::heap(OFF_BOARD as u64),
    }
}

/// `op` of `a` and `b` where it is no arithmetic (a comparison,
/// `divides`, `is power of`), or a condition of a number: the
/// interpreter's `compare`.
fn compared<N: Num>(op: BinOp, a: N, b: N) -> Fallible<bool, N> {
    compare(op, a.into(), b.into()).map_err(N::fail)
}

/// A number-valued expression's closure.
fn int<N: Num>(e: &Expr) -> Option<Int<N>> {
    if let Some(leaf) = Leaf::<N>::of(e) {
        return Some(Box::new(move |s| leaf.read(s)));
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
enum Cond<N: Num> {
    /// One of the six orderings.
    Order(BinOp, Operand<N>, Operand<N>),
    /// Every one holds, tried in order (`a and b and ...`).
    All(Vec<Cond<N>>),
    /// Some one holds, tried in order.
    Any(Vec<Cond<N>>),
    Not(Box<Cond<N>>),
    Code(Truth<N>),
}

impl<N: Num> Cond<N> {
    fn of(e: &Expr) -> Option<Cond<N>> {
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
                Cond::Code(Box::new(move |s| compared(op, a.get(s)?, b.get(s)?)))
            }
            Expr::Is(a, property) => {
                let (a, property) = (Operand::<N>::of(a)?, *property);
                Cond::Code(Box::new(move |s| {
                    has_property(a.get(s)?.into(), property).map_err(N::fail)
                }))
            }
            Expr::Each(..) | Expr::Monotone(_) => Cond::Code(N::other_truth(e)?),
            _ => {
                let value = Operand::<N>::of(e)?;
                Cond::Code(Box::new(move |s| Ok(value.get(s)? != N::default())))
            }
        })
    }

    /// Whether it holds: the interpreter's `Expr::truth`, its operands
    /// read in the same order, `and` and `or` cut short alike. A
    /// comparison, the most common condition, is evaluated in place.
    #[inline(always)]
    fn holds(&self, s: &State<N>) -> Fallible<bool, N> {
        match self {
            // Built only of the six orderings: `order` answers.
            Cond::Order(op, a, b) => Ok(order(*op, &a.get(s)?, &b.get(s)?).unwrap_or_default()),
            _ => self.holds_joined(s),
        }
    }

    /// `holds`, for the conditions other than a comparison.
    fn holds_joined(&self, s: &State<N>) -> Fallible<bool, N> {
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
            Cond::Code(f) => f(s),
        }
    }
}

/// The conditions `op` (`and` or `or`) joins in `e`, left to right: `a and
/// (b and c)` and `(a and b) and c` alike, as both are tried in that order.
fn chain<N: Num>(e: &Expr, op: BinOp, parts: &mut Vec<Cond<N>>) -> Option<()> {
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
fn choose_where<N: Num>(
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
fn hoisted(condition: &Expr, slot: usize) -> Option<(Expr, Option<Expr>)> {
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
fn choose_hoisted<N: Num>(
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

/// The values after `lo` up to `hi` (`lo <= hi`), as steps.
fn steps_between<N: Num>(lo: N, hi: N) -> u64 {
    let (lo, hi): (i128, i128) = (lo.into(), hi.into());
    u64::try_from(hi.abs_diff(lo)).unwrap_or(u64::MAX)
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
fn each_value<N: Num>(
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
fn first_of_all(e: &Expr) -> &Expr {
    match e {
        Expr::Binary(BinOp::And, a, _) => first_of_all(a),
        _ => e,
    }
}

/// Whether `e` is a bound on variable `slot` (from 0 up): `x <= y`, `x <
/// y`, `y >= x` or `y > x`, where `x` does not fall as the variable grows
/// (`rising`) and `y` does not read it. Once it fails, it fails for every
/// larger value.
fn is_bound(e: &Expr, slot: usize) -> bool {
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
fn ended_skips<N: Num>(run: Run<N>, ends: bool) -> Run<N> {
    if !ends {
        return run;
    }
    Box::new(move |s, then| if s.ended { then(s) } else { run(s, then) })
}

/// The heap an assignment changes: at a fixed place (a named part), or
/// at an index read as the block runs.
enum Place<N: Num> {
    Fixed(usize),
    At(Operand<N>),
}

impl<N: Num> Place<N> {
    fn of(index: &Expr) -> Option<Place<N>> {
        Some(match index {
            Expr::Const(i) if let Some(fixed) = place(*i, usize::MAX) => Place::Fixed(fixed),
            _ => Place::At(Operand::of(index)?),
        })
    }

    /// Its place in the heaps (from 0), or the error of an index past them.
    #[inline(always)]
    fn get(&self, s: &State<N>) -> Fallible<usize, N> {
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

/// `statement`, then `rest`.
fn step<N: Num>(statement: &Stmt, rest: Run<N>, ends: bool) -> Option<Run<N>> {
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

/// The statements only the checked code runs (loops, `append`, `remove`,
/// `becomes`), then `rest`.
fn checked_statement(statement: &Stmt, rest: Run<i128>, ends: bool) -> Option<Run<i128>> {
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
fn for_from(
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
fn straight_sequence(statements: &[Stmt]) -> Option<Straight> {
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
fn straight_step(statement: &Stmt) -> Option<Straight> {
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
