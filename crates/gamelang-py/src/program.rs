//! `Program`: a checked source and the analyzer that answers its
//! questions, kept between calls (a game searched once is searched no
//! more).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use num_bigint::{BigInt, BigUint};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use gamelang::{AnalysisError, Analyzer, Cancel, Question, Source};

use crate::answers::{Analysis, Many};
use crate::detached::{detached, quick};
use crate::errors::{analysis_error, game_error};
use crate::table::Table;

/// How many positions `analyze_many` reads before it answers them.
const BATCH: usize = 1 << 16;

/// The limits every question of a program is answered within, as the
/// command line's options of the same names give them (converted as it
/// converts them, `gamelang::search_options`).
#[derive(Clone, Debug)]
pub struct Limits {
    search: gamelang::SearchOptions,
}

impl Limits {
    /// `timeout` in seconds (0: no limit), `max_memory` in megabytes; the
    /// library's defaults where not given.
    pub fn new(
        timeout: Option<f64>,
        max_positions: Option<BigInt>,
        max_memory: Option<BigInt>,
    ) -> PyResult<Limits> {
        let max_positions = max_positions
            .map(|n| whole("max_positions", n))
            .transpose()?;
        let max_memory = max_memory.map(|n| whole("max_memory", n)).transpose()?;
        let timeout = timeout
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds).map_err(|_| {
                    PyValueError::new_err(format!(
                        "timeout={seconds}: a timeout is a number of seconds, 0 or more (0: no limit)"
                    ))
                })
            })
            .transpose()?;
        // Past what the machine holds: no limit, as on the command line.
        let search = gamelang::search_options(
            timeout,
            max_positions.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            max_memory.map(|mb| u64::try_from(mb).unwrap_or(u64::MAX)),
            None,
        );
        Ok(Limits { search })
    }

    fn options(&self, cancel: &Cancel) -> gamelang::Options {
        gamelang::Options {
            search: gamelang::SearchOptions {
                cancel: Some(cancel.clone()),
                ..self.search.clone()
            },
            ..gamelang::Options::default()
        }
    }
}

/// What answers a program's questions, one question at a time.
struct State {
    analyzer: Analyzer,
    /// Raised at Ctrl-C: the analyzer's searches stop.
    cancel: Cancel,
}

impl State {
    fn new(limits: &Limits) -> State {
        let cancel = Cancel::default();
        State {
            analyzer: Analyzer::new(limits.options(&cancel)),
            cancel,
        }
    }
}

/// A `.game` source, checked: its games answer questions.
#[pyclass(module = "gamelang", frozen)]
pub struct Program {
    program: gamelang::Program,
    limits: Limits,
    state: Mutex<State>,
}

impl Program {
    pub fn new(
        py: Python<'_>,
        source: Source,
        settings: &[String],
        limits: Limits,
    ) -> PyResult<Program> {
        let program = gamelang::load(&source, settings).map_err(|e| game_error(py, &e))?;
        let state = Mutex::new(State::new(&limits));
        Ok(Program {
            program,
            limits,
            state,
        })
    }

    fn state(&self) -> PyResult<MutexGuard<'_, State>> {
        match self.state.try_lock() {
            Ok(state) => Ok(state),
            // A question that panicked left nothing half-done that matters:
            // a failed search is dropped.
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
                "this program is answering another question (on another thread, or in a progress function): ask one at a time, or load the program once per thread",
            )),
        }
    }

    /// Answers `questions` with the analyzer: at once where each is quick,
    /// else off the GIL on a thread of its own, watched for Ctrl-C (and
    /// `tick`ed); the analyzer starts afresh after an interrupt.
    fn answer<T: Send>(
        &self,
        py: Python<'_>,
        questions: &[&Question],
        tick: impl FnMut() -> PyResult<()>,
        work: impl FnOnce(&mut Analyzer) -> Result<T, AnalysisError> + Send,
    ) -> PyResult<T> {
        let mut state = self.state()?;
        let found = if !questions.is_empty()
            && questions.iter().all(|q| state.analyzer.answered_at_once(q))
        {
            let analyzer = &mut state.analyzer;
            quick(py, || work(analyzer))
        } else {
            let cancel = state.cancel.clone();
            let analyzer = &mut state.analyzer;
            match detached(py, &cancel, tick, || work(analyzer)) {
                Ok(found) => found,
                Err(interrupted) => {
                    *state = State::new(&self.limits);
                    return Err(interrupted);
                }
            }
        };
        found.map_err(|e| analysis_error(py, e))
    }

    /// The questions of `statement`, or the file's own.
    fn questions(&self, py: Python<'_>, statement: Option<&str>) -> PyResult<Vec<Question>> {
        match statement {
            Some(statement) => gamelang::ask(&self.program, statement),
            None => gamelang::questions(&self.program, None, &[]),
        }
        .map_err(|e| game_error(py, &e))
    }
}

