//! Lowering a rule's amounts: a range, a set, a set parameter or one
//! number, then a condition. Amounts that include 0 (the move would leave the
//! position unchanged) or that hold no amount at all are reported here.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::Lowerer;
use super::expr::Kind;
use super::names::Scope;
use crate::diagnostics::{Code, Error};
use crate::rules::{AmountBase, Amounts, ParamValue};
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
            ast::AmountsKind::Range { lo, hi } => {
                let lo_value = self.constant(lo, Kind::Number);
                let hi_value = hi.as_ref().map(|hi| self.constant(hi, Kind::Number));
                let lo_value = lo_value?;
                let hi_value = match hi_value {
                    Some(v) => Some(v?),
                    None => None,
                };
                if let Some(hi_value) = &hi_value
                    && *hi_value < lo_value
                {
                    self.empty(
                        amounts.span,
                        format!("{lo_value}..{hi_value} holds no amount"),
                    );
                    return None;
                }
                if !lo_value.is_positive() && hi_value.as_ref().is_none_or(|hi| !hi.is_negative()) {
                    let hi_text = hi.as_ref().map_or("", |hi| self.source.slice(hi.span));
                    if lo_value.is_zero() {
                        self.unchanged(
                            lo.span,
                            "0 is one of the amounts",
                            format!("start the range at 1: `1..{hi_text}`"),
                        );
                    } else {
                        let range = (lo.span.offset()
                            ..hi.as_ref()
                                .map_or(span_end(lo.span), |hi| span_end(hi.span)))
                            .into();
                        self.unchanged(
                            range,
                            "this range includes 0",
                            format!("leave 0 out with two rules, like `take {lo_value}..-1` and `take 1..{hi_text}`"),
                        );
                    }
                    return None;
                }
                AmountBase::Range {
                    lo: lo_value,
                    hi: hi_value,
                }
            }
            ast::AmountsKind::Set(items) => {
                let mut set = BTreeSet::new();
                for item in items {
                    if let Some(value) = self.constant(item, Kind::Number) {
                        if value.is_zero() {
                            self.unchanged(
                                item.span,
                                "0 is one of the amounts",
                                "remove 0 from the set".to_string(),
                            );
                        }
                        set.insert(value);
                    }
                }
                if items.is_empty() {
                    self.empty(amounts.span, "the set `{}` holds no amount".to_string());
                    return None;
                }
                AmountBase::Set(set)
            }
            ast::AmountsKind::Single(expr) => match &expr.kind {
                ExprKind::Name(name) if name.name == "k" => {
                    if self.param("k").is_some() {
                        self.ambiguous(name);
                        return None;
                    }
                    AmountBase::Range {
                        lo: BigInt::one(),
                        hi: None,
                    }
                }
                ExprKind::Name(name)
                    if matches!(self.param(&name.name), Some(ParamValue::Set(_))) =>
                {
                    let Some(ParamValue::Set(set)) = self.param(&name.name).cloned() else {
                        return None;
                    };
                    if set.is_empty() {
                        self.empty(amounts.span, format!("`{}` is the empty set", name.name));
                        return None;
                    }
                    if set.contains(&BigInt::zero()) {
                        self.unchanged(
                            expr.span,
                            &format!("`{}` holds 0", name.name),
                            format!("remove 0 from `{}`", name.name),
                        );
                        return None;
                    }
                    AmountBase::Set(set)
                }
                _ => {
                    let value = self.constant(expr, Kind::Number)?;
                    if value.is_zero() {
                        match &expr.kind {
                            ExprKind::Name(name) => self.unchanged(
                                expr.span,
                                &format!("`{}` is 0", name.name),
                                format!("give `{}` a value other than 0", name.name),
                            ),
                            _ => self.unchanged(
                                expr.span,
                                "this is 0",
                                "take at least 1, like `take 1`".to_string(),
                            ),
                        }
                        return None;
                    }
                    AmountBase::Set(BTreeSet::from([value]))
                }
            },
        };
        Some(Amounts {
            base,
            condition: match condition {
                Some(c) => Some(c?),
                None => None,
            },
        })
    }

    /// A rule whose amounts include 0, at the span that holds the 0.
    fn unchanged(&mut self, zero: Span, label: &str, help: String) {
        self.error(
            Error::new(
                Code::UnchangedPosition,
                "this rule can move 0, which leaves the position unchanged",
            )
            .at(self.source, zero, label)
            .help(help),
        );
    }

    pub(super) fn empty(&mut self, span: Span, why: String) {
        self.error(
            Error::new(
                Code::EmptyAmounts,
                format!("this rule can never be used: {why}"),
            )
            .at(self.source, span, "no amount here")
            .help("give at least one amount, like `1..3` or `{1, 3, 4}`"),
        );
    }
}

fn span_end(span: Span) -> usize {
    span.offset() + span.len()
}
