//! The outcome class of a position alone — who wins, Left moving first and
//! Right moving first — for positions too large to value whole.
//!
//! A position is a sum of regions (`PartizanSearch::push_regions`). The
//! small ones are valued (`SMALL_CELLS`) and their canonical forms added
//! into one form; the large ones are kept as positions. Then a player to
//! move wins when some move of theirs — in a large region (what it leaves
//! split again), or in the sum of the small ones (to an option of its
//! canonical form, which is worth what the sum is: Siegel, *Combinatorial
//! Game Theory*, §II.2) — leaves a position the other player, moving
//! first, does not win; the search stops at the first such move. Where
//! no large region is left, the form says who wins (G > 0 or G ‖ 0: Left
//! moving first wins; G < 0 or G ‖ 0: Right does). Each position met is
//! remembered with the player to move, within the search's memory limit.

use super::keys::RegionKey;
use super::outcomes::{RegionMoves, Split, region_bytes};
use super::search::PartizanSearch;
use crate::partizan::{Form, Forms};
use crate::platform::deeper;
use crate::position::{Outcome, Position};
use crate::rules::Side;
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, too_large};
use crate::search::value::GameKey;

/// A board region of at most this many cells that are not `#` is valued
/// (its canonical form found) rather than searched for its outcome.
const SMALL_CELLS: usize = 16;

impl PartizanSearch {
    /// How many positions the outcome search has judged, for one player
    /// to move or both.
    pub fn judged(&self) -> usize {
        self.outcomes.wins.len()
    }

    /// The outcome class of the searched game's position `heaps`: who
    /// wins, Left moving first and Right moving first.
    pub fn outcome(&mut self, forms: &mut Forms, heaps: &[u64]) -> Result<Outcome, SearchError> {
        let mut regions = Vec::new();
        self.push_regions(&mut regions, 0, heaps);
        let mut budget = self.games[0].solver.question_budget();
        let zero = forms.zero();
        let start = self.split(forms, Vec::new(), zero, regions, &mut budget, heaps)?;
        let left = self.wins(forms, &start, Side::Left, &mut budget, heaps)?;
        let right = self.wins(forms, &start, Side::Right, &mut budget, heaps)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// `big` and `small` with `more` regions added: each small one valued
    /// into `small`, each large one into `big` (sorted).
    fn split(
        &mut self,
        forms: &mut Forms,
        mut big: Vec<RegionKey>,
        mut small: Form,
        more: Vec<RegionKey>,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<Split, SearchError> {
        for RegionKey { key, negated } in more {
            if self.is_small(&key) {
                let mut value = self.value_of(forms, key, heaps)?;
                if negated {
                    value = forms.neg(value);
                }
                small = forms.add(small, value);
            } else {
                big.push(RegionKey { key, negated });
            }
        }
        big.sort_unstable();
        budget
            .spend(1)
            .map_err(|e| e.error(&self.games[0].game, heaps))?;
        Ok((big, small))
    }

    /// Whether the region `key` is valued whole: a
    /// board of at most `SMALL_CELLS` cells that are not `#` (a region, or
    /// a whole board where the rules split none); any position of a game
    /// that is no board.
    fn is_small(&self, key: &GameKey) -> bool {
        if !self.games[key.index()].game.board {
            return true;
        }
        let heaps = self.heaps_of(key);
        let cells = heaps.get(2..).unwrap_or(&[]);
        cells.iter().filter(|&&c| c != u64::from(b'#')).count() <= SMALL_CELLS
    }

    /// Whether `mover`, the player to move, wins `position`. As deep
    /// as play goes: each move's answer on a growing stack.
    fn wins(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        mover: Side,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<bool, SearchError> {
        let (big, small) = position;
        if big.is_empty() {
            let outcome = forms.outcome(*small);
            return Ok(match mover {
                Side::Left => matches!(outcome, Outcome::L | Outcome::N),
                Side::Right => matches!(outcome, Outcome::R | Outcome::N),
            });
        }
        let slot = mover.index();
        let known = self.outcomes.wins.get(position);
        if let Some(won) = known.and_then(|w| w[slot]) {
            return Ok(won);
        }
        let new = known.is_none();
        // A position met again on the way down: a play can go on forever,
        // and who wins is not a matter of the first winning move (the sum
        // is answered as a loopy one).
        let on_path = (position.clone(), mover);
        if self.outcomes.path.contains(&on_path) {
            return Err(self.repeated(heaps));
        }
        if self.outcomes.wins.len() >= self.max_positions {
            return Err(too_large(&self.games[0].game, self.max_positions, heaps));
        }
        self.outcomes.path.insert(on_path.clone());
        let won = self.judged_moves(forms, position, mover, budget, heaps);
        self.outcomes.path.remove(&on_path);
        let won = won?;
        if new {
            let size = big.iter().map(region_bytes).sum::<u64>() + 32;
            (self.outcomes.keep_win(size, budget.memory()))
                .map_err(|()| self.memory_limit(budget, heaps))?;
        }
        self.outcomes.wins.entry(position.clone()).or_default()[slot] = Some(won);
        Ok(won)
    }

    /// Whether some move of `mover`'s from `position` leaves a position
    /// the other player, moving first, does not win.
    fn judged_moves(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        mover: Side,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<bool, SearchError> {
        let (big, small) = position;
        let mut won = false;
        // Moves in a large region, each what it leaves split again.
        'regions: for i in 0..big.len() {
            let (key, negated) = (&big[i].key, big[i].negated);
            // In a region worth its key's negative, Left moves as Right.
            let side = match negated {
                false => mover,
                true => mover.other(),
            };
            let moves = match self.outcomes.moves.get(key) {
                Some(moves) => moves.clone(),
                None => {
                    let moves: RegionMoves = self.frame(key.clone(), budget, heaps)?.options.into();
                    let size = (moves.iter())
                        .flat_map(|(_, regions)| regions.iter().map(region_bytes))
                        .sum::<u64>()
                        + region_bytes(&big[i]);
                    (self.outcomes.keep_moves(size, budget.memory()))
                        .map_err(|()| self.memory_limit(budget, heaps))?;
                    self.outcomes.moves.insert(key.clone(), moves.clone());
                    moves
                }
            };
            let game = self.games[key.index()].game.clone();
            for (rule, regions) in moves.iter() {
                if (game.rules.get(*rule).and_then(|r| r.side)).is_some_and(|s| s != side) {
                    continue;
                }
                let mut rest = big.clone();
                rest.remove(i);
                let more = (regions.iter())
                    .map(|r| RegionKey {
                        key: r.key.clone(),
                        negated: r.negated != negated,
                    })
                    .collect();
                let after = self.split(forms, rest, *small, more, budget, heaps)?;
                if !deeper(|| self.wins(forms, &after, mover.other(), budget, heaps))? {
                    won = true;
                    break 'regions;
                }
            }
        }
        // Moves in the sum of the small regions.
        if !won {
            for option in forms.options(*small, mover) {
                let after = (big.clone(), option);
                if !deeper(|| self.wins(forms, &after, mover.other(), budget, heaps))? {
                    won = true;
                    break;
                }
            }
        }
        Ok(won)
    }

    /// A play from `heaps` that comes back to a position: the searched
    /// game can go on forever.
    fn repeated(&self, heaps: &[u64]) -> SearchError {
        let game = &self.games[0].game;
        let at = Position::from_u64s(heaps);
        SearchError::Cycle {
            game: game.title(),
            cycle: vec![at.clone(), at],
            rules: vec![String::new()],
            src: game.source.clone(),
            span: (0, 0).into(),
        }
    }
}
