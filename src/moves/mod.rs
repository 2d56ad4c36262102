//! Move generation: every position one move away, for positions of machine-
//! word heaps. The lowered rules are compiled once per game into this form.
//!
//! `amounts` enumerates the amounts a rule may move, `kinds` the moves of
//! each kind of rule (splits enumerated by `rules::Split::parts`), `block`
//! runs move blocks (compiled once into closures, `block::Code`, held to
//! the interpreter beside it), and
//! `shapes` the combinatorics they share: splicing heaps, sets of heaps;
//! `readings` what a block is found to be, once (an octal code, runs, a
//! sweep, a fixed shift, stencils, strips); `turning` and `ending` what a
//! board's blocks are proven to do (turn with the board, end every play).

mod amounts;
mod anchor;
mod block;
mod directed;
mod ending;
mod generator;
mod graphs;
mod kinds;
mod orientation;
mod reach;
mod readings;
mod shapes;
mod swap;
mod turning;
mod words;

pub use block::said;
/// The interpreter of move blocks: the reference the compiled code
/// (`Code`) is held to, move for move (`tests/it/nested_blocks.rs`).
#[cfg(test)]
pub(crate) use block::{Code, moves as interpret, scored_moves as interpret_scored};
pub(crate) use ending::plays_end;
pub use generator::{MoveGen, Ray};
pub(crate) use graphs::{colourings, cuts, picks};
pub(crate) use orientation::Orientation;
#[cfg(test)]
pub use readings::runs;
pub(crate) use readings::runs::{Branch, Lin};
pub(crate) use readings::strip;
pub use readings::{
    Along, MoveBounds, RowPoints, Runs, Shift, Stencils, Sweep, Swept, Takes, claims, octal_block,
    sure_moves,
};
pub(crate) use shapes::combinations;
pub(crate) use turning::turns_with_board;
pub use words::{MoveError, Next, Term, Within};
