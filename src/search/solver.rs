//! The search of one game (`Solver`): which engine answers it, chosen once
//! from its rules, and the questions every front end asks of it — a
//! position's value, its moves, its end, the budgets it runs within.

use std::sync::Arc;
use std::time::Duration;

use super::base::budget::{
    self, Budget, Cancel, DEFAULT_HEAP_MOVE_BUDGET, DEFAULT_MOVE_BUDGET, Pool, Shared,
};
use super::base::error::{Growth, SearchError};
use super::base::error::{end_error, move_error, too_large};
use super::base::reached::{Blamed, Listed, Reached, Visit};
use super::engines::coins::Coins;
use super::engines::general::GeneralSearch;
use super::engines::heaps::{self, HeapValues, Values};
use super::engines::kayles::KaylesValues;
use super::engines::rays::{Fit, RaySearch};
use super::engines::regions::{RegionError, RegionValues};
use super::engines::run_boxes::RunSearch;
use super::engines::strip::{StripError, StripValues};
use super::engines::sums::SumSearch;
use super::options::{Options, Progress};
use super::value::{After, Decomposition, Explored, GameValues, Search, Value};
use crate::moves::{MoveError, MoveGen, Next};
use crate::period::Period;
use crate::platform::Deadline;
use crate::position::Named;
use crate::rules::expr::EvalError;
use crate::rules::{Game, MoveKind};

enum Engine {
    General(GeneralSearch),
    Heaps(HeapValues),
    /// Boxes where they fit; the graph for positions whose box does not.
    Rays(RaySearch, GeneralSearch),
    /// Boxes of runs where they fit and the runs stay in them; the graph
    /// for the rest.
    Runs(RunSearch, GeneralSearch),
    /// Moves that may become sums of positions (`becomes`).
    Sums(SumSearch),
    /// A coin-turning game, as the sum of its heads.
    Coins(Coins),
    /// Node or Arc Kayles, as the sum of the graph's components.
    Kayles(KaylesValues),
}

/// The search for one game.
pub struct Solver {
    /// The game searched.
    pub game: Arc<Game>,
    moves: MoveGen,
    engine: Engine,
    progress: Progress,
    max_positions: usize,
    move_budget: Option<u64>,
    timeout: Option<Duration>,
    cancel: Option<Cancel>,
    /// One deadline and one budget of moves for every question until
    /// `end_shared` (a table's), instead of a timeout and a budget each.
    shared: Shared,
    /// The most bytes a search may keep, where less than the options' (a
    /// table's graphs share one limit).
    memory: Option<u64>,
    /// A strip game's reduced values (`strip`), once asked for.
    strip: Option<StripValues>,
    /// An impartial board game whose rules are stencils, valued region by
    /// region until a region comes back to itself (then by its engine).
    regions: Option<RegionValues>,
    /// Positions of several heaps whose moves act on one heap alone (tokens
    /// on a graph) searched as the sum of their heaps, where the one-heap
    /// engine does not take the game: normal play.
    by_heaps: bool,
    /// A strip game without ends in normal play, answered by its strip
    /// split where cells can no longer change (`strip`) until a part comes
    /// back to itself (then by its engine).
    by_strip: bool,
    /// A game whose rules fall into groups over places no rule of another
    /// names (`MoveGen::groups`), searched group by group: normal play.
    groups: Vec<GroupSearch>,
    /// What it was made with, to start afresh (`forget`).
    options: Options,
}

/// A group of a game's rules (`MoveGen::groups`): its places, and the
/// search of the game of its rules alone.
struct GroupSearch {
    places: Vec<usize>,
    solver: Solver,
}

impl Solver {
    /// The search of `game`, holding at most `max_positions` positions, the other options their defaults.
    pub fn new(game: Arc<Game>, max_positions: usize) -> Self {
        Solver::with_options(
            game,
            Options {
                max_positions,
                ..Options::default()
            },
        )
    }

