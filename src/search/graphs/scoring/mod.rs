//! The search of a scoring game (`score += EXPR`): the value of a position
//! is the most the player to move can win by, their points from here on
//! minus the other player's, both playing to make that margin their best —
//! negamax (Knuth and Moore, "An analysis of alpha-beta pruning", 1975;
//! the rule in LANGUAGE.md, "Scoring games"):
//!
//! - a position with no move is worth 0: the play is over;
//! - otherwise its value is the best over its moves of the move's points
//!   plus the value of where it leads when its player moves again
//!   (`again`), or minus it when the other player moves next.
//!
//! The points still to come depend only on the position, not on how play
//! got there, so each position is valued once and remembered. The search
//! is depth first with an explicit stack (plays thousands of moves long
//! do not reach the thread's stack), and a play that returns to a
//! position on the stack is a cycle, whose points would have no value.
//!
//! Positions are held in an arena (`search::base::arena`), by id, with no
//! allocation per position; those in the box of every heap up to one past
//! the largest of the first position asked (a row whose two ends move
//! toward each other, as coins in a row's do) are found by their index,
//! the rest by hashing. Positions of many heaps (a board's cells) are held
//! packed, a byte a heap where every heap fits one (`arena::pack`), and a
//! board once up to its turns and reflections where the rules are checked
//! to allow it (`turns`). Where every rule is a fixed shift (coins in a
//! row), the box of the first position asked is valued at once, row by
//! row, as an interval dp (`rows`), and the search answers only what that
//! cannot vouch for. The moves of the positions on the stack lie one
//! after another in one buffer.
//!
//! A position asked for its best moves alone (`best`), where every play is
//! proven to end (`moves::plays_end`: no cycle to find) and a board's
//! rules to turn with it, is valued by alpha-beta (`pruned`) instead,
//! without every position below it; so is one whose graph does not fit
//! the limits.

mod pruned;
mod rows;
mod worth;

use std::sync::Arc;

use super::keying::{Keying, PACK_PAST};
use super::turns::{Records, Turns, same_records};
use pruned::{Halt, INFINITE, Pruned};
use worth::worth;

use crate::moves::{MoveError, MoveGen, Shift, plays_end, turns_with_board};
use crate::position::{Named, Position};
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::base::arena::{Arena, MAX_BOX};
use crate::search::base::budget::DEFAULT_MOVE_BUDGET;
use crate::search::base::budget::{Budget, Shared};
use crate::search::base::error::{SearchError, move_error, too_large};
use crate::search::options::Options;

/// The widest window of an alpha-beta search: an exact value.
const WIDEST: (i128, i128) = (-INFINITE, INFINITE);

/// The most moves a position may have and be searched in the order they
/// are made (`smallest_first`).
const WIDE: usize = 32;

/// A position held and not valued yet: a move's target, reached later.
const UNVALUED: u8 = 0;
/// A position on the stack: being valued.
const ON_STACK: u8 = 1;
const VALUED: u8 = 2;

/// One move of a scoring game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The rule that makes it (an index into the game's rules).
    pub rule: usize,
    /// The position it leads to, as the rules make it.
    pub after: Vec<u64>,
    /// The points its player scores.
    pub points: i128,
    /// Its player moves again.
    pub again: bool,
}

impl ScoredMove {
    /// The value where the move leads at which it is worth `score` to its
    /// player: `score - points` where they move again (at least that),
    /// else `points - score` (at most that); `None` past 128 bits.
    fn bound(&self, score: i128) -> Option<i128> {
        match self.again {
            true => score.checked_sub(self.points),
            false => self.points.checked_sub(score),
        }
    }
}

