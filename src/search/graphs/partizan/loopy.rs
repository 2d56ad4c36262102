//! Partizan games that can go on forever (loopy games: Winning Ways,
//! ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI), answered by
//! retrograde analysis over the graph of what play can reach.
//!
//! A node of the graph is a sum — its parts positions of games (each
//! negated or not) and canonical forms of short values — with the player
//! to move: Left's moves from it lead to nodes where Right is to move, and
//! the other way round. So an infinite play is a cycle of the graph, and a
//! play that alternates moves is the only kind there is (Siegel, §VI.1: a
//! game is a *stopper* when no infinite alternating play starts from any
//! of its positions; here, when the graph has no cycle). Each node is
//! labelled as an impartial game's position is (`loopy::retrograde`): the
//! player to move wins (N), loses (P), or neither can force a win and play
//! goes on forever (D). A position's outcome is then a pair: who wins with
//! Left moving first and with Right moving first, each Left, Right or a
//! draw (Siegel, §VI.1).
//!
//! The parts may be played together other than by the sum (`Play`): a
//! node's moves are then the compound's (`ways`: a move in every part, in
//! any set of them, ...), searched whole the same way.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::partizan::{Form, Forms, Stopper};
use crate::position::Outcome;
use crate::rules::{Game, Side};
use crate::search::base::arena::{pack, unpack};
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;
use crate::search::base::reached::{Blamed, Listed, Reached, Visit};
use crate::search::graphs::loopy::retrograde;
use crate::search::options::Options;
use crate::search::solver::Solver;
use crate::search::value::After;
use crate::syntax::ast::Compound;

use super::super::ways::ways;

/// A part of a sum: a position of a game, or a short value's canonical
/// form.
#[derive(Clone, Debug)]
pub enum Part {
    /// A position of `game`; `negated`, its negative (Left moves as the
    /// game's Right, and the other way round).
    Game {
        game: Arc<Game>,
        heaps: Vec<u64>,
        negated: bool,
    },
    /// A short value.
    Value(Form),
    /// A node of a loopy value's graph (a value written with `pass`,
    /// `on`, `over`, ...).
    Node(Arc<Stopper>, u32),
}

/// One move from a node, as the root's moves are listed: the parts moved
/// in (each its index in the sum asked about, and what it moved to: one
/// part in a sum, more in a compound).
pub struct LoopyMove {
    pub parts: Vec<(usize, Moved)>,
    /// The moves from that node to the end with best play; `None` for a
    /// draw.
    pub remoteness: Option<u64>,
}

/// How the parts are played: together as the compound says (`+`, the sum,
/// or another of Winning Ways' ch. 9), and in misère play or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Play {
    pub compound: Compound,
    /// The player to move who has no move wins.
    pub misere: bool,
}

/// What a part became: a game's move (its rule and where it leads), an
/// option of a value's form, or of a loopy value's node.
#[derive(Clone)]
pub enum Moved {
    Rule(usize, After),
    Option(Form),
    Node(Arc<Stopper>, u32),
}

/// Who wins a sum, one player moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct First {
    /// The winner, or `None` for a draw (play goes on forever).
    pub winner: Option<Side>,
    /// The moves to the end with best play (the winner hurrying, the loser
    /// delaying); `None` for a draw.
    pub remoteness: Option<u64>,
}

/// The graph of the sums reachable from a sum, each with the player to
/// move, labelled.
pub struct LoopyPartizan {
    reached: Reached,
    /// Each node's label, for the player to move: N, P or D.
    outcome: Vec<Outcome>,
    remoteness: Vec<Option<u64>>,
    /// The games met, each with its solver (for its moves).
    games: Vec<(Arc<Game>, Solver)>,
    /// The short values met, by their index in a node's key.
    values: Vec<Form>,
    value_index: FxHashMap<Form, u64>,
    /// The loopy values' graphs met, by their index in a node's key.
    graphs: Vec<Arc<Stopper>>,
    /// The sum asked about, as written (its parts' order).
    parts: Vec<Part>,
    /// Its keys, Left to move and Right to move.
    starts: Vec<Vec<u64>>,
    /// The position asked about (the first game's heaps), and how
    /// refusals name it.
    asked: Vec<u64>,
    blamed: Blamed,
    /// The question's budget, as it began (each phase spends a copy).
    budget: Budget,
    /// How the parts are played together.
    compound: Compound,
    /// While the positions are explored (`positions`), how many of each
    /// one's moves, in the order explored, are Left's.
    left_counts: Vec<usize>,
}

