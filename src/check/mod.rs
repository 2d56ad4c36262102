//! Checking: a parsed file becomes a `Program` of lowered games and the
//! positions to analyze, or a list of every mistake in it. Names are
//! resolved, parameter values given their kinds, and positions matched
//! against their game's heap count and invariant.

mod params;

use std::sync::Arc;

use crate::diagnostics::{Code, Error, Errors, Source, did_you_mean};
use crate::position::Position;
use crate::rules::expr::Env;
use crate::rules::{Game, lower::lower};
use crate::syntax::ast::{self, Ident, Item, PositionLit};
use crate::syntax::parse_file;
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
    /// `None` when the game's rules have mistakes (already reported).
    pub default: Option<Arc<Game>>,
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
            let default = match program.lower_with(def, &[], source) {
                Ok(game) => Some(Arc::new(game)),
                Err(e) => {
                    errors.extend(e);
                    None
                }
            };
            program.games.push(GameEntry {
                def: def.clone(),
                default,
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
        // A game whose rules have errors had them reported when the file was checked.
        let Some(default) = &entry.default else {
            return Err(Vec::new());
        };
        let game = if args.is_empty() {
            default.clone()
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
        for error in &mut errors {
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

/// Matches a position against its game's heap count and invariant.
pub fn check_position(game: &Game, lit: &PositionLit, source: &Source) -> Result<Position, Errors> {
    let position = Position(lit.heaps.clone());
    let count = position.heaps().len();
    if let Some(expected) = game.heap_count
        && expected != count
    {
        let example = crate::position::heaps_text(&(1..=expected).collect::<Vec<_>>());
        return Err(vec![
            Error::new(
                Code::HeapCount,
                format!(
                    "`{}` is played on {expected} heap{}, but this position has {count}",
                    game.name,
                    plural(expected)
                ),
            )
            .at(source, lit.span, format!("{count} heap{}", plural(count)))
            .help(format!(
                "give {expected} heap{}, like `{example}`",
                plural(expected)
            )),
        ]);
    }
    if let Some(invariant) = &game.invariant {
        let help = format!(
            "every position of `{}` satisfies `{}`: give one that does",
            game.name, invariant.text
        );
        let Some(heaps) = position.to_u64s() else {
            return Err(vec![
                Error::new(
                    Code::TooLarge,
                    "this position is too large to check against the game's invariant",
                )
                .at(source, lit.span, "heaps beyond 64 bits")
                .help(help),
            ]);
        };
        match invariant.expr.truth(&Env::position(&heaps)) {
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
