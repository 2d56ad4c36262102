//! Whether a board game's rules turn with the board, proven once from the
//! blocks: then a search may hold a board once up to its turns and
//! reflections without checking the rules at every position
//! (`search::graphs::turns` checks them there otherwise). A block is
//! proven here, or by `directed` where its cells lie along directions it
//! chooses.
//!
//! A rule is proven where it is a move block that begins `choose r in
//! 1..rows` and `choose c in 1..cols` (either first: an anchor on every
//! cell), and reads the anchor, and the board, only as cells at constant
//! offsets from it (`b[r - 1, c + 2]`): no `rows`, `cols`, heap by place
//! or count of cells. Let T be a turn of the board (a rotation or
//! reflection that keeps its shape) and L its linear part; T maps the
//! board's cells one to one, and the cells off it (each reads `#`) to
//! cells off it. The rule run at T(a) on T(p) reads cell T(a) + d of T(p),
//! which is cell a + L⁻¹(d) of p: its moves from T(p) are the images by T
//! of the moves the rule makes from p with every offset d turned to
//! L⁻¹(d). So where the rule with its offsets turned by each L of the
//! group is the same rule, every turn of a position has the turned moves,
//! points and `again`, as the search needs.
//!
//! "The same rule" is proven by bringing both to one normal form (`swap`'s
//! for expressions: a chain of `and` of cell tests in any order, and the
//! like) and comparing them; a run of statements that are `if`s,
//! assignments to cells, `score +=` and `again`, each writing no cell
//! another of the run reads or writes, is sorted (they leave the same in
//! any order: the points add, `again` is set or not).

use super::anchor::anchor;
use super::directed;
use super::orientation::Orientation;
use super::swap::{map_expr, map_stmt, normal_expr};
use crate::rules::expr::{BinOp, Expr};
use crate::rules::{Game, MoveKind, Stmt};

/// Whether every rule of `game` is proven to turn with its board (each
/// block by its offsets, or by its directions: `directed`).
pub(crate) fn turns_with_board(game: &Game) -> bool {
    game.board
        && game.invariant.is_none()
        && game.ends.is_empty()
        && !game.rules.is_empty()
        && (game.rules.iter()).all(|rule| match &rule.kind {
            MoveKind::Block(block) => {
                block_turns(&block.body) || directed::block_turns(&block.body)
            }
            _ => false,
        })
}

fn block_turns(body: &[Stmt]) -> bool {
    let Some(((r, c), rest)) = anchor(body) else {
        return false;
    };
    let Some(anchored) = rest
        .iter()
        .map(|s| anchored_stmt(s, (r, c)))
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let normal = normal_stmts(&anchored);
    Orientation::all().skip(1).all(|turn| {
        let turned: Vec<Stmt> = anchored.iter().map(|s| turned_stmt(s, turn)).collect();
        normal_stmts(&turned) == normal
    })
}

/// A cell at an offset from the anchor, as it is kept here: `Cell(dr,
/// dc)` with constants, the anchor's variables gone.
fn offset_cell(dr: i128, dc: i128, place: bool) -> Expr {
    let (r, c) = (Box::new(Expr::Const(dr)), Box::new(Expr::Const(dc)));
    match place {
        false => Expr::Cell(r, c),
        true => Expr::CellPlace(r, c),
    }
}

/// `e` as an offset from anchor variable `v`: `v`, `v + k`, `v - k`,
/// `k + v`, with k within 64 bits (so that a turn of it is one too).
fn offset(e: &Expr, v: usize) -> Option<i128> {
    let k = match e {
        Expr::Var(s) if *s == v => Some(0),
        Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
            (Expr::Var(s), Expr::Const(k)) | (Expr::Const(k), Expr::Var(s)) if *s == v => Some(*k),
            _ => None,
        },
        Expr::Binary(BinOp::Sub, a, b) => match (&**a, &**b) {
            (Expr::Var(s), Expr::Const(k)) if *s == v => k.checked_neg(),
            _ => None,
        },
        _ => None,
    }?;
    i64::try_from(k).is_ok().then_some(k)
}

/// `e` with every cell written as its offset from the anchor (`r`, `c`);
/// `None` where it reads the anchor or the board otherwise.
fn anchored_expr(e: &Expr, (r, c): (usize, usize)) -> Option<Expr> {
    let fine = std::cell::Cell::new(true);
    let out = map_expr(e, &|x| match x {
        Expr::Cell(a, b) | Expr::CellPlace(a, b) => match (offset(a, r), offset(b, c)) {
            (Some(dr), Some(dc)) => Some(offset_cell(dr, dc, matches!(x, Expr::CellPlace(..)))),
            _ => {
                fine.set(false);
                Some(Expr::Const(0))
            }
        },
        Expr::Var(s) if *s == r || *s == c => {
            fine.set(false);
            Some(Expr::Const(0))
        }
        Expr::HeapAt(_) | Expr::Len | Expr::Each(..) | Expr::Monotone(_) | Expr::Count(..) => {
            fine.set(false);
            Some(Expr::Const(0))
        }
        _ => None,
    });
    fine.get().then_some(out)
}

