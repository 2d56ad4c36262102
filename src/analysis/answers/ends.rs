//! Games that end other than by running out of moves: `win when`, `lose
//! when`, `draw when`. Moving into a position that meets one ends the whole
//! play there: won by the player who moved there, lost, or drawn.
//!
//! - **One game** in misère play, or with declared draws, is searched with
//!   its ends as written: every position reachable, those meeting an end
//!   explored no further, labelled by retrograde analysis (outcome and
//!   remoteness; a declared draw is never labelled, and so stays a draw).
//! - **Normal play without draws**, one game or a sum, by the exact
//!   reduction (LANGUAGE.md proves it): a component at an end means the
//!   play is over; a component with a move into a `win when` position makes
//!   the sum an N-position (that move wins at once); otherwise a move into
//!   an end of either kind, or to a position from which the next player can
//!   win at once, loses at once, and is never better than no move — so the
//!   sum is the normal-play sum of its components reduced: those moves left
//!   out, a position left with none an end (`LoopyGraph::reduced`). Its
//!   value is the sum of the reduced components' values (Sprague-Grundy;
//!   Smith's generalised values where a component can go on forever).

use super::answered::searchable;
use super::kept::Kept;
use super::winning::winning_move;
use crate::analysis::answer::{
    Answer, Component, ComponentMethod, Count, Gamma, Grundy, Method, NoValue, Note, Outcome,
    WinningMove,
};
use crate::analysis::error::AnalysisError;
use crate::check::{Instance, Question};
use crate::moves::MoveGen;
use crate::position::Position;
use crate::rules::EndKind;
use crate::search::loopy::LoopyGraph;
use crate::search::{After, Reduced, SearchError, Solver, StripError, StripValues};

use num_bigint::BigUint;

/// Where one component stands, reduced for sums, and its moves.
struct Standing {
    /// The end its position meets, where the play is over.
    ended: Option<EndKind>,
    /// A move wins at once (into a `win when` position).
    wins_at_once: bool,
    /// Its reduced value, where it has one (not ended, no move that wins
    /// at once).
    value: Option<Gamma>,
    moves: Vec<Move>,
    positions: usize,
    /// Valued part by part, as a strip (`positions` parts).
    split: bool,
}

/// One move of a component, and what the position it leaves is.
struct Move {
    rule: usize,
    after: After,
    leaves: Leaves,
}

enum Leaves {
    /// An end: the play is over, won or lost by the mover, or drawn.
    End(EndKind),
    /// A position with a move that wins at once, for the next player.
    Danger,
    /// A position of the reduced game, of this value.
    Value(Gamma),
}

/// A position of games with declared ends (see the module's notes).
pub(crate) fn ends_answer(kept: &mut Kept, question: &Question) -> Result<Answer, AnalysisError> {
    let misere = question.components.iter().any(|c| c.game.misere);
    let draws =
        (question.components.iter()).any(|c| c.game.ends.iter().any(|e| e.kind == EndKind::Draw));
    if misere || draws {
        if let Some(c) = (question.components.iter()).find(|c| MoveGen::new(&c.game).has_sums()) {
            return Err(SearchError::EndsUnsupported {
                game: c.game.ends_anywhere().unwrap_or_else(|| c.game.title()),
                what: match misere {
                    true => "misère play of a game whose moves become sums",
                    false => "a game whose moves become sums, with `draw when`",
                },
            }
            .into());
        }
        return match question.components.as_slice() {
            [only] => played_answer(kept, only, misere),
            _ => {
                let game = (question.components.iter())
                    .find(|c| !c.game.ends.is_empty())
                    .map_or_else(String::new, |c| c.game.title());
                Err(AnalysisError::EndsInSum { game, misere })
            }
        };
    }
    let mut parts = Vec::new();
    for c in &question.components {
        parts.push(standing(kept, c)?);
    }
    let total = |skip: Option<usize>| -> Option<Gamma> {
        (parts.iter().enumerate())
            .filter(|(i, _)| Some(*i) != skip)
            .try_fold(Gamma::Finite(0), |sum, (_, p)| {
                Some(sum.add(p.value.as_ref()?))
            })
    };
    let over = parts.iter().find_map(|p| p.ended);
    let dangers: Vec<usize> = (parts.iter().enumerate())
        .filter(|(_, p)| p.wins_at_once)
        .map(|(i, _)| i)
        .collect();
    let mut notes = Vec::new();
    let (outcome, grundy) = match (over, dangers.is_empty(), total(None)) {
        (Some(kind), ..) => {
            let won = kind == EndKind::Win;
            notes.push(Note::Over { won });
            let outcome = if won { Outcome::P } else { Outcome::N };
            (outcome, Grundy::None(NoValue::Over))
        }
        (None, false, _) => (Outcome::N, Grundy::None(NoValue::WinsAtOnce)),
        (None, true, Some(Gamma::Finite(g))) => {
            (Outcome::p_if(g == 0), Grundy::Value(BigUint::from(g)))
        }
        (None, true, Some(gamma)) => (gamma.outcome(), Grundy::Loopy(gamma)),
        // Every component has a value when none is over or in danger.
        (None, true, None) => (Outcome::P, Grundy::None(NoValue::Over)),
    };
    // The moves that win (or, from a draw, keep it): into a `win when`
    // position; or, where at most the moving component has a move that
    // wins at once, to a reduced position that leaves the sum lost.
    let (mut winning, mut drawing) = (Vec::new(), Vec::new());
    if over.is_none() && outcome != Outcome::P {
        for (i, part) in parts.iter().enumerate() {
            let others_safe = dangers.iter().all(|&d| d == i);
            let rest = total(Some(i));
            for m in &part.moves {
                let after = match (&m.leaves, &rest) {
                    (Leaves::End(EndKind::Win), _) => Outcome::P,
                    (Leaves::Value(v), Some(rest)) if others_safe => v.add(rest).outcome(),
                    _ => Outcome::N,
                };
                let keeps = match outcome {
                    Outcome::D => after == Outcome::D,
                    _ => after == Outcome::P,
                };
                let list = match (keeps, after) {
                    (true, Outcome::D) => &mut drawing,
                    (true, _) => &mut winning,
                    (false, _) => continue,
                };
                list.push(winning_move(i, m.rule, m.after.clone()));
            }
        }
    }
    let count = BigUint::from(winning.len());
    kept.cut_winning(&mut winning, &mut notes);
    let drawing_count = drawing.len();
    drawing.truncate(kept.options.max_moves);
    Ok(Answer {
        components: components(&question.components),
        outcome,
        grundy,
        winning_moves: winning,
        winning_move_count: Count::Exact(count),
        drawing_moves: drawing,
        drawing_move_count: drawing_count,
        method: Method {
            components: (parts.iter())
                .map(|p| ComponentMethod::Ends {
                    positions: p.positions,
                    played: None,
                    split: p.split,
                })
                .collect(),
        },
        notes,
        compound: None,
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: None,
    })
}

