//! The analyzer: answers positions, keeping each game's search and its
//! recognised closed form (verified once) for the whole run.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::AnalysisError;
use super::answer::{
    Answer, Component, ComponentMethod, Count, Grundy, Method, Note, Outcome, Unknown, WinningMove,
};
use super::graph::{self, PositionGraph};
use super::quotient::{ByQuotient, Grown};
use super::table::{self, Table};
use super::verify::{self, Verified};
use crate::analysis::standing::Standings;
use crate::check::{Instance, Question};
use crate::known::{self, Known};
use crate::misere::genus::{self, Genus, TameHeaps};
use crate::moves::MoveGen;
use crate::position::Position;
use crate::rules::Game;
use crate::search::loopy::{self, Found, Gamma, LoopyGraph};
use crate::search::{self, Budget, SearchError, Solver, Value};

/// How the analyzer works.
#[derive(Clone, Debug)]
pub struct Options {
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

pub const DEFAULT_MAX_MOVES: usize = 100;

/// A closed form's game is searched for a Grundy value (or for moves in a
/// sum) only when the search's estimated work is at most this many moves.
const SMALL_SEARCH: u64 = 5_000_000;

/// The work finding the genera of a misère game's heaps may take before the
/// game is answered some other way (a wild game shows itself at once).
const TAME_WORK: u64 = 10_000_000;

/// Moves are listed from heaps up to this: a heap of n has about n moves.
pub(super) const LIST_MOVES_UP_TO: u64 = 1 << 24;

/// A period is looked for in the values of heaps up to this (or the
/// search's limit, if lower) before a heap too large to search is answered
/// from it.
const PERIOD_PROBE: u64 = 1 << 16;

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
}

/// One component, answered.
pub(super) struct Part {
    pub(super) component: Component,
    pub(super) outcome: Outcome,
    pub(super) grundy: Grundy,
    pub(super) method: ComponentMethod,
    /// A closed form's own winning moves (for a single game).
    pub(super) closed_moves: Option<known::WinningMoves>,
    /// A game that can go on forever: the positions reachable, labelled.
    pub(super) loopy: Option<LoopyGraph>,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    pub fn new(options: Options) -> Self {
        Analyzer {
            options,
            games: HashMap::new(),
            quotients: HashMap::new(),
        }
    }

