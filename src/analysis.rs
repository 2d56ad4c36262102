//! Analysis: the answer for one position (a single game or a sum): its
//! outcome, Grundy value, every winning move, and how it was found.

use std::collections::HashMap;
use std::sync::Arc;

use crate::check::{Analysis, Instance};
use crate::diagnostics::{Code, Error};
use crate::position::Position;
use crate::rules::Game;
use crate::rules::describe::describe;
use crate::search::{DEFAULT_MAX_POSITIONS, Explored, Solver, Value};

/// P: the player to move loses. N: the player to move wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    P,
    N,
}

/// Everything gamelang says about one position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The game's title, or the titles of a sum's components joined by `+`.
    pub game: String,
    /// The position as a `.game` file writes it.
    pub position: String,
    pub outcome: Outcome,
    /// Normal play only: in misère play Grundy values do not decide sums.
    pub grundy: Option<u32>,
    pub winning_moves: Vec<WinningMove>,
    pub method: Method,
}

/// A move to a P-position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// In a sum: the 1-based component the move is made in.
    pub component: Option<usize>,
    /// The rule's label, or its text.
    pub rule: String,
    /// The whole position after the move.
    pub to: String,
    /// The move in words.
    pub text: String,
}

/// How the answer was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    Search {
        /// Positions and edges this answer added to the searched graphs.
        explored: Explored,
        /// Positions the graphs hold in all, with earlier answers' work.
        held: usize,
    },
}

/// Answers positions, keeping each game's search for the whole run.
pub struct Analyzer {
    solvers: HashMap<String, Solver>,
    max_positions: usize,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(DEFAULT_MAX_POSITIONS)
    }
}

/// One component's part in an answer.
struct Part<'a> {
    game: &'a Arc<Game>,
    position: &'a Position,
    heaps: Vec<u64>,
    value: Value,
}

impl Analyzer {
    pub fn new(max_positions: usize) -> Self {
        Analyzer {
            solvers: HashMap::new(),
            max_positions,
        }
    }

    pub fn analyze(&mut self, analysis: &Analysis) -> Result<Answer, Error> {
        let mut explored = Explored::default();
        let mut parts = Vec::new();
        for Instance { game, position } in &analysis.components {
            let heaps = position.to_u64s().ok_or_else(|| {
                Error::new(
                    Code::TooLarge,
                    format!("{position} is too large for a search of `{}`", game.title()),
                )
                .help("the search handles heaps below 2^64")
            })?;
            let (value, more) = self.with_solver(game, |s| s.value(&heaps))?;
            explored.positions += more.positions;
            explored.edges += more.edges;
            parts.push(Part {
                game,
                position,
                heaps,
                value,
            });
        }
        let total = parts.iter().fold(0, |acc, p| match p.value {
            Value::Grundy(g) => acc ^ g,
            Value::Misere { .. } => acc,
        });
        let (outcome, grundy) = match parts.as_slice() {
            [only] => match only.value {
                Value::Grundy(g) => (outcome_of(g == 0), Some(g)),
                Value::Misere { next_wins } => (outcome_of(!next_wins), None),
            },
            _ => (outcome_of(total == 0), Some(total)),
        };
        let winning_moves = if outcome == Outcome::N {
            self.winning_moves(&parts, total)?
        } else {
            Vec::new()
        };
        let held = parts
            .iter()
            .map(|p| self.solvers.get(&p.game.title()).map_or(0, Solver::len))
            .sum();
        Ok(Answer {
            game: join(parts.iter().map(|p| p.game.title())),
            position: sum_text(&parts, None),
            outcome,
            grundy,
            winning_moves,
            method: Method::Search { explored, held },
        })
    }

    /// Runs `f` on the game's solver; a failed search is dropped, so that a
    /// later question starts afresh.
    fn with_solver<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut Solver) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let title = game.title();
        let max = self.max_positions;
        let solver = self
            .solvers
            .entry(title.clone())
            .or_insert_with(|| Solver::new(game.clone(), max));
        let result = f(solver);
        if result.is_err() {
            self.solvers.remove(&title);
        }
        result
    }

    /// Moves to P-positions: in a sum, the moves in one component to a value
    /// that makes the XOR of all components 0.
    fn winning_moves(&mut self, parts: &[Part], total: u32) -> Result<Vec<WinningMove>, Error> {
        let mut found = Vec::new();
        for (index, part) in parts.iter().enumerate() {
            let nexts = self.with_solver(part.game, |s| s.moves_from(&part.heaps))?;
            let mut seen = std::collections::HashSet::new();
            for (rule, next) in nexts {
                if !seen.insert(next.clone()) {
                    continue;
                }
                let (value, _) = self.with_solver(part.game, |s| s.value(&next))?;
                let wins = match (value, part.value) {
                    (Value::Grundy(after), Value::Grundy(now)) if parts.len() > 1 => {
                        after == now ^ total
                    }
                    _ => value.is_p(),
                };
                if !wins {
                    continue;
                }
                let rule = &part.game.rules[rule];
                let after = Position::from_u64s(&next);
                let text = describe(&rule.kind, part.position.heaps(), after.heaps());
                found.push(WinningMove {
                    component: (parts.len() > 1).then_some(index + 1),
                    rule: rule.name.clone(),
                    to: sum_text(parts, Some((index, &after))),
                    text,
                });
            }
        }
        Ok(found)
    }
}

fn outcome_of(p: bool) -> Outcome {
    if p { Outcome::P } else { Outcome::N }
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(" + ")
}

/// The position as text: `(3, 5)` alone, `g at p + h at q` for a sum; with
/// one component replaced when `replace` says so.
fn sum_text(parts: &[Part], replace: Option<(usize, &Position)>) -> String {
    let position = |i: usize, part: &Part| match replace {
        Some((j, after)) if i == j => after.to_string(),
        _ => part.position.to_string(),
    };
    if let [only] = parts {
        return position(0, only);
    }
    join(
        parts
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} at {}", p.game.title(), position(i, p))),
    )
}