    /// The search of `game`, working as `options` say.
    pub fn with_options(game: Arc<Game>, options: Options) -> Self {
        let moves = MoveGen::new(&game);
        let graph = || {
            GeneralSearch::new(
                &game,
                &moves,
                options.max_positions,
                options.progress.clone(),
            )
        };
        let coins = (options.decompose && !game.misere)
            .then(|| Coins::new(&game, options.max_positions))
            .flatten();
        let kayles = match game.rules.as_slice() {
            [only] if options.decompose && !game.misere => match only.kind {
                MoveKind::Pick(kayles) => Some(KaylesValues::new(kayles, options.max_positions)),
                _ => None,
            },
            _ => None,
        };
        let engine = if let Some(coins) = coins {
            Engine::Coins(coins)
        } else if let Some(kayles) = kayles {
            Engine::Kayles(kayles)
        } else if moves.has_sums() {
            Engine::Sums(SumSearch::new(&game, &moves, &options, |game, options| {
                Box::new(Solver::with_options(game, options))
            }))
        } else if options.decompose && !game.misere && moves.one_heap_moves() {
            Engine::Heaps(HeapValues::new(options.max_positions))
        } else if let Some(rays) = moves.rays().filter(|_| options.rays) {
            let rays = RaySearch::new(
                rays,
                game.misere,
                options.max_positions,
                options.progress.clone(),
            );
            Engine::Rays(rays, graph())
        } else if options.rays && moves.all_blocks() {
            let runs = RunSearch::new(game.misere, options.max_positions, options.progress.clone());
            Engine::Runs(runs, graph())
        } else {
            Engine::General(graph())
        };
        let by_heaps = options.decompose
            && !game.misere
            && game.coins.is_none()
            && game.graph.is_none()
            && moves.independent_heaps();
        let by_strip = options.decompose
            && !game.misere
            && game.ends.is_empty()
            && crate::moves::strip::Strip::read(&game).is_some();
        let groups = (options.decompose
            && !game.misere
            && !game.scoring
            && !game.is_partizan()
            && game.coins.is_none()
            && game.graph.is_none()
            && !game.board)
            .then(|| moves.groups(game.heap_count?))
            .flatten()
            .unwrap_or_default()
            .into_iter()
            .map(|group| {
                let rules = group.rules.iter().map(|&r| game.rules[r].clone());
                let alone = Game {
                    rules: rules.collect(),
                    ..Game::clone(&game)
                };
                GroupSearch {
                    places: group.places,
                    solver: Solver::with_options(Arc::new(alone), options.clone()),
                }
            })
            .collect();
        let regions = (options.decompose && !game.is_partizan())
            .then(|| crate::moves::Stencils::read(&game))
            .flatten()
            .map(|stencils| RegionValues::new(stencils, options.max_positions));
        Solver {
            game,
            moves,
            engine,
            progress: options.progress.clone(),
            max_positions: options.max_positions,
            move_budget: options.move_budget,
            timeout: options.timeout,
            cancel: options.cancel.clone(),
            shared: Shared::default(),
            memory: None,
            strip: None,
            regions,
            by_strip,
            by_heaps,
            groups,
            options,
        }
    }

    /// Forgets everything searched: after a search that failed midway
    /// (a cycle, a budget), whose positions may be left half evaluated.
    pub fn forget(&mut self) {
        // A table's shared deadline and budget go on (they are the table's).
        let (shared, memory) = (std::mem::take(&mut self.shared), self.memory);
        let fresh = Solver::with_options(self.game.clone(), self.options.clone());
        // What it held may be hundreds of megabytes in millions of pieces:
        // given back while the caller goes on.
        crate::platform::discard(std::mem::replace(self, fresh));
        (self.shared, self.memory) = (shared, memory);
    }

    /// The search of the same game whole (`decompose` off), sharing this
    /// one's deadline, move budget and memory limit: a table's heaps valued
    /// one by one where the one-heap engine stopped at a failing rule.
    pub(crate) fn searched_whole(&self) -> Solver {
        let options = Options {
            decompose: false,
            ..self.options.clone()
        };
        let mut whole = Solver::with_options(self.game.clone(), options);
        (whole.shared, whole.memory) = (self.shared.clone(), self.memory);
        whole
    }

    /// One question's budget.
    fn budget(&self) -> Budget {
        let fallback = match self.engine {
            Engine::Heaps(_) => DEFAULT_HEAP_MOVE_BUDGET,
            Engine::General(_)
            | Engine::Rays(..)
            | Engine::Runs(..)
            | Engine::Sums(_)
            | Engine::Coins(_)
            | Engine::Kayles(_) => DEFAULT_MOVE_BUDGET,
        };
        Budget::question(self.move_budget, fallback, self.timeout, &self.cancel)
            .sharing(&self.shared)
            .with_memory(Some(self.max_bytes()))
    }

    /// The most bytes a search may keep now.
    pub(crate) fn max_bytes(&self) -> u64 {
        self.memory.unwrap_or(u64::MAX).min(self.options.max_bytes)
    }

    /// From now on, until `end_shared`, every question shares one timeout,
    /// started now, and one move budget: a table's budgets are the
    /// table's, not each cell's.
    pub(crate) fn start_shared(&mut self) {
        self.shared = Shared {
            deadline: self.timeout.and_then(|t| Some((Deadline::after(t)?, t))),
            pool: Some(Pool::new(self.budget().left())),
        };
    }

