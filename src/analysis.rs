//! Analysis: the answer for one position (a single game or a sum): its
//! outcome, Grundy value, every winning move, and how it was found — by a
//! known game's closed form (after checking it against the search on small
//! positions) or by the search.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::check::{Analysis, Instance};
use crate::diagnostics::{Code, Error};
use crate::known::{self, Known};
pub use crate::position::Outcome;
use crate::position::Position;
use crate::rules::Game;
use crate::rules::describe::describe;
use crate::search::{self, Explored, Solver, Value};
use crate::verify::{self, Verified};

/// Everything gamelang says about one position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The game's title, or the titles of a sum's components joined by `+`.
    pub game: String,
    /// The position as a `.game` file writes it.
    pub position: String,
    pub outcome: Outcome,
    /// The Grundy value: `None` in misère play, or where it is unknown (see `notes`).
    pub grundy: Option<BigUint>,
    /// The first winning moves, at most `Options::max_moves` of them.
    pub winning_moves: Vec<WinningMove>,
    /// How many winning moves there are in all.
    pub winning_move_count: Count,
    pub method: Method,
    /// What the answer leaves out, and why.
    pub notes: Vec<String>,
}

/// How many winning moves there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    Exact(BigUint),
    /// Counting them all would take too long; there are at least this many.
    AtLeast(BigUint),
    /// Not counted: a component's position is too large to search.
    Unknown,
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

/// How an answer was found: one method per component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    pub components: Vec<ComponentMethod>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentMethod {
    ClosedForm {
        /// The known game's catalogue id.
        id: &'static str,
        /// The closed form, with the game's parameters.
        rule: String,
        /// What the closed form was checked against before it answered.
        verified: Verified,
        /// The Grundy value came from the search, the closed form giving none.
        grundy_by_search: bool,
    },
    Search {
        /// Positions and moves this answer added to the search.
        explored: Explored,
        /// Positions (or heap sizes) the search holds, with earlier work.
        held: usize,
        /// Answered as a sum of one-heap games.
        decomposed: bool,
    },
}

/// How the analyzer works.
#[derive(Clone, Debug)]
pub struct Options {
    pub search: search::Options,
    /// Answer by the search even where a closed form is known.
    pub force_search: bool,
    /// List at most this many winning moves.
    pub max_moves: usize,
    /// Verify closed forms on every position with heaps up to this.
    pub verify_bound: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            search: search::Options::default(),
            force_search: false,
            max_moves: DEFAULT_MAX_MOVES,
            verify_bound: verify::DEFAULT_BOUND,
        }
    }
}

pub const DEFAULT_MAX_MOVES: usize = 100;

/// A closed form's game is searched for a Grundy value (or for moves in a
/// sum) only when the search's estimated work is at most this many moves.
const SMALL_SEARCH: u64 = 5_000_000;

/// Answers positions, keeping each game's search and recognition for the
/// whole run.
pub struct Analyzer {
    options: Options,
    games: HashMap<String, GameState>,
}

/// What the analyzer keeps per game (per parameter values).
struct GameState {
    solver: Option<Solver>,
    known: Option<(Box<dyn Known>, Verified)>,
}

/// One component, answered.
struct Part {
    game: Arc<Game>,
    position: Position,
    outcome: Outcome,
    grundy: Option<BigUint>,
    method: ComponentMethod,
    /// A closed form's own winning moves (for a single game).
    closed_moves: Option<known::WinningMoves>,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    pub fn new(options: Options) -> Self {
        Analyzer {
            options,
            games: HashMap::new(),
        }
    }

