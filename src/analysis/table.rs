//! Tables of values: g(0..N) for a one-heap game (with its period, proven
//! where a theorem allows: `period`), or the grid of values of a two-heap
//! game.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::error::AnalysisError;
use crate::misere::genus::{self, Genera};
use crate::period::{self, Period, Saltus};
use crate::platform::usize_of;
use crate::position::{Named, Outcome, Position};
use crate::rules::expr::Env;
use crate::rules::{EndKind, Game};
use crate::search::heaps::{Stored, Values, fewest_rare, with_values};
use crate::search::loopy::{Found, Gamma, LoopyGraph};
use crate::search::scoring::ScoringSearch;
use crate::search::timing::{Timing, TimingGraph};
use crate::search::{self, Reduced, SearchError, Solver, Value, too_large};

/// A table of values.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game's title.
    pub game: String,
    /// The names of its positions' parts, where they have names
    /// (`position (x, y)`).
    pub parts: Option<Vec<String>>,
    /// Its positions are tokens on a graph's vertices (`slide along`).
    pub tokens: bool,
    /// Its positions are a board game's empty boards, by their rows and
    /// columns (`Shape::Partizan`).
    pub boards: bool,
    /// What it holds.
    pub shape: Shape,
    /// Its positions from which a rule cannot be applied on the way, left
    /// blank, where there are any.
    pub undefined: Option<Undefined>,
}

/// The positions of a table from which a rule cannot be applied on the
/// way (an item past its list, a division by 0): outside what the rules
/// define, each left blank. How many, and the first one's error.
#[derive(Clone, Debug)]
pub struct Undefined {
    /// How many positions are blank.
    pub count: usize,
    /// Why the first is: the rule, the position asked, the reason.
    pub first: SearchError,
}

/// `found`, or a blank where a rule cannot be applied on the way from the
/// position (counted in `undefined`, the first error kept); any other
/// error stops the table.
fn or_blank(
    found: Result<Option<Cell>, AnalysisError>,
    undefined: &mut Option<Undefined>,
) -> Result<Option<Cell>, AnalysisError> {
    match found {
        Err(AnalysisError::Search(e)) if matches!(*e, SearchError::RuleFails { .. }) => {
            match undefined {
                Some(u) => u.count += 1,
                None => {
                    *undefined = Some(Undefined {
                        count: 1,
                        first: *e,
                    })
                }
            }
            Ok(None)
        }
        found => found,
    }
}

/// What a table shows of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A position of a game that always ends: its value (or misère outcome).
    Value(Value),
    /// A position from which play can go on forever: its generalised
    /// Sprague-Grundy value.
    Loopy(Gamma),
    /// A position of a game with ends (`win when` and the like): who
    /// wins it played alone, its ends as declared (its value in sums is
    /// another game's, the reduced one's: `analyze` gives it).
    Ended(Outcome),
    /// A scoring game's position: its score with best play, the player to
    /// move's points from there on minus the other's (`search::scoring`).
    Score(i128),
}

impl Cell {
    /// Who wins: P, N or D.
    pub fn outcome(&self) -> Outcome {
        match self {
            Cell::Value(v) => Outcome::p_if(v.is_p()),
            Cell::Loopy(g) => g.outcome(),
            Cell::Ended(outcome) => *outcome,
            Cell::Score(score) => Outcome::of_score(*score),
        }
    }

    /// A P-position: the player to move loses.
    pub fn is_p(&self) -> bool {
        self.outcome() == Outcome::P
    }

    /// The Grundy value, when it is a number.
    pub fn grundy(&self) -> Option<u32> {
        match self {
            Cell::Value(Value::Grundy(g)) | Cell::Loopy(Gamma::Finite(g)) => Some(*g),
            Cell::Value(Value::Misere { .. })
            | Cell::Loopy(Gamma::Infinite(_))
            | Cell::Ended(_)
            | Cell::Score(_) => None,
        }
    }
}

