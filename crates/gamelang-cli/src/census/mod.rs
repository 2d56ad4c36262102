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
use std::sync::atomic::{AtomicUsize, Ordering};

use gamelang::{
    AnalysisError, Analyzer, Census, CensusFamily, DEFAULT_MAX_POSITIONS, Learned, Options,
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
    /// How many threads value the positions, each with a search of its own,
    /// taught after each batch what the others valued [default: one a
    /// core; with `--mpi`, the cores shared by the ranks on the machine].
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
        .map(|_| Analyzer::learning(options.clone()))
        .collect();
    // What each thread (`Some` of its index) and each other rank (`None`)
    // valued in the batch before, for the others to learn.
    let mut lessons: Vec<(Option<usize>, Learned)> = Vec::new();
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
        // The rows of the batch before (with how many positions it had, and
        // how many of the tier's are valued with it), written while the
        // threads value the next.
        let mut unwritten: Option<(Vec<Rows>, usize, u64)> = None;
        loop {
            let batch: Vec<String> = positions.by_ref().take(BATCH).collect();
            let mut write_unwritten = |output: &mut Output| match unwritten.take() {
                Some((rows, count, upto)) => {
                    let rows = ranks.gathered(rows);
                    let result = match ranks.writes() {
                        true => write(args, (&rows, count), (&mut db, (size, upto)), output),
                        false => Ok(()),
                    };
                    ranks.agree(result)
                }
                None => Ok(()),
            };
            if batch.is_empty() {
                write_unwritten(output)?;
                break;
            }
            if ranks.writes() {
                let rate = progress.rate(valued - skipped).max(1);
                let left = tier.count.saturating_sub(valued) / rate;
                progress.note(&format!("{rate} positions/s, about {left} s left"));
                progress.update(valued, tier.count);
            }
            let (mine, written) = mine(
                args,
                program,
                &census,
                (&mut analyzers, &options, &lessons),
                (&batch, size),
                ranks,
                || write_unwritten(output),
            );
            written?;
            let (rows, learned) = ranks.agree(mine.map_err(|e| e.report(output)))?;
            lessons = taught(ranks, learned);
            valued += batch.len() as u64;
            unwritten = Some((rows, batch.len(), valued));
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

/// The rows of the positions of `batch` this rank values (a batch of the
/// tier of `size`), each with its index in the batch, and what each thread
/// learned valuing them; and what `meanwhile` gave, run on this thread while
/// the others value.
fn mine<T>(
    args: &Args,
    program: &gamelang::Program,
    census: &Census,
    analyzers: Analyzers<'_>,
    (batch, size): (&[String], u64),
    ranks: &Ranks,
    meanwhile: impl FnOnce() -> T,
) -> (Mine, T) {
    let asked: Vec<(usize, &String)> = (batch.iter().enumerate())
        .filter(|(_, p)| ranks.values(p))
        .collect();
    let asking = Asking {
        program,
        game: args.input.game.as_deref(),
        census,
        size,
    };
    let (rows, learned, meant) = valued(analyzers, &asking, &asked, meanwhile);
    let rows = (asked.iter().zip(rows))
        .map(|(&(i, _), rows)| Ok((i, rows?)))
        .collect::<Result<Vec<Rows>, Failed>>();
    (rows.map(|rows| (rows, learned)), meant)
}

/// What the threads ask of each position of a census: the position placed
/// as a file writes it (`Census::place`), asked of `game` in `program`, its
/// rows of the tier of `size`.
struct Asking<'a> {
    program: &'a gamelang::Program,
    game: Option<&'a str>,
    census: &'a Census,
    size: u64,
}

/// What this rank's threads made of a batch: the rows of each position it
/// values, with its index in the batch, and what each thread learned.
type Mine = Result<(Vec<Rows>, Vec<Learned>), Failed>;

/// A position's rows, or why it was not valued.
type PositionRows = Result<Vec<serde_json::Value>, Failed>;

/// Why a position of a batch was not valued.
enum Failed {
    /// Not a position of the game (a census never grows one).
    Asked(Vec<gamelang::Error>),
    /// Its question was not answered.
    Answered(AnalysisError),
}

impl Failed {
    /// Reports it, and gives its exit code.
    fn report(self, output: &mut Output) -> u8 {
        let errors = match self {
            Failed::Asked(errors) => errors,
            Failed::Answered(e) => vec![e.into()],
        };
        let _ = output.fail(&errors, FINDINGS);
        FINDINGS
    }
}

/// The threads' analyzers, the options a fresh one is made with, and what
/// each thread (`Some` of its index) and each other rank (`None`) learned
/// in the batch before.
type Analyzers<'a> = (
    &'a mut [Analyzer],
    &'a Options,
    &'a [(Option<usize>, Learned)],
);

