//! Terminal manners: `--color`, NO_COLOR, completions, and `-` for
//! standard input.

use crate::cli::{gamelang, gamelang_with};

/// The ANSI escape that starts a colour.
const ESCAPE: &str = "\u{1b}[";

#[test]
fn color_always_colours_the_outcome_and_never_does_not() {
    let coloured = gamelang_with(
        &["analyze", "games/bash.game", "--color", "always"],
        "",
        &[("NO_COLOR", None)],
    );
    coloured.exits(0);
    assert!(
        coloured.stdout.contains(&format!("{ESCAPE}1;32mN")),
        "{}",
        coloured.stdout
    );
    let plain = gamelang_with(
        &["analyze", "games/bash.game", "--color", "never"],
        "",
        &[("NO_COLOR", None)],
    );
    assert!(!plain.stdout.contains(ESCAPE), "{}", plain.stdout);
    // The table's outcomes too: bash's P at 0 in red.
    let table = gamelang_with(
        &[
            "table",
            "games/bash.game",
            "--upto",
            "4",
            "--color",
            "always",
        ],
        "",
        &[],
    );
    assert!(
        table.stdout.contains(&format!("{ESCAPE}1;31mP")),
        "{}",
        table.stdout
    );
}

#[test]
fn no_color_and_pipes_mean_no_colour_unless_asked() {
    // Not a terminal: no colour, with or without NO_COLOR.
    for no_color in [None, Some("1")] {
        let run = gamelang_with(
            &["check", "games/bash.game", "games/nim.game"],
            "",
            &[("NO_COLOR", no_color)],
        );
        assert!(!run.stdout.contains(ESCAPE) && !run.stderr.contains(ESCAPE));
    }
    // Errors in colour when asked, even with NO_COLOR set.
    let run = gamelang_with(
        &["check", "-", "--color", "always"],
        "game g {",
        &[("NO_COLOR", Some("1"))],
    );
    run.exits(1);
    assert!(run.stderr.contains(ESCAPE), "{}", run.stderr);
}

#[test]
fn completions_for_three_shells_mention_every_subcommand() {
    let subcommands = [
        "check",
        "analyze",
        "table",
        "known",
        "graph",
        "play",
        "completions",
    ];
    for shell in ["bash", "zsh", "fish"] {
        let run = gamelang(&["completions", shell]);
        run.exits(0);
        for sub in subcommands {
            assert!(run.stdout.contains(sub), "{shell} lacks {sub}");
        }
    }
}

#[test]
fn a_dash_reads_the_game_from_standard_input() {
    let text = "game nim { heaps *\n take 1.. }\nanalyze nim at (1, 2, 3)\n";
    let run = gamelang_with(&["analyze", "-", "--json"], text, &[]);
    run.exits(0);
    assert!(run.stdout.contains("\"outcome\": \"P\""), "{}", run.stdout);
    gamelang_with(&["check", "-"], text, &[]).exits(0);
    // Diagnostics name standard input.
    gamelang_with(&["check", "-"], "game g {", &[("NO_COLOR", Some("1"))])
        .exits(1)
        .stderr_has("<stdin>:1:");
}
