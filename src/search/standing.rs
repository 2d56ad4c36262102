//! Positions of a game or a sum of games searched whole: the moves from a
//! position, and for each position who wins and its remoteness (Smith,
//! 1966: how many moves the play lasts when the winner hurries to win and
//! the loser delays the loss), memoised by canonical position. For play
//! against the perfect opponent (`crate::play`), and for sums whose values
//! do not add: a sum of misère games is one misère game.
//!
//! Remoteness decides the outcome as well: an end position is lost by the
//! player to move (won, in misère play); a position with a move to a lost
//! one is won, and its remoteness is one more than the smallest such move's;
//! any other is lost, one more than the largest of its moves'. The perfect
//! player takes the first of those moves.

use std::collections::HashMap;
use std::sync::Arc;

use super::moves::MoveGen;
use super::{SearchError, move_error};
use crate::diagnostics::Error;
use crate::position::{Outcome, Position};
use crate::rules::Game;

/// A position of the play: each component's heaps.
pub type Place = Vec<Vec<u64>>;

/// Who wins a position, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub outcome: Outcome,
    /// Moves to the end of the play, both players playing perfectly.
    pub remoteness: u64,
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The component moved in (an index into the play's components).
    pub component: usize,
    /// The rule that makes it (an index into that component's rules).
    pub rule: usize,
    /// The whole position after it.
    pub to: Place,
}

struct Component {
    game: Arc<Game>,
    moves: MoveGen,
    /// Whether heap order and empty heaps matter (`MoveGen::symmetry`).
    symmetry: (bool, bool),
}

/// A game or a sum of games, its positions' standings as found.
pub struct Standings {
    components: Vec<Component>,
    misere: bool,
    known: HashMap<Place, Standing>,
    max_positions: usize,
}

impl Standings {
    /// The positions of `games` played together (a sum when several),
    /// holding at most `max_positions` standings. A sum with a misère game
    /// is played misère: its last mover loses.
    pub fn new(games: Vec<Arc<Game>>, max_positions: usize) -> Standings {
        let misere = games.iter().any(|g| g.misere);
        let components = games
            .into_iter()
            .map(|game| {
                let moves = MoveGen::new(&game);
                Component {
                    symmetry: moves.symmetry(&game),
                    game,
                    moves,
                }
            })
            .collect();
        Standings {
            components,
            misere,
            known: HashMap::new(),
            max_positions,
        }
    }

    /// Standings found so far.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The game of component `i`.
    pub fn game(&self, i: usize) -> &Arc<Game> {
        &self.components[i].game
    }

    /// Every legal move from `place`, component by component, in the order
    /// the rules make them.
    pub fn moves(&self, place: &Place) -> Result<Vec<Move>, Error> {
        let mut all = Vec::new();
        for (i, component) in self.components.iter().enumerate() {
            (component.moves)
                .each_move(&place[i], |rule, next| {
                    let mut to = place.clone();
                    to[i] = next.to_vec();
                    all.push(Move {
                        component: i,
                        rule,
                        to,
                    });
                })
                .map_err(|e| move_error(&component.game, &place[i], e))?;
        }
        Ok(all)
    }

    /// Who wins `place`, and its remoteness.
    pub fn standing(&mut self, place: &Place) -> Result<Standing, Error> {
        let start = self.canonical(place);
        if let Some(&s) = self.known.get(&start) {
            return Ok(s);
        }
        // Depth first, with an explicit stack: plays may be long. A frame
        // is a position and the canonical positions its moves reach.
        let mut stack: Vec<(Place, Vec<Place>, usize)> = Vec::new();
        let children = self.children(&start)?;
        stack.push((start, children, 0));
        while let Some((_, children, next)) = stack.last_mut() {
            if let Some(child) = children.get(*next) {
                *next += 1;
                if self.known.contains_key(child) {
                    continue;
                }
                let child = child.clone();
                if self.known.len() + stack.len() >= self.max_positions {
                    return Err(self.too_many(place));
                }
                let grandchildren = self.children(&child)?;
                stack.push((child, grandchildren, 0));
                continue;
            }
            let Some((key, children, _)) = stack.pop() else {
                break;
            };
            let standing = self.judge(&children);
            self.known.insert(key, standing);
        }
        Ok(self.known[&self.canonical(place)])
    }

    /// The perfect player's move from `place` and the standing of the
    /// position it leaves: from a won position, a move to a lost one that
    /// wins soonest; from a lost one, a move that loses latest. `None` at
    /// the end of the play.
    pub fn best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, Error> {
        let mut best: Option<(Move, Standing)> = None;
        for m in self.moves(place)? {
            let s = self.standing(&m.to)?;
            let better = match &best {
                None => true,
                Some((_, b)) => match (s.outcome, b.outcome) {
                    (Outcome::P, Outcome::N) => true,
                    (Outcome::N, Outcome::P) => false,
                    (Outcome::P, Outcome::P) => s.remoteness < b.remoteness,
                    (Outcome::N, Outcome::N) => s.remoteness > b.remoteness,
                    // Plays that always end have no draws.
                    (Outcome::D, _) | (_, Outcome::D) => false,
                },
            };
            if better {
                best = Some((m, s));
            }
        }
        Ok(best)
    }

    /// The standing of a position whose moves reach `children`, all known.
    fn judge(&self, children: &[Place]) -> Standing {
        if children.is_empty() {
            // The player to move cannot: they lose, or win in misère play.
            let outcome = if self.misere { Outcome::N } else { Outcome::P };
            return Standing {
                outcome,
                remoteness: 0,
            };
        }
        let standings = children.iter().map(|c| self.known[c]);
        let fastest_win = standings
            .clone()
            .filter(|s| s.outcome == Outcome::P)
            .map(|s| s.remoteness)
            .min();
        match fastest_win {
            Some(r) => Standing {
                outcome: Outcome::N,
                remoteness: r + 1,
            },
            None => Standing {
                outcome: Outcome::P,
                remoteness: 1 + standings.map(|s| s.remoteness).max().unwrap_or(0),
            },
        }
    }

    /// The canonical positions the moves from `place` reach, each once.
    fn children(&self, place: &Place) -> Result<Vec<Place>, Error> {
        let mut children: Vec<Place> = (self.moves(place)?.into_iter())
            .map(|m| self.canonical(&m.to))
            .collect();
        children.sort_unstable();
        children.dedup();
        Ok(children)
    }

    /// `place` with each component's heaps in the form the search keeps
    /// (sorted, empty heaps dropped, where the rules allow).
    fn canonical(&self, place: &Place) -> Place {
        (self.components.iter().zip(place))
            .map(|(c, heaps)| {
                let mut key = Vec::with_capacity(heaps.len());
                MoveGen::canonical_into(heaps, c.symmetry, &mut key);
                key
            })
            .collect()
    }

    fn too_many(&self, place: &Place) -> Error {
        SearchError::TooManyPositions {
            game: self.components[0].game.title(),
            position: Position::from_u64s(&place.concat()),
            limit: self.max_positions,
        }
        .into()
    }
}