/// The rows of each position of `asked` (its index in the batch, and the
/// position as its row writes it), in its order, and what each thread
/// learned valuing them; and what `meanwhile` gave, run on this thread
/// while the others value. Each analyzer, on a thread of its own, once it
/// has learned what the other threads and ranks learned in the batch
/// before, takes the next position not taken until none is left (so none
/// waits while another has several to go). Each analyzer keeps what
/// it found and learned for the positions it values next (their regions
/// met again, not searched again), so a position is always valued by the
/// same rules whichever thread values it; where what it keeps fills its
/// limits, it starts afresh with `options`.
fn valued<T>(
    (analyzers, options, lessons): Analyzers<'_>,
    asking: &Asking<'_>,
    asked: &[(usize, &String)],
    meanwhile: impl FnOnce() -> T,
) -> (Vec<PositionRows>, Vec<Learned>, T) {
    let n = analyzers.len();
    let mut slots: Vec<Option<PositionRows>> = (0..asked.len()).map(|_| None).collect();
    let mut learned = Vec::with_capacity(n);
    // The next position to take.
    let next = &AtomicUsize::new(0);
    let meant = std::thread::scope(|scope| {
        let handles: Vec<_> = (analyzers.iter_mut().enumerate())
            .map(|(k, analyzer)| {
                scope.spawn(move || {
                    for (_, lesson) in lessons.iter().filter(|(from, _)| *from != Some(k)) {
                        analyzer.learn(lesson);
                    }
                    let rows = std::iter::from_fn(|| {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let (_, position) = asked.get(i)?;
                        Some((i, rows((analyzer, options), asking, position)))
                    })
                    .collect::<Vec<_>>();
                    (rows, analyzer.learned())
                })
            })
            .collect();
        let meant = meanwhile();
        for handle in handles {
            let (done, lesson) = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (i, rows) in done {
                slots[i] = Some(rows);
            }
            learned.push(lesson);
        }
        meant
    });
    (slots.into_iter().flatten().collect(), learned, meant)
}

/// What each of this rank's threads learned (`Some` of its index), and
/// what every other rank's threads did (`None`): sent to each other rank
/// as words, and read from theirs.
fn taught(ranks: &Ranks, learned: Vec<Learned>) -> Vec<(Option<usize>, Learned)> {
    let others = ranks.exchanged(&learned);
    let mut lessons: Vec<(Option<usize>, Learned)> = (learned.into_iter().enumerate())
        .map(|(k, l)| (Some(k), l))
        .collect();
    for words in others {
        let mut rest = &words[..];
        // (Words another rank of this binary wrote: read whole, or as far
        // as they read; what was not read is only searched again.)
        while let Some((lesson, after)) = Learned::from_words(rest) {
            lessons.push((None, lesson));
            rest = after;
        }
    }
    lessons
}

/// The rows of one position: a row for each of its questions' answers.
/// A question refused by a limit of positions or memory is asked once
/// more of a fresh analyzer (made with `options`): the limit may have been
/// filled by what was kept from the positions before.
fn rows(
    (analyzer, options): (&mut Analyzer, &Options),
    asking: &Asking<'_>,
    position: &str,
) -> PositionRows {
    let place = asking.census.place(position);
    let questions = gamelang::questions(asking.program, asking.game, &[place.as_str()])
        .map_err(Failed::Asked)?;
    let mut rows = Vec::new();
    for question in &questions {
        let answer = match analyzer.analyze(question) {
            Err(e) if filled(&e) => {
                *analyzer = Analyzer::learning(options.clone());
                analyzer.analyze(question)
            }
            answered => answered,
        };
        let answer = answer.map_err(Failed::Answered)?;
        rows.push(gamelang::census_row(position, asking.size, &answer));
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
