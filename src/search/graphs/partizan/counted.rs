//! Counting moves on a position, which the outcome search answers by
//! where it can (`Counted::win`): each player's moves sure and the most
//! they can make, summed over the regions (`Stencils::move_bounds`) and
//! the small regions' values (their runs of moves, `Forms::run`, and the
//! moves sure in them, `Forms::sure`).
//!
//! A player sure of more moves than the other can make wins moving first;
//! sure of as many, moving second (the solvers' test: Lachmann, Moore and
//! Rapaport, 2002; Bullock, 2002). The most the other can make is the
//! least of three bounds: `most`, the size of a set of cells every move
//! of theirs writes over one of; that size less the cells of the set the
//! player's claims take; and the cells the other's moves write over, less
//! those the claims take, over the fewest one move writes over (Bullock's
//! bound by the empty squares left and his protective areas, here on any
//! rules' cells: LANGUAGE.md, "Boards: regions", "Counting moves", proves
//! it).

use num_bigint::BigUint;

use crate::moves::{MoveBounds, Takes, claims, sure_moves};
use crate::partizan::{Form, Forms};
use crate::rules::Side;

/// The moves counted on a position, each player's (`Side::index`): safe
/// ones, guarded pairs, exposed ones and the most they can make; for the
/// bounds on the other's moves, the cells their moves write over in the
/// large regions (`cells`), the fewest one such move writes over (`width`,
/// none where they have none), the fewest of the other's cells a claim of
/// theirs takes (`takes_cells`, `takes_most`: `MoveBounds`), their moves
/// in small regions at most (`runs`), and of their pairs and exposed moves
/// those in small regions (`small_areas`, `small_exposed`), which take
/// none of the other's cells counted but at least `small_takes` of the
/// other's runs (none where there are none).
#[derive(Default)]
pub(crate) struct Counted {
    safe: [u64; 2],
    areas: [u64; 2],
    exposed: [u64; 2],
    most: [u64; 2],
    cells: [u64; 2],
    width: [Option<u64>; 2],
    takes_cells: [Takes; 2],
    takes_most: [Takes; 2],
    runs: [u64; 2],
    small_areas: [u64; 2],
    small_exposed: [u64; 2],
    small_takes: [Option<u64>; 2],
}

impl Counted {
    /// A large region added: `bounds` gives the moves counted for each
    /// player there (by the rules they move by in it).
    pub(crate) fn add_region(&mut self, bounds: impl Fn(Side) -> MoveBounds) {
        for player in [Side::Left, Side::Right] {
            let counted = bounds(player);
            let p = player.index();
            self.safe[p] += u64::from(counted.safe);
            self.areas[p] += u64::from(counted.areas);
            self.exposed[p] += u64::from(counted.exposed);
            self.most[p] += u64::from(counted.most);
            self.cells[p] += u64::from(counted.cells);
            if counted.width > 0 {
                let width = u64::from(counted.width);
                self.width[p] = Some(self.width[p].map_or(width, |w| w.min(width)));
            }
            for (sum, by) in [
                (&mut self.takes_cells[p], counted.takes_cells),
                (&mut self.takes_most[p], counted.takes_most),
            ] {
                sum.pair = sum.pair.min(by.pair);
                sum.single = sum.single.min(by.single);
            }
        }
    }

    /// A small region of value `part` added for `player`: the longest run
    /// of their moves in it (`Forms::run`), and the moves they are sure of
    /// there whatever the other does, and moving there first
    /// (`Forms::sure`): the first safe; a move there first worth more, an
    /// item the other takes away by a move there — two moves more or over,
    /// a guarded pair, one, an exposed move — claimed by a move to an
    /// option sure of one move less, the one leaving the other the
    /// shortest run there (what it takes from that run counted in
    /// `small_takes`). `None` where the sums would not fit or the store's
    /// work has stopped.
    pub(crate) fn add_small(&mut self, forms: &mut Forms, part: Form, player: Side) -> Option<()> {
        let p = player.index();
        let run = forms.run(part, player)?;
        let (sure, first) = forms.sure(part, player)?;
        let fit = |n: BigUint| u64::try_from(n).ok();
        self.most[p] = self.most[p].checked_add(fit(run.clone())?)?;
        self.runs[p] = self.runs[p].checked_add(fit(run)?)?;
        self.safe[p] = self.safe[p].checked_add(sure)?;
        if first == sure {
            return Some(());
        }
        let theirs = forms.run(part, player.other())?;
        let mut left = theirs.clone();
        for option in forms.options(part, player) {
            if forms.sure(option, player)?.0.checked_add(1) == Some(first) {
                left = left.min(forms.run(option, player.other())?);
            }
        }
        let takes = fit(theirs - left)?;
        self.small_takes[p] = Some(self.small_takes[p].map_or(takes, |t| t.min(takes)));
        match first - sure {
            1 => {
                self.exposed[p] += 1;
                self.small_exposed[p] += 1;
            }
            _ => {
                self.areas[p] += 1;
                self.small_areas[p] += 1;
            }
        }
        Some(())
    }

