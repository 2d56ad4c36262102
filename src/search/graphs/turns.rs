//! A scoring game's board held once up to its turns and reflections, the
//! rules checked to allow it at every position the search values.
//!
//! Where a game is a `board` and a turn T keeps its shape (any of the eight
//! of a square board; the half turn and the two reflections of another),
//! suppose the moves from T(p) are the images by T of the moves from p,
//! with the same points and the same `again`. Then T(p) and p have one
//! value: by induction on the plays below them, each move from T(p) is
//! worth what the matching move from p is, its target being the image of
//! the other's. The search then holds each position once, as the least of
//! its images (Dots and Boxes on 3 × 3 boxes: 2^24 positions held as about
//! an eighth of that).
//!
//! Nothing is assumed of the rules. At every position the search values,
//! it makes the moves from each image of the position as well, and holds
//! them to the images of the position's own moves; that is the induction's
//! step, checked where it is used. Where they differ — or where a play
//! reaches an image of a position on the stack, a cycle the turns may have
//! made — the search forgets what it found and starts again without turns.

use crate::moves::Orientation;
use crate::rules::Game;

/// The turns of a board, and the moves of a position as records to
/// compare: a move's `again` and points, then where it leads.
pub(super) struct Turns {
    rows: usize,
    cols: usize,
    /// The turns that keep the board's shape, the identity left out, each
    /// as where its image's cells come from: cell k of the image of a
    /// board is cell `from[k]` of the board.
    turns: Vec<Vec<usize>>,
    /// The same turns as where each cell goes: cell `from[k]` of a board
    /// is cell k of its image, and `to[from[k]] = k`.
    to: Vec<Vec<usize>>,
}

/// The words a move's record holds before the cells it changes: `again`,
/// and its points' two halves.
const HEAD: usize = 3;

impl Turns {
    /// The turns of `game`'s board `heaps` (its rows, its columns, then
    /// its cells), where the game is a board.
    pub fn of(game: &Game, heaps: &[u64]) -> Option<Turns> {
        match game.board {
            true => Turns::of_board(heaps),
            false => None,
        }
    }

    /// The turns of the board `heaps` (its rows, its columns, then its
    /// cells), where it is one.
    pub fn of_board(heaps: &[u64]) -> Option<Turns> {
        let rows = usize::try_from(*heaps.first()?).ok()?;
        let cols = usize::try_from(*heaps.get(1)?).ok()?;
        if rows.checked_mul(cols)?.checked_add(2)? != heaps.len() {
            return None;
        }
        let cells: Vec<usize> = (0..rows * cols).collect();
        let turns: Vec<Vec<usize>> = (Orientation::all().skip(1))
            .filter(|t| !t.swap || rows == cols)
            .map(|t| {
                let mut from = Vec::with_capacity(cells.len());
                t.cells_after(rows, cols, &cells, &mut from);
                from
            })
            .collect();
        let to = (turns.iter())
            .map(|from| {
                let mut to = vec![0; from.len()];
                for (k, &f) in from.iter().enumerate() {
                    to[f] = k;
                }
                to
            })
            .collect();
        Some(Turns {
            rows,
            cols,
            turns,
            to,
        })
    }

    /// How many images a position has, itself among them.
    pub fn count(&self) -> usize {
        self.turns.len() + 1
    }

    /// Whether `heaps` is a board of this shape.
    pub fn fits(&self, heaps: &[u64]) -> bool {
        heaps.len() == self.rows * self.cols + 2
            && heaps[0] == self.rows as u64
            && heaps[1] == self.cols as u64
    }

    /// Writes the image of `heaps` (a board of this shape) by turn `i`
    /// after what `out` holds.
    fn image_after(&self, i: usize, heaps: &[u64], out: &mut Vec<u64>) {
        // A turn that swaps the axes turns only a square: the shape stays.
        out.extend_from_slice(&heaps[..2]);
        let cells = &heaps[2..];
        out.extend(self.turns[i].iter().map(|&k| cells[k]));
    }

    /// Writes into `key` the least of `heaps` and its images; a position
    /// of another shape as it is. An image is compared cell by cell as it
    /// is read, and written out only where it is less.
    pub fn least(&self, heaps: &[u64], key: &mut Vec<u64>) {
        key.clear();
        key.extend_from_slice(heaps);
        if !self.fits(heaps) {
            return;
        }
        let cells = &heaps[2..];
        for from in &self.turns {
            let least = &key[2..];
            let first_apart = (from.iter().zip(least)).find(|&(&k, &l)| cells[k] != l);
            if let Some((&k, &l)) = first_apart
                && cells[k] < l
            {
                key.truncate(2);
                key.extend(from.iter().map(|&k| cells[k]));
            }
        }
    }

    /// Writes the record of a move from `here` to `after` into `out`:
    /// its `again` and points, then the cells it changes, each as its place
    /// and its new value, in order of place; `false` where either is not a
    /// board of this shape (no image to compare).
    pub fn record(
        &self,
        here: &[u64],
        after: &[u64],
        points: i128,
        again: bool,
        out: &mut Records,
    ) -> bool {
        if !self.fits(after) || !self.fits(here) {
            return false;
        }
        let words = &mut out.words;
        words.extend([u64::from(again), (points >> 64) as u64, points as u64]);
        for (k, (&a, &h)) in after[2..].iter().zip(&here[2..]).enumerate() {
            if a != h {
                words.extend([k as u64, a]);
            }
        }
        out.ends.push(words.len());
        true
    }

    /// The turns, by index.
    pub fn indices(&self) -> std::ops::Range<usize> {
        0..self.turns.len()
    }

    /// Writes into `out` the image by turn `i` of `heaps`, which fits.
    pub fn image(&self, i: usize, heaps: &[u64], out: &mut Vec<u64>) {
        out.clear();
        self.image_after(i, heaps, out);
    }

    /// Writes into `out` the records `records` of moves from a position,
    /// turned by turn `i`: the records of the images of the moves, from the
    /// image of the position.
    pub fn turn_records(&self, i: usize, records: &Records, out: &mut Records) {
        out.clear();
        let to = &self.to[i];
        let mut cells = Vec::new();
        for record in records.iter() {
            let (head, changed) = record.split_at(HEAD);
            cells.clear();
            cells.extend(changed.chunks(2).map(|c| (to[c[0] as usize] as u64, c[1])));
            cells.sort_unstable();
            out.words.extend_from_slice(head);
            out.words.extend(cells.iter().flat_map(|&(k, v)| [k, v]));
            out.ends.push(out.words.len());
        }
    }
}

/// The records of a position's moves (`Turns::record`), one after another.
#[derive(Default)]
pub(super) struct Records {
    words: Vec<u64>,
    /// Where each record ends in `words`.
    ends: Vec<usize>,
}

impl Records {
    pub fn clear(&mut self) {
        self.words.clear();
        self.ends.clear();
    }

    /// The records, in order.
    fn sorted(&self) -> Vec<&[u64]> {
        let mut list: Vec<&[u64]> = self.iter().collect();
        list.sort_unstable();
        list
    }

    fn iter(&self) -> impl Iterator<Item = &[u64]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        (starts.zip(&self.ends)).map(|(start, &end)| &self.words[start..end])
    }
}

/// Whether two lists of records hold the same records, in any order.
pub(super) fn same_records(a: &Records, b: &Records) -> bool {
    if a.ends.len() != b.ends.len() || a.words.len() != b.words.len() {
        return false;
    }
    a.sorted() == b.sorted()
}
