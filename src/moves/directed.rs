//! Whether a board's move block turns with the board where its cells lie
//! along directions it chooses, not at fixed offsets from its anchor: a
//! queen's slide and an amazon's arrow (`choose dr in -1..1`, `choose dc
//! in -1..1`, then `b[r + j * dr, c + j * dc]`).
//!
//! A block is proven where it begins with its anchor on every cell
//! (`choose r in 1..rows`, `choose c in 1..cols`, either first), and every
//! other value it makes is one of:
//!
//! - a number the turns leave as it is (a scalar): numbers, the board's
//!   sides (a turn keeps the board's shape), a cell's character (read at
//!   a point), the variables chosen or set to such, and what is made of
//!   them;
//! - a direction: two variables chosen one after the other, each in
//!   `-1..1` (its row part and its column part), kept only where
//!   conditions of those two alone hold, each condition holding of a
//!   direction exactly where it holds of each turn of it (tried on all
//!   nine);
//! - a point's row or column: the anchor's, plus scalars times directions'
//!   parts (`r + k * dr`), and the variables set to them (`let to_r = r +
//!   k * dr`); a cell is read or written only at a row and a column that
//!   add the same scalars times the same directions.
//!
//! Each variable is chosen or set by one statement only. A row or column,
//! or a direction's part, kept in a variable is read later than it was
//! made, so its scalars and directions must still be the ones it was made
//! of: it may read only variables chosen or set at the block's top level
//! (once a move), never in a loop or a branch.
//!
//! Let T be a turn that keeps the board's shape, L its linear part. Run
//! the block on T(p) with anchor T(a) and each direction D, and on p with
//! anchor a and each direction L⁻¹(D) (a direction still kept: its
//! conditions hold of both alike), every scalar chosen the same: each
//! cell T(a) + Σ sᵢ·Dᵢ read or written on T(p) is T of the cell a + Σ
//! sᵢ·L⁻¹(Dᵢ) on p, so both read the same characters, every scalar and
//! condition has the same value, and the moves from T(p) are the images
//! by T of the moves from p, with the same points and `again`.

use super::anchor::anchor;
use super::orientation::Orientation;
use crate::rules::expr::{BinOp, Env, Expr};
use crate::rules::{AssignOp, Stmt};

/// What the proof knows a value to be.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Scalar,
    /// A direction's row part, or its column part (by the direction's
    /// index).
    DirRow(usize),
    DirCol(usize),
    /// A point's row, or its column: the anchor's plus each scalar (its
    /// expression) times a direction's part.
    Row(Vec<(Expr, usize)>),
    Col(Vec<(Expr, usize)>),
}

/// The kinds of a block's variables by slot, whether each was set at the
/// top level (`stable`), the directions' slots, and how deep in loops and
/// branches the statement looked at is.
#[derive(Default)]
struct Proof {
    kinds: Vec<Option<Kind>>,
    stable: Vec<bool>,
    directions: Vec<(usize, usize)>,
    depth: usize,
}

/// Whether a move block's `body` is proven to turn with the board.
pub(super) fn block_turns(body: &[Stmt]) -> bool {
    let Some(((r, c), rest)) = anchor(body) else {
        return false;
    };
    let mut proof = Proof::default();
    proof.set(r, Kind::Row(Vec::new())) && proof.set(c, Kind::Col(Vec::new())) && proof.all(rest)
}

impl Proof {
    /// Sets `slot`'s kind; false where another statement set it before.
    fn set(&mut self, slot: usize, kind: Kind) -> bool {
        if self.kinds.len() <= slot {
            self.kinds.resize(slot + 1, None);
            self.stable.resize(slot + 1, false);
        }
        if self.kinds[slot].is_some() {
            return false;
        }
        self.kinds[slot] = Some(kind);
        self.stable[slot] = self.depth == 0;
        true
    }

