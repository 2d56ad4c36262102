//! The run engine, for games whose rules are move blocks the compiler can
//! read as runs (`moves::Runs`): from a position, each piece of a block's
//! moves is a run of positions along one line of the box below it. The box
//! is evaluated bottom-up in a dense array indexed by mixed radix, as the
//! ray engine does; a position's moves are not generated one by one but
//! read as runs of that array, so a position costs its pieces' bounds and
//! one load per move.
//!
//! Nothing tells the compiler that a block's moves stay in the box and go
//! down: each run's ends are checked, and a run that leaves the box, or
//! reaches a position not yet evaluated, hands the question (and every
//! later one with as many heaps) to the general search.

use super::rays::{Fit, cells, grown, zeros};
use crate::moves::{Branch, Lin, MoveGen, Runs};
use crate::platform::usize_of;
use crate::search::base::budget::Budget;
use crate::search::options::Progress;
use crate::search::value::{Explored, Value};

/// Marks a position the invariant does not allow: evaluated only if asked.
const UNSET: u32 = u32::MAX;
/// The largest extent of a box's heap (see `moves::Lin`).
const MAX_EXTENT: usize = 1 << 31;

/// The run engine for one game: the box evaluated last.
pub struct RunSearch {
    misere: bool,
    max_positions: usize,
    /// The rules read for each heap count tried: `None` where they could
    /// not be read, or a run left its box.
    read: Vec<(usize, Option<Runs>)>,
    evaluated: Option<Evaluated>,
    progress: Progress,
}

struct Evaluated {
    dims: Vec<usize>,
    /// Grundy values (normal play) or 1 for "the player to move wins"
    /// (misère), at mixed-radix indices, heap 1 fastest; `UNSET` where the
    /// invariant does not allow the position.
    values: Vec<u32>,
    /// Positions valued: those the invariant allows, and those asked.
    valued: usize,
    moves: usize,
}

/// Why a box was not evaluated to the end.
enum Stop {
    /// A run left the box or reached a position not yet evaluated.
    Unfit,
    /// The budget's moves or time ran out.
    Exhausted,
}

