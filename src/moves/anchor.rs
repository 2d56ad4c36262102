//! The anchor of a board's move block: `choose r in 1..rows` and `choose c
//! in 1..cols` (either first), the block run at every cell. The proofs
//! that a block turns with the board start from it (`turning`,
//! `directed`).

use crate::rules::Stmt;
use crate::rules::expr::Expr;

/// `rows` and `cols`: the board's first two heaps.
fn side(n: i128) -> Expr {
    Expr::HeapAt(Box::new(Expr::Const(n)))
}

/// The anchor of a block that begins `choose r in 1..rows` and `choose c
/// in 1..cols` (either first): the slots of its row and its column, and
/// the statements after.
pub(super) fn anchor(body: &[Stmt]) -> Option<((usize, usize), &[Stmt])> {
    let [
        Stmt::Choose {
            slot: first,
            lo: lo1,
            hi: hi1,
        },
        Stmt::Choose {
            slot: second,
            lo: lo2,
            hi: hi2,
        },
        rest @ ..,
    ] = body
    else {
        return None;
    };
    let one = Expr::Const(1);
    let anchor = match (hi1, hi2) {
        _ if *lo1 != one || *lo2 != one => return None,
        (a, b) if *a == side(1) && *b == side(2) => (*first, *second),
        (a, b) if *a == side(2) && *b == side(1) => (*second, *first),
        _ => return None,
    };
    Some((anchor, rest))
}