/// The values of a scoring game's positions, found so far.
pub struct ScoringSearch {
    game: Arc<Game>,
    moves: MoveGen,
    options: Options,
    /// The positions met and their values.
    store: Store,
    /// Whether the box of the first question is set.
    boxed: bool,
    /// The rules were found not to allow the board's turns.
    unturned: bool,
    /// The rules are proven to turn with the board (`moves::turns_with_board`):
    /// no position's turns are checked.
    proven: bool,
    /// Scratch for the turns' check: the moves of a position as records,
    /// the same turned, the moves of its image, and the image.
    made: Records,
    turned: Records,
    theirs: Records,
    image: Vec<u64>,
    /// The moves of the positions on the stack, one frame's after another's.
    edges: Vec<Edge>,
    /// Scratch: the moves of the position being expanded, before where
    /// they lead is found (`expand`), and where each was found held.
    pending: Pending,
    found: Vec<Option<u32>>,
    /// Scratch: the heaps of the position whose moves are made.
    here: Vec<u64>,
    /// Every rule as a fixed shift, where each is one, until the box of the
    /// first position asked (or a table's) is filled row by row (`rows`).
    shifts: Option<Vec<Shift>>,
    /// Every play is proven to end (`moves::plays_end`).
    ends: bool,
    /// The alpha-beta search, for positions whose graph does not fit and
    /// for a position asked alone where every play ends; made with the
    /// first it values.
    pruned: Option<Pruned>,
    /// Whether the last position asked was valued by alpha-beta.
    by_pruning: bool,
    /// The last position alpha-beta valued, and its value: asked again
    /// (for its moves), it is not searched whole again first.
    pruned_last: Option<(Vec<u64>, i128)>,
    /// The deadline and moves its questions share (a table's cells), where
    /// they do.
    shared: Shared,
}

/// The moves of a position being expanded: each one's key, one after
/// another in `keys` (each ending at its entry in `ends`), and its edge.
#[derive(Default)]
struct Pending {
    keys: Vec<u64>,
    ends: Vec<usize>,
    moves: Vec<Edge>,
}

/// A move of a position on the stack: its rule, where it leads (an id),
/// its points, and whether its player moves again.
#[derive(Clone, Copy, Debug)]
struct Edge {
    rule: u32,
    to: u32,
    points: i128,
    again: bool,
}

/// A position being valued: its id, where its moves start in the edges
/// (they run to the next frame's start), the next to look at, and the best
/// margin found so far.
struct Frame {
    id: u32,
    start: usize,
    next: usize,
    best: Option<i128>,
}

/// The positions met and their values.
struct Store {
    positions: Arena,
    /// Each held position's state and value, by id.
    state: Vec<u8>,
    values: Vec<i128>,
    /// How many are valued.
    valued: usize,
    /// How positions are keyed: turns and packing are set with the box.
    keying: Keying,
    /// Scratch for a key.
    packing: Vec<u64>,
    /// The box of the first position asked (or a table's), valued row by
    /// row (`rows`).
    filled: Option<rows::Filled>,
}

/// Why a search stopped.
enum Stop {
    Error(Box<SearchError>),
    /// The moves from an image of a position by a turn of the board are
    /// not the images of the position's moves (`turns`).
    TurnsDiffer,
}

impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Self {
        Stop::Error(Box::new(e))
    }
}

/// Why a position could not be held.
enum Full {
    Positions,
    Memory,
}

impl Store {
    /// The id of `heaps` (by its canonical key), held from now on if it was
    /// not; a new one is refused when `max_positions` are held or they take
    /// more than `memory` bytes.
    fn intern(&mut self, heaps: &[u64], max_positions: usize, memory: u64) -> Result<u32, Full> {
        let mut key = std::mem::take(&mut self.packing);
        key.clear();
        self.keying.key_into(heaps, &mut key);
        let found = self.positions.find(&key);
        let id = self.held(&key, found, (max_positions, memory));
        self.packing = key;
        id
    }

    /// The id of `key`: `found`, where it is held, else held from now on
    /// (within the limits, as `intern`).
    fn held(
        &mut self,
        key: &[u64],
        found: Option<u32>,
        (max_positions, memory): (usize, u64),
    ) -> Result<u32, Full> {
        if let Some(id) = found {
            return Ok(id);
        }
        if self.positions.len() >= max_positions {
            return Err(Full::Positions);
        }
        if self.bytes() > memory {
            return Err(Full::Memory);
        }
        self.state.push(UNVALUED);
        self.values.push(0);
        Ok(self.positions.insert(key))
    }

    /// The heaps of position `id`, written into `out`.
    fn load(&self, id: u32, out: &mut Vec<u64>) {
        self.keying.load(self.positions.get(id), out);
    }

