//! Lowering: a game's syntax tree, with parameter values fixed, becomes a
//! `Game` of lowered rules. Every mistake that depends on the rules alone is
//! found here: unknown names, a number where a condition belongs, amounts that
//! include 0 or are empty, targets the heap count does not allow.
//!
//! The game and its statements are lowered here; the rest is split by job:
//!
//! - `rule`: one rule, with the heaps it acts on and whether it may split;
//! - `block`: `move` blocks, their variables and what they may change;
//! - `amounts`: the amounts a rule moves, never 0 and never none;
//! - `octal`: the digits of an octal code;
//! - `expr`: expressions, each a number or a condition, and constants;
//! - `names`: the names an expression may use, and what they stand for.

mod amounts;
mod block;
mod coins;
mod error;
mod expr;
mod lowerer;
mod names;
mod octal;
mod rule;
mod scoring;

use num_traits::ToPrimitive;

use crate::position::GraphShape;
use crate::rules::{Game, Invariant, ParamValue};
use crate::source::Source;
use crate::syntax::ast::{self, HeapCount, Span, Statement};
pub use error::{Kind, RulesError};
use lowerer::{Lowerer, Shape};
use names::POSITION;

/// Lowers `def` with the given parameter values (one per declared parameter,
/// in order). Reports every mistake found, not just the first.
pub fn lower(
    def: &ast::GameDef,
    params: Vec<(String, ParamValue)>,
    source: &Source,
) -> Result<Game, Vec<RulesError>> {
    let mut lowerer = Lowerer {
        source,
        name: &def.name.name,
        params: &params,
        parts: Vec::new(),
        board: false,
        vars: Vec::new(),
        slots: 0,
        errors: Vec::new(),
    };
    let game = lowerer.game(def);
    if lowerer.errors.is_empty() {
        Ok(Game { params, ..game })
    } else {
        Err(lowerer.errors)
    }
}

impl Lowerer<'_> {
    fn game(&mut self, def: &ast::GameDef) -> Game {
        let mut shape: Option<Shape> = None;
        let mut play: Option<&ast::PlayDecl> = None;
        for statement in &def.body {
            let this = match statement {
                Statement::Heaps(decl) => Shape::Heaps(decl),
                Statement::Position(decl) => Shape::Position(decl),
                Statement::Play(decl) => {
                    if let Some(first) = play {
                        self.duplicate("play", first.span, decl.span);
                    } else {
                        play = Some(decl);
                    }
                    continue;
                }
                Statement::Rule(_) | Statement::Move(_) | Statement::End(_) => continue,
            };
            match (shape, this) {
                (None, this) => shape = Some(this),
                (Some(Shape::Heaps(first)), Shape::Heaps(again)) => {
                    self.duplicate("heaps", first.span, again.span)
                }
                (Some(Shape::Position(first)), Shape::Position(again)) => {
                    self.duplicate("position", first.span, again.span)
                }
                (Some(first), again) => self.error(RulesError::HeapsAndPosition {
                    src: self.source.clone(),
                    again: again.span(),
                    first: first.span(),
                }),
            }
        }
        self.board = matches!(shape, Some(Shape::Heaps(decl)) if decl.count == HeapCount::Board);
        let coins = match shape {
            Some(Shape::Heaps(decl)) => self.coins(decl, def),
            _ => None,
        };
        let (heap_count, invariant) = match shape {
            Some(Shape::Heaps(decl)) => (self.heap_count(decl), decl.invariant.as_ref()),
            Some(Shape::Position(decl)) => {
                for (i, name) in decl.names.iter().enumerate() {
                    if let Some(first) = decl.names[..i].iter().find(|n| n.name == name.name) {
                        self.error(RulesError::DuplicatePart {
                            name: name.name.clone(),
                            src: self.source.clone(),
                            again: name.span,
                            first: first.span,
                        });
                    }
                }
                self.parts = decl.names.iter().map(|n| n.name.clone()).collect();
                (Some(decl.names.len()), decl.invariant.as_ref())
            }
            None => (None, None),
        };
        let invariant = invariant.and_then(|expr| {
            let lowered = self.expr(expr, POSITION, Kind::Condition)?;
            Some(Invariant {
                expr: lowered,
                text: self.source.slice(expr.span).to_string(),
            })
        });
        let rules = def
            .body
            .iter()
            .flat_map(|statement| match statement {
                Statement::Rule(rule) => self.rules(rule, heap_count),
                Statement::Move(block) => self.block(block, heap_count).into_iter().collect(),
                _ => Vec::new(),
            })
            .collect();
        self.coin_moves(def, shape);
        let scoring = self.scoring(def);
        let ends = (def.body.iter())
            .filter_map(|statement| match statement {
                Statement::End(end) => self.end(end, heap_count),
                _ => None,
            })
            .collect();
        Game {
            name: def.name.name.clone(),
            params: Vec::new(),
            heap_count,
            invariant,
            misere: play.is_some_and(|p| p.misere),
            parts: matches!(shape, Some(Shape::Position(_))).then(|| self.parts.clone()),
            coins,
            graph: def.body.iter().find_map(|s| match s {
                Statement::Rule(r) => match r.kind {
                    ast::RuleKind::Hackenbush { green: true } => Some(GraphShape::Grounded),
                    ast::RuleKind::Hackenbush { green: false } => Some(GraphShape::Coloured),
                    ast::RuleKind::Kayles(kayles) => Some(GraphShape::of_kayles(kayles)),
                    ast::RuleKind::Colouring(_) => Some(GraphShape::Tinted),
                    _ => None,
                },
                _ => None,
            }),
            board: self.board,
            rules,
            scoring,
            ends,
            source: self.source.clone(),
        }
    }

    fn duplicate(&mut self, statement: &'static str, first: Span, again: Span) {
        self.error(RulesError::DuplicateStatement {
            statement,
            src: self.source.clone(),
            again,
            first,
        });
    }

    fn heap_count(&mut self, decl: &ast::HeapsDecl) -> Option<usize> {
        match &decl.count {
            HeapCount::Any | HeapCount::Coins { .. } | HeapCount::Board => None,
            HeapCount::Fixed(n, span) => match n.to_usize().filter(|&n| n <= 1 << 16) {
                Some(n) => Some(n),
                None => {
                    self.error(RulesError::TooManyHeaps {
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
