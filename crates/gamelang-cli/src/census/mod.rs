//! `gamelang census FILE --cells A..B`: every connected shape of A to B
//! empty cells of a board game, each once up to the turns that keep or
//! negate its value (`gamelang::CensusShapes`), valued tier by tier as
//! `analyze` values it: a line a shape, a JSON object a line with
//! `--json`, or a row a shape in a SQLite database with `--db`
//! (`database`), tier by tier, resumed with `--resume`.

mod database;
mod ranks;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gamelang::{
    AnalysisError, Analyzer, DEFAULT_MAX_POSITIONS, MAX_CENSUS_CELLS, Options, Question,
};

use super::error::CliError;
use super::input::{Budgets, GameFile, saturating};
use super::output::{FINDINGS, Output, USAGE, out};
use super::progress::Progress;
use ranks::{Ranks, Rows};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang census games/domineering.game --cells 1..8
  gamelang census games/domineering.game --cells 8 --json > eight.jsonl
  gamelang census games/domineering.game --cells 1..10 --db domineering.sqlite
  gamelang census games/domineering.game --cells 1..12 --db domineering.sqlite --resume
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
    #[arg(long, conflicts_with = "db")]
    json: bool,
    /// Writes the rows into the SQLite database FILE (created if need be),
    /// each size of shapes in one transaction: tables `positions` (a row a
    /// shape, the keys of `--json`), `tiers` (the sizes finished) and
    /// `census` (the game).
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Goes on with the census in `--db`: the sizes it finished are not
    /// valued again.
    #[arg(long, requires = "db")]
    resume: bool,
    /// The most positions one shape's search may hold.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
    /// How many threads value the shapes, each with a search of its own
    /// [default: one a core; with `--mpi`, the cores shared by the ranks on
    /// the machine].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Runs as one rank of an MPI run (`mpirun -np K gamelang census ...
    /// --mpi`): each rank values its share of each batch of shapes, rank 0
    /// prints or writes every row. Needs a binary built with the cargo
    /// feature `mpi`.
    #[arg(long)]
    mpi: bool,
    #[command(flatten)]
    budgets: Budgets,
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
    let ranks = match args.mpi {
        true => match Ranks::mpi() {
            Ok(ranks) => ranks,
            Err(e) => return output.fail_cli(&e, USAGE),
        },
        false => Ranks::alone(),
    };
    match census(&args, &program, &game, &ranks, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

/// The census `args` ask for, on `ranks`: `Err` with the exit code once
/// a rank failed (each reports its own failure).
fn census(
    args: &Args,
    program: &gamelang::Program,
    game: &gamelang::Game,
    ranks: &Ranks,
    output: &mut Output,
) -> Result<(), u8> {
    let (first, last) = args.cells;
    let title = game.title();
    // The writer's database, and the sizes it finished, on every rank.
    let mut db = None;
    let mut done = Vec::new();
    if ranks.writes()
        && let Some(path) = &args.db
    {
        let opened = (open(path, &title, args.resume))
            .and_then(|held| Ok((held.tiers().map_err(|e| database_error(args, &e))?, held)));
        match opened {
            Ok((tiers, held)) => (done, db) = (tiers, Some(held)),
            Err(e) => return ranks.agree(Err(failed(output, &e, USAGE))),
        }
    }
    ranks.agree(Ok(()))?;
    let done = ranks.shared(done);
    let options = Options {
        search: args.budgets.options(args.max_positions),
        max_moves: 0,
        ..Options::default()
    };
    let threads = args.threads.map_or(ranks.cores(), usize::from);
    let mut analyzers: Vec<Analyzer> = (0..threads)
        .map(|_| Analyzer::new(options.clone()))
        .collect();
    let mut shapes = gamelang::CensusShapes::of(game);
    while shapes.cells() < last as usize && shapes.grow() {
        let cells = shapes.cells();
        if cells < first as usize || done.contains(&(cells as u64)) {
            continue;
        }
        let boards = shapes.boards();
        let summary = format!(
            "{}: {}",
            plural(cells, "cell"),
            plural(boards.len(), "shape")
        );
        if ranks.writes() && !args.json && db.is_none() {
            out(&format!("{summary}\n"));
        }
        let mut tier = match &mut db {
            Some(db) => match db.tier(&title) {
                Ok(tier) => Some(tier),
                Err(e) => {
                    return ranks.agree(Err(failed(output, &database_error(args, &e), USAGE)));
                }
            },
            None => None,
        };
        ranks.agree(Ok(()))?;
        // A batch of shapes at a time, valued on the threads (and the
        // ranks) and written in the shapes' order: the rows are never all
        // held.
        let mut progress = Progress::new(&plural(cells, "cell"));
        for (k, batch) in boards.chunks(BATCH).enumerate() {
            if ranks.writes() {
                let done = (k * BATCH) as u64;
                let rate = progress.rate(done).max(1);
                let left = (boards.len() as u64 - done) / rate;
                progress.note(&format!("{rate} shapes/s, about {left} s left"));
                progress.update(done, boards.len() as u64);
            }
            let rows = ranks.agree(mine(
                args,
                program,
                &mut analyzers,
                batch,
                ranks,
                cells,
                output,
            ))?;
            let rows = ranks.gathered(rows);
            let written = match ranks.writes() {
                true => write(args, &rows, batch.len(), &mut tier, output),
                false => Ok(()),
            };
            ranks.agree(written)?;
        }
        let finished = match tier {
            Some(tier) => match tier.finish(cells) {
                Ok(()) => {
                    out(&format!("{summary}, written\n"));
                    Ok(())
                }
                Err(e) => Err(failed(output, &database_error(args, &e), USAGE)),
            },
            None => Ok(()),
        };
        ranks.agree(finished)?;
    }
    std::mem::forget(analyzers);
    Ok(())
}

/// How many shapes are valued between two writes.
const BATCH: usize = 4096;

/// Prints or writes into the database's `tier` the `rows` of a batch of
/// `shapes` shapes, gathered from the ranks.
fn write(
    args: &Args,
    rows: &[Rows],
    shapes: usize,
    tier: &mut Option<database::Tier>,
    output: &mut Output,
) -> Result<(), u8> {
    if !(rows.iter().map(|(i, _)| *i)).eq(0..shapes) {
        let lost = CliError::CensusRanks {
            shapes,
            rows: rows.len(),
        };
        return Err(failed(output, &lost, FINDINGS));
    }
    for row in rows.iter().flat_map(|(_, rows)| rows) {
        match tier {
            Some(tier) => {
                if let Err(e) = tier.insert(row) {
                    return Err(failed(output, &database_error(args, &e), USAGE));
                }
            }
            None if args.json => out(&format!("{row}\n")),
            None => out(&format!("  {}\n", line(row))),
        }
    }
    Ok(())
}

/// Reports `error` and gives its exit `code`.
fn failed(output: &mut Output, error: &CliError, code: u8) -> u8 {
    let _ = output.fail_cli(error, code);
    code
}

/// The rows of the shapes of `batch` this rank values, each with its
/// index in the batch.
fn mine(
    args: &Args,
    program: &gamelang::Program,
    analyzers: &mut [Analyzer],
    batch: &[String],
    ranks: &Ranks,
    cells: usize,
    output: &mut Output,
) -> Result<Vec<Rows>, u8> {
    let mut asked = Vec::new();
    let mut at = Vec::new();
    for (i, board) in batch.iter().enumerate().filter(|(_, b)| ranks.values(b)) {
        let place = format!("\"{board}\"");
        match args.input.questions(program, &[place], output) {
            Ok(questions) => asked.push((board.clone(), questions)),
            // (the only codes `questions` gives)
            Err(code) => {
                return Err(if code == ExitCode::from(USAGE) {
                    USAGE
                } else {
                    FINDINGS
                });
            }
        }
        at.push(i);
    }
    let mut rows = Vec::with_capacity(asked.len());
    for (i, valued) in at.into_iter().zip(valued(analyzers, &asked, cells)) {
        match valued {
            Ok(valued) => rows.push((i, valued)),
            Err(e) => {
                let _ = output.fail(&[e.into()], FINDINGS);
                return Err(FINDINGS);
            }
        }
    }
    Ok(rows)
}

/// The rows of each shape of `asked` (a board and its questions), in its
/// order: shape i valued by analyzer i mod their count, each on a thread
/// of its own. Each analyzer keeps what it found for the shapes it values
/// next (their regions met again), so a shape is always valued by the
/// same rules whichever thread values it.
fn valued(
    analyzers: &mut [Analyzer],
    asked: &[(String, Vec<Question>)],
    cells: usize,
) -> Vec<Result<Vec<serde_json::Value>, AnalysisError>> {
    let n = analyzers.len();
    let mut slots: Vec<Option<Result<Vec<serde_json::Value>, AnalysisError>>> =
        (0..asked.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (analyzers.iter_mut().enumerate())
            .map(|(k, analyzer)| {
                scope.spawn(move || {
                    (k..asked.len())
                        .step_by(n)
                        .map(|i| (i, rows(analyzer, &asked[i], cells)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            let done = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (i, rows) in done {
                slots[i] = Some(rows);
            }
        }
    });
    slots.into_iter().flatten().collect()
}

/// The rows of one shape: a row for each of its questions' answers.
fn rows(
    analyzer: &mut Analyzer,
    (board, questions): &(String, Vec<Question>),
    cells: usize,
) -> Result<Vec<serde_json::Value>, AnalysisError> {
    let mut rows = Vec::new();
    for question in questions {
        let answer = analyzer.analyze(question)?;
        rows.push(gamelang::census_row(board, cells, &answer));
    }
    Ok(rows)
}

/// `n` things, the word in the plural but for one.
fn plural(n: usize, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    }
}

/// A row as a line: the shape, its value (an impartial game's nimber as
/// CGSuite writes it) and its outcome class.
fn line(row: &serde_json::Value) -> String {
    let shown = |key: &str| match &row[key] {
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Null => "–".to_string(),
        other => other.to_string(),
    };
    let value = match row["grundy"].as_u64() {
        None => shown("value"),
        Some(0) => "0".to_string(),
        Some(1) => "*".to_string(),
        Some(g) => format!("*{g}"),
    };
    format!("{}  {value}  {}", shown("position"), shown("outcome"))
}

/// The database at `path` for a census of `game`: a new one, or with
/// `resume` one that holds a census of the same game.
fn open(path: &Path, game: &str, resume: bool) -> Result<database::Database, CliError> {
    let failed = |e: database::DbError| CliError::CensusDatabase {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let db = database::Database::open(path).map_err(failed)?;
    match db.game().map_err(failed)? {
        Some(held) if !resume || held != game => Err(CliError::CensusHeld {
            path: path.display().to_string(),
            held,
            game: game.to_string(),
        }),
        _ => Ok(db),
    }
}

/// An error of the database `--db` names.
fn database_error(args: &Args, error: &database::DbError) -> CliError {
    let path = args.db.as_deref().unwrap_or(Path::new(""));
    CliError::CensusDatabase {
        path: path.display().to_string(),
        message: error.to_string(),
    }
}
