//! The `gamelang` command: parses the command line and dispatches, one
//! module per subcommand, each with its clap `Args` and a `run` that returns
//! the process's exit code. The game logic is the library's (its driver,
//! analysis and report); here are the options, the terminal, and the
//! advice that names the options.

mod analyze;
mod census;
mod check;
mod completions;
mod error;
mod fmt;
mod graph;
mod input;
mod known;
mod lsp;
mod output;
mod play;
mod progress;
mod quotient;
mod serve;
mod table;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use output::Output;

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
        let bug = error::CliError::Internal {
            message: format!("{message}{place}"),
        };
        let args: Vec<String> = std::env::args().collect();
        let mut output = Output::new(ColorChoice::Never, json_asked(&args), Vec::new());
        output.diagnostic(&bug);
        output.finish();
    }));
    std::panic::catch_unwind(|| {
        // How a bug is reported, shown on purpose (for scripts that handle
        // exit 3, and for the tests).
        if std::env::var_os("GAMELANG_PANIC").is_some_and(|v| !v.is_empty()) {
            panic!("GAMELANG_PANIC is set: a panic on purpose");
        }
        // One question at a time, in this process: its memory limit holds
        // for the process's growth (the language server's too).
        gamelang::watch_memory();
        let command = Cli::command();
        let matches = command.clone().try_get_matches();
        match matches.and_then(|m| Ok((Cli::from_arg_matches(&m)?, m))) {
            Ok((cli, matches)) => {
                let given = matches.subcommand().map(|(_, m)| m);
                cli.run(long_options(&command, matches.subcommand_name(), given))
            }
            Err(e) => usage(&command, &e),
        }
    })
    .unwrap_or(ExitCode::from(INTERNAL))
}

/// The long options (`--at`, ...) of subcommand `name` and the global ones,
/// but a switch the command line `given` already turned on (advice to ask
/// `--outcome` of a search that was asked so is no way out).
fn long_options(
    command: &clap::Command,
    name: Option<&str>,
    given: Option<&clap::ArgMatches>,
) -> Vec<String> {
    let sub = name.and_then(|name| command.find_subcommand(name));
    let on = |arg: &clap::Arg| {
        matches!(arg.get_action(), clap::ArgAction::SetTrue)
            && given.is_some_and(|m| {
                m.value_source(arg.get_id().as_str())
                    == Some(clap::parser::ValueSource::CommandLine)
            })
    };
    (command.get_arguments())
        .chain(sub.into_iter().flat_map(|sub| sub.get_arguments()))
        .filter(|arg| !on(arg))
        .filter_map(|arg| arg.get_long())
        .map(|long| format!("--{long}"))
        .collect()
}

/// A command line clap refused: help and version as clap prints them;
/// anything else a coded diagnostic, in JSON where `--json` (or `--format
/// json`) was asked for.
fn usage(command: &clap::Command, e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::from(e.exit_code() as u8);
    }
    let args: Vec<String> = std::env::args().collect();
    let json = json_asked(&args);
    let sub = (command.get_subcommands())
        .find(|sub| args.iter().skip(1).any(|arg| arg == sub.get_name()))
        .map_or("gamelang".to_string(), |sub| {
            format!("gamelang {}", sub.get_name())
        });
    let mut output = Output::new(ColorChoice::Auto, json, Vec::new());
    let code = output.fail_cli(&error::CliError::usage(e, &sub), output::USAGE);
    output.finish();
    code
}

/// Whether the command line asks for JSON (`--json`, `--format json`),
/// read before clap has, or where it could not.
fn json_asked(args: &[String]) -> bool {
    args.iter().enumerate().any(|(i, arg)| {
        arg == "--json"
            || arg == "--format=json"
            || (arg == "--format" && args.get(i + 1).is_some_and(|a| a == "json"))
    })
}

/// Combinatorial games: describe one in a `.game` file, and learn who wins,
/// with its value (a Grundy value, or a partizan game's canonical form) and
/// every winning move.
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

#[derive(Debug, Subcommand)]
enum Command {
    /// Check .game files and report every error in them.
    Check(check::Args),
    /// Find who wins positions, their values (Grundy values, canonical forms,
    /// scores) and every winning move.
    Analyze(analyze::Args),
    /// Tabulate a game's values: g(0..N) with its period, a grid, a partizan game's canonical forms, a board game's empty boards by size.
    Table(table::Args),
    /// Value every connected shape of a board game's empty cells, size by size (a census).
    Census(census::Args),
    /// List the known games whose closed forms gamelang uses.
    Known(known::Args),
    /// Print the position graph below a position (each side's moves apart in a partizan game), in Graphviz DOT, JSON or SVG.
    Graph(graph::Args),
    /// Play a game against the computer (a partizan game: as Left or Right, `--as`).
    Play(play::Args),
    /// Find the misère quotient of a heap game (Plambeck–Siegel).
    Quotient(quotient::Args),
    /// Lay .game files out in gamelang's one layout.
    Fmt(fmt::Args),
    /// The explorer: a page in the browser to write a game, walk its
    /// positions, see their values, tables and pictures, and play.
    Serve(serve::Args),
    /// The language server, for editors (over standard input and output).
    Lsp(lsp::Args),
    /// Print a shell's completion script for gamelang.
    Completions(completions::Args),
}

impl Cli {
    /// Runs the command; `options`: its long options, for advice.
    pub fn run(self, options: Vec<String>) -> ExitCode {
        // Commands asked for JSON gather their diagnostics as JSON too.
        let json = match &self.command {
            Command::Analyze(args) => args.json(),
            Command::Table(args) => args.json(),
            Command::Census(args) => args.json(),
            Command::Play(args) => args.json(),
            Command::Quotient(args) => args.json(),
            Command::Check(args) => args.json(),
            Command::Graph(args) => args.json(),
            Command::Known(_)
            | Command::Fmt(_)
            | Command::Serve(_)
            | Command::Lsp(_)
            | Command::Completions(_) => false,
        };
        let mut output = Output::new(self.color, json, options);
        let code = match self.command {
            Command::Check(args) => check::run(args, &mut output),
            Command::Analyze(args) => analyze::run(args, &mut output),
            Command::Table(args) => table::run(args, &mut output),
            Command::Census(args) => census::run(args, &mut output),
            Command::Known(args) => known::run(args),
            Command::Graph(args) => graph::run(args, &mut output),
            Command::Play(args) => play::run(args, &mut output),
            Command::Quotient(args) => quotient::run(args, &mut output),
            Command::Fmt(args) => fmt::run(args, &mut output),
            Command::Serve(args) => serve::run(
                args,
                &mut output,
                long_options(&Cli::command(), Some("analyze"), None),
            ),
            Command::Lsp(args) => lsp::run(args),
            Command::Completions(args) => completions::run(args),
        };
        output.finish();
        code
    }
}
