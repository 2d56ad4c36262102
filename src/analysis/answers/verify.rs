//! Trust but verify: a closed form answers for a game only after it agrees
//! with the search on every small position — outcome, Grundy value where it
//! gives one, and the set of winning moves. A disagreement is an internal
//! error naming the position, never an answer.

use std::sync::Arc;

use num_bigint::BigUint;

use crate::analysis::answer::Verified;
use crate::analysis::error::{AnalysisError, Disagreement};
use crate::analysis::standing::{Standings, place_of};
use crate::known::{Known, KnownMove};
use crate::misere::quotient::Quotient;
use crate::position::{GraphShape, Outcome, Position};
use crate::rules::Game;
use crate::rules::expr::Env;
use crate::search::{Options, Solver, Value};

/// Heap counts compared for `heaps *` games.
const ANY_HEAPS_UP_TO: usize = 3;

/// The most positions one comparison may take.
pub const MAX_VERIFIED: usize = 1_000_000;

/// How many positions `small_positions` lists at most (before the
/// invariant leaves some out); `None` past 2^128.
pub fn small_position_count(game: &Game, bound: u64) -> Option<u128> {
    let (bound, counts) = shapes(game, bound);
    let side = u128::from(bound) + 1;
    counts.into_iter().try_fold(0u128, |total, count| {
        let power = (0..count).try_fold(1u128, |p, _| p.checked_mul(side))?;
        total.checked_add(power)
    })
}

/// The largest heap and the heap counts of the small positions: up to
/// three heaps for `heaps *`, the game's count otherwise; for Green
/// Hackenbush, graphs of up to `GRAPH_EDGES` edges on vertices 0 to
/// `GRAPH_VERTICES` (two heaps an edge).
fn shapes(game: &Game, bound: u64) -> (u64, Vec<usize>) {
    if game.graph == Some(GraphShape::Grounded) {
        return (GRAPH_VERTICES, (0..=GRAPH_EDGES).map(|e| 2 * e).collect());
    }
    let counts = match game.heap_count {
        Some(n) => vec![n],
        None => (0..=ANY_HEAPS_UP_TO).collect(),
    };
    (bound, counts)
}

/// Green Hackenbush's small positions: its graphs of this many edges at
/// most, on the vertices 0 to `GRAPH_VERTICES`.
const GRAPH_EDGES: usize = 3;
const GRAPH_VERTICES: u64 = 3;

/// Every position of `game` with heaps at most `bound`: all heap counts up to
/// three for `heaps *`, the game's count otherwise (Green Hackenbush: its
/// small graphs); those that break the invariant left out.
pub fn small_positions(game: &Game, bound: u64) -> Vec<Vec<u64>> {
    let (bound, counts) = shapes(game, bound);
    let mut out = Vec::new();
    for count in counts {
        let mut tuple = vec![0u64; count];
        loop {
            let valid = (game.invariant.as_ref())
                .is_none_or(|inv| inv.expr.truth(&Env::position(&tuple)).unwrap_or(false))
                && game.shaped(&tuple);
            if valid {
                out.push(tuple.clone());
            }
            // The next tuple, the last heap counting fastest.
            let Some(i) = (0..count).rev().find(|&i| tuple[i] < bound) else {
                break;
            };
            tuple[i] += 1;
            tuple[i + 1..].iter_mut().for_each(|h| *h = 0);
        }
    }
    out
}

/// Compares `known` with the search on every small position of `game`.
pub fn verify(
    game: &Arc<Game>,
    known: &dyn Known,
    bound: u64,
    options: Options,
) -> Result<Verified, AnalysisError> {
    let count = small_position_count(game, bound);
    if count.is_none_or(|n| n > MAX_VERIFIED as u128) {
        return Err(AnalysisError::TooManyToVerify {
            game: game.title(),
            bound,
            positions: count,
            limit: MAX_VERIFIED,
        });
    }
    let positions = small_positions(game, bound);
    // The comparison holds small positions only, at most `MAX_VERIFIED`
    // of them: the limit asked of the question's own search (which a
    // closed form does not make) is not its.
    let options = Options {
        max_positions: MAX_VERIFIED,
        ..options
    };
    let mut solver = Solver::with_options(game.clone(), options);
    for heaps in &positions {
        compare(game, known, &mut solver, heaps)?;
    }
    Ok(Verified {
        positions: positions.len(),
        // The largest heap compared (Green Hackenbush's graphs are smaller
        // than `bound`).
        bound: shapes(game, bound).0,
        max_heaps: positions.iter().map(Vec::len).max().unwrap_or(0),
    })
}

/// Heaps and heap counts a misère quotient is compared on.
pub const QUOTIENT_BOUND: u64 = 10;
const QUOTIENT_HEAPS: usize = 4;

