//! The partizan search: the canonical form of a position of a game whose
//! rules may belong to one player (`left`, `right`), found from its moves —
//! G = {G^L | G^R}, the Left options the moves of Left's rules and of the
//! rules of both, the Right ones likewise (Winning Ways, ch. 1; Siegel,
//! *Combinatorial Game Theory*, §II.1) — each position valued once into
//! the store of forms (`partizan::Forms`), depth first with an explicit
//! stack. A move that `becomes` a sum is worth the sum of its terms'
//! forms, each term a position valued once (of this game or of another,
//! each game by its own solver's moves).

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashSet;

use crate::moves::{Stencils, turns_with_board};
use crate::partizan::{Form, Forms};
use crate::position::{GraphShape, Named, Position, grounded_regions, tinted_regions};
use crate::rules::{Game, Side};
use crate::search::base::arena::{pack, unpack};
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, too_large};
use crate::search::graphs::keying::Keying;
use crate::search::options::Options;
use crate::search::solver::Solver;
use crate::search::value::After;

pub(crate) mod counted;
mod keys;
pub mod loopy;
mod misere;
mod outcome;
mod outcomes;
mod search;

use crate::search::value::GameKey;
use keys::{RegionKey, key_bytes};
pub use misere::Found as MisereFound;
pub use search::PartizanSearch;
use search::{Build, Frame, Met, Valued};

impl PartizanSearch {
    /// The search of `game`'s positions, working as `options` say.
    pub fn new(game: Arc<Game>, options: Options) -> Self {
        let max_positions = options.max_positions;
        let progress = options.progress.clone();
        let stencils = stencils_of(&game, &options);
        let solver = Solver::with_options(game.clone(), options);
        PartizanSearch {
            games: vec![Met {
                turned: turned(&game, &stencils),
                game,
                solver,
                stencils,
            }],
            known: Valued::default(),
            max_positions,
            outcomes: Default::default(),
            progress,
            learned: None,
        }
    }

    /// From now on keeps the regions of the searched game valued as a
    /// position asked about, for `take_learned`.
    pub fn keep_learned(&mut self) {
        self.learned.get_or_insert_with(Vec::new);
    }

    /// The regions of the searched game valued as a position asked about
    /// since last taken (where they are kept, `keep_learned`): each region's
    /// key and its form.
    pub fn take_learned(&mut self) -> Vec<(Vec<u64>, Form)> {
        let Some(learned) = &mut self.learned else {
            return Vec::new();
        };
        (std::mem::take(learned).into_iter())
            .filter_map(|key| Some((self.known.map.get(&key).copied()?, key)))
            .map(|(form, key)| (key.heaps, form))
            .collect()
    }

    /// Learns the forms of regions of the searched game (keys as
    /// `take_learned` gives them, of a search of the same game), those not
    /// known yet, as long as half its limits of positions and memory are
    /// left to its own search.
    pub fn learn(&mut self, regions: impl IntoIterator<Item = (Vec<u64>, Form)>) {
        let memory = self.games[0].solver.question_budget().memory();
        for (heaps, form) in regions {
            let key = GameKey::new(0, heaps);
            if self.known.map.contains_key(&key) {
                continue;
            }
            let more = key_bytes(&key);
            if self.known.map.len() >= self.max_positions / 2 || self.known.bytes(more) > memory / 2
            {
                return;
            }
            self.known.keys += more;
            self.known.map.insert(key, form);
        }
    }

    /// How many positions are valued.
    pub fn len(&self) -> usize {
        self.known.map.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.known.map.is_empty()
    }

    /// The canonical form of the searched game's position `heaps`: the sum
    /// of its regions' (a Hackenbush graph's regions, which meet only at the
    /// ground; a board's).
    pub fn value(&mut self, forms: &mut Forms, heaps: &[u64]) -> Result<Form, SearchError> {
        let mut form = forms.zero();
        let mut regions = Vec::new();
        self.push_regions(&mut regions, 0, heaps);
        for RegionKey {
            key: region,
            negated,
        } in regions
        {
            if let Some(learned) = &mut self.learned
                && region.game == 0
                && !self.known.map.contains_key(&region)
            {
                learned.push(region.clone());
            }
            let mut value = self.value_of(forms, region, heaps)?;
            if negated {
                value = forms.neg(value);
            }
            form = forms.add(form, value);
        }
        Ok(form)
    }

