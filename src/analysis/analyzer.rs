//! The analyzer: answers positions, keeping each game's search and its
//! recognised closed form (verified once) for the whole run.

use std::io::Read;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::Zero;

use super::answer::Verified;
use super::answer::{
    Answer, Brief, Compared, ComponentMethod, Count, Grundy, Method, Note, Outcome, SideMove,
    Timing,
};
use super::answers::answered::{Answered, answered, searchable, sum_of_values};
use super::answers::compound::compound;
use super::answers::ends::ends_answer;
use super::answers::kept::{Kept, TIMING_KEPT, impartial, listed_moves, not_scoring, without_ends};
use super::answers::learned::{self, Learned};
use super::answers::loopy::loopy_answer;
use super::answers::loopy_partizan::{loopy_order, loopy_partizan_answer, misere_partizan_answer};
use super::answers::misere::{misere_sum, tame};
use super::answers::partizan::{
    MAX_TEXT, board_table, partizan_answer, partizan_table, side_moves, side_options, value_of,
};
use super::answers::partizan_compound::partizan_compound_answer;
use super::answers::quotient::{ByQuotient, Quotients, by_quotient};
use super::answers::scoring::scoring_answer;
use super::answers::winning::winning_moves;
use super::error::AnalysisError;
use super::error::NotResumable;
use super::graph::{self, PositionGraph};
use super::options::Options;
use super::saved;
use super::table::{self, Table};
use crate::check::{Compound, Instance, Question};
use crate::misere::quotient::{self, Limits, Quotient, Stopped};
use crate::moves::MoveGen;
use crate::partizan::{Relation, Written};
use crate::rules::{Game, Side};
use crate::search::Budget;
use crate::search::timing::TimingGraph;

/// A single game's remoteness and suspense are shown where its play from
/// the position has at most this many positions.
const TIMING_POSITIONS: usize = 5_000;
/// ... and at most this many moves (Nim at 10^12 has 10^12 from the start).
const TIMING_MOVES: u64 = 200_000;

/// What kind of question a question is, decided once from its games and
/// how they are played: each kind is answered its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A scoring game is among its components.
    Scoring,
    /// A partizan game, or a value written as a part of the sum, is among
    /// them (partizan rules anywhere, a game it becomes included).
    Partizan,
    /// Impartial games played together other than by the sum.
    Compound,
    /// A sum of impartial games, one of which may end other than by
    /// running out of moves (an `end` test).
    Ends,
    /// A sum of impartial games all played misère.
    Misere,
    /// A sum of impartial games, not all misère (each answered by its
    /// value: normal play, or one misère game among them).
    Normal,
}

impl Kind {
    /// The kind of `question`.
    pub(crate) fn of(question: &Question) -> Kind {
        let games = || question.components.iter().map(|c| &c.game);
        if games().any(|g| g.scoring) {
            Kind::Scoring
        } else if !question.values.is_empty() || games().any(|g| g.partizan_anywhere().is_some()) {
            Kind::Partizan
        } else if question.compound != Compound::Sum {
            Kind::Compound
        } else if games().any(|g| g.ends_anywhere().is_some()) {
            Kind::Ends
        } else if games().all(|g| g.misere) {
            Kind::Misere
        } else {
            Kind::Normal
        }
    }
}

/// The most characters a graph's position writes its value in; a longer
/// one is written by its birthday (`day 7`).
const GRAPH_TEXT: usize = 64;

/// Answers positions, keeping each game's search and recognition for the
/// whole run: the one orchestrator of analyses, tables, plays and graphs.
/// What it keeps is keyed by the lowered game itself (its rules and its
/// source), so that a game edited is a game anew, whatever its name.
pub struct Analyzer {
    kept: Kept,
    /// The misère quotients of games played together, as far as grown.
    quotients: Quotients,
}

