//! Move blocks read as runs. For positions of a fixed number of heaps, a
//! block is run once with the heaps unknown. A `choose` over a few constant
//! values is followed value by value; one other `choose` on each way
//! through the block is left unknown too (call it c). Every value is kept
//! as an affine form
//! `k + t·c + Σ x[i]·h[i]`. A `min`, a `max`, an `if` or an `or` whose
//! sides differ by more than a constant splits the run in two, each side
//! with the inequality that selects it; a `require` adds its inequality.
//! What comes out is a list of pieces: inequalities over the heaps and c,
//! and the heaps after the move, affine in c; and where an assignment
//! would set a heap below 0, a piece that fails. From a position, a piece's
//! moves are the positions at c = lo, lo + 1, …, hi, a run along one line,
//! found without running the block.
//!
//! Whatever the forms cannot say exactly — a product of two unknowns, a
//! division by one, a heap index that is not a constant, a second unknown
//! `choose`, heaps added or removed — leaves the block unread, and the
//! search runs it move by move as before.

use crate::rules::expr::{BinOp, Env, Expr, Func, Monotone, place};
use crate::rules::{AssignOp, Block, Stmt};

/// The most values of a `choose` or iterations of a loop with constant
/// bounds that are followed one by one.
const MAX_UNROLLED: i128 = 64;
/// The most pieces a block may split into.
const MAX_PIECES: usize = 256;
/// Coefficients past this are not read, nor constants past `MAX_CONSTANT`:
/// a form's value at heaps of a box then fits 64 bits, and no value the
/// block computes on the way can overflow the interpreter's 128 bits, so
/// that the forms and the interpreter never disagree on an overflow.
const MAX_COEFFICIENT: i128 = 1 << 24;
const MAX_CONSTANT: i128 = 1 << 40;

/// `k + c·t + Σ h[i]·x[i]`, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Form {
    k: i128,
    c: i128,
    h: Vec<i128>,
}

/// Why a block is not read as runs: the search runs it move by move.
#[derive(Debug)]
struct Unread;

type Read<T> = Result<T, Unread>;

impl Form {
    fn constant(k: i128, n: usize) -> Self {
        Form {
            k,
            c: 0,
            h: vec![0; n],
        }
    }

    fn heap(i: usize, n: usize) -> Self {
        let mut form = Form::constant(0, n);
        form.h[i] = 1;
        form
    }

    fn chosen(n: usize) -> Self {
        Form {
            c: 1,
            ..Form::constant(0, n)
        }
    }

    /// Its value, when it is a constant.
    fn as_constant(&self) -> Option<i128> {
        (self.c == 0 && self.h.iter().all(|&x| x == 0)).then_some(self.k)
    }

    /// The form, when its coefficients and constant are small enough to
    /// read (see `MAX_COEFFICIENT`).
    fn small(self) -> Read<Form> {
        let coefficients = std::iter::once(&self.c).chain(&self.h);
        let small = self.k.abs() <= MAX_CONSTANT
            && coefficients.into_iter().all(|x| x.abs() <= MAX_COEFFICIENT);
        if small { Ok(self) } else { Err(Unread) }
    }

    fn scaled(&self, by: i128) -> Read<Form> {
        let mul = |x: i128| x.checked_mul(by).ok_or(Unread);
        Form {
            k: mul(self.k)?,
            c: mul(self.c)?,
            h: self.h.iter().map(|&x| mul(x)).collect::<Read<_>>()?,
        }
        .small()
    }