    /// The budgets its questions share now (a table's), for a search of
    /// its game made beside it: the deadline and the pool of moves.
    pub(crate) fn shared(&self) -> Shared {
        self.shared.clone()
    }

    /// From now on, a search keeps at most `bytes` (`None`: the options'
    /// limit): what is left of a limit other graphs share.
    pub(crate) fn limit_memory(&mut self, bytes: Option<u64>) {
        self.memory = bytes;
    }

    /// Runs `work` as one question: the searches it makes share one
    /// timeout and one move budget (a table's, where one is shared already).
    pub(crate) fn as_one_question<T>(&mut self, work: impl FnOnce(&mut Solver) -> T) -> T {
        if self.shared.pool.is_some() {
            return work(self);
        }
        self.start_shared();
        let result = work(self);
        self.end_shared();
        result
    }

    pub(crate) fn end_shared(&mut self) {
        self.shared = Shared::default();
    }

    /// Fails once past the shared deadline (checked between questions too
    /// small to look at the clock themselves), blaming `heaps`.
    pub(crate) fn check_deadline(&self, heaps: &[u64]) -> Result<(), SearchError> {
        match self.shared.deadline {
            Some((deadline, timeout)) if deadline.passed() => {
                Err(budget::Exhausted::Time(timeout).error(&self.game, heaps))
            }
            _ => Ok(()),
        }
    }

    /// A strip game without ends valued part by part (`strip`): `None`
    /// where its parts can come back to themselves (from then on it is
    /// searched by its engine) or its cells hold too many values.
    fn by_strip(&mut self, heaps: &[u64]) -> Result<Option<(Value, Explored)>, SearchError> {
        let budget = self.budget();
        let Some(strip) = self.strip(heaps) else {
            return Ok(None);
        };
        let before = strip.parts();
        strip.set_budget(budget);
        let found = strip.value(heaps);
        if found.is_err() {
            strip.forget_open();
        }
        let positions = strip.parts().saturating_sub(before);
        match found {
            Ok(g) => Ok(Some((
                Value::Grundy(g),
                Explored {
                    positions,
                    edges: 0,
                },
            ))),
            Err(e) => match self.strip_error(heaps, e) {
                Some(e) => Err(e),
                None => {
                    self.by_strip = false;
                    Ok(None)
                }
            },
        }
    }

    /// Whether positions are answered as strips split where cells can no
    /// longer change (`strip`), into parts that play independently.
    pub fn splits_strips(&self) -> bool {
        self.by_strip && self.searches_whole()
    }

    /// Whether boards are answered as the sum of their regions (`regions`).
    pub fn splits_boards(&self) -> bool {
        self.regions.is_some()
    }

    /// Whether the engine searches positions whole (the general search, or
    /// its boxes), where a strip or a sum of heaps may be split first.
    fn searches_whole(&self) -> bool {
        matches!(
            self.engine,
            Engine::General(_) | Engine::Rays(..) | Engine::Runs(..)
        )
    }

    /// The values of the reduced positions of a strip game
    /// (`moves::strip`), for positions whose cells hold values `heaps`
    /// holds: `None` for a game that is no strip game, or where positions
    /// are not to be split (`decompose` off).
    pub(crate) fn strip(&mut self, heaps: &[u64]) -> Option<&mut StripValues> {
        if !self.options.decompose {
            return None;
        }
        if !self.strip.as_ref().is_some_and(|s| s.admits(heaps)) {
            let strip = crate::moves::strip::Strip::read(&self.game)?;
            self.strip = StripValues::new(strip, heaps, self.max_positions);
        }
        self.strip.as_mut()
    }

    /// A strip's failure as the search's, at `heaps` (`None` for a cycle:
    /// the game is to be searched as any other).
    pub(crate) fn strip_error(&self, heaps: &[u64], e: StripError) -> Option<SearchError> {
        Some(match e {
            StripError::Cycle => return None,
            StripError::TooMany => too_large(&self.game, self.max_positions, heaps),
            StripError::Spent(exhausted) => exhausted.error(&self.game, heaps),
            StripError::Memory => SearchError::MemoryLimit {
                game: self.game.title(),
                position: Named::of(heaps, self.game.board),
                limit_mb: self.max_bytes() >> 20,
            },
            StripError::Eval {
                index,
                end: true,
                error,
            } => end_error(&self.game, heaps, (index, error)),
            StripError::Eval { index, error, .. } => {
                move_error(&self.game, heaps, MoveError { rule: index, error })
            }
        })
    }

    /// Whether some move of the game may become a sum of positions
    /// (`becomes`).
    pub fn has_sums(&self) -> bool {
        self.moves.has_sums()
    }

    /// Whether positions are answered as sums of one-heap games (or of
    /// single coins).
    pub fn decomposed(&self) -> bool {
        matches!(self.engine, Engine::Heaps(_) | Engine::Coins(_)) || self.sums_heaps()
    }

