//! The language server in a real editor: Neovim, headless, with its own LSP
//! client (`editors/neovim/e2e.lua`) opens a file with a mistake, gets the
//! diagnostic at its line and column, hovers an `analyze` line and gets
//! its outcome, and formats the file.
//!
//! Neovim is not part of the Rust toolchain: `.ci/run` installs it (Debian's
//! package) and sets `GAMELANG_REQUIRE_NVIM=1`, so that there the test
//! cannot pass without running. Elsewhere, without `nvim`, it says so and
//! passes.

use std::process::Command;

use crate::cli::TempGame;

#[test]
fn neovim_gets_diagnostics_hover_and_formatting_from_gamelang_lsp() {
    let found = Command::new("nvim").arg("--version").output();
    if found.is_err() {
        assert!(
            std::env::var_os("GAMELANG_REQUIRE_NVIM").is_none(),
            "GAMELANG_REQUIRE_NVIM is set but nvim is not installed"
        );
        eprintln!("nvim is not installed: the real-editor test did not run");
        return;
    }
    let file = TempGame::new(
        "neovim",
        "game  bash( m=3 ){\n    heaps 1\n    take 1..m\n}\nanalyze bash at 21\nanalyze bsh at 3\n",
    );
    let out = format!("{}.out", file.path());
    let script = std::path::Path::new(crate::ROOT).join("editors/neovim/e2e.lua");
    let status = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("GAMELANG_BIN", env!("CARGO_BIN_EXE_gamelang"))
        .env("GAMELANG_FILE", file.path())
        .env("GAMELANG_OUT", &out)
        .status()
        .expect("nvim runs");
    assert!(status.success(), "{status}");
    let got = std::fs::read_to_string(&out).expect("the script wrote what it got");
    let _ = std::fs::remove_file(&out);
    let lines: Vec<&str> = got.lines().collect();
    assert!(lines.contains(&"diagnostics arrived: true"), "{got}");
    // `bsh` on line 6, column 9: the unknown game.
    assert!(
        lines.contains(&"diagnostic 6:9 gamelang::check::unknown_game"),
        "{got}"
    );
    let hover = (lines.iter())
        .find(|l| l.starts_with("hover "))
        .expect("a hover");
    assert!(
        hover.contains("outcome: N (the player to move wins)"),
        "{got}"
    );
    let formatted: Vec<&str> = (lines.iter())
        .filter_map(|l| l.strip_prefix("formatted "))
        .collect();
    assert_eq!(
        formatted,
        [
            "game bash(m = 3) {",
            "    heaps 1",
            "    take 1..m",
            "}",
            "analyze bash at 21",
            "analyze bsh at 3"
        ],
        "{got}"
    );
}
