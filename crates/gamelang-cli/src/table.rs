//! `gamelang table FILE --upto N`: the values of a one-heap game, g(0..N),
//! with its period, or the grid of a two-heap game's values.

use std::process::ExitCode;

use num_bigint::BigUint;

use gamelang::analysis::{Analyzer, Options};
use gamelang::report;
use gamelang::search::DEFAULT_MAX_POSITIONS;

use super::input::{Budgets, GameFile, saturating};
use super::output::{FINDINGS, Output, out};
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang table games/kayles.game --upto 100
  gamelang table games/wythoff.game --upto 30 --format svg > wythoff.svg
  gamelang table games/kayles.game --upto 200 --format json")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// The largest heap in the table.
    #[arg(long, value_name = "N")]
    upto: BigUint,
    /// `text` for people, `json` for programs, `svg` for a picture: the
    /// values against n with P-positions marked and the period shaded, or
    /// a two-heap game's heat map.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Prints the table as JSON: `--format json`.
    #[arg(long)]
    json: bool,
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
    let game = match args.input.game(output) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let mut analyzer = Analyzer::new(Options {
        search: args.budgets.options(args.max_positions),
        ..Options::default()
    });
    let mut progress = Progress::new(&format!("table of {}", game.title()));
    let result = analyzer.table(&game, &args.upto, &mut |p| {
        progress.update(p.done, p.total);
        let rate = progress.rate(p.done);
        progress.note(&match p.largest {
            Some(g) => format!("{rate} a second, largest value {g}"),
            None => format!("{rate} a second"),
        });
    });
    drop(progress);
    match result {
        Ok(table) if args.json() => {
            out(&format!("{}\n", report::table_json(&table)));
            ExitCode::SUCCESS
        }
        Ok(table) if args.format == Format::Svg => {
            out(&report::table_svg(&table));
            ExitCode::SUCCESS
        }
        Ok(table) if output.colour_stdout() => {
            out(&report::table_text_in_colour(&table));
            ExitCode::SUCCESS
        }
        Ok(table) => {
            out(&report::table_text(&table));
            ExitCode::SUCCESS
        }
        Err(e) => output.fail(&[e.into()], FINDINGS),
    }
}
