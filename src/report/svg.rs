//! Pictures in SVG, written by hand: a one-heap game's values against n
//! (P-positions marked, the proven period shaded), a two-heap game's values
//! as a heat map (P-positions in their own colour), a table of more heaps as
//! one heat map for each sizes of the heaps before the last two; each with
//! its axes, ticks, labels and a legend of what each colour means.
//!
//! The colours are fixed, so that a test (or a reader) can find them: P
//! cells and marks in `P_COLOUR`, never used for anything else; and so is
//! the layout: the plot starts `LEFT` pixels from the left and `TOP` from
//! the top.

use std::fmt::Write;

use crate::analysis::table::{Cell, Column, PartizanCell, Shape, Table};
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
/// A partizan table's positions Left wins whoever starts (L); its
/// P-positions are `P_COLOUR`.
pub const L_COLOUR: &str = "#9ecae1";
/// ... Right wins whoever starts (R).
pub const R_COLOUR: &str = "#fdae6b";
/// ... the player to move wins (N).
const FUZZY_COLOUR: &str = "#a1d99b";
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

/// Room left of the plot, for the vertical axis's ticks and label.
pub const LEFT: usize = 60;
/// Room above the plot, for the title (and a heat map's column numbers).
pub const TOP: usize = 60;
/// Room below the plot, for the horizontal axis's ticks and label.
const BOTTOM: usize = 50;
/// Room right of the plot, for the legend.
const LEGEND: usize = 200;

/// The table as an SVG document.
pub fn table_svg(table: &Table) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match &table.shape {
        Shape::OneHeap { values, period, .. } => one_heap(&mut out, table, values, period.as_ref()),
        Shape::Grid { values, .. } => {
            let rows: Vec<&[Option<Cell>]> = values.iter().map(Vec::as_slice).collect();
            heat_maps(&mut out, table, 2, &[rows])
        }
        Shape::Box {
            heaps,
            side,
            values,
        } => {
            let maps: Vec<Vec<&[Option<Cell>]>> = (values.chunks(side * side))
                .map(|map| map.chunks(*side).collect())
                .collect();
            heat_maps(&mut out, table, *heaps, &maps)
        }
        Shape::Partizan {
            parts,
            from,
            values,
        } => partizan(&mut out, table, (*parts, *from), values),
    };
    out
}

/// A partizan game's table: a cell a position, coloured by its outcome
/// class, its value written in it where it fits; a row for one part, a
/// grid for two, each axis labelled by its part's name.
fn partizan(
    out: &mut String,
    table: &Table,
    (parts, from): (usize, [u64; 2]),
    values: &[Vec<Option<PartizanCell>>],
) -> std::fmt::Result {
    let (rows, cols) = (values.len(), values.first().map_or(0, Vec::len));
    let cell = (720 / cols.max(1)).clamp(6, 64);
    let (plot_w, plot_h) = (cols * cell, rows * cell);
    let (width, height) = (LEFT + plot_w + 20 + LEGEND, TOP + plot_h + BOTTOM);
    let names: Vec<String> = match (&table.parts, parts) {
        (Some(names), _) if names.len() == parts => names.clone(),
        (_, 1) => vec!["n".to_string()],
        _ => vec!["a".to_string(), "b".to_string()],
    };
    let last = |part: usize, count: usize| from[part] + (count as u64).saturating_sub(1);
    let title = match (table.boards, parts) {
        (true, _) => format!(
            "{}: values of empty boards, {} {} to {}, {} {} to {}",
            table.game,
            names[0],
            from[0],
            last(0, rows),
            names[1],
            from[1],
            last(1, cols)
        ),
        (false, 1) => format!(
            "{}: values of {} from {} to {}",
            table.game,
            names[0],
            from[1],
            last(1, cols)
        ),
        (false, _) => format!(
            "{}: values of ({}), {} to {} and {} to {}",
            table.game,
            names.join(", "),
            from[0],
            last(0, rows),
            from[1],
            last(1, cols)
        ),
    };
    header(out, width, height, &title)?;
    let mut outside = false;
    for (r, row) in values.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (x, y) = (LEFT + c * cell, TOP + r * cell);
            let fill = match v.as_ref().map(|v| v.outcome) {
                Some(Outcome::L) => L_COLOUR,
                Some(Outcome::R) => R_COLOUR,
                Some(Outcome::N) => FUZZY_COLOUR,
                Some(_) => P_COLOUR,
                None => {
                    outside = true;
                    NOT_A_POSITION_COLOUR
                }
            };
            rect(out, x, y, cell, cell, fill)?;
            // A value is written where it fits: about 7 pixels a character.
            if let Some(v) = v
                && v.value.chars().count() * 7 + 4 <= cell
            {
                text(out, (x + cell / 2, y + cell / 2 + 4), "middle", &v.value)?;
            }
        }
    }
    let bottom = TOP + plot_h;
    line(out, (LEFT, bottom), (LEFT + plot_w, bottom))?;
    line(out, (LEFT, TOP), (LEFT, bottom))?;
    let step = tick_step(cell);
    for k in (0..cols).step_by(step) {
        let centre = LEFT + k * cell + cell / 2;
        line(out, (centre, bottom), (centre, bottom + 4))?;
        text(
            out,
            (centre, bottom + 16),
            "middle",
            &(from[1] + k as u64).to_string(),
        )?;
    }
    for k in (0..rows).step_by(step).filter(|_| parts == 2) {
        let centre = TOP + k * cell + cell / 2;
        line(out, (LEFT - 4, centre), (LEFT, centre))?;
        text(
            out,
            (LEFT - 6, centre + 4),
            "end",
            &(from[0] + k as u64).to_string(),
        )?;
    }
    let across = names.last().cloned().unwrap_or_default();
    text(out, (LEFT + plot_w / 2, bottom + 34), "middle", &across)?;
    if parts == 2 {
        writeln!(
            out,
            r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">{}</text>"#,
            TOP + plot_h / 2,
            TOP + plot_h / 2,
            escape(&names[0])
        )?;
    }
    let mut items = vec![
        (L_COLOUR, "L: Left wins (G > 0)".to_string()),
        (R_COLOUR, "R: Right wins (G < 0)".to_string()),
        (FUZZY_COLOUR, "N: the first player wins".to_string()),
        (P_COLOUR, "P: the second player wins (G = 0)".to_string()),
    ];
    if outside {
        items.push((NOT_A_POSITION_COLOUR, "not a position".to_string()));
    }
    legend(out, (LEFT + plot_w + 20, TOP), &items)?;
    writeln!(out, "</svg>")
}

pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub(super) fn header(
    out: &mut String,
    width: usize,
    height: usize,
    title: &str,
) -> std::fmt::Result {
    // As wide as the title too: 16-pixel letters, about 9 pixels each.
    let width = width.max(LEFT + title.chars().count() * 9 + 20);
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    )?;
    writeln!(out, "<title>{}</title>", escape(title))?;
    writeln!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    writeln!(
        out,
        r#"<text x="{LEFT}" y="24" font-size="16">{}</text>"#,
        escape(title)
    )
}

fn rect(out: &mut String, x: usize, y: usize, w: usize, h: usize, fill: &str) -> std::fmt::Result {
    writeln!(
        out,
        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>"#
    )
}

fn line(out: &mut String, (x1, y1): (usize, usize), (x2, y2): (usize, usize)) -> std::fmt::Result {
    writeln!(
        out,
        r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#000000"/>"##
    )
}

/// Text at (x, y), anchored `anchor` (`start`, `middle`, `end`).
fn text(out: &mut String, (x, y): (usize, usize), anchor: &str, words: &str) -> std::fmt::Result {
    writeln!(
        out,
        r#"<text x="{x}" y="{y}" text-anchor="{anchor}">{}</text>"#,
        escape(words)
    )
}

/// The step between ticks of an axis of `count` units of `pixels` each: 1,
/// 2 or 5 times a power of ten, the ticks at least 30 pixels apart.
fn tick_step(pixels: usize) -> usize {
    let mut step = 1;
    loop {
        for k in [1, 2, 5] {
            if k * step * pixels.max(1) >= 30 {
                return k * step;
            }
        }
        step *= 10;
    }
}

/// The kinds of cell a picture drew beside the values, each with a line
/// in its legend.
struct Seen {
    /// N-positions of a misère game.
    misere: bool,
    /// Draws.
    draws: bool,
    /// Positions not of the game.
    outside: bool,
}

impl Seen {
    /// Their lines of the legend.
    fn items(&self) -> Vec<(&'static str, String)> {
        [
            (self.misere, N_COLOUR, "N-position (misère)"),
            (self.draws, D_COLOUR, "draw"),
            (self.outside, NOT_A_POSITION_COLOUR, "not a position"),
        ]
        .into_iter()
        .filter(|(seen, ..)| *seen)
        .map(|(_, colour, meaning)| (colour, meaning.to_string()))
        .collect()
    }
}

