//! Every position reachable from a start, once each in the form the search
//! keeps, with each one's moves: the explicit graph that the searches which
//! label a whole graph at once work on (`loopy`, `steps`). Positions lie in
//! an arena and moves in one list, a position's after another's: exploring
//! allocates nothing per position or per move.

use rustc_hash::FxHashSet;

use super::arena::Arena;
use super::error::SearchError;
use crate::platform;
use crate::position::Named;
use crate::rules::{EndKind, Game};

/// The most memory a graph kept whole may take, in bytes: with what
/// labelling it adds, a search of one stays within about a gigabyte.
pub const MAX_GRAPH_BYTES: u64 = 512 << 20;

/// The bytes a position of `heaps` heaps takes in a graph: its heaps and
/// where they start in the arena, its slot in the arena's table (with the
/// table's room to grow), where its moves start, its end and whether it
/// was known.
fn position_bytes(heaps: usize) -> u64 {
    8 * heaps as u64 + 40
}

/// The bytes a move takes in a graph: the id it reaches, and the parent it
/// gives when the graph is labelled (4 bytes each, twice that where their
/// lists have just grown).
const MOVE_BYTES: u64 = 16;

/// A position's moves as an exploration lists them: each its rule and the
/// key of the position it reaches, one after another in one buffer, kept
/// from position to position.
#[derive(Default)]
pub struct Listed {
    rules: Vec<usize>,
    /// Where each move's key ends in `keys`.
    ends: Vec<usize>,
    keys: Vec<u64>,
}

impl Listed {
    pub fn clear(&mut self) {
        self.rules.clear();
        self.ends.clear();
        self.keys.clear();
    }

    /// A move of `rule`, whose key `write` appends to the buffer.
    pub fn push_with(&mut self, rule: usize, write: impl FnOnce(&mut Vec<u64>)) {
        write(&mut self.keys);
        self.rules.push(rule);
        self.ends.push(self.keys.len());
    }

    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// Each move: its rule and its key.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &[u64])> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        (self.rules.iter().zip(starts.zip(&self.ends)))
            .map(|(&rule, (start, &end))| (rule, &self.keys[start..end]))
    }
}

/// A position's moves, each its rule and the key of the position it
/// reaches, as an exploration asks for them: written into `out` within
/// `room` bytes (what the graph's memory has room for); `Ok(false)` where
/// they take more.
pub type MovesOf<'a> = dyn FnMut(&[u64], u64, &mut Listed) -> Result<bool, SearchError> + 'a;

/// The positions reachable from a start (id 0), and their moves.
pub struct Reached {
    /// Each position, canonical (`Solver::canonical`), by id.
    positions: Arena,
    /// Every position's moves, each the id it reaches, a position's after
    /// the one before's.
    edges: Vec<u32>,
    /// Where each position's moves start in `edges`; one more at the end.
    firsts: Vec<usize>,
    /// Each position's end (`win when` and the like), where the play ends
    /// there: it has no moves.
    pub ends: Vec<Option<EndKind>>,
    /// Whether each position's answer was known before (`Visit::Known`):
    /// reached, explored no further, it has no moves here.
    pub known: Vec<bool>,
}

/// Each position's parents, the positions with a move to it, as one list.
pub struct Parents {
    firsts: Vec<usize>,
    ids: Vec<u32>,
}

impl Parents {
    /// The parents of `id`, each once per move to it.
    pub fn of(&self, id: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        (self.ids[self.firsts[id]..self.firsts[id + 1]].iter()).map(|&u| u as usize)
    }
}

/// Who an exploration's refusals name: a game, and the position asked.
#[derive(Clone, Debug)]
pub struct Blamed {
    pub game: String,
    pub position: Named,
}

impl Blamed {
    /// `game` at `heaps`.
    pub fn of(game: &Game, heaps: &[u64]) -> Blamed {
        Blamed {
            game: game.title(),
            position: Named::of(heaps, game.board),
        }
    }
}

/// What a position is to an exploration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    /// A position to explore.
    Open,
    /// An end of the play: reached, explored no further.
    End(EndKind),
    /// A position left out, and the moves to it.
    Skip,
    /// A position whose answer is known already (an earlier question's):
    /// reached, explored no further.
    Known,
}

impl Reached {
    /// A graph of no position, to be explored into.
    pub fn empty() -> Reached {
        Reached {
            positions: Arena::new(),
            edges: Vec::new(),
            firsts: vec![0],
            ends: Vec::new(),
            known: Vec::new(),
        }
    }

    /// The graph of the positions reachable from each of `starts` (keys,
    /// canonical), the first one position 0, at most `max_positions` of
    /// them taking at most `max_bytes`: `moves` gives a position's moves,
    /// each to a key; `visit` tells each position reached apart, as in
    /// `explore_with`. Errors name `blamed`.
    pub fn explore_by(
        blamed: &Blamed,
        starts: &[Vec<u64>],
        limits: (usize, u64),
        moves: &mut MovesOf,
        visit: &mut dyn FnMut(&[u64]) -> Result<Visit, SearchError>,
    ) -> Result<Reached, SearchError> {
        let mut reached = Reached::empty();
        match reached.grow(blamed, starts, limits, moves, visit) {
            Ok(()) => Ok(reached),
            Err(e) => {
                // A search stopped by a limit may hold hundreds of
                // megabytes: given back while the refusal is told, not
                // before.
                platform::discard(reached);
                Err(e)
            }
        }
    }

