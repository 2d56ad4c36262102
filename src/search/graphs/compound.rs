//! A compound of games searched whole, for compounds whose outcome no rule
//! gives (the selective ones in misère play, the sequential one): a position is a tuple of the
//! components' positions (ids in their `TimingGraph`s), and a move is a move
//! in each component of a set the compound allows, as the player chooses:
//!
//! - `every`: every component that can move; the play ends when none can;
//! - `all`: every component; the play ends as soon as one cannot move;
//! - `some`: any non-empty set of components; ends when none can move;
//! - `any`: any non-empty set; ends as soon as one cannot move;
//! - `series`: the first component that can move; ends when none can.
//!
//! The player who cannot move loses (normal play) or wins (misère play).

use std::collections::HashMap;

use super::timing::TimingGraph;
use super::ways::ways;
use crate::position::{Named, Outcome};
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;
use crate::syntax::ast::Compound;

/// A compound's positions' outcomes, as searched.
pub struct CompoundSearch<'a> {
    kind: Compound,
    graphs: Vec<&'a TimingGraph>,
    misere: bool,
    known: HashMap<Vec<usize>, Outcome>,
    max_positions: usize,
    budget: Budget,
    /// What the compound is called and where it was asked, for errors:
    /// `some g + h`, and every component's heaps.
    asked: (String, Named),
}

impl<'a> CompoundSearch<'a> {
    /// A compound search of `graphs` (each component's reached positions) played as `kind` says.
    pub fn new(
        kind: Compound,
        graphs: Vec<&'a TimingGraph>,
        misere: bool,
        max_positions: usize,
        budget: Budget,
        asked: (String, Named),
    ) -> Self {
        CompoundSearch {
            kind,
            graphs,
            misere,
            known: HashMap::new(),
            max_positions,
            budget,
            asked,
        }
    }

    /// Positions searched so far.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// Who wins the compound at `at` (each component's position id).
    pub fn outcome(&mut self, at: &[usize]) -> Result<Outcome, SearchError> {
        if let Some(&o) = self.known.get(at) {
            return Ok(o);
        }
        // Depth first, with an explicit stack of (position, its moves, the
        // next to try): plays may be long.
        let mut stack = vec![(at.to_vec(), self.successors(at)?, 0usize)];
        while let Some((_, next, i)) = stack.last_mut() {
            let Some(child) = next.get(*i).cloned() else {
                // Every move leads to an N-position (or there is none).
                let Some((key, next, _)) = stack.pop() else {
                    break;
                };
                let outcome = match (next.is_empty(), self.misere) {
                    (true, true) => Outcome::N,
                    _ => Outcome::P,
                };
                self.remember(key, outcome)?;
                continue;
            };
            match self.known.get(&child) {
                // A move to a P-position: this one is won.
                Some(Outcome::P) => {
                    let Some((key, _, _)) = stack.pop() else {
                        break;
                    };
                    self.remember(key, Outcome::N)?;
                }
                Some(_) => *i += 1,
                // Searched first; this frame looks at it again after.
                None => {
                    let moves = self.successors(&child)?;
                    stack.push((child, moves, 0));
                }
            }
        }
        Ok(self.known[at])
    }

    fn remember(&mut self, key: Vec<usize>, outcome: Outcome) -> Result<(), SearchError> {
        if self.known.len() >= self.max_positions {
            return Err(SearchError::TooManyPositions {
                game: self.asked.0.clone(),
                position: self.asked.1.clone(),
                limit: self.max_positions,
            });
        }
        self.known.insert(key, outcome);
        Ok(())
    }

    /// The positions one move from `at` reaches, each once.
    fn successors(&mut self, at: &[usize]) -> Result<Vec<Vec<usize>>, SearchError> {
        // Each component's moves, each to where it leads.
        let lists: Vec<Vec<usize>> = (at.iter().enumerate())
            .map(|(c, &id)| {
                let mut to: Vec<usize> = self.graphs[c].moves(id).collect();
                to.sort_unstable();
                to.dedup();
                to
            })
            .collect();
        let counts: Vec<usize> = lists.iter().map(Vec::len).collect();
        // An impartial component with no move is over.
        let over: Vec<bool> = counts.iter().map(|&n| n == 0).collect();
        let mut out = Vec::new();
        for way in ways(self.kind, &counts, &over) {
            let next = (way.iter().enumerate())
                .map(|(c, pick)| pick.map_or(at[c], |i| lists[c][i]))
                .collect();
            out.push(next);
            self.budget
                .spend(1)
                .map_err(|e| e.error_at(self.asked.0.clone(), self.asked.1.clone()))?;
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}
