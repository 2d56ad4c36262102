//! A move block's readings: what a block is found to be, once, so that its
//! moves are made without running it, each reading checked against the
//! block run move by move. An octal code (`octal_block`: a block that is
//! one); runs (`runs`: a block read once as affine pieces over the heaps),
//! both computing with the affine forms of `affine`; a sweep (`sweep`: one
//! `choose` whose values each make a move into a sum affine in its
//! variable); a fixed shift (`shift`: requires, points and heaps moved by
//! numbers, read along a row of positions); stencils (`stencil`: a board
//! rule as pinned cells at offsets from an anchor, a board split into
//! regions); strips (`strip`: rules that look at a window of cells, the
//! same all along a row).

mod affine;
pub mod octal_block;
pub mod runs;
mod shift;
mod stencil;
pub(crate) mod strip;
mod sweep;

pub use runs::Runs;
pub use shift::{Along, RowPoints, Shift};
pub use stencil::{MoveBounds, Stencils, Takes, claims, sure_moves};
pub use sweep::{Sweep, Swept};
