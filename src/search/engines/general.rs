//! The general search over the position graph reachable from the positions
//! asked about: positions interned to dense ids, values evaluated bottom-up
//! by a depth-first walk with an explicit stack (searches may be millions of
//! moves deep), a cycle reported with the rule that closes it.
//!
//! Edges are not stored: a position's children live on a stack while it is
//! being evaluated, and only its value is kept. That keeps million-position
//! searches compact; `export` builds a petgraph graph where one is wanted.

use super::fill::{self, Fill};
use crate::moves::MoveGen;
use crate::position::{Named, Position};
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::base::arena::{Arena, MAX_BOX};
use crate::search::base::budget::Budget;
use crate::search::base::error::{Growth, SearchError, move_error, too_large};
use crate::search::options::Progress;
use crate::search::value::{Explored, Search, Value};

/// In a game whose moves can add to heaps, a play that never repeats a
/// position and is longer than this share of the position limit is taken
/// for one that never ends (a finite game's positions are mostly off any
/// one play): a larger limit allows longer plays.
const LONGEST_PLAY_SHARE: usize = 32;
/// Under a small limit, the plays this long are still let through.
const SHORTEST_LONG_PLAY: usize = 1 << 10;

const WHITE: u8 = 0;
const GREY: u8 = 1;
const BLACK: u8 = 2;

/// One game's position graph and the values found so far.
pub struct GeneralSearch {
    /// Whether positions may be sorted and stripped of empty heaps (see
    /// `MoveGen::symmetry`).
    symmetry: (bool, bool),
    /// Canonical positions, by id.
    positions: Arena,
    state: Vec<u8>,
    values: Vec<Value>,
    max_positions: usize,
    /// The position the current question asks about, for messages.
    asked: Vec<u64>,
    /// Scratch for canonical positions, so that a lookup allocates nothing.
    key: Vec<u64>,
    progress: Progress,
    /// Whether every move made so far lowered the total of the heaps: a
    /// measure that proves the plays it made end, whatever moves add.
    moves_fell: bool,
    /// The box below the first position asked, to be valued whole in
    /// order once the search has met a quarter of it (`fill`); taken when
    /// tried.
    fill: Option<Fill>,
}

/// What the search does next: visit a position, or finish one whose
/// children are done.
enum Task {
    Visit(u32),
    Finish(u32),
}

impl GeneralSearch {
    /// Whether every move the search made lowered the total of the heaps.
    pub fn moves_fell(&self) -> bool {
        self.moves_fell
    }

    pub fn new(game: &Game, moves: &MoveGen, max_positions: usize, progress: Progress) -> Self {
        GeneralSearch {
            symmetry: moves.symmetry(game),
            positions: Arena::new(),
            state: Vec::new(),
            values: Vec::new(),
            max_positions,
            asked: Vec::new(),
            key: Vec::new(),
            progress,
            moves_fell: true,
            fill: None,
        }
    }

    /// Whether positions are stored with their heaps sorted.
    pub fn sorted(&self) -> bool {
        self.symmetry.0
    }

    /// Positions held so far.
    pub fn len(&self) -> usize {
        self.positions.len()
    }
}

impl Search for GeneralSearch {
    /// The value of `heaps`, searching what is not yet known.
    fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heaps: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), SearchError> {
        if self.positions.len() == 0 {
            self.box_below(heaps);
            // Normal play, positions as written, every tuple of heaps a
            // position: the box may be valued whole, in order.
            let plain = !game.misere && game.invariant.is_none() && game.ends.is_empty();
            self.fill = (plain && !self.sorted())
                .then(|| Fill::below(heaps, self.max_positions))
                .flatten();
        }
        let before = self.positions.len();
        self.asked = heaps.to_vec();
        let start = self.intern(game, heaps)?;
        let edges = match self.evaluate(game, moves, start, budget) {
            Ok(edges) => edges,
            Err(e) => {
                // Positions left half evaluated would be read as values.
                self.forget();
                return Err(e);
            }
        };
        let explored = Explored {
            positions: self.positions.len() - before,
            edges,
        };
        Ok((self.values[start as usize], explored))
    }
}

impl GeneralSearch {
    /// Forgets every position: after a search that stopped midway.
    fn forget(&mut self) {
        self.positions = Arena::new();
        self.state.clear();
        self.values.clear();
    }

    /// The positions below `heaps` (the first asked about) are found by
    /// their index in that box: each heap up to its own, or up to the
    /// largest where positions are sorted. Positions of other heap counts
    /// (with empty heaps dropped, or added), or past the box, are hashed.
    fn box_below(&mut self, heaps: &[u64]) {
        let mut key = Vec::new();
        self.canonical(heaps, &mut key);
        let top = key.iter().copied().max().unwrap_or(0);
        let extents: Vec<u64> = (key.iter())
            .map(|&h| if self.sorted() { top } else { h }.saturating_add(1))
            .collect();
        let max_cells = MAX_BOX.min(self.max_positions.saturating_mul(8));
        if let Some(arena) = Arena::with_box(&extents, max_cells) {
            self.positions = arena;
        }
    }

