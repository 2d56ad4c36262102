//! The gamelang language server: an editor gets `check`'s errors and
//! warnings as the file is typed, the answers to its `analyze` statements
//! on hover and after each line (found in the background under a short
//! budget), a game's rules and closed form on hover, completion, go to
//! definition, references, rename, the outline, formatting (`gamelang
//! fmt`'s layout) and semantic highlighting.
//!
//! It speaks the Language Server Protocol over standard input and output
//! (`gamelang lsp`), with `lsp-server`'s message types and `lsp-types`'
//! protocol types; the loop, the framing and the workers are its own
//! (`server.rs`, `transport.rs`), so that a garbled frame is answered with
//! the protocol's parse error instead of ending the server.

mod answers;
mod complete;
mod diagnostics;
mod document;
mod guard;
mod highlight;
mod hover;
mod outline;
mod server;
mod transport;

pub use server::{capabilities, serve};

/// Serves the editor on standard input and output until it says `exit`
/// or closes them.
pub fn run() {
    serve(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
}
