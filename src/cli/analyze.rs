//! `gamelang analyze FILE`: the outcome, Grundy value and winning moves of
//! the file's `analyze` statements, or of the position given with `--at`.

use std::collections::HashSet;
use std::process::ExitCode;

use gamelang::analysis::{Analyzer, Answer, DEFAULT_MAX_MOVES, Note, Options};
use gamelang::check::{Analysis, Program};
use gamelang::diagnostics::Error;
use gamelang::report;
use gamelang::search::DEFAULT_MAX_POSITIONS;
use gamelang::{analysis, search};

use super::error::CliError;
use super::progress::Spinner;
use super::{
    Budgets, FINDINGS, GameFile, USAGE, fail, fail_cli, load, out, position_of, print_errors,
};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// A position, written as after `at` in a file: `21` or `(3, 5)`.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    at: Option<String>,
    /// Prints one JSON array, one object per position.
    #[arg(long)]
    json: bool,
    /// The most positions one game's search may hold.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: usize,
    #[command(flatten)]
    budgets: Budgets,
    /// List at most N winning moves (their count is always given).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_MOVES)]
    max_moves: usize,
    /// `auto`: a known game's closed form where one applies, else the
    /// search; `search`: the search alone, for comparison.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// Compares each closed form with the search on every position with
    /// heaps up to N, and prints what was compared.
    #[arg(long, value_name = "N")]
    verify: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum MethodArg {
    Auto,
    Search,
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.json
    }
}

pub fn run(args: Args) -> ExitCode {
    let program = match load(&args.input.file, &args.input.set) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let analyses = match analyses(&args, &program) {
        Ok(analyses) => analyses,
        Err(code) => return code,
    };
    let progress = search::Progress::default();
    let mut analyzer = Analyzer::new(Options {
        search: search::Options {
            progress: progress.clone(),
            ..args.budgets.options(args.max_positions)
        },
        force_search: args.method == MethodArg::Search,
        max_moves: args.max_moves,
        verify_bound: args.verify.unwrap_or(analysis::verify::DEFAULT_BOUND),
    });
    if let Some(bound) = args.verify {
        let spinner = Spinner::start("checking closed forms", progress.clone());
        let said = say_verified(&args, &mut analyzer, &analyses, bound);
        drop(spinner);
        if let Err(e) = said {
            return fail(e, FINDINGS);
        }
    }
    print_answers(&args, &analyses, |analysis| {
        // Each answer is printed as soon as it is found, after its spinner
        // has gone.
        let spinner = Spinner::start("searching", progress.clone());
        let answer = analyzer.analyze(analysis);
        drop(spinner);
        answer
    })
}

/// The positions to answer: `--at`'s, or the file's `analyze` statements
/// (of `--game`'s game, when given).
fn analyses(args: &Args, program: &Program) -> Result<Vec<Analysis>, ExitCode> {
    let game = args.input.game.as_deref();
    if let Some(at) = &args.at {
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
                file: args.input.file.clone(),
                game: args.input.game.clone(),
            },
            USAGE,
        ));
    }
    Ok(wanted)
}

/// What `--verify` compared, for each game once: on stdout with the
/// answers, or on stderr beside JSON.
fn say_verified(
    args: &Args,
    analyzer: &mut Analyzer,
    analyses: &[Analysis],
    bound: u64,
) -> Result<(), Error> {
    let say = |line: String| {
        if args.json {
            super::err(&format!("{line}\n"));
        } else {
            out(&format!("{line}\n"));
        }
    };
    let mut seen = HashSet::new();
    for game in analyses
        .iter()
        .flat_map(|a| a.components.iter().map(|c| &c.game))
    {
        if !seen.insert(game.title()) {
            continue;
        }
        match analyzer.recognised(game)? {
            Some((id, verified)) => say(format!(
                "verified: the closed form `{id}` agrees with the search on `{}` at all {} positions of up to {} heap{}, each heap at most {bound}",
                game.title(),
                verified.positions,
                verified.max_heaps,
                if verified.max_heaps == 1 { "" } else { "s" }
            )),
            None => say(format!(
                "verified: nothing to compare for `{}`: no closed form applies, the search answers it",
                game.title()
            )),
        }
    }
    Ok(())
}

/// Answers each analysis and prints it as it comes (in text; one JSON array
/// at the end with `--json`), errors too; exits with findings if any
/// analysis failed.
fn print_answers(
    args: &Args,
    analyses: &[Analysis],
    mut answer: impl FnMut(&Analysis) -> Result<Answer, Error>,
) -> ExitCode {
    let mut answers = Vec::new();
    let mut failed = false;
    for analysis in analyses {
        match answer(analysis) {
            Ok(answer) if args.json => answers.push(report::json(&answer, &advice)),
            Ok(answer) => out(&report::text(&answer, &advice)),
            Err(e) => {
                print_errors(&[e]);
                failed = true;
            }
        }
    }
    if args.json {
        let array = serde_json::Value::Array(answers);
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&array).unwrap_or_default()
        ));
    }
    if failed {
        ExitCode::from(FINDINGS)
    } else {
        ExitCode::SUCCESS
    }
}

/// The option that shows what a note says was left out.
fn advice(note: &Note) -> Option<String> {
    matches!(note, Note::MovesCut { .. }).then(|| "--max-moves".to_string())
}
