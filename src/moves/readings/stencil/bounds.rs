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
//! "vulnerable" moves). Before them, guarded pairs (`areas`): a move and
//! its guard, where every move of the other's that harms the move pins a
//! cell the guard writes over, so that the guard played makes the move
//! safe (Bullock's protective areas), worth two moves where the guard is
//! played first; no move of the other's harms two pairs or exposed moves
//! (`sure_moves`). Domineering's safe moves and the bound on the
//! other player's moves are the solvers' (Lachmann, Moore and Rapaport,
//! *Who wins Domineering on rectangular boards?*, MSRI Publications 42,
//! 2002; Bullock, *Domineering: Solving Large Combinatorial Search
//! Spaces*, M.Sc. thesis, Alberta, 2002); here they are read off any
//! rules of this kind.

use std::cell::RefCell;

use super::stencils::{MoveBounds, Stencils, WindowSpot, written};
use crate::rules::Side;

/// A cell's marks: written over by some move of Left's, of Right's; taken
/// by a move counted sure, of a pair or exposed; chosen for the set every
/// move of Left's, of Right's writes over one of; written over by a move
/// of the other's that harms a pair or exposed move counted.
const WRITTEN: [u8; 2] = [1, 2];
const TAKEN: u8 = 4;
const CHOSEN: [u8; 2] = [8, 32];
const HARMED: u8 = 16;

/// The guarded pairs, and the pairs and exposed moves in all, a player
/// with `areas` pairs and `exposed` exposed moves counted (on one region
/// or several: a move of the other's harms one pair or exposed move of one
/// region at most) is sure to claim, moving first (`first`) or second. A
/// pair is claimed by playing its guard before the other harms it (the
/// move it guards is then safe: two moves), an exposed move by playing it
/// before it is harmed. Claiming pairs while any is left, then exposed
/// moves, while each answer of the other's takes at most one away, they
/// claim every second of them, the first where they move first.
pub fn claims(areas: u64, exposed: u64, first: bool) -> (u64, u64) {
    let items = areas.saturating_add(exposed);
    match first {
        true => (areas.div_ceil(2), items.div_ceil(2)),
        false => (areas / 2, items / 2),
    }
}

/// The moves a player is sure of with `safe` safe ones, `areas` guarded
/// pairs and `exposed` exposed moves counted, moving first (`first`) or
/// second: the safe ones and those they claim (`claims`), a pair worth
/// two.
pub fn sure_moves(safe: u64, areas: u64, exposed: u64, first: bool) -> u64 {
    let (pairs, items) = claims(areas, exposed, first);
    // At most all a u64 holds: still no more than they are sure of.
    safe.saturating_add(pairs).saturating_add(items)
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
        // Each player's moves (found once, looked through in every pass).
        let found = self.live_moves(&windows, &board);
        let found: [Vec<&[WindowSpot]>; 2] = [Side::Left, Side::Right].map(|side| {
            (found.iter())
                .filter(|m| m.side.is_none_or(|by| by == side))
                .map(|m| m.spots)
                .collect()
        });
        let moves = |side: Side| found[side.index()].iter().copied();
        let mut room = ROOM.with_borrow_mut(std::mem::take);
        let Room { marks, writers } = &mut room;
        marks.clear();
        marks.resize(board.len(), 0);
        let marks = &mut marks[..];
        for side in [Side::Left, Side::Right] {
            for spots in moves(side) {
                for s in spots.iter().filter(|s| written(s)) {
                    marks[s.0 as usize] |= WRITTEN[side.index()];
                }
            }
        }
        // Each player's moves that write over each cell (the other's harm
        // the moves that pin it).
        for (writers, moves) in writers.iter_mut().zip(&found) {
            writers.fill(moves, board.len());
        }
        // Most: greedily, for each player, a set of cells every move of
        // theirs writes over one of — a move not yet met through the set
        // adds its last cell written over (a row of n cells gives ⌊n/2⌋
        // dominoes).
        let mut bounds = [MoveBounds::default(); 2];
        for side in [Side::Left, Side::Right] {
            let chosen = CHOSEN[side.index()];
            for spots in moves(side) {
                let over = spots.iter().filter(|s| written(s)).map(|s| s.0 as usize);
                if over.clone().all(|c| marks[c] & chosen == 0)
                    && let Some(last) = over.max()
                {
                    marks[last] |= chosen;
                    bounds[side.index()].most += 1;
                }
            }
        }
        for side in [Side::Left, Side::Right] {
            let (theirs, chosen) = (WRITTEN[side.other().index()], CHOSEN[side.other().index()]);
            let (mine, others) = (&found[side.index()], &found[side.other().index()]);
            let (guards, harmers) = (&writers[side.index()], &writers[side.other().index()]);
            marks.iter_mut().for_each(|m| *m &= !(TAKEN | HARMED));
            let counted = &mut bounds[side.index()];
            let ours = WRITTEN[side.index()];
            counted.cells = marks.iter().filter(|&&m| m & ours != 0).count() as u32;
            counted.width = (mine.iter())
                .map(|spots| spots.iter().filter(|s| written(s)).count() as u32)
                .min()
                .unwrap_or(0);
            // Safe: greedily, moves none of whose cells the other player
            // writes over, and none a safe one counted has.
            for spots in mine {
                if (spots.iter()).all(|s| marks[s.0 as usize] & (theirs | TAKEN) == 0) {
                    spots.iter().for_each(|s| marks[s.0 as usize] |= TAKEN);
                    counted.safe += 1;
                }
            }
            let free = |marks: &[u8], spots: &[WindowSpot]| {
                (spots.iter()).all(|s| marks[s.0 as usize] & (TAKEN | HARMED) == 0)
            };
            // Of the other's cells (written over by them; chosen for their
            // most), how many `spots` takes: those it writes over, or, for
            // a move a guard makes safe, all its cells (the other never
            // writes over them once the guard is played).
            let taken = |marks: &[u8], spots: &[WindowSpot], all: bool| {
                let of = |bit: u8| {
                    (spots.iter())
                        .filter(|s| (all || written(s)) && marks[s.0 as usize] & bit != 0)
                        .count() as u32
                };
                (of(theirs), of(chosen))
            };
            // Guarded pairs (Bullock's protective areas): a move and
            // another, its guard, with no cell in common, where every move
            // of the other's that harms the first pins a cell the guard
            // writes over: the guard played, the first is safe.
            let mut harms: Vec<u32> = Vec::new();
            for (t, guarded) in mine.iter().enumerate() {
                if !free(marks, guarded) {
                    continue;
                }
                harms.clear();
                harms.extend(guarded.iter().flat_map(|s| harmers.of(s.0)));
                harms.sort_unstable();
                harms.dedup();
                let Some(&first) = harms.first() else {
                    continue;
                };
                let guard = (others[first as usize].iter())
                    .flat_map(|h| guards.of(h.0).iter().copied())
                    .find(|&g| {
                        let guard = mine[g as usize];
                        g as usize != t
                            && free(marks, guard)
                            && !guard.iter().any(|c| guarded.iter().any(|s| s.0 == c.0))
                            && harms.iter().all(|&h| {
                                (others[h as usize].iter())
                                    .any(|h| guard.iter().any(|c| written(c) && c.0 == h.0))
                            })
                    });
                if let Some(g) = guard {
                    let guard = mine[g as usize];
                    let (a, b) = (taken(marks, guarded, true), taken(marks, guard, false));
                    counted.takes_cells.pair = counted.takes_cells.pair.min(a.0 + b.0);
                    counted.takes_most.pair = counted.takes_most.pair.min(a.1 + b.1);
                    claim(marks, &[guarded, guard], others, harmers);
                    counted.areas += 1;
                }
            }
            // Exposed: greedily, moves with no cell taken, none that a move
            // of the other's harming one counted writes over (so that no
            // move of the other's harms two).
            for spots in mine {
                if free(marks, spots) {
                    let (cells, most) = taken(marks, spots, false);
                    counted.takes_cells.single = counted.takes_cells.single.min(cells);
                    counted.takes_most.single = counted.takes_most.single.min(most);
                    claim(marks, &[spots], others, harmers);
                    counted.exposed += 1;
                }
            }
        }
        ROOM.with_borrow_mut(|kept| *kept = room);
        Some(bounds)
    }
}

