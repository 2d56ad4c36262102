//! Conditions in lowered rules (amount conditions and heap invariants), with
//! parameters already replaced by their values, and their evaluation.
//!
//! Evaluation is exact: 128-bit integers with every operation checked, so an
//! overflow is an error, never a wrong answer.

use std::fmt;

pub use crate::syntax::ast::{BinOp, Func, Monotone, Property};

/// A lowered expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A number (parameters are numbers by now).
    Const(i128),
    /// `k`: the amount a move takes.
    Amount,
    /// `h`: the heap a move takes from, before the move.
    Heap,
    /// `h[i]`, 1-based.
    HeapAt(Box<Expr>),
    /// `len`: the number of heaps.
    Len,
    /// `b[r, c]`: a board's cell (row r, column c, from 1), its character's
    /// code point; `'#'` off the board. A board is kept as heaps: its rows,
    /// its columns, then its cells row by row.
    Cell(Box<Expr>, Box<Expr>),
    /// The heap (from 1) that holds a board's cell `b[r, c]`, for a move
    /// block that changes it: an error off the board.
    CellPlace(Box<Expr>, Box<Expr>),
    /// A move block's variable, by its slot.
    Var(usize),
    /// `T[i]`: item i (1-based) of a list parameter.
    Item(std::sync::Arc<List>, Box<Expr>),
    /// `-x`.
    Neg(Box<Expr>),
    /// `not x`.
    Not(Box<Expr>),
    /// `a OP b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `min(...)`, `max(...)`.
    Call(Func, Vec<Expr>),
    /// `x is prime` and the like.
    Is(Box<Expr>, Property),
    /// `each OP x`: every heap compares so.
    Each(BinOp, Box<Expr>),
    /// `nonincreasing`, `nondecreasing`.
    Monotone(Monotone),
    /// `count(x)`: how many heaps from the given index on (0; a board's
    /// cells: 2, after its rows and columns) equal x.
    Count(Box<Expr>, usize),
}

/// A list parameter's value, with its name for messages.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct List {
    /// Its name, as written.
    pub name: String,
    /// Its items, in order.
    pub items: Vec<i128>,
}

impl List {
    /// Item `index` of `list` (1-based), or the error of an index past it.
    pub fn item(list: &std::sync::Arc<List>, index: i128) -> Result<i128> {
        place(index, list.items.len())
            .map(|i| list.items[i])
            .ok_or_else(|| EvalError::ItemIndex {
                list: list.clone(),
                index,
            })
    }
}

/// What names mean while a condition is evaluated.
#[derive(Clone, Copy, Debug)]
pub struct Env<'a> {
    /// `k`: the amount a move takes.
    pub amount: i128,
    /// `h`: the heap it takes from, before the move.
    pub heap: i128,
    /// The position's heaps.
    pub heaps: &'a [u64],
    /// A move block's variables, by slot.
    pub vars: &'a [i128],
}

impl<'a> Env<'a> {
    #[inline(always)]
    fn heap_at(&self, index: i128) -> Result<i128> {
        heap_at(self.heaps, index)
    }

