//! `GameError`: every failure of the library, raised with its diagnostics
//! as data and their report as its text.

use pyo3::prelude::*;
use pyo3::types::PyList;

use gamelang::{AnalysisError, Error};

pyo3::create_exception!(
    gamelang,
    GameError,
    pyo3::exceptions::PyException,
    "A source that does not check, a position that is not one, or a question with no answer: `diagnostics` lists each mistake (code, message, line, column, help), `code` is the first's code, and `str()` is the report the command line prints."
);

/// How wide a report's lines are.
const WIDTH: usize = 100;

/// One diagnostic: what is wrong, where, and what would help.
#[pyclass(module = "gamelang", frozen, get_all)]
pub struct Diagnostic {
    /// Its code, as ERRORS.md lists it: `check::unknown_game`.
    code: Option<String>,
    /// `error` or `warning`.
    severity: String,
    /// What is wrong.
    message: String,
    /// The name of the source it is in.
    file: Option<String>,
    /// Where its first label starts and ends: lines and columns from 1.
    line: Option<u64>,
    column: Option<u64>,
    end_line: Option<u64>,
    end_column: Option<u64>,
    /// What would help.
    help: Option<String>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        let at = match (&self.file, self.line, self.column) {
            (Some(file), Some(line), Some(column)) => format!(" at {file}:{line}:{column}"),
            _ => String::new(),
        };
        let code = self.code.as_deref().unwrap_or("error");
        format!("<Diagnostic {code}{at}: {}>", self.message)
    }
}

impl Diagnostic {
    fn of(error: &Error) -> Diagnostic {
        let json = gamelang::diagnostic_json(error);
        let text = |key: &str| json[key].as_str().map(str::to_string);
        let number = |key: &str| json[key].as_u64();
        Diagnostic {
            code: text("code"),
            severity: text("severity").unwrap_or_else(|| "error".into()),
            message: text("message").unwrap_or_default(),
            file: text("file"),
            line: number("line"),
            column: number("column"),
            end_line: number("end_line"),
            end_column: number("end_column"),
            help: text("help"),
        }
    }
}

/// `GameError` for `errors`.
pub fn game_error(py: Python<'_>, errors: &[Error]) -> PyErr {
    let report: Vec<String> = (errors.iter())
        .map(|e| gamelang::diagnostic_text(e, false, WIDTH))
        .collect();
    let error = GameError::new_err(report.join("\n").trim_end().to_string());
    let value = error.value(py);
    let diagnostics: Vec<Diagnostic> = errors.iter().map(Diagnostic::of).collect();
    let code = diagnostics.first().and_then(|d| d.code.clone());
    let set = || -> PyResult<()> {
        value.setattr("diagnostics", PyList::new(py, diagnostics)?)?;
        value.setattr("code", code)
    };
    match set() {
        Ok(()) => error,
        Err(e) => e,
    }
}

/// `GameError` for a question with no answer.
pub fn analysis_error(py: Python<'_>, error: AnalysisError) -> PyErr {
    game_error(py, &[error.into()])
}
