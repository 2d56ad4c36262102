//! The `gamelang` command's tests, one binary: the built binary run end to
//! end on every file of `games/` and on small mistakes, the error catalogue
//! (`docs/ERRORS.md`) run as written, and what the command prints for play,
//! graphs, tables, pictures and quotients.

/// The workspace's root: the commands run there, as the README's do.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

// The library's test helpers (loading the example games, analyzing a
// position), shared with its own tests.
#[path = "../../../../tests/it/common.rs"]
#[allow(dead_code)]
mod common;

mod census;
mod cli;
mod docs;
mod errors;
mod explorer;
mod hostile;
mod loopy;
mod lsp;
mod manners;
mod many;
mod neovim;
mod pictures;
mod play;
mod quotient;
mod serve;
