//! Mistakes in a game's rules that only the parameter values given to it
//! cause: they are reported with the values, and where they were given.

use super::checked::Program;
use super::error::{CausedByValues, CheckError, Errors, GivenBy, GivenValue};
use super::lower::lower;
use super::params;
use crate::moves::octal_block;
use crate::rules::Game;
use crate::source::Source;
use crate::syntax::ast;

impl Program {
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

    /// Errors in a game's rules that only its given parameter values (in an
    /// `analyze` statement or by `--set`) cause point into the rules; this
    /// says which values were given, and where.
    pub(super) fn blame_values(
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
                CheckError::CausedByValues(CausedByValues {
                    error: Box::new(error),
                    given,
                })
            })
            .collect()
    }
}
