//! Checking: a parsed file becomes a `Program` of lowered games and the
//! positions to analyze, or a list of every mistake in it. Names are
//! resolved, parameter values given their kinds, and positions matched
//! against their game's heap count and invariant.

mod params;

use std::sync::Arc;

use crate::diagnostics::{Code, Error, Errors, Source, did_you_mean};
use crate::position::Position;
use crate::rules::{Game, lower::lower};
use crate::syntax::ast::{self, Ident, Item, PositionLit};
use crate::syntax::parse_file;
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
        .map(|e| Error::from_syntax(e, source))
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
                Error::new(
                    Code::UnknownParameter,
                    format!("no game in this file has a parameter `{}`", o.arg.name.name),
                )
                .at(&o.source, o.arg.name.span, "unknown parameter")
                .help(params::all_params_help(&file)),
            );
        }
    }
    for item in &file.items {
        if let Item::Game(def) = item {
            if let Some(first) = program.game(&def.name.name) {
                errors.push(
                    Error::new(
                        Code::DuplicateGame,
                        format!("the game `{}` is defined twice", def.name.name),
                    )
                    .at(source, def.name.span, "defined again here")
                    .at(source, first.def.name.span, "first defined here")
                    .help("rename one of the two games"),
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
                                .filter(|e| e.code() == Code::WrongKind.as_str())
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
    pub fn choose_game(&self, name: Option<&str>) -> Result<&GameEntry, Error> {
        let names = self.game_names();
        match name {
            Some(name) => self.game(name).ok_or_else(|| {
                Error::new(
                    Code::UnknownGame,
                    format!("there is no game `{name}` in {}", self.source.name()),
                )
                .help(did_you_mean(name, &names, "games"))
            }),
            None => match self.games.as_slice() {
                [only] => Ok(only),
                [] => Err(Error::new(
                    Code::UnknownGame,
                    format!("{} defines no game", self.source.name()),
                )
                .help("define one with `game NAME { ... }`")),
                _ => Err(Error::new(
                    Code::UnknownGame,
                    format!(
                        "{} defines several games: say which with --game",
                        self.source.name()
                    ),
                )
                .help(format!("the games are {}", quoted(&names)))),
            },
        }
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
                errors.push(e);
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
        mut errors: Errors,
    ) -> Errors {
        let declared = |name: &str| def.params.iter().any(|p| p.name.name == name);
        let given: Vec<(&ast::Arg, &Source, &str)> = args
            .iter()
            .filter(|a| declared(&a.name.name))
            .map(|a| (a, args_source, "in the `analyze` statement"))
            .chain(
                self.overrides
                    .iter()
                    .filter(|o| {
                        declared(&o.arg.name.name)
                            && !args.iter().any(|a| a.name.name == o.arg.name.name)
                    })
                    .map(|o| (&o.arg, &o.source, "by --set")),
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
        let values: Vec<String> = given
            .iter()
            .map(|(arg, source, by)| {
                format!(
                    "`{} = {}` (given {by})",
                    arg.name.name,
                    source.slice(arg.value.span)
                )
            })
            .collect();
        let names: Vec<String> = given
            .iter()
            .map(|(arg, _, _)| format!("`{}`", arg.name.name))
            .collect();
        let help = format!(
            "the defaults are fine: this comes from {}; give {} another value",
            values.join(" and "),
            names.join(" or ")
        );
        for error in errors.iter_mut().filter_map(Error::generic_mut) {
            for (arg, source, _) in &given {
                if error
                    .source
                    .as_ref()
                    .is_some_and(|s| s.name() == source.name())
                {
                    error.labels.push((arg.span, "given here".to_string()));
                }
            }
            error.help = Some(help.clone());
        }
        errors
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
                        Error::new(Code::MisereSum, format!("`{}` is played misère, so it cannot be part of a sum", instance.game.name))
                            .at(source, *span, "a misère game in a sum")
                            .help("Grundy values add up only in normal play: analyze misère games on their own"),
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
                Error::new(
                    Code::UnknownGame,
                    format!(
                        "`{}` cannot be analyzed: its definition has a syntax error",
                        name.name
                    ),
                )
                .at(source, name.span, "defined with a syntax error")
                .help(format!(
                    "fix the syntax error in `game {}` first",
                    name.name
                )),
            );
        } else if entry.is_none() {
            errors.push(
                Error::new(
                    Code::UnknownGame,
                    format!("there is no game `{}`", name.name),
                )
                .at(source, name.span, "unknown game")
                .help(did_you_mean(&name.name, &self.game_names(), "games")),
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
        Some(expected) if expected != count => {
            let example = crate::position::heaps_text(&(1..=expected).collect::<Vec<_>>());
            Err(Error::new(
                Code::HeapCount,
                format!(
                    "`{name}` is played on {expected} heap{}, but this position has {count}",
                    plural(expected)
                ),
            )
            .at(source, lit.span, format!("{count} heap{}", plural(count)))
            .help(format!(
                "give {expected} heap{}, like `{example}`",
                plural(expected)
            )))
        }
        _ => Ok(()),
    }
}

/// Matches a position against its game's heap count and invariant.
pub fn check_position(game: &Game, lit: &PositionLit, source: &Source) -> Result<Position, Errors> {
    check_heap_count(&game.name, game.heap_count, lit, source).map_err(|e| vec![e])?;
    let position = Position(lit.heaps.clone());
    if let Some(invariant) = &game.invariant {
        let help = format!(
            "every position of `{}` satisfies `{}`: give one that does",
            game.name, invariant.text
        );
        match invariant.expr.holds_on(position.heaps()) {
            Ok(true) => {}
            Ok(false) => {
                return Err(vec![
                    Error::new(
                        Code::Invariant,
                        format!("this position is not a position of `{}`", game.name),
                    )
                    .at(source, lit.span, format!("breaks `{}`", invariant.text))
                    .help(help),
                ]);
            }
            Err(e) => {
                return Err(vec![
                    Error::new(
                        Code::Evaluation,
                        format!("the game's invariant cannot be evaluated here: {e}"),
                    )
                    .at(source, lit.span, "this position")
                    .help(help),
                ]);
            }
        }
    }
    Ok(position)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
