//! A scoring game's box valued row by row, as a hand-written interval dp
//! does, where every rule is a fixed shift (`moves::Shift`): coins in a row.
//!
//! Each rule adds the same numbers to the heaps wherever it applies, and
//! along each heap the rules all go one way (or leave it). Every play then
//! runs one way through the box; counting each heap the rules raise from
//! the top down (a flipped axis), every move lowers the position's index,
//! and the box is valued in index order, each move's target before it.
//! The box is the first position asked's: from 0 to its heap where the
//! rules lower it, from it to one past its largest heap where they raise
//! it, that heap alone where no rule moves it (a table's spans its cells:
//! `ScoringSearch::fill_between`). A row is the positions that
//! differ in heap 1 only; each rule's range along it, points and shift are
//! read once a row (`Shift::along`), and the row is valued by the negamax
//! rule of `super` — a position with no move is worth 0, else the best
//! over its moves of the points minus (plus, after `again`) the target's
//! value — first the moves that leave the row (their targets in rows
//! valued before), then those along it, in order.
//!
//! A position where a rule fails, or whose value the reading cannot vouch
//! for (a move out of the box, a number it cannot hold exactly), is not
//! known, nor is any position with a move to it: the search values those
//! as before, and reports the rule's error where play meets it.
//!
//! Values are held in 64 bits: the box is filled only where no value can
//! pass 2^61 (a play in the box is at most the sum of its extents long,
//! each move's points no more than the most the rows read), so the 64-bit
//! sums are the definition's exactly.

use std::sync::Arc;

use crate::moves::{Along, RowPoints, Shift};
use crate::platform::usize_of;
use crate::rules::Game;
use crate::rules::expr::List;
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;

/// A value as the box holds it: 32 bits where no value can pass 2^29,
/// else 64 (half the memory, where it is enough, is half the pages the
/// box touches).
trait Cell: Copy + Ord + std::fmt::Debug {
    /// A position the fill does not know (left to the search).
    const UNKNOWN: Self;
    /// A position no move has been found from yet.
    const NO_MOVE: Self;
    const ZERO: Self;
    /// No value passes this: any two add within the type.
    const MOST: u64;
    fn of(n: i64) -> Self;
    fn get(self) -> i64;
    /// What a move of `p` points to a position of value `t` is worth to
    /// its player (`super::worth`): exact for every value the box holds;
    /// not read where `t` is not known.
    fn worth(again: bool, p: Self, t: Self) -> Self;

    /// The value of a position valued: 0 where no move was found.
    fn settled(self) -> Self {
        if self == Self::NO_MOVE {
            Self::ZERO
        } else {
            self
        }
    }
}

macro_rules! cell {
    ($t:ty, $most:expr) => {
        impl Cell for $t {
            const UNKNOWN: Self = <$t>::MIN;
            const NO_MOVE: Self = <$t>::MIN + 1;
            const ZERO: Self = 0;
            const MOST: u64 = $most;
            fn of(n: i64) -> Self {
                n as $t
            }
            fn get(self) -> i64 {
                i64::from(self)
            }
            fn worth(again: bool, p: Self, t: Self) -> Self {
                match again {
                    true => p.wrapping_add(t),
                    false => p.wrapping_sub(t),
                }
            }
        }
    };
}

cell!(i32, 1 << 29);
cell!(i64, 1 << 61);

/// The values of the box, by index.
enum Values {
    Narrow(Vec<i32>),
    Wide(Vec<i64>),
}

/// One heap of the box: from `lo` to `hi`, counted from `hi` down where
/// the rules raise it.
#[derive(Clone, Copy, Debug)]
struct Axis {
    lo: u64,
    hi: u64,
    raised: bool,
}

impl Axis {
    /// The place of heap value `h` along the axis, where it lies on it.
    fn place(&self, h: u64) -> Option<u64> {
        if h < self.lo || h > self.hi {
            return None;
        }
        Some(if self.raised {
            self.hi - h
        } else {
            h - self.lo
        })
    }

    /// The heap value at place `c`.
    fn heap(&self, c: u64) -> u64 {
        if self.raised {
            self.hi - c
        } else {
            self.lo + c
        }
    }

    fn extent(&self) -> u64 {
        self.hi - self.lo + 1
    }

