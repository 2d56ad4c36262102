//! Whether statements do the same with two variables swapped: the proof
//! that a block which chooses two heaps in order (`choose i in 1..len;
//! choose j in 1..len; require i < j`) treats the pair as unordered, so
//! that relabelling the heaps relabels its moves (`reach`).
//!
//! Both sides are brought to one normal form and compared: the terms of
//! a chain of `+` in any grouping, the operands of `*`, `==`, `!=`, `min`
//! and `max` sorted (each evaluates every operand, so the order changes no
//! value and no error — a sum of numbers within 64 bits cannot pass 128),
//! and the terms of a chain of `and` or of `or` where none can fail (no
//! `/`, `%` or `*`: a term cut short can then hide no error); `a > b` read as `b < a`, `a >= b` as `b <= a`;
//! and, where the two variables are never equal, two assignments in a row
//! to their two heaps, neither reading a heap the other writes, sorted
//! (they change different heaps, so either order leaves the same).

use crate::rules::expr::{BinOp, Expr};
use crate::rules::{AssignOp, Stmt};

/// Whether `statements` do the same with variables `a` and `b` swapped;
/// `distinct`: `a` and `b` never hold the same value there.
pub(crate) fn swap_symmetric(statements: &[Stmt], (a, b): (usize, usize), distinct: bool) -> bool {
    let swapped: Vec<Stmt> = statements.iter().map(|s| swap_stmt(s, a, b)).collect();
    normal_stmts(statements, (a, b), distinct) == normal_stmts(&swapped, (a, b), distinct)
}

fn swap_var(slot: usize, a: usize, b: usize) -> usize {
    match slot {
        s if s == a => b,
        s if s == b => a,
        s => s,
    }
}

fn swap_stmt(s: &Stmt, a: usize, b: usize) -> Stmt {
    map_stmt(
        s,
        &|slot| swap_var(slot, a, b),
        &|e| swap_expr(e, a, b),
        &|body| body.iter().map(|s| swap_stmt(s, a, b)).collect(),
    )
}

/// `s` with its variables' slots, its expressions and its bodies each
/// rebuilt.
pub(super) fn map_stmt(
    s: &Stmt,
    slot: &dyn Fn(usize) -> usize,
    e: &dyn Fn(&Expr) -> Expr,
    all: &dyn Fn(&[Stmt]) -> Vec<Stmt>,
) -> Stmt {
    match s {
        Stmt::Choose { slot: v, lo, hi } => Stmt::Choose {
            slot: slot(*v),
            lo: e(lo),
            hi: e(hi),
        },
        Stmt::Require(x) => Stmt::Require(e(x)),
        Stmt::Let { slot: v, value } => Stmt::Let {
            slot: slot(*v),
            value: e(value),
        },
        Stmt::Assign { index, op, value } => Stmt::Assign {
            index: e(index),
            op: *op,
            value: e(value),
        },
        Stmt::For {
            slot: v,
            lo,
            hi,
            body,
            forks,
        } => Stmt::For {
            slot: slot(*v),
            lo: e(lo),
            hi: e(hi),
            body: all(body),
            forks: *forks,
        },
        Stmt::If {
            condition,
            then,
            otherwise,
        } => Stmt::If {
            condition: e(condition),
            then: all(then),
            otherwise: all(otherwise),
        },
        Stmt::Append(x) => Stmt::Append(e(x)),
        Stmt::Remove(x) => Stmt::Remove(e(x)),
        Stmt::Score(x) => Stmt::Score(e(x)),
        Stmt::Again | Stmt::Becomes(_) => s.clone(),
    }
}

fn swap_expr(e: &Expr, a: usize, b: usize) -> Expr {
    map_expr(e, &|x| match x {
        Expr::Var(s) => Some(Expr::Var(swap_var(*s, a, b))),
        _ => None,
    })
}

