//! Checking: a parsed file becomes a `Program` of lowered games and the
//! positions to analyze, or a list of every mistake in it. Names are
//! resolved, parameter values given their kinds, and positions matched
//! against their game's heap count and invariant.

mod error;
mod params;

use std::sync::Arc;

use crate::diagnostics::{self, Errors, Source};
use crate::position::Position;
use crate::rules::{Game, lower::lower};
use crate::syntax::ast::{self, Ident, Item, PositionLit};
use crate::syntax::parse_file;
pub use error::{CausedByValues, Error, GivenBy, GivenValue};
use num_traits::ToPrimitive;
pub use params::Override;

/// A checked file: its games and the positions its `analyze` statements ask about.
#[derive(Clone, Debug)]
pub struct Program {
    pub source: Source,
    pub games: Vec<GameEntry>,
    pub analyses: Vec<Analysis>,
    overrides: Vec<Override>,
    /// Games defined in the file whose definitions did not parse.
    unparsed: Vec<String>,
}

/// A game as defined, and its instance with default (or `--set`) parameters.
#[derive(Clone, Debug)]
pub struct GameEntry {
    pub def: ast::GameDef,
    /// The game lowered with its declared defaults and `--set` values;
    /// `None` when that has errors (see `lowered`).
    pub default: Option<Arc<Game>>,
    /// Why `default` is `None`: empty when the game's rules have mistakes
    /// of their own (reported by `check`), else what `--set` values broke,
    /// reported where the game is used.
    errors: Errors,
}

impl GameEntry {
    /// Whether the game's rules, with their declared defaults, have mistakes.
    pub fn broken(&self) -> bool {
        self.default.is_none() && self.errors.is_empty()
    }

    /// The game with its default (and `--set`) parameter values.
    pub fn lowered(&self) -> Result<Arc<Game>, Errors> {
        self.default.clone().ok_or_else(|| self.errors.clone())
    }
}

/// One position to analyze: a single game, or a sum of several.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub components: Vec<Instance>,
}

/// A game with its parameters fixed, at a position.
#[derive(Clone, Debug)]
pub struct Instance {
    pub game: Arc<Game>,
    pub position: Position,
}

/// Parses and checks a file, with `--set` values overriding parameter
/// defaults. Returns the program and every error found; the program holds
/// only the parts that checked cleanly.
pub fn check(source: &Source, overrides: Vec<Override>) -> (Program, Errors) {
    let (file, syntax_errors) = parse_file(source.text());
    let mut errors: Errors = syntax_errors
        .into_iter()
        .map(|e| diagnostics::Error::from_syntax(e, source))
        .collect();
    let unparsed = if errors.is_empty() {
        Vec::new()
    } else {
        unparsed_games(source.text(), &file)
    };
    let mut program = Program {
        source: source.clone(),
        games: Vec::new(),
        analyses: Vec::new(),
        overrides,
        unparsed,
    };
    for o in &program.overrides {
        let known = file.items.iter().any(|item| match item {
            Item::Game(g) => g.params.iter().any(|p| p.name.name == o.arg.name.name),
            Item::Analyze(_) => false,
        });
        if !known {
            errors.push(
                Error::UnknownOverride {
                    name: o.arg.name.name.clone(),
                    params: params::all_params(&file),
                    src: o.source.clone(),
                    span: o.arg.name.span,
                }
                .into(),
            );
        }
    }
    for item in &file.items {
        if let Item::Game(def) = item {
            if let Some(first) = program.game(&def.name.name) {
                errors.push(
                    Error::DuplicateGame {
                        name: def.name.name.clone(),
                        src: source.clone(),
                        again: def.name.span,
                        first: first.def.name.span,
                    }
                    .into(),
                );
                continue;
            }
            // Mistakes in the rules themselves show with the declared
            // defaults; `--set` values are blamed only where they are used.
            let declared = params::resolve(def, &[], &[], source, source);
            let lowered = match declared.and_then(|values| lower(def, values, source)) {
                Err(e) => {
                    errors.extend(e);
                    Err(Vec::new())
                }
                Ok(game) if program.overrides.is_empty() => Ok(Arc::new(game)),
                Ok(_) => {
                    // A `--set` value of the wrong kind is wrong wherever it
                    // is used; one that breaks the rules only where it is.
                    let lowered = program.lower_with(def, &[], source).map(Arc::new);
                    if let Err(e) = &lowered {
                        errors.extend(
                            e.iter()
                                .filter(|e| e.code() == "gamelang::check::wrong_kind")
                                .cloned(),
                        );
                    }
                    lowered
                }
            };
            let (default, used_errors) = match lowered {
                Ok(game) => (Some(game), Vec::new()),
                Err(e) => (None, e),
            };
            program.games.push(GameEntry {
                def: def.clone(),
                default,
                errors: used_errors,
            });
        }
    }
    for item in &file.items {
        if let Item::Analyze(statement) = item {
            match program.analysis(statement, source) {
                Ok(Some(analysis)) => program.analyses.push(analysis),
                Ok(None) => {}
                Err(e) => errors.extend(e),
            }
        }
    }
    // A `--set` value is checked against every game that has the parameter.
    let mut seen = Vec::new();
    errors.retain(|e| {
        let key = (e.code(), e.to_string(), e.primary().map(|(_, span)| span));
        let new = !seen.contains(&key);
        seen.push(key);
        new
    });
    (program, errors)
}

