//! Lowering a rule's amounts: a range, a set, a set parameter or one
//! number, then a condition. Amounts that include 0 (the move would leave the
//! position unchanged) or that hold no amount at all are reported here.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::error::{Kind, NoAmount, RulesError, ZeroAmount};
use super::lowerer::Lowerer;
use super::names::Scope;
use crate::rules::{AmountBase, Amounts, ParamValue, solve};
use crate::syntax::ast::{self, ExprKind, Span};

impl Lowerer<'_> {
    pub(super) fn amounts(&mut self, amounts: &ast::Amounts) -> Option<Amounts> {
        let scope = Scope {
            amount: true,
            fixed: false,
        };
        let condition = amounts
            .condition
            .as_ref()
            .map(|c| self.expr(c, scope, Kind::Condition));
        let base = match &amounts.kind {
            ast::AmountsKind::Range { lo, hi } => self.range(amounts.span, lo, hi.as_ref())?,
            ast::AmountsKind::Set(items) => self.set(amounts.span, items)?,
            ast::AmountsKind::Single(expr) => self.single(amounts.span, expr)?,
        };
        Some(solve::normalise(Amounts {
            base,
            condition: match condition {
                Some(c) => Some(c?),
                None => None,
            },
        }))
    }

    /// `lo..hi` (or `lo..`): never empty, never through 0.
    fn range(&mut self, span: Span, lo: &ast::Expr, hi: Option<&ast::Expr>) -> Option<AmountBase> {
        let lo_value = self.constant(lo, Kind::Number);
        let hi_value = hi.map(|hi| self.constant(hi, Kind::Number));
        let lo_value = lo_value?;
        let hi_value = match hi_value {
            Some(v) => Some(v?),
            None => None,
        };
        if let Some(hi_value) = &hi_value
            && *hi_value < lo_value
        {
            self.empty(
                span,
                NoAmount::Range {
                    lo: lo_value,
                    hi: hi_value.clone(),
                },
            );
            return None;
        }
        if !lo_value.is_positive() && hi_value.as_ref().is_none_or(|hi| !hi.is_negative()) {
            let hi_text = hi.map_or("", |hi| self.source.slice(hi.span));
            if lo_value.is_zero() {
                self.unchanged(
                    lo.span,
                    ZeroAmount::RangeFromZero {
                        hi: hi_text.to_string(),
                    },
                );
            } else {
                let range =
                    (lo.span.offset()..hi.map_or(span_end(lo.span), |hi| span_end(hi.span))).into();
                self.unchanged(
                    range,
                    ZeroAmount::RangeThroughZero {
                        lo: lo_value.clone(),
                        hi: hi_text.to_string(),
                    },
                );
            }
            return None;
        }
        Some(AmountBase::Range {
            lo: lo_value,
            hi: hi_value,
        })
    }

    /// `{a, b, ...}`: never empty, never 0.
    fn set(&mut self, span: Span, items: &[ast::Expr]) -> Option<AmountBase> {
        let mut set = BTreeSet::new();
        for item in items {
            if let Some(value) = self.constant(item, Kind::Number) {
                if value.is_zero() {
                    self.unchanged(item.span, ZeroAmount::InSet);
                }
                set.insert(value);
            }
        }
        if items.is_empty() {
            self.empty(span, NoAmount::EmptySet);
            return None;
        }
        Some(AmountBase::Set(set))
    }

    /// One expression: `k` (any amount), a set parameter, or one number.
    fn single(&mut self, span: Span, expr: &ast::Expr) -> Option<AmountBase> {
        match &expr.kind {
            ExprKind::Name(name) if name.name == "k" => {
                if self.param("k").is_some() {
                    self.ambiguous(name);
                    return None;
                }
                Some(AmountBase::Range {
                    lo: BigInt::one(),
                    hi: None,
                })
            }
            ExprKind::Name(name) if matches!(self.param(&name.name), Some(ParamValue::Set(_))) => {
                let Some(ParamValue::Set(set)) = self.param(&name.name).cloned() else {
                    return None;
                };
                if set.is_empty() {
                    self.empty(
                        span,
                        NoAmount::EmptySetParameter {
                            name: name.name.clone(),
                        },
                    );
                    return None;
                }
                if set.contains(&BigInt::zero()) {
                    self.unchanged(
                        expr.span,
                        ZeroAmount::SetParameter {
                            name: name.name.clone(),
                        },
                    );
                    return None;
                }
                Some(AmountBase::Set(set))
            }
            _ => {
                let value = self.constant(expr, Kind::Number)?;
                if value.is_zero() {
                    match &expr.kind {
                        ExprKind::Name(name) => self.unchanged(
                            expr.span,
                            ZeroAmount::Parameter {
                                name: name.name.clone(),
                            },
                        ),
                        _ => self.unchanged(expr.span, ZeroAmount::Number),
                    }
                    return None;
                }
                Some(AmountBase::Set(BTreeSet::from([value])))
            }
        }
    }

    /// A rule whose amounts include 0, at the span that holds the 0.
    fn unchanged(&mut self, span: Span, zero: ZeroAmount) {
        self.error(RulesError::ZeroAmount {
            zero,
            src: self.source.clone(),
            span,
        });
    }

    pub(super) fn empty(&mut self, span: Span, why: NoAmount) {
        self.error(RulesError::NoAmount {
            why,
            src: self.source.clone(),
            span,
        });
    }
}

fn span_end(span: Span) -> usize {
    span.offset() + span.len()
}
