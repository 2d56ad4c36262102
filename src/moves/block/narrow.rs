//! A move block over 64-bit machine integers: the compiled code's
//! (`super::code`) narrow form, for the blocks whose every value is proven,
//! before any position is asked, to stay within 62 bits while every heap
//! is at most a bound.
//!
//! **The proof.** Each expression's range is found from the ranges of what
//! it reads (`Ranges`): a heap lies in 0..=B at first and in the range of
//! what an assignment writes after it, a variable in the range of what
//! binds it (a `choose`'s range, a `let`'s value); sums, products,
//! quotients and the rest follow from their operands'. The bound B is the
//! largest power of two for which every range in the block stays within
//! ±2^62. A position whose heaps are all at most B then runs here, every
//! `+`, `-` and `*` a machine instruction with no check: none can pass 64
//! bits, so none is tested at run time. The number of heaps (`len`, and
//! the place of a cell) is held to B the same way. (Interval arithmetic: Moore,
//! *Interval Analysis*, 1966.)
//!
//! **What stays checked** is what the position, not the size of numbers,
//! decides: a heap index past the heaps, a division by 0, a heap set below
//! 0, a cell off the board, too many steps, or the receiver of the moves
//! failing. At any of these the narrow run stops (`Escape`) and the block
//! runs again in the checked 128-bit code, which passes over the moves
//! already made (the same moves in the same order: both are the
//! interpreter's meaning) and meets the same point with the interpreter's
//! error. So the narrow form needs no error of its own.
//!
//! **What it covers**: `choose` (with the bound and the conditions the
//! checked code takes out of its loop), `require`, `let`, assignments and
//! `if`, over numbers, variables, heaps, cells, list items, `len`, the four
//! operations and `%`, `min` and `max`, comparisons, `and`, `or`, `not`,
//! `divides`, `is power of` and `is ...`. A block with anything else (a
//! loop, `becomes`, `append`, `remove`, points, `each`, `count`) has no
//! narrow form and runs in the checked code alone.

use std::cell::Cell;

use super::MAX_STEPS;
use super::code::{first_of_all, hoisted, is_bound};
use crate::rules::expr::{
    BinOp, Expr, Func, List, OFF_BOARD, cell_place, divided, has_property, is_power_of, place,
};
use crate::rules::{AssignOp, Block, Stmt};

/// The most any value may be, either way, where the narrow form runs:
/// twice it, and it plus one, still fit 64 bits.
const LIMIT: i128 = 1 << 62;

/// The narrow run stopped; the checked code answers from this position.
struct Escape;

type Flow = Result<(), Escape>;
type Int = Box<dyn Fn(&Regs) -> Option<i64> + Send + Sync>;
type Truth = Box<dyn Fn(&Regs) -> Option<bool> + Send + Sync>;
/// Statements in continuation style, as in the checked code.
type Run = Box<dyn Fn(&mut Regs, &mut Then) -> Flow + Send + Sync>;
type Then<'a> = dyn FnMut(&mut Regs) -> Flow + 'a;

/// A block's narrow form.
pub(super) struct Narrow {
    /// Every heap, and the number of heaps, at most this: no value
    /// passes 62 bits.
    bound: u64,
    slots: usize,
    body: Run,
}

impl Narrow {
    /// `block`'s narrow form, where it has one: its statements are all of
    /// the kinds covered and some bound proves its values small.
    pub(super) fn new(block: &Block) -> Option<Narrow> {
        let body = sequence(&block.body)?;
        let bound = (1..=62)
            .rev()
            .map(|e| 1u64 << e)
            .find(|&bound| Ranges::proven(block, bound))?;
        Some(Narrow {
            bound,
            slots: block.slots,
            body,
        })
    }

    /// The largest heap (and number of heaps) the narrow form runs from.
    pub(super) fn bound(&self) -> u64 {
        self.bound
    }

    /// Whether it runs from `heaps`: they and their number are within the
    /// bound.
    #[inline]
    pub(super) fn fits(&self, heaps: &[u64]) -> bool {
        heaps.len() as u64 <= self.bound && heaps.iter().all(|&h| h <= self.bound)
    }