/// A one-heap table's cells, by heap.
#[derive(Clone, Debug)]
pub enum Column {
    /// Each heap's cell, `None` where the heap is not a position.
    Cells(Vec<Option<Cell>>),
    /// The Grundy values of heaps `0..len`, every heap a position, shared
    /// with the one-heap engine as it stores them (a byte or two a heap):
    /// the tables of long runs.
    Grundy {
        /// The engine's values (perhaps more than the table's).
        values: Arc<Values>,
        /// The table's heaps.
        len: usize,
    },
}

impl Column {
    /// The number of heaps.
    pub fn len(&self) -> usize {
        match self {
            Column::Cells(cells) => cells.len(),
            Column::Grundy { len, .. } => *len,
        }
    }

    /// Whether it holds no heap.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Heap `n`'s cell: `None` where it is not a position (or past the end).
    pub fn get(&self, n: usize) -> Option<Cell> {
        match self {
            Column::Cells(cells) => cells.get(n).cloned().flatten(),
            Column::Grundy { values, len } => (n < *len)
                .then(|| values.get(n))
                .flatten()
                .map(|g| Cell::Value(Value::Grundy(g))),
        }
    }

    /// The cells of the heaps in `range` (within the column).
    pub fn cells(&self, range: Range<usize>) -> Vec<Option<Cell>> {
        match self {
            Column::Cells(cells) => cells[range].to_vec(),
            Column::Grundy { .. } => range.map(|n| self.get(n)).collect(),
        }
    }

    /// Every cell, in order.
    pub fn iter(&self) -> impl Iterator<Item = Option<Cell>> + '_ {
        (0..self.len()).map(|n| self.get(n))
    }

    /// The Grundy values, where every heap is a position with one (normal
    /// play of a game that always ends): the engine's, or gathered.
    pub fn grundy(&self) -> Option<Cow<'_, Values>> {
        match self {
            Column::Cells(cells) => {
                let values: Option<Vec<u32>> = cells.iter().map(|v| v.as_ref()?.grundy()).collect();
                values.map(|v| Cow::Owned(Values::from(v)))
            }
            Column::Grundy { values, len } if *len == values.len() => Some(Cow::Borrowed(values)),
            Column::Grundy { values, len } => Some(Cow::Owned(
                with_values!(&**values, v => Values::from_slice(&v[..*len])),
            )),
        }
    }
}

/// What a one-heap table's Grundy values come to: the figures published for
/// long runs (Flammenkamp's for Grundy's game and the octal games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The largest value.
    pub largest: u32,
    /// The first heap with it.
    pub largest_at: u64,
    /// The rare values, where they are fewer than the common ones, in a
    /// table of at least `RARE_FROM` heaps.
    pub rare: Option<Rare>,
}

/// The rare values of a table (Flammenkamp's "sparse space"; Gangolli and
/// Plambeck 1989): under a bit mask m, a value g is rare when g & m has an
/// even number of ones; the mask is the one that makes the fewest heaps
/// rare (among masks below the values' highest bit, ties to the least).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rare {
    /// The mask.
    pub mask: u32,
    /// How many heaps have a rare value.
    pub heaps: u64,
    /// The last of them.
    pub last: u64,
}

/// The fewest heaps a table holds for its rare values to be looked for:
/// below it, a mask fits the few values by chance.
pub const RARE_FROM: usize = 1024;

/// The figures of `values`; `None` when there are none.
pub fn figures(values: &Values) -> Option<Figures> {
    with_values!(values, v => figures_of(v))
}

fn figures_of<T: Stored>(values: &[T]) -> Option<Figures> {
    let (mut largest, mut largest_at) = (values.first()?.value(), 0);
    for (n, &g) in values.iter().enumerate() {
        if g.value() > largest {
            (largest, largest_at) = (g.value(), n as u64);
        }
    }
    let rare = (values.len() >= RARE_FROM)
        .then(|| fewest_rare(values))
        .flatten()
        .map(|mask| {
            let rare = |g: &T| (g.value() & mask).count_ones().is_multiple_of(2);
            Rare {
                mask,
                heaps: values.iter().filter(|g| rare(g)).count() as u64,
                last: values.iter().rposition(rare).unwrap_or(0) as u64,
            }
        })
        .filter(|r| r.heaps * 2 < values.len() as u64);
    Some(Figures {
        largest,
        largest_at,
        rare,
    })
}

