//! A board drawn in SVG: a square a cell, an empty cell (`.`) white, a
//! removed one (`#`) filled with `REMOVED_COLOUR`, a piece a disc with its
//! character on it — Left's usual pieces (`x`, `L`, `T`, `b`) blue,
//! Right's (`o`, `R`, `F`, `r`) red, any other a colour of its own. Alone
//! (`board_svg`), and in each box of a board game's position graph.

use std::fmt::Write;

use num_traits::ToPrimitive;

use super::svg::{escape, header};
use crate::position::{board_rows, board_text};

/// A removed cell's fill.
pub const REMOVED_COLOUR: &str = "#4a4a4a";
/// The discs of Left's usual pieces.
const LEFT_PIECE: &str = "#1f5fbf";
/// The discs of Right's usual pieces.
const RIGHT_PIECE: &str = "#c0392b";
/// The discs of any other piece, by its character.
const OTHER_PIECES: [&str; 4] = ["#2e8b57", "#d2691e", "#7b3fa0", "#008b8b"];
/// A cell's side, alone.
const CELL: usize = 36;
/// Room round the board, and above it for its title.
const MARGIN: usize = 20;
const TITLE: usize = 40;

/// The board `heaps` (a position of a game that says `board`) alone, in
/// SVG, titled with its text.
pub fn board_svg<T: ToPrimitive>(heaps: &[T]) -> String {
    let rows = board_rows(heaps);
    let cols = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let title = board_text(heaps);
    // As wide as the title (16-pixel letters, about 9 pixels each) too.
    let width = (2 * MARGIN + cols * CELL).max(2 * MARGIN + 60 + title.chars().count() * 9);
    let height = TITLE + rows.len() * CELL + MARGIN;
    let mut out = String::new();
    let _ = header(&mut out, width, height, &title)
        .and_then(|_| draw_board(&mut out, &rows, (MARGIN, TITLE), CELL))
        .and_then(|_| writeln!(out, "</svg>"));
    out
}

/// The fill of a piece's disc.
fn piece_colour(piece: char) -> &'static str {
    match piece {
        'x' | 'X' | 'L' | 'T' | 'b' | 'B' => LEFT_PIECE,
        'o' | 'O' | 'R' | 'F' | 'r' => RIGHT_PIECE,
        other => OTHER_PIECES[other as usize % OTHER_PIECES.len()],
    }
}

/// Draws `rows` (a board's rows, a character a cell) with its top left
/// corner at (x, y), each cell a square of side `cell`.
pub(super) fn draw_board(
    out: &mut String,
    rows: &[String],
    (x, y): (usize, usize),
    cell: usize,
) -> std::fmt::Result {
    writeln!(out, r#"<g class="board">"#)?;
    for (r, row) in rows.iter().enumerate() {
        for (c, piece) in row.chars().enumerate() {
            let (cx, cy) = (x + c * cell, y + r * cell);
            let fill = match piece {
                '#' => REMOVED_COLOUR,
                _ => "#ffffff",
            };
            writeln!(
                out,
                r##"<rect x="{cx}" y="{cy}" width="{cell}" height="{cell}" fill="{fill}" stroke="#999999"/>"##
            )?;
            if piece == '.' || piece == '#' {
                continue;
            }
            let (mx, my) = (cx + cell / 2, cy + cell / 2);
            writeln!(
                out,
                r##"<circle cx="{mx}" cy="{my}" r="{}" fill="{}"/><text x="{mx}" y="{}" text-anchor="middle" font-size="{}" fill="#ffffff">{}</text>"##,
                cell * 2 / 5,
                piece_colour(piece),
                my + cell / 6,
                (cell / 2).max(6),
                escape(&piece.to_string())
            )?;
        }
    }
    writeln!(out, "</g>")
}
