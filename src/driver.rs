//! The driver every front end shares (the command line, the tests, an
//! editor): a source checked with parameter values from outside it, a
//! position written outside it read against one of its games, and the
//! questions a file asks. Values in, values out: each failure is an
//! [`Error`] carrying its facts, for the front end to render and to add its
//! own advice to (only it knows its options' names).

use std::sync::Arc;
use std::time::Duration;

use num_bigint::BigUint;

use crate::analysis::{AnalysisError, Analyzer};
use crate::check::{CheckError, Override, Program, Question, check};
use crate::error::Error;
use crate::position::Named;
use crate::rules::Game;
use crate::search::{Options as SearchOptions, SearchError};
use crate::source::Source;
use crate::syntax::ast::PositionLit;
use crate::syntax::ast::Span;
use crate::syntax::{parse_analyze, parse_arg, parse_position};

/// The name a parameter value given from outside the file is shown under.
pub const SETTING: &str = "--set";
/// The name a position given from outside the file is shown under.
pub const POSITION: &str = "--at";

/// The limits one question's search is answered within, as every front
/// end's options give them: `timeout` (`Some(0)` is no limit; `None`, the
/// default), `max_positions`, `max_megabytes` (of memory; past what 64
/// bits of bytes hold, no limit) and `move_budget`, each the library's
/// default where not given.
pub fn search_options(
    timeout: Option<Duration>,
    max_positions: Option<usize>,
    max_megabytes: Option<u64>,
    move_budget: Option<u64>,
) -> SearchOptions {
    let defaults = SearchOptions::default();
    SearchOptions {
        timeout: timeout.or(defaults.timeout).filter(|t| !t.is_zero()),
        max_positions: max_positions.unwrap_or(defaults.max_positions),
        max_bytes: max_megabytes.map_or(defaults.max_bytes, |mb| mb.saturating_mul(1 << 20)),
        move_budget,
        ..defaults
    }
}

/// Checks `source` with `settings` (`NAME=VALUE`, overriding the declared
/// defaults): the program, or every error found in the settings and the
/// file.
pub fn load(source: &Source, settings: &[impl AsRef<str>]) -> Result<Program, Vec<Error>> {
    let mut errors = Vec::new();
    let overrides: Vec<Override> = settings
        .iter()
        .filter_map(|text| {
            let source = Source::new(SETTING, text.as_ref());
            match parse_arg(text.as_ref()) {
                Ok(arg) => Some(Override { arg, source }),
                Err(e) => {
                    errors.push(e.located(&source).into());
                    None
                }
            }
        })
        .collect();
    let (program, found) = check(source, overrides);
    errors.extend(found.into_iter().map(Error::from));
    if errors.is_empty() {
        Ok(program)
    } else {
        Err(errors)
    }
}

/// The position `at` (written as after `at` in a file: `21`, `(3, 5)`) of
/// the game `game` names, or of the program's only game.
pub fn question_at(
    program: &Program,
    game: Option<&str>,
    at: &str,
) -> Result<Question, Vec<Error>> {
    let entry = program.choose_game(game).map_err(|e| vec![e.into()])?;
    // A board may be given without its quotes: `..|..`.
    let board = entry.default.as_ref().is_some_and(|g| g.board);
    let quoted;
    let at = match at.trim() {
        bare if board && !bare.starts_with('"') => {
            quoted = format!("\"{bare}\"");
            quoted.as_str()
        }
        _ => at,
    };
    let source = Source::new(POSITION, at);
    let position = parse_position(at).map_err(|e| vec![e.located(&source).into()])?;
    let instance = program
        .instance(entry, &[], &source, &position, &source)
        .map_err(|errors| errors.into_iter().map(Error::from).collect::<Vec<_>>())?;
    Ok(Question::sum(vec![instance]))
}

/// The name an `analyze` statement asked from outside its file is shown
/// under.
pub const STATEMENT: &str = "analyze";

/// The questions of one `analyze` (or `compare`) statement asked of the
/// program from outside its file (`nim at (3, 4, 5)`, the word `analyze`
/// before it optional): one for each position it asks.
pub fn ask(program: &Program, statement: &str) -> Result<Vec<Question>, Vec<Error>> {
    let statement = statement.trim();
    let starts = ["analyze", "compare"].iter().any(|word| {
        (statement.strip_prefix(word)).is_some_and(|rest| rest.starts_with(char::is_whitespace))
    });
    let text = match starts {
        true => statement.to_string(),
        false => format!("analyze {statement}"),
    };
    let source = Source::new(STATEMENT, text.as_str());
    let parsed = parse_analyze(&text).map_err(|e| vec![e.located(&source).into()])?;
    program
        .analysis(&parsed, &source)
        .map_err(|errors| errors.into_iter().map(Error::from).collect())
}

