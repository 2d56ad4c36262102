//! Lowering one rule: its kind of move, the heaps it acts on (which the
//! game's heap count must allow), and the name its moves are shown with.

use num_traits::ToPrimitive;

use super::Lowerer;
use super::expr::Kind;
use crate::diagnostics::{Code, Error};
use crate::rules::{MoveKind, Rule, Split, Target};
use crate::syntax::ast::{self, Span};

impl Lowerer<'_> {
    pub(super) fn rule(&mut self, rule: &ast::RuleDef, heap_count: Option<usize>) -> Option<Rule> {
        let kind = match &rule.kind {
            ast::RuleKind::Take {
                amounts,
                from,
                split,
            } => {
                let amounts = self.amounts(amounts);
                let target = self.target(from, heap_count);
                if let (Some(split), Some(t)) = (split, target)
                    && t != Target::One
                {
                    self.error(
                        Error::new(
                            Code::BadTarget,
                            "only a take from one heap can split the rest",
                        )
                        .at(self.source, split.span, "this split")
                        .help("take from one heap, or drop `and split the rest ...`"),
                    );
                }
                if let Some(split) = split {
                    self.needs_any_heaps(split.span, heap_count);
                }
                MoveKind::Take {
                    amounts: amounts?,
                    target: target?,
                    split_rest: split.as_ref().map(split_of),
                }
            }
            ast::RuleKind::Shift { amounts } => MoveKind::Shift {
                amounts: self.amounts(amounts)?,
            },
            ast::RuleKind::Split(split) => {
                self.needs_any_heaps(split.span, heap_count);
                if !split.nonempty {
                    self.error(
                        Error::new(
                            Code::UnchangedPosition,
                            "this split can leave the position unchanged",
                        )
                        .at(
                            self.source,
                            split.span,
                            "may split a heap into itself and an empty heap",
                        )
                        .help("write `split into 2 nonempty heaps`"),
                    );
                    return None;
                }
                MoveKind::Split(split_of(split))
            }
            ast::RuleKind::EmptyAndSplit(split) => {
                if heap_count != Some(2) {
                    self.error(
                        Error::new(
                            Code::BadTarget,
                            "`empty one heap and split the other` needs exactly two heaps",
                        )
                        .at(self.source, rule.span, "needs `heaps 2`")
                        .help("declare the game with `heaps 2`"),
                    );
                    return None;
                }
                MoveKind::EmptyAndSplit(split_of(split))
            }
            ast::RuleKind::Octal(text) => {
                let code = self.octal(text, rule.span)?;
                if code.splits() {
                    self.needs_any_heaps(rule.span, heap_count);
                }
                MoveKind::Octal(code)
            }
        };
        let name = match &rule.label {
            Some(label) => label.name.clone(),
            None => self
                .source
                .slice(rule.span)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        };
        Some(Rule {
            name,
            span: rule.span,
            kind,
        })
    }

    fn needs_any_heaps(&mut self, span: Span, heap_count: Option<usize>) {
        if let Some(n) = heap_count {
            self.error(
                Error::new(
                    Code::BadTarget,
                    format!("a split adds a heap, but this game always has {n}"),
                )
                .at(self.source, span, "adds a heap")
                .help("declare the game with `heaps *`"),
            );
        }
    }

    fn target(&mut self, from: &ast::From, heap_count: Option<usize>) -> Option<Target> {
        match from {
            ast::From::OneHeap => Some(Target::One),
            ast::From::BothHeaps(span) => {
                if heap_count == Some(2) {
                    Some(Target::Same(2))
                } else {
                    let count = heap_count.map_or("any number of".to_string(), |n| n.to_string());
                    self.error(
                        Error::new(Code::BadTarget, format!("`from both heaps` needs exactly two heaps, but this game has {count} heaps"))
                            .at(self.source, *span, "from both heaps")
                            .help("write `from two heaps` to take the same amount from any two heaps, or declare `heaps 2`"),
                    );
                    None
                }
            }
            ast::From::Same(n) | ast::From::UpTo(n) => {
                let up_to = matches!(from, ast::From::UpTo(_));
                let count = self.constant(n, Kind::Number)?;
                let count = match count.to_usize().filter(|&c| c >= 1) {
                    Some(c) => c,
                    None => {
                        self.error(
                            Error::new(
                                Code::BadTarget,
                                format!("a move must take from at least one heap, not {count}"),
                            )
                            .at(self.source, n.span, "the number of heaps")
                            .help("use a count of 1 or more"),
                        );
                        return None;
                    }
                };
                if let Some(heaps) = heap_count
                    && count > heaps
                    && !up_to
                {
                    self.error(
                        Error::new(
                            Code::BadTarget,
                            format!("this takes from {count} heaps, but the game has {heaps}"),
                        )
                        .at(self.source, n.span, "too many heaps")
                        .help(format!("use at most {heaps} heaps")),
                    );
                    return None;
                }
                Some(match (count, up_to) {
                    (1, _) => Target::One,
                    (c, true) => Target::UpTo(c),
                    (c, false) => Target::Same(c),
                })
            }
        }
    }
}

fn split_of(split: &ast::SplitSpec) -> Split {
    Split {
        unequal: split.unequal,
        nonempty: split.nonempty,
    }
}