/// The shapes of a table.
#[derive(Clone, Debug)]
pub enum Shape {
    /// Position `n` is one heap of n; `values[n]`, `None` where the heap
    /// breaks the game's invariant (it is not a position of the game).
    OneHeap {
        /// Each heap's cell.
        values: Column,
        /// The figures of its Grundy values, where it has them.
        figures: Option<Box<Figures>>,
        /// `None` when no period was found (or the game is misère).
        period: Option<Period>,
        /// Where no period was found: an arithmetic period the values
        /// show (`period::saltus`), only seen.
        saltus: Option<Box<Saltus>>,
        /// Heaps of one game are searched as one-heap games of a sum.
        decomposed: bool,
        /// A coin game: `values[n]` is the value of coin n alone showing
        /// heads (`None` before the first coin). No period is looked for.
        coins: bool,
        /// A misère game's genus of each heap (Conway), or why it was not
        /// found (a search too large); `None` in normal play.
        genera: Option<Result<Genera, SearchError>>,
        /// Each heap's remoteness and suspense (`None` where the heap is
        /// not a position), where the table holds at most
        /// `TIMING_POSITIONS`, the play graph of its heaps stays within
        /// `TIMING_MOVES` and the game always ends; `None` otherwise, and
        /// for coins.
        timing: Option<Vec<Option<Timing>>>,
    },
    /// Positions of `heaps` heaps (three or more), each heap from 0 to
    /// `side - 1`: the position (a_1, ..., a_k) at index a_1 side^(k-1) +
    /// ... + a_k (the last heap changing fastest), `None` where it breaks
    /// the game's invariant.
    Box {
        /// How many heaps a position has.
        heaps: usize,
        /// Each heap's sizes: 0 to `side - 1`.
        side: usize,
        /// Each position's cell.
        values: Vec<Option<Cell>>,
    },
    /// A partizan game's positions of one part (`values[0][n]`) or two
    /// (`values[a][b]`), each its canonical form and outcome class; `None`
    /// where the parts break the game's invariant.
    Partizan {
        /// How many parts a position has: 1 or 2.
        parts: usize,
        /// The first value of each part shown (0 for heaps; a board's
        /// fewest rows and columns): `values[i][j]` is the position
        /// (`from[0] + i`, `from[1] + j`), or (`from[1] + j`) of one part.
        from: [u64; 2],
        /// Each position's value, by its parts.
        values: Vec<Vec<Option<PartizanCell>>>,
    },
    /// Position `(a, b)`: `values[a][b]`, `None` where `(a, b)` breaks the
    /// game's invariant.
    Grid {
        /// Each position's cell, by its two heaps.
        values: Vec<Vec<Option<Cell>>>,
        /// Each position's remoteness and suspense, by its two heaps, as
        /// `Shape::OneHeap`'s.
        timing: Option<Vec<Vec<Option<Timing>>>>,
    },
}

/// One position of a partizan game's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanCell {
    /// Its canonical form as written (`partizan::Forms::text`), or where
    /// that is longer than a cell holds, `day N` (its birthday).
    pub value: String,
    /// Its outcome class: L, R, N or P.
    pub outcome: Outcome,
}

/// Which shape a game's table takes: one heap, or a grid of two.
/// A misère game whose moves act on one heap at a time is tabled by heap
/// too (its values do not add, but each heap's outcome and genus are what
/// there is to see).
pub fn one_heap(game: &Game, solver: &Solver) -> bool {
    // A product's single coins are pairs: a grid.
    if game.coins.is_some_and(|c| c.pairs.is_some()) {
        return false;
    }
    game.heap_count == Some(1)
        || (game.heap_count.is_none() && (solver.decomposed() || solver.one_heap_moves()))
}

