//! The search of games whose moves may become sums of positions
//! (`becomes`). In normal play a sum's value is the XOR of its positions'
//! (the Sprague-Grundy theorem; for moves into sums, the Multi-SG rule), so
//! each position is valued on its own: one of this game, or of another game
//! whose moves become sums too, here (games that become each other are one
//! search, positions keyed by game); one of another game by that game's own
//! search (a heap past what it may hold from a period it proved). In misère play values do not add: a sum is
//! searched whole, as the set of its components, each moving by its own
//! game's rules. Where a play can come back to a position, the whole sums
//! reachable are explored as one graph (`explore_whole`), for `loopy` to
//! label.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::fill::{self, Fill, UNSET, mark};
use crate::moves::{MoveGen, Next, Term};
use crate::platform::usize_of;
use crate::position::Position;
use crate::rules::expr::EvalError;
use crate::rules::{EndKind, Game};
use crate::search::base::arena::{Arena, MAX_BOX};
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, move_error, too_large};
use crate::search::base::reached::{Blamed, Listed, Reached, Visit};
use crate::search::options::Options;
use crate::search::value::{Explored, GameKey, GameValues, NewSearch, Search, Value};

/// The heaps a period is looked for in, before a heap of another game past
/// what its search may hold is answered from it.
const PERIOD_PROBE: u64 = 1 << 16;

/// How the positions of a graph of whole sums (`SumSearch::explore_whole`)
/// are keyed: each sum's components, sorted, one after another as the
/// game's index, the number of heaps and the heaps (canonical for that
/// game).
pub struct Sums {
    /// The games met, by index: the sum's own game first.
    games: Vec<Arc<Game>>,
    /// Each game's symmetry (`MoveGen::symmetry`).
    symmetry: Vec<(bool, bool)>,
    /// Components found to have no move: left out of every key.
    ended: HashSet<GameKey>,
}

impl Sums {
    /// The key of the sum of `pieces` (each a game and its heaps), if
    /// every game is one the graph met.
    pub fn key<'a>(
        &self,
        pieces: impl IntoIterator<Item = (&'a Game, &'a [u64])>,
    ) -> Option<Vec<u64>> {
        let mut sum = Vec::new();
        for (game, heaps) in pieces {
            let g = self.games.iter().position(|known| known.as_ref() == game)?;
            let mut key = Vec::new();
            MoveGen::canonical_into(heaps, self.symmetry[g], &mut key);
            let component = GameKey::new(g, key);
            if !self.ended.contains(&component) {
                sum.push(component);
            }
        }
        sum.sort();
        Some(Sums::encode(&sum))
    }

    fn encode(sum: &[GameKey]) -> Vec<u64> {
        let mut key = Vec::new();
        for GameKey { game, heaps } in sum {
            key.push(u64::from(*game));
            key.push(heaps.len() as u64);
            key.extend_from_slice(heaps);
        }
        key
    }

    fn decode(mut key: &[u64]) -> Vec<GameKey> {
        let mut sum = Vec::new();
        while let [game, len, rest @ ..] = key {
            let (heaps, after) = rest.split_at(usize_of(*len).min(rest.len()));
            sum.push(GameKey {
                game: *game as u32,
                heaps: heaps.to_vec(),
            });
            key = after;
        }
        sum
    }
}

/// One game's search, for positions that may become sums.
pub struct SumSearch {
    misere: bool,
    max_positions: usize,
    options: Options,
    /// The games met: this one first, then the others as `becomes` names
    /// them; and each one's moves.
    games: Vec<Arc<Game>>,
    moves: Vec<MoveGen>,
    /// Normal play: this game's positions (canonical), each one's value
    /// (`UNSET` until found) and whether it is being evaluated.
    positions: Arena,
    values: Vec<u32>,
    on_stack: Vec<bool>,
    /// Scratch for canonical positions.
    key: Vec<u64>,
    /// Whether each game met is searched here, with this one: a game
    /// whose moves become sums too (so games that become each other are
    /// one search); the others have searches of their own.
    together: Vec<bool>,
    /// Each game's symmetry (`MoveGen::symmetry`), by index.
    symmetry: Vec<(bool, bool)>,
    /// Normal play: the other games' own searches, by index.
    others: HashMap<u32, Box<dyn GameValues>>,
    /// Makes those searches.
    new_search: NewSearch,
    /// Misère play: whether the player to move wins each whole sum.
    wins: HashMap<Vec<GameKey>, bool>,
    /// Normal play where some game met declares ends (`win when`, `lose
    /// when`): `values` are of the reduced game (`Reduced`).
    ends: bool,
    /// The box below the first position asked, to be valued whole in
    /// order once the search has met a quarter of it (`fill`); taken when
    /// tried.
    fill: Option<Fill>,
}