impl Program {
    pub fn game(&self, name: &str) -> Option<&GameEntry> {
        self.games.iter().find(|g| g.def.name.name == name)
    }

    /// The game `--game NAME` names, or the only game of the file.
    pub fn choose_game(&self, name: Option<&str>) -> Result<&GameEntry, diagnostics::Error> {
        let file = self.source.name().to_string();
        let error = match (name, self.games.as_slice()) {
            (Some(name), _) => match self.game(name) {
                Some(entry) => return Ok(entry),
                None => Error::NoGameNamed {
                    name: name.to_string(),
                    file,
                    games: self.game_names(),
                },
            },
            (None, [only]) => return Ok(only),
            (None, []) => Error::NoGame { file },
            (None, _) => Error::SeveralGames {
                file,
                games: self.game_names(),
            },
        };
        Err(error.into())
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
                    .filter(|e| e.primary().is_some_and(|(_, span)| within(span)))
                    .collect();
            let name = &entry.def.name.name;
            if let Err(e) = check_heap_count(
                name,
                declared_heap_count(&entry.def),
                position,
                position_source,
            ) {
                errors.push(e.into());
            }
            return Err(errors);
        }
        let game = if args.is_empty() {
            entry.lowered()?
        } else {
            Arc::new(self.lower_with(&entry.def, args, args_source)?)
        };
        let position = check_position(&game, position, position_source)?;
        Ok(Instance { game, position })
    }

    fn game_names(&self) -> Vec<String> {
        self.games.iter().map(|g| g.def.name.name.clone()).collect()
    }

    fn lower_with(
        &self,
        def: &ast::GameDef,
        args: &[ast::Arg],
        args_source: &Source,
    ) -> Result<Game, Errors> {
        let values = params::resolve(def, &self.overrides, args, args_source, &self.source)?;
        lower(def, values, &self.source)
            .map_err(|errors| self.blame_values(def, args, args_source, errors))
    }

    /// Errors in a game's rules that only its given parameter values (in an
    /// `analyze` statement or by `--set`) cause point into the rules; this
    /// says which values were given, and where.
    fn blame_values(
        &self,
        def: &ast::GameDef,
        args: &[ast::Arg],
        args_source: &Source,
        errors: Errors,
    ) -> Errors {
        let declared = |name: &str| def.params.iter().any(|p| p.name.name == name);
        let given: Vec<(&ast::Arg, &Source, GivenBy)> = args
            .iter()
            .filter(|a| declared(&a.name.name))
            .map(|a| (a, args_source, GivenBy::AnalyzeStatement))
            .chain(
                self.overrides
                    .iter()
                    .filter(|o| {
                        declared(&o.arg.name.name)
                            && !args.iter().any(|a| a.name.name == o.arg.name.name)
                    })
                    .map(|o| (&o.arg, &o.source, GivenBy::Outside)),
            )
            .collect();
        let defaults: Vec<_> = def
            .params
            .iter()
            .map(|p| (p.name.name.clone(), params::default_value(p)))
            .collect();
        if given.is_empty() || lower(def, defaults, &self.source).is_err() {
            return errors;
        }
        errors
            .into_iter()
            .map(|error| {
                let given = given
                    .iter()
                    .map(|(arg, source, by)| GivenValue {
                        name: arg.name.name.clone(),
                        value: source.slice(arg.value.span).to_string(),
                        by: *by,
                        // The rules' errors point into the file.
                        span: (source.name() == self.source.name()).then_some(arg.span),
                    })
                    .collect();
                Error::CausedByValues(CausedByValues {
                    error: Box::new(error),
                    given,
                })
                .into()
            })
            .collect()
    }

    /// An `analyze` statement; `Ok(None)` when it names a game whose own
    /// errors were already reported.
    fn analysis(
        &self,
        statement: &ast::Analyze,
        source: &Source,
    ) -> Result<Option<Analysis>, Errors> {
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
        if components.len() > 1 {
            for (instance, span) in &components {
                if instance.game.misere {
                    errors.push(
                        Error::MisereInSum {
                            game: instance.game.name.clone(),
                            src: source.clone(),
                            span: *span,
                        }
                        .into(),
                    );
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        if broken {
            return Ok(None);
        }
        Ok(Some(Analysis {
            components: components.into_iter().map(|(i, _)| i).collect(),
        }))
    }

    fn lookup(&self, name: &Ident, source: &Source, errors: &mut Errors) -> Option<&GameEntry> {
        let entry = self.game(&name.name);
        if entry.is_none() && self.unparsed.contains(&name.name) {
            errors.push(
                Error::UnparsedGame {
                    name: name.name.clone(),
                    src: source.clone(),
                    span: name.span,
                }
                .into(),
            );
        } else if entry.is_none() {
            errors.push(
                Error::UnknownGame {
                    name: name.name.clone(),
                    games: self.game_names(),
                    src: source.clone(),
                    span: name.span,
                }
                .into(),
            );
        }
        entry
    }
}

/// The names of the games `text` defines (lines starting with `game NAME`)
/// that are not in `file`, because their definitions did not parse.
fn unparsed_games(text: &str, file: &ast::File) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("game")?;
            let name: String = rest
                .trim_start_matches([' ', '\t'])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (rest.starts_with([' ', '\t']) && !name.is_empty()).then_some(name)
        })
        .filter(|name| {
            !file
                .items
                .iter()
                .any(|item| matches!(item, Item::Game(g) if g.name.name == *name))
        })
        .collect()
}

