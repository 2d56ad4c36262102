//! gamelang: impartial combinatorial games described in `.game` files, and
//! who wins them.
//!
//! The pipeline, one module a stage (docs/ARCHITECTURE.md draws it):
//! [`syntax`] parses a file (grammar in `grammar/gamelang.pest`) into a
//! tree with spans; [`check`] resolves names, parameters and positions and
//! lowers each game to [`rules`], one move representation; the search
//! finds values, the known games' closed forms answer without it, misère
//! theory (genus, quotients) answers misère sums; [`analysis`] is the one
//! orchestrator (answers, tables, plays, graphs), each answer a value;
//! [`report`] puts values and diagnostics into words and JSON. The
//! [`driver`] is what every front end calls: load a source with parameter
//! values from outside it, read a position, ask the file's questions.
//! Every stage's error is its own enum carrying the facts; [`Error`] is any
//! of them.
//!
//! This is the library's face. The engines' insides (move generation, the
//! search's engines, the periods, misère quotients) are public only for the
//! project's tests and benchmarks: hidden from these docs, and no promise.
//!
//! ```
//! use gamelang::{Analyzer, Grundy, Outcome, Position, Source, driver, report};
//!
//! let source = Source::new("bash.game", "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash at 21");
//! let program = driver::load(&source, &[] as &[&str]).unwrap();
//! let question = &driver::questions(&program, None, &[]).unwrap()[0];
//! let answer = Analyzer::default().analyze(question).unwrap();
//! // 21 stones, take 1 to 3: the first player wins by taking 1, leaving a
//! // multiple of 4 (Bash's game).
//! assert_eq!(answer.outcome, Outcome::N);
//! assert_eq!(answer.grundy, Grundy::Value(1u32.into()));
//! assert_eq!(answer.winning_moves[0].to, Position::from_u64s(&[20]));
//! // The same answer in words, as `gamelang analyze` prints it.
//! assert!(report::text(&answer, &|_| None).contains("take 1 → 20"));
//! // And with another parameter value, as `--set m=4` gives it.
//! let program = driver::load(&source, &["m=4"]).unwrap();
//! let answer = Analyzer::default().analyze(&program.questions[0]).unwrap();
//! assert_eq!(answer.outcome, Outcome::N);
//! ```
// Every public item is documented (`cargo doc` shows them all).
#![warn(missing_docs)]

/// Declares modules that are the crate's insides: public, so that the
/// project's tests and benchmarks reach them in the one build of the
/// library, and hidden from its documentation, which is its face.
macro_rules! insides {
    ($($(#[$meta:meta])* mod $name:ident;)*) => {
        $(
            $(#[$meta])*
            #[doc(hidden)]
            pub mod $name;
        )*
    };
}

pub mod analysis;
pub mod check;
pub mod driver;
pub mod error;
pub mod known;
pub mod nimber;
pub mod position;
pub mod report;
pub mod rules;
pub mod search;
pub mod source;
pub mod syntax;

insides! {
    mod misere;
    mod moves;
    mod period;
    mod platform;
}

// The library's tests (tests/it/) are a module of its test build, naming it
// `gamelang::…` as a user would, and reaching its insides.
#[cfg(test)]
extern crate self as gamelang;
#[cfg(test)]
#[path = "../tests/it/main.rs"]
mod it;

pub use analysis::{
    AnalysisError, Analyzer, Answer, Grundy, Options, Outcome, WinningMove, play::Session,
    table::Table,
};
pub use check::{CheckError, Instance, Program, Question, RulesError};
pub use error::Error;
pub use misere::quotient::{Presentation, Quotient, Stopped};
pub use period::Period;
pub use position::Position;
pub use rules::Game;
pub use search::SearchError;
pub use source::Source;
pub use syntax::SyntaxError;
