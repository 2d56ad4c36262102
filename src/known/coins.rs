//! What the coin-turning games of the catalogue share: a game of coins made
//! of one `turn` rule with no condition, and the counts it turns.

use num_bigint::BigInt;

use crate::rules::{AmountBase, Amounts, Game, MoveKind, Turning};

/// The `turn` rule of a coin game made of that one rule with no condition,
/// in normal play, and the number of its first coin.
pub(super) fn single_turn(game: &Game) -> Option<(&AmountBase, bool, u64)> {
    let coins = game.coins?;
    match super::closed::only_rule(game)? {
        MoveKind::Turn(Turning {
            counts: Amounts {
                base,
                condition: None,
            },
            row,
        }) if !game.misere => Some((base, *row, coins.origin)),
        _ => None,
    }
}

/// Whether `base` is exactly the counts `lo..=hi` (`hi` `None`: `lo..`).
pub(super) fn counts_are(base: &AmountBase, lo: u32, hi: Option<u32>) -> bool {
    match base {
        AmountBase::Range { lo: l, hi: h } => {
            *l == BigInt::from(lo) && h.as_ref() == hi.map(BigInt::from).as_ref()
        }
        AmountBase::Set(set) => hi.is_some_and(|hi| {
            set.iter()
                .eq((lo..=hi).map(BigInt::from).collect::<Vec<_>>().iter())
        }),
    }
}
