//! The top of the house: any error gamelang reports, for the front ends.
//! Each stage has its own enum, named for it (`SyntaxError`, `RulesError`,
//! `CheckError`, `SearchError`, `AnalysisError`), whose variants carry the
//! facts (spans, names, limits, positions) and derive from them the code
//! (`gamelang::STAGE::WHAT`), the labels and the help; a stage wraps the
//! stage below where it must (checking wraps the syntax and the rules, the
//! analysis wraps the search). [`Error`] is the two that come out: what a
//! file is, and what can be found of it. `report` renders them.

use miette::{Diagnostic, SourceSpan};

use crate::analysis::AnalysisError;
use crate::check::CheckError;
use crate::search::SearchError;
use crate::source::Located;
use crate::syntax::SyntaxError;

/// Any error gamelang reports.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
pub enum Error {
    /// A file's syntax, rules, names, parameter values or positions are
    /// wrong.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Check(Box<CheckError>),
    /// An analysis (or the search under it) could not answer.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Analysis(Box<AnalysisError>),
}

impl Error {
    /// The diagnostic code: `gamelang::search::too_large`.
    pub fn code(&self) -> String {
        Diagnostic::code(self).map_or_else(String::new, |c| c.to_string())
    }

    /// The primary span, if the error points into a source.
    pub fn primary(&self) -> Option<SourceSpan> {
        Diagnostic::labels(self)?.next().map(|label| *label.inner())
    }

    /// The search's error under an analysis's, if that is what it is.
    pub fn search(&self) -> Option<&SearchError> {
        match self {
            Error::Analysis(e) => match &**e {
                AnalysisError::Search(e) => Some(&**e),
                _ => None,
            },
            Error::Check(_) => None,
        }
    }
}

impl From<CheckError> for Error {
    fn from(error: CheckError) -> Self {
        Error::Check(Box::new(error))
    }
}

impl From<AnalysisError> for Error {
    fn from(error: AnalysisError) -> Self {
        Error::Analysis(Box::new(error))
    }
}

impl From<Located<SyntaxError>> for Error {
    fn from(error: Located<SyntaxError>) -> Self {
        CheckError::from(error).into()
    }
}

impl From<SearchError> for Error {
    fn from(error: SearchError) -> Self {
        AnalysisError::from(error).into()
    }
}