    /// The places of the heap values `a..=b` (on the axis).
    fn places(&self, (a, b): (u64, u64)) -> (usize, usize) {
        let (a, b) = (self.place(a).unwrap_or(0), self.place(b).unwrap_or(0));
        (usize_of(a.min(b)), usize_of(a.max(b)))
    }
}

/// The box valued: each position's value at the mixed-radix index of its
/// places (heap 1 fastest).
pub(super) struct Filled {
    axes: Vec<Axis>,
    values: Values,
    /// How many positions are known.
    pub known: usize,
    /// Some move left the box past the top of a heap the rules raise.
    escaped: bool,
}

impl Filled {
    /// The value of `heaps`, where it lies in the box and is known.
    pub fn value(&self, heaps: &[u64]) -> Option<i128> {
        if heaps.len() != self.axes.len() {
            return None;
        }
        let mut index = 0usize;
        for (axis, &h) in self.axes.iter().zip(heaps).rev() {
            index = index * usize_of(axis.extent()) + usize_of(axis.place(h)?);
        }
        let value = match &self.values {
            Values::Narrow(values) => known(values[index]),
            Values::Wide(values) => known(values[index]),
        };
        value.map(i128::from)
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> u64 {
        let bytes = match &self.values {
            Values::Narrow(values) => values.capacity() * size_of::<i32>(),
            Values::Wide(values) => values.capacity() * size_of::<i64>(),
        };
        bytes as u64
    }
}

/// A value held, where it is known.
fn known<C: Cell>(value: C) -> Option<i64> {
    (value != C::UNKNOWN).then(|| value.get())
}

/// A rule's shift along the row being valued.
struct Lane<C> {
    along: Along,
    /// Its points at each place of its live range, in order of place.
    points: Vec<C>,
    /// Where a move leads: this many places back in the box's index.
    back: usize,
    /// Its target is in the same row.
    in_row: bool,
    /// Its player moves again.
    again: bool,
    /// The list its points are items of, as the box holds them, once read.
    items: Option<(Arc<List>, Vec<C>)>,
}

/// Why a box was not filled in 32 bits.
enum Narrow {
    /// A value could pass 2^29: fill it in 64.
    Wider,
    Error(Box<SearchError>),
}

/// The box of the positions from `least` to `most` (heap by heap; one
/// position asked, both it) valued, where `shifts` (every rule of `game`)
/// allow it and it holds at most `max_positions` positions and `memory`
/// bytes; `None` where they do not, or a value could pass 2^61. Where play
/// from a corner leaves the box past the top of a heap the rules raise,
/// the box is filled again twice as tall along those heaps, within the
/// limits. A budget spent names `most`.
pub(super) fn fill(
    game: &Game,
    shifts: &[Shift],
    (least, most): (&[u64], &[u64]),
    budget: &mut Budget,
    max_positions: usize,
    memory: u64,
) -> Result<Option<Filled>, SearchError> {
    let Some(mut axes) = axes(shifts, least, most) else {
        return Ok(None);
    };
    let cells_of = |axes: &[Axis]| {
        (axes.iter())
            .try_fold(1usize, |n, a| {
                n.checked_mul(usize::try_from(a.extent()).ok()?)
            })
            .filter(|&c| c <= max_positions && c as u64 <= memory / size_of::<i32>() as u64)
    };
    let Some(mut cells) = cells_of(&axes) else {
        return Ok(None);
    };
    loop {
        let task = Task {
            game,
            shifts,
            axes: &axes,
            cells,
            asked: most,
        };
        let Some(filled) = fill_box(task, budget, memory)? else {
            return Ok(None);
        };
        let known = |corner: &[u64]| filled.value(corner).is_some();
        if !filled.escaped || (known(least) && known(most)) {
            return Ok(Some(filled));
        }
        let taller: Vec<Axis> = (axes.iter())
            .map(|a| match a.raised {
                true => Axis {
                    hi: a.hi.saturating_add(a.extent()),
                    ..*a
                },
                false => *a,
            })
            .collect();
        match cells_of(&taller) {
            Some(more) if more > cells => (axes, cells) = (taller, more),
            _ => return Ok(Some(filled)),
        }
    }
}

/// A box to fill: the game, its rules as shifts, the box's axes and
/// positions, and the position asked (for a budget's error).
#[derive(Clone, Copy)]
struct Task<'a> {
    game: &'a Game,
    shifts: &'a [Shift],
    axes: &'a [Axis],
    cells: usize,
    asked: &'a [u64],
}