    /// Whether a point's row or column, or a direction's part, kept in a
    /// variable (`kind`) reads only variables set at the top level, and
    /// directions chosen there: read later, it still pairs with the other
    /// part as it did when it was made.
    fn kept(&self, kind: &Kind) -> bool {
        let stable = |slot: usize| self.stable.get(slot).copied().unwrap_or(false);
        let direction = |d: usize| {
            let (row, col) = self.directions[d];
            stable(row) && stable(col)
        };
        match kind {
            Kind::Scalar => true,
            Kind::DirRow(d) | Kind::DirCol(d) => direction(*d),
            Kind::Row(terms) | Kind::Col(terms) => terms.iter().all(|(scalar, d)| {
                direction(*d)
                    && (0..self.kinds.len()).all(|slot| !scalar.reads(slot) || stable(slot))
            }),
        }
    }

    /// Whether every statement of `body`, a loop's or a branch's, is one
    /// the proof allows.
    fn nested(&mut self, body: &[Stmt]) -> bool {
        self.depth += 1;
        let fine = self.all(body);
        self.depth -= 1;
        fine
    }

    /// Whether every statement of `body` is one the proof allows.
    fn all(&mut self, body: &[Stmt]) -> bool {
        let mut i = 0;
        while i < body.len() {
            // Two chooses in -1..1, one after the other: a direction.
            if let (Some(Stmt::Choose { slot: a, lo, hi }), Some(next)) =
                (body.get(i), body.get(i + 1))
                && let Stmt::Choose { slot: b, .. } = next
                && unit(lo, hi)
                && matches!(next, Stmt::Choose { lo, hi, .. } if unit(lo, hi))
            {
                let id = self.directions.len();
                self.directions.push((*a, *b));
                if !(self.set(*a, Kind::DirRow(id)) && self.set(*b, Kind::DirCol(id))) {
                    return false;
                }
                i += 2;
                continue;
            }
            if !self.statement(&body[i]) {
                return false;
            }
            i += 1;
        }
        true
    }

    fn statement(&mut self, s: &Stmt) -> bool {
        match s {
            Stmt::Choose { slot, lo, hi } => {
                self.scalar(lo) && self.scalar(hi) && self.set(*slot, Kind::Scalar)
            }
            Stmt::Require(condition) => self.condition(condition),
            Stmt::Let { slot, value } => match self.kind(value) {
                Some(kind) => self.kept(&kind) && self.set(*slot, kind),
                None => false,
            },
            Stmt::Assign {
                index: Expr::CellPlace(row, col),
                op: AssignOp::Set,
                value,
            } => self.point(row, col) && self.scalar(value),
            Stmt::For {
                slot, lo, hi, body, ..
            } => {
                self.scalar(lo) && self.scalar(hi) && {
                    self.depth += 1;
                    let fine = self.set(*slot, Kind::Scalar);
                    self.depth -= 1;
                    fine && self.nested(body)
                }
            }
            Stmt::If {
                condition,
                then,
                otherwise,
            } => self.condition(condition) && self.nested(then) && self.nested(otherwise),
            Stmt::Score(points) => self.scalar(points),
            Stmt::Again => true,
            Stmt::Assign { .. } | Stmt::Append(_) | Stmt::Remove(_) | Stmt::Becomes(_) => false,
        }
    }

    fn scalar(&self, e: &Expr) -> bool {
        self.kind(e) == Some(Kind::Scalar)
    }

    /// Whether `row` and `col` are one point's.
    fn point(&self, row: &Expr, col: &Expr) -> bool {
        matches!(
            (self.kind(row), self.kind(col)),
            (Some(Kind::Row(a)), Some(Kind::Col(b))) if a == b
        )
    }

    /// What `e` is; `None` where the proof does not allow it.
    fn kind(&self, e: &Expr) -> Option<Kind> {
        match e {
            Expr::Const(_) => Some(Kind::Scalar),
            // The board's sides.
            Expr::HeapAt(place) if matches!(**place, Expr::Const(1 | 2)) => Some(Kind::Scalar),
            Expr::Var(slot) => self.kinds.get(*slot).cloned().flatten(),
            Expr::Cell(row, col) if self.point(row, col) => Some(Kind::Scalar),
            Expr::Neg(a) if self.scalar(a) => Some(Kind::Scalar),
            Expr::Call(_, args) if args.iter().all(|a| self.scalar(a)) => Some(Kind::Scalar),
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => match self.kind(a)? {
                Kind::Scalar if self.scalar(b) => Some(Kind::Scalar),
                Kind::Row(mut terms) => {
                    terms.push(self.step(b, *op, true)?);
                    Some(Kind::Row(terms))
                }
                Kind::Col(mut terms) => {
                    terms.push(self.step(b, *op, false)?);
                    Some(Kind::Col(terms))
                }
                _ => None,
            },
            Expr::Binary(BinOp::Mul | BinOp::Div | BinOp::Rem, a, b)
                if self.scalar(a) && self.scalar(b) =>
            {
                Some(Kind::Scalar)
            }
            // A condition used as a number.
            _ if self.condition(e) => Some(Kind::Scalar),
            _ => None,
        }
    }