#[pymethods]
impl Program {
    /// Answers one `analyze` statement, as written in a file (`analyze`
    /// before it may be left out): `nim at (3, 4, 5)`, `nim at 3 + kayles at
    /// 5`, `compare ^ to *`; or with `at`, the game `statement` names at the
    /// position `at` writes (`analyze("domineering", "..|..")`: a board's
    /// quotes may be left out).
    #[pyo3(signature = (statement, at = None))]
    fn analyze(&self, py: Python<'_>, statement: &str, at: Option<&str>) -> PyResult<Analysis> {
        let questions = match at {
            Some(at) => vec![
                gamelang::question_at(&self.program, Some(statement), at)
                    .map_err(|e| game_error(py, &e))?,
            ],
            None => self.questions(py, Some(statement))?,
        };
        let [question] = questions.as_slice() else {
            return Err(PyValueError::new_err(format!(
                "`{}` asks {} positions: `analyze_all` answers each",
                statement.trim(),
                questions.len()
            )));
        };
        let answer = self.answer(py, &[question], || Ok(()), |a| a.analyze(question))?;
        Ok(Analysis::new(answer))
    }

    /// Answers every position one `analyze` statement asks (`nim at [(1, 2),
    /// (3, 4)]`, `kayles at 1..20`), or with none given, every `analyze`
    /// statement of the source: a list, in order.
    #[pyo3(signature = (statement = None))]
    fn analyze_all(&self, py: Python<'_>, statement: Option<&str>) -> PyResult<Vec<Analysis>> {
        let questions = self.questions(py, statement)?;
        let asked: Vec<&Question> = questions.iter().collect();
        let answers = self.answer(
            py,
            &asked,
            || Ok(()),
            |a| {
                questions
                    .iter()
                    .map(|q| a.analyze(q))
                    .collect::<Result<Vec<_>, _>>()
            },
        )?;
        Ok(answers.into_iter().map(Analysis::new).collect())
    }

    /// Who wins each of many positions of one game, and its value, without
    /// moves: `positions` an iterable of ints (one heap), tuples of ints
    /// (heaps) or strings (written as after `at`: boards, graphs);
    /// `game` names the game, or None for the source's only game.
    fn analyze_many(
        &self,
        py: Python<'_>,
        game: Option<&str>,
        positions: &Bound<'_, PyAny>,
    ) -> PyResult<Many> {
        // A batch at a time: the positions read (with the GIL), then
        // answered (without), so that a million are never all held as
        // questions at once.
        let mut many = Many::default();
        let mut items = positions.try_iter()?.peekable();
        while items.peek().is_some() {
            let questions = (items.by_ref().take(BATCH))
                .map(|item| self.position(py, game, &item?))
                .collect::<PyResult<Vec<Question>>>()?;
            let briefs = self.answer(
                py,
                &[],
                || Ok(()),
                |a| {
                    (questions.iter())
                        .map(|q| a.brief(q))
                        .collect::<Result<Vec<_>, _>>()
                },
            )?;
            briefs.into_iter().for_each(|b| many.push(b));
        }
        Ok(many)
    }

