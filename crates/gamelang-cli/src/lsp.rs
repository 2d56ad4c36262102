//! `gamelang lsp`: the language server (the `gamelang-lsp` crate), on
//! standard input and output, for an editor to start.

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Started by an editor, not by hand: see editors/README.md for VS Code,
Neovim and Helix."
)]
pub struct Args {
    /// Speak over standard input and output (the only way; accepted
    /// because editors' clients pass it).
    #[arg(long)]
    stdio: bool,
}

pub fn run(_args: Args) -> ExitCode {
    gamelang_lsp::run();
    ExitCode::SUCCESS
}