    /// For invariants, which see only the position.
    pub fn position(heaps: &'a [u64]) -> Self {
        Env {
            amount: 0,
            heap: 0,
            heaps,
            vars: &[],
        }
    }
}

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A result past 128 bits.
    Overflow,
    /// `/` or `%` by 0.
    DivisionByZero,
    /// `h[index]` past the heaps.
    HeapIndex {
        /// The index asked for, from 1.
        index: i128,
        /// How many heaps there are.
        len: usize,
    },
    /// A move block would change `b[row, col]`, which is off the board.
    OffBoard {
        /// The row asked for, from 1.
        row: i128,
        /// The column asked for, from 1.
        col: i128,
    },
    /// `T[i]` past the list `T`'s items.
    ItemIndex {
        /// The list.
        list: std::sync::Arc<List>,
        /// The index asked for, from 1.
        index: i128,
    },
    /// `x is prime` of a number too large to test.
    PrimeTooLarge(i128),
    /// A move block would set heap `index` (1-based) to `value`, which no
    /// heap can hold.
    HeapValue {
        /// The heap, from 1.
        index: usize,
        /// The value it would get.
        value: i128,
    },
    /// Loops of a move block with a `choose` inside, nested or not, would
    /// run this many iterations deep.
    TooManyIterations {
        /// How many.
        count: i128,
    },
    /// A move block would take more than `limit` steps (values chosen, loop
    /// iterations) from one position.
    TooManySteps {
        /// The most steps allowed.
        limit: u64,
    },
    /// A move became a sum of positions (`becomes`) where only positions
    /// are taken: a search that does not take sums met the game.
    Sum,
    /// A `becomes` names a game that checking did not link.
    Unlinked {
        /// Its name, as written.
        name: String,
    },
    /// The search's budget of moves ran out while this rule's moves from
    /// one position were generated (the search reports its own error).
    OutOfBudget,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Overflow => f.write_str("an intermediate value does not fit in 128 bits"),
            EvalError::DivisionByZero => f.write_str("division by zero"),
            EvalError::HeapIndex { index, len } => {
                write!(f, "h[{index}] does not exist: the position has {len} heaps")
            }
            EvalError::OffBoard { row, col } => write!(f, "b[{row}, {col}] is off the board"),
            EvalError::ItemIndex { list, index } => write!(
                f,
                "{name}[{index}] does not exist: the list {name} has {len} items",
                name = list.name,
                len = list.items.len()
            ),
            EvalError::PrimeTooLarge(n) => {
                write!(f, "`is prime` is only decided below 2^64, not for {n}")
            }
            EvalError::TooManyIterations { count } => write!(
                f,
                "loops with a `choose` inside would run {count} iterations deep, more than the 1000 allowed"
            ),
            EvalError::Sum => {
                f.write_str("the move becomes a sum of positions, which this search does not take")
            }
            EvalError::Unlinked { name } => write!(f, "the game `{name}` was not linked"),
            EvalError::OutOfBudget => {
                f.write_str("the search's budget of moves ran out at this position")
            }
            EvalError::TooManySteps { limit } => write!(
                f,
                "the block would take more than {limit} steps (values chosen and loop iterations) from this position"
            ),
            EvalError::HeapValue { index, value } => write!(
                f,
                "h[{index}] would become {value}, but a heap holds 0 to 2^64 - 1"
            ),
        }
    }
}

type Result<T> = std::result::Result<T, EvalError>;

