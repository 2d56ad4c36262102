//! `gamelang known`: the catalogue of known games and their closed forms,
//! then how heaps too large to search are answered by a proven period.

use std::process::ExitCode;

use super::output::out;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang known
  gamelang known | grep -A3 wythoff")]
pub struct Args {
    /// Prints the catalogue as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    if args.json {
        let entries: Vec<serde_json::Value> = gamelang::known_games()
            .map(|e| {
                serde_json::json!({
                    "id": e.id,
                    "recognises": e.recognises,
                    "formula": e.formula,
                    "source": e.source,
                })
            })
            .collect();
        out(&format!("{}\n", serde_json::Value::Array(entries)));
        return ExitCode::SUCCESS;
    }
    let entries: Vec<String> = gamelang::known_games()
        .map(|e| {
            format!(
                "{}\n  recognises: {}\n  formula:    {}\n  source:     {}\n",
                e.id, e.recognises, e.formula, e.source
            )
        })
        .collect();
    out(&entries.join("\n"));
    ExitCode::SUCCESS
}
