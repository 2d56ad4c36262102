//! `gamelang check FILE...`: every error in every file, then one summary line.

use std::process::ExitCode;

use gamelang::check::check;
use gamelang::report;

use super::error::Advised;

use super::{FINDINGS, USAGE, err, out, print_diagnostic, print_errors, read_source};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The .game files to check.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// `text`: each error rendered for people, then a summary line;
    /// `json`: one array of every diagnostic, for editors and scripts.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: Args) -> ExitCode {
    let mut errors = 0;
    let mut broken_files = 0;
    let mut unreadable = 0;
    let (mut games, mut analyses) = (0, 0);
    let json = args.format == Format::Json;
    let mut diagnostics = Vec::new();
    for path in &args.files {
        let source = match read_source(path) {
            Ok(source) => source,
            Err(e) => {
                if json {
                    diagnostics.push(report::diagnostic_json(&e));
                } else {
                    print_diagnostic(&e);
                }
                unreadable += 1;
                continue;
            }
        };
        let (program, found) = check(&source, Vec::new());
        games += program.games.len();
        analyses += program.analyses.len();
        if !found.is_empty() {
            if json {
                diagnostics.extend(
                    found
                        .iter()
                        .map(|e| report::diagnostic_json(&Advised::new(e))),
                );
            } else {
                print_errors(&found);
            }
            errors += found.len();
            broken_files += 1;
        }
        // Freeing a large program takes a tenth of the check: a thread does
        // it beside the next file, and the process does not wait for it.
        std::thread::spawn(move || drop(program));
    }
    // The files that were read keep their results when another was not.
    let files = args.files.len() - unreadable;
    let files_word = if files == 1 { "file" } else { "files" };
    if json {
        let array = serde_json::Value::Array(diagnostics);
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&array).unwrap_or_default()
        ));
    } else if errors > 0 {
        let errors_word = if errors == 1 { "error" } else { "errors" };
        err(&format!(
            "found {errors} {errors_word} in {broken_files} of {files} {files_word}\n"
        ));
    } else if files > 0 {
        out(&format!(
            "checked {files} {files_word}: {games} games, {analyses} analyze statements, no errors\n"
        ));
    }
    match (unreadable > 0, errors > 0) {
        (true, _) => ExitCode::from(USAGE),
        (false, true) => ExitCode::from(FINDINGS),
        (false, false) => ExitCode::SUCCESS,
    }
}