    /// Whether positions of several heaps are searched as the sum of their
    /// heaps by the engine that searches one (`by_heaps`).
    fn sums_heaps(&self) -> bool {
        self.by_heaps && self.searches_whole()
    }

    /// Whether positions are answered as sums of their groups of heaps
    /// (`MoveGen::groups`), each group's by the game of its rules alone.
    pub fn by_groups(&self) -> bool {
        !self.groups.is_empty() && self.searches_whole()
    }

    /// Whether positions (graphs) are answered as sums of their connected
    /// components, each kept once up to the names of its vertices.
    pub fn by_components(&self) -> bool {
        matches!(self.engine, Engine::Kayles(_))
    }

    /// How this game's positions are answered: whole, or as the sum of
    /// which pieces (the first that applies, in this order).
    pub fn decomposition(&self) -> Decomposition {
        let coins = self.game.coins.as_ref();
        if self.by_groups() {
            Decomposition::Groups
        } else if self.splits_boards() {
            Decomposition::Regions
        } else if self.splits_strips() {
            Decomposition::Strips
        } else if self.by_components() {
            Decomposition::Components
        } else if !self.decomposed() {
            Decomposition::Whole
        } else if coins.is_some_and(|c| c.pairs.is_some()) {
            Decomposition::Tartan
        } else if coins.is_some() {
            Decomposition::Coins
        } else if (self.game.rules.iter()).any(|r| matches!(r.kind, MoveKind::Slide(_))) {
            Decomposition::Tokens
        } else {
            Decomposition::Heaps
        }
    }

    /// Whether every move acts on one heap alone (removing tokens, perhaps
    /// splitting it): a position is then a sum of one-heap games.
    pub fn one_heap_moves(&self) -> bool {
        self.moves.one_heap_moves()
    }

    /// Whether positions are answered from dense boxes of rays where they fit.
    pub fn uses_rays(&self) -> bool {
        matches!(self.engine, Engine::Rays(..))
    }

    /// Whether positions are answered from dense boxes of runs where they
    /// fit.
    pub fn uses_runs(&self) -> bool {
        matches!(self.engine, Engine::Runs(..))
    }

    /// The most positions the search may hold.
    pub fn max_positions(&self) -> usize {
        self.max_positions
    }

    /// Positions (or, decomposed, heap sizes; split as strips, parts) held
    /// so far.
    pub fn len(&self) -> usize {
        if self.splits_strips() {
            return self.strip.as_ref().map_or(0, StripValues::parts);
        }
        if let Some(regions) = &self.regions {
            return regions.len();
        }
        if self.by_groups() {
            return self.groups.iter().map(|g| g.solver.len()).sum();
        }
        match &self.engine {
            Engine::General(g) => g.len(),
            Engine::Heaps(h) => h.len(),
            Engine::Rays(r, g) => r.len() + g.len(),
            Engine::Runs(r, g) => r.len() + g.len(),
            Engine::Sums(s) => s.len(),
            Engine::Coins(c) => c.len(),
            Engine::Kayles(k) => k.len(),
        }
    }

    /// Whether it holds nothing yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Of the positions held, those held in dense boxes (rays or runs).
    pub fn held_in_boxes(&self) -> usize {
        match &self.engine {
            Engine::Rays(r, _) => r.len(),
            Engine::Runs(r, _) => r.len(),
            Engine::General(_)
            | Engine::Heaps(_)
            | Engine::Sums(_)
            | Engine::Coins(_)
            | Engine::Kayles(_) => 0,
        }
    }

    /// The value of `heaps`, searching what is not yet known.
    pub fn value(&mut self, heaps: &[u64]) -> Result<(Value, Explored), SearchError> {
        let found = self.search(heaps);
        if self.by_groups() {
            // Each group's search said it of its own moves.
            return found;
        }
        // Outgrowing the limit on a game whose moves can add is most likely
        // a game that never ends: say so, unless every move made lowered
        // the total of the heaps (then every play ends: it is only large).
        let fell = match &self.engine {
            Engine::General(g) | Engine::Rays(_, g) | Engine::Runs(_, g) => g.moves_fell(),
            Engine::Heaps(_) | Engine::Sums(_) | Engine::Coins(_) | Engine::Kayles(_) => false,
        };
        match found {
            Err(SearchError::TooManyPositions { .. }) if self.moves.may_grow() && !fell => {
                Err(SearchError::MayNotEnd {
                    game: self.game.title(),
                    position: Named::of(heaps, self.game.board),
                    growth: Growth::Positions(self.max_positions),
                })
            }
            found => found,
        }
    }