// An analyzer may be lent to another thread (the Python package runs each
// long question so, to watch for Ctrl-C meanwhile) and kept behind a lock.
const _: () = {
    const fn send<T: Send>() {}
    send::<Analyzer>();
};

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    /// An analyzer that works so, knowing nothing yet.
    pub fn new(options: Options) -> Self {
        Analyzer {
            kept: Kept::new(options),
            quotients: Quotients::new(),
        }
    }

    /// An analyzer that keeps what its partizan searches value as positions
    /// asked about, for `learned`: one of several valuing a family of
    /// positions side by side (a census's threads or processes), each
    /// teaching the others what it found (`learn`).
    pub fn learning(options: Options) -> Self {
        let mut analyzer = Analyzer::new(options);
        analyzer.kept.learning = true;
        analyzer
    }

    /// The regions of partizan games valued as positions asked about since
    /// last asked, with their forms (kept by an analyzer made `learning`;
    /// nothing by another).
    pub fn learned(&mut self) -> Learned {
        learned::learned(&mut self.kept)
    }

    /// Learns what another analyzer valued (`learned`): its regions are
    /// looked up, not searched again, by this analyzer's searches of the
    /// same games, as far as their limits leave room.
    pub fn learn(&mut self, learned: &Learned) {
        learned::learn(&mut self.kept, learned)
    }

    /// Everything about one question: who wins, the Grundy value, the winning moves and how it knows.
    pub fn analyze(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        // The memory an earlier question let go of comes back first.
        crate::platform::settle();
        let kind = Kind::of(analysis);
        let mut answer = match kind {
            Kind::Scoring => scoring_answer(&mut self.kept, analysis)?,
            Kind::Partizan if analysis.compound != Compound::Sum => {
                partizan_compound_answer(&mut self.kept, analysis)?
            }
            // A misère partizan sum: one misère game, searched whole.
            Kind::Partizan if analysis.components.iter().any(|c| c.game.misere) => {
                misere_partizan_answer(&mut self.kept, analysis)?
            }
            Kind::Partizan => match partizan_answer(&mut self.kept, analysis)? {
                Some(answer) => answer,
                None => loopy_partizan_answer(&mut self.kept, analysis)?,
            },
            Kind::Compound => compound(&mut self.kept, analysis)?,
            Kind::Ends => ends_answer(&mut self.kept, analysis)?,
            Kind::Misere => self.misere_answer(analysis)?,
            Kind::Normal => self.answer_by_parts(analysis)?,
        };
        if let [only] = analysis.components.as_slice()
            && matches!(kind, Kind::Ends | Kind::Misere | Kind::Normal)
            && !matches!(answer.grundy, Grundy::Loopy(_))
        {
            answer.timing = self.timing(only);
        }
        // `compare G to H`: the question is G − H, its outcome the order;
        // loopy games are ordered by their sides.
        let relation = match (&answer.loopy, analysis.compare) {
            (Some(_), Some(split)) => loopy_order(&mut self.kept, analysis, split)?,
            _ => Relation::of_difference(answer.outcome),
        };
        answer.compared = (analysis.compare).map(|split| Compared {
            relation,
            split,
            values: (analysis.values.iter().enumerate())
                .map(|(i, v)| {
                    let (negated, v) = match v {
                        Written::Negative(v) => (true, v.as_ref()),
                        v => (false, v),
                    };
                    (negated != (i >= split.values), v.to_string())
                })
                .collect(),
        });
        Ok(answer)
    }

    /// Who wins one question and its value, without its moves: the same
    /// outcome and value as `analyze`, found without listing winning moves
    /// or exploring remoteness where the question is a sum of impartial
    /// games played normally (each component's value by the same closed
    /// form, period or search; the sum's by XOR, Sprague-Grundy), and by
    /// `analyze` itself otherwise.
    pub fn brief(&mut self, analysis: &Question) -> Result<Brief, AnalysisError> {
        let plain = Kind::of(analysis) == Kind::Normal
            && analysis.components.iter().all(|c| !c.game.misere);
        if plain {
            let parts: Vec<Answered> = (analysis.components.iter())
                .map(|instance| answered(&mut self.kept, instance))
                .collect::<Result<_, _>>()?;
            if parts.iter().all(|p| p.loopy.is_none()) {
                let (outcome, grundy) = match parts.as_slice() {
                    [only] => (only.outcome, only.grundy.clone()),
                    _ => {
                        let total = sum_of_values(&parts)?;
                        (Outcome::p_if(total.is_zero()), Grundy::Value(total))
                    }
                };
                return Ok(Brief {
                    outcome,
                    grundy,
                    value: None,
                });
            }
        }
        let answer = self.analyze(analysis)?;
        Ok(Brief {
            outcome: answer.outcome,
            grundy: answer.grundy,
            value: answer.partizan.and_then(|p| p.value),
        })
    }

    /// The remoteness and suspense of a single game's position, where its
    /// play has at most `TIMING_POSITIONS` positions.
    fn timing(&mut self, instance: &Instance) -> Option<Timing> {
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
            if count.is_some_and(|c| c > u64::from(TIMING_POSITIONS.ilog2())) {
                return None;
            }
        }
        let limit = TIMING_POSITIONS.min(self.kept.options.search.max_positions);
        let state = self.kept.games.entry(instance.game.clone()).or_default();
        // A position explored before: its timing is kept.
        if let Some(timing) = state.timing.get(heaps.as_slice()) {
            return Some(*timing);
        }
        let mut known = std::mem::take(&mut state.timing);
        // The exploration's own failure (too many positions) leaves the
        // game's search as it is.
        let explored = self.kept.search(&instance.game, |s| {
            let known = |p: &[u64]| known.get(p).copied();
            Ok(TimingGraph::explore_knowing(
                s,
                &heaps,
                limit,
                TIMING_MOVES,
                &known,
            ))
        });
        let graph = explored.ok().and_then(Result::ok).flatten();
        if let Some(graph) = &graph {
            for (position, timing) in graph.each() {
                if known.len() >= TIMING_KEPT {
                    break;
                }
                known.entry(position.to_vec()).or_insert(timing);
            }
        }
        self.kept
            .games
            .entry(instance.game.clone())
            .or_default()
            .timing = known;
        Some(graph?.timing(0))
    }

    /// Whether `question` is answered at once: a sum of impartial games
    /// played normally, each recognised (and its closed form verified)
    /// already, so that its answer is a formula and a small bounded
    /// exploration, work of microseconds that needs no thread to watch it.
    pub fn answered_at_once(&self, question: &Question) -> bool {
        Kind::of(question) == Kind::Normal
            && (question.components.iter()).all(|c| !c.game.misere && self.kept.is_known(&c.game))
    }

    /// A sum of misère games: tame ones by their genus, else by their
    /// quotient where one is found, else by search.
    fn misere_answer(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        if let Some(answer) = tame(&mut self.kept, analysis)? {
            return Ok(answer);
        }
        let note = match by_quotient(&mut self.kept, &mut self.quotients, analysis)? {
            ByQuotient::Answer(answer) => return Ok(*answer),
            ByQuotient::Stopped(note) => Some(note),
            ByQuotient::NotApplicable => None,
        };
        let mut answer = if analysis.components.len() > 1 {
            misere_sum(&mut self.kept, analysis)?
        } else {
            self.answer_by_parts(analysis)?
        };
        answer.notes.extend(note);
        Ok(answer)
    }

    /// Each component answered on its own, then the sum.
    fn answer_by_parts(&mut self, analysis: &Question) -> Result<Answer, AnalysisError> {
        let parts: Vec<Answered> = analysis
            .components
            .iter()
            .map(|instance| answered(&mut self.kept, instance))
            .collect::<Result<_, _>>()?;
        if parts.iter().any(|p| p.loopy.is_some()) {
            return loopy_answer(&mut self.kept, parts);
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
            winning_moves(&mut self.kept, &parts, grundy.value(), &mut notes)?
        };
        let heaps = (parts.iter())
            .map(|p| p.component.position.heaps().len())
            .max()
            .unwrap_or(0);
        match &winning_move_count {
            Count::Exact(count)
                if *count > BigUint::from(winning_moves.len())
                    && winning_moves.len() < self.kept.options.max_moves
                    && winning_moves.len() == listed_moves(self.kept.options.max_moves, heaps) =>
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
                    && winning_moves.len() < self.kept.options.max_moves
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
            timing: None,
            partizan: None,
            scoring: None,
            compared: None,
            loopy: None,
        })
    }

    /// The known game `game` is, with what its closed form was verified on;
    /// `None` when no closed form is recognised (or the search is forced).
    pub fn recognised(
        &mut self,
        game: &Arc<Game>,
    ) -> Result<Option<(&'static str, Verified)>, AnalysisError> {
        self.kept.recognised(game)
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
        self.kept
            .solving(game, |solver| match solver.heap_values() {
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
        let values = saved::read(game, input, self.kept.options.search.max_positions)?;
        self.kept
            .solving(game, |solver| match solver.seed_heap_values(values) {
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
        if game.partizan_anywhere().is_some() {
            return partizan_table(&mut self.kept, game, upto, heaps, progress);
        }
        self.kept.solving(game, |solver| {
            // The budgets are the whole table's.
            solver.start_shared();
            let table = table::table(game, solver, upto, heaps, progress);
            solver.end_shared();
            table
        })
    }

    /// The table of a board game's empty boards of `rows` × `cols`, each an
    /// inclusive range from 1 (`partizan::board_table`).
    pub fn board_table(
        &mut self,
        game: &Arc<Game>,
        rows: (u64, u64),
        cols: (u64, u64),
        progress: &mut dyn FnMut(&super::table::Progress),
    ) -> Result<Table, AnalysisError> {
        board_table(&mut self.kept, game, rows, cols, progress)
    }

    /// The position graph below `instance` (see `graph`), of at most as many
    /// positions as the search may hold.
    pub fn graph(&mut self, instance: &Instance) -> Result<PositionGraph, AnalysisError> {
        not_scoring(&instance.game, "`graph`")?;
        let heaps =
            (instance.position.to_u64s()).ok_or_else(|| AnalysisError::TooLargeForAGraph {
                position: instance.position.clone(),
            })?;
        if MoveGen::new(&instance.game).has_sums() {
            return Err(AnalysisError::GraphOfSums {
                game: instance.game.title(),
            });
        }
        let max_nodes = self.kept.options.search.max_positions;
        if instance.game.partizan_anywhere().is_some() {
            return self.partizan_graph(instance, &heaps, max_nodes);
        }
        self.kept.solving(&instance.game, |solver| {
            graph::position_graph(solver, &heaps, max_nodes)
        })
    }

    /// The graph below a partizan position, each position valued by the
    /// game's partizan search within one question's limits.
    fn partizan_graph(
        &mut self,
        instance: &Instance,
        heaps: &[u64],
        max_nodes: usize,
    ) -> Result<PositionGraph, AnalysisError> {
        let game = &instance.game;
        if game.misere {
            return Err(AnalysisError::Partizan {
                game: game.title(),
                what: "a graph in misère play",
            });
        }
        without_ends(game, "a partizan graph")?;
        let mut budget = self.kept.question_budget();
        let kept = &mut self.kept;
        kept.limit_forms();
        let mut valued = |heaps: &[u64]| -> Result<(String, Outcome), AnalysisError> {
            let (_, text, outcome) = value_of(kept, game, heaps, GRAPH_TEXT)?;
            Ok((text, outcome))
        };
        graph::partizan_graph(game, heaps, max_nodes, &mut budget, &mut valued)
    }

    /// A partizan position's canonical form as written (at most
    /// `partizan::MAX_TEXT` characters, else by its birthday) and its
    /// outcome class, within one question's limits.
    pub fn partizan_value(
        &mut self,
        game: &Arc<Game>,
        heaps: &[u64],
    ) -> Result<(String, Outcome), AnalysisError> {
        self.kept.limit_forms();
        let (_, text, outcome) = value_of(&mut self.kept, game, heaps, MAX_TEXT)?;
        Ok((text, outcome))
    }

    /// The moves of `side` from a partizan position, each valued, and the
    /// best of them for `side` (`partizan::side_moves`).
    pub fn side_moves(
        &mut self,
        game: &Arc<Game>,
        heaps: &[u64],
        side: Side,
    ) -> Result<(Vec<SideMove>, Option<usize>), AnalysisError> {
        side_moves(&mut self.kept, game, heaps, side)
    }

    /// The moves of `side` from a partizan position, unvalued: each rule
    /// (an index into `Game::rules`) and the position it leaves; for a
    /// game whose positions have no canonical form (play can go on
    /// forever), whose options the caller values as it can.
    pub fn side_options(
        &mut self,
        game: &Arc<Game>,
        heaps: &[u64],
        side: Side,
    ) -> Result<Vec<(usize, Vec<u64>)>, AnalysisError> {
        side_options(&self.kept, game, heaps, side)
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
        impartial(game, "a misère quotient")?;
        not_scoring(game, "a misère quotient")?;
        without_ends(game, "a misère quotient")?;
        let limits = Limits { max_order };
        let work = work.unwrap_or(quotient::DEFAULT_WORK);
        let search = &self.kept.options.search;
        let mut budget = Budget::stoppable(work, search.timeout, &search.cancel);
        let game = std::slice::from_ref(game);
        Ok(quotient::grow(game, &[upto], &limits, &mut budget)?)
    }

    /// Whether every play from `instance` ends: its search reached every
    /// position below without returning to one. Its error otherwise: a
    /// cycle, or why the search stopped before the end.
    pub fn ends(&mut self, instance: &Instance) -> Result<(), AnalysisError> {
        // A partizan game's plays end as those of the game with every rule
        // both players' do (a play takes some of its moves): searched so.
        without_ends(&instance.game, "the check that every play ends")?;
        let heaps = searchable(&instance.game, &instance.position)?;
        // A scoring game's own search finds its cycles, and says what they
        // mean to points.
        if instance.game.scoring {
            return self
                .kept
                .scoring(&instance.game, |s| s.value(&heaps).map(|_| ()));
        }
        self.kept
            .search(&instance.game, |s| s.value(&heaps))
            .map(|_| ())
    }
}
