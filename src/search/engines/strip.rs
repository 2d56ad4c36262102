//! The reduced game of a strip game (`moves::strip`), split into parts that
//! play independently. LANGUAGE.md ("Strips") proves what is used here:
//!
//! - In a position of the reduced game (no end met, no move into a `win
//!   when` position), whether a move placed at cell i (its window's first
//!   cell) is a move of the reduced game depends only on the cells within
//!   `radius` of i.
//! - A **frozen** window — `width` = reach + radius cells in a row such
//!   that every move writing one of them is no move of the reduced game,
//!   whatever the cells within `width` of it hold (of those that could be
//!   there: meeting no end and with no move into a `win when` position) —
//!   never changes again; and the moves left of it and right of it read
//!   nothing across it. So the position is the sum of the part left of it
//!   and the part right of it, each with the window as its edge.
//!
//! A part is its cells: those it may write, and at a cut edge the frozen
//! window beside them. Its value is the mex of its reduced moves' values,
//! each the XOR of the parts the move leaves: a move's new frozen windows
//! are among those it wrote a cell of (a window's frozenness depends on
//! its own cells). Parts are memoised; one met again while it is being
//! valued is a cycle, and the caller searches the game as before.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::moves::strip::{Cells, Strip, Written};
use crate::platform::deeper;
use crate::rules::EndKind;
use crate::rules::expr::EvalError;
use crate::search::base::budget::{Budget, Exhausted};

/// Why a strip's value was not found here.
#[derive(Debug)]
pub enum StripError {
    /// A rule (by index) or an end (`end`: true) could not be evaluated.
    Eval {
        /// The rule's or end's index.
        index: usize,
        /// An end's condition, not a rule.
        end: bool,
        /// Why.
        error: EvalError,
    },
    /// The reduced game can return to a part: it is not finite.
    Cycle,
    /// More parts than the search may hold.
    TooMany,
    /// The parts and what is remembered about them would take more than
    /// the budget's memory.
    Memory,
    /// The question's budget of moves, or its time, ran out.
    Spent(Exhausted),
}

/// One segment of a strip: its cells (as symbols), and whether each edge is
/// a cut (a frozen window of `width` cells, not to be written) or the
/// strip's own end.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Segment {
    cells: Box<[u8]>,
    cut: (bool, bool),
}

/// A move's outcome is remembered by the cells it looks at only where
/// they are at most this many (wider windows are worked out each time).
const MOST_SEEN_KEY: usize = 256;

/// What an entry of a table of parts, moves or windows takes besides its
/// key's bytes.
const ENTRY_BYTES: u64 = 48;

/// Cells read that cost as much of the budget as a move looked at.
const CELLS_A_MOVE: u64 = 64;

/// The most ways around a window looked at to show it frozen.
const MOST_WAYS: usize = 1 << 16;

/// How much of the strip lies beyond a window on one side: exactly
/// `cells` (the strip ends there), or at least `cells` and perhaps more.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Beyond {
    cells: usize,
    exact: bool,
}

/// The values of a strip game's reduced positions.
pub struct StripValues {
    strip: Strip,
    /// Every value a cell may hold, by symbol.
    alphabet: Vec<u64>,
    /// How far from its anchor a move's being one of the reduced game
    /// depends on the cells.
    radius: usize,
    /// The frozen windows' width, and how far around one is looked at:
    /// reach + radius.
    width: usize,
    values: FxHashMap<Segment, u32>,
    /// `reduced` by the rule, way, anchor and cells it looks at.
    seen: FxHashMap<Box<[u8]>, Reduced>,
    key: Vec<u8>,
    /// The last position `value_after` moved from, and its frozen windows.
    last: Option<(Vec<u64>, Vec<usize>)>,
    open: FxHashSet<Segment>,
    frozen: FxHashMap<(Box<[u8]>, Beyond, Beyond), bool>,
    max_parts: usize,
    /// The memory the parts and the remembered moves and windows take,
    /// checked before each is kept.
    bytes: u64,
    /// Cells read since the budget was last spent.
    work: std::cell::Cell<u64>,
    /// The question's budget: a move looked at costs one (and one more
    /// every `CELLS_A_MOVE` cells read to work it out), a way around a
    /// window one.
    budget: Budget,
}

/// Symbols of a part read as cells.
struct Symbols<'a> {
    cells: &'a [u8],
    alphabet: &'a [u64],
}

