//! Amount conditions solved: instead of trying every k from 1 to h against
//! `take k where …`, the condition's leading conjuncts are read as facts
//! about k — bounds (`k <= h / 2`, `3 * k > h`, `k == h[2]`), multiples
//! (`h[2] divides k`, `k % 3 == 0`), divisors (`k divides h`), squares
//! (`k is square`), powers (`k is power of 2`), parity — and only the amounts they allow are tried,
//! from the cheapest of the generators they give. The whole condition is
//! still evaluated on each amount tried, so the facts only have to be
//! sound: every amount the condition allows is tried.
//!
//! Only a prefix of the conjuncts is read: a conjunct is evaluated only
//! where those before it hold, so skipping an amount that an earlier
//! conjunct rejects can never hide an error a later one would raise. A
//! conjunct that does not read the amount (`h == max(h[1], h[2])`) is a
//! fact too: it holds for every amount or for none, and is evaluated once.
//!
//! A conjunct `A or B` whose sides both say something is the union of what
//! they allow (`(p <= k and k <= q) or k == h`): an amount both sides'
//! facts reject makes A false, then B false, without error, so skipping it
//! is sound as well.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::amounts::{AmountBase, Amounts};
use super::expr::{Env, EvalError, Expr};
use crate::syntax::ast::{BinOp, Property};

/// The most amounts a condition is tried on to read it as the amounts it
/// allows (`normalise`).
const NORMALISE_UP_TO: i128 = 1 << 16;

/// `amounts` with a condition on `k` alone that bounds it read as the
/// amounts it allows, written as a range or a set: `take k where k <= 3` is
/// `take 1..3`, `take k where k % 2 == 1 and k <= 9` is `take {1, 3, 5, 7,
/// 9}`. So a game is recognised, and its period found, whatever the
/// spelling (LANGUAGE.md promises the spelling never changes the meaning).
/// The condition must read nothing but `k` and be defined for every amount
/// (no division by a number that could be 0, no list item), so that no
/// amount it would have been tried on could have raised an error; its
/// bounds (any conjunct's, in any order) must leave at most
/// `NORMALISE_UP_TO` amounts, each of which it is evaluated on. Any other
/// condition is kept as it is.
pub fn normalise(amounts: Amounts) -> Amounts {
    let Some(condition) = &amounts.condition else {
        return amounts;
    };
    if !only_amount(condition) {
        return amounts;
    }
    let (mut lo, mut hi) = match &amounts.base {
        AmountBase::Range { lo, hi } => (
            lo.to_i128(),
            hi.as_ref().map_or(Some(i128::MAX), |h| h.to_i128()),
        ),
        AmountBase::Set(set) => (
            set.first().and_then(|v| v.to_i128()),
            set.last().and_then(|v| v.to_i128()),
        ),
    };
    let (Some(mut low), Some(mut high)) = (lo.take(), hi.take()) else {
        return amounts;
    };
    let env = Env::position(&[]);
    for conjunct in condition.conjuncts() {
        let (_, l, h) = Solved::new(conjunct).candidates(low, high, &env);
        (low, high) = (l, h);
    }
    if high.saturating_sub(low) >= NORMALISE_UP_TO {
        return amounts;
    }
    let mut allowed = BTreeSet::new();
    for k in low..=high {
        let in_base = match &amounts.base {
            AmountBase::Range { .. } => k != 0,
            AmountBase::Set(set) => set.contains(&BigInt::from(k)),
        };
        let env = Env {
            amount: k,
            ..Env::position(&[])
        };
        match condition.truth(&env) {
            Ok(true) if in_base => {
                allowed.insert(k);
            }
            Ok(_) => {}
            Err(_) => return amounts,
        }
    }
    let base = match (allowed.first(), allowed.last()) {
        (Some(&first), Some(&last)) if last - first + 1 == allowed.len() as i128 && first > 0 => {
            AmountBase::Range {
                lo: BigInt::from(first),
                hi: Some(BigInt::from(last)),
            }
        }
        // None allowed: the rule makes no move, as written.
        (None, _) | (_, None) => return amounts,
        _ => AmountBase::Set(allowed.into_iter().map(BigInt::from).collect()),
    };
    Amounts {
        base,
        condition: None,
    }
}

