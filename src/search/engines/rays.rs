//! The ray engine. When every move takes any positive amount from each of a
//! fixed number of heaps (`MoveGen::rays`: Nim's `take 1..`, Wythoff's
//! `take 1.. from both heaps`, Nim with extra diagonal rules), the moves
//! from p are p − k·d, k = 1, 2, …, along directions d that are sets of
//! heaps, and the positions below p are exactly the box
//! [0, p₁] × … × [0, pₙ]. The box is evaluated bottom-up in a dense array
//! indexed by mixed radix — nothing hashed, no move generated — and every
//! line of every direction keeps the set of values already on it: a
//! position's options along a line are exactly the positions of that line
//! below it, so its mex is the first zero of the OR of one bit set per
//! direction, scanned from the words every one of them has full.
//!
//! In misère play a line keeps one bit instead: whether a P-position is on
//! it.

use crate::moves::Ray;
use crate::position::Named;
use crate::rules::Game;
use crate::search::base::budget::{Budget, Exhausted};
use crate::search::base::error::SearchError;
use crate::search::options::Progress;
use crate::search::value::{Explored, Value};

/// The ray engine for one game: the box evaluated last, grown (and
/// evaluated anew) when a question falls outside it.
pub struct RaySearch {
    /// The rules' rays.
    rays: Vec<Ray>,
    misere: bool,
    max_positions: usize,
    evaluated: Option<Evaluated>,
    progress: Progress,
}

/// One box and its values.
struct Evaluated {
    /// The box's extent in each heap: heap sizes 0..dims[i].
    dims: Vec<usize>,
    /// Grundy values (normal play) or 1 for "the player to move wins"
    /// (misère), at mixed-radix indices, heap 1 fastest.
    values: Vec<u32>,
    moves: usize,
}

/// What answering a question needs: a box that does not fit is the caller's
/// to search otherwise.
pub enum Fit {
    Answered(Value, Explored),
    /// The box is larger than the limits allow; `at_least` is how many
    /// positions any search of it must hold.
    TooLarge {
        at_least: u128,
    },
    /// The rays do not fill a box at positions of this many heaps (a heap
    /// without its own ray, or a ray through a heap it lacks).
    NoBox,
}

/// One direction's lines: a line is identified by an affine function of the
/// coordinates, `offset + Σ coefficient[j] · x[j]`.
struct Lines {
    coefficients: Vec<isize>,
    offset: isize,
    count: usize,
}

