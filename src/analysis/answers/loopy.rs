//! A question with a component that can go on forever, answered by the
//! generalised Sprague-Grundy values of its components (Smith, 1966).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::answered::{Answered, searchable, small, undecided};
use super::kept::Kept;
use super::winning::winning_move;
use crate::analysis::answer::{Answer, Count, Grundy, Method, Note, Outcome};
use crate::analysis::error::AnalysisError;
use crate::rules::Game;
use crate::search::loopy::Gamma;
use crate::search::{After, Value};

/// A game or sum with a component that can go on forever: the sum's
/// generalised Sprague-Grundy value from its components' (Smith), its
/// winning moves (to a value 0) or, from a draw, its drawing moves.
pub(crate) fn loopy_answer(kept: &mut Kept, parts: Vec<Answered>) -> Result<Answer, AnalysisError> {
    let mut values = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let value = match &part.grundy {
            Grundy::Loopy(gamma) => Some(gamma.clone()),
            Grundy::Value(g) => g.to_u32().map(Gamma::Finite),
            Grundy::Misere | Grundy::Unknown(_) | Grundy::None(_) => None,
        };
        values.push(value.ok_or_else(|| undecided(i, part))?);
    }
    let total_of = |values: &[Gamma]| (values.iter()).fold(Gamma::Finite(0), |sum, v| sum.add(v));
    let total = total_of(&values);
    let outcome = total.outcome();
    let (mut winning, mut drawing) = (Vec::new(), Vec::new());
    let mut notes = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let game = &part.component.game;
        // A component of a game that ends, too large to search: its
        // moves are not listed (its value came from a closed form).
        let heaps = match (&part.loopy, small(&part.component.position)) {
            (None, None) => {
                notes.push(Note::MovesNotListed { component: i });
                continue;
            }
            _ => searchable(game, &part.component.position)?,
        };
        // Within a question's budget: a heap may have very many moves.
        let options = kept.search(game, |s| {
            s.options_within(&heaps, &mut s.question_budget(), &heaps)
        })?;
        for (rule, after) in options {
            let value = match &part.loopy {
                Some(graph) => {
                    let pieces: Vec<(&Game, &[u64])> = match &after {
                        After::Position(heaps) => vec![(game.as_ref(), heaps.as_slice())],
                        After::Sum(parts) => (parts.iter())
                            .map(|p| (p.game.as_deref().unwrap_or(game), p.heaps.as_slice()))
                            .collect(),
                    };
                    match graph.find(pieces) {
                        Some(id) => graph.gamma(id).clone(),
                        None => continue,
                    }
                }
                None => match kept.search(game, |s| s.value_after(&after))? {
                    Value::Grundy(g) => Gamma::Finite(g),
                    Value::Misere { .. } => continue,
                },
            };
            let mut changed = values.clone();
            changed[i] = value;
            let m = winning_move(i, rule, after);
            match (outcome, total_of(&changed).outcome()) {
                (Outcome::N, Outcome::P) => winning.push(m),
                (Outcome::D, Outcome::D) => drawing.push(m),
                _ => {}
            }
        }
    }
    let found = BigUint::from(winning.len());
    let count = if notes.is_empty() {
        Count::Exact(found)
    } else {
        Count::AtLeast(found)
    };
    kept.cut_winning(&mut winning, &mut notes);
    let drawing_count = drawing.len();
    if drawing_count > kept.options.max_moves {
        drawing.truncate(kept.options.max_moves);
        notes.push(Note::DrawingMovesCut {
            count: drawing_count,
            listed: drawing.len(),
        });
    }
    Ok(Answer {
        method: Method {
            components: parts.iter().map(|p| p.method.clone()).collect(),
        },
        components: parts.into_iter().map(|p| p.component).collect(),
        outcome,
        grundy: Grundy::Loopy(total),
        winning_moves: winning,
        winning_move_count: count,
        drawing_moves: drawing,
        drawing_move_count: drawing_count,
        notes,
        compound: None,
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: None,
    })
}