/// Whether `e` reads nothing but the amount and constants, and is defined
/// for every amount up to 2^64: no heap, no list item (an index can pass
/// the list), division and remainder only by a nonzero constant, products
/// only by a constant, and constants below 2^60, so that nothing overflows.
fn only_amount(e: &Expr) -> bool {
    const SMALL: i128 = 1 << 60;
    match e {
        Expr::Const(c) => c.abs() < SMALL,
        Expr::Amount => true,
        Expr::Heap
        | Expr::HeapAt(_)
        | Expr::Len
        | Expr::Var(_)
        | Expr::Item(..)
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Each(..)
        | Expr::Monotone(_)
        | Expr::Count(..) => false,
        Expr::Neg(e) | Expr::Not(e) | Expr::Is(e, _) => only_amount(e),
        Expr::Binary(BinOp::Div | BinOp::Rem, a, b) => {
            only_amount(a) && matches!(**b, Expr::Const(c) if c != 0)
        }
        Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
            (Expr::Const(c), e) | (e, Expr::Const(c)) => c.abs() < SMALL && only_amount(e),
            _ => false,
        },
        Expr::Binary(_, a, b) => only_amount(a) && only_amount(b),
        Expr::Call(_, args) => args.iter().all(only_amount),
    }
}

/// What the leading conjuncts of a condition say of the amount.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Solved {
    facts: Vec<Fact>,
}

#[derive(Clone, Debug, PartialEq)]
enum Fact {
    /// `c·k <= e` (upper) or `c·k >= e` (lower), c > 0.
    Bound {
        upper: bool,
        scale: i128,
        e: Expr,
    },
    /// `c·k == e`.
    Equal {
        scale: i128,
        e: Expr,
    },
    /// k is a multiple of e: `e divides k` (`0 divides k` holds for no k)
    /// or `k % e == 0` (where e = 0 is an error the condition reports).
    MultipleOf {
        e: Expr,
        divides: bool,
    },
    /// k divides e.
    DivisorOf(Expr),
    Square,
    /// k is a power of e: `k is power of e`.
    PowerOf(Expr),
    /// k ≡ r (mod 2).
    Parity(i128),
    /// Either side's facts hold: `A or B`.
    Either(Box<Solved>, Box<Solved>),
    /// A condition that does not read the amount (`h == max(h[1],
    /// h[2])`): it holds for every amount or for none.
    Holds(Expr),
}

