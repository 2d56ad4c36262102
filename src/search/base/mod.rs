//! What every engine stands on: budgets of moves, time and memory
//! (`budget`), arenas of positions (`arena`), the graph of the positions
//! reachable from a start (`reached`), and the search's errors (`error`).

pub(super) mod arena;
#[doc(hidden)]
pub mod budget;
pub(super) mod error;
pub(super) mod reached;
