//! Every position reachable from a start, once each in the form the search
//! keeps, with each one's moves: the explicit graph that the searches which
//! label a whole graph at once work on (`loopy`, `steps`).

use rustc_hash::{FxHashMap, FxHashSet};

use super::error::SearchError;
use crate::platform;
use crate::position::Position;
use crate::rules::{EndKind, Game};

/// The most memory a graph kept whole may take, in bytes: with what
/// labelling it adds, a search of one stays within about a gigabyte.
pub const MAX_GRAPH_BYTES: u64 = 512 << 20;

/// The bytes a position of `heaps` heaps takes in a graph: kept twice (by
/// id, and as the key to its id), with the map's entry and its list of
/// moves.
fn position_bytes(heaps: usize) -> u64 {
    2 * (24 + 8 * heaps as u64) + 64
}

/// The bytes a move takes in a graph: (rule, id), and the parent it
/// gives when the graph is labelled.
const MOVE_BYTES: u64 = 24;

/// A position's moves, each its rule and the key of the position it
/// reaches, as an exploration asks for them: listed within `room` bytes
/// (what the graph's memory has room for), `Ok(None)` where they take
/// more.
pub type MovesOf<'a> =
    dyn FnMut(&[u64], u64) -> Result<Option<Vec<(usize, Vec<u64>)>>, SearchError> + 'a;

/// The positions reachable from a start (id 0), and their moves.
pub struct Reached {
    ids: FxHashMap<Vec<u64>, usize>,
    /// Each position, canonical (`Solver::canonical`), by id.
    pub positions: Vec<Vec<u64>>,
    /// Each position's moves: (rule, position reached), by id.
    pub moves: Vec<Vec<(usize, usize)>>,
    /// Each position's end (`win when` and the like), where the play ends
    /// there: it has no moves.
    pub ends: Vec<Option<EndKind>>,
    /// Whether each position's answer was known before (`Visit::Known`):
    /// reached, explored no further, it has no moves here.
    pub known: Vec<bool>,
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
    /// The graph of the positions reachable from each of `starts` (keys,
    /// canonical), the first one position 0, at most `max_positions` of
    /// them taking at most `max_bytes`: `moves` gives a position's moves,
    /// each to a key; `visit` tells each position reached apart, as in
    /// `explore_with`. Errors blame `game` at `heaps`.
    pub fn explore_by(
        game: &Game,
        heaps: &[u64],
        starts: &[Vec<u64>],
        limits: (usize, u64),
        moves: &mut MovesOf,
        visit: &mut dyn FnMut(&[u64]) -> Result<Visit, SearchError>,
    ) -> Result<Reached, SearchError> {
        let mut reached = Reached {
            ids: FxHashMap::default(),
            positions: Vec::new(),
            moves: Vec::new(),
            ends: Vec::new(),
            known: Vec::new(),
        };
        match reached.grow(game, heaps, starts, limits, moves, visit) {
            Ok(()) => Ok(reached),
            Err(e) => {
                // A search stopped by a limit may hold hundreds of
                // megabytes in millions of pieces: given back while the
                // refusal is told, not before.
                platform::discard(reached);
                Err(e)
            }
        }
    }

    /// `explore_by`'s work, into `self`.
    fn grow(
        &mut self,
        game: &Game,
        heaps: &[u64],
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
        reached.ids.insert(start.clone(), 0);
        reached.positions.push(start.clone());
        reached.ends.push(end);
        reached.known.push(false);
        // The other starts, in the order given, as positions to explore.
        let mut more = more.iter();
        // Positions skipped, not to be told apart again.
        let mut skipped: FxHashSet<Vec<u64>> = FxHashSet::default();
        // The memory the graph takes so far, checked before each grows.
        let mut bytes = position_bytes(start.len());
        let too_much = || SearchError::MemoryLimit {
            game: game.title(),
            position: Position::from_u64s(heaps),
            limit_mb: max_bytes >> 20,
        };
        let mut next = 0;
        loop {
            if next == reached.positions.len() {
                // Every position reached is explored: the next start not
                // yet reached, if any.
                let Some(key) = more.by_ref().find(|k| !reached.ids.contains_key(*k)) else {
                    break;
                };
                let end = match visit(key)? {
                    Visit::End(kind) => Some(kind),
                    Visit::Open | Visit::Skip | Visit::Known => None,
                };
                if reached.positions.len() >= max_positions {
                    break;
                }
                bytes += position_bytes(key.len());
                reached.ids.insert(key.clone(), reached.positions.len());
                reached.positions.push(key.clone());
                reached.ends.push(end);
                reached.known.push(false);
            }
            let mut edges = Vec::new();
            if reached.ends[next].is_none() && !reached.known[next] {
                let room = max_bytes.saturating_sub(bytes);
                let moves = moves(&reached.positions[next], room)?.ok_or_else(too_much)?;
                bytes += moves.len() as u64 * MOVE_BYTES;
                if bytes > max_bytes {
                    return Err(too_much());
                }
                for (rule, key) in moves {
                    if skipped.contains(&key) {
                        continue;
                    }
                    let id = match reached.ids.get(&key) {
                        Some(&id) => id,
                        None => {
                            let (end, known) = match visit(&key)? {
                                Visit::Open => (None, false),
                                Visit::End(kind) => (Some(kind), false),
                                Visit::Known => (None, true),
                                Visit::Skip => {
                                    skipped.insert(key);
                                    continue;
                                }
                            };
                            if reached.positions.len() >= max_positions {
                                return Err(SearchError::TooManyPositions {
                                    game: game.title(),
                                    position: Position::from_u64s(heaps),
                                    limit: max_positions,
                                });
                            }
                            bytes += position_bytes(key.len());
                            if bytes > max_bytes {
                                return Err(too_much());
                            }
                            let id = reached.positions.len();
                            reached.ids.insert(key.clone(), id);
                            reached.positions.push(key);
                            reached.ends.push(end);
                            reached.known.push(known);
                            id
                        }
                    };
                    edges.push((rule, id));
                }
            }
            reached.moves.push(edges);
            next += 1;
        }
        Ok(())
    }

    /// About the bytes it takes, as the exploration counted them.
    pub fn bytes(&self) -> u64 {
        let positions: u64 = self.positions.iter().map(|p| position_bytes(p.len())).sum();
        let moves: u64 = self.moves.iter().map(|m| m.len() as u64 * MOVE_BYTES).sum();
        positions + moves
    }

    /// The id of a position in canonical form, if it was reached.
    pub fn id(&self, canonical: &[u64]) -> Option<usize> {
        self.ids.get(canonical).copied()
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Each position's parents: the positions with a move to it.
    pub fn parents(&self) -> Vec<Vec<usize>> {
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); self.len()];
        for (u, moves) in self.moves.iter().enumerate() {
            for &(_, v) in moves {
                parents[v].push(u);
            }
        }
        parents
    }
}
