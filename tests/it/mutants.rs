//! Hostile input, in the normal suite: the example games of `games/`,
//! mutated (tokens swapped for huge or zero numbers, keywords, brackets and
//! invisible characters; characters inserted, deleted and replaced; ranges
//! deleted, doubled, or spliced in from another example), run through every
//! stage in process with small limits (`exercise`), and formatted where
//! they parse (`format::holds_for`). A panic fails the test;
//! a stack overflow or an allocation failure aborts it.
//!
//! 10,000 mutants by default; `GAMELANG_MUTANTS=N` runs N.

use std::cell::Cell;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::exercise::exercise;

/// What a token may be replaced with: the numbers that size things (zero,
/// one, past 64 and 128 bits, a 200-digit one), keywords in the wrong
/// place, brackets, and characters a terminal does not show.
const HOSTILE: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "1000000",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "*",
    "..",
    "1..",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ",",
    ";",
    "=",
    "+",
    "-",
    "/",
    "%",
    "<=",
    "==",
    "heaps",
    "take",
    "from",
    "where",
    "misere",
    "game",
    "analyze",
    "at",
    "move",
    "choose",
    "in",
    "if",
    "else",
    "for",
    "let",
    "append",
    "remove",
    "becomes",
    "win when",
    "lose when",
    "draw when",
    "is power of",
    "analyze every",
    "analyze all",
    "analyze some",
    "analyze any",
    "power",
    "of",
    "and",
    "or",
    "not",
    "octal",
    "h[1]",
    "T[1]",
    "len(T)",
    "[3, 1, 4]",
    "h[0]",
    "h[99999999999999999999]",
    "len",
    "k",
    "\u{0}",
    "\u{a0}",
    "\u{b}",
    "é",
    "\"",
    "//",
    "",
];

/// One change to a text; the numbers choose where, reduced modulo the
/// text's length so that every mutation applies.
#[derive(Clone, Debug)]
enum Mutation {
    /// The i-th token becomes `HOSTILE[j]`.
    Token(usize, usize),
    /// The i-th token becomes a copy of the j-th token of the same text.
    Swap(usize, usize),
    /// A character inserted at i.
    Insert(usize, char),
    /// The character at i deleted.
    Delete(usize),
    /// Characters i..i+n deleted.
    Cut(usize, usize),
    /// Characters i..i+n written twice.
    Double(usize, usize),
    /// Characters of example `e`, from j, n of them, inserted at i.
    Splice(usize, usize, usize, usize),
    /// A number made of n nines at i.
    Digits(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = || any::<usize>();
    prop_oneof![
        4 => (at(), at()).prop_map(|(i, j)| Mutation::Token(i, j)),
        2 => (at(), at()).prop_map(|(i, j)| Mutation::Swap(i, j)),
        2 => (at(), any::<char>()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        2 => at().prop_map(Mutation::Delete),
        1 => (at(), 1..40usize).prop_map(|(i, n)| Mutation::Cut(i, n)),
        1 => (at(), 1..40usize).prop_map(|(i, n)| Mutation::Double(i, n)),
        1 => (at(), at(), at(), 1..80usize).prop_map(|(i, e, j, n)| Mutation::Splice(i, e, j, n)),
        1 => (at(), 20..400usize).prop_map(|(i, n)| Mutation::Digits(i, n)),
    ]
}

/// The example games' texts, read once.
fn examples() -> &'static [String] {
    static EXAMPLES: OnceLock<Vec<String>> = OnceLock::new();
    EXAMPLES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("games/ exists")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "game"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|path| std::fs::read_to_string(path).expect("an example reads"))
            .collect()
    })
}

