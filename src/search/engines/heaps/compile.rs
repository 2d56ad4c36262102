//! The lowered rules compiled, once per game, into per-heap forms: for each
//! rule, the amounts it may take from heap h and what a move leaves. A set
//! or a short range without condition is a plain list or loop; a condition
//! that reads only `k` is evaluated once per amount (a table that grows with
//! the heaps); only a condition that reads `h` is evaluated per (k, h).
//! Long ranges without condition become windows (`window`).

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use super::window::Window;
use crate::moves::MoveError;
use crate::platform::usize_of;
use crate::rules::expr::{Env, EvalError, Expr};
use crate::rules::solve::Solved;
use crate::rules::{AmountBase, Amounts, Game, MoveKind, OctalCode, Split, Target};

/// Ranges up to this many amounts are looped over; longer ones without
/// condition become windows, updated by one heap per heap instead.
const SHORT_RANGE: u64 = 64;

/// What a move taking `k` from heap `h` leaves.
#[derive(Clone, Copy, Debug)]
pub(super) enum Leaves {
    /// The heap h - k, perhaps empty.
    Heap,
    /// The heap h - k, only when it is not empty (octal bit 2).
    Nonempty,
    /// Nothing: the move takes the whole heap (octal bit 1).
    Nothing,
    /// h - k split into two heaps.
    Two(Split),
}

/// The amounts a rule may take from heap h.
#[derive(Debug)]
pub(super) enum Source {
    /// These amounts, ascending.
    List(Vec<u64>),
    /// `lo..=hi`, short.
    Range(u64, u64),
    /// A long range without condition, kept as `Engine::windows[i]`.
    Window(usize),
    /// A condition that reads only `k`.
    Table(Table),
    /// A condition that reads `h`: evaluated per (k, h), on the amounts
    /// its solved conjuncts allow.
    PerHeap(Base, Expr, Solved),
}

/// Amounts before a condition. An unbounded range ends at `u64::MAX`.
#[derive(Clone, Debug)]
pub(super) enum Base {
    Range(u64, u64),
    Set(Vec<u64>),
}

/// The amounts a `k`-only condition allows, found as the heaps grow: each
/// amount is evaluated once, when the first heap it fits is evaluated.
#[derive(Debug)]
pub(super) struct Table {
    base: Base,
    condition: Expr,
    allowed: Vec<u64>,
    /// Base amounts below this (a value for ranges, an index for sets) are done.
    next: u64,
    /// The smallest amount whose condition fails to evaluate.
    error: Option<(u64, EvalError)>,
}

/// One rule in per-heap form. An octal rule becomes up to three.
#[derive(Debug)]
pub(super) struct HeapRule {
    /// The lowered rule's index, for diagnostics.
    pub index: usize,
    pub source: Source,
    pub leaves: Leaves,
}

/// A game's rules in per-heap form, with the windows they use.
#[derive(Debug)]
pub(super) struct Compiled {
    pub rules: Vec<HeapRule>,
    pub windows: Vec<Window>,
}

/// Compiles `game`'s rules; `None` when some rule is not a one-heap move
/// that removes tokens (the engine then falls back to the move generator).
pub(super) fn compile(game: &Game) -> Option<Compiled> {
    let mut out = Compiled {
        rules: Vec::new(),
        windows: Vec::new(),
    };
    for (index, rule) in game.rules.iter().enumerate() {
        match &rule.kind {
            MoveKind::Take {
                amounts,
                target: Target::One,
                split_rest,
            } => {
                let leaves = split_rest.map_or(Leaves::Heap, Leaves::Two);
                let source = source(amounts, leaves, &mut out.windows)?;
                out.rules.push(HeapRule {
                    index,
                    source,
                    leaves,
                });
            }
            MoveKind::Split(split) => out.rules.push(HeapRule {
                index,
                source: Source::List(vec![0]),
                leaves: Leaves::Two(*split),
            }),
            // Three-way splits go through the move generator.
            MoveKind::Octal(code) if code.splits_in_three() => return None,
            MoveKind::Octal(code) => octal_rules(index, code, &mut out.rules),
            // A block that is an octal game written out, as its code.
            MoveKind::Block(block) => match &block.octal {
                Some(code) => octal_rules(index, code, &mut out.rules),
                None => return None,
            },
            MoveKind::Take { .. }
            | MoveKind::Shift { .. }
            | MoveKind::EmptyAndSplit(_)
            | MoveKind::Turn(_)
            | MoveKind::Product(_)
            | MoveKind::Slide(_)
            | MoveKind::Cut(_)
            | MoveKind::Pick(_)
            | MoveKind::Colour(..) => {
                return None;
            }
        }
    }
    Some(out)
}

