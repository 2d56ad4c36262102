//! Scoring games (`score += EXPR` in a move block): what makes a game one,
//! and what such a game cannot also have. A scoring game's play ends when
//! the player to move has no move, and the player with more points wins;
//! its search (`search::graphs::scoring`) plays every move of both players
//! alike, each move of one position as a whole, so that ends that decide
//! the winner otherwise, misère play, rules of one player and moves into
//! sums are mistakes here, each found at its span.

use super::error::RulesError;
use super::error::ScoringWith;
use super::lowerer::Lowerer;
use crate::syntax::ast::{self, BlockStmt, BlockStmtKind, Place, Span, Statement};

impl Lowerer<'_> {
    /// Whether `place` is the mover's points: the word `score`, where no
    /// part of the position has that name.
    pub(super) fn is_score(&self, place: &Place) -> bool {
        matches!(place, Place::Name(name) if name.name == "score" && !self.parts.contains(&name.name))
    }

    /// Whether the game `def` scores points, each mistake of a scoring game
    /// (or of `again` without points) reported.
    pub(super) fn scoring(&mut self, def: &ast::GameDef) -> bool {
        let blocks = || {
            def.body.iter().filter_map(|s| match s {
                Statement::Move(m) => Some(m),
                _ => None,
            })
        };
        let mut scores = Vec::new();
        let mut agains = Vec::new();
        let mut sums = Vec::new();
        for block in blocks() {
            self.walk(&block.body, &mut scores, &mut agains, &mut sums);
        }
        let Some(&score) = scores.first() else {
            for span in agains {
                self.error(RulesError::AgainWithoutScore {
                    src: self.source.clone(),
                    span,
                });
            }
            return false;
        };
        let mut refuse = |what, span: Span| {
            self.errors.push(RulesError::Scoring {
                what,
                src: self.source.clone(),
                score,
                span,
            })
        };
        for statement in &def.body {
            match statement {
                Statement::End(end) => refuse(ScoringWith::End, end.span),
                Statement::Play(play) if play.misere => refuse(ScoringWith::Misere, play.span),
                Statement::Rule(rule) if rule.side.is_some() => {
                    refuse(ScoringWith::Side, rule.span)
                }
                Statement::Move(block) if block.side.is_some() => {
                    refuse(ScoringWith::Side, block.name.span)
                }
                _ => {}
            }
        }
        for span in sums {
            refuse(ScoringWith::Becomes, span);
        }
        true
    }

    /// The spans of the `score` assignments, `again`s and `becomes` of
    /// `statements`, at any depth.
    fn walk(
        &self,
        statements: &[BlockStmt],
        scores: &mut Vec<Span>,
        agains: &mut Vec<Span>,
        sums: &mut Vec<Span>,
    ) {
        for statement in statements {
            match &statement.kind {
                BlockStmtKind::Assign { place, .. } if self.is_score(place) => {
                    scores.push(statement.span)
                }
                BlockStmtKind::Again => agains.push(statement.span),
                BlockStmtKind::Becomes(_) => sums.push(statement.span),
                BlockStmtKind::For { body, .. } => self.walk(body, scores, agains, sums),
                BlockStmtKind::If {
                    then, otherwise, ..
                } => {
                    self.walk(then, scores, agains, sums);
                    self.walk(otherwise, scores, agains, sums);
                }
                _ => {}
            }
        }
    }
}