/// `e` rebuilt bottom-up, each node first offered to `leaf` (which may
/// replace it).
pub(super) fn map_expr(e: &Expr, leaf: &dyn Fn(&Expr) -> Option<Expr>) -> Expr {
    if let Some(replaced) = leaf(e) {
        return replaced;
    }
    let m = |x: &Expr| Box::new(map_expr(x, leaf));
    match e {
        Expr::HeapAt(x) => Expr::HeapAt(m(x)),
        Expr::Cell(r, c) => Expr::Cell(m(r), m(c)),
        Expr::CellPlace(r, c) => Expr::CellPlace(m(r), m(c)),
        Expr::Item(list, x) => Expr::Item(list.clone(), m(x)),
        Expr::Neg(x) => Expr::Neg(m(x)),
        Expr::Not(x) => Expr::Not(m(x)),
        Expr::Binary(op, x, y) => Expr::Binary(*op, m(x), m(y)),
        Expr::Call(f, args) => Expr::Call(*f, args.iter().map(|x| map_expr(x, leaf)).collect()),
        Expr::Is(x, p) => Expr::Is(m(x), *p),
        Expr::Each(op, x) => Expr::Each(*op, m(x)),
        Expr::Count(x, from) => Expr::Count(m(x), *from),
        Expr::Const(_)
        | Expr::Amount
        | Expr::Heap
        | Expr::Len
        | Expr::Var(_)
        | Expr::Monotone(_) => e.clone(),
    }
}

/// The normal form of `e` (see the module's notes).
pub(super) fn normal_expr(e: &Expr) -> Expr {
    let n = |x: &Expr| Box::new(normal_expr(x));
    match e {
        Expr::Binary(op @ (BinOp::Add | BinOp::And | BinOp::Or), ..) => {
            // A chain of one of these, in any grouping: its terms sorted
            // (`and` and `or` only where no term can fail), grouped from
            // the left.
            let mut terms = Vec::new();
            chain(e, *op, &mut terms);
            let mut terms: Vec<Expr> = terms.into_iter().map(normal_expr).collect();
            if *op == BinOp::Add || !terms.iter().any(fallible) {
                terms.sort_by_key(key);
            }
            let mut terms = terms.into_iter();
            let first = terms.next().unwrap_or(Expr::Const(0));
            terms.fold(first, |left, right| {
                Expr::Binary(*op, Box::new(left), Box::new(right))
            })
        }
        Expr::Binary(op, x, y) => {
            let (x, y) = (n(x), n(y));
            match op {
                BinOp::Gt => Expr::Binary(BinOp::Lt, y, x),
                BinOp::Ge => Expr::Binary(BinOp::Le, y, x),
                BinOp::Mul | BinOp::Eq | BinOp::Ne => sorted_pair(*op, x, y),
                _ => Expr::Binary(*op, x, y),
            }
        }
        Expr::Call(f, args) => {
            let mut args: Vec<Expr> = args.iter().map(normal_expr).collect();
            args.sort_by_key(key);
            Expr::Call(*f, args)
        }
        // Every other node (none is a `Binary` or a `Call`) with its
        // children's normal forms.
        _ => map_expr(e, &|x| match x {
            Expr::Binary(..) | Expr::Call(..) => Some(normal_expr(x)),
            _ => None,
        }),
    }
}

/// The terms `op` joins in `e`, left to right, in any grouping.
fn chain<'a>(e: &'a Expr, op: BinOp, terms: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(o, x, y) if *o == op => {
            chain(x, op, terms);
            chain(y, op, terms);
        }
        _ => terms.push(e),
    }
}

fn sorted_pair(op: BinOp, x: Box<Expr>, y: Box<Expr>) -> Expr {
    if key(&x) <= key(&y) {
        Expr::Binary(op, x, y)
    } else {
        Expr::Binary(op, y, x)
    }
}

/// A total order of expressions, for sorting: their debug form.
fn key(e: &Expr) -> String {
    format!("{e:?}")
}

