//! A move block over 64-bit machine integers: the compiled code
//! (`super::code`, one compiler for both) run on `i64` where the checked
//! code runs on `i128`, for the blocks whose every value is proven, before
//! any position is asked, to stay within 62 bits while every heap is at
//! most a bound.
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
//! checked code takes out of its loop), `require`, `let`, assignments,
//! `if`, points (`score +=`, summed in 128 bits as ever) and `again`, over
//! numbers, variables, heaps, cells, list items, `len`, the four
//! operations and `%`, `min` and `max`, comparisons, `and`, `or`, `not`,
//! `divides`, `is power of` and `is ...`. A block with anything else (a
//! loop, `becomes`, `append`, `remove`, `each`, `count`) has no narrow
//! form and runs in the checked code alone.

use std::cell::Cell;
use std::thread::LocalKey;

use super::compile::sequence;
use super::state::{Int, Num, Run, State, Truth};
use crate::rules::expr::{BinOp, EvalError, Expr, OFF_BOARD, divided};
use crate::rules::{AssignOp, Block, Stmt};

/// The most any value may be, either way, where the narrow form runs:
/// twice it, and it plus one, still fit 64 bits.
const LIMIT: i128 = 1 << 62;

/// The narrow run stopped short; the checked code answers from this
/// position.
pub(super) struct Escape;

thread_local! {
    /// The state of the last narrow run that ended on this thread, its
    /// buffers kept for the next.
    static SPARE: Cell<Option<Box<State<i64>>>> = const { Cell::new(None) };
}

/// Within the proof's bound: `+`, `-` and `*` are one instruction each,
/// unchecked (none passes 64 bits); what the position decides stops the
/// run (`Escape`).
impl Num for i64 {
    type Fail = Escape;

    fn of(n: i128) -> Option<i64> {
        i64::try_from(n).ok()
    }

    /// A count within the bound (`len`, a cell's place) or 0 or 1.
    fn count(n: usize) -> i64 {
        n as i64
    }

    /// A heap within the proof's range: at most 2^62.
    fn heap(h: u64) -> i64 {
        h as i64
    }

    fn fail(_: EvalError) -> Escape {
        Escape
    }

    #[inline(always)]
    fn plus_minus_times(op: BinOp, x: i64, y: i64) -> Result<i64, Escape> {
        Ok(match op {
            BinOp::Add => x.wrapping_add(y),
            BinOp::Sub => x.wrapping_sub(y),
            _ => x.wrapping_mul(y),
        })
    }

    fn neg(x: i64) -> Result<i64, Escape> {
        Ok(x.wrapping_neg())
    }

    /// By 0: the checked code's error.
    fn divided(op: BinOp, x: i64, y: i64) -> Result<i64, Escape> {
        divided(op, &x, &y).map_err(|_| Escape)
    }

    /// A loop's top is at most 2^62: its next value fits.
    #[inline(always)]
    fn next(x: i64) -> Option<i64> {
        Some(x + 1)
    }

    fn other_int(_: &Expr) -> Option<Int<i64>> {
        None
    }

    fn other_truth(_: &Expr) -> Option<Truth<i64>> {
        None
    }

    fn other_statement(_: &Stmt, _: Run<i64>, _: bool) -> Option<Run<i64>> {
        None
    }

    fn spare() -> &'static LocalKey<Cell<Option<Box<State<i64>>>>> {
        &SPARE
    }
}

/// A block's narrow form.
pub(super) struct Narrow {
    /// Every heap, and the number of heaps, at most this: no value
    /// passes 62 bits.
    bound: u64,
    slots: usize,
    body: Run<i64>,
}

impl Narrow {
    /// `block`'s narrow form, where it has one: its statements are all of
    /// the kinds covered and some bound proves its values small.
    pub(super) fn new(block: &Block) -> Option<Narrow> {
        // A block with a `becomes` has none: no end to skip to.
        let body = sequence(&block.body, false)?;
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

    /// Calls `emit` with each move from `heaps` (which `fits`): where it
    /// leads, its points and whether its player moves again; `emit`
    /// returns `false` to stop. Returns the steps taken, or `None` where
    /// the run stopped (`emit`'s `false`, or something only the checked
    /// code answers).
    pub(super) fn moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64], i128, bool) -> bool,
    ) -> Option<u64> {
        debug_assert!(self.fits(heaps));
        State::with(self.slots, heaps, |state: &mut State<i64>| {
            let ran = (self.body)(state, &mut |state: &mut State<i64>| {
                if emit(&state.heaps, state.score, state.again) {
                    Ok(())
                } else {
                    Err(Escape)
                }
            });
            ran.ok().map(|()| state.steps)
        })
    }
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
            Stmt::Score(points) => self.int(points).map(|_| ()),
            Stmt::Again => Some(()),
            Stmt::For { .. } | Stmt::Append(_) | Stmt::Remove(_) | Stmt::Becomes(_) => None,
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
            Expr::Binary(op, a, b) if op.is_comparison() => {
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