    /// The heaps of position `id`.
    fn heaps(&self, id: u32) -> Vec<u64> {
        let mut heaps = Vec::new();
        self.load(id, &mut heaps);
        heaps
    }

    /// A store of no position, keyed alike (turns and packing are set
    /// again with the next box), the box filled row by row kept.
    fn emptied(&mut self) -> Store {
        Store {
            filled: self.filled.take(),
            ..Store::new(self.keying.symmetry)
        }
    }

    fn new(symmetry: (bool, bool)) -> Store {
        Store {
            positions: Arena::new(),
            state: Vec::new(),
            values: Vec::new(),
            valued: 0,
            keying: Keying::new(symmetry),
            packing: Vec::new(),
            filled: None,
        }
    }

    /// About the bytes held: the arena's, each position's state and value,
    /// and the box filled.
    fn bytes(&self) -> u64 {
        let own = self.state.capacity() + self.values.capacity() * size_of::<i128>();
        let filled = self.filled.as_ref().map_or(0, rows::Filled::bytes);
        self.positions.bytes() + own as u64 + filled
    }
}

impl ScoringSearch {
    /// The search of `game`'s positions, within `options`' limits.
    pub fn new(game: Arc<Game>, options: Options) -> Self {
        let moves = MoveGen::new(&game);
        let symmetry = moves.symmetry(&game);
        let shifts = moves.shifts();
        let proven = turns_with_board(&game);
        ScoringSearch {
            ends: plays_end(&game),
            proven,
            game,
            moves,
            options,
            store: Store::new(symmetry),
            boxed: false,
            unturned: false,
            made: Records::default(),
            turned: Records::default(),
            theirs: Records::default(),
            image: Vec::new(),
            edges: Vec::new(),
            pending: Pending::default(),
            found: Vec::new(),
            here: Vec::new(),
            shifts,
            pruned: None,
            by_pruning: false,
            pruned_last: None,
            shared: Shared::default(),
        }
    }

    /// How many positions are valued.
    pub fn len(&self) -> usize {
        self.store.valued + self.store.filled.as_ref().map_or(0, |f| f.known)
    }

    /// How many images of the board `heaps` (its turns and reflections,
    /// itself among them) are held as one: 1 where none are.
    pub fn turns(&self, heaps: &[u64]) -> usize {
        match (&self.pruned, self.by_pruning) {
            (Some(pruned), true) => pruned.turns(heaps),
            _ => self.store.keying.turns(heaps),
        }
    }

    /// Whether boards such as `heaps` held up to their turns (`turns`) are so
    /// because the rules were proven once to turn with the board
    /// (`moves::turns_with_board`), not checked at every position valued.
    pub fn turns_proven(&self, heaps: &[u64]) -> bool {
        self.proven && self.turns(heaps) > 1
    }

    /// Whether the last position asked for its best moves (`best`) was
    /// valued alone by alpha-beta: every play proven to end
    /// (`moves::plays_end`) and the board's rules to turn with it.
    pub fn alone(&self) -> bool {
        self.by_pruning && self.valued_alone()
    }

    /// Whether a position asked for its best moves is valued alone: every
    /// play proven to end and the board's rules to turn with it (a fixed
    /// shift is no board's anchored block: `rows` never applies).
    fn valued_alone(&self) -> bool {
        self.ends && self.proven
    }

    /// Whether `heaps` was valued with the box of the first position asked,
    /// row by row (`rows`).
    pub fn in_rows(&self, heaps: &[u64]) -> bool {
        (self.store.filled.as_ref()).is_some_and(|f| f.value(heaps).is_some())
    }

    /// Where the last position asked was valued by alpha-beta (`alone`, or
    /// its graph did not fit the limits): the positions that search has
    /// expanded, all questions told.
    pub fn pruned(&self) -> Option<usize> {
        let pruned = self.pruned.as_ref().filter(|_| self.by_pruning)?;
        Some(pruned.searched)
    }