/// The heap count a game declares (`heaps N`), read off its syntax.
fn declared_heap_count(def: &ast::GameDef) -> Option<usize> {
    def.body.iter().find_map(|statement| match statement {
        ast::Statement::Heaps(ast::HeapsDecl {
            count: ast::HeapCount::Fixed(n, _),
            ..
        }) => n.to_usize(),
        _ => None,
    })
}

/// Matches a position against a game's heap count.
fn check_heap_count(
    name: &str,
    expected: Option<usize>,
    lit: &PositionLit,
    source: &Source,
) -> Result<(), Error> {
    let count = lit.heaps.len();
    match expected {
        Some(expected) if expected != count => Err(Error::HeapCount {
            game: name.to_string(),
            expected,
            found: count,
            src: source.clone(),
            span: lit.span,
        }),
        _ => Ok(()),
    }
}

/// Matches a position against its game's heap count and invariant.
pub fn check_position(game: &Game, lit: &PositionLit, source: &Source) -> Result<Position, Errors> {
    check_heap_count(&game.name, game.heap_count, lit, source).map_err(|e| vec![e.into()])?;
    let position = Position(lit.heaps.clone());
    if let Some(invariant) = &game.invariant {
        let holds = invariant.expr.holds_on(position.heaps());
        let (game, invariant, src, span) = (
            game.name.clone(),
            invariant.text.clone(),
            source.clone(),
            lit.span,
        );
        match holds {
            Ok(true) => {}
            Ok(false) => {
                return Err(vec![
                    Error::Invariant {
                        game,
                        invariant,
                        src,
                        span,
                    }
                    .into(),
                ]);
            }
            Err(reason) => {
                return Err(vec![
                    Error::InvariantUnevaluable {
                        game,
                        invariant,
                        reason,
                        src,
                        span,
                    }
                    .into(),
                ]);
            }
        }
    }
    Ok(position)
}