impl Solved {
    pub fn new(condition: &Expr) -> Self {
        Solved {
            facts: condition.conjuncts().into_iter().map_while(fact).collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Calls `f`, in ascending order, with every amount of `lo..=hi` the
    /// facts allow at `env` (whose amount is ignored). A fact whose
    /// expression cannot be evaluated here stops the reading: the
    /// condition itself will report why. Work besides the amounts (the
    /// trial divisions that find a number's divisors) is offered to `work`
    /// as it is done, `WORK_EVERY` at a time; where `work` says to stop,
    /// the amounts end there, and the caller, who said so, knows them
    /// cut.
    pub fn each<E>(
        &self,
        lo: i128,
        hi: i128,
        env: &Env,
        work: &dyn Fn(u64) -> bool,
        mut f: impl FnMut(i128) -> Result<(), E>,
    ) -> Result<(), E> {
        let (best, lo, hi) = self.candidates(lo, hi, env);
        for k in best.iter(lo, hi, work) {
            f(k)?;
        }
        Ok(())
    }

    /// The cheapest generator the facts give at `env`, and the range they
    /// narrow `lo..=hi` to.
    fn candidates(&self, lo: i128, hi: i128, env: &Env) -> (Candidates, i128, i128) {
        let (mut lo, mut hi) = (lo, hi);
        let mut best = Candidates::Every;
        for fact in &self.facts {
            let Ok(narrowed) = fact.narrow(env, &mut lo, &mut hi) else {
                break;
            };
            if let Some(candidates) = narrowed
                && candidates.count(lo, hi) < best.count(lo, hi)
            {
                best = candidates;
            }
        }
        (best, lo, hi)
    }
}

/// The fact a conjunct states of k, if it is one of the solved forms.
fn fact(e: &Expr) -> Option<Fact> {
    if free(e) {
        return Some(Fact::Holds(e.clone()));
    }
    match e {
        Expr::Binary(BinOp::Or, a, b) => {
            let (a, b) = (Solved::new(a), Solved::new(b));
            // A side that says nothing allows every amount.
            (!a.is_empty() && !b.is_empty()).then(|| Fact::Either(Box::new(a), Box::new(b)))
        }
        Expr::Binary(op, a, b) => {
            let compared = match (scaled_amount(a), scaled_amount(b)) {
                (Some(scale), None) if free(b) => comparison(*op, scale, (**b).clone()),
                (None, Some(scale)) if free(a) => {
                    flip(*op).and_then(|op| comparison(op, scale, (**a).clone()))
                }
                _ => None,
            };
            if compared.is_some() {
                compared
            } else {
                match (op, &**a, &**b) {
                    (BinOp::Divides, e, Expr::Amount) if free(e) => Some(Fact::MultipleOf {
                        e: e.clone(),
                        divides: true,
                    }),
                    (BinOp::Divides, Expr::Amount, e) if free(e) => {
                        Some(Fact::DivisorOf(e.clone()))
                    }
                    (BinOp::PowerOf, Expr::Amount, e) if free(e) => Some(Fact::PowerOf(e.clone())),
                    // `k % e == 0`
                    (BinOp::Eq, Expr::Binary(BinOp::Rem, k, e), Expr::Const(0))
                        if **k == Expr::Amount && free(e) =>
                    {
                        Some(Fact::MultipleOf {
                            e: (**e).clone(),
                            divides: false,
                        })
                    }
                    _ => None,
                }
            }
        }
        Expr::Is(k, property) if **k == Expr::Amount => match property {
            Property::Square => Some(Fact::Square),
            Property::Even => Some(Fact::Parity(0)),
            Property::Odd => Some(Fact::Parity(1)),
            Property::Prime => None,
        },
        _ => None,
    }
}

/// `op` with its sides swapped: `e < k` is `k > e`.
fn flip(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        BinOp::Eq => BinOp::Eq,
        _ => return None,
    })
}

/// `c·k op e` as a fact; strict bounds move by one (integers).
fn comparison(op: BinOp, scale: i128, e: Expr) -> Option<Fact> {
    let (upper, by) = match op {
        BinOp::Le => (true, 0),
        BinOp::Lt => (true, -1),
        BinOp::Ge => (false, 0),
        BinOp::Gt => (false, 1),
        BinOp::Eq => return Some(Fact::Equal { scale, e }),
        _ => return None,
    };
    let e = match by {
        0 => e,
        _ => Expr::Binary(BinOp::Add, Box::new(e), Box::new(Expr::Const(by))),
    };
    Some(Fact::Bound { upper, scale, e })
}

