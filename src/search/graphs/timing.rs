//! How long the play of one game lasts from each position, both players
//! playing to win: the numbers that decide compounds where several games
//! move at once (Winning Ways, ch. 9; Smith, "Graphs and composite games",
//! 1966).
//!
//! - **Remoteness**: 0 at an end; from a position with a move to a lost
//!   one (a P-position), one more than the least remoteness of such moves
//!   (the winner hurries); from any other, one more than the greatest of
//!   its moves' (the loser delays).
//! - **Suspense**: 0 at an end; from a position with a move to a P-position,
//!   one more than the greatest suspense of such moves (the winner, who
//!   must win every component in time, keeps the play going); from any
//!   other, one more than the least of its moves'.
//!
//! An end is lost for the player to move in normal play, won in misère
//! play; either number is even exactly at the P-positions in normal play
//! and exactly at the N-positions in misère play. A declared end (`win
//! when`, `lose when`) is won or lost as it declares, with both numbers 0;
//! a game that can reach a declared draw has neither.

use crate::position::Outcome;
use crate::rules::EndKind;
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;
use crate::search::base::reached::{Reached, Visit};
use crate::search::solver::Solver;

/// Who wins a position, and how long its play lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timing {
    /// Who wins: P or N.
    pub outcome: Outcome,
    /// Smith's remoteness: the moves to the end, the winner hurrying and
    /// the loser delaying.
    pub remoteness: u64,
    /// The suspense number: the moves to the end, the winner delaying and
    /// the loser hurrying (Winning Ways, ch. 9).
    pub suspense: u64,
}

/// Every position reachable from a start (id 0), with its timing.
pub struct TimingGraph {
    reached: Reached,
    timing: Vec<Timing>,
}

impl TimingGraph {
    /// Explores every position reachable from `heaps` in `solver`'s game
    /// (at most `max_positions`, within the search's budgets, examining at
    /// most `max_moves` moves) and finds each one's timing; `None` where a
    /// play can return to a position (the numbers are for games that end).
    /// A position whose timing `known` gives (an earlier question's) is
    /// taken as it gives them and explored no further. The moves of a
    /// position are listed before its positions are counted, so a bound on
    /// positions alone does not bound the work (Nim at 10^12 has 10^12).
    pub fn explore_knowing(
        solver: &Solver,
        heaps: &[u64],
        max_positions: usize,
        max_moves: u64,
        known: &dyn Fn(&[u64]) -> Option<Timing>,
    ) -> Result<Option<TimingGraph>, SearchError> {
        let mut budget = solver.question_budget().capped(max_moves);
        TimingGraph::explore_all(solver, (heaps, &[]), max_positions, &mut budget, known)
    }

    /// `explore_knowing` with nothing known, from each of `more` too, into
    /// one graph (a table's positions).
    pub fn explore_from(
        solver: &Solver,
        heaps: &[u64],
        more: &[Vec<u64>],
        max_positions: usize,
        max_moves: u64,
    ) -> Result<Option<TimingGraph>, SearchError> {
        let mut budget = solver.question_budget().capped(max_moves);
        TimingGraph::explore_by(solver, heaps, more, max_positions, &mut budget)
    }

    /// `explore_from`, spending `budget` (a question's, shared with the
    /// other searches it asks for: a compound's components).
    pub fn explore_by(
        solver: &Solver,
        heaps: &[u64],
        more: &[Vec<u64>],
        max_positions: usize,
        budget: &mut Budget,
    ) -> Result<Option<TimingGraph>, SearchError> {
        TimingGraph::explore_all(solver, (heaps, more), max_positions, budget, &|_| None)
    }

