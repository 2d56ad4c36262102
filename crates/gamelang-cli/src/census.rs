//! `gamelang census FILE --cells A..B`: every connected shape of A to B
//! empty cells of a board game, each once up to the turns that keep or
//! negate its value (`gamelang::CensusShapes`), valued tier by tier as
//! `analyze` values it: a line a shape, or a JSON object a line with
//! `--json`.

use std::process::ExitCode;

use gamelang::{Analyzer, DEFAULT_MAX_POSITIONS, MAX_CENSUS_CELLS, Options};

use super::error::CliError;
use super::input::{Budgets, GameFile, saturating};
use super::output::{FINDINGS, Output, out};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang census games/domineering.game --cells 1..8
  gamelang census games/domineering.game --cells 8 --json > eight.jsonl
  gamelang census games/cram.game --cells 1..10 --json")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// The sizes of the shapes, in cells: `1..8`, or one number.
    #[arg(long, value_name = "A..B", value_parser = super::table::sizes)]
    cells: (u64, u64),
    /// Prints each shape's row as one JSON object a line (JSON Lines):
    /// `position`, `cells`, `value`, `outcome`, `temperature`, `mean`,
    /// `left_stop`, `right_stop`, `birthday`, `reduced_canonical_form`,
    /// `atomic_weight`, `grundy` (null where the game has none).
    #[arg(long)]
    json: bool,
    /// The most positions one shape's search may hold.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
    #[command(flatten)]
    budgets: Budgets,
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.json
    }
}

/// The facts of an answer a census row keeps, as `analyze --json` names
/// them.
const FACTS: [&str; 10] = [
    "value",
    "outcome",
    "temperature",
    "mean",
    "left_stop",
    "right_stop",
    "birthday",
    "reduced_canonical_form",
    "atomic_weight",
    "grundy",
];

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let program = match args.input.load(output) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let (game, _) = match args.input.game(output) {
        Ok(chosen) => chosen,
        Err(code) => return code,
    };
    let (first, last) = args.cells;
    if first == 0 || first > last || last > MAX_CENSUS_CELLS as u64 {
        return output.fail_cli(&CliError::CensusCells { first, last }, FINDINGS);
    }
    if !game.board {
        let game = game.title();
        return output.fail_cli(&CliError::CensusNotBoard { game }, FINDINGS);
    }
    let mut analyzer = Analyzer::new(Options {
        search: args.budgets.options(args.max_positions),
        max_moves: 0,
        ..Options::default()
    });
    let mut shapes = gamelang::CensusShapes::of(&game);
    while shapes.cells() < last as usize && shapes.grow() {
        let cells = shapes.cells();
        if cells < first as usize {
            continue;
        }
        let boards = shapes.boards();
        if !args.json {
            let plural = |n: usize, word: &str| match n {
                1 => format!("1 {word}"),
                n => format!("{n} {word}s"),
            };
            out(&format!(
                "{}: {}\n",
                plural(cells, "cell"),
                plural(boards.len(), "shape")
            ));
        }
        for board in boards {
            let at = format!("\"{board}\"");
            let questions = match args.input.questions(&program, &[at], output) {
                Ok(questions) => questions,
                Err(code) => return code,
            };
            for question in &questions {
                let answer = match analyzer.analyze(question) {
                    Ok(answer) => answer,
                    Err(e) => return output.fail(&[e.into()], FINDINGS),
                };
                let json = gamelang::answer_json(&answer, &|_| None);
                let fact = |key: &str| json.get(key).cloned().unwrap_or(serde_json::Value::Null);
                if args.json {
                    let mut row = serde_json::Map::new();
                    row.insert("position".into(), board.clone().into());
                    row.insert("cells".into(), cells.into());
                    for key in FACTS {
                        row.insert(key.into(), fact(key));
                    }
                    out(&format!("{}\n", serde_json::Value::Object(row)));
                } else {
                    let shown = |key: &str| match fact(key) {
                        serde_json::Value::String(text) => text,
                        serde_json::Value::Null => "–".to_string(),
                        other => other.to_string(),
                    };
                    // An impartial game's nimber, as CGSuite writes it.
                    let value = match fact("grundy").as_u64() {
                        None => shown("value"),
                        Some(0) => "0".to_string(),
                        Some(1) => "*".to_string(),
                        Some(g) => format!("*{g}"),
                    };
                    out(&format!("  {board}  {value}  {}\n", shown("outcome")));
                }
            }
        }
    }
    std::mem::forget(analyzer);
    ExitCode::SUCCESS
}
