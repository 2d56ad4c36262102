//! Every position of a box valued in order, as a hand-written dp does: the
//! positions of a game of k heaps, heap i from 0 to `extents[i] - 1`, each
//! at its mixed-radix index (heap 1 fastest), valued from index 0 up. A
//! move to a position that is each heap no larger and one heap smaller
//! (the cutting game's sheets, every heap that only shrinks) has a lower
//! index: its value is known when the move is met, read from the array —
//! no hash, no stack of frames. Any move to a lower index will do (its
//! value was found before, whatever the rules); a move anywhere else (out
//! of the box, to a higher index, into another game), or a rule that fails
//! on a position of the box, ends the fill, and the search goes on as
//! before: nothing is assumed of the rules, each move is checked as it is
//! made.
//!
//! The value is the definition's: the mex over the moves of the XOR of
//! the parts' values (normal play; the Sprague-Grundy theorem for a move
//! into a sum). Where every rule is a sweep (`moves::Sweep`), a rule's
//! moves from a position are stepped through by adding to the parts'
//! indices, as the dp's loop does; else each move comes from the
//! interpreter.
//!
//! The sums search (`becomes`) and the general search fill the box below
//! the first position asked once they have met a quarter of it: the rest
//! is then likely met too, and valued faster in order.

use crate::moves::{MoveGen, Next, Sweep, Swept};
use crate::platform::usize_of;
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::base::arena::{self, index_in};
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;

/// A value not yet found.
pub(super) const UNSET: u32 = u32::MAX;

/// A box whose every position may be valued in order: heap i from 0 to
/// `extents[i] - 1`, `cells` positions.
pub(super) struct Fill {
    pub extents: Vec<u64>,
    pub cells: usize,
}

impl Fill {
    /// The box below `heaps` (each heap from 0 to its own), where it holds
    /// at most `max_positions` positions.
    pub(super) fn below(heaps: &[u64], max_positions: usize) -> Option<Fill> {
        let extents: Vec<u64> = heaps.iter().map(|h| h.saturating_add(1)).collect();
        let cells = arena::cells(&extents).filter(|&c| c <= max_positions)?;
        Some(Fill { extents, cells })
    }

    /// Whether the search has met a quarter of it, holding `held`
    /// positions: time to fill it.
    pub(super) fn due(&self, held: usize) -> bool {
        held.saturating_mul(4) >= self.cells
    }
}

/// Marks value `g` seen.
pub(super) fn mark(seen: &mut Vec<bool>, g: u32) {
    let g = g as usize;
    if g >= seen.len() {
        seen.resize(g + 1, false);
    }
    seen[g] = true;
}

/// The values of every position of the box, by index; `None` where a move
/// leaves the box or does not go below (the fill then ends at once).
/// `asked`: the position the question is about, for a budget's error.
pub(super) fn values(
    game: &Game,
    moves: &MoveGen,
    fill: &Fill,
    budget: &mut Budget,
    edges: &mut usize,
    asked: &[u64],
) -> Result<Option<Vec<u32>>, SearchError> {
    let (extents, cells) = (fill.extents.as_slice(), fill.cells);
    let mut values = vec![UNSET; cells];
    let mut heaps = vec![0u64; extents.len()];
    let mut seen = Vec::new();
    let sweeps = moves.sweeps();
    let mut scratch = Scratch::default();
    for index in 0..cells {
        if index > 0 {
            next(&mut heaps, extents);
        }
        seen.clear();
        if let Some(sweeps) = &sweeps {
            let found = swept(
                sweeps,
                &heaps,
                extents,
                index,
                &values,
                &mut seen,
                &mut scratch,
            );
            let Some(moves) = found else {
                return Ok(None);
            };
            *edges += usize::try_from(moves).unwrap_or(usize::MAX);
            budget
                .spend(moves.max(1))
                .map_err(|e| e.error(game, asked))?;
            values[index] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
            continue;
        }
        let mut below = true;
        let at = |values: &[u32], to: &[u64]| -> Option<u32> {
            let i = index_in(to, extents).filter(|&i| i < index)?;
            Some(values[i])
        };
        let examined = moves.each_option_within(&heaps, budget.within(), |_, next| {
            if !below {
                return;
            }
            let value = match next {
                Next::Position(to) => at(&values, to),
                Next::Sum(parts) => parts.iter().try_fold(0, |x, part| {
                    let value = part.game.is_none().then(|| at(&values, &part.heaps))?;
                    Some(x ^ value?)
                }),
            };
            match value {
                Some(g) => {
                    mark(&mut seen, g);
                    *edges += 1;
                }
                None => below = false,
            }
        });
        let examined = match examined {
            Ok(examined) => examined,
            Err(e) if matches!(e.error, EvalError::OutOfBudget) => {
                return Err(budget.exhausted().error(game, asked));
            }
            // A rule that fails here may fail only where the search never
            // goes: the search finds out.
            Err(_) => return Ok(None),
        };
        if !below {
            return Ok(None);
        }
        budget
            .spend(examined.max(1))
            .map_err(|e| e.error(game, asked))?;
        values[index] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
    }
    Ok(Some(values))
}