impl Expr {
    /// The conjuncts of `a and b and …`, in the order they are evaluated
    /// (`a and b` evaluates b only where a holds).
    pub fn conjuncts(&self) -> Vec<&Expr> {
        fn push<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
            match e {
                Expr::Binary(BinOp::And, a, b) => {
                    push(a, out);
                    push(b, out);
                }
                _ => out.push(e),
            }
        }
        let mut out = Vec::new();
        push(self, &mut out);
        out
    }

    /// Whether it reads the move block's variable in `slot`.
    pub fn reads(&self, slot: usize) -> bool {
        match self {
            Expr::Var(s) => *s == slot,
            Expr::Const(_) | Expr::Amount | Expr::Heap | Expr::Len | Expr::Monotone(_) => false,
            Expr::HeapAt(a) | Expr::Item(_, a) | Expr::Neg(a) | Expr::Not(a) => a.reads(slot),
            Expr::Is(a, _) | Expr::Each(_, a) | Expr::Count(a, _) => a.reads(slot),
            Expr::Cell(a, b) | Expr::CellPlace(a, b) | Expr::Binary(_, a, b) => {
                a.reads(slot) || b.reads(slot)
            }
            Expr::Call(_, args) => args.iter().any(|a| a.reads(slot)),
        }
    }

    /// The value of a number-valued expression. The leaves most operands
    /// are (a constant, a variable) are read here, without a call.
    #[inline(always)]
    pub fn int(&self, env: &Env) -> Result<i128> {
        match self {
            Expr::Const(n) => Ok(*n),
            Expr::Var(slot) => env.vars.get(*slot).copied().ok_or(EvalError::Overflow),
            // A named part: a heap at a fixed place.
            Expr::HeapAt(index) if let Expr::Const(index) = **index => env.heap_at(index),
            _ => self.int_node(env),
        }
    }

    /// The value of a number-valued expression that is not a leaf.
    fn int_node(&self, env: &Env) -> Result<i128> {
        match self {
            Expr::Const(n) => Ok(*n),
            Expr::Amount => Ok(env.amount),
            Expr::Heap => Ok(env.heap),
            Expr::Len => Ok(env.heaps.len() as i128),
            Expr::Count(value, from) => {
                let value = value.int(env)?;
                let cells = env.heaps.get(*from..).unwrap_or(&[]);
                Ok(cells.iter().filter(|&&h| i128::from(h) == value).count() as i128)
            }
            Expr::Var(slot) => env.vars.get(*slot).copied().ok_or(EvalError::Overflow),
            Expr::HeapAt(index) => env.heap_at(index.int(env)?),
            Expr::Item(list, index) => List::item(list, index.int(env)?),
            Expr::Cell(r, c) => {
                let (r, c) = (r.int(env)?, c.int(env)?);
                Ok(cell_place(env.heaps, r, c).map_or(OFF_BOARD, |i| i128::from(env.heaps[i])))
            }
            Expr::CellPlace(r, c) => {
                let (row, col) = (r.int(env)?, c.int(env)?);
                match cell_place(env.heaps, row, col) {
                    Some(i) => Ok(i as i128 + 1),
                    None => Err(EvalError::OffBoard { row, col }),
                }
            }
            Expr::Neg(e) => e.int(env)?.checked_neg().ok_or(EvalError::Overflow),
            Expr::Binary(op, a, b) => arithmetic(*op, a.int(env)?, b.int(env)?),
            Expr::Call(func, args) => {
                let mut best: Option<i128> = None;
                for arg in args {
                    let v = arg.int(env)?;
                    best = Some(match (best, func) {
                        (None, _) => v,
                        (Some(b), Func::Min) => b.min(v),
                        (Some(b), Func::Max) => b.max(v),
                    });
                }
                Ok(best.unwrap_or(0))
            }
            // Conditions used as numbers do not pass lowering's kind check.
            _ => Ok(i128::from(self.truth(env)?)),
        }
    }

    /// The value of a condition.
    pub fn truth(&self, env: &Env) -> Result<bool> {
        match self {
            Expr::Not(e) => Ok(!e.truth(env)?),
            Expr::Binary(BinOp::And, a, b) => Ok(a.truth(env)? && b.truth(env)?),
            Expr::Binary(BinOp::Or, a, b) => Ok(a.truth(env)? || b.truth(env)?),
            Expr::Binary(op, a, b) => compare(*op, a.int(env)?, b.int(env)?),
            Expr::Is(e, property) => has_property(e.int(env)?, *property),
            Expr::Each(op, e) => {
                let bound = e.int(env)?;
                for &h in env.heaps {
                    if !compare(*op, i128::from(h), bound)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Expr::Monotone(Monotone::Nonincreasing) => {
                Ok(env.heaps.windows(2).all(|w| w[0] >= w[1]))
            }
            Expr::Monotone(Monotone::Nondecreasing) => {
                Ok(env.heaps.windows(2).all(|w| w[0] <= w[1]))
            }
            // Numbers used as conditions do not pass lowering's kind check.
            _ => Ok(self.int(env)? != 0),
        }
    }
}

/// `h[index]` (from 1) of `heaps`, or the error of an index past them.
#[inline(always)]
pub fn heap_at(heaps: &[u64], index: i128) -> Result<i128> {
    match place(index, heaps.len()) {
        Some(i) => Ok(i128::from(heaps[i])),
        None => Err(EvalError::HeapIndex {
            index,
            len: heaps.len(),
        }),
    }
}

/// The place (from 0) of heap `index` (from 1, as `h[index]` counts) in a
/// position of `len` heaps, if there is one.
pub fn place(index: i128, len: usize) -> Option<usize> {
    usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .filter(|&i| i < len)
}

/// What a cell off the board reads as: `'#'`, a removed cell.
pub const OFF_BOARD: i128 = '#' as i128;

/// The place in `heaps` (a board: rows, columns, then the cells row by
/// row) of cell (r, c), both from 1, where it is on the board.
pub fn cell_place(heaps: &[u64], r: i128, c: i128) -> Option<usize> {
    let (rows, cols) = (i128::from(*heaps.first()?), i128::from(*heaps.get(1)?));
    if !(1..=rows).contains(&r) || !(1..=cols).contains(&c) {
        return None;
    }
    usize::try_from(2 + (r - 1) * cols + (c - 1))
        .ok()
        .filter(|&i| i < heaps.len())
}

pub(crate) fn arithmetic(op: BinOp, a: i128, b: i128) -> Result<i128> {
    let value = match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div | BinOp::Rem => return divided(op, &a, &b),
        _ => return Ok(i128::from(compare(op, a, b)?)),
    };
    value.ok_or(EvalError::Overflow)
}

