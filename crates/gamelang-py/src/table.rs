//! `Table`: a game's values over a range of positions (`gamelang table`),
//! its period, and its picture.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::PyList;

use gamelang::{Cell, Shape};

use crate::answers::numpy_array;
use crate::json::to_py;

/// A table of values: one heap's column g(0..N), two heaps' grid, or a box
/// of more heaps.
#[pyclass(module = "gamelang", frozen)]
pub struct Table {
    table: gamelang::Table,
}

impl Table {
    pub fn new(table: gamelang::Table) -> Table {
        Table { table }
    }

    /// Every cell, in order (a grid's rows, a box's last heap fastest), and
    /// the sides of the array they make.
    fn cells(&self) -> (Vec<Option<Cell>>, Vec<usize>) {
        match &self.table.shape {
            Shape::OneHeap { values, .. } => {
                let cells: Vec<_> = values.iter().collect();
                let len = cells.len();
                (cells, vec![len])
            }
            Shape::Grid { values, .. } => {
                let sides = vec![values.len(), values.first().map_or(0, Vec::len)];
                (values.iter().flatten().cloned().collect(), sides)
            }
            Shape::Box {
                heaps,
                side,
                values,
                ..
            } => (values.clone(), vec![*side; *heaps]),
            // A partizan table's cells are forms (`valued`), not values.
            Shape::Partizan { .. } => {
                let (valued, sides) = self.valued().unwrap_or_default();
                (vec![None; valued.len()], sides)
            }
        }
    }

    /// A partizan table's cells, in order, and the sides of the array they
    /// make; `None` for any other table.
    fn valued(&self) -> Option<(Vec<Option<&gamelang::PartizanCell>>, Vec<usize>)> {
        let Shape::Partizan { parts, values, .. } = &self.table.shape else {
            return None;
        };
        let cols = values.first().map_or(0, Vec::len);
        let sides = if *parts == 1 {
            vec![cols]
        } else {
            vec![values.len(), cols]
        };
        Some((values.iter().flatten().map(Option::as_ref).collect(), sides))
    }

    fn found_period(&self) -> Option<&gamelang::Period> {
        match &self.table.shape {
            Shape::OneHeap { period, .. } => period.as_ref(),
            _ => None,
        }
    }
}

#[pymethods]
impl Table {
    /// Each position's Grundy value: a NumPy array (one heap: g(0..N); two
    /// heaps: `values[a][b]`; more: one axis a heap) where NumPy is
    /// installed and every position has one, else nested lists with None
    /// where a position has none (not a position, misère, a draw); a
    /// scoring game's scores, as nested lists of ints.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        // A partizan game's: each canonical form as written.
        if let Some((valued, sides)) = self.valued() {
            let items = valued
                .iter()
                .map(|v| v.map(|v| v.value.as_str()).into_bound_py_any(py));
            return nested(py, items.collect::<PyResult<Vec<_>>>()?, &sides);
        }
        let (cells, sides) = self.cells();
        let grundy: Vec<Option<u32>> = cells.iter().map(|c| c.as_ref()?.grundy()).collect();
        if let Some(all) = grundy.iter().copied().collect::<Option<Vec<u32>>>() {
            let bytes: Vec<u8> = all.iter().flat_map(|g| g.to_le_bytes()).collect();
            if let Some(array) = numpy_array(py, &bytes, "<u4", &sides)? {
                return Ok(array);
            }
        }
        // A scoring game's cells are its scores, as ints.
        let items = (cells.iter().zip(&grundy)).map(|(c, g)| match c {
            Some(Cell::Score(score)) => score.into_bound_py_any(py),
            _ => g.into_bound_py_any(py),
        });
        nested(py, items.collect::<PyResult<Vec<_>>>()?, &sides)
    }

    /// Each position's outcome, "P", "N" or "D" (a partizan game's also
    /// "L" or "R"; None where it is not a position), shaped as `values`'
    /// lists are.
    #[getter]
    fn outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if let Some((valued, sides)) = self.valued() {
            let items = valued
                .iter()
                .map(|v| v.map(|v| v.outcome.letter()).into_bound_py_any(py));
            return nested(py, items.collect::<PyResult<Vec<_>>>()?, &sides);
        }
        let (cells, sides) = self.cells();
        let items = (cells.iter()).map(|c| {
            c.as_ref()
                .map(|c| c.outcome().letter())
                .into_bound_py_any(py)
        });
        nested(py, items.collect::<PyResult<Vec<_>>>()?, &sides)
    }

    /// The period of a one-heap game's values, g(n + period) = g(n) from
    /// `preperiod` on, where one was found; else None.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.found_period().map(|p| p.period)
    }

    /// Where the period starts, where one was found; else None.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.found_period().map(|p| p.preperiod)
    }

    /// Whether the period is proven for every n (by a theorem, checked far
    /// enough), not only seen in the values; None where none was found.
    #[getter]
    fn proven(&self) -> Option<bool> {
        self.found_period().map(|p| p.certificate.theorem.is_some())
    }

    /// The positions left blank because a rule cannot be applied on the
    /// way from them: (how many, the first one's error in words), or None
    /// where there are none.
    #[getter]
    fn undefined(&self) -> Option<(usize, String)> {
        (self.table.undefined.as_ref()).map(|u| (u.count, u.first.to_string()))
    }

    /// The command line's JSON for this table (`table --json`).
    fn to_json(&self) -> String {
        gamelang::table_json(&self.table).to_string()
    }

    /// `to_json()` as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &gamelang::table_json(&self.table))
    }

    /// The picture `table --format svg` draws: the values against n, or a
    /// grid's heat map.
    fn _repr_svg_(&self) -> String {
        gamelang::table_svg(&self.table)
    }

    /// The table in words, as `gamelang table` prints it.
    fn __str__(&self) -> String {
        gamelang::table_text(&self.table)
    }

    fn __len__(&self) -> usize {
        self.cells().0.len()
    }

    fn __repr__(&self) -> String {
        let sides: Vec<String> = self.cells().1.iter().map(usize::to_string).collect();
        format!(
            "<gamelang.Table of {}, {}>",
            self.table.game,
            sides.join(" × ")
        )
    }
}

/// `items` as lists nested to `sides` (the last side innermost).
fn nested<'py>(
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
    sides: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    match sides {
        [] | [_] => Ok(PyList::new(py, items)?.into_any()),
        [_, inner @ ..] => {
            let size: usize = inner.iter().product::<usize>().max(1);
            let mut rows = Vec::new();
            let mut items = items.into_iter();
            loop {
                let row: Vec<_> = items.by_ref().take(size).collect();
                if row.is_empty() {
                    break;
                }
                rows.push(nested(py, row, inner)?);
            }
            Ok(PyList::new(py, rows)?.into_any())
        }
    }
}
