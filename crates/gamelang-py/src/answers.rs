//! Answers as Python objects: `Analysis` (one question, everything about
//! it, read as the command line's JSON reads it), `Many` (who wins many
//! positions, and their values) and `Picture` (an SVG document that a
//! notebook shows).

use std::sync::OnceLock;

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use serde_json::Value as Json;

use std::collections::HashMap;

use num_bigint::{BigInt, BigUint};

use gamelang::{Answer, Brief, Count, Dyadic, Grundy, Outcome, Partizan};

use crate::json::to_py;

/// Everything about one question: who wins, the value, every winning move
/// and how it is known. Each attribute is the field of the same name of
/// `to_json()`, the command line's JSON for it, as a Python value.
#[pyclass(module = "gamelang", frozen)]
pub struct Analysis {
    answer: Answer,
    json: OnceLock<Json>,
}

impl Analysis {
    pub fn new(answer: Answer) -> Analysis {
        Analysis {
            answer,
            json: OnceLock::new(),
        }
    }

    fn json(&self) -> &Json {
        (self.json).get_or_init(|| gamelang::answer_json(&self.answer, &|_| None))
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json()[key])
    }

    /// A partizan answer's number, chosen by `of`, as a `Fraction`.
    fn fraction<'py>(
        &self,
        py: Python<'py>,
        of: impl Fn(&Partizan) -> Option<&Dyadic>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match self.answer.partizan.as_deref().and_then(of) {
            Some(x) => fraction(py, x),
            None => Ok(py.None().into_bound(py)),
        }
    }
}

/// `x` as a `Fraction`: its numerator over 2 to its exponent, from the
/// integers themselves.
fn fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let denominator = BigInt::from(1) << x.exponent();
    (py.import("fractions")?.getattr("Fraction")?).call1((x.numerator().clone(), denominator))
}

#[pymethods]
impl Analysis {
    /// Who wins: "P" (the player to move loses), "N" (the player to move
    /// wins), "D" (a draw), and for a partizan position "L" or "R" (Left or
    /// Right wins, whoever starts).
    #[getter]
    fn outcome(&self) -> &'static str {
        self.answer.outcome.letter()
    }

    /// The Grundy value, or None where there is none (a partizan or misère
    /// position, a draw).
    #[getter]
    fn grundy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.answer.grundy {
            Grundy::Value(g) => g.into_bound_py_any(py),
            _ => self.field(py, "grundy"),
        }
    }

    /// The winning moves listed, each a dict (`text`, `to`, `rule`, ...).
    #[getter]
    fn winning_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "winning_moves")
    }

    /// How many winning moves there are in all.
    #[getter]
    fn winning_move_count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.answer.winning_move_count {
            Count::Exact(n) => n.into_bound_py_any(py),
            Count::AtLeast(_) | Count::Unknown => Ok(py.None().into_bound(py)),
        }
    }

    /// How the answer was found: a dict with its `kind` ("closed-form",
    /// "search", "period", "canonical-form", ...) and its `text`.
    #[getter]
    fn method<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "method")
    }

    /// The position, as written after `at`.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "position")
    }

    /// What the answer leaves out, and why: each note a dict.
    #[getter]
    fn notes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "notes")
    }

    /// A scoring game's score with best play (the player to move's points
    /// from here on minus the other's), else None.
    #[getter]
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.answer.scoring {
            Some(scoring) => scoring.score.into_bound_py_any(py),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// A scoring game's best moves, each a dict (`text`, `to`, `points`,
    /// `again`, ...), else None.
    #[getter]
    fn best_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "best_moves")
    }

    /// A partizan position's canonical form (`"{1|-1}"`, `"^*"`), a `Value`
    /// that compares as a game (`a.value <= b.value`), else None.
    #[getter]
    fn value(&self) -> Option<crate::value::Value> {
        let text = self.answer.partizan.as_deref()?.value.clone()?;
        Some(crate::value::Value::new(text))
    }

    /// A partizan position's temperature (a `Fraction`; -1 for a number
    /// that is an integer), else None.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fraction(py, Partizan::temperature)
    }

    /// A partizan position's mean value (a `Fraction`), else None.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fraction(py, Partizan::mean)
    }

    /// Where play ends with Left moving first, both playing for the best
    /// number (a `Fraction`), else None.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fraction(py, |p| Some(&p.left_stop))
    }

    /// ... with Right moving first.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fraction(py, |p| Some(&p.right_stop))
    }

    /// Left's winning moves, moving first (partizan), each a dict.
    #[getter]
    fn left_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "left_moves")
    }

    /// Right's winning moves, moving first (partizan), each a dict.
    #[getter]
    fn right_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "right_moves")
    }

    /// A loopy partizan position with Left moving first: a dict of its
    /// `outcome` ("L", "R" or "D"), `remoteness`, best `moves` and
    /// `move_count`; else None.
    #[getter]
    fn left_first<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "left_first")
    }

    /// ... with Right moving first.
    #[getter]
    fn right_first<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "right_first")
    }

    /// A partizan sum played misère: a dict of its value in the
    /// dead-ending universe (`form`, None where there is none, then `code`
    /// and `outside`, or `stopped`); else None.
    #[getter]
    fn misere_value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "misere_value")
    }

    /// Whether a loopy partizan position is a stopper (no play from it
    /// goes on forever); None for a position that is not loopy.
    #[getter]
    fn stopper(&self) -> Option<bool> {
        self.answer.loopy.as_deref().and_then(|l| l.stopper)
    }

    /// A partizan position's thermograph as a picture, else None.
    #[getter]
    fn thermograph(&self) -> Option<Picture> {
        let partizan = self.answer.partizan.as_deref()?;
        let thermograph = partizan.thermograph.as_ref()?;
        let value = partizan
            .value
            .as_deref()
            .unwrap_or("a value too large to write");
        Some(Picture::new(gamelang::thermograph_svg(value, thermograph)))
    }

    /// The position drawn, where it is one board, else None.
    #[getter]
    fn board(&self) -> Option<Picture> {
        match self.answer.components.as_slice() {
            [only] if only.game.board => {
                Some(Picture::new(gamelang::board_svg(only.position.heaps())))
            }
            _ => None,
        }
    }

    /// The command line's JSON for this answer (`analyze --json`, one
    /// object of its array).
    fn to_json(&self) -> String {
        self.json().to_string()
    }

    /// `to_json()` as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.json())
    }

    /// A picture where there is one: the thermograph of a partizan
    /// position, else the board.
    fn _repr_svg_(&self) -> Option<String> {
        self.thermograph().or_else(|| self.board()).map(|p| p.svg)
    }

    /// The answer in words, as `gamelang analyze` prints it.
    fn __str__(&self) -> String {
        gamelang::answer_text(&self.answer, &|_| None)
    }

    fn __repr__(&self) -> String {
        let position = self.json()["position"].as_str().unwrap_or("").to_string();
        let game = self.json()["game"].as_str().unwrap_or("").to_string();
        format!(
            "<gamelang.Analysis {game} at {position}: {}>",
            self.answer.outcome.letter()
        )
    }
}

