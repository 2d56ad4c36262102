//! What the analyzer keeps for the whole run, and the work every answer
//! stands on: each game's search and the known game it is (recognised and
//! verified once), the remoteness found so far;
//! the budgets a question's work gets; how many winning moves are listed.
//! The files that answer (`answered`, `moves`, `misere`, `quotient`,
//! `loopy`, `ends`, `compound`) are functions over it; the `Analyzer` holds
//! it and chooses among them.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;

use super::verify;
use crate::analysis::answer::Verified;
use crate::analysis::answer::{Note, Timing, WinningMove};
use crate::analysis::error::AnalysisError;
use crate::analysis::options::Options;
use crate::known::{self, Known};
use crate::partizan::Forms;
use crate::platform::Halt;
use crate::rules::Game;
use crate::search::partizan::PartizanSearch;
use crate::search::scoring::ScoringSearch;
use crate::search::{Budget, SearchError, Solver};

/// What the analyzer keeps, keyed by the lowered game itself (its rules and
/// its source), so that a game edited is a game anew, whatever its name.
pub(crate) struct Kept {
    pub(crate) options: Options,
    pub(crate) games: HashMap<Arc<Game>, GameState>,
    /// The canonical forms of every partizan position valued, each once.
    pub(crate) forms: Forms,
    /// Whether each partizan search keeps the regions it values as
    /// positions asked about, to teach another analyzer (`learned`).
    pub(crate) learning: bool,
}

/// The partizan search of `game` among `games`, made the first time it is
/// asked, working as `options` say (keeping what it learns where
/// `learning`).
fn made_search<'a>(
    games: &'a mut HashMap<Arc<Game>, GameState>,
    (options, learning): (&Options, bool),
    game: &Arc<Game>,
) -> &'a mut PartizanSearch {
    let state = games.entry(game.clone()).or_default();
    state.partizan.get_or_insert_with(|| {
        let mut search = PartizanSearch::new(game.clone(), options.search.clone());
        if learning {
            search.keep_learned();
        }
        search
    })
}

/// A known game's closed form, with what it was verified on.
pub(crate) type Recognised = (Box<dyn Known>, Verified);

/// What the analyzer keeps per game (per parameter values).
#[derive(Default)]
pub(crate) struct GameState {
    pub(crate) solver: Option<Solver>,
    /// Its partizan search, where the game has rules of one player.
    pub(crate) partizan: Option<PartizanSearch>,
    /// Its scoring search, where its moves score points.
    pub(crate) scoring: Option<ScoringSearch>,
    /// The known game it is, with what its closed form was verified on,
    /// once asked (`Some(None)`: none is recognised).
    pub(crate) known: Option<Option<Recognised>>,
    /// The remoteness and suspense found so far, by canonical position:
    /// a later question's exploration stops where they are known.
    pub(crate) timing: HashMap<Vec<u64>, Timing>,
}

/// The most positions whose timing the analyzer keeps for a game.
pub(crate) const TIMING_KEPT: usize = 1_000_000;

impl Kept {
    /// Nothing kept yet; work done as `options` say.
    pub(crate) fn new(options: Options) -> Self {
        Kept {
            options,
            games: HashMap::new(),
            forms: Forms::new(),
            learning: false,
        }
    }

    /// The known game `game` is, with what its closed form was verified on;
    /// `None` when no closed form is recognised (or the search is forced).
    pub(crate) fn recognised(
        &mut self,
        game: &Arc<Game>,
    ) -> Result<Option<(&'static str, Verified)>, AnalysisError> {
        Ok((self.known(game)?).map(|(known, verified)| (known.id(), verified.clone())))
    }

    /// Whether `game` was recognised as a known game already, its closed
    /// form verified.
    pub(crate) fn is_known(&self, game: &Arc<Game>) -> bool {
        (self.games.get(game)).is_some_and(|state| matches!(state.known, Some(Some(_))))
    }

