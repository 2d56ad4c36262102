//! Every game written in docs/LANGUAGE.md, docs/TOUR.md and README.md is
//! checked: a ```game block must check cleanly, a ```game,error block must
//! not. And the sources
//! `gamelang known` prints name publications a reader can look up.

use gamelang::check::check;
use gamelang::source::Source;

/// The ```game blocks of a Markdown file, with whether each is marked `error`.
fn blocks(path: &str) -> Vec<(String, bool)> {
    let text =
        std::fs::read_to_string(super::common::root().join(path)).expect("the document exists");
    let mut out = Vec::new();
    let mut current: Option<(String, bool)> = None;
    for line in text.lines() {
        match (&mut current, line.trim_start()) {
            (None, fence) if fence.starts_with("```game") => {
                current = Some((String::new(), fence.contains("error")));
            }
            (Some(_), "```") => out.extend(current.take()),
            (Some((code, _)), _) => {
                code.push_str(line);
                code.push('\n');
            }
            (None, _) => {}
        }
    }
    out
}

fn check_examples(path: &str) -> usize {
    let examples = blocks(path);
    for (i, (code, should_fail)) in examples.iter().enumerate() {
        let (_, errors) = check(
            &Source::new(format!("{path} example {i}"), code.as_str()),
            Vec::new(),
        );
        assert_eq!(
            !errors.is_empty(),
            *should_fail,
            "{path}, example {i}:\n{code}\n{errors:?}"
        );
    }
    examples.len()
}

#[test]
fn language_reference_examples_check() {
    assert!(check_examples("docs/LANGUAGE.md") >= 10);
}

#[test]
fn readme_examples_check() {
    assert!(check_examples("README.md") >= 2);
}

#[test]
fn tour_examples_check() {
    assert!(check_examples("docs/TOUR.md") >= 3);
}

/// What `gamelang known` prints as a source, and what docs/SOURCES.md cites, is
/// something a reader can look up: never the seed notes this project was
/// started from (they are named only in tests and code comments).
#[test]
fn sources_are_ones_a_reader_can_look_up() {
    for entry in gamelang::known::listed() {
        let source = entry.source.to_lowercase();
        assert!(!source.contains("seed"), "{}: {}", entry.id, entry.source);
        assert!(
            [
                "annals of math",
                "nieuw archief",
                "winning ways",
                "ferguson",
                "oeis a",
                "cambridge philos",
                // A contest problem with its published editorial.
                "codeforces round"
            ]
            .iter()
            .any(|publication| source.contains(publication)),
            "{}: names no publication: {}",
            entry.id,
            entry.source
        );
    }
    for doc in ["README.md", "docs/SOURCES.md"] {
        let text = std::fs::read_to_string(format!("{}/{doc}", env!("CARGO_MANIFEST_DIR")))
            .expect("the document exists");
        assert!(!text.to_lowercase().contains("seed"), "{doc}");
    }
}

/// Every file that `check` accepts is answered or refused for a reason of
/// its own, never by a bug of gamelang's ("this is a bug in gamelang", an
/// internal error): each `analyze` statement of every example game and
/// every game block of the documents, with small limits.
#[test]
fn no_accepted_example_meets_a_bug_when_analyzed() {
    use miette::Diagnostic;
    let mut files: Vec<(String, String)> = Vec::new();
    for path in ["docs/LANGUAGE.md", "docs/TOUR.md", "README.md"] {
        for (i, (code, error)) in blocks(path).into_iter().enumerate() {
            if !error {
                files.push((format!("{path} example {i}"), code));
            }
        }
    }
    let games = super::common::root().join("games");
    for entry in std::fs::read_dir(games).expect("games/") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a game file");
        files.push((path.display().to_string(), text));
    }
    let mut analyzed = 0;
    for (name, text) in files {
        let (program, errors) = check(&Source::new(name.as_str(), text.as_str()), Vec::new());
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let mut analyzer = gamelang::analysis::Analyzer::new(gamelang::analysis::Options {
            search: gamelang::search::Options {
                max_positions: 200_000,
                timeout: Some(std::time::Duration::from_secs(2)),
                ..gamelang::search::Options::default()
            },
            ..gamelang::analysis::Options::default()
        });
        for question in &program.questions {
            analyzed += 1;
            if let Err(e) = analyzer.analyze(question) {
                let help = e.help().map(|h| h.to_string()).unwrap_or_default();
                assert!(!help.contains("bug in gamelang"), "{name}: {e}\n{help}");
                assert!(!e.to_string().contains("internal error"), "{name}: {e}");
            }
        }
    }
    assert!(analyzed >= 50, "{analyzed} questions");
}

/// The README stays short and, like the other first words a reader meets
/// (LANGUAGE.md's, the library's page), is about both halves: impartial
/// and partizan games.
#[test]
fn the_first_words_are_about_both_halves_and_the_readme_is_short() {
    let read = |path: &str| {
        std::fs::read_to_string(super::common::root().join(path)).expect("the document reads")
    };
    let readme = read("README.md");
    assert!(
        readme.lines().count() <= 200,
        "README.md: {} lines",
        readme.lines().count()
    );
    let first_paragraph = |text: &str| -> String {
        (text.lines())
            .skip_while(|l| l.starts_with('#') || l.trim().is_empty())
            .take_while(|l| !l.trim().is_empty() && *l != "//!")
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (path, text) in [
        ("README.md", readme.clone()),
        ("docs/LANGUAGE.md", read("docs/LANGUAGE.md")),
        ("src/lib.rs", read("src/lib.rs")),
    ] {
        let first = first_paragraph(&text);
        assert!(
            first.contains("impartial") && first.contains("partizan"),
            "{path}: {first}"
        );
    }
}
