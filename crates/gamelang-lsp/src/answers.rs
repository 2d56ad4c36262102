//! The answers to a file's `analyze` statements, found off the editor's
//! thread under a short budget: each search stops after `TIMEOUT`,
//! `MAX_POSITIONS` or `MAX_BYTES`, or as soon as the file changes (its `Cancel` is raised).

use std::time::Duration;

use gamelang::Cancel;
use gamelang::Error;
use gamelang::Question;
use gamelang::{Analyzer, Answer, Grundy, Options, Outcome};

/// The longest one statement's search runs for an editor, unless it asks
/// for another.
pub const TIMEOUT: Duration = Duration::from_secs(2);
/// The most positions one statement's search holds for an editor.
const MAX_POSITIONS: usize = 2_000_000;
/// The most memory one statement's search keeps for an editor, in bytes.
const MAX_BYTES: u64 = 256 << 20;

/// An analyzer with the editor's budget (a search stops after `timeout`),
/// stopped by `cancel`.
pub fn analyzer(cancel: &Cancel, timeout: Duration) -> Analyzer {
    Analyzer::new(Options {
        search: gamelang::SearchOptions {
            max_positions: MAX_POSITIONS,
            timeout: Some(timeout),
            max_bytes: MAX_BYTES,
            cancel: Some(cancel.clone()),
            ..gamelang::SearchOptions::default()
        },
        max_moves: 10,
        ..Options::default()
    })
}

/// One statement's answer, or why there is none (the budget's refusal
/// among them).
fn answer(analyzer: &mut Analyzer, question: &Question) -> Result<Answer, Error> {
    analyzer.analyze(question).map_err(Error::from)
}

/// One statement's answers as the editor shows them: the short form after
/// the line (none for a refusal) and the long one on hover. A statement
/// that asks many positions: how many are P and N after the line, and on
/// hover a table, a row each (each position's refusal on its row).
pub fn found(analyzer: &mut Analyzer, questions: &[Question]) -> (Option<String>, String) {
    let results: Vec<Result<Answer, Error>> =
        (questions.iter()).map(|q| answer(analyzer, q)).collect();
    let [result] = results.as_slice() else {
        return many(questions, &results);
    };
    (result.as_ref().ok().map(short), long(result))
}

/// The answers to the positions of one statement that asks many.
fn many(questions: &[Question], results: &[Result<Answer, Error>]) -> (Option<String>, String) {
    let count = |outcome: Outcome| {
        (results.iter())
            .filter(|r| r.as_ref().is_ok_and(|a| a.outcome == outcome))
            .count()
    };
    let mut counts: Vec<String> = [Outcome::P, Outcome::N, Outcome::D, Outcome::L, Outcome::R]
        .into_iter()
        .filter_map(|outcome| match count(outcome) {
            0 => None,
            n => Some(format!("{n} {}", outcome.letter())),
        })
        .collect();
    let refused = results.iter().filter(|r| r.is_err()).count();
    if refused > 0 {
        counts.push(format!("{refused} without an answer"));
    }
    let rows: Vec<gamelang::Row> = (questions.iter().zip(results))
        .map(|(question, result)| gamelang::Row {
            position: gamelang::asked_text(question),
            answer: result.as_ref().map_err(|e| e as &dyn miette::Diagnostic),
        })
        .collect();
    let title = questions
        .first()
        .map(gamelang::statement_text)
        .unwrap_or_default();
    let table = gamelang::list_text(&title, &rows, false);
    (Some(counts.join(" · ")), format!("```text\n{table}```"))
}

/// The short form shown after a statement: `N · g = 3`.
fn short(answer: &Answer) -> String {
    let outcome = answer.outcome.letter();
    if let Some(partizan) = &answer.partizan {
        let value = partizan
            .value
            .as_deref()
            .unwrap_or("a value too large to write");
        return format!("{outcome} · {value}");
    }
    if let Some(loopy) = &answer.loopy {
        let first = |start: &gamelang::Start| match start.winner {
            Some(side) => side.name(),
            None => "a draw",
        };
        return format!(
            "{outcome} · Left first: {}; Right first: {}",
            first(&loopy.left_first),
            first(&loopy.right_first)
        );
    }
    match &answer.grundy {
        Grundy::Value(g) => format!("{outcome} · g = {g}"),
        _ => outcome.to_string(),
    }
}

/// The whole answer, as `gamelang analyze` prints it, or the refusal.
fn long(result: &Result<Answer, Error>) -> String {
    match result {
        Ok(answer) => {
            // A board drawn above the answer, a line a row.
            let boards = gamelang::boards_text(answer).map(|b| format!("```text\n{b}\n```\n"));
            let text = gamelang::answer_text(answer, &|_| None);
            format!("{}```text\n{text}```", boards.unwrap_or_default())
        }
        Err(e) => {
            let code = miette::Diagnostic::code(e).map(|c| c.to_string());
            let help = miette::Diagnostic::help(e).map(|h| format!("\n\nhelp: {h}"));
            format!(
                "**no answer** ({}): {e}{}",
                code.unwrap_or_default(),
                help.unwrap_or_default()
            )
        }
    }
}