/// The box of `task` valued in 32 bits, or 64 where a value could pass
/// 2^29, within `memory` bytes.
fn fill_box(task: Task, budget: &mut Budget, memory: u64) -> Result<Option<Filled>, SearchError> {
    let filled = |values: Values, (known, escaped): (usize, bool)| Filled {
        axes: task.axes.to_vec(),
        values,
        known,
        escaped,
    };
    match fill_as::<i32>(task, budget) {
        Ok((values, counts)) => return Ok(Some(filled(Values::Narrow(values), counts))),
        Err(Narrow::Error(e)) => return Err(*e),
        Err(Narrow::Wider) => {}
    }
    if (task.cells as u64).saturating_mul(size_of::<i64>() as u64) > memory {
        return Ok(None);
    }
    match fill_as::<i64>(task, budget) {
        Ok((values, counts)) => Ok(Some(filled(Values::Wide(values), counts))),
        Err(Narrow::Error(e)) => Err(*e),
        Err(Narrow::Wider) => Ok(None),
    }
}

/// The values of the box of `task` in `C`, how many are known, and
/// whether a move left the box past the top of a heap the rules raise.
fn fill_as<C: Cell>(task: Task, budget: &mut Budget) -> Result<(Vec<C>, (usize, bool)), Narrow> {
    let Task {
        game,
        shifts,
        axes,
        cells,
        asked,
    } = task;
    // The longest play, and the most points a move may score.
    let longest = (axes.iter()).fold(0u64, |n, a| n.saturating_add(a.extent() - 1));
    let most = i64::try_from(C::MOST / longest.max(1)).unwrap_or(i64::MAX);
    let d = axes.len();
    let mut strides = vec![1usize; d];
    for k in 1..d {
        strides[k] = strides[k - 1] * usize_of(axes[k - 1].extent());
    }
    let mut lanes: Vec<Lane<C>> = (shifts.iter())
        .map(|shift| Lane {
            along: Along::default(),
            points: Vec::new(),
            // Read only where the target is in the box, so within it.
            back: (shift.moved.iter()).fold(0usize, |back, &(place, by)| {
                let by = usize::try_from(by.unsigned_abs()).unwrap_or(usize::MAX);
                back.saturating_add(by.saturating_mul(strides[place]))
            }),
            in_row: shift.moved.iter().all(|&(place, by)| place == 0 || by == 0),
            again: shift.again,
            items: None,
        })
        .collect();
    let (row_axis, width) = (axes[0], usize_of(axes[0].extent()));
    // Zeroed: a position no rule moves from is worth 0, and the pages of
    // the box no row writes to are never touched.
    let mut values: Vec<C> = vec![C::ZERO; cells];
    // The row's heaps, and the places of the others (an odometer).
    let mut places = vec![0u64; d];
    let mut heaps: Vec<u64> = axes.iter().map(|a| a.heap(0)).collect();
    heaps[0] = row_axis.lo;
    let (mut row, mut unknown, mut escaped) = (0usize, 0usize, false);
    loop {
        let mut moves = 0u64;
        for (shift, lane) in shifts.iter().zip(&mut lanes) {
            shift.along(&heaps, row_axis.lo, row_axis.hi, &mut lane.along);
            escaped |= lane
                .along
                .live
                .is_some_and(|live| past_top(shift, axes, &heaps, live));
            lane.along.keep(inside(shift, axes, &heaps));
            lane.points.clear();
            if let Some(live) = lane.along.live {
                lane.read_points(row_axis, live, most)?;
                moves += live.1 - live.0 + 1;
            }
        }
        budget
            .spend(moves.max(1))
            .map_err(|e| Narrow::Error(Box::new(e.error(game, asked))))?;
        // The places of the row some rule moves from or fails at; the rest
        // are worth 0.
        let span = (lanes.iter())
            .flat_map(|l| l.along.live.iter().chain(&l.along.unknown))
            .map(|&range| row_axis.places(range))
            .reduce(|(a, b), (c, e)| (a.min(c), b.max(e)));
        if let Some(span) = span {
            let (before, this) = values.split_at_mut(row);
            unknown += value_row(&lanes, row_axis, span, before, &mut this[..width]);
        }
        row += width;
        // The next row.
        let mut k = 1;
        loop {
            if k == d {
                return Ok((values, (cells - unknown, escaped)));
            }
            places[k] += 1;
            if places[k] < axes[k].extent() {
                heaps[k] = axes[k].heap(places[k]);
                break;
            }
            places[k] = 0;
            heaps[k] = axes[k].heap(0);
            k += 1;
        }
    }
}