/// Who wins each of many positions, and its value, in order: nine bytes a
/// position where its value is below 2^64.
#[pyclass(module = "gamelang", frozen)]
#[derive(Default)]
pub struct Many {
    outcomes: Vec<Outcome>,
    /// Each position's Grundy value; `OTHER` where it has none, or one
    /// past 2^64 - 1 (then in `big`).
    grundy: Vec<u64>,
    big: HashMap<usize, BigUint>,
    /// The partizan positions' canonical forms, by position.
    values: HashMap<usize, String>,
}

/// In `Many::grundy`: no value below 2^64 - 1 (see `Many::big`).
const OTHER: u64 = u64::MAX;

impl Many {
    pub fn push(&mut self, brief: Brief) {
        let at = self.outcomes.len();
        self.outcomes.push(brief.outcome);
        let small = match brief.grundy {
            Grundy::Value(g) => match u64::try_from(&g) {
                Ok(g) if g != OTHER => Some(g),
                _ => {
                    self.big.insert(at, g);
                    None
                }
            },
            _ => None,
        };
        self.grundy.push(small.unwrap_or(OTHER));
        if let Some(value) = brief.value {
            self.values.insert(at, value);
        }
    }
}

#[pymethods]
impl Many {
    /// Each position's outcome: "P", "N", "D", "L" or "R".
    #[getter]
    fn outcomes(&self) -> Vec<&'static str> {
        self.outcomes.iter().map(|o| o.letter()).collect()
    }

    /// Each position's Grundy value (None where it has none): a NumPy
    /// array where NumPy is installed and every value is one below 2^64 -
    /// 1, else a list.
    #[getter]
    fn grundy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if !self.grundy.contains(&OTHER) {
            let bytes: Vec<u8> = self.grundy.iter().flat_map(|g| g.to_le_bytes()).collect();
            if let Some(array) = numpy_array(py, &bytes, "<u8", &[self.grundy.len()])? {
                return Ok(array);
            }
        }
        let values =
            (self.grundy.iter().enumerate()).map(|(at, &g)| match (g, self.big.get(&at)) {
                (OTHER, Some(big)) => big.clone().into_bound_py_any(py),
                (OTHER, None) => Ok(py.None().into_bound(py)),
                (g, _) => g.into_bound_py_any(py),
            });
        Ok(PyList::new(py, values.collect::<PyResult<Vec<_>>>()?)?.into_any())
    }

    /// Each partizan position's canonical form (None for the others).
    #[getter]
    fn values(&self) -> Vec<Option<String>> {
        (0..self.outcomes.len())
            .map(|at| self.values.get(&at).cloned())
            .collect()
    }

    /// How many positions have the outcome `outcome` ("P", "N", ...).
    fn count(&self, outcome: &str) -> usize {
        (self.outcomes.iter())
            .filter(|o| o.letter() == outcome)
            .count()
    }

    fn __len__(&self) -> usize {
        self.outcomes.len()
    }

    fn __repr__(&self) -> String {
        format!("<gamelang.Many of {} positions>", self.outcomes.len())
    }
}

/// `bytes` as a NumPy array of `dtype` (`"<u4"`) and `shape`, where NumPy
/// is installed.
pub fn numpy_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Ok(numpy) = py.import("numpy") else {
        return Ok(None);
    };
    let array = (numpy.getattr("frombuffer")?).call1((PyBytes::new(py, bytes), dtype))?;
    let shaped = array.call_method1("reshape", (shape.to_vec(),))?;
    // A copy of its own: the buffer is read-only.
    shaped.call_method0("copy").map(Some)
}

/// An SVG document, shown as a picture by a notebook.
#[pyclass(module = "gamelang", frozen)]
pub struct Picture {
    /// The document.
    #[pyo3(get)]
    svg: String,
}

impl Picture {
    pub fn new(svg: String) -> Picture {
        Picture { svg }
    }
}

#[pymethods]
impl Picture {
    fn _repr_svg_(&self) -> String {
        self.svg.clone()
    }

    fn __str__(&self) -> String {
        self.svg.clone()
    }

    fn __repr__(&self) -> String {
        format!("<gamelang.Picture, SVG of {} bytes>", self.svg.len())
    }
}
