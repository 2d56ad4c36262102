//! The theorems that prove periods, what each needs, and which one applies
//! to a game's rules. Each says: if g(n + p) = g(n) for every n in a finite
//! range from e, then for every n >= e.

use std::ops::Range;

use num_bigint::Sign;
use num_traits::ToPrimitive;

use crate::rules::{AmountBase, Game, MoveKind, OctalCode, Target};

/// A theorem that proves a period from finitely many values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// Subtraction games: every heap of `t` or more has the same moves, each
    /// taking at most `t` tokens and leaving one heap. Each value from g(t)
    /// on depends only on the `t` before it, so once the window g(e..e + t)
    /// repeats p places later, g has period p from e. (A subtraction set S
    /// has t = max(S); an octal code whose last digit j allows only one of
    /// "leave nothing" and "leave one heap" moves the heap of j unlike the
    /// larger ones, so its t is j + 1.)
    Window {
        /// The most tokens a move takes.
        t: usize,
    },
    /// Finite take-and-break games: every move takes at most `t` tokens
    /// from one heap and leaves one heap, or splits the rest into two
    /// (equal halves allowed: octal games, and takes from finite sets). The
    /// periodicity theorem (Guy and Smith, 1956; Winning Ways, ch. 4): if
    /// g(n + p) = g(n) for e <= n < 2e + p + t, then for every n >= e. One
    /// value more is checked (n < 2e + p + t + 1), to stay clear of the
    /// edge cases at e = 0.
    ///
    /// Why it holds: take n >= 2e + p + t + 1 and the claim for all smaller
    /// heaps. A move from n + p taking j <= t and leaving one heap leaves
    /// n + p - j, whose value is that of n - j >= e. A split of n + p - j
    /// into a <= c has c >= (n + p - j) / 2, so c - p >= e + 1/2: the split
    /// a + (c - p) of n - j has the same value, with both parts nonempty.
    /// And a split a <= d of n - j has d >= e, so a + (d + p) splits
    /// n + p - j with the same value. The options of n + p and n reach the
    /// same values. Splits into unequal heaps (Grundy's game) are outside
    /// the theorem.
    GuySmith {
        /// The most tokens a move takes.
        t: usize,
    },
}

impl Theorem {
    /// The n for which g(n + p) = g(n) must hold to prove period `p` from `e`.
    pub fn needs(self, e: usize, p: usize) -> Range<usize> {
        match self {
            // A window is at least one value wide, whatever `t` says.
            Theorem::Window { t } => e..e.saturating_add(t.max(1)),
            Theorem::GuySmith { t } => e..(2 * e + p).saturating_add(t).saturating_add(1),
        }
    }

    /// The largest preperiod from which `len` values can prove period `p`:
    /// the range `needs` asks for, and its copy `p` later, lie within them.
    pub(super) fn most_preperiod(self, len: usize, p: usize) -> Option<usize> {
        match self {
            // e + t + p <= len.
            Theorem::Window { t } => len.checked_sub(p.checked_add(t.max(1))?),
            // 2e + p + t + 1 + p <= len.
            Theorem::GuySmith { t } => {
                let fixed = (2 * p).checked_add(t)?.checked_add(1)?;
                len.checked_sub(fixed).map(|room| room / 2)
            }
        }
    }
}

/// The most tokens an octal rule's move takes, noting whether it splits
/// and where its window starts; `None` for splits into three heaps (the
/// theorem as stated covers splits into two).
fn octal_removal(code: &OctalCode, splits: &mut bool, window: &mut usize) -> Option<usize> {
    if code.splits_in_three() {
        return None;
    }
    *splits |= code.splits();
    let most = code.max_removal();
    // When the last digit lets a move take `most` tokens only from a heap
    // of `most` (leaving nothing), or only from larger heaps (leaving one),
    // the heap of `most` moves unlike the larger ones: the window starts
    // one heap later.
    if code.leaves_none(most) != code.leaves_one(most) {
        *window = (*window).max(most + 1);
    }
    Some(most)
}

/// The theorem that can prove a period of `game`'s one-heap values, or
/// `None`: misère play, an invariant, a condition, unbounded amounts or
/// amounts that add, moves on several heaps, and splits into unequal heaps
/// are outside both theorems.
pub fn classify(game: &Game) -> Option<Theorem> {
    if game.misere || game.invariant.is_some() {
        return None;
    }
    // The most tokens a move takes.
    let mut t = 0usize;
    // The window a subtraction game's values depend on: at least `t`.
    let mut window = 0usize;
    let mut splits = false;
    for rule in &game.rules {
        let removal = match &rule.kind {
            MoveKind::Take {
                amounts,
                target: Target::One,
                split_rest,
            } if amounts.condition.is_none() => {
                if let Some(split) = split_rest {
                    if split.unequal {
                        return None;
                    }
                    splits = true;
                }
                match &amounts.base {
                    AmountBase::Range { lo, hi: Some(hi) } if lo.sign() == Sign::Plus => {
                        hi.to_usize()
                    }
                    AmountBase::Set(set) if set.iter().all(|k| k.sign() == Sign::Plus) => {
                        set.last().and_then(ToPrimitive::to_usize)
                    }
                    _ => None,
                }
            }
            MoveKind::Split(split) if !split.unequal => {
                splits = true;
                Some(0)
            }
            MoveKind::Octal(code) => octal_removal(code, &mut splits, &mut window),
            // A block that is an octal game written out, as its code.
            MoveKind::Block(block) => (block.octal.as_ref())
                .and_then(|code| octal_removal(code, &mut splits, &mut window)),
            _ => None,
        };
        t = t.max(removal?);
    }
    Some(if splits {
        Theorem::GuySmith { t }
    } else {
        Theorem::Window {
            t: t.max(window).max(1),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_preperiod_leaves_room_for_what_is_needed() {
        for theorem in [Theorem::Window { t: 3 }, Theorem::GuySmith { t: 3 }] {
            for len in 0..60 {
                for p in 1..30 {
                    let fits = |e: usize| theorem.needs(e, p).end + p <= len;
                    match theorem.most_preperiod(len, p) {
                        Some(e) => assert!(fits(e) && !fits(e + 1), "{theorem:?} {len} {p}"),
                        None => assert!(!fits(0), "{theorem:?} {len} {p}"),
                    }
                }
            }
        }
    }
}