    /// The one exploration of them all: from `heaps` and `more`, what
    /// `known` gives taken as given.
    fn explore_all(
        solver: &Solver,
        (heaps, more): (&[u64], &[Vec<u64>]),
        max_positions: usize,
        budget: &mut Budget,
        known: &dyn Fn(&[u64]) -> Option<Timing>,
    ) -> Result<Option<TimingGraph>, SearchError> {
        let reached =
            Reached::explore_from(solver, heaps, more, max_positions, budget, &mut |p| {
                // A position where the play ends is explored no further,
                // nor one whose timing is known.
                Ok(match solver.end_at(p)? {
                    Some(kind) => Visit::End(kind),
                    None if known(p).is_some() => Visit::Known,
                    None => Visit::Open,
                })
            })?;
        let parents = reached.parents();
        let no_move = if solver.game.misere {
            Outcome::N
        } else {
            Outcome::P
        };
        // Who wins where the play is over: with no move left, as the play
        // says; at a declared end, as it declares (the player who moved
        // into a `win when` position has won, in either play). A declared
        // draw has no timing.
        let mut end = Vec::with_capacity(reached.len());
        for u in 0..reached.len() {
            end.push(match reached.ends.get(u).copied().flatten() {
                None => no_move,
                Some(EndKind::Win) => Outcome::P,
                Some(EndKind::Lose) => Outcome::N,
                Some(EndKind::Draw) => return Ok(None),
            });
        }
        // Positions done as soon as every move's is: ends first.
        let mut left: Vec<usize> = (0..reached.len()).map(|u| reached.moves(u).len()).collect();
        let mut timing: Vec<Option<Timing>> = vec![None; reached.len()];
        let mut ready: Vec<usize> = (0..reached.len()).filter(|&u| left[u] == 0).collect();
        while let Some(u) = ready.pop() {
            let after = reached.moves(u).filter_map(|v| timing[v]);
            timing[u] = match reached.known[u] {
                true => known(reached.position(u)),
                false => Some(steps_from(after, end[u])),
            };
            for p in parents.of(u) {
                left[p] -= 1;
                if left[p] == 0 {
                    ready.push(p);
                }
            }
        }
        // A position never done lies on a cycle, or leads to one.
        let Some(timing) = timing.into_iter().collect::<Option<Vec<Timing>>>() else {
            return Ok(None);
        };
        Ok(Some(TimingGraph { reached, timing }))
    }

    /// The id of a position in canonical form (`Solver::canonical`), if
    /// it was reached.
    pub fn id(&self, canonical: &[u64]) -> Option<usize> {
        self.reached.id(canonical)
    }

    /// Who wins the position `id`, and how long its play lasts.
    pub fn timing(&self, id: usize) -> Timing {
        self.timing[id]
    }

    /// Each position reached, in canonical form, with its timing.
    pub fn each(&self) -> impl Iterator<Item = (&[u64], Timing)> + '_ {
        self.reached.positions().zip(self.timing.iter().copied())
    }

    /// The positions the moves from `id` reach, by id.
    pub fn moves(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        self.reached.moves(id)
    }

    /// The memory it takes, in bytes.
    pub fn bytes(&self) -> u64 {
        self.reached.bytes() + (self.timing.len() * std::mem::size_of::<Timing>()) as u64
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.reached.len()
    }
}

/// The timing of a position whose moves reach positions of timing `after`;
/// `end`: who wins an end position.
fn steps_from(after: impl Iterator<Item = Timing>, end: Outcome) -> Timing {
    let mut any = false;
    // The winning moves' least remoteness and greatest suspense; every
    // move's greatest remoteness and least suspense.
    let (mut win_r, mut win_s) = (None::<u64>, None::<u64>);
    let (mut all_r, mut all_s) = (0u64, u64::MAX);
    for s in after {
        any = true;
        if s.outcome == Outcome::P {
            win_r = Some(win_r.map_or(s.remoteness, |r| r.min(s.remoteness)));
            win_s = Some(win_s.map_or(s.suspense, |x| x.max(s.suspense)));
        }
        all_r = all_r.max(s.remoteness);
        all_s = all_s.min(s.suspense);
    }
    match (any, win_r, win_s) {
        (false, ..) => Timing {
            outcome: end,
            remoteness: 0,
            suspense: 0,
        },
        (true, Some(r), Some(s)) => Timing {
            outcome: Outcome::N,
            remoteness: r + 1,
            suspense: s + 1,
        },
        _ => Timing {
            outcome: Outcome::P,
            remoteness: all_r + 1,
            suspense: all_s + 1,
        },
    }
}