    /// The most the player to move at `heaps` wins by, both playing their
    /// best (a loss is negative, a draw 0).
    pub fn value(&mut self, heaps: &[u64]) -> Result<i128, SearchError> {
        let mut budget = self.budget();
        self.by_pruning = false;
        if let Some((last, value)) = &self.pruned_last
            && last == heaps
        {
            self.by_pruning = true;
            return Ok(*value);
        }
        loop {
            // Where every rule is a fixed shift, the first position asked's
            // box is valued row by row, once.
            self.fill_rows((heaps, heaps), &mut budget)?;
            if let Some(value) = self.store.filled.as_ref().and_then(|f| f.value(heaps)) {
                return Ok(value);
            }
            if !self.boxed {
                self.boxed = true;
                self.prepare(heaps);
            }
            let root = self.intern(heaps, &budget, heaps)?;
            if self.store.state[root as usize] == VALUED {
                return Ok(self.store.values[root as usize]);
            }
            let mut frames = Vec::new();
            let stop = match self.search(root, &mut frames, &mut budget, heaps) {
                Ok(value) => return Ok(value),
                Err(stop) => stop,
            };
            // A search that stopped midway leaves positions held and not
            // valued, which count against the limit: all are forgotten (as
            // the general search forgets), and the next question starts
            // afresh, with a box of its own. Where the rules did not allow
            // the board's turns, it starts again at once, without them.
            self.store = self.store.emptied();
            self.edges.clear();
            self.boxed = false;
            match stop {
                Stop::TurnsDiffer => self.unturned = true,
                // The graph does not fit: alpha-beta values the position
                // alone with what time is left; where that runs out too,
                // the limit is what to raise.
                Stop::Error(e)
                    if matches!(
                        *e,
                        SearchError::TooManyPositions { .. } | SearchError::MemoryLimit { .. }
                    ) =>
                {
                    return match self.pruned_value(heaps, WIDEST, &mut budget) {
                        Ok(value) => {
                            self.by_pruning = true;
                            self.pruned_last = Some((heaps.to_vec(), value));
                            Ok(value)
                        }
                        Err(Halt::Spent) => Err(*e),
                        Err(halt) => Err(self.halted(halt, &budget, heaps)),
                    };
                }
                Stop::Error(e) => return Err(*e),
            }
        }
    }

    /// Where every rule is a fixed shift, the positions from `least` to
    /// `most` (heap by heap) valued at once, row by row (`rows`), before
    /// any is asked: a table's. Only the first box asked for is filled.
    pub fn fill_between(&mut self, least: &[u64], most: &[u64]) -> Result<(), SearchError> {
        let mut budget = self.budget();
        self.fill_rows((least, most), &mut budget)
    }

    /// The box from `corners.0` to `corners.1` filled row by row, where the
    /// rules are fixed shifts and no box was filled before.
    fn fill_rows(
        &mut self,
        corners: (&[u64], &[u64]),
        budget: &mut Budget,
    ) -> Result<(), SearchError> {
        if let Some(shifts) = self.shifts.take() {
            let memory = budget.memory().saturating_sub(self.store.bytes());
            let max_positions = self.options.max_positions;
            self.store.filled =
                rows::fill(&self.game, &shifts, corners, budget, max_positions, memory)?;
        }
        Ok(())
    }

    /// The value of `heaps` by alpha-beta searched with `window` (exact
    /// inside it, else a bound past it), within `budget`, its table within
    /// the limits. The table keys a board up to its turns where the rules
    /// are proven to turn with it (no position's turns are checked here).
    fn pruned_value(
        &mut self,
        heaps: &[u64],
        window: (i128, i128),
        budget: &mut Budget,
    ) -> Result<i128, Halt> {
        let limits = (self.options.max_positions, budget.memory());
        let pruned = self.pruned.get_or_insert_with(|| {
            let turning = self.proven && self.game.board;
            let keying = Keying::for_position(self.store.keying.symmetry, turning, heaps);
            Pruned::new(keying, self.ends)
        });
        pruned.value(&self.moves, heaps, window, budget, limits)
    }

    /// The error of an alpha-beta search that stopped.
    fn halted(&self, halt: Halt, budget: &Budget, asked: &[u64]) -> SearchError {
        match halt {
            Halt::Spent => budget.exhausted().error(&self.game, asked),
            Halt::Rule(heaps, e) => move_error(&self.game, &heaps, e),
            Halt::Overflow(rule, heaps) => self.overflow(rule, &heaps),
            Halt::Cycle(cycle, rules) => self.cycle_of(cycle, rules),
        }
    }

