//! How a move block reaches the heaps, read from its lowered statements —
//! never from names:
//!
//! - **one chosen heap** (heap-local): the block begins `choose i in
//!   1..len`, and every heap it reads, changes or removes is `h[i]`; `i`
//!   itself is never read otherwise, nor `len`, nor every heap at once
//!   (`each`, `nonincreasing`); `append` adds heaps made from what it reads.
//!   Its moves from a position are those of each heap alone, so a game of
//!   such blocks (and phrases that take from one heap) is a sum of one-heap
//!   games.
//! - **every heap alike** (symmetric): every heap it names is `h[x]` for an
//!   `x` that runs over all heaps (`choose x in 1..len`, or `for x in
//!   1..len` whose body names no other heap), and no such `x` is read
//!   otherwise; no heap is named by its place, nor the heaps' order read
//!   (`nonincreasing`). Relabelling the heaps relabels its moves, so
//!   positions may be kept sorted. Two heaps chosen in order are alike
//!   too — `choose i in 1..len; choose j in 1..len; require i < j` (or
//!   `<=`, `>`, `>=`), or `choose j in i + 1..len` — where what follows,
//!   the order taken out, does the same with `i` and `j` swapped
//!   (`swap::swap_symmetric`): the pair is then unordered.
//! - otherwise, **by place**: positions are kept as written.

use super::swap::swap_symmetric;
use crate::rules::expr::{BinOp, Expr};
use crate::rules::{Block, Stmt};

/// How a block reaches the heaps (see the module's notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    OneHeap,
    Alike,
    ByPlace,
}

/// How `block` reaches the heaps.
pub(crate) fn reach(block: &Block) -> Reach {
    if one_heap(block) {
        Reach::OneHeap
    } else if alike_block(&block.body) {
        Reach::Alike
    } else {
        Reach::ByPlace
    }
}

/// `lo..hi` is `1..len`: every heap.
fn every_heap(lo: &Expr, hi: &Expr) -> bool {
    *lo == Expr::Const(1) && *hi == Expr::Len
}

fn one_heap(block: &Block) -> bool {
    let [Stmt::Choose { slot, lo, hi }, rest @ ..] = block.body.as_slice() else {
        return false;
    };
    let i = *slot;
    every_heap(lo, hi) && statements_use(rest, &|index| *index == Expr::Var(i), &|s| s == i)
}

/// Whether `statements` name heaps only through indices `heap_ok` accepts,
/// read no variable `hidden` holds but there, and never read `len` or
/// every heap at once.
fn statements_use(
    statements: &[Stmt],
    heap_ok: &dyn Fn(&Expr) -> bool,
    hidden: &dyn Fn(usize) -> bool,
) -> bool {
    let expr_ok = |e: &Expr| expr_uses(e, heap_ok, hidden);
    statements.iter().all(|s| match s {
        Stmt::Choose { lo, hi, .. } => expr_ok(lo) && expr_ok(hi),
        Stmt::Require(e) | Stmt::Let { value: e, .. } | Stmt::Append(e) | Stmt::Score(e) => {
            expr_ok(e)
        }
        Stmt::Again => true,
        Stmt::Assign { index, value, .. } => heap_ok(index) && expr_ok(value),
        Stmt::Remove(index) => heap_ok(index),
        // A move that becomes a sum names its positions' heaps by place.
        Stmt::Becomes(_) => false,
        Stmt::For { lo, hi, body, .. } => {
            expr_ok(lo) && expr_ok(hi) && statements_use(body, heap_ok, hidden)
        }
        Stmt::If {
            condition,
            then,
            otherwise,
        } => {
            expr_ok(condition)
                && statements_use(then, heap_ok, hidden)
                && statements_use(otherwise, heap_ok, hidden)
        }
    })
}

/// Whether `e` names heaps only as `heap_ok` accepts, reads no variable
/// `hidden` holds but there, and reads neither `len` nor every heap at once.
fn expr_uses(e: &Expr, heap_ok: &dyn Fn(&Expr) -> bool, hidden: &dyn Fn(usize) -> bool) -> bool {
    let ok = |e: &Expr| expr_uses(e, heap_ok, hidden);
    match e {
        Expr::HeapAt(index) => heap_ok(index),
        Expr::Var(s) => !hidden(*s),
        Expr::Len
        | Expr::Each(..)
        | Expr::Monotone(_)
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Count(..) => false,
        Expr::Const(_) | Expr::Amount | Expr::Heap => true,
        Expr::Neg(a) | Expr::Not(a) | Expr::Is(a, _) | Expr::Item(_, a) => ok(a),
        Expr::Binary(_, a, b) => ok(a) && ok(b),
        Expr::Call(_, args) => args.iter().all(ok),
    }
}

