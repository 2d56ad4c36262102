//! A board game's shapes: every connected shape of n empty cells of a board
//! game (`.` in the shape, `#` around it, cut to its rectangle), each once
//! up to the turns and reflections that keep its value or negate it — the
//! game's stencils' turns (`moves::Stencils`; only the identity where its
//! rules are not stencils or not pins alone). For Domineering those are all
//! eight, so its shapes are the free polyominoes (OEIS A000105: 1, 1, 2, 5,
//! 12, 35, 108, 369, 1285, 4655, 17073, 63600, 238591, 901971, 3426576,
//! 13079255, 50107909).
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

/// The most cells of a census's shapes (50,107,909 of 17 cells for
/// Domineering, 16 bytes each while the tier is grown; a shape of up to 20
/// cells would still pack into one `Packed`).
pub const MAX_CENSUS_CELLS: usize = 17;

/// A shape: its cells (row, column, from 0), sorted, its least row and
/// column 0.
type Cells = Vec<(i64, i64)>;

/// A shape kept: one number, ordered as shapes are compared (by rows, then
/// columns, then cells): its rows in the top five bits, its columns in the
/// five below, and below them the cell at row-major index i as bit
/// `CELL_BITS − 1 − i`, those bits flipped — so that of two shapes of one
/// rectangle, the one whose first differing cell comes first is the
/// smaller. A shape of n cells spans rows + columns ≤ n + 1, so at most
/// 110 cells of rectangle for n ≤ 20.
type Packed = u128;

/// The bits of a packed shape's cells.
const CELL_BITS: u32 = 118;
const CELLS_MASK: u128 = (1 << CELL_BITS) - 1;

fn pack(shape: &[(i64, i64)]) -> Packed {
    pack_within(extent(shape), shape.iter().copied())
}

/// The shape of `cells` (in any order) packed, its rectangle `rows` ×
/// `cols` and its least row and column 0.
fn pack_within((rows, cols): (i64, i64), cells: impl Iterator<Item = (i64, i64)>) -> Packed {
    let cells = cells.fold(0u128, |cells, (r, c)| {
        cells | 1 << (CELL_BITS - 1 - (r * cols + c) as u32)
    });
    (rows as u128) << (CELL_BITS + 5) | (cols as u128) << CELL_BITS | (!cells & CELLS_MASK)
}

fn unpack(packed: Packed) -> Cells {
    let rows = (packed >> (CELL_BITS + 5)) as i64;
    let cols = (packed >> CELL_BITS & 31) as i64;
    let cells = !packed & CELLS_MASK;
    (0..rows * cols)
        .filter(|&i| cells >> (CELL_BITS - 1 - i as u32) & 1 == 1)
        .map(|i| (i / cols, i % cols))
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
                let mut grown = Vec::new();
                for &packed in &self.tier {
                    let shape = unpack(packed);
                    for &(r, c) in &shape {
                        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                            let cell = (r + dr, c + dc);
                            if shape.binary_search(&cell).is_ok() {
                                continue;
                            }
                            grown.clear();
                            grown.extend_from_slice(&shape);
                            grown.push(cell);
                            next.insert(self.least(&grown));
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
            .map(|&shape| board(&unpack(shape)))
            .collect()
    }

    /// The least of the turns of `shape` (any cells, in any order), each
    /// moved so that its least row and column are 0, packed: by rows, then
    /// columns, then cells.
    fn least(&self, shape: &[(i64, i64)]) -> Packed {
        (self.turns.iter())
            .map(|turn| {
                let (mut top, mut left) = (i64::MAX, i64::MAX);
                let (mut bottom, mut right) = (i64::MIN, i64::MIN);
                for &at in shape {
                    let (r, c) = turn.offset(at);
                    (top, bottom) = (top.min(r), bottom.max(r));
                    (left, right) = (left.min(c), right.max(c));
                }
                let extent = (bottom - top + 1, right - left + 1);
                let cells = shape.iter().map(|&at| turn.offset(at));
                pack_within(extent, cells.map(|(r, c)| (r - top, c - left)))
            })
            .min()
            .unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::{Cells, extent, pack, unpack};

    /// Packing keeps a shape whole and orders shapes of one size (a tier)
    /// as they are compared: by rectangle, then cells — on every set of
    /// cells of the rectangles to 3 × 4, and on lines of 20 cells each way.
    #[test]
    fn a_packed_shape_unpacks_whole_and_sorts_as_its_cells() {
        let mut shapes: Vec<Cells> = Vec::new();
        for (rows, cols) in [(1, 1), (1, 4), (2, 3), (3, 2), (3, 4), (4, 3)] {
            let all: Vec<(i64, i64)> = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .collect();
            for subset in 1..1u32 << all.len() {
                let cells: Cells = (all.iter().enumerate())
                    .filter(|(i, _)| subset >> i & 1 == 1)
                    .map(|(_, &at)| at)
                    .collect();
                if extent(&cells) == (rows, cols) {
                    shapes.push(cells);
                }
            }
        }
        shapes.push((0..20).map(|c| (0, c)).collect());
        shapes.push((0..20).map(|r| (r, 0)).collect());
        for shape in &shapes {
            assert_eq!(&unpack(pack(shape)), shape);
        }
        let mut by_cells = shapes.clone();
        by_cells.sort_by_key(|s| (s.len(), extent(s), s.clone()));
        let mut by_packed = shapes;
        by_packed.sort_by_key(|s| (s.len(), pack(s)));
        assert_eq!(by_packed, by_cells);
    }
}
