//! The one error type every stage returns: a code naming the stage and the
//! kind of mistake, a message in plain words, labelled spans in the source the
//! mistake was found in, and a help line saying what to write instead.
//!
//! Errors are plain data; turning them into text is the report's job.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};

use crate::syntax::SyntaxError;

/// A source text with the name it is shown under: a file path, or `--at`.
/// Cheap to clone: every error carries the source it points into.
#[derive(Clone, Debug)]
pub struct Source(Arc<SourceInner>);

#[derive(Debug)]
struct SourceInner {
    text: Arc<str>,
    named: NamedSource<Arc<str>>,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Self {
        let text = text.into();
        Source(Arc::new(SourceInner {
            named: NamedSource::new(name.into(), text.clone()),
            text,
        }))
    }

    pub fn name(&self) -> &str {
        self.0.named.name()
    }

    pub fn text(&self) -> &str {
        &self.0.text
    }

    /// The source text under a span.
    pub fn slice(&self, span: SourceSpan) -> &str {
        let text = self.text();
        let start = span.offset().min(text.len());
        let end = (span.offset() + span.len()).min(text.len());
        text.get(start..end).unwrap_or("")
    }
}

/// Any stage's error. Each stage has its own enum, whose variants carry the
/// facts (spans, limits, positions, names) and derive from them the code
/// (`gamelang::STAGE::WHAT`), the labels and the help.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
pub enum Error {
    /// The text does not parse.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(Box<Located<SyntaxError>>),
    /// A search could not answer.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(Box<crate::search::SearchError>),
    /// An analysis could not answer.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Analysis(Box<crate::analysis::Error>),
    /// A stage whose errors are not yet their own type.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Other(Box<Generic>),
}

impl Error {
    /// The diagnostic code: `gamelang::search::too_large`.
    pub fn code(&self) -> String {
        Diagnostic::code(self).map_or_else(String::new, |c| c.to_string())
    }

    /// The source the error points into, if any, and the primary span.
    pub fn primary(&self) -> Option<(&dyn SourceCode, SourceSpan)> {
        let source = Diagnostic::source_code(self)?;
        let label = Diagnostic::labels(self)?.next()?;
        Some((source, *label.inner()))
    }
}

impl From<crate::search::SearchError> for Error {
    fn from(error: crate::search::SearchError) -> Self {
        Error::Search(Box::new(error))
    }
}

impl From<crate::analysis::Error> for Error {
    fn from(error: crate::analysis::Error) -> Self {
        Error::Analysis(Box::new(error))
    }
}

/// An error of a stage that knows no source (a syntax error, which spans
/// the text it parsed), with the source it was found in.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{error}")]
pub struct Located<E> {
    pub error: E,
    /// The text the error's spans point into.
    pub text: Source,
}

impl<E: Diagnostic> Diagnostic for Located<E> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.help()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.text)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.error.labels()
    }
}

impl SourceCode for Source {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        self.0
            .named
            .read_span(span, context_lines_before, context_lines_after)
    }
}

/// What went wrong, for the stages whose errors are not yet their own type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    DuplicateGame,
    DuplicateParameter,
    DuplicateStatement,
    UnknownGame,
    UnknownParameter,
    UnknownName,
    WrongKind,
    HeapCount,
    Invariant,
    UnchangedPosition,
    EmptyAmounts,
    BadTarget,
    Unsupported,
    MisereSum,
    Evaluation,
    Limit,
    Internal,
    Io,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::DuplicateGame => "gamelang::check::duplicate_game",
            Code::DuplicateParameter => "gamelang::check::duplicate_parameter",
            Code::DuplicateStatement => "gamelang::check::duplicate_statement",
            Code::UnknownGame => "gamelang::check::unknown_game",
            Code::UnknownParameter => "gamelang::check::unknown_parameter",
            Code::UnknownName => "gamelang::check::unknown_name",
            Code::WrongKind => "gamelang::check::wrong_kind",
            Code::HeapCount => "gamelang::check::heap_count",
            Code::Invariant => "gamelang::check::invariant",
            Code::UnchangedPosition => "gamelang::check::unchanged_position",
            Code::EmptyAmounts => "gamelang::check::empty_amounts",
            Code::BadTarget => "gamelang::check::bad_target",
            Code::Unsupported => "gamelang::check::unsupported",
            Code::MisereSum => "gamelang::check::misere_sum",
            Code::Evaluation => "gamelang::eval",
            Code::Limit => "gamelang::check::limit",
            Code::Internal => "gamelang::internal",
            Code::Io => "gamelang::io",
        }
    }
}

