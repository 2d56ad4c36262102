//! One component of a question, answered on its own: by its known
//! game's closed form, by a period proven on the small heaps, or by the
//! search (as a game that can go on forever where a play returns to a
//! position).

use num_bigint::BigUint;
use num_traits::Zero;

use super::kept::Kept;
use super::kept::listed_moves;
use crate::analysis::answer::{Component, ComponentMethod, Grundy, Outcome, Unknown};
use crate::analysis::error::AnalysisError;
use crate::check::Instance;
use crate::known;
use crate::position::Position;
use crate::rules::Game;
use crate::search::Value;
use crate::search::loopy::{self, Found, LoopyGraph};

/// A closed form's game is searched for a Grundy value (or for moves in a
/// sum) only when the search's estimated work is at most this many moves.
pub(crate) const SMALL_SEARCH: u64 = 5_000_000;

/// A period is looked for in the values of heaps up to this (or the
/// search's limit, if lower), then twice as far each time up to the limit,
/// before a heap too large to search is answered from it.
const PERIOD_PROBE: u64 = 1 << 16;

/// One component, answered.
pub(crate) struct Answered {
    pub(crate) component: Component,
    pub(crate) outcome: Outcome,
    pub(crate) grundy: Grundy,
    pub(crate) method: ComponentMethod,
    /// A closed form's own winning moves (for a single game).
    pub(crate) closed_moves: Option<known::WinningMoves>,
    /// A game that can go on forever: the positions reachable, labelled.
    pub(crate) loopy: Option<LoopyGraph>,
}

pub(crate) fn answered(kept: &mut Kept, instance: &Instance) -> Result<Answered, AnalysisError> {
    let Instance { game, position, .. } = instance;
    let component = Component::from(instance);
    let max_moves = listed_moves(kept.options.max_moves, position.heaps().len());
    let closed = kept.known(game)?.map(|(known, verified)| {
        (
            known.analyze(position.heaps(), max_moves),
            known.id(),
            known.rule(),
            verified.clone(),
        )
    });
    if let Some((closed, id, rule, verified)) = closed {
        let mut grundy_by_search = false;
        let grundy = match closed.grundy {
            Some(g) => Grundy::Value(g),
            None if game.misere => Grundy::Misere,
            None => match small(position) {
                Some(heaps) => match kept.search(game, |s| s.value(&heaps))?.0 {
                    Value::Grundy(g) => {
                        grundy_by_search = true;
                        Grundy::Value(BigUint::from(g))
                    }
                    Value::Misere { .. } => Grundy::Misere,
                },
                None => Grundy::Unknown(Unknown::OutcomeOnly { closed_form: id }),
            },
        };
        return Ok(Answered {
            component,
            outcome: closed.outcome,
            grundy,
            method: ComponentMethod::ClosedForm {
                id,
                rule,
                verified,
                grundy_by_search,
            },
            closed_moves: Some(closed.winning),
            loopy: None,
        });
    }
    if let Some(part) = by_period(kept, &component)? {
        return Ok(part);
    }
    let heaps = searchable(game, position)?;
    let limit = kept.options.search.max_positions;
    let (value, explored) = match kept.search(game, |s| loopy::search(s, &heaps, limit))? {
        Found::Value(value, explored) => (value, explored),
        Found::Loopy(graph) => return Ok(loopy_answered(component, *graph)),
    };
    let (held, decomposition) = kept.search(game, |s| Ok((s.len(), s.decomposition())))?;
    let (outcome, grundy) = match value {
        Value::Grundy(g) => (Outcome::p_if(g == 0), Grundy::Value(BigUint::from(g))),
        Value::Misere { next_wins } => (Outcome::p_if(!next_wins), Grundy::Misere),
    };
    Ok(Answered {
        component,
        outcome,
        grundy,
        method: ComponentMethod::Search {
            explored,
            held,
            decomposition,
        },
        closed_moves: None,
        loopy: None,
    })
}

