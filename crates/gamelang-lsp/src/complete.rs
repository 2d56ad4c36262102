//! Completion: the keywords and phrases of the language, the file's games,
//! and the names in scope where the cursor is (the game's parameters and
//! parts, the block's variables).

use gamelang::Item;
use gamelang::KEYWORDS;
use lsp_types::{CompletionItem, CompletionItemKind, InsertTextFormat};

use crate::document::Document;
use gamelang::{Symbol, Symbols};

/// Whole phrases, as snippets: what a rule or statement looks like.
const PHRASES: &[(&str, &str, &str)] = &[
    (
        "game",
        "game ${1:name} {\n    heaps ${2:1}\n    $0\n}",
        "a new game",
    ),
    ("analyze", "analyze ${1:game} at ${2:21}", "ask who wins"),
    (
        "compare",
        "compare ${1:game} at ${2:21} to ${3:0}",
        "ask how two sums are ordered",
    ),
    (
        "take range",
        "take ${1:1}..${2:m}",
        "take 1 to m from one heap",
    ),
    (
        "take set",
        "take {${1:1, 3, 4}}",
        "take one of these amounts",
    ),
    (
        "take from both heaps",
        "take ${1:1}.. from both heaps",
        "Wythoff's move",
    ),
    (
        "take and split",
        "take ${1:1} and split the rest into two heaps",
        "take, then split what is left",
    ),
    (
        "shift",
        "shift ${1:1}.. to the previous heap",
        "staircase Nim's move",
    ),
    (
        "split",
        "split into 2 unequal nonempty heaps",
        "Grundy's game",
    ),
    (
        "empty and split",
        "empty one heap and split the other into two nonempty heaps",
        "empty-and-divide",
    ),
    ("octal", "octal ${1:0.77}", "an octal game"),
    ("hex", "hex ${1:8.0}", "a hexadecimal game"),
    ("coins", "coins", "a row of coins, positions its heads"),
    (
        "turn",
        "turn ${1:1..3} coins",
        "a coin-turning move (Mock Turtles)",
    ),
    (
        "turn in a row",
        "turn ${1:1..} coins in a row",
        "turn coins next to each other (Ruler)",
    ),
    (
        "product",
        "product of ${1:ruler} and ${2:ruler}",
        "the product of two coin games",
    ),
    (
        "slide",
        "slide along ${1:G}",
        "a token slides along an arc of a graph",
    ),
    (
        "green hackenbush",
        "green hackenbush",
        "positions are graphs grounded at vertex 0",
    ),
    (
        "node kayles",
        "node kayles",
        "pick a vertex, removing it and its neighbours",
    ),
    (
        "arc kayles",
        "arc kayles",
        "pick an edge, removing its two ends",
    ),
    (
        "snort",
        "snort",
        "colour a vertex, never next to the other colour",
    ),
    (
        "col",
        "col",
        "colour a vertex, never next to the same colour",
    ),
    ("play misere", "play misere", "whoever moves last loses"),
    (
        "move",
        "move ${1:name} {\n    choose ${2:i} in 1..len\n    $0\n}",
        "a custom move",
    ),
    (
        "left move",
        "left move ${1:name} {\n    $0\n}",
        "a move of Left's alone (a partizan game)",
    ),
    (
        "right move",
        "right move ${1:name} {\n    $0\n}",
        "a move of Right's alone (a partizan game)",
    ),
    (
        "choose",
        "choose ${1:k} in ${2:1}..${3:h[i]}",
        "each value one move",
    ),
    (
        "for",
        "for ${1:j} in ${2:1}..${3:len} {\n    $0\n}",
        "a loop",
    ),
    ("win when", "win when ${1:condition}", "an end that wins"),
];

/// The completions at byte `offset` of `document`.
pub fn completions(document: &Document, offset: usize) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = Vec::new();
    for word in KEYWORDS {
        out.push(CompletionItem {
            label: word.to_string(),
            kind: Some(CompletionItemKind::KEYWORD),
            ..CompletionItem::default()
        });
    }
    for (label, snippet, detail) in PHRASES {
        out.push(CompletionItem {
            label: label.to_string(),
            kind: Some(CompletionItemKind::SNIPPET),
            detail: Some(detail.to_string()),
            insert_text: Some(snippet.to_string()),
            insert_text_format: Some(InsertTextFormat::SNIPPET),
            ..CompletionItem::default()
        });
    }
    let names = Symbols::new(&document.text, &document.tree);
    // The game the cursor is in, and the block.
    let game = (document.tree.items.iter()).find_map(|item| match item {
        Item::Game(g) if g.span.offset() <= offset && offset <= g.span.offset() + g.span.len() => {
            Some(g.name.name.clone())
        }
        _ => None,
    });
    let mut seen: Vec<Symbol> = Vec::new();
    for occurrence in names.occurrences.iter().filter(|o| o.defines) {
        let symbol = &occurrence.symbol;
        let (kind, in_scope) = match symbol {
            Symbol::Game(_) => (CompletionItemKind::CLASS, true),
            Symbol::Param { game: g, .. } => {
                (CompletionItemKind::CONSTANT, game.as_ref() == Some(g))
            }
            Symbol::Part { game: g, .. } => (CompletionItemKind::FIELD, game.as_ref() == Some(g)),
            Symbol::Var { block, .. } => {
                let inside = (names.of(symbol)).any(|o| o.start >= *block) && offset >= *block;
                let block_end = block_end(document, *block);
                (CompletionItemKind::VARIABLE, inside && offset <= block_end)
            }
        };
        if in_scope && !seen.contains(symbol) {
            seen.push(symbol.clone());
            out.push(CompletionItem {
                label: symbol.name().to_string(),
                kind: Some(kind),
                ..CompletionItem::default()
            });
        }
    }
    out
}

/// Where the block starting at `start` ends: its matching `}`.
fn block_end(document: &Document, start: usize) -> usize {
    let mut depth = 0i32;
    for (i, c) in document.text[start.min(document.text.len())..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return start + i;
                }
            }
            _ => {}
        }
    }
    document.text.len()
}