/// Whether a block's `body` names every heap alike, two heaps chosen in
/// order among them where the rest is the same with the two swapped.
fn alike_block(body: &[Stmt]) -> bool {
    for at in 0..body.len() {
        if let Some((pair, distinct, rest)) = ordered_pair(&body[at..]) {
            // The block with the order taken out: every pair both ways.
            let mut unordered = body[..at].to_vec();
            unordered.extend(pair_chosen(pair));
            unordered.extend(rest.iter().cloned());
            return alike(&unordered, &mut Vec::new()) && swap_symmetric(&rest, pair, distinct);
        }
    }
    alike(body, &mut Vec::new())
}

/// `choose a in 1..len` then `choose b in 1..len`.
fn pair_chosen((a, b): (usize, usize)) -> [Stmt; 2] {
    [a, b].map(|slot| Stmt::Choose {
        slot,
        lo: Expr::Const(1),
        hi: Expr::Len,
    })
}

/// Where `statements` begin with two heaps chosen in order — `choose a
/// in 1..len; choose b in 1..len; require a < b and REST` (`<=`, `>`,
/// `>=`, either way round), or `choose a in 1..len; choose b in a +
/// 1..len` — the two variables, whether they are never equal, and what
/// follows with the order taken out (`require REST`, then the rest).
fn ordered_pair(statements: &[Stmt]) -> Option<((usize, usize), bool, Vec<Stmt>)> {
    let [
        Stmt::Choose {
            slot: a,
            lo: a_lo,
            hi: a_hi,
        },
        Stmt::Choose {
            slot: b,
            lo: b_lo,
            hi: b_hi,
        },
        rest @ ..,
    ] = statements
    else {
        return None;
    };
    let (a, b) = (*a, *b);
    if !every_heap(a_lo, a_hi) || *b_hi != Expr::Len || a == b {
        return None;
    }
    let after_a = [
        Expr::Binary(BinOp::Add, Box::new(Expr::Var(a)), Box::new(Expr::Const(1))),
        Expr::Binary(BinOp::Add, Box::new(Expr::Const(1)), Box::new(Expr::Var(a))),
    ];
    if after_a.contains(b_lo) {
        return Some(((a, b), true, rest.to_vec()));
    }
    if *b_lo != Expr::Const(1) {
        return None;
    }
    let [Stmt::Require(condition), after @ ..] = rest else {
        return None;
    };
    let parts = condition.conjuncts();
    let (first, others) = parts.split_first()?;
    let Expr::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), x, y) = first else {
        return None;
    };
    let (x, y) = (&**x, &**y);
    let ends = [Expr::Var(a), Expr::Var(b)];
    if !(ends.contains(x) && ends.contains(y) && x != y) {
        return None;
    }
    let mut out = Vec::new();
    if let Some(joined) = (others.iter().rev()).fold(None, |right: Option<Expr>, &left| {
        Some(match right {
            None => left.clone(),
            Some(right) => Expr::Binary(BinOp::And, Box::new(left.clone()), Box::new(right)),
        })
    }) {
        out.push(Stmt::Require(joined));
    }
    out.extend(after.iter().cloned());
    Some(((a, b), matches!(op, BinOp::Lt | BinOp::Gt), out))
}

/// Whether `statements` name every heap alike; `heap_vars` holds the
/// slots that run over all heaps, in scope.
fn alike(statements: &[Stmt], heap_vars: &mut Vec<usize>) -> bool {
    let scope = heap_vars.len();
    let mut ok = true;
    for s in statements {
        ok = ok
            && match s {
                Stmt::Choose { slot, lo, hi } if every_heap(lo, hi) => {
                    heap_vars.push(*slot);
                    true
                }
                Stmt::For {
                    slot, lo, hi, body, ..
                } if every_heap(lo, hi) => {
                    // Each iteration names its own heap alone, so that no
                    // iteration reads what another changed.
                    let (j, outer) = (*slot, &*heap_vars);
                    statements_use(body, &|index| *index == Expr::Var(j), &|s| {
                        s == j || outer.contains(&s)
                    })
                }
                Stmt::Choose { lo, hi, .. } => {
                    symmetric_expr(lo, heap_vars) && symmetric_expr(hi, heap_vars)
                }
                Stmt::Require(e)
                | Stmt::Let { value: e, .. }
                | Stmt::Append(e)
                | Stmt::Score(e) => symmetric_expr(e, heap_vars),
                Stmt::Again => true,
                Stmt::Assign { index, value, .. } => {
                    is_heap_var(index, heap_vars) && symmetric_expr(value, heap_vars)
                }
                Stmt::Remove(index) => is_heap_var(index, heap_vars),
                Stmt::Becomes(_) => false,
                Stmt::For { lo, hi, body, .. } => {
                    symmetric_expr(lo, heap_vars)
                        && symmetric_expr(hi, heap_vars)
                        && alike(body, heap_vars)
                }
                Stmt::If {
                    condition,
                    then,
                    otherwise,
                } => {
                    symmetric_expr(condition, heap_vars)
                        && alike(then, heap_vars)
                        && alike(otherwise, heap_vars)
                }
            };
    }
    heap_vars.truncate(scope);
    ok
}

