//! Tables of values as text (shaped like seed 002's table of P- and
//! N-positions) and as JSON.

use std::fmt::Write;

use serde_json::{Value as Json, json};

use crate::analysis::table::{Cell, Column, Figures, PartizanCell, Shape, Table};
use crate::misere::genus::{Genera, Genus};
use crate::period::{Period, Saltus, Theorem};
use crate::position::Outcome;
use crate::search::Value;
use crate::search::loopy::Gamma;
use crate::search::timing::Timing;

/// Columns per block of a one-heap table.
const COLUMNS: usize = 20;

/// A table as the text `gamelang table` prints.
pub fn table_text(table: &Table) -> String {
    text(table, false)
}

/// The same text, the P and N of its rows of outcomes coloured for a
/// terminal.
pub fn table_text_in_colour(table: &Table) -> String {
    text(table, true)
}

/// A one-heap table's summary, without its rows: what it comes to (its
/// largest value and rare values, its period or arithmetic period); a grid
/// is shown whole.
pub fn table_summary_text(table: &Table) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match &table.shape {
        Shape::OneHeap { values, .. } => heading(&mut out, table, values)
            .and_then(|()| writeln!(out))
            .and_then(|()| conclusion(&mut out, &table.shape)),
        Shape::Grid { values, .. } => grid(&mut out, table, values, false),
        Shape::Box {
            heaps,
            side,
            values,
        } => boxed(&mut out, table, (*heaps, *side), values, false),
        Shape::Partizan {
            parts,
            from,
            values,
        } => partizan(&mut out, table, (*parts, *from), values, false),
    };
    undefined_text(&mut out, table);
    out
}

fn text(table: &Table, colour: bool) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match &table.shape {
        Shape::OneHeap {
            values,
            genera,
            timing,
            ..
        } => one_heap(&mut out, table, values, timing.as_deref(), colour)
            .and_then(|()| conclusion(&mut out, &table.shape))
            .and_then(|()| genus_text(&mut out, genera.as_ref())),
        Shape::Grid { values, .. } => grid(&mut out, table, values, colour),
        Shape::Box {
            heaps,
            side,
            values,
        } => boxed(&mut out, table, (*heaps, *side), values, colour),
        Shape::Partizan {
            parts,
            from,
            values,
        } => partizan(&mut out, table, (*parts, *from), values, colour),
    };
    undefined_text(&mut out, table);
    out
}

/// The line that says which positions are blank because a rule cannot be
/// applied on the way from them, if any are.
fn undefined_text(out: &mut String, table: &Table) {
    if let Some(undefined) = &table.undefined {
        let many = match undefined.count {
            1 => "1 position".to_string(),
            n => format!("{n} positions"),
        };
        // Writing to a String cannot fail.
        let _ = writeln!(
            out,
            "blank: {many} from which a rule cannot be applied on the way; the first: {}",
            undefined.first
        );
    }
}

/// What a one-heap table comes to, after its rows: its figures, then its
/// period or why there is none, and an arithmetic period seen.
fn conclusion(out: &mut String, shape: &Shape) -> std::fmt::Result {
    let Shape::OneHeap {
        values,
        figures,
        period,
        saltus,
        coins,
        ..
    } = shape
    else {
        return Ok(());
    };
    if let Some(figures) = figures {
        figures_text(out, figures)?;
    }
    ending(out, values, period.as_ref(), *coins)?;
    match saltus {
        Some(s) => writeln!(
            out,
            "arithmetic period {}, saltus {}, preperiod {}, not proven\n  {}",
            s.period,
            s.saltus,
            s.preperiod,
            saltus_text(s)
        ),
        None => Ok(()),
    }
}

/// The largest value and where it is first, and the rare values.
fn figures_text(out: &mut String, figures: &Figures) -> std::fmt::Result {
    writeln!(
        out,
        "largest value {}, first at n = {}",
        figures.largest, figures.largest_at
    )?;
    match &figures.rare {
        Some(rare) => writeln!(
            out,
            "rare values (g & {:#x} with an even number of ones): {} heaps, the last at n = {}",
            rare.mask, rare.heaps, rare.last
        ),
        None => Ok(()),
    }
}

