//! A scoring game's position (`score += EXPR`): its score with best play,
//! found by the negamax search (`search::scoring`), its outcome from the
//! score's sign (N: the player to move wins on points, P: loses, D: equal
//! points), and its best moves: those worth the score to their player.

use super::answered::searchable;
use super::kept::Kept;
use crate::analysis::answer::{
    Answer, Component, ComponentMethod, Count, Gain, Grundy, Method, NoValue, Note, Outcome,
    Scoring, WinningMove,
};
use crate::analysis::error::AnalysisError;
use crate::check::Question;
use crate::position::Position;
use crate::syntax::ast::Compound;

use num_bigint::BigUint;

/// The answer of a question about a scoring game: one position of it,
/// alone (a sum or a compound of scoring games is refused).
pub(crate) fn scoring_answer(
    kept: &mut Kept,
    question: &Question,
) -> Result<Answer, AnalysisError> {
    let only = match question.components.as_slice() {
        [only] if question.values.is_empty() && question.compound == Compound::Sum => only,
        _ => {
            let game = (question.components.iter())
                .find(|c| c.game.scoring)
                .map_or_else(String::new, |c| c.game.title());
            return Err(AnalysisError::ScoringSum { game });
        }
    };
    let heaps = searchable(&only.game, &only.position)?;
    let ((score, best), method) = kept.scoring(&only.game, |s| {
        let best = s.best(&heaps)?;
        let method = ComponentMethod::Scoring {
            positions: s.len(),
            turns: s.turns(&heaps),
            turns_proven: s.turns_proven(&heaps),
            pruned: s.pruned(),
            alone: s.alone(),
            rows: s.in_rows(&heaps),
        };
        Ok((best, method))
    })?;
    let (best_moves, gains): (Vec<WinningMove>, Vec<Gain>) = (best.into_iter())
        .map(|m| {
            let to = WinningMove {
                component: 0,
                rule: m.rule,
                to: Position::from_u64s(&m.after),
                terms: Vec::new(),
            };
            let gain = Gain {
                points: m.points,
                again: m.again,
            };
            (to, gain)
        })
        .unzip();
    let outcome = Outcome::of_score(score);
    let best_move_count = best_moves.len();
    let max = kept.options.max_moves;
    let mut notes = Vec::new();
    if best_move_count > max {
        notes.push(Note::BestMovesCut {
            count: best_move_count,
            listed: max,
        });
    }
    let (mut best_moves, mut gains) = (best_moves, gains);
    best_moves.truncate(max);
    gains.truncate(max);
    // The best moves win where the player to move wins, and keep the draw
    // from a draw.
    let count = |o: Outcome| if o == outcome { best_move_count } else { 0 };
    let listed = |o: Outcome| {
        if o == outcome {
            best_moves.clone()
        } else {
            Vec::new()
        }
    };
    Ok(Answer {
        components: vec![Component::from(only)],
        outcome,
        grundy: Grundy::None(NoValue::Scoring),
        winning_move_count: Count::Exact(BigUint::from(count(Outcome::N))),
        winning_moves: listed(Outcome::N),
        drawing_move_count: count(Outcome::D),
        drawing_moves: listed(Outcome::D),
        method: Method {
            components: vec![method],
        },
        notes,
        compound: None,
        timing: None,
        partizan: None,
        scoring: Some(Box::new(Scoring {
            score,
            best_moves,
            gains,
            best_move_count,
        })),
        compared: None,
        loopy: None,
    })
}
