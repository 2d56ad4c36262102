//! The play of a compound other than the sum (`every`, `all`, `some`,
//! `any`; Winning Ways, ch. 9): a move is made in several components at
//! once, as the compound's word says. The legal moves are the component
//! moves combined; each position is judged by its analysis (the compound's
//! rule: `compound`), the perfect player making a winning move where there
//! is one, and otherwise the move that puts the end off longest.

use crate::analysis::analyzer::Analyzer;
use crate::analysis::answer::{Answer, Compound};
use crate::analysis::error::AnalysisError;
use crate::analysis::standing::{Move, Place, Standing, Standings};
use crate::check::{Instance, Question};
use crate::position::{Outcome, Position};

/// The most moves a compound position may have for the play to list them.
pub const MAX_COMPOUND_MOVES: usize = 10_000;

/// The most moves of a lost position the perfect player weighs, each by an
/// analysis, for the one that puts the end off longest.
const WEIGHED: usize = 200;

/// A compound's play: its word, and the analysis that judges it.
pub(super) struct CompoundPlay {
    kind: Compound,
    analyzer: Analyzer,
}

impl CompoundPlay {
    pub(super) fn new(kind: Compound, analyzer: Analyzer) -> Self {
        CompoundPlay { kind, analyzer }
    }

    /// The compound's word.
    pub(super) fn kind(&self) -> Compound {
        self.kind
    }

    /// Every legal move from `place`: one component move in each
    /// component the word says, combined; `None` where the play is over
    /// (no component can move, or under `all` and `any` one cannot).
    pub(super) fn moves(
        &self,
        standings: &mut Standings,
        place: &Place,
    ) -> Result<Option<Vec<Move>>, AnalysisError> {
        // Each component's own moves, in order.
        let mut own: Vec<Vec<Move>> = vec![Vec::new(); place.len()];
        for m in standings.moves(place)? {
            if let Some(list) = own.get_mut(m.piece) {
                list.push(m);
            }
        }
        if self.kind == Compound::Series {
            // The first component that can move plays alone (an impartial
            // component with no move is over).
            let Some(first) = own.iter().find(|moves| !moves.is_empty()) else {
                return Ok(None);
            };
            return Ok(Some(first.iter().map(|m| combined(place, &[m])).collect()));
        }
        let stuck = own.iter().any(Vec::is_empty);
        let none = own.iter().all(Vec::is_empty);
        let over = match self.kind {
            Compound::All | Compound::Any => stuck,
            Compound::Every | Compound::Some | Compound::Sum | Compound::Series => none,
        };
        if over {
            return Ok(None);
        }
        // For each component: its moves, and whether it may stay.
        let may_stay = |moves: &Vec<Move>| match self.kind {
            Compound::Every => moves.is_empty(),
            Compound::All => false,
            Compound::Some | Compound::Any | Compound::Sum | Compound::Series => true,
        };
        // Every combination of choices, but the one where none moves.
        let count = (own.iter())
            .map(|moves| moves.len() as u128 + u128::from(may_stay(moves)))
            .try_fold(1u128, |total, n| total.checked_mul(n))
            .map_or(u128::MAX, |all| all - u128::from(own.iter().all(may_stay)));
        if count > MAX_COMPOUND_MOVES as u128 {
            return Err(AnalysisError::CompoundTooWide {
                word: self.kind.word(),
                moves: count,
                limit: MAX_COMPOUND_MOVES,
            });
        }
        // The combinations, the first component's choice varying slowest.
        let mut made: Vec<Vec<&Move>> = vec![Vec::new()];
        for moves in &own {
            let mut next = Vec::new();
            for chosen in &made {
                if may_stay(moves) {
                    next.push(chosen.clone());
                }
                for m in moves {
                    let mut with = chosen.clone();
                    with.push(m);
                    next.push(with);
                }
            }
            made = next;
        }
        Ok(Some(
            (made.into_iter())
                .filter(|chosen| !chosen.is_empty())
                .map(|chosen| combined(place, &chosen))
                .collect(),
        ))
    }

    /// Who wins `place`, and the number that decides it (under `every` the
    /// greatest suspense, under `all` the least remoteness: the moves to
    /// the end with best play; `None` under `some` and `any`).
    pub(super) fn standing(
        &mut self,
        standings: &Standings,
        place: &Place,
    ) -> Result<Standing, AnalysisError> {
        let answer = self.answer(standings, place)?;
        Ok(standing_of(&answer))
    }

    /// The perfect player's move from `place` (one of `moves`, its legal
    /// moves) and the standing of the position it leaves: a winning move of
    /// the analysis, or from a lost position the move that puts the end off
    /// longest (of the first `WEIGHED`); `None` without moves.
    pub(super) fn best(
        &mut self,
        standings: &Standings,
        place: &Place,
        moves: &[Move],
    ) -> Result<Option<(Move, Standing)>, AnalysisError> {
        let answer = self.answer(standings, place)?;
        if answer.outcome == Outcome::N {
            let winning = (answer.compound.as_ref())
                .and_then(|c| c.moves.first())
                .and_then(|chosen| {
                    moves.iter().find(|m| {
                        chosen.iter().all(|w| {
                            let moved = m.piece == w.component
                                || m.with.iter().any(|&(p, _)| p == w.component);
                            moved && w.to.to_u64s().as_ref() == Some(&m.to[w.component].heaps)
                        }) && 1 + m.with.len() == chosen.len()
                    })
                });
            if let Some(m) = winning {
                let after = self.standing(standings, &m.to)?;
                return Ok(Some((m.clone(), after)));
            }
        }
        // Lost (or a winning move not among those listed): the move that
        // puts the end off longest.
        let mut best: Option<(Move, Standing)> = None;
        for m in moves.iter().take(WEIGHED) {
            let after = self.standing(standings, &m.to)?;
            let rank = |s: &Standing| (s.outcome == Outcome::P, s.remoteness.unwrap_or(0));
            if best.as_ref().is_none_or(|(_, b)| rank(&after) > rank(b)) {
                best = Some((m.clone(), after));
            }
        }
        Ok(best)
    }

    fn answer(&mut self, standings: &Standings, place: &Place) -> Result<Answer, AnalysisError> {
        let question = Question {
            compound: self.kind,
            components: (place.iter())
                .map(|piece| {
                    Instance::new(
                        standings.game(piece.game).clone(),
                        Position::from_u64s(&piece.heaps),
                    )
                })
                .collect(),
            values: Vec::new(),
            compare: None,
            asked: None,
        };
        self.analyzer.analyze(&question)
    }
}

/// The standing an analysis of a compound gives.
fn standing_of(answer: &Answer) -> Standing {
    let remoteness = (answer.compound.as_ref())
        .and_then(|c| c.deciding.as_ref())
        .map(|d| d.compound);
    Standing {
        outcome: answer.outcome,
        remoteness,
    }
}

/// The moves `chosen` (each in its own component of `place`) made at once.
fn combined(place: &Place, chosen: &[&Move]) -> Move {
    let mut to = place.clone();
    for m in chosen {
        to[m.piece] = m.to[m.piece].clone();
    }
    Move {
        piece: chosen[0].piece,
        rule: chosen[0].rule,
        becomes: None,
        with: chosen[1..].iter().map(|m| (m.piece, m.rule)).collect(),
        to,
    }
}
