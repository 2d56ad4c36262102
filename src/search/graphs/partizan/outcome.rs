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
//! moving first wins; G < 0 or G ‖ 0: Right does). Moves are tried in an
//! order that finds a winning one early (`judged_moves`). Each position
//! judged is remembered with the player to move in a table of bounded
//! size, the oldest forgotten first (`Outcomes`): the search is held by
//! its clock, not by its table.

use super::keys::{RegionKey, key_bytes};
use super::outcomes::{RegionMoves, Split, region_bytes};
use super::search::PartizanSearch;
use crate::partizan::{Form, Forms};
use crate::platform::deeper;
use crate::position::{Outcome, Position};
use crate::rules::Side;
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;
use crate::search::value::GameKey;

/// A board region of at most this many cells that are not `#` is valued
/// (its canonical form found) rather than searched for its outcome: its
/// value serves every position it is a part of.
const SMALL_CELLS: usize = 16;

/// The same for a whole board whose rules split none (Amazons): its value
/// serves only the positions it is, and finding it means the
/// whole game tree where the outcome needs one winning line (Amazons
/// 4 × 4 with an amazon each: at most 16 such cells valued, past 60 s;
/// 10, 20 s; 8, 3.7 s; 4, 1.6 s: PERFORMANCE.md). Kept at 8 so that a
/// sum of small boards is still valued part by part.
const WHOLE_CELLS: usize = 8;

impl PartizanSearch {
    /// How many positions the outcome search has judged, for one player
    /// to move or both: those it remembers and those it forgot (one
    /// judged again after it was forgotten counts again).
    pub fn judged(&self) -> usize {
        self.outcomes.remembered() + self.outcomes.forgotten
    }