    fn search(&mut self, heaps: &[u64]) -> Result<(Value, Explored), SearchError> {
        if self.by_groups() && heaps.len() == self.game.heap_count.unwrap_or(0) {
            let starts = self.shared.pool.is_none();
            if starts {
                self.start_shared();
            }
            let found = self.each_group(heaps);
            if starts {
                self.end_shared();
            }
            return found.map_err(|e| e.asked(heaps));
        }
        if self.sums_heaps() && heaps.len() > 1 {
            // The Sprague-Grundy theorem: each heap on its own.
            let (mut total, mut explored) = (0, Explored::default());
            for &h in heaps {
                let (value, more) = self.search(&[h])?;
                let Value::Grundy(g) = value else {
                    unreachable!("a sum of heaps is searched so in normal play")
                };
                total ^= g;
                explored.positions += more.positions;
                explored.edges += more.edges;
            }
            return Ok((Value::Grundy(total), explored));
        }
        if self.splits_strips()
            && let Some(found) = self.by_strip(heaps)?
        {
            return Ok(found);
        }
        let budget = &mut self.budget();
        if let Some(regions) = &mut self.regions {
            match regions.value(&self.game, &self.moves, heaps, budget) {
                Ok(found) => return Ok(found),
                Err(RegionError::Search(e)) => return Err(*e),
                // A region comes back to itself: the game is searched
                // whole from now on (and the cycle found there).
                Err(RegionError::Cycle) => self.regions = None,
            }
        }
        match &mut self.engine {
            Engine::General(g) => g.value(&self.game, &self.moves, heaps, budget),
            Engine::Sums(s) => s.value(&self.game, &self.moves, heaps, budget),
            Engine::Coins(c) => c.value(&self.game, &self.moves, heaps, budget),
            Engine::Kayles(k) => k.value(&self.game, &self.moves, heaps, budget),
            // Four heaps or more kept sorted: the graph holds at most one
            // position for every 24 of a box's.
            Engine::Rays(_, g) | Engine::Runs(_, g) if g.sorted() && heaps.len() >= 4 => {
                g.value(&self.game, &self.moves, heaps, budget)
            }
            Engine::Rays(r, g) => match r.value(&self.game, heaps, budget)? {
                Fit::Answered(value, explored) => Ok((value, explored)),
                // The graph holds at most one position for each of the
                // box's up to reordering of its heaps.
                Fit::TooLarge { at_least }
                    if at_least / orderings(heaps.len(), g.sorted())
                        > self.max_positions as u128 =>
                {
                    Err(too_large(&self.game, self.max_positions, heaps))
                }
                Fit::TooLarge { .. } | Fit::NoBox => {
                    g.value(&self.game, &self.moves, heaps, budget)
                }
            },
            Engine::Runs(r, g) => match r.value(&self.moves, heaps, budget) {
                Fit::Answered(value, explored) => Ok((value, explored)),
                Fit::TooLarge { .. } | Fit::NoBox => {
                    g.value(&self.game, &self.moves, heaps, budget)
                }
            },
            Engine::Heaps(h) => {
                let top = heaps.iter().copied().max().unwrap_or(0);
                let (progress, mut last) = (&self.progress, h.len() as u64);
                let found =
                    h.extend_to_with(&self.game, &self.moves, top, heaps, budget, &mut |done| {
                        progress.add(done.saturating_sub(last));
                        last = done;
                    });
                match found {
                    // A block's move left a heap as large as it moved from:
                    // not a sum of shrinking heaps after all. The general
                    // search answers it whole (and may find a cycle).
                    Err(SearchError::HeapGrows { .. }) if !self.moves.shrinks() => {
                        self.engine = Engine::General(GeneralSearch::new(
                            &self.game,
                            &self.moves,
                            self.max_positions,
                            self.progress.clone(),
                        ));
                        self.search(heaps)
                    }
                    found => {
                        let explored = found?;
                        let (value, _) = h.value(&self.game, &self.moves, heaps)?;
                        Ok((value, explored))
                    }
                }
            }
        }
    }

    /// `heaps` valued group by group (`by_groups`): a group's moves read
    /// and change its places alone, so its value is its game's at `heaps`
    /// with every other place empty, and the position's the XOR of the
    /// groups' (the Sprague-Grundy theorem: Winning Ways, ch. 2). The
    /// groups' searches share the question's timeout and move budget; each
    /// keeps at most its share of the memory.
    fn each_group(&mut self, heaps: &[u64]) -> Result<(Value, Explored), SearchError> {
        let shared = self.shared.clone();
        let share = self.max_bytes() / self.groups.len() as u64;
        let (mut total, mut explored) = (0, Explored::default());
        let mut alone = vec![0; heaps.len()];
        for group in &mut self.groups {
            alone.fill(0);
            for &p in &group.places {
                alone[p] = heaps[p];
            }
            let solver = &mut group.solver;
            (solver.shared, solver.memory) = (shared.clone(), Some(share));
            let (value, more) = solver.value(&alone)?;
            let Value::Grundy(g) = value else {
                unreachable!("a game is split into groups in normal play")
            };
            total ^= g;
            explored.positions += more.positions;
            explored.edges += more.edges;
        }
        Ok((Value::Grundy(total), explored))
    }