impl RunSearch {
    pub fn new(misere: bool, max_positions: usize, progress: Progress) -> Self {
        RunSearch {
            misere,
            max_positions,
            read: Vec::new(),
            evaluated: None,
            progress,
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.evaluated.as_ref().map_or(0, |e| e.valued)
    }

    /// The value of `heaps`, evaluating a larger box if it lies outside the
    /// one held. A box may spend half of what is left of `budget` (every
    /// position valued costs at least one move); where that runs out, or a
    /// run leaves the box, the answer is `NoBox`, for the general search to
    /// try with the rest, and boxes of that many heaps are not tried again.
    pub fn value(&mut self, moves: &MoveGen, heaps: &[u64], budget: &mut Budget) -> Fit {
        let needed: Option<Vec<usize>> = heaps
            .iter()
            .map(|&h| usize::try_from(h).ok()?.checked_add(1))
            .collect();
        let Some(needed) = needed.filter(|n| n.iter().all(|&d| d <= MAX_EXTENT)) else {
            return Fit::NoBox;
        };
        let at_least = cells(&needed);
        if at_least > self.max_positions as u128 {
            return Fit::TooLarge { at_least };
        }
        let n = needed.len();
        let index = match self.read.iter().position(|(count, _)| *count == n) {
            Some(index) => index,
            None => {
                self.read.push((n, moves.runs(n)));
                self.read.len() - 1
            }
        };
        if self.read[index].1.is_none() {
            return Fit::NoBox;
        }
        let before = match &mut self.evaluated {
            Some(e) if e.dims.len() == n => {
                let before = (e.valued, e.moves);
                if needed.iter().zip(&e.dims).all(|(n, d)| n <= d) {
                    let runs = self.read[index].1.as_ref();
                    return match runs.and_then(|r| at(r, e, &needed, self.misere, budget)) {
                        Some(value) => Fit::Answered(value, explored(before, e)),
                        None => Fit::NoBox,
                    };
                }
                before
            }
            _ => (0, 0),
        };
        let held = (self.evaluated.as_ref()).map(|e| e.dims.as_slice());
        let limit = self.max_positions as u128;
        let Some(dims) = grown(held, &needed, |dims| cells(dims) <= limit) else {
            return Fit::TooLarge { at_least };
        };
        let Some(runs) = self.read[index].1.as_ref() else {
            return Fit::NoBox;
        };
        let mut trial = budget.capped(budget.left() / 2);
        let evaluated = self.evaluate(runs, dims, &mut trial);
        // What the try spent fits in the budget: it had half of what was left.
        let _ = budget.spend_as(&trial);
        let Some(Ok(mut evaluated)) = evaluated else {
            self.read[index].1 = None;
            return Fit::NoBox;
        };
        let value = at(runs, &mut evaluated, &needed, self.misere, budget);
        let explored = explored(before, &evaluated);
        self.evaluated = Some(evaluated);
        match value {
            Some(value) => Fit::Answered(value, explored),
            None => Fit::NoBox,
        }
    }

    /// Evaluates the box `dims` from scratch; `None` when memory cannot
    /// hold it.
    fn evaluate(
        &self,
        runs: &Runs,
        dims: Vec<usize>,
        budget: &mut Budget,
    ) -> Option<Result<Evaluated, Stop>> {
        let size = usize::try_from(cells(&dims)).ok()?;
        let mut values: Vec<u32> = zeros(size)?;
        values.fill(UNSET);
        let mut cell = Cell::new(runs, &dims, self.misere);
        let mut heaps = vec![0i64; dims.len()];
        let (mut moves, mut valued, mut shown) = (0usize, 0usize, 0usize);
        for index in 0..size {
            if allowed(runs, &heaps) {
                match cell.value(runs, &heaps, index, &values, budget.left()) {
                    Ok((value, made)) => {
                        values[index] = value;
                        valued += 1;
                        moves += made;
                        if budget.spend(made.max(1) as u64).is_err() {
                            return Some(Err(Stop::Exhausted));
                        }
                    }
                    Err(stop) => return Some(Err(stop)),
                }
            }
            // The next position: the first heap that can grow does, those
            // before it go back to 0.
            for (h, &d) in heaps.iter_mut().zip(&dims) {
                *h += 1;
                if (*h as usize) < d {
                    break;
                }
                *h = 0;
            }
            // At the end of a row (heap 1 back to 0): progress and the clock.
            if heaps.first().is_none_or(|&h| h == 0) {
                self.progress.add((valued - shown) as u64);
                shown = valued;
                if budget.check_clock().is_err() {
                    return Some(Err(Stop::Exhausted));
                }
            }
        }
        Some(Ok(Evaluated {
            dims,
            values,
            valued,
            moves,
        }))
    }
}

/// What a box holds beyond `before` (positions valued, moves).
fn explored((positions, moves): (usize, usize), evaluated: &Evaluated) -> Explored {
    Explored {
        positions: evaluated.valued.saturating_sub(positions),
        edges: evaluated.moves.saturating_sub(moves),
    }
}

/// The value at `needed` (each heap plus one), evaluating it now, within
/// `budget`, if the invariant kept it out of the box; `None` where its
/// moves leave the box or the budget runs out.
fn at(
    runs: &Runs,
    evaluated: &mut Evaluated,
    needed: &[usize],
    misere: bool,
    budget: &mut Budget,
) -> Option<Value> {
    let mut index = 0;
    for (&n, &d) in needed.iter().zip(&evaluated.dims).rev() {
        index = index * d + (n - 1);
    }
    if evaluated.values[index] == UNSET {
        let heaps: Vec<i64> = needed.iter().map(|&n| n as i64 - 1).collect();
        let mut cell = Cell::new(runs, &evaluated.dims, misere);
        let (value, made) = cell
            .value(runs, &heaps, index, &evaluated.values, budget.left())
            .ok()?;
        budget.spend(made as u64).ok()?;
        evaluated.values[index] = value;
        evaluated.valued += 1;
        evaluated.moves += made;
    }
    let v = evaluated.values[index];
    Some(if misere {
        Value::Misere { next_wins: v != 0 }
    } else {
        Value::Grundy(v)
    })
}

/// Whether the invariant allows the position.
fn allowed(runs: &Runs, heaps: &[i64]) -> bool {
    (runs.allowed.iter()).any(|guards| guards.iter().all(|g| g.at(heaps) >= 0))
}

/// What evaluating one position needs, reused from one to the next.
struct Cell<'a> {
    dims: &'a [usize],
    /// The index's weight of each heap.
    weights: Vec<i64>,
    misere: bool,
    /// Each piece's index form, where its runs are shown to stay in the box.
    fast: Vec<Option<(Lin, i64)>>,
    /// The position's runs: first index, step, length.
    runs: Vec<(usize, usize, usize)>,
    seen: Vec<bool>,
}

