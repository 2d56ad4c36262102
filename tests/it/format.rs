//! `gamelang fmt`'s layout (`syntax::format`): every example in `games/`
//! and the docs is in it; re-spacing a file any way the grammar allows
//! gives back the same layout; formatting changes no token and so not the
//! program read (the same syntax tree, spans aside), and formatting twice
//! is formatting once. The hostile-input mutants (`mutants.rs`) hold the
//! last two on 10,000 broken files as well.

use proptest::prelude::*;

use gamelang::syntax::format::format;
use gamelang::syntax::parse_file;

use super::common::root;

/// The syntax tree of `text`, printed with every span left out.
fn tree(text: &str) -> String {
    let printed = format!("{:?}", parse_file(text).0);
    let mut out = String::with_capacity(printed.len());
    let mut rest = printed.as_str();
    while let Some(at) = rest.find("SourceSpan {") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('}').map_or(rest.len(), |i| at + i + 1);
        out.push('_');
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Holds what formatting must keep, for a text that parses: the same tree,
/// and formatting the result changes nothing.
pub fn holds_for(text: &str) {
    let Ok(formatted) = format(text) else {
        return;
    };
    assert_eq!(tree(&formatted), tree(text), "{text:?} → {formatted:?}");
    assert_eq!(
        format(&formatted).as_deref(),
        Ok(formatted.as_str()),
        "formatting {text:?} twice"
    );
}

/// The example games, by name and text.
fn examples() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(root().join("games"))
        .expect("games/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p.display().to_string(), text)
        })
        .collect();
    out.sort();
    out
}

/// The `game` blocks of the docs that teach the language (ERRORS.md shows
/// mistakes, and keeps them as written).
fn doc_blocks() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for doc in ["README.md", "docs/LANGUAGE.md", "docs/TOUR.md"] {
        let text = std::fs::read_to_string(root().join(doc)).expect("readable");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("```game\n") {
            let body = &rest[at + 8..];
            let end = body.find("```").expect("a closed block");
            out.push((doc.to_string(), body[..end].to_string()));
            rest = &body[end..];
        }
    }
    out
}

#[test]
fn every_example_game_is_formatted() {
    for (name, text) in examples() {
        assert_eq!(format(&text).as_deref(), Ok(text.as_str()), "{name}");
        holds_for(&text);
    }
}

#[test]
fn every_game_in_the_docs_is_formatted() {
    let blocks = doc_blocks();
    assert!(blocks.len() > 20, "the docs' game blocks were found");
    for (doc, text) in blocks {
        // A block showing a syntax error is left as it is.
        if let Ok(formatted) = format(&text) {
            assert_eq!(formatted, text, "a block of {doc}");
        }
    }
}

/// Two signs keep a space between them: `- -1`, never `--1`, which reads
/// back as a graph's edge `--` (found by the mutants test: formatting was
/// not the same twice).
#[test]
fn two_signs_stay_apart() {
    let text = "game g {\n    heaps 1\n    take k where k == - - 1\n}\n";
    holds_for(text);
    assert!(format(text).unwrap().contains("k == - -1"));
}

/// A lone carriage return ends a line, as the grammar's `NEWLINE` does:
/// two statements apart stay apart (found by the mutants test: formatting
/// joined them into one line that parses otherwise). "\r\n" ends a line
/// once.
#[test]
fn a_lone_carriage_return_ends_a_line() {
    let text = "game g {\n    heaps 1\r    take 1  \r  take 2\n}\n";
    holds_for(text);
    assert_eq!(
        format(text).unwrap(),
        "game g {\n    heaps 1\n    take 1\n    take 2\n}\n"
    );
    // Inside a comment it stays, as the parser reads the comment to "\n".
    holds_for("// a comment o\rf two parts\ngame g {\n    heaps 1\n}\n");
    let windows = "game g {\r\n    heaps 1\r\n    take 1\r\n}\r\n";
    holds_for(windows);
    assert_eq!(
        format(windows).unwrap(),
        "game g {\n    heaps 1\n    take 1\n}\n"
    );
}

#[test]
fn a_file_with_a_syntax_error_is_not_formatted() {
    let errors = format("game g { heaps 1; take 1.. \nanalyze g at 3\n").expect_err("refused");
    assert!(!errors.is_empty());
}

/// `text` re-spaced: spaces and tabs widened, added after brackets and
/// commas, removed beside them, indents changed, blank lines doubled and
/// trailing spaces added: never a token or a line break changed (words in
/// quotes are one token, kept as written).
fn respaced(text: &str, choices: &[u8]) -> String {
    let mut out = String::new();
    let mut pick = choices.iter().cycle().copied();
    for line in text.lines() {
        match pick.next().unwrap_or(0) % 4 {
            0 => out.push_str("\t "),
            // A blank line doubled: a run of them is one.
            1 if line.is_empty() => out.push('\n'),
            _ => {}
        }
        // A comment is kept as written, but for the space that ends it.
        let (code, comment) = line.split_at(line.find("//").unwrap_or(line.len()));
        let mut chars = code.trim_start().chars().peekable();
        while let Some(c) = chars.next() {
            if c == '"' {
                out.push(c);
                for q in chars.by_ref() {
                    out.push(q);
                    if q == '"' {
                        break;
                    }
                }
                continue;
            }
            let free = matches!(c, '(' | ')' | '{' | '}' | ',' | '[' | ']');
            if c == ' ' {
                match pick.next().unwrap_or(0) % 3 {
                    0 => out.push_str("  \t"),
                    _ => out.push(' '),
                }
                continue;
            }
            out.push(c);
            // Beside a bracket or comma: spaces removed or added.
            if free {
                while chars.peek() == Some(&' ') && pick.next().unwrap_or(0) % 2 == 0 {
                    chars.next();
                }
                if pick.next().unwrap_or(0) % 3 == 0 {
                    out.push(' ');
                }
            }
        }
        out.push_str(comment);
        if pick.next().unwrap_or(0) % 3 == 0 {
            out.push_str("  ");
        }
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn respacing_a_file_gives_back_its_layout(
        which in 0usize..1000,
        choices in proptest::collection::vec(any::<u8>(), 1..64),
    ) {
        let all: Vec<(String, String)> = examples().into_iter().chain(doc_blocks()).collect();
        let (name, text) = &all[which % all.len()];
        let Ok(formatted) = format(text) else {
            return Ok(());
        };
        let messy = respaced(&formatted, &choices);
        prop_assert_eq!(tree(&messy), tree(&formatted), "{} re-spaced: {:?}", name, messy);
        let again = format(&messy);
        prop_assert_eq!(again.as_deref(), Ok(formatted.as_str()), "{} re-spaced: {:?}", name, messy);
    }
}