    /// How many positions the outcome search judged and then forgot, its
    /// table full.
    pub fn forgotten(&self) -> usize {
        self.outcomes.forgotten
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

    /// Whether the region `key` is valued whole: a board region of at
    /// most `SMALL_CELLS` cells that are not `#`, a whole board where the
    /// rules split none of at most `WHOLE_CELLS`; any position of a game
    /// that is no board.
    fn is_small(&self, key: &GameKey) -> bool {
        if !self.games[key.index()].game.board {
            return true;
        }
        let heaps = self.heaps_of(key);
        let cells = heaps.get(2..).unwrap_or(&[]);
        let most = match self.games[key.index()].stencils {
            Some(_) => SMALL_CELLS,
            None => WHOLE_CELLS,
        };
        cells.iter().filter(|&&c| c != u64::from(b'#')).count() <= most
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
        if let Some(won) = self.known_win(forms, position, mover) {
            return Ok(won);
        }
        // A position met again on the way down: a play can go on forever,
        // and who wins is not a matter of the first winning move (the sum
        // is answered as a loopy one).
        let on_path = (position.clone(), mover);
        if self.outcomes.path.contains(&on_path) {
            return Err(self.repeated(heaps));
        }
        self.outcomes.path.insert(on_path.clone());
        let won = self.judged_moves(forms, position, mover, budget, heaps);
        self.outcomes.path.remove(&on_path);
        let won = won?;
        self.progress.add(1);
        (self
            .outcomes
            .keep_win(position, mover, won, budget.memory(), self.max_positions))
        .map_err(|()| self.memory_limit(budget, heaps))?;
        Ok(won)
    }

    /// Whether some move of `mover`'s from `position` leaves a position
    /// the other player, moving first, does not win. Every move's position
    /// is made first; those whose outcome is known without a search (small
    /// regions alone, or judged before) are looked at first, then the rest
    /// in order of the other player's moves there, fewest first (ties in
    /// the order the moves are made): a move that leaves the other player
    /// least room is most often a winning one. (Mobility, as the
    /// Domineering solvers order moves: Breuker, Uiterwijk and van den
    /// Herik, *Solving 8 × 8 Domineering*, Theoretical Computer Science
    /// 230, 2000. Counting the other player's moves alone searched fewer
    /// positions of Domineering 7 × 7 than their difference with the
    /// mover's: PERFORMANCE.md.)
    fn judged_moves(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        mover: Side,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<bool, SearchError> {
        let (big, small) = position;
        let other = mover.other();
        let mut after = Vec::new();
        // Moves in a large region, each what it leaves split again.
        for i in 0..big.len() {
            let (key, negated) = (&big[i].key, big[i].negated);
            let side = big[i].rules_of(mover);
            let moves = self.region_moves(key, budget, heaps)?;
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
                after.push(self.split(forms, rest, *small, more, budget, heaps)?);
            }
        }
        // Moves in the sum of the small regions.
        for option in forms.options(*small, mover) {
            after.push((big.clone(), option));
        }
        let mut unknown = Vec::new();
        for (k, next) in after.iter().enumerate() {
            match self.known_win(forms, next, other) {
                Some(false) => return Ok(true),
                Some(true) => {}
                None => unknown.push(k),
            }
        }
        // Counted only once no move is known to win.
        let mut ordered = Vec::with_capacity(unknown.len());
        for k in unknown {
            ordered.push((self.room(forms, &after[k], other, budget, heaps)?, k));
        }
        ordered.sort_unstable();
        for (_, k) in ordered {
            if !deeper(|| self.wins(forms, &after[k], other, budget, heaps))? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `mover` wins `position` moving first, where that is known
    /// without a search: a sum of small regions alone (its form says), or
    /// a position judged before.
    fn known_win(&mut self, forms: &mut Forms, position: &Split, mover: Side) -> Option<bool> {
        let (big, small) = position;
        if big.is_empty() {
            let outcome = forms.outcome(*small);
            return Some(match mover {
                Side::Left => matches!(outcome, Outcome::L | Outcome::N),
                Side::Right => matches!(outcome, Outcome::R | Outcome::N),
            });
        }
        self.outcomes.won(position, mover)
    }

    /// How many moves `side` has in `position`: a large region's counted
    /// from its stencils where it has them, else made; the small regions'
    /// sum's by its canonical options.
    fn room(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        side: Side,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<usize, SearchError> {
        let (big, small) = position;
        let mut moves = forms.options(*small, side).len();
        for region in big {
            let side = region.rules_of(side);
            let game = self.games[region.key.index()].game.clone();
            let by = |rule: usize| game.rules.get(rule).and_then(|r| r.side);
            let counted = match &self.games[region.key.index()].stencils {
                Some(stencils) => stencils.each_rule_moved(&region.key.heaps, |rule| {
                    moves += usize::from(by(rule).is_none_or(|by| by == side));
                }),
                None => None,
            };
            // Where no stencil counts them, the region's moves are made
            // (and kept: they are the next ones searched).
            if counted.is_none() {
                let made = self.region_moves(&region.key, budget, heaps)?;
                moves += (made.iter())
                    .filter(|(rule, _)| by(*rule).is_none_or(|by| by == side))
                    .count();
            }
        }
        Ok(moves)
    }

    /// The moves of the large region `key`: each its rule and the regions
    /// it leaves, made once and kept while they fit.
    fn region_moves(
        &mut self,
        key: &GameKey,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<RegionMoves, SearchError> {
        if let Some(moves) = self.outcomes.moves.get(key) {
            return Ok(moves.clone());
        }
        let moves: RegionMoves = self.frame(key.clone(), budget, heaps)?.options.into();
        let size = (moves.iter())
            .flat_map(|(_, regions)| regions.iter().map(region_bytes))
            .sum::<u64>()
            + size_of::<RegionKey>() as u64
            + key_bytes(key);
        (self.outcomes.keep_moves(size, budget.memory()))
            .map_err(|()| self.memory_limit(budget, heaps))?;
        self.outcomes.moves.insert(key.clone(), moves.clone());
        Ok(moves)
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