/// A legend from (x, y) down: a swatch of each colour and what it means.
fn legend(out: &mut String, (x, y): (usize, usize), items: &[(&str, String)]) -> std::fmt::Result {
    text(out, (x, y), "start", "legend")?;
    for (i, (colour, meaning)) in items.iter().enumerate() {
        let top = y + 10 + 20 * i;
        writeln!(
            out,
            r##"<rect x="{x}" y="{top}" width="14" height="14" fill="{colour}" stroke="#000000" stroke-width="0.5"/>"##
        )?;
        text(out, (x + 20, top + 11), "start", meaning)?;
    }
    Ok(())
}

/// g(n) against n: a bar per heap, its height the value; a P-position's
/// column in `P_COLOUR` down to the axis; the periodic part shaded, one
/// period in two darker. Ticks on both axes, and a legend.
fn one_heap(
    out: &mut String,
    table: &Table,
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
    let (width, height) = (LEFT + plot_w + 20 + LEGEND, TOP + plot_h + BOTTOM);
    header(
        out,
        width,
        height,
        &format!("{}: g(n) for n = 0 to {}", table.game, n.saturating_sub(1)),
    )?;
    let base = TOP + plot_h;
    if let Some(p) = period {
        for (k, start) in (p.preperiod..n).step_by(p.period.max(1)).enumerate() {
            let end = (start + p.period).min(n);
            let fill = PERIOD_COLOURS[k % 2];
            rect(
                out,
                LEFT + start * column,
                TOP,
                (end - start) * column,
                plot_h,
                fill,
            )?;
        }
    }
    let (mut draws, mut misere, mut outside) = (false, false, false);
    for (i, v) in values.iter().enumerate() {
        let x = LEFT + i * column;
        match &v {
            Some(v) if v.outcome() == Outcome::P => rect(out, x, TOP, column, plot_h, P_COLOUR)?,
            Some(v) if v.outcome() == Outcome::D => {
                draws = true;
                rect(out, x, TOP, column, plot_h, D_COLOUR)?
            }
            Some(v) => match v.grundy() {
                Some(g) => {
                    let h = g as usize * unit;
                    rect(out, x, base - h, column, h, BAR_COLOUR)?;
                }
                // An N-position with no number for a value.
                None => {
                    misere = true;
                    rect(out, x, base - unit, column, unit, N_COLOUR)?
                }
            },
            None => {
                outside = true;
                rect(out, x, TOP, column, plot_h, NOT_A_POSITION_COLOUR)?
            }
        }
    }
    // The axes, their ticks and numbers.
    line(out, (LEFT, base), (LEFT + plot_w, base))?;
    line(out, (LEFT, TOP), (LEFT, base))?;
    let step = tick_step(column);
    for i in (0..n).step_by(step) {
        let x = LEFT + i * column + column / 2;
        line(out, (x, base), (x, base + 5))?;
        text(out, (x, base + 18), "middle", &i.to_string())?;
    }
    let step = tick_step(unit);
    for g in (0..=top).step_by(step) {
        let y = base - g * unit;
        line(out, (LEFT - 5, y), (LEFT, y))?;
        text(out, (LEFT - 8, y + 4), "end", &g.to_string())?;
    }
    let n_is = match table.parts.as_deref() {
        Some([part]) => format!("n (the {part})"),
        _ if matches!(table.shape, Shape::OneHeap { coins: true, .. }) => {
            "n (the coin)".to_string()
        }
        _ if table.tokens => "n (the token's vertex)".to_string(),
        _ => "n (the heap)".to_string(),
    };
    text(out, (LEFT + plot_w / 2, base + 38), "middle", &n_is)?;
    writeln!(
        out,
        r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">g(n)</text>"#,
        TOP + plot_h / 2,
        TOP + plot_h / 2
    )?;
    let mut items = vec![
        (P_COLOUR, "P-position (g = 0)".to_string()),
        (BAR_COLOUR, "g(n), the bar's height".to_string()),
    ];
    if let Some(p) = period {
        items.push((
            PERIOD_COLOURS[1],
            format!("period {} from {}", p.period, p.preperiod),
        ));
    }
    items.extend(
        Seen {
            misere,
            draws,
            outside,
        }
        .items(),
    );
    legend(out, (LEFT + plot_w + 20, TOP), &items)?;
    writeln!(out, "</svg>")
}

