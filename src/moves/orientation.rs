//! The turns and reflections of a rectangular board: the eight of a
//! square (the dihedral group of order 8), four of which keep a rectangle's
//! shape. Stencils are turned by them (`stencil`), and so are a scoring
//! game's boards (`search::graphs::turns`).

/// A turn or reflection of the board: the axes swapped first, then rows
/// and columns reversed as said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Orientation {
    pub swap: bool,
    pub flip_rows: bool,
    pub flip_cols: bool,
}

impl Orientation {
    /// The eight turns and reflections of a square, the identity first.
    pub fn all() -> impl Iterator<Item = Orientation> {
        (0..8).map(|i| Orientation {
            swap: i & 4 != 0,
            flip_rows: i & 2 != 0,
            flip_cols: i & 1 != 0,
        })
    }

    /// Where an offset goes.
    pub fn offset(self, (dr, dc): (i64, i64)) -> (i64, i64) {
        let (a, b) = if self.swap { (dc, dr) } else { (dr, dc) };
        (
            if self.flip_rows { -a } else { a },
            if self.flip_cols { -b } else { b },
        )
    }

    /// The board `rows` × `cols` (its cells row by row) turned: its cells
    /// written after what `out` holds, and its rows and columns.
    pub fn cells_after<T: Copy>(
        self,
        rows: usize,
        cols: usize,
        cells: &[T],
        out: &mut Vec<T>,
    ) -> (usize, usize) {
        out.extend(self.turned(rows, cols, cells));
        self.dims(rows, cols)
    }

    /// The rows and columns of a board `rows` × `cols` turned.
    pub fn dims(self, rows: usize, cols: usize) -> (usize, usize) {
        if self.swap {
            (cols, rows)
        } else {
            (rows, cols)
        }
    }

    /// The cells of the board `rows` × `cols` (row by row) turned, row by
    /// row, one at a time: a turned board is compared without being made.
    pub fn turned<T: Copy>(
        self,
        rows: usize,
        cols: usize,
        cells: &[T],
    ) -> impl Iterator<Item = T> + '_ {
        let (rows2, cols2) = self.dims(rows, cols);
        // Where the turned board's first cell comes from, and the steps to
        // the next cell along its row and down its column, in `cells`.
        let (along, down) = if self.swap {
            (cols as isize, 1)
        } else {
            (1, cols as isize)
        };
        let (along, down, start) = {
            let r0 = if self.flip_rows { rows2 - 1 } else { 0 } as isize;
            let c0 = if self.flip_cols { cols2 - 1 } else { 0 } as isize;
            let along = if self.flip_cols { -along } else { along };
            let down = if self.flip_rows { -down } else { down };
            let (r0, c0) = if self.swap { (c0, r0) } else { (r0, c0) };
            (along, down, r0 * cols as isize + c0)
        };
        (0..rows2).flat_map(move |r| {
            let row = start + r as isize * down;
            (0..cols2).map(move |c| cells[(row + c as isize * along) as usize])
        })
    }
}
