//! Building expressions. pest gives an expression as a flat run of operands
//! and operators; a `PrattParser` applies their precedence. Comparisons do
//! not chain, and nesting is bounded, so that an absurdly deep expression is
//! an error rather than a stack overflow.

use std::sync::LazyLock;

use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::build::{Builder, PResult, child, children};
use super::grammar::Rule;
use crate::syntax::ast::{BinOp, Expr, ExprKind, Func, Monotone, Property, Span};
use crate::syntax::error::{Nesting, SyntaxError};

/// Operator precedence, loosest first.
static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left)
            | Op::infix(Rule::op_divides, Assoc::Left)
            | Op::infix(Rule::op_power_of, Assoc::Left)
            | Op::postfix(Rule::op_is))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_rem, Assoc::Left))
        .op(Op::prefix(Rule::op_neg))
});

/// An expression and whether it was written in parentheses (a comparison in
/// parentheses may be compared again; a bare one may not).
struct Grouped {
    expr: Expr,
    grouped: bool,
}

/// The deepest nesting of expressions (parentheses, `h[...]`, `min(...)`) and
/// the longest run of prefix operators (`not not ...`, `- - ...`) accepted.
pub(super) const MAX_NESTING: usize = 100;

/// The most operators an expression may have, with those of the
/// expressions it is inside: each may add a level to its tree, which the
/// later stages walk recursively (a chain `k + k + … + k` is as deep as it
/// is long).
pub(super) const MAX_OPERATORS: usize = 1000;

fn span_start(span: Span) -> usize {
    span.offset()
}

fn span_end(span: Span) -> usize {
    span.offset() + span.len()
}

fn join(start: Span, end: Span) -> Span {
    (span_start(start)..span_end(end)).into()
}

/// Whether a part of an expression's flat sequence is an operator.
pub(super) fn is_operator(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::op_or
            | Rule::op_and
            | Rule::op_not
            | Rule::op_divides
            | Rule::op_eq
            | Rule::op_ne
            | Rule::op_le
            | Rule::op_lt
            | Rule::op_ge
            | Rule::op_gt
            | Rule::op_add
            | Rule::op_sub
            | Rule::op_mul
            | Rule::op_div
            | Rule::op_rem
            | Rule::op_neg
            | Rule::op_is
    )
}

fn is_comparison(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Binary(op, _, _) => op.is_comparison(),
        ExprKind::Is(..) | ExprKind::Each(..) => true,
        _ => false,
    }
}

fn comparison_op(text: &str) -> BinOp {
    match text {
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        other => unreachable!("not a comparison: {other}"),
    }
}

impl Builder {
    /// An `expr` or a `sum` pair: a flat sequence of operands and operators.
    pub(super) fn expr(&self, pair: Pair<'_, Rule>) -> PResult<Expr> {
        let too_deep = || {
            let start = self.offset + pair.as_span().start();
            // Blocks and expressions count together: named by the larger.
            let nesting = match 2 * self.blocks.get() >= MAX_NESTING {
                true => Nesting::Blocks { limit: MAX_NESTING },
                false => Nesting::Expression { limit: MAX_NESTING },
            };
            SyntaxError::TooDeep {
                nesting,
                span: (start..start + 1).into(),
            }
        };
        let depth = self.depth.get() + 1;
        if depth > MAX_NESTING {
            return Err(too_deep());
        }
        // pest's Pratt parser recurses once per prefix operator.
        let mut run = 0;
        for part in pair.clone().into_inner() {
            run = match part.as_rule() {
                Rule::op_not | Rule::op_neg => run + 1,
                _ => 0,
            };
            if run > MAX_NESTING {
                return Err(too_deep());
            }
        }
        let operators = self.operators.get()
            + pair
                .clone()
                .into_inner()
                .filter(|part| is_operator(part.as_rule()))
                .count();
        if operators > MAX_OPERATORS {
            let start = self.offset + pair.as_span().start();
            return Err(SyntaxError::TooDeep {
                nesting: Nesting::Operators {
                    limit: MAX_OPERATORS,
                },
                span: (start..start + 1).into(),
            });
        }
        let outer = self.operators.replace(operators);
        self.depth.set(depth);
        let result = self.pratt(pair.into_inner());
        self.depth.set(depth - 1);
        self.operators.set(outer);
        Ok(result?.expr)
    }

