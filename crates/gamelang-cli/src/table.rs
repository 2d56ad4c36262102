//! `gamelang table FILE --upto N`: the values of a one-heap game, g(0..N),
//! with its period, the grid of a two-heap game's values, or the box of a
//! game of more heaps (`--heaps K` for a game of any number).

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_bigint::BigUint;

use gamelang::DEFAULT_MAX_POSITIONS;
use gamelang::Game;
use gamelang::HeapValues as Values;
use gamelang::SavedError;
use gamelang::{AnalysisError, Analyzer, Options};

use super::error::CliError;
use super::input::{Budgets, GameFile, saturating};
use super::output::{FINDINGS, Output, USAGE, out};
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang table games/kayles.game --upto 100
  gamelang table games/wythoff.game --upto 30 --format svg > wythoff.svg
  gamelang table games/nim.game --upto 3 --heaps 3     every (a, b, c) with each heap at most 3
  gamelang table games/kayles.game --upto 200 --format json
  gamelang table games/grundy.game --upto 2097151 --summary
  gamelang table games/grundy.game --upto 100000000 --summary --save grundy.values
  gamelang table games/grundy.game --upto 200000000 --summary --resume grundy.values --save grundy.values
  gamelang table games/domineering.game --rows 1..4 --cols 1..6      every empty board, by its size")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// The largest heap in the table.
    #[arg(long, value_name = "N", required_unless_present_all = ["rows", "cols"])]
    upto: Option<BigUint>,
    /// A board game's table: the rows of its empty boards, `1..4` (or one
    /// number), with `--cols`.
    #[arg(long, value_name = "A..B", requires = "cols", conflicts_with_all = ["upto", "heaps", "save", "resume"], value_parser = sizes)]
    rows: Option<(u64, u64)>,
    /// A board game's table: the columns of its empty boards, `1..6` (or
    /// one number), with `--rows`.
    #[arg(long, value_name = "A..B", requires = "rows", value_parser = sizes)]
    cols: Option<(u64, u64)>,
    /// The number of heaps of the table's positions, for a game of any
    /// number of heaps (`heaps *`): 1 a column g(0..N), 2 a grid, 3 or more
    /// a box (a grid of the last two heaps for each sizes of the others);
    /// by default the game's own number, or 1.
    #[arg(long, value_name = "K")]
    heaps: Option<usize>,
    /// `text` for people, `json` for programs, `svg` for a picture: the
    /// values against n with P-positions marked and the period shaded, or
    /// a two-heap game's heat map.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Prints the table as JSON: `--format json`.
    #[arg(long)]
    json: bool,
    /// Prints what a one-heap table comes to without its rows: the largest
    /// value and where it is first, the rare values, the period (text).
    #[arg(long, conflicts_with_all = ["json", "format"])]
    summary: bool,
    /// Keeps the values in FILE as they are found (every minute, and when
    /// the table ends or stops), for `--resume`: a one-heap game's values,
    /// a byte or two each, with the game and a checksum.
    #[arg(long, value_name = "FILE")]
    save: Option<String>,
    /// Goes on from the values in FILE (written by `--save` for this game):
    /// only the heaps past them are computed.
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
    /// The most positions the search may hold.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
    #[command(flatten)]
    budgets: Budgets,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    Svg,
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.json || self.format == Format::Json
    }
}

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let (game, defined) = match args.input.game(output) {
        Ok(chosen) => chosen,
        Err(code) => return code,
    };
    let fail = |e: AnalysisError, output: &mut Output| {
        output.fail_about_game(e.into(), &game.source, defined)
    };
    let mut analyzer = Analyzer::new(Options {
        search: args.budgets.options(args.max_positions),
        ..Options::default()
    });
    if let Some(path) = &args.resume {
        let resumed = match File::open(path) {
            Ok(file) => analyzer.resume(&game, BufReader::new(file)),
            Err(e) => Err(SavedError::Io(Arc::new(e)).into()),
        };
        match resumed {
            Ok(()) => {}
            // The file's own faults name it.
            Err(AnalysisError::Saved(error)) => {
                // A file that cannot be read is an I/O error; one read
                // and refused, an error in the input.
                let code = match error {
                    SavedError::Io(_) => USAGE,
                    _ => FINDINGS,
                };
                let error = CliError::Values {
                    path: path.clone(),
                    error,
                };
                return output.fail_cli(&error, code);
            }
            Err(e) => return fail(e, output),
        }
    } else if args.save.is_some()
        && let Err(e) = analyzer.keeps_values(&game, false)
    {
        return fail(e, output);
    }
    let mut saver = args.save.as_deref().map(Saver::new);
    let mut progress = Progress::new(&format!("table of {}", game.title()));
    let result = match (args.rows, args.cols, &args.upto) {
        (Some(rows), Some(cols), _) => analyzer.board_table(&game, rows, cols, &mut |p| {
            progress.update(p.done, p.total);
            let rate = progress.rate(p.done);
            progress.note(&format!("{rate} a second"));
        }),
        (_, _, Some(upto)) => analyzer.table(&game, upto, args.heaps, &mut |p| {
            if let (Some(saver), Some(values)) = (&mut saver, p.values)
                && (p.last || saver.due())
            {
                saver.save(&game, values, p.done + 1);
            }
            progress.update(p.done, p.total);
            let rate = progress.rate(p.done);
            progress.note(&match p.largest {
                Some(g) => format!("{rate} a second, largest value {g}"),
                None => format!("{rate} a second"),
            });
        }),
        // Clap asks for `--upto` or both `--rows` and `--cols`.
        _ => return output.fail_cli(&CliError::TableSizes, USAGE),
    };
    drop(progress);
    if let Some(Err(e)) = saver.map(|s| s.result) {
        return output.fail_cli(&e, USAGE);
    }
    match result {
        Ok(table) if args.json() => {
            out(&format!("{}\n", gamelang::table_json(&table)));
            ExitCode::SUCCESS
        }
        Ok(table) if args.summary => {
            out(&gamelang::table_summary_text(&table));
            ExitCode::SUCCESS
        }
        Ok(table) if args.format == Format::Svg => {
            out(&gamelang::table_svg(&table));
            ExitCode::SUCCESS
        }
        Ok(table) if output.colour_stdout() => {
            out(&gamelang::table_text_in_colour(&table));
            ExitCode::SUCCESS
        }
        Ok(table) => {
            out(&gamelang::table_text(&table));
            ExitCode::SUCCESS
        }
        Err(e) => fail(e, output),
    }
}

