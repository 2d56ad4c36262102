//! `gamelang fmt FILE...`: each file rewritten in gamelang's one layout
//! (the library's `format`), or with `--check`, the files that are
//! not in it named and the run failed.

use std::process::ExitCode;

use gamelang::Error;
use gamelang::format;

use super::error::CliError;
use super::input::{STDIN, read_source};
use super::output::{FINDINGS, Output, USAGE, err, out};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang fmt games/*.game
  gamelang fmt --check games/*.game     fails, naming them, if any is not formatted
  gamelang fmt - < mygame.game          prints the formatted file")]
pub struct Args {
    /// The .game files to format in place; `-` reads one from standard
    /// input and prints it formatted.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Change no file: name each one that is not formatted, and fail
    /// (exit 1) if there is one.
    #[arg(long)]
    check: bool,
}

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let (mut broken, mut unformatted, mut unreadable) = (0, 0, 0);
    for path in &args.files {
        let source = match read_source(path) {
            Ok(source) => source,
            Err(e) => {
                output.diagnostic(&e);
                unreadable += 1;
                continue;
            }
        };
        let formatted = match format(source.text()) {
            Ok(formatted) => formatted,
            Err(errors) => {
                let errors: Vec<Error> = (errors.into_iter())
                    .map(|e| e.located(&source).into())
                    .collect();
                output.errors(&errors);
                broken += 1;
                continue;
            }
        };
        if path == STDIN {
            if args.check && formatted != source.text() {
                unformatted += 1;
                err(&format!("{} is not formatted\n", source.name()));
            } else if !args.check {
                out(&formatted);
            }
        } else if formatted != source.text() {
            if args.check {
                unformatted += 1;
                err(&format!("{path} is not formatted\n"));
            } else if let Err(reason) = std::fs::write(path, &formatted) {
                let error = CliError::Unwritable {
                    path: path.clone(),
                    reason,
                };
                output.diagnostic(&error);
                unreadable += 1;
            }
        }
    }
    match (unreadable > 0, broken + unformatted > 0) {
        (true, _) => ExitCode::from(USAGE),
        (false, true) => ExitCode::from(FINDINGS),
        (false, false) => ExitCode::SUCCESS,
    }
}