/// Whether `a` is a power of `b`: `a = b^j` for some `j >= 0`, so 1 is a
/// power of every number and 0 only of 0. One meaning for every evaluator
/// (the search's 128-bit numbers and the big numbers of a position's
/// checks); a power past what `T` holds is past `a`, and not `a`.
pub fn is_power_of<T>(a: &T, b: &T) -> bool
where
    T: num_integer::Integer + num_traits::Signed + num_traits::CheckedMul + Clone,
{
    if a.is_one() {
        return true;
    }
    // 0, 1 and -1 have the powers 1 and themselves.
    if b.abs() <= T::one() || a.is_zero() {
        return a == b;
    }
    let mut power = b.clone();
    loop {
        if &power == a {
            return true;
        }
        if power.abs() > a.abs() {
            return false;
        }
        match power.checked_mul(b) {
            Some(next) => power = next,
            None => return false,
        }
    }
}

/// `a / b` or `a % b`, the one meaning of both for every evaluator (the
/// search's 128-bit numbers, the big numbers of a position's checks, the
/// run reader's constants): floor division, rounding down, and the
/// remainder `a - b·(a / b)`, which has the divisor's sign — never
/// negative for a positive divisor (as in Python; Knuth, TAOCP 1.2.4).
pub fn divided<T>(op: BinOp, a: &T, b: &T) -> Result<T>
where
    T: num_integer::Integer + num_traits::Signed + num_traits::CheckedDiv + Clone,
{
    if b.is_zero() {
        return Err(EvalError::DivisionByZero);
    }
    // Truncating first (the only step that can overflow: i128::MIN / -1),
    // then one step down where the remainder's sign is not the divisor's.
    let q = a.checked_div(b).ok_or(EvalError::Overflow)?;
    let r = a.clone() - q.clone() * b.clone();
    let down = !r.is_zero() && r.is_negative() != b.is_negative();
    Ok(match (op, down) {
        (BinOp::Div, true) => q - T::one(),
        (BinOp::Div, false) => q,
        (_, true) => r + b.clone(),
        (_, false) => r,
    })
}

/// The six orderings, for numbers of any kind; `None` for other operators.
#[inline]
pub(crate) fn order<T: Ord>(op: BinOp, a: &T, b: &T) -> Option<bool> {
    Some(match op {
        BinOp::Eq => a == b,
        BinOp::Ne => a != b,
        BinOp::Lt => a < b,
        BinOp::Le => a <= b,
        BinOp::Gt => a > b,
        BinOp::Ge => a >= b,
        _ => return None,
    })
}

#[inline]
pub(crate) fn compare(op: BinOp, a: i128, b: i128) -> Result<bool> {
    if let Some(holds) = order(op, &a, &b) {
        return Ok(holds);
    }
    Ok(match op {
        BinOp::Divides => a != 0 && b.checked_rem(a).ok_or(EvalError::Overflow)? == 0,
        BinOp::PowerOf => is_power_of(&a, &b),
        // Two conditions' truths (1 or 0), as a condition used as a number
        // reads them; never back through `arithmetic`, which sends every
        // operator that is not arithmetic here.
        BinOp::And => a != 0 && b != 0,
        BinOp::Or => a != 0 || b != 0,
        _ => arithmetic(op, a, b)? != 0,
    })
}

pub(crate) fn has_property(n: i128, property: Property) -> Result<bool> {
    Ok(match property {
        Property::Even => n.rem_euclid(2) == 0,
        Property::Odd => n.rem_euclid(2) == 1,
        Property::Square => {
            n >= 0 && {
                let n = n as u128;
                let r = n.isqrt();
                r * r == n
            }
        }
        Property::Prime => match u64::try_from(n) {
            Ok(m) => is_prime(m),
            Err(_) if n < 0 => false,
            Err(_) => return Err(EvalError::PrimeTooLarge(n)),
        },
    })
}

