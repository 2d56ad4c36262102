//! Every example in docs/LANGUAGE.md and README.md is checked: a ```game
//! block must check cleanly, a ```game,error block must not.

use gamelang::check::check;
use gamelang::diagnostics::Source;

/// The ```game blocks of a Markdown file, with whether each is marked `error`.
fn blocks(path: &str) -> Vec<(String, bool)> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .expect("the document exists");
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
    assert!(check_examples("README.md") >= 1);
}