/// With ends, in place of a value: a position with a move that wins at
/// once (into a `win when` position), outside the reduced game.
const DANGER: u32 = u32::MAX - 1;
/// With ends: a position at a `win when` end, and at a `lose when` one.
const AT_WIN: u32 = u32::MAX - 2;
const AT_LOSE: u32 = u32::MAX - 3;

/// Normal play with ends: where a position (or a sum) stands in the game
/// reduced for sums (LANGUAGE.md, "Ends"): each component is a game with
/// its ends, and a move's pieces are components like any other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduced {
    /// At an end (the first piece, in the order written, that is at one:
    /// the play is over there).
    End(EndKind),
    /// Not at an end, and with a move that wins at once.
    Danger,
    /// A position of the reduced game, of this Grundy value.
    Value(u32),
}

impl Reduced {
    fn of(value: u32) -> Reduced {
        match value {
            AT_WIN => Reduced::End(EndKind::Win),
            AT_LOSE => Reduced::End(EndKind::Lose),
            DANGER => Reduced::Danger,
            g => Reduced::Value(g),
        }
    }

    /// The sum of `pieces`, standing so each.
    fn sum(pieces: impl IntoIterator<Item = u32>) -> Reduced {
        let (mut danger, mut total) = (false, 0);
        for value in pieces {
            match Reduced::of(value) {
                end @ Reduced::End(_) => return end,
                Reduced::Danger => danger = true,
                Reduced::Value(g) => total ^= g,
            }
        }
        match danger {
            true => Reduced::Danger,
            false => Reduced::Value(total),
        }
    }
}

/// A position of a sum a move becomes.
enum Ref {
    /// Of a game searched here: its id.
    Here(u32),
    /// Of another game: the game's index and the position.
    There(u32, Vec<u64>),
}

/// Normal play: a position being evaluated and its moves, each a run of
/// `refs` (to `ends`), evaluated as far as `next`.
struct Local {
    id: u32,
    refs: Vec<Ref>,
    ends: Vec<usize>,
    rules: Vec<usize>,
    next: usize,
}

/// Misère play: a whole sum being evaluated, its moves, and how far.
struct Frame<K> {
    key: K,
    options: Vec<(usize, Vec<GameKey>)>,
    next: usize,
}

impl SumSearch {
    pub fn new(
        game: &Arc<Game>,
        moves: &MoveGen,
        options: &Options,
        new_search: NewSearch,
    ) -> Self {
        let mut search = SumSearch {
            new_search,
            misere: game.misere,
            max_positions: options.max_positions,
            options: options.clone(),
            games: vec![game.clone()],
            moves: vec![moves.clone()],
            together: vec![true],
            symmetry: vec![moves.symmetry(game)],
            positions: Arena::new(),
            values: Vec::new(),
            on_stack: Vec::new(),
            key: Vec::new(),
            others: HashMap::new(),
            wins: HashMap::new(),
            ends: false,
            fill: None,
        };
        // Every game a `becomes` may lead to, known before the search, so
        // that a move's parts find their games as they are generated.
        let mut next = 0;
        while next < search.games.len() {
            for other in search.games[next].clone().linked_games() {
                search.game_index(&other);
            }
            next += 1;
        }
        search.ends = !search.misere && search.games.iter().any(|g| !g.ends.is_empty());
        search
    }

    /// Positions (or, misère, whole sums) held.
    pub fn len(&self) -> usize {
        self.positions.len() + self.wins.len()
    }
}

impl Search for SumSearch {
    /// The value of `heaps`, a position of this game.
    fn value(
        &mut self,
        _game: &Game,
        _moves: &MoveGen,
        heaps: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), SearchError> {
        if self.ends {
            return Err(self.ends_unsupported("a search for Grundy values alone"));
        }
        let before = self.len();
        let mut edges = 0;
        let value = if self.misere {
            let start = vec![GameKey::new(0, self.canonical(0, heaps))];
            let next_wins = self.whole(start, heaps, budget, &mut edges)?;
            Value::Misere { next_wins }
        } else {
            Value::Grundy(self.grundy_at(0, heaps, heaps, budget, &mut edges)?)
        };
        let explored = Explored {
            positions: self.len().saturating_sub(before),
            edges,
        };
        Ok((value, explored))
    }
}

