//! Whether every play of a board game ends, proven once from its blocks:
//! then a search may value a position alone, by alpha-beta, without
//! visiting every position below it to find a play that comes back
//! (`search::graphs::scoring::pruned`).
//!
//! The proof is a measure that falls with every move (Floyd, "Assigning
//! meanings to programs", 1967: a well-founded quantity every step
//! lowers). Let W be the characters the rules write into cells (every
//! assignment to a cell writes a character, `b[r, c] = '-'`), and call a
//! cell fresh while its character is not in W. No move makes a cell
//! fresh: it writes only characters of W. Every move makes one fresh
//! cell stale: each rule, at its top level, requires a cell to hold a
//! character not in W (`require b[r, c] == '.'`, or one of an `and` of
//! tests), then writes that same cell — the same row and column
//! expressions, of the block's variables and numbers alone, none of them
//! chosen or set again between. So the fresh cells fall by one at least
//! with every move, and a play from a board of n fresh cells is at most n
//! moves long.

use crate::rules::expr::{BinOp, Expr};
use crate::rules::{AssignOp, Game, MoveKind, Stmt};

/// Whether every play of `game`, a board, is proven to end.
pub(crate) fn plays_end(game: &Game) -> bool {
    if !game.board || game.rules.is_empty() {
        return false;
    }
    let mut written = Vec::new();
    let mut bodies = Vec::new();
    for rule in &game.rules {
        let MoveKind::Block(block) = &rule.kind else {
            return false;
        };
        if !writes(&block.body, &mut written) {
            return false;
        }
        bodies.push(&block.body);
    }
    bodies.into_iter().all(|body| stales(body, &written))
}

/// Adds what `body` writes into cells to `written`; false where it writes
/// anything else (a heap, a character not a number, a heap added or
/// removed).
fn writes(body: &[Stmt], written: &mut Vec<i128>) -> bool {
    body.iter().all(|s| match s {
        Stmt::Assign {
            index: Expr::CellPlace(..),
            op: AssignOp::Set,
            value: Expr::Const(v),
        } => {
            written.push(*v);
            true
        }
        Stmt::Assign { .. } | Stmt::Append(_) | Stmt::Remove(_) | Stmt::Becomes(_) => false,
        Stmt::For { body, .. } => writes(body, written),
        Stmt::If {
            then, otherwise, ..
        } => writes(then, written) && writes(otherwise, written),
        Stmt::Choose { .. } | Stmt::Require(_) | Stmt::Let { .. } => true,
        Stmt::Score(_) | Stmt::Again => true,
    })
}

/// Whether `body` requires, at its top level, a cell to hold a character
/// not `written`, and then writes that cell at its top level.
fn stales(body: &[Stmt], written: &[i128]) -> bool {
    body.iter().enumerate().any(|(i, s)| {
        let Stmt::Require(condition) = s else {
            return false;
        };
        fresh_cells(condition, written).into_iter().any(|(r, c)| {
            let mut slots = Vec::new();
            if !(of_slots(r, &mut slots) && of_slots(c, &mut slots)) {
                return false;
            }
            // The first statement after the require that sets one of the
            // cell's variables ends the search for its write.
            body[i + 1..]
                .iter()
                .take_while(|s| !sets_any(s, &slots))
                .any(|s| match s {
                    Stmt::Assign {
                        index: Expr::CellPlace(a, b),
                        ..
                    } => **a == *r && **b == *c,
                    _ => false,
                })
        })
    })
}

/// The cells `condition` requires to hold a character not `written`: it,
/// or one of the tests of its `and`s, is `b[r, c] == 'x'` (either way
/// round).
fn fresh_cells<'a>(condition: &'a Expr, written: &[i128]) -> Vec<(&'a Expr, &'a Expr)> {
    match condition {
        Expr::Binary(BinOp::And, a, b) => {
            let mut cells = fresh_cells(a, written);
            cells.extend(fresh_cells(b, written));
            cells
        }
        Expr::Binary(BinOp::Eq, a, b) => match (&**a, &**b) {
            (Expr::Cell(r, c), Expr::Const(v)) | (Expr::Const(v), Expr::Cell(r, c))
                if !written.contains(v) =>
            {
                vec![(&**r, &**c)]
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Adds the variables `e` reads to `slots`; false where it reads anything
/// but variables and numbers (a cell, a heap), which a move could change.
fn of_slots(e: &Expr, slots: &mut Vec<usize>) -> bool {
    match e {
        Expr::Const(_) => true,
        Expr::Var(s) => {
            slots.push(*s);
            true
        }
        Expr::Neg(a) => of_slots(a, slots),
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => {
            of_slots(a, slots) && of_slots(b, slots)
        }
        _ => false,
    }
}

/// Whether `s` (or a statement within it) chooses or sets a variable of
/// `slots`.
fn sets_any(s: &Stmt, slots: &[usize]) -> bool {
    match s {
        Stmt::Choose { slot, .. } | Stmt::Let { slot, .. } => slots.contains(slot),
        Stmt::For { slot, body, .. } => {
            slots.contains(slot) || body.iter().any(|s| sets_any(s, slots))
        }
        Stmt::If {
            then, otherwise, ..
        } => then.iter().chain(otherwise).any(|s| sets_any(s, slots)),
        _ => false,
    }
}