impl RaySearch {
    pub fn new(rays: Vec<Ray>, misere: bool, max_positions: usize, progress: Progress) -> Self {
        RaySearch {
            rays,
            misere,
            max_positions,
            evaluated: None,
            progress,
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.evaluated.as_ref().map_or(0, |e| e.values.len())
    }

    /// The value of `heaps`, evaluating a larger box if it lies outside the
    /// one held.
    pub fn value(
        &mut self,
        game: &Game,
        heaps: &[u64],
        budget: &Budget,
    ) -> Result<Fit, SearchError> {
        let needed: Option<Vec<usize>> = heaps
            .iter()
            .map(|&h| usize::try_from(h).ok()?.checked_add(1))
            .collect();
        let Some(needed) = needed else {
            return Ok(Fit::TooLarge {
                at_least: u128::MAX,
            });
        };
        let at_least = cells(&needed);
        if at_least > self.max_positions as u128 {
            return Ok(Fit::TooLarge { at_least });
        }
        let (before, moves_before) = match &self.evaluated {
            Some(e) if e.dims.len() == needed.len() => {
                if needed.iter().zip(&e.dims).all(|(n, d)| n <= d) {
                    let value = self.read(e, &needed);
                    return Ok(Fit::Answered(value, Explored::default()));
                }
                (e.values.len(), e.moves)
            }
            _ => (0, 0),
        };
        let Some(directions) = self.directions(needed.len()) else {
            return Ok(Fit::NoBox);
        };
        let held = (self.evaluated.as_ref()).map(|e| e.dims.as_slice());
        let Some(dims) = grown(held, &needed, |dims| self.fits(dims, &directions)) else {
            return Ok(Fit::TooLarge { at_least });
        };
        let evaluated = self.evaluate(game, dims, &directions, heaps, budget)?;
        let value = self.read(&evaluated, &needed);
        let explored = Explored {
            positions: evaluated.values.len().saturating_sub(before),
            edges: evaluated.moves.saturating_sub(moves_before),
        };
        self.evaluated = Some(evaluated);
        Ok(Fit::Answered(value, explored))
    }

    fn read(&self, evaluated: &Evaluated, needed: &[usize]) -> Value {
        let mut index = 0;
        for (&n, &d) in needed.iter().zip(&evaluated.dims).rev() {
            index = index * d + (n - 1);
        }
        let v = evaluated.values[index];
        if self.misere {
            Value::Misere { next_wins: v != 0 }
        } else {
            Value::Grundy(v)
        }
    }

    /// Whether a box fits the limits: its positions, and the words of its
    /// lines' value sets, four for each position the limit allows.
    fn fits(&self, dims: &[usize], directions: &[Vec<usize>]) -> bool {
        let limit = self.max_positions as u128;
        cells(dims) <= limit
            && layout(dims, directions, self.misere)
                .is_some_and(|(_, words)| words <= limit.saturating_mul(4))
    }

    /// Every set of heaps a move may take from, at positions of `n` heaps;
    /// `None` unless every heap has its own ray and every fixed ray's heaps
    /// exist.
    fn directions(&self, n: usize) -> Option<Vec<Vec<usize>>> {
        // Counted before they are listed: no more than positions allowed.
        let count = self
            .rays
            .iter()
            .map(|ray| match ray {
                Ray::Any(size) => binomial(n, *size),
                Ray::Fixed(_) => Some(1),
            })
            .try_fold(0u128, |total, c| total.checked_add(c?))?;
        if count > self.max_positions as u128 {
            return None;
        }
        let mut all = Vec::new();
        for ray in &self.rays {
            match ray {
                Ray::Any(size) if *size <= n => all.extend(crate::moves::combinations(n, *size)),
                Ray::Any(_) => {}
                Ray::Fixed(heaps) if heaps.iter().all(|&h| h < n) => all.push(heaps.clone()),
                Ray::Fixed(_) => return None,
            }
        }
        all.sort();
        all.dedup();
        (0..n).all(|i| all.contains(&vec![i])).then_some(all)
    }

    /// Evaluates the box `dims` from scratch.
    /// (The box's moves are not examined one by one: only its time is
    /// budgeted, its size being bounded by the positions.)
    fn evaluate(
        &self,
        game: &Game,
        dims: Vec<usize>,
        directions: &[Vec<usize>],
        asked: &[u64],
        budget: &Budget,
    ) -> Result<Evaluated, SearchError> {
        let too_large = || SearchError::TooManyPositions {
            game: game.title(),
            position: Named::of(asked, game.board),
            limit: self.max_positions,
        };
        let (words, _) = layout(&dims, directions, self.misere).ok_or_else(too_large)?;
        let size = usize::try_from(cells(&dims)).map_err(|_| too_large())?;
        let lines: Vec<Lines> = directions.iter().map(|d| lines(&dims, d)).collect();
        let sweep = Sweep {
            dims: &dims,
            words,
            misere: self.misere,
            progress: &self.progress,
            budget,
        };
        let mut records = 0;
        let bases: Vec<usize> = lines
            .iter()
            .map(|l| {
                let base = records;
                records += l.count;
                base
            })
            .collect();
        let out_of_memory = || SearchError::OutOfMemory {
            game: game.title(),
            position: Named::of(asked, game.board),
            bytes: (records * words * 8 + records * 4 + size * 4) as u128,
        };
        let mut sets = Sets {
            words: zeros(records * words).ok_or_else(out_of_memory)?,
            full: zeros(if self.misere { 0 } else { records }).ok_or_else(out_of_memory)?,
        };
        let mut values = zeros(size).ok_or_else(out_of_memory)?;
        if dims.is_empty() {
            // The position of no heaps: no move, which wins in misère play.
            values[0] = u32::from(self.misere);
        } else {
            macro_rules! lanes {
                ($($n:literal)*) => {
                    match lines.len() {
                        $($n => sweep.run::<[usize; $n]>(&lines, &bases, &mut sets, &mut values),)*
                        _ => sweep.run::<Vec<usize>>(&lines, &bases, &mut sets, &mut values),
                    }
                };
            }
            lanes!(1 2 3 4 5 6 7 8 9 10).map_err(|e| e.error(game, asked))?;
        }
        let moves = directions
            .iter()
            .map(|d| moves_along(&dims, d))
            .fold(0usize, usize::saturating_add);
        Ok(Evaluated {
            dims,
            values,
            moves,
        })
    }
}

/// Every line's set of values, `words` words each (in misère play one word:
/// whether the line holds a P-position), and the first word of each not
/// full.
struct Sets {
    words: Vec<u64>,
    full: Vec<u32>,
}

/// The lines through one position, one per direction: an array
/// when the directions are few (so that loops over them unroll), else a Vec.
trait Lanes: AsRef<[usize]> + AsMut<[usize]> + Sized {
    fn from_slice(lanes: &[usize]) -> Self;
}

impl<const D: usize> Lanes for [usize; D] {
    fn from_slice(lanes: &[usize]) -> Self {
        let mut out = [0; D];
        out.copy_from_slice(lanes);
        out
    }
}

impl Lanes for Vec<usize> {
    fn from_slice(lanes: &[usize]) -> Self {
        lanes.to_vec()
    }
}

/// One evaluation of a box, row by row (a row: heap 1 from 0 to its
/// extent, the other heaps fixed).
struct Sweep<'a> {
    dims: &'a [usize],
    words: usize,
    misere: bool,
    progress: &'a Progress,
    budget: &'a Budget,
}