impl Cells for Symbols<'_> {
    fn len(&self) -> usize {
        self.cells.len()
    }
    fn get(&self, i: usize) -> u64 {
        self.alphabet[usize::from(self.cells[i])]
    }
}

/// A move of the reduced game, or why a move is not one.
#[derive(Clone)]
enum Reduced {
    /// No move there.
    None,
    /// Into an end.
    End(EndKind),
    /// To a position from which the next player moves into a `win when`
    /// position.
    Danger,
    /// A move of the reduced game: its writes.
    Move(Vec<(usize, u64)>),
}

fn eval(index: usize, end: bool) -> impl Fn(EvalError) -> StripError {
    move |error| StripError::Eval { index, end, error }
}

fn end_eval((index, error): (usize, EvalError)) -> StripError {
    StripError::Eval {
        index,
        end: true,
        error,
    }
}

/// The least and greatest cell written.
fn span(writes: &[(usize, u64)]) -> Option<(usize, usize)> {
    let lo = writes.iter().map(|w| w.0).min()?;
    let hi = writes.iter().map(|w| w.0).max()?;
    Some((lo, hi))
}

impl StripValues {
    /// The values of `strip`'s reduced positions, from positions whose
    /// cells hold the values `start` holds or the rules write; `None`
    /// where those are more than 256.
    pub fn new(strip: Strip, start: &[u64], max_parts: usize) -> Option<Self> {
        let mut alphabet: Vec<u64> = start.iter().chain(&strip.written).copied().collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        if alphabet.len() > 256 {
            return None;
        }
        let radius = strip.radius();
        let width = (strip.reach + radius).max(1);
        Some(StripValues {
            strip,
            alphabet,
            radius,
            width,
            values: FxHashMap::default(),
            seen: FxHashMap::default(),
            key: Vec::new(),
            last: None,
            open: FxHashSet::default(),
            frozen: FxHashMap::default(),
            max_parts,
            bytes: 0,
            work: std::cell::Cell::new(0),
            budget: Budget::unlimited(),
        })
    }

    /// Values from now on within `budget` (a question's).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Forgets the parts being valued, after a failure midway (those
    /// valued stay: their values are right).
    pub fn forget_open(&mut self) {
        self.open.clear();
    }

    /// How many parts have been valued.
    pub fn parts(&self) -> usize {
        self.values.len()
    }

    /// The first end `cells` meet, of those whose window meets cells
    /// `lo..=hi`, where no end held before those cells changed.
    pub fn end_near(
        &self,
        cells: &[u64],
        lo: usize,
        hi: usize,
    ) -> Result<Option<EndKind>, StripError> {
        self.strip.end_near(cells, lo, hi).map_err(end_eval)
    }

    /// The value of the reduced game at `cells`, which meet no end and
    /// have no move into a `win when` position.
    pub fn value(&mut self, cells: &[u64]) -> Result<u32, StripError> {
        let whole = self.whole(cells);
        let cuts = self.cuts_near(&whole, 0, cells.len().saturating_sub(1))?;
        self.parts_value(&whole, &cuts)
    }

    /// The value of the reduced game at `after`, a move from `before`
    /// that changed cells `lo..=hi` and no others (both as for `value`).
    pub fn value_after(
        &mut self,
        before: &[u64],
        after: &[u64],
        lo: usize,
        hi: usize,
    ) -> Result<u32, StripError> {
        if self
            .last
            .as_ref()
            .is_none_or(|(cells, _)| cells.as_slice() != before)
        {
            let whole = self.whole(before);
            let cuts = self.cuts_near(&whole, 0, before.len().saturating_sub(1))?;
            self.last = Some((before.to_vec(), cuts));
        }
        let kept = (self
            .last
            .as_ref()
            .map(|(_, cuts)| cuts.as_slice())
            .unwrap_or_default())
        .iter()
        .copied()
        .filter(|&b| b + self.width <= lo || b > hi)
        .collect::<Vec<_>>();
        // The frozen windows `before` had that the move did not write, and
        // the new ones among those it did.
        let whole = self.whole(after);
        let mut cuts = self.cuts_near(&whole, lo, hi)?;
        cuts.extend(kept);
        cuts.sort_unstable();
        self.parts_value(&whole, &cuts)
    }