/// The moves of every sweep from the position `heaps` at `index`, their
/// values marked in `seen`: each part's index steps by a fixed amount as
/// the chosen variable does, its ends checked to lie in the box and below
/// (the parts' heaps are affine in it, so every index between lies so
/// too). The number of moves; `None` where a sweep fails or leaves the box
/// or does not go below (the fill ends).
fn swept(
    sweeps: &[Sweep],
    heaps: &[u64],
    extents: &[u64],
    index: usize,
    values: &[u32],
    seen: &mut Vec<bool>,
    scratch: &mut Scratch,
) -> Option<u64> {
    let mut moves = 0u64;
    let Scratch { swept, at, strides } = scratch;
    for sweep in sweeps {
        if !sweep.at(heaps, swept).ok()? || swept.lo > swept.hi {
            continue;
        }
        at.clear();
        strides.clear();
        let mut from = 0;
        for &end in &swept.ends {
            let (bases, deltas) = (&swept.bases[from..end], &swept.slopes[from..end]);
            from = end;
            let first = index_at(bases, deltas, swept.lo, extents)?;
            let last = index_at(bases, deltas, swept.hi, extents)?;
            if first >= index || last >= index {
                return None;
            }
            // Affine: each step of the variable moves the index as much,
            // by (last - first) / (hi - lo) exactly.
            let span = usize::try_from(swept.hi - swept.lo).ok()?;
            at.push(first);
            strides.push(match span {
                0 => 0,
                _ => (last as isize - first as isize) / span as isize,
            });
        }
        let count = u64::try_from(swept.hi - swept.lo + 1).ok()?;
        moves += count;
        // The mex of a position's values is at most its number of moves:
        // a value past that is marked nowhere.
        seen.resize(
            usize::try_from(moves)
                .ok()?
                .saturating_add(1)
                .max(seen.len()),
            false,
        );
        let mut see = |g: u32| {
            if let Some(s) = seen.get_mut(g as usize) {
                *s = true;
            }
        };
        match (at.as_mut_slice(), strides.as_slice()) {
            // Two parts, as a cut makes: the dp's own loop.
            (&mut [mut a, mut b], &[da, db]) => {
                for _ in 0..count {
                    see(values[a] ^ values[b]);
                    a = a.wrapping_add_signed(da);
                    b = b.wrapping_add_signed(db);
                }
            }
            (at, strides) => {
                for _ in 0..count {
                    let mut g = 0;
                    for (i, &stride) in at.iter_mut().zip(strides) {
                        g ^= values[*i];
                        *i = i.wrapping_add_signed(stride);
                    }
                    see(g);
                }
            }
        }
    }
    Some(moves)
}

/// What `swept` reuses from position to position.
#[derive(Default)]
struct Scratch {
    swept: Swept,
    /// Each part's index at the variable's next value, and its stride.
    at: Vec<usize>,
    strides: Vec<isize>,
}

/// The index in the box of the part whose heap j is `bases[j] + deltas[j]
/// × v`, if it lies in the box.
fn index_at(bases: &[i128], deltas: &[i128], v: i128, extents: &[u64]) -> Option<usize> {
    if bases.len() != extents.len() {
        return None;
    }
    let mut index = 0usize;
    for ((&base, &delta), &extent) in bases.iter().zip(deltas).zip(extents).rev() {
        let heap = u64::try_from(base.checked_add(delta.checked_mul(v)?)?).ok()?;
        if heap >= extent {
            return None;
        }
        index = index * usize_of(extent) + usize_of(heap);
    }
    Some(index)
}

/// The position after `heaps` in index order (heap 1 fastest).
pub(super) fn next(heaps: &mut [u64], extents: &[u64]) {
    for (h, &extent) in heaps.iter_mut().zip(extents) {
        *h += 1;
        if *h < extent {
            return;
        }
        *h = 0;
    }
}
