//! The answers to a file's `analyze` statements, found off the editor's
//! thread under a short budget: each search stops after `TIMEOUT` or
//! `MAX_POSITIONS`, or as soon as the file changes (its `Cancel` is raised).

use std::time::Duration;

use gamelang::analysis::{Analyzer, Answer, Grundy, Options, Outcome};
use gamelang::check::Question;
use gamelang::error::Error;
use gamelang::report;
use gamelang::search::{self, Cancel};

/// The longest one statement's search runs for an editor.
pub const TIMEOUT: Duration = Duration::from_secs(2);
/// The most positions one statement's search holds for an editor.
const MAX_POSITIONS: usize = 2_000_000;
/// The most moves one statement's search examines for an editor.
const MOVE_BUDGET: u64 = 100_000_000;

/// An analyzer with the editor's budget, stopped by `cancel`.
pub fn analyzer(cancel: &Cancel) -> Analyzer {
    Analyzer::new(Options {
        search: search::Options {
            max_positions: MAX_POSITIONS,
            move_budget: Some(MOVE_BUDGET),
            timeout: Some(TIMEOUT),
            cancel: Some(cancel.clone()),
            ..search::Options::default()
        },
        max_moves: 10,
        ..Options::default()
    })
}

/// One statement's answer, or why there is none (the budget's refusal
/// among them).
pub fn answer(analyzer: &mut Analyzer, question: &Question) -> Result<Answer, Error> {
    analyzer.analyze(question).map_err(Error::from)
}

/// The short form shown after a statement: `N · g = 3`.
pub fn short(answer: &Answer) -> String {
    let outcome = match answer.outcome {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::D => "D",
    };
    match &answer.grundy {
        Grundy::Value(g) => format!("{outcome} · g = {g}"),
        _ => outcome.to_string(),
    }
}

/// The whole answer, as `gamelang analyze` prints it, or the refusal.
pub fn long(result: &Result<Answer, Error>) -> String {
    match result {
        Ok(answer) => format!("```text\n{}```", report::text(answer, &|_| None)),
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