/// Values the places `span` of a row (`this`, the rows before it in
/// `before`) by the moves of `lanes`; returns how many are not known.
fn value_row<C: Cell>(
    lanes: &[Lane<C>],
    row_axis: Axis,
    (s0, s1): (usize, usize),
    before: &[C],
    this: &mut [C],
) -> usize {
    let row = before.len();
    this[s0..=s1].fill(C::NO_MOVE);
    // The moves to rows valued before.
    for lane in lanes.iter().filter(|l| !l.in_row) {
        let Some(live) = lane.along.live else {
            continue;
        };
        let (a, b) = row_axis.places(live);
        let targets = &before[row + a - lane.back..=row + b - lane.back];
        for ((slot, &t), &p) in this[a..=b].iter_mut().zip(targets).zip(&lane.points) {
            let w = C::worth(lane.again, p, t);
            *slot = if t == C::UNKNOWN || *slot == C::UNKNOWN {
                C::UNKNOWN
            } else {
                (*slot).max(w)
            };
        }
    }
    for lane in lanes {
        for &gap in &lane.along.unknown {
            let (a, b) = row_axis.places(gap);
            this[a..=b].fill(C::UNKNOWN);
        }
    }
    // The moves along the row, each place after its targets.
    let along: Vec<(usize, usize, &Lane<C>)> = (lanes.iter())
        .filter(|l| l.in_row)
        .filter_map(|l| {
            let (a, b) = row_axis.places(l.along.live?);
            Some((a, b, l))
        })
        .collect();
    match along.as_slice() {
        [] => {}
        &[(a, b, lane)] => {
            let cells = &mut this[a - lane.back..=b];
            match lane.again {
                true => along_one::<C, true>(cells, lane.back, &lane.points),
                false => along_one::<C, false>(cells, lane.back, &lane.points),
            }
        }
        many => {
            for u in s0..=s1 {
                for &(a, b, lane) in many {
                    let v = this[u];
                    if u < a || u > b || v == C::UNKNOWN {
                        continue;
                    }
                    let t = this[u - lane.back].settled();
                    this[u] = match t == C::UNKNOWN {
                        true => C::UNKNOWN,
                        false => v.max(C::worth(lane.again, lane.points[u - a], t)),
                    };
                }
            }
        }
    }
    let mut unknown = 0;
    for v in &mut this[s0..=s1] {
        unknown += usize::from(*v == C::UNKNOWN);
        *v = v.settled();
    }
    unknown
}

/// The moves of one rule along a row: `cells[back..]` its live range in
/// order, each move's target `back` places before it, `points` its points
/// (`AGAIN`: its player moves again). A target one place before is the
/// value just found, carried in a register as the dp carries it.
fn along_one<C: Cell, const AGAIN: bool>(cells: &mut [C], back: usize, points: &[C]) {
    let value = |v: C, p: C, t: C| match v == C::UNKNOWN || t == C::UNKNOWN {
        true => C::UNKNOWN,
        false => v.max(C::worth(AGAIN, p, t)),
    };
    if back == 1 {
        let Some((first, rest)) = cells.split_first_mut() else {
            return;
        };
        let mut t = first.settled();
        for (cell, &p) in rest.iter_mut().zip(points) {
            t = value(*cell, p, t);
            *cell = t;
        }
        return;
    }
    for (u, &p) in (back..cells.len()).zip(points) {
        cells[u] = value(cells[u], p, cells[u - back].settled());
    }
}