/// Deterministic Miller-Rabin for all 64-bit numbers.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const SMALL: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in SMALL {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    // No factor up to 37, and below 41²: prime.
    if n < 41 * 41 {
        return true;
    }
    // Witnesses 2, 7 and 61 decide every n below 4,759,123,141 (Jaeschke
    // 1993), whose products fit a machine word when n < 2^32.
    let small = n < 1 << 32;
    let witnesses: &[u64] = if small { &[2, 7, 61] } else { &SMALL };
    let mul = |a: u64, b: u64| {
        if small {
            a * b % n
        } else {
            ((a as u128 * b as u128) % n as u128) as u64
        }
    };
    let pow = |mut base: u64, mut exp: u64| {
        let mut acc = 1u64;
        while exp > 0 {
            if exp & 1 == 1 {
                acc = mul(acc, base);
            }
            base = mul(base, base);
            exp >>= 1;
        }
        acc
    };
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'witness: for &a in witnesses {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_below_100_match_the_list() {
        // The 25 primes below 100 (OEIS A000040).
        let listed = [
            2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
            89, 97,
        ];
        let found: Vec<u64> = (0..100).filter(|&n| is_prime(n)).collect();
        assert_eq!(found, listed);
        // 2^61 - 1 is a Mersenne prime; 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417.
        assert!(is_prime((1 << 61) - 1));
        assert!(!is_prime(u64::MAX));
        // Strong pseudoprimes to bases 2, 3, 5, 7 (3215031751 = 151 · 751 ·
        // 28351) and to 2, 7, 61 (4759123141 = 48781 · 97561), Jaeschke 1993.
        assert!(!is_prime(3_215_031_751));
        assert!(!is_prime(4_759_123_141));
    }

    #[test]
    fn primes_agree_with_a_sieve_to_a_million() {
        let n = 1_000_000;
        let mut composite = vec![false; n + 1];
        for p in 2..=n {
            if !composite[p] {
                for m in (p * p..=n).step_by(p) {
                    composite[m] = true;
                }
            }
        }
        for (m, &c) in composite.iter().enumerate() {
            assert_eq!(is_prime(m as u64), m >= 2 && !c, "{m}");
        }
    }

    #[test]
    fn arithmetic_is_checked() {
        assert_eq!(
            arithmetic(BinOp::Mul, i128::MAX, 2),
            Err(EvalError::Overflow)
        );
        assert_eq!(arithmetic(BinOp::Div, 1, 0), Err(EvalError::DivisionByZero));
        assert_eq!(arithmetic(BinOp::Rem, -1, 7), Ok(6));
        assert_eq!(
            arithmetic(BinOp::Div, i128::MIN, -1),
            Err(EvalError::Overflow)
        );
        // Its remainder 0 would fit, but the quotient it comes from does not.
        assert_eq!(
            arithmetic(BinOp::Rem, i128::MIN, -1),
            Err(EvalError::Overflow)
        );
    }

    #[test]
    fn division_rounds_down_and_the_remainder_has_the_divisors_sign() {
        // Python's // and %: 7 // -2 == -4, 7 % -2 == -1, -7 // 2 == -4,
        // -7 % 2 == 1, -7 // -2 == 3, -7 % -2 == -1.
        for (a, b, q, r) in [
            (7, 2, 3, 1),
            (7, -2, -4, -1),
            (-7, 2, -4, 1),
            (-7, -2, 3, -1),
            (6, -2, -3, 0),
        ] {
            assert_eq!(arithmetic(BinOp::Div, a, b), Ok(q), "{a} / {b}");
            assert_eq!(arithmetic(BinOp::Rem, a, b), Ok(r), "{a} % {b}");
        }
    }
}

/// Exact evaluation over integers of any size, for conditions on positions
/// whose heaps may pass 64 bits (a game's invariant, checked on the
/// position asked about); no amount or heap is in scope there.
mod big {
    use num_bigint::{BigInt, BigUint};
    use num_integer::Integer;
    use num_traits::{ToPrimitive, Zero};

    use super::{
        BinOp, EvalError, Expr, Func, Monotone, Property, divided, is_power_of, is_prime, order,
        place,
    };

    type Result<T> = std::result::Result<T, EvalError>;

    impl Expr {
        /// Whether the condition holds on a position of any size.
        pub fn holds_on(&self, heaps: &[BigUint]) -> Result<bool> {
            truth(self, heaps)
        }
    }

