//! `gamelang analyze FILE`: the outcome, value (a Grundy value, a canonical
//! form, a score) and winning moves of the file's `analyze` statements, or
//! of the position given with `--at`.

use std::collections::HashSet;
use std::process::ExitCode;

use gamelang::DEFAULT_MAX_POSITIONS;
use gamelang::Error;
use gamelang::Question;
use gamelang::Verified;
use gamelang::{AnalysisError, Analyzer, Answer, DEFAULT_MAX_MOVES, Note, Options};
use num_bigint::BigUint;

use super::error::CliError;
use super::input::{Budgets, GameFile, saturating};
use super::output::{FINDINGS, Output, json_array, out};
use super::progress::Spinner;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang analyze games/bash.game              every analyze statement of the file
  gamelang analyze games/nim.game --at '(3, 4, 5)'
  gamelang analyze games/kayles.game --at 1000000000000 --json
  gamelang analyze games/wythoff.game --verify 20   compare the closed form with the search
  gamelang analyze games/cutcake.game --at '(4, 3)' --thermograph > cutcake.svg
  gamelang analyze games/domineering.game --at '\"......|......|......|......|......|......\"' --outcome
  gamelang analyze games/clobber.game --at '\"xo.|oxo\"' --board > clobber.svg")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// A position, written as after `at` in a file: `21` or `(3, 5)`;
    /// given several times, each is answered in turn.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    at: Vec<String>,
    /// Prints one JSON array, one object per position.
    #[arg(long)]
    json: bool,
    /// Prints the thermograph of each partizan answer as an SVG document
    /// (one document an answer) in place of the text.
    #[arg(long, conflicts_with = "json")]
    thermograph: bool,
    /// Answers a partizan game's position by its outcome class alone (who
    /// wins, Left first and Right first), by a search that stops at the
    /// first winning move: for positions too large to value, like
    /// Domineering on 6 × 6 (a sum is answered in full).
    #[arg(long, conflicts_with_all = ["thermograph", "verify"])]
    outcome: bool,
    /// Draws each board asked (each component of a sum that is a board)
    /// as an SVG document (one document a board) in place of the text.
    #[arg(long, conflicts_with_all = ["json", "thermograph"])]
    board: bool,
    /// The most positions one game's search may hold.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
    #[command(flatten)]
    budgets: Budgets,
    /// List at most N winning moves (their count is always given).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_MOVES, value_parser = saturating::<usize>)]
    max_moves: usize,
    /// `auto`: a known game's closed form where one applies, else the
    /// search; `search`: the search alone, for comparison.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// Compares each closed form with the search on every position with
    /// heaps up to N, and prints what was compared.
    #[arg(long, value_name = "N")]
    verify: Option<BigUint>,
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

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let program = match args.input.load(output) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let questions = match args.input.questions(&program, &args.at, output) {
        Ok(questions) => questions,
        Err(code) => return code,
    };
    // A bound past 2^64 compares more positions than anything holds.
    let verify = match &args.verify {
        Some(bound) => match u64::try_from(bound) {
            Ok(bound) => Some(bound),
            Err(_) => {
                let bound = bound.clone();
                return output.fail_cli(&CliError::TooManyToVerify { bound }, FINDINGS);
            }
        },
        None => None,
    };
    let progress = gamelang::Progress::default();
    let mut analyzer = Analyzer::new(Options {
        search: gamelang::SearchOptions {
            progress: progress.clone(),
            ..args.budgets.options(args.max_positions)
        },
        force_search: args.method == MethodArg::Search,
        max_moves: args.max_moves,
        verify_bound: verify.unwrap_or(gamelang::DEFAULT_BOUND),
        outcome_only: args.outcome,
    });
    let mut compared = Vec::new();
    if let Some(bound) = verify {
        let spinner = Spinner::start("checking closed forms", progress.clone());
        let found = verified(&mut analyzer, &questions);
        drop(spinner);
        match found {
            Ok(found) => compared = found,
            Err(e) => return output.fail(&[e.into()], FINDINGS),
        }
        if !args.json {
            for (game, closed_form) in &compared {
                out(&format!("{}\n", say_verified(game, closed_form, bound)));
            }
        }
    }
    let code = print_answers(
        &args,
        output,
        &program.source,
        &questions,
        &compared,
        |question| {
            // Each answer is printed as soon as it is found, after its spinner
            // has gone.
            let spinner = Spinner::start("searching", progress.clone());
            let answer = analyzer.analyze(question);
            drop(spinner);
            answer
        },
    );
    // The process ends here: what the analyzer holds (hundreds of
    // megabytes, in millions of allocations) goes back with it, not one
    // allocation at a time past the timeout.
    std::mem::forget(analyzer);
    code
}