/// How often `--save` writes the values while a table runs.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Writes a table's values to a file as they grow: each time to a file
/// beside it, renamed over it once whole, so that a run stopped while
/// writing leaves the last values saved.
struct Saver<'a> {
    path: &'a str,
    last: Instant,
    /// The first failure, which stops the saving.
    result: Result<(), CliError>,
}

impl<'a> Saver<'a> {
    fn new(path: &'a str) -> Self {
        Saver {
            path,
            last: Instant::now(),
            result: Ok(()),
        }
    }

    /// Whether a minute has passed since the last save.
    fn due(&self) -> bool {
        self.last.elapsed() >= SAVE_EVERY
    }

    /// Saves g(0) to g(len - 1).
    fn save(&mut self, game: &Game, values: &Values, len: u64) {
        if self.result.is_err() {
            return;
        }
        let partial = format!("{}.partial", self.path);
        let written = File::create(&partial)
            .and_then(|file| {
                let len = usize::try_from(len).unwrap_or(usize::MAX);
                gamelang::write_values(game, values, len, BufWriter::new(file))
            })
            .and_then(|()| std::fs::rename(&partial, self.path));
        self.result = written.map_err(|reason| CliError::Unsaved {
            path: self.path.to_string(),
            reason,
        });
        self.last = Instant::now();
    }
}

/// `A..B` or `N` (both ends in), for `--rows` and `--cols`.
pub(super) fn sizes(text: &str) -> Result<(u64, u64), String> {
    let number = |s: &str| {
        (s.trim().parse::<u64>())
            .map_err(|_| format!("`{s}` is not a whole number: give `A..B` or `N`"))
    };
    match text.split_once("..") {
        Some((a, b)) => Ok((number(a)?, number(b)?)),
        None => number(text).map(|n| (n, n)),
    }
}