impl SumSearch {
    /// Normal play with ends: where `heaps`, a position of this game, stands
    /// in the reduced game.
    pub fn reduced(&mut self, heaps: &[u64], budget: &mut Budget) -> Result<Reduced, SearchError> {
        self.reduced_check()?;
        let value = self.grundy_at(0, heaps, heaps, budget, &mut 0)?;
        Ok(Reduced::of(value))
    }

    /// Normal play with ends: where the sum `parts` a move of this game
    /// becomes stands in the reduced game (`asked`: the position moved
    /// from, for errors).
    pub fn reduced_after(
        &mut self,
        parts: &[Term],
        asked: &[u64],
        budget: &mut Budget,
    ) -> Result<Reduced, SearchError> {
        self.reduced_check()?;
        let mut values = Vec::with_capacity(parts.len());
        for part in parts {
            let GameKey { game, heaps } = self.term_key(0, part);
            values.push(self.grundy_of(game, heaps, asked, budget, &mut 0)?);
        }
        Ok(Reduced::sum(values))
    }

    /// `Ok` where the reduction for ends answers: normal play, no declared
    /// draw.
    fn reduced_check(&self) -> Result<(), SearchError> {
        let draws = (self.games.iter()).any(|g| g.ends.iter().any(|e| e.kind == EndKind::Draw));
        match (self.misere, draws) {
            (false, false) => Ok(()),
            (true, _) => {
                Err(self.ends_unsupported("misère play of a game whose moves become sums"))
            }
            (false, true) => {
                Err(self.ends_unsupported("a game whose moves become sums, with `draw when`"))
            }
        }
    }

    fn ends_unsupported(&self, what: &'static str) -> SearchError {
        let game = (self.games.iter())
            .find(|g| !g.ends.is_empty())
            .unwrap_or(&self.games[0]);
        SearchError::EndsUnsupported {
            game: game.title(),
            what,
        }
    }

    /// The value of the sum `parts` a move of this game becomes.
    pub fn sum_value(
        &mut self,
        parts: &[Term],
        asked: &[u64],
        budget: &mut Budget,
    ) -> Result<Value, SearchError> {
        if self.ends {
            return Err(self.ends_unsupported("a search for Grundy values alone"));
        }
        let components: Vec<GameKey> = parts.iter().map(|p| self.term_key(0, p)).collect();
        let mut edges = 0;
        if self.misere {
            let next_wins = self.whole(sorted(components), asked, budget, &mut edges)?;
            return Ok(Value::Misere { next_wins });
        }
        let mut total = 0;
        for GameKey { game, heaps } in components {
            total ^= self.grundy_of(game, heaps, asked, budget, &mut edges)?;
        }
        Ok(Value::Grundy(total))
    }

    /// A term of a sum a move of game `mover` becomes, keyed.
    fn term_key(&mut self, mover: u32, part: &Term) -> GameKey {
        let game = match &part.game {
            None => mover,
            Some(game) => self.game_index(game),
        };
        let heaps = self.canonical(game, &part.heaps);
        GameKey { game, heaps }
    }

    fn canonical(&self, game: u32, heaps: &[u64]) -> Vec<u64> {
        let mut key = Vec::new();
        MoveGen::canonical_into(heaps, self.symmetry[game as usize], &mut key);
        key
    }

