//! `gamelang census FILE --cells A..B` (or `--length`, `--upto`,
//! `--vertices`): every position of a family — a board game's shapes or
//! strips, a heap game's positions, a graph game's connected graphs — each
//! once up to what keeps its value (`gamelang::Census`), valued tier by
//! tier as `analyze` values it: a line a position, a JSON object a line
//! with `--json`, or a row a position in a SQLite database with `--db`
//! (`database`), tier by tier, resumed with `--resume`.

mod database;
mod ranks;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gamelang::{
    AnalysisError, Analyzer, Census, CensusFamily, DEFAULT_MAX_POSITIONS, Options, Question,
    SearchError,
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
  gamelang census games/cram.game --cells 1..10 --json
  gamelang census games/toads_and_frogs.game --length 1..8
  gamelang census games/clobber.game --length 1..10 --alphabet '.xo'
  gamelang census games/wythoff.game --upto 20 --db wythoff.sqlite
  gamelang census games/nim.game --upto 5 --heaps 3
  gamelang census games/snort.game --vertices 1..5")]
#[command(group(clap::ArgGroup::new("family").required(true).args(["cells", "length", "upto", "vertices"])))]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// A board game's connected shapes of empty cells, of these many
    /// cells: `1..8`, or one number.
    #[arg(long, value_name = "A..B", value_parser = super::table::sizes)]
    cells: Option<(u64, u64)>,
    /// A board game's strips (one row) of these many cells: `1..8`, or one
    /// number.
    #[arg(long, value_name = "A..B", value_parser = super::table::sizes)]
    length: Option<(u64, u64)>,
    /// The characters a strip's cells take (`.xo`) [default: those the
    /// rules read or write, but `#`].
    #[arg(long, value_name = "CHARS", requires = "length")]
    alphabet: Option<String>,
    /// A heap game's positions whose largest heap is 0 to N, a tier a
    /// largest heap.
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// The number of heaps of `--upto`'s positions, for a game of any
    /// number of heaps (`heaps *`) [default: the game's own, or 1].
    #[arg(long, value_name = "K", requires = "upto")]
    heaps: Option<usize>,
    /// A graph game's connected graphs (Node Kayles, Arc Kayles, Snort,
    /// Col) of these many vertices, tinted every way where the game tints:
    /// `1..6`, or one number.
    #[arg(long, value_name = "A..B", value_parser = super::table::sizes)]
    vertices: Option<(u64, u64)>,
    /// Prints each position's row as one JSON object a line (JSON Lines):
    /// `position`, `size`, `value`, `outcome`, `temperature`, `mean`,
    /// `left_stop`, `right_stop`, `birthday`, `reduced_canonical_form`,
    /// `atomic_weight`, `grundy` (null where the game has none).
    #[arg(long, conflicts_with = "db")]
    json: bool,
    /// Writes the rows into the SQLite database FILE (created if need be),
    /// a batch of 4,096 positions a transaction: tables `positions` (a row a
    /// position, the keys of `--json`, and `temperature_value`, a number),
    /// `tiers` (the sizes finished), `begun` (how far the size begun came)
    /// and `census` (the game and the family).
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Goes on with the census in `--db`: the sizes it finished are not
    /// valued again, nor the positions written of the size it began.
    #[arg(long, requires = "db")]
    resume: bool,
    /// The most positions one position's search may hold.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
    /// How many threads value the positions, each with a search of its own
    /// [default: one a core; with `--mpi`, the cores shared by the ranks on
    /// the machine].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Runs as one rank of an MPI run (`mpirun -np K gamelang census ...
    /// --mpi`): each rank values its share of each batch of positions, rank 0
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
    let family = match (args.cells, args.length, args.upto, args.vertices) {
        (Some((first, last)), ..) => CensusFamily::Cells(first, last),
        (_, Some(sizes), ..) => CensusFamily::Length {
            sizes,
            alphabet: args.alphabet.clone(),
        },
        (_, _, Some(upto), _) => CensusFamily::Upto {
            upto,
            heaps: args.heaps,
        },
        (.., Some((first, last))) => CensusFamily::Vertices(first, last),
        // Clap asks for one of them.
        _ => return output.fail_cli(&CliError::CensusFamily, USAGE),
    };
    let census = match Census::new(&game, &family) {
        Ok(census) => census,
        Err(e) => return output.fail_cli(&CliError::Census(e), FINDINGS),
    };
    let ranks = match args.mpi {
        true => match Ranks::mpi() {
            Ok(ranks) => ranks,
            Err(e) => return output.fail_cli(&e, USAGE),
        },
        false => Ranks::alone(),
    };
    match take(&args, &program, census, &ranks, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

/// Takes `census` as `args` ask, on `ranks`: `Err` with the exit code
/// once a rank failed (each reports its own failure).
fn take(
    args: &Args,
    program: &gamelang::Program,
    mut census: Census,
    ranks: &Ranks,
    output: &mut Output,
) -> Result<(), u8> {
    let title = census.game().to_string();
    let family = census.family();
    // The writer's database, the sizes it finished and the tier it began
    // (its size, and how many of its positions are written), on every rank.
    let mut db = None;
    let (mut done, mut begun) = (Vec::new(), Vec::new());
    if ranks.writes()
        && let Some(path) = &args.db
    {
        let opened = (open(path, (&title, &family), args.resume)).and_then(|held| {
            let unread = |e| database_error(args, &e);
            Ok((
                held.tiers().map_err(unread)?,
                held.begun().map_err(unread)?,
                held,
            ))
        });
        match opened {
            Ok((tiers, started, held)) => {
                done = tiers;
                begun = started.map_or(Vec::new(), |(size, written)| vec![size, written]);
                db = Some(held);
            }
            Err(e) => return ranks.agree(Err(failed(output, &e, USAGE))),
        }
    }
    ranks.agree(Ok(()))?;
    let done = ranks.shared(done);
    let begun = ranks.shared(begun);
    let options = Options {
        search: args.budgets.options(args.max_positions),
        max_moves: 0,
        ..Options::default()
    };
    let threads = args.threads.map_or(ranks.cores(), usize::from);
    let mut analyzers: Vec<Analyzer> = (0..threads)
        .map(|_| Analyzer::new(options.clone()))
        .collect();
    while let Some(tier) = census.next_tier() {
        let size = tier.size;
        if done.contains(&size) {
            continue;
        }
        let heading = census.heading(&tier);
        if ranks.writes() && !args.json && db.is_none() {
            out(&format!("{heading}\n"));
        }
        // A batch of positions at a time, valued on the threads (and the
        // ranks) and written in their order: the rows are never all held,
        // nor the tier's positions. A tier begun before goes on after the
        // positions written.
        let mut progress = Progress::new(&heading);
        let mut positions = tier.positions;
        let mut valued = 0u64;
        if let [begun_size, written] = begun[..]
            && begun_size == size
        {
            let written = usize::try_from(written).unwrap_or(usize::MAX);
            valued = positions.by_ref().take(written).count() as u64;
        }
        let skipped = valued;
        loop {
            let batch: Vec<String> = positions.by_ref().take(BATCH).collect();
            if batch.is_empty() {
                break;
            }
            if ranks.writes() {
                let rate = progress.rate(valued - skipped).max(1);
                let left = tier.count.saturating_sub(valued) / rate;
                progress.note(&format!("{rate} positions/s, about {left} s left"));
                progress.update(valued, tier.count);
            }
            let rows = ranks.agree(mine(
                args,
                program,
                &census,
                (&mut analyzers, &options),
                &batch,
                ranks,
                size,
                output,
            ))?;
            let rows = ranks.gathered(rows);
            valued += batch.len() as u64;
            let result = match ranks.writes() {
                true => write(
                    args,
                    (&rows, batch.len()),
                    (&mut db, (size, valued)),
                    output,
                ),
                false => Ok(()),
            };
            ranks.agree(result)?;
        }
        let finished = match &mut db {
            Some(db) => match db.finish(size) {
                Ok(()) => {
                    out(&format!("{heading}, written\n"));
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

/// How many positions are valued between two writes.
const BATCH: usize = 4096;

/// Prints, or writes into the database, the `rows` of a batch of
/// `positions` positions, gathered from the ranks; `tier`: the size of the
/// tier the batch is of, and how many of its positions are written with it.
fn write(
    args: &Args,
    (rows, positions): (&[Rows], usize),
    (db, tier): (&mut Option<database::Database>, (u64, u64)),
    output: &mut Output,
) -> Result<(), u8> {
    if !(rows.iter().map(|(i, _)| *i)).eq(0..positions) {
        let lost = CliError::CensusRanks {
            positions,
            rows: rows.len(),
        };
        return Err(failed(output, &lost, FINDINGS));
    }
    let rows = rows.iter().flat_map(|(_, rows)| rows);
    match db {
        Some(db) => {
            let rows: Vec<&serde_json::Value> = rows.collect();
            if let Err(e) = db.write(tier, &rows) {
                return Err(failed(output, &database_error(args, &e), USAGE));
            }
        }
        None if args.json => rows.for_each(|row| out(&format!("{row}\n"))),
        None => rows.for_each(|row| out(&format!("  {}\n", line(row)))),
    }
    Ok(())
}

/// Reports `error` and gives its exit `code`.
fn failed(output: &mut Output, error: &CliError, code: u8) -> u8 {
    let _ = output.fail_cli(error, code);
    code
}

/// The rows of the positions of `batch` this rank values, each with its
/// index in the batch.
#[allow(clippy::too_many_arguments)]
fn mine(
    args: &Args,
    program: &gamelang::Program,
    census: &Census,
    analyzers: (&mut [Analyzer], &Options),
    batch: &[String],
    ranks: &Ranks,
    size: u64,
    output: &mut Output,
) -> Result<Vec<Rows>, u8> {
    let mut asked = Vec::new();
    let mut at = Vec::new();
    for (i, position) in batch.iter().enumerate().filter(|(_, p)| ranks.values(p)) {
        let place = census.place(position);
        match args.input.questions(program, &[place], output) {
            Ok(questions) => asked.push((position.clone(), questions)),
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
    for (i, valued) in at.into_iter().zip(valued(analyzers, &asked, size)) {
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

/// The rows of each position of `asked` (as written, and its questions),
/// in its order: position i valued by analyzer i mod their count, each on
/// a thread of its own. Each analyzer keeps what it found for the
/// positions it values next (their regions met again), so a position is
/// always valued by the same rules whichever thread values it; where what
/// it keeps fills its limits, it starts afresh with `options`.
fn valued(
    (analyzers, options): (&mut [Analyzer], &Options),
    asked: &[(String, Vec<Question>)],
    size: u64,
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
                        .map(|i| (i, rows((analyzer, options), &asked[i], size)))
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

/// The rows of one position: a row for each of its questions' answers.
/// A question refused by a limit of positions or memory is asked once
/// more of a fresh analyzer (made with `options`): the limit may have been
/// filled by what was kept from the positions before.
fn rows(
    (analyzer, options): (&mut Analyzer, &Options),
    (position, questions): &(String, Vec<Question>),
    size: u64,
) -> Result<Vec<serde_json::Value>, AnalysisError> {
    let mut rows = Vec::new();
    for question in questions {
        let answer = match analyzer.analyze(question) {
            Err(e) if filled(&e) => {
                *analyzer = Analyzer::new(options.clone());
                analyzer.analyze(question)?
            }
            answered => answered?,
        };
        rows.push(gamelang::census_row(position, size, &answer));
    }
    Ok(rows)
}

/// Whether `e` is a limit of positions or memory, which what a search
/// keeps can fill.
fn filled(e: &AnalysisError) -> bool {
    matches!(e, AnalysisError::Search(e) if matches!(**e,
        SearchError::TooManyPositions { .. }
            | SearchError::MemoryLimit { .. }
            | SearchError::OutOfMemory { .. }
            | SearchError::FormsMemory { .. }))
}

/// A row as a line: the position, its value (an impartial game's nimber as
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

/// The database at `path` for a census of `game` (its title, and the
/// census's family): a new one, or with `resume` one that holds a census
/// of the same game and family.
fn open(path: &Path, game: (&str, &str), resume: bool) -> Result<database::Database, CliError> {
    let failed = |e: database::DbError| CliError::CensusDatabase {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let db = database::Database::open(path, game).map_err(failed)?;
    match db.held().map_err(failed)? {
        Some(held) if !resume || (held.0.as_str(), held.1.as_str()) != game => {
            Err(CliError::CensusHeld {
                path: path.display().to_string(),
                held: format!("{} ({})", held.0, held.1),
                game: format!("{} ({})", game.0, game.1),
            })
        }
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
