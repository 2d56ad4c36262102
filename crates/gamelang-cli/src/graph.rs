//! `gamelang graph FILE --at POSITION`: the position graph below a position,
//! in Graphviz DOT, JSON or a picture (SVG, drawn by gamelang itself), each
//! position with its value and each move in words, winning moves marked.

use std::process::ExitCode;

use gamelang::{Analyzer, Options};

use super::input::{Budgets, GameFile, saturating};
use super::output::{FINDINGS, Output, out};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang graph games/kayles.game --at 6 --format svg > kayles.svg
  gamelang graph games/kayles.game --at 6 | dot -Tsvg > kayles.svg   (DOT, drawn by Graphviz)
  gamelang graph games/nim.game --at '(1, 2)' --format json")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// `dot`: Graphviz DOT (Graphviz's `dot` draws it); `svg`: a picture,
    /// drawn by gamelang (no Graphviz needed); `json`: `{"nodes": [...],
    /// "edges": [...]}`.
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
    Svg,
    Json,
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }
}

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let program = match args.input.load(output) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let question = match gamelang::question_at(&program, args.input.game.as_deref(), &args.at) {
        Ok(question) => question,
        Err(errors) => return output.fail(&errors, FINDINGS),
    };
    let instance = &question.components[0];
    // The graph's positions are at least the search's (the search merges
    // reorderings): its limit bounds the search at once.
    let mut analyzer = Analyzer::new(Options {
        search: args.budgets.options(args.max_positions),
        ..Options::default()
    });
    match analyzer.graph(instance) {
        Ok(graph) if args.format == Format::Json => {
            let json = gamelang::graph_json(&instance.game, &graph);
            out(&format!(
                "{}\n",
                serde_json::to_string_pretty(&json).unwrap_or_default()
            ));
            ExitCode::SUCCESS
        }
        Ok(graph) if args.format == Format::Svg => {
            out(&gamelang::graph_svg(&instance.game, &graph));
            ExitCode::SUCCESS
        }
        Ok(graph) => {
            out(&gamelang::graph_dot(&instance.game, &graph));
            ExitCode::SUCCESS
        }
        Err(e) => match program.game(&instance.game.name) {
            // An error with no place of its own is about the game.
            Some(entry) => output.fail_about_game(e.into(), &program.source, entry.def.name.span),
            None => output.fail(&[e.into()], FINDINGS),
        },
    }
}