    /// The table of a game's values, heaps 0 to `upto` (`gamelang table`):
    /// one heap's column, two heaps' grid, or a box of `heaps` heaps.
    /// `progress` is told how far it has got: a function called with
    /// (done, total), or True for a tqdm bar.
    #[pyo3(signature = (game = None, *, upto, heaps = None, progress = None))]
    fn table(
        &self,
        py: Python<'_>,
        game: Option<&str>,
        upto: BigInt,
        heaps: Option<BigInt>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Table> {
        let upto = whole("upto", upto)?;
        let heaps = (heaps.map(|n| whole("heaps", n)).transpose()?)
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        let (game, _) =
            gamelang::game_named(&self.program, game).map_err(|e| game_error(py, &e))?;
        let mut told = Told::new(py, progress, &game.title())?;
        let (done, total) = (AtomicU64::new(0), AtomicU64::new(0));
        let found = self.answer(
            py,
            &[],
            || told.tell(done.load(Ordering::Relaxed), total.load(Ordering::Relaxed)),
            |a| {
                a.table(&game, &upto, heaps, &mut |p| {
                    done.store(p.done, Ordering::Relaxed);
                    total.store(p.total, Ordering::Relaxed);
                })
            },
        );
        let last = (done.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
        told.close(found.is_ok().then_some(last))?;
        Ok(Table::new(found?))
    }

    /// A census (as `gamelang census`): every position of one family,
    /// valued tier by tier — a board game's connected shapes of `cells`
    /// empty cells or its strips of `length` cells (over `alphabet`), a
    /// heap game's positions whose largest heap is at most `upto` (of
    /// `heaps` heaps), a graph game's connected graphs of `vertices`
    /// vertices; sizes an int, or a pair (from, to). A list of rows, one
    /// dict a position with the keys of `gamelang census --json`. `game`
    /// names the game, or None for the source's only game.
    #[pyo3(signature = (game = None, *, cells = None, length = None, alphabet = None, upto = None, heaps = None, vertices = None))]
    #[allow(clippy::too_many_arguments)]
    fn census<'py>(
        &self,
        py: Python<'py>,
        game: Option<&str>,
        cells: Option<&Bound<'py, PyAny>>,
        length: Option<&Bound<'py, PyAny>>,
        alphabet: Option<String>,
        upto: Option<u64>,
        heaps: Option<usize>,
        vertices: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let sizes = |name: &str, given: &Bound<'py, PyAny>| -> PyResult<(u64, u64)> {
            match given.extract::<(u64, u64)>() {
                Ok(pair) => Ok(pair),
                Err(_) => given.extract::<u64>().map(|n| (n, n)).map_err(|_| {
                    PyTypeError::new_err(format!("{name} is a size, or a pair (from, to)"))
                }),
            }
        };
        let one_family = || {
            PyTypeError::new_err(
                "a census takes one of cells (a board game's shapes), length (its strips), upto (a heap game's positions) or vertices (a graph game's graphs)",
            )
        };
        let asked = [
            cells.is_some(),
            length.is_some(),
            upto.is_some(),
            vertices.is_some(),
        ];
        if asked.iter().filter(|&&a| a).count() != 1 {
            return Err(one_family());
        }
        if alphabet.is_some() && length.is_none() {
            return Err(PyTypeError::new_err(
                "alphabet is for a census of strips (length)",
            ));
        }
        if heaps.is_some() && upto.is_none() {
            return Err(PyTypeError::new_err(
                "heaps is for a census of heap positions (upto)",
            ));
        }
        let family = match (cells, length, upto, vertices) {
            (Some(cells), ..) => {
                let (first, last) = sizes("cells", cells)?;
                gamelang::CensusFamily::Cells(first, last)
            }
            (_, Some(length), ..) => gamelang::CensusFamily::Length {
                sizes: sizes("length", length)?,
                alphabet,
            },
            (_, _, Some(upto), _) => gamelang::CensusFamily::Upto { upto, heaps },
            (.., Some(vertices)) => {
                let (first, last) = sizes("vertices", vertices)?;
                gamelang::CensusFamily::Vertices(first, last)
            }
            _ => return Err(one_family()),
        };
        let (found, _) =
            gamelang::game_named(&self.program, game).map_err(|e| game_error(py, &e))?;
        let census = || {
            gamelang::Census::new(&found, &family)
                .map_err(|e| PyValueError::new_err(format!("{e}: {}", help_of(&e))))
        };
        // Every row is held at once: a census that large is the command's,
        // which writes its rows as it goes. Its tiers are counted first.
        let (mut counted, mut count) = (census()?, 0u64);
        while let Some(tier) = counted.next_tier() {
            count = count.saturating_add(tier.count);
            if count > MAX_CENSUS {
                return Err(PyValueError::new_err(format!(
                    "a census of more than {MAX_CENSUS} positions is for the command line (`gamelang census ... --db FILE`), which writes its rows as it goes"
                )));
            }
        }
        let mut census = census()?;
        let mut asked = Vec::new();
        while let Some(tier) = census.next_tier() {
            for position in tier.positions {
                let question = gamelang::question_at(&self.program, game, &census.place(&position))
                    .map_err(|e| game_error(py, &e))?;
                asked.push((position, tier.size, question));
            }
        }
        let rows = self.answer(
            py,
            &[],
            || Ok(()),
            |a| {
                (asked.iter())
                    .map(|(position, n, q)| Ok(gamelang::census_row(position, *n, &a.analyze(q)?)))
                    .collect::<Result<Vec<_>, AnalysisError>>()
            },
        )?;
        rows.iter().map(|row| crate::json::to_py(py, row)).collect()
    }