    /// Whether every cell of `cells` holds a value of the alphabet.
    pub fn admits(&self, cells: &[u64]) -> bool {
        cells.iter().all(|c| self.alphabet.binary_search(c).is_ok())
    }

    /// A whole strip as a part.
    fn whole(&self, cells: &[u64]) -> Segment {
        Segment {
            cells: cells.iter().map(|c| self.symbol(*c)).collect(),
            cut: (false, false),
        }
    }

    fn symbol(&self, value: u64) -> u8 {
        // Every value a cell holds is in the alphabet (see `new`).
        self.alphabet.binary_search(&value).unwrap_or(0) as u8
    }

    /// Whether the next player has a move into a `win when` position from
    /// `cells`, which meet no end: looked for among the moves near cells
    /// `lo..=hi` where only those changed since a position with no such
    /// move (`near`), else everywhere.
    pub fn danger(
        &self,
        cells: &(impl Cells + ?Sized),
        near: Option<(usize, usize)>,
    ) -> Result<bool, StripError> {
        let margin = self.strip.reach + self.strip.end_span;
        for (r, rule) in self.strip.rules.iter().enumerate() {
            let anchors = match near {
                Some((lo, hi)) => {
                    rule.anchors_meeting(lo.saturating_sub(margin), hi + margin, cells.len())
                }
                None => rule.anchors(cells.len()),
            };
            for anchor in anchors {
                for v in 0..rule.variants() {
                    self.count(rule.span());
                    let Some(writes) = rule.apply(cells, anchor, v).map_err(eval(r, false))? else {
                        continue;
                    };
                    let Some((lo, hi)) = span(&writes) else {
                        continue;
                    };
                    let after = Written {
                        cells,
                        writes: &writes,
                    };
                    if self.ends_near(&after, lo, hi)? == Some(EndKind::Win) {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    /// `Strip::end_near`, its work counted.
    fn ends_near(
        &self,
        cells: &(impl Cells + ?Sized),
        lo: usize,
        hi: usize,
    ) -> Result<Option<EndKind>, StripError> {
        let span = self.strip.end_span;
        self.count((hi - lo + span + 1) * (span + 1) * self.strip.ends.len());
        self.strip.end_near(cells, lo, hi).map_err(end_eval)
    }

    /// Counts `cells` more cells read, spent from the budget by the next
    /// move looked at (`reduced_at`).
    fn count(&self, cells: usize) {
        self.work.set(self.work.get().saturating_add(cells as u64));
    }

    /// Rule `r`'s way `v` at `anchor`, from `cells` (a position of the
    /// reduced game, near the anchor).
    fn reduced(
        &self,
        cells: &(impl Cells + ?Sized),
        r: usize,
        anchor: usize,
        v: usize,
    ) -> Result<Reduced, StripError> {
        let rule = &self.strip.rules[r];
        self.count(rule.span());
        let Some(writes) = rule.apply(cells, anchor, v).map_err(eval(r, false))? else {
            return Ok(Reduced::None);
        };
        let Some((lo, hi)) = span(&writes) else {
            return Ok(Reduced::Move(writes));
        };
        let after = Written {
            cells,
            writes: &writes,
        };
        if let Some(kind) = self.ends_near(&after, lo, hi)? {
            return Ok(Reduced::End(kind));
        }
        if self.danger(&after, Some((lo, hi)))? {
            return Ok(Reduced::Danger);
        }
        Ok(Reduced::Move(writes))
    }

    /// The windows of `part` that are frozen, among those that meet cells
    /// `lo..=hi`, in order.
    fn cuts_near(
        &mut self,
        part: &Segment,
        lo: usize,
        hi: usize,
    ) -> Result<Vec<usize>, StripError> {
        let len = part.cells.len();
        let width = self.width;
        let mut cuts = Vec::new();
        if len < width {
            return Ok(cuts);
        }
        for b in lo.saturating_sub(width - 1)..=hi.min(len - width) {
            let left = Beyond {
                cells: b,
                exact: !part.cut.0,
            };
            let right = Beyond {
                cells: len - b - width,
                exact: !part.cut.1,
            };
            if self.is_frozen(&part.cells[b..b + width], left, right)? {
                cuts.push(b);
            }
        }
        Ok(cuts)
    }

    /// The value of `part` as the sum of the parts its frozen windows at
    /// `cuts` (in order) split it into: the runs of cells to write between
    /// them, each with the windows beside it as its edges.
    fn parts_value(&mut self, part: &Segment, cuts: &[usize]) -> Result<u32, StripError> {
        if cuts.is_empty() {
            return self.part_value(part);
        }
        let width = self.width;
        let len = part.cells.len();
        let (free_lo, free_hi) = self.free(part);
        let mut total = 0;
        let mut x = free_lo;
        let mut edge = (0, part.cut.0);
        for b in cuts.iter().copied().map(Some).chain([None]) {
            let (y, end, cut) = match b {
                None => (free_hi, len, part.cut.1),
                Some(b) => (b.min(free_hi), b + width, true),
            };
            if x < y {
                let sub = Segment {
                    cells: part.cells[edge.0..end].into(),
                    cut: (edge.1, cut),
                };
                total ^= self.part_value(&sub)?;
            }
            if let Some(b) = b {
                x = x.max(b + width);
                edge = (b, true);
            }
        }
        Ok(total)
    }

    /// The cells a part may write: all but its cut edges' windows.
    fn free(&self, part: &Segment) -> (usize, usize) {
        let len = part.cells.len();
        let lo = if part.cut.0 { self.width } else { 0 };
        let hi = if part.cut.1 {
            len.saturating_sub(self.width)
        } else {
            len
        };
        (lo, hi.max(lo))
    }

    fn part_value(&mut self, part: &Segment) -> Result<u32, StripError> {
        if let Some(&v) = self.values.get(part) {
            return Ok(v);
        }
        if !self.open.insert(part.clone()) {
            return Err(StripError::Cycle);
        }
        let (free_lo, free_hi) = self.free(part);
        let mut options = Vec::new();
        for r in 0..self.strip.rules.len() {
            for anchor in self.strip.rules[r].anchors(part.cells.len()) {
                for v in 0..self.strip.rules[r].variants() {
                    let Reduced::Move(writes) = self.reduced_at(&part.cells, r, anchor, v)? else {
                        continue;
                    };
                    if writes.iter().any(|w| w.0 < free_lo || w.0 >= free_hi) {
                        continue;
                    }
                    let mut after = part.clone();
                    for &(at, value) in &writes {
                        after.cells[at] = self.symbol(value);
                    }
                    let (lo, hi) = span(&writes).unwrap_or((anchor, anchor));
                    let cuts = self.cuts_near(&after, lo, hi)?;
                    // As deep as play goes: on a growing stack.
                    options.push(deeper(|| self.parts_value(&after, &cuts))?);
                }
            }
        }
        self.open.remove(part);
        if self.values.len() >= self.max_parts {
            return Err(StripError::TooMany);
        }
        self.keep(part.cells.len())?;
        let value = mex(options);
        self.values.insert(part.clone(), value);
        Ok(value)
    }

    /// `reduced` at a part's cells, worked out from the cells within
    /// `radius` of the anchor alone (which decide it), and remembered by
    /// them.
    fn reduced_at(
        &mut self,
        cells: &[u8],
        r: usize,
        anchor: usize,
        v: usize,
    ) -> Result<Reduced, StripError> {
        // A move costs one, and one more for every `CELLS_A_MOVE` cells
        // read to work it out (or the moves before it that were not
        // looked up): a move of a wide window costs what it reads.
        let work = 1 + self.work.replace(0) / CELLS_A_MOVE;
        (self.budget.spend(work)).map_err(StripError::Spent)?;
        let from = anchor.saturating_sub(self.radius);
        let to = (anchor + self.radius + 1).min(cells.len());
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        for n in [r, v, anchor - from] {
            key.extend_from_slice(&(n as u32).to_le_bytes());
        }
        key.extend_from_slice(&cells[from..to]);
        let found = self.seen.get(key.as_slice()).cloned();
        let reduced = match found {
            Some(local) => local,
            None => {
                let window = Symbols {
                    cells: &cells[from..to],
                    alphabet: &self.alphabet,
                };
                let local = self.reduced(&window, r, anchor - from, v)?;
                if key.len() <= MOST_SEEN_KEY {
                    self.keep(key.len())?;
                    self.seen.insert(key.as_slice().into(), local.clone());
                }
                local
            }
        };
        self.key = key;
        Ok(match reduced {
            Reduced::Move(writes) => Reduced::Move(
                writes
                    .into_iter()
                    .map(|(at, value)| (at + from, value))
                    .collect(),
            ),
            other => other,
        })
    }

    /// Counts a key of `len` bytes about to be kept (with its entry's
    /// room), failing past the budget's memory.
    fn keep(&mut self, len: usize) -> Result<(), StripError> {
        self.bytes += len as u64 + ENTRY_BYTES;
        match self.bytes > self.budget.memory() {
            true => Err(StripError::Memory),
            false => Ok(()),
        }
    }

    /// Whether the window `cells` is frozen (see the module's notes), with
    /// `left` and `right` of the strip beside it.
    fn is_frozen(
        &mut self,
        window: &[u8],
        left: Beyond,
        right: Beyond,
    ) -> Result<bool, StripError> {
        let around = self.width;
        let norm = |s: Beyond| match s.cells >= around {
            true => Beyond {
                cells: around,
                exact: false,
            },
            false => s,
        };
        let key = (Box::<[u8]>::from(window), norm(left), norm(right));
        if let Some(&f) = self.frozen.get(&key) {
            return Ok(f);
        }
        let frozen = self.frozen_by_search(window, key.1, key.2)?;
        self.keep(window.len())?;
        self.frozen.insert(key, frozen);
        Ok(frozen)
    }

    /// Every way the strip can lie around the window, within `width`
    /// cells: a move writing the window is no move of the reduced game in
    /// any (an evaluation that fails counts as a move). More than
    /// `MOST_WAYS` ways: not looked at, and not frozen.
    fn frozen_by_search(
        &mut self,
        window: &[u8],
        left: Beyond,
        right: Beyond,
    ) -> Result<bool, StripError> {
        let extents = |s: Beyond| match s.exact {
            true => s.cells..=s.cells,
            false => s.cells..=self.width,
        };
        let symbols = self.alphabet.len();
        let ways = |l: usize, r: usize| symbols.checked_pow((l + r) as u32);
        let all = (extents(left).flat_map(|l| extents(right).map(move |r| (l, r))))
            .try_fold(0usize, |sum, (l, r)| sum.checked_add(ways(l, r)?));
        let Some(all) = all.filter(|&all| all <= MOST_WAYS) else {
            return Ok(false);
        };
        self.budget.spend(all as u64).map_err(StripError::Spent)?;
        for l in extents(left) {
            for r in extents(right) {
                let mut cells = vec![0u64; l + window.len() + r];
                for (k, &s) in window.iter().enumerate() {
                    cells[l + k] = self.alphabet[usize::from(s)];
                }
                for mut code in 0..ways(l, r).unwrap_or(0) {
                    for k in (0..l).chain(l + window.len()..cells.len()) {
                        cells[k] = self.alphabet[code % symbols];
                        code /= symbols;
                    }
                    if self.could_be(&cells) && self.writable(&cells, l, window.len()) {
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    /// Whether `cells` could lie around a window in a position of the
    /// reduced game: no end met here, and no move here into a `win when`
    /// position (an evaluation that fails counts as could).
    fn could_be(&self, cells: &[u64]) -> bool {
        if let Ok(Some(_)) = self.strip.end_near(cells, 0, cells.len().saturating_sub(1)) {
            return false;
        }
        for (r, rule) in self.strip.rules.iter().enumerate() {
            for anchor in rule.anchors(cells.len()) {
                for v in 0..rule.variants() {
                    if let Ok(Reduced::End(EndKind::Win)) = self.reduced(cells, r, anchor, v) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether some move writing cells `at..at + width` of `cells` is a
    /// move of the reduced game there.
    fn writable(&self, cells: &[u64], at: usize, width: usize) -> bool {
        for (r, rule) in self.strip.rules.iter().enumerate() {
            for anchor in rule.anchors_meeting(at, at + width - 1, cells.len()) {
                for v in 0..rule.variants() {
                    match self.reduced(cells, r, anchor, v) {
                        Ok(Reduced::Move(writes)) => {
                            if writes.iter().any(|w| (at..at + width).contains(&w.0)) {
                                return true;
                            }
                        }
                        Ok(_) => {}
                        Err(_) => return true,
                    }
                }
            }
        }
        false
    }
}

fn mex(mut options: Vec<u32>) -> u32 {
    options.sort_unstable();
    options.dedup();
    let mut value = 0;
    for g in options {
        if g != value {
            break;
        }
        value += 1;
    }
    value
}
