//! Output: answers and tables as text for people and as JSON for programs.

mod answer;
mod board;
pub mod describe;
mod diagnostics;
mod drawing;
mod graph;
mod list;
mod method;
mod play;
mod quotient;
mod svg;
mod table;
mod thermograph;
mod words;

pub use answer::{Advice, CENSUS_FACTS, boards_text, census_row, json, text, text_in_colour};
pub use board::{REMOVED_COLOUR, board_svg};
pub use diagnostics::{diagnostic_json, diagnostic_text};
pub use drawing::graph_svg;
pub use graph::{graph_dot, graph_json};
pub use list::{Row, asked_text, list_text, statement_text};
pub use play::{
    compound_reason_text, ending_text, move_text, place_boards_text, place_text, play_json,
    play_title, reason_text, scoring_reason_text, side_board_text, side_move_text, side_move_words,
    side_play_json, side_position_text, side_reason_text,
};
pub use quotient::{quotient_json, quotient_text};
pub use svg::{L_COLOUR, NOT_A_POSITION_COLOUR, P_COLOUR, R_COLOUR, table_svg};
pub use table::{table_json, table_summary_text, table_text, table_text_in_colour};
pub use thermograph::{WALL_COLOUR, thermograph_svg, thermographs_svg};
