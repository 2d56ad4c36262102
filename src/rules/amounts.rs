//! The amounts a rule moves: a range or a set, then a condition.

use std::collections::BTreeSet;

use num_bigint::BigInt;

use super::expr::Expr;

/// The amounts a rule may move: a range or a finite set, then a condition
/// over `k` (the amount) and `h` (the heap before the move). Amounts are
/// never zero; a negative amount adds to the heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Amounts {
    /// The amounts before the condition.
    pub base: AmountBase,
    /// `where COND`.
    pub condition: Option<Expr>,
}

/// The amounts before a condition: a range or a set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AmountBase {
    /// `lo..hi` inclusive; `lo..` when `hi` is `None`.
    Range {
        /// The least.
        lo: BigInt,
        /// The greatest, if any.
        hi: Option<BigInt>,
    },
    /// A finite set.
    Set(BTreeSet<BigInt>),
}
