//! `check`'s errors and warnings as the protocol's diagnostics: the code,
//! the message with its help, the range of the first label, the other
//! labels as related information.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};

use crate::document::Document;

/// Every diagnostic of `document`, errors first; the one reason it was not
/// checked, where it was not.
pub fn diagnostics(uri: &Uri, document: &Document) -> Vec<Diagnostic> {
    if let Some(refused) = &document.refused {
        let (code, message, help) = refused.diagnostic();
        return vec![Diagnostic {
            range: document.range(0, 0),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String(code.to_string())),
            source: Some("gamelang".to_string()),
            message: format!("{message}\nhelp: {help}"),
            ..Diagnostic::default()
        }];
    }
    let errors = document.errors.iter().map(|e| e as &dyn miette::Diagnostic);
    let warnings = document
        .warnings
        .iter()
        .map(|w| w as &dyn miette::Diagnostic);
    errors
        .chain(warnings)
        .map(|d| one(uri, document, d))
        .collect()
}

fn one(uri: &Uri, document: &Document, diagnostic: &dyn miette::Diagnostic) -> Diagnostic {
    let labels: Vec<(usize, usize, Option<String>)> = diagnostic
        .labels()
        .map(|labels| {
            labels
                .map(|l| {
                    let start = l.offset().min(document.text.len());
                    let end = (l.offset() + l.len()).min(document.text.len());
                    (start, end, l.label().map(str::to_string))
                })
                .collect()
        })
        .unwrap_or_default();
    let (start, end) = labels.first().map_or((0, 0), |&(s, e, _)| (s, e));
    let mut message = diagnostic.to_string();
    if let Some((_, _, Some(label))) = labels.first() {
        message.push_str(&format!(": {label}"));
    }
    if let Some(help) = diagnostic.help() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = (labels.iter().skip(1))
        .map(|(s, e, label)| DiagnosticRelatedInformation {
            location: Location {
                uri: uri.clone(),
                range: document.range(*s, *e),
            },
            message: label.clone().unwrap_or_else(|| "here".to_string()),
        })
        .collect();
    Diagnostic {
        range: document.range(start, end),
        severity: Some(match diagnostic.severity() {
            Some(miette::Severity::Warning) => DiagnosticSeverity::WARNING,
            Some(miette::Severity::Advice) => DiagnosticSeverity::HINT,
            _ => DiagnosticSeverity::ERROR,
        }),
        code: diagnostic
            .code()
            .map(|c| NumberOrString::String(c.to_string())),
        source: Some("gamelang".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}