    /// Calls `emit` with where each move leads from `heaps` (which
    /// `fits`); `emit` returns `false` to stop. Returns the steps
    /// taken, or `None` where the run stopped (`emit`'s `false`, or
    /// something only the checked code answers).
    pub(super) fn moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64]) -> bool,
    ) -> Option<u64> {
        debug_assert!(self.fits(heaps));
        Regs::with(self.slots, heaps, |regs| {
            let ran = (self.body)(regs, &mut |regs: &mut Regs| {
                if emit(&regs.heaps) {
                    Ok(())
                } else {
                    Err(Escape)
                }
            });
            ran.ok().map(|()| regs.steps)
        })
    }
}

/// The narrow run's state: the position as the block changes it, the
/// variables, the steps taken.
struct Regs {
    heaps: Vec<u64>,
    vars: Vec<i64>,
    steps: u64,
}

thread_local! {
    /// The state of the last run that ended on this thread, its buffers
    /// kept for the next.
    static SPARE: Cell<Option<Box<Regs>>> = const { Cell::new(None) };
}

impl Regs {
    fn with<R>(slots: usize, heaps: &[u64], f: impl FnOnce(&mut Regs) -> R) -> R {
        let mut regs = SPARE.take().unwrap_or_else(|| {
            Box::new(Regs {
                heaps: Vec::new(),
                vars: Vec::new(),
                steps: 0,
            })
        });
        regs.heaps.clear();
        regs.heaps.extend_from_slice(heaps);
        regs.vars.clear();
        regs.vars.resize(slots, 0);
        regs.steps = 0;
        let result = f(&mut regs);
        SPARE.set(Some(regs));
        result
    }

    /// One more step; past the most a block may take, the checked code
    /// answers (with its error).
    #[inline(always)]
    fn step(&mut self) -> Flow {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(Escape);
        }
        Ok(())
    }

    fn steps_more(&mut self, n: u64) -> Flow {
        self.steps = self.steps.saturating_add(n);
        if self.steps > MAX_STEPS {
            return Err(Escape);
        }
        Ok(())
    }

    /// Heap `place` (from 0): proven at most 2^62 where it is read.
    #[inline(always)]
    fn heap(&self, place: usize) -> Option<i64> {
        self.heaps.get(place).map(|&h| h as i64)
    }

    #[inline(always)]
    fn var(&self, slot: usize) -> Option<i64> {
        self.vars.get(slot).copied()
    }
}

/// A leaf of an expression, read without a call.
#[derive(Clone, Copy)]
enum Leaf {
    Const(i64),
    Var(usize),
    /// A heap at a fixed place (from 0): a named part.
    Heap(usize),
    /// A variable plus a number.
    VarAdd(usize, i64),
}

impl Leaf {
    fn of(e: &Expr) -> Option<Leaf> {
        let number = |n: i128| i64::try_from(n).ok();
        Some(match e {
            Expr::Const(n) => Leaf::Const(number(*n)?),
            Expr::Var(slot) => Leaf::Var(*slot),
            Expr::HeapAt(index) => match **index {
                Expr::Const(i) => Leaf::Heap(place(i, usize::MAX)?),
                _ => return None,
            },
            Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
                (Expr::Var(slot), Expr::Const(n)) => Leaf::VarAdd(*slot, number(*n)?),
                _ => return None,
            },
            Expr::Binary(BinOp::Sub, a, b) => match (&**a, &**b) {
                (Expr::Var(slot), Expr::Const(n)) => Leaf::VarAdd(*slot, number(n.checked_neg()?)?),
                _ => return None,
            },
            _ => return None,
        })
    }

    #[inline(always)]
    fn read(self, s: &Regs) -> Option<i64> {
        match self {
            Leaf::Const(n) => Some(n),
            Leaf::Var(slot) => s.var(slot),
            Leaf::Heap(place) => s.heap(place),
            // Proven within 62 bits: no check.
            Leaf::VarAdd(slot, n) => Some(s.var(slot)?.wrapping_add(n)),
        }
    }
}

/// An operand: a leaf, a cell at leaves, `+`, `-` or `*` of two leaves,
/// or an expression's closure.
enum Operand {
    Leaf(Leaf),
    Cell(Leaf, Leaf),
    Pair(BinOp, Leaf, Leaf),
    Code(Int),
}