    /// Whether Left wins moving first, where counting says so: the moves
    /// each player is sure of and the most the other can make then
    /// (`most`). A player sure of more moves than the other can make wins
    /// moving first (playing only the moves they are sure of, they always
    /// have one more); one sure of as many as the other can make wins
    /// moving second. `None` where neither holds.
    pub(crate) fn win(&self) -> Option<bool> {
        if self.sure(Side::Left, true) > self.most(Side::Right, true) {
            Some(true)
        } else if self.sure(Side::Right, false) >= self.most(Side::Left, false) {
            Some(false)
        } else {
            None
        }
    }

    /// How far Right, moving second, is from winning by counting, for
    /// ordering moves: the most moves Left can make (`most`, not the
    /// bounds by Right's claims) less those Right is sure of, each guarded
    /// pair counted as two exposed moves — measured to order better than
    /// the bounds the search answers by (Domineering 7 × 7: 59,108
    /// positions; 69,226 with the pairs counted as `claims` counts them;
    /// 242,704 by the bounds that answer: PERFORMANCE.md).
    pub(crate) fn margin(&self) -> i64 {
        let r = Side::Right.index();
        let most = i64::try_from(self.most[Side::Left.index()]).unwrap_or(i64::MAX);
        let pairs = self.areas[r].saturating_mul(2);
        let sure = sure_moves(
            self.safe[r],
            0,
            self.exposed[r].saturating_add(pairs),
            false,
        );
        most.saturating_sub(i64::try_from(sure).unwrap_or(i64::MAX))
    }

    /// The moves `player` is sure of, moving first or second.
    fn sure(&self, player: Side, first: bool) -> u64 {
        let p = player.index();
        sure_moves(self.safe[p], self.areas[p], self.exposed[p], first)
    }

    /// The most moves `player` makes while the other plays the moves they
    /// are sure of, the other moving first (`other_first`) or second: the
    /// least of three bounds, for the worst number of the other's claims
    /// in small regions. Where the other has made those moves, their
    /// claims (`claims`: at least so many pairs, and so many in all) have
    /// taken cells `player` never writes over — each in a large region at
    /// least what `Takes` says, each in a small one at least
    /// `small_takes` of `player`'s run there: every move of `player`'s in
    /// a large region writes over a cell of their set for `most` and at
    /// least `width` of their `cells`, no cell twice; in the small regions
    /// they make at most `runs` less what the claims there took.
    fn most(&self, player: Side, other_first: bool) -> u64 {
        let o = player.other().index();
        let (pairs, items) = claims(self.areas[o], self.exposed[o], other_first);
        let small = self.small_areas[o].saturating_add(self.small_exposed[o]);
        let large = (self.areas[o].saturating_add(self.exposed[o])).saturating_sub(small);
        (items.saturating_sub(large)..=items.min(small))
            .map(|in_small| self.most_with(player, pairs, items, in_small))
            .max()
            .unwrap_or(0)
    }

    /// `most`, where `in_small` of the other's `items` claims (at least
    /// `pairs` of them pairs) are in small regions.
    fn most_with(&self, player: Side, pairs: u64, items: u64, in_small: u64) -> u64 {
        let (p, o) = (player.index(), player.other().index());
        let in_large = items - in_small;
        let large_pairs = (pairs.saturating_sub(in_small.min(self.small_areas[o]))).min(in_large);
        let taken = |takes: Takes| {
            let least = u64::from(takes.pair.min(takes.single));
            (large_pairs.saturating_mul(u64::from(takes.pair)))
                .saturating_add((in_large - large_pairs).saturating_mul(least))
        };
        let from_runs = in_small.saturating_mul(self.small_takes[o].unwrap_or(0));
        let by_most = (self.most[p])
            .saturating_sub(taken(self.takes_most[o]))
            .saturating_sub(from_runs);
        let Some(width) = self.width[p] else {
            return by_most;
        };
        let by_cells = (self.runs[p].saturating_sub(from_runs))
            .saturating_add(self.cells[p].saturating_sub(taken(self.takes_cells[o])) / width);
        by_most.min(by_cells)
    }
}
