//! Lowering one rule: its kind of move, the heaps it acts on (which the
//! game's heap count must allow), and the name its moves are shown with.

use num_traits::ToPrimitive;

use super::error::{Kind, RulesError};
use super::lowerer::Lowerer;
use crate::position::{Colour, Colouring};
use crate::rules::{
    GameRef, MoveKind, ParamValue, Product, Rule, Side, Split, Target, TermGame, Turning,
};
use crate::syntax::ast::{self, Span};

impl Lowerer<'_> {
    /// The rules one written rule lowers to: itself, or, for `hackenbush`,
    /// each player's cuts (Winning Ways, ch. 2: Left cuts blue edges,
    /// Right red ones, and either green ones); for `snort` and `col`, each
    /// player's colouring (Left blue, Right red).
    pub(super) fn rules(&mut self, rule: &ast::RuleDef, heap_count: Option<usize>) -> Vec<Rule> {
        if let ast::RuleKind::Colouring(game) = rule.kind {
            return self.colourings(rule, game);
        }
        if !matches!(rule.kind, ast::RuleKind::Hackenbush { green: false }) {
            return self.rule(rule, heap_count).into_iter().collect();
        }
        if let Some(side) = rule.side {
            self.error(RulesError::SideOnHackenbush {
                side: side.word(),
                src: self.source.clone(),
                span: rule.span,
            });
            return Vec::new();
        }
        let cut = |side, colour| Rule {
            side,
            name: "hackenbush".to_string(),
            span: rule.span,
            kind: MoveKind::Cut(Some(colour)),
        };
        vec![
            cut(Some(Side::Left), Colour::Blue),
            cut(Some(Side::Right), Colour::Red),
            cut(None, Colour::Green),
        ]
    }

    /// Snort's or Col's two rules: Left colours blue, Right red.
    fn colourings(&mut self, rule: &ast::RuleDef, game: Colouring) -> Vec<Rule> {
        if rule.side.is_some() {
            self.error(RulesError::SideOnColouring {
                rule: game.word(),
                src: self.source.clone(),
                span: rule.span,
            });
            return Vec::new();
        }
        let colour = |side, colour| Rule {
            side: Some(side),
            name: game.word().to_string(),
            span: rule.span,
            kind: MoveKind::Colour(game, colour),
        };
        vec![
            colour(Side::Left, Colour::Blue),
            colour(Side::Right, Colour::Red),
        ]
    }

    fn rule(&mut self, rule: &ast::RuleDef, heap_count: Option<usize>) -> Option<Rule> {
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
                    self.error(RulesError::SplitRestOfSeveral {
                        src: self.source.clone(),
                        span: split.span,
                    });
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
                    self.error(RulesError::SplitMayBeEmpty {
                        src: self.source.clone(),
                        span: split.span,
                    });
                    return None;
                }
                MoveKind::Split(split_of(split))
            }
            ast::RuleKind::EmptyAndSplit(split) => {
                if heap_count != Some(2) {
                    self.error(RulesError::EmptyAndSplitNeedsTwo {
                        src: self.source.clone(),
                        span: rule.span,
                    });
                    return None;
                }
                MoveKind::EmptyAndSplit(split_of(split))
            }
            ast::RuleKind::Turn { amounts, row } => MoveKind::Turn(Turning {
                counts: self.amounts(amounts)?,
                row: *row,
            }),
            ast::RuleKind::Hackenbush { .. } => MoveKind::Cut(None),
            ast::RuleKind::Kayles(kayles) => MoveKind::Pick(*kayles),
            // Two rules, one a player, made by `colourings`.
            ast::RuleKind::Colouring(_) => return None,
            ast::RuleKind::Slide { graph } => match self.param(&graph.name).cloned() {
                Some(ParamValue::Graph(g)) => MoveKind::Slide(g),
                other => {
                    self.error(RulesError::NotAGraph {
                        name: graph.name.clone(),
                        kind: other.as_ref().map_or("not a parameter", ParamValue::kind),
                        src: self.source.clone(),
                        span: graph.span,
                    });
                    return None;
                }
            },
            ast::RuleKind::Product { first, second } => {
                let named = |f: &ast::Factor| {
                    TermGame::Named(Box::new(GameRef {
                        name: f.name.clone(),
                        args: f.args.clone(),
                    }))
                };
                MoveKind::Product(Product {
                    factors: [named(first), named(second)],
                })
            }
            ast::RuleKind::Octal(text) | ast::RuleKind::Hex(text) => {
                let hex = matches!(rule.kind, ast::RuleKind::Hex(_));
                let code = self.code(text, hex, rule.span)?;
                if code.splits() {
                    self.needs_any_heaps(rule.span, heap_count);
                }
                MoveKind::Octal(code)
            }
        };
        let name = match &rule.label {
            Some(label) => label.name.clone(),
            None => shortened(
                &self
                    .source
                    .slice(rule.span)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        };
        Some(Rule {
            side: rule.side,
            name,
            span: rule.span,
            kind,
        })
    }

    fn needs_any_heaps(&mut self, span: Span, heap_count: Option<usize>) {
        if let Some(n) = heap_count {
            self.error(RulesError::SplitInFixedHeaps {
                heaps: n,
                src: self.source.clone(),
                span,
            });
        }
    }

    fn target(&mut self, from: &ast::From, heap_count: Option<usize>) -> Option<Target> {
        match from {
            ast::From::OneHeap => Some(Target::One),
            ast::From::BothHeaps(span) => {
                if heap_count == Some(2) {
                    Some(Target::Same(2))
                } else {
                    self.error(RulesError::BothHeapsNeedsTwo {
                        heaps: heap_count,
                        src: self.source.clone(),
                        span: *span,
                    });
                    None
                }
            }
            ast::From::Same(n) | ast::From::UpTo(n) => {
                let up_to = matches!(from, ast::From::UpTo(_));
                let count = self.constant(n, Kind::Number)?;
                let count = match count.to_usize() {
                    Some(c) if c >= 1 => c,
                    // Up to more heaps than any position has: any number.
                    None if up_to && count.sign() == num_bigint::Sign::Plus => usize::MAX,
                    None if count.sign() == num_bigint::Sign::Plus => {
                        self.error(RulesError::TargetBeyondAnyPosition {
                            count,
                            src: self.source.clone(),
                            span: n.span,
                        });
                        return None;
                    }
                    _ => {
                        self.error(RulesError::NoHeapTaken {
                            count,
                            src: self.source.clone(),
                            span: n.span,
                        });
                        return None;
                    }
                };
                if let Some(heaps) = heap_count
                    && count > heaps
                    && !up_to
                {
                    self.error(RulesError::TooManyTargets {
                        count,
                        heaps,
                        src: self.source.clone(),
                        span: n.span,
                    });
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

/// A rule's text as its name, shortened past 80 characters: it is shown
/// beside every move the rule makes.
fn shortened(text: &str) -> String {
    const LONGEST: usize = 80;
    if text.chars().count() <= LONGEST {
        return text.to_string();
    }
    let head: String = text.chars().take(LONGEST - 1).collect();
    format!("{head}…")
}
