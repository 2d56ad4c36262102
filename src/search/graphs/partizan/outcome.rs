//! The outcome class of a position alone — who wins, Left moving first and
//! Right moving first — for positions too large to value whole.
//!
//! A position is a sum of regions (`PartizanSearch::push_regions`). The
//! small ones are valued (`SMALL_CELLS`) and their canonical forms kept
//! side by side (`parts`); the large ones are kept as positions. Every
//! position is judged with Left to move: Right moving first wins G where
//! Left moving first wins −G. Left wins when some move of hers — in a
//! large region (what it leaves split again), or in a small one (to an
//! option of its canonical form, which is worth what the region is:
//! Siegel, *Combinatorial Game Theory*, §II.2) — leaves a position Right,
//! moving first, does not win; the search stops at the first such move.
//! Where no large region is left, the sum of the forms says who wins (G >
//! 0 or G ‖ 0: Left moving first wins); where counting moves says, it
//! says (`Counted::win`). Moves are tried in an order that finds a winning
//! one early (`judged_moves`). Each position judged is remembered in a
//! table of bounded size, the oldest forgotten first (`Outcomes`): the
//! search is held by its clock, not by its table.

use super::counted::Counted;
use super::keys::{RegionKey, key_bytes};
use super::outcomes::{RegionMoves, Split, region_bytes};
use super::search::PartizanSearch;
use crate::moves::MoveBounds;
use crate::partizan::{Dyadic, Form, Forms};
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
    /// How many positions the outcome search has judged, each with Left
    /// to move (a sum of small regions alone once its form said): those it
    /// remembers and those it forgot (one judged again after it was
    /// forgotten counts again).
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
        let start = self.split(forms, Vec::new(), Vec::new(), regions, &mut budget, heaps)?;
        let left = self.wins(forms, &start, &mut budget, heaps)?;
        // Right moving first wins where Left moving first wins the negative.
        let negative = negative(forms, start);
        let right = self.wins(forms, &negative, &mut budget, heaps)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// `big` and `small` with `more` regions added: each small one valued
    /// into `small` (as `parts` keeps them), each large one into `big`
    /// (sorted).
    fn split(
        &mut self,
        forms: &mut Forms,
        mut big: Vec<RegionKey>,
        mut small: Vec<Form>,
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
                small.push(value);
            } else {
                big.push(RegionKey { key, negated });
            }
        }
        big.sort_unstable();
        budget
            .spend(1)
            .map_err(|e| e.error(&self.games[0].game, heaps))?;
        Ok((big, parts(forms, small)))
    }

    /// Whether the region `key` is valued whole: a board region of at
    /// most `SMALL_CELLS` cells that are not `#`, a whole board where the
    /// rules split none of at most `WHOLE_CELLS`; any position of a game
    /// that is no board.
    fn is_small(&self, key: &GameKey) -> bool {
        if !self.games[key.index()].game.board {
            return true;
        }
        let stencils = &self.games[key.index()].stencils;
        let most = match stencils {
            Some(_) => SMALL_CELLS,
            None => WHOLE_CELLS,
        };
        let open = (stencils.as_ref()).and_then(|s| s.open_cells(&key.heaps));
        let open = open.unwrap_or_else(|| {
            let heaps = self.heaps_of(key);
            let cells = heaps.get(2..).unwrap_or(&[]);
            cells.iter().filter(|&&c| c != u64::from(b'#')).count()
        });
        open <= most
    }

    /// Whether Left, moving first, wins `position`. As deep as play goes:
    /// each move's answer on a growing stack.
    fn wins(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<bool, SearchError> {
        if let Known::Win(won) = self.known(forms, position, budget.memory()) {
            return Ok(won);
        }
        // A position met again on the way down: a play can go on forever,
        // and who wins is not a matter of the first winning move (the sum
        // is answered as a loopy one).
        if self.outcomes.path.contains(position) {
            return Err(self.repeated(heaps));
        }
        self.outcomes.path.insert(position.clone());
        let won = self.judged_moves(forms, position, budget, heaps);
        self.outcomes.path.remove(position);
        let won = won?;
        self.progress.add(1);
        (self
            .outcomes
            .keep_win(position, won, budget.memory(), self.max_positions))
        .map_err(|()| self.memory_limit(budget, heaps))?;
        Ok(won)
    }

    /// Whether some move of Left's from `position` leaves a position Right,
    /// moving first, does not win — whose negative Left, moving first,
    /// does not win: every position is judged with Left to move, so that
    /// one judged for Right is known for Left (Right moving first wins G
    /// where Left moving first wins −G, Siegel, §II.1; a square board's
    /// two players share all they meet). Every move's position is made
    /// first; those whose outcome is known without a search (small regions
    /// alone, judged before, or counted) are looked at first, then the
    /// rest by how far Left is there from winning by counting — the most
    /// moves Right can make less those Left is sure of, least first — or
    /// where moves are not counted, by Right's moves there, fewest first
    /// (ties in the order the moves are made): a move that leaves the
    /// other player least room and the mover most sure moves is most often
    /// a winning one. (Mobility and safe moves, as the Domineering solvers
    /// order moves: Breuker, Uiterwijk and van den Herik, *Solving 8 × 8
    /// Domineering*, Theoretical Computer Science 230, 2000; Bullock,
    /// 2002. The margin searched a third of the positions of Domineering
    /// 7 × 7 that Right's moves alone did: PERFORMANCE.md.)
    fn judged_moves(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<bool, SearchError> {
        let (big, small) = position;
        // The positions moves leave whose outcome is not known at once,
        // each with its margin by counting.
        let mut open = Vec::new();
        let limit = budget.memory();
        // Moves in a large region, each what it leaves split again.
        for i in 0..big.len() {
            let (key, negated) = (&big[i].key, big[i].negated);
            let side = big[i].rules_of(Side::Left);
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
                let next = self.split(forms, rest, small.clone(), more, budget, heaps)?;
                if self.looked_at(forms, next, &mut open, limit) {
                    return Ok(true);
                }
            }
        }
        // Moves in the small regions, each to an option of its canonical
        // form.
        for (i, &part) in small.iter().enumerate() {
            for option in forms.options(part, Side::Left) {
                let mut rest = small.clone();
                rest[i] = option;
                let next = (big.clone(), parts(forms, rest));
                if self.looked_at(forms, next, &mut open, limit) {
                    return Ok(true);
                }
            }
        }
        // Ordered only once no move is known to win.
        let mut ordered = Vec::with_capacity(open.len());
        for (k, (next, margin)) in open.iter().enumerate() {
            let order = match *margin {
                Some(margin) => margin,
                None => self.room(forms, next, budget, heaps)? as i64,
            };
            ordered.push((order, k));
        }
        ordered.sort_unstable();
        for (_, k) in ordered {
            if !deeper(|| self.wins(forms, &open[k].0, budget, heaps))? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the position `left` a move of Left's leaves is known to be
    /// one Right, moving first, does not win (Left's move wins: `known`, on
    /// its negative); where it is not known, its negative is kept in `open`
    /// with its margin by counting (`Counted::margin`). Each is looked at
    /// as it is made: most positions searched have a move known to win
    /// among their first few (Domineering 7 × 7, before a region's moves
    /// were ordered by what they kill: the 5th of 18, PERFORMANCE.md).
    fn looked_at(
        &mut self,
        forms: &mut Forms,
        left: Split,
        open: &mut Vec<(Split, Option<i64>)>,
        limit: u64,
    ) -> bool {
        let next = negative(forms, left);
        match self.known(forms, &next, limit) {
            Known::Win(won) => !won,
            Known::Open(margin) => {
                open.push((next, margin));
                false
            }
        }
    }

    /// Whether Left wins `position` moving first, where that is known
    /// without a search: a position judged before, one where counting
    /// moves says (`Counted::win`), or small regions alone (the form of
    /// their sum says: G > 0 or G ‖ 0). Where it is not known, its margin
    /// by counting, where moves are counted.
    fn known(&mut self, forms: &mut Forms, position: &Split, limit: u64) -> Known {
        let (big, small) = position;
        if let Some(won) = self.outcomes.won(position) {
            return Known::Win(won);
        }
        let counted = self.counted(forms, position, limit);
        if let Some(won) = counted.as_ref().and_then(Counted::win) {
            return Known::Win(won);
        }
        if !big.is_empty() {
            return Known::Open(counted.as_ref().map(Counted::margin));
        }
        let mut sum = forms.zero();
        for &part in small {
            sum = forms.add(sum, part);
        }
        let won = matches!(forms.outcome(sum), Outcome::L | Outcome::N);
        // Kept as a position judged, so that its sum is made once; where
        // the table has no room it is not kept (and the search refuses at
        // the next position it judges).
        let _ = (self.outcomes).keep_win(position, won, limit, self.max_positions);
        self.progress.add(1);
        Known::Win(won)
    }

    /// The moves counted on `position`: each large region's
    /// (`Stencils::move_bounds`); a small one's value, played, gives each
    /// player at most its longest run of moves (`Forms::run`), and the
    /// moves they are sure of there (`Forms::sure`). `None` where a
    /// region's rules are not of the kind counted.
    fn counted(&mut self, forms: &mut Forms, position: &Split, limit: u64) -> Option<Counted> {
        let (big, small) = position;
        let mut sum = Counted::default();
        for region in big {
            let bounds = self.move_bounds(&region.key, limit)?;
            sum.add_region(|player| bounds[region.rules_of(player).index()]);
        }
        for &part in small {
            for player in [Side::Left, Side::Right] {
                sum.add_small(forms, part, player)?;
            }
        }
        Some(sum)
    }

    /// The moves counted on the large region `key`, kept while they fit
    /// (`None` where they are not counted, or would not fit).
    fn move_bounds(&mut self, key: &GameKey, limit: u64) -> Option<[MoveBounds; 2]> {
        if let Some(&bounds) = self.outcomes.bounds.get(key) {
            return bounds;
        }
        let stencils = self.games[key.index()].stencils.as_ref()?;
        let bounds = stencils.move_bounds(&key.heaps);
        self.outcomes.keep_bounds(key, bounds, limit).ok()?;
        bounds
    }

    /// How many moves Left has in `position`: a large region's counted
    /// from its stencils where it has them, else made; the small regions'
    /// sum's by its canonical options.
    fn room(
        &mut self,
        forms: &mut Forms,
        position: &Split,
        budget: &mut Budget,
        heaps: &[u64],
    ) -> Result<usize, SearchError> {
        let (big, small) = position;
        let mut moves = (small.iter())
            .map(|&part| forms.options(part, Side::Left).len())
            .sum();
        for region in big {
            let side = region.rules_of(Side::Left);
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
        let moves: RegionMoves = self.frame(key.clone(), budget, heaps, true)?.options.into();
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

/// The negative of `position`: each region turned to the other player's
/// rules, each small one's value negated. Kept as `parts` keeps them
/// still: the number negated is the one number, and no value is beside
/// its negative, so only the order changes.
fn negative(forms: &mut Forms, (mut big, small): Split) -> Split {
    for region in &mut big {
        region.negated = !region.negated;
    }
    big.sort_unstable();
    let mut small: Vec<Form> = small.into_iter().map(|part| forms.neg(part)).collect();
    small.sort_unstable();
    (big, small)
}

/// The values of small regions `values` as a position keeps them: the
/// numbers added into one, zeros left out, a value and its negative left
/// out together (G + −G = 0), the rest sorted. Their sum is not made: a
/// sum of the values met at every position would fill the store of forms
/// with forms met once.
fn parts(forms: &mut Forms, values: Vec<Form>) -> Vec<Form> {
    let mut number = Dyadic::zero();
    let mut rest = Vec::with_capacity(values.len());
    for value in values {
        match forms.as_number(value) {
            Some(x) => number = number.add(x),
            None => rest.push(value),
        }
    }
    rest.sort_unstable();
    let mut kept = Vec::with_capacity(rest.len() + 1);
    let mut gone = vec![false; rest.len()];
    for i in 0..rest.len() {
        if gone[i] {
            continue;
        }
        let negative = forms.neg(rest[i]);
        match (i + 1..rest.len()).find(|&j| !gone[j] && rest[j] == negative) {
            Some(j) => gone[j] = true,
            None => kept.push(rest[i]),
        }
    }
    if !number.is_zero() {
        kept.push(forms.number(number));
    }
    kept.sort_unstable();
    kept
}

/// What is known of a position without a search (`known`).
enum Known {
    /// Whether Left, moving first, wins it.
    Win(bool),
    /// Not known; how far Right is there from winning by counting, where
    /// moves are counted (`Counted::margin`).
    Open(Option<i64>),
}
