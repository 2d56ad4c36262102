//! gamelang from Python: the extension module `gamelang._gamelang`, which
//! the package `gamelang` (python/gamelang/) re-exports.
//!
//! A source is loaded into a [`Program`] (`parse`, `load`); a program
//! answers `analyze` statements ([`Analysis`]), many positions of one game
//! at once ([`Many`]) and tables ([`Table`]). Every answer is the
//! library's, read as the command line's JSON reads it; every failure is a
//! `GameError` carrying its diagnostics as data. Long work runs off the GIL
//! and stops at Ctrl-C (`detached`).

mod answers;
mod detached;
mod errors;
mod json;
mod program;
mod table;
mod value;

use num_bigint::BigInt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use answers::{Analysis, Many};
use errors::{Diagnostic, GameError};
use program::{Limits, Program};
use table::Table;

/// Checks a `.game` source given as text: the program, or `GameError`
/// with every mistake found. `name` is the name its diagnostics show;
/// `settings` give parameters values (`"m=4"`, as `--set` does); the
/// limits are those of the command line's options of the same names
/// (`timeout` in seconds, 0 for none; `max_memory` in megabytes), the
/// library's defaults where None.
#[pyfunction]
#[pyo3(signature = (text, name = "<string>", *, settings = Vec::new(), timeout = None, max_positions = None, max_memory = None))]
fn parse(
    py: Python<'_>,
    text: &str,
    name: &str,
    settings: Vec<String>,
    timeout: Option<f64>,
    max_positions: Option<BigInt>,
    max_memory: Option<BigInt>,
) -> PyResult<Program> {
    let limits = Limits::new(timeout, max_positions, max_memory)?;
    within_size(name, text.len() as u64)?;
    Program::new(py, gamelang::Source::new(name, text), &settings, limits)
}

/// A source of at most `gamelang::MAX_BYTES`, as the command reads; a
/// larger one is a `ValueError`.
fn within_size(name: &str, bytes: u64) -> PyResult<()> {
    if bytes > gamelang::MAX_BYTES as u64 {
        return Err(PyValueError::new_err(format!(
            "{name} is larger than {} bytes, the most a source may be",
            gamelang::MAX_BYTES
        )));
    }
    Ok(())
}

/// Reads and checks the `.game` file at `path` (as `parse` does its text).
#[pyfunction]
#[pyo3(signature = (path, *, settings = Vec::new(), timeout = None, max_positions = None, max_memory = None))]
fn load(
    py: Python<'_>,
    path: std::path::PathBuf,
    settings: Vec<String>,
    timeout: Option<f64>,
    max_positions: Option<BigInt>,
    max_memory: Option<BigInt>,
) -> PyResult<Program> {
    let limits = Limits::new(timeout, max_positions, max_memory)?;
    let name = path.display().to_string();
    // The error names the file (`OSError`'s own says only what went wrong).
    let named = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => {
            pyo3::exceptions::PyFileNotFoundError::new_err(format!("{name}: no such file"))
        }
        _ => pyo3::exceptions::PyOSError::new_err(format!("{name}: {e}")),
    };
    within_size(&name, std::fs::metadata(&path).map_err(named)?.len())?;
    let text = std::fs::read_to_string(&path).map_err(named)?;
    Program::new(
        py,
        gamelang::Source::new(name.as_str(), text.as_str()),
        &settings,
        limits,
    )
}

#[pymodule]
fn _gamelang(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Memory limits hold for what the interpreter's process really holds.
    gamelang::watch_memory();
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_class::<Program>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<Many>()?;
    m.add_class::<Table>()?;
    m.add_class::<value::Value>()?;
    m.add_class::<answers::Picture>()?;
    m.add_class::<Diagnostic>()?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
