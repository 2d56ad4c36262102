//! Move generation: every position one move away, for positions of machine-
//! word heaps. The lowered rules are compiled once per game into this form.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::rules::expr::{Env, EvalError, Expr};
use crate::rules::{AmountBase, Amounts, Game, MoveKind, OctalCode, Split, Target};

/// A game's rules, ready to generate moves.
#[derive(Clone, Debug)]
pub struct MoveGen {
    rules: Vec<Compiled>,
    invariant: Option<Expr>,
}

#[derive(Clone, Debug)]
enum Compiled {
    Take {
        amounts: AmountGen,
        target: Target,
        split_rest: Option<Split>,
    },
    Shift(AmountGen),
    Split(Split),
    EmptyAndSplit(Split),
    Octal(OctalCode),
}

#[derive(Clone, Debug)]
struct AmountGen {
    base: Base,
    condition: Option<Expr>,
}

#[derive(Clone, Debug)]
enum Base {
    /// Inclusive; an unbounded range ends at `i128::MAX`.
    Range(i128, i128),
    Set(Vec<i128>),
}

/// Why moves could not be generated: a rule's condition failed to evaluate,
/// or adding to a heap would pass 2^64.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub rule: usize,
    pub error: EvalError,
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
    fn new(amounts: &Amounts) -> Self {
        let base = match &amounts.base {
            AmountBase::Range { lo, hi } => {
                Base::Range(saturate(lo), hi.as_ref().map_or(i128::MAX, saturate))
            }
            AmountBase::Set(set) => Base::Set(set.iter().map(saturate).collect()),
        };
        AmountGen {
            base,
            condition: amounts.condition.clone(),
        }
    }

    /// Calls `f` with each amount that may be taken from heap `h` of `heaps`.
    fn each(
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
                };
                if !condition.truth(&env)? {
                    return Ok(());
                }
            }
            f(k)
        };
        match &self.base {
            Base::Range(lo, hi) => {
                for k in *lo..=(*hi).min(h128) {
                    visit(k)?;
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

    fn may_add(&self) -> bool {
        match &self.base {
            Base::Range(lo, _) => *lo < 0,
            Base::Set(set) => set.first().is_some_and(|&k| k < 0),
        }
    }
}

/// `h - k`, where a negative `k` adds.
fn minus(h: u64, k: i128) -> Result<u64, EvalError> {
    u64::try_from(i128::from(h) - k).map_err(|_| EvalError::Overflow)
}

impl MoveGen {
    pub fn new(game: &Game) -> Self {
        let rules = game
            .rules
            .iter()
            .map(|rule| match &rule.kind {
                MoveKind::Take {
                    amounts,
                    target,
                    split_rest,
                } => Compiled::Take {
                    amounts: AmountGen::new(amounts),
                    target: *target,
                    split_rest: *split_rest,
                },
                MoveKind::Shift { amounts } => Compiled::Shift(AmountGen::new(amounts)),
                MoveKind::Split(split) => Compiled::Split(*split),
                MoveKind::EmptyAndSplit(split) => Compiled::EmptyAndSplit(*split),
                MoveKind::Octal(code) => Compiled::Octal(code.clone()),
            })
            .collect();
        MoveGen {
            rules,
            invariant: game.invariant.as_ref().map(|i| i.expr.clone()),
        }
    }

    /// True when the order of heaps and empty heaps never matter, so that
    /// positions may be sorted and, with `drop_zeros`, stripped of zeros.
    pub fn symmetry(&self, game: &Game) -> (bool, bool) {
        let shifts = self.rules.iter().any(|r| matches!(r, Compiled::Shift(_)));
        let sorted = !shifts && !self.reads_places();
        (
            sorted,
            sorted && !self.may_add() && game.heap_count.is_none(),
        )
    }

    /// True when every move acts on one heap alone, removing tokens (and
    /// perhaps splitting it), and nothing reads other heaps: then a position
    /// is the sum of its heaps as one-heap games.
    pub fn one_heap_moves(&self) -> bool {
        let one_heap = self.rules.iter().all(|r| match r {
            Compiled::Take { target, .. } => *target == Target::One,
            Compiled::Split(_) | Compiled::Octal(_) => true,
            Compiled::Shift(_) | Compiled::EmptyAndSplit(_) => false,
        });
        one_heap && self.invariant.is_none() && !self.may_add() && !self.reads_places()
    }

    /// Whether some condition reads heaps by place or counts them.
    fn reads_places(&self) -> bool {
        let mut exprs: Vec<&Expr> = self.invariant.iter().collect();
        for rule in &self.rules {
            if let Compiled::Take { amounts, .. } | Compiled::Shift(amounts) = rule {
                exprs.extend(&amounts.condition);
            }
        }
        exprs.iter().any(|e| mentions_position_order(e))
    }

    /// Whether some amount is negative, adding to a heap.
    fn may_add(&self) -> bool {
        self.rules.iter().any(|r| match r {
            Compiled::Take { amounts, .. } | Compiled::Shift(amounts) => amounts.may_add(),
            _ => false,
        })
    }

    /// Calls `f(rule, next)` for every move from `heaps`, where `next` is the
    /// position after it. Moves to positions that break the game's invariant
    /// are not moves.
    pub fn each_move(
        &self,
        heaps: &[u64],
        mut f: impl FnMut(usize, &[u64]),
    ) -> Result<(), MoveError> {
        let mut next = heaps.to_vec();
        for (index, rule) in self.rules.iter().enumerate() {
            let mut emit = |next: &[u64]| -> Result<(), EvalError> {
                if let Some(invariant) = &self.invariant
                    && !invariant.truth(&Env::position(next))?
                {
                    return Ok(());
                }
                f(index, next);
                Ok(())
            };
            self.rule_moves(rule, heaps, &mut next, &mut emit)
                .map_err(|error| MoveError { rule: index, error })?;
        }
        Ok(())
    }

    fn rule_moves(
        &self,
        rule: &Compiled,
        heaps: &[u64],
        next: &mut Vec<u64>,
        emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        match rule {
            Compiled::Take {
                amounts,
                target: Target::One,
                split_rest,
            } => {
                for (i, &h) in heaps.iter().enumerate() {
                    amounts.each(h, heaps, |k| {
                        let rest = minus(h, k)?;
                        match split_rest {
                            None => {
                                next[i] = rest;
                                emit(next)?;
                                next[i] = h;
                            }
                            Some(split) => {
                                // Leaving one heap is the take alone, which
                                // the split's `nonempty` decides.
                                for (a, b) in parts(rest, *split, false) {
                                    emit(&spliced(heaps, i, &[a, b]))?;
                                }
                            }
                        }
                        Ok(())
                    })?;
                }
            }
            Compiled::Take {
                amounts,
                target: Target::Same(n),
                ..
            } => {
                for chosen in combinations(heaps.len(), *n) {
                    let smallest = chosen.iter().map(|&i| heaps[i]).min().unwrap_or(0);
                    // The amount must be allowed on every chosen heap.
                    amounts.each(smallest, heaps, |k| {
                        for &i in &chosen {
                            if let Some(condition) = &amounts.condition {
                                let env = Env {
                                    amount: k,
                                    heap: i128::from(heaps[i]),
                                    heaps,
                                };
                                if !condition.truth(&env)? {
                                    return Ok(());
                                }
                            }
                        }
                        for &i in &chosen {
                            next[i] = minus(heaps[i], k)?;
                        }
                        emit(next)?;
                        for &i in &chosen {
                            next[i] = heaps[i];
                        }
                        Ok(())
                    })?;
                }
            }
            Compiled::Take {
                amounts,
                target: Target::UpTo(n),
                ..
            } => {
                let mut options: Vec<Vec<u64>> = Vec::with_capacity(heaps.len());
                for &h in heaps {
                    let mut after = Vec::new();
                    amounts.each(h, heaps, |k| {
                        after.push(minus(h, k)?);
                        Ok(())
                    })?;
                    options.push(after);
                }
                up_to(&options, *n, 0, 0, next, emit)?;
            }
            Compiled::Shift(amounts) => {
                for (i, &h) in heaps.iter().enumerate() {
                    amounts.each(h, heaps, |k| {
                        next[i] = minus(h, k)?;
                        if i > 0 {
                            next[i - 1] = minus(heaps[i - 1], -k)?;
                        }
                        emit(next)?;
                        next[i] = h;
                        if i > 0 {
                            next[i - 1] = heaps[i - 1];
                        }
                        Ok(())
                    })?;
                }
            }
            Compiled::Split(split) => {
                for (i, &h) in heaps.iter().enumerate() {
                    for (a, b) in parts(h, *split, false) {
                        emit(&spliced(heaps, i, &[a, b]))?;
                    }
                }
            }
            Compiled::Octal(code) => {
                let two = Split {
                    unequal: false,
                    nonempty: true,
                };
                for (i, &h) in heaps.iter().enumerate() {
                    for j in 0..=code.max_removal().min(h as usize) {
                        let rest = h - j as u64;
                        if (rest == 0 && code.leaves_none(j)) || (rest > 0 && code.leaves_one(j)) {
                            next[i] = rest;
                            emit(next)?;
                            next[i] = h;
                        }
                        if code.leaves_two(j) {
                            for (a, b) in parts(rest, two, false) {
                                emit(&spliced(heaps, i, &[a, b]))?;
                            }
                        }
                    }
                }
            }
            Compiled::EmptyAndSplit(split) => {
                if let &[x, y] = heaps {
                    for (a, b) in parts(y, *split, true) {
                        emit(&[a, b])?;
                    }
                    for (a, b) in parts(x, *split, true) {
                        emit(&[a, b])?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Ways to split `h` into two heaps `(a, b)`; unordered (`a <= b`) unless
/// `ordered`, when the two places are told apart.
fn parts(h: u64, split: Split, ordered: bool) -> impl Iterator<Item = (u64, u64)> {
    let low = u64::from(split.nonempty);
    let high = if ordered { h - low.min(h) } else { h / 2 };
    (low..=high)
        .map(move |a| (a, h - a))
        .filter(move |&(a, b)| (!split.nonempty || b >= 1) && (!split.unequal || a != b))
}

fn spliced(heaps: &[u64], i: usize, with: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(heaps.len() + with.len());
    out.extend_from_slice(&heaps[..i]);
    out.extend_from_slice(with);
    out.extend_from_slice(&heaps[i + 1..]);
    out
}

/// All `n`-element index sets of `0..len`, in order.
fn combinations(len: usize, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if n == 0 || n > len {
        return out;
    }
    let mut chosen: Vec<usize> = (0..n).collect();
    loop {
        out.push(chosen.clone());
        // Advance the rightmost index that can move.
        let Some(i) = (0..n).rev().find(|&i| chosen[i] < len - n + i) else {
            return out;
        };
        chosen[i] += 1;
        for j in i + 1..n {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

/// Moves touching between 1 and `left` of the heaps from index `i` on, each
/// touched heap set to one of its `options`.
fn up_to(
    options: &[Vec<u64>],
    left: usize,
    i: usize,
    touched: usize,
    next: &mut Vec<u64>,
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    if i == options.len() {
        return if touched > 0 { emit(next) } else { Ok(()) };
    }
    up_to(options, left, i + 1, touched, next, emit)?;
    if left > 0 {
        let before = next[i];
        for &after in &options[i] {
            next[i] = after;
            up_to(options, left - 1, i + 1, touched + 1, next, emit)?;
        }
        next[i] = before;
    }
    Ok(())
}

/// Whether a condition reads heaps by place or counts them (`h[i]`, `len`,
/// `nonincreasing`), so that sorting or dropping empty heaps would change it.
fn mentions_position_order(e: &Expr) -> bool {
    match e {
        Expr::HeapAt(_) | Expr::Len | Expr::Monotone(_) => true,
        Expr::Const(_) | Expr::Amount | Expr::Heap => false,
        Expr::Neg(e) | Expr::Not(e) | Expr::Is(e, _) | Expr::Each(_, e) => {
            mentions_position_order(e)
        }
        Expr::Binary(_, a, b) => mentions_position_order(a) || mentions_position_order(b),
        Expr::Call(_, args) => args.iter().any(mentions_position_order),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_subsets_of_the_size() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert!(combinations(2, 3).is_empty());
    }

    #[test]
    fn parts_respect_flags() {
        let nonempty_unequal = Split {
            unequal: true,
            nonempty: true,
        };
        assert_eq!(
            parts(6, nonempty_unequal, false).collect::<Vec<_>>(),
            vec![(1, 5), (2, 4)]
        );
        let nonempty = Split {
            unequal: false,
            nonempty: true,
        };
        assert_eq!(
            parts(4, nonempty, true).collect::<Vec<_>>(),
            vec![(1, 3), (2, 2), (3, 1)]
        );
        assert_eq!(parts(1, nonempty, true).count(), 0);
    }
}
