//! Tables of values: g(0..N) for a one-heap game (with its period, proven
//! where a theorem allows), or the grid of values of a two-heap game.

use std::sync::Arc;

use num_traits::ToPrimitive;

use crate::diagnostics::Error;
use crate::period::{self, Period, Theorem};
use crate::rules::{AmountBase, Game, MoveKind, Target};
use crate::search::{Options, Solver, Value};

/// A table of values.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game's title.
    pub game: String,
    pub shape: Shape,
}

#[derive(Clone, Debug)]
pub enum Shape {
    /// Position `n` is one heap of n; `values[n]`.
    OneHeap {
        values: Vec<Value>,
        /// `None` when no period was found (or the game is misère).
        period: Option<Period>,
        /// Heaps of one game are searched as one-heap games of a sum.
        decomposed: bool,
    },
    /// Position `(a, b)`: `values[a][b]`.
    Grid { values: Vec<Vec<Value>> },
}

/// Which shape a game's table takes: one heap, or a grid of two.
pub fn one_heap(game: &Game, solver: &Solver) -> bool {
    game.heap_count == Some(1) || (game.heap_count.is_none() && solver.decomposed())
}

/// The table of `game` up to heaps of `upto`, `progress` told how far it got.
pub fn table(
    game: &Arc<Game>,
    upto: u64,
    options: Options,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Table, Error> {
    let mut solver = Solver::with_options(game.clone(), options);
    let shape = if one_heap(game, &solver) {
        let mut values = Vec::new();
        for n in 0..=upto {
            values.push(solver.value(&[n])?.0);
            if n % 4096 == 0 {
                progress(n, upto);
            }
        }
        let period = grundy_values(&values).and_then(|g| period::find(&g, theorem(game)));
        Shape::OneHeap {
            values,
            period,
            decomposed: solver.decomposed(),
        }
    } else {
        let mut grid = Vec::new();
        for a in 0..=upto {
            let row = (0..=upto)
                .map(|b| solver.value(&[a, b]).map(|(v, _)| v))
                .collect::<Result<Vec<_>, _>>()?;
            grid.push(row);
            progress(a, upto);
        }
        Shape::Grid { values: grid }
    };
    Ok(Table {
        game: game.title(),
        shape,
    })
}

/// The Grundy values, in normal play.
fn grundy_values(values: &[Value]) -> Option<Vec<u32>> {
    values
        .iter()
        .map(|v| match v {
            Value::Grundy(g) => Some(*g),
            Value::Misere { .. } => None,
        })
        .collect()
}

/// The theorem that can prove a period of the game's one-heap values.
pub fn theorem(game: &Game) -> Theorem {
    if game.misere || game.invariant.is_some() {
        return Theorem::None;
    }
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
                        return Theorem::None;
                    }
                    splits = true;
                }
                match &amounts.base {
                    AmountBase::Range { lo, hi: Some(hi) }
                        if lo.sign() == num_bigint::Sign::Plus =>
                    {
                        hi.to_usize()
                    }
                    AmountBase::Set(set)
                        if set.iter().all(|k| k.sign() == num_bigint::Sign::Plus) =>
                    {
                        set.last().and_then(ToPrimitive::to_usize)
                    }
                    _ => None,
                }
            }
            MoveKind::Split(split) if !split.unequal => {
                splits = true;
                Some(0)
            }
            MoveKind::Octal(code) => {
                splits |= code.splits();
                let most = code.max_removal();
                // When the last digit lets a move take `most` tokens only
                // from a heap of `most` (leaving nothing), or only from
                // larger heaps (leaving one), the heap of `most` moves unlike
                // the larger ones: the window starts one heap later.
                if code.leaves_none(most) != code.leaves_one(most) {
                    window = window.max(most + 1);
                }
                Some(most)
            }
            _ => None,
        };
        match removal {
            Some(r) => t = t.max(r),
            None => return Theorem::None,
        }
    }
    if splits {
        Theorem::Octal { t }
    } else {
        Theorem::Subtraction { t: t.max(window) }
    }
}