    pub fn analyze(&mut self, analysis: &Analysis) -> Result<Answer, Error> {
        let parts: Vec<Part> = analysis
            .components
            .iter()
            .map(|instance| self.part(instance))
            .collect::<Result<_, _>>()?;
        let mut notes = Vec::new();
        let (outcome, grundy) = match parts.as_slice() {
            [only] => (only.outcome, only.grundy.clone()),
            _ => {
                let mut total = BigUint::zero();
                for (i, part) in parts.iter().enumerate() {
                    let Some(g) = &part.grundy else {
                        return Err(Error::new(
                            Code::TooLarge,
                            format!(
                                "the sum cannot be decided: the Grundy value of component {} ({} at {}) is unknown",
                                i + 1,
                                part.game.title(),
                                part.position
                            ),
                        )
                        .help("its closed form gives only the outcome, and the position is too large to search: analyze it on its own"));
                    };
                    total ^= g;
                }
                (Outcome::p_if(total.is_zero()), Some(total))
            }
        };
        let (winning_moves, winning_move_count) = if outcome == Outcome::P {
            (Vec::new(), Count::Exact(BigUint::zero()))
        } else {
            self.winning_moves(&parts, grundy.as_ref(), &mut notes)?
        };
        match &winning_move_count {
            Count::Exact(count) if *count > BigUint::from(winning_moves.len()) => {
                notes.push(format!(
                    "{count} winning moves; the first {} are listed (--max-moves)",
                    winning_moves.len()
                ));
            }
            Count::AtLeast(_) => notes.push(
                "the winning moves are too many to count here; one found by the closed form's strategy is listed".to_string(),
            ),
            _ => {}
        }
        for part in &parts {
            if part.grundy.is_none() && !part.game.misere {
                notes.push(format!(
                    "the Grundy value of {} at {} is unknown: its closed form gives the outcome only, and the position is too large to search",
                    part.game.title(),
                    part.position
                ));
            }
        }
        Ok(Answer {
            game: join(parts.iter().map(|p| p.game.title())),
            position: sum_text(&parts, None),
            outcome,
            grundy,
            winning_moves,
            winning_move_count,
            method: Method {
                components: parts.iter().map(|p| p.method.clone()).collect(),
            },
            notes,
        })
    }

    /// The known game `game` is, with what its closed form was verified on;
    /// `None` when no closed form is recognised (or the search is forced).
    pub fn recognised(
        &mut self,
        game: &Arc<Game>,
    ) -> Result<Option<(&'static str, Verified)>, Error> {
        let state = self.state(game)?;
        Ok(state
            .known
            .as_ref()
            .map(|(known, verified)| (known.id(), verified.clone())))
    }

    /// The game's state, recognising (and verifying) a known game the first
    /// time the game is seen.
    fn state(&mut self, game: &Arc<Game>) -> Result<&mut GameState, Error> {
        let title = game.title();
        if !self.games.contains_key(&title) {
            let known = match known::recognise(game) {
                Some(known) if !self.options.force_search => {
                    let verified = verify::verify(
                        game,
                        known.as_ref(),
                        self.options.verify_bound,
                        self.options.search.clone(),
                    )?;
                    Some((known, verified))
                }
                _ => None,
            };
            self.games.insert(
                title.clone(),
                GameState {
                    solver: None,
                    known,
                },
            );
        }
        self.games
            .get_mut(&title)
            .ok_or_else(|| Error::new(Code::Internal, "internal error: a game's state was lost"))
    }

    /// Runs `f` on the game's search; a failed search is dropped, so that a
    /// later question starts afresh.
    fn search<T>(
        &mut self,
        game: &Arc<Game>,
        f: impl FnOnce(&mut Solver) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let options = self.options.search.clone();
        let state = self.state(game)?;
        let solver = state
            .solver
            .get_or_insert_with(|| Solver::with_options(game.clone(), options));
        let result = f(solver);
        if result.is_err() {
            state.solver = None;
        }
        result
    }

    fn part(&mut self, instance: &Instance) -> Result<Part, Error> {
        let Instance { game, position } = instance;
        let max_moves = self.options.max_moves;
        let closed = self.state(game)?.known.as_ref().map(|(known, verified)| {
            (
                known.analyze(position.heaps(), max_moves),
                known.id(),
                known.rule(),
                verified.clone(),
            )
        });
        if let Some((closed, id, rule, verified)) = closed {
            let mut grundy = closed.grundy.clone();
            let mut grundy_by_search = false;
            if grundy.is_none()
                && !game.misere
                && let Some(heaps) = small(position)
                && let (Value::Grundy(g), _) = self.search(game, |s| s.value(&heaps))?
            {
                grundy = Some(BigUint::from(g));
                grundy_by_search = true;
            }
            return Ok(Part {
                game: game.clone(),
                position: position.clone(),
                outcome: closed.outcome,
                grundy,
                method: ComponentMethod::ClosedForm {
                    id,
                    rule,
                    verified,
                    grundy_by_search,
                },
                closed_moves: Some(closed.winning),
            });
        }
        let heaps = searchable(game, position)?;
        let (value, explored) = self.search(game, |s| s.value(&heaps))?;
        let state = self.state(game)?;
        let (held, decomposed) = state
            .solver
            .as_ref()
            .map_or((0, false), |s| (s.len(), s.decomposed()));
        let (outcome, grundy) = match value {
            Value::Grundy(g) => (Outcome::p_if(g == 0), Some(BigUint::from(g))),
            Value::Misere { next_wins } => (Outcome::p_if(!next_wins), None),
        };
        Ok(Part {
            game: game.clone(),
            position: position.clone(),
            outcome,
            grundy,
            method: ComponentMethod::Search {
                explored,
                held,
                decomposed,
            },
            closed_moves: None,
        })
    }