/// Whether evaluating `e` may fail for a reason other than a heap index
/// (a division or remainder by 0, a product past 128 bits, a list item
/// out of range, a cell off the board).
fn fallible(e: &Expr) -> bool {
    match e {
        Expr::Binary(BinOp::Div | BinOp::Rem | BinOp::Mul, ..)
        | Expr::Item(..)
        | Expr::CellPlace(..)
        | Expr::Is(..) => true,
        Expr::Binary(_, x, y) | Expr::Cell(x, y) => fallible(x) || fallible(y),
        Expr::HeapAt(x) | Expr::Neg(x) | Expr::Not(x) | Expr::Each(_, x) | Expr::Count(x, _) => {
            fallible(x)
        }
        Expr::Call(_, args) => args.iter().any(fallible),
        Expr::Const(_)
        | Expr::Amount
        | Expr::Heap
        | Expr::Len
        | Expr::Var(_)
        | Expr::Monotone(_) => false,
    }
}

/// The normal form of `statements` (see the module's notes).
fn normal_stmts(statements: &[Stmt], pair: (usize, usize), distinct: bool) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = statements
        .iter()
        .map(|s| normal_stmt(s, pair, distinct))
        .collect();
    for i in 1..out.len() {
        if commuting(&out[i - 1], &out[i], pair, distinct) == Some(true) {
            out.swap(i - 1, i);
        }
    }
    out
}

fn normal_stmt(s: &Stmt, pair: (usize, usize), distinct: bool) -> Stmt {
    map_stmt(s, &|slot| slot, &normal_expr, &|body| {
        normal_stmts(body, pair, distinct)
    })
}

/// Where `first` and `second` are assignments to the two heaps of the
/// pair, one each, neither reading any heap, that leave the same in
/// either order: whether they are out of order (the later sorts first);
/// `None` where they do not commute so. Where the two may be one heap
/// (not `distinct`), both must add, or both take, the same amount, or
/// amounts that are numbers at least 0 (either way the heap passes
/// through the same bounds).
fn commuting(first: &Stmt, second: &Stmt, (a, b): (usize, usize), distinct: bool) -> Option<bool> {
    let (
        Stmt::Assign {
            index: i,
            op: p,
            value: x,
        },
        Stmt::Assign {
            index: j,
            op: q,
            value: y,
        },
    ) = (first, second)
    else {
        return None;
    };
    let ends = [Expr::Var(a), Expr::Var(b)];
    let heap = |index: &Expr| match index {
        Expr::Var(_) => ends.contains(index),
        _ => false,
    };
    if !heap(i) || !heap(j) || i == j || reads_heaps(x) || reads_heaps(y) {
        return None;
    }
    let counted = |e: &Expr| matches!(e, Expr::Const(n) if *n >= 0);
    let same_way = p == q && (x == y || (*p != AssignOp::Set && counted(x) && counted(y)));
    if !distinct && !same_way {
        return None;
    }
    let order =
        |index: &Expr, op: &AssignOp, value: &Expr| key(index) + &format!("{op:?}") + &key(value);
    Some(order(i, p, x) > order(j, q, y))
}

/// Whether `e` reads a heap (or a board's cell).
fn reads_heaps(e: &Expr) -> bool {
    match e {
        Expr::HeapAt(_) | Expr::Each(..) | Expr::Monotone(_) | Expr::Count(..) => true,
        Expr::Cell(..) | Expr::CellPlace(..) => true,
        Expr::Binary(_, x, y) => reads_heaps(x) || reads_heaps(y),
        Expr::Neg(x) | Expr::Not(x) | Expr::Is(x, _) | Expr::Item(_, x) => reads_heaps(x),
        Expr::Call(_, args) => args.iter().any(reads_heaps),
        Expr::Const(_) | Expr::Amount | Expr::Heap | Expr::Len | Expr::Var(_) => false,
    }
}
