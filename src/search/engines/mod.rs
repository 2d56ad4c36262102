//! The engines the solver chooses among, each a way of finding values: the
//! general search over positions (`general`), sums of positions made by
//! `becomes` (`sums`), both filling the box below the first position asked
//! in order where they can (`fill`), the one-heap engine (`heaps`), boxes of rays and runs
//! (`rays`, `run_boxes`), coins as the sum of their heads (`coins`), Node
//! and Arc Kayles by their components (`kayles`, their canonical forms
//! `canon`), strips split where cells can no longer change (`strip`),
//! boards split into regions (`regions`).

pub(crate) mod canon;
pub(super) mod coins;
mod fill;
pub(super) mod general;
#[doc(hidden)]
pub mod heaps;
pub(super) mod kayles;
pub(super) mod rays;
pub(super) mod regions;
pub(super) mod run_boxes;
pub(super) mod strip;
pub(super) mod sums;
