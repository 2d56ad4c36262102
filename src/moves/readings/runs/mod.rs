//! Move blocks read as runs. For positions of a fixed number of heaps, a
//! block is run once with the heaps unknown. A `choose` over a few constant
//! values is followed value by value; one other `choose` on each way
//! through the block is left unknown too (call it c). Every value is kept
//! as an affine form
//! `k + t·c + Σ x[i]·h[i]`. A `min`, a `max`, an `if` or an `or` whose
//! sides differ by more than a constant splits the run in two, each side
//! with the inequality that selects it; a `require` adds its inequality.
//! What comes out is a list of pieces: inequalities over the heaps and c,
//! and the heaps after the move, affine in c; and where an assignment
//! would set a heap below 0, a piece that fails. From a position, a piece's
//! moves are the positions at c = lo, lo + 1, …, hi, a run along one line,
//! found without running the block.
//!
//! Whatever the forms cannot say exactly — a product of two unknowns, a
//! division by one, a heap index that is not a constant, a second unknown
//! `choose`, heaps added or removed — leaves the block unread, and the
//! search runs it move by move as before.
//!
//! `path` holds the ways through a block (their forms are
//! `super::affine`), `read` runs a block over them; here are the pieces
//! read, and the moves they make from a position.

mod path;
pub mod pieces;
mod read;

pub use pieces::Runs;
pub(crate) use pieces::{Branch, Lin};
pub(crate) use read::read;
