//! The bottom of the house: source texts and the places in them that
//! errors point at, and the names a mistyped one was likely meant to be.
//! Every stage above uses these; they use nothing of gamelang's.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};

/// The largest `.game` file read, in bytes: far beyond any game written
/// by hand, and what the front end holds within a few hundred megabytes
/// (it keeps about 125 bytes for each byte of the densest text measured:
/// a tuple of a million zeros, a sum of 300,000 games).
pub const MAX_BYTES: usize = 4 << 20;

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
    /// A source named `name` (a file name, or `--at`), holding `text`.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Self {
        let text = text.into();
        Source(Arc::new(SourceInner {
            named: NamedSource::new(name.into(), text.clone()),
            text,
        }))
    }

    /// Its name.
    pub fn name(&self) -> &str {
        self.0.named.name()
    }

    /// Its text.
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

/// Two sources are the same when they are one text, loaded once: an
/// identical text loaded again is another source (what was found of one is
/// not taken for the other's), and comparing never reads the text.
impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Source {}

impl std::hash::Hash for Source {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).hash(state);
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

/// An error of a stage that knows no source (a syntax error, which spans
/// the text it parsed), with the source it was found in.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{error}")]
pub struct Located<E> {
    /// The error.
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
pub fn edit_distance(a: &str, b: &str) -> usize {
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
