//! The outline of a file: its games, with their parameters, position,
//! rules, move blocks and ends; its `analyze` statements.

use gamelang::{Item, Statement};
use lsp_types::{DocumentSymbol, SymbolKind};

use crate::document::Document;

#[allow(deprecated)] // `DocumentSymbol::deprecated`: a field the protocol keeps.
fn symbol(
    document: &Document,
    name: String,
    kind: SymbolKind,
    span: (usize, usize),
    pick: (usize, usize),
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range: document.range(span.0, span.1),
        selection_range: document.range(pick.0, pick.1),
        children: (!children.is_empty()).then_some(children),
    }
}

fn ends(span: miette::SourceSpan) -> (usize, usize) {
    (span.offset(), span.offset() + span.len())
}

/// The file's symbols, in order.
pub fn outline(document: &Document) -> Vec<DocumentSymbol> {
    let text = &document.text;
    let first_line = |span: miette::SourceSpan| {
        let (s, e) = ends(span);
        let e = e.min(text.len());
        text.get(s..e)
            .and_then(|t| t.lines().next())
            .unwrap_or_default()
            .trim()
            .trim_end_matches('{')
            .trim()
            .to_string()
    };
    let mut out = Vec::new();
    for item in &document.tree.items {
        match item {
            Item::Game(game) => {
                let mut children = Vec::new();
                for param in &game.params {
                    let s = ends(param.span);
                    let name = param.name.name.clone();
                    children.push(symbol(
                        document,
                        name,
                        SymbolKind::TYPE_PARAMETER,
                        s,
                        s,
                        vec![],
                    ));
                }
                for statement in &game.body {
                    let (kind, span, name) = match statement {
                        Statement::Heaps(d) => (SymbolKind::PROPERTY, d.span, first_line(d.span)),
                        Statement::Position(d) => (SymbolKind::STRUCT, d.span, first_line(d.span)),
                        Statement::Play(d) => (SymbolKind::PROPERTY, d.span, first_line(d.span)),
                        Statement::Rule(r) => (SymbolKind::METHOD, r.span, first_line(r.span)),
                        Statement::Move(m) => (
                            SymbolKind::FUNCTION,
                            m.span,
                            format!("move {}", m.name.name),
                        ),
                        Statement::End(e) => (SymbolKind::EVENT, e.span, first_line(e.span)),
                    };
                    let s = ends(span);
                    children.push(symbol(document, name, kind, s, s, vec![]));
                }
                let (span, pick) = (ends(game.span), ends(game.name.span));
                let name = format!("game {}", game.name.name);
                out.push(symbol(
                    document,
                    name,
                    SymbolKind::CLASS,
                    span,
                    pick,
                    children,
                ));
            }
            Item::Analyze(analyze) => {
                let s = ends(analyze.span);
                let name = first_line(analyze.span);
                out.push(symbol(document, name, SymbolKind::EVENT, s, s, vec![]));
            }
        }
    }
    out
}
