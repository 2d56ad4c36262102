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
//!
//! Where the search runs out of its budget (a position too large to search
//! whole), a `Judge` given by the caller says who wins and which moves win,
//! without remoteness: from then on the play wins, not by the fewest moves.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::AnalysisError;
use crate::moves::MoveGen;
use crate::position::{Outcome, Position};
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::loopy::LoopyGraph;
use crate::search::{Budget, DEFAULT_MOVE_BUDGET, Options, SearchError, move_error};

/// A position of the play: each component's heaps.
pub type Place = Vec<Vec<u64>>;

/// A move here costs about four of the general search's (each is a whole
/// position of the sum, made and put in canonical form: 200 million took
/// 58 s for misère Kayles at 30 + 20), so the default budget is a quarter
/// of the search's, to end within about the same time.
const COST_PER_MOVE: u64 = 4;

/// Who wins a position, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub outcome: Outcome,
    /// Moves to the end of the play, both players playing perfectly;
    /// `None` for a draw (a game that can go on forever), or where a
    /// `Judge` said who wins.
    pub remoteness: Option<u64>,
}

/// Says who wins a position too large to search whole, and its winning
/// moves (from a draw, the moves that keep it): each as the component moved
/// in and the heaps it leaves there.
pub trait Judge {
    fn judge(&mut self, place: &Place) -> Result<Judged, AnalysisError>;
}

/// A `Judge`'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub outcome: Outcome,
    pub winning: Vec<(usize, Vec<u64>)>,
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
    /// A game that can go on forever, played alone: its positions, labelled
    /// by retrograde analysis, stand in for the search below.
    loopy: Option<LoopyGraph>,
    components: Vec<Component>,
    misere: bool,
    known: HashMap<Place, Standing>,
    max_positions: usize,
    /// Each question's budget of moves and time, as a search's.
    move_budget: u64,
    timeout: Option<Duration>,
    budget: Budget,
    /// The position the current question asks about, for its errors.
    asked: Vec<u64>,
    /// Who answers once the search has run out.
    judge: Option<Box<dyn Judge>>,
    /// Whether the search has run out: the judge answers from then on.
    judging: bool,
}

impl Standings {
    /// The positions of `games` played together (a sum when several),
    /// holding at most `options.max_positions` standings, each question
    /// within `options`' budgets. A sum with a misère game is played
    /// misère: its last mover loses.
    pub fn new(games: Vec<Arc<Game>>, options: &Options) -> Standings {
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
        let move_budget = options
            .move_budget
            .unwrap_or(DEFAULT_MOVE_BUDGET / COST_PER_MOVE);
        Standings {
            loopy: None,
            components,
            misere,
            known: HashMap::new(),
            max_positions: options.max_positions,
            move_budget,
            timeout: options.timeout,
            budget: Budget::start(move_budget, options.timeout),
            asked: Vec::new(),
            judge: None,
            judging: false,
        }
    }

    /// The same standings, judged by `judge` where the search runs out.
    pub fn judged_by(self, judge: Box<dyn Judge>) -> Standings {
        Standings {
            judge: Some(judge),
            ..self
        }
    }

    /// `result`, or where the search ran out and a judge is there, what
    /// `judged` gives, the judge answering from then on.
    fn or_judged<T>(
        &mut self,
        result: Result<T, AnalysisError>,
        judged: impl FnOnce(&mut Self) -> Result<T, AnalysisError>,
    ) -> Result<T, AnalysisError> {
        match result {
            Err(AnalysisError::Search(e)) if e.is_limit() && self.judge.is_some() => {
                self.judging = true;
                judged(self)
            }
            other => other,
        }
    }

    /// The judge's answer for `place`.
    fn judged(&mut self, place: &Place) -> Result<Judged, AnalysisError> {
        match self.judge.as_mut() {
            Some(judge) => judge.judge(place),
            None => Err(self.too_many(place).into()),
        }
    }

