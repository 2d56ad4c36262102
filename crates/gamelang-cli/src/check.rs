//! `gamelang check FILE...`: every error in every file, then one summary line.

use std::process::ExitCode;

use gamelang::check::check;
use gamelang::diagnostics::Error;
use gamelang::search::{DEFAULT_MAX_POSITIONS, SearchError, Solver};

use super::{
    FINDINGS, USAGE, err, gather_diagnostics, json_array, out, print_diagnostic, print_errors,
    read_source, take_gathered_diagnostics,
};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang check games/*.game
  gamelang check mygame.game --deny warnings
  gamelang check mygame.game --format json      diagnostics for editors and scripts")]
pub struct Args {
    /// The .game files to check; `-` reads one from standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// `text`: each error rendered for people, then a summary line;
    /// `json`: one array of every diagnostic, for editors and scripts.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// `warnings`: a warning fails the check (exit 1), as an error does;
    /// `loopy`: a position of an `analyze` statement from which play can
    /// go on forever is an error (the game is meant to end).
    #[arg(long, value_enum, value_name = "WHAT")]
    deny: Vec<Deny>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Deny {
    Warnings,
    /// A game meant to be finite: each `analyze` statement's position is
    /// searched, and a play that can return to a position is an error.
    Loopy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: Args) -> ExitCode {
    let mut errors = 0;
    let mut warnings = 0;
    let deny = args.deny.contains(&Deny::Warnings);
    let mut broken_files = 0;
    let mut unreadable = 0;
    let (mut games, mut analyses) = (0, 0);
    let json = args.format == Format::Json;
    if json {
        gather_diagnostics();
    }
    for path in &args.files {
        let source = match read_source(path) {
            Ok(source) => source,
            Err(e) => {
                print_diagnostic(&e);
                unreadable += 1;
                continue;
            }
        };
        let (program, found) = check(&source, Vec::new());
        games += program.games.len();
        analyses += program.analyses.len();
        let found_warnings = program.warnings();
        warnings += found_warnings.len();
        for warning in &found_warnings {
            print_diagnostic(warning);
        }
        let mut found = found;
        if args.deny.contains(&Deny::Loopy) {
            found.extend(cycles(&program));
        }
        if !found.is_empty() {
            print_errors(&found);
            errors += found.len();
            broken_files += 1;
        } else if !found_warnings.is_empty() && deny {
            broken_files += 1;
        }
        // Freeing a large program takes a tenth of the check: a thread does
        // it beside the next file, and the process does not wait for it.
        std::thread::spawn(move || drop(program));
    }
    let denied = warnings > 0 && deny;
    // The files that were read keep their results when another was not.
    let files = args.files.len() - unreadable;
    let files_word = if files == 1 { "file" } else { "files" };
    if json {
        // With JSON, the diagnostics are what `check` prints: on stdout.
        out(&json_array(take_gathered_diagnostics()));
    } else if errors > 0 || denied {
        let denied = if denied { " (warnings denied)" } else { "" };
        err(&format!(
            "found {}{} in {broken_files} of {files} {files_word}{denied}\n",
            count(errors, "error"),
            if warnings > 0 {
                format!(" and {}", count(warnings, "warning"))
            } else {
                String::new()
            }
        ));
    } else if files > 0 {
        let warnings = if warnings > 0 {
            format!(", {}", count(warnings, "warning"))
        } else {
            String::new()
        };
        out(&format!(
            "checked {files} {files_word}: {games} games, {analyses} analyze statements, no errors{warnings}\n"
        ));
    }
    match (unreadable > 0, errors > 0 || denied) {
        (true, _) => ExitCode::from(USAGE),
        (false, true) => ExitCode::from(FINDINGS),
        (false, false) => ExitCode::SUCCESS,
    }
}

/// The cycles reachable from the program's `analyze` statements: each
/// component's position searched, a cycle kept as the error it is. A
/// search that stopped before the end (a limit, a rule that fails, heaps
/// past 2^64) has not shown that there is none: that is an error too.
fn cycles(program: &gamelang::check::Program) -> Vec<gamelang::diagnostics::Error> {
    let mut found = Vec::new();
    for analysis in &program.analyses {
        for c in &analysis.components {
            let stopped = match c.position.to_u64s() {
                None => None,
                Some(heaps) => {
                    let mut solver = Solver::new(c.game.clone(), DEFAULT_MAX_POSITIONS);
                    match solver.value(&heaps) {
                        Ok(_) => continue,
                        Err(Error::Search(e)) if matches!(*e, SearchError::Cycle { .. }) => {
                            found.push(Error::Search(e));
                            continue;
                        }
                        Err(Error::Search(e)) => Some(e),
                        Err(other) => {
                            found.push(other);
                            continue;
                        }
                    }
                }
            };
            found.push(Error::Search(Box::new(SearchError::EndUnknown {
                game: c.game.title(),
                position: c.position.clone(),
                stopped,
            })));
        }
    }
    found
}

/// `1 error`, `2 errors`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
