//! The command line: one module per subcommand, each with its clap `Args`
//! and a `run` that returns the process's exit code.

mod analyze;
mod check;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use gamelang::diagnostics::{Code, Error, Source};

/// Impartial combinatorial games: describe one in a `.game` file, and learn
/// who wins, with Grundy values and every winning move.
#[derive(Debug, Parser)]
#[command(name = "gamelang", version)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check .game files and report every error in them.
    Check(check::Args),
    /// Find the outcome, Grundy value and winning moves of positions.
    Analyze(analyze::Args),
}

impl Cli {
    pub fn run(self) -> ExitCode {
        match self.command {
            Command::Check(args) => check::run(args),
            Command::Analyze(args) => analyze::run(args),
        }
    }
}

/// Exit codes: 0 clean, 1 errors in the input, 2 usage or I/O errors.
pub const FINDINGS: u8 = 1;
pub const USAGE: u8 = 2;

/// Reads a `.game` file as a source, or says why it cannot.
fn read_source(path: &str) -> Result<Source, Error> {
    std::fs::read_to_string(path)
        .map(|text| Source::new(path, text))
        .map_err(|e| {
            Error::new(Code::Io, format!("cannot read {path}: {e}"))
                .help("give the path of a readable .game file")
        })
}

/// Prints diagnostics to stderr, in colour on a terminal.
fn print_errors(errors: &[Error]) {
    let colour = std::io::stderr().is_terminal();
    for error in errors {
        eprint!("{}", error.render(colour, 100));
    }
}