    /// Every move from `heaps`: its rule, and where it leads (a position,
    /// or the sum a `becomes` makes), within a question's budget.
    pub fn options_from(&self, heaps: &[u64]) -> Result<Vec<(usize, After)>, SearchError> {
        self.options_within(heaps, &mut self.question_budget(), heaps)
    }

    /// The one-heap engine's values g(0), g(1), ... as far as computed, where
    /// the game is searched by it.
    pub fn heap_values(&self) -> Option<&heaps::Values> {
        match &self.engine {
            Engine::Heaps(engine) => Some(engine.values()),
            _ => None,
        }
    }

    /// Starts the one-heap engine from `values`, g(0) onwards, computed
    /// before (a run resumed); `false` where the game is not searched by
    /// it, or it knows some values already.
    pub fn seed_heap_values(&mut self, values: Values) -> bool {
        match &mut self.engine {
            Engine::Heaps(engine) => engine.seed(&self.game, values),
            _ => false,
        }
    }

    /// The same values, shared with the engine (no copy): a table of a
    /// long run shows them as they are stored.
    pub fn shared_heap_values(&self) -> Option<Arc<heaps::Values>> {
        match &self.engine {
            Engine::Heaps(engine) => Some(engine.shared()),
            _ => None,
        }
    }

    /// Calls `f` with every move from `heaps` (its rule and the position
    /// after it) and the value of that position, read from the one-heap
    /// engine's values as the moves are generated: none is kept. `false`
    /// where the values are not all there to read (another engine, a value
    /// not computed yet, a move that becomes a sum): `f` may then have been
    /// called for some moves, and the caller asks move by move instead.
    pub fn each_option_value(
        &self,
        heaps: &[u64],
        mut f: impl FnMut(usize, &[u64], u32),
    ) -> Result<bool, SearchError> {
        let Engine::Heaps(engine) = &self.engine else {
            return Ok(false);
        };
        let values = engine.values();
        let mut complete = true;
        let mut budget = self.question_budget();
        let examined = (self.moves).each_option_within(heaps, budget.within(), |rule, next| {
            let Next::Position(after) = next else {
                complete = false;
                return;
            };
            let mut value = 0;
            for &h in after {
                match usize::try_from(h).ok().and_then(|h| values.get(h)) {
                    Some(g) => value ^= g,
                    None => {
                        complete = false;
                        return;
                    }
                }
            }
            if complete {
                f(rule, after, value);
            }
        });
        self.spent(examined, heaps, &mut budget, heaps)?;
        Ok(complete)
    }

