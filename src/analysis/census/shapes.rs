//! A board game's shapes: every connected shape of n empty cells of a board
//! game (`.` in the shape, `#` around it, cut to its rectangle), each once
//! up to the turns and reflections that keep its value or negate it — the
//! game's stencils' turns (`moves::Stencils`; only the identity where its
//! rules are not stencils or not pins alone). For Domineering those are all
//! eight, so its shapes are the free polyominoes (OEIS A000105: 1, 1, 2, 5,
//! 12, 35, 108, 369, 1285, 4655, 17073, 63600, 238591, 901971, 3426576).
//!
//! The shapes are grown tier by tier: every connected shape of n + 1 cells
//! is one of n cells with a neighbouring cell added (take away a leaf of a
//! spanning tree of its cells), and a turn of a shape grown so is a shape
//! grown from the turned smaller one; so growing each shape of a tier kept
//! once, by every neighbour, and keeping each result once, finds every
//! shape of the next.

use std::collections::BTreeSet;

use crate::moves::{Orientation, Stencils};
use crate::rules::Game;

/// The most cells of a census's shapes (13,079,255 of 16 cells for
/// Domineering, each kept a byte a cell).
pub const MAX_CENSUS_CELLS: usize = 16;

/// A shape: its cells (row, column, from 0), sorted, its least row and
/// column 0.
type Cells = Vec<(i64, i64)>;

/// A shape kept: each cell a byte, 16 × its row + its column (a shape of
/// at most 16 cells spans at most 16 rows and 16 columns, each from 0 to
/// 15), sorted.
type Packed = Box<[u8]>;

fn pack(shape: &[(i64, i64)]) -> Packed {
    shape.iter().map(|&(r, c)| (r * 16 + c) as u8).collect()
}

fn unpack(shape: &[u8]) -> Cells {
    (shape.iter())
        .map(|&at| (i64::from(at / 16), i64::from(at % 16)))
        .collect()
}

/// The shapes of a census, tier by tier.
pub struct Shapes {
    /// The turns that keep or negate a shape's value, the identity first.
    turns: Vec<Orientation>,
    /// The shapes of the tier last grown, each in its least turn, sorted.
    tier: Vec<Packed>,
    /// Their cells.
    cells: usize,
}

impl Shapes {
    /// The shapes of `game`'s boards, none grown yet.
    pub fn of(game: &Game) -> Shapes {
        let turns = match Stencils::read(game) {
            Some(stencils) => stencils.turns().map(|(turn, _)| turn).collect(),
            None => Orientation::all().take(1).collect(),
        };
        Shapes {
            turns,
            tier: Vec::new(),
            cells: 0,
        }
    }

    /// The cells of the shapes of the tier last grown (0: none grown).
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Grows the next tier (the first: the one cell), up to
    /// `MAX_CENSUS_CELLS`; `false` past it.
    pub fn grow(&mut self) -> bool {
        if self.cells >= MAX_CENSUS_CELLS {
            return false;
        }
        let next: BTreeSet<Packed> = match self.cells {
            0 => [pack(&[(0, 0)])].into(),
            _ => {
                let mut next = BTreeSet::new();
                for packed in &self.tier {
                    let shape = unpack(packed);
                    for &(r, c) in &shape {
                        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                            let cell = (r + dr, c + dc);
                            if shape.binary_search(&cell).is_ok() {
                                continue;
                            }
                            let mut grown = shape.clone();
                            grown.push(cell);
                            next.insert(pack(&self.least(&grown)));
                        }
                    }
                }
                next
            }
        };
        self.tier = next.into_iter().collect();
        self.cells += 1;
        true
    }

    /// The shapes of the tier last grown, as boards are written: `.` in
    /// the shape, `#` around it, rows between `|` (`".#|.."`).
    pub fn boards(&self) -> Vec<String> {
        self.tier
            .iter()
            .map(|shape| board(&unpack(shape)))
            .collect()
    }

    /// The least of the turns of `shape` (any cells), each moved so that
    /// its least row and column are 0 and its cells sorted: by rows, then
    /// columns, then cells.
    fn least(&self, shape: &[(i64, i64)]) -> Cells {
        let mut best: Option<((i64, i64), Cells)> = None;
        for turn in &self.turns {
            let mut turned: Cells = shape.iter().map(|&at| turn.offset(at)).collect();
            let top = turned.iter().map(|at| at.0).min().unwrap_or(0);
            let left = turned.iter().map(|at| at.1).min().unwrap_or(0);
            for at in &mut turned {
                *at = (at.0 - top, at.1 - left);
            }
            turned.sort_unstable();
            let dims = extent(&turned);
            if best.as_ref().is_none_or(|b| (dims, &turned) < (b.0, &b.1)) {
                best = Some((dims, turned));
            }
        }
        best.map(|b| b.1).unwrap_or_default()
    }
}

/// A shape's rows and columns.
fn extent(shape: &[(i64, i64)]) -> (i64, i64) {
    let rows = shape.iter().map(|at| at.0).max().map_or(0, |r| r + 1);
    let cols = shape.iter().map(|at| at.1).max().map_or(0, |c| c + 1);
    (rows, cols)
}

/// A shape as a board is written.
fn board(shape: &[(i64, i64)]) -> String {
    let (rows, cols) = extent(shape);
    let rows: Vec<String> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| match shape.binary_search(&(r, c)) {
                    Ok(_) => '.',
                    Err(_) => '#',
                })
                .collect()
        })
        .collect();
    rows.join("|")
}