    fn int(e: &Expr, heaps: &[BigUint]) -> Result<BigInt> {
        Ok(match e {
            Expr::Const(n) => BigInt::from(*n),
            Expr::Len => BigInt::from(heaps.len()),
            Expr::Count(value, from) => {
                let value = int(value, heaps)?;
                let cells = heaps.get(*from..).unwrap_or(&[]);
                BigInt::from(
                    cells
                        .iter()
                        .filter(|&h| BigInt::from(h.clone()) == value)
                        .count(),
                )
            }
            Expr::Item(list, index) => {
                let index = int(index, heaps)?.to_i128().unwrap_or(i128::MAX);
                BigInt::from(super::List::item(list, index)?)
            }
            Expr::HeapAt(index) => {
                let index = int(index, heaps)?;
                let found = (index.to_i128())
                    .and_then(|i| place(i, heaps.len()))
                    .map(|i| &heaps[i]);
                match found {
                    Some(h) => BigInt::from(h.clone()),
                    None => {
                        return Err(EvalError::HeapIndex {
                            index: index.to_i128().unwrap_or(i128::MAX),
                            len: heaps.len(),
                        });
                    }
                }
            }
            Expr::Cell(..) | Expr::CellPlace(..) => {
                let words: Option<Vec<u64>> = heaps.iter().map(ToPrimitive::to_u64).collect();
                let env = super::Env::position(words.as_deref().unwrap_or(&[]));
                BigInt::from(e.int(&env)?)
            }
            Expr::Neg(e) => -int(e, heaps)?,
            Expr::Binary(op, a, b) => {
                let (a, b) = (int(a, heaps)?, int(b, heaps)?);
                match op {
                    BinOp::Add => a + b,
                    BinOp::Sub => a - b,
                    BinOp::Mul => a * b,
                    BinOp::Div | BinOp::Rem => divided(*op, &a, &b)?,
                    _ => BigInt::from(u8::from(compare(*op, &a, &b)?)),
                }
            }
            Expr::Call(func, args) => {
                let mut best: Option<BigInt> = None;
                for arg in args {
                    let v = int(arg, heaps)?;
                    best = Some(match best {
                        None => v,
                        Some(b) if *func == Func::Min => b.min(v),
                        Some(b) => b.max(v),
                    });
                }
                best.unwrap_or_default()
            }
            // No amount or heap in a position's condition; conditions used
            // as numbers do not pass lowering.
            Expr::Amount | Expr::Heap | Expr::Var(_) => BigInt::zero(),
            _ => BigInt::from(u8::from(truth(e, heaps)?)),
        })
    }

    fn truth(e: &Expr, heaps: &[BigUint]) -> Result<bool> {
        Ok(match e {
            Expr::Not(e) => !truth(e, heaps)?,
            Expr::Binary(BinOp::And, a, b) => truth(a, heaps)? && truth(b, heaps)?,
            Expr::Binary(BinOp::Or, a, b) => truth(a, heaps)? || truth(b, heaps)?,
            Expr::Binary(op, a, b) => compare(*op, &int(a, heaps)?, &int(b, heaps)?)?,
            Expr::Is(e, property) => {
                let n = int(e, heaps)?;
                match property {
                    Property::Even => n.is_even(),
                    Property::Odd => n.is_odd(),
                    Property::Square => n.to_biguint().is_some_and(|m| {
                        let r = m.sqrt();
                        &r * &r == m
                    }),
                    Property::Prime => match n.to_u64() {
                        Some(m) => is_prime(m),
                        None if n.sign() == num_bigint::Sign::Minus => false,
                        None => {
                            return Err(EvalError::PrimeTooLarge(n.to_i128().unwrap_or(i128::MAX)));
                        }
                    },
                }
            }
            Expr::Each(op, bound) => {
                let bound = int(bound, heaps)?;
                for h in heaps {
                    if !compare(*op, &BigInt::from(h.clone()), &bound)? {
                        return Ok(false);
                    }
                }
                true
            }
            Expr::Monotone(Monotone::Nonincreasing) => heaps.windows(2).all(|w| w[0] >= w[1]),
            Expr::Monotone(Monotone::Nondecreasing) => heaps.windows(2).all(|w| w[0] <= w[1]),
            _ => !int(e, heaps)?.is_zero(),
        })
    }

    fn compare(op: BinOp, a: &BigInt, b: &BigInt) -> Result<bool> {
        if let Some(holds) = order(op, a, b) {
            return Ok(holds);
        }
        Ok(match op {
            BinOp::Divides => !a.is_zero() && (b % a).is_zero(),
            BinOp::PowerOf => is_power_of(a, b),
            // Arithmetic and logic are not comparisons: lowering's kind
            // check keeps them out of here.
            _ => false,
        })
    }
}
