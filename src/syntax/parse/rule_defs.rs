//! Building a game's rules (`take`, `shift`, `split`, `empty`, `octal`):
//! their labels, the heaps they take from, how they split, and their amounts.

use num_bigint::{BigInt, BigUint};
use pest::iterators::Pair;

use super::build::{Builder, PResult, child, children, side_of};
use super::grammar::Rule;
use crate::syntax::ast::{
    self, Amounts, AmountsKind, Expr, ExprKind, Ident, RuleDef, RuleKind, SplitSpec,
};
use crate::syntax::error::SyntaxError;

impl Builder {
    pub(super) fn rule(&self, pair: Pair<'_, Rule>) -> PResult<RuleDef> {
        let mut label = None;
        let mut side = None;
        let mut rule = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::label => label = Some(self.label(&part)),
                Rule::side => side = Some(side_of(part)),
                _ => rule = Some(part),
            }
        }
        let rule = rule.expect("a rule after its label");
        let span = self.span(&rule);
        let kind = match rule.as_rule() {
            Rule::take_rule => {
                let mut amounts = None;
                let mut from = ast::From::OneHeap;
                let mut split = None;
                for part in rule.into_inner() {
                    match part.as_rule() {
                        Rule::amounts => amounts = Some(self.amounts(part)?),
                        Rule::from_clause => from = self.from(part)?,
                        Rule::take_split => {
                            split = Some(self.split_spec(child(part, Rule::split_rest))?);
                        }
                        _ => {}
                    }
                }
                RuleKind::Take {
                    amounts: amounts.expect("take has amounts"),
                    from,
                    split,
                }
            }
            Rule::shift_rule => RuleKind::Shift {
                amounts: self.amounts(child(rule, Rule::amounts))?,
            },
            Rule::split_rule => RuleKind::Split(self.split_spec(rule)?),
            Rule::empty_rule => {
                RuleKind::EmptyAndSplit(self.split_spec(child(rule, Rule::split_other))?)
            }
            Rule::octal_rule => RuleKind::Octal(child(rule, Rule::octal_code).as_str().to_string()),
            Rule::hex_rule => RuleKind::Hex(child(rule, Rule::hex_code).as_str().to_string()),
            Rule::hackenbush_rule => RuleKind::Hackenbush {
                green: children(rule.clone(), Rule::kw_green).next().is_some(),
            },
            Rule::kayles_rule => RuleKind::Kayles(match children(rule, Rule::kw_node).next() {
                Some(_) => ast::Kayles::Node,
                None => ast::Kayles::Arc,
            }),
            Rule::colouring_rule => {
                RuleKind::Colouring(match children(rule, Rule::kw_snort).next() {
                    Some(_) => ast::Colouring::Snort,
                    None => ast::Colouring::Col,
                })
            }
            Rule::slide_rule => RuleKind::Slide {
                graph: self.ident(child(rule, Rule::ident)),
            },
            Rule::product_rule => {
                let mut factors = Vec::new();
                for part in rule.into_inner() {
                    match part.as_rule() {
                        Rule::game_name => factors.push(ast::Factor {
                            name: self.ident(part),
                            args: Vec::new(),
                        }),
                        Rule::args => {
                            let args = children(part, Rule::arg)
                                .map(|a| self.arg(a))
                                .collect::<PResult<_>>()?;
                            if let Some(last) = factors.last_mut() {
                                last.args = args;
                            }
                        }
                        _ => {}
                    }
                }
                let second = factors.pop().expect("a product has two games");
                let first = factors.pop().expect("a product has two games");
                RuleKind::Product { first, second }
            }
            Rule::turn_rule => {
                let row = children(rule.clone(), Rule::in_a_row).next().is_some();
                let condition = children(rule.clone(), Rule::where_clause)
                    .next()
                    .map(|w| self.where_clause(w))
                    .transpose()?;
                // The counts read as amounts, with the condition after them.
                let amounts = Amounts {
                    condition,
                    ..self.amounts(child(rule, Rule::turn_counts))?
                };
                RuleKind::Turn { amounts, row }
            }
            other => unreachable!("not a rule: {other:?}"),
        };
        Ok(RuleDef {
            side,
            label,
            kind,
            span,
        })
    }

    /// The name in `name:` (the label token also holds the colon).
    fn label(&self, pair: &Pair<'_, Rule>) -> Ident {
        let text = pair.as_str();
        let len = text
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        let start = self.offset + pair.as_span().start();
        Ident {
            name: text[..len].to_string(),
            span: (start..start + len).into(),
        }
    }

    fn split_spec(&self, pair: Pair<'_, Rule>) -> PResult<SplitSpec> {
        let span = self.span(&pair);
        let mut unequal = false;
        let mut nonempty = false;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::split_count => {
                    let count = part.into_inner().next().expect("a count");
                    if count.as_rule() == Rule::int && self.big_uint(&count)? != BigUint::from(2u8)
                    {
                        return Err(SyntaxError::SplitCount {
                            span: self.span(&count),
                        });
                    }
                }
                Rule::split_flags => {
                    for flag in part.into_inner() {
                        let seen = if flag.as_rule() == Rule::kw_unequal {
                            &mut unequal
                        } else {
                            &mut nonempty
                        };
                        if *seen {
                            return Err(SyntaxError::FlagTwice {
                                flag: flag.as_str().to_string(),
                                span: self.span(&flag),
                            });
                        }
                        *seen = true;
                    }
                }
                _ => {}
            }
        }
        Ok(SplitSpec {
            unequal,
            nonempty,
            span,
        })
    }

    fn from(&self, pair: Pair<'_, Rule>) -> PResult<ast::From> {
        let target = child(pair, Rule::from_target)
            .into_inner()
            .next()
            .expect("a from target");
        Ok(match target.as_rule() {
            Rule::from_one => ast::From::OneHeap,
            Rule::from_both => ast::From::BothHeaps(self.span(&child(target, Rule::kw_both))),
            Rule::from_two => {
                let word = child(target, Rule::kw_two);
                ast::From::Same(Expr {
                    kind: ExprKind::Int(BigInt::from(2)),
                    span: self.span(&word),
                })
            }
            Rule::from_up_to => ast::From::UpTo(self.expr(child(target, Rule::sum))?),
            Rule::from_n => ast::From::Same(self.expr(child(target, Rule::sum))?),
            other => unreachable!("not a from target: {other:?}"),
        })
    }

    fn amounts(&self, pair: Pair<'_, Rule>) -> PResult<Amounts> {
        let span = self.span(&pair);
        let mut kind = None;
        let mut condition = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::range | Rule::turn_range => {
                    let mut bounds = children(part, Rule::sum);
                    let lo = self.expr(bounds.next().expect("a lower bound"))?;
                    let hi = bounds.next().map(|hi| self.expr(hi)).transpose()?;
                    kind = Some(AmountsKind::Range { lo, hi });
                }
                Rule::amount_set => {
                    let elements = children(part, Rule::expr)
                        .map(|e| self.expr(e))
                        .collect::<PResult<Vec<_>>>()?;
                    kind = Some(AmountsKind::Set(elements));
                }
                Rule::single => {
                    kind = Some(AmountsKind::Single(self.expr(child(part, Rule::sum))?));
                }
                Rule::where_clause => condition = Some(self.where_clause(part)?),
                other => unreachable!("not part of amounts: {other:?}"),
            }
        }
        Ok(Amounts {
            kind: kind.expect("amounts have a kind"),
            condition,
            span,
        })
    }
}