/// One diagnostic of a stage whose errors are not yet their own type.
#[derive(Clone, Debug)]
pub struct Generic {
    pub code: Code,
    pub message: String,
    pub source: Option<Source>,
    /// Spans in `source`, the first one primary.
    pub labels: Vec<(SourceSpan, String)>,
    pub help: Option<String>,
}

impl Error {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Error::Other(Box::new(Generic {
            code,
            message: message.into(),
            source: None,
            labels: Vec::new(),
            help: None,
        }))
    }

    /// A labelled span in `source`: the first one given is where the error is.
    pub fn at(mut self, source: &Source, span: SourceSpan, label: impl Into<String>) -> Self {
        if let Error::Other(generic) = &mut self {
            generic.source.get_or_insert_with(|| source.clone());
            generic.labels.push((span, label.into()));
        }
        self
    }

    /// The error's facts, for a stage whose errors are not yet their own type.
    pub fn generic_mut(&mut self) -> Option<&mut Generic> {
        match self {
            Error::Other(generic) => Some(generic),
            _ => None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        if let Error::Other(generic) = &mut self {
            generic.help = Some(help.into());
        }
        self
    }
}

impl fmt::Display for Generic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Generic {}

impl Diagnostic for Generic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().enumerate().map(
            |(i, (span, text))| {
                let text = (!text.is_empty()).then(|| text.clone());
                if i == 0 {
                    LabeledSpan::new_primary_with_span(text, *span)
                } else {
                    LabeledSpan::new_with_span(text, *span)
                }
            },
        )))
    }
}

/// Renders any diagnostic as rustc-like text, with `file:line:column`, its
/// labelled source lines and help; in colour when `colour` is set. Needs the
/// `cli` feature (miette's graphical renderer).
#[cfg(feature = "cli")]
pub fn render(diagnostic: &dyn Diagnostic, colour: bool, width: usize) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(width);
    let mut out = String::new();
    // Rendering into a String cannot fail.
    let _ = handler.render_report(&mut out, diagnostic);
    out
}

impl Error {
    /// This error rendered by [`render`].
    #[cfg(feature = "cli")]
    pub fn render(&self, colour: bool, width: usize) -> String {
        render(self, colour, width)
    }
}

/// A list of errors, for stages that report all they find.
pub type Errors = Vec<Error>;

impl Error {
    /// A syntax error, placed in its source.
    pub fn from_syntax(mut e: SyntaxError, source: &Source) -> Self {
        let (span, source) = visible_end(e.span, source);
        e.span = span;
        Error::Syntax(Box::new(Located {
            error: e,
            text: source,
        }))
    }
}

/// A span where the text ends too early, moved where it can be shown: miette
/// shows no span past the text's last line. After trailing blank lines or a
/// final line break, the end of the last line that has text takes its place;
/// a text without a final line break (`--at "(1,"`) is shown with one added.
fn visible_end(span: SourceSpan, source: &Source) -> (SourceSpan, Source) {
    let text = source.text();
    let end = text.trim_end().len();
    if !span.is_empty() || span.offset() < end {
        (span, source.clone())
    } else if end < text.len() {
        ((end, 0).into(), source.clone())
    } else {
        (span, Source::new(source.name(), format!("{text}\n")))
    }
}

/// Help for an unknown name: the closest known one, or the list of them.
/// `what` names the known ones in the plural: `games`, `parameters`.
pub fn did_you_mean(name: &str, known: &[String], what: &str) -> String {
    // Within a third of the name's length (at least 2), but not every
    // letter: any one-letter name is one edit from any other.
    let closest = known
        .iter()
        .map(|k| (edit_distance(name, k), k))
        .filter(|(d, k)| {
            *d <= 2.max(k.len() / 3) && *d < k.chars().count().max(name.chars().count())
        })
        .min_by_key(|(d, _)| *d);
    match closest {
        Some((_, k)) => format!("did you mean `{k}`?"),
        None if known.is_empty() => format!("there are no {what} here"),
        None if known.len() == 1 => {
            format!(
                "the only {} is `{}`",
                what.strip_suffix('s').unwrap_or(what),
                known[0]
            )
        }
        None => {
            let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            format!("the {what} are {}", list.join(", "))
        }
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