    /// The names of the source's games, in order.
    #[getter]
    fn games(&self) -> Vec<String> {
        (self.program.games.iter())
            .map(|g| g.def.name.name.clone())
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<gamelang.Program {} ({})>",
            self.program.source.name(),
            self.games().join(", ")
        )
    }
}

impl Program {
    /// One position of `analyze_many`, read against its game.
    fn position(
        &self,
        py: Python<'_>,
        game: Option<&str>,
        item: &Bound<'_, PyAny>,
    ) -> PyResult<Question> {
        let found = if let Ok(text) = item.cast::<PyString>() {
            gamelang::question_at(&self.program, game, &text.to_cow()?)
        } else if item.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "a position is an int, a tuple of ints or a string, not a bool",
            ));
        } else if item.is_instance_of::<PyInt>() {
            gamelang::question_of(&self.program, game, &[whole("a heap", item.extract()?)?])
        } else if let Ok(heaps) = item.extract::<Vec<BigInt>>() {
            let heaps =
                (heaps.into_iter().map(|h| whole("a heap", h))).collect::<PyResult<Vec<_>>>()?;
            gamelang::question_of(&self.program, game, &heaps)
        } else if let Ok(heap) = item.extract::<BigInt>() {
            // A whole number of another type (NumPy's, say).
            gamelang::question_of(&self.program, game, &[whole("a heap", heap)?])
        } else {
            return Err(PyTypeError::new_err(format!(
                "a position is an int, a tuple of ints or a string (as written after `at`), not {}",
                item.repr()?
            )));
        };
        found.map_err(|e| game_error(py, &e))
    }
}

/// `n`, a whole number 0 or more; a negative one is a `ValueError` that
/// names `what` (not the `OverflowError` of a conversion).
pub fn whole(what: &str, n: BigInt) -> PyResult<BigUint> {
    n.to_biguint().ok_or_else(|| {
        PyValueError::new_err(format!("{what} is a whole number, 0 or more, not {n}"))
    })
}

/// Whom a table tells how far it has got: a function, a tqdm bar, or no one.
enum Told<'py> {
    Nobody,
    Function(Bound<'py, PyAny>),
    Bar { bar: Bound<'py, PyAny>, shown: u64 },
}

impl<'py> Told<'py> {
    fn new(py: Python<'py>, progress: Option<Bound<'py, PyAny>>, title: &str) -> PyResult<Self> {
        let Some(progress) = progress else {
            return Ok(Told::Nobody);
        };
        if progress.is_instance_of::<PyBool>() {
            if !progress.is_truthy()? {
                return Ok(Told::Nobody);
            }
            let tqdm = py.import("tqdm.auto").map_err(|_| {
                pyo3::exceptions::PyImportError::new_err(
                    "progress=True draws a bar with tqdm, which is not installed: `pip install tqdm`, or pass a function of (done, total)",
                )
            })?;
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("desc", format!("table of {title}"))?;
            let bar = tqdm.getattr("tqdm")?.call((), Some(&kwargs))?;
            return Ok(Told::Bar { bar, shown: 0 });
        }
        if !progress.is_callable() {
            return Err(PyTypeError::new_err(
                "progress is a function of (done, total), or True for a tqdm bar",
            ));
        }
        Ok(Told::Function(progress))
    }

    fn tell(&mut self, done: u64, total: u64) -> PyResult<()> {
        match self {
            Told::Nobody => Ok(()),
            Told::Function(f) => f.call1((done, total)).map(drop),
            Told::Bar { bar, shown } => {
                if total > 0 {
                    bar.setattr("total", total)?;
                }
                if done > *shown {
                    bar.call_method1("update", (done - *shown,))?;
                    *shown = done;
                }
                Ok(())
            }
        }
    }

    /// The end: the last count where the table was made, and the bar closed.
    fn close(&mut self, last: Option<(u64, u64)>) -> PyResult<()> {
        if let Some((done, total)) = last {
            self.tell(done, total)?;
        }
        if let Told::Bar { bar, .. } = self {
            bar.call_method0("close")?;
        }
        Ok(())
    }
}

/// The most positions a census taken from Python holds (its rows all at
/// once).
const MAX_CENSUS: u64 = 1_000_000;

/// A diagnostic's help, or nothing.
fn help_of(e: &dyn miette::Diagnostic) -> String {
    e.help().map(|h| h.to_string()).unwrap_or_default()
}