    /// Every move of `game` from `heaps`: its rule, and the components it
    /// leaves in place of the one that moved.
    fn options_of(
        &mut self,
        game: u32,
        heaps: &[u64],
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<Vec<(usize, Vec<GameKey>)>, SearchError> {
        let g = game as usize;
        let mut found: Vec<(usize, Vec<Term>)> = Vec::new();
        // A position may have millions of moves, each a sum: the clock is
        // looked at every 4096, and past the deadline the rest are no
        // longer kept (the generation ends without its work).
        let mut late = None;
        let examined = self.moves[g]
            .each_option_within(heaps, budget.within(), |rule, next| {
                if late.is_some() {
                    return;
                }
                if found.len() % 4096 == 4095
                    && let Err(e) = budget.check_clock()
                {
                    late = Some(e);
                    return;
                }
                let parts = match next {
                    Next::Position(heaps) => vec![Term {
                        game: None,
                        heaps: heaps.to_vec(),
                    }],
                    Next::Sum(parts) => parts.to_vec(),
                };
                found.push((rule, parts));
            })
            .map_err(|e| match e.error {
                EvalError::OutOfBudget => budget.exhausted().error(&self.games[0], asked),
                _ => move_error(&self.games[g], heaps, e),
            })?;
        if let Some(e) = late {
            // A million moves' parts are given back on another thread: the
            // question ends at its deadline, not a second after.
            crate::platform::discard(found);
            return Err(e.error(&self.games[0], asked));
        }
        budget
            .spend(examined.max(1))
            .map_err(|e| e.error(&self.games[0], asked))?;
        *edges += found.len();
        let mut options = Vec::with_capacity(found.len());
        let mut rest = found.into_iter();
        while let Some((rule, parts)) = rest.next() {
            if options.len() % 4096 == 4095
                && let Err(e) = budget.check_clock()
            {
                crate::platform::discard((rest, options));
                return Err(e.error(&self.games[0], asked));
            }
            let components = parts.iter().map(|p| self.term_key(game, p)).collect();
            options.push((rule, components));
        }
        Ok(options)
    }

    /// The Grundy value of a component: of this game by this search, of
    /// another by its own.
    fn grundy_of(
        &mut self,
        game: u32,
        heaps: Vec<u64>,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<u32, SearchError> {
        if self.together[game as usize] {
            return self.grundy_at(game, &heaps, asked, budget, edges);
        }
        let options = self.options.clone();
        let other = self.games[game as usize].clone();
        let new_search = self.new_search;
        let search = (self.others)
            .entry(game)
            .or_insert_with(|| new_search(other, options));
        match search.value_or_period(&heaps, PERIOD_PROBE)? {
            Value::Grundy(g) => Ok(g),
            Value::Misere { .. } => unreachable!("a game of a normal-play sum is played normal"),
        }
    }

    /// The positions below `heaps` of game `game` (the first asked about),
    /// of every game searched here with as many heaps, are found by their
    /// index in that box (`Arena::with_box`): the parts of a `becomes`
    /// below the position asked (the cutting game's sheets) cost no hash.
    /// Each heap goes up to its own, or up to the largest where the game's
    /// positions are sorted; the others are hashed.
    fn box_below(&mut self, game: u32, heaps: &[u64]) {
        let symmetry = self.symmetry[game as usize];
        key_into(game, heaps, symmetry, &mut self.key);
        let top = self.key[1..].iter().copied().max().unwrap_or(0);
        let games = u64::try_from(self.games.len()).unwrap_or(u64::MAX);
        let extents: Vec<u64> = std::iter::once(games)
            .chain(self.key[1..].iter().map(|&h| match symmetry.0 {
                true => top.saturating_add(1),
                false => h.saturating_add(1),
            }))
            .collect();
        let max_cells = MAX_BOX.min(self.max_positions.saturating_mul(8));
        if let Some(arena) = Arena::with_box(&extents, max_cells) {
            self.positions = arena;
        }
        // A game played alone, normal play, every tuple of heaps a
        // position: its box may be valued whole, in the order of `fill`.
        let alone = !self.misere && !self.ends && game == 0 && self.games.len() == 1;
        self.fill = (alone && self.games[0].invariant.is_none())
            .then(|| Fill::below(heaps, self.max_positions))
            .flatten();
    }

    /// Values the box of `fill` whole, in order (`fill`), and holds every
    /// position of it with its value: true where every move stayed in the
    /// box and went below.
    fn fill(
        &mut self,
        fill: &Fill,
        budget: &mut Budget,
        edges: &mut usize,
        asked: &[u64],
    ) -> Result<bool, SearchError> {
        let found = fill::values(&self.games[0], &self.moves[0], fill, budget, edges, asked)?;
        let Some(found) = found else {
            return Ok(false);
        };
        let mut heaps = vec![0u64; fill.extents.len()];
        for (index, value) in found.into_iter().enumerate() {
            if index > 0 {
                fill::next(&mut heaps, &fill.extents);
            }
            let id = self.intern(0, &heaps)? as usize;
            if self.values[id] == UNSET {
                self.values[id] = value;
            }
        }
        Ok(true)
    }

    /// The id of game `game`'s position `heaps` (a game searched here),
    /// held from now on.
    fn intern(&mut self, game: u32, heaps: &[u64]) -> Result<u32, SearchError> {
        key_into(game, heaps, self.symmetry[game as usize], &mut self.key);
        if let Some(id) = self.positions.find(&self.key) {
            return Ok(id);
        }
        if self.positions.len() >= self.max_positions {
            return Err(too_large(&self.games[0], self.max_positions, heaps));
        }
        self.values.push(UNSET);
        self.on_stack.push(false);
        Ok(self.positions.insert(&self.key))
    }

    /// Normal play: the value of the position `heaps` of game `game` (one
    /// searched here), and of every position below it, depth first with an
    /// explicit stack.
    fn grundy_at(
        &mut self,
        game: u32,
        heaps: &[u64],
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<u32, SearchError> {
        if self.positions.len() == 0 {
            self.box_below(game, heaps);
        }
        let start = self.intern(game, heaps)?;
        if self.values[start as usize] == UNSET {
            self.mark_end(start)?;
        }
        if self.values[start as usize] != UNSET {
            return Ok(self.values[start as usize]);
        }
        let mut stack = vec![self.local(start, asked, budget, edges)?];
        self.on_stack[start as usize] = true;
        while let Some(top) = stack.last_mut() {
            // The next position of this game the moves reach, not valued.
            let mut child = None;
            while top.next < top.refs.len() {
                if let Ref::Here(id) = top.refs[top.next]
                    && self.values[id as usize] == UNSET
                {
                    if self.ends {
                        let end = self.end_of(id)?;
                        self.values[id as usize] = end.unwrap_or(UNSET);
                        if end.is_some() {
                            continue;
                        }
                    }
                    child = Some(id);
                    break;
                }
                top.next += 1;
            }
            if let Some(id) = child {
                if self.on_stack[id as usize] {
                    return Err(self.cycle(&stack, id));
                }
                // A quarter of the box met: the rest is likely met too,
                // and valued faster in order. The search then starts over,
                // finding the values held.
                if let Some(fill) = self.fill.take_if(|f| f.due(self.positions.len())) {
                    for frame in &stack {
                        self.on_stack[frame.id as usize] = false;
                    }
                    if self.fill(&fill, budget, edges, asked)? {
                        return self.grundy_at(game, heaps, asked, budget, edges);
                    }
                    for frame in &stack {
                        self.on_stack[frame.id as usize] = true;
                    }
                }
                let frame = self.local(id, asked, budget, edges)?;
                self.on_stack[id as usize] = true;
                stack.push(frame);
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            let mut seen = Vec::new();
            let mut from = 0;
            let mut danger = false;
            let mut pieces = Vec::new();
            for &end in &frame.ends {
                pieces.clear();
                for r in &frame.refs[from..end] {
                    pieces.push(match r {
                        Ref::Here(id) => self.values[*id as usize],
                        Ref::There(game, heaps) => {
                            self.grundy_of(*game, heaps.clone(), asked, budget, edges)?
                        }
                    });
                }
                from = end;
                if !self.ends {
                    mark(&mut seen, pieces.iter().fold(0, |g, v| g ^ v));
                    continue;
                }
                // The reduced game: a move into an end, or that leaves a
                // move that wins at once, is none; one into a `win when`
                // position wins at once.
                match Reduced::sum(std::mem::take(&mut pieces)) {
                    Reduced::End(EndKind::Win) => danger = true,
                    Reduced::Value(g) => mark(&mut seen, g),
                    Reduced::End(_) | Reduced::Danger => {}
                }
            }
            let g = match danger {
                true => DANGER,
                false => seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32,
            };
            self.on_stack[frame.id as usize] = false;
            self.values[frame.id as usize] = g;
        }
        Ok(self.values[start as usize])
    }

    /// With ends, sets the value of the position `id` (not yet valued) to
    /// the end it is at, if any.
    fn mark_end(&mut self, id: u32) -> Result<(), SearchError> {
        if self.ends
            && let Some(end) = self.end_of(id)?
        {
            self.values[id as usize] = end;
        }
        Ok(())
    }

    /// The end the position `id` is at, as its value (`AT_WIN`, `AT_LOSE`).
    fn end_of(&self, id: u32) -> Result<Option<u32>, SearchError> {
        let key = self.positions.get(id);
        let (game, heaps) = (usize_of(key[0]), &key[1..]);
        let end = (self.moves[game].end_at(heaps))
            .map_err(|e| crate::search::base::error::end_error(&self.games[game], heaps, e))?;
        Ok(end.map(|kind| match kind {
            EndKind::Win => AT_WIN,
            // Draws are refused before (`reduced_check`).
            EndKind::Lose | EndKind::Draw => AT_LOSE,
        }))
    }

    /// The moves of the position `id` (of a game searched here), each a
    /// run of references: the positions it reaches are held as they are
    /// generated, without a copy of each move.
    fn local(
        &mut self,
        id: u32,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<Local, SearchError> {
        let key = self.positions.get(id);
        let (game, heaps) = (key[0] as u32, key[1..].to_vec());
        let g = game as usize;
        let mut frame = Local {
            id,
            refs: Vec::new(),
            ends: Vec::new(),
            rules: Vec::new(),
            next: 0,
        };
        // Games not met before, found after.
        let mut elsewhere: Vec<(usize, Arc<Game>)> = Vec::new();
        let mut full = false;
        let (games, together, symmetries) = (&self.games, &self.together, &self.symmetry);
        let (moves, positions, key) = (&self.moves[g], &mut self.positions, &mut self.key);
        let (values, on_stack, limit) = (&mut self.values, &mut self.on_stack, self.max_positions);
        let mut here = |game: u32, heaps: &[u64]| -> u32 {
            key_into(game, heaps, symmetries[game as usize], key);
            if let Some(id) = positions.find(key) {
                return id;
            }
            if positions.len() >= limit {
                full = true;
                return 0;
            }
            values.push(UNSET);
            on_stack.push(false);
            positions.insert(key)
        };
        let examined = moves
            .each_option_within(&heaps, budget.within(), |rule, next| {
                match next {
                    Next::Position(p) => frame.refs.push(Ref::Here(here(game, p))),
                    Next::Sum(parts) => {
                        for part in parts {
                            let other = part.game.as_ref().map(|other| {
                                let index =
                                    games.iter().position(|known| Arc::ptr_eq(known, other));
                                (other, index)
                            });
                            match other {
                                None => frame.refs.push(Ref::Here(here(game, &part.heaps))),
                                Some((_, Some(i))) if together[i] => {
                                    frame.refs.push(Ref::Here(here(i as u32, &part.heaps)))
                                }
                                Some((_, Some(i))) => {
                                    frame.refs.push(Ref::There(i as u32, part.heaps.clone()))
                                }
                                Some((other, None)) => {
                                    elsewhere.push((frame.refs.len(), other.clone()));
                                    frame.refs.push(Ref::There(0, part.heaps.clone()));
                                }
                            }
                        }
                    }
                }
                frame.ends.push(frame.refs.len());
                frame.rules.push(rule);
            })
            .map_err(|e| match e.error {
                EvalError::OutOfBudget => budget.exhausted().error(&self.games[0], asked),
                _ => move_error(&self.games[g], &heaps, e),
            })?;
        if full {
            return Err(too_large(&self.games[0], self.max_positions, asked));
        }
        budget
            .spend(examined.max(1))
            .map_err(|e| e.error(&self.games[0], asked))?;
        *edges += frame.ends.len();
        // A game met only now is searched on its own (its moves' games
        // were all known before the search began, so this is a game
        // compared by value, not by where it is held).
        for (at, game) in elsewhere {
            let index = self.game_index(&game);
            if let Ref::There(g, _) = &mut frame.refs[at] {
                *g = index;
            }
        }
        Ok(frame)
    }

    /// Another game's index among the games met, added if new.
    fn game_index(&mut self, game: &Arc<Game>) -> u32 {
        match (self.games.iter()).position(|g| Arc::ptr_eq(g, game) || g == game) {
            Some(i) => i as u32,
            None => {
                let moves = MoveGen::new(game);
                // A game with ends is searched here, reduced with the rest.
                self.together
                    .push(moves.has_sums() || !game.ends.is_empty());
                self.ends |= !self.misere && !game.ends.is_empty();
                self.symmetry.push(moves.symmetry(game));
                self.games.push(game.clone());
                self.moves.push(moves);
                (self.games.len() - 1) as u32
            }
        }
    }

    /// Normal play, where a play can come back to a position: the graph of
    /// every whole sum reachable from each of `starts` (positions of this
    /// game), at most `max_positions`, each sum keyed by `Sums::key`
    /// (components with no move left out: a sum is the same game without
    /// them). Its labelling answers positions that a search of values
    /// cannot (`loopy`).
    pub fn explore_whole(
        &mut self,
        starts: &[Vec<u64>],
        max_positions: usize,
        budget: &mut Budget,
    ) -> Result<(Reached, Sums), SearchError> {
        let asked = starts.first().cloned().unwrap_or_default();
        let mut edges = 0;
        let mut sums = Sums {
            games: Vec::new(),
            symmetry: Vec::new(),
            ended: HashSet::new(),
        };
        // Whether a component has no move, found once.
        let mut moves_of: HashMap<GameKey, bool> = HashMap::new();
        let mut start_keys = Vec::new();
        for start in starts {
            let component = GameKey {
                game: 0,
                heaps: self.canonical(0, start),
            };
            let live = self.live(vec![component], &asked, budget, &mut edges, &mut moves_of)?;
            start_keys.push(Sums::encode(&live));
        }
        let game = self.games[0].clone();
        let max_bytes = budget.memory();
        let mut moves = |key: &[u64], room: u64, out: &mut Listed| {
            let sum = Sums::decode(key);
            let options = self.sum_options(&sum, &asked, budget, &mut edges)?;
            let listed: u64 = (options.iter())
                .map(|(_, next)| {
                    next.iter()
                        .map(|c| 32 + 8 * c.heaps.len() as u64)
                        .sum::<u64>()
                })
                .sum();
            if listed > room {
                return Ok(false);
            }
            let mut options = options.into_iter();
            while let Some((rule, next)) = options.next() {
                let live = match self.live(next, &asked, budget, &mut edges, &mut moves_of) {
                    Ok(live) => live,
                    Err(e) => {
                        // The rest of a million options, given back on
                        // another thread (as `options_of` does).
                        crate::platform::discard(options);
                        return Err(e);
                    }
                };
                out.push_with(rule, |keys| keys.extend(Sums::encode(&live)));
            }
            Ok(true)
        };
        let reached = Reached::explore_by(
            &Blamed::of(&game, &asked),
            &start_keys,
            (max_positions, max_bytes),
            &mut moves,
            &mut |_| Ok(Visit::Open),
        );
        let reached = match reached {
            Ok(reached) => reached,
            Err(e) => {
                crate::platform::discard(moves_of);
                return Err(e);
            }
        };
        sums.ended = (moves_of.into_iter())
            .filter(|(_, has)| !has)
            .map(|(c, _)| c)
            .collect();
        sums.symmetry = self.symmetry.clone();
        sums.games = self.games.clone();
        Ok((reached, sums))
    }

    /// `sum` without its components that have no move (found as
    /// `has_moves` remembers), sorted.
    fn live(
        &mut self,
        sum: Vec<GameKey>,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
        has_moves: &mut HashMap<GameKey, bool>,
    ) -> Result<Vec<GameKey>, SearchError> {
        let mut live = Vec::with_capacity(sum.len());
        for c in sum {
            let has = match has_moves.get(&c) {
                Some(&has) => has,
                None => {
                    let has = !self
                        .options_of(c.game, &c.heaps, asked, budget, edges)?
                        .is_empty();
                    has_moves.insert(c.clone(), has);
                    has
                }
            };
            if has {
                live.push(c);
            }
        }
        live.sort();
        Ok(live)
    }

    /// Misère play: whether the player to move wins the whole sum `start`
    /// (sorted components), and every sum below it.
    fn whole(
        &mut self,
        start: Vec<GameKey>,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<bool, SearchError> {
        if let Some(&w) = self.wins.get(&start) {
            return Ok(w);
        }
        let mut on_stack: HashSet<Vec<GameKey>> = HashSet::new();
        let mut stack: Vec<Frame<Vec<GameKey>>> = Vec::new();
        let options = self.sum_options(&start, asked, budget, edges)?;
        on_stack.insert(start.clone());
        stack.push(Frame {
            key: start.clone(),
            options,
            next: 0,
        });
        while let Some(top) = stack.last_mut() {
            let mut child = None;
            while top.next < top.options.len() {
                let sum = &top.options[top.next].1;
                if !self.wins.contains_key(sum) {
                    child = Some(sum.clone());
                    break;
                }
                top.next += 1;
            }
            if let Some(child) = child {
                if on_stack.contains(&child) {
                    return Err(SearchError::Cycle {
                        game: self.games[0].title(),
                        cycle: stack
                            .iter()
                            .map(|f| whole_position(&f.key))
                            .chain(std::iter::once(whole_position(&child)))
                            .collect(),
                        rules: stack
                            .iter()
                            .map(|f| self.rule_name(f.options.get(f.next).map_or(0, |o| o.0)))
                            .collect(),
                        src: self.games[0].source.clone(),
                        span: self.rule_span(top_rule(&stack)),
                    });
                }
                if self.wins.len() + stack.len() >= self.max_positions {
                    return Err(too_large(&self.games[0], self.max_positions, asked));
                }
                let options = self.sum_options(&child, asked, budget, edges)?;
                on_stack.insert(child.clone());
                stack.push(Frame {
                    key: child,
                    options,
                    next: 0,
                });
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            // The player who cannot move has won; else one who can move to
            // a sum lost for the player then to move.
            let wins =
                frame.options.is_empty() || (frame.options.iter()).any(|(_, sum)| !self.wins[sum]);
            on_stack.remove(&frame.key);
            self.wins.insert(frame.key, wins);
        }
        Ok(self.wins[&start])
    }

    /// Every move of a whole sum: one component moves, by its game's rules,
    /// and what it leaves takes its place.
    fn sum_options(
        &mut self,
        sum: &[GameKey],
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<Vec<(usize, Vec<GameKey>)>, SearchError> {
        let mut out = Vec::new();
        for (i, component) in sum.iter().enumerate() {
            // Equal components move alike: the first of them stands for all.
            if sum[..i].contains(component) {
                continue;
            }
            let GameKey { game, heaps } = component;
            for (rule, left) in self.options_of(*game, heaps, asked, budget, edges)? {
                let mut next: Vec<GameKey> = (sum.iter().enumerate())
                    .filter(|&(j, _)| j != i)
                    .map(|(_, c)| c.clone())
                    .chain(left)
                    .collect();
                next.sort();
                out.push((rule, next));
            }
        }
        Ok(out)
    }

    /// A cycle among this game's positions: the positions on the stack
    /// from `again` on, and the rule each step followed.
    fn cycle(&self, stack: &[Local], again: u32) -> SearchError {
        let from = stack.iter().position(|f| f.id == again).unwrap_or(0);
        let on = &stack[from..];
        let position = |id: u32| Position::from_u64s(&self.positions.get(id)[1..]);
        let mut cycle: Vec<Position> = on.iter().map(|f| position(f.id)).collect();
        cycle.push(position(again));
        // The rule of the move each frame is following: the run its next
        // reference falls in.
        let rule = |f: &Local| {
            let run = f.ends.iter().position(|&end| f.next < end).unwrap_or(0);
            f.rules.get(run).copied().unwrap_or(0)
        };
        let game_of = |f: &Local| usize_of(self.positions.get(f.id)[0]);
        let rules: Vec<String> = on
            .iter()
            .map(|f| self.rule_name_in(game_of(f), rule(f)))
            .collect();
        let closing = stack.last().map_or((0, 0), |f| (game_of(f), rule(f)));
        SearchError::Cycle {
            game: self.games[0].title(),
            cycle,
            rules,
            src: self.games[0].source.clone(),
            span: self.rule_span_in(closing.0, closing.1),
        }
    }

    fn rule_name(&self, rule: usize) -> String {
        self.rule_name_in(0, rule)
    }

    /// The name of rule `rule` of game `game` (an index among the games
    /// met).
    fn rule_name_in(&self, game: usize, rule: usize) -> String {
        (self.games.get(game).and_then(|g| g.rules.get(rule)))
            .map_or_else(String::new, |r| r.name.clone())
    }

    fn rule_span(&self, rule: usize) -> miette::SourceSpan {
        self.rule_span_in(0, rule)
    }

    /// Where rule `rule` of game `game` is written.
    fn rule_span_in(&self, game: usize, rule: usize) -> miette::SourceSpan {
        (self.games.get(game).and_then(|g| g.rules.get(rule))).map_or((0, 0).into(), |r| r.span)
    }
}

/// The rule the top frame is following.
fn top_rule<K>(stack: &[Frame<K>]) -> usize {
    (stack.last())
        .and_then(|f| f.options.get(f.next))
        .map_or(0, |o| o.0)
}

/// A whole sum as a position, for a cycle's message: its components' heaps
/// one after another.
fn whole_position(sum: &[GameKey]) -> Position {
    Position::from_u64s(
        &sum.iter()
            .flat_map(|c| c.heaps.iter().copied())
            .collect::<Vec<_>>(),
    )
}

fn sorted(mut components: Vec<GameKey>) -> Vec<GameKey> {
    components.sort();
    components
}

/// The key a position of game `game` is held by: the game's index, then
/// its heaps in canonical form (`symmetry`).
fn key_into(game: u32, heaps: &[u64], symmetry: (bool, bool), key: &mut Vec<u64>) {
    key.clear();
    key.push(u64::from(game));
    MoveGen::canonical_after(heaps, symmetry, key);
}
