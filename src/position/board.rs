//! Positions that are boards: a grid of cells, each a character (`.` an
//! empty cell, `#` a removed one, any other printable character what the
//! game makes it: a stone, a toad), written as a quoted string, rows
//! separated by `|` (`"..#|...."`), and kept as heaps: the rows, the
//! columns, then each cell's code point, row by row from the top.

use std::fmt;

use num_traits::ToPrimitive;

/// The most cells a board may have.
pub const MAX_CELLS: usize = 4096;

/// Why a text is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardProblem {
    /// No cell at all.
    Empty,
    /// Row `row` (from 1) has `len` cells where the first has `first`.
    Ragged {
        /// The row, from 1.
        row: usize,
        /// Its cells.
        len: usize,
        /// The first row's.
        first: usize,
    },
    /// A character that cannot be a cell: a space, a control, a quote.
    Cell(char),
    /// More cells than `MAX_CELLS`.
    TooLarge(usize),
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardProblem::Empty => write!(f, "the board has no cell"),
            BoardProblem::Ragged { row, len, first } => write!(
                f,
                "row {row} has {len} {}, and the first row {first}: a board's rows are equally long",
                if *len == 1 { "cell" } else { "cells" }
            ),
            BoardProblem::Cell(c) => write!(f, "{c:?} cannot be a cell"),
            BoardProblem::TooLarge(n) => {
                write!(
                    f,
                    "the board has {n} cells, more than the {MAX_CELLS} a board may have"
                )
            }
        }
    }
}

/// The board `text` writes (between its quotes), as heaps.
pub fn board_position(text: &str) -> Result<Vec<u64>, BoardProblem> {
    let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
    let cols = rows[0].len();
    let cells: usize = rows.iter().map(Vec::len).sum();
    if cells > MAX_CELLS {
        return Err(BoardProblem::TooLarge(cells));
    }
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
        return Err(BoardProblem::Ragged {
            row: i + 1,
            len: row.len(),
            first: cols,
        });
    }
    if cols == 0 {
        return Err(BoardProblem::Empty);
    }
    let mut heaps = vec![rows.len() as u64, cols as u64];
    for c in rows.iter().flatten() {
        if c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'') {
            return Err(BoardProblem::Cell(*c));
        }
        heaps.push(u64::from(u32::from(*c)));
    }
    Ok(heaps)
}

/// A board in position syntax: `"..#|...."` (a cell that is no character
/// as `?`).
pub fn board_text<T: ToPrimitive>(heaps: &[T]) -> String {
    format!("\"{}\"", board_rows(heaps).join("|"))
}

/// A board's rows, top first, each its cells' characters (a cell that is
/// no character as `?`).
pub fn board_rows<T: ToPrimitive>(heaps: &[T]) -> Vec<String> {
    let cols = heaps
        .get(1)
        .and_then(ToPrimitive::to_usize)
        .unwrap_or(0)
        .max(1);
    (heaps.get(2..).unwrap_or(&[]).chunks(cols))
        .map(|row| {
            (row.iter())
                .map(|c| (c.to_u32()).and_then(char::from_u32).unwrap_or('?'))
                .collect()
        })
        .collect()
}
