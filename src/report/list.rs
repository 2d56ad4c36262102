//! The answers to one statement that asks many positions (`analyze kayles
//! at 1..1000`), as a table a row each: the position, its outcome, its
//! value, its winning moves (the first, and how many more) and how it was
//! found; a position with no answer says why on its row, and the others
//! are answered still.

use std::fmt::Write;

use num_bigint::BigUint;
use num_traits::One;

use super::answer::{first_move_text, grundy_short};
use super::method::method_word;
use crate::analysis::{Answer, Count, Outcome};
use crate::check::Question;

/// One row: the position asked (as its statement writes it) and its
/// answer, or why there is none.
pub struct Row<'a> {
    /// The position, as its statement writes it.
    pub position: String,
    /// Its answer, or why there is none.
    pub answer: Result<&'a Answer, &'a dyn miette::Diagnostic>,
}

/// The position a question asks, as a row shows it: `(3, 4)` of one game,
/// `nim at (1, 0) + kayles at 4` of several.
pub fn asked_text(question: &Question) -> String {
    let shown = |i: &crate::check::Instance| {
        super::words::position_text(&i.game, i.position.heaps(), false)
    };
    let values = question.values.iter().map(|v| (false, v.to_string()));
    match question.components.as_slice() {
        [one] if question.values.is_empty() && !one.negated => shown(one),
        all => super::answer::signed_sum(
            (all.iter())
                .map(|i| (i.negated, format!("{} at {}", i.game.title(), shown(i))))
                .chain(values),
        ),
    }
}

/// The statement that asked, as written without its `analyze`, on one
/// line: `kayles at 1..1000`; the position alone, asked outside a file.
pub fn statement_text(question: &Question) -> String {
    match (question.asked, question.components.first()) {
        (Some(span), Some(first)) => {
            let text = first.game.source.text();
            let written = (text.get(span.offset()..span.offset() + span.len())).unwrap_or_default();
            let written = written.strip_prefix("analyze").unwrap_or(written);
            written.split_whitespace().collect::<Vec<_>>().join(" ")
        }
        _ => asked_text(question),
    }
}

/// The rows under `title` (the statement as written), in columns; outcome
/// letters in colour for a terminal when `colour`.
pub fn list_text(title: &str, rows: &[Row], colour: bool) -> String {
    let cells: Vec<[String; 5]> = rows.iter().map(cells).collect();
    // A partizan position's value is its canonical form.
    let partizan = (rows.iter()).any(|r| r.answer.is_ok_and(|a| a.partizan.is_some()));
    let value = if partizan { "value" } else { "grundy" };
    let head = ["position", "outcome", value, "winning moves", "method"];
    let mut widths = head.map(|h| h.chars().count());
    for row in &cells {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let answered = rows.iter().filter(|r| r.answer.is_ok()).count();
    let mut out = String::new();
    let stopped = match rows.len() - answered {
        0 => String::new(),
        n => format!(", {n} without an answer"),
    };
    let _ = writeln!(out, "{title}: {} positions{stopped}", rows.len());
    let line = |out: &mut String, row: &[String; 5], colour: bool| {
        out.push(' ');
        for (i, (cell, width)) in row.iter().zip(widths).enumerate() {
            let pad = width - cell.chars().count();
            let shown = match (i, colour) {
                (1, true) => super::words::paint_outcomes(cell),
                _ => cell.clone(),
            };
            if i + 1 == row.len() {
                let _ = write!(out, " {shown}");
            } else {
                let _ = write!(out, " {shown}{}", " ".repeat(pad + 1));
            }
        }
        // No space after the last column.
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    };
    line(&mut out, &head.map(str::to_string), false);
    for row in &cells {
        line(&mut out, row, colour);
    }
    out
}

/// A row's five columns.
fn cells(row: &Row) -> [String; 5] {
    match &row.answer {
        Ok(answer) => {
            let outcome = answer.outcome.letter();
            let moves = match answer.outcome {
                Outcome::P => "none".to_string(),
                _ => first_move_text(answer).map_or_else(String::new, |first| {
                    let count = match (answer.outcome, &answer.winning_move_count) {
                        (Outcome::D, _) => Count::Exact(BigUint::from(answer.drawing_move_count)),
                        (_, count) => count.clone(),
                    };
                    match count {
                        Count::Exact(n) if n.is_one() => first,
                        Count::Exact(n) => format!("{first} (and {} more)", n - 1u32),
                        Count::AtLeast(n) => format!("{first} (and at least {} more)", n - 1u32),
                        Count::Unknown => format!("{first} (and perhaps more)"),
                    }
                }),
            };
            let methods: Vec<String> = answer.method.components.iter().map(method_word).collect();
            [
                row.position.clone(),
                outcome.to_string(),
                match &answer.partizan {
                    Some(p) => p
                        .value
                        .clone()
                        .unwrap_or_else(|| "too large to write".to_string()),
                    None => grundy_short(&answer.grundy),
                },
                moves,
                methods.join(" + "),
            ]
        }
        Err(why) => [
            row.position.clone(),
            "–".to_string(),
            "–".to_string(),
            match why.code() {
                Some(code) => format!("no answer: {why} [{code}]"),
                None => format!("no answer: {why}"),
            },
            String::new(),
        ],
    }
}