/// A position's key's first word, where it holds no player to move.
const NO_MOVER: u64 = 2;

/// A part's tag in a node's key.
const GAME: u64 = 0;
const NEGATED: u64 = 1;
const VALUE: u64 = 2;
const NODE: u64 = 3;

impl LoopyPartizan {
    /// Explores every sum reachable from `parts` with either player to
    /// move, at most `options.max_positions` nodes within the memory and
    /// time of the question whose budget is `budget`, and labels them.
    /// `asked`: the first game's heaps, as its moves' errors name them;
    /// `blamed`: how refusals name the sum.
    pub fn explore(
        parts: Vec<Part>,
        options: &Options,
        forms: &mut Forms,
        budget: Budget,
        (asked, blamed): (&[u64], Blamed),
    ) -> Result<Self, SearchError> {
        let play = Play::default();
        Self::explore_played(parts, options, forms, budget, (asked, blamed), play)
    }

    /// `explore`, the parts played as `play` says: their moves the
    /// compound's; in misère play the player to move who has no move wins
    /// (an end node is N), as the retrograde analysis labels it.
    pub fn explore_played(
        parts: Vec<Part>,
        options: &Options,
        forms: &mut Forms,
        budget: Budget,
        (asked, blamed): (&[u64], Blamed),
        play: Play,
    ) -> Result<Self, SearchError> {
        let mut graph = LoopyPartizan {
            reached: Reached::empty(),
            outcome: Vec::new(),
            remoteness: Vec::new(),
            games: Vec::new(),
            values: Vec::new(),
            value_index: FxHashMap::default(),
            graphs: Vec::new(),
            parts: Vec::new(),
            starts: Vec::new(),
            asked: asked.to_vec(),
            blamed,
            budget: budget.clone(),
            compound: play.compound,
            left_counts: Vec::new(),
        };
        for part in &parts {
            if let Part::Game { game, .. } = part {
                graph.game_index(game, options);
            }
        }
        let mut budget = budget;
        let starts: Vec<Vec<u64>> = [Side::Left, Side::Right]
            .into_iter()
            .map(|side| graph.key(side, &parts))
            .collect();
        graph.parts = parts;
        graph.starts = starts.clone();
        let limits = (options.max_positions, budget.memory());
        let blamed = graph.blamed.clone();
        let reached = {
            let graph = &mut graph;
            let budget = &mut budget;
            let mut moves = |from: &[u64], room: u64, out: &mut Listed| {
                graph.listed(from, room, out, forms, budget, options, asked)
            };
            let mut visit = |_: &[u64]| Ok(Visit::Open);
            Reached::explore_by(&blamed, &starts, limits, &mut moves, &mut visit)?
        };
        // The exploration stops taking starts at the limit: a start it did
        // not take (Right to move, where the sums with Left to move filled
        // the limit) would be answered as no sum at all.
        if starts.iter().any(|k| reached.id(k).is_none()) {
            return Err(SearchError::TooManyPositions {
                game: blamed.game.clone(),
                position: blamed.position.clone(),
                limit: options.max_positions,
            });
        }
        budget
            .spend(reached.len() as u64)
            .map_err(|e| e.error_at(blamed.game, blamed.position))?;
        let (outcome, remoteness) = retrograde(&reached, play.misere);
        graph.reached = reached;
        graph.outcome = outcome;
        graph.remoteness = remoteness;
        Ok(graph)
    }