    fn plus(&self, other: &Form) -> Read<Form> {
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

    fn minus(&self, other: &Form) -> Read<Form> {
        self.plus(&other.scaled(-1)?)
    }

    fn plus_constant(&self, k: i128) -> Read<Form> {
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
struct Path {
    heaps: Vec<Form>,
    vars: Vec<Form>,
    at_least_zero: Vec<Form>,
    /// Whether c has been chosen.
    chosen: bool,
    /// Whether the block fails here (a heap set below 0): the move by
    /// move search reports the error.
    fails: bool,
}

impl Path {
    /// This path with `form ≥ 0` too; `None` where no position and c can
    /// meet it beside the inequalities already there.
    fn with(mut self, form: Form) -> Option<Path> {
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
fn negated(op: BinOp) -> BinOp {
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

/// The block's compiler for positions of `n` heaps.
struct Reader {
    n: usize,
}

impl Reader {
    /// The values `e` may take on `path`, each with the path that gives it.
    fn value(&self, e: &Expr, path: Path) -> Read<Vec<(Path, Form)>> {
        let n = self.n;
        Ok(match e {
            Expr::Const(k) => vec![(path, Form::constant(*k, n).small()?)],
            Expr::Len => vec![(path, Form::constant(n as i128, n))],
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
                    return Ok(vec![(path, Form::constant(0, n))]);
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
    fn index(&self, index: &Form) -> Read<usize> {
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
                    let pairs: Vec<(BinOp, Form, Form)> = (path.heaps.iter())
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
                let pairs: Vec<(BinOp, Form, Form)> = (path.heaps.windows(2))
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
        let constant = |f: &Form| f.as_constant().map(Expr::Const).ok_or(Unread);
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
                                    *path.vars.get_mut(*slot).ok_or(Unread)? = Form::constant(v, n);
                                    out.push(path);
                                }
                            }
                            _ if path.chosen => return Err(Unread),
                            _ => {
                                path.chosen = true;
                                *path.vars.get_mut(*slot).ok_or(Unread)? = Form::chosen(n);
                                let c = Form::chosen(n);
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
                                *path.vars.get_mut(*slot).ok_or(Unread)? = Form::constant(v, n);
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
            Stmt::Append(_) | Stmt::Remove(_) => return Err(Unread),
        }
        self.bounded(&out)?;
        Ok(out)
    }
}

/// `a op b` for the arithmetic operators: sums and differences of forms,
/// products by a constant, anything else of constants only.
fn arithmetic(op: BinOp, a: &Form, b: &Form, n: usize) -> Read<Form> {
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
fn extreme(func: Func, path: Path, so_far: Form, x: Form) -> Read<Vec<(Path, Form)>> {
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
fn compared(op: BinOp, path: Path, a: &Form, b: &Form) -> Read<Vec<Path>> {
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
fn every(path: Path, pairs: &[(BinOp, Form, Form)], want: bool) -> Read<Vec<Path>> {
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

/// A form over a box's heaps alone, at run time: `k + Σ x·h[i]` over its
/// nonzero terms (i, x). Coefficients are at most 2^24 and constants 2^40,
/// so that at heaps below 2^31 its value fits 64 bits.
#[derive(Clone, Debug)]
pub(crate) struct Lin {
    k: i64,
    terms: Vec<(usize, i64)>,
}

impl Lin {
    #[inline(always)]
    pub(crate) fn at(&self, heaps: &[i64]) -> i64 {
        let mut sum = self.k;
        for &(i, x) in &self.terms {
            sum += x * heaps[i];
        }
        sum
    }
}

/// One piece of a rule's moves: from a position whose heaps meet
/// `guards` (each ≥ 0), the moves at c from the largest lower bound to the
/// smallest upper bound, heap i after the move being `start[i] +
/// slope[i]·c`. A piece that `fails` is where the block would set a heap
/// below 0: its moves are errors, which the search reports.
#[derive(Clone, Debug)]
pub(crate) struct Piece {
    pub fails: bool,
    /// Whether the piece's own inequalities show that every heap after a
    /// move lies between 0 and what it was: its runs stay in the box.
    pub within: bool,
    pub guards: Vec<Lin>,
    /// c ≥ ⌈lin / d⌉, d > 0.
    pub lower: Vec<(Lin, i64)>,
    /// c ≤ ⌊lin / d⌋, d > 0.
    pub upper: Vec<(Lin, i64)>,
    pub start: Vec<Lin>,
    pub slope: Vec<i64>,
}

/// A game's move blocks read as runs, for positions of `heaps` heaps.
#[derive(Clone, Debug)]
pub struct Runs {
    /// The positions the invariant allows: those meeting every guard of one
    /// of these sets.
    pub(crate) allowed: Vec<Vec<Lin>>,
    pub(crate) pieces: Vec<Piece>,
}

/// Reads `blocks` as runs for positions of
/// `n` heaps, with the moves that break `invariant` left out; `None` where
/// the forms cannot say what a block does.
pub(crate) fn read(blocks: &[&Block], invariant: Option<&Expr>, n: usize) -> Option<Runs> {
    let reader = Reader { n };
    let start = |slots: usize| Path {
        heaps: (0..n).map(|i| Form::heap(i, n)).collect(),
        vars: vec![Form::constant(0, n); slots],
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
fn lin(f: &Form) -> Read<Lin> {
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
fn implied(path: &Path, f: &Form) -> bool {
    let at_least = |d: Read<Form>| d.is_ok_and(|d| d.as_constant().is_some_and(|k| k >= 0));
    (f.c == 0 && f.k >= 0 && f.h.iter().all(|&x| x >= 0))
        || (path.at_least_zero.iter()).any(|g| at_least(f.minus(g)))
}

impl Piece {
    /// The index of the position after the move at c, `first + step·c`,
    /// in a box of `dims` whose heaps weigh `weights`, as `(first, step)`;
    /// `None` unless the runs stay in the box (`within`), or where the
    /// index's form could pass 2^62.
    pub(crate) fn index_form(&self, weights: &[i64], dims: &[usize]) -> Option<(Lin, i64)> {
        if !self.within {
            return None;
        }
        let n = dims.len();
        let (mut k, mut h, mut step) = (0i128, vec![0i128; n], 0i128);
        for ((start, &slope), &w) in self.start.iter().zip(&self.slope).zip(weights) {
            let w = i128::from(w);
            k += w * i128::from(start.k);
            for &(i, x) in &start.terms {
                h[i] += w * i128::from(x);
            }
            step += w * i128::from(slope);
        }
        let largest = (h.iter().zip(dims))
            .map(|(&x, &d)| x.abs() * d as i128)
            .sum::<i128>()
            + k.abs();
        if largest > 1 << 62 || step.abs() > 1 << 62 {
            return None;
        }
        let terms = (h.iter().enumerate())
            .filter(|&(_, &x)| x != 0)
            .map(|(i, &x)| (i, x as i64))
            .collect();
        Some((Lin { k: k as i64, terms }, step as i64))
    }
}

impl Piece {
    /// The values of c its moves take from `heaps`, lowest and highest
    /// (both 0 where the piece has no c); `None` where it makes no move
    /// from there.
    #[inline]
    pub(crate) fn range(&self, heaps: &[i64]) -> Option<(i64, i64)> {
        if self.guards.iter().any(|g| g.at(heaps) < 0) {
            return None;
        }
        let lo = (self.lower.iter())
            .map(|(l, d)| ceil_div(l.at(heaps), *d))
            .max()
            .unwrap_or(0);
        let hi = (self.upper.iter())
            .map(|(u, d)| u.at(heaps).div_euclid(*d))
            .min()
            .unwrap_or(0);
        (lo <= hi).then_some((lo, hi))
    }
}

fn ceil_div(a: i64, d: i64) -> i64 {
    -((-a).div_euclid(d))
}

/// Some way through a block sets a heap below 0 from the position asked
/// about: the interpreter's `EvalError::HeapValue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetsBelowZero;

impl Runs {
    /// The positions after every move from `heaps`, one a value of c of
    /// each piece, repeats kept, in no set order: what running the blocks
    /// makes, found from the pieces alone (the run engine reads the same
    /// runs as index ranges instead); `None` where a heap passes 2^31.
    pub fn moves(&self, heaps: &[u64]) -> Option<Result<Vec<Vec<u64>>, SetsBelowZero>> {
        let heaps: Vec<i64> = (heaps.iter())
            .map(|&h| i64::try_from(h).ok().filter(|&h| h < 1 << 31))
            .collect::<Option<_>>()?;
        Some(self.moves_within(&heaps))
    }

    fn moves_within(&self, heaps: &[i64]) -> Result<Vec<Vec<u64>>, SetsBelowZero> {
        let mut out = Vec::new();
        for piece in &self.pieces {
            let Some((lo, hi)) = piece.range(heaps) else {
                continue;
            };
            if piece.fails {
                return Err(SetsBelowZero);
            }
            for c in lo..=hi {
                let after = (piece.start.iter().zip(&piece.slope))
                    .map(|(start, slope)| u64::try_from(start.at(heaps) + slope * c))
                    .collect::<Result<_, _>>()
                    .map_err(|_| SetsBelowZero)?;
                out.push(after);
            }
        }
        Ok(out)
    }
}

fn piece(path: &Path) -> Read<Piece> {
    let without_c = |f: &Form| Form { c: 0, ..f.clone() };
    let mut piece = Piece {
        fails: path.fails,
        within: (path.heaps.iter().enumerate()).all(|(i, after)| {
            let fallen = Form::heap(i, after.h.len()).minus(after);
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