    /// Values `root` and every position below it not valued yet, depth
    /// first, the positions being valued on `frames`.
    fn search(
        &mut self,
        root: u32,
        frames: &mut Vec<Frame>,
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<i128, Stop> {
        self.push(root, frames, budget, asked)?;
        while let Some(top) = frames.last_mut() {
            // The top frame's moves are the last in the buffer.
            if let Some(&edge) = self.edges.get(top.start + top.next) {
                let to = edge.to as usize;
                match self.store.state[to] {
                    VALUED => {
                        let Some(worth) = worth(edge.points, edge.again, self.store.values[to])
                        else {
                            let heaps = self.store.heaps(top.id);
                            return Err(self.overflow(edge.rule as usize, &heaps).into());
                        };
                        top.best = Some(top.best.map_or(worth, |best| best.max(worth)));
                        top.next += 1;
                    }
                    // A play that reaches an image of a position on the
                    // stack is no cycle of the game's own, perhaps.
                    ON_STACK if !self.store.keying.turns.is_empty() => {
                        return Err(Stop::TurnsDiffer);
                    }
                    ON_STACK => return Err(self.cycle(frames, edge.to).into()),
                    _ => self.push(edge.to, frames, budget, asked)?,
                }
                continue;
            }
            let Some(frame) = frames.pop() else { break };
            self.edges.truncate(frame.start);
            let id = frame.id as usize;
            self.store.values[id] = frame.best.unwrap_or(0);
            self.store.state[id] = VALUED;
            self.store.valued += 1;
        }
        Ok(self.store.values[root as usize])
    }

    /// Puts position `id` on the stack, its moves after the others'.
    fn push(
        &mut self,
        id: u32,
        frames: &mut Vec<Frame>,
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<(), Stop> {
        self.store.state[id as usize] = ON_STACK;
        frames.push(Frame {
            id,
            start: self.edges.len(),
            next: 0,
            best: None,
        });
        let start = self.edges.len();
        let mut here = std::mem::take(&mut self.here);
        self.store.load(id, &mut here);
        let result = self.expand(&here, budget, asked);
        if result.is_ok() {
            self.smallest_first(start, &mut here);
        }
        self.here = here;
        result
    }

    /// Where a position has many moves, puts those to the smallest
    /// positions (by their heaps' sum) first: they are valued first, and
    /// the larger ones after them mostly find their moves' values known.
    /// Depth first in the order made, a position of n moves each taking
    /// from one heap (`choose k in 1..h[1]`) would stack the moves of n
    /// positions, n² in all; so, two frames at most.
    fn smallest_first(&mut self, start: usize, scratch: &mut Vec<u64>) {
        if self.edges.len() - start <= WIDE {
            return;
        }
        let mut keyed: Vec<(u128, Edge)> = (self.edges[start..].iter())
            .map(|&edge| {
                self.store.load(edge.to, scratch);
                (scratch.iter().map(|&h| u128::from(h)).sum(), edge)
            })
            .collect();
        keyed.sort_by_key(|&(size, _)| size);
        for (slot, (_, edge)) in self.edges[start..].iter_mut().zip(keyed) {
            *slot = edge;
        }
    }

    /// Writes the moves from `heaps` into the edges, each to the id of
    /// where it leads; where positions are held up to the board's turns,
    /// checks that the rules allow it here.
    fn expand(&mut self, heaps: &[u64], budget: &mut Budget, asked: &[u64]) -> Result<(), Stop> {
        let within = budget.within();
        let allowance = within.moves;
        let (max_positions, memory) = (self.options.max_positions, budget.memory());
        let mut unrecorded = false;
        let (store, made) = (&mut self.store, &mut self.made);
        let proven = self.proven;
        made.clear();
        // Each move's key (one after another in `keys`, each ending at its
        // `ends`), and its edge, where it leads found once all are made.
        let Pending { keys, ends, moves } = &mut self.pending;
        keys.clear();
        ends.clear();
        moves.clear();
        let examined = self
            .moves
            .each_scored_move(heaps, within, |rule, after, points, again| {
                if let Some(turns) = store.keying.turns.first().filter(|_| !proven) {
                    unrecorded |= !turns.record(heaps, after, points, again, made);
                }
                store.keying.key_into(after, keys);
                ends.push(keys.len());
                moves.push(Edge {
                    rule: rule as u32,
                    to: 0,
                    points,
                    again,
                });
            });
        let examined = self.examined(examined, allowance, heaps)?;
        // Looked up all at once (their cache misses overlap), then those not
        // held looked up again (an earlier move may have led there) or held.
        let (store, Pending { keys, ends, moves }) = (&mut self.store, &mut self.pending);
        let found = &mut self.found;
        store.positions.find_all(keys, ends, found);
        let mut full = None;
        let starts = std::iter::once(0).chain(ends.iter().copied());
        for (((start, &end), found), edge) in starts
            .zip(ends.iter())
            .zip(found.iter())
            .zip(moves.iter_mut())
        {
            let key = &keys[start..end];
            let found = found.or_else(|| store.positions.find(key));
            match store.held(key, found, (max_positions, memory)) {
                Ok(to) => {
                    edge.to = to;
                    self.edges.push(*edge);
                }
                Err(why) => {
                    full = Some(why);
                    break;
                }
            }
        }
        if let Some(why) = full {
            return Err(self.full(why, budget, asked).into());
        }
        budget
            .spend(examined)
            .map_err(|e| e.error(&self.game, asked))?;
        if unrecorded {
            return Err(Stop::TurnsDiffer);
        }
        if proven {
            return Ok(());
        }
        self.check_turns(heaps, budget, asked)
    }

    /// Where positions are held up to the board's turns: the moves from
    /// each image of `heaps` by a turn are the images of its moves (in
    /// `made`), with the same points and `again` (`turns`' induction step).
    fn check_turns(
        &mut self,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<(), Stop> {
        let Self {
            store,
            moves,
            made,
            turned,
            theirs,
            image,
            game,
            ..
        } = self;
        let Some(turns) = store.keying.turns.first().filter(|t| t.fits(heaps)) else {
            return Ok(());
        };
        for i in turns.indices() {
            turns.image(i, heaps, image);
            turns.turn_records(i, made, turned);
            theirs.clear();
            let mut unrecorded = false;
            let within = budget.within();
            let allowance = within.moves;
            let examined = moves.each_scored_move(image, within, |_, after, points, again| {
                unrecorded |= !turns.record(image, after, points, again, theirs);
            });
            let examined = match examined {
                Ok(examined) => examined,
                Err(MoveError {
                    error: EvalError::OutOfBudget,
                    ..
                }) => allowance.saturating_add(1),
                // The rules fail at the image, not at the position.
                Err(_) => return Err(Stop::TurnsDiffer),
            };
            budget.spend(examined).map_err(|e| e.error(game, asked))?;
            if unrecorded || !same_records(turned, theirs) {
                return Err(Stop::TurnsDiffer);
            }
        }
        Ok(())
    }

    /// The id of `heaps`, held from now on.
    fn intern(
        &mut self,
        heaps: &[u64],
        budget: &Budget,
        asked: &[u64],
    ) -> Result<u32, SearchError> {
        let (max_positions, memory) = (self.options.max_positions, budget.memory());
        (self.store.intern(heaps, max_positions, memory))
            .map_err(|why| self.full(why, budget, asked))
    }

    /// The error of a store that is full.
    fn full(&self, why: Full, budget: &Budget, asked: &[u64]) -> SearchError {
        match why {
            Full::Positions => too_large(&self.game, self.options.max_positions, asked),
            Full::Memory => SearchError::MemoryLimit {
                game: self.game.title(),
                position: Named::of(asked, self.game.board),
                limit_mb: budget.memory() >> 20,
            },
        }
    }

    /// Positions in the box of every heap up to one past the largest of
    /// `heaps` (the first asked) are found by their index, where the box is
    /// small beside the limits: its ids take 4 bytes a position. Positions
    /// of more heaps than `PACK_PAST` (a board's cells) are held packed. A
    /// board's positions are held once up to its turns (`turns`), unless
    /// the rules were found not to allow them.
    fn prepare(&mut self, heaps: &[u64]) {
        let keying = &mut self.store.keying;
        if !self.unturned {
            keying.turns = Turns::of(&self.game, heaps).into_iter().collect();
        }
        let width = keying.width(heaps);
        if width > PACK_PAST {
            keying.packed = true;
            return;
        }
        let top = keying.top(heaps);
        let extents = vec![top.saturating_add(2); width];
        let by_memory = usize::try_from(self.options.max_bytes / 16).unwrap_or(usize::MAX);
        let max_cells = (MAX_BOX)
            .min(self.options.max_positions.saturating_mul(8))
            .min(by_memory);
        if self.store.positions.len() == 0
            && let Some(arena) = Arena::with_box(&extents, max_cells)
        {
            self.store.positions = arena;
        }
    }

    /// Every move from `heaps`, in the order the rules make them, each with
    /// what it is worth to its player: its points, plus or minus the value
    /// of where it leads (`value`'s rule).
    pub fn moves(&mut self, heaps: &[u64]) -> Result<Vec<(ScoredMove, i128)>, SearchError> {
        self.value(heaps)?;
        let pruning = self.by_pruning;
        let mut budget = self.budget();
        let listed = self.listed(heaps, &mut budget, heaps)?;
        let mut out = Vec::with_capacity(listed.len());
        for m in listed {
            // Where the position did not fit, nor do its moves': each is
            // valued by alpha-beta, the table kept from the position's.
            let value = match pruning {
                true => (self.pruned_value(&m.after, WIDEST, &mut budget))
                    .map_err(|halt| self.halted(halt, &budget, heaps))?,
                false => self.value(&m.after)?,
            };
            let worth =
                worth(m.points, m.again, value).ok_or_else(|| self.overflow(m.rule, heaps))?;
            out.push((m, worth));
        }
        Ok(out)
    }

    /// The score of `heaps` and its best moves: those worth the score to
    /// their player, in the order the rules make them. Where every play is
    /// proven to end and a board's rules to turn with it, the position is
    /// valued alone, by alpha-beta (`pruned`), rather than with every
    /// position below it; then, as where its graph did not fit, each move
    /// is found best or not by a search with a window one point wide at
    /// the score (Pearl, "Asymptotic properties of minimax trees and
    /// game-searching procedures", Artificial Intelligence 14, 1980: a test
    /// of whether a value reaches a bound cuts off more than a search for
    /// the value).
    pub fn best(&mut self, heaps: &[u64]) -> Result<(i128, Vec<ScoredMove>), SearchError> {
        let score = match self.valued_alone() {
            true => self.value_alone(heaps)?,
            false => self.value(heaps)?,
        };
        if !self.by_pruning {
            let moves = self.moves(heaps)?.into_iter();
            let best = moves.filter(|(_, worth)| *worth == score);
            return Ok((score, best.map(|(m, _)| m).collect()));
        }
        let mut budget = self.budget();
        let mut best = Vec::new();
        for m in self.listed(heaps, &mut budget, heaps)? {
            if self.reaches(&m, score, &mut budget)? {
                best.push(m);
            }
        }
        Ok((score, best))
    }

    /// The value of `heaps` by alpha-beta alone, within the limits.
    fn value_alone(&mut self, heaps: &[u64]) -> Result<i128, SearchError> {
        if let Some((last, value)) = &self.pruned_last
            && last == heaps
        {
            self.by_pruning = true;
            return Ok(*value);
        }
        let mut budget = self.budget();
        let value = (self.pruned_value(heaps, WIDEST, &mut budget))
            .map_err(|halt| self.halted(halt, &budget, heaps))?;
        self.by_pruning = true;
        self.pruned_last = Some((heaps.to_vec(), value));
        Ok(value)
    }

    /// Whether move `m` is worth `score` to its player at least, by an
    /// alpha-beta search of where it leads with a window one point wide.
    fn reaches(
        &mut self,
        m: &ScoredMove,
        score: i128,
        budget: &mut Budget,
    ) -> Result<bool, SearchError> {
        // Moving again, the move reaches the score where the value after it
        // is `score - points` at least; else where it is `points - score`
        // at most. A bound past 128 bits (the points' sign says which way)
        // or at the widest window's end is met by every value or by none.
        let window = match (m.again, m.bound(score)) {
            (_, None) => return Ok(m.points > 0),
            (true, Some(b)) if b <= -INFINITE => return Ok(true),
            (true, Some(b)) => (b - 1, b),
            (false, Some(INFINITE)) => return Ok(true),
            (false, Some(b)) if b < -INFINITE => return Ok(false),
            (false, Some(b)) => (b, b + 1),
        };
        let value = (self.pruned_value(&m.after, window, budget))
            .map_err(|halt| self.halted(halt, budget, &m.after))?;
        Ok(match m.again {
            true => value >= window.1,
            false => value <= window.0,
        })
    }

    /// The moves from `heaps` as the rules make them, within `budget`.
    fn listed(
        &self,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<ScoredMove>, SearchError> {
        let mut out = Vec::new();
        let within = budget.within();
        let allowance = within.moves;
        let examined = self
            .moves
            .each_scored_move(heaps, within, |rule, after, points, again| {
                out.push(ScoredMove {
                    rule,
                    after: after.to_vec(),
                    points,
                    again,
                })
            });
        let examined = self.examined(examined, allowance, heaps)?;
        budget
            .spend(examined)
            .map_err(|e| e.error(&self.game, asked))?;
        Ok(out)
    }

    /// The moves a generation from `heaps` examined: past `allowance` where
    /// it ran out (for the budget to refuse), or the error of its rule.
    fn examined(
        &self,
        made: Result<u64, MoveError>,
        allowance: u64,
        heaps: &[u64],
    ) -> Result<u64, SearchError> {
        match made {
            Ok(examined) => Ok(examined),
            Err(MoveError {
                error: EvalError::OutOfBudget,
                ..
            }) => Ok(allowance.saturating_add(1)),
            Err(e) => Err(move_error(&self.game, heaps, e)),
        }
    }

    fn budget(&self) -> Budget {
        let o = &self.options;
        Budget::question(o.move_budget, DEFAULT_MOVE_BUDGET, o.timeout, &o.cancel)
            .with_memory(Some(o.max_bytes))
            .sharing(&self.shared)
    }

    /// From now on its questions share `shared` (a table's deadline and
    /// moves: `Solver::shared`).
    pub fn share(&mut self, shared: Shared) {
        self.shared = shared;
    }

    /// The error of a margin past 128 bits, met by a move of `rule` from
    /// `heaps`.
    fn overflow(&self, rule: usize, heaps: &[u64]) -> SearchError {
        let (name, span) = (self.game.rules.get(rule)).map_or_else(
            || (String::new(), (0, 0).into()),
            |r| (r.name.clone(), r.span),
        );
        SearchError::ScoreOverflow {
            game: self.game.title(),
            rule: name,
            position: Named::of(heaps, self.game.board),
            src: self.game.source.clone(),
            span,
        }
    }

    /// A play that comes back to position `again`: the positions on the
    /// stack from it on, and the rule each move followed.
    fn cycle(&self, frames: &[Frame], again: u32) -> SearchError {
        let from = frames.iter().position(|f| f.id == again).unwrap_or(0);
        let on = &frames[from..];
        let mut cycle: Vec<Vec<u64>> = on.iter().map(|f| self.store.heaps(f.id)).collect();
        cycle.push(self.store.heaps(again));
        let rules = (on.iter())
            .map(|f| {
                self.edges
                    .get(f.start + f.next)
                    .map_or(0, |e| e.rule as usize)
            })
            .collect();
        self.cycle_of(cycle, rules)
    }

    /// The error of a play through the positions of `cycle`, back to the
    /// first, each move by the rule of that index in `rules`.
    fn cycle_of(&self, cycle: Vec<Vec<u64>>, rules: Vec<usize>) -> SearchError {
        let rule = |r: usize| self.game.rules.get(r);
        let span = (rules.last().and_then(|&r| rule(r))).map_or_else(|| (0, 0).into(), |r| r.span);
        SearchError::ScoringCycle {
            game: self.game.title(),
            cycle: cycle.iter().map(|p| Position::from_u64s(p)).collect(),
            rules: (rules.iter())
                .map(|&r| rule(r).map_or_else(String::new, |r| r.name.clone()))
                .collect(),
            src: self.game.source.clone(),
            span,
        }
    }
}
