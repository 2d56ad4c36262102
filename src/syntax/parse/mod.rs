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
use errors::{Context, convert_error, top_level_error};
use scan::{next_item_line, skip_blank, token_at};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/gamelang.pest"]
struct GameParser;

/// Parses a whole file.
///
/// Recovers at top-level items: after a syntax error, skips to the next line
/// that starts (after optional whitespace) with `game` or `analyze` and goes
/// on, so that several syntax errors in one file are all reported. Returns the
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
                errors.push(convert_error(src, pos, &error, Context::File));
                pos = next_item_line(src, pos);
            }
        }
    }
    (File { items }, errors)
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
