//! JSON values as plain Python values: what the command line's JSON says,
//! read as `json.loads` would (numbers of any size as ints).

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value as Json;

/// `value` as a Python value.
pub fn to_py<'py>(py: Python<'py>, value: &Json) -> PyResult<Bound<'py, PyAny>> {
    match value {
        Json::Null => Ok(py.None().into_bound(py)),
        Json::Bool(b) => b.into_bound_py_any(py),
        Json::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_bound_py_any(py),
            (_, Some(i)) => i.into_bound_py_any(py),
            // Past 64 bits: Python's int reads the digits (the answers
            // hold no other numbers).
            _ => py
                .import("builtins")?
                .getattr("int")?
                .call1((n.to_string(),)),
        },
        Json::String(s) => s.into_bound_py_any(py),
        Json::Array(items) => {
            let items = items
                .iter()
                .map(|v| to_py(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, items)?.into_any())
        }
        Json::Object(map) => {
            let dict = PyDict::new(py);
            for (key, v) in map {
                dict.set_item(key, to_py(py, v)?)?;
            }
            Ok(dict.into_any())
        }
    }
}
