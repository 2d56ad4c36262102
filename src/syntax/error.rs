//! Syntax errors: what went wrong, where, and what might fix it.

use miette::SourceSpan;

/// A syntax error in a `.game` file or in a command-line value (`--at`,
/// `--set`). The span is a byte range into the text that was parsed.
#[derive(Debug, Clone, PartialEq, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(gamelang::syntax))]
pub struct SyntaxError {
    /// The whole message, speaking to the user: `I was expecting ...`.
    pub message: String,
    /// Where the problem is: usually the unexpected token.
    #[label("{label}")]
    pub span: SourceSpan,
    /// A short note shown at the span: `unexpected \`foo\``.
    pub label: String,
    /// What might fix it, when we can tell.
    #[help]
    pub help: Option<String>,
}

impl SyntaxError {
    /// An error at `span` with a message and a label, and no help.
    pub fn new(message: impl Into<String>, span: SourceSpan, label: impl Into<String>) -> Self {
        SyntaxError {
            message: message.into(),
            span,
            label: label.into(),
            help: None,
        }
    }

    /// The same error with a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}
