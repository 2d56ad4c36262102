//! Runs any text through every stage of gamelang in process, with small
//! limits, as a hostile user's file would go: parse and check, render every
//! diagnostic (in words and as JSON), analyze every `analyze` statement and
//! print its answer, and draw a small table of every game that checked.
//!
//! Shared by the mutation test (`tests/it/mutants.rs`) and the cargo-fuzz
//! targets (`fuzz/fuzz_targets/`), which include this file by path. A panic
//! anywhere is a bug; so is a run that does not end: every search here has
//! a position limit, a move budget and a timeout.

use std::time::Duration;

use gamelang::analysis::{Analyzer, Options};
use gamelang::check::check;
use gamelang::{error::Error, source::Source};
use gamelang::{report, search};
use num_bigint::BigUint;

/// How far a stage went on a text, for the tests to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    /// Diagnostics reported (by `check`, the searches or the tables).
    pub errors: usize,
    /// Positions answered.
    pub answers: usize,
}

/// Limits small enough that every search ends in milliseconds.
pub fn small_limits() -> search::Options {
    search::Options {
        max_positions: 2_000,
        move_budget: Some(100_000),
        timeout: Some(Duration::from_secs(2)),
        ..search::Options::default()
    }
}

/// Runs `text` as a `.game` file through every stage.
pub fn exercise(text: &str) -> Reached {
    let source = Source::new("mutant.game", text);
    let (program, errors) = check(&source, Vec::new());
    let mut reached = Reached::default();
    for e in errors {
        show(&e.into(), &mut reached);
    }
    for warning in &program.warnings() {
        let _ = report::diagnostic_text(warning, false, 80);
        let _ = report::diagnostic_json(warning);
    }
    let mut analyzer = Analyzer::new(Options {
        search: small_limits(),
        force_search: false,
        max_moves: 10,
        verify_bound: 2,
        outcome_only: false,
    });
    // And each question asked for its outcome alone (`--outcome`).
    let mut outcomes = Analyzer::new(Options {
        search: small_limits(),
        outcome_only: true,
        ..Options::default()
    });
    for analysis in &program.questions {
        for analyzer in [&mut analyzer, &mut outcomes] {
            match analyzer.analyze(analysis) {
                Ok(answer) => {
                    let _ = report::text(&answer, &|_| None);
                    let _ = report::json(&answer, &|_| None);
                    reached.answers += 1;
                }
                Err(e) => show(&e.into(), &mut reached),
            }
        }
    }
    let upto = BigUint::from(12u32);
    for game in program
        .games
        .iter()
        .filter_map(|entry| entry.default.clone())
    {
        match analyzer.table(&game, &upto, None, &mut |_| {}) {
            Ok(table) => {
                let _ = report::table_text(&table);
                let _ = report::table_json(&table);
            }
            Err(e) => show(&e.into(), &mut reached),
        }
    }
    reached
}

/// Renders a diagnostic both ways, as `check` and `check --format json` do.
fn show(e: &Error, reached: &mut Reached) {
    let _ = report::diagnostic_text(e, false, 80);
    let _ = report::diagnostic_json(e);
    reached.errors += 1;
}