/// A position with a heap too large for the search, answered from a
/// period the one-heap engine proved on the small heaps; `None` when the
/// heaps fit the search, or no period is proven.
pub(crate) fn by_period(
    kept: &mut Kept,
    component: &Component,
) -> Result<Option<Answered>, AnalysisError> {
    let Component { game, position, .. } = component;
    let limit = kept.options.search.max_positions as u64;
    let fits = position
        .to_u64s()
        .is_some_and(|heaps| heaps.iter().all(|&h| h < limit));
    // Only where a theorem can prove a period are the small heaps worth
    // computing: others (Grundy's game, three-way splits) may be slow.
    if fits || game.misere || crate::period::classify(game).is_none() {
        return Ok(None);
    }
    // The heaps are computed up to 2^16, then twice as far each time
    // until a period is proven, the search's limit is reached, or its
    // budget runs out (the heap is then too large, as without a
    // period): a period that needs 4.4·10^8 values is found with a
    // limit past them, at the cost of the values alone.
    let most = limit.saturating_sub(1);
    let mut probe = most.min(PERIOD_PROBE);
    let period = loop {
        let found = kept.search(game, |s| {
            if !s.decomposed() {
                return Ok(None);
            }
            s.value(&[probe])?;
            Ok(s.period().filter(|p| p.is_proven()).cloned())
        });
        match found {
            Ok(Some(period)) => break period,
            Ok(None) if probe < most => probe = most.min(probe.saturating_mul(2)),
            Ok(None) => return Ok(None),
            // Past the first heaps, a limit ends the looking, not the
            // question.
            Err(AnalysisError::Search(e)) if e.is_limit() && probe > PERIOD_PROBE => {
                return Ok(None);
            }
            Err(e) => return Err(e),
        }
    };
    let mut total = 0u32;
    for heap in position.heaps() {
        let at = period.index(heap) as u64;
        match kept.search(game, |s| s.value(&[at]))?.0 {
            Value::Grundy(g) => total ^= g,
            Value::Misere { .. } => return Ok(None),
        }
    }
    Ok(Some(Answered {
        component: component.clone(),
        outcome: Outcome::p_if(total == 0),
        grundy: Grundy::Value(BigUint::from(total)),
        method: ComponentMethod::Period { period },
        closed_moves: None,
        loopy: None,
    }))
}
/// A position of a game that can go on forever, from the graph of every
/// position reachable from it (`search::loopy`), the position first.
pub(crate) fn loopy_answered(component: Component, graph: LoopyGraph) -> Answered {
    let (outcome, gamma) = (graph.outcome(0), graph.gamma(0).clone());
    debug_assert_eq!(outcome, gamma.outcome(), "retrograde and values agree");
    Answered {
        component,
        outcome,
        grundy: Grundy::Loopy(gamma),
        method: ComponentMethod::Loopy {
            positions: graph.len(),
            remoteness: graph.remoteness(0),
        },
        closed_moves: None,
        loopy: Some(graph),
    }
}

/// A sum whose component `i` has no value to add.
pub(crate) fn undecided(i: usize, part: &Answered) -> AnalysisError {
    let Component { game, position, .. } = &part.component;
    AnalysisError::SumUndecided {
        component: i,
        game: game.title(),
        position: position.clone(),
    }
}

/// The Grundy value of a sum: the XOR of its components' values.
pub(crate) fn sum_of_values(parts: &[Answered]) -> Result<BigUint, AnalysisError> {
    let mut total = BigUint::zero();
    for (i, part) in parts.iter().enumerate() {
        let Grundy::Value(g) = &part.grundy else {
            return Err(undecided(i, part));
        };
        total ^= g;
    }
    Ok(total)
}

/// The heaps as machine words, for a search, or why the search cannot take them.
pub(crate) fn searchable(game: &Game, position: &Position) -> Result<Vec<u64>, AnalysisError> {
    position
        .to_u64s()
        .ok_or_else(|| AnalysisError::TooLargeToSearch {
            game: game.title(),
            position: position.clone(),
        })
}

/// The heaps, when a search from them stays small. For taking games the
/// positions below are at most the product of (heap + 1), each with at most
/// about the sum of the heaps moves.
pub(crate) fn small(position: &Position) -> Option<Vec<u64>> {
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
