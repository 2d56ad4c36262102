//! Mistakes in a game's rules that only the parameter values given to it
//! cause: they are reported with the values, and where they were given.

use super::lower::lower;
use super::{CausedByValues, CheckError, Errors, GivenBy, GivenValue, Program, params};
use crate::source::Source;
use crate::syntax::ast;

impl Program {
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
