//! Parsing: `.game` text to the syntax tree of [`super::ast`].
//!
//! The grammar is `grammar/gamelang.pest`. This module runs it, one top-level
//! item at a time so that it can recover after an error; its submodules build
//! the tree from pest's pairs and turn pest's errors into [`SyntaxError`]s
//! that speak plain words:
//!
//! - `build`: the builder, and the helpers all of the tree building shares;
//! - `items`: games and their statements, `analyze` lines, values, positions;
//! - `rule_defs`: a game's rules, with the heaps they act on and their amounts;
//! - `blocks`: `move NAME { ... }` blocks and `position (a, b)` declarations;
//! - `expr`: expressions, with operator precedence by pest's `PrattParser`;
//! - `errors`: pest's errors in plain words, with help lines;
//! - `names`: the readable names of the grammar's rules, for those errors;
//! - `scan`: the raw text around a parse: tokens, keywords, the next item.

mod blocks;
mod build;
mod errors;
mod expr;
mod items;
mod names;
mod rule_defs;
mod scan;

use pest::Parser;

use super::ast::{Arg, File, PositionLit};
use super::error::SyntaxError;
use build::{Builder, child};
use errors::{Context, convert_error, convert_error_in, top_level_error};
use scan::{body_open, next_item_line, skip_blank, statement_end, token_at};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/gamelang.pest"]
struct GameParser;

/// Parses a whole file.
///
/// Recovers at top-level items: after a syntax error, skips to the next line
/// that starts (after optional whitespace) with `game` or `analyze` and goes
/// on, so that several syntax errors in one file are all reported. Inside a
/// game's body it recovers at statements too: the statements after the one
/// with the error are parsed one by one for errors of their own. Returns the
/// items that parsed (an item with an error is left out) and every error.
pub fn parse_file(src: &str) -> (File, Vec<SyntaxError>) {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    let mut pos = 0;
    loop {
        pos = skip_blank(src, pos);
        if pos >= src.len() {
            break;
        }
        let word = token_at(src, pos);
        if word != "game" && word != "analyze" {
            errors.push(top_level_error(pos, word));
            pos = next_item_line(src, pos);
            continue;
        }
        match GameParser::parse(Rule::item_line, &src[pos..]) {
            Ok(mut pairs) => {
                let line = pairs.next().expect("item_line matched");
                let end = pos + line.as_span().end();
                let builder = Builder::new(pos);
                match builder.item(line) {
                    Ok(item) => items.push(item),
                    Err(error) => errors.push(error),
                }
                pos = end;
            }
            Err(error) => {
                let error = convert_error(src, pos, &error, Context::File);
                let at = error.span().offset();
                errors.push(error);
                let next = next_item_line(src, pos);
                if word == "game" {
                    recover_statements(src, pos, at, next, &mut errors);
                }
                pos = next;
            }
        }
    }
    (File { items }, errors)
}

/// After a syntax error at `error_at` in the game defined from `start`,
/// parses the statements that follow the failed one, up to the game's
/// closing `}` (or `limit`, the next item), and adds their syntax errors.
/// An error before the body's `{` leaves nothing to recover.
fn recover_statements(
    src: &str,
    start: usize,
    error_at: usize,
    limit: usize,
    errors: &mut Vec<SyntaxError>,
) {
    let Some(open) = body_open(src, start, limit).filter(|&open| open < error_at) else {
        return;
    };
    let mut at = statement_end(src, open + 1, error_at, limit);
    loop {
        at = skip_blank(src, at);
        if at >= limit || src[at..].starts_with('}') {
            return;
        }
        let next = match GameParser::parse(Rule::statement_line, &src[at..limit]) {
            Ok(mut pairs) => {
                let line = pairs.next().expect("statement_line matched");
                at + line.as_span().end()
            }
            Err(error) => {
                let error = convert_error_in(src, start, at, &error, Context::File);
                let error_at = error.span().offset();
                errors.push(error);
                statement_end(src, at, error_at, limit)
            }
        };
        if next <= at {
            return;
        }
        at = next;
    }
}

/// Parses a position as written after `at` (and given to `--at`): `21`,
/// `(3, 5)`, `(7)`, `()`.
pub fn parse_position(src: &str) -> Result<PositionLit, SyntaxError> {
    let mut pairs = GameParser::parse(Rule::position_only, src)
        .map_err(|error| convert_error(src, 0, &error, Context::Text))?;
    let whole = pairs.next().expect("position_only matched");
    let position = child(whole, Rule::position);
    Builder::new(0).position(position)
}

/// Parses `NAME=VALUE` as given to `--set` (spaces around `=` allowed):
/// `m=10`, `S={1,2}`, `m = -1`.
pub fn parse_arg(src: &str) -> Result<Arg, SyntaxError> {
    let mut pairs = GameParser::parse(Rule::arg_only, src)
        .map_err(|error| convert_error(src, 0, &error, Context::Text))?;
    let whole = pairs.next().expect("arg_only matched");
    let arg = child(whole, Rule::arg);
    Builder::new(0).arg(arg)
}