/// Heat maps of values, (a, b) at column b and row a of each map, a map
/// for each sizes of the heaps before the last two (one map for a game of
/// two heaps): P cells in `P_COLOUR`, others along `RAMP` by value. The
/// maps stand side by side, as many to a row as make it near 1000
/// pixels wide.
fn heat_maps(
    out: &mut String,
    table: &Table,
    heaps: usize,
    maps: &[Vec<&[Option<Cell>]>],
) -> std::fmt::Result {
    let side = maps.first().map_or(0, Vec::len);
    let count = maps.len().max(1);
    // Maps to a row: about a square of them.
    let across = (1..=count).find(|k| k * k >= count).unwrap_or(1);
    let down = count.div_ceil(across);
    let cell = (600 / (side * across).max(1)).clamp(2, 24);
    let plot = side * cell;
    // Between maps: room for the next one's row numbers and caption.
    let gap = if count > 1 { 50 } else { 0 };
    let caption = if count > 1 { 20 } else { 0 };
    let plots_w = across * (plot + gap);
    // The last row of maps' bottom edge.
    let bottom = TOP + caption + (down - 1) * (plot + gap + caption) + plot;
    let (width, height) = (LEFT + plots_w + 20 + LEGEND, bottom + BOTTOM);
    let last = side.saturating_sub(1);
    let [a, b] = super::table::last_two(table, heaps);
    let named = match (heaps, &table.parts) {
        (2, _) => format!("({a}, {b}) for {a}, {b} = 0 to {last}"),
        (_, Some(parts)) => format!("({}), each 0 to {last}", parts.join(", ")),
        (k, None) => format!("positions of {k} heaps, each 0 to {last}"),
    };
    header(
        out,
        width,
        height,
        &format!("{}: values of {named}", table.game),
    )?;
    let largest = (maps.iter().flatten().copied().flatten())
        .filter_map(|v| Some(v.as_ref()?.grundy()? as usize))
        .max()
        .unwrap_or(0)
        .max(1);
    let (mut draws, mut misere, mut outside) = (false, false, false);
    let step = tick_step(cell);
    for (m, map) in maps.iter().enumerate() {
        let x0 = LEFT + (m % across) * (plot + gap);
        let y0 = TOP + caption + (m / across) * (plot + gap + caption);
        if count > 1 {
            text(
                out,
                (x0, y0 - 8),
                "start",
                &format!("({}, {a}, {b})", super::table::sizes_before(m, heaps, side)),
            )?;
        }
        for (r, row) in map.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                let fill = match v {
                    Some(v) if v.outcome() == Outcome::P => P_COLOUR,
                    Some(v) if v.outcome() == Outcome::D => {
                        draws = true;
                        D_COLOUR
                    }
                    Some(v) => match v.grundy() {
                        Some(g) => RAMP[(g as usize - 1) * RAMP.len() / largest],
                        None => {
                            misere = true;
                            N_COLOUR
                        }
                    },
                    None => {
                        outside = true;
                        NOT_A_POSITION_COLOUR
                    }
                };
                rect(out, x0 + c * cell, y0 + r * cell, cell, cell, fill)?;
            }
        }
        // Ticks: b across the bottom, a down the left.
        let bottom = y0 + plot;
        line(out, (x0, bottom), (x0 + plot, bottom))?;
        line(out, (x0, y0), (x0, bottom))?;
        for k in (0..side).step_by(step) {
            let centre = k * cell + cell / 2;
            line(out, (x0 + centre, bottom), (x0 + centre, bottom + 4))?;
            text(out, (x0 + centre, bottom + 16), "middle", &k.to_string())?;
            line(out, (x0 - 4, y0 + centre), (x0, y0 + centre))?;
            text(out, (x0 - 6, y0 + centre + 4), "end", &k.to_string())?;
        }
    }
    // The axes: by the parts' names, or by the heaps' places.
    let (x_label, y_label) = match table.parts {
        Some(_) => (b.clone(), a.clone()),
        None => (
            format!("{b} (heap {heaps})"),
            format!("{a} (heap {})", heaps - 1),
        ),
    };
    text(out, (LEFT + plot / 2, bottom + 34), "middle", &x_label)?;
    writeln!(
        out,
        r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">{}</text>"#,
        TOP + caption + plot / 2,
        TOP + caption + plot / 2,
        escape(&y_label)
    )?;
    let mut items = vec![(P_COLOUR, "P-position (g = 0)".to_string())];
    items.push((RAMP[0], "g = 1".to_string()));
    if largest > 1 {
        items.push((RAMP[RAMP.len() / 2], format!("g near {}", largest / 2 + 1)));
        items.push((RAMP[RAMP.len() - 1], format!("g = {largest}")));
    }
    items.extend(
        Seen {
            misere,
            draws,
            outside,
        }
        .items(),
    );
    legend(out, (LEFT + plots_w + 20, TOP + caption), &items)?;
    writeln!(out, "</svg>")
}
