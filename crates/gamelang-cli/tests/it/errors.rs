//! The error catalogue, `docs/ERRORS.md`, is complete and true: every code
//! the source can report has a section; every section's example file, run
//! with its command, prints exactly what the catalogue shows, starting with
//! that code. `GAMELANG_BLESS=1` rewrites the printed parts instead of
//! comparing them, after a deliberate change of wording.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const CATALOGUE: &str = "docs/ERRORS.md";

/// One section of the catalogue.
struct Entry {
    code: String,
    /// The ```game block, written as `example.game`.
    file: Option<String>,
    /// The ```console block: the command's arguments after `gamelang`, and
    /// where its printed lines sit in the catalogue's lines.
    command: Option<(Vec<String>, std::ops::Range<usize>)>,
}

fn catalogue_path() -> PathBuf {
    Path::new(crate::ROOT).join(CATALOGUE)
}

fn entries(lines: &[&str]) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(code) = line
            .strip_prefix("## `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            entries.push(Entry {
                code: code.to_string(),
                file: None,
                command: None,
            });
        } else if let (Some(entry), Some(fence)) = (entries.last_mut(), line.strip_prefix("```")) {
            let end = (i + 1..lines.len())
                .find(|&j| lines[j] == "```")
                .unwrap_or_else(|| panic!("{CATALOGUE}:{}: a block without its end", i + 1));
            let body = &lines[i + 1..end];
            match fence {
                "game" => entry.file = Some(body.join("\n") + "\n"),
                "console" => {
                    let args = body
                        .first()
                        .and_then(|first| first.strip_prefix("$ gamelang "))
                        .unwrap_or_else(|| {
                            panic!("{CATALOGUE}:{}: starts with `$ gamelang`", i + 2)
                        });
                    let args = args.split_whitespace().map(str::to_string).collect();
                    entry.command = Some((args, i + 2..end));
                }
                other => panic!("{CATALOGUE}:{}: a block of {other:?}", i + 1),
            }
            i = end;
        }
        i += 1;
    }
    entries
}

/// Every code the source can report: each `code(gamelang::...)` of a
/// diagnostic, and the codes written out as strings.
fn codes_in_source() -> BTreeSet<String> {
    fn walk(dir: &Path, codes: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).expect("src/ reads") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, codes);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file reads");
                for piece in text.split("code(gamelang::").skip(1) {
                    let name: String = piece
                        .chars()
                        .take_while(|&c| c.is_ascii_lowercase() || c == '_' || c == ':')
                        .collect();
                    codes.insert(format!("gamelang::{name}"));
                }
                for piece in text.split("\"gamelang::").skip(1) {
                    let name: String = piece
                        .chars()
                        .take_while(|&c| c.is_ascii_lowercase() || c == '_' || c == ':')
                        .collect();
                    codes.insert(format!("gamelang::{}", name.trim_end_matches(':')));
                }
            }
        }
    }
    let mut codes = BTreeSet::new();
    // The library's codes, and the command line's own.
    walk(&Path::new(crate::ROOT).join("src"), &mut codes);
    walk(
        &Path::new(crate::ROOT).join("crates/gamelang-cli/src"),
        &mut codes,
    );
    codes
}

/// Runs `gamelang ARGS` in a directory of its own holding `example.game`;
/// returns the exit code and what it printed (stdout, then stderr).
fn run(code: &str, file: Option<&str>, args: &[String]) -> (Option<i32>, String) {
    run_with(code, file, args, false)
}

/// `run`, and where `bare`, without the command line's advice: the
/// library's words alone (`GAMELANG_NO_ADVICE`).
fn run_with(code: &str, file: Option<&str>, args: &[String], bare: bool) -> (Option<i32>, String) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("errors")
        .join(code.replace("::", "."));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let example = dir.join("example.game");
    match file {
        Some(text) => std::fs::write(&example, text).expect("the example is written"),
        None => {
            let _ = std::fs::remove_file(&example);
        }
    }
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamelang"));
    command.args(args).current_dir(&dir).env("NO_COLOR", "1");
    if bare {
        command.env("GAMELANG_NO_ADVICE", "1");
    }
    let output = command.output().expect("gamelang runs");
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = printed.lines().map(str::trim_end).collect();
    (output.status.code(), lines.join("\n").trim().to_string())
}

