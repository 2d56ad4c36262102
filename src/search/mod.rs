//! The search: values of positions found by exploring the moves from them.
//! Each game gets one `Solver` for a whole run, so later positions reuse
//! earlier work. Games whose every move acts on one heap alone are sums of
//! one-heap games and use the one-heap engine (`heaps`); games whose moves
//! are rays evaluate the box below a position densely (`rays`), and so do
//! games of move blocks the compiler reads as runs (`run_boxes`); every
//! other game, and whatever does not fit a box, the general search over
//! the positions (`general`); games that can go on forever are labelled
//! by retrograde analysis (`loopy`). Compounds where several games move at
//! once are decided by how long each game's play lasts (`timing`).
//!
//! Its rooms, from the bottom up: `base` (budgets, arenas, the graph of
//! positions reached, `SearchError`), the words every engine shares
//! (`value`, `options`), `engines` (one room an engine), the `solver` that
//! chooses among them, and `graphs` (searches over the positions a solver
//! reaches). No file imports a room above its own, nor this face.

mod base;
mod engines;
mod graphs;
mod options;
mod solver;
pub(crate) mod value;

pub use base::budget::{Budget, Cancel, DEFAULT_MOVE_BUDGET, DEFAULT_TIMEOUT};
pub use base::error::SearchError;
pub(crate) use base::error::{move_error, too_large};
pub(crate) use engines::canon::{adjacency_of, canonical_form};
pub use engines::heaps::Values;
pub(crate) use engines::strip::{StripError, StripValues};
pub use engines::sums::Reduced;
pub use graphs::{compound, loopy, partizan, scoring, timing, ways};
// Whole rooms, for the modules and tests that name them.
pub use base::budget;
pub use base::reached::{Blamed, Listed};
pub use engines::heaps;
pub use options::{DEFAULT_MAX_BYTES, DEFAULT_MAX_POSITIONS, Options, Progress};
pub use solver::Solver;
pub use value::{After, Decomposition, Explored, Value};
