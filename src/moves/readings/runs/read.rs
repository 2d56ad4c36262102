//! Reading a block as runs: the block run once with the heaps unknown,
//! every way through it a path of forms, each path a piece.

use super::path::{
    Affine, MAX_COEFFICIENT, MAX_CONSTANT, MAX_HEAPS, MAX_PIECES, Path, Read, Unread, arithmetic,
    compared, every, extreme, negated,
};
use super::pieces::{Branch, Lin, Runs};
use crate::rules::expr::{BinOp, Env, Expr, Monotone, place};
use crate::rules::{AssignOp, Block, Stmt};

/// The most values of a `choose` or iterations of a loop with constant
/// bounds that are followed one by one.
const MAX_UNROLLED: i128 = 64;

/// The block's compiler for positions of `n` heaps.
struct Reader {
    n: usize,
}

impl Reader {
    /// The values `e` may take on `path`, each with the path that gives it.
    fn value(&self, e: &Expr, path: Path) -> Read<Vec<(Path, Affine)>> {
        let n = self.n;
        Ok(match e {
            Expr::Const(k) => vec![(path, Affine::constant(*k, n).small()?)],
            Expr::Len => vec![(path, Affine::constant(n as i128, n))],
            Expr::Var(slot) => {
                let form = path.vars.get(*slot).cloned().ok_or(Unread)?;
                vec![(path, form)]
            }
            Expr::HeapAt(index) => {
                let mut out = Vec::new();
                for (path, index) in self.value(index, path)? {
                    let i = self.index(&index)?;
                    let form = path.heaps[i].clone();
                    out.push((path, form));
                }
                out
            }
            Expr::Neg(a) => self
                .value(a, path)?
                .into_iter()
                .map(|(p, f)| Ok((p, f.scaled(-1)?)))
                .collect::<Read<_>>()?,
            Expr::Binary(op, a, b) => {
                let mut out = Vec::new();
                for (path, a) in self.value(a, path)? {
                    for (path, b) in self.value(b, path)? {
                        out.push((path, arithmetic(*op, &a, &b, n)?));
                    }
                    self.bounded(&out)?;
                }
                out
            }
            Expr::Call(func, args) => {
                let Some((first, rest)) = args.split_first() else {
                    return Ok(vec![(path, Affine::constant(0, n))]);
                };
                let mut best = self.value(first, path)?;
                for arg in rest {
                    let mut next = Vec::new();
                    for (path, so_far) in best {
                        for (path, x) in self.value(arg, path)? {
                            next.extend(extreme(*func, path, so_far.clone(), x)?);
                        }
                        self.bounded(&next)?;
                    }
                    best = next;
                }
                best
            }
            _ => return Err(Unread),
        })
    }

    /// A heap index (1-based form) as a place, when it is a constant that
    /// names a heap.
    fn index(&self, index: &Affine) -> Read<usize> {
        place(index.as_constant().ok_or(Unread)?, self.n).ok_or(Unread)
    }

    /// Fails once there are more ways than `MAX_PIECES`.
    fn bounded<T>(&self, ways: &[T]) -> Read<()> {
        if ways.len() > MAX_PIECES {
            return Err(Unread);
        }
        Ok(())
    }

