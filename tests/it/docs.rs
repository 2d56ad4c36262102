//! Every game written in docs/LANGUAGE.md, docs/TOUR.md and README.md is
//! checked: a ```game block must check cleanly, a ```game,error block must
//! not. And the sources
//! `gamelang known` prints name publications a reader can look up.

use gamelang::check::check;
use gamelang::source::Source;

/// The ```game blocks of a Markdown file, with whether each is marked `error`.
fn blocks(path: &str) -> Vec<(String, bool)> {
    let text =
        std::fs::read_to_string(crate::common::root().join(path)).expect("the document exists");
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

/// What `gamelang known` prints as a source, and what README.md cites, is
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
                "cambridge philos"
            ]
            .iter()
            .any(|publication| source.contains(publication)),
            "{}: names no publication: {}",
            entry.id,
            entry.source
        );
    }
    let readme = std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR")))
        .expect("README.md exists");
    assert!(!readme.to_lowercase().contains("seed"));
}
