//! The lowerer: what lowering one game carries from statement to
//! statement (its parameter values, the names of its position's parts, the
//! variables of a block), and the mistakes found so far. Its jobs are
//! written beside it, one file each.

use super::error::RulesError;
use crate::rules::ParamValue;
use crate::source::Source;
use crate::syntax::ast::{self, Span};

pub(super) struct Lowerer<'a> {
    pub(super) source: &'a Source,
    /// The game being lowered, for errors that name it.
    pub(super) name: &'a str,
    pub(super) params: &'a [(String, ParamValue)],
    /// The names of the position's parts (`position (a, b)`), in order.
    pub(super) parts: Vec<String>,
    /// A game of `board`: `rows`, `cols` and `b[r, c]` name its cells.
    pub(super) board: bool,
    /// The variables in scope in a move block, innermost last, with their slots.
    pub(super) vars: Vec<(String, usize)>,
    /// Slots the current block has used.
    pub(super) slots: usize,
    pub(super) errors: Vec<RulesError>,
}

impl Lowerer<'_> {
    pub(super) fn error(&mut self, error: RulesError) {
        self.errors.push(error);
    }
}

/// What a game says its positions are: heaps, or named parts.
#[derive(Clone, Copy)]
pub(super) enum Shape<'a> {
    Heaps(&'a ast::HeapsDecl),
    Position(&'a ast::PositionDecl),
}

impl Shape<'_> {
    pub(super) fn span(self) -> Span {
        match self {
            Shape::Heaps(decl) => decl.span,
            Shape::Position(decl) => decl.span,
        }
    }
}
