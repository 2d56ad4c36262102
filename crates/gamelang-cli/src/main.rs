//! The `gamelang` command: parses the command line and dispatches, one
//! module per subcommand, each with its clap `Args` and a `run` that returns
//! the process's exit code.

mod analyze;
mod check;
mod completions;
mod error;
mod graph;
mod known;
mod play;
mod progress;
mod quotient;
mod table;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use clap::{Parser, Subcommand};
use error::{Advised, CliError};
use gamelang::check::{Analysis, Instance, Override, Program, check};
use gamelang::diagnostics::{Error, Source, render};
use gamelang::rules::Game;
use gamelang::search;
use gamelang::syntax::{parse_arg, parse_position};
use miette::Diagnostic;
use num_traits::Bounded;

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
    std::panic::catch_unwind(|| Cli::parse().run()).unwrap_or(ExitCode::from(INTERNAL))
}

/// Impartial combinatorial games: describe one in a `.game` file, and learn
/// who wins, with Grundy values and every winning move.
#[derive(Debug, Parser)]
#[command(name = "gamelang", version)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour in the output: `auto` on a terminal unless NO_COLOR is set,
    /// `always`, or `never`.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// The colour choice of this run, set once by `Cli::run`.
static COLOR: std::sync::OnceLock<ColorChoice> = std::sync::OnceLock::new();

/// Whether to colour what goes to a stream that `is_terminal` or not:
/// `--color`, else NO_COLOR (set and not empty: no colour), else whether
/// the stream is a terminal.
fn colour(is_terminal: bool) -> bool {
    match COLOR.get().copied().unwrap_or(ColorChoice::Auto) {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            !no_color && is_terminal
        }
    }
}

/// Whether stdout is to be coloured.
fn colour_stdout() -> bool {
    colour(std::io::stdout().is_terminal())
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check .game files and report every error in them.
    Check(check::Args),
    /// Find the outcome, Grundy value and winning moves of positions.
    Analyze(analyze::Args),
    /// Tabulate a game's values: g(0..N) with its period, or a grid.
    Table(table::Args),
    /// List the known games whose closed forms gamelang uses.
    Known(known::Args),
    /// Print the position graph below a position, in Graphviz DOT or JSON.
    Graph(graph::Args),
    /// Play a game against the perfect opponent.
    Play(play::Args),
    /// Find the misère quotient of a heap game (Plambeck–Siegel).
    Quotient(quotient::Args),
    /// Print a shell's completion script for gamelang.
    Completions(completions::Args),
}

impl Cli {
    pub fn run(self) -> ExitCode {
        let _ = COLOR.set(self.color);
        let code = match self.command {
            Command::Check(args) => check::run(args),
            Command::Analyze(args) => {
                if args.json() {
                    gather_diagnostics();
                }
                analyze::run(args)
            }
            Command::Table(args) => {
                if args.json() {
                    gather_diagnostics();
                }
                table::run(args)
            }
            Command::Known(args) => known::run(args),
            Command::Graph(args) => graph::run(args),
            Command::Play(args) => {
                if args.json() {
                    gather_diagnostics();
                }
                play::run(args)
            }
            Command::Quotient(args) => {
                if args.json() {
                    gather_diagnostics();
                }
                quotient::run(args)
            }
            Command::Completions(args) => completions::run(args),
        };
        print_gathered_diagnostics();
        code
    }
}

/// The diagnostics of a command asked for JSON, gathered to be printed as
/// one array on stderr when it ends (its answers keep stdout); `None`:
/// each is rendered for people as it comes.
static GATHERED: Mutex<Option<Vec<serde_json::Value>>> = Mutex::new(None);

fn gathered() -> std::sync::MutexGuard<'static, Option<Vec<serde_json::Value>>> {
    GATHERED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn gather_diagnostics() {
    *gathered() = Some(Vec::new());
}

/// The diagnostics gathered so far, no longer gathered.
fn take_gathered_diagnostics() -> Vec<serde_json::Value> {
    gathered().take().unwrap_or_default()
}

fn print_gathered_diagnostics() {
    let diagnostics = take_gathered_diagnostics();
    if !diagnostics.is_empty() {
        err(&json_array(diagnostics));
    }
}

/// One JSON array, pretty-printed, with its line break.
fn json_array(items: Vec<serde_json::Value>) -> String {
    let array = serde_json::Value::Array(items);
    format!(
        "{}\n",
        serde_json::to_string_pretty(&array).unwrap_or_default()
    )
}

/// The file and game a command works on, and parameter values.
#[derive(Debug, clap::Args)]
pub struct GameFile {
    /// The .game file; `-` reads it from standard input.
    #[arg(value_name = "FILE")]
    file: String,
    /// The game (needed when the file has several and no statement says which).
    #[arg(long, value_name = "NAME")]
    game: Option<String>,
    /// Sets a parameter, overriding its default: `--set m=10`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
}

/// What one question's search may spend besides positions.
#[derive(Debug, clap::Args)]
pub struct Budgets {
    /// The most moves one question's search may examine; each amount a
    /// condition rejects counts as one [default: 200000000, and
    /// 10000000000 for games searched as sums of one-heap games]
    #[arg(long, value_name = "N", value_parser = saturating::<u64>)]
    move_budget: Option<u64>,
    /// Stops a question's search after this many seconds (default: no limit).
    #[arg(long, value_name = "SECONDS", value_parser = saturating::<u64>)]
    timeout: Option<u64>,
}