/// What `--verify` compared, for each game of the analyses once: the
/// game's title, and the closed form compared with its search (`None`: no
/// known game's; a misère quotient or genus checks itself as it answers).
type Compared = Vec<(String, Option<(&'static str, Verified)>)>;

fn verified(analyzer: &mut Analyzer, questions: &[Question]) -> Result<Compared, AnalysisError> {
    let mut seen = HashSet::new();
    let mut compared = Vec::new();
    for game in questions
        .iter()
        .flat_map(|a| a.components.iter().map(|c| &c.game))
    {
        if seen.insert(game.title()) {
            compared.push((game.title(), analyzer.recognised(game)?));
        }
    }
    Ok(compared)
}

fn say_verified(game: &str, closed_form: &Option<(&str, Verified)>, bound: u64) -> String {
    match closed_form {
        Some((id, verified)) => format!(
            "verified: the closed form `{id}` agrees with the search on `{game}` at all {} positions of up to {} heap{}, each heap at most {bound}",
            verified.positions,
            verified.max_heaps,
            if verified.max_heaps == 1 { "" } else { "s" }
        ),
        None => format!(
            "verified: no known game's closed form applies to `{game}`: each answer says how it was found, and what that was checked against"
        ),
    }
}

/// What `--verify` compared for the games of one answer, as JSON.
fn verified_json(compared: &Compared, answer: &Answer) -> serde_json::Value {
    let titles: Vec<String> = answer.components.iter().map(|c| c.game.title()).collect();
    compared
        .iter()
        .filter(|(game, _)| titles.contains(game))
        .map(|(game, closed_form)| match closed_form {
            Some((id, verified)) => serde_json::json!({
                "game": game,
                "closed_form": id,
                "positions": verified.positions,
                "max_heaps": verified.max_heaps,
                "bound": verified.bound,
            }),
            None => serde_json::json!({ "game": game, "closed_form": null }),
        })
        .collect()
}

/// Answers each analysis and prints it as it comes (in text; one JSON array
/// at the end with `--json`), errors too; exits with findings if any
/// analysis failed. The positions of one statement that asks many are
/// printed together as a table, and a position with no answer does not stop
/// the others.
fn print_answers(
    args: &Args,
    output: &mut Output,
    file: &gamelang::Source,
    questions: &[Question],
    compared: &Compared,
    mut answer: impl FnMut(&Question) -> Result<Answer, AnalysisError>,
) -> ExitCode {
    if args.json {
        let (answers, failed) = answers_json(output, file, questions, compared, answer);
        out(&json_array(answers));
        return exit_code(failed);
    }
    let mut failed = false;
    // The file's thermographs, drawn as one document at the end.
    let mut drawn: Vec<(String, gamelang::Thermograph)> = Vec::new();
    for asked in questions.chunk_by(|a, b| a.asked.is_some() && a.asked == b.asked) {
        let found: Vec<Result<Answer, Error>> = (asked.iter())
            .map(|q| answer(q).map_err(Error::from))
            .collect();
        failed |= found.iter().any(Result::is_err);
        let colour = output.colour_stdout();
        if args.thermograph {
            drawn.extend((found.iter().flatten()).filter_map(|answer| {
                let p = answer.partizan.as_deref()?;
                let value = p.value.as_deref().unwrap_or("a value too large to write");
                Some((value.to_string(), p.thermograph.clone()?))
            }));
        } else if args.board {
            let components = found.iter().flatten().flat_map(|a| &a.components);
            for c in components.filter(|c| c.game.board) {
                out(&gamelang::board_svg(c.position.heaps()));
            }
        } else if let [_, _, ..] = asked {
            let rows: Vec<gamelang::Row> = (asked.iter().zip(&found))
                .map(|(question, result)| gamelang::Row {
                    position: gamelang::asked_text(question),
                    answer: result.as_ref().map_err(|e| e as &dyn miette::Diagnostic),
                })
                .collect();
            out(&gamelang::list_text(
                &gamelang::statement_text(&asked[0]),
                &rows,
                colour,
            ));
        } else if let Some(Ok(answer)) = found.first() {
            match colour {
                true => out(&gamelang::answer_text_in_colour(answer, &advice)),
                false => out(&gamelang::answer_text(answer, &advice)),
            }
        }
        report_failures(output, file, asked, &found);
    }
    if !drawn.is_empty() {
        // One document for the file: its thermographs one under another.
        let all: Vec<(&str, &gamelang::Thermograph)> =
            drawn.iter().map(|(v, t)| (v.as_str(), t)).collect();
        out(&gamelang::thermographs_svg(&all));
    }
    exit_code(failed)
}

/// Findings where an analysis failed, else success.
fn exit_code(failed: bool) -> ExitCode {
    match failed {
        true => ExitCode::from(FINDINGS),
        false => ExitCode::SUCCESS,
    }
}

/// `analyze --json`: each answer as JSON, in order (one that asks many
/// positions: one object each, and one with no answer says why in its
/// `error`), and whether any analysis failed, the failures reported to
/// `output`.
fn answers_json(
    output: &mut Output,
    file: &gamelang::Source,
    questions: &[Question],
    compared: &Compared,
    mut answer: impl FnMut(&Question) -> Result<Answer, AnalysisError>,
) -> (Vec<serde_json::Value>, bool) {
    let mut answers = Vec::new();
    let mut failed = false;
    for asked in questions.chunk_by(|a, b| a.asked.is_some() && a.asked == b.asked) {
        let found: Vec<Result<Answer, Error>> = (asked.iter())
            .map(|q| answer(q).map_err(Error::from))
            .collect();
        for (question, result) in asked.iter().zip(&found) {
            match result {
                Ok(answer) => {
                    let mut json = gamelang::answer_json(answer, &advice);
                    if let (Some(object), false) = (json.as_object_mut(), compared.is_empty()) {
                        object.insert("verified".into(), verified_json(compared, answer));
                    }
                    answers.push(json);
                }
                Err(error) => {
                    failed = true;
                    if asked.len() > 1 {
                        answers.push(serde_json::json!({
                            "game": game_title(question),
                            "position": gamelang::asked_text(question),
                            "error": {
                                "code": miette::Diagnostic::code(error).map(|c| c.to_string()),
                                "message": error.to_string(),
                            },
                        }));
                    }
                }
            }
        }
        report_failures(output, file, asked, &found);
    }
    (answers, failed)
}

/// What `gamelang analyze FILE [--game NAME] --at AT --json` prints, with
/// the default options but `search`'s limits, for `source` as the file:
/// the text on stdout, the diagnostics (gathered in `output`), and whether
/// it failed. For the explorer, whose answers are the command's.
pub fn json_at(
    source: &gamelang::Source,
    game: Option<&str>,
    at: &str,
    search: gamelang::SearchOptions,
    output: &mut Output,
) -> (String, bool) {
    let program = match gamelang::load(source, &[] as &[&str]) {
        Ok(program) => program,
        Err(errors) => {
            output.errors(&errors);
            return (json_array(Vec::new()), true);
        }
    };
    let questions = match gamelang::questions(&program, game, &[at]) {
        Ok(questions) => questions,
        Err(errors) => {
            output.errors(&errors);
            return (json_array(Vec::new()), true);
        }
    };
    let mut analyzer = Analyzer::new(Options {
        search,
        force_search: false,
        max_moves: DEFAULT_MAX_MOVES,
        verify_bound: gamelang::DEFAULT_BOUND,
        outcome_only: false,
    });
    let (answers, failed) = answers_json(output, &program.source, &questions, &Vec::new(), |q| {
        analyzer.analyze(q)
    });
    (json_array(answers), failed)
}

/// Reports why a question had no answer, placed at the statement that
/// asked it; of a statement that asks many, the first failure alone (each
/// failed row says its own reason).
fn report_failures(
    output: &mut Output,
    file: &gamelang::Source,
    asked: &[Question],
    found: &[Result<Answer, Error>],
) {
    let failures = (asked.iter().zip(found)).filter_map(|(q, r)| r.as_ref().err().map(|e| (q, e)));
    for (question, error) in failures.take(if asked.len() > 1 { 1 } else { usize::MAX }) {
        match question.asked {
            Some(statement) => output.error_at(error, (file, statement, "asked here")),
            None => output.errors(std::slice::from_ref(error)),
        }
    }
}

/// The game of a question, or its components' joined by `+`.
fn game_title(question: &Question) -> String {
    let titles: Vec<String> = question.components.iter().map(|c| c.game.title()).collect();
    titles.join(" + ")
}

/// The option that shows what a note says was left out.
fn advice(note: &Note) -> Option<String> {
    match note {
        Note::MovesCut { .. } | Note::DrawingMovesCut { .. } | Note::BestMovesCut { .. } => {
            Some("--max-moves".to_string())
        }
        Note::LoopyByValues => Some("a larger --max-positions searches it whole".to_string()),
        _ => None,
    }
}