fn is_heap_var(index: &Expr, heap_vars: &[usize]) -> bool {
    matches!(index, Expr::Var(s) if heap_vars.contains(s))
}

/// Whether `e` names heaps only through heap variables, reads those only
/// there, and never reads the heaps' order.
fn symmetric_expr(e: &Expr, heap_vars: &[usize]) -> bool {
    let ok = |e: &Expr| symmetric_expr(e, heap_vars);
    match e {
        Expr::HeapAt(index) => is_heap_var(index, heap_vars),
        Expr::Var(s) => !heap_vars.contains(s),
        // A count reads every heap (a board's every cell), whatever order.
        Expr::Monotone(_) | Expr::Cell(..) | Expr::CellPlace(..) | Expr::Count(..) => false,
        Expr::Const(_) | Expr::Amount | Expr::Heap | Expr::Len => true,
        Expr::Neg(a) | Expr::Not(a) | Expr::Is(a, _) | Expr::Each(_, a) | Expr::Item(_, a) => ok(a),
        Expr::Binary(_, a, b) => ok(a) && ok(b),
        Expr::Call(_, args) => args.iter().all(ok),
    }
}

/// The places (from 0) of the heaps `block` names, where it names each by a
/// fixed place (`a` of `position (a, b)`, `h[2]`) and reads nothing else of
/// the position (`len`, every heap at once, a board's cells), adds or
/// removes no heap, becomes no sum, scores nothing and does not move
/// again: its moves from a position then depend on those heaps alone, and
/// change no other. `None` for any other block, and for one that names no
/// heap.
pub(crate) fn fixed_places(block: &Block) -> Option<Vec<usize>> {
    let mut places = Vec::new();
    statements_at(&block.body, &mut places).then_some(())?;
    places.sort_unstable();
    places.dedup();
    (!places.is_empty()).then_some(places)
}

/// Whether `statements` name heaps only at fixed places, added to
/// `places` (see `fixed_places`).
fn statements_at(statements: &[Stmt], places: &mut Vec<usize>) -> bool {
    statements.iter().all(|s| match s {
        Stmt::Choose { lo, hi, .. } => expr_at(lo, places) && expr_at(hi, places),
        Stmt::Require(e) | Stmt::Let { value: e, .. } => expr_at(e, places),
        Stmt::Assign { index, value, .. } => place(index, places) && expr_at(value, places),
        Stmt::For { lo, hi, body, .. } => {
            expr_at(lo, places) && expr_at(hi, places) && statements_at(body, places)
        }
        Stmt::If {
            condition,
            then,
            otherwise,
        } => {
            expr_at(condition, places)
                && statements_at(then, places)
                && statements_at(otherwise, places)
        }
        Stmt::Append(_) | Stmt::Remove(_) | Stmt::Becomes(_) | Stmt::Score(_) | Stmt::Again => {
            false
        }
    })
}

/// Whether `index` is a fixed place (a number from 1), added to `places`.
fn place(index: &Expr, places: &mut Vec<usize>) -> bool {
    match index {
        Expr::Const(n) if *n >= 1 => usize::try_from(n - 1).map(|p| places.push(p)).is_ok(),
        _ => false,
    }
}

/// Whether `e` names heaps only at fixed places, added to `places`.
fn expr_at(e: &Expr, places: &mut Vec<usize>) -> bool {
    match e {
        Expr::HeapAt(index) => place(index, places),
        Expr::Len
        | Expr::Heap
        | Expr::Amount
        | Expr::Each(..)
        | Expr::Monotone(_)
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Count(..) => false,
        Expr::Const(_) | Expr::Var(_) => true,
        Expr::Neg(a) | Expr::Not(a) | Expr::Is(a, _) | Expr::Item(_, a) => expr_at(a, places),
        Expr::Binary(_, a, b) => expr_at(a, places) && expr_at(b, places),
        Expr::Call(_, args) => args.iter().all(|a| expr_at(a, places)),
    }
}