    fn pratt(&self, pairs: Pairs<'_, Rule>) -> PResult<Grouped> {
        PRATT
            .map_primary(|primary| self.primary(primary))
            .map_prefix(|op, rhs| {
                let rhs = rhs?.expr;
                let span = join(self.span(&op), rhs.span);
                let kind = match op.as_rule() {
                    Rule::op_not => ExprKind::Not(Box::new(rhs)),
                    Rule::op_neg => ExprKind::Neg(Box::new(rhs)),
                    other => unreachable!("not a prefix operator: {other:?}"),
                };
                Ok(Grouped {
                    expr: Expr { kind, span },
                    grouped: false,
                })
            })
            .map_infix(|lhs, op, rhs| {
                let (lhs, rhs) = (lhs?, rhs?);
                let bin = match op.as_rule() {
                    Rule::op_or => BinOp::Or,
                    Rule::op_and => BinOp::And,
                    Rule::op_eq => BinOp::Eq,
                    Rule::op_ne => BinOp::Ne,
                    Rule::op_lt => BinOp::Lt,
                    Rule::op_le => BinOp::Le,
                    Rule::op_gt => BinOp::Gt,
                    Rule::op_ge => BinOp::Ge,
                    Rule::op_divides => BinOp::Divides,
                    Rule::op_power_of => BinOp::PowerOf,
                    Rule::op_add => BinOp::Add,
                    Rule::op_sub => BinOp::Sub,
                    Rule::op_mul => BinOp::Mul,
                    Rule::op_div => BinOp::Div,
                    Rule::op_rem => BinOp::Rem,
                    other => unreachable!("not an infix operator: {other:?}"),
                };
                if bin.is_comparison() {
                    self.not_chained(&lhs, &op)?;
                    self.not_chained(&rhs, &op)?;
                }
                let span = join(lhs.expr.span, rhs.expr.span);
                let kind = ExprKind::Binary(bin, Box::new(lhs.expr), Box::new(rhs.expr));
                Ok(Grouped {
                    expr: Expr { kind, span },
                    grouped: false,
                })
            })
            .map_postfix(|lhs, op| {
                let lhs = lhs?;
                let span = join(lhs.expr.span, self.span(&op));
                let property = match child(op.clone(), Rule::property)
                    .into_inner()
                    .next()
                    .expect("a property")
                    .as_rule()
                {
                    Rule::kw_square => Property::Square,
                    Rule::kw_prime => Property::Prime,
                    Rule::kw_even => Property::Even,
                    Rule::kw_odd => Property::Odd,
                    other => unreachable!("not a property: {other:?}"),
                };
                self.not_chained(&lhs, &op)?;
                Ok(Grouped {
                    expr: Expr {
                        kind: ExprKind::Is(Box::new(lhs.expr), property),
                        span,
                    },
                    grouped: false,
                })
            })
            .parse(pairs)
    }

    /// Rejects `a < b < c` and the like: comparisons do not associate, so an
    /// operand of a comparison may be a comparison only in parentheses.
    fn not_chained(&self, operand: &Grouped, op: &Pair<'_, Rule>) -> PResult<()> {
        if operand.grouped || !is_comparison(&operand.expr) {
            return Ok(());
        }
        let op_text = op.as_str().split_whitespace().next().unwrap_or("");
        Err(SyntaxError::ChainedComparison {
            op: op_text.to_string(),
            span: self.span(op),
        })
    }

    fn primary(&self, pair: Pair<'_, Rule>) -> PResult<Grouped> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("a primary has a kind");
        let kind = match inner.as_rule() {
            Rule::int => ExprKind::Int(self.big_int(&inner)?),
            Rule::heap_index => ExprKind::Heap(Box::new(self.expr(child(inner, Rule::expr))?)),
            Rule::cell => {
                let mut at = children(inner, Rule::expr);
                let (r, c) = (at.next().expect("a row"), at.next().expect("a column"));
                ExprKind::Cell(Box::new(self.expr(r)?), Box::new(self.expr(c)?))
            }
            // The character between the quotes: its code point.
            Rule::char_lit => {
                ExprKind::Int((inner.as_str().chars().nth(1)).map_or(0, u32::from).into())
            }
            Rule::call => {
                let mut parts = inner.into_inner();
                let func = match parts.next().expect("a function").as_rule() {
                    Rule::kw_min => Func::Min,
                    _ => Func::Max,
                };
                let args = parts
                    .filter(|p| p.as_rule() == Rule::expr)
                    .map(|p| self.expr(p))
                    .collect::<PResult<Vec<_>>>()?;
                ExprKind::Call(func, args)
            }
            Rule::paren => {
                let expr = self.expr(child(inner, Rule::expr))?;
                return Ok(Grouped {
                    expr: Expr {
                        kind: expr.kind,
                        span,
                    },
                    grouped: true,
                });
            }
            Rule::each_expr => {
                let op = comparison_op(child(inner.clone(), Rule::each_cmp).as_str());
                let rhs = self.expr(child(inner, Rule::sum))?;
                ExprKind::Each(op, Box::new(rhs))
            }
            Rule::count_of => ExprKind::Count(Box::new(self.expr(child(inner, Rule::expr))?)),
            Rule::kw_nonincreasing => ExprKind::Monotone(Monotone::Nonincreasing),
            Rule::kw_nondecreasing => ExprKind::Monotone(Monotone::Nondecreasing),
            Rule::kw_len | Rule::ident => ExprKind::Name(self.ident(inner)),
            Rule::list_item => {
                let name = self.ident(child(inner.clone(), Rule::ident));
                ExprKind::Item(name, Box::new(self.expr(child(inner, Rule::expr))?))
            }
            Rule::len_of => ExprKind::LenOf(self.ident(child(inner, Rule::ident))),
            other => unreachable!("not a primary: {other:?}"),
        };
        Ok(Grouped {
            expr: Expr { kind, span },
            grouped: false,
        })
    }
}