#[test]
fn every_code_is_in_the_catalogue_and_every_example_prints_what_it_shows() {
    let text = std::fs::read_to_string(catalogue_path()).expect("the catalogue exists");
    let mut lines: Vec<&str> = text.lines().collect();
    let entries = entries(&lines);

    let listed: BTreeSet<String> = entries.iter().map(|e| e.code.clone()).collect();
    assert_eq!(listed.len(), entries.len(), "a code listed twice");
    let in_source = codes_in_source();
    let missing: Vec<_> = in_source.difference(&listed).collect();
    assert!(missing.is_empty(), "{CATALOGUE} lacks {missing:?}");
    let stale: Vec<_> = listed.difference(&in_source).collect();
    assert!(
        stale.is_empty(),
        "{CATALOGUE} lists codes no source has: {stale:?}"
    );

    let bless = std::env::var_os("GAMELANG_BLESS").is_some();
    let mut printed_parts = Vec::new();
    for entry in &entries {
        let Some((args, printed_lines)) = &entry.command else {
            // Only a bug has no example (no input is known to cause it),
            // the explorer's answers over HTTP, which no command
            // prints (`serve::every_serve_code_is_answered` asks for each),
            // a census's database held by an earlier run, which one
            // command cannot make (`census::a_census_database_...` asks),
            // rows lost between the ranks of an MPI census (a bug), and a
            // misère value refused within an answer that exits 0
            // (`dead_ending::a_game_that_is_not_dead_ending_...` asks).
            assert!(
                entry.code == "gamelang::internal"
                    || entry.code == "gamelang::analysis::not_dead_ending"
                    || entry.code.starts_with("gamelang::serve::")
                    || entry.code == "gamelang::census::held"
                    || entry.code == "gamelang::census::ranks",
                "{} has no example",
                entry.code
            );
            continue;
        };
        let (exit, printed) = run(&entry.code, entry.file.as_deref(), args);
        assert!(
            matches!(exit, Some(1 | 2)),
            "{}: exit {exit:?}\n{printed}",
            entry.code
        );
        assert!(
            printed.starts_with(&entry.code),
            "{}: prints another code first:\n{printed}",
            entry.code
        );
        if bless {
            printed_parts.push((printed_lines.clone(), printed));
        } else {
            let shown = lines[printed_lines.clone()].join("\n");
            assert_eq!(
                shown.trim(),
                printed,
                "{}: {CATALOGUE} shows other words than gamelang prints (GAMELANG_BLESS=1 rewrites them)",
                entry.code
            );
        }
    }
    if bless {
        let mut blessed = String::new();
        // Later parts first, so that earlier line numbers stay right.
        for (range, printed) in printed_parts.iter().rev() {
            lines.splice(range.clone(), printed.lines());
        }
        for line in lines {
            blessed.push_str(line);
            blessed.push('\n');
        }
        std::fs::write(catalogue_path(), blessed).expect("the catalogue is written");
    }
}

