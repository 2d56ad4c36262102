//! `gamelang quotient FILE --upto N`: the misère quotient of a heap game's
//! sums of heaps up to N (of every heap, once a period proves it).

use std::process::ExitCode;

use gamelang::{Analyzer, Options};

use super::input::{GameFile, Timeout, saturating};
use super::output::{Output, out};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang quotient games/misere_kayles.game --upto 200
  gamelang quotient games/misere_kayles.game --upto 40 --json")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// The largest heap: the quotient of every sum of heaps up to it (it
    /// stops sooner when a period proves it for every heap).
    #[arg(long, value_name = "N", default_value_t = 200)]
    upto: u64,
    /// Prints the quotient as JSON.
    #[arg(long)]
    json: bool,
    /// The most elements the quotient may have.
    #[arg(long, value_name = "N", default_value_t = 2048, value_parser = saturating::<usize>)]
    max_order: usize,
    /// The most work growing it may take [default: 100000000, about a
    /// second].
    #[arg(long, value_name = "N", value_parser = saturating::<u64>)]
    work: Option<u64>,
    #[command(flatten)]
    timeout: Timeout,
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.json
    }
}

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    let (game, defined) = match args.input.game(output) {
        Ok(chosen) => chosen,
        Err(code) => return code,
    };
    let mut analyzer = Analyzer::new(Options {
        search: gamelang::SearchOptions {
            timeout: args.timeout.duration(),
            ..gamelang::SearchOptions::default()
        },
        ..Options::default()
    });
    match analyzer.quotient(&game, args.upto, args.max_order, args.work) {
        Ok((q, stopped)) if args.json => {
            let json = gamelang::quotient_json(&game.title(), &q, stopped.as_ref());
            out(&format!(
                "{}\n",
                serde_json::to_string_pretty(&json).unwrap_or_default()
            ));
            ExitCode::SUCCESS
        }
        Ok((q, stopped)) => {
            out(&gamelang::quotient_text(
                &game.title(),
                &q,
                stopped.as_ref(),
            ));
            ExitCode::SUCCESS
        }
        Err(e) => output.fail_about_game(e.into(), &game.source, defined),
    }
}
