//! gamelang: combinatorial games — impartial and partizan, on heaps,
//! graphs, coins and boards, some scoring points — described in `.game`
//! files, and who wins them, with their values.
//!
//! The pipeline (docs/ARCHITECTURE.md draws it, a module a stage, all of
//! them private): a [`Source`] is parsed ([`parse_file`], grammar in
//! `grammar/gamelang.pest`) into a syntax tree with spans, then checked
//! ([`check`]): names, parameters and positions resolved, each game lowered
//! to one move representation ([`Game`]), each `analyze` statement a
//! [`Question`]. The [`Analyzer`] answers questions (the search finds
//! values, known games' closed forms answer without it, misère theory
//! answers misère sums), makes [`Table`]s, plays [`Session`]s and position
//! graphs; each answer is a value, and the report functions
//! ([`answer_text`], [`answer_json`], [`table_text`], ...) put values and
//! diagnostics into words, JSON and pictures. [`load`], [`questions`] and
//! [`question_at`] are what every front end calls: load a source with
//! parameter values from outside it, ask the file's questions, read a
//! position. Every stage's error is its own enum carrying the facts;
//! [`Error`] is any of them.
//!
//! This page is the library's face: everything public is listed here.
//!
//! ```
//! use gamelang::{Analyzer, Grundy, Outcome, Position, Source, answer_text, load, questions};
//!
//! let source = Source::new("bash.game", "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash at 21");
//! let program = load(&source, &[] as &[&str]).unwrap();
//! let question = &questions(&program, None, &[]).unwrap()[0];
//! let answer = Analyzer::default().analyze(question).unwrap();
//! // 21 stones, take 1 to 3: the first player wins by taking 1, leaving a
//! // multiple of 4 (Bash's game).
//! assert_eq!(answer.outcome, Outcome::N);
//! assert_eq!(answer.grundy, Grundy::Value(1u32.into()));
//! assert_eq!(answer.winning_moves[0].to, Position::from_u64s(&[20]));
//! // The same answer in words, as `gamelang analyze` prints it.
//! assert!(answer_text(&answer, &|_| None).contains("take 1 → 20"));
//! // And with another parameter value, as `--set m=4` gives it.
//! let program = load(&source, &["m=4"]).unwrap();
//! let answer = Analyzer::default().analyze(&program.questions[0]).unwrap();
//! assert_eq!(answer.outcome, Outcome::N);
//! ```
// Every public item is documented (`cargo doc` shows them all).
#![warn(missing_docs)]

mod analysis;
mod check;
mod driver;
mod error;
mod known;
mod misere;
mod moves;
mod nimber;
mod partizan;
mod period;
mod platform;
mod position;
mod report;
mod rules;
mod search;
mod source;
mod syntax;

// The library's tests (tests/it/) are a module of its test build, naming it
// `gamelang::…` as a user would, and reaching its insides.
#[cfg(test)]
extern crate self as gamelang;
#[cfg(test)]
#[path = "../tests/it/main.rs"]
mod it;

// A source, loaded and checked: the front ends' way in.
pub use check::{CheckError, Instance, Program, Question, RulesError, Warning, check};
pub use driver::{
    ask, cycles, game_named, load, question_at, question_of, questions, search_options,
};
pub use error::Error;
pub use source::{MAX_BYTES, Source};

// The syntax: the parser, the formatter, the tree the editor reads, the
// tokens it colours and the names it follows.
pub use syntax::ast::{File, GameDef, Ident, Item, Span, Statement, ValueKind};
pub use syntax::format::format;
pub use syntax::lex::{KEYWORDS, Kind, RESERVED, Token, tokens};
pub use syntax::symbols::{Occurrence, Symbol, Symbols};
pub use syntax::{SyntaxError, parse_file};

// Answers: the analyzer, what it answers with, plays, tables, graphs.
pub use analysis::census::{
    Census, CensusError, Family as CensusFamily, MAX_CENSUS_CELLS, MAX_CENSUS_LENGTH,
    MAX_CENSUS_VERTICES, Shapes as CensusShapes, Tier as CensusTier,
};
pub use analysis::graph::PositionGraph;
pub use analysis::play::{Ending, PartizanPlay, Played, Player, Session, Turn};
pub use analysis::saved::{SavedError, read as read_values, write as write_values};
pub use analysis::standing::{Move, Place, Standing, Standings, place_of};
pub use analysis::table::{Cell, Column, PartizanCell, Shape, Table, Undefined};
pub use analysis::{
    AnalysisError, Analyzer, Answer, Brief, Component, ComponentMethod, Compound, CompoundAnswer,
    CompoundRule, Count, DEFAULT_BOUND, DEFAULT_MAX_MOVES, Deciding, Decomposition, Disagreement,
    Gain, Gamma, Grundy, Learned, Loopy, MISERE_OUTSIDE, Method, MisereValue, NoValue,
    NotResumable, Note, Number, Options, Outcome, Partizan, Scoring, SideMove, Start, SumTerm,
    Unknown, ValueMove, Verified, WinningMove,
};
pub use known::{Entry as KnownEntry, known_game, listed as known_games};
pub use misere::quotient::{Presentation, Quotient, Stopped};
pub use period::Period;
pub use position::{Named, Position, Side};
pub use rules::{Game, Graph};
pub use search::{
    Cancel, DEFAULT_MAX_BYTES, DEFAULT_MAX_POSITIONS, DEFAULT_TIMEOUT, Options as SearchOptions,
    Progress, SearchError, Values as HeapValues,
};

// Words, JSON and pictures.
pub use report::{
    Advice, CENSUS_FACTS, L_COLOUR, NOT_A_POSITION_COLOUR, P_COLOUR, R_COLOUR, REMOVED_COLOUR, Row,
    WALL_COLOUR, asked_text, board_svg, boards_text, census_row, compound_reason_text,
    diagnostic_json, diagnostic_text, ending_text, graph_dot, graph_json, graph_svg,
    json as answer_json, list_text, move_text, place_boards_text, place_text, play_json,
    play_title, quotient_json, quotient_text, reason_text, scoring_reason_text, side_board_text,
    side_move_text, side_move_words, side_play_json, side_position_text, side_reason_text,
    statement_text, table_json, table_summary_text, table_svg, table_text, table_text_in_colour,
    text as answer_text, text_in_colour as answer_text_in_colour, thermograph_svg,
    thermographs_svg,
};

// Partizan values: canonical forms and what is known of them.
pub use partizan::{
    Dyadic, Form, Forms, MAX_MISERE_TEXT, MAX_SIDED_NODES, MAX_STOPPER_NODES, Misere, MisereForms,
    PowerOfUp, ReadError as ValueReadError, Relation, Stopper, Thermograph, Wall, Written,
    read as read_value,
};
pub use search::partizan::PartizanSearch;

// The process a front end runs in: its memory watched, so that every
// memory limit holds for what it really holds.
pub use platform::watch_memory;

// Nim arithmetic, the theory under the values.
pub use nimber::{add as nim_add, inverse as nim_inverse, mul as nim_mul, mul_u64 as nim_mul_u64};

/// The insides the project's benchmarks time directly (an engine, the move
/// generator, a period's proof): hidden from these docs, and no promise.
#[doc(hidden)]
pub use {
    moves::MoveGen,
    period::{Theorem, prove},
    search::{Solver, Value, heaps::HeapValues as HeapEngine, heaps::Method as HeapMethod},
};
