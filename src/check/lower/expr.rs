//! Lowering expressions. Each is a number or a condition, and must be the
//! kind its place wants; a constant (a bound, a set item, a count of heaps)
//! must also not depend on the position, and is evaluated once, here.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::error::{Kind, RulesError};
use super::lowerer::Lowerer;
use super::names::Scope;
use crate::rules::ParamValue;
use crate::rules::expr::{Env, Expr};
use crate::syntax::ast::{self, BinOp, ExprKind, Span};

impl Lowerer<'_> {
    /// A constant number: a literal or parameter exactly, anything else
    /// evaluated in checked 128-bit arithmetic.
    pub(super) fn constant(&mut self, expr: &ast::Expr, kind: Kind) -> Option<BigInt> {
        match &expr.kind {
            ExprKind::Int(n) => return Some(n.clone()),
            ExprKind::Name(name) => {
                if let Some(ParamValue::Int(n)) = self.param(&name.name) {
                    return Some(n.clone());
                }
            }
            _ => {}
        }
        let fixed = Scope {
            amount: false,
            fixed: true,
        };
        let lowered = self.expr(expr, fixed, kind)?;
        if depends_on_position(&lowered) {
            self.error(RulesError::DependsOnPosition {
                src: self.source.clone(),
                span: expr.span,
            });
            return None;
        }
        match lowered.int(&Env::position(&[])) {
            Ok(n) => Some(BigInt::from(n)),
            Err(reason) => {
                self.error(RulesError::Unevaluable {
                    reason,
                    src: self.source.clone(),
                    span: expr.span,
                });
                None
            }
        }
    }

    /// Lowers an expression that must be of `want` kind.
    pub(super) fn expr(&mut self, expr: &ast::Expr, scope: Scope, want: Kind) -> Option<Expr> {
        let (lowered, kind) = self.expr_any(expr, scope)?;
        if kind != want {
            self.error(RulesError::WrongKind {
                want,
                found: kind,
                src: self.source.clone(),
                span: expr.span,
            });
            return None;
        }
        Some(lowered)
    }

    fn expr_any(&mut self, expr: &ast::Expr, scope: Scope) -> Option<(Expr, Kind)> {
        use Kind::{Condition, Number};
        let boxed = |e: Expr| Box::new(e);
        Some(match &expr.kind {
            ExprKind::Int(n) => match n.to_i128() {
                Some(n) => (Expr::Const(n), Number),
                None => {
                    self.too_big(expr.span);
                    return None;
                }
            },
            ExprKind::Name(name) => (self.name(name, scope)?, Number),
            ExprKind::Heap(index) => (
                Expr::HeapAt(boxed(self.expr(index, scope, Number)?)),
                Number,
            ),
            ExprKind::Cell(r, c) => {
                let (r, c) = (self.expr(r, scope, Number), self.expr(c, scope, Number));
                self.on_a_board(expr.span)?;
                (Expr::Cell(boxed(r?), boxed(c?)), Number)
            }
            ExprKind::Item(name, index) => {
                let list = self.list(name);
                let index = self.expr(index, scope, Number);
                (Expr::Item(list?, boxed(index?)), Number)
            }
            ExprKind::LenOf(name) => (Expr::Const(self.list(name)?.items.len() as i128), Number),
            ExprKind::Neg(e) => (Expr::Neg(boxed(self.expr(e, scope, Number)?)), Number),
            ExprKind::Not(e) => (Expr::Not(boxed(self.expr(e, scope, Condition)?)), Condition),
            ExprKind::Binary(op, a, b) => {
                let (operand, result) = match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                        (Number, Number)
                    }
                    BinOp::And | BinOp::Or => (Condition, Condition),
                    _ => (Number, Condition),
                };
                let a = self.expr(a, scope, operand);
                let b = self.expr(b, scope, operand);
                (Expr::Binary(*op, boxed(a?), boxed(b?)), result)
            }
            ExprKind::Call(func, args) => {
                let args: Vec<Option<Expr>> =
                    args.iter().map(|a| self.expr(a, scope, Number)).collect();
                (
                    Expr::Call(*func, args.into_iter().collect::<Option<_>>()?),
                    Number,
                )
            }
            ExprKind::Is(e, property) => (
                Expr::Is(boxed(self.expr(e, scope, Number)?), *property),
                Condition,
            ),
            ExprKind::Each(op, e) => (
                Expr::Each(*op, boxed(self.expr(e, scope, Number)?)),
                Condition,
            ),
            ExprKind::Monotone(m) => (Expr::Monotone(*m), Condition),
            // A board's cells follow its rows and columns.
            ExprKind::Count(e) => (
                Expr::Count(
                    boxed(self.expr(e, scope, Number)?),
                    if self.board { 2 } else { 0 },
                ),
                Number,
            ),
        })
    }

    /// Whether the game is played on a board (`b[r, c]` names its cells);
    /// an error where it is not.
    pub(super) fn on_a_board(&mut self, span: Span) -> Option<()> {
        if self.board {
            return Some(());
        }
        self.error(RulesError::NotABoard {
            src: self.source.clone(),
            span,
        });
        None
    }

    pub(super) fn too_big(&mut self, span: Span) {
        self.error(RulesError::NumberTooLarge {
            src: self.source.clone(),
            span,
        });
    }
}

fn depends_on_position(expr: &Expr) -> bool {
    match expr {
        Expr::Const(_) => false,
        Expr::Amount
        | Expr::Heap
        | Expr::HeapAt(_)
        | Expr::Len
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Each(..)
        | Expr::Monotone(_)
        | Expr::Count(..)
        | Expr::Var(_) => true,
        Expr::Neg(e) | Expr::Not(e) | Expr::Is(e, _) | Expr::Item(_, e) => depends_on_position(e),
        Expr::Binary(_, a, b) => depends_on_position(a) || depends_on_position(b),
        Expr::Call(_, args) => args.iter().any(depends_on_position),
    }
}