/// What a table marks where the heaps are not a position of the game.
const NOT_A_POSITION: &str = "·";

fn cell(value: &Option<Cell>) -> String {
    match value {
        Some(Cell::Value(Value::Grundy(g))) => g.to_string(),
        Some(Cell::Value(Value::Misere { next_wins })) => {
            (if *next_wins { "N" } else { "P" }).to_string()
        }
        Some(Cell::Loopy(gamma)) => super::words::gamma_text(gamma),
        Some(Cell::Ended(_)) => outcome(value).to_string(),
        Some(Cell::Score(score)) => score.to_string(),
        None => NOT_A_POSITION.to_string(),
    }
}

fn outcome(value: &Option<Cell>) -> &'static str {
    value
        .as_ref()
        .map_or(NOT_A_POSITION, |v| v.outcome().letter())
}

fn is_p(value: &Option<Cell>) -> bool {
    value.as_ref().is_some_and(|v| v.outcome() == Outcome::P)
}

/// Whether a table's cells are a scoring game's scores.
fn is_scored(values: &Column) -> bool {
    match values {
        Column::Cells(cells) => (cells.iter().flatten()).any(|v| matches!(v, Cell::Score(_))),
        Column::Grundy { .. } => false,
    }
}

/// Whether a table's cells are outcomes alone, without values: misère
/// play, or a game with ends.
fn is_misere(values: &Column) -> bool {
    match values {
        Column::Cells(cells) => (cells.iter().flatten())
            .any(|v| matches!(v, Cell::Value(Value::Misere { .. }) | Cell::Ended(_))),
        Column::Grundy { .. } => false,
    }
}

/// A one-heap table's first line: its game and heaps.
fn heading(out: &mut String, table: &Table, values: &Column) -> std::fmt::Result {
    let last = values.len().saturating_sub(1);
    match matches!(table.shape, Shape::OneHeap { coins: true, .. }) {
        true => writeln!(
            out,
            "{}: coin n alone showing heads, n = 0..{last} (a position's value is the XOR of its heads')",
            table.game
        ),
        false => match table.parts.as_deref() {
            Some([part]) => writeln!(out, "{}: {part} = n, n = 0..{last}", table.game),
            _ if table.tokens => {
                writeln!(out, "{}: a token on vertex n, n = 0..{last}", table.game)
            }
            _ => writeln!(out, "{}: one heap of n, n = 0..{last}", table.game),
        },
    }
}

/// A one-heap table's rows: n, g(n), the outcomes, and where found the
/// remoteness r(n) and suspense s(n).
fn one_heap(
    out: &mut String,
    table: &Table,
    values: &Column,
    timing: Option<&[Option<Timing>]>,
    colour: bool,
) -> std::fmt::Result {
    let misere = is_misere(values);
    heading(out, table, values)?;
    let number = |s: Option<u64>| s.map_or_else(|| NOT_A_POSITION.to_string(), |s| s.to_string());
    for first in (0..values.len()).step_by(COLUMNS) {
        let chunk = values.cells(first..(first + COLUMNS).min(values.len()));
        let timing = timing.map(|s| &s[first..first + chunk.len()]);
        let timing_width = (timing.into_iter().flatten().flatten())
            .map(|s| s.remoteness.max(s.suspense).to_string().len())
            .max()
            .unwrap_or(1);
        let width = (first + chunk.len())
            .to_string()
            .len()
            .max(timing_width)
            .max(
                chunk
                    .iter()
                    .map(|v| cell(v).chars().count())
                    .max()
                    .unwrap_or(1),
            );
        let row = |label: &str, cells: Vec<String>| {
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:>width$}")).collect();
            format!("{label:>9}: {}\n", cells.join(" "))
        };
        out.push('\n');
        out.push_str(&row(
            "n",
            (first..first + chunk.len())
                .map(|n| n.to_string())
                .collect(),
        ));
        match (misere, is_scored(values)) {
            (true, _) => {}
            (false, true) => out.push_str(&row("score(n)", chunk.iter().map(cell).collect())),
            (false, false) => out.push_str(&row("g(n)", chunk.iter().map(cell).collect())),
        }
        let outcomes = row(
            "position",
            chunk.iter().map(|v| outcome(v).to_string()).collect(),
        );
        if colour {
            // The row's label is lower case: its capitals are outcomes.
            out.push_str(&super::words::paint_outcomes(&outcomes));
        } else {
            out.push_str(&outcomes);
        }
        if let Some(timing) = timing {
            let of =
                |f: fn(&Timing) -> u64| timing.iter().map(|s| number(s.as_ref().map(f))).collect();
            out.push_str(&row("r(n)", of(|s| s.remoteness)));
            out.push_str(&row("s(n)", of(|s| s.suspense)));
        }
    }
    writeln!(out)?;
    if timing.is_some() {
        writeln!(
            out,
            "r(n), s(n): remoteness and suspense, the moves to the end with best play, the winner\n  hurrying or delaying (Smith 1966; Winning Ways, ch. 9)"
        )?;
    }
    Ok(())
}