    /// Writes the canonical form of `heaps` into `key`.
    fn canonical(&self, heaps: &[u64], key: &mut Vec<u64>) {
        MoveGen::canonical_into(heaps, self.symmetry, key);
    }

    fn intern(&mut self, game: &Game, heaps: &[u64]) -> Result<u32, SearchError> {
        let mut key = std::mem::take(&mut self.key);
        self.canonical(heaps, &mut key);
        let id = match self.positions.find(&key) {
            Some(id) => Ok(id),
            None if self.positions.len() >= self.max_positions => {
                Err(too_large(game, self.max_positions, &self.asked))
            }
            None => {
                let id = self.positions.insert(&key);
                self.progress.add(1);
                self.state.push(WHITE);
                self.values.push(Value::Grundy(0));
                Ok(id)
            }
        };
        self.key = key;
        id
    }

    /// Evaluates `start` and everything below it, depth first; returns the
    /// number of moves examined.
    fn evaluate(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        start: u32,
        budget: &mut Budget,
    ) -> Result<usize, SearchError> {
        let mut tasks = vec![Task::Visit(start)];
        // The children of every position being evaluated, innermost last:
        // positions finish in the reverse order they start, so each one's
        // children are on top when it finishes.
        let mut children: Vec<u32> = Vec::new();
        let mut frames: Vec<usize> = Vec::new();
        let longest_play = moves
            .may_grow()
            .then(|| (self.max_positions / LONGEST_PLAY_SHARE).max(SHORTEST_LONG_PLAY));
        let mut seen: Vec<bool> = Vec::new();
        let mut heaps: Vec<u64> = Vec::new();
        let mut edges = 0;
        while let Some(task) = tasks.pop() {
            match task {
                Task::Visit(node) => {
                    if self.state[node as usize] != WHITE {
                        continue;
                    }
                    self.state[node as usize] = GREY;
                    tasks.push(Task::Finish(node));
                    frames.push(children.len());
                    // A play this long that never repeats, where moves can
                    // add: most likely one that never ends.
                    if let Some(longest) =
                        longest_play.filter(|&l| frames.len() > l && !self.moves_fell)
                    {
                        return Err(SearchError::MayNotEnd {
                            game: game.title(),
                            position: Named::of(&self.asked, game.board),
                            growth: Growth::Play(longest),
                        });
                    }
                    heaps.clear();
                    heaps.extend_from_slice(self.positions.get(node));
                    // Moves are interned as they are generated: no list of
                    // them is built.
                    let mut failed: Option<SearchError> = None;
                    let mut closes: Option<(u32, usize)> = None;
                    // Once a move fails or closes a cycle, `halt` ends the
                    // generation: no later move reaches this closure.
                    // Whether every move lowers the total of the heaps matters
                    // only where moves can add, and only until one does not.
                    let total = |heaps: &[u64]| heaps.iter().map(|&h| u128::from(h)).sum::<u128>();
                    let before = (self.moves_fell && longest_play.is_some()).then(|| total(&heaps));
                    let generated =
                        moves.each_move_within(&heaps, budget.within(), |rule, next| {
                            if let Some(before) = before
                                && self.moves_fell
                                && total(next) >= before
                            {
                                self.moves_fell = false;
                            }
                            match self.intern(game, next) {
                                Ok(child) => {
                                    edges += 1;
                                    match self.state[child as usize] {
                                        // A grey position is on the path from `start` here.
                                        GREY => closes = Some((child, rule)),
                                        WHITE => tasks.push(Task::Visit(child)),
                                        _ => {}
                                    }
                                    children.push(child);
                                }
                                Err(e) => failed = Some(e),
                            }
                            if failed.is_some() || closes.is_some() {
                                // Nothing more is wanted from this position.
                                moves.halt();
                            }
                        });
                    if let Some(e) = failed {
                        return Err(e);
                    }
                    if let Some((child, rule)) = closes {
                        return Err(self.cycle(game, moves, &tasks, child, rule));
                    }
                    let examined = generated.map_err(|e| match e.error {
                        EvalError::OutOfBudget => budget.exhausted().error(game, &self.asked),
                        _ => move_error(game, &heaps, e),
                    })?;
                    budget
                        .spend(examined)
                        .map_err(|e| e.error(game, &self.asked))?;
                    // The moves waiting on the stacks grow with the depth
                    // and the moves of a position (Chomp at (65536, 8, 8):
                    // 2.7 GB before the limit on positions).
                    let waiting = tasks.capacity() * size_of::<Task>()
                        + children.capacity() * size_of::<u32>()
                        + self.state.capacity()
                        + self.values.capacity() * size_of::<Value>();
                    if waiting as u64 + self.positions.bytes() > budget.memory() {
                        return Err(SearchError::MemoryLimit {
                            game: game.title(),
                            position: Named::of(&self.asked, game.board),
                            limit_mb: budget.memory() >> 20,
                        });
                    }
                    // A quarter of the box met: the rest is likely met too,
                    // and valued faster in order, where it fits the memory
                    // left beside what is held.
                    if let Some(fill) = self.fill.take_if(|f| f.due(self.positions.len()))
                        && self.fill_bytes(&fill) + waiting as u64 + self.positions.bytes()
                            <= budget.memory()
                    {
                        self.fill_box(game, moves, &fill, budget, &mut edges)?;
                    }
                }
                Task::Finish(node) => {
                    let start = frames.pop().unwrap_or(0);
                    let value = self.value_of(game, &children[start..], &mut seen);
                    children.truncate(start);
                    self.values[node as usize] = value;
                    self.state[node as usize] = BLACK;
                }
            }
        }
        Ok(edges)
    }

