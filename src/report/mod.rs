//! Output: answers and tables as text for people and as JSON for programs.

mod answer;
pub mod describe;
mod diagnostics;
mod table;

pub use answer::{Advice, json, text};
pub use diagnostics::diagnostic_json;
pub use table::{table_json, table_text};

use serde_json::Value as Json;

/// An exact integer as a JSON number, of any size.
fn number(n: &impl std::fmt::Display) -> Json {
    serde_json::from_str(&n.to_string()).unwrap_or(Json::Null)
}
