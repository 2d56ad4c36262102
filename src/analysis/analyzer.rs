//! The analyzer: answers positions, keeping each game's search and its
//! recognised closed form (verified once) for the whole run.

use std::collections::HashMap;
use std::io::Read;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::Zero;

use super::AnalysisError;
use super::answer::{Answer, ComponentMethod, Count, Grundy, Method, Note, Outcome, Steps};
use super::answered::{Answered, searchable, sum_of_values};
use super::error::NotResumable;
use super::graph::{self, PositionGraph};
use super::moves::listed_moves;
use super::quotient::{ByQuotient, Grown};
use super::saved;
use super::table::{self, Table};
use super::verify::{self, Verified};
use crate::check::{Compound, Instance, Question};
use crate::known::{self, Known};
use crate::misere::quotient::{self, Limits, Quotient, Stopped};
use crate::moves::MoveGen;
use crate::rules::Game;
use crate::search::steps::StepGraph;
use crate::search::{self, Budget, SearchError, Solver};

/// How the analyzer works.
#[derive(Clone, Debug)]
pub struct Options {
    /// How the search works.
    pub search: search::Options,
    /// Answer by the search even where a closed form is known.
    pub force_search: bool,
    /// List at most this many winning moves.
    pub max_moves: usize,
    /// Verify closed forms on every position with heaps up to this.
    pub verify_bound: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            search: search::Options::default(),
            force_search: false,
            max_moves: DEFAULT_MAX_MOVES,
            verify_bound: verify::DEFAULT_BOUND,
        }
    }
}

/// The winning moves an answer lists, unless told otherwise.
pub const DEFAULT_MAX_MOVES: usize = 100;

/// A single game's remoteness and suspense are shown where its play from
/// the position has at most this many positions.
const STEPS_POSITIONS: usize = 5_000;
/// ... and at most this many moves (Nim at 10^12 has 10^12 from the start).
const STEPS_MOVES: u64 = 200_000;

/// Answers positions, keeping each game's search and recognition for the
/// whole run: the one orchestrator of analyses, tables, plays and graphs.
/// What it keeps is keyed by the lowered game itself (its rules and its
/// source), so that a game edited is a game anew, whatever its name.
pub struct Analyzer {
    pub(super) options: Options,
    games: HashMap<Arc<Game>, GameState>,
    /// The misère quotients of games played together, as far as grown.
    pub(super) quotients: HashMap<Vec<Arc<Game>>, Grown>,
}

/// A known game's closed form, with what it was verified on.
type Recognised = (Box<dyn Known>, Verified);

/// What the analyzer keeps per game (per parameter values).
#[derive(Default)]
struct GameState {
    solver: Option<Solver>,
    /// The known game it is, with what its closed form was verified on,
    /// once asked (`Some(None)`: none is recognised).
    known: Option<Option<Recognised>>,
    /// The remoteness and suspense found so far, by canonical position:
    /// a later question's exploration stops where they are known.
    steps: HashMap<Vec<u64>, Steps>,
}