impl Budgets {
    /// Search options with these budgets and the positions limit `max_positions`.
    pub fn options(&self, max_positions: usize) -> search::Options {
        search::Options {
            max_positions,
            move_budget: self.move_budget,
            timeout: self.timeout.map(std::time::Duration::from_secs),
            ..search::Options::default()
        }
    }
}

/// Reads a limit as a whole number of any size. A limit past what `T`
/// holds is no limit at all, so it is held as `T`'s largest value, where
/// clap would refuse it as "too large to fit".
fn saturating<T>(text: &str) -> Result<T, String>
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

/// Exit codes: 0 clean, 1 errors in the input, 2 usage or I/O errors.
pub const FINDINGS: u8 = 1;
pub const USAGE: u8 = 2;

/// The largest file read, in bytes: far beyond any game, and the front end
/// checks it in well under a minute.
const MAX_INPUT: u64 = 64 << 20;

/// The name standard input goes by, as a file argument and in diagnostics.
const STDIN: &str = "-";
const STDIN_NAME: &str = "<stdin>";

/// Reads a `.game` file (standard input for `-`) as a source, or says why
/// it cannot: unreadable, larger than `MAX_INPUT` (read no further than
/// that), or not UTF-8.
fn read_source(path: &str) -> Result<Source, CliError> {
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
            Err(CliError::NotUtf8 {
                path: path.to_string(),
                line,
                column,
            })
        }
    }
}

/// Writes to stdout.
fn out(text: &str) {
    write_or_exit(&mut std::io::stdout().lock(), text);
}

/// Writes to stderr.
fn err(text: &str) {
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

/// Prints the library's diagnostics to stderr, with the command line's
/// advice, in colour on a terminal.
fn print_errors(errors: &[Error]) {
    for error in errors {
        print_diagnostic(&Advised::new(error));
    }
}

/// Prints one diagnostic to stderr, in colour on a terminal, or gathers it
/// as JSON when the command was asked for JSON.
fn print_diagnostic(diagnostic: &dyn Diagnostic) {
    if let Some(diagnostics) = gathered().as_mut() {
        diagnostics.push(gamelang::report::diagnostic_json(diagnostic));
        return;
    }
    let colour = colour(std::io::stderr().is_terminal());
    err(&render(diagnostic, colour, 100));
}

/// Prints one error and gives the exit code.
fn fail(error: Error, code: u8) -> ExitCode {
    print_errors(&[error]);
    ExitCode::from(code)
}

/// Prints one of the command line's own errors and gives the exit code.
fn fail_cli(error: CliError, code: u8) -> ExitCode {
    print_diagnostic(&error);
    ExitCode::from(code)
}

/// Reads and checks a file with `--set` overrides; on errors, prints them
/// and gives the exit code.
fn load(path: &str, sets: &[String]) -> Result<Program, ExitCode> {
    let source = read_source(path).map_err(|e| fail_cli(e, USAGE))?;
    let mut errors = Vec::new();
    let overrides: Vec<Override> = sets
        .iter()
        .filter_map(|text| {
            let source = Source::new("--set", text.as_str());
            match parse_arg(text) {
                Ok(arg) => Some(Override { arg, source }),
                Err(e) => {
                    errors.push(Error::from_syntax(e, &source));
                    None
                }
            }
        })
        .collect();
    let (program, found) = check(&source, overrides);
    errors.extend(found);
    if errors.is_empty() {
        Ok(program)
    } else {
        print_errors(&errors);
        Err(ExitCode::from(FINDINGS))
    }
}

/// The positions asked about: `--at`'s, or the file's `analyze` statements
/// (of `--game`'s game, when given).
fn analyses(
    input: &GameFile,
    at: Option<&str>,
    program: &Program,
) -> Result<Vec<Analysis>, ExitCode> {
    let game = input.game.as_deref();
    if let Some(at) = at {
        let instance = position_of(program, game, at)?;
        return Ok(vec![Analysis {
            components: vec![instance],
        }]);
    }
    let wanted: Vec<Analysis> = program
        .analyses
        .iter()
        .filter(|a| game.is_none_or(|name| a.components.iter().any(|c| c.game.name == name)))
        .cloned()
        .collect();
    if wanted.is_empty() {
        return Err(fail_cli(
            CliError::NoAnalyzeStatement {
                file: input.file.clone(),
                game: input.game.clone(),
            },
            USAGE,
        ));
    }
    Ok(wanted)
}

/// The game of the file `input` names (`--game`, or the only one), lowered
/// with its `--set` values.
fn game_of(input: &GameFile) -> Result<Arc<Game>, ExitCode> {
    let program = load(&input.file, &input.set)?;
    let entry = (program.choose_game(input.game.as_deref())).map_err(|e| fail(e, FINDINGS))?;
    entry.lowered().map_err(|errors| {
        // A broken game's own errors were reported by `load`.
        print_errors(&errors);
        ExitCode::from(FINDINGS)
    })
}

/// The position `--at` gives, of the game `--game` names (or the only one).
fn position_of(program: &Program, game: Option<&str>, at: &str) -> Result<Instance, ExitCode> {
    let entry = program.choose_game(game).map_err(|e| fail(e, FINDINGS))?;
    let source = Source::new("--at", at);
    let position =
        parse_position(at).map_err(|e| fail(Error::from_syntax(e, &source), FINDINGS))?;
    program
        .instance(entry, &[], &source, &position, &source)
        .map_err(|errors| {
            print_errors(&errors);
            ExitCode::from(FINDINGS)
        })
}