impl Sweep<'_> {
    fn run<L: Lanes>(
        &self,
        lines: &[Lines],
        bases: &[usize],
        sets: &mut Sets,
        values: &mut [u32],
    ) -> Result<(), Exhausted> {
        let mut x = vec![0usize; self.dims.len()];
        // Along a row, each direction's line moves by a fixed step.
        let step = L::from_slice(
            &lines
                .iter()
                .map(|l| l.coefficients[0] as usize)
                .collect::<Vec<_>>(),
        );
        let mut at = L::from_slice(&vec![0; lines.len()]);
        for (r, row) in values.chunks_mut(self.dims[0]).enumerate() {
            for ((a, l), &base) in at.as_mut().iter_mut().zip(lines).zip(bases) {
                let line: isize = l.offset
                    + l.coefficients[1..]
                        .iter()
                        .zip(&x[1..])
                        .map(|(&c, &xj)| c * xj as isize)
                        .sum::<isize>();
                *a = base + line as usize;
            }
            if self.misere {
                self.misere_row(r == 0, row, sets, &mut at, &step);
            } else {
                self.grundy_row(row, sets, &mut at, &step);
            }
            self.progress.add(row.len() as u64);
            self.budget.check_clock()?;
            // The next row: the first heap after heap 1 that can grow does,
            // those before it go back to 0.
            for (xj, &dj) in x.iter_mut().zip(self.dims).skip(1) {
                *xj += 1;
                if *xj < dj {
                    break;
                }
                *xj = 0;
            }
        }
        Ok(())
    }

    /// Each value is the first missing from the OR of its lines' sets.
    fn grundy_row<L: Lanes>(&self, row: &mut [u32], sets: &mut Sets, at: &mut L, step: &L) {
        let (words, last) = (self.words, self.words - 1);
        // Each line's set starts at word `line * words`: stepped alongside.
        let mut from = L::from_slice(at.as_ref());
        let mut step_words = L::from_slice(step.as_ref());
        for (f, s) in from.as_mut().iter_mut().zip(step_words.as_mut()) {
            *f = f.wrapping_mul(words);
            *s = s.wrapping_mul(words);
        }
        for value in row.iter_mut() {
            let (lines, starts) = (at.as_ref(), from.as_ref());
            let mut w = lines.iter().map(|&l| sets.full[l]).max().unwrap_or(0) as usize;
            // A value is at most the position's number of moves, which
            // `layout` sized the sets for: a word within them is not full.
            let g = loop {
                let seen = starts.iter().fold(0, |seen, &s| seen | sets.words[s + w]);
                if seen != u64::MAX {
                    break w * 64 + (!seen).trailing_zeros() as usize;
                }
                w += 1;
            };
            *value = g as u32;
            let (word, bit) = (g / 64, 1u64 << (g % 64));
            for (&l, &s) in lines.iter().zip(starts) {
                sets.words[s + word] |= bit;
                // Only filling the first word not full moves it on.
                let full = &mut sets.full[l];
                if *full as usize == word {
                    let mut f = word;
                    while f < last && sets.words[s + f] == u64::MAX {
                        f += 1;
                    }
                    *full = f as u32;
                }
            }
            for (a, &s) in at.as_mut().iter_mut().zip(step.as_ref()) {
                *a = a.wrapping_add(s);
            }
            for (a, &s) in from.as_mut().iter_mut().zip(step_words.as_ref()) {
                *a = a.wrapping_add(s);
            }
        }
    }

    /// The player to move wins (1) when a line holds a P-position, or at
    /// the empty position, where no move is left.
    fn misere_row<L: Lanes>(
        &self,
        first: bool,
        row: &mut [u32],
        sets: &mut Sets,
        at: &mut L,
        step: &L,
    ) {
        for (i, value) in row.iter_mut().enumerate() {
            let lanes = at.as_ref();
            let next_wins = (first && i == 0) || lanes.iter().any(|&l| sets.words[l] != 0);
            if !next_wins {
                for &l in lanes {
                    sets.words[l] = 1;
                }
            }
            *value = u32::from(next_wins);
            for (a, &s) in at.as_mut().iter_mut().zip(step.as_ref()) {
                *a = a.wrapping_add(s);
            }
        }
    }
}