    /// The paths on which condition `e` is `want`.
    fn holds(&self, e: &Expr, path: Path, want: bool) -> Read<Vec<Path>> {
        let ways = match e {
            Expr::Not(a) => self.holds(a, path, !want)?,
            Expr::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                // `a and b` is true where both are; `a or b` false where
                // both are false. Otherwise: a decides, or a does not and
                // b decides.
                let both = (*op == BinOp::And) == want;
                let mut out = Vec::new();
                if !both {
                    out.extend(self.holds(a, path.clone(), want)?);
                }
                for path in self.holds(a, path, if both { want } else { !want })? {
                    out.extend(self.holds(b, path, want)?);
                    self.bounded(&out)?;
                }
                out
            }
            Expr::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => {
                let op = if want { *op } else { negated(*op) };
                let mut out = Vec::new();
                for (path, a) in self.value(a, path)? {
                    for (path, b) in self.value(b, path)? {
                        out.extend(compared(op, path, &a, &b)?);
                    }
                    self.bounded(&out)?;
                }
                out
            }
            Expr::Each(op, bound) => {
                let mut out = Vec::new();
                for (path, bound) in self.value(bound, path)? {
                    let pairs: Vec<(BinOp, Affine, Affine)> = (path.heaps.iter())
                        .map(|h| (*op, h.clone(), bound.clone()))
                        .collect();
                    out.extend(every(path, &pairs, want)?);
                    self.bounded(&out)?;
                }
                out
            }
            Expr::Monotone(monotone) => {
                let op = match monotone {
                    Monotone::Nonincreasing => BinOp::Ge,
                    Monotone::Nondecreasing => BinOp::Le,
                };
                let pairs: Vec<(BinOp, Affine, Affine)> = (path.heaps.windows(2))
                    .map(|w| (op, w[0].clone(), w[1].clone()))
                    .collect();
                every(path, &pairs, want)?
            }
            // `is`, `divides` and numbers as conditions: constants only.
            _ => {
                let mut out = Vec::new();
                for (path, truth) in self.constant_truth(e, path)? {
                    if truth == want {
                        out.push(path);
                    }
                }
                out
            }
        };
        self.bounded(&ways)?;
        Ok(ways)
    }

    /// A condition whose operands are constants, decided by the evaluator.
    fn constant_truth(&self, e: &Expr, path: Path) -> Read<Vec<(Path, bool)>> {
        let decide = |e: Expr| e.truth(&Env::position(&[])).map_err(|_| Unread);
        let constant = |f: &Affine| f.as_constant().map(Expr::Const).ok_or(Unread);
        let mut out = Vec::new();
        match e {
            Expr::Binary(op, a, b) => {
                for (path, a) in self.value(a, path)? {
                    for (path, b) in self.value(b, path)? {
                        let e = Expr::Binary(*op, Box::new(constant(&a)?), Box::new(constant(&b)?));
                        out.push((path, decide(e)?));
                    }
                }
            }
            Expr::Is(a, property) => {
                for (path, a) in self.value(a, path)? {
                    out.push((path, decide(Expr::Is(Box::new(constant(&a)?), *property))?));
                }
            }
            _ => {
                for (path, a) in self.value(e, path)? {
                    out.push((path, a.as_constant().ok_or(Unread)? != 0));
                }
            }
        }
        Ok(out)
    }

    /// Runs `statements` on every path.
    fn run(&self, statements: &[Stmt], mut paths: Vec<Path>) -> Read<Vec<Path>> {
        for statement in statements {
            let mut next = Vec::new();
            for path in paths {
                if path.fails {
                    next.push(path);
                } else {
                    next.extend(self.step(statement, path)?);
                }
            }
            self.bounded(&next)?;
            paths = next;
        }
        Ok(paths)
    }

    fn step(&self, statement: &Stmt, path: Path) -> Read<Vec<Path>> {
        let n = self.n;
        let mut out = Vec::new();
        match statement {
            Stmt::Choose { slot, lo, hi } => {
                for (path, lo) in self.value(lo, path)? {
                    for (mut path, hi) in self.value(hi, path)? {
                        match (lo.as_constant(), hi.as_constant()) {
                            (Some(lo), Some(hi))
                                if hi.checked_sub(lo).is_some_and(|d| d < MAX_UNROLLED) =>
                            {
                                for v in lo..=hi {
                                    let mut path = path.clone();
                                    *path.vars.get_mut(*slot).ok_or(Unread)? =
                                        Affine::constant(v, n);
                                    out.push(path);
                                }
                            }
                            _ if path.chosen => return Err(Unread),
                            _ => {
                                path.chosen = true;
                                *path.vars.get_mut(*slot).ok_or(Unread)? = Affine::chosen(n);
                                let c = Affine::chosen(n);
                                let (from_lo, to_hi) = (c.minus(&lo)?, hi.minus(&c)?);
                                if let Some(path) = path.with(from_lo).and_then(|p| p.with(to_hi)) {
                                    out.push(path);
                                }
                            }
                        }
                    }
                }
            }
            Stmt::Require(condition) => out = self.holds(condition, path, true)?,
            Stmt::Let { slot, value } => {
                for (mut path, value) in self.value(value, path)? {
                    *path.vars.get_mut(*slot).ok_or(Unread)? = value;
                    out.push(path);
                }
            }
            Stmt::Assign { index, op, value } => {
                for (path, index) in self.value(index, path)? {
                    let i = self.index(&index)?;
                    for (path, value) in self.value(value, path)? {
                        let old = &path.heaps[i];
                        let new = match op {
                            AssignOp::Set => value,
                            AssignOp::Add => old.plus(&value)?,
                            AssignOp::Sub => old.minus(&value)?,
                        };
                        // Where the heap would go below 0 the block fails.
                        if let Some(mut failing) =
                            path.clone().with(new.scaled(-1)?.plus_constant(-1)?)
                        {
                            failing.fails = true;
                            out.push(failing);
                        }
                        if let Some(mut path) = path.with(new.clone()) {
                            path.heaps[i] = new;
                            out.push(path);
                        }
                    }
                }
            }
            Stmt::For {
                slot, lo, hi, body, ..
            } => {
                for (path, lo) in self.value(lo, path)? {
                    for (path, hi) in self.value(hi, path)? {
                        let (Some(lo), Some(hi)) = (lo.as_constant(), hi.as_constant()) else {
                            return Err(Unread);
                        };
                        if hi.checked_sub(lo).is_none_or(|d| d >= MAX_UNROLLED) {
                            return Err(Unread);
                        }
                        let mut paths = vec![path];
                        for v in lo..=hi {
                            for path in &mut paths {
                                *path.vars.get_mut(*slot).ok_or(Unread)? = Affine::constant(v, n);
                            }
                            paths = self.run(body, paths)?;
                        }
                        out.extend(paths);
                    }
                }
            }
            Stmt::If {
                condition,
                then,
                otherwise,
            } => {
                let yes = self.holds(condition, path.clone(), true)?;
                out.extend(self.run(then, yes)?);
                let no = self.holds(condition, path, false)?;
                out.extend(self.run(otherwise, no)?);
            }
            Stmt::Append(_) | Stmt::Remove(_) | Stmt::Becomes(_) | Stmt::Score(_) | Stmt::Again => {
                return Err(Unread);
            }
        }
        self.bounded(&out)?;
        Ok(out)
    }
}