    /// How its parts are played together.
    pub fn compound(&self) -> Compound {
        self.compound
    }

    /// The memory its nodes take.
    pub fn bytes(&self) -> u64 {
        self.reached.bytes()
    }

    /// How many nodes (sums with a player to move) it holds.
    pub fn nodes(&self) -> usize {
        self.reached.len()
    }

    /// Who wins the sum asked about with `side` moving first.
    pub fn first(&self, side: Side) -> First {
        // Both starts are reached: they are the exploration's starts.
        let id = (self.reached.id(&self.starts[side.index()])).unwrap_or(0);
        self.first_at(id, side)
    }

    /// Who wins node `id`, `mover` to move.
    fn first_at(&self, id: usize, mover: Side) -> First {
        let winner = match self.outcome[id] {
            Outcome::N => Some(mover),
            Outcome::P => Some(mover.other()),
            _ => None,
        };
        First {
            winner,
            remoteness: self.remoteness[id],
        }
    }

    /// Whether a play from the sum asked about, alternating as plays do,
    /// can go on for ever: the graph has a cycle (Kahn's topological order
    /// does not take every node). Where it can, the sum is no stopper
    /// (Siegel, §VI.1); where it cannot, a position reached by moves of
    /// one player in a row may still start such a play (`positions`).
    pub fn goes_on(&self) -> bool {
        let n = self.reached.len();
        let mut outs: Vec<usize> = (0..n).map(|u| self.reached.moves(u).len()).collect();
        let parents = self.reached.parents();
        let mut ready: Vec<usize> = (0..n).filter(|&u| outs[u] == 0).collect();
        let mut taken = 0;
        while let Some(u) = ready.pop() {
            taken += 1;
            for p in parents.of(u) {
                outs[p] -= 1;
                if outs[p] == 0 {
                    ready.push(p);
                }
            }
        }
        taken < n
    }

    /// `side`'s moves from the sum asked about (each part's in order; in a
    /// compound, its ways in order), each with who wins where it leads
    /// (the other player then to move): those that lead where the label is
    /// `to` (every one where `None`), the first `max` of them, and how many
    /// there are. A compound's ways, as many as its parts' moves
    /// multiplied, are each counted against the question's budget (its
    /// clock), and only the first `max` kept.
    pub fn moves(
        &mut self,
        side: Side,
        forms: &mut Forms,
        to: Option<Outcome>,
        max: usize,
    ) -> Result<(Vec<LoopyMove>, usize), SearchError> {
        let parts = self.parts.clone();
        let mut budget = self.budget.clone();
        let asked = self.asked.clone();
        let mut lists = Vec::with_capacity(parts.len());
        for part in &parts {
            lists.push(self.part_moves(part, side, forms, &mut budget, &asked)?);
        }
        let counts: Vec<usize> = lists.iter().map(Vec::len).collect();
        let kind = self.compound;
        let over = self.over(&parts, &counts, (kind, side), forms, &mut budget, &asked)?;
        let (mut out, mut count) = (Vec::new(), 0);
        for way in ways(self.compound, &counts, &over) {
            if self.compound != Compound::Sum {
                budget.spend(1).map_err(|e| {
                    e.error_at(self.blamed.game.clone(), self.blamed.position.clone())
                })?;
            }
            let after = after(&parts, &lists, &way);
            let key = self.key(side.other(), &after);
            let Some(id) = self.reached.id(&key) else {
                continue;
            };
            if to.is_some_and(|to| to != self.outcome[id]) {
                continue;
            }
            count += 1;
            if out.len() < max {
                let moved = (way.iter().enumerate())
                    .filter_map(|(c, pick)| pick.map(|i| (c, lists[c][i].0.clone())))
                    .collect();
                out.push(LoopyMove {
                    parts: moved,
                    remoteness: self.remoteness[id],
                });
            }
        }
        Ok((out, count))
    }