/// The box to evaluate for a question needing `needed`, where `held` is
/// the box evaluated last: each heap's extent at least doubled when it
/// must grow (so that questions asked in increasing order cost a constant
/// factor more than one box), less when that would not fit, `None` when
/// even `needed` does not.
pub(super) fn grown(
    held: Option<&[usize]>,
    needed: &[usize],
    fits: impl Fn(&[usize]) -> bool,
) -> Option<Vec<usize>> {
    let held = held.filter(|dims| dims.len() == needed.len());
    let covering: Vec<usize> = match held {
        Some(dims) => needed.iter().zip(dims).map(|(&n, &d)| n.max(d)).collect(),
        None => needed.to_vec(),
    };
    let doubled: Vec<usize> = match held {
        Some(dims) => (needed.iter().zip(dims))
            .map(|(&n, &d)| if n > d { n.max(d.saturating_mul(2)) } else { d })
            .collect(),
        None => needed.to_vec(),
    };
    [doubled, covering, needed.to_vec()]
        .into_iter()
        .find(|dims| fits(dims))
}

/// `n` zeros, or `None` when memory cannot hold them (instead of an abort).
pub(super) fn zeros<T: Clone + Default>(n: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.resize(n, T::default());
    Some(v)
}

/// C(n, k), `None` past 2^128.
fn binomial(n: usize, k: usize) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    (0..k.min(n - k)).try_fold(1u128, |c, i| {
        Some(c.checked_mul((n - i) as u128)? / (i as u128 + 1))
    })
}

/// The positions of a box, exactly (a box of 2^64-sized heaps overflows
/// nothing here).
pub(super) fn cells(dims: &[usize]) -> u128 {
    dims.iter()
        .try_fold(1u128, |n, &d| n.checked_mul(d as u128))
        .unwrap_or(u128::MAX)
}