fn anchored_stmt(s: &Stmt, anchor: (usize, usize)) -> Option<Stmt> {
    // A board keeps its cells: no heap added, removed or made a sum.
    let reshapes = |s: &Stmt| matches!(s, Stmt::Append(_) | Stmt::Remove(_) | Stmt::Becomes(_));
    if Stmt::any(std::slice::from_ref(s), &reshapes) {
        return None;
    }
    let fine = std::cell::Cell::new(true);
    let out = map_stmt(
        s,
        &|slot| slot,
        &|e| {
            anchored_expr(e, anchor).unwrap_or_else(|| {
                fine.set(false);
                Expr::Const(0)
            })
        },
        &|body| {
            (body.iter())
                .map(|s| {
                    anchored_stmt(s, anchor).unwrap_or_else(|| {
                        fine.set(false);
                        Stmt::Again
                    })
                })
                .collect()
        },
    );
    fine.get().then_some(out)
}

/// An anchored statement with every offset turned by `turn`.
fn turned_stmt(s: &Stmt, turn: Orientation) -> Stmt {
    map_stmt(s, &|slot| slot, &|e| turned_expr(e, turn), &|body| {
        body.iter().map(|s| turned_stmt(s, turn)).collect()
    })
}

fn turned_expr(e: &Expr, turn: Orientation) -> Expr {
    map_expr(e, &|x| match x {
        Expr::Cell(a, b) | Expr::CellPlace(a, b) => {
            let (Expr::Const(dr), Expr::Const(dc)) = (&**a, &**b) else {
                return None;
            };
            // Within 64 bits (`offset`).
            let (dr, dc) = (i64::try_from(*dr).ok()?, i64::try_from(*dc).ok()?);
            let (dr, dc) = turn.offset((dr, dc));
            Some(offset_cell(
                dr.into(),
                dc.into(),
                matches!(x, Expr::CellPlace(..)),
            ))
        }
        _ => None,
    })
}

/// The normal form of anchored statements (see the module's notes).
fn normal_stmts(statements: &[Stmt]) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = (statements.iter())
        .map(|s| map_stmt(s, &|slot| slot, &normal_expr, &|body| normal_stmts(body)))
        .collect();
    // Sorted where neighbours commute: a bubble sort of commuting runs.
    let mut moved = true;
    while moved {
        moved = false;
        for i in 1..out.len() {
            if commute(&out[i - 1], &out[i])
                && format!("{:?}", out[i - 1]) > format!("{:?}", out[i])
            {
                out.swap(i - 1, i);
                moved = true;
            }
        }
    }
    out
}

/// The cells a statement reads and writes, as offsets; `None` where it is
/// not one that may commute (see the module's notes).
fn effects(s: &Stmt, reads: &mut Vec<Expr>, writes: &mut Vec<Expr>) -> Option<()> {
    let cells = |e: &Expr, out: &mut Vec<Expr>| {
        let found = std::cell::RefCell::new(Vec::new());
        map_expr(e, &|x| {
            if let Expr::Cell(..) = x {
                found.borrow_mut().push(x.clone());
            }
            None
        });
        out.extend(found.into_inner());
    };
    match s {
        Stmt::Assign { index, value, .. } => {
            let Expr::CellPlace(a, b) = index else {
                return None;
            };
            writes.push(Expr::Cell(a.clone(), b.clone()));
            // `+=` and `-=` read the cell too (`=` counted alike: no
            // more than it needs).
            reads.push(Expr::Cell(a.clone(), b.clone()));
            cells(value, reads);
        }
        Stmt::If {
            condition,
            then,
            otherwise,
        } => {
            cells(condition, reads);
            for s in then.iter().chain(otherwise) {
                effects(s, reads, writes)?;
            }
        }
        Stmt::Score(x) => cells(x, reads),
        Stmt::Again => {}
        _ => return None,
    }
    Some(())
}

/// Whether `a` and `b` leave the same in either order.
fn commute(a: &Stmt, b: &Stmt) -> bool {
    let (mut ra, mut wa, mut rb, mut wb) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if effects(a, &mut ra, &mut wa).is_none() || effects(b, &mut rb, &mut wb).is_none() {
        return false;
    }
    let meets = |w: &[Expr], r: &[Expr]| w.iter().any(|x| r.contains(x));
    !meets(&wa, &rb) && !meets(&wa, &wb) && !meets(&wb, &ra)
}