/// The position of the game `game` names (or of the program's only game)
/// whose heaps are `heaps`, as `question_at` reads it written `(3, 4, 5)`
/// (`7` for one heap), without the text to parse: for many positions of
/// one game in one call.
pub fn question_of(
    program: &Program,
    game: Option<&str>,
    heaps: &[BigUint],
) -> Result<Question, Vec<Error>> {
    let entry = program.choose_game(game).map_err(|e| vec![e.into()])?;
    let instance = |text: &str| {
        let source = Source::new(POSITION, text);
        let position = PositionLit::of_heaps(heaps.to_vec(), (0, text.len()).into());
        program.instance(entry, &[], &source, &position, &source)
    };
    // The position is written out only for an error's report to show.
    let instance = instance("").or_else(|_| {
        let written: Vec<String> = heaps.iter().map(BigUint::to_string).collect();
        instance(&match written.as_slice() {
            [one] => one.clone(),
            _ => format!("({})", written.join(", ")),
        })
    });
    let instance =
        instance.map_err(|errors| errors.into_iter().map(Error::from).collect::<Vec<_>>())?;
    Ok(Question::sum(vec![instance]))
}

/// The questions asked: the positions `at` when any are given (each
/// written as after `at` in a file), else the program's `analyze`
/// statements (those about `game`, when given).
pub fn questions(
    program: &Program,
    game: Option<&str>,
    at: &[&str],
) -> Result<Vec<Question>, Vec<Error>> {
    if !at.is_empty() {
        // Every position that is not one is reported, not the first alone.
        let (mut asked, mut errors) = (Vec::new(), Vec::new());
        for at in at {
            match question_at(program, game, at) {
                Ok(question) => asked.push(question),
                Err(e) => errors.extend(e),
            }
        }
        return if errors.is_empty() {
            Ok(asked)
        } else {
            Err(errors)
        };
    }
    let asked: Vec<Question> = (program.questions.iter())
        .filter(|q| game.is_none_or(|name| q.components.iter().any(|c| c.game.name == name)))
        .cloned()
        .collect();
    if asked.is_empty() {
        return Err(vec![
            CheckError::NoAnalyzeStatement {
                file: program.source.name().to_string(),
                game: game.map(str::to_string),
                src: program.source.clone(),
            }
            .into(),
        ]);
    }
    Ok(asked)
}

/// The game `game` names, or the program's only game, lowered with the
/// program's settings; and where its name is defined, where an error about
/// it with no place of its own is shown.
pub fn game_named(program: &Program, game: Option<&str>) -> Result<(Arc<Game>, Span), Vec<Error>> {
    let entry = program.choose_game(game).map_err(|e| vec![e.into()])?;
    let game = entry
        .lowered()
        .map_err(|errors| errors.into_iter().map(Error::from).collect::<Vec<_>>())?;
    Ok((game, entry.def.name.span))
}

/// For a game meant to end: the plays from the program's `analyze`
/// statements that can return to a position, each an error. A search that
/// stopped before the end (a limit, a rule that fails, heaps past 2^64) has
/// not shown that there is none: that is an error too. A check is no
/// question: each search is bounded by `DEFAULT_MOVE_BUDGET` moves (about
/// ten seconds), not by a question's timeout.
pub fn cycles(program: &Program) -> Vec<Error> {
    let mut analyzer = Analyzer::new(crate::analysis::Options {
        search: crate::search::Options {
            move_budget: Some(crate::search::DEFAULT_MOVE_BUDGET),
            ..crate::search::Options::default()
        },
        ..crate::analysis::Options::default()
    });
    let mut found = Vec::new();
    for question in &program.questions {
        for instance in &question.components {
            let stopped = match analyzer.ends(instance) {
                Ok(()) => continue,
                Err(AnalysisError::Search(e))
                    if matches!(
                        *e,
                        SearchError::Cycle { .. }
                            | SearchError::ScoringCycle { .. }
                            | SearchError::EndsUnsupported { .. }
                    ) =>
                {
                    found.push(AnalysisError::Search(e).into());
                    continue;
                }
                Err(AnalysisError::Search(e)) => Some(e),
                Err(AnalysisError::TooLargeToSearch { .. }) => None,
                Err(other) => {
                    found.push(other.into());
                    continue;
                }
            };
            found.push(
                SearchError::EndUnknown {
                    game: instance.game.title(),
                    position: Named {
                        position: instance.position.clone(),
                        board: instance.game.board,
                    },
                    stopped,
                }
                .into(),
            );
        }
    }
    found
}