/// `k`, `c * k` or `k * c` with a constant c > 0: c.
fn scaled_amount(e: &Expr) -> Option<i128> {
    match e {
        Expr::Amount => Some(1),
        Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
            (Expr::Const(c), Expr::Amount) | (Expr::Amount, Expr::Const(c)) if *c > 0 => Some(*c),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `e` does not read the amount (nor a block's variables, which an
/// amount condition has none of).
fn free(e: &Expr) -> bool {
    match e {
        Expr::Amount | Expr::Var(_) => false,
        Expr::Const(_) | Expr::Heap | Expr::Len | Expr::Monotone(_) => true,
        Expr::HeapAt(e)
        | Expr::Neg(e)
        | Expr::Not(e)
        | Expr::Is(e, _)
        | Expr::Each(_, e)
        | Expr::Count(e, _)
        | Expr::Item(_, e) => free(e),
        Expr::Binary(_, a, b) | Expr::Cell(a, b) | Expr::CellPlace(a, b) => free(a) && free(b),
        Expr::Call(_, args) => args.iter().all(free),
    }
}

impl Fact {
    /// Narrows `lo..=hi` by a bound, or gives the amounts a fact allows.
    fn narrow(
        &self,
        env: &Env,
        lo: &mut i128,
        hi: &mut i128,
    ) -> Result<Option<Candidates>, EvalError> {
        Ok(match self {
            Fact::Bound {
                upper: true,
                scale,
                e,
            } => {
                *hi = (*hi).min(e.int(env)?.div_euclid(*scale));
                None
            }
            Fact::Bound {
                upper: false,
                scale,
                e,
            } => {
                *lo = (*lo).max(ceil_div(e.int(env)?, *scale));
                None
            }
            Fact::Equal { scale, e } => {
                let v = e.int(env)?;
                if v.rem_euclid(*scale) == 0 {
                    *lo = (*lo).max(v / scale);
                    *hi = (*hi).min(v / scale);
                } else {
                    *hi = (*lo).saturating_sub(1);
                }
                None
            }
            Fact::MultipleOf { e, divides } => match e.int(env)?.checked_abs() {
                Some(0) if *divides => {
                    *hi = (*lo).saturating_sub(1);
                    None
                }
                Some(0) | None => None,
                Some(m) => Some(Candidates::Step { step: m, rest: 0 }),
            },
            Fact::DivisorOf(e) => match e.int(env)?.checked_abs() {
                // Every k divides 0.
                Some(0) | None => None,
                Some(v) => Some(Candidates::DivisorsOf(v)),
            },
            Fact::Holds(e) => {
                if !e.truth(env)? {
                    *hi = (*lo).saturating_sub(1);
                }
                None
            }
            Fact::Square => Some(Candidates::Squares),
            Fact::PowerOf(e) => Some(Candidates::PowersOf(e.int(env)?)),
            Fact::Parity(r) => Some(Candidates::Step { step: 2, rest: *r }),
            Fact::Either(a, b) => {
                let sides = [a.candidates(*lo, *hi, env), b.candidates(*lo, *hi, env)];
                // Nothing outside both sides' ranges.
                let (low, high) = sides.iter().fold((i128::MAX, i128::MIN), |(l, h), s| {
                    if s.2 < s.1 {
                        (l, h)
                    } else {
                        (l.min(s.1), h.max(s.2))
                    }
                });
                if high < low {
                    *hi = (*lo).saturating_sub(1);
                    return Ok(None);
                }
                *lo = (*lo).max(low);
                *hi = (*hi).min(high);
                Some(Candidates::Union(sides.into()))
            }
        })
    }
}

/// ⌈a / b⌉ for b > 0.
fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a.div_euclid(b);
    if a.rem_euclid(b) == 0 { q } else { q + 1 }
}

/// A generator of amounts: every one, an arithmetic progression, the
/// squares, the divisors of a number, or the union of generators each in
/// its own range.
#[derive(Clone, Debug, PartialEq)]
enum Candidates {
    Every,
    /// k ≡ rest (mod step).
    Step {
        step: i128,
        rest: i128,
    },
    Squares,
    /// b^0, b^1, ... (`is_power_of`).
    PowersOf(i128),
    DivisorsOf(i128),
    Union(Vec<(Candidates, i128, i128)>),
}

impl Candidates {
    /// How many amounts it tries in `lo..=hi` (for divisors, the trial
    /// divisions).
    fn count(&self, lo: i128, hi: i128) -> u128 {
        if hi < lo {
            return 0;
        }
        match self {
            Candidates::Every => (hi - lo) as u128 + 1,
            Candidates::Step { step, .. } => ((hi - lo) / step) as u128 + 1,
            Candidates::Squares => (isqrt(hi.max(0)) - isqrt(lo.max(1) - 1)) as u128 + 1,
            Candidates::PowersOf(b) => powers(*b)
                .take_while(|p| p.abs() <= hi.abs().max(lo.abs()))
                .count() as u128,
            // Negative divisors are not generated.
            Candidates::DivisorsOf(_) if lo < 1 => u128::MAX,
            Candidates::DivisorsOf(v) => isqrt(*v) as u128 + 1,
            Candidates::Union(sides) => (sides.iter())
                .map(|(c, l, h)| c.count(lo.max(*l), hi.min(*h)))
                .fold(0u128, u128::saturating_add),
        }
    }

    /// The amounts of `lo..=hi` it gives, in ascending order, each once.
    fn iter<'a>(
        &'a self,
        lo: i128,
        hi: i128,
        work: &'a dyn Fn(u64) -> bool,
    ) -> Box<dyn Iterator<Item = i128> + 'a> {
        if hi < lo {
            return Box::new(std::iter::empty());
        }
        match self {
            Candidates::Every => Box::new(lo..=hi),
            Candidates::Step { step, rest } => {
                let first = lo + (rest - lo).rem_euclid(*step);
                let step = *step;
                Box::new(
                    std::iter::successors(Some(first), move |k| k.checked_add(step))
                        .take_while(move |&k| k <= hi),
                )
            }
            Candidates::Squares => {
                let mut r = isqrt(lo.max(0));
                if r * r < lo {
                    r += 1;
                }
                Box::new(
                    (r..)
                        .map_while(|r| r.checked_mul(r))
                        .take_while(move |&s| s <= hi),
                )
            }
            Candidates::PowersOf(b) => {
                let mut found: Vec<i128> = powers(*b)
                    .take_while(|p| p.abs() <= hi.abs().max(lo.abs()))
                    .filter(|&p| lo <= p && p <= hi)
                    .collect();
                // A negative base alternates signs.
                found.sort_unstable();
                found.dedup();
                Box::new(found.into_iter())
            }
            Candidates::DivisorsOf(v) => {
                let v = *v;
                let mut small = Vec::new();
                let mut large = Vec::new();
                let mut d = 1;
                while d <= v / d {
                    if (d as u64).is_multiple_of(WORK_EVERY) && !work(WORK_EVERY) {
                        break;
                    }
                    if v % d == 0 {
                        small.push(d);
                        if d != v / d {
                            large.push(v / d);
                        }
                    }
                    d += 1;
                }
                Box::new(
                    small
                        .into_iter()
                        .chain(large.into_iter().rev())
                        .filter(move |&k| lo <= k && k <= hi),
                )
            }
            Candidates::Union(sides) => Box::new(Merge {
                sides: (sides.iter())
                    .map(|(c, l, h)| c.iter(lo.max(*l), hi.min(*h), work).peekable())
                    .collect(),
            }),
        }
    }
}

