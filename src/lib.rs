//! gamelang: impartial combinatorial games described in `.game` files, and
//! who wins them.
//!
//! The pipeline, one module a stage: [`syntax`] parses a file (grammar in
//! `grammar/gamelang.pest`) into a tree with spans; [`check`] resolves names,
//! parameters and positions and [`rules::lower`] lowers each game to one move
//! representation; [`known`] answers recognised games by closed forms, which
//! [`analysis::verify`] checks against the search; [`search`] builds the position graph
//! and evaluates Grundy values, with [`period`] proving periods; [`analysis`]
//! assembles an answer as values; [`play`] plays it against a person, perfectly;
//! [`report`] puts it into words and JSON.
//! Each stage's errors are its own enum, carrying the facts, gathered in
//! [`diagnostics::Error`].
//!
//! ```
//! use gamelang::analysis::{Analyzer, Grundy, Outcome};
//! use gamelang::{check::check, position::Position, report, source::Source};
//!
//! let source = Source::new("bash.game", "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash at 21");
//! let (program, errors) = check(&source, Vec::new());
//! assert!(errors.is_empty());
//! let answer = Analyzer::default().analyze(&program.questions[0]).unwrap();
//! // 21 stones, take 1 to 3: the first player wins by taking 1, leaving a
//! // multiple of 4 (Bash's game).
//! assert_eq!(answer.outcome, Outcome::N);
//! assert_eq!(answer.grundy, Grundy::Value(1u32.into()));
//! assert_eq!(answer.winning_moves[0].to, Position::from_u64s(&[20]));
//! // The same answer in words, as `gamelang analyze` prints it.
//! assert!(report::text(&answer, &|_| None).contains("take 1 → 20"));
//! ```
#![forbid(unsafe_code)]

pub mod analysis;
pub mod check;
pub mod driver;
pub mod error;
pub mod known;
pub mod misere;
pub mod moves;
pub mod period;
pub mod position;
pub mod report;
pub mod rules;
pub mod search;
pub mod source;
pub mod syntax;