    pub fn analyze(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        if analysis.components.iter().all(|c| c.game.misere) {
            if let Some(answer) = self.tame(analysis)? {
                return Ok(answer);
            }
            let note = match self.by_quotient(analysis)? {
                ByQuotient::Answer(answer) => return Ok(answer),
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
        let parts: Vec<Part> = analysis
            .components
            .iter()
            .map(|instance| self.part(instance))
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
        match &winning_move_count {
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
    fn known(&mut self, game: &Arc<Game>) -> Result<Option<&Recognised>, AnalysisError> {
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

    /// The table of `game` up to heaps of `upto` (see `table`), `progress`
    /// told how far it got.
    pub fn table(
        &mut self,
        game: &Arc<Game>,
        upto: &BigUint,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Table, AnalysisError> {
        self.solving(game, |solver| table::table(game, solver, upto, progress))
    }

    /// The position graph below `instance` (see `graph`), of at most as many
    /// positions as the search may hold.
    pub fn graph(&mut self, instance: &Instance) -> Result<PositionGraph, AnalysisError> {
        let heaps =
            (instance.position.to_u64s()).ok_or_else(|| AnalysisError::TooLargeForAGraph {
                position: instance.position.clone(),
            })?;
        let max_nodes = self.options.search.max_positions;
        self.solving(&instance.game, |solver| {
            graph::position_graph(solver, &heaps, max_nodes)
        })
    }

    /// Whether every play from `instance` ends: its search reached every
    /// position below without returning to one. Its error otherwise: a
    /// cycle, or why the search stopped before the end.
    pub fn ends(&mut self, instance: &Instance) -> Result<(), AnalysisError> {
        let heaps = searchable(&instance.game, &instance.position)?;
        self.search(&instance.game, |s| s.value(&heaps)).map(|_| ())
    }

    fn part(&mut self, instance: &Instance) -> Result<Part, AnalysisError> {
        let Instance { game, position } = instance;
        let component = Component {
            game: game.clone(),
            position: position.clone(),
        };
        let max_moves = self.options.max_moves;
        let closed = self.known(game)?.map(|(known, verified)| {
            (
                known.analyze(position.heaps(), max_moves),
                known.id(),
                known.rule(),
                verified.clone(),
            )
        });
        if let Some((closed, id, rule, verified)) = closed {
            let mut grundy_by_search = false;
            let grundy = match closed.grundy {
                Some(g) => Grundy::Value(g),
                None if game.misere => Grundy::Misere,
                None => match small(position) {
                    Some(heaps) => match self.search(game, |s| s.value(&heaps))?.0 {
                        Value::Grundy(g) => {
                            grundy_by_search = true;
                            Grundy::Value(BigUint::from(g))
                        }
                        Value::Misere { .. } => Grundy::Misere,
                    },
                    None => Grundy::Unknown(Unknown::OutcomeOnly { closed_form: id }),
                },
            };
            return Ok(Part {
                component,
                outcome: closed.outcome,
                grundy,
                method: ComponentMethod::ClosedForm {
                    id,
                    rule,
                    verified,
                    grundy_by_search,
                },
                closed_moves: Some(closed.winning),
                loopy: None,
            });
        }
        if let Some(part) = self.by_period(&component)? {
            return Ok(part);
        }
        let heaps = searchable(game, position)?;
        let limit = self.options.search.max_positions;
        let (value, explored) = match self.search(game, |s| loopy::search(s, &heaps, limit))? {
            Found::Value(value, explored) => (value, explored),
            Found::Loopy(graph) => return Ok(loopy_part(component, graph)),
        };
        let (held, decomposed) = self.search(game, |s| Ok((s.len(), s.decomposed())))?;
        let (outcome, grundy) = match value {
            Value::Grundy(g) => (Outcome::p_if(g == 0), Grundy::Value(BigUint::from(g))),
            Value::Misere { next_wins } => (Outcome::p_if(!next_wins), Grundy::Misere),
        };
        Ok(Part {
            component,
            outcome,
            grundy,
            method: ComponentMethod::Search {
                explored,
                held,
                decomposed,
            },
            closed_moves: None,
            loopy: None,
        })
    }
}

impl Analyzer {
    /// A game or sum with a component that can go on forever: the sum's
    /// generalised Sprague-Grundy value from its components' (Smith), its
    /// winning moves (to a value 0) or, from a draw, its drawing moves.
    fn loopy_answer(&mut self, parts: Vec<Part>) -> Result<Answer, AnalysisError> {
        let mut values = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let value = match &part.grundy {
                Grundy::Loopy(gamma) => Some(gamma.clone()),
                Grundy::Value(g) => g.to_u32().map(Gamma::Finite),
                Grundy::Misere | Grundy::Unknown(_) => None,
            };
            values.push(value.ok_or_else(|| undecided(i, part))?);
        }
        let total_of =
            |values: &[Gamma]| (values.iter()).fold(Gamma::Finite(0), |sum, v| sum.add(v));
        let total = total_of(&values);
        let outcome = total.outcome();
        let (mut winning, mut drawing) = (Vec::new(), Vec::new());
        let mut notes = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let game = &part.component.game;
            // A component of a game that ends, too large to search: its
            // moves are not listed (its value came from a closed form).
            let heaps = match (&part.loopy, small(&part.component.position)) {
                (None, None) => {
                    notes.push(Note::MovesNotListed { component: i });
                    continue;
                }
                _ => searchable(game, &part.component.position)?,
            };
            // Within a question's budget: a heap may have very many moves.
            let moves = self.search(game, |s| {
                let mut budget = s.question_budget();
                s.moves_within(&heaps, &mut budget, &heaps)
            })?;
            for (rule, after) in moves {
                let value = match &part.loopy {
                    Some(graph) => {
                        let key = self.search(game, |s| Ok(s.canonical(&after)))?;
                        match graph.id(&key) {
                            Some(id) => graph.gamma(id).clone(),
                            None => continue,
                        }
                    }
                    None => match self.search(game, |s| s.value(&after))?.0 {
                        Value::Grundy(g) => Gamma::Finite(g),
                        Value::Misere { .. } => continue,
                    },
                };
                let mut changed = values.clone();
                changed[i] = value;
                let m = WinningMove {
                    component: i,
                    rule,
                    to: Position::from_u64s(&after),
                };
                match (outcome, total_of(&changed).outcome()) {
                    (Outcome::N, Outcome::P) => winning.push(m),
                    (Outcome::D, Outcome::D) => drawing.push(m),
                    _ => {}
                }
            }
        }
        let found = BigUint::from(winning.len());
        let count = if notes.is_empty() {
            Count::Exact(found)
        } else {
            Count::AtLeast(found)
        };
        self.cut_winning(&mut winning, &mut notes);
        let drawing_count = drawing.len();
        if drawing_count > self.options.max_moves {
            drawing.truncate(self.options.max_moves);
            notes.push(Note::DrawingMovesCut {
                count: drawing_count,
                listed: drawing.len(),
            });
        }
        Ok(Answer {
            method: Method {
                components: parts.iter().map(|p| p.method.clone()).collect(),
            },
            components: parts.into_iter().map(|p| p.component).collect(),
            outcome,
            grundy: Grundy::Loopy(total),
            winning_moves: winning,
            winning_move_count: count,
            drawing_moves: drawing,
            drawing_move_count: drawing_count,
            notes,
        })
    }

    /// A misère position (or sum) of games with no closed form, whose moves
    /// act on one heap, answered from the genus when every heap up to the
    /// largest asked about (or, with a proven period, every heap) is tame;
    /// `None` otherwise (wild, out of `TAME_WORK`, a closed form known, or
    /// the search asked for).
    fn tame(&mut self, analysis: &Question) -> Result<Option<Answer>, AnalysisError> {
        if self.options.force_search {
            return Ok(None);
        }
        let mut known: HashMap<String, TameHeaps> = HashMap::new();
        for c in &analysis.components {
            if !MoveGen::new(&c.game).one_heap_moves() || self.recognised(&c.game)?.is_some() {
                return Ok(None);
            }
            let top = (c.position.heaps().iter())
                .map(|h| h.to_u64().unwrap_or(u64::MAX))
                .max()
                .unwrap_or(0);
            let enough = (known.get(&c.game.title()))
                .is_some_and(|g| g.heaps.len() as u64 > top || g.period.is_some());
            if !enough {
                let mut budget = self.work_budget(TAME_WORK);
                match genus::tame_heaps(&c.game, top, &mut budget)? {
                    Some(g) if g.heaps.len() as u64 > top || g.period.is_some() => {
                        known.insert(c.game.title(), g)
                    }
                    _ => return Ok(None),
                };
            }
        }
        let genera_of = |game: &Game, heaps: &[BigUint]| -> Option<Vec<Genus>> {
            let g = known.get(&game.title())?;
            heaps.iter().map(|h| g.genus(h).cloned()).collect()
        };
        let mut parts = Vec::new();
        for c in &analysis.components {
            match genera_of(&c.game, c.position.heaps()) {
                Some(g) => parts.push(g),
                None => return Ok(None),
            }
        }
        let is_p = |parts: &[Vec<Genus>]| genus::tame_sum_is_p(parts.iter().flatten());
        let outcome = Outcome::p_if(is_p(&parts));
        let mut winning = Vec::new();
        let (moves, unlisted) = self.moves_to_judge(analysis, outcome)?;
        for m in moves {
            let to = Position::from_u64s(&m.after);
            let game = &analysis.components[m.component].game;
            let Some(after_genera) = genera_of(game, to.heaps()) else {
                return Ok(None);
            };
            let mut changed = parts.clone();
            changed[m.component] = after_genera;
            if is_p(&changed) {
                winning.push(m.winning());
            }
        }
        let heaps = known
            .values()
            .map(|g| g.heaps.len() as u64)
            .max()
            .unwrap_or(0);
        let period = (known.values())
            .find_map(|g| g.period.clone())
            .filter(|_| known.len() == 1);
        let method = ComponentMethod::Tame { heaps, period };
        let answer = self.misere_answer(analysis, outcome, winning, method);
        Ok(Some(unlisted_moves(answer, unlisted)))
    }

    /// A sum of misère games: one misère game (values do not add), its
    /// positions searched whole for who wins, every winning move counted.
    fn misere_sum(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        let mut place = Vec::new();
        for c in &analysis.components {
            let heaps = searchable(&c.game, &c.position)?;
            // Each component searched alone first: one too large to search
            // is refused with what ran out, and one that can go on forever
            // (misère and loopy) is refused as such.
            let limit = self.options.search.max_positions;
            self.search(&c.game, |s| loopy::search(s, &heaps, limit))?;
            place.push(heaps);
        }
        let games = analysis.components.iter().map(|c| c.game.clone()).collect();
        let mut standings = Standings::new(games, &self.options.search);
        let outcome = standings.standing(&place)?.outcome;
        let mut winning = Vec::new();
        for m in standings.moves(&place)? {
            if standings.standing(&m.to)?.outcome == Outcome::P {
                winning.push(WinningMove {
                    component: m.component,
                    rule: m.rule,
                    to: Position::from_u64s(&m.to[m.component]),
                });
            }
        }
        let method = ComponentMethod::WholeSum {
            positions: standings.len(),
        };
        Ok(self.misere_answer(analysis, outcome, winning, method))
    }

    /// The answer for a misère position judged whole (no Grundy value),
    /// with every winning move found, at most `max_moves` of them listed.
    pub(super) fn misere_answer(
        &self,
        analysis: &Question,
        outcome: Outcome,
        mut winning: Vec<WinningMove>,
        method: ComponentMethod,
    ) -> Answer {
        let count = BigUint::from(winning.len());
        let mut notes = Vec::new();
        self.cut_winning(&mut winning, &mut notes);
        Answer {
            components: (analysis.components.iter())
                .map(|c| Component {
                    game: c.game.clone(),
                    position: c.position.clone(),
                })
                .collect(),
            outcome,
            grundy: Grundy::Misere,
            winning_moves: winning,
            winning_move_count: Count::Exact(count),
            drawing_moves: Vec::new(),
            drawing_move_count: 0,
            method: Method {
                components: vec![method],
            },
            notes,
        }
    }

    /// Keeps the first `max_moves` of all the winning moves found, with a
    /// note of how many there are when some are cut.
    fn cut_winning(&self, winning: &mut Vec<WinningMove>, notes: &mut Vec<Note>) {
        if winning.len() > self.options.max_moves {
            let count = BigUint::from(winning.len());
            winning.truncate(self.options.max_moves);
            notes.push(Note::MovesCut {
                count,
                listed: winning.len(),
            });
        }
    }

    /// A position with a heap too large for the search, answered from a
    /// period the one-heap engine proved on the small heaps; `None` when the
    /// heaps fit the search, or no period is proven.
    fn by_period(&mut self, component: &Component) -> Result<Option<Part>, AnalysisError> {
        let Component { game, position } = component;
        let limit = self.options.search.max_positions as u64;
        let fits = position
            .to_u64s()
            .is_some_and(|heaps| heaps.iter().all(|&h| h < limit));
        // Only where a theorem can prove a period are the small heaps worth
        // computing: others (Grundy's game, three-way splits) may be slow.
        if fits || game.misere || crate::period::classify(game).is_none() {
            return Ok(None);
        }
        let probe = limit.saturating_sub(1).min(PERIOD_PROBE);
        let period = self.search(game, |s| {
            if !s.decomposed() {
                return Ok(None);
            }
            s.value(&[probe])?;
            Ok(s.period().filter(|p| p.is_proven()).cloned())
        })?;
        let Some(period) = period else {
            return Ok(None);
        };
        let mut total = 0u32;
        for heap in position.heaps() {
            let at = period.index(heap) as u64;
            match self.search(game, |s| s.value(&[at]))?.0 {
                Value::Grundy(g) => total ^= g,
                Value::Misere { .. } => return Ok(None),
            }
        }
        Ok(Some(Part {
            component: component.clone(),
            outcome: Outcome::p_if(total == 0),
            grundy: Grundy::Value(BigUint::from(total)),
            method: ComponentMethod::Period { period },
            closed_moves: None,
            loopy: None,
        }))
    }
}

/// A position of a game that can go on forever, from the graph of every
/// position reachable from it (`search::loopy`), the position first.
fn loopy_part(component: Component, graph: LoopyGraph) -> Part {
    let (outcome, gamma) = (graph.outcome(0), graph.gamma(0).clone());
    debug_assert_eq!(outcome, gamma.outcome(), "retrograde and values agree");
    Part {
        component,
        outcome,
        grundy: Grundy::Loopy(gamma),
        method: ComponentMethod::Loopy {
            positions: graph.len(),
            remoteness: graph.remoteness(0),
        },
        closed_moves: None,
        loopy: Some(graph),
    }
}

/// A sum whose component `i` has no value to add.
fn undecided(i: usize, part: &Part) -> AnalysisError {
    let Component { game, position } = &part.component;
    AnalysisError::SumUndecided {
        component: i,
        game: game.title(),
        position: position.clone(),
    }
}

/// The Grundy value of a sum: the XOR of its components' values.
fn sum_of_values(parts: &[Part]) -> Result<BigUint, AnalysisError> {
    let mut total = BigUint::zero();
    for (i, part) in parts.iter().enumerate() {
        let Grundy::Value(g) = &part.grundy else {
            return Err(undecided(i, part));
        };
        total ^= g;
    }
    Ok(total)
}

/// The heaps as machine words, for a search, or why the search cannot take them.
pub(super) fn searchable(game: &Game, position: &Position) -> Result<Vec<u64>, AnalysisError> {
    position
        .to_u64s()
        .ok_or_else(|| AnalysisError::TooLargeToSearch {
            game: game.title(),
            position: position.clone(),
        })
}

/// The heaps, when a search from them stays small. For taking games the
/// positions below are at most the product of (heap + 1), each with at most
/// about the sum of the heaps moves.
pub(super) fn small(position: &Position) -> Option<Vec<u64>> {
    let heaps = position.to_u64s()?;
    let mut work: u64 = heaps.iter().try_fold(1u64, |acc, &h| acc.checked_add(h))?;
    for &h in &heaps {
        work = work.checked_mul(h.checked_add(1)?)?;
        if work > SMALL_SEARCH {
            return None;
        }
    }
    Some(heaps)
}

/// A move in one component of a sum: its rule and the component's heaps
/// after it.
pub(super) struct ComponentMove {
    pub(super) component: usize,
    pub(super) rule: usize,
    pub(super) after: Vec<u64>,
}

impl ComponentMove {
    pub(super) fn winning(self) -> WinningMove {
        WinningMove {
            component: self.component,
            rule: self.rule,
            to: Position::from_u64s(&self.after),
        }
    }
}

impl Analyzer {
    /// A budget of `work` for a method tried before the search, at most the
    /// search's own move budget when one is given, with its timeout.
    pub(super) fn work_budget(&self, work: u64) -> Budget {
        let options = &self.options.search;
        let work = options.move_budget.map_or(work, |moves| moves.min(work));
        Budget::start(work, options.timeout)
    }

    /// The moves that may win from a position of outcome `outcome` (none
    /// from a P-position): every move of every component whose heaps are
    /// small enough to list moves of (at most `LIST_MOVES_UP_TO`), and the
    /// components that are not.
    pub(super) fn moves_to_judge(
        &mut self,
        analysis: &Question,
        outcome: Outcome,
    ) -> Result<(Vec<ComponentMove>, Vec<usize>), AnalysisError> {
        let mut moves = Vec::new();
        let mut unlisted = Vec::new();
        if outcome == Outcome::P {
            return Ok((moves, unlisted));
        }
        for (component, c) in analysis.components.iter().enumerate() {
            let heaps = match c.position.to_u64s() {
                Some(heaps) if heaps.iter().all(|&h| h <= LIST_MOVES_UP_TO) => heaps,
                _ => {
                    unlisted.push(component);
                    continue;
                }
            };
            let found = self.search(&c.game, |s| {
                let mut budget = s.question_budget();
                s.moves_within(&heaps, &mut budget, &heaps)
            })?;
            moves.extend(found.into_iter().map(|(rule, after)| ComponentMove {
                component,
                rule,
                after,
            }));
        }
        Ok((moves, unlisted))
    }
}

/// `answer` with the moves in the components `unlisted` (whose heaps are too
/// large to list moves of) left out: the count is then a lower bound, or
/// unknown, and a note says which.
pub(super) fn unlisted_moves(mut answer: Answer, unlisted: Vec<usize>) -> Answer {
    if !unlisted.is_empty() {
        answer.winning_move_count = match answer.winning_move_count {
            Count::Exact(n) if !n.is_zero() => Count::AtLeast(n),
            _ => Count::Unknown,
        };
        (answer.notes).extend(
            unlisted
                .into_iter()
                .map(|component| Note::MovesNotListed { component }),
        );
    }
    answer
}
