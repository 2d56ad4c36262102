//! The amounts a rule may move: a range or a set, filtered by the rule's
//! condition, in machine words.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::rules::expr::{Env, EvalError, Expr};
use crate::rules::solve::Solved;
use crate::rules::{AmountBase, Amounts};

use super::words::Allowance;

#[derive(Clone, Debug)]
pub(super) struct AmountGen {
    base: Base,
    pub(super) condition: Option<Expr>,
    /// What the condition's leading conjuncts say of the amount.
    solved: Solved,
    /// What the generation may still examine: each amount the condition
    /// rejects spends one.
    allowance: Allowance,
}

#[derive(Clone, Debug)]
enum Base {
    /// Inclusive; an unbounded range ends at `i128::MAX`.
    Range(i128, i128),
    Set(Vec<i128>),
}

fn saturate(n: &BigInt) -> i128 {
    n.to_i128()
        .unwrap_or(if n.sign() == num_bigint::Sign::Minus {
            i128::MIN
        } else {
            i128::MAX
        })
}

impl AmountGen {
    pub(super) fn new(amounts: &Amounts, allowance: Allowance) -> Self {
        let base = match &amounts.base {
            AmountBase::Range { lo, hi } => {
                Base::Range(saturate(lo), hi.as_ref().map_or(i128::MAX, saturate))
            }
            AmountBase::Set(set) => Base::Set(set.iter().map(saturate).collect()),
        };
        AmountGen {
            base,
            solved: amounts
                .condition
                .as_ref()
                .map(Solved::new)
                .unwrap_or_default(),
            condition: amounts.condition.clone(),
            allowance,
        }
    }

    /// Calls `f` with each amount that may be taken from heap `h` of `heaps`.
    pub(super) fn each(
        &self,
        h: u64,
        heaps: &[u64],
        mut f: impl FnMut(i128) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        let h128 = i128::from(h);
        let mut visit = |k: i128| -> Result<(), EvalError> {
            if k == 0 || k > h128 {
                return Ok(());
            }
            if let Some(condition) = &self.condition {
                let env = Env {
                    amount: k,
                    heap: h128,
                    heaps,
                    vars: &[],
                };
                if !condition.truth(&env)? {
                    return self.allowance.spend();
                }
            }
            f(k)
        };
        match &self.base {
            Base::Range(lo, hi) => {
                let env = Env {
                    amount: 0,
                    heap: h128,
                    heaps,
                    vars: &[],
                };
                // Trial divisions spend as amounts rejected do; where the
                // allowance runs out among them, the amounts are cut, and
                // the generation fails as it would at the next amount.
                let out = std::cell::Cell::new(false);
                let work = |n| {
                    let left = self.allowance.spend_n(n).is_ok();
                    out.set(out.get() || !left);
                    left
                };
                self.solved.each(*lo, (*hi).min(h128), &env, &work, visit)?;
                if out.get() {
                    return Err(EvalError::OutOfBudget);
                }
            }
            Base::Set(set) => {
                for &k in set {
                    visit(k)?;
                }
            }
        }
        Ok(())
    }

    /// Whether every positive amount the heap allows may be taken: `1..`
    /// with no condition. Such a rule's moves are rays.
    pub(super) fn every_positive(&self) -> bool {
        matches!(self.base, Base::Range(1, i128::MAX)) && self.condition.is_none()
    }

    pub(super) fn may_add(&self) -> bool {
        match &self.base {
            Base::Range(lo, _) => *lo < 0,
            Base::Set(set) => set.first().is_some_and(|&k| k < 0),
        }
    }
}

/// `h - k`, where a negative `k` adds, for heap `index` (0-based); a heap
/// that would leave 0..2^64 is an error that says which and what.
pub(super) fn minus(h: u64, k: i128, index: usize) -> Result<u64, EvalError> {
    let value = i128::from(h) - k;
    u64::try_from(value).map_err(|_| EvalError::HeapValue {
        index: index + 1,
        value,
    })
}
