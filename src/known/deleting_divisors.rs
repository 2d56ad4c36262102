//! Deleting divisors: one heap; a move takes a divisor d of the heap n with
//! 1 < d < n; normal play. (Codeforces Round #726, problem 1537D, "Deleting
//! Divisors", 2021: the first player wins iff n is even and not an odd power
//! of 2.)
//!
//! The proof, by induction on n (the problem's editorial argues so):
//! - An odd n is P. Each divisor d of an odd n is odd, so n - d is even and
//!   has the odd divisor d > 1: an even heap with an odd divisor above 1.
//! - An even n with an odd divisor d > 1 is N: taking d leaves n - d, odd,
//!   so P.
//! - n = 2^k: its divisors are 2^i, and n - 2^i = 2^i (2^(k-i) - 1) has an
//!   odd divisor above 1 (so is N, above) unless i = k - 1, which leaves
//!   2^(k-1). 2 has no move (P); so 2^k is P iff 2^(k-1) is N, iff k is odd.
//!
//! The winning moves from an N heap n are the moves to P heaps: every odd
//! divisor d > 1 of n (n - d is odd); and d = n - 2^j where 2^j is the power
//! of 2 in [n/2, n) with j odd, when that d divides n (e.g. 12 - 4 = 8); from
//! n = 2^k with k even, d = 2^(k-1) alone. The odd divisors are found by
//! trial division to the square root of n's odd part, up to `TRIAL`; past it
//! the count is a lower bound and the moves listed are those found, by d.
//! The Grundy values are not given (for a heap small enough the search
//! finds them).

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::closed::{Closed, Entry, Known, WinningMoves};
use super::nim::Collector;
use crate::position::Outcome;
use crate::rules::expr::{BinOp, Expr};
use crate::rules::{AmountBase, Amounts, AssignOp, Game, MoveKind, Stmt, Target};

pub static ENTRY: Entry = Entry {
    id: "deleting_divisors",
    recognises: "heaps 1; take 2.. where k divides h and k < h (or take 1.. with k > 1; `h % k == 0` for `k divides h`; `k != h` or `h > k` for `k < h`, in any order), or the block `choose d in 2..h[1] - 1; require d divides h[1]; h[1] -= d` spelled alike; normal play",
    formula: "n is N iff n is even and not 2^k with k odd; outcome only",
    source: "Codeforces Round #726, problem 1537D \"Deleting Divisors\" (2021) and its editorial's proof (in src/known/deleting_divisors.rs)",
    recognise,
};

/// The greatest trial divisor of a heap's odd part tried for its winning
/// moves (a 256th of it past 64 bits): a heap whose odd part is below its
/// square is answered exactly.
const TRIAL: u64 = 1 << 20;

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere || game.heap_count != Some(1) {
        return None;
    }
    let (lo, terms, mut below) = match super::closed::only_rule(game)? {
        MoveKind::Take {
            amounts:
                Amounts {
                    base: AmountBase::Range { lo, hi: None },
                    condition: Some(condition),
                },
            target: Target::One,
            split_rest: None,
        } => (
            lo.clone(),
            condition.conjuncts().into_iter().cloned().collect(),
            false,
        ),
        MoveKind::Block(block) => as_take(&block.body)?,
        _ => return None,
    };
    let (mut divides, mut above_one) = (false, lo == BigInt::from(2));
    if !above_one && lo != BigInt::one() {
        return None;
    }
    for term in &terms {
        if is_divides(term) {
            divides = true;
        } else if is_below_heap(term) {
            below = true;
        } else if is_above_one(term) {
            above_one = true;
        } else {
            return None;
        }
    }
    (divides && below && above_one).then(|| Box::new(DeletingDivisors) as Box<dyn Known>)
}

/// The block `choose d in LO..h[1] - 1` (or `..h[1]`), `require`s, then
/// `h[1] -= d` (or `h[1] = h[1] - d`), read as `take LO.. where ...`: its
/// least amount, its conditions with `d` the amount `k` and `h[1]` the heap
/// `h`, and whether the range's top already keeps d below the heap.
fn as_take(body: &[Stmt]) -> Option<(BigInt, Vec<Expr>, bool)> {
    let [Stmt::Choose { slot, lo, hi }, requires @ .., last] = body else {
        return None;
    };
    let heap = Expr::HeapAt(Box::new(Expr::Const(1)));
    let taken = match last {
        Stmt::Assign {
            index: Expr::Const(1),
            op: AssignOp::Sub,
            value: Expr::Var(d),
        } => *d == *slot,
        Stmt::Assign {
            index: Expr::Const(1),
            op: AssignOp::Set,
            value: Expr::Binary(BinOp::Sub, h, d),
        } => **h == heap && **d == Expr::Var(*slot),
        _ => false,
    };
    let Expr::Const(lo) = lo else { return None };
    let below = match hi {
        Expr::Binary(BinOp::Sub, h, one) => **h == heap && **one == Expr::Const(1),
        h if *h == heap => false,
        _ => return None,
    };
    let mut terms = Vec::new();
    for stmt in requires {
        let Stmt::Require(condition) = stmt else {
            return None;
        };
        for term in condition.conjuncts() {
            terms.push(amount_and_heap(term, *slot)?);
        }
    }
    taken.then(|| (BigInt::from(*lo), terms, below))
}