/// The box of the positions from `least` to `most` for `shifts`: each
/// heap's way (every rule lowers it, raises it, or leaves it) and its
/// range — from 0 where the rules lower it, up to one past the largest
/// heap of `most` where they raise it; `None` where the rules go both ways
/// along a heap, or a rule changes nothing or a heap not there.
fn axes(shifts: &[Shift], least: &[u64], most: &[u64]) -> Option<Vec<Axis>> {
    if least.len() != most.len() || least.iter().zip(most).any(|(l, m)| l > m) {
        return None;
    }
    let mut way = vec![0i128; most.len()];
    for shift in shifts {
        if shift.moved.iter().all(|&(_, by)| by == 0) {
            return None;
        }
        for &(place, by) in &shift.moved {
            let w = way.get_mut(place)?;
            if by.signum() * *w < 0 || u64::try_from(by.unsigned_abs()).is_err() {
                return None;
            }
            if by != 0 {
                *w = by.signum();
            }
        }
    }
    let top = most.iter().copied().max()?;
    let axes = (least.iter().zip(most).zip(&way))
        .map(|((&l, &m), &w)| match w {
            -1 => Axis {
                lo: 0,
                hi: m,
                raised: false,
            },
            1 => Axis {
                lo: l,
                hi: top.saturating_add(1),
                raised: true,
            },
            _ => Axis {
                lo: l,
                hi: m,
                raised: false,
            },
        })
        .collect();
    Some(axes)
}

/// The heap 1 values of the row of `heaps` whose move by `shift` stays in
/// the box.
fn inside(shift: &Shift, axes: &[Axis], heaps: &[u64]) -> Option<(u64, u64)> {
    let mut within = (axes[0].lo, axes[0].hi);
    for &(place, by) in &shift.moved {
        let (lo, hi) = (i128::from(axes[place].lo), i128::from(axes[place].hi));
        if place == 0 {
            let (a, b) = ((lo - by).max(lo), (hi - by).min(hi));
            if a > b {
                return None;
            }
            within = (a as u64, b as u64);
        } else if !(lo..=hi).contains(&(i128::from(heaps[place]) + by)) {
            return None;
        }
    }
    Some(within)
}

/// Whether a move by `shift` from the row of `heaps`, heap 1 in `live`,
/// goes past the top of the box along a heap the rules raise.
fn past_top(shift: &Shift, axes: &[Axis], heaps: &[u64], live: (u64, u64)) -> bool {
    (shift.moved.iter()).any(|&(place, by)| {
        let from = if place == 0 { live.1 } else { heaps[place] };
        axes[place].raised && i128::from(from) + by > i128::from(axes[place].hi)
    })
}

impl<C: Cell> Lane<C> {
    /// Its points along `live` (heap 1 values on `axis`), in order of
    /// place; `Wider` where one is past `most`.
    fn read_points(&mut self, axis: Axis, live: (u64, u64), most: i64) -> Result<(), Narrow> {
        let (a, b) = axis.places(live);
        let count = b - a + 1;
        // The heap value at the first place, and its change a place on.
        let (x0, dx) = match axis.raised {
            true => (i128::from(live.1), -1),
            false => (i128::from(live.0), 1),
        };
        let within = |p: i128| p.unsigned_abs() <= most as u128;
        match &self.along.points {
            RowPoints::Affine(base, slope) => {
                // An arithmetic run: its ends bound it.
                let by = slope.checked_mul(dx);
                let first = slope.checked_mul(x0).and_then(|s| s.checked_add(*base));
                let last = (by.zip(first))
                    .and_then(|(by, first)| by.checked_mul(count as i128 - 1)?.checked_add(first));
                let (Some(by), Some(first), Some(last)) = (by, first, last) else {
                    return Err(Narrow::Wider);
                };
                if !within(first) || !within(last) {
                    return Err(Narrow::Wider);
                }
                let (mut p, by) = (first as i64, by as i64);
                for _ in 0..count {
                    self.points.push(C::of(p));
                    p = p.wrapping_add(by);
                }
            }
            RowPoints::Item(list, base, slope) => {
                if !self
                    .items
                    .as_ref()
                    .is_some_and(|(l, _)| Arc::ptr_eq(l, list))
                {
                    let items = (list.items.iter())
                        .map(|&p| within(p).then(|| C::of(p as i64)))
                        .collect::<Option<Vec<C>>>();
                    self.items = Some((list.clone(), items.ok_or(Narrow::Wider)?));
                }
                let Some((_, items)) = &self.items else {
                    return Err(Narrow::Wider);
                };
                // Indices from 1 to the list's length: `Step::along` keeps
                // the live range so.
                let first = usize_of((base + slope * x0 - 1) as u64);
                match slope * dx {
                    1 => self.points.extend_from_slice(&items[first..first + count]),
                    -1 => (self.points).extend(items[first + 1 - count..=first].iter().rev()),
                    by => (self.points).extend(
                        (0..count)
                            .map(|u| items[usize_of((first as i128 + by * u as i128) as u64)]),
                    ),
                }
            }
        }
        Ok(())
    }
}