    /// About the bytes filling `fill` takes: its values while they are
    /// found, then each position held with its heaps, id, state and value.
    fn fill_bytes(&self, fill: &Fill) -> u64 {
        let heaps = fill.extents.len() * size_of::<u64>();
        let each = size_of::<u32>() * 2 + heaps + size_of::<usize>() + 1 + size_of::<Value>();
        (fill.cells as u64).saturating_mul(each as u64)
    }

    /// Values the box of `fill` whole, in order (`fill::values`), and holds
    /// every position of it with its value, finished, where every move
    /// stayed in the box and went below; else holds nothing more. Positions
    /// on the stack are finished so too: finishing them again reads the
    /// same value, from moves all valued.
    fn fill_box(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        fill: &Fill,
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<(), SearchError> {
        let found = fill::values(game, moves, fill, budget, edges, &self.asked)?;
        let Some(values) = found else {
            return Ok(());
        };
        let mut heaps = vec![0u64; fill.extents.len()];
        for (index, value) in values.into_iter().enumerate() {
            if index > 0 {
                fill::next(&mut heaps, &fill.extents);
            }
            let id = self.intern(game, &heaps)? as usize;
            self.values[id] = Value::Grundy(value);
            self.state[id] = BLACK;
        }
        Ok(())
    }

    /// The value of a position whose children have these values.
    fn value_of(&self, game: &Game, children: &[u32], seen: &mut Vec<bool>) -> Value {
        let values = children.iter().map(|&c| self.values[c as usize]);
        if game.misere {
            // The player who cannot move has won: the last mover lost.
            let next_wins = children.is_empty() || values.clone().any(Value::is_p);
            return Value::Misere { next_wins };
        }
        seen.clear();
        for value in values {
            if let Value::Grundy(g) = value {
                let g = g as usize;
                if g >= seen.len() {
                    seen.resize(g + 1, false);
                }
                seen[g] = true;
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        Value::Grundy(mex as u32)
    }

    /// The cycle closed by a move by `rule` to `child`, a position on the
    /// current path: the path's positions are those waiting to finish. It is
    /// replayed from its first position with the moves themselves, so that
    /// it shows each position as played (not as stored, perhaps sorted) and
    /// the rule of each move.
    fn cycle(
        &self,
        game: &Game,
        moves: &MoveGen,
        tasks: &[Task],
        child: u32,
        rule: usize,
    ) -> SearchError {
        let path: Vec<u32> = tasks
            .iter()
            .filter_map(|task| match task {
                Task::Finish(node) => Some(*node),
                Task::Visit(_) => None,
            })
            .collect();
        let from = path.iter().position(|&n| n == child).unwrap_or(0);
        let stored: Vec<&[u64]> = path[from..]
            .iter()
            .chain([&child])
            .map(|&n| self.positions.get(n))
            .collect();
        let mut played = vec![stored[0].to_vec()];
        let mut rules = Vec::new();
        let mut key = Vec::new();
        for target in &stored[1..] {
            let mut found = None;
            let at = played.last().cloned().unwrap_or_default();
            // A move from `at` to the stored position exists: the search made it.
            let _ = moves.each_move(&at, |rule, next| {
                self.canonical(next, &mut key);
                if found.is_none() && key.as_slice() == *target {
                    found = Some((rule, next.to_vec()));
                }
            });
            let (rule, next) = found.unwrap_or((rule, target.to_vec()));
            rules.push(game.rules[rule].name.clone());
            played.push(next);
        }
        SearchError::Cycle {
            game: game.title(),
            cycle: played.iter().map(|p| Position::from_u64s(p)).collect(),
            rules,
            src: game.source.clone(),
            span: game.rules[rule].span,
        }
    }
}
