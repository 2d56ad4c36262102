//! Diagnostics as JSON, for editors and scripts: each with its code,
//! severity, message, file, place (of its first label: 1-based lines and
//! columns, the end just past the last character, as editors count), every
//! label and the help.

use miette::{Diagnostic, SourceCode, SourceSpan};
use serde_json::{Value as Json, json};

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
    json!({
        "code": diagnostic.code().map(|c| c.to_string()),
        "severity": match diagnostic.severity() {
            Some(miette::Severity::Warning) => "warning",
            Some(miette::Severity::Advice) => "advice",
            _ => "error",
        },
        "message": diagnostic.to_string(),
        "file": first.as_ref().map(|p| p.file.clone()),
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
