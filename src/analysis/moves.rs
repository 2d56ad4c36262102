//! The winning moves of an answered position: a closed form's own, or those
//! the search finds, in a sum by moving one component to the value that
//! makes the XOR of all components 0.

use std::collections::HashSet;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::analyzer::{Analyzer, Part, searchable, small};
use super::answer::{ComponentMethod, Count, Note, WinningMove};
use crate::diagnostics::Error;
use crate::position::Position;
use crate::search::Value;

impl Analyzer {
    /// Moves to P-positions, at most `max_moves` of them, and their count.
    pub(super) fn winning_moves(
        &mut self,
        parts: &[Part],
        total: Option<&BigUint>,
        notes: &mut Vec<Note>,
    ) -> Result<(Vec<WinningMove>, Count), Error> {
        if let [only] = parts
            && let Some(closed) = &only.closed_moves
        {
            let moves = closed
                .moves
                .iter()
                .take(self.options.max_moves)
                .map(|m| WinningMove {
                    component: 0,
                    rule: m.rule,
                    to: Position(m.to.clone()),
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
            let position = &part.component.position;
            let heaps = match (&part.method, small(position)) {
                (ComponentMethod::Search { .. }, _) => searchable(&part.component.game, position)?,
                (ComponentMethod::ClosedForm { .. }, Some(heaps)) => heaps,
                // A period answers values; the moves of a heap too large to
                // search are not listed.
                (ComponentMethod::ClosedForm { .. }, None)
                | (ComponentMethod::Period { .. }, _) => {
                    notes.push(Note::MovesNotListed { component: index });
                    complete = false;
                    continue;
                }
            };
            // In a sum, component i must move to g_i xor total.
            let target = match (parts.len() > 1, part.grundy.value(), total) {
                (true, Some(g), Some(total)) => (g ^ total).to_u32(),
                _ => Some(0),
            };
            let Some(target) = target else { continue };
            count += self.moves_to(part, index, &heaps, target, &mut found)?;
        }
        let count = if complete {
            Count::Exact(count)
        } else {
            Count::Unknown
        };
        Ok((found, count))
    }

    /// The moves in one component to a position of value `target` (in
    /// misère play, to a P-position), each distinct position once: their
    /// count, with the first of them added to `found`.
    fn moves_to(
        &mut self,
        part: &Part,
        index: usize,
        heaps: &[u64],
        target: u32,
        found: &mut Vec<WinningMove>,
    ) -> Result<u64, Error> {
        let game = &part.component.game;
        let nexts = self.search(game, |s| s.moves_from(heaps))?;
        let mut seen = HashSet::new();
        let mut count = 0;
        for (rule, next) in nexts {
            if !seen.insert(next.clone()) {
                continue;
            }
            let (value, _) = self.search(game, |s| s.value(&next))?;
            let wins = match value {
                Value::Grundy(g) => g == target,
                Value::Misere { .. } => value.is_p(),
            };
            if wins {
                count += 1;
                if found.len() < self.options.max_moves {
                    found.push(WinningMove {
                        component: index,
                        rule,
                        to: Position::from_u64s(&next),
                    });
                }
            }
        }
        Ok(count)
    }
}
