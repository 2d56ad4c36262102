//! Linking `becomes`: a position of another game of the file is of that
//! game lowered with the parameter values the `becomes` gives (as an
//! `analyze` component would), linked in turn. A game that comes back to a
//! game it is becoming (a circle of games) is an error: each game's
//! positions are answered on their own, not as one graph.

use std::sync::Arc;

use super::{CheckError, Errors, Program};
use crate::rules::{Game, GameRef, MoveKind, RulesError, Stmt, Term, TermGame};
use crate::syntax::ast;

/// A game as a `becomes` names it, on the way being linked.
type Key = (String, Vec<ast::Arg>);

impl Program {
    /// `game`, its `becomes` terms that name another game linked.
    pub(super) fn link(&self, game: Game) -> Result<Game, Errors> {
        let key = (game.name.clone(), Vec::new());
        self.link_on(game, &mut vec![key])
    }

    /// `game`, linked, where `path` holds the games on the way to it.
    fn link_on(&self, mut game: Game, path: &mut Vec<Key>) -> Result<Game, Errors> {
        let mut errors = Vec::new();
        let this = (game.title(), game.misere);
        for rule in &mut game.rules {
            match &mut rule.kind {
                MoveKind::Block(block) => {
                    self.link_statements(&mut block.body, &this, path, &mut errors)
                }
                MoveKind::Product(product) => {
                    let mut origins = [0; 2];
                    for (factor, origin) in product.factors.iter_mut().zip(&mut origins) {
                        if let TermGame::Named(named) = factor {
                            match self.factor(named, &this, path) {
                                Ok(game) => *factor = TermGame::Other(game),
                                Err(e) => errors.extend(e),
                            }
                        }
                        if let TermGame::Other(game) = factor {
                            *origin = game.coins.map_or(0, |c| c.origin);
                        }
                    }
                    if let Some(coins) = &mut game.coins {
                        coins.pairs = Some(origins);
                    }
                }
                _ => {}
            }
        }
        if errors.is_empty() {
            Ok(game)
        } else {
            Err(errors)
        }
    }

    fn link_statements(
        &self,
        statements: &mut [Stmt],
        this: &(String, bool),
        path: &mut Vec<Key>,
        errors: &mut Errors,
    ) {
        for statement in statements {
            match statement {
                Stmt::Becomes(terms) => {
                    for term in terms {
                        if let TermGame::Named(named) = &term.game {
                            match self.linked(named, term, this, path) {
                                Ok(game) => term.game = TermGame::Other(game),
                                Err(e) => errors.extend(e),
                            }
                        }
                    }
                }
                Stmt::For { body, .. } => self.link_statements(body, this, path, errors),
                Stmt::If {
                    then, otherwise, ..
                } => {
                    self.link_statements(then, this, path, errors);
                    self.link_statements(otherwise, this, path, errors);
                }
                _ => {}
            }
        }
    }

    /// A game a product multiplies: a row of coins, played as the product is.
    fn factor(
        &self,
        named: &GameRef,
        (this, misere): &(String, bool),
        path: &mut [Key],
    ) -> Result<Arc<Game>, Errors> {
        let name = &named.name;
        let Some(entry) = self.game(&name.name) else {
            return Err(vec![CheckError::UnknownGame {
                name: name.name.clone(),
                games: self.game_names(),
                src: self.source.clone(),
                span: name.span,
            }]);
        };
        if path.iter().any(|k| k.0 == name.name) {
            return Err(vec![CheckError::NotACoinRow {
                name: name.name.clone(),
                src: self.source.clone(),
                span: name.span,
            }]);
        }
        let game = self.lower_with(&entry.def, &named.args, &self.source)?;
        if game.coins.is_none_or(|c| c.pairs.is_some()) {
            return Err(vec![CheckError::NotACoinRow {
                name: name.name.clone(),
                src: self.source.clone(),
                span: name.span,
            }]);
        }
        if game.misere != *misere {
            let (misere_game, normal) = match game.misere {
                true => (game.title(), this.clone()),
                false => (this.clone(), game.title()),
            };
            return Err(vec![CheckError::MisereInSum {
                game: misere_game,
                normal,
                src: self.source.clone(),
                span: name.span,
            }]);
        }
        Ok(Arc::new(game))
    }

    /// The game `named` names, lowered with its values and linked.
    fn linked(
        &self,
        named: &GameRef,
        term: &Term,
        (this, misere): &(String, bool),
        path: &mut Vec<Key>,
    ) -> Result<Arc<Game>, Errors> {
        let source = &self.source;
        let name = &named.name;
        let Some(entry) = self.game(&name.name) else {
            return Err(vec![CheckError::UnknownGame {
                name: name.name.clone(),
                games: self.game_names(),
                src: source.clone(),
                span: name.span,
            }]);
        };
        let key = (name.name.clone(), named.args.clone());
        if let Some(at) = path.iter().position(|k| k.0 == key.0) {
            let mut games: Vec<String> = path[at..].iter().map(|k| k.0.clone()).collect();
            games.push(name.name.clone());
            return Err(vec![CheckError::BecomesCircle {
                games,
                src: source.clone(),
                span: name.span,
            }]);
        }
        let game = self.lower_with(&entry.def, &named.args, source)?;
        if game.misere != *misere {
            let (misere_game, normal) = if game.misere {
                (game.title(), this.clone())
            } else {
                (this.clone(), game.title())
            };
            return Err(vec![CheckError::MisereInSum {
                game: misere_game,
                normal,
                src: source.clone(),
                span: term.span,
            }]);
        }
        if let Some(expected) = game.heap_count.filter(|&n| n != term.parts.len()) {
            return Err(vec![
                RulesError::TermParts {
                    game: game.name.clone(),
                    expected,
                    found: term.parts.len(),
                    names: game.parts.clone(),
                    src: source.clone(),
                    span: term.span,
                }
                .into(),
            ]);
        }
        path.push(key);
        let linked = self.link_on(game, path);
        path.pop();
        linked.map(Arc::new)
    }
}

/// Whether `game` has a `becomes` that names another game not yet linked.
pub(super) fn unlinked(game: &Game) -> bool {
    fn named(statements: &[Stmt]) -> bool {
        statements.iter().any(|s| match s {
            Stmt::Becomes(terms) => terms.iter().any(|t| matches!(t.game, TermGame::Named(_))),
            Stmt::For { body, .. } => named(body),
            Stmt::If {
                then, otherwise, ..
            } => named(then) || named(otherwise),
            _ => false,
        })
    }
    (game.rules.iter()).any(|r| match &r.kind {
        MoveKind::Block(block) => named(&block.body),
        MoveKind::Product(product) => {
            (product.factors.iter()).any(|f| matches!(f, TermGame::Named(_)))
        }
        _ => false,
    })
}
