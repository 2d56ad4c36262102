//! `gamelang graph FILE --at POSITION`: the position graph below a position,
//! in Graphviz DOT or JSON, each position with its value and each move in
//! words, winning moves marked.

use std::process::ExitCode;

use gamelang::analysis::graph::position_graph;
use gamelang::report;
use gamelang::search::Solver;

use super::error::CliError;
use super::{Budgets, FINDINGS, GameFile, fail, fail_cli, load, out, position_of, saturating};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang graph games/kayles.game --at 6 | dot -Tsvg > kayles.svg
  gamelang graph games/nim.game --at '(1, 2)' --format json")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// `dot`: Graphviz DOT; `json`: `{"nodes": [...], "edges": [...]}`.
    #[arg(long, value_enum, default_value_t = Format::Dot)]
    format: Format,
    /// The position the graph starts from: `21` or `(3, 5)`.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    at: String,
    /// The most positions the graph may hold.
    #[arg(long, value_name = "N", default_value_t = 2_000, value_parser = saturating::<usize>)]
    max_positions: usize,
    #[command(flatten)]
    budgets: Budgets,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Dot,
    Json,
}

pub fn run(args: Args) -> ExitCode {
    let program = match load(&args.input.file, &args.input.set) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let instance = match position_of(&program, args.input.game.as_deref(), &args.at) {
        Ok(instance) => instance,
        Err(code) => return code,
    };
    let Some(heaps) = instance.position.to_u64s() else {
        return fail_cli(
            CliError::TooLargeForAGraph {
                position: instance.position,
            },
            FINDINGS,
        );
    };
    // The graph's positions are at least the search's (the search merges
    // reorderings): its limit bounds the search at once.
    let options = args.budgets.options(args.max_positions);
    let mut solver = Solver::with_options(instance.game.clone(), options);
    match position_graph(&mut solver, &heaps, args.max_positions) {
        Ok(graph) if args.format == Format::Json => {
            let json = report::graph_json(&instance.game, &graph);
            out(&format!(
                "{}\n",
                serde_json::to_string_pretty(&json).unwrap_or_default()
            ));
            ExitCode::SUCCESS
        }
        Ok(graph) => {
            out(&report::graph_dot(&instance.game, &graph));
            ExitCode::SUCCESS
        }
        Err(e) => fail(e, FINDINGS),
    }
}