/// Reads `blocks` as runs for positions of
/// `n` heaps, with the moves that break `invariant` left out; `None` where
/// the forms cannot say what a block does.
pub(crate) fn read(blocks: &[&Block], invariant: Option<&Expr>, n: usize) -> Option<Runs> {
    if n > MAX_HEAPS {
        return None;
    }
    let reader = Reader { n };
    let start = |slots: usize| Path {
        heaps: (0..n).map(|i| Affine::heap(i, n)).collect(),
        vars: vec![Affine::constant(0, n); slots],
        at_least_zero: Vec::new(),
        chosen: false,
        fails: false,
    };
    let allowed = |path: Path| -> Read<Vec<Path>> {
        match invariant {
            Some(invariant) => reader.holds(invariant, path, true),
            None => Ok(vec![path]),
        }
    };
    let guards = |path: &Path| -> Read<Vec<Lin>> {
        (path.at_least_zero.iter())
            .map(|f| if f.c == 0 { lin(f) } else { Err(Unread) })
            .collect()
    };
    let allowed_here = (allowed(start(0)).ok()?.iter())
        .map(guards)
        .collect::<Read<_>>()
        .ok()?;
    let mut pieces = Vec::new();
    for block in blocks {
        let paths = reader.run(&block.body, vec![start(block.slots)]).ok()?;
        for path in paths {
            let ways = if path.fails {
                vec![path]
            } else {
                allowed(path).ok()?
            };
            for path in ways {
                pieces.push(piece(&path).ok()?);
            }
            if pieces.len() > MAX_PIECES {
                return None;
            }
        }
    }
    Some(Runs {
        allowed: allowed_here,
        pieces,
    })
}

/// A form without c as run-time coefficients, when they are small enough.
fn lin(f: &Affine) -> Read<Lin> {
    let small = |x: i128, bound: i128| (x.abs() <= bound).then_some(x as i64).ok_or(Unread);
    let mut terms = Vec::new();
    for (i, &x) in f.h.iter().enumerate() {
        if x != 0 {
            terms.push((i, small(x, MAX_COEFFICIENT)?));
        }
    }
    Ok(Lin {
        k: small(f.k, MAX_CONSTANT)?,
        terms,
    })
}

/// Whether `f ≥ 0` follows at once from the path's inequalities: `f` is a
/// constant at least 0, heaps taken with signs ≥ 0 plus a constant at least
/// 0, or one of the inequalities plus a constant at least 0.
fn implied(path: &Path, f: &Affine) -> bool {
    let at_least = |d: Read<Affine>| d.is_ok_and(|d| d.as_constant().is_some_and(|k| k >= 0));
    (f.c == 0 && f.k >= 0 && f.h.iter().all(|&x| x >= 0))
        || (path.at_least_zero.iter()).any(|g| at_least(f.minus(g)))
}

fn piece(path: &Path) -> Read<Branch> {
    let without_c = |f: &Affine| Affine { c: 0, ..f.clone() };
    let mut piece = Branch {
        fails: path.fails,
        within: (path.heaps.iter().enumerate()).all(|(i, after)| {
            let fallen = Affine::heap(i, after.h.len()).minus(after);
            implied(path, after) && fallen.is_ok_and(|f| implied(path, &f))
        }),
        guards: Vec::new(),
        lower: Vec::new(),
        upper: Vec::new(),
        start: Vec::new(),
        slope: Vec::new(),
    };
    for f in &path.at_least_zero {
        let d = i64::try_from(f.c.abs()).map_err(|_| Unread)?;
        if d > MAX_COEFFICIENT as i64 {
            return Err(Unread);
        }
        match f.c.signum() {
            0 => piece.guards.push(lin(f)?),
            // g + d·c ≥ 0: c ≥ −g / d.
            1 => piece.lower.push((lin(&without_c(f).scaled(-1)?)?, d)),
            // g − d·c ≥ 0: c ≤ g / d.
            _ => piece.upper.push((lin(&without_c(f))?, d)),
        }
    }
    if path.chosen && (piece.lower.is_empty() || piece.upper.is_empty()) {
        return Err(Unread);
    }
    for heap in &path.heaps {
        piece.start.push(lin(&without_c(heap))?);
        let slope = i64::try_from(heap.c).map_err(|_| Unread)?;
        if slope.abs() > MAX_COEFFICIENT as i64 {
            return Err(Unread);
        }
        piece.slope.push(slope);
    }
    Ok(piece)
}