/// An octal rule's moves, by what they leave: up to three rules.
fn octal_rules(index: usize, code: &OctalCode, rules: &mut Vec<HeapRule>) {
    let removals = 0..=code.max_removal();
    let pick = |f: &dyn Fn(usize) -> bool| -> Vec<u64> {
        removals
            .clone()
            .filter(|&j| f(j))
            .map(|j| j as u64)
            .collect()
    };
    let two = Leaves::Two(Split {
        unequal: false,
        nonempty: true,
    });
    for (list, leaves) in [
        (pick(&|j| code.leaves_none(j)), Leaves::Nothing),
        (pick(&|j| code.leaves_one(j)), Leaves::Nonempty),
        (pick(&|j| code.leaves_two(j)), two),
    ] {
        if !list.is_empty() {
            rules.push(HeapRule {
                index,
                source: Source::List(list),
                leaves,
            });
        }
    }
}

/// An amount as a `u64`; `None` for a negative one (a move that adds).
/// Amounts past `u64::MAX` fit no heap, so saturating them changes nothing.
fn amount(n: &BigInt) -> Option<u64> {
    if n.is_negative() {
        return None;
    }
    Some(n.to_u64().unwrap_or(u64::MAX))
}

fn source(amounts: &Amounts, leaves: Leaves, windows: &mut Vec<Window>) -> Option<Source> {
    // Amount 0 is never a move.
    let base = match &amounts.base {
        AmountBase::Range { lo, hi } => {
            let hi = match hi {
                Some(hi) if hi.is_negative() => 0,
                Some(hi) => amount(hi)?,
                None => u64::MAX,
            };
            Base::Range(amount(lo)?.max(1), hi)
        }
        AmountBase::Set(set) => Base::Set(
            set.iter()
                .map(amount)
                .collect::<Option<Vec<u64>>>()?
                .into_iter()
                .filter(|&k| k > 0)
                .collect(),
        ),
    };
    Some(match (&amounts.condition, base) {
        (Some(condition), base) if reads_heap(condition) => {
            Source::PerHeap(base, condition.clone(), Solved::new(condition))
        }
        (Some(condition), base) => Source::Table(Table {
            base,
            condition: condition.clone(),
            allowed: Vec::new(),
            next: 0,
            error: None,
        }),
        (None, Base::Set(ks)) => Source::List(ks),
        (None, Base::Range(lo, hi)) if hi < lo => Source::List(Vec::new()),
        (None, Base::Range(lo, hi)) if hi - lo < SHORT_RANGE => Source::Range(lo, hi),
        (None, Base::Range(lo, hi)) => match (leaves, hi) {
            (Leaves::Heap, u64::MAX) => {
                windows.push(Window::prefix(lo));
                Source::Window(windows.len() - 1)
            }
            (Leaves::Heap, _) => {
                windows.push(Window::sliding(lo, hi));
                Source::Window(windows.len() - 1)
            }
            (Leaves::Two(split), u64::MAX) => {
                windows.push(Window::pairs(lo, split));
                Source::Window(windows.len() - 1)
            }
            // A long bounded range that splits: one split per amount.
            _ => Source::Range(lo, hi),
        },
    })
}

