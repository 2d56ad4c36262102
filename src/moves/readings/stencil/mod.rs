//! A board game's rules read as stencils (`stencils`: the rules, a board
//! split into regions, the moves made by the stencils), and the moves each
//! player is sure of and can make at most on a region (`bounds`).

mod bounds;
mod dominated;
mod stencils;

pub use bounds::{claims, sure_moves};
pub use stencils::{MoveBounds, Stencils, Takes};
