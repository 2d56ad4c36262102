//! The reader's values: affine forms `k + t·c + Σ x[i]·h[i]` over the
//! heaps and the one unknown choice c, exactly, and the ways through a
//! block as paths of inequalities between them.

use crate::rules::expr::{BinOp, Env, Expr, Func};

/// The most pieces a block may split into.
pub(super) const MAX_PIECES: usize = 256;

/// The most heaps a position read as runs may have: a form holds a
/// coefficient for every heap, and a block's paths hold forms for every
/// heap and variable, so the reading grows with the square of the heaps.
/// Past this the search runs the block move by move (a box of so many heaps
/// could not be filled anyway).
pub(super) const MAX_HEAPS: usize = 64;

/// Coefficients past this are not read, nor constants past `MAX_CONSTANT`:
/// a form's value at heaps of a box then fits 64 bits, and no value the
/// block computes on the way can overflow the interpreter's 128 bits, so
/// that the forms and the interpreter never disagree on an overflow.
pub(super) const MAX_COEFFICIENT: i128 = 1 << 24;

pub(super) const MAX_CONSTANT: i128 = 1 << 40;

/// `k + c·t + Σ h[i]·x[i]`, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Form {
    pub(super) k: i128,
    pub(super) c: i128,
    pub(super) h: Vec<i128>,
}

/// Why a block is not read as runs: the search runs it move by move.
#[derive(Debug)]
pub(super) struct Unread;

pub(super) type Read<T> = Result<T, Unread>;

impl Form {
    pub(super) fn constant(k: i128, n: usize) -> Self {
        Form {
            k,
            c: 0,
            h: vec![0; n],
        }
    }

    pub(super) fn heap(i: usize, n: usize) -> Self {
        let mut form = Form::constant(0, n);
        form.h[i] = 1;
        form
    }

    pub(super) fn chosen(n: usize) -> Self {
        Form {
            c: 1,
            ..Form::constant(0, n)
        }
    }

    /// Its value, when it is a constant.
    pub(super) fn as_constant(&self) -> Option<i128> {
        (self.c == 0 && self.h.iter().all(|&x| x == 0)).then_some(self.k)
    }

    /// The form, when its coefficients and constant are small enough to
    /// read (see `MAX_COEFFICIENT`).
    pub(super) fn small(self) -> Read<Form> {
        let coefficients = std::iter::once(&self.c).chain(&self.h);
        let small = self.k.abs() <= MAX_CONSTANT
            && coefficients.into_iter().all(|x| x.abs() <= MAX_COEFFICIENT);
        if small { Ok(self) } else { Err(Unread) }
    }

    pub(super) fn scaled(&self, by: i128) -> Read<Form> {
        let mul = |x: i128| x.checked_mul(by).ok_or(Unread);
        Form {
            k: mul(self.k)?,
            c: mul(self.c)?,
            h: self.h.iter().map(|&x| mul(x)).collect::<Read<_>>()?,
        }
        .small()
    }

    pub(super) fn plus(&self, other: &Form) -> Read<Form> {
        let add = |a: i128, b: i128| a.checked_add(b).ok_or(Unread);
        Form {
            k: add(self.k, other.k)?,
            c: add(self.c, other.c)?,
            h: (self.h.iter().zip(&other.h))
                .map(|(&a, &b)| add(a, b))
                .collect::<Read<_>>()?,
        }
        .small()
    }

    pub(super) fn minus(&self, other: &Form) -> Read<Form> {
        self.plus(&other.scaled(-1)?)
    }

    pub(super) fn plus_constant(&self, k: i128) -> Read<Form> {
        Form {
            k: self.k.checked_add(k).ok_or(Unread)?,
            ..self.clone()
        }
        .small()
    }
}

/// One way through the block so far: the heaps and variables as forms, and
/// the inequalities (each form ≥ 0) that choose this way.
#[derive(Clone, Debug)]
pub(super) struct Path {
    pub(super) heaps: Vec<Form>,
    pub(super) vars: Vec<Form>,
    pub(super) at_least_zero: Vec<Form>,
    /// Whether c has been chosen.
    pub(super) chosen: bool,
    /// Whether the block fails here (a heap set below 0): the move by
    /// move search reports the error.
    pub(super) fails: bool,
}

impl Path {
    /// This path with `form ≥ 0` too; `None` where no position and c can
    /// meet it beside the inequalities already there.
    pub(super) fn with(mut self, form: Form) -> Option<Path> {
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
pub(super) fn arithmetic(op: BinOp, a: &Form, b: &Form, n: usize) -> Read<Form> {
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
            Form::constant(k, n).small()
        }
    }
}

/// `min(so_far, x)` or `max(so_far, x)`: the side that wins, on the path
/// where it does.
pub(super) fn extreme(func: Func, path: Path, so_far: Form, x: Form) -> Read<Vec<(Path, Form)>> {
    let difference = x.minus(&so_far)?;
    let x_wins = |d: &Form| match func {
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
pub(super) fn compared(op: BinOp, path: Path, a: &Form, b: &Form) -> Read<Vec<Path>> {
    let d = a.minus(b)?;
    let at_least = |f: Read<Form>| -> Read<Option<Path>> { Ok(path.clone().with(f?)) };
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
pub(super) fn every(path: Path, pairs: &[(BinOp, Form, Form)], want: bool) -> Read<Vec<Path>> {
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