    /// The canonical form of the position `root` (one region), found by a
    /// search from it; `heaps` the position asked about.
    fn value_of(
        &mut self,
        forms: &mut Forms,
        root: GameKey,
        heaps: &[u64],
    ) -> Result<Form, SearchError> {
        let mut known = std::mem::take(&mut self.known);
        let mut build = |search: &Self, frame: &Frame, known: &Valued<Form>| {
            Ok((search.form_of(forms, frame, known), forms.bytes()))
        };
        let form = self.walk(&mut known, root, heaps, true, &mut build);
        self.known = known;
        form
    }

    /// What `build` makes of the position `root` (one region) from what it
    /// made of each position a move leads to, each position's made once
    /// into `valued`, depth first with an explicit stack; `heaps` the
    /// position asked about. `build` gives, with what it made, the bytes
    /// its store holds (counted against the memory limit with `valued`'s),
    /// or why its store stopped. Where `cut`, dominated moves are left out
    /// (`frame`).
    fn walk<F: Clone>(
        &mut self,
        valued: &mut Valued<F>,
        root: GameKey,
        heaps: &[u64],
        cut: bool,
        build: &mut Build<'_, F>,
    ) -> Result<F, SearchError> {
        if let Some(made) = valued.map.get(&root) {
            return Ok(made.clone());
        }
        let mut budget = self.games[0].solver.question_budget();
        let mut on_stack: FxHashSet<GameKey> = FxHashSet::default();
        on_stack.insert(root.clone());
        let mut stack = vec![self.frame(root.clone(), &mut budget, heaps, cut)?];
        while let Some(top) = stack.last_mut() {
            // The first position a move leads to that is not made yet.
            let mut missing = None;
            while top.next < top.options.len() {
                let keys = &top.options[top.next].1;
                if let Some(RegionKey { key, .. }) =
                    keys.iter().find(|k| !valued.map.contains_key(&k.key))
                {
                    missing = Some(key.clone());
                    break;
                }
                top.next += 1;
            }
            if let Some(key) = missing {
                if on_stack.contains(&key) {
                    return Err(self.cycle(&stack, &key));
                }
                if valued.map.len() + stack.len() >= self.max_positions {
                    return Err(too_large(&self.games[0].game, self.max_positions, heaps));
                }
                on_stack.insert(key.clone());
                let frame = self.frame(key, &mut budget, heaps, cut)?;
                stack.push(frame);
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            let (made, store) = build(self, &frame, valued)?;
            let more = key_bytes(&frame.key);
            if valued.bytes(more).saturating_add(store) > budget.memory() {
                return Err(self.memory_limit(&budget, heaps));
            }
            valued.keys += more;
            on_stack.remove(&frame.key);
            valued.map.insert(frame.key, made);
            self.progress.add(1);
        }
        (valued.map.get(&root).cloned())
            .ok_or_else(|| too_large(&self.games[0].game, self.max_positions, heaps))
    }

    /// The moves from the searched game's position `heaps`, each with the
    /// rule that makes it (an index into the game's rules), where it leads,
    /// and the form of where it leads.
    pub fn moves(
        &mut self,
        forms: &mut Forms,
        heaps: &[u64],
    ) -> Result<Vec<(usize, After, Form)>, SearchError> {
        self.value(forms, heaps)?;
        let mut budget = self.games[0].solver.question_budget();
        let options = self.options(0, heaps, &mut budget, heaps)?;
        let mut moves = Vec::with_capacity(options.len());
        for (rule, after) in options {
            let keys = self.keys_after(0, &after);
            // Where the position's value was learned from another search
            // (`learn`), not found here, where its moves lead may not be
            // valued yet.
            for RegionKey { key, .. } in &keys {
                if !self.known.map.contains_key(key) {
                    self.value_of(forms, key.clone(), heaps)?;
                }
            }
            let form = self.sum_of(forms, &keys, &self.known);
            moves.push((rule, after, form));
        }
        Ok(moves)
    }

    /// The sum of the forms of the regions `keys`, each valued before (in
    /// `known`).
    fn sum_of(&self, forms: &mut Forms, keys: &[RegionKey], known: &Valued<Form>) -> Form {
        let mut form = forms.zero();
        for RegionKey { key, negated } in keys {
            if let Some(&term) = known.map.get(key) {
                let term = if *negated { forms.neg(term) } else { term };
                form = forms.add(form, term);
            }
        }
        form
    }

    /// The frame of the position `key`: its moves within the question's
    /// budget; where `cut` (a normal-play value or outcome), a board
    /// region's moves that another of the same player's is at least as
    /// good as left out (`Stencils::each_move`).
    fn frame(
        &mut self,
        key: GameKey,
        budget: &mut Budget,
        asked: &[u64],
        cut: bool,
    ) -> Result<Frame, SearchError> {
        let Met { game, stencils, .. } = &self.games[key.index()];
        if let Some(stencils) = stencils {
            // A board's region: its moves made by the stencils themselves.
            let mut options = Vec::new();
            let watch = budget.within().watch;
            let looked = stencils.each_move(&key.heaps, &watch, cut, |rule, regions| {
                let keys =
                    (regions.into_iter()).map(|r| RegionKey::new(key.index(), r.heaps, r.negated));
                options.push((rule, keys.collect()));
            });
            if let Some(looked) = looked {
                let looked = looked.map_err(|_| budget.exhausted().error(game, asked))?;
                budget.spend(looked).map_err(|e| e.error(game, asked))?;
                return Ok(Frame {
                    key,
                    options,
                    next: 0,
                });
            }
        }
        let heaps = self.heaps_of(&key);
        let options = (self
            .options(key.index(), &heaps, budget, asked)?
            .into_iter())
        .map(|(rule, after)| (rule, self.keys_after(key.index(), &after)))
        .collect();
        Ok(Frame {
            key,
            options,
            next: 0,
        })
    }

    /// {G^L | G^R} from the frame's moves, every position they lead to
    /// valued.
    fn form_of(&self, forms: &mut Forms, frame: &Frame, known: &Valued<Form>) -> Form {
        let game = &self.games[frame.key.index()].game;
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (rule, regions) in &frame.options {
            // Every position the frame's moves lead to is valued before the
            // frame is popped (`value`), so each term is known.
            let form = self.sum_of(forms, regions, known);
            match game.rules.get(*rule).and_then(|r| r.side) {
                Some(Side::Left) => left.push(form),
                Some(Side::Right) => right.push(form),
                None => {
                    left.push(form);
                    right.push(form);
                }
            }
        }
        forms.game(&left, &right)
    }

    /// The moves from the position `heaps` of game `game`, within the
    /// question's budget.
    fn options(
        &mut self,
        game: usize,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<(usize, After)>, SearchError> {
        let solver = &self.games[game].solver;
        let options = solver.options_within(heaps, budget, asked)?;
        // Games met in sums get searches of their own moves.
        for (_, after) in &options {
            if let After::Sum(terms) = after {
                for term in terms {
                    if let Some(game) = &term.game {
                        self.game_index(game);
                    }
                }
            }
        }
        Ok(options)
    }

    /// The index of `game` among the games met, met now if new.
    fn game_index(&mut self, game: &Arc<Game>) -> usize {
        if let Some(i) =
            (self.games.iter()).position(|m| Arc::ptr_eq(&m.game, game) || &m.game == game)
        {
            return i;
        }
        let options = Options {
            max_positions: self.max_positions,
            ..self.games[0].solver.options().clone()
        };
        let stencils = stencils_of(game, &options);
        let solver = Solver::with_options(game.clone(), options);
        self.games.push(Met {
            turned: turned(game, &stencils),
            game: game.clone(),
            solver,
            stencils,
        });
        self.games.len() - 1
    }

    /// The positions a move from a position of game `from` leads to: one,
    /// or each term of the sum it becomes (its game met when the move was
    /// listed, `options`), each split into its regions.
    fn keys_after(&self, from: usize, after: &After) -> Vec<RegionKey> {
        let mut keys = Vec::new();
        match after {
            After::Position(heaps) => self.push_regions(&mut keys, from, heaps),
            After::Sum(terms) => {
                for term in terms {
                    let game = term.game.as_ref().map_or(from, |g| {
                        (self.games.iter())
                            .position(|m| Arc::ptr_eq(&m.game, g) || &m.game == g)
                            .unwrap_or(from)
                    });
                    self.push_regions(&mut keys, game, &term.heaps);
                }
            }
        }
        keys
    }

    /// Pushes the regions a position of game `game` is the sum of: a
    /// Hackenbush graph's regions, which meet only at the ground (Winning
    /// Ways, ch. 2); a graph of Snort or Col's connected parts, each
    /// numbered from 1 (`tinted_regions`); a board's regions (`Stencils::regions`, LANGUAGE.md
    /// "Boards: regions"), each in its least form under the turns that keep
    /// the rules or swap the players'; each a position of its own. Any other
    /// position is one region.
    fn push_regions(&self, keys: &mut Vec<RegionKey>, game: usize, heaps: &[u64]) {
        let Met {
            game: known,
            stencils,
            turned,
            ..
        } = &self.games[game];
        if let Some(keying) = turned {
            let mut key = Vec::new();
            keying.borrow_mut().key_into(heaps, &mut key);
            keys.push(RegionKey::new(game, key, false));
            return;
        }
        if let Some(stencils) = stencils {
            let mut regions = Vec::new();
            stencils.regions(heaps, &mut regions);
            keys.extend((regions.into_iter()).map(|r| RegionKey::new(game, r.heaps, r.negated)));
            return;
        }
        match known.graph {
            Some(shape @ (GraphShape::Grounded | GraphShape::Coloured)) => keys.extend(
                (grounded_regions(heaps, shape.width()).into_iter())
                    .map(|r| RegionKey::new(game, r, false)),
            ),
            Some(GraphShape::Tinted) => keys.extend(
                (tinted_regions(heaps).into_iter()).map(|r| RegionKey::new(game, r, false)),
            ),
            _ => {
                let mut packed = Vec::new();
                pack(heaps, &mut packed);
                keys.push(RegionKey::new(game, packed, false));
            }
        }
    }

    /// The heaps of the position `key`: a board's region is kept packed by
    /// its stencils, a graph's region as it is, any other position packed
    /// a byte a heap where every heap fits one (`arena::pack`).
    fn heaps_of<'k>(&self, key: &'k GameKey) -> Cow<'k, [u64]> {
        let Met { game, stencils, .. } = &self.games[key.index()];
        match stencils {
            Some(stencils) => Cow::Owned(stencils.unpack(&key.heaps)),
            None if game.graph.is_some() => Cow::Borrowed(&key.heaps),
            None => {
                let mut heaps = Vec::new();
                unpack(&key.heaps, &mut heaps);
                Cow::Owned(heaps)
            }
        }
    }

