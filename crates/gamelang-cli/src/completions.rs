//! `gamelang completions SHELL`: the shell's completion script, from the
//! same clap definition the command line is parsed with.

use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;
use super::output::out;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang completions bash > ~/.local/share/bash-completion/completions/gamelang
  gamelang completions zsh > ~/.zfunc/_gamelang
  gamelang completions fish > ~/.config/fish/completions/gamelang.fish")]
pub struct Args {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: Shell,
}

pub fn run(args: Args) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "gamelang", &mut script);
    out(&String::from_utf8_lossy(&script));
    ExitCode::SUCCESS
}
