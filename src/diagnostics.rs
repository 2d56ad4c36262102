//! Errors of every stage, and the sources they point into.
//!
//! Each stage has its own error enum (`syntax::SyntaxError`, `check::Error`,
//! `rules::lower::Error`, `search::SearchError`, `analysis::Error`) whose
//! variants carry the facts: spans, names, limits, positions. The code
//! (`gamelang::STAGE::WHAT`), message, labels and help are derived from those
//! facts through `miette::Diagnostic`. [`Error`] is any of them, so that a
//! stage can report what the stages it calls found. Rendering them as text
//! is [`render`]'s job (to a string: no terminal); the command line adds its
//! own advice.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};

use crate::syntax::SyntaxError;

/// A source text with the name it is shown under: a file path, or the name
/// of the value it came from.
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
    /// A file's names, parameter values or positions are wrong.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Check(Box<crate::check::Error>),
    /// A game's rules are wrong.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Rules(Box<crate::rules::lower::Error>),
    /// A search could not answer.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(Box<crate::search::SearchError>),
    /// An analysis could not answer.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Analysis(Box<crate::analysis::Error>),
    /// A table cannot be drawn.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Table(Box<crate::analysis::table::Error>),
    /// A play cannot be set up.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Play(Box<crate::analysis::play::PlayError>),
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

impl From<crate::check::Error> for Error {
    fn from(error: crate::check::Error) -> Self {
        Error::Check(Box::new(error))
    }
}

impl From<crate::rules::lower::Error> for Error {
    fn from(error: crate::rules::lower::Error) -> Self {
        Error::Rules(Box::new(error))
    }
}

impl From<crate::search::SearchError> for Error {
    fn from(error: crate::search::SearchError) -> Self {
        Error::Search(Box::new(error))
    }
}

impl From<crate::analysis::table::Error> for Error {
    fn from(error: crate::analysis::table::Error) -> Self {
        Error::Table(Box::new(error))
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

/// Renders any diagnostic as rustc-like text, with `file:line:column`, its
/// labelled source lines and help; in colour when `colour` is set.
pub fn render(diagnostic: &dyn Diagnostic, colour: bool, width: usize) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(width);
    let mut out = String::new();
    // Rendering into a String cannot fail. A label on a very long line
    // (the renderer pads to its column, and cannot past 65,535) is shown
    // as its place alone.
    let _ = match far_label(diagnostic) {
        Some(place) => handler.render_report(&mut out, &Unsourced { diagnostic, place }),
        None => handler.render_report(&mut out, diagnostic),
    };
    out
}

/// Lines longer than this are not shown beside a diagnostic.
const LONGEST_SHOWN_LINE: usize = 10_000;

/// `name:line:column` of the first label on a line too long to show.
fn far_label(diagnostic: &dyn Diagnostic) -> Option<String> {
    let source = diagnostic.source_code()?;
    for label in diagnostic.labels()? {
        let contents = source.read_span(label.inner(), 0, 0).ok()?;
        let data = std::str::from_utf8(contents.data()).ok()?;
        let line_len = data.lines().next().map_or(0, str::len);
        if line_len.max(contents.column()) > LONGEST_SHOWN_LINE {
            let name = contents.name().unwrap_or("input");
            return Some(format!(
                "{name}:{}:{}",
                contents.line() + 1,
                contents.column() + 1
            ));
        }
    }
    None
}

/// A diagnostic shown with its place in words instead of its source lines.
struct Unsourced<'a> {
    diagnostic: &'a dyn Diagnostic,
    place: String,
}

impl std::fmt::Debug for Unsourced<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl std::fmt::Display for Unsourced<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (at {}, on a line too long to show)",
            self.diagnostic, self.place
        )
    }
}

impl std::error::Error for Unsourced<'_> {}

impl Diagnostic for Unsourced<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.diagnostic.code()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.diagnostic.help()
    }
}

impl Error {
    /// This error rendered by [`render`].
    pub fn render(&self, colour: bool, width: usize) -> String {
        render(self, colour, width)
    }
}

/// A list of errors, for stages that report all they find.
pub type Errors = Vec<Error>;

impl Error {
    /// A syntax error, placed in its source.
    pub fn from_syntax(mut e: SyntaxError, source: &Source) -> Self {
        let (span, source) = visible_end(e.span(), source);
        e = e.at(span);
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
    match closest(name, known) {
        Some(k) => format!("did you mean `{k}`?"),
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

/// The known name closest to `name`, if one is close: within a third of its
/// length (at least 2), but not every letter (any one-letter name is one
/// edit from any other).
pub fn closest<'a>(name: &str, known: &'a [String]) -> Option<&'a String> {
    // Names of different lengths are at least that difference apart: most
    // are ruled out without computing a distance, and names too long to be
    // typed by hand are not compared at all (the distance is quadratic).
    const LONGEST_COMPARED: usize = 1000;
    if name.len() > LONGEST_COMPARED {
        return None;
    }
    let length = name.chars().count();
    known
        .iter()
        .filter(|k| {
            let k_length = k.chars().count();
            k.len() <= LONGEST_COMPARED && k_length.abs_diff(length) <= 2.max(k.len() / 3)
        })
        .map(|k| (edit_distance(name, k), k))
        .filter(|(d, k)| {
            *d <= 2.max(k.len() / 3) && *d < k.chars().count().max(name.chars().count())
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The Levenshtein distance between two words, in characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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