/// How many trial divisions are offered to `Solved::each`'s `work` at a
/// time.
pub const WORK_EVERY: u64 = 1 << 16;

/// Ascending streams merged into one, each amount once.
struct Merge<'a> {
    sides: Vec<std::iter::Peekable<Box<dyn Iterator<Item = i128> + 'a>>>,
}

impl Iterator for Merge<'_> {
    type Item = i128;

    fn next(&mut self) -> Option<i128> {
        let least = self
            .sides
            .iter_mut()
            .filter_map(|s| s.peek().copied())
            .min()?;
        for side in &mut self.sides {
            if side.peek() == Some(&least) {
                side.next();
            }
        }
        Some(least)
    }
}

/// The powers of `b`, b^0 = 1 first, while they fit; of 0, 1 and -1, the
/// two there are (`is_power_of`).
fn powers(b: i128) -> impl Iterator<Item = i128> {
    let mut next = Some(1i128);
    let mut seen = 0;
    std::iter::from_fn(move || {
        let p = next?;
        seen += 1;
        next = match b.checked_mul(p) {
            _ if b.abs() <= 1 && seen >= 2 => None,
            Some(q) => Some(q),
            None => None,
        };
        Some(p)
    })
}

fn isqrt(n: i128) -> i128 {
    (n.max(0) as u128).isqrt() as i128
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::BinOp;

    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    /// The amounts of 1..=h the facts allow, and those the condition allows.
    fn both(condition: &Expr, h: u64) -> (Vec<i128>, Vec<i128>) {
        let heaps = [h];
        let env = |k| Env {
            amount: k,
            heap: i128::from(h),
            heaps: &heaps,
            vars: &[],
        };
        let mut tried = Vec::new();
        Solved::new(condition)
            .each(
                1,
                i128::from(h),
                &env(0),
                &|_| true,
                |k| -> Result<(), ()> {
                    tried.push(k);
                    Ok(())
                },
            )
            .unwrap();
        let allowed: Vec<i128> = (1..=i128::from(h))
            .filter(|&k| condition.truth(&env(k)).unwrap_or(false))
            .collect();
        (tried, allowed)
    }

    #[test]
    fn every_allowed_amount_is_tried_and_few_others() {
        let k = || Expr::Amount;
        let h = || Expr::Heap;
        let c = Expr::Const;
        let conditions = [
            bin(BinOp::Le, bin(BinOp::Mul, c(2), k()), h()),
            bin(BinOp::Gt, bin(BinOp::Mul, c(3), k()), h()),
            bin(BinOp::Lt, h(), bin(BinOp::Mul, k(), c(3))),
            bin(BinOp::Eq, k(), bin(BinOp::Div, h(), c(2))),
            bin(BinOp::Divides, c(3), k()),
            bin(BinOp::Divides, k(), h()),
            bin(BinOp::Eq, bin(BinOp::Rem, k(), c(4)), c(0)),
            Expr::Is(Box::new(k()), Property::Square),
            Expr::Is(Box::new(k()), Property::Odd),
            // Powers of 2, 3, 1, 0, -2 and of the heap.
            bin(BinOp::PowerOf, k(), c(2)),
            bin(BinOp::PowerOf, k(), c(3)),
            bin(BinOp::PowerOf, k(), c(1)),
            bin(BinOp::PowerOf, k(), c(0)),
            bin(BinOp::PowerOf, k(), c(-2)),
            bin(BinOp::PowerOf, k(), h()),
            bin(
                BinOp::And,
                bin(BinOp::Divides, k(), h()),
                Expr::Is(Box::new(k()), Property::Even),
            ),
            bin(
                BinOp::And,
                Expr::Is(Box::new(k()), Property::Square),
                bin(BinOp::Ge, k(), c(5)),
            ),
            // `(2 <= k and k <= 5) or k == h`: issue 30's union.
            bin(
                BinOp::Or,
                bin(
                    BinOp::And,
                    bin(BinOp::Le, c(2), k()),
                    bin(BinOp::Le, k(), c(5)),
                ),
                bin(BinOp::Eq, k(), h()),
            ),
            bin(
                BinOp::Or,
                Expr::Is(Box::new(k()), Property::Square),
                bin(BinOp::Divides, c(3), k()),
            ),
            // A side that says nothing (primes are not generated): every amount.
            bin(
                BinOp::Or,
                bin(BinOp::Le, k(), c(2)),
                Expr::Is(Box::new(k()), Property::Prime),
            ),
            bin(
                BinOp::And,
                bin(BinOp::Ge, k(), c(3)),
                bin(
                    BinOp::Or,
                    bin(BinOp::Le, k(), c(4)),
                    bin(BinOp::Ge, bin(BinOp::Mul, c(2), k()), h()),
                ),
            ),
        ];
        for condition in &conditions {
            for h in 0..=60 {
                let (tried, allowed) = both(condition, h);
                assert!(
                    allowed.iter().all(|k| tried.contains(k)),
                    "{condition:?} at {h}: tried {tried:?}, allowed {allowed:?}"
                );
                assert!(tried.windows(2).all(|w| w[0] < w[1]), "ascending");
            }
            // The facts of a one-conjunct condition are exact (primes
            // aside: they are not generated).
            let prime = format!("{condition:?}").contains("Prime");
            if !matches!(condition, Expr::Binary(BinOp::And, ..)) && !prime {
                let (tried, allowed) = both(condition, 60);
                assert_eq!(tried, allowed, "{condition:?}");
            }
        }
    }

    /// `is_power_of` on small numbers against its definition: a = b^j
    /// for some j in 0..=10 (with 0^0 = 1).
    #[test]
    fn powers_agree_with_the_definition() {
        use crate::rules::expr::is_power_of;
        for b in -12i128..=12 {
            for a in -1100i128..=1100 {
                let by_definition = (0..=10u32).any(|j| b.checked_pow(j) == Some(a));
                assert_eq!(is_power_of(&a, &b), by_definition, "{a} is power of {b}");
                let big = |x: i128| num_bigint::BigInt::from(x);
                assert_eq!(is_power_of(&big(a), &big(b)), by_definition);
            }
        }
        // Near the top of 128 bits: 2^126 is one, 2^126 + 2 is not, and the
        // next power past i128 is not taken for one.
        assert!(is_power_of(&(1i128 << 126), &2));
        assert!(!is_power_of(&((1i128 << 126) + 2), &2));
        assert!(!is_power_of(&i128::MAX, &2));
    }

    /// The amounts of 1..=h the facts give a condition on one heap of h.
    fn tried(condition: &Expr, h: u64) -> Vec<i128> {
        let heaps = [h];
        let env = Env {
            amount: 0,
            heap: i128::from(h),
            heaps: &heaps,
            vars: &[],
        };
        let mut tried = Vec::new();
        Solved::new(condition)
            .each(1, i128::from(h), &env, &|_| true, |k| -> Result<(), ()> {
                tried.push(k);
                Ok(())
            })
            .unwrap();
        tried
    }

    #[test]
    fn powers_of_a_large_heap_are_found_without_trying_every_amount() {
        let condition = bin(BinOp::PowerOf, Expr::Amount, Expr::Const(2));
        let powers: Vec<i128> = (0..40).map(|j| 1i128 << j).collect();
        assert_eq!(tried(&condition, 1_000_000_000_000), powers);
    }

    #[test]
    fn divisors_of_a_large_heap_are_found_without_trying_every_amount() {
        let condition = bin(BinOp::Divides, Expr::Amount, Expr::Heap);
        // 10^12 = 2^12 · 5^12 has 13 · 13 divisors.
        assert_eq!(tried(&condition, 1_000_000_000_000).len(), 169);
    }

    #[test]
    fn a_later_conjunct_is_not_read() {
        // `h / (k - 1) > 0 and k <= 3`: the first conjunct is evaluated at
        // k = 1 (and fails there), so the bound after it must not skip it.
        let condition = bin(
            BinOp::And,
            bin(
                BinOp::Gt,
                bin(
                    BinOp::Div,
                    Expr::Heap,
                    bin(BinOp::Sub, Expr::Amount, Expr::Const(1)),
                ),
                Expr::Const(0),
            ),
            bin(BinOp::Le, Expr::Amount, Expr::Const(3)),
        );
        assert!(Solved::new(&condition).is_empty());
    }
}