/// `e` with the block's variable `slot` read as the amount `k` and `h[1]`
/// as the heap `h`; `None` where it reads anything else.
fn amount_and_heap(e: &Expr, slot: usize) -> Option<Expr> {
    Some(match e {
        Expr::Const(c) => Expr::Const(*c),
        Expr::Var(s) if *s == slot => Expr::Amount,
        Expr::HeapAt(i) if **i == Expr::Const(1) => Expr::Heap,
        Expr::Binary(op, a, b) => Expr::Binary(
            *op,
            Box::new(amount_and_heap(a, slot)?),
            Box::new(amount_and_heap(b, slot)?),
        ),
        _ => return None,
    })
}

/// `k divides h`, `h % k == 0` or `0 == h % k`.
fn is_divides(e: &Expr) -> bool {
    let rem = |e: &Expr| matches!(e, Expr::Binary(BinOp::Rem, h, k) if **h == Expr::Heap && **k == Expr::Amount);
    match e {
        Expr::Binary(BinOp::Divides, k, h) => **k == Expr::Amount && **h == Expr::Heap,
        Expr::Binary(BinOp::Eq, a, b) => {
            (rem(a) && **b == Expr::Const(0)) || (rem(b) && **a == Expr::Const(0))
        }
        _ => false,
    }
}

/// `k < h`, `h > k`, `k != h` or `h != k` (an amount is at most the heap).
fn is_below_heap(e: &Expr) -> bool {
    match e {
        Expr::Binary(BinOp::Lt | BinOp::Ne, a, b) if **a == Expr::Amount && **b == Expr::Heap => {
            true
        }
        Expr::Binary(BinOp::Gt | BinOp::Ne, a, b) => **a == Expr::Heap && **b == Expr::Amount,
        _ => false,
    }
}

/// `k > 1`, `k >= 2`, `k != 1`, `1 < k` or `2 <= k`.
fn is_above_one(e: &Expr) -> bool {
    let (one, two) = (Expr::Const(1), Expr::Const(2));
    match e {
        Expr::Binary(BinOp::Gt | BinOp::Ne, a, b) if **a == Expr::Amount => **b == one,
        Expr::Binary(BinOp::Ge, a, b) if **a == Expr::Amount => **b == two,
        Expr::Binary(BinOp::Lt | BinOp::Ne, a, b) if **b == Expr::Amount => **a == one,
        Expr::Binary(BinOp::Le, a, b) if **b == Expr::Amount => **a == two,
        _ => false,
    }
}

struct DeletingDivisors;

impl Known for DeletingDivisors {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "n is N iff n is even and not 2^k with k odd".to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let n = heaps.first().cloned().unwrap_or_default();
        let twos = n.trailing_zeros().unwrap_or(0);
        let odd = &n >> twos;
        let power = odd.is_one();
        let p = n.is_zero() || twos == 0 || (power && twos % 2 == 1);
        let mut winning = Collector::new(max_moves);
        let mut at_least = false;
        if !p {
            let mut takes: Vec<BigUint> = Vec::new();
            if power {
                takes.push(BigUint::one() << (twos - 1));
            } else {
                at_least = !odd_divisors(&odd, &mut takes);
                // To the power of 2 in [n/2, n), where its exponent is odd.
                let j = n.bits() - 1;
                let d = &n - (BigUint::one() << j);
                if j % 2 == 1 && d > BigUint::one() && n.is_multiple_of(&d) {
                    takes.push(d);
                }
            }
            takes.sort();
            for d in takes {
                winning.push(0, || vec![&n - &d]);
            }
        }
        let WinningMoves { count, moves, .. } = winning.finish();
        Closed {
            outcome: Outcome::p_if(p),
            grundy: None,
            winning: WinningMoves {
                count,
                at_least,
                moves,
            },
        }
    }
}

/// Pushes the divisors above 1 of the odd number `m` found by trial division
/// to `TRIAL` (each with its cofactor); whether they are all of them (the
/// trial reached √m).
fn odd_divisors(m: &BigUint, out: &mut Vec<BigUint>) -> bool {
    let small = m.to_u64();
    // A number past 64 bits is divided as a big one: fewer trials.
    let trial = if small.is_some() { TRIAL } else { TRIAL >> 8 };
    let root = m.sqrt();
    let last = root.to_u64().map_or(trial, |r| r.min(trial));
    for d in (3..=last).step_by(2) {
        let divides = match small {
            Some(m) => m % d == 0,
            None => (m % d).is_zero(),
        };
        if divides {
            out.push(d.into());
            out.push(m / d);
        }
    }
    if !m.is_one() {
        out.push(m.clone());
    }
    out.sort();
    out.dedup();
    root <= BigUint::from(last)
}
