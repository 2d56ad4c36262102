//! Empty-and-divide: two boxes; a move empties one box and splits the other's
//! stones between both, neither left empty; (1, 1) is the end; normal play.
//!
//! Ferguson, Game Theory, Part I (exercises of ch. 1), and seed 002: a
//! position is P iff both boxes are odd. Odd boxes cannot be split into two
//! odd ones, and an even box (>= 2) can: into (a, v - a) for every
//! odd a, v/2 ways. So from (x, y) the winning moves are the splits of y (box 1
//! emptied) into two odd boxes, then those of x, as the search lists them;
//! when x = y both lists are the same positions, and each is a move (a box
//! emptied is a choice of its own: LANGUAGE.md, "What a move is").
//!
//! The Grundy value: the number of trailing 1 bits of (x - 1) | (y - 1),
//! found by computing and checked against the search in
//! tests/it/known_pairs.rs. It is 0 exactly when x - 1 and y - 1 are both even,
//! which is seed 002's rule.
//!
//! Without the `each >= 1` invariant, a box may be empty: an empty box, like
//! a box of 1, cannot be split, and every move leaves two nonempty boxes, so
//! the same formulas hold with 0 counted as 1 (P iff each box is odd or 0).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::closed::{Closed, Entry, Known, KnownMove};
use super::nim::Collector;
use crate::position::Outcome;
use crate::rules::expr::{BinOp, Expr};
use crate::rules::{Game, MoveKind, Split};

pub static ENTRY: Entry = Entry {
    id: "empty_and_divide",
    recognises: "heaps 2 where each >= 1 (or each > 0, or no invariant); empty one heap and split the other into 2 nonempty heaps; normal play",
    formula: "P iff both boxes are odd (a box of 0 counts as 1); the Grundy value is the number of trailing 1 bits of (x - 1) | (y - 1)",
    source: "Empty and Divide: T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, exercises of ch. 1 (P iff both boxes are odd); the Grundy value found by computing, and checked against the search",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere || game.heap_count != Some(2) {
        return None;
    }
    let nonempty = match &game.invariant {
        None => false,
        Some(invariant) if is_each_nonempty(&invariant.expr) => true,
        Some(_) => return None,
    };
    let [rule] = game.rules.as_slice() else {
        return None;
    };
    let split = Split {
        nonempty: true,
        unequal: false,
    };
    (rule.kind == MoveKind::EmptyAndSplit(split))
        .then(|| Box::new(EmptyAndDivide { nonempty }) as Box<dyn Known>)
}

/// `each >= 1` or `each > 0`.
fn is_each_nonempty(expr: &Expr) -> bool {
    match expr {
        Expr::Each(BinOp::Ge, bound) => **bound == Expr::Const(1),
        Expr::Each(BinOp::Gt, bound) => **bound == Expr::Const(0),
        _ => false,
    }
}

struct EmptyAndDivide {
    /// Whether the game says `each >= 1` (the rule's wording only).
    nonempty: bool,
}

impl Known for EmptyAndDivide {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        if self.nonempty {
            "(x, y) is P iff x and y are both odd".to_string()
        } else {
            "(x, y) is P iff x and y are both odd or 0".to_string()
        }
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let [x, y] = heaps else {
            // Not a position of a `heaps 2` game: the caller checks positions
            // before asking, so this is never reached; answer without moves.
            return Closed {
                outcome: Outcome::P,
                grundy: None,
                winning: Default::default(),
            };
        };
        let grundy = trailing_ones(&(minus_one(x) | minus_one(y)));
        let mut winning = Collector::new(max_moves);
        // The search's order: splits of y first, then of x.
        odd_splits(y, &mut winning);
        odd_splits(x, &mut winning);
        Closed {
            outcome: Outcome::p_if(grundy.is_zero()),
            grundy: Some(grundy),
            winning: winning.finish(),
        }
    }
}

/// v - 1, with 0 counted as 1.
fn minus_one(v: &BigUint) -> BigUint {
    if v.is_zero() {
        BigUint::zero()
    } else {
        v - 1u32
    }
}

fn trailing_ones(v: &BigUint) -> BigUint {
    // v + 1 >= 1 has a lowest set bit.
    BigUint::from((v + 1u32).trailing_zeros().unwrap_or(0))
}

/// The splits of an even box v >= 2 into (a, v - a), a = 1, 3, ..., v - 1:
/// all v / 2 counted, the first listed. An odd box (or 0) has none.
fn odd_splits(v: &BigUint, out: &mut Collector) {
    if v.is_odd() || v.is_zero() {
        return;
    }
    let count: BigUint = v >> 1u32;
    // Listing stops at the collector's room; `count` may be huge.
    let room = out.room();
    let listed = count.to_usize().map_or(room, |c| c.min(room));
    let mut moves = Vec::with_capacity(listed);
    let mut a = BigUint::one();
    while moves.len() < listed {
        moves.push(KnownMove {
            rule: 0,
            to: vec![a.clone(), v - &a],
        });
        a += 2u32;
    }
    out.extend(&count, moves);
}
