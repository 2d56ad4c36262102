//! Lowering: a game's syntax tree, with parameter values fixed, becomes a
//! `Game` of lowered rules. Every mistake that depends on the rules alone is
//! found here: unknown names, a number where a condition belongs, amounts that
//! include 0 or are empty, targets the heap count does not allow.
//!
//! The game and its statements are lowered here; the rest is split by job:
//!
//! - `rule`: one rule, with the heaps it acts on and whether it may split;
//! - `amounts`: the amounts a rule moves, never 0 and never none;
//! - `octal`: the digits of an octal code;
//! - `expr`: expressions, each a number or a condition, and constants;
//! - `names`: the names an expression may use, and what they stand for.

mod amounts;
mod error;
mod expr;
mod names;
mod octal;
mod rule;

use num_traits::ToPrimitive;

use super::{Game, Invariant, ParamValue};
use crate::diagnostics::{Errors, Source};
use crate::syntax::ast::{self, HeapCount, Span, Statement};
pub use error::{Error, Kind, NoAmount, ZeroAmount};
use names::POSITION;

/// Lowers `def` with the given parameter values (one per declared parameter,
/// in order). Reports every mistake found, not just the first.
pub fn lower(
    def: &ast::GameDef,
    params: Vec<(String, ParamValue)>,
    source: &Source,
) -> Result<Game, Errors> {
    let mut lowerer = Lowerer {
        source,
        params: &params,
        errors: Vec::new(),
    };
    let game = lowerer.game(def);
    if lowerer.errors.is_empty() {
        Ok(Game { params, ..game })
    } else {
        Err(lowerer.errors.into_iter().map(Into::into).collect())
    }
}

struct Lowerer<'a> {
    source: &'a Source,
    params: &'a [(String, ParamValue)],
    errors: Vec<Error>,
}

impl Lowerer<'_> {
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }

    fn game(&mut self, def: &ast::GameDef) -> Game {
        let mut heaps: Option<&ast::HeapsDecl> = None;
        let mut play: Option<&ast::PlayDecl> = None;
        for statement in &def.body {
            match statement {
                Statement::Heaps(decl) => {
                    if let Some(first) = heaps {
                        self.duplicate("heaps", first.span, decl.span);
                    } else {
                        heaps = Some(decl);
                    }
                }
                Statement::Play(decl) => {
                    if let Some(first) = play {
                        self.duplicate("play", first.span, decl.span);
                    } else {
                        play = Some(decl);
                    }
                }
                Statement::Rule(_) => {}
            }
        }
        let heap_count = heaps.and_then(|decl| self.heap_count(decl));
        let invariant = heaps
            .and_then(|decl| decl.invariant.as_ref())
            .and_then(|expr| {
                let lowered = self.expr(expr, POSITION, Kind::Condition)?;
                Some(Invariant {
                    expr: lowered,
                    text: self.source.slice(expr.span).to_string(),
                })
            });
        let rules = def
            .body
            .iter()
            .filter_map(|statement| match statement {
                Statement::Rule(rule) => self.rule(rule, heap_count),
                _ => None,
            })
            .collect();
        Game {
            name: def.name.name.clone(),
            params: Vec::new(),
            heap_count,
            invariant,
            misere: play.is_some_and(|p| p.misere),
            rules,
            source: self.source.clone(),
        }
    }

    fn duplicate(&mut self, statement: &'static str, first: Span, again: Span) {
        self.error(Error::DuplicateStatement {
            statement,
            src: self.source.clone(),
            again,
            first,
        });
    }

    fn heap_count(&mut self, decl: &ast::HeapsDecl) -> Option<usize> {
        match &decl.count {
            HeapCount::Any => None,
            HeapCount::Fixed(n, span) => match n.to_usize().filter(|&n| n <= 1 << 16) {
                Some(n) => Some(n),
                None => {
                    self.error(Error::TooManyHeaps {
                        count: n.clone(),
                        src: self.source.clone(),
                        span: *span,
                    });
                    None
                }
            },
        }
    }
}
