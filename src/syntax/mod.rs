//! The syntax of `.game` files: the syntax tree, the parser, and syntax errors.
//!
//! [`parse_file`] reads a whole file (recovering at the next `game` or
//! `analyze` line after an error); [`parse_position`] and [`parse_arg`] read
//! the values given to `--at` and `--set`; [`format`](mod@format) lays a file out;
//! [`symbols`] finds every name and where each is written.

// A `Statement` is mostly a `RuleDef`; the tree is built once per file, so the
// size difference between its variants does not matter.
#[allow(clippy::large_enum_variant)]
pub mod ast;
pub mod error;
pub mod format;
pub mod lex;
mod parse;
pub mod symbols;

pub use error::SyntaxError;
pub use parse::{parse_analyze, parse_arg, parse_file, parse_position};