/// How far a table has got, for whoever shows it (or keeps it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress<'a> {
    /// The heaps (of a grid: the rows) done.
    pub done: u64,
    /// Of this many.
    pub total: u64,
    /// The largest Grundy value found so far, where there is one.
    pub largest: Option<u32>,
    /// The values found so far, where the one-heap engine finds them: g(0)
    /// onwards, at least to heap `done` (to save them as they grow).
    pub values: Option<&'a Values>,
    /// The last report: the table is done, or stops here on an error.
    pub last: bool,
}

/// The most heaps a table's positions may have (a box of 64 heaps of
/// sizes 0 and 1 already holds 2^64 positions).
pub const MAX_TABLE_HEAPS: usize = 64;

/// The table of `game` up to heaps of `upto`, `progress` told how far it
/// got: of positions of `heaps` heaps where it is given (a game of any
/// number of heaps, or of that many), else of as many as the game has.
pub(super) fn table(
    game: &Arc<Game>,
    solver: &mut Solver,
    upto: &BigUint,
    heaps: Option<usize>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Table, AnalysisError> {
    if game.graph.is_some() {
        return Err(AnalysisError::TableOfGraphs { game: game.title() });
    }
    if game.board {
        return Err(AnalysisError::TableOfBoards { game: game.title() });
    }
    let count = match (heaps, game.heap_count) {
        (Some(asked), fixed)
            if asked == 0 || asked > MAX_TABLE_HEAPS || fixed.is_some_and(|f| f != asked) =>
        {
            return Err(AnalysisError::TableHeapCount {
                game: game.title(),
                played: fixed.map_or_else(|| "any number of".to_string(), |f| f.to_string()),
                asked,
            });
        }
        (Some(asked), _) => asked,
        (None, _) if one_heap(game, solver) => 1,
        (None, fixed) => fixed.unwrap_or(2),
    };
    // A product's single coins are pairs: a grid, whatever is asked.
    let count = match game.coins.is_some_and(|c| c.pairs.is_some()) {
        true => 2,
        false => count,
    };
    let limit = solver.max_positions();
    let mut loopy = Loopy::default();
    let mut undefined = None;
    // A game played alone (its ends, or its points) has its cells found so.
    let ends = game.ends_anywhere().is_some() || game.scoring;
    // What the table holds, exactly: refused at once when over the limit,
    // however large `upto` is (counted no further than past the limit).
    let side = upto + 1u8;
    let mut cells = BigUint::from(1u8);
    for _ in 0..count {
        if cells > BigUint::from(limit) {
            break;
        }
        cells *= &side;
    }
    let fits = cells <= BigUint::from(limit);
    let upto = match upto.to_u64().filter(|_| fits) {
        Some(upto) => upto,
        None => {
            return Err(SearchError::TooManyPositions {
                game: game.title(),
                position: Named::heaps(Position(vec![upto.clone(); count])),
                limit,
            }
            .into());
        }
    };
    let shape = if count == 1 {
        one_heap_shape(game, solver, &mut loopy, &mut undefined, upto, progress)?
    } else if count > 2 {
        box_shape(
            game,
            solver,
            &mut loopy,
            &mut undefined,
            upto,
            count,
            progress,
        )?
    } else {
        // Every position of the grid, where a graph of them is wanted: for
        // its ends, or for the timing of a small table.
        let wanted = ends || (usize_of(upto) + 1).pow(2) <= TIMING_POSITIONS;
        let all: Vec<Vec<u64>> = match wanted {
            true => (0..=upto)
                .flat_map(|a| (0..=upto).map(move |b| vec![a, b]))
                .filter(|heaps| is_position(game, heaps))
                .collect(),
            false => Vec::new(),
        };
        let mut ended = ends.then(|| Played::of(game, solver, &all)).transpose()?;
        if ended.is_none() {
            solver.reserve(&[upto, upto])?;
        }
        let mut grid = Vec::new();
        for a in 0..=upto {
            let row = (0..=upto)
                .map(|b| {
                    let found = match &mut ended {
                        Some(ended) => ended.cell(game, solver, &[a, b]),
                        None => cell_at(game, solver, &mut loopy, &[a, b], &[]),
                    };
                    or_blank(found, &mut undefined)
                })
                .collect::<Result<Vec<_>, _>>()?;
            let largest = row.iter().flatten().filter_map(Cell::grundy).max();
            grid.push(row);
            progress(&Progress {
                done: a,
                total: upto,
                largest,
                values: None,
                last: a == upto,
            });
        }
        let timing = (!ends)
            .then(|| timing_of(solver, &all))
            .flatten()
            .map(|found| {
                let mut timing = vec![vec![None; grid.len()]; grid.len()];
                for (heaps, s) in all.iter().zip(found) {
                    timing[usize_of(heaps[0])][usize_of(heaps[1])] = s;
                }
                timing
            });
        Shape::Grid {
            values: grid,
            timing,
        }
    };
    Ok(Table {
        game: game.title(),
        parts: game.parts.clone(),
        tokens: (game.rules.iter()).any(|r| matches!(r.kind, crate::rules::MoveKind::Slide(_))),
        boards: false,
        shape,
        undefined,
    })
}

/// A table of positions of `heaps` heaps, each at most `upto` (three or
/// more: `Shape::Box`), a row of its last heap at a time.
fn box_shape(
    game: &Arc<Game>,
    solver: &mut Solver,
    loopy: &mut Loopy,
    undefined: &mut Option<Undefined>,
    upto: u64,
    heaps: usize,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Shape, AnalysisError> {
    let side = upto + 1;
    // Within the positions limit, checked by the caller: fits a usize.
    let rows = side.pow(heaps as u32 - 1);
    let all_positions = |rows: std::ops::Range<u64>| {
        rows.flat_map(move |row| {
            (0..side).map(move |last| {
                let mut position = vec![0; heaps];
                let mut rest = row;
                for h in (0..heaps - 1).rev() {
                    position[h] = rest % side;
                    rest /= side;
                }
                position[heaps - 1] = last;
                position
            })
        })
    };
    let mut ended = match game.ends_anywhere().is_some() || game.scoring {
        true => {
            let all: Vec<Vec<u64>> = all_positions(0..rows)
                .filter(|p| is_position(game, p))
                .collect();
            Some(Played::of(game, solver, &all)?)
        }
        false => {
            solver.reserve(&vec![upto; heaps])?;
            None
        }
    };
    let mut values = Vec::with_capacity(usize_of(rows * side));
    for row in 0..rows {
        let start = values.len();
        for position in all_positions(row..row + 1) {
            let found = match &mut ended {
                Some(ended) => ended.cell(game, solver, &position),
                None => cell_at(game, solver, loopy, &position, &[]),
            };
            values.push(or_blank(found, undefined)?);
        }
        let largest = values[start..]
            .iter()
            .flatten()
            .filter_map(Cell::grundy)
            .max();
        progress(&Progress {
            done: row,
            total: rows - 1,
            largest,
            values: None,
            last: row + 1 == rows,
        });
    }
    Ok(Shape::Box {
        heaps,
        side: usize_of(side),
        values,
    })
}

/// A one-heap table: from the one-heap engine's values as it stores them
/// (`Column::Grundy`) where every heap is a position valued by it, else
/// heap by heap.
fn one_heap_shape(
    game: &Arc<Game>,
    solver: &mut Solver,
    loopy: &mut Loopy,
    undefined: &mut Option<Undefined>,
    upto: u64,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Shape, AnalysisError> {
    let ends = game.ends_anywhere().is_some() || game.scoring;
    let coins = game.coins.is_some();
    let mut whole = None;
    let values = match keeps_values(game) && solver.heap_values().is_some() {
        true => match engine_column(solver, upto, progress) {
            // The engine stops at the first heap a rule fails at: the heaps
            // are valued one by one instead, by the search of the game
            // whole, each left blank where its play meets a failure.
            Err(AnalysisError::Search(e)) if matches!(*e, SearchError::RuleFails { .. }) => {
                whole = Some(solver.searched_whole());
                None
            }
            found => found?,
        },
        false => None,
    };
    let solver = match &mut whole {
        Some(whole) => whole,
        None => solver,
    };
    // Every heap of the table, where the cells are found one by one or
    // their timing is looked for.
    let all: Vec<Vec<u64>> = match values.is_none() || usize_of(upto) < TIMING_POSITIONS {
        true => (0..=upto)
            .map(|n| vec![n])
            .filter(|heaps| is_position(game, heaps))
            .collect(),
        false => Vec::new(),
    };
    let values = match values {
        Some(values) => values,
        None => Column::Cells(cells(game, solver, loopy, undefined, upto, &all, progress)?),
    };
    // A period the engine proved holds as it is, where the table shows its
    // preperiod and one period (the engine may have proven it on more
    // heaps than the table holds); else the values are checked here, by
    // the same theorem (not for loopy games).
    let shown = |p: &&Period| p.preperiod + p.period <= values.len();
    let grundy = values.grundy().filter(|_| loopy.graphs.is_empty());
    let period = grundy.as_deref().filter(|_| !coins).and_then(|g| {
        (solver.period().filter(shown).cloned())
            .or_else(|| with_values!(g, v => period::find(v, period::classify(game))))
    });
    let saltus = grundy
        .as_deref()
        .filter(|_| period.is_none() && !coins)
        .and_then(|g| with_values!(g, v => period::saltus(v)))
        .map(Box::new);
    let figures = (grundy.as_deref().filter(|_| !coins))
        .and_then(figures)
        .map(Box::new);
    drop(grundy);
    let genera = game
        .misere
        .then(|| genus::genera(game, upto, solver.max_positions()));
    let timing = (!coins && !ends && !all.is_empty())
        .then(|| timing_of(solver, &all))
        .flatten()
        .map(|found| {
            let mut timing = vec![None; values.len()];
            for (heaps, s) in all.iter().zip(found) {
                timing[usize_of(heaps[0])] = s;
            }
            timing
        });
    Ok(Shape::OneHeap {
        values,
        figures,
        period,
        saltus,
        decomposed: solver.decomposed() && !game.scoring,
        coins,
        genera,
        timing,
    })
}

/// Whether a table of `game` is its one-heap values as the engine keeps
/// them, where the engine values it: a one-heap table of a game in normal
/// play, without ends or coins, whose every heap is a position.
pub fn keeps_values(game: &Game) -> bool {
    game.heap_count.is_none_or(|n| n == 1)
        && game.ends.is_empty()
        && game.coins.is_none()
        && game.graph.is_none()
        && !game.board
        && !game.misere
        && game.invariant.is_none()
        && !game.scoring
}

/// How many heaps a table finds between two reports of its progress.
const REPORT_EVERY: u64 = 4096;

/// The values of heaps 0 to `upto` from the one-heap engine, shared as it
/// stores them; `None` where the engine gave way to another search (a
/// move that does not shrink its heap).
fn engine_column(
    solver: &mut Solver,
    upto: u64,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Option<Column>, AnalysisError> {
    let mut largest = None;
    let mut done = 0;
    // Heap 0, then every `REPORT_EVERY`, then `upto`.
    for to in (0..upto).step_by(usize_of(REPORT_EVERY)).chain([upto]) {
        let found = solver.value(&[to]);
        let Some(values) = solver.heap_values() else {
            return found.map(|_| None).map_err(Into::into);
        };
        // A heap the values reach, where the search stopped before `to`.
        let reached = (values.len() as u64).min(to + 1);
        let chunk = (done..reached)
            .filter_map(|n| values.get(usize_of(n)))
            .max();
        largest = largest.max(chunk);
        progress(&Progress {
            done: reached.saturating_sub(1),
            total: upto,
            largest,
            values: Some(values),
            last: found.is_err() || to == upto,
        });
        found?;
        done = reached;
    }
    Ok(solver.shared_heap_values().map(|values| Column::Grundy {
        values,
        len: usize_of(upto) + 1,
    }))
}

/// Each heap's cell, one by one: `all` holds the heaps that are positions.
fn cells(
    game: &Arc<Game>,
    solver: &mut Solver,
    loopy: &mut Loopy,
    undefined: &mut Option<Undefined>,
    upto: u64,
    all: &[Vec<u64>],
    progress: &mut dyn FnMut(&Progress),
) -> Result<Vec<Option<Cell>>, AnalysisError> {
    let mut values = Vec::new();
    // Every heap of the table: a graph explored for one (a game that can
    // go on forever) is explored from the heaps after it too, so that one
    // graph serves the table.
    let mut ended = (game.ends_anywhere().is_some() || game.scoring)
        .then(|| Played::of(game, solver, all))
        .transpose()?;
    let mut largest = None;
    for n in 0..=upto {
        let after = &all[all.partition_point(|h| h[0] <= n)..];
        let found = match &mut ended {
            Some(ended) => ended.cell(game, solver, &[n]),
            None => cell_at(game, solver, loopy, &[n], after),
        };
        let cell = or_blank(found, undefined)?;
        if let Some(g) = cell.as_ref().and_then(Cell::grundy) {
            largest = largest.max(Some(g));
        }
        values.push(cell);
        if n % REPORT_EVERY == 0 || n == upto {
            progress(&Progress {
                done: n,
                total: upto,
                largest,
                values: None,
                last: n == upto,
            });
        }
    }
    Ok(values)
}

/// The loopy graphs explored for a table's positions, each from a position
/// no earlier graph reached, and the positions and bytes they hold in all
/// (counted once, as each is kept).
#[derive(Default)]
struct Loopy {
    graphs: Vec<LoopyGraph>,
    held: usize,
    bytes: u64,
}

/// What the table shows at `heaps`, or `None` where they break the game's
/// invariant. A position from which play can go on forever is explored
/// (with the rest of its graph) and valued as a loopy game.
fn cell_at(
    game: &Game,
    solver: &mut Solver,
    loopy: &mut Loopy,
    heaps: &[u64],
    after: &[Vec<u64>],
) -> Result<Option<Cell>, AnalysisError> {
    if !is_position(game, heaps) {
        return Ok(None);
    }
    solver.check_deadline(heaps)?;
    for graph in &loopy.graphs {
        if let Some(id) = graph.find([(game, heaps)]) {
            return Ok(Some(Cell::Loopy(graph.gamma(id).clone())));
        }
    }
    // All the graphs together within the position limit, and the memory
    // limit of one.
    let room = solver.max_positions().saturating_sub(loopy.held);
    solver.limit_memory(Some(solver.max_bytes().saturating_sub(loopy.bytes)));
    let found = search::loopy::search_from(solver, heaps, after, room);
    solver.limit_memory(None);
    Ok(Some(match found? {
        Found::Value(value, _) => Cell::Value(value),
        Found::Loopy(graph) => {
            let cell = Cell::Loopy(graph.gamma(0).clone());
            loopy.held += graph.len();
            loopy.bytes += graph.bytes();
            loopy.graphs.push(*graph);
            cell
        }
    }))
}

/// The most moves the play graph of a table's positions may take for their
/// remoteness and suspense: about a tenth of a second of work.
pub const TIMING_MOVES: u64 = 1_000_000;

/// The most positions a table may show for their remoteness and suspense
/// to be looked for (a larger table is computed as fast as without them).
pub const TIMING_POSITIONS: usize = 16_384;

/// The remoteness and suspense of each of `positions` (`TimingGraph`), from
/// one play graph explored from the last of them (and the others it does
/// not reach); `None` where the graph passes `TIMING_MOVES` moves or twice
/// as many positions as the table's (a game whose positions below a heap
/// are many heaps, searched as a sum of one-heap games: their timing does not
/// add as values do), or a play can go on forever.
fn timing_of(solver: &Solver, positions: &[Vec<u64>]) -> Option<Vec<Option<Timing>>> {
    if positions.len() > TIMING_POSITIONS {
        return None;
    }
    let (last, rest) = positions.split_last()?;
    let limit = (2 * positions.len()).min(solver.max_positions());
    let graph = TimingGraph::explore_from(solver, last, rest, limit, TIMING_MOVES).ok()??;
    Some(
        (positions.iter())
            .map(|p| graph.id(&solver.canonical(p)).map(|id| graph.timing(id)))
            .collect(),
    )
}

/// How a table finds each position's cell from the game played alone: a
/// game with ends, its outcome; a scoring game, its score.
enum Played {
    /// The graph of every position reachable from the table's, those
    /// meeting an end explored no further (`LoopyGraph::explore`).
    Graph(Box<LoopyGraph>),
    /// A game whose moves become sums: each position where it stands in
    /// the game reduced for sums (`search::Reduced`), which decides it.
    Reduced,
    /// A scoring game: each position's score, by its negamax search.
    Scored(Box<ScoringSearch>),
}

impl Played {
    fn of(
        game: &Arc<Game>,
        solver: &Solver,
        positions: &[Vec<u64>],
    ) -> Result<Played, SearchError> {
        if game.scoring {
            let mut search = ScoringSearch::new(game.clone(), solver.options().clone());
            // The table's cells share its one timeout and move budget.
            search.share(solver.shared());
            // The table's box, filled at once where the rules allow it.
            if let Some((least, most)) = corners(positions) {
                search.fill_between(&least, &most)?;
            }
            return Ok(Played::Scored(Box::new(search)));
        }
        if solver.has_sums() {
            return Ok(Played::Reduced);
        }
        let (first, rest) = positions
            .split_first()
            .map_or((&[][..], &[][..]), |(f, r)| (f.as_slice(), r));
        let graph = LoopyGraph::explore_from(solver, first, rest, solver.max_positions())?;
        // The exploration stops taking starts at the limit: a position it
        // did not take is refused, not shown as no position.
        let missed = (positions.iter())
            .find(|p| is_position(game, p) && graph.find([(&**game, p.as_slice())]).is_none());
        if let Some(missed) = missed {
            return Err(too_large(game, solver.max_positions(), missed));
        }
        Ok(Played::Graph(Box::new(graph)))
    }

    /// What the table shows at `heaps`: its outcome or score, or `None`
    /// where the heaps are not a position.
    fn cell(
        &mut self,
        game: &Game,
        solver: &mut Solver,
        heaps: &[u64],
    ) -> Result<Option<Cell>, AnalysisError> {
        match self {
            Played::Graph(graph) => {
                Ok((graph.find([(game, heaps)])).map(|id| Cell::Ended(graph.outcome(id))))
            }
            Played::Reduced | Played::Scored(_) if !is_position(game, heaps) => Ok(None),
            Played::Scored(search) => Ok(Some(Cell::Score(search.value(heaps)?))),
            Played::Reduced => {
                let mut budget = solver.question_budget();
                let Some(sums) = solver.sum_search() else {
                    unreachable!("a game whose moves become sums is searched by SumSearch")
                };
                let outcome = match sums.reduced(heaps, &mut budget)? {
                    // The play is over: lost by the player to move after a
                    // `win when`.
                    Reduced::End(kind) => Outcome::p_if(kind == EndKind::Win),
                    Reduced::Danger => Outcome::N,
                    Reduced::Value(g) => Outcome::p_if(g == 0),
                };
                Ok(Some(Cell::Ended(outcome)))
            }
        }
    }
}

/// The least and the most of each heap over `positions`, where they all
/// have as many heaps.
fn corners(positions: &[Vec<u64>]) -> Option<(Vec<u64>, Vec<u64>)> {
    let (first, rest) = positions.split_first()?;
    let (mut least, mut most) = (first.clone(), first.clone());
    for p in rest {
        if p.len() != first.len() {
            return None;
        }
        for (k, &h) in p.iter().enumerate() {
            least[k] = least[k].min(h);
            most[k] = most[k].max(h);
        }
    }
    Some((least, most))
}

/// Whether `heaps` is a position of the game: its invariant holds, and a
/// game of coins has them as heads.
pub(crate) fn is_position(game: &Game, heaps: &[u64]) -> bool {
    (game.invariant.as_ref()).is_none_or(|i| i.expr.truth(&Env::position(heaps)).unwrap_or(false))
        && game.shaped(heaps)
}
