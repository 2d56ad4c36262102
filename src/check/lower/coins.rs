//! Lowering a game of coins: `coins` (`coins from N`), and the rule that a
//! game of coins moves only by `turn` (or one `product`), and `turn` only
//! in a game of coins; a rule of a game played on graphs (`green
//! hackenbush`, `node kayles`, `arc kayles`, `snort`, `col`) is its game's
//! only rule too.

use num_traits::ToPrimitive;

use super::error::RulesError;
use super::lowerer::{Lowerer, Shape};
use crate::rules::Coins;
use crate::syntax::ast::{self, HeapCount, Statement};

impl Lowerer<'_> {
    /// `coins` (`coins from N`), where the game says it; a product's
    /// coins are pairs.
    pub(super) fn coins(&mut self, decl: &ast::HeapsDecl, def: &ast::GameDef) -> Option<Coins> {
        let HeapCount::Coins { origin } = &decl.count else {
            return None;
        };
        let pairs = def
            .body
            .iter()
            .any(|s| {
                matches!(s, Statement::Rule(rule) if matches!(rule.kind, ast::RuleKind::Product { .. }))
            })
            .then_some([0, 0]);
        match origin.to_u64().filter(|&o| o <= 1) {
            Some(origin) => Some(Coins { origin, pairs }),
            None => {
                self.error(RulesError::CoinsFrom {
                    origin: origin.clone(),
                    src: self.source.clone(),
                    span: decl.span,
                });
                None
            }
        }
    }

    /// A coin game moves only by `turn`, and `turn` only moves coins; a
    /// product, and a rule of a game played on graphs, is its game's only
    /// rule.
    pub(super) fn coin_moves(&mut self, def: &ast::GameDef, shape: Option<Shape>) {
        let coins_span = match shape {
            Some(Shape::Heaps(decl)) if matches!(decl.count, HeapCount::Coins { .. }) => {
                Some(decl.span)
            }
            _ => None,
        };
        let moves = (def.body.iter())
            .filter(|s| {
                matches!(
                    s,
                    Statement::Rule(_) | Statement::Move(_) | Statement::End(_)
                )
            })
            .count();
        for statement in &def.body {
            if let Statement::Rule(rule) = statement
                && moves > 1
            {
                match (&rule.kind, graph_rule(&rule.kind)) {
                    (ast::RuleKind::Product { .. }, _) => self.error(RulesError::ProductAlone {
                        src: self.source.clone(),
                        span: rule.span,
                    }),
                    (_, Some(name)) => self.error(RulesError::GraphRuleAlone {
                        rule: name,
                        src: self.source.clone(),
                        span: rule.span,
                    }),
                    _ => {}
                }
            }
            let (span, turn) = match statement {
                Statement::Rule(rule) => (
                    rule.span,
                    matches!(
                        rule.kind,
                        ast::RuleKind::Turn { .. } | ast::RuleKind::Product { .. }
                    ),
                ),
                Statement::Move(block) => (block.span, false),
                Statement::End(end) => (end.span, false),
                _ => continue,
            };
            match coins_span {
                Some(coins) if !turn => self.error(RulesError::NotACoinMove {
                    src: self.source.clone(),
                    span,
                    coins,
                }),
                None if turn => self.error(RulesError::TurnWithoutCoins {
                    src: self.source.clone(),
                    span,
                }),
                _ => {}
            }
        }
    }
}

/// The words of a rule that plays on graphs: `green hackenbush`,
/// `hackenbush`, `node kayles`, `arc kayles`, `snort`, `col`.
fn graph_rule(kind: &ast::RuleKind) -> Option<&'static str> {
    match kind {
        ast::RuleKind::Hackenbush { green: true } => Some("green hackenbush"),
        ast::RuleKind::Hackenbush { green: false } => Some("hackenbush"),
        ast::RuleKind::Kayles(ast::Kayles::Node) => Some("node kayles"),
        ast::RuleKind::Kayles(ast::Kayles::Arc) => Some("arc kayles"),
        ast::RuleKind::Colouring(game) => Some(game.word()),
        _ => None,
    }
}