/// Compares a misère quotient of `games`' heaps with the search on every
/// sum of up to four heaps (of any of the games) of at most 10, or of the
/// largest heap the quotient holds for in that game when that is less and
/// no period extends it; `None` when the search cannot answer them all
/// within its budgets.
pub fn verify_quotient(
    games: &[Arc<Game>],
    quotient: &Quotient,
    options: Options,
) -> Result<Option<Verified>, AnalysisError> {
    let proven = (quotient.period.as_ref()).is_some_and(|p| p.is_proven());
    let bound = |g| {
        if proven {
            QUOTIENT_BOUND
        } else {
            QUOTIENT_BOUND.min(quotient.upto_of(g))
        }
    };
    // Every heap of every game up to the bound, as (game, heap).
    let heaps: Vec<(usize, u64)> = (1..=QUOTIENT_BOUND)
        .flat_map(|h| (0..games.len()).map(move |g| (g, h)))
        .filter(|&(g, h)| h <= bound(g))
        .collect();
    // Sums as multisets of those, the latest first.
    let mut sums: Vec<Vec<usize>> = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..QUOTIENT_HEAPS {
        let next: Vec<Vec<usize>> = (last.iter())
            .flat_map(|sum: &Vec<usize>| {
                let top = sum.last().map_or(heaps.len(), |&i| i + 1);
                (0..top).map(move |i| [sum.as_slice(), &[i]].concat())
            })
            .collect();
        sums.extend(next.iter().cloned());
        last = next;
    }
    // One game is searched by its solver, a sum of several whole.
    let mut solver =
        (games.len() == 1).then(|| Solver::with_options(games[0].clone(), options.clone()));
    let mut standings = Standings::new(games.to_vec(), &options);
    for sum in &sums {
        // Each game's heaps.
        let mut place: Vec<Vec<u64>> = vec![Vec::new(); games.len()];
        let mut element = Some(0);
        for &i in sum {
            let (g, h) = heaps[i];
            place[g].push(h);
            element = element.and_then(|e| quotient.times_of(g, e, &[BigUint::from(h)]));
        }
        let by_quotient = Outcome::p_if(element.is_some_and(|e| quotient.is_p_element(e)));
        // A search that cannot finish leaves the quotient unchecked.
        let search = match &mut solver {
            Some(solver) => {
                (solver.value(&place[0]).map(|(value, _)| value.is_p())).map_err(Into::into)
            }
            None => (standings.standing(&place_of(place.clone()))).map(|s| s.outcome == Outcome::P),
        };
        let Ok(search) = search else {
            return Ok(None);
        };
        let search = Outcome::p_if(search);
        if by_quotient != search {
            return Err(AnalysisError::ClosedFormDisagrees {
                id: "misere-quotient",
                game: quotient.games.join(" + "),
                position: Position::from_u64s(&place.concat()),
                disagreement: Box::new(Disagreement::Outcome {
                    closed: by_quotient,
                    search,
                }),
            });
        }
    }
    Ok(Some(Verified {
        positions: sums.len(),
        bound: heaps.iter().map(|&(_, h)| h).max().unwrap_or(0),
        max_heaps: QUOTIENT_HEAPS,
    }))
}

fn compare(
    game: &Arc<Game>,
    known: &dyn Known,
    solver: &mut Solver,
    heaps: &[u64],
) -> Result<(), AnalysisError> {
    let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
    let closed = known.analyze(&big, usize::MAX);
    let (value, _) = solver.value(heaps)?;
    let disagree = |disagreement: Disagreement| -> AnalysisError {
        AnalysisError::ClosedFormDisagrees {
            id: known.id(),
            game: game.title(),
            position: Position::from_u64s(heaps),
            disagreement: Box::new(disagreement),
        }
    };
    let outcome = Outcome::p_if(value.is_p());
    if closed.outcome != outcome {
        return Err(disagree(Disagreement::Outcome {
            closed: closed.outcome,
            search: outcome,
        }));
    }
    if let (Some(g), Value::Grundy(s)) = (&closed.grundy, value)
        && *g != BigUint::from(s)
    {
        return Err(disagree(Disagreement::Grundy {
            closed: g.clone(),
            search: s,
        }));
    }
    // Every move the rules make is one (a move to the same position by
    // another rule, or another edge, is another move): compared as lists.
    let mut searched = Vec::new();
    for (rule, next) in solver.moves_from(heaps)? {
        if solver.value(&next)?.0.is_p() {
            searched.push(KnownMove {
                rule,
                to: next.iter().map(|&h| BigUint::from(h)).collect(),
            });
        }
    }
    searched.sort();
    let mut listed = closed.winning.moves.clone();
    listed.sort();
    if listed != searched || closed.winning.count != BigUint::from(searched.len()) {
        return Err(disagree(Disagreement::Moves {
            closed: listed,
            closed_count: closed.winning.count,
            search: searched,
        }));
    }
    Ok(())
}
