//! `gamelang check FILE...`: every error in every file, then one summary line.

use std::process::ExitCode;

use gamelang::Error;
use gamelang::check;

use super::input::read_source;
use super::output::{FINDINGS, Output, USAGE, err, json_array, out};

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

impl Args {
    /// Whether the output is JSON: then the diagnostics are the output.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }
}

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let mut errors = 0;
    let mut warnings = 0;
    let deny = args.deny.contains(&Deny::Warnings);
    let mut broken_files = 0;
    let mut unreadable = 0;
    let (mut games, mut analyses) = (0, 0);
    let json = args.json();
    for path in &args.files {
        let source = match read_source(path) {
            Ok(source) => source,
            Err(e) => {
                output.diagnostic(&e);
                unreadable += 1;
                continue;
            }
        };
        let (program, found) = check(&source, Vec::new());
        games += program.games.len();
        analyses += program.questions.len();
        let found_warnings = program.warnings();
        warnings += found_warnings.len();
        for warning in &found_warnings {
            output.diagnostic(warning);
        }
        let mut found: Vec<Error> = found.into_iter().map(Error::from).collect();
        if args.deny.contains(&Deny::Loopy) {
            found.extend(gamelang::cycles(&program));
        }
        if !found.is_empty() {
            output.errors(&found);
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
        out(&json_array(output.take_gathered()));
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

/// `1 error`, `2 errors`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