/// The words of one line's value set, and the words of all lines' sets,
/// `None` past what memory could hold. A position's value is at most its
/// number of moves, the sum over directions of its distance to the box's
/// edge along them; in misère play a set is one bit.
fn layout(dims: &[usize], directions: &[Vec<usize>], misere: bool) -> Option<(usize, u128)> {
    let most_moves = directions
        .iter()
        .map(|d| d.iter().map(|&i| dims[i] - 1).min().unwrap_or(0))
        .try_fold(0usize, usize::checked_add)?;
    let words = if misere { 1 } else { most_moves / 64 + 1 };
    let lines = directions
        .iter()
        .map(|d| line_count(dims, d))
        .try_fold(0u128, |a, b| a.checked_add(b?))?;
    Some((words, lines.checked_mul(words as u128)?))
}

/// How many lines of direction `d` cross the box.
fn line_count(dims: &[usize], d: &[usize]) -> Option<u128> {
    radices(dims, d)
        .into_iter()
        .try_fold(1u128, |n, r| n.checked_mul(r as u128))
}

/// The radix of each coordinate of a line of direction `d` (pivot `d[0]`):
/// a heap outside `d` keeps its size; a heap j in `d` other than the pivot
/// its difference from the pivot's, x[j] − x[pivot] + dims[pivot] − 1.
fn radices(dims: &[usize], d: &[usize]) -> Vec<usize> {
    let pivot = d[0];
    (0..dims.len())
        .filter(|&j| j != pivot)
        .map(|j| {
            if d.contains(&j) {
                dims[j] + dims[pivot] - 1
            } else {
                dims[j]
            }
        })
        .collect()
}

fn lines(dims: &[usize], d: &[usize]) -> Lines {
    let pivot = d[0];
    let mut coefficients = vec![0isize; dims.len()];
    let (mut offset, mut weight) = (0isize, 1isize);
    for (j, radix) in (0..dims.len())
        .filter(|&j| j != pivot)
        .zip(radices(dims, d))
    {
        coefficients[j] = weight;
        if d.contains(&j) {
            coefficients[pivot] -= weight;
            offset += (dims[pivot] as isize - 1) * weight;
        }
        weight *= radix as isize;
    }
    Lines {
        coefficients,
        offset,
        count: weight as usize,
    }
}

/// The moves along direction `d` from every position of the box: from x,
/// min over j in d of x[j]. Summed by distance: the positions with every
/// x[j] ≥ t, for t = 1, 2, ….
fn moves_along(dims: &[usize], d: &[usize]) -> usize {
    let others: usize = (0..dims.len())
        .filter(|j| !d.contains(j))
        .map(|j| dims[j])
        .product();
    let shortest = d.iter().map(|&j| dims[j]).min().unwrap_or(0);
    let along: usize = (1..shortest)
        .map(|t| d.iter().map(|&j| dims[j] - t).product::<usize>())
        .fold(0, usize::saturating_add);
    others.saturating_mul(along)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_number_each_line_once() {
        // Wythoff's diagonal on a 3 × 2 box: x1 − x0 + 2 runs over 0..4.
        let l = lines(&[3, 2], &[0, 1]);
        assert_eq!(l.count, 4);
        let mut ids: Vec<isize> = Vec::new();
        for x1 in 0..2isize {
            for x0 in 0..3isize {
                ids.push(l.offset + l.coefficients[0] * x0 + l.coefficients[1] * x1);
            }
        }
        assert_eq!(ids, vec![2, 1, 0, 3, 2, 1]);
    }

    #[test]
    fn moves_are_counted_by_distance() {
        // Nim on (0..3) × (0..2): Σ x0 + Σ x1 = 2·3 + 3·1 = 9 moves;
        // the diagonal adds one for each position with both heaps ≥ 1: 2.
        assert_eq!(moves_along(&[3, 2], &[0]), 6);
        assert_eq!(moves_along(&[3, 2], &[1]), 3);
        assert_eq!(moves_along(&[3, 2], &[0, 1]), 2);
    }
}