    /// The known game `game` is, recognised (and its closed form verified)
    /// the first time it is asked.
    pub(crate) fn known(&mut self, game: &Arc<Game>) -> Result<Option<&Recognised>, AnalysisError> {
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
    pub(crate) fn search<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut Solver) -> Result<T, SearchError>,
    ) -> Result<T, AnalysisError> {
        self.solving(game, |solver| Ok(f(solver)?))
    }

    /// Runs `f` on the game's partizan search and the store of forms; a
    /// failed search is dropped (on another thread: a search of hundreds of
    /// megabytes takes seconds to give back), so that a later question
    /// starts afresh.
    pub(crate) fn partizan<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut PartizanSearch, &mut Forms) -> Result<T, SearchError>,
    ) -> Result<T, AnalysisError> {
        let search = made_search(&mut self.games, (&self.options, self.learning), game);
        let result = f(search, &mut self.forms);
        if result.is_err()
            && let Some(state) = self.games.get_mut(game)
            && let Some(search) = state.partizan.take()
        {
            crate::platform::discard(search);
        }
        Ok(result?)
    }

    /// The game's partizan search, made the first time it is asked
    /// (keeping what it learns where the analyzer is `learning`).
    pub(crate) fn partizan_search(&mut self, game: &Arc<Game>) -> &mut PartizanSearch {
        made_search(&mut self.games, (&self.options, self.learning), game)
    }

    /// Runs `f` on the game's scoring search; a failed search is dropped,
    /// so that a later question starts afresh.
    pub(crate) fn scoring<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut ScoringSearch) -> Result<T, SearchError>,
    ) -> Result<T, AnalysisError> {
        let options = self.options.search.clone();
        let state = self.games.entry(game.clone()).or_default();
        let search = state
            .scoring
            .get_or_insert_with(|| ScoringSearch::new(game.clone(), options));
        let result = f(search);
        if result.is_err()
            && let Some(search) = state.scoring.take()
        {
            crate::platform::discard(search);
        }
        Ok(result?)
    }

    /// Sets the store of forms to work within a question's budget (the
    /// deadline, flag and memory every search of it looks at, and its
    /// memory limit for what the store holds), first emptying it (and
    /// every partizan search, whose values are its forms) where what it
    /// holds from earlier questions is past half the memory limit.
    pub(crate) fn limit_forms(&mut self) {
        if self.forms.bytes() > self.options.search.max_bytes / 2 {
            self.drop_forms();
        }
        let budget = self.question_budget();
        self.forms.limit(budget.within().watch, budget.memory());
    }

    /// `Err` where the store of forms stopped (then emptied, with every
    /// partizan search: its results from the stop on mean nothing).
    pub(crate) fn forms_went_on(&mut self) -> Result<(), AnalysisError> {
        let Some(stop) = self.forms.stopped() else {
            return Ok(());
        };
        self.drop_forms();
        let seconds = self.options.search.timeout.map_or(0, |t| t.as_secs());
        Err(AnalysisError::from(match stop {
            Halt::Memory(bytes) => SearchError::FormsMemory {
                limit_mb: bytes >> 20,
            },
            Halt::Time | Halt::Cancelled => SearchError::FormsTime { seconds },
        }))
    }

    /// Empties the store of forms and every partizan search.
    /// (Let go on another thread: a store of hundreds of megabytes takes
    /// a second to give back.)
    fn drop_forms(&mut self) {
        crate::platform::discard(std::mem::take(&mut self.forms));
        for state in self.games.values_mut() {
            if let Some(search) = state.partizan.take() {
                crate::platform::discard(search);
            }
        }
    }

    /// `search`, for work above the search that has errors of its own.
    pub(crate) fn solving<T>(
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
        if result.is_err()
            && let Some(solver) = state.solver.take()
        {
            crate::platform::discard(solver);
        }
        result
    }

    /// Keeps the first `max_moves` of all the winning moves found, with a
    /// note of how many there are when some are cut.
    pub(crate) fn cut_winning(&self, winning: &mut Vec<WinningMove>, notes: &mut Vec<Note>) {
        if winning.len() > self.options.max_moves {
            let count = BigUint::from(winning.len());
            winning.truncate(self.options.max_moves);
            notes.push(Note::MovesCut {
                count,
                listed: winning.len(),
            });
        }
    }

    /// A budget of `work` for a method tried before the search, at most the
    /// search's own move budget when one is given, with its timeout.
    pub(crate) fn work_budget(&self, work: u64) -> Budget {
        let options = &self.options.search;
        let work = options.move_budget.map_or(work, |moves| moves.min(work));
        Budget::stoppable(work, options.timeout, &options.cancel)
    }

    /// A question's own budget, for a search above the engines (a whole
    /// compound's): its move budget where one is given, else its timeout.
    pub(crate) fn question_budget(&self) -> Budget {
        let options = &self.options.search;
        Budget::question(
            options.move_budget,
            crate::search::DEFAULT_MOVE_BUDGET,
            options.timeout,
            &options.cancel,
        )
        .with_memory(Some(options.max_bytes))
    }
}

/// The most heaps the listed moves of an answer may hold in all: a
/// position of many heaps lists fewer moves (at least one).
pub(crate) const MAX_LISTED_HEAPS: usize = 1 << 20;

/// How many moves to list, `max_moves` asked for, from a position of
/// `heaps` heaps (`MAX_LISTED_HEAPS`).
pub(crate) fn listed_moves(max_moves: usize, heaps: usize) -> usize {
    max_moves.min((MAX_LISTED_HEAPS / heaps.max(1)).max(1))
}

/// `Err` for a game with declared ends, which `what` does not take.
pub(crate) fn without_ends(game: &Game, what: &'static str) -> Result<(), AnalysisError> {
    match game.ends_anywhere() {
        None => Ok(()),
        Some(game) => Err(SearchError::EndsUnsupported { game, what }.into()),
    }
}

/// `Err` for a scoring game, which `what` does not take.
pub(crate) fn not_scoring(game: &Game, what: &'static str) -> Result<(), AnalysisError> {
    match game.scoring {
        false => Ok(()),
        true => Err(AnalysisError::Scoring {
            game: game.title(),
            what,
        }),
    }
}

/// `Err` for a partizan game (or one whose moves become one), which `what`
/// does not take: it answers games whose every rule is both players'.
pub(crate) fn impartial(game: &Game, what: &'static str) -> Result<(), AnalysisError> {
    match game.partizan_anywhere() {
        None => Ok(()),
        Some(game) => Err(AnalysisError::Partizan { game, what }),
    }
}
