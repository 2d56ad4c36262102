//! A move block compiled into a sweep: requires and lets, then one
//! `choose v in lo..hi`, then `becomes` a sum of this game's positions
//! whose every heap is affine in `v` (base + slope × v, the slope a number).
//! The cutting game's cuts are so: `choose a in 1..w - 1; becomes (a, h) +
//! (w - a, h)`. From a position the block's whole range of moves is then
//! a few numbers — each part's heaps at v = 0 and their slopes — worked out
//! once, with the interpreter's own evaluation; a search that holds its
//! positions in an array steps through the moves by adding (strength
//! reduction of the induction variable), where the interpreter runs the
//! block once a move. The moves are the interpreter's: the same range,
//! the same heaps at each v (each affine form is the expression's own
//! value, exactly), in the same order; what the interpreter would refuse
//! (a heap below 0, too many steps) the caller leaves to it.

use super::super::block::MAX_STEPS;
use crate::rules::expr::{BinOp, Env, EvalError, Expr};
use crate::rules::{Block, Stmt, TermGame};

/// A block's moves as a sweep.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// Requires and lets, run once from the position.
    before: Vec<Stmt>,
    /// The chosen variable's range (its slot is read by no base).
    lo: Expr,
    hi: Expr,
    /// Each part of the sum, each heap as an affine form in the variable.
    parts: Vec<Vec<Sloped>>,
    /// The block's variable slots.
    slots: usize,
}

/// `base + slope × v`: `base` does not read v.
#[derive(Clone, Debug)]
struct Sloped {
    base: Expr,
    slope: i128,
}

/// A sweep from one position: v from `lo` to `hi`, and each part's heaps
/// at v = 0 and their slopes, one after another (part i's are
/// `bases[ends[i - 1]..ends[i]]`); kept from position to position, its
/// buffers reused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub lo: i128,
    pub hi: i128,
    pub bases: Vec<i128>,
    pub slopes: Vec<i128>,
    pub ends: Vec<usize>,
    vars: Vec<i128>,
}

impl Sweep {
    /// The block as a sweep, where it is one.
    pub fn of(block: &Block) -> Option<Sweep> {
        let (last, rest) = block.body.split_last()?;
        let (choose, before) = rest.split_last()?;
        let (Stmt::Choose { slot, lo, hi }, Stmt::Becomes(terms)) = (choose, last) else {
            return None;
        };
        let straight = |s: &Stmt| matches!(s, Stmt::Require(_) | Stmt::Let { .. });
        if !before.iter().all(straight) || block.says.is_some() {
            return None;
        }
        let parts = (terms.iter())
            .map(|term| match term.game {
                TermGame::This => term.parts.iter().map(|e| sloped(e, *slot)).collect(),
                _ => None,
            })
            .collect::<Option<Vec<Vec<Sloped>>>>()?;
        Some(Sweep {
            before: before.to_vec(),
            lo: lo.clone(),
            hi: hi.clone(),
            parts,
            slots: block.slots,
        })
    }

    /// The sweep from `heaps`, written into `out`: false where a require
    /// fails (no move).
    pub fn at(&self, heaps: &[u64], out: &mut Swept) -> Result<bool, EvalError> {
        out.vars.clear();
        out.vars.resize(self.slots, 0);
        for statement in &self.before {
            let env = Env {
                amount: 0,
                heap: 0,
                heaps,
                vars: &out.vars,
            };
            match statement {
                Stmt::Require(condition) if !condition.truth(&env)? => return Ok(false),
                Stmt::Let { slot, value } => out.vars[*slot] = value.int(&env)?,
                _ => {}
            }
        }
        let env = Env {
            amount: 0,
            heap: 0,
            heaps,
            vars: &out.vars,
        };
        let (lo, hi) = (self.lo.int(&env)?, self.hi.int(&env)?);
        // The interpreter's limit on the values one position chooses.
        let count = hi.saturating_sub(lo).saturating_add(1);
        if count > i128::from(MAX_STEPS) {
            return Err(EvalError::TooManySteps { limit: MAX_STEPS });
        }
        let (mut bases, mut slopes, mut ends) = (
            std::mem::take(&mut out.bases),
            std::mem::take(&mut out.slopes),
            std::mem::take(&mut out.ends),
        );
        bases.clear();
        slopes.clear();
        ends.clear();
        for part in &self.parts {
            for a in part {
                bases.push(a.base.int(&env)?);
                slopes.push(a.slope);
            }
            ends.push(bases.len());
        }
        (out.lo, out.hi, out.bases, out.slopes, out.ends) = (lo, hi, bases, slopes, ends);
        Ok(true)
    }
}

/// `e` as `base + slope × v`, v the variable in `slot`, where it is one
/// with a number for its slope.
fn sloped(e: &Expr, slot: usize) -> Option<Sloped> {
    if !e.reads(slot) {
        return Some(Sloped {
            base: e.clone(),
            slope: 0,
        });
    }
    // `x + 0` and `x - 0` are `x`, `0 + x` is `x`: a base evaluated once a
    // position, kept short.
    let combine = |op: BinOp, a: Sloped, b: Sloped, slope: i128| {
        let base = match (op, a.base, b.base) {
            (BinOp::Add | BinOp::Sub, a, Expr::Const(0)) => a,
            (BinOp::Add, Expr::Const(0), b) => b,
            (op, a, b) => Expr::Binary(op, Box::new(a), Box::new(b)),
        };
        Sloped { base, slope }
    };
    match e {
        Expr::Var(s) if *s == slot => Some(Sloped {
            base: Expr::Const(0),
            slope: 1,
        }),
        Expr::Neg(a) => {
            let a = sloped(a, slot)?;
            Some(Sloped {
                base: Expr::Neg(Box::new(a.base)),
                slope: a.slope.checked_neg()?,
            })
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (a, b) = (sloped(a, slot)?, sloped(b, slot)?);
            let slope = match op {
                BinOp::Add => a.slope.checked_add(b.slope)?,
                _ => a.slope.checked_sub(b.slope)?,
            };
            Some(combine(*op, a, b, slope))
        }
        // A number times the variable's form.
        Expr::Binary(BinOp::Mul, a, b) => match (a.as_ref(), b.as_ref()) {
            (Expr::Const(n), other) | (other, Expr::Const(n)) => {
                let other = sloped(other, slot)?;
                let slope = other.slope.checked_mul(*n)?;
                let n = sloped(&Expr::Const(*n), slot)?;
                Some(combine(BinOp::Mul, other, n, slope))
            }
            _ => None,
        },
        _ => None,
    }
}