/// Where the tokens of `text` are: runs of letters, digits and `_`, and
/// every other character that is not white space, as character ranges.
fn tokens(chars: &[char]) -> Vec<(usize, usize)> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        if word(chars[i]) {
            while i < chars.len() && word(chars[i]) {
                i += 1;
            }
        } else {
            i += 1;
        }
        if !chars[start].is_whitespace() {
            tokens.push((start, i));
        }
    }
    tokens
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let len = chars.len().max(1);
    let replace = |chars: &mut Vec<char>, (start, end): (usize, usize), with: &[char]| {
        chars.splice(start..end, with.iter().copied());
    };
    match *m {
        Mutation::Token(i, j) | Mutation::Swap(i, j) => {
            let tokens = tokens(&chars);
            if tokens.is_empty() {
                return text.to_string();
            }
            let at = tokens[i % tokens.len()];
            let with: Vec<char> = match m {
                Mutation::Token(..) => HOSTILE[j % HOSTILE.len()].chars().collect(),
                _ => {
                    let (s, e) = tokens[j % tokens.len()];
                    chars[s..e].to_vec()
                }
            };
            replace(&mut chars, at, &with);
        }
        Mutation::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
        Mutation::Delete(i) => {
            if !chars.is_empty() {
                chars.remove(i % len);
            }
        }
        Mutation::Cut(i, n) => {
            let start = i % len;
            let end = (start + n).min(chars.len());
            replace(&mut chars, (start.min(end), end), &[]);
        }
        Mutation::Double(i, n) => {
            let start = (i % len).min(chars.len());
            let end = (start + n).min(chars.len());
            let copy = chars[start..end].to_vec();
            replace(&mut chars, (end, end), &copy);
        }
        Mutation::Splice(i, e, j, n) => {
            let other: Vec<char> = examples()[e % examples().len()].chars().collect();
            let from = j % other.len().max(1);
            let piece = &other[from.min(other.len())..(from + n).min(other.len())];
            let at = i % (chars.len() + 1);
            replace(&mut chars, (at, at), piece);
        }
        Mutation::Digits(i, n) => {
            let at = i % (chars.len() + 1);
            replace(&mut chars, (at, at), &vec!['9'; n]);
        }
    }
    chars.into_iter().collect()
}

fn mutants() -> u32 {
    std::env::var("GAMELANG_MUTANTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

/// A runaway is a bug too: a mutant that runs past `RUNAWAY` is printed
/// and the test process ends at once (the searches have a 2 s timeout; the
/// other stages have no business taking seconds).
const RUNAWAY: Duration = Duration::from_secs(60);

struct Watchdog {
    current: Arc<Mutex<(Instant, String)>>,
}

impl Watchdog {
    fn start() -> Self {
        let current = Arc::new(Mutex::new((Instant::now(), String::new())));
        let watched = Arc::downgrade(&current);
        std::thread::spawn(move || {
            while let Some(current) = watched.upgrade() {
                let Ok((since, text)) = current.lock().map(|c| c.clone()) else {
                    return;
                };
                drop(current);
                if since.elapsed() > RUNAWAY {
                    // Past the test harness's capture, which the abort
                    // would lose.
                    let _ = writeln!(
                        std::io::stderr(),
                        "a runaway: this mutant ran past {RUNAWAY:?}:\n{text}"
                    );
                    std::process::abort();
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        });
        Watchdog { current }
    }

    fn watch(&self, text: &str) {
        if let Ok(mut current) = self.current.lock() {
            *current = (Instant::now(), text.to_string());
        }
    }
}

#[test]
fn mutated_examples_never_panic() {
    let examples = examples();
    assert!(examples.len() >= 10, "games/ holds the example games");
    let mut runner = TestRunner::new(Config {
        cases: mutants(),
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        0..examples.len(),
        proptest::collection::vec(mutation(), 1..4),
    );
    let answered = Cell::new(0usize);
    let refused = Cell::new(0usize);
    let watchdog = Watchdog::start();
    let result = runner.run(&strategy, |(example, mutations)| {
        let text = mutations
            .iter()
            .fold(examples[example].clone(), |text, m| apply(&text, m));
        watchdog.watch(&text);
        super::format::holds_for(&text);
        let reached = exercise(&text);
        answered.set(answered.get() + reached.answers);
        refused.set(refused.get() + reached.errors);
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    // The mutants reach every stage: some are still answered, and many are
    // refused with diagnostics.
    let (answered, refused) = (answered.get(), refused.get());
    eprintln!(
        "{} mutants: {answered} positions answered, {refused} diagnostics",
        mutants()
    );
    let floor = mutants() as usize / 10;
    assert!(answered > floor, "only {answered} answers");
    assert!(refused > floor, "only {refused} diagnostics");
}

#[test]
fn the_examples_themselves_are_answered_in_process() {
    for text in examples() {
        let reached = exercise(text);
        assert!(reached.answers > 0, "no answer for:\n{text}");
    }
}

#[test]
fn mutations_change_the_text_where_they_say() {
    let text = "game nim { heaps *\n take 1.. }";
    for (mutation, expected) in [
        (Mutation::Token(1, 0), "game 0 { heaps *\n take 1.. }"),
        (Mutation::Swap(0, 1), "nim nim { heaps *\n take 1.. }"),
        (Mutation::Cut(0, 5), "nim { heaps *\n take 1.. }"),
        (Mutation::Digits(4, 3), "game999 nim { heaps *\n take 1.. }"),
    ] {
        assert_eq!(apply(text, &mutation), expected, "{mutation:?}");
    }
}