impl Operand {
    fn of(e: &Expr) -> Option<Operand> {
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
    fn get(&self, s: &Regs) -> Option<i64> {
        match self {
            Operand::Leaf(leaf) => leaf.read(s),
            Operand::Cell(r, c) => Some(cell(&s.heaps, r.read(s)?, c.read(s)?)),
            Operand::Pair(op, a, b) => Some(plus_minus_times(*op, a.read(s)?, b.read(s)?)),
            Operand::Code(f) => f(s),
        }
    }
}

/// The heap an assignment changes: at a fixed place (a named part), or
/// at an index read as the block runs.
enum Place {
    Fixed(usize),
    At(Operand),
}

impl Place {
    fn of(index: &Expr) -> Option<Place> {
        Some(match index {
            Expr::Const(i) => Place::Fixed(place(*i, usize::MAX)?),
            _ => Place::At(Operand::of(index)?),
        })
    }

    /// Its place in the heaps (from 0), where there is one.
    #[inline(always)]
    fn get(&self, s: &Regs) -> Option<usize> {
        match self {
            Place::Fixed(i) => (*i < s.heaps.len()).then_some(*i),
            Place::At(index) => place(index.get(s)?.into(), s.heaps.len()),
        }
    }
}

/// `x + y`, `x - y` or `x * y`: proven within 62 bits, so one instruction.
#[inline(always)]
fn plus_minus_times(op: BinOp, x: i64, y: i64) -> i64 {
    match op {
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        _ => x.wrapping_mul(y),
    }
}

/// Cell (r, c): its character, `'#'` off the board.
#[inline(always)]
fn cell(heaps: &[u64], r: i64, c: i64) -> i64 {
    cell_place(heaps, r.into(), c.into()).map_or(OFF_BOARD as i64, |i| heaps[i] as i64)
}

/// A number-valued expression's closure, where it is of the kinds covered.
fn int(e: &Expr) -> Option<Int> {
    if let Some(leaf) = Leaf::of(e) {
        return Some(Box::new(move |s| leaf.read(s)));
    }
    Some(match e {
        Expr::Len => Box::new(|s| Some(s.heaps.len() as i64)),
        Expr::HeapAt(index) => {
            let index = Operand::of(index)?;
            Box::new(move |s| s.heap(place(index.get(s)?.into(), s.heaps.len())?))
        }
        Expr::Item(list, index) => {
            let (list, index) = (list.clone(), Operand::of(index)?);
            // Every item is proven within 62 bits.
            Box::new(move |s| Some(List::item(&list, index.get(s)?.into()).ok()? as i64))
        }
        Expr::Cell(r, c) => {
            let (r, c) = (Operand::of(r)?, Operand::of(c)?);
            Box::new(move |s| Some(cell(&s.heaps, r.get(s)?, c.get(s)?)))
        }
        Expr::CellPlace(r, c) => {
            let (r, c) = (Operand::of(r)?, Operand::of(c)?);
            Box::new(move |s| {
                let i = cell_place(&s.heaps, r.get(s)?.into(), c.get(s)?.into())?;
                Some(i as i64 + 1)
            })
        }
        Expr::Neg(a) => {
            let a = Operand::of(a)?;
            Box::new(move |s| Some(a.get(s)?.wrapping_neg()))
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let (op, a, b) = (*op, Operand::of(a)?, Operand::of(b)?);
            Box::new(move |s| Some(plus_minus_times(op, a.get(s)?, b.get(s)?)))
        }
        Expr::Binary(op @ (BinOp::Div | BinOp::Rem), a, b) => {
            let (op, a, b) = (*op, Operand::of(a)?, Operand::of(b)?);
            // By 0: the checked code's error.
            Box::new(move |s| divided(op, &a.get(s)?, &b.get(s)?).ok())
        }
        Expr::Call(func, args) => {
            let args: Vec<Operand> = args.iter().map(Operand::of).collect::<Option<_>>()?;
            let func = *func;
            Box::new(move |s| {
                let mut best: Option<i64> = None;
                for arg in &args {
                    let v = arg.get(s)?;
                    best = Some(match (best, func) {
                        (None, _) => v,
                        (Some(b), Func::Min) => b.min(v),
                        (Some(b), Func::Max) => b.max(v),
                    });
                }
                Some(best.unwrap_or(0))
            })
        }
        _ => return None,
    })
}

/// A condition, compiled as the checked code's `Cond`.
enum Cond {
    Order(BinOp, Operand, Operand),
    All(Vec<Cond>),
    Any(Vec<Cond>),
    Not(Box<Cond>),
    Code(Truth),
}

impl Cond {
    fn of(e: &Expr) -> Option<Cond> {
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
            Expr::Binary(BinOp::Divides, a, b) => {
                let (a, b) = (Operand::of(a)?, Operand::of(b)?);
                Cond::Code(Box::new(move |s| {
                    let (a, b) = (a.get(s)?, b.get(s)?);
                    Some(a != 0 && b.wrapping_rem(a) == 0)
                }))
            }
            Expr::Binary(BinOp::PowerOf, a, b) => {
                let (a, b) = (Operand::of(a)?, Operand::of(b)?);
                Cond::Code(Box::new(move |s| Some(is_power_of(&a.get(s)?, &b.get(s)?))))
            }
            Expr::Is(a, property) => {
                let (a, property) = (Operand::of(a)?, *property);
                Cond::Code(Box::new(move |s| {
                    has_property(a.get(s)?.into(), property).ok()
                }))
            }
            Expr::Each(..) | Expr::Monotone(_) | Expr::Count(..) => return None,
            _ => {
                let value = Operand::of(e)?;
                Cond::Code(Box::new(move |s| Some(value.get(s)? != 0)))
            }
        })
    }

    /// Whether it holds; `None` where only the checked code can tell.
    /// A comparison, the most common condition, is evaluated in place.
    #[inline(always)]
    fn holds(&self, s: &Regs) -> Option<bool> {
        match self {
            Cond::Order(op, a, b) => {
                let (a, b) = (a.get(s)?, b.get(s)?);
                Some(match op {
                    BinOp::Eq => a == b,
                    BinOp::Ne => a != b,
                    BinOp::Lt => a < b,
                    BinOp::Le => a <= b,
                    BinOp::Gt => a > b,
                    _ => a >= b,
                })
            }
            _ => self.holds_joined(s),
        }
    }

    /// `holds`, for the conditions other than a comparison.
    fn holds_joined(&self, s: &Regs) -> Option<bool> {
        match self {
            Cond::Order(..) => self.holds(s),
            Cond::All(parts) => {
                for part in parts {
                    if !part.holds(s)? {
                        return Some(false);
                    }
                }
                Some(true)
            }
            Cond::Any(parts) => {
                for part in parts {
                    if part.holds(s)? {
                        return Some(true);
                    }
                }
                Some(false)
            }
            Cond::Not(a) => Some(!a.holds(s)?),
            Cond::Code(f) => f(s),
        }
    }
}