    /// `e`, added to (or taken from, by `op`) a point's row (`row`) or
    /// column: a scalar times that part of a direction, as the scalar's
    /// expression and the direction.
    fn step(&self, e: &Expr, op: BinOp, row: bool) -> Option<(Expr, usize)> {
        let part = |e: &Expr| match (self.kind(e), row) {
            (Some(Kind::DirRow(d)), true) | (Some(Kind::DirCol(d)), false) => Some(d),
            _ => None,
        };
        let (scalar, direction) = match e {
            Expr::Binary(BinOp::Mul, a, b) if self.scalar(a) => ((**a).clone(), part(b)?),
            Expr::Binary(BinOp::Mul, a, b) if self.scalar(b) => ((**b).clone(), part(a)?),
            _ => (Expr::Const(1), part(e)?),
        };
        let scalar = match op {
            BinOp::Sub => Expr::Neg(Box::new(scalar)),
            _ => scalar,
        };
        Some((scalar, direction))
    }

    /// Whether the condition `e` has the same value on a board and on each
    /// turn of it, run as the module's notes say.
    fn condition(&self, e: &Expr) -> bool {
        // A condition of one direction alone is tried whole: its parts
        // need not be kept by the turns (`dr != 0 or dc != 0`).
        if self.of_one_direction(e) {
            return true;
        }
        match e {
            Expr::Binary(BinOp::And | BinOp::Or, a, b) => self.condition(a) && self.condition(b),
            Expr::Not(a) => self.condition(a),
            Expr::Binary(
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge,
                a,
                b,
            ) if self.scalar(a) && self.scalar(b) => true,
            Expr::Is(a, _) => self.scalar(a),
            _ => false,
        }
    }

    /// Whether `e` reads one direction's parts and numbers alone, and
    /// holds of a direction exactly where it holds of each turn of it.
    fn of_one_direction(&self, e: &Expr) -> bool {
        let Some(&(row, col)) = (self.directions.iter()).find(|(r, c)| e.reads(*r) || e.reads(*c))
        else {
            return false;
        };
        let slots = self.kinds.len();
        if (0..slots).any(|s| s != row && s != col && e.reads(s)) || !numbers_and(e) {
            return false;
        }
        let holds = |(dr, dc): (i64, i64)| {
            let mut vars = vec![0; slots];
            (vars[row], vars[col]) = (i128::from(dr), i128::from(dc));
            let env = Env {
                amount: 0,
                heap: 0,
                heaps: &[],
                vars: &vars,
            };
            e.truth(&env).ok()
        };
        let units = (-1..=1).flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)));
        units.into_iter().all(|d| {
            let held = holds(d);
            held.is_some() && Orientation::all().all(|turn| holds(turn.offset(d)) == held)
        })
    }
}

/// Whether `lo..hi` is `-1..1`.
fn unit(lo: &Expr, hi: &Expr) -> bool {
    let minus_one = matches!(lo, Expr::Const(-1))
        || matches!(lo, Expr::Neg(one) if matches!(**one, Expr::Const(1)));
    minus_one && matches!(hi, Expr::Const(1))
}

/// Whether `e` is made of variables, numbers, arithmetic, comparisons and
/// `and`, `or`, `not` alone (no heap, cell or list read).
fn numbers_and(e: &Expr) -> bool {
    match e {
        Expr::Const(_) | Expr::Var(_) => true,
        Expr::Neg(a) | Expr::Not(a) => numbers_and(a),
        Expr::Binary(_, a, b) => numbers_and(a) && numbers_and(b),
        Expr::Call(_, args) => args.iter().all(numbers_and),
        _ => false,
    }
}
