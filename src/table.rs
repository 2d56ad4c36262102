//! Tables of values: g(0..N) for a one-heap game (with its period, proven
//! where a theorem allows: `period`), or the grid of values of a two-heap
//! game.

use std::sync::Arc;

use crate::diagnostics::Error;
use crate::period::{self, Period};
use crate::rules::Game;
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
        // A period the engine proved holds as it is; else the values are
        // checked here, by the same theorem.
        let period = grundy_values(&values).and_then(|g| {
            (solver.period().cloned()).or_else(|| period::find(&g, period::classify(game)))
        });
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
