//! Deep inputs of every kind (issue 66): nesting, long sums, long `and` and
//! `or` chains, chains of games, deep values written and deep values
//! searched, each checked and answered on a test's own thread (2 MiB of
//! stack, as a spawned thread has), with a short timeout. Each ends in an
//! answer or a coded error — never a signal: a recursion that followed the
//! input's depth on the stack would abort this whole test run.

use std::time::Duration;

use gamelang::analysis::{self, Analyzer};
use gamelang::search::Options;
use gamelang::{Source, load, questions};
use proptest::prelude::*;

/// The kinds of depth a file can have.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// `take ((((1))))`.
    Parentheses,
    /// `- - - - 1`.
    Negations,
    /// `require h[1] >= 1 + 1 + ... + 1`.
    LongSum,
    /// `require h[1] > 0 and h[1] > 0 and ...`.
    AndChain,
    /// `require h[1] > 9 or h[1] > 8 or ...`.
    OrChain,
    /// `if h[1] > 0 { if ... } }` in a block.
    Blocks,
    /// `analyze g at 1 + g at 1 + ...`.
    Components,
    /// `analyze ^ + ^ + ...`.
    WrittenSum,
    /// `analyze {{{0|}|}|}`.
    Braces,
    /// `analyze {0|-1||-2|||-3}`.
    Bars,
    /// `game g0 { ... becomes g1 ... }`, `game g1 { ... becomes g2 ... }`...
    Becomes,
    /// A game whose positions' values nest as deep as the heap:
    /// G(n) = {0 | G(n - 1)}.
    SearchedDepth,
}

const KINDS: [Kind; 12] = [
    Kind::Parentheses,
    Kind::Negations,
    Kind::LongSum,
    Kind::AndChain,
    Kind::OrChain,
    Kind::Blocks,
    Kind::Components,
    Kind::WrittenSum,
    Kind::Braces,
    Kind::Bars,
    Kind::Becomes,
    Kind::SearchedDepth,
];

/// The deepest each kind is tried, past what the parser allows where it
/// bounds the kind (100 levels of nesting, 1,000 operators).
fn most(kind: Kind) -> usize {
    match kind {
        Kind::Parentheses | Kind::Negations | Kind::Blocks | Kind::Braces => 150,
        Kind::LongSum | Kind::AndChain | Kind::OrChain => 1_200,
        Kind::Components => 30_000,
        Kind::WrittenSum => 20_000,
        Kind::Bars => 1_500,
        Kind::Becomes => 4_000,
        Kind::SearchedDepth => 30_000,
    }
}

/// A file of `kind`, `n` deep.
fn file(kind: Kind, n: usize) -> String {
    let game = |rule: &str| format!("game g {{ heaps 1; {rule} }}\n");
    let block = |body: &str| game(&format!("move m {{ {body}; h[1] -= 1 }}"));
    match kind {
        Kind::Parentheses => {
            game(&format!("take {}1{}", "(".repeat(n), ")".repeat(n))) + "analyze g at 9\n"
        }
        Kind::Negations => {
            block(&format!("require h[1] > {}1", "- ".repeat(n))) + "analyze g at 9\n"
        }
        Kind::LongSum => {
            block(&format!("require h[1] >= {}", vec!["1"; n].join(" + "))) + "analyze g at 9\n"
        }
        Kind::AndChain => {
            block(&format!("require {}", vec!["h[1] > 0"; n].join(" and "))) + "analyze g at 9\n"
        }
        Kind::OrChain => {
            let sides: Vec<String> = (0..n).map(|i| format!("h[1] > {}", i % 9)).collect();
            block(&format!("require {}", sides.join(" or "))) + "analyze g at 9\n"
        }
        Kind::Blocks => {
            let body = format!("{}h[1] -= 1{}", "if h[1] > 0 { ".repeat(n), " }".repeat(n));
            game(&format!("move m {{ require h[1] > 0; {body} }}")) + "analyze g at 9\n"
        }
        Kind::Components => {
            game("take 1..2") + &format!("analyze {}\n", vec!["g at 1"; n].join(" + "))
        }
        Kind::WrittenSum => {
            let terms = ["^", "*", "v*", "{1|0}", "1/2", "*3"];
            let sum: Vec<&str> = (0..n).map(|i| terms[i % terms.len()]).collect();
            format!("analyze {}\n", sum.join(" + "))
        }
        Kind::Braces => format!("analyze {}0{}\n", "{".repeat(n), "|}".repeat(n)),
        Kind::Bars => {
            let mut value = String::from("0");
            for i in 1..n {
                value.push_str(&"|".repeat(i));
                value.push_str(&format!("-{i}"));
            }
            format!("analyze {{{value}}}\n")
        }
        Kind::Becomes => {
            let mut text = String::new();
            for i in 0..n {
                text.push_str(&format!(
                    "game g{i} {{ heaps 1; move m {{ require h[1] >= 1; becomes g{} at (h[1] - 1) }} }}\n",
                    i + 1
                ));
            }
            text + &format!("game g{n} {{ heaps 1; take 1 }}\nanalyze g0 at 5\n")
        }
        Kind::SearchedDepth => format!(
            "game g {{
                heaps 1
                left move zero {{ require h[1] > 0; h[1] = 0 }}
                right move down {{ require h[1] > 0; h[1] -= 1 }}
            }}
            analyze g at {n}\n"
        ),
    }
}

/// The stack each case runs on: a spawned thread's, whatever thread the
/// test runner gives.
const STACK: usize = 2 << 20;

/// Checks and answers the file of `kind`, `n` deep, on a thread of `STACK`.
fn checked_and_answered(kind: Kind, n: usize) {
    let run = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || on_this_thread(kind, n))
        .expect("a thread");
    if let Err(panic) = run.join() {
        std::panic::resume_unwind(panic);
    }
}

/// Checks and answers the file as the command would, a second allowed each
/// question: whatever it gives, it gives as a value.
fn on_this_thread(kind: Kind, n: usize) {
    let text = file(kind, n);
    let source = Source::new("deep.game", text.as_str());
    let program = match load(&source, &[] as &[&str]) {
        Ok(program) => program,
        Err(errors) => {
            assert!(!errors.is_empty(), "{kind:?} {n}: an empty error");
            return;
        }
    };
    let asked = match questions(&program, None, &[]) {
        Ok(asked) => asked,
        Err(_) => return,
    };
    let mut analyzer = Analyzer::new(analysis::Options {
        search: Options {
            timeout: Some(Duration::from_secs(1)),
            max_bytes: 256 << 20,
            ..Options::default()
        },
        max_moves: 3,
        ..analysis::Options::default()
    });
    for question in &asked {
        match analyzer.analyze(question) {
            Ok(answer) => {
                let _ = gamelang::answer_text(&answer, &|_| None);
                let _ = gamelang::answer_json(&answer, &|_| None);
            }
            Err(error) => assert!(!error.to_string().is_empty(), "{kind:?} {n}"),
        }
    }
    let _ = gamelang::format(&text);
}

#[test]
fn every_kind_of_depth_at_its_deepest_is_answered_or_refused() {
    for kind in KINDS {
        checked_and_answered(kind, most(kind));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_kind_of_depth_is_answered_or_refused(kind in 0..KINDS.len(), part in 1..=1000usize) {
        let kind = KINDS[kind];
        checked_and_answered(kind, (most(kind) * part).div_ceil(1000));
    }
}