    /// The standings of one game that can go on forever, from the graph of
    /// the positions reachable from the play's start (`LoopyGraph`).
    pub fn loopy(game: Arc<Game>, graph: LoopyGraph) -> Standings {
        let mut standings = Standings::new(vec![game], &Options::default());
        standings.loopy = Some(graph);
        standings
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
    /// the rules make them: a question of its own, with a budget of its own.
    pub fn moves(&mut self, place: &Place) -> Result<Vec<Move>, AnalysisError> {
        self.start_question(place);
        self.moves_in_question(place)
    }

    fn start_question(&mut self, place: &Place) {
        self.budget = Budget::start(self.move_budget, self.timeout);
        self.asked = place.concat();
    }

    /// The moves from `place` within the current question's budget; no
    /// more than the standings may hold (a position with more moves than
    /// that could not be judged).
    fn moves_in_question(&mut self, place: &Place) -> Result<Vec<Move>, AnalysisError> {
        let mut all = Vec::new();
        for (i, component) in self.components.iter().enumerate() {
            let budget = &mut self.budget;
            let asked = || self.asked.clone();
            let room = self.max_positions.saturating_sub(all.len()) as u64;
            if room == 0 {
                return Err(SearchError::TooManyPositions {
                    game: component.game.title(),
                    position: Position::from_u64s(&self.asked),
                    limit: self.max_positions,
                }
                .into());
            }
            let examined = (component.moves)
                .each_move_within(&place[i], budget.left().min(room), |rule, next| {
                    let mut to = place.clone();
                    to[i] = next.to_vec();
                    all.push(Move {
                        component: i,
                        rule,
                        to,
                    });
                })
                .map_err(|e| match e.error {
                    // More moves than room for them: the sum is too large.
                    EvalError::OutOfBudget if budget.left() > room => {
                        SearchError::TooManyPositions {
                            game: component.game.title(),
                            position: Position::from_u64s(&asked()),
                            limit: self.max_positions,
                        }
                    }
                    EvalError::OutOfBudget => budget.exhausted().error(&component.game, &asked()),
                    _ => move_error(&component.game, &place[i], e),
                })?;
            budget
                .spend(examined)
                .map_err(|e| e.error(&component.game, &asked()))?;
        }
        Ok(all)
    }

    /// Who wins `place`, and its remoteness: one question, with a budget
    /// of its own.
    pub fn standing(&mut self, place: &Place) -> Result<Standing, AnalysisError> {
        let judged = |this: &mut Self| {
            Ok(Standing {
                outcome: this.judged(place)?.outcome,
                remoteness: None,
            })
        };
        if self.judging {
            return judged(self);
        }
        let searched = self.searched_standing(place);
        self.or_judged(searched, judged)
    }

    fn searched_standing(&mut self, place: &Place) -> Result<Standing, AnalysisError> {
        self.start_question(place);
        let start = self.canonical(place);
        if let Some(graph) = &self.loopy {
            let id = graph.id(&start[0]).ok_or_else(|| self.too_many(place))?;
            return Ok(Standing {
                outcome: graph.outcome(id),
                remoteness: graph.remoteness(id),
            });
        }
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
                    return Err(self.too_many(place).into());
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
    /// wins soonest; from a draw, a move that keeps it; from a lost one, a
    /// move that loses latest. `None` at the end of the play.
    pub fn best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        if self.judging {
            return self.judged_best(place);
        }
        let searched = self.searched_best(place);
        self.or_judged(searched, |this| this.judged_best(place))
    }

    /// The best move by the search's standings.
    fn searched_best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        // How good a position left is for the player leaving it.
        let rank = |s: &Standing| -> (u8, i128) {
            let r = i128::from(s.remoteness.unwrap_or(0));
            match s.outcome {
                Outcome::P => (2, -r),
                Outcome::D => (1, 0),
                Outcome::N => (0, r),
            }
        };
        let mut best: Option<(Move, Standing)> = None;
        for m in self.moves(place)? {
            let s = self.standing(&m.to)?;
            if self.judging {
                // The search ran out: the judge answers for the position
                // itself, not for each move's.
                return self.judged_best(place);
            }
            if best.as_ref().is_none_or(|(_, b)| rank(&s) > rank(b)) {
                best = Some((m, s));
            }
        }
        Ok(best)
    }

    /// The best move by the judge: from a won position, the first of its
    /// winning moves; from a draw, the first that keeps it; from a lost one,
    /// the first move.
    fn judged_best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        let moves = self.moves(place)?;
        let Some(first) = moves.first().cloned() else {
            return Ok(None);
        };
        let judged = self.judged(place)?;
        // The standing of the position a move leaves, without remoteness.
        let leaves = |outcome| Standing {
            outcome,
            remoteness: None,
        };
        if judged.outcome == Outcome::P {
            return Ok(Some((first, leaves(Outcome::N))));
        }
        let canonical = |c: usize, heaps: &[u64]| {
            let mut key = Vec::new();
            MoveGen::canonical_into(heaps, self.components[c].symmetry, &mut key);
            key
        };
        let wins: Vec<(usize, Vec<u64>)> = (judged.winning.iter())
            .map(|(c, heaps)| (*c, canonical(*c, heaps)))
            .collect();
        let listed = (moves.iter())
            .find(|m| wins.contains(&(m.component, canonical(m.component, &m.to[m.component]))));
        // The position the move leaves: lost, or still drawn.
        let after = match judged.outcome {
            Outcome::D => Outcome::D,
            _ => Outcome::P,
        };
        if let Some(m) = listed {
            return Ok(Some((m.clone(), leaves(after))));
        }
        // Moves the judge did not list (a heap past what it lists moves
        // of): each position they leave judged in turn.
        for m in moves {
            let outcome = self.judged(&m.to)?.outcome;
            if outcome == after {
                return Ok(Some((m, leaves(outcome))));
            }
        }
        Ok(Some((first, leaves(Outcome::N))))
    }

    /// The standing of a position whose moves reach `children`, all known.
    fn judge(&self, children: &[Place]) -> Standing {
        if children.is_empty() {
            // The player to move cannot: they lose, or win in misère play.
            let outcome = if self.misere { Outcome::N } else { Outcome::P };
            return Standing {
                outcome,
                remoteness: Some(0),
            };
        }
        // Plays that always end: every remoteness is known.
        let standings = children.iter().map(|c| self.known[c]);
        let fastest_win = standings
            .clone()
            .filter(|s| s.outcome == Outcome::P)
            .filter_map(|s| s.remoteness)
            .min();
        match fastest_win {
            Some(r) => Standing {
                outcome: Outcome::N,
                remoteness: Some(r + 1),
            },
            None => Standing {
                outcome: Outcome::P,
                remoteness: Some(1 + standings.filter_map(|s| s.remoteness).max().unwrap_or(0)),
            },
        }
    }

    /// The canonical positions the moves from `place` reach, each once.
    fn children(&mut self, place: &Place) -> Result<Vec<Place>, AnalysisError> {
        let mut children: Vec<Place> = (self.moves_in_question(place)?.into_iter())
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

    fn too_many(&self, place: &Place) -> SearchError {
        SearchError::TooManyPositions {
            game: self.components[0].game.title(),
            position: Position::from_u64s(&place.concat()),
            limit: self.max_positions,
        }
    }
}