    /// Moves to P-positions: in a sum, the moves in one component to a value
    /// that makes the XOR of all components 0.
    fn winning_moves(
        &mut self,
        parts: &[Part],
        total: Option<&BigUint>,
        notes: &mut Vec<String>,
    ) -> Result<(Vec<WinningMove>, Count), Error> {
        let max = self.options.max_moves;
        let sum = parts.len() > 1;
        if let ([_], Some(closed)) = (parts, &parts[0].closed_moves) {
            let moves = closed
                .moves
                .iter()
                .take(max)
                .map(|m| {
                    let to = Position(m.to.clone());
                    winning_move(parts, 0, m.rule, &to)
                })
                .collect();
            let count = if closed.at_least {
                Count::AtLeast(closed.count.clone())
            } else {
                Count::Exact(closed.count.clone())
            };
            return Ok((moves, count));
        }
        let mut found = Vec::new();
        let mut count = BigUint::zero();
        let mut complete = true;
        for (index, part) in parts.iter().enumerate() {
            let heaps = match (&part.method, small(&part.position)) {
                (ComponentMethod::Search { .. }, _) => searchable(&part.game, &part.position)?,
                (ComponentMethod::ClosedForm { .. }, Some(heaps)) => heaps,
                (ComponentMethod::ClosedForm { .. }, None) => {
                    notes.push(format!(
                        "moves in component {} ({} at {}) are not listed: the position is too large to search",
                        index + 1,
                        part.game.title(),
                        part.position
                    ));
                    complete = false;
                    continue;
                }
            };
            // In a sum, component i must move to g_i xor total.
            let target = match (sum, &part.grundy, total) {
                (true, Some(g), Some(total)) => (g ^ total).to_u32(),
                _ => Some(0),
            };
            let Some(target) = target else { continue };
            let nexts = self.search(&part.game, |s| s.moves_from(&heaps))?;
            let mut seen = HashSet::new();
            for (rule, next) in nexts {
                if !seen.insert(next.clone()) {
                    continue;
                }
                let (value, _) = self.search(&part.game, |s| s.value(&next))?;
                let wins = match value {
                    Value::Grundy(g) => g == target,
                    Value::Misere { .. } => value.is_p(),
                };
                if wins {
                    count += 1u32;
                    if found.len() < max {
                        found.push(winning_move(
                            parts,
                            index,
                            rule,
                            &Position::from_u64s(&next),
                        ));
                    }
                }
            }
        }
        let count = if complete {
            Count::Exact(count)
        } else {
            Count::Unknown
        };
        Ok((found, count))
    }
}

fn winning_move(parts: &[Part], index: usize, rule: usize, to: &Position) -> WinningMove {
    let part = &parts[index];
    let rule = &part.game.rules[rule];
    WinningMove {
        component: (parts.len() > 1).then_some(index + 1),
        rule: rule.name.clone(),
        to: sum_text(parts, Some((index, to))),
        text: describe(&rule.kind, part.position.heaps(), to.heaps()),
    }
}

/// The heaps as machine words, for a search, or why the search cannot take them.
fn searchable(game: &Game, position: &Position) -> Result<Vec<u64>, Error> {
    position.to_u64s().ok_or_else(|| {
        Error::new(
            Code::TooLarge,
            format!("{position} is too large for a search of `{}`", game.title()),
        )
        .help("the search handles heaps below 2^64; no closed form is known for this game")
    })
}

/// The heaps, when a search from them stays small. For taking games the
/// positions below are at most the product of (heap + 1), each with at most
/// about the sum of the heaps moves.
fn small(position: &Position) -> Option<Vec<u64>> {
    let heaps = position.to_u64s()?;
    let mut work: u64 = heaps.iter().try_fold(1u64, |acc, &h| acc.checked_add(h))?;
    for &h in &heaps {
        work = work.checked_mul(h.checked_add(1)?)?;
        if work > SMALL_SEARCH {
            return None;
        }
    }
    Some(heaps)
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
