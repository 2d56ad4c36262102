//! A move block compiled once, when its game is, into closures: each
//! statement a closure that holds its expressions' closures and the rest of
//! the block's, so that running the block reads no syntax tree — no match
//! on a statement or an expression's kind, no walk down a list of
//! statements. An expression's leaves (a number, a variable, a named part,
//! a variable plus a number, a board's cell at leaves: `b[r - 1, c]`) are
//! read inside the closure of the operation that uses them, without a call
//! of their own; a condition's comparisons and chains of `and` and `or`
//! are evaluated in place, one call a condition; a `choose` and the
//! `require` after it are one closure. A block without a `choose` or a
//! `becomes` makes one move or none: it runs straight through, with no
//! continuation.
//!
//! The interpreter (`super::run`) stays the reference: the same
//! statements in the same order, the same checks (every operation on
//! 128-bit integers checked, the same errors, the same steps counted),
//! the same state. Tests run both and compare every move, its points, the
//! steps and the errors: random blocks (the nested-blocks property test)
//! and every board game of `games/` on random boards. Operations the compiler does not
//! specialise (`each`, `count`, ...) are the interpreter's own
//! evaluation, called from their closure.
//!
//! One compiler, generic over the kind of number (`Num`), makes both the
//! checked code (128-bit integers, every operation checked) and the narrow
//! form (`super::narrow`: 64-bit machine integers where a proof holds them
//! small); the statements and expressions only the checked code runs are
//! its own (`checked_statement`, the interpreter's evaluation).

use std::fmt;

use crate::moves::words::Next;
use crate::rules::expr::EvalError;
use crate::rules::{Block, Stmt};

use super::checked::{Straight, straight_sequence};
use super::compile::sequence;
use super::interpret::{becomes, run, straight};
use super::narrow::Narrow;
use super::state::{Run, State};

type Result<T> = std::result::Result<T, EvalError>;

/// A move block, compiled.
pub struct Code {
    slots: usize,
    body: Body,
    /// Its form over 64-bit machine integers, where it has one
    /// (`super::narrow`): it runs from the positions whose heaps are all
    /// within its bound.
    narrow: Option<Narrow>,
}

enum Body {
    /// One move or none.
    Straight(Straight),
    Forks(Run<i128>),
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.body {
            Body::Straight(_) => "straight",
            Body::Forks(_) => "forks",
        };
        write!(f, "Code({kind}, {} slots", self.slots)?;
        match &self.narrow {
            Some(narrow) => write!(f, ", narrow to {})", narrow.bound()),
            None => write!(f, ")"),
        }
    }
}

impl Code {
    /// `block`, compiled.
    pub fn new(block: &Block) -> Code {
        // Without a `choose` or a `becomes` (`Stmt::fork`), one move or
        // none. The checked code compiles every statement and expression
        // (what the shared compiler does not, `i128`'s `other_*` take);
        // were one left out, the interpreter would run the block.
        let body = if Stmt::fork(&block.body) {
            let ends = becomes(&block.body);
            Body::Forks(sequence(&block.body, ends).unwrap_or_else(|| {
                let statements = block.body.clone();
                Box::new(move |s, then| run(&statements, s, then))
            }))
        } else {
            Body::Straight(straight_sequence(&block.body).unwrap_or_else(|| {
                let statements = block.body.clone();
                Box::new(move |s| straight(&statements, s))
            }))
        };
        Code {
            slots: block.slots,
            body,
            narrow: Narrow::new(block),
        }
    }

    /// The largest heap (and number of heaps) the block's narrow form
    /// runs from, where it has one: from a position whose heaps are all at
    /// most this, the block runs over 64-bit machine integers.
    #[cfg(test)]
    pub fn narrow_bound(&self) -> Option<u64> {
        self.narrow.as_ref().map(Narrow::bound)
    }

    /// Calls `emit` with where each move the block makes from `heaps`
    /// leads, and returns the steps it took: `super::moves`, compiled.
    pub fn moves(&self, heaps: &[u64], emit: &mut impl FnMut(Next) -> Result<()>) -> Result<u64> {
        let mut skip = match self.narrow(heaps, &mut |after, _, _| emit(Next::Position(after)))? {
            Narrowed::Answered(steps) => return Ok(steps),
            Narrowed::Past(made) => made,
        };
        self.checked_moves(heaps, &mut |next| {
            if skip > 0 {
                skip -= 1;
                return Ok(());
            }
            emit(next)
        })
    }

    /// Runs the narrow form from `heaps` where it has one and they fit its
    /// bound. Where it stops short of an answer (an error to tell, which
    /// only the checked code tells as the interpreter does), the checked
    /// code is to run from `heaps`, past the moves already emitted.
    fn narrow(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64], i128, bool) -> Result<()>,
    ) -> Result<Narrowed> {
        let Some(narrow) = self.narrow.as_ref().filter(|n| n.fits(heaps)) else {
            return Ok(Narrowed::Past(0));
        };
        let (mut made, mut failed) = (0u64, None);
        let steps = narrow.moves(
            heaps,
            &mut |after, points, again| match emit(after, points, again) {
                Ok(()) => {
                    made += 1;
                    true
                }
                Err(e) => {
                    failed = Some(e);
                    false
                }
            },
        );
        match (steps, failed) {
            (Some(steps), _) => Ok(Narrowed::Answered(steps)),
            (None, Some(e)) => Err(e),
            (None, None) => Ok(Narrowed::Past(made)),
        }
    }

    /// `moves`, in the checked 128-bit code alone.
    fn checked_moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(Next) -> Result<()>,
    ) -> Result<u64> {
        State::with(self.slots, heaps, |state| {
            match &self.body {
                Body::Straight(body) => {
                    if body(state)? {
                        emit(Next::Position(&state.heaps))?;
                    }
                }
                Body::Forks(body) => body(state, &mut |state: &mut State| {
                    if state.ended {
                        emit(Next::Sum(&state.sum))
                    } else {
                        emit(Next::Position(&state.heaps))
                    }
                })?,
            }
            Ok(state.steps)
        })
    }

    /// Calls `emit` with each move of a scoring game the block makes from
    /// `heaps`: `super::scored_moves`, compiled.
    pub fn scored_moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64], i128, bool) -> Result<()>,
    ) -> Result<u64> {
        let mut skip = match self.narrow(heaps, emit)? {
            Narrowed::Answered(steps) => return Ok(steps),
            Narrowed::Past(made) => made,
        };
        self.checked_scored_moves(heaps, &mut |after, points, again| {
            if skip > 0 {
                skip -= 1;
                return Ok(());
            }
            emit(after, points, again)
        })
    }

    /// `scored_moves`, in the checked 128-bit code alone.
    fn checked_scored_moves(
        &self,
        heaps: &[u64],
        emit: &mut impl FnMut(&[u64], i128, bool) -> Result<()>,
    ) -> Result<u64> {
        State::with(self.slots, heaps, |state| {
            match &self.body {
                Body::Straight(body) => {
                    if body(state)? {
                        emit(&state.heaps, state.score, state.again)?;
                    }
                }
                Body::Forks(body) => body(state, &mut |state: &mut State| {
                    if state.ended {
                        return Err(EvalError::Sum);
                    }
                    emit(&state.heaps, state.score, state.again)
                })?,
            }
            Ok(state.steps)
        })
    }
}

/// How far the narrow form went.
enum Narrowed {
    /// To the end: the steps it took.
    Answered(u64),
    /// Not to the end, or not at all: the checked code runs, past this
    /// many moves the narrow form made.
    Past(u64),
}