    /// `options_from`, counted against `budget` as they are generated;
    /// `asked`: the position a question was about, for the error.
    pub(crate) fn options_within(
        &self,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<(usize, After)>, SearchError> {
        let mut found = Vec::new();
        let examined = (self.moves).each_option_within(heaps, budget.within(), |rule, next| {
            found.push((
                rule,
                match next {
                    Next::Position(p) => After::Position(p.to_vec()),
                    Next::Sum(parts) => After::Sum(parts.to_vec()),
                },
            ))
        });
        self.spent(examined, heaps, budget, asked)?;
        Ok(found)
    }

    /// The value of where a move leads: a position, or a sum (whose value
    /// is the XOR of its positions', or in misère play the sum's own).
    pub fn value_after(&mut self, after: &After) -> Result<Value, SearchError> {
        match (after, &mut self.engine) {
            (After::Position(heaps), _) => Ok(self.value(heaps)?.0),
            (After::Sum(parts), Engine::Sums(s)) => {
                let asked: Vec<u64> = parts.iter().flat_map(|p| p.heaps.clone()).collect();
                let mut budget = Budget::question(
                    self.move_budget,
                    DEFAULT_MOVE_BUDGET,
                    self.timeout,
                    &self.cancel,
                )
                .until(self.shared.deadline);
                s.sum_value(parts, &asked, &mut budget)
            }
            (After::Sum(_), _) => Err(move_error(
                &self.game,
                &[],
                MoveError {
                    rule: 0,
                    error: EvalError::Sum,
                },
            )),
        }
    }

    /// A period of the one-heap values g(0), g(1), ... that the one-heap
    /// engine proved on the way, if any.
    pub fn period(&self) -> Option<&Period> {
        match &self.engine {
            Engine::Heaps(h) => h.period(),
            Engine::General(_)
            | Engine::Rays(..)
            | Engine::Runs(..)
            | Engine::Sums(_)
            | Engine::Coins(_)
            | Engine::Kayles(_) => None,
        }
    }

    /// Prepares to be asked about every position up to `corner`: the ray
    /// engine evaluates that box at once instead of growing into it.
    pub fn reserve(&mut self, corner: &[u64]) -> Result<(), SearchError> {
        if self.by_groups() {
            // The groups' searches are small: each grows as it is asked.
            return Ok(());
        }
        let budget = self.budget();
        match &mut self.engine {
            Engine::Rays(r, _) => r.value(&self.game, corner, &budget).map(|_| ()),
            Engine::Runs(r, _) => {
                r.value(&self.moves, corner, &mut budget.clone());
                Ok(())
            }
            Engine::General(_)
            | Engine::Heaps(_)
            | Engine::Sums(_)
            | Engine::Coins(_)
            | Engine::Kayles(_) => Ok(()),
        }
    }

    /// Every move from `heaps`, as `moves_from`, counted against `budget`
    /// as they are generated (a position with too many moves stops inside
    /// its generation); `asked`: the position a question was about, for
    /// the error.
    pub(crate) fn moves_within(
        &self,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<(usize, Vec<u64>)>, SearchError> {
        let mut nexts = Vec::new();
        let examined = (self.moves).each_move_within(heaps, budget.within(), |rule, next| {
            nexts.push((rule, next.to_vec()))
        });
        self.spent(examined, heaps, budget, asked)?;
        Ok(nexts)
    }

    /// Every move from `heaps`, as `moves_within`, each to its position in
    /// canonical form where `canonical` (else as the move leaves it),
    /// written into `out` while listing them takes at most
    /// `room` bytes (each move its rule and its heaps): `false` where they
    /// would take more, found before they are all listed (a position of
    /// 10^12 moves, or of moves to positions of 10^7 heaps).
    pub(crate) fn moves_listed(
        &self,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
        room: u64,
        out: &mut Listed,
        canonical: bool,
    ) -> Result<bool, SearchError> {
        let symmetry = match canonical {
            true => self.moves.symmetry(&self.game),
            false => (false, false),
        };
        let (mut bytes, mut over) = (0u64, false);
        let examined = (self.moves).each_move_within(heaps, budget.within(), |rule, next| {
            bytes += LISTED_MOVE_BYTES + 8 * next.len() as u64;
            if bytes > room {
                over = true;
                self.moves.halt();
                return;
            }
            out.push_with(rule, |keys| MoveGen::canonical_after(next, symmetry, keys));
        });
        if over {
            // What the generation examined until it stopped is spent.
            let _ = budget.spend(out.len() as u64);
            return Ok(false);
        }
        self.spent(examined, heaps, budget, asked)?;
        Ok(true)
    }

    /// The moves a generation from `heaps` examined, spent from `budget`;
    /// or why it failed (the budget ran out inside it, or a rule could not
    /// be evaluated). `asked`: the position a question was about.
    fn spent(
        &self,
        examined: Result<u64, MoveError>,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<(), SearchError> {
        let examined = examined.map_err(|e| match e.error {
            EvalError::OutOfBudget => budget.exhausted().error(&self.game, asked),
            _ => move_error(&self.game, heaps, e),
        })?;
        budget
            .spend(examined)
            .map_err(|e| e.error(&self.game, asked))
    }

    /// How it works.
    pub(crate) fn options(&self) -> &Options {
        &self.options
    }

    /// A question's budget of moves and time.
    pub(crate) fn question_budget(&self) -> Budget {
        self.budget()
    }

    /// Whether heap order and empty heaps matter to the game
    /// (`MoveGen::symmetry`).
    pub fn symmetry(&self) -> (bool, bool) {
        self.moves.symmetry(&self.game)
    }

    /// The search of a game whose moves may become sums, if this is one.
    pub(crate) fn sum_search(&mut self) -> Option<&mut SumSearch> {
        match &mut self.engine {
            Engine::Sums(s) => Some(s),
            _ => None,
        }
    }

    /// The form of `heaps` the search keeps: positions with the same form
    /// are one position (see `MoveGen::canonical_into`).
    pub fn canonical(&self, heaps: &[u64]) -> Vec<u64> {
        let mut key = Vec::with_capacity(heaps.len());
        MoveGen::canonical_into(heaps, self.moves.symmetry(&self.game), &mut key);
        key
    }

    /// Every move from `heaps`: the rule's index and the position after it.
    pub fn moves_from(&self, heaps: &[u64]) -> Result<Vec<(usize, Vec<u64>)>, SearchError> {
        moves_from(&self.game, &self.moves, heaps)
    }
}

/// What a move listed takes besides its heaps' words: its rule, and the
/// allocation of its heaps.
const LISTED_MOVE_BYTES: u64 = 48;

/// How many positions of `n` heaps one canonical position stands for at
/// most: n! when heaps are sorted.
fn orderings(n: usize, sorted: bool) -> u128 {
    if sorted {
        (2..=n as u128)
            .try_fold(1u128, u128::checked_mul)
            .unwrap_or(u128::MAX)
    } else {
        1
    }
}

fn moves_from(
    game: &Game,
    moves: &MoveGen,
    heaps: &[u64],
) -> Result<Vec<(usize, Vec<u64>)>, SearchError> {
    let mut nexts = Vec::new();
    moves
        .each_move(heaps, |rule, next| nexts.push((rule, next.to_vec())))
        .map_err(|e| move_error(game, heaps, e))?;
    Ok(nexts)
}

impl Solver {
    /// The end `heaps` meets (`win when` and the like), if any.
    pub fn end_at(&self, heaps: &[u64]) -> Result<Option<crate::rules::EndKind>, SearchError> {
        (self.moves.end_at(heaps)).map_err(|e| end_error(&self.game, heaps, e))
    }

    /// Whether a move from `heaps` reaches a `win when` position: the
    /// player to move there wins the play at once.
    pub fn wins_at_once(&self, heaps: &[u64], budget: &mut Budget) -> Result<bool, SearchError> {
        for (_, after) in self.moves_within(heaps, budget, heaps)? {
            if self.end_at(&after)? == Some(crate::rules::EndKind::Win) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The graphs a game's own moves make: explored with the solver's moves,
/// each position in the form it keeps (`reached` itself knows no solver).
impl Reached {
    /// Explores every position reachable from `heaps` in `solver`'s game,
    /// at most `max_positions` of them, the moves generated counted
    /// against `budget`, each position reached told apart by `visit` (once per
    /// position): ends are not explored, skipped positions are left out
    /// with the moves to them. The start is explored unless it is an end.
    pub fn explore_with(
        solver: &Solver,
        heaps: &[u64],
        max_positions: usize,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&[u64]) -> Result<Visit, SearchError>,
    ) -> Result<Reached, SearchError> {
        Reached::explore_from(solver, heaps, &[], max_positions, budget, visit)
    }

    /// `explore_with` from `heaps` and from each of `more` too, into one
    /// graph: the start is position 0, the others follow where they are
    /// not reached from it first.
    pub fn explore_from(
        solver: &Solver,
        heaps: &[u64],
        more: &[Vec<u64>],
        max_positions: usize,
        budget: &mut Budget,
        visit: &mut dyn FnMut(&[u64]) -> Result<Visit, SearchError>,
    ) -> Result<Reached, SearchError> {
        let starts: Vec<Vec<u64>> = std::iter::once(heaps)
            .chain(more.iter().map(Vec::as_slice))
            .map(|h| solver.canonical(h))
            .collect();
        let max_bytes = budget.memory();
        // The moves are listed within the room the graph's memory has for
        // them: a position of 10^12 moves is refused before they are
        // listed, not after.
        let mut moves = |from: &[u64], room: u64, out: &mut Listed| {
            solver.moves_listed(from, budget, heaps, room, out, true)
        };
        Reached::explore_by(
            &Blamed::of(&solver.game, heaps),
            &starts,
            (max_positions, max_bytes),
            &mut moves,
            visit,
        )
    }
}

impl GameValues for Solver {
    /// The value of `heaps`; where a heap passes what the search may hold,
    /// from a period of the one-heap values the engine proves on the heaps
    /// up to `probe` (Guy and Smith's theorem, or the window theorem for
    /// subtraction games: `period`), as a huge heap's value is the value of
    /// a small one of the same residue. The search's own error where no
    /// period is proven.
    fn value_or_period(&mut self, heaps: &[u64], probe: u64) -> Result<Value, SearchError> {
        let past = heaps.iter().any(|&h| h >= self.max_positions as u64);
        if !past || !self.decomposed() {
            return Ok(self.value(heaps)?.0);
        }
        let probe = probe.min(self.max_positions.saturating_sub(1) as u64);
        self.value(&[probe])?;
        let Some(period) = self.period().filter(|p| p.is_proven()).cloned() else {
            return Ok(self.value(heaps)?.0);
        };
        let small: Vec<u64> = (heaps.iter())
            .map(|&h| period.index(&h.into()) as u64)
            .collect();
        Ok(self.value(&small)?.0)
    }
}