/// One component's standing in the reduced game, and its moves.
fn standing(kept: &mut Kept, c: &Instance) -> Result<Standing, AnalysisError> {
    let heaps = searchable(&c.game, &c.position)?;
    let limit = kept.options.search.max_positions;
    kept.search(&c.game, |s| {
        if s.has_sums() {
            return sum_standing(s, &heaps);
        }
        if let Some(kind) = s.end_at(&heaps)? {
            return Ok(Standing {
                ended: Some(kind),
                wins_at_once: false,
                value: None,
                moves: Vec::new(),
                positions: 1,
                split: false,
            });
        }
        if let Some(standing) = strip_standing(s, &heaps)? {
            return Ok(standing);
        }
        let mut budget = s.question_budget();
        let wins_at_once = s.wins_at_once(&heaps, &mut budget)?;
        // The start is explored whatever it is: its reduced moves.
        let graph = LoopyGraph::reduced(s, &heaps, limit)?;
        let mut moves = Vec::new();
        for (rule, after) in s.moves_within(&heaps, &mut budget, &heaps)? {
            let leaves = match s.end_at(&after)? {
                Some(kind) => Leaves::End(kind),
                None => match graph.id(&s.canonical(&after)) {
                    Some(id) => Leaves::Value(graph.gamma(id).clone()),
                    None => Leaves::Danger,
                },
            };
            moves.push(Move {
                rule,
                after: After::Position(after),
                leaves,
            });
        }
        Ok(Standing {
            ended: None,
            wins_at_once,
            value: (!wins_at_once).then(|| graph.gamma(0).clone()),
            moves,
            positions: graph.len(),
            split: false,
        })
    })
}

