//! Partizan game values: games where Left and Right have different moves,
//! valued as canonical forms (integers, dyadic rationals, nimbers, ↑
//! multiples, switches and every form {L | R}), each stored once in
//! `Forms`, with their sums, negatives, comparisons, outcome classes,
//! stops, birthdays, thermographs, temperatures, means, reduced canonical
//! forms and atomic weights. Theory that knows no game, beside `nimber` at the
//! bottom of the house; the rules, the search and the answers build on it.
//!
//! `dyadic` holds the numbers, `forms` the store (`comparisons` the
//! table of the comparisons it has found; `portable` its forms taken out
//! and read into another store), `notation` how a form is
//! written, `written` how a written value is read back, `power` CGSuite's
//! powers of up (↑ⁿ, ↑^{→n}) and `powers` the store's, `thermograph` its
//! walls, temperature and mean, `operations` ordinal sums, cooling,
//! heating, overheating, Norton products and companions, `reduced` its
//! reduced canonical form
//! (infinitesimals ignored), `atomic` an all-small game's atomic weight,
//! `stopper` loopy games that are stoppers and `sides` the sides of those
//! that are not; `misere` the forms of games played misère, in the
//! dead-ending universe.

mod atomic;
mod comparisons;
mod dyadic;
mod form;
mod forms;
mod misere;
mod notation;
mod operated;
mod operations;
mod portable;
mod power;
mod powers;
mod reduced;
mod sides;
mod stopper;
mod thermograph;
mod wall;
mod work;
mod written;

pub use dyadic::Dyadic;
pub use form::Form;
pub use forms::{Forms, Relation};
pub use misere::{MAX_TEXT as MAX_MISERE_TEXT, Misere, MisereForms};
pub use portable::Portable;
pub(crate) use portable::Reader;
pub use power::PowerOfUp;
pub use sides::MAX_SIDED_NODES;
pub use stopper::{MAX_NODES as MAX_STOPPER_NODES, Stopper};
pub use wall::{Thermograph, Wall};
pub use written::{ReadError, Written, read};