    /// Holds `key`, not held yet, as the next position.
    fn hold(&mut self, key: &[u64], end: Option<EndKind>, known: bool) -> u32 {
        self.ends.push(end);
        self.known.push(known);
        self.positions.insert(key)
    }

    /// `explore_by`'s work, into `self`.
    fn grow(
        &mut self,
        blamed: &Blamed,
        starts: &[Vec<u64>],
        (max_positions, max_bytes): (usize, u64),
        moves: &mut MovesOf,
        visit: &mut dyn FnMut(&[u64]) -> Result<Visit, SearchError>,
    ) -> Result<(), SearchError> {
        let reached = self;
        let Some((start, more)) = starts.split_first() else {
            return Ok(());
        };
        // The start is explored, whatever is known of it.
        let end = match visit(start)? {
            Visit::End(kind) => Some(kind),
            Visit::Open | Visit::Skip | Visit::Known => None,
        };
        reached.hold(start, end, false);
        // The other starts, in the order given, as positions to explore.
        let mut more = more.iter();
        // Positions skipped, not to be told apart again.
        let mut skipped: FxHashSet<Vec<u64>> = FxHashSet::default();
        // The memory the graph takes so far, checked before each grows.
        let mut bytes = position_bytes(start.len());
        let too_much = || SearchError::MemoryLimit {
            game: blamed.game.clone(),
            position: blamed.position.clone(),
            limit_mb: max_bytes >> 20,
        };
        let mut listed = Listed::default();
        let mut next = 0;
        loop {
            if next == reached.len() {
                // Every position reached is explored: the next start not
                // yet reached, if any.
                let Some(key) = more.by_ref().find(|k| reached.id(k).is_none()) else {
                    break;
                };
                let end = match visit(key)? {
                    Visit::End(kind) => Some(kind),
                    Visit::Open | Visit::Skip | Visit::Known => None,
                };
                if reached.len() >= max_positions {
                    break;
                }
                bytes += position_bytes(key.len());
                reached.hold(key, end, false);
            }
            if reached.ends[next].is_none() && !reached.known[next] {
                let room = max_bytes.saturating_sub(bytes);
                listed.clear();
                if !moves(reached.position(next), room, &mut listed)? {
                    return Err(too_much());
                }
                bytes += listed.len() as u64 * MOVE_BYTES;
                if bytes > max_bytes {
                    return Err(too_much());
                }
                for (_, key) in listed.iter() {
                    if !skipped.is_empty() && skipped.contains(key) {
                        continue;
                    }
                    let id = match reached.positions.find(key) {
                        Some(id) => id,
                        None => {
                            let (end, known) = match visit(key)? {
                                Visit::Open => (None, false),
                                Visit::End(kind) => (Some(kind), false),
                                Visit::Known => (None, true),
                                Visit::Skip => {
                                    skipped.insert(key.to_vec());
                                    continue;
                                }
                            };
                            if reached.len() >= max_positions {
                                return Err(SearchError::TooManyPositions {
                                    game: blamed.game.clone(),
                                    position: blamed.position.clone(),
                                    limit: max_positions,
                                });
                            }
                            bytes += position_bytes(key.len());
                            if bytes > max_bytes {
                                return Err(too_much());
                            }
                            reached.hold(key, end, known)
                        }
                    };
                    reached.edges.push(id);
                }
            }
            reached.firsts.push(reached.edges.len());
            next += 1;
        }
        Ok(())
    }

    /// About the bytes it takes, as the exploration counted them.
    pub fn bytes(&self) -> u64 {
        let positions: u64 = self.positions().map(|p| position_bytes(p.len())).sum();
        positions + self.edges.len() as u64 * MOVE_BYTES
    }

    /// The id of a position in canonical form, if it was reached.
    pub fn id(&self, canonical: &[u64]) -> Option<usize> {
        self.positions.find(canonical).map(|id| id as usize)
    }

    /// Position `id`, canonical.
    pub fn position(&self, id: usize) -> &[u64] {
        self.positions.get(id as u32)
    }

    /// Every position, canonical, by id.
    pub fn positions(&self) -> impl Iterator<Item = &[u64]> + '_ {
        (0..self.len()).map(|id| self.position(id))
    }

    /// The positions the moves of position `id` reach, by id.
    pub fn moves(&self, id: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        (self.edges[self.firsts[id]..self.firsts[id + 1]].iter()).map(|&v| v as usize)
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.len() == 0
    }

    /// Each position's parents: the positions with a move to it.
    pub fn parents(&self) -> Parents {
        let mut firsts = vec![0; self.len() + 1];
        for &v in &self.edges {
            firsts[v as usize + 1] += 1;
        }
        for v in 0..self.len() {
            firsts[v + 1] += firsts[v];
        }
        let mut at = firsts.clone();
        let mut ids = vec![0; self.edges.len()];
        for u in 0..self.len() {
            for v in self.moves(u) {
                ids[at[v]] = u as u32;
                at[v] += 1;
            }
        }
        Parents { firsts, ids }
    }
}
