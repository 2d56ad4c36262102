//! Tables as pictures, in SVG written by hand: a one-heap game's values
//! against n (P-positions marked, the proven period shaded), and a two-heap
//! game's values as a heat map (P-positions in their own colour).
//!
//! The colours are fixed, so that a test (or a reader) can find them: P
//! cells and marks in `P_COLOUR`, never used for anything else.

use std::fmt::Write;

use crate::analysis::table::{Cell, Column, Shape, Table};
use crate::period::Period;
use crate::position::Outcome;

/// P-positions.
pub const P_COLOUR: &str = "#d62728";
/// Positions not of the game (outside its invariant).
pub const NOT_A_POSITION_COLOUR: &str = "#dddddd";
/// N-positions of a misère game (no value to shade by).
const N_COLOUR: &str = "#1f77b4";
/// Draws, in a game that can go on forever.
pub const D_COLOUR: &str = "#999999";
/// The bars of a one-heap game's values.
const BAR_COLOUR: &str = "#4c72b0";
/// The periodic part of a one-heap game, and every other period in it.
const PERIOD_COLOURS: [&str; 2] = ["#e8f0e0", "#d4e6c8"];

/// The heat map's colours from the value 1 to the largest, dark to light
/// (a viridis-like ramp without red): value v of largest m takes entry
/// (v - 1) * 16 / m.
const RAMP: [&str; 16] = [
    "#440154", "#481a6c", "#472f7d", "#414487", "#39568c", "#31688e", "#2a788e", "#23888e",
    "#1f988b", "#22a884", "#35b779", "#54c568", "#7ad151", "#a5db36", "#d2e21b", "#fde725",
];

/// Margin round the plot, for the axes' labels.
const MARGIN: usize = 40;

/// The table as an SVG document.
pub fn table_svg(table: &Table) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match &table.shape {
        Shape::OneHeap { values, period, .. } => {
            one_heap(&mut out, &table.game, values, period.as_ref())
        }
        Shape::Grid { values, .. } => grid(&mut out, &table.game, values),
    };
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn header(out: &mut String, width: usize, height: usize, title: &str) -> std::fmt::Result {
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    )?;
    writeln!(out, "<title>{}</title>", escape(title))?;
    writeln!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    )
}

fn rect(out: &mut String, x: usize, y: usize, w: usize, h: usize, fill: &str) -> std::fmt::Result {
    writeln!(
        out,
        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>"#
    )
}

/// g(n) against n: a bar per heap, its height the value; a P-position's
/// column in `P_COLOUR` down to the axis; the periodic part shaded, one
/// period in two darker.
fn one_heap(
    out: &mut String,
    game: &str,
    values: &Column,
    period: Option<&Period>,
) -> std::fmt::Result {
    let n = values.len();
    // Columns 1 to 12 pixels wide, the plot near 1000 pixels.
    let column = (1000 / n.max(1)).clamp(1, 12);
    let top = (values.iter())
        .filter_map(|v| Some(v.as_ref()?.grundy()? as usize))
        .max()
        .unwrap_or(0)
        .max(1);
    // Rows 1 to 24 pixels a unit of value, the plot near 300 pixels high.
    let unit = (300 / top).clamp(1, 24);
    let (plot_w, plot_h) = (n * column, top * unit + unit);
    let (width, height) = (plot_w + 2 * MARGIN, plot_h + 2 * MARGIN);
    header(
        out,
        width,
        height,
        &format!("{game}: g(n) for n = 0 to {}", n.saturating_sub(1)),
    )?;
    let base = MARGIN + plot_h;
    if let Some(p) = period {
        for (k, start) in (p.preperiod..n).step_by(p.period.max(1)).enumerate() {
            let end = (start + p.period).min(n);
            let fill = PERIOD_COLOURS[k % 2];
            rect(
                out,
                MARGIN + start * column,
                MARGIN,
                (end - start) * column,
                plot_h,
                fill,
            )?;
        }
    }
    for (i, v) in values.iter().enumerate() {
        let x = MARGIN + i * column;
        match &v {
            Some(v) if v.outcome() == Outcome::P => rect(out, x, MARGIN, column, plot_h, P_COLOUR)?,
            Some(v) if v.outcome() == Outcome::D => rect(out, x, MARGIN, column, plot_h, D_COLOUR)?,
            Some(v) => match v.grundy() {
                Some(g) => {
                    let h = g as usize * unit;
                    rect(out, x, base - h, column, h, BAR_COLOUR)?;
                }
                // An N-position with no number for a value.
                None => rect(out, x, base - unit, column, unit, N_COLOUR)?,
            },
            None => rect(out, x, MARGIN, column, plot_h, NOT_A_POSITION_COLOUR)?,
        }
    }
    writeln!(
        out,
        r##"<line x1="{MARGIN}" y1="{base}" x2="{}" y2="{base}" stroke="#000000"/>"##,
        MARGIN + plot_w
    )?;
    writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}">n = 0 to {}; red: P-positions{}</text>"#,
        base + 20,
        n.saturating_sub(1),
        match period {
            Some(p) => format!("; shaded: period {} from {}", p.period, p.preperiod),
            None => String::new(),
        }
    )?;
    writeln!(out, r#"<text x="{MARGIN}" y="20">{}</text>"#, escape(game))?;
    writeln!(out, "</svg>")
}

/// The grid of values, (a, b) at column a and row b from the top: P cells
/// in `P_COLOUR`, others along `RAMP` by value.
fn grid(out: &mut String, game: &str, values: &[Vec<Option<Cell>>]) -> std::fmt::Result {
    let side = values.len();
    let cell = (600 / side.max(1)).clamp(1, 24);
    let plot = side * cell;
    let (width, height) = (plot + 2 * MARGIN, plot + 2 * MARGIN);
    header(
        out,
        width,
        height,
        &format!(
            "{game}: values of (a, b) for a, b = 0 to {}",
            side.saturating_sub(1)
        ),
    )?;
    let largest = (values.iter().flatten())
        .filter_map(|v| Some(v.as_ref()?.grundy()? as usize))
        .max()
        .unwrap_or(0)
        .max(1);
    for (a, column) in values.iter().enumerate() {
        for (b, v) in column.iter().enumerate() {
            let fill = match v {
                Some(v) if v.outcome() == Outcome::P => P_COLOUR,
                Some(v) if v.outcome() == Outcome::D => D_COLOUR,
                Some(v) => match v.grundy() {
                    Some(g) => RAMP[(g as usize - 1) * RAMP.len() / largest],
                    None => N_COLOUR,
                },
                None => NOT_A_POSITION_COLOUR,
            };
            rect(out, MARGIN + a * cell, MARGIN + b * cell, cell, cell, fill)?;
        }
    }
    writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}">a across, b down, 0 to {}; red: P-positions</text>"#,
        MARGIN + plot + 20,
        side.saturating_sub(1)
    )?;
    writeln!(out, r#"<text x="{MARGIN}" y="20">{}</text>"#, escape(game))?;
    writeln!(out, "</svg>")
}