/// What a one-heap table ends with: its period, or why there is none.
fn ending(
    out: &mut String,
    values: &Column,
    period: Option<&Period>,
    coins: bool,
) -> std::fmt::Result {
    let misere = is_misere(values);
    let last = values.len().saturating_sub(1);
    match period {
        Some(period) => {
            writeln!(
                out,
                "period {}, preperiod {}, {}",
                period.period,
                period.preperiod,
                if period.is_proven() {
                    "proven"
                } else {
                    "not proven"
                }
            )?;
            writeln!(out, "  {}", certificate(period))?;
            let word = if period.is_proven() {
                ""
            } else {
                " (as far as computed)"
            };
            writeln!(out, "P-positions{word}: {}", p_positions(values, period))?;
        }
        None if misere => writeln!(
            out,
            "misère play: no Grundy values, so no period is looked for"
        )?,
        None if is_scored(values) => writeln!(
            out,
            "score(n): the player to move's points from there on minus the other's, with best play;\n  no period is looked for in scores"
        )?,
        None if coins => {}
        None => writeln!(out, "no period found up to {last}")?,
    }
    Ok(())
}

/// A genus as Conway writes it: `0^120`, or `8^(8,10)` when a term has two
/// digits.
pub fn genus_word(genus: &Genus) -> String {
    let terms: Vec<String> = genus.misere.iter().map(u32::to_string).collect();
    if genus.misere.iter().all(|&t| t < 10) {
        format!("{}^{}", genus.normal, terms.concat())
    } else {
        format!("{}^({})", genus.normal, terms.join(","))
    }
}

/// A misère table's genus of each heap, and whether the game is tame.
fn genus_text(
    out: &mut String,
    genera: Option<&Result<Genera, crate::search::SearchError>>,
) -> std::fmt::Result {
    let genera = match genera {
        None => return Ok(()),
        Some(Err(e)) => return writeln!(out, "genus: not found ({e})"),
        Some(Ok(genera)) => genera,
    };
    writeln!(
        out,
        "genus (Conway): g+^(λ0 λ1 ...), λk the misère Grundy value of G + k copies of *2"
    )?;
    for (block, chunk) in genera.heaps.chunks(10).enumerate() {
        let words: Vec<String> = (chunk.iter().enumerate())
            .map(|(i, g)| {
                let word = g.as_ref().map_or(NOT_A_POSITION.to_string(), genus_word);
                format!("{}: {word}", block * 10 + i)
            })
            .collect();
        writeln!(out, "  {}", words.join("  "))?;
    }
    if genera.tame {
        writeln!(
            out,
            "tame: every one of the {} positions these heaps reach has a nim position's genus",
            genera.positions
        )
    } else {
        writeln!(
            out,
            "wild: of the {} positions these heaps reach, some have a genus no nim position has",
            genera.positions
        )
    }
}

/// How far an arithmetic period was seen, in words.
fn saltus_text(s: &Saltus) -> String {
    format!(
        "seen: g(n + {}) = g(n) + {} for every n from {} to {}; no theorem here proves it, so heaps past the table are not answered by it",
        s.period,
        s.saltus,
        s.checked.start,
        s.checked.end.saturating_sub(1)
    )
}

