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
    /// A character that cannot be a cell: a space, a control, a quote, one
    /// drawn as nothing or on the character before (a bidirectional
    /// control, a zero-width space, a combining mark).
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
        if !cell_character(*c) {
            return Err(BoardProblem::Cell(*c));
        }
        heaps.push(u64::from(u32::from(*c)));
    }
    Ok(heaps)
}

/// Whether a board's cell may be `c` (but `|`, which parts the rows): no
/// space, no quote, nothing drawn as nothing (`invisible`).
pub(crate) fn cell_character(c: char) -> bool {
    !(c.is_whitespace() || c.is_control() || invisible(c) || matches!(c, '"' | '\''))
}

/// Whether `c` is drawn as nothing, or changes how the characters around it
/// are drawn: a format character (the bidirectional controls, which
/// reorder a printed row; zero-width spaces and joiners; the byte order
/// mark), a variation selector, a tag, or a combining mark (drawn on the
/// cell before). Such a cell could not be told apart, or would move
/// others, where a board is printed.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{180B}'..='\u{180F}'
        | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
        | '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}'
        | '\u{E0000}'..='\u{E0FFF}')
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