/// The most positions whose steps the analyzer keeps for a game.
const STEPS_KEPT: usize = 1_000_000;

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    /// An analyzer that works so, knowing nothing yet.
    pub fn new(options: Options) -> Self {
        Analyzer {
            options,
            games: HashMap::new(),
            quotients: HashMap::new(),
        }
    }

    /// Everything about one question: who wins, the Grundy value, the winning moves and how it knows.
    pub fn analyze(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        let mut answer = self.answer(analysis)?;
        if let [only] = analysis.components.as_slice()
            && analysis.compound == Compound::Sum
            && !matches!(answer.grundy, Grundy::Loopy(_))
        {
            answer.steps = self.steps(only);
        }
        Ok(answer)
    }

    /// The remoteness and suspense of a single game's position, where its
    /// play has at most `STEPS_POSITIONS` positions.
    fn steps(&mut self, instance: &Instance) -> Option<Steps> {
        let heaps = instance.position.to_u64s()?;
        // A game of coins reaches sets of the coins up to its highest head:
        // explored only where there are few enough of those sets.
        if let Some(coins) = instance.game.coins {
            let row = |n: u64, origin: u64| n.saturating_sub(origin).saturating_add(1);
            let count = match coins.pairs {
                Some([x0, y0]) => (heaps.chunks_exact(2))
                    .map(|p| row(p[0], x0).saturating_mul(row(p[1], y0)))
                    .max(),
                None => heaps.iter().map(|&n| row(n, coins.origin)).max(),
            };
            if count.is_some_and(|c| c > u64::from(STEPS_POSITIONS.ilog2())) {
                return None;
            }
        }
        let limit = STEPS_POSITIONS.min(self.options.search.max_positions);
        let state = self.games.entry(instance.game.clone()).or_default();
        let mut known = std::mem::take(&mut state.steps);
        // The exploration's own failure (too many positions) leaves the
        // game's search as it is.
        let explored = self.search(&instance.game, |s| {
            let known = |p: &[u64]| known.get(p).copied();
            Ok(StepGraph::explore_knowing(
                s,
                &heaps,
                limit,
                STEPS_MOVES,
                &known,
            ))
        });
        let graph = explored.ok().and_then(Result::ok).flatten();
        if let Some(graph) = &graph {
            for (position, steps) in graph.each() {
                if known.len() >= STEPS_KEPT {
                    break;
                }
                known.entry(position.to_vec()).or_insert(steps);
            }
        }
        self.games.entry(instance.game.clone()).or_default().steps = known;
        Some(graph?.steps(0))
    }

    fn answer(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        if analysis.compound != Compound::Sum {
            return self.compound(analysis);
        }
        if (analysis.components.iter()).any(|c| c.game.ends_anywhere().is_some()) {
            return self.ends_answer(analysis);
        }
        if analysis.components.iter().all(|c| c.game.misere) {
            if let Some(answer) = self.tame(analysis)? {
                return Ok(answer);
            }
            let note = match self.by_quotient(analysis)? {
                ByQuotient::Answer(answer) => return Ok(*answer),
                ByQuotient::Stopped(note) => Some(note),
                ByQuotient::NotApplicable => None,
            };
            let mut answer = if analysis.components.len() > 1 {
                self.misere_sum(analysis)?
            } else {
                self.answer_by_parts(analysis)?
            };
            answer.notes.extend(note);
            return Ok(answer);
        }
        self.answer_by_parts(analysis)
    }

    /// Each component answered on its own, then the sum.
    fn answer_by_parts(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        let parts: Vec<Answered> = analysis
            .components
            .iter()
            .map(|instance| self.answered(instance))
            .collect::<Result<_, _>>()?;
        if parts.iter().any(|p| p.loopy.is_some()) {
            return self.loopy_answer(parts);
        }
        let (outcome, grundy) = match parts.as_slice() {
            [only] => (only.outcome, only.grundy.clone()),
            _ => {
                let total = sum_of_values(&parts)?;
                (Outcome::p_if(total.is_zero()), Grundy::Value(total))
            }
        };
        let mut notes = Vec::new();
        let (winning_moves, winning_move_count) = if outcome == Outcome::P {
            (Vec::new(), Count::Exact(BigUint::zero()))
        } else {
            self.winning_moves(&parts, grundy.value(), &mut notes)?
        };
        let heaps = (parts.iter())
            .map(|p| p.component.position.heaps().len())
            .max()
            .unwrap_or(0);
        match &winning_move_count {
            Count::Exact(count)
                if *count > BigUint::from(winning_moves.len())
                    && winning_moves.len() < self.options.max_moves
                    && winning_moves.len() == listed_moves(self.options.max_moves, heaps) =>
            {
                notes.push(Note::MovesCutBySize {
                    count: count.clone(),
                    listed: winning_moves.len(),
                    heaps,
                });
            }
            // A heap answered by its period lists the moves of a smaller
            // heap of the same residue: fewer than all, whatever the limit.
            Count::Exact(count)
                if *count > BigUint::from(winning_moves.len())
                    && winning_moves.len() < self.options.max_moves
                    && parts
                        .iter()
                        .any(|p| matches!(p.method, ComponentMethod::Period { .. })) =>
            {
                notes.push(Note::SplitsListedSmallest {
                    count: count.clone(),
                    listed: winning_moves.len(),
                });
            }
            Count::Exact(count) if *count > BigUint::from(winning_moves.len()) => {
                notes.push(Note::MovesCut {
                    count: count.clone(),
                    listed: winning_moves.len(),
                });
            }
            // Only a single game's closed form lists its own moves.
            Count::AtLeast(_)
                if winning_moves.is_empty()
                    && matches!(parts.as_slice(), [only] if only.closed_moves.is_some()) =>
            {
                notes.push(Note::MovesNotTried)
            }
            Count::AtLeast(_) if matches!(parts.as_slice(), [only] if only.closed_moves.is_some()) => {
                notes.push(Note::MovesUncounted)
            }
            Count::AtLeast(_) => notes.push(Note::SplitsUncounted),
            _ => {}
        }
        for (component, part) in parts.iter().enumerate() {
            if let Grundy::Unknown(why) = &part.grundy {
                notes.push(Note::GrundyUnknown {
                    component,
                    why: why.clone(),
                });
            }
        }
        Ok(Answer {
            method: Method {
                components: parts.iter().map(|p| p.method.clone()).collect(),
            },
            components: parts.into_iter().map(|p| p.component).collect(),
            outcome,
            grundy,
            winning_moves,
            winning_move_count,
            drawing_moves: Vec::new(),
            drawing_move_count: 0,
            notes,
            compound: None,
            steps: None,
        })
    }

    /// The known game `game` is, with what its closed form was verified on;
    /// `None` when no closed form is recognised (or the search is forced).
    pub fn recognised(
        &mut self,
        game: &Arc<Game>,
    ) -> Result<Option<(&'static str, Verified)>, AnalysisError> {
        Ok((self.known(game)?).map(|(known, verified)| (known.id(), verified.clone())))
    }

    /// The known game `game` is, recognised (and its closed form verified)
    /// the first time it is asked.
    pub(super) fn known(&mut self, game: &Arc<Game>) -> Result<Option<&Recognised>, AnalysisError> {
        let state = self.games.entry(game.clone()).or_default();
        if state.known.is_none() {
            let known = match known::recognise(game) {
                Some(known) if !self.options.force_search => {
                    let verified = verify::verify(
                        game,
                        known.as_ref(),
                        self.options.verify_bound,
                        self.options.search.clone(),
                    )?;
                    Some((known, verified))
                }
                _ => None,
            };
            state.known = Some(known);
        }
        Ok(state.known.as_ref().and_then(Option::as_ref))
    }

    /// Runs `f` on the game's search; a failed search is dropped, so that a
    /// later question starts afresh.
    pub(super) fn search<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut Solver) -> Result<T, SearchError>,
    ) -> Result<T, AnalysisError> {
        self.solving(game, |solver| Ok(f(solver)?))
    }

    /// `search`, for work above the search that has errors of its own.
    fn solving<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut Solver) -> Result<T, AnalysisError>,
    ) -> Result<T, AnalysisError> {
        let options = self.options.search.clone();
        let state = self.games.entry(game.clone()).or_default();
        let solver = state
            .solver
            .get_or_insert_with(|| Solver::with_options(game.clone(), options));
        let result = f(solver);
        if result.is_err() {
            state.solver = None;
        }
        result
    }

    /// Whether the values of `game` can be kept and gone on from: a table
    /// of it is its one-heap values as the engine finds them (games of
    /// one-heap moves in normal play whose every heap is a position), and
    /// its search has none yet where `fresh`.
    pub fn keeps_values(&mut self, game: &Arc<Game>, fresh: bool) -> Result<(), AnalysisError> {
        let not = |why| AnalysisError::NotResumable {
            game: game.title(),
            why,
        };
        if !table::keeps_values(game) {
            return Err(not(NotResumable::NotOneHeap));
        }
        self.solving(game, |solver| match solver.heap_values() {
            None => Err(not(NotResumable::NotOneHeap)),
            Some(values) if fresh && !values.is_empty() => Err(not(NotResumable::Started)),
            Some(_) => Ok(()),
        })
    }

    /// Starts the search of `game` from the values `saved::write` wrote to
    /// `input`, g(0) onwards: a table or an analysis then goes on from
    /// there (`keeps_values` says for which games).
    pub fn resume(&mut self, game: &Arc<Game>, input: impl Read) -> Result<(), AnalysisError> {
        self.keeps_values(game, true)?;
        let values = saved::read(game, input, self.options.search.max_positions)?;
        self.solving(game, |solver| match solver.seed_heap_values(values) {
            true => Ok(()),
            false => Err(AnalysisError::NotResumable {
                game: game.title(),
                why: NotResumable::Started,
            }),
        })
    }

    /// The table of `game` up to heaps of `upto` (see `table`), of
    /// positions of `heaps` heaps where given (a game of any number), each
    /// heap at most `upto`; `progress` told how far it got.
    pub fn table(
        &mut self,
        game: &Arc<Game>,
        upto: &BigUint,
        heaps: Option<usize>,
        progress: &mut dyn FnMut(&super::table::Progress),
    ) -> Result<Table, AnalysisError> {
        self.solving(game, |solver| {
            // The timeout is the whole table's.
            // The budgets are the whole table's.
            solver.start_shared();
            let table = table::table(game, solver, upto, heaps, progress);
            solver.end_shared();
            table
        })
    }

    /// The position graph below `instance` (see `graph`), of at most as many
    /// positions as the search may hold.
    pub fn graph(&mut self, instance: &Instance) -> Result<PositionGraph, AnalysisError> {
        let heaps =
            (instance.position.to_u64s()).ok_or_else(|| AnalysisError::TooLargeForAGraph {
                position: instance.position.clone(),
            })?;
        if MoveGen::new(&instance.game).has_sums() {
            return Err(AnalysisError::GraphOfSums {
                game: instance.game.title(),
            });
        }
        let max_nodes = self.options.search.max_positions;
        self.solving(&instance.game, |solver| {
            graph::position_graph(solver, &heaps, max_nodes)
        })
    }

    /// The misère quotient of the sums of `game`'s heaps up to `upto` (of
    /// every heap, once a period proves it), of at most `max_order`
    /// elements, grown within `work` (`quotient::DEFAULT_WORK` when `None`)
    /// and the search's timeout; where it stopped short, why.
    pub fn quotient(
        &mut self,
        game: &Arc<Game>,
        upto: u64,
        max_order: usize,
        work: Option<u64>,
    ) -> Result<(Quotient, Option<Stopped>), AnalysisError> {
        without_ends(game, "a misère quotient")?;
        let limits = Limits { max_order };
        let work = work.unwrap_or(quotient::DEFAULT_WORK);
        let search = &self.options.search;
        let mut budget = Budget::stoppable(work, search.timeout, &search.cancel);
        let game = std::slice::from_ref(game);
        Ok(quotient::grow(game, &[upto], &limits, &mut budget)?)
    }

    /// Whether every play from `instance` ends: its search reached every
    /// position below without returning to one. Its error otherwise: a
    /// cycle, or why the search stopped before the end.
    pub fn ends(&mut self, instance: &Instance) -> Result<(), AnalysisError> {
        without_ends(&instance.game, "the check that every play ends")?;
        let heaps = searchable(&instance.game, &instance.position)?;
        self.search(&instance.game, |s| s.value(&heaps)).map(|_| ())
    }
}

/// `Err` for a game with declared ends, which `what` does not take.
pub(super) fn without_ends(game: &Game, what: &'static str) -> Result<(), AnalysisError> {
    match game.ends_anywhere() {
        None => Ok(()),
        Some(game) => Err(SearchError::EndsUnsupported { game, what }.into()),
    }
}
