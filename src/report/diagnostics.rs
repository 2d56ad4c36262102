//! Diagnostics in words and as JSON, side by side as miette keeps its
//! handlers. In words: rustc-like text with `file:line:column`, the
//! labelled source lines and the help, rendered to a string (the caller
//! says whether in colour, and how wide). As JSON, for editors and scripts:
//! each with its code, severity, message, file, place (of its first label:
//! 1-based lines and columns, the end just past the last character, as
//! editors count), every label and the help.

use miette::{Diagnostic, SourceCode, SourceSpan};
use serde_json::{Value as Json, json};

/// One diagnostic in words, as rustc-like text with `file:line:column`,
/// its labelled source lines and help; in colour when `colour` is set.
pub fn diagnostic_text(diagnostic: &dyn Diagnostic, colour: bool, width: usize) -> String {
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
const LONGEST_SHOWN_LINE: usize = 1_000;

/// `name:line:column` of the first label on a line too long to show.
fn far_label(diagnostic: &dyn Diagnostic) -> Option<String> {
    let source = diagnostic.source_code()?;
    for label in diagnostic.labels()? {
        let contents = source.read_span(label.inner(), 0, 0).ok()?;
        // The lines the renderer shows: the label's own, whole, and one
        // either side (the reader stops at the n-th line break after the
        // span, so 2 after reads to the end of the line after).
        let shown = source.read_span(label.inner(), 1, 2).ok()?;
        let data = String::from_utf8_lossy(shown.data());
        let line_len = data.lines().map(str::len).max().unwrap_or(0);
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

/// One diagnostic as a JSON object.
pub fn diagnostic_json(diagnostic: &dyn Diagnostic) -> Json {
    let source = diagnostic.source_code();
    let labels: Vec<(SourceSpan, Option<String>)> = diagnostic
        .labels()
        .map(|labels| {
            labels
                .map(|l| (*l.inner(), l.label().map(str::to_string)))
                .collect()
        })
        .unwrap_or_default();
    let place = |span: SourceSpan| source.and_then(|s| Place::of(s, span));
    let first = labels.first().and_then(|(span, _)| place(*span));
    // A diagnostic about a whole file has its source but no place in it.
    let file = first.as_ref().and_then(|p| p.file.clone()).or_else(|| {
        let start = source?.read_span(&(0, 0).into(), 0, 0).ok()?;
        start.name().map(str::to_string)
    });
    json!({
        "code": diagnostic.code().map(|c| c.to_string()),
        "severity": match diagnostic.severity() {
            Some(miette::Severity::Warning) => "warning",
            Some(miette::Severity::Advice) => "advice",
            _ => "error",
        },
        "message": diagnostic.to_string(),
        "file": file,
        "line": first.as_ref().map(|p| p.line),
        "column": first.as_ref().map(|p| p.column),
        "end_line": first.as_ref().map(|p| p.end_line),
        "end_column": first.as_ref().map(|p| p.end_column),
        "labels": labels
            .iter()
            .map(|(span, text)| {
                let p = place(*span);
                json!({
                    "line": p.as_ref().map(|p| p.line),
                    "column": p.as_ref().map(|p| p.column),
                    "end_line": p.as_ref().map(|p| p.end_line),
                    "end_column": p.as_ref().map(|p| p.end_column),
                    "text": text,
                })
            })
            .collect::<Vec<_>>(),
        "help": diagnostic.help().map(|h| h.to_string()),
    })
}

/// Where a span is: its file, the line and column of its first character
/// and of the place just past its last, 1-based.
struct Place {
    file: Option<String>,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

impl Place {
    fn of(source: &dyn SourceCode, span: SourceSpan) -> Option<Place> {
        let start = source.read_span(&(span.offset(), 0).into(), 0, 0).ok()?;
        let end_offset = span.offset() + span.len();
        let end = source.read_span(&(end_offset, 0).into(), 0, 0).ok()?;
        Some(Place {
            file: start.name().map(str::to_string),
            line: start.line() + 1,
            column: start.column() + 1,
            end_line: end.line() + 1,
            end_column: end.column() + 1,
        })
    }
}