/// Nothing below the command line names one of its options: every
/// example of the catalogue whose code the library reports (not the
/// command line's own, `crates/gamelang-cli/src/error.rs`), printed
/// without the command's advice, names no `--option`.
#[test]
fn no_library_error_names_a_command_line_option() {
    let text = std::fs::read_to_string(catalogue_path()).expect("the catalogue exists");
    let lines: Vec<&str> = text.lines().collect();
    let cli =
        std::fs::read_to_string(Path::new(crate::ROOT).join("crates/gamelang-cli/src/error.rs"))
            .expect("the command's errors read");
    let mut rendered = 0;
    for entry in entries(&lines) {
        let Some((args, _)) = &entry.command else {
            continue;
        };
        if cli.contains(&format!("code({})", entry.code)) {
            continue;
        }
        let (_, printed) = run_with(&entry.code, entry.file.as_deref(), args, true);
        assert!(
            printed.starts_with(&entry.code),
            "{}:\n{printed}",
            entry.code
        );
        rendered += 1;
        let named = printed
            .split("--")
            .skip(1)
            .find(|rest| rest.chars().next().is_some_and(|c| c.is_ascii_lowercase()));
        assert!(
            named.is_none(),
            "{}: the library names an option:\n{printed}",
            entry.code
        );
    }
    assert!(rendered > 60, "{rendered} examples rendered");
}

#[test]
fn a_bug_is_reported_coded_with_exit_3_in_text_and_in_json() {
    let run = |args: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamelang"))
            .args(args)
            .current_dir(crate::ROOT)
            .env("GAMELANG_PANIC", "1")
            .env("NO_COLOR", "1")
            .output()
            .expect("the gamelang binary runs");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert_eq!(output.status.code(), Some(3), "{stderr}");
        stderr
    };
    let text = run(&["analyze", "games/nim.game"]);
    assert!(text.contains("gamelang::internal"), "{text}");
    assert!(text.contains("a panic on purpose"), "{text}");
    assert!(text.contains("this is a bug in gamelang"), "{text}");
    let json = run(&["analyze", "games/nim.game", "--json"]);
    let items: serde_json::Value = serde_json::from_str(&json).expect("one JSON array");
    assert_eq!(items[0]["code"], "gamelang::internal", "{json}");
    assert!(
        (items[0]["message"].as_str()).is_some_and(|m| m.contains("a panic on purpose")),
        "{json}"
    );
}

#[test]
fn an_error_about_a_game_of_the_file_is_placed_at_that_game_in_json() {
    let nim = "// a comment first\ngame nim { heaps *; take 1.. }\n";
    let three = "\ngame g { heaps 3; take 1.. }\n";
    let pair = "\n\ngame p { position (a, b); play misere; move m { require a > 0; a -= 1 } }\n";
    let cases: [(&str, &str, &[&str], u64); 5] = [
        (
            "gamelang::quotient::normal_play",
            nim,
            &["quotient", "--json"],
            2,
        ),
        (
            "gamelang::table::heap_count",
            three,
            &["table", "--upto", "5", "--heaps", "2", "--json"],
            2,
        ),
        (
            "gamelang::quotient::not_heap_game",
            pair,
            &["quotient", "--json"],
            3,
        ),
        (
            "gamelang::search::too_many_moves",
            nim,
            &["table", "--upto", "100000", "--move-budget", "10", "--json"],
            2,
        ),
        (
            "gamelang::search::too_large",
            nim,
            &[
                "graph",
                "--at",
                "(3, 4, 5)",
                "--max-positions",
                "10",
                "--format",
                "json",
            ],
            2,
        ),
    ];
    for (code, text, args, line) in cases {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("placed")
            .join(code.replace("::", "."));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        std::fs::write(dir.join("g.game"), text).expect("written");
        let output = Command::new(env!("CARGO_BIN_EXE_gamelang"))
            .args(args)
            .arg("g.game")
            .current_dir(&dir)
            .output()
            .expect("gamelang runs");
        assert_eq!(output.status.code(), Some(1), "{code}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let items: serde_json::Value = serde_json::from_str(&stderr)
            .unwrap_or_else(|e| panic!("{code}: not one JSON array ({e}): {stderr}"));
        let error = &items[0];
        assert_eq!(error["code"], code, "{stderr}");
        assert_eq!(error["file"], "g.game", "{stderr}");
        assert_eq!(error["line"], line, "{code}: {stderr}");
    }
}
