//! Analysis: the one orchestrator. The `Analyzer` keeps each game's search
//! and recognised closed form for the whole run and answers with them: a
//! position (a single game, a sum, or another compound of games) with its
//! outcome, Grundy value, every winning move and how it was found; tables;
//! plays; position graphs; saved values.
//!
//! Its rooms by job, from the bottom up: the values an analysis returns
//! (`answer`, `error`, `options`) and where a play stands (`standing`);
//! `answers/`, answering a position (what is kept for the run, a component
//! answered on its own, the winning moves, misère sums and quotients,
//! games that go on forever, declared ends, compounds, closed forms
//! verified against the search); `table`, `census` (the shapes of a
//! census), `graph` and `saved` (values
//! written and read back); the `analyzer` above them; `play/` above it.

mod analyzer;
mod answer;
mod answers;
pub mod census;
mod error;
pub mod graph;
mod options;
pub mod play;
pub mod saved;
pub mod standing;
pub mod table;

pub use analyzer::Analyzer;
pub use answer::{
    Answer, Brief, Compared, Component, ComponentMethod, Compound, CompoundAnswer, CompoundRule,
    Count, Deciding, Decomposition, Gain, Gamma, Grundy, Loopy, MISERE_OUTSIDE, Method,
    MisereValue, NoValue, Note, Number, Outcome, Partizan, Scoring, SideMove, Start, SumTerm,
    Unknown, ValueMove, Verified, WinningMove,
};
pub use answers::learned::Learned;
pub use error::{AnalysisError, Disagreement, NotResumable};
pub use options::{DEFAULT_BOUND, DEFAULT_MAX_MOVES, Options};
