//! `gamelang known`: the catalogue of known games and their closed forms.

use std::process::ExitCode;

use gamelang::known::CATALOGUE;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Prints the catalogue as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    if args.json {
        let entries: Vec<serde_json::Value> = CATALOGUE
            .iter()
            .map(|e| {
                serde_json::json!({
                    "id": e.id,
                    "recognises": e.recognises,
                    "formula": e.formula,
                    "source": e.source,
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(entries));
        return ExitCode::SUCCESS;
    }
    for (i, e) in CATALOGUE.iter().enumerate() {
        if i > 0 {
            println!();
        }
        println!("{}", e.id);
        println!("  recognises: {}", e.recognises);
        println!("  formula:    {}", e.formula);
        println!("  source:     {}", e.source);
    }
    ExitCode::SUCCESS
}
