//! A checked program's questions: which game a name means, the position of
//! a game (with parameter values given to it), and the positions of an
//! `analyze` statement.

use super::position::{check_heap_count, check_position, declared_heap_count};
use super::{CheckError, Errors, GameEntry, Instance, Program, Question, params};
use crate::moves::{MoveGen, octal_block};
use crate::rules::{Game, lower::lower};
use crate::source::Source;
use crate::syntax::ast::Compound;
use crate::syntax::ast::{self, Ident, PositionLit};

impl Program {
    /// The game of that name, if the file defines one.
    pub fn game(&self, name: &str) -> Option<&GameEntry> {
        self.by_name.get(name).map(|&i| &self.games[i])
    }

    /// The game `--game NAME` names, or the only game of the file.
    pub fn choose_game(&self, name: Option<&str>) -> Result<&GameEntry, CheckError> {
        let file = self.source.name().to_string();
        let error = match (name, self.games.as_slice()) {
            (Some(name), _) => match self.game(name) {
                Some(entry) => return Ok(entry),
                None => CheckError::NoGameNamed {
                    name: name.to_string(),
                    file,
                    games: self.game_names(),
                    src: self.source.clone(),
                },
            },
            (None, [only]) => return Ok(only),
            (None, []) => CheckError::NoGame {
                file,
                src: self.source.clone(),
            },
            (None, _) => CheckError::SeveralGames {
                file,
                games: self.game_names(),
                src: self.source.clone(),
            },
        };
        Err(error)
    }

    /// A position of one game, as `--at` gives it, with `args` overriding parameters.
    pub fn instance(
        &self,
        entry: &GameEntry,
        args: &[ast::Arg],
        args_source: &Source,
        position: &PositionLit,
        position_source: &Source,
    ) -> Result<Instance, Errors> {
        if entry.broken() {
            // The rules' own errors are reported already; what the statement
            // itself gets wrong is still worth saying.
            let within = |span: miette::SourceSpan| {
                args.iter().any(|a| {
                    span.offset() >= a.span.offset()
                        && span.offset() + span.len() <= a.span.offset() + a.span.len()
                })
            };
            let mut errors: Errors =
                params::resolve(&entry.def, &[], args, args_source, &self.source)
                    .err()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|e| super::primary(e).is_some_and(within))
                    .collect();
            let name = &entry.def.name.name;
            if let Err(e) = check_heap_count(
                name,
                declared_heap_count(&entry.def),
                position,
                position_source,
            ) {
                errors.push(e);
            }
            return Err(errors);
        }
        let game = if args.is_empty() {
            entry.lowered()?
        } else {
            self.link(self.lower_with(&entry.def, args, args_source)?)?
        };
        let position = check_position(&game, position, position_source)?;
        Ok(Instance { game, position })
    }

    pub(super) fn game_names(&self) -> Vec<String> {
        self.games.iter().map(|g| g.def.name.name.clone()).collect()
    }

    pub(super) fn lower_with(
        &self,
        def: &ast::GameDef,
        args: &[ast::Arg],
        args_source: &Source,
    ) -> Result<Game, Errors> {
        let values = params::resolve(def, &self.overrides, args, args_source, &self.source)?;
        lower(def, values, &self.source)
            .map(octal_block::recognised)
            .map_err(|errors| {
                let errors = errors.into_iter().map(Into::into).collect();
                self.blame_values(def, args, args_source, errors)
            })
    }

    /// An `analyze` statement; `Ok(None)` when it names a game whose own
    /// errors were already reported.
    pub(super) fn analysis(
        &self,
        statement: &ast::Analyze,
        source: &Source,
    ) -> Result<Option<Question>, Errors> {
        let mut errors = Vec::new();
        let mut components = Vec::new();
        let mut broken = false;
        for component in &statement.components {
            let Some(entry) = self.lookup(&component.game, source, &mut errors) else {
                continue;
            };
            match self.instance(entry, &component.args, source, &component.position, source) {
                Ok(instance) => components.push((instance, component.span)),
                Err(e) if e.is_empty() => broken = true,
                Err(e) => errors.extend(e),
            }
        }
        // A sum of misère games is one misère game; a sum that mixes the
        // two ways of play means nothing.
        let normal = components.iter().find(|(i, _)| !i.game.misere);
        if let Some((normal, _)) = normal {
            for (instance, span) in &components {
                if instance.game.misere {
                    errors.push(CheckError::MisereInSum {
                        game: instance.game.name.clone(),
                        normal: normal.game.name.clone(),
                        src: source.clone(),
                        span: *span,
                    });
                }
            }
        }
        if statement.compound != Compound::Sum {
            for (instance, span) in &components {
                if MoveGen::new(&instance.game).has_sums() {
                    errors.push(CheckError::CompoundOfSums {
                        game: instance.game.name.clone(),
                        word: statement.compound.word(),
                        src: source.clone(),
                        span: *span,
                    });
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        if broken {
            return Ok(None);
        }
        Ok(Some(Question {
            compound: statement.compound,
            components: components.into_iter().map(|(i, _)| i).collect(),
            asked: Some(statement.span),
        }))
    }

    fn lookup(&self, name: &Ident, source: &Source, errors: &mut Errors) -> Option<&GameEntry> {
        let entry = self.game(&name.name);
        if entry.is_none() && self.unparsed.contains(&name.name) {
            errors.push(CheckError::UnparsedGame {
                name: name.name.clone(),
                src: source.clone(),
                span: name.span,
            });
        } else if entry.is_none() {
            errors.push(CheckError::UnknownGame {
                name: name.name.clone(),
                games: self.game_names(),
                src: source.clone(),
                span: name.span,
            });
        }
        entry
    }
}
