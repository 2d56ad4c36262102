//! The tree builder: it turns the pairs of one parse into syntax nodes whose
//! spans are byte offsets into the whole source. The nodes are built in
//! `items`, `rule_defs` and `expr`; this module holds what they all use.

use std::cell::Cell;

use num_bigint::{BigInt, BigUint};
use pest::iterators::Pair;

use super::grammar::Rule;
use crate::syntax::ast::{self, Ident, Span};
use crate::syntax::error::SyntaxError;

pub(super) type PResult<T> = Result<T, SyntaxError>;

/// Builds tree nodes from the pairs of one parse. `offset` is where the parsed
/// text starts in the whole source, so that spans are byte offsets into it.
pub(super) struct Builder {
    pub(super) offset: usize,
    /// How many expressions deep the builder is, to refuse absurd nesting
    /// before it overflows the stack.
    pub(super) depth: Cell<usize>,
    /// How many of those levels are blocks (`for`, `if`), to name what is
    /// nested too deeply.
    pub(super) blocks: Cell<usize>,
    /// How deep the expression tree being built may already be: the
    /// operators of every expression the builder is inside.
    pub(super) operators: Cell<usize>,
}

impl Builder {
    pub(super) fn new(offset: usize) -> Self {
        Builder {
            offset,
            depth: Cell::new(0),
            blocks: Cell::new(0),
            operators: Cell::new(0),
        }
    }
}

/// The first child of `pair` with the given rule.
pub(super) fn child(pair: Pair<'_, Rule>, rule: Rule) -> Pair<'_, Rule> {
    pair.into_inner()
        .find(|p| p.as_rule() == rule)
        .unwrap_or_else(|| panic!("the grammar guarantees a {rule:?} here"))
}

/// The player a `side` pair names.
pub(super) fn side_of(pair: Pair<'_, Rule>) -> ast::Side {
    match pair.into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::kw_right) => ast::Side::Right,
        _ => ast::Side::Left,
    }
}

/// The children of `pair` with the given rule.
pub(super) fn children(pair: Pair<'_, Rule>, rule: Rule) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(move |p| p.as_rule() == rule)
}

/// `text` without trailing spaces, tabs and comments, which pest leaves in the
/// span of a rule that ends with an optional part that was not there.
fn trim_trailing(text: &str) -> &str {
    let mut text = text;
    loop {
        let before = text.len();
        let last_line = text.rfind('\n').map_or(0, |i| i + 1);
        if let Some(i) = text[last_line..].find("//") {
            text = &text[..last_line + i];
        }
        text = text.trim_end_matches([' ', '\t']);
        if text.len() == before {
            return text;
        }
    }
}

/// The most digits a number may have: a 10^5-digit number is read in
/// milliseconds, and reading is quadratic in the digits.
pub(super) const MAX_DIGITS: usize = 100_000;

impl Builder {
    /// A signed integer the grammar matched, or an error past `MAX_DIGITS`.
    pub(super) fn big_int(&self, pair: &Pair<'_, Rule>) -> PResult<BigInt> {
        self.digits(pair)?;
        Ok(pair
            .as_str()
            .parse()
            .expect("the grammar only matches integers here"))
    }

    /// A natural number the grammar matched, or an error past `MAX_DIGITS`.
    pub(super) fn big_uint(&self, pair: &Pair<'_, Rule>) -> PResult<BigUint> {
        self.digits(pair)?;
        Ok(pair
            .as_str()
            .parse()
            .expect("the grammar only matches digits here"))
    }

    fn digits(&self, pair: &Pair<'_, Rule>) -> PResult<()> {
        let digits = pair.as_str().trim_start_matches('-').len();
        if digits > MAX_DIGITS {
            return Err(SyntaxError::NumberTooLong {
                digits,
                limit: MAX_DIGITS,
                span: self.span(pair),
            });
        }
        Ok(())
    }

    pub(super) fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let span = pair.as_span();
        let len = trim_trailing(span.as_str()).len();
        (self.offset + span.start()..self.offset + span.start() + len).into()
    }

    pub(super) fn ident(&self, pair: Pair<'_, Rule>) -> Ident {
        Ident {
            name: pair.as_str().to_string(),
            span: self.span(&pair),
        }
    }
}
