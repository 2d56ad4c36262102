//! Analysis: the answer for one position (a single game, a sum, or another
//! compound of games, `compound`): its
//! outcome, Grundy value, every winning move, and how it was found — by a
//! known game's closed form (after checking it against the search on small
//! positions) or by the search.
//!
//! `answer` holds the values an analysis returns; `analyzer` finds them,
//! keeping each game's search for the whole run; `moves` lists the winning
//! moves; `verify` compares a closed form with the search before it is
//! trusted.

mod analyzer;
mod answer;
mod answered;
mod compound;
mod compound_play;
mod ends;
mod error;
pub mod graph;
mod loopy;
mod misere;
mod moves;
pub mod play;
mod quotient;
pub mod saved;
pub mod standing;
pub mod table;
pub mod verify;

pub use analyzer::{Analyzer, DEFAULT_MAX_MOVES, Options};
pub use answer::{
    Answer, Component, ComponentMethod, Compound, CompoundAnswer, CompoundRule, Count, Deciding,
    Gamma, Grundy, Method, NoValue, Note, Number, Outcome, SumTerm, Unknown, WinningMove,
};
pub use error::{AnalysisError, NotResumable};
