//! Linking `becomes`: a position of another game of the file is of that
//! game lowered with the parameter values the `becomes` gives (as an
//! `analyze` component would), linked in turn. A game that comes back to a
//! game on its way with the same parameter values (a circle of games) is
//! linked back to it, weakly (`TermGame::Back`): the search answers such
//! games together. Coming back with other values is an error (the values
//! could change on every round, and the games never end).

use std::collections::HashMap;
use std::sync::{Arc, Weak};

use super::checked::Program;
use super::error::{CheckError, Errors};
use super::lower::RulesError;
use crate::platform::deeper;
use crate::rules::{BackLink, Game, GameRef, MoveKind, ParamValue, Stmt, Term, TermGame};
use crate::syntax::ast::{Arg, Ident, Value};

/// A game on the way being linked: its name, its title (name and
/// parameter values), the game as it will be held, and the least index on
/// the way that a game linked from it came back to (its own, where none
/// came back further).
struct OnTheWay {
    name: String,
    title: String,
    game: Weak<Game>,
    lowest: usize,
}

/// The games linked so far that no game further on came back from to a
/// game before them: the same whatever way they are reached, by title.
/// A chain of games each becoming the next is linked once, not once from
/// each of its games.
pub(super) type Linked = HashMap<String, Arc<Game>>;

/// The game whose `becomes` is being linked: what the games it names must
/// agree with, and the values it passes on by name.
struct Caller {
    title: String,
    misere: bool,
    params: Vec<(String, ParamValue)>,
}

impl Program {
    /// `game`, its `becomes` terms that name another game linked, with
    /// the games linked before (`done`).
    pub(super) fn link(&self, game: Game, done: &mut Linked) -> Result<Arc<Game>, Errors> {
        self.link_cyclic(game, &mut Vec::new(), done)
    }

    /// `game` linked where `path` holds the games on the way to it, and
    /// held: a game further on may come back to it. Its depth is the
    /// chain's: on a growing stack.
    fn link_cyclic(
        &self,
        game: Game,
        path: &mut Vec<OnTheWay>,
        done: &mut Linked,
    ) -> Result<Arc<Game>, Errors> {
        let title = game.title();
        if let Some(linked) = done.get(&title) {
            return Ok(linked.clone());
        }
        let depth = path.len();
        let mut failed = None;
        let mut lowest = depth;
        let linked = deeper(|| {
            Arc::new_cyclic(|weak| {
                path.push(OnTheWay {
                    name: game.name.clone(),
                    title: title.clone(),
                    game: weak.clone(),
                    lowest: depth,
                });
                let linked = self.link_on(game.clone(), path, done);
                lowest = path.pop().map_or(depth, |on| on.lowest);
                linked.unwrap_or_else(|e| {
                    failed = Some(e);
                    game
                })
            })
        });
        if let Some(e) = failed {
            return Err(e);
        }
        match path.last_mut() {
            // A game further on came back to one before this: linked so on
            // this way alone.
            Some(caller) if lowest < depth => caller.lowest = caller.lowest.min(lowest),
            _ => {
                done.insert(title, linked.clone());
            }
        }
        Ok(linked)
    }

    /// `game`, linked, where `path` holds the games on the way to it.
    fn link_on(
        &self,
        mut game: Game,
        path: &mut Vec<OnTheWay>,
        done: &mut Linked,
    ) -> Result<Game, Errors> {
        let mut errors = Vec::new();
        let this = Caller {
            title: game.title(),
            misere: game.misere,
            params: game.params.clone(),
        };
        for rule in &mut game.rules {
            match &mut rule.kind {
                MoveKind::Block(block) => {
                    self.link_statements(&mut block.body, &this, path, done, &mut errors)
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
        this: &Caller,
        path: &mut Vec<OnTheWay>,
        done: &mut Linked,
        errors: &mut Errors,
    ) {
        for statement in statements {
            match statement {
                Stmt::Becomes(terms) => {
                    for term in terms {
                        if let TermGame::Named(named) = &term.game {
                            match self.linked(named, term, this, path, done) {
                                Ok(game) => term.game = game,
                                Err(e) => errors.extend(e),
                            }
                        }
                    }
                }
                Stmt::For { body, .. } => self.link_statements(body, this, path, done, errors),
                Stmt::If {
                    then, otherwise, ..
                } => {
                    self.link_statements(then, this, path, done, errors);
                    self.link_statements(otherwise, this, path, done, errors);
                }
                _ => {}
            }
        }
    }

    /// A game a product multiplies: a row of coins, played as the product is.
    fn factor(
        &self,
        named: &GameRef,
        Caller {
            title: this,
            misere,
            ..
        }: &Caller,
        path: &mut [OnTheWay],
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
        if path.iter().any(|on| on.name == name.name) {
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

    /// The game `named` names, lowered with its values and linked: those
    /// the `becomes` gives, and the caller's of each parameter of the same
    /// name and kind it does not give (by name, so that a game and the
    /// game it becomes share their values).
    fn linked(
        &self,
        named: &GameRef,
        term: &Term,
        caller: &Caller,
        path: &mut Vec<OnTheWay>,
        done: &mut Linked,
    ) -> Result<TermGame, Errors> {
        let (this, misere) = (&caller.title, &caller.misere);
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
        let mut args = named.args.clone();
        for param in &entry.def.params {
            let given = args.iter().any(|a| a.name.name == param.name.name);
            let passed = (caller.params.iter()).find(|(n, _)| *n == param.name.name);
            if let Some((_, value)) = passed.filter(|_| !given)
                && std::mem::discriminant(value)
                    == std::mem::discriminant(&super::params::default_value(param))
            {
                args.push(Arg {
                    name: Ident {
                        name: param.name.name.clone(),
                        span: name.span,
                    },
                    value: Value {
                        kind: value.written(),
                        span: name.span,
                    },
                    span: name.span,
                });
            }
        }
        let game = self.lower_with(&entry.def, &args, source)?;
        let title = game.title();
        let back = path.iter().position(|on| on.title == title);
        if back.is_none()
            && let Some(at) = path.iter().position(|on| on.name == name.name)
        {
            let mut games: Vec<String> = path[at..].iter().map(|on| on.title.clone()).collect();
            games.push(title);
            return Err(vec![CheckError::BecomesCircle {
                games,
                src: source.clone(),
                span: name.span,
            }]);
        }
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
        match back {
            Some(at) => {
                let weak = path[at].game.clone();
                if let Some(caller) = path.last_mut() {
                    caller.lowest = caller.lowest.min(at);
                }
                Ok(TermGame::Back(BackLink(weak)))
            }
            None => self.link_cyclic(game, path, done).map(TermGame::Other),
        }
    }
}

/// Whether `game` has a `becomes` that names another game not yet linked.
pub(super) fn unlinked(game: &Game) -> bool {
    let named = |g: &TermGame| matches!(g, TermGame::Named(_));
    (game.becomes_terms().iter()).any(|t| named(&t.game))
        || (game.rules.iter()).any(|r| match &r.kind {
            MoveKind::Product(product) => product.factors.iter().any(named),
            _ => false,
        })
}