/// One game in misère play, or with declared draws: its positions
/// searched with the ends as written.
fn played_answer(kept: &mut Kept, c: &Instance, misere: bool) -> Result<Answer, AnalysisError> {
    let heaps = searchable(&c.game, &c.position)?;
    let limit = kept.options.search.max_positions;
    let (graph, moves) = kept.search(&c.game, |s| {
        let graph = LoopyGraph::explore(s, &heaps, limit)?;
        let mut budget = s.question_budget();
        let mut moves = Vec::new();
        if s.end_at(&heaps)?.is_none() {
            for (rule, after) in s.moves_within(&heaps, &mut budget, &heaps)? {
                if let Some(id) = graph.id(&s.canonical(&after)) {
                    moves.push((rule, after, graph.outcome(id)));
                }
            }
        }
        Ok((graph, moves))
    })?;
    let outcome = graph.outcome(0);
    let keep = match outcome {
        Outcome::D => Outcome::D,
        _ => Outcome::P,
    };
    let mut listed: Vec<WinningMove> = (moves.iter())
        .filter(|(_, _, after)| outcome != Outcome::P && *after == keep)
        .map(|(rule, after, _)| WinningMove {
            component: 0,
            rule: *rule,
            to: Position::from_u64s(after),
            terms: Vec::new(),
        })
        .collect();
    let mut notes = Vec::new();
    if let Some(kind) = graph.end(0) {
        notes.push(Note::Over {
            won: kind == EndKind::Win,
        });
    }
    let (mut winning, mut drawing) = match outcome {
        Outcome::D => (Vec::new(), std::mem::take(&mut listed)),
        _ => (std::mem::take(&mut listed), Vec::new()),
    };
    let count = BigUint::from(winning.len());
    kept.cut_winning(&mut winning, &mut notes);
    let drawing_count = drawing.len();
    drawing.truncate(kept.options.max_moves);
    let grundy = match misere {
        true => Grundy::Misere,
        false => Grundy::None(NoValue::Draws),
    };
    Ok(Answer {
        components: components(std::slice::from_ref(c)),
        outcome,
        grundy,
        winning_moves: winning,
        winning_move_count: Count::Exact(count),
        drawing_moves: drawing,
        drawing_move_count: drawing_count,
        method: Method {
            components: vec![ComponentMethod::Ends {
                positions: graph.len(),
                played: Some(graph.remoteness(0)),
                split: false,
            }],
        },
        notes,
        compound: None,
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: None,
    })
}
/// The standing of a position of a game whose moves may become sums
/// (`becomes`), each piece a component with its game's ends
/// (`search::sums`, `Reduced`).
fn sum_standing(s: &mut Solver, heaps: &[u64]) -> Result<Standing, SearchError> {
    let mut budget = s.question_budget();
    let options = s.options_within(heaps, &mut budget, heaps)?;
    let Some(sums) = s.sum_search() else {
        unreachable!("a game whose moves become sums is searched by SumSearch")
    };
    let refuse_cycle = |e: SearchError| match e {
        SearchError::Cycle { game, .. } => SearchError::EndsUnsupported {
            game,
            what: "a game whose moves become sums and whose play can come back to a position",
        },
        e => e,
    };
    let start = sums.reduced(heaps, &mut budget).map_err(refuse_cycle)?;
    let positions = sums.len();
    let ended = match start {
        Reduced::End(kind) => Some(kind),
        _ => None,
    };
    let mut moves = Vec::new();
    if ended.is_none() {
        for (rule, after) in options {
            let reduced = match &after {
                After::Position(p) => sums.reduced(p, &mut budget),
                After::Sum(parts) => sums.reduced_after(parts, heaps, &mut budget),
            }
            .map_err(refuse_cycle)?;
            let leaves = match reduced {
                Reduced::End(kind) => Leaves::End(kind),
                Reduced::Danger => Leaves::Danger,
                Reduced::Value(g) => Leaves::Value(Gamma::Finite(g)),
            };
            moves.push(Move {
                rule,
                after,
                leaves,
            });
        }
    }
    Ok(Standing {
        ended,
        wins_at_once: start == Reduced::Danger,
        value: match start {
            Reduced::Value(g) => Some(Gamma::Finite(g)),
            _ => None,
        },
        moves,
        positions,
        split: false,
    })
}

/// A strip game's standing (`moves::strip`), its reduced positions valued
/// part by part (`search::strip`): `None` for a game that is no strip
/// game, or whose reduced game has a cycle (searched as any other).
fn strip_standing(s: &mut Solver, heaps: &[u64]) -> Result<Option<Standing>, SearchError> {
    let mut budget = s.question_budget();
    let moves = s.moves_within(heaps, &mut budget, heaps)?;
    let Some(strip) = s.strip(heaps) else {
        return Ok(None);
    };
    strip.set_budget(budget);
    let standing = strip_moves(strip, heaps, moves);
    if standing.is_err() {
        strip.forget_open();
    }
    match standing {
        Ok(standing) => Ok(Some(standing)),
        Err(e) => s.strip_error(heaps, e).map_or(Ok(None), Err),
    }
}

fn strip_moves(
    strip: &mut StripValues,
    heaps: &[u64],
    raw: Vec<(usize, Vec<u64>)>,
) -> Result<Standing, StripError> {
    let wins_at_once = strip.danger(heaps, None)?;
    let value = match wins_at_once {
        true => None,
        false => Some(Gamma::Finite(strip.value(heaps)?)),
    };
    let mut moves = Vec::new();
    for (rule, after) in raw {
        let changed = (heaps.iter().zip(&after).enumerate())
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| i);
        let (Some(lo), Some(hi)) = (changed.clone().min(), changed.max()) else {
            // A move that changes nothing goes on for ever.
            return Err(StripError::Cycle);
        };
        // From a position with no move that wins at once, one appears only
        // near the cells a move changed.
        let near = (!wins_at_once).then_some((lo, hi));
        let leaves = match strip.end_near(&after, lo, hi)? {
            Some(kind) => Leaves::End(kind),
            None if strip.danger(after.as_slice(), near)? => Leaves::Danger,
            None => Leaves::Value(Gamma::Finite(strip.value_after(heaps, &after, lo, hi)?)),
        };
        moves.push(Move {
            rule,
            after: After::Position(after),
            leaves,
        });
    }
    Ok(Standing {
        ended: None,
        wins_at_once,
        value,
        moves,
        positions: strip.parts(),
        split: true,
    })
}

fn components(instances: &[Instance]) -> Vec<Component> {
    (instances.iter()).map(Component::from).collect()
}
