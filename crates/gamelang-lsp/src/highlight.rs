//! Semantic tokens: each word, number, operator and comment of a file with
//! its kind, games and parameters told apart from keywords by the names.

use gamelang::{KEYWORDS, Kind, tokens};
use lsp_types::{SemanticToken, SemanticTokenType, SemanticTokensLegend};

use crate::document::Document;
use gamelang::{Symbol, Symbols};

/// The kinds, in the order their numbers refer to.
pub const TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::KEYWORD,
    SemanticTokenType::NUMBER,
    SemanticTokenType::COMMENT,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::TYPE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::STRING,
];

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

fn index(kind: &SemanticTokenType) -> u32 {
    TYPES.iter().position(|t| t == kind).unwrap_or(0) as u32
}

/// The file's tokens, encoded as the protocol wants (each relative to the
/// one before).
pub fn semantic_tokens(document: &Document, names: &Symbols) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    let (mut line, mut column) = (0u32, 0u32);
    for token in tokens(&document.text) {
        let kind = match token.kind {
            Kind::Newline => continue,
            Kind::Number => SemanticTokenType::NUMBER,
            Kind::Comment => SemanticTokenType::COMMENT,
            Kind::Text => SemanticTokenType::STRING,
            Kind::Punct if matches!(token.text, "(" | ")" | "[" | "]" | "{" | "}" | "," | ";") => {
                continue;
            }
            Kind::Punct => SemanticTokenType::OPERATOR,
            Kind::Word => match names.at(token.start).map(|o| &o.symbol) {
                Some(Symbol::Game(_)) => SemanticTokenType::TYPE,
                Some(Symbol::Param { .. }) => SemanticTokenType::PARAMETER,
                Some(Symbol::Part { .. }) => SemanticTokenType::PROPERTY,
                Some(Symbol::Var { .. }) => SemanticTokenType::VARIABLE,
                None if KEYWORDS.contains(&token.text) => SemanticTokenType::KEYWORD,
                None => SemanticTokenType::VARIABLE,
            },
        };
        let at = document.range(token.start, token.start + token.text.len());
        let length = at.end.character.saturating_sub(at.start.character);
        let delta_line = at.start.line - line;
        let delta_start = if delta_line == 0 {
            at.start.character - column
        } else {
            at.start.character
        };
        out.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: index(&kind),
            token_modifiers_bitset: 0,
        });
        line = at.start.line;
        column = at.start.character;
    }
    out
}