/// The conditions `op` joins in `e`, left to right.
fn chain(e: &Expr, op: BinOp, parts: &mut Vec<Cond>) -> Option<()> {
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

/// `statements` in continuation style, as the checked code's `sequence`.
fn sequence(statements: &[Stmt]) -> Option<Run> {
    let mut rest: Run = Box::new(|s, then| then(s));
    let mut i = statements.len();
    while i > 0 {
        i -= 1;
        if let (Some(Stmt::Choose { slot, lo, hi }), Stmt::Require(condition)) =
            (i.checked_sub(1).map(|j| &statements[j]), &statements[i])
        {
            rest = choose_where(*slot, lo, hi, Some(condition), rest)?;
            i -= 1;
            continue;
        }
        rest = step(&statements[i], rest)?;
    }
    Some(rest)
}

/// `choose slot in lo..hi`, then `require condition` where there is one,
/// then `rest`: the checked code's `choose_where`, its bound and its
/// conditions out of the loop alike.
fn choose_where(
    slot: usize,
    lo: &Expr,
    hi: &Expr,
    condition: Option<&Expr>,
    rest: Run,
) -> Option<Run> {
    if let Some((outside, inside)) = condition.and_then(|c| hoisted(c, slot)) {
        return choose_hoisted(slot, (lo, hi), &outside, inside.as_ref(), rest);
    }
    let (lo, hi) = (Operand::of(lo)?, Operand::of(hi)?);
    Some(match condition {
        None => Box::new(move |s, then| {
            let (lo, hi) = (lo.get(s).ok_or(Escape)?, hi.get(s).ok_or(Escape)?);
            each_value(slot, (lo, hi), s, |s| {
                rest(s, then)?;
                Ok(Go::On)
            })
        }),
        Some(c) if !is_bound(first_of_all(c), slot) => {
            let condition = Cond::of(c)?;
            Box::new(move |s, then| {
                let (lo, hi) = (lo.get(s).ok_or(Escape)?, hi.get(s).ok_or(Escape)?);
                each_value(slot, (lo, hi), s, |s| {
                    if condition.holds(s).ok_or(Escape)? {
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
                let (lo, hi) = (lo.get(s).ok_or(Escape)?, hi.get(s).ok_or(Escape)?);
                let old = std::mem::replace(&mut s.vars[slot], hi);
                let stops = 0 <= lo && lo <= hi && bound.holds(s).is_some();
                s.vars[slot] = old;
                each_value(slot, (lo, hi), s, |s| {
                    if !bound.holds(s).ok_or(Escape)? {
                        return Ok(if stops { Go::Stop } else { Go::On });
                    }
                    let holds = match &others {
                        Some(others) => others.holds(s).ok_or(Escape)?,
                        None => true,
                    };
                    if holds {
                        rest(s, then)?;
                    }
                    Ok(Go::On)
                })
            })
        }
    })
}

/// `choose slot in lo..hi; require outside and inside`, `outside` not
/// reading the value chosen: the checked code's `choose_hoisted`.
fn choose_hoisted(
    slot: usize,
    (lo, hi): (&Expr, &Expr),
    outside: &Expr,
    inside: Option<&Expr>,
    rest: Run,
) -> Option<Run> {
    let (first, last) = (Operand::of(lo)?, Operand::of(hi)?);
    let outside = Cond::of(outside)?;
    let inner = choose_where(slot, lo, hi, inside, rest)?;
    Some(Box::new(move |s, then| {
        let (lo, hi) = (first.get(s).ok_or(Escape)?, last.get(s).ok_or(Escape)?);
        if lo > hi {
            return Ok(());
        }
        s.step()?;
        let old = std::mem::replace(&mut s.vars[slot], lo);
        let holds = outside.holds(s);
        s.vars[slot] = old;
        if !holds.ok_or(Escape)? {
            return s.steps_more(hi.abs_diff(lo));
        }
        // The loop takes the first value's step again.
        s.steps -= 1;
        inner(s, then)
    }))
}

/// Whether a `choose` goes on to its next value.
enum Go {
    On,
    Stop,
}

/// `at` with variable `slot` at each value from `lo` to `hi`, a step each.
#[inline(always)]
fn each_value(
    slot: usize,
    (lo, hi): (i64, i64),
    s: &mut Regs,
    mut at: impl FnMut(&mut Regs) -> Result<Go, Escape>,
) -> Flow {
    let old = s.vars[slot];
    let mut value = lo;
    // `hi` is proven at most 2^62: `value + 1` fits.
    while value <= hi {
        s.step()?;
        s.vars[slot] = value;
        if let Go::Stop = at(s)? {
            s.steps_more(hi.abs_diff(value))?;
            break;
        }
        value += 1;
    }
    s.vars[slot] = old;
    Ok(())
}

/// `statement`, then `rest`; `None` for a statement not covered.
fn step(statement: &Stmt, rest: Run) -> Option<Run> {
    Some(match statement {
        Stmt::Choose { slot, lo, hi } => return choose_where(*slot, lo, hi, None, rest),
        Stmt::Require(condition) => {
            let condition = Cond::of(condition)?;
            Box::new(move |s, then| {
                if condition.holds(s).ok_or(Escape)? {
                    rest(s, then)
                } else {
                    Ok(())
                }
            })
        }
        Stmt::Let { slot, value } => {
            let (slot, value) = (*slot, Operand::of(value)?);
            Box::new(move |s, then| {
                let value = value.get(s).ok_or(Escape)?;
                let old = std::mem::replace(&mut s.vars[slot], value);
                let result = rest(s, then);
                s.vars[slot] = old;
                result
            })
        }
        Stmt::Assign { index, op, value } => {
            let (index, op, value) = (Place::of(index)?, *op, Operand::of(value)?);
            Box::new(move |s, then| {
                let i = index.get(s).ok_or(Escape)?;
                let old = s.heaps[i];
                let value = value.get(s).ok_or(Escape)?;
                // Proven within 62 bits; below 0 is the checked code's error.
                let new = match op {
                    AssignOp::Set => value,
                    AssignOp::Add => (old as i64).wrapping_add(value),
                    AssignOp::Sub => (old as i64).wrapping_sub(value),
                };
                s.heaps[i] = u64::try_from(new).map_err(|_| Escape)?;
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
            let condition = Cond::of(condition)?;
            let (yes, otherwise) = (sequence(yes)?, sequence(otherwise)?);
            Box::new(move |s, then| {
                let branch = if condition.holds(s).ok_or(Escape)? {
                    &yes
                } else {
                    &otherwise
                };
                branch(s, &mut |s: &mut Regs| rest(s, then))
            })
        }
        Stmt::For { .. }
        | Stmt::Append(_)
        | Stmt::Remove(_)
        | Stmt::Score(_)
        | Stmt::Again
        | Stmt::Becomes(_) => return None,
    })
}

/// A range of values, both ends included, within ±2^62.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    lo: i128,
    hi: i128,
}

impl Span {
    /// `lo..=hi`, where it is within ±2^62.
    fn of(lo: i128, hi: i128) -> Option<Span> {
        (-LIMIT <= lo && hi <= LIMIT).then_some(Span { lo, hi })
    }

    fn join(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// The largest magnitude in it.
    fn magnitude(self) -> i128 {
        self.lo.abs().max(self.hi.abs())
    }
}

/// The ranges of a block's heaps and variables, read through its
/// statements in order: the proof that its values stay within ±2^62.
/// Every range only grows, and a block runs its statements in order (a
/// `choose`'s later values run the rest again, but each undoes its
/// changes first): so each read is within the range found where it is
/// written.
struct Ranges {
    /// Every heap's, as one range.
    heaps: Span,
    /// The most heaps (`len`).
    len: i128,
    /// Each variable's: 0 before it is bound.
    vars: Vec<Span>,
}

impl Ranges {
    /// Whether every value of `block` stays within ±2^62 while every heap
    /// starts at most `bound`.
    fn proven(block: &Block, bound: u64) -> bool {
        let mut ranges = Ranges {
            heaps: Span {
                lo: 0,
                hi: i128::from(bound),
            },
            len: i128::from(bound),
            vars: vec![Span { lo: 0, hi: 0 }; block.slots],
        };
        ranges.statements(&block.body).is_some()
    }

    fn statements(&mut self, statements: &[Stmt]) -> Option<()> {
        for statement in statements {
            self.statement(statement)?;
        }
        Some(())
    }

    fn bind(&mut self, slot: usize, span: Span) -> Option<()> {
        let var = self.vars.get_mut(slot)?;
        *var = var.join(span);
        Some(())
    }

    fn statement(&mut self, statement: &Stmt) -> Option<()> {
        match statement {
            Stmt::Choose { slot, lo, hi } => {
                let (lo, hi) = (self.int(lo)?, self.int(hi)?);
                self.bind(*slot, Span::of(lo.lo, hi.hi.max(lo.lo))?)
            }
            Stmt::Require(condition) => self.truth(condition),
            Stmt::Let { slot, value } => {
                let value = self.int(value)?;
                self.bind(*slot, value)
            }
            Stmt::Assign { index, op, value } => {
                self.int(index)?;
                let value = self.int(value)?;
                let heaps = self.heaps;
                let new = match op {
                    AssignOp::Set => value,
                    AssignOp::Add => Span::of(heaps.lo + value.lo, heaps.hi + value.hi)?,
                    AssignOp::Sub => Span::of(heaps.lo - value.hi, heaps.hi - value.lo)?,
                };
                // A heap set below 0 stops the narrow run.
                self.heaps.hi = self.heaps.hi.max(new.hi);
                Some(())
            }
            Stmt::If {
                condition,
                then,
                otherwise,
            } => {
                self.truth(condition)?;
                self.statements(then)?;
                self.statements(otherwise)
            }
            Stmt::For { .. }
            | Stmt::Append(_)
            | Stmt::Remove(_)
            | Stmt::Score(_)
            | Stmt::Again
            | Stmt::Becomes(_) => None,
        }
    }

    /// Whether a condition's numbers stay within ±2^62.
    fn truth(&self, e: &Expr) -> Option<()> {
        match e {
            Expr::Not(a) => self.truth(a),
            Expr::Binary(BinOp::And | BinOp::Or, a, b) => {
                self.truth(a)?;
                self.truth(b)
            }
            Expr::Binary(
                BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Divides
                | BinOp::PowerOf,
                a,
                b,
            ) => {
                self.int(a)?;
                self.int(b)?;
                Some(())
            }
            Expr::Is(a, _) => self.int(a).map(|_| ()),
            _ => self.int(e).map(|_| ()),
        }
    }

    /// The range of a number-valued expression, where it is within ±2^62.
    fn int(&self, e: &Expr) -> Option<Span> {
        let ends = |a: Span, b: Span, f: fn(i128, i128) -> i128| {
            let all = [f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)];
            let (lo, hi) = (all.iter().min()?, all.iter().max()?);
            Span::of(*lo, *hi)
        };
        match e {
            Expr::Const(n) => Span::of(*n, *n),
            Expr::Var(slot) => self.vars.get(*slot).copied(),
            Expr::HeapAt(index) => {
                self.int(index)?;
                Some(self.heaps)
            }
            Expr::Len => Span::of(0, self.len),
            Expr::Cell(r, c) => {
                self.int(r)?;
                self.int(c)?;
                Span::of(0, self.heaps.hi.max(OFF_BOARD))
            }
            Expr::CellPlace(r, c) => {
                self.int(r)?;
                self.int(c)?;
                Span::of(1, self.len)
            }
            Expr::Item(list, index) => {
                self.int(index)?;
                let (lo, hi) = (list.items.iter().min(), list.items.iter().max());
                Span::of(lo.copied().unwrap_or(0), hi.copied().unwrap_or(0))
            }
            Expr::Neg(a) => {
                let a = self.int(a)?;
                Span::of(-a.hi, -a.lo)
            }
            Expr::Binary(op, a, b) => {
                let (x, y) = (self.int(a)?, self.int(b)?);
                match op {
                    BinOp::Add => Span::of(x.lo + y.lo, x.hi + y.hi),
                    BinOp::Sub => Span::of(x.lo - y.hi, x.hi - y.lo),
                    BinOp::Mul => ends(x, y, |a, b| a * b),
                    // Rounding down: never more than the dividend's size.
                    BinOp::Div => Span::of(-x.magnitude(), x.magnitude()),
                    // With the divisor's sign, below its size.
                    BinOp::Rem => Span::of(-y.magnitude(), y.magnitude()),
                    // Conditions as numbers: 0 or 1.
                    _ => Span::of(0, 1),
                }
            }
            Expr::Call(_, args) => {
                let spans: Vec<Span> = args.iter().map(|a| self.int(a)).collect::<Option<_>>()?;
                // `min` and `max` lie within their arguments' ranges.
                Some(
                    spans
                        .into_iter()
                        .reduce(Span::join)
                        .unwrap_or(Span { lo: 0, hi: 0 }),
                )
            }
            Expr::Not(_) | Expr::Is(..) => {
                self.truth(e)?;
                Span::of(0, 1)
            }
            Expr::Amount | Expr::Heap | Expr::Each(..) | Expr::Monotone(_) | Expr::Count(..) => {
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(lo: i128, hi: i128) -> Span {
        Span { lo, hi }
    }

    fn ranges(heaps: i128) -> Ranges {
        Ranges {
            heaps: span(0, heaps),
            len: heaps,
            vars: vec![span(-3, 5)],
        }
    }

    fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    /// Every value of each operation on every pair of small operands lies
    /// within the range the proof gives it.
    #[test]
    fn ranges_hold_every_value_of_their_operations() {
        let r = ranges(4);
        let var = Expr::Var(0);
        let heap = Expr::HeapAt(Box::new(Expr::Const(1)));
        for op in [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem] {
            let e = binary(op, var.clone(), heap.clone());
            let got = r.int(&e).expect("small");
            for a in -3..=5i128 {
                for b in 0..=4i128 {
                    if let Ok(v) = crate::rules::expr::arithmetic(op, a, b) {
                        assert!(
                            got.lo <= v && v <= got.hi,
                            "{op:?} {a} {b} = {v} not in {got:?}"
                        );
                    }
                    let e = binary(op, heap.clone(), var.clone());
                    let got = r.int(&e).expect("small");
                    if let Ok(v) = crate::rules::expr::arithmetic(op, b, a) {
                        assert!(
                            got.lo <= v && v <= got.hi,
                            "{op:?} {b} {a} = {v} not in {got:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_range_past_62_bits_is_no_proof() {
        let r = ranges(1 << 31);
        let heap = Expr::HeapAt(Box::new(Expr::Const(1)));
        let square = binary(BinOp::Mul, heap.clone(), heap.clone());
        assert_eq!(r.int(&square), Some(span(0, 1 << 62)));
        let r = ranges((1 << 31) + 1);
        assert_eq!(r.int(&square), None);
    }
}
