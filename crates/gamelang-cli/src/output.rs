//! What a command writes: answers on stdout; diagnostics on stderr,
//! rendered for people as they come (in colour on a terminal), or gathered
//! as JSON when the command was asked for JSON and printed as one array
//! when it ends.

use std::io::IsTerminal;
use std::process::ExitCode;

use gamelang::Error;
use gamelang::Source;
use miette::{Diagnostic, SourceSpan};

use super::ColorChoice;
use super::error::{Advised, CliError};

/// Exit codes: 0 clean, 1 errors in the input, 2 usage or I/O errors.
pub const FINDINGS: u8 = 1;
pub const USAGE: u8 = 2;

/// Where a command's output goes, and how.
pub struct Output {
    colour: ColorChoice,
    /// The diagnostics gathered as JSON; `None`: each is rendered for
    /// people as it comes.
    gathered: Option<Vec<serde_json::Value>>,
    /// The command's long options, for advice to name only those.
    options: Vec<String>,
}

impl Output {
    /// Output for a command whose long options are `options`.
    pub fn new(colour: ColorChoice, json: bool, options: Vec<String>) -> Self {
        Output {
            colour,
            gathered: json.then(Vec::new),
            options,
        }
    }

    /// Whether to colour what goes to a stream that `is_terminal` or not:
    /// `--color`, else NO_COLOR (set and not empty: no colour), else
    /// whether the stream is a terminal.
    fn colour(&self, is_terminal: bool) -> bool {
        match self.colour {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                !no_color && is_terminal
            }
        }
    }

    /// Whether stdout is to be coloured.
    pub fn colour_stdout(&self) -> bool {
        self.colour(std::io::stdout().is_terminal())
    }

    /// Reports one diagnostic: on stderr, in colour on a terminal, or
    /// gathered as JSON.
    pub fn diagnostic(&mut self, diagnostic: &dyn Diagnostic) {
        if let Some(gathered) = self.gathered.as_mut() {
            gathered.push(gamelang::diagnostic_json(diagnostic));
            return;
        }
        let colour = self.colour(std::io::stderr().is_terminal());
        err(&gamelang::diagnostic_text(diagnostic, colour, 100));
    }

    /// Reports the library's errors, with the command line's advice.
    pub fn errors(&mut self, errors: &[Error]) {
        for error in errors {
            self.diagnostic(&Advised::new(error, &self.options));
        }
    }

    /// Reports an error about what `source` says at `at` (a statement that
    /// asked, a game defined), placed there with `label` when it has no
    /// place of its own.
    pub fn error_at(&mut self, error: &Error, at: (&Source, SourceSpan, &'static str)) {
        let advised = Advised::placed(error, &self.options, at);
        self.diagnostic(&advised);
    }

    /// Reports an error about the game defined at `at` in `source` (its
    /// name), and gives the exit code.
    pub fn fail_about_game(&mut self, error: Error, source: &Source, at: SourceSpan) -> ExitCode {
        self.error_at(&error, (source, at, "this game"));
        ExitCode::from(FINDINGS)
    }

    /// Reports errors and gives the exit code.
    pub fn fail(&mut self, errors: &[Error], code: u8) -> ExitCode {
        self.errors(errors);
        ExitCode::from(code)
    }

    /// Reports one of the command line's own errors and gives the exit code.
    pub fn fail_cli(&mut self, error: &CliError, code: u8) -> ExitCode {
        self.diagnostic(error);
        ExitCode::from(code)
    }

    /// The diagnostics gathered so far, no longer kept.
    pub fn take_gathered(&mut self) -> Vec<serde_json::Value> {
        self.gathered
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Prints what was gathered, as one array on stderr (the answers keep
    /// stdout).
    pub fn finish(mut self) {
        let gathered = self.take_gathered();
        if !gathered.is_empty() {
            err(&json_array(gathered));
        }
    }
}

/// One JSON array, pretty-printed, with its line break.
pub fn json_array(items: Vec<serde_json::Value>) -> String {
    let array = serde_json::Value::Array(items);
    format!(
        "{}\n",
        serde_json::to_string_pretty(&array).unwrap_or_default()
    )
}

/// Writes to stdout.
pub fn out(text: &str) {
    write_or_exit(&mut std::io::stdout().lock(), text);
}

/// Writes to stderr.
pub fn err(text: &str) {
    write_or_exit(&mut std::io::stderr().lock(), text);
}

/// Writes `text`. A reader that went away (`gamelang known | head`) ends
/// the process quietly; any other failure (a full disk) is an I/O error,
/// said on stderr if it can be, and exit code 2.
fn write_or_exit(stream: &mut dyn std::io::Write, text: &str) {
    let written = stream
        .write_all(text.as_bytes())
        .and_then(|()| stream.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "gamelang::io: cannot write the output: {e}"
            );
            std::process::exit(i32::from(USAGE));
        }
    }
}
