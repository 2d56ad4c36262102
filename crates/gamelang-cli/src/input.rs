//! What a command reads: the `.game` file (or standard input), the game
//! and parameter values it works on, and limits written as numbers.

use std::process::ExitCode;

use std::sync::Arc;

use gamelang::Error;
use gamelang::Game;
use gamelang::Source;
use gamelang::{CheckError, Program, Question};
use miette::SourceSpan;
use num_traits::Bounded;

use super::error::CliError;
use super::output::{FINDINGS, Output, USAGE};

/// The file and game a command works on, and parameter values.
#[derive(Debug, clap::Args)]
pub struct GameFile {
    /// The .game file; `-` reads it from standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The game (needed when the file has several and no statement says which).
    #[arg(long, value_name = "NAME")]
    pub game: Option<String>,
    /// Sets a parameter, overriding its default: `--set m=10`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

/// What one question's search may spend besides positions.
#[derive(Debug, clap::Args)]
pub struct Budgets {
    /// The most moves one question's search may examine; each amount a
    /// condition rejects and each step of a move block counts as one
    /// [default: none: the timeout is the limit]
    #[arg(long, value_name = "N", value_parser = saturating::<u64>)]
    move_budget: Option<u64>,
    #[command(flatten)]
    timeout: Timeout,
    /// The most memory one question's search may keep, in megabytes (its
    /// positions, and the canonical forms of a partizan game's)
    #[arg(long, value_name = "MB", value_parser = saturating::<u64>, default_value_t = DEFAULT_MEMORY_MB)]
    max_memory: u64,
}

/// The default `--max-memory`, in megabytes: the library's own default.
const DEFAULT_MEMORY_MB: u64 = gamelang::DEFAULT_MAX_BYTES >> 20;

/// The default `--timeout`, in seconds: the library's own default.
const DEFAULT_TIMEOUT: u64 = gamelang::DEFAULT_TIMEOUT.as_secs();

/// How long one question may take: every command's `--timeout`, one
/// default.
#[derive(Debug, clap::Args)]
pub struct Timeout {
    /// Stops a question's search after this many seconds (0: no limit);
    /// a search whose forecast is ten times past it is refused at once,
    /// saying how long it would take
    #[arg(long, value_name = "SECONDS", value_parser = saturating::<u64>, default_value_t = DEFAULT_TIMEOUT)]
    timeout: u64,
}

impl Timeout {
    /// The timeout, `None` for none (0).
    pub fn duration(&self) -> Option<std::time::Duration> {
        (self.timeout > 0).then(|| std::time::Duration::from_secs(self.timeout))
    }
}

impl Budgets {
    /// Search options with these budgets and the positions limit `max_positions`.
    pub fn options(&self, max_positions: usize) -> gamelang::SearchOptions {
        gamelang::search_options(
            Some(std::time::Duration::from_secs(self.timeout.timeout)),
            Some(max_positions),
            Some(self.max_memory),
            self.move_budget,
        )
    }
}

/// Reads a limit as a whole number of any size. A limit past what `T`
/// holds is no limit at all, so it is held as `T`'s largest value, where
/// clap would refuse it as "too large to fit".
pub fn saturating<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr<Err = std::num::ParseIntError> + Bounded,
{
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{text}` is not a whole number of digits"));
    }
    // All digits: the only way to fail is to be too large.
    Ok(digits.parse().unwrap_or_else(|_| T::max_value()))
}

/// The largest file read, in bytes.
const MAX_INPUT: u64 = gamelang::MAX_BYTES as u64;

/// The name standard input goes by, as a file argument and in diagnostics.
pub const STDIN: &str = "-";
const STDIN_NAME: &str = "<stdin>";

/// Reads a `.game` file (standard input for `-`) as a source, or says why
/// it cannot: unreadable, larger than `MAX_INPUT` (read no further than
/// that), or not UTF-8.
pub fn read_source(path: &str) -> Result<Source, CliError> {
    use std::io::Read;
    let path = if path == STDIN { STDIN_NAME } else { path };
    let unreadable = |reason| CliError::Unreadable {
        path: path.to_string(),
        reason,
    };
    let mut bytes = Vec::new();
    let read = if path == STDIN_NAME {
        (std::io::stdin().lock())
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(MAX_INPUT + 1).read_to_end(&mut bytes))
    };
    read.map_err(unreadable)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(CliError::TooLarge {
            path: path.to_string(),
            limit: MAX_INPUT,
        });
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source::new(path, text)),
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&valid[line_start..])
                .chars()
                .count()
                + 1;
            let valid = String::from_utf8_lossy(valid).into_owned();
            let at = SourceSpan::from((valid.len(), 0));
            Err(CliError::NotUtf8 {
                path: path.to_string(),
                line,
                column,
                valid: Source::new(path, valid),
                at,
            })
        }
    }
}

impl GameFile {
    /// Reads and checks the file with its `--set` values; on errors, reports
    /// them and gives the exit code.
    pub fn load(&self, output: &mut Output) -> Result<Program, ExitCode> {
        let source = read_source(&self.file).map_err(|e| output.fail_cli(&e, USAGE))?;
        gamelang::load(&source, &self.set).map_err(|errors| output.fail(&errors, FINDINGS))
    }
}

impl GameFile {
    /// The questions asked: the positions `at` gives (`--at`, any number
    /// of times), or the file's `analyze` statements (of `--game`'s game,
    /// when given). A file that asks nothing is a usage error.
    pub fn questions(
        &self,
        program: &Program,
        at: &[String],
        output: &mut Output,
    ) -> Result<Vec<Question>, ExitCode> {
        let at: Vec<&str> = at.iter().map(String::as_str).collect();
        gamelang::questions(program, self.game.as_deref(), &at).map_err(|errors| {
            let asked_nothing = errors.iter().any(|e| {
                matches!(e, Error::Check(e) if matches!(**e, CheckError::NoAnalyzeStatement { .. }))
            });
            output.fail(&errors, if asked_nothing { USAGE } else { FINDINGS })
        })
    }

    /// The game (`--game`, or the file's only one), lowered with its `--set`
    /// values, and where it is defined.
    pub fn game(&self, output: &mut Output) -> Result<(Arc<Game>, SourceSpan), ExitCode> {
        let program = self.load(output)?;
        gamelang::game_named(&program, self.game.as_deref()).map_err(|errors| {
            // A broken game's own errors were reported by `load`.
            output.fail(&errors, FINDINGS)
        })
    }
}
