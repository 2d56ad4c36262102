//! The `gamelang` command: parses the command line and dispatches.

mod cli;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// The exit code of a bug: a panic, which no input should cause.
const INTERNAL: u8 = 3;

fn main() -> ExitCode {
    // A panic is a bug in gamelang, whatever the input: it is reported as
    // one, coded, and ends the run with its own exit code, never Rust's 101.
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map_or_else(String::new, |l| format!(" at {}:{}", l.file(), l.line()));
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let _ = writeln!(
            std::io::stderr(),
            "gamelang::internal\n\n  × internal error: {message}{place}\n  help: this is a bug in gamelang: please report it with the file and command that caused it"
        );
    }));
    std::panic::catch_unwind(|| cli::Cli::parse().run()).unwrap_or(ExitCode::from(INTERNAL))
}
