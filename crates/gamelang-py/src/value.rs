//! `Value`: a partizan position's canonical form, as written, compared as a
//! game: `a.value <= b.value` holds when the first is at most the second
//! (Left does at least as well in the second; Siegel, *Combinatorial Game
//! Theory*, §II.1), `==` when they are equal games; a string written as a
//! value (`"{1|-1}"`, `"+-1"`) compares alike.

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use gamelang::{DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT, Forms, Relation};

/// The most characters a value is written in, as an answer writes one.
const MAX_TEXT: usize = 1 << 16;

/// A canonical form as written, compared as a game.
#[pyclass(module = "gamelang", frozen)]
pub struct Value {
    text: String,
}

impl Value {
    pub fn new(text: String) -> Value {
        Value { text }
    }
}

/// The text of `other`: a `Value`'s, or a string's; `None` for anything
/// else.
fn text_of(other: &Bound<'_, PyAny>) -> Option<String> {
    if let Ok(value) = other.cast::<Value>() {
        return Some(value.get().text.clone());
    }
    other
        .cast::<PyString>()
        .ok()?
        .to_cow()
        .ok()
        .map(|s| s.into_owned())
}

/// Why a loopy value (`over`, `{0|pass}`) is not a `Value`.
fn loopy(text: &str) -> String {
    format!(
        "`{text}` is a loopy value: a Value holds a short game (its canonical form); analyze a loopy one in a file"
    )
}

/// A store of forms that works within the default limits of a question
/// (an operation such as `norton(G, U)` may ask for much).
fn bounded() -> Forms {
    Forms::bounded(DEFAULT_TIMEOUT, DEFAULT_MAX_BYTES)
}

/// The canonical form of `text` in `forms`, or why there is none.
fn form(forms: &mut Forms, text: &str) -> Result<gamelang::Form, String> {
    let written = gamelang::read_value(text)
        .map_err(|e| format!("`{text}` is not a value: {}", e.message))?;
    let form = forms.written(&written).ok_or_else(|| loopy(text))?;
    match forms.stopped() {
        None => Ok(form),
        Some(_) => Err(format!(
            "`{text}` was not valued within the default limits ({} s, {} MB)",
            DEFAULT_TIMEOUT.as_secs(),
            DEFAULT_MAX_BYTES >> 20
        )),
    }
}

/// How `g` stands to `h`, both read as values.
fn relation(g: &str, h: &str) -> Result<Relation, String> {
    let mut forms = bounded();
    let (gf, hf) = (form(&mut forms, g)?, form(&mut forms, h)?);
    let relation = forms.compare(gf, hf);
    match forms.stopped() {
        None => Ok(relation),
        Some(_) => Err(format!(
            "`{g}` and `{h}` were not compared within the default limits"
        )),
    }
}

#[pymethods]
impl Value {
    /// A value from its text, as a file writes one: `Value("{1|-1}")`.
    #[new]
    fn py_new(text: &str) -> PyResult<Value> {
        let mut forms = bounded();
        let form = form(&mut forms, text).map_err(PyValueError::new_err)?;
        // A canonical form can be far longer to write than the sum that
        // makes it: written within the answers' own bound.
        let text = forms.text_within(form, MAX_TEXT).ok_or_else(|| {
            PyValueError::new_err(format!(
                "the canonical form of `{text}` is longer than {MAX_TEXT} characters to write"
            ))
        })?;
        Ok(Value::new(text))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Value('{}')", self.text)
    }

    /// The canonical form's text hashed: equal values are one text.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut hasher);
        hasher.finish()
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = text_of(other) else {
            return Ok(py.NotImplemented());
        };
        let answer = |holds: bool| -> PyResult<Py<PyAny>> {
            Ok(holds.into_pyobject(py)?.to_owned().into_any().unbind())
        };
        let equality = matches!(op, CompareOp::Eq | CompareOp::Ne);
        let asked_equal = matches!(op, CompareOp::Eq);
        // Canonical forms are unique: the same text is the same game.
        if other == self.text && equality {
            return answer(asked_equal);
        }
        let found = match relation(&self.text, &other) {
            Ok(found) => found,
            // A text that is no value equals none.
            Err(_) if equality => return answer(!asked_equal),
            Err(message) => return Err(PyValueError::new_err(message)),
        };
        answer(match op {
            CompareOp::Lt => found == Relation::Less,
            CompareOp::Le => matches!(found, Relation::Less | Relation::Equal),
            CompareOp::Eq => found == Relation::Equal,
            CompareOp::Ne => found != Relation::Equal,
            CompareOp::Gt => found == Relation::Greater,
            CompareOp::Ge => matches!(found, Relation::Greater | Relation::Equal),
        })
    }
}
