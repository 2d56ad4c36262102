//! Move blocks: run by the interpreter (`interpret`), the reference the
//! compiled code (`Code`) is held to, move for move. One compiler
//! (`compile`), generic over the kind of number, makes both the checked
//! code (`checked`: 128-bit integers, every operation checked) and the
//! narrow form (`narrow`: 64-bit machine integers where a proof holds them
//! small); `code` runs the narrow form where it holds and the checked code
//! past it. `state` holds what they share.

mod checked;
mod code;
mod compile;
mod divisors;
mod interpret;
mod narrow;
mod state;

pub use code::Code;
pub(crate) use interpret::becomes;
#[cfg(test)]
pub use interpret::scored_moves;
pub use interpret::{moves, said};
pub(super) use state::MAX_STEPS;