/// Whether a condition reads the heap (`h`, or the position, which in the
/// one-heap engine is that heap alone), as opposed to only the amount.
fn reads_heap(e: &Expr) -> bool {
    match e {
        Expr::Heap
        | Expr::HeapAt(_)
        | Expr::Len
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Each(..)
        | Expr::Monotone(_)
        | Expr::Count(..) => true,
        // Variables exist only in blocks, which this engine never runs.
        Expr::Const(_) | Expr::Amount | Expr::Var(_) => false,
        Expr::Neg(e) | Expr::Not(e) | Expr::Is(e, _) | Expr::Item(_, e) => reads_heap(e),
        Expr::Binary(_, a, b) => reads_heap(a) || reads_heap(b),
        Expr::Call(_, args) => args.iter().any(reads_heap),
    }
}

/// The condition at amount `k` and heap `h`, as the move generator sees it
/// when it is asked about the position `(h)`.
fn allows(condition: &Expr, k: u64, h: u64) -> Result<bool, EvalError> {
    condition.truth(&Env {
        amount: i128::from(k),
        heap: i128::from(h),
        heaps: &[h],
        vars: &[],
    })
}

impl Table {
    /// Evaluates the condition on every base amount up to `h` not yet seen;
    /// the first failure is kept, and reported from then on.
    fn extend(&mut self, h: u64) {
        if self.error.is_some() {
            return;
        }
        let mut check = |k: u64, allowed: &mut Vec<u64>| -> bool {
            match allows(&self.condition, k, h) {
                Ok(true) => allowed.push(k),
                Ok(false) => {}
                Err(e) => {
                    self.error = Some((k, e));
                    return false;
                }
            }
            true
        };
        match &self.base {
            Base::Range(lo, hi) => {
                let from = self.next.max(*lo);
                let to = (*hi).min(h);
                for k in from..=to {
                    self.next = k + 1;
                    if !check(k, &mut self.allowed) {
                        return;
                    }
                }
            }
            Base::Set(ks) => {
                while let Some(&k) = ks.get(usize_of(self.next)) {
                    if k > h {
                        break;
                    }
                    self.next += 1;
                    if !check(k, &mut self.allowed) {
                        return;
                    }
                }
            }
        }
    }
}

impl Source {
    /// Calls `f(k)` for each amount this source allows at heap `h`, in
    /// ascending order, and returns how many amounts its condition rejected
    /// (they count against the budget as moves do), or the condition's
    /// failure (rule `index`). Windows are not listed here: they are
    /// updated as a whole.
    #[inline]
    pub fn each(
        &mut self,
        index: usize,
        h: u64,
        mut f: impl FnMut(u64),
    ) -> Result<usize, MoveError> {
        let mut rejected = 0;
        match self {
            Source::List(ks) => {
                for &k in ks.iter() {
                    if k > h {
                        break;
                    }
                    f(k);
                }
            }
            Source::Range(lo, hi) => {
                for k in *lo..=(*hi).min(h) {
                    f(k);
                }
            }
            Source::Window(_) => {}
            Source::Table(table) => {
                table.extend(h);
                if let Some((k, error)) = &table.error
                    && *k <= h
                {
                    return Err(MoveError {
                        rule: index,
                        error: error.clone(),
                    });
                }
                for &k in &table.allowed {
                    if k > h {
                        break;
                    }
                    f(k);
                }
            }
            Source::PerHeap(base, condition, solved) => {
                let mut visit = |k: u64| -> Result<(), MoveError> {
                    match allows(condition, k, h) {
                        Ok(true) => f(k),
                        Ok(false) => rejected += 1,
                        Err(error) => return Err(MoveError { rule: index, error }),
                    }
                    Ok(())
                };
                match base {
                    Base::Range(lo, hi) => {
                        let heaps = [h];
                        let env = Env {
                            amount: 0,
                            heap: i128::from(h),
                            heaps: &heaps,
                            vars: &[],
                        };
                        let hi = (*hi).min(h);
                        solved.each(i128::from(*lo), i128::from(hi), &env, &|_| true, |k| {
                            visit(k as u64)
                        })?;
                    }
                    Base::Set(ks) => {
                        for &k in ks.iter() {
                            if k > h {
                                break;
                            }
                            visit(k)?;
                        }
                    }
                }
            }
        }
        Ok(rejected)
    }
}
