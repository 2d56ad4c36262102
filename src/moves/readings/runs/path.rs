//! The ways through a block as paths of inequalities between affine
//! forms (`super::super::affine`), and the reader's operations on them.

pub(super) use super::super::affine::{Affine, MAX_COEFFICIENT, MAX_CONSTANT, Read, Unread};
use crate::rules::expr::{BinOp, Env, Expr, Func};

/// The most pieces a block may split into.
pub(super) const MAX_PIECES: usize = 256;

/// The most heaps a position read as runs may have: a form holds a
/// coefficient for every heap, and a block's paths hold forms for every
/// heap and variable, so the reading grows with the square of the heaps.
/// Past this the search runs the block move by move (a box of so many heaps
/// could not be filled anyway).
pub(super) const MAX_HEAPS: usize = 64;

/// One way through the block so far: the heaps and variables as forms, and
/// the inequalities (each form ≥ 0) that choose this way.
#[derive(Clone, Debug)]
pub(super) struct Path {
    pub(super) heaps: Vec<Affine>,
    pub(super) vars: Vec<Affine>,
    pub(super) at_least_zero: Vec<Affine>,
    /// Whether c has been chosen.
    pub(super) chosen: bool,
    /// Whether the block fails here (a heap set below 0): the move by
    /// move search reports the error.
    pub(super) fails: bool,
}

impl Path {
    /// This path with `form ≥ 0` too; `None` where no position and c can
    /// meet it beside the inequalities already there.
    pub(super) fn with(mut self, form: Affine) -> Option<Path> {
        if let Some(k) = form.as_constant() {
            return (k >= 0).then_some(self);
        }
        // Heaps are never negative: a negative constant plus heaps taken
        // with signs ≤ 0 never reaches 0.
        if form.c == 0 && form.k < 0 && form.h.iter().all(|&x| x <= 0) {
            return None;
        }
        for other in &mut self.at_least_zero {
            // Two inequalities whose sum is a negative constant: none meet both.
            if let Ok(sum) = other.plus(&form)
                && sum.as_constant().is_some_and(|k| k < 0)
            {
                return None;
            }
            // Of two that differ by a constant, the smaller is the one that
            // binds.
            if other.c == form.c && other.h == form.h {
                other.k = other.k.min(form.k);
                return Some(self);
            }
        }
        self.at_least_zero.push(form);
        Some(self)
    }
}

/// The six comparisons, and what each one's negation is.
pub(super) fn negated(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        other => other,
    }
}

/// `a op b` for the arithmetic operators: sums and differences of forms,
/// products by a constant, anything else of constants only.
pub(super) fn arithmetic(op: BinOp, a: &Affine, b: &Affine, n: usize) -> Read<Affine> {
    match op {
        BinOp::Add => a.plus(b),
        BinOp::Sub => a.minus(b),
        BinOp::Mul => match (a.as_constant(), b.as_constant()) {
            (Some(k), _) => b.scaled(k),
            (_, Some(k)) => a.scaled(k),
            _ => Err(Unread),
        },
        _ => {
            let (Some(a), Some(b)) = (a.as_constant(), b.as_constant()) else {
                return Err(Unread);
            };
            let e = Expr::Binary(op, Box::new(Expr::Const(a)), Box::new(Expr::Const(b)));
            let k = e.int(&Env::position(&[])).map_err(|_| Unread)?;
            Affine::constant(k, n).small()
        }
    }
}

/// `min(so_far, x)` or `max(so_far, x)`: the side that wins, on the path
/// where it does.
pub(super) fn extreme(
    func: Func,
    path: Path,
    so_far: Affine,
    x: Affine,
) -> Read<Vec<(Path, Affine)>> {
    let difference = x.minus(&so_far)?;
    let x_wins = |d: &Affine| match func {
        Func::Min => d.scaled(-1),
        Func::Max => Ok(d.clone()),
    };
    if let Some(d) = difference.as_constant() {
        let x_first = match func {
            Func::Min => d <= 0,
            Func::Max => d >= 0,
        };
        return Ok(vec![(path, if x_first { x } else { so_far })]);
    }
    // x wins where the difference leans its way (ties to x), else so_far.
    let winning = x_wins(&difference)?;
    let mut out = Vec::new();
    if let Some(p) = path.clone().with(winning.clone()) {
        out.push((p, x));
    }
    if let Some(p) = path.with(winning.scaled(-1)?.plus_constant(-1)?) {
        out.push((p, so_far));
    }
    Ok(out)
}

/// The paths on which `a op b`, for one of the six comparisons.
pub(super) fn compared(op: BinOp, path: Path, a: &Affine, b: &Affine) -> Read<Vec<Path>> {
    let d = a.minus(b)?;
    let at_least = |f: Read<Affine>| -> Read<Option<Path>> { Ok(path.clone().with(f?)) };
    Ok(match op {
        BinOp::Ge => at_least(Ok(d.clone()))?.into_iter().collect(),
        BinOp::Gt => at_least(d.plus_constant(-1))?.into_iter().collect(),
        BinOp::Le => at_least(d.scaled(-1))?.into_iter().collect(),
        BinOp::Lt => at_least(d.scaled(-1)?.plus_constant(-1))?
            .into_iter()
            .collect(),
        BinOp::Eq => {
            let below = d.scaled(-1)?;
            at_least(Ok(d.clone()))?
                .and_then(|p| p.with(below))
                .into_iter()
                .collect()
        }
        BinOp::Ne => {
            let mut out: Vec<Path> = at_least(d.plus_constant(-1))?.into_iter().collect();
            out.extend(at_least(d.scaled(-1)?.plus_constant(-1))?);
            out
        }
        _ => return Err(Unread),
    })
}

/// The paths on which every comparison holds (`want`), or on which one
/// fails (each path: those before it hold, it fails).
pub(super) fn every(path: Path, pairs: &[(BinOp, Affine, Affine)], want: bool) -> Read<Vec<Path>> {
    if want {
        let mut paths = vec![path];
        for (op, a, b) in pairs {
            let mut next = Vec::new();
            for path in paths {
                next.extend(compared(*op, path, a, b)?);
            }
            if next.len() > MAX_PIECES {
                return Err(Unread);
            }
            paths = next;
        }
        return Ok(paths);
    }
    let mut out = Vec::new();
    let mut holding = vec![path];
    for (op, a, b) in pairs {
        let mut next = Vec::new();
        for path in holding {
            out.extend(compared(negated(*op), path.clone(), a, b)?);
            next.extend(compared(*op, path, a, b)?);
        }
        holding = next;
        if out.len() + holding.len() > MAX_PIECES {
            return Err(Unread);
        }
    }
    Ok(out)
}