/// Room for `move_bounds` kept between regions, a thread's own: the marks
/// on a region's cells, and each player's moves by the cells they write
/// over.
#[derive(Default)]
struct Room {
    marks: Vec<u8>,
    writers: [Writers; 2],
}

thread_local! {
    static ROOM: RefCell<Room> = RefCell::default();
}

/// The moves of `item` (an exposed move, or a guarded pair) counted: their
/// cells taken, and every cell a move of the other's (`others`, by the
/// cells they write over: `harmers`) that harms one of them writes over
/// marked, so that no move of the other's harms two counted.
fn claim(marks: &mut [u8], item: &[&[WindowSpot]], others: &[&[WindowSpot]], harmers: &Writers) {
    for spots in item {
        spots.iter().for_each(|s| marks[s.0 as usize] |= TAKEN);
    }
    for spots in item {
        for s in spots.iter() {
            for &h in harmers.of(s.0) {
                for h in others[h as usize].iter().filter(|h| written(h)) {
                    marks[h.0 as usize] |= HARMED;
                }
            }
        }
    }
}

/// The moves of a list that write over each cell, by the cell: indices
/// into the list (room kept between regions: `ROOM`).
#[derive(Default)]
struct Writers {
    /// Where each cell's moves start in `moves` (one more than the cells).
    start: Vec<u32>,
    moves: Vec<u32>,
}

impl Writers {
    /// Made anew for the moves `list` on a board of `cells` cells.
    fn fill(&mut self, list: &[&[WindowSpot]], cells: usize) {
        // Each cell's end (the last entry, past all, stays the total),
        // then, its moves placed last first, its start.
        let start = &mut self.start;
        start.clear();
        start.resize(cells + 1, 0);
        let over = list
            .iter()
            .flat_map(|spots| spots.iter().filter(|s| written(s)));
        over.for_each(|s| start[s.0 as usize] += 1);
        for c in 1..=cells {
            start[c] += start[c - 1];
        }
        self.moves.clear();
        self.moves.resize(start[cells] as usize, 0);
        for (i, spots) in list.iter().enumerate().rev() {
            for s in spots.iter().filter(|s| written(s)) {
                start[s.0 as usize] -= 1;
                self.moves[start[s.0 as usize] as usize] = i as u32;
            }
        }
    }

    /// The moves that write over `cell`.
    fn of(&self, cell: u32) -> &[u32] {
        &self.moves[self.start[cell as usize] as usize..self.start[cell as usize + 1] as usize]
    }
}
