//! The examples of the documents run as written: every `$ gamelang ...`
//! line of docs/TOUR.md and README.md, run from the repository's root (a file it names
//! that is not there is the ```game block written before it), prints what
//! the document shows after it. A `printf '...' |` before the command is
//! its standard input; a `| head -N` or `| tail -N` after it keeps those
//! lines. With `GAMELANG_BLESS=1` the documents are rewritten with what the
//! commands print (to be read over before they are committed).

use std::path::Path;

use crate::cli::gamelang_with_in;

/// One command of a document and what it prints.
struct Example {
    line: usize,
    args: Vec<String>,
    stdin: String,
    keep: Option<(bool, usize)>,
    /// The ```game block before the command, for a file it names that the
    /// repository does not have.
    file: Option<String>,
    shown: String,
    /// The lines of the document `shown` is (0-based, end excluded).
    lines: (usize, usize),
}

/// Splits a command line as a shell does: words, with '…' and "…" quoted.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

fn examples(text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut game: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i];
        i += 1;
        if !fence.starts_with("```") {
            continue;
        }
        let body_start = i;
        while i < lines.len() && lines[i] != "```" {
            i += 1;
        }
        let body = &lines[body_start..i];
        i += 1;
        if fence.starts_with("```game") {
            game = Some(body.join("\n") + "\n");
            continue;
        }
        let mut at = 0;
        while at < body.len() {
            let Some(command) = body[at].strip_prefix("$ ") else {
                at += 1;
                continue;
            };
            let end = (at + 1..body.len())
                .find(|&j| body[j].starts_with("$ "))
                .unwrap_or(body.len());
            let (mut stdin, mut rest) = (String::new(), command);
            if let Some(after) = command.strip_prefix("printf ") {
                let (input, tail) = after.split_once(" | ").expect("printf ... | gamelang");
                stdin = words(input).concat().replace("\\n", "\n");
                rest = tail;
            }
            let (command, keep) = match rest.split_once(" | ") {
                Some((command, filter)) => {
                    let filter = words(filter);
                    let n = filter[1].trim_start_matches('-').parse().expect("a count");
                    (command, Some((filter[0] == "head", n)))
                }
                None => (rest, None),
            };
            let args = words(command);
            assert_eq!(args[0], "gamelang", "line {}", body_start + at + 1);
            out.push(Example {
                line: body_start + at + 1,
                args: args[1..].to_vec(),
                stdin,
                keep,
                file: game.clone(),
                shown: body[at + 1..end].join("\n"),
                lines: (body_start + at + 1, body_start + end),
            });
            at = end;
        }
    }
    out
}

/// Lines without their trailing blanks.
fn trimmed(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

#[test]
fn the_tour_prints_what_it_shows() {
    assert!(runs_as_shown("docs/TOUR.md") >= 15);
}

#[test]
fn the_readme_prints_what_it_shows() {
    assert!(runs_as_shown("README.md") >= 2);
}

/// Runs every command of the document `path`, and asserts each prints
/// what the document shows; how many there were.
fn runs_as_shown(path: &str) -> usize {
    let root = Path::new(crate::ROOT);
    let text = std::fs::read_to_string(root.join(path)).expect("the document reads");
    let examples = examples(&text);
    let count = examples.len();
    let bless = std::env::var_os("GAMELANG_BLESS").is_some();
    let mut blessed: Vec<String> = text.lines().map(str::to_string).collect();
    for example in examples.into_iter().rev() {
        // A file the repository does not have is the block before it.
        let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tour");
        let mut dir = root.to_path_buf();
        for arg in &example.args {
            if arg.ends_with(".game") && !root.join(arg).exists() {
                std::fs::create_dir_all(&scratch).expect("a scratch directory");
                let text = example.file.as_deref().expect("a ```game block before it");
                std::fs::write(scratch.join(arg), text).expect("the file is written");
                dir = scratch.clone();
            }
        }
        let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
        let run = gamelang_with_in(&dir, &args, &example.stdin, &[("NO_COLOR", Some("1"))]);
        let printed = format!("{}{}", run.stdout, run.stderr);
        let mut lines: Vec<&str> = printed.lines().collect();
        match example.keep {
            Some((true, n)) => lines.truncate(n),
            Some((false, n)) => lines = lines.split_off(lines.len().saturating_sub(n)),
            None => {}
        }
        if bless {
            // What it prints, and the blank lines that followed it.
            let (start, end) = example.lines;
            let blank = (blessed[start..end].iter().rev())
                .take_while(|l| l.trim().is_empty())
                .count();
            let shown = trimmed(&lines.join("\n"));
            let new = (shown.lines().map(str::to_string)).chain(vec![String::new(); blank]);
            blessed.splice(start..end, new);
            continue;
        }
        assert_eq!(
            trimmed(&lines.join("\n")),
            trimmed(&example.shown),
            "{path}, the command at line {}: gamelang {}",
            example.line,
            example.args.join(" ")
        );
    }
    if bless {
        let text = blessed.join("\n") + "\n";
        std::fs::write(root.join(path), text).expect("the document is written");
    }
    count
}