impl<'a> Cell<'a> {
    fn new(runs: &Runs, dims: &'a [usize], misere: bool) -> Self {
        let mut weights = Vec::with_capacity(dims.len());
        let mut w = 1i64;
        for &d in dims {
            weights.push(w);
            w = w.saturating_mul(d as i64);
        }
        Cell {
            fast: (runs.pieces.iter())
                .map(|p| p.index_form(&weights, dims))
                .collect(),
            dims,
            weights,
            misere,
            runs: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// The value of the position `heaps` at `index`, and its number of
    /// moves, from the values below it; at most `allowance` moves.
    fn value(
        &mut self,
        runs: &Runs,
        heaps: &[i64],
        index: usize,
        values: &[u32],
        allowance: u64,
    ) -> Result<(u32, usize), Stop> {
        self.runs.clear();
        let mut moves = 0usize;
        for (piece, fast) in runs.pieces.iter().zip(&self.fast) {
            if let Some(run) = self.run(piece, fast.as_ref(), heaps, index)? {
                moves += run.2;
                self.runs.push(run);
            }
        }
        if moves as u64 > allowance {
            return Err(Stop::Exhausted);
        }
        // Runs reach only positions the invariant allows, all valued.
        debug_assert!(
            self.runs
                .iter()
                .all(|&run| along(values, run).all(|&v| v != UNSET))
        );
        let value = if self.misere {
            // The player who cannot move has won; else one who can move to
            // a P-position.
            let to_p = (self.runs.iter()).any(|&run| along(values, run).any(|&v| v == 0));
            u32::from(moves == 0 || to_p)
        } else {
            // The mex is at most the number of moves: larger values are
            // not marked.
            // So is it at most the positions below this one.
            self.seen.clear();
            self.seen.resize(moves.min(index) + 1, false);
            let seen = self.seen.as_mut_slice();
            let mut mark = |v: u32| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            for &(first, step, len) in &self.runs {
                // A run along heap 1 is a slice: read straight through.
                match step {
                    1 => values[first..first + len].iter().for_each(|&v| mark(v)),
                    _ => (0..len).for_each(|i| mark(values[first + i * step])),
                }
            }
            seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
        };
        Ok((value, moves))
    }

    /// The run `piece` makes from `heaps` at `index`: its first index, its
    /// step and its length, lowest index first (a run whose moves all
    /// reach one position is that position once); `None` when it is empty.
    fn run(
        &self,
        piece: &Branch,
        fast: Option<&(Lin, i64)>,
        heaps: &[i64],
        index: usize,
    ) -> Result<Option<(usize, usize, usize)>, Stop> {
        let Some((lo, hi)) = piece.range(heaps) else {
            return Ok(None);
        };
        if piece.fails {
            return Err(Stop::Unfit);
        }
        let (first, step) = match fast {
            // Shown to stay in the box: the index is one form.
            Some((form, step)) => {
                let first = step
                    .checked_mul(lo)
                    .and_then(|x| x.checked_add(form.at(heaps)));
                (first.ok_or(Stop::Unfit)?, *step)
            }
            None => {
                let (mut first, mut step) = (0i64, 0i64);
                for (i, (start, &slope)) in piece.start.iter().zip(&piece.slope).enumerate() {
                    let s = start.at(heaps);
                    let end = |c: i64| slope.checked_mul(c).and_then(|x| x.checked_add(s));
                    let inside =
                        |h: Option<i64>| h.filter(|&h| h >= 0 && (h as usize) < self.dims[i]);
                    let (Some(from), Some(_)) = (inside(end(lo)), inside(end(hi))) else {
                        return Err(Stop::Unfit);
                    };
                    first += self.weights[i] * from;
                    step += self.weights[i] * slope;
                }
                (first, step)
            }
        };
        let len = usize::try_from(hi - lo + 1).map_err(|_| Stop::Unfit)?;
        let last = (step.checked_mul(hi - lo)).and_then(|x| x.checked_add(first));
        // Both ends below the position: every move of the run is.
        let Some(last) = last.filter(|&l| l >= 0 && (l as usize) < index) else {
            return Err(Stop::Unfit);
        };
        if first < 0 || first as usize >= index {
            return Err(Stop::Unfit);
        }
        let (first, last) = (first as usize, last as usize);
        Ok(Some(match step {
            0 => (first, 1, 1),
            s if s > 0 => (first, s as usize, len),
            s => (last, usize_of(s.unsigned_abs()), len),
        }))
    }
}

/// The values along a run.
#[inline]
fn along(values: &[u32], (first, step, len): (usize, usize, usize)) -> impl Iterator<Item = &u32> {
    values[first..].iter().step_by(step).take(len)
}