/// Why a period holds, or how far it was seen, in words.
pub(super) fn certificate(period: &Period) -> String {
    certificate_of(period, "g")
}

/// A period as JSON: `period`, `preperiod`, and its certificate in words,
/// for the sequence named `f`.
pub(super) fn period_json(period: &Period, f: &str) -> serde_json::Value {
    serde_json::json!({
        "period": period.period,
        "preperiod": period.preperiod,
        "certificate": certificate_of(period, f),
    })
}

/// A period's certificate, for the sequence named `f` (g for Grundy values,
/// φ for the elements of a misère quotient).
pub(super) fn certificate_of(period: &Period, f: &str) -> String {
    let (e, p) = (period.preperiod, period.period);
    let checked = &period.certificate.checked;
    let last = checked.end.saturating_sub(1);
    match period.certificate.theorem {
        Some(Theorem::Window { t }) => format!(
            "{f}({}..{last}) = {f}({}..{}): each value depends only on the {t} before it, so the window repeats forever",
            checked.start,
            checked.start + p,
            last + p
        ),
        Some(Theorem::GuySmith { t }) => format!(
            "{f}(n + {p}) = {f}(n) for {} <= n < {} (checked on {f}(0..{})); by the Guy-Smith periodicity theorem (at most {t} tokens removed) it holds for all n >= {e}",
            checked.start,
            checked.end,
            last + p
        ),
        None => format!(
            "{f}(n + {p}) = {f}(n) for {} <= n < {}, as far as computed; no theorem proves it for all n",
            checked.start, checked.end
        ),
    }
}

