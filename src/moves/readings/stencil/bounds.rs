//! How many moves each player is sure of on a board region, and how many
//! they can make at most, whatever the other does: counted from the
//! stencils' windows, where no move writes a value a rule pins.
//!
//! There a window that is not a move now is never one (its pinned cells
//! would have to get their pins back), so every move to come is a window
//! that is a move now. A move writes over its cells with values no rule
//! pins, so two moves played never share a cell written over: where every
//! move that is a window now writes over one of a set of cells, at most as
//! many moves as that set has cells are ever played (`most`). A move none
//! of whose cells the other player's moves write over stays a move until
//! it is played, whatever the other does; moves with no cell in common
//! are each played without harming another (`safe`). Moves the other can
//! harm, but no move of the other's more than one of them (`exposed`),
//! give their player every second one at least: played before the safe
//! ones, each answer of the other's takes at most one away (Bullock's
//! "vulnerable" moves). Domineering's safe moves and the bound on the
//! other player's moves are the solvers' (Lachmann, Moore and Rapaport,
//! *Who wins Domineering on rectangular boards?*, MSRI Publications 42,
//! 2002; Bullock, *Domineering: Solving Large Combinatorial Search
//! Spaces*, M.Sc. thesis, Alberta, 2002); here they are read off any
//! rules of this kind.

use super::stencils::{MoveBounds, Stencils, WindowSpot};
use crate::rules::Side;

/// A cell's marks: written over by some move of Left's, of Right's; taken
/// by a move counted sure or exposed; chosen for the set every move writes
/// over one of; written over by a move of the other's that harms an
/// exposed move counted.
const WRITTEN: [u8; 2] = [1, 2];
const TAKEN: u8 = 4;
const CHOSEN: u8 = 8;
const HARMED: u8 = 16;

/// The moves a player is sure of with `safe` safe and `exposed` exposed
/// ones counted (on one region or several: a move of the other's harms an
/// exposed one of one region at most), moving first (`first`) or second:
/// playing the exposed ones first, each answer of the other's takes at
/// most one away, so they make every second one — the first of each two
/// where they move first.
pub fn sure_moves(safe: u64, exposed: u64, first: bool) -> u64 {
    // At most all a u64 holds: still no more than they are sure of.
    safe.saturating_add(match first {
        true => exposed.div_ceil(2),
        false => exposed / 2,
    })
}

impl Stencils {
    /// The bounds of the moves by the board's Left rules and by its Right
    /// rules on the region `packed` (as `regions` packs it), in that
    /// order; `None` where some move writes a value a rule pins, a rule is
    /// more than its pins, or the region is kept as it is.
    pub fn move_bounds(&self, packed: &[u64]) -> Option<[MoveBounds; 2]> {
        if !self.spent {
            return None;
        }
        let (rows, cols, board) = self.unpack_symbols(packed)?;
        let windows = self.windows(rows, cols);
        let mut marks = vec![0u8; board.len()];
        // Each player's moves (found once, looked through in every pass).
        let found = self.live_moves(&windows, &board);
        let found: [Vec<&[WindowSpot]>; 2] = [Side::Left, Side::Right].map(|side| {
            (found.iter())
                .filter(|m| m.side.is_none_or(|by| by == side))
                .map(|m| m.spots)
                .collect()
        });
        let moves = |side: Side| found[side.index()].iter().copied();
        for side in [Side::Left, Side::Right] {
            for spots in moves(side) {
                for s in spots.iter().filter(|s| s.2 != s.1) {
                    marks[s.0 as usize] |= WRITTEN[side.index()];
                }
            }
        }
        let mut bounds = [MoveBounds::default(); 2];
        for side in [Side::Left, Side::Right] {
            let theirs = WRITTEN[side.other().index()];
            marks
                .iter_mut()
                .for_each(|m| *m &= !(TAKEN | CHOSEN | HARMED));
            let counted = &mut bounds[side.index()];
            for spots in moves(side) {
                // Safe: greedily, moves none of whose cells the other
                // player writes over, and none a safe one counted has.
                if spots
                    .iter()
                    .all(|s| marks[s.0 as usize] & (theirs | TAKEN) == 0)
                {
                    spots.iter().for_each(|s| marks[s.0 as usize] |= TAKEN);
                    counted.safe += 1;
                }
                // Most: greedily, a set of cells every move writes over one
                // of — a move not yet met through the set adds its last
                // cell written over (a row of n cells gives ⌊n/2⌋ dominoes).
                let over = spots.iter().filter(|s| s.2 != s.1).map(|s| s.0 as usize);
                if over.clone().all(|c| marks[c] & CHOSEN == 0)
                    && let Some(last) = over.max()
                {
                    marks[last] |= CHOSEN;
                    counted.most += 1;
                }
            }
            // Exposed: greedily, moves with no cell taken, none that a move
            // of the other's harming one counted writes over (so that no
            // move of the other's harms two).
            let harms = &found[side.other().index()];
            for spots in moves(side) {
                if spots
                    .iter()
                    .any(|s| marks[s.0 as usize] & (TAKEN | HARMED) != 0)
                {
                    continue;
                }
                spots.iter().for_each(|s| marks[s.0 as usize] |= TAKEN);
                counted.exposed += 1;
                for harm in harms {
                    let over = harm.iter().filter(|h| h.2 != h.1);
                    if over.clone().any(|h| spots.iter().any(|s| s.0 == h.0)) {
                        over.for_each(|h| marks[h.0 as usize] |= HARMED);
                    }
                }
            }
        }
        Some(bounds)
    }
}
