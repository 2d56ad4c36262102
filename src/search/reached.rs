//! Every position reachable from a start, once each in the form the search
//! keeps, with each one's moves: the explicit graph that the searches which
//! label a whole graph at once work on (`loopy`, `steps`).

use std::collections::HashMap;

use super::{Budget, SearchError, Solver};
use crate::position::Position;

/// The positions reachable from a start (id 0), and their moves.
pub struct Reached {
    ids: HashMap<Vec<u64>, usize>,
    /// Each position, canonical (`Solver::canonical`), by id.
    pub positions: Vec<Vec<u64>>,
    /// Each position's moves: (rule, position reached), by id.
    pub moves: Vec<Vec<(usize, usize)>>,
}

impl Reached {
    /// Explores every position reachable from `heaps` in `solver`'s game,
    /// at most `max_positions` of them, the moves generated counted
    /// against `budget`.
    pub fn explore(
        solver: &Solver,
        heaps: &[u64],
        max_positions: usize,
        budget: &mut Budget,
    ) -> Result<Reached, SearchError> {
        let mut reached = Reached {
            ids: HashMap::new(),
            positions: Vec::new(),
            moves: Vec::new(),
        };
        let start = solver.canonical(heaps);
        reached.ids.insert(start.clone(), 0);
        reached.positions.push(start);
        let mut next = 0;
        while next < reached.positions.len() {
            let from = reached.positions[next].clone();
            let mut edges = Vec::new();
            for (rule, after) in solver.moves_within(&from, budget, heaps)? {
                let key = solver.canonical(&after);
                let id = match reached.ids.get(&key) {
                    Some(&id) => id,
                    None => {
                        if reached.positions.len() >= max_positions {
                            return Err(SearchError::TooManyPositions {
                                game: solver.game.title(),
                                position: Position::from_u64s(heaps),
                                limit: max_positions,
                            });
                        }
                        let id = reached.positions.len();
                        reached.ids.insert(key.clone(), id);
                        reached.positions.push(key);
                        id
                    }
                };
                edges.push((rule, id));
            }
            reached.moves.push(edges);
            next += 1;
        }
        Ok(reached)
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