    /// Which of `parts` are over, in a compound of `kind` where `side` has
    /// `counts` moves in each: no move for either player (a part where
    /// `side` has none may have some for the other, and a `series` waits on
    /// it). Only a `series` needs the other player's moves; another
    /// compound takes a part where `side` has none as over.
    fn over(
        &mut self,
        parts: &[Part],
        counts: &[usize],
        (kind, side): (Compound, Side),
        forms: &mut Forms,
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<bool>, SearchError> {
        let mut over = Vec::with_capacity(parts.len());
        for (part, &n) in parts.iter().zip(counts) {
            over.push(match (n, kind) {
                (0, Compound::Series) => {
                    let other = self.part_moves(part, side.other(), forms, budget, asked)?;
                    other.is_empty()
                }
                (n, _) => n == 0,
            });
            // The first part not over is the one a series plays.
            if kind == Compound::Series && over.last() == Some(&false) {
                over.resize(parts.len(), false);
                break;
            }
        }
        Ok(over)
    }

    /// The index of `game` among the games met, if it was met.
    fn met(&self, game: &Arc<Game>) -> Option<usize> {
        (self.games.iter()).position(|(g, _)| Arc::ptr_eq(g, game) || g == game)
    }

    /// The index of `game` among the games met, met now if new.
    fn game_index(&mut self, game: &Arc<Game>, options: &Options) -> u64 {
        let index = self.met(game).unwrap_or_else(|| {
            let solver = Solver::with_options(game.clone(), options.clone());
            self.games.push((game.clone(), solver));
            self.games.len() - 1
        });
        index as u64
    }

    /// The index of `graph` among the loopy values met, met now if new.
    fn graph_index(&mut self, graph: &Arc<Stopper>) -> u64 {
        let found = self.graphs.iter().position(|g| Arc::ptr_eq(g, graph));
        let index = found.unwrap_or_else(|| {
            self.graphs.push(graph.clone());
            self.graphs.len() - 1
        });
        index as u64
    }

    /// The index of `form` among the values met, met now if new.
    fn value_index(&mut self, form: Form) -> u64 {
        if let Some(&i) = self.value_index.get(&form) {
            return i;
        }
        self.values.push(form);
        let i = self.values.len() as u64 - 1;
        self.value_index.insert(form, i);
        i
    }

    /// The key of the node `parts` with `mover` to move: the mover, then
    /// each part's words (its tag, its game and its heaps packed a byte a
    /// heap where they fit, `arena::pack`; or its value), the
    /// parts sorted so that a sum is one node whatever its order (but a
    /// series, whose order is its play's). Every
    /// game of `parts` is met already.
    fn key(&mut self, mover: Side, parts: &[Part]) -> Vec<u64> {
        self.key_of(mover.index() as u64, parts)
    }

    /// `key`'s words after `first` (the mover, or `NO_MOVER`).
    fn key_of(&mut self, first: u64, parts: &[Part]) -> Vec<u64> {
        let mut words: Vec<Vec<u64>> = Vec::with_capacity(parts.len());
        for part in parts {
            words.push(match part {
                Part::Game {
                    game,
                    heaps,
                    negated,
                } => {
                    let index = self.met(game).unwrap_or(0) as u64;
                    let tag = if *negated { NEGATED } else { GAME };
                    let mut packed = Vec::new();
                    pack(heaps, &mut packed);
                    let mut w = vec![tag, index, packed.len() as u64];
                    w.extend_from_slice(&packed);
                    w
                }
                Part::Value(form) => vec![VALUE, self.value_index(*form)],
                Part::Node(graph, node) => vec![NODE, self.graph_index(graph), u64::from(*node)],
            });
        }
        // A series is played in its parts' order; every other compound,
        // and the sum, whatever the order.
        if self.compound != Compound::Series {
            words.sort_unstable();
        }
        let mut key = vec![first];
        key.extend(words.into_iter().flatten());
        key
    }

    /// The parts of the node `key`, and its player to move.
    fn parts_of(&self, key: &[u64]) -> (Side, Vec<Part>) {
        let mover = if key.first() == Some(&1) {
            Side::Right
        } else {
            Side::Left
        };
        let mut parts = Vec::new();
        let mut at = 1;
        while at < key.len() {
            match key[at] {
                VALUE => {
                    parts.push(Part::Value(self.values[key[at + 1] as usize]));
                    at += 2;
                }
                NODE => {
                    let graph = self.graphs[key[at + 1] as usize].clone();
                    parts.push(Part::Node(graph, key[at + 2] as u32));
                    at += 3;
                }
                tag => {
                    let game = self.games[key[at + 1] as usize].0.clone();
                    let len = key[at + 2] as usize;
                    let mut heaps = Vec::new();
                    unpack(&key[at + 3..at + 3 + len], &mut heaps);
                    parts.push(Part::Game {
                        game,
                        heaps,
                        negated: tag == NEGATED,
                    });
                    at += 3 + len;
                }
            }
        }
        (mover, parts)
    }

    /// The moves of the node `from`, each the key of the node it leads to,
    /// written into `out` within `room` bytes: `false` where they take
    /// more.
    #[allow(clippy::too_many_arguments)]
    fn listed(
        &mut self,
        from: &[u64],
        room: u64,
        out: &mut Listed,
        forms: &mut Forms,
        budget: &mut Budget,
        options: &Options,
        asked: &[u64],
    ) -> Result<bool, SearchError> {
        let (mover, parts) = self.parts_of(from);
        // A node: its mover's moves, each to the other's turn. A position
        // of the game's graph: Left's moves, then Right's.
        let (movers, next): (&[Side], Option<Side>) = match from.first() {
            Some(&NO_MOVER) => (&[Side::Left, Side::Right], None),
            _ => (std::slice::from_ref(&mover), Some(mover.other())),
        };
        // A position of the game's graph: every move of either player,
        // one part at a time.
        let kind = match next {
            Some(_) => self.compound,
            None => Compound::Sum,
        };
        let mut bytes = 0u64;
        for &side in movers {
            let mut lists = Vec::with_capacity(parts.len());
            for part in &parts {
                let moves = self.part_moves(part, side, forms, budget, asked)?;
                for (_, replaced) in &moves {
                    for part in replaced {
                        if let Part::Game { game, .. } = part {
                            self.game_index(game, options);
                        }
                    }
                }
                lists.push(moves);
            }
            let counts: Vec<usize> = lists.iter().map(Vec::len).collect();
            let over = self.over(&parts, &counts, (kind, side), forms, budget, asked)?;
            let mut count = 0;
            for way in ways(kind, &counts, &over) {
                let after = after(&parts, &lists, &way);
                let key = match next {
                    Some(next) => self.key(next, &after),
                    None => self.key_of(NO_MOVER, &after),
                };
                bytes += 8 * key.len() as u64 + 48;
                if bytes > room {
                    return Ok(false);
                }
                // A compound's ways are as many as its parts' moves
                // multiplied: each is counted as a move searched.
                if kind != Compound::Sum {
                    budget.spend(1).map_err(|e| {
                        e.error_at(self.blamed.game.clone(), self.blamed.position.clone())
                    })?;
                }
                out.push_with(0, |keys| keys.extend_from_slice(&key));
                count += 1;
            }
            if next.is_none() && side == Side::Left {
                self.left_counts.push(count);
            }
        }
        Ok(true)
    }

    /// The graph of the positions of the sum asked about — every position
    /// any moves reach from it, each with its Left and its Right options —
    /// as a stopper's graph (which it is where `Stopper::is_stopper`
    /// says so); `None` where there are more than `max` positions.
    pub fn positions(
        &mut self,
        forms: &mut Forms,
        options: &Options,
        max: usize,
    ) -> Result<Option<Stopper>, SearchError> {
        let parts = self.parts.clone();
        let start = self.key_of(NO_MOVER, &parts);
        let asked = self.asked.clone();
        let mut budget = self.budget.clone();
        let blamed = self.blamed.clone();
        self.left_counts.clear();
        let limits = (max.min(options.max_positions), budget.memory());
        let reached = {
            let graph = &mut *self;
            let budget = &mut budget;
            let mut moves = |from: &[u64], room: u64, out: &mut Listed| {
                graph.listed(from, room, out, forms, budget, options, &asked)
            };
            let mut visit = |_: &[u64]| Ok(Visit::Open);
            Reached::explore_by(&blamed, &[start], limits, &mut moves, &mut visit)
        };
        let reached = match reached {
            Ok(reached) => reached,
            Err(SearchError::TooManyPositions { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut stopper = Stopper {
            left: Vec::with_capacity(reached.len()),
            right: Vec::with_capacity(reached.len()),
            root: 0,
        };
        for u in 0..reached.len() {
            let moves: Vec<u32> = reached.moves(u).map(|v| v as u32).collect();
            let split = self
                .left_counts
                .get(u)
                .copied()
                .unwrap_or(0)
                .min(moves.len());
            stopper.left.push(moves[..split].to_vec());
            stopper.right.push(moves[split..].to_vec());
        }
        Ok(Some(stopper))
    }

    /// `mover`'s moves in one part: what each is, and the parts it leaves
    /// in place of the part (a game's move that `becomes` a sum leaves
    /// each of its terms).
    fn part_moves(
        &mut self,
        part: &Part,
        mover: Side,
        forms: &mut Forms,
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<(Moved, Vec<Part>)>, SearchError> {
        match part {
            Part::Value(form) => Ok((forms.options(*form, mover).into_iter())
                .map(|option| (Moved::Option(option), vec![Part::Value(option)]))
                .collect()),
            Part::Node(graph, node) => {
                let options = match mover {
                    Side::Left => &graph.left[*node as usize],
                    Side::Right => &graph.right[*node as usize],
                };
                Ok((options.iter())
                    .map(|&v| {
                        let to = Part::Node(graph.clone(), v);
                        (Moved::Node(graph.clone(), v), vec![to])
                    })
                    .collect())
            }
            Part::Game {
                game,
                heaps,
                negated,
            } => {
                // In a negative, Left moves as the game's Right.
                let side = if *negated { mover.other() } else { mover };
                let solver = &self.games[self.met(game).unwrap_or(0)].1;
                let options = solver.options_within(heaps, budget, asked)?;
                let mut moves = Vec::new();
                for (rule, after) in options {
                    let owner = game.rules.get(rule).and_then(|r| r.side);
                    if owner.is_some_and(|s| s != side) {
                        continue;
                    }
                    let parts = match &after {
                        After::Position(to) => vec![Part::Game {
                            game: game.clone(),
                            heaps: to.clone(),
                            negated: *negated,
                        }],
                        After::Sum(terms) => (terms.iter())
                            .map(|t| Part::Game {
                                game: t.game.clone().unwrap_or_else(|| game.clone()),
                                heaps: t.heaps.clone(),
                                negated: *negated,
                            })
                            .collect(),
                    };
                    moves.push((Moved::Rule(rule, after), parts));
                }
                Ok(moves)
            }
        }
    }
}

/// The parts after a way of moving (`ways`): each part that moves replaced
/// by what its move leaves, the others as they are.
fn after(parts: &[Part], lists: &[Vec<(Moved, Vec<Part>)>], way: &[Option<usize>]) -> Vec<Part> {
    let mut after = Vec::with_capacity(parts.len());
    for ((part, list), pick) in parts.iter().zip(lists).zip(way) {
        match pick {
            Some(i) => after.extend(list[*i].1.iter().cloned()),
            None => after.push(part.clone()),
        }
    }
    after
}