    /// The search past its memory limit, at `heaps`.
    fn memory_limit(&self, budget: &Budget, heaps: &[u64]) -> SearchError {
        SearchError::MemoryLimit {
            game: self.games[0].game.title(),
            position: Named::of(heaps, self.games[0].game.board),
            limit_mb: budget.memory() >> 20,
        }
    }

    /// A play that comes back to `again`: the positions on the stack from
    /// it on, and the rule each step followed.
    fn cycle(&self, stack: &[Frame], again: &GameKey) -> SearchError {
        let from = stack.iter().position(|f| &f.key == again).unwrap_or(0);
        let on = &stack[from..];
        let mut cycle: Vec<Position> = (on.iter())
            .map(|f| Position::from_u64s(&self.heaps_of(&f.key)))
            .collect();
        cycle.push(Position::from_u64s(&self.heaps_of(again)));
        let rule_of = |f: &Frame| {
            let game = &self.games[f.key.index()].game;
            let rule = f.options.get(f.next).map_or(0, |o| o.0);
            game.rules.get(rule).map(|r| (r.name.clone(), r.span))
        };
        let rules: Vec<String> = on
            .iter()
            .map(|f| rule_of(f).map_or_else(String::new, |r| r.0))
            .collect();
        let game = &self.games[0].game;
        let span = stack
            .last()
            .and_then(rule_of)
            .map_or_else(|| (0, 0).into(), |r| r.1);
        SearchError::Cycle {
            game: game.title(),
            cycle,
            rules,
            src: game.source.clone(),
            span,
        }
    }
}

/// A game's rules as stencils, where its boards split into regions and the
/// search is to split them (`decompose`).
fn stencils_of(game: &Game, options: &Options) -> Option<Stencils> {
    options.decompose.then(|| Stencils::read(game)).flatten()
}

/// How a whole board of `game` is keyed where its rules are proven to turn
/// with it and no `stencils` split it: the least of its images, packed
/// (`keying`); its value is theirs (the rules move each image as they move
/// it, and a turn keeps Left's rules Left's).
fn turned(game: &Game, stencils: &Option<Stencils>) -> Option<RefCell<Keying>> {
    let whole = stencils.is_none() && game.graph.is_none();
    (whole && turns_with_board(game)).then(|| RefCell::new(Keying::for_boards()))
}
