//! Output: answers and tables as text for people and as JSON for programs.

mod answer;
pub mod describe;
mod diagnostics;
mod graph;
mod play;
mod svg;
mod table;

pub use answer::{Advice, json, text, text_in_colour};
pub use diagnostics::diagnostic_json;
pub use graph::{graph_dot, graph_json};
pub use play::{Played, move_text, place_text, play_json, play_title, reason_text};
pub use svg::{NOT_A_POSITION_COLOUR, P_COLOUR, table_svg};
pub use table::{table_json, table_text};

use serde_json::Value as Json;

/// An exact integer as a JSON number, of any size.
fn number(n: &impl std::fmt::Display) -> Json {
    serde_json::from_str(&n.to_string()).unwrap_or(Json::Null)
}
