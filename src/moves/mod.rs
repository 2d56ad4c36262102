//! Move generation: every position one move away, for positions of machine-
//! word heaps. The lowered rules are compiled once per game into this form.
//!
//! `amounts` enumerates the amounts a rule may move, `kinds` the moves of
//! each kind of rule (splits enumerated by `rules::Split::parts`), `block`
//! runs move blocks (compiled once into closures, `block::Code`, held to
//! the interpreter beside it), and
//! `shapes` the combinatorics they share: splicing heaps, sets of heaps.

mod amounts;
mod block;
mod generator;
mod kinds;
pub mod octal_block;
mod orientation;
mod reach;
pub mod runs;
mod shapes;
mod stencil;
mod step;
pub(crate) mod strip;
mod sweep;
mod words;

pub use block::said;
/// The interpreter of move blocks: the reference the compiled code
/// (`Code`) is held to, move for move (`tests/it/nested_blocks.rs`).
#[cfg(test)]
pub(crate) use block::{Code, moves as interpret, scored_moves as interpret_scored};
pub use generator::{MoveGen, Ray};
pub(crate) use orientation::Orientation;
pub use runs::Runs;
pub(crate) use runs::{Branch, Lin};
pub(crate) use shapes::combinations;
pub use stencil::Stencils;
pub use step::{Along, RowPoints, Step};
pub use sweep::{Sweep, Swept};
pub use words::{MoveError, Next, Term, Within};
