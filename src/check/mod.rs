//! Checking: a parsed file becomes a `Program` of lowered games and the
//! positions to analyze, or a list of every mistake in it. Names are
//! resolved, parameter values given their kinds, and positions matched
//! against their game's heap count and invariant.
//!
//! `check` drives it and adds the games; `lower` turns a game's syntax tree
//! into its lowered rules (`RulesError`); `program` answers which game a name
//! means and checks positions and `analyze` statements; `params` resolves
//! parameter values, `position` matches positions against their game, and
//! `blame` reports the rules' mistakes that given values cause.

mod blame;
mod checked;
mod error;
mod link;
mod lower;
mod params;
mod position;
mod program;
mod warnings;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::moves::octal_block;
use crate::platform;
use crate::rules::Game;
use crate::source::Source;
pub use crate::syntax::ast::Compound;
use crate::syntax::ast::{self, Item};
use crate::syntax::parse_file;
pub use checked::{GameEntry, Instance, Program, Question};
use error::primary;
pub use error::{CheckError, Errors};
pub use lower::RulesError;
use lower::lower;

pub use params::Override;
pub use warnings::Warning;

/// Parses and checks a file, with parameter values from outside it
/// overriding the declared defaults. Returns the program and every error
/// found; the program holds only the parts that checked cleanly.
pub fn check(source: &Source, overrides: Vec<Override>) -> (Program, Errors) {
    let (mut file, syntax_errors) = parse_file(source.text());
    let mut errors: Errors = syntax_errors
        .into_iter()
        .map(|e| e.located(source).into())
        .collect();
    let unparsed = if errors.is_empty() {
        Vec::new()
    } else {
        unparsed_games(source.text(), &file)
    };
    let mut program = Program {
        source: source.clone(),
        games: Vec::new(),
        questions: Vec::new(),
        overrides,
        unparsed,
        by_name: HashMap::new(),
    };
    errors.extend(program.unknown_overrides(&file));
    let (mut defs, mut statements) = (Vec::new(), Vec::new());
    for item in std::mem::take(&mut file.items) {
        match item {
            Item::Game(def) => defs.push(def),
            Item::Analyze(statement) => statements.push(statement),
        }
    }
    // Each game is lowered with its declared defaults on its own, so on
    // the threads; a name defined twice is then found in file order.
    let declared: Vec<_> = platform::map(&defs, |def| declared(def, source));
    for (def, declared) in defs.into_iter().zip(declared) {
        program.add_game(def, declared, &mut errors);
    }
    // A game with a syntax error: the mistakes of its statements that
    // parsed are reported too (those of the whole game are not: it is not
    // all there).
    for def in &file.broken {
        if let Err(found) = self::declared(def, source) {
            errors.extend(found.into_iter().filter(|e| in_statements(e, def)));
        }
    }
    // `becomes` of another game: linked once every game is known.
    let mut linked = link::Linked::new();
    for i in 0..program.games.len() {
        let Some(game) = program.games[i]
            .default
            .clone()
            .filter(|g| link::unlinked(g))
        else {
            continue;
        };
        match program.link((*game).clone(), &mut linked) {
            Ok(linked) => program.games[i].default = Some(linked),
            Err(e) => {
                errors.extend(e);
                program.games[i].default = None;
            }
        }
    }
    let analyses: Vec<_> =
        platform::map(&statements, |statement| program.analysis(statement, source));
    for analysis in analyses {
        match analysis {
            Ok(asked) => program.questions.extend(asked),
            Err(e) => errors.extend(e),
        }
    }
    // A value from outside is checked against every game that has the
    // parameter: the same mistake is reported once.
    let mut seen = HashSet::new();
    errors.retain(|e| {
        let span = primary(e).map(|span| (span.offset(), span.len()));
        let code = miette::Diagnostic::code(e).map(|c| c.to_string());
        seen.insert((code, e.to_string(), span))
    });
    (program, errors)
}

impl Program {
    /// Values from outside the file for parameters no game has.
    fn unknown_overrides(&self, file: &ast::File) -> Errors {
        self.overrides
            .iter()
            .filter(|o| {
                !file.items.iter().any(|item| match item {
                    Item::Game(g) => g.params.iter().any(|p| p.name.name == o.arg.name.name),
                    Item::Analyze(_) => false,
                })
            })
            .map(|o| CheckError::UnknownOverride {
                name: o.arg.name.name.clone(),
                params: params::all_params(file),
                src: o.source.clone(),
                span: o.arg.name.span,
            })
            .collect()
    }

    /// Checks a game's definition and adds it, lowered with its defaults
    /// and the values from outside where they check.
    fn add_game(&mut self, def: ast::GameDef, declared: Result<Game, Errors>, errors: &mut Errors) {
        let source = &self.source.clone();
        if let Some(first) = self.game(&def.name.name) {
            errors.push(CheckError::DuplicateGame {
                name: def.name.name.clone(),
                src: source.clone(),
                again: def.name.span,
                first: first.def.name.span,
            });
            return;
        }
        // Mistakes in the rules themselves show with the declared defaults;
        // values from outside are blamed only where they are used.
        let lowered = match declared {
            Err(e) => {
                errors.extend(e);
                Err(Vec::new())
            }
            Ok(game) if self.overrides.is_empty() => Ok(Arc::new(game)),
            Ok(_) => {
                // A value of the wrong kind is wrong wherever it is used;
                // one that breaks the rules only where it is.
                let lowered = self.lower_with(&def, &[], source).map(Arc::new);
                if let Err(e) = &lowered {
                    errors.extend(e.iter().filter(|e| is_wrong_kind(e)).cloned());
                }
                lowered
            }
        };
        let (default, used_errors) = match lowered {
            Ok(game) => (Some(game), Vec::new()),
            Err(e) => (None, e),
        };
        self.by_name.insert(def.name.name.clone(), self.games.len());
        self.games.push(GameEntry {
            def,
            default,
            errors: used_errors,
        });
    }
}

/// The game lowered with its declared defaults, or the mistakes in its rules.
fn declared(def: &ast::GameDef, source: &Source) -> Result<Game, Errors> {
    params::resolve(def, &[], &[], source, source).and_then(|values| {
        lower(def, values, source)
            .map(octal_block::recognised)
            .map_err(|e| e.into_iter().map(Into::into).collect())
    })
}

/// Whether `error` points inside one of `def`'s statements.
fn in_statements(error: &CheckError, def: &ast::GameDef) -> bool {
    let Some(at) = miette::Diagnostic::labels(error).and_then(|mut l| l.next()) else {
        return false;
    };
    let spans = def.body.iter().map(ast::Statement::span);
    spans
        .into_iter()
        .any(|s| s.offset() <= at.offset() && at.offset() + at.len() <= s.offset() + s.len())
}

/// A parameter value of the wrong kind: a set for a number, and the like.
fn is_wrong_kind(error: &CheckError) -> bool {
    matches!(error, CheckError::WrongKind { .. })
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