/// The P-positions of a periodic sequence: residues mod the period, and the
/// exceptions below the preperiod.
fn p_positions(values: &Column, period: &Period) -> String {
    let (e, p) = (period.preperiod, period.period);
    let mut residues: Vec<usize> = (e..(e + p).min(values.len()))
        .filter(|&n| is_p(&values.get(n)))
        .map(|n| n % p)
        .collect();
    residues.sort_unstable();
    let list = |items: &[usize]| {
        items
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let periodic = if residues.is_empty() {
        "none".to_string()
    } else {
        format!("n mod {p} in {{{}}}", list(&residues))
    };
    if e == 0 {
        return periodic;
    }
    let early: Vec<usize> = (0..e).filter(|&n| is_p(&values.get(n))).collect();
    format!("{periodic} for n >= {e}; below {e}: {{{}}}", list(&early))
}

fn grid(
    out: &mut String,
    table: &Table,
    values: &[Vec<Option<Cell>>],
    colour: bool,
) -> std::fmt::Result {
    let last = values.len().saturating_sub(1);
    let [a, b] = last_two(table, 2);
    writeln!(
        out,
        "{}: positions ({a}, {b}), {a} and {b} = 0..{last}",
        table.game
    )?;
    let rows: Vec<&[Option<Cell>]> = values.iter().map(Vec::as_slice).collect();
    grid_rows(out, &rows, (&a, &b), colour)
}

/// A partizan game's table: each position's canonical form, as Winning
/// Ways prints Cutcake's (a row for one part, a grid for two), then the
/// same positions' outcome classes.
fn partizan(
    out: &mut String,
    table: &Table,
    (parts, from): (usize, [u64; 2]),
    values: &[Vec<Option<PartizanCell>>],
    colour: bool,
) -> std::fmt::Result {
    let cols = values.first().map_or(0, Vec::len) as u64;
    let last = [from[0] + values.len() as u64, from[1] + cols].map(|end| end.saturating_sub(1));
    let names = |n: usize| -> Vec<String> {
        match table.parts.as_deref() {
            Some(names) if names.len() == n => names.to_vec(),
            _ if n == 1 => vec!["n".to_string()],
            _ => vec!["a".to_string(), "b".to_string()],
        }
    };
    let shown = |v: &Option<PartizanCell>, f: &dyn Fn(&PartizanCell) -> String| match v {
        Some(v) => f(v),
        None => NOT_A_POSITION.to_string(),
    };
    let letter = |v: &PartizanCell| v.outcome.letter().to_string();
    let paint = |text: String, v: &Option<PartizanCell>| match (colour, v) {
        (true, Some(v)) => super::words::paint_outcomes_in(&text, v.outcome),
        _ => text,
    };
    if parts == 1 {
        let [name] = <[String; 1]>::try_from(names(1)).unwrap_or_else(|_| ["n".to_string()]);
        writeln!(out, "{}: {name} = {}..{}", table.game, from[1], last[1])?;
        let row = values.first().map_or(&[][..], Vec::as_slice);
        let width = (row
            .iter()
            .map(|v| shown(v, &|v| v.value.clone()).chars().count()))
        .chain([name.len(), last[1].to_string().len(), "outcome".len()])
        .max()
        .unwrap_or(1);
        writeln!(out, "{name:>width$}  {:<width$}  outcome", "value")?;
        for (n, v) in (from[1]..).zip(row) {
            let value = shown(v, &|v| v.value.clone());
            let outcome = paint(shown(v, &letter), v);
            writeln!(out, "{n:>width$}  {value:<width$}  {outcome}")?;
        }
        return Ok(());
    }
    let [a, b] =
        <[String; 2]>::try_from(names(2)).unwrap_or_else(|_| ["a".to_string(), "b".to_string()]);
    match (table.boards, from == [0, 0] && last[0] == last[1]) {
        (true, _) => writeln!(
            out,
            "{}: empty boards of {a} × {b}, {a} = {}..{}, {b} = {}..{}",
            table.game, from[0], last[0], from[1], last[1]
        )?,
        (false, true) => writeln!(
            out,
            "{}: positions ({a}, {b}), {a} and {b} = 0..{}",
            table.game, last[1]
        )?,
        (false, false) => writeln!(
            out,
            "{}: positions ({a}, {b}), {a} = {}..{}, {b} = {}..{}",
            table.game, from[0], last[0], from[1], last[1]
        )?,
    }
    let corner = format!("{a}\\{b}");
    let corner_width = corner.chars().count().max(5);
    // Each column as wide as its widest value, and short values (three
    // characters or fewer, as most of a table of numbers) all alike; the
    // outcomes beneath in the same columns.
    let width = |v: &Option<PartizanCell>| shown(v, &|v| v.value.clone()).chars().count();
    let short = (values.iter().flatten())
        .map(width)
        .max()
        .unwrap_or(1)
        .min(3);
    let widths: Vec<usize> = ((from[1]..=last[1]).enumerate())
        .map(|(j, b)| {
            (values.iter().filter_map(|row| row.get(j)))
                .map(width)
                .chain([b.to_string().len(), short])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let rows = |out: &mut String, f: &dyn Fn(&PartizanCell) -> String| -> std::fmt::Result {
        let header: Vec<String> = ((from[1]..=last[1]).zip(&widths))
            .map(|(b, &width)| format!("{b:>width$}"))
            .collect();
        writeln!(out, "{corner:>corner_width$} {}", header.join(" "))?;
        for (i, row) in (from[0]..).zip(values) {
            let cells: Vec<String> = (row.iter().zip(&widths))
                .map(|(v, &width)| paint(format!("{:>width$}", shown(v, f)), v))
                .collect();
            writeln!(out, "{i:>corner_width$} {}", cells.join(" "))?;
        }
        Ok(())
    };
    rows(out, &|v| v.value.clone())?;
    writeln!(
        out,
        "outcomes (L: Left wins, R: Right wins, N: the player to move wins, P: the player to move loses):"
    )?;
    rows(out, &letter)
}

/// The sizes of the heaps before the last two of slice `i` of a box of
/// `heaps` heaps of `side` sizes each, as a position writes them: `0, 2`.
pub(super) fn sizes_before(i: usize, heaps: usize, side: usize) -> String {
    let mut before = vec![0; heaps.saturating_sub(2)];
    let mut rest = i;
    for size in before.iter_mut().rev() {
        *size = rest % side.max(1);
        rest /= side.max(1);
    }
    let before: Vec<String> = before.iter().map(usize::to_string).collect();
    before.join(", ")
}

/// The names of the last two parts of a table's positions of `heaps`
/// parts: the game's own (`x`, `y`), else `a` and `b`.
pub(super) fn last_two(table: &Table, heaps: usize) -> [String; 2] {
    match table.parts.as_deref() {
        Some(parts) if parts.len() == heaps && heaps >= 2 => {
            [parts[heaps - 2].clone(), parts[heaps - 1].clone()]
        }
        _ => ["a".to_string(), "b".to_string()],
    }
}

/// A table of positions of three heaps or more: a grid of the last two
/// heaps for each sizes of the others, `(0, 0, a, b)` then `(0, 1, a, b)`.
fn boxed(
    out: &mut String,
    table: &Table,
    (heaps, side): (usize, usize),
    values: &[Option<Cell>],
    colour: bool,
) -> std::fmt::Result {
    let last = side.saturating_sub(1);
    let [a, b] = last_two(table, heaps);
    let what = match &table.parts {
        Some(parts) => format!("positions ({})", parts.join(", ")),
        None => format!("positions of {heaps} heaps"),
    };
    writeln!(
        out,
        "{}: {what}, each 0..{last}, a grid ({a}, {b}) of the last two for each of the others",
        table.game
    )?;
    for (i, slice) in values.chunks(side * side).enumerate() {
        writeln!(out, "\n({}, {a}, {b}):", sizes_before(i, heaps, side))?;
        let rows: Vec<&[Option<Cell>]> = slice.chunks(side).collect();
        grid_rows(out, &rows, (&a, &b), colour)?;
    }
    Ok(())
}

/// Rows of cells under their columns' numbers, each row's number first;
/// the corner names the rows' part and the columns'.
fn grid_rows(
    out: &mut String,
    values: &[&[Option<Cell>]],
    (a, b): (&str, &str),
    colour: bool,
) -> std::fmt::Result {
    let last = values.len().saturating_sub(1);
    let width = values
        .iter()
        .copied()
        .flatten()
        .map(|v| cell(v).chars().count())
        .chain([last.to_string().len()])
        .max()
        .unwrap_or(1);
    let header: Vec<String> = (0..=last).map(|b| format!("{b:>width$}")).collect();
    writeln!(out, "{:>5} {}", format!("{a}\\{b}"), header.join(" "))?;
    for (a, row) in values.iter().enumerate() {
        let cells: Vec<String> = (row.iter())
            .map(|v| {
                let text = format!("{:>width$}", cell(v));
                match colour && is_p(v) {
                    // P-positions in red, as the outcome letter P is.
                    true => text.replace(&cell(v), &format!("\x1b[1;31m{}\x1b[0m", cell(v))),
                    false => text,
                }
            })
            .collect();
        writeln!(out, "{a:>5} {}", cells.join(" "))?;
    }
    Ok(())
}

/// A table as a JSON object.
pub fn table_json(table: &Table) -> Json {
    // A heap that is not a position has neither value nor outcome.
    let value = |v: &Option<Cell>| match v {
        Some(Cell::Loopy(Gamma::Infinite(k))) => json!({ "infinite": k }),
        Some(Cell::Score(score)) => json!(score),
        Some(cell) => cell.grundy().map_or(Json::Null, |g| json!(g)),
        None => Json::Null,
    };
    // A number of each position's timing, `null` where there is none.
    let of = |timing: &[Option<Timing>], f: fn(&Timing) -> u64| -> Vec<Option<u64>> {
        timing.iter().map(|s| s.as_ref().map(f)).collect()
    };
    let outcomes = |vs: &[Option<Cell>]| {
        vs.iter()
            .map(|v| v.as_ref().map(|_| outcome(v)))
            .collect::<Vec<_>>()
    };
    let mut json = match &table.shape {
        Shape::OneHeap {
            values,
            figures,
            period,
            saltus,
            decomposed,
            coins,
            genera,
            timing,
        } => json!({
            "game": table.game,
            "shape": if *coins { "coins" } else { "one-heap" },
            "values": values.iter().map(|v| value(&v)).collect::<Vec<_>>(),
            "outcomes": values.iter().map(|v| v.as_ref().map(|_| outcome(&v))).collect::<Vec<_>>(),
            "largest": figures.as_ref().map(|f| json!({ "value": f.largest, "first": f.largest_at })),
            "rare": figures.as_ref().and_then(|f| f.rare.as_ref()).map(|r| json!({
                "mask": r.mask,
                "heaps": r.heaps,
                "last": r.last,
            })),
            "period": period.as_ref().map(|p| p.period),
            "preperiod": period.as_ref().map(|p| p.preperiod),
            "proven": period.as_ref().is_some_and(|p| p.is_proven()),
            "certificate": period.as_ref().map(certificate),
            "saltus": saltus.as_ref().map(|s| json!({
                "period": s.period,
                "preperiod": s.preperiod,
                "saltus": s.saltus,
                "proven": false,
                "certificate": saltus_text(s),
            })),
            "decomposed": decomposed,
            "genus": genera.as_ref().and_then(|g| g.as_ref().ok()).map(|g| {
                g.heaps.iter().map(|h| h.as_ref().map(genus_word)).collect::<Vec<_>>()
            }),
            "tame": genera.as_ref().and_then(|g| g.as_ref().ok()).map(|g| g.tame),
            "remoteness": timing.as_ref().map(|s| of(s, |s| s.remoteness)),
            "suspense": timing.as_ref().map(|s| of(s, |s| s.suspense)),
        }),
        Shape::Box {
            heaps,
            side,
            values,
        } => {
            // Nested as deep as the heaps: `values[a][b][c]`.
            fn nest(items: Vec<Json>, side: usize, depth: usize) -> Json {
                match depth {
                    0 | 1 => Json::Array(items),
                    _ => {
                        let inner = items.len() / side.max(1);
                        let mut items = items.into_iter();
                        let parts = (0..side)
                            .map(|_| nest(items.by_ref().take(inner).collect(), side, depth - 1));
                        Json::Array(parts.collect())
                    }
                }
            }
            json!({
                "game": table.game,
                "shape": "box",
                "heaps": heaps,
                "values": nest(values.iter().map(value).collect(), *side, *heaps),
                "outcomes": nest(outcomes(values).into_iter().map(|o| json!(o)).collect(), *side, *heaps),
            })
        }
        Shape::Partizan {
            parts,
            from,
            values,
        } => {
            let value = |v: &Option<PartizanCell>| v.as_ref().map(|v| v.value.clone());
            let outcome = |v: &Option<PartizanCell>| v.as_ref().map(|v| v.outcome.letter());
            match (parts, values.as_slice()) {
                (1, [row]) => json!({
                    "game": table.game,
                    "shape": "partizan-row",
                    "parts": table.parts,
                    "from": from[1],
                    "values": row.iter().map(value).collect::<Vec<_>>(),
                    "outcomes": row.iter().map(outcome).collect::<Vec<_>>(),
                }),
                _ => json!({
                    "game": table.game,
                    "shape": if table.boards { "boards" } else { "partizan-grid" },
                    "parts": table.parts,
                    "from": from,
                    "values": values.iter().map(|row| row.iter().map(value).collect::<Vec<_>>()).collect::<Vec<_>>(),
                    "outcomes": values.iter().map(|row| row.iter().map(outcome).collect::<Vec<_>>()).collect::<Vec<_>>(),
                }),
            }
        }
        Shape::Grid { values, timing } => json!({
            "game": table.game,
            "shape": "grid",
            "values": values.iter().map(|row| row.iter().map(value).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "outcomes": values.iter().map(|row| outcomes(row)).collect::<Vec<_>>(),
            "remoteness": timing.as_ref().map(|rows| rows.iter().map(|s| of(s, |s| s.remoteness)).collect::<Vec<_>>()),
            "suspense": timing.as_ref().map(|rows| rows.iter().map(|s| of(s, |s| s.suspense)).collect::<Vec<_>>()),
        }),
    };
    json["undefined"] = match &table.undefined {
        Some(u) => json!({ "count": u.count, "first": u.first.to_string() }),
        None => Json::Null,
    };
    json
}
