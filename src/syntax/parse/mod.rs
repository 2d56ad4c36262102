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
mod grammar;
mod items;
mod names;
mod rule_defs;
mod scan;

use pest::Parser;

use super::ast::{self, Analyze, Arg, File, Item, PositionLit};
use super::error::SyntaxError;
use build::{Builder, child};
use errors::{Context, convert_error, convert_error_in, top_level_error};
use grammar::{GameParser, Rule};
use scan::{ITEM_WORDS, body_open, next_item_line, skip_blank, statement_end, token_at};

/// Files at least this long are parsed in pieces, one a thread.
const PIECES_FROM: usize = 1 << 18;

/// Parses a whole file.
///
/// Recovers at top-level items: after a syntax error, skips to the next line
/// that starts (after optional whitespace) with `game`, `analyze` or `compare` and goes
/// on, so that several syntax errors in one file are all reported. Inside a
/// game's body it recovers at statements too: the statements after the one
/// with the error are parsed one by one for errors of their own. Returns the
/// items that parsed (an item with an error is left out) and every error.
///
/// A long file is cut at lines that start an item, and the pieces parsed on
/// the threads. A parse carries nothing from one item to the next but
/// where it is, so a piece whose parse starts where the one before it ended
/// is exactly what one parse of the whole file would give; where an item ran
/// past the cut, the piece after it is parsed again from where it ended.
pub fn parse_file(src: &str) -> (File, Vec<SyntaxError>) {
    let pieces = if src.len() >= PIECES_FROM {
        crate::platform::threads()
    } else {
        1
    };
    let mut cuts: Vec<usize> = (1..pieces)
        .map(|k| {
            let mut at = src.len() / pieces * k;
            while !src.is_char_boundary(at) {
                at -= 1;
            }
            next_item_line(src, at)
        })
        .collect();
    cuts.insert(0, 0);
    cuts.push(src.len());
    cuts.dedup();
    let mut file = parse_pieces(src, &cuts);
    let parsed_errors = std::mem::take(&mut file.errors);
    let file = File {
        items: file.items,
        broken: file.broken,
    };
    (file, parsed_errors)
}

/// Parses the pieces of `src` between `cuts` (increasing, from 0 to the
/// end), one a thread, and joins them.
fn parse_pieces(src: &str, cuts: &[usize]) -> Parsed {
    let pieces: Vec<&[usize]> = cuts.windows(2).collect();
    let parsed: Vec<Parsed> =
        crate::platform::map(&pieces, |piece| parse_from(src, piece[0], piece[1]));
    let mut file = Parsed::default();
    for (mut piece, window) in parsed.into_iter().zip(cuts.windows(2)) {
        if file.end != window[0] {
            piece = parse_from(src, file.end, window[1]);
        }
        file.items.append(&mut piece.items);
        file.broken.append(&mut piece.broken);
        file.errors.append(&mut piece.errors);
        file.end = piece.end;
    }
    file
}

/// The items and errors of a parse, and where it ended.
#[derive(Default)]
struct Parsed {
    items: Vec<Item>,
    broken: Vec<ast::GameDef>,
    errors: Vec<SyntaxError>,
    end: usize,
}

/// Parses the items that start from `pos` up to `stop`; the last may end
/// past it.
fn parse_from(src: &str, mut pos: usize, stop: usize) -> Parsed {
    let mut items = Vec::new();
    let mut broken = Vec::new();
    let mut errors = Vec::new();
    loop {
        pos = skip_blank(src, pos);
        if pos >= stop {
            break;
        }
        let word = token_at(src, pos);
        if !ITEM_WORDS.contains(&word) {
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
                    broken.extend(recover_statements(src, pos, at, next, &mut errors));
                }
                pos = next;
            }
        }
    }
    Parsed {
        items,
        broken,
        errors,
        end: pos,
    }
}

/// After a syntax error at `error_at` in the game defined from `start`,
/// parses the game's statements one by one up to its closing `}` (or
/// `limit`, the next item), adds the syntax errors of those after the
/// failed one, and returns the game with the statements that parsed. An
/// error before the body's `{` leaves nothing to recover.
fn recover_statements(
    src: &str,
    start: usize,
    error_at: usize,
    limit: usize,
    errors: &mut Vec<SyntaxError>,
) -> Option<ast::GameDef> {
    let open = body_open(src, start, limit).filter(|&open| open < error_at)?;
    // The header alone, as a game with an empty body.
    let header = format!("{}}}", &src[start..=open]);
    let mut game = match GameParser::parse(Rule::item_line, &header)
        .ok()
        .and_then(|mut pairs| {
            let line = pairs.next()?;
            Builder::new(start).item(line).ok()
        }) {
        Some(Item::Game(game)) => game,
        _ => return None,
    };
    let mut at = open + 1;
    loop {
        at = skip_blank(src, at);
        if at >= limit || src[at..].starts_with('}') {
            break;
        }
        let next = match GameParser::parse(Rule::statement_line, &src[at..limit]) {
            Ok(mut pairs) => {
                let line = pairs.next().expect("statement_line matched");
                let end = at + line.as_span().end();
                match Builder::new(at).statement(child(line, Rule::statement)) {
                    Ok(statement) => game.body.push(statement),
                    Err(error) if error.span().offset() != error_at => errors.push(error),
                    Err(_) => {}
                }
                end
            }
            Err(error) => {
                let error = convert_error_in(src, start, at, &error, Context::File);
                let here = error.span().offset();
                let end = statement_end(src, at, here, limit);
                // The failed statement's error is the item's, given already.
                if !(at..end.max(here + 1)).contains(&error_at) {
                    errors.push(error);
                }
                end
            }
        };
        if next <= at {
            break;
        }
        at = next;
    }
    Some(game)
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

/// Parses one `analyze` statement alone: `analyze nim at (3, 4, 5)`,
/// `analyze nim at 3 + kayles at 5`.
pub fn parse_analyze(src: &str) -> Result<Analyze, SyntaxError> {
    let mut pairs = GameParser::parse(Rule::analyze_only, src)
        .map_err(|error| convert_error(src, 0, &error, Context::Text))?;
    let whole = pairs.next().expect("analyze_only matched");
    Builder::new(0).analyze(child(whole, Rule::analyze))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games, a statement, and mistakes of several kinds: inside a body,
    /// before it, and at the top level.
    const TEXT: &str = "game a(m = 3) {\n    heaps 1\n    take 1..m\n}\nanalyze a at 5\n\
        game b {\n    heaps 2\n    take 1.. from both ??\n    take 1..\n}\n\
        // a comment\nnonsense here\n  analyze b at (1, 2)\n\
        game c(m = {1, 2}) {\n    heaps 1\n    take m\n}\n\
        game d( {\n}\nanalyze c at 7; analyze a at\n";

    /// Cut anywhere, even inside an item, the pieces joined give exactly
    /// what one parse of the whole text gives.
    #[test]
    fn pieces_join_to_the_whole_parse() {
        let whole = parse_from(TEXT, 0, TEXT.len());
        let expected = format!("{:?} {:?} {}", whole.items, whole.errors, whole.end);
        assert!(
            !whole.items.is_empty() && whole.errors.len() > 2,
            "{expected}"
        );
        let bounds: Vec<usize> = (1..TEXT.len())
            .filter(|&i| TEXT.is_char_boundary(i))
            .collect();
        for (n, &one) in bounds.iter().enumerate() {
            let other = bounds[(n * 7919) % bounds.len()];
            let mut cuts = vec![0, one.min(other), one.max(other), TEXT.len()];
            cuts.dedup();
            let joined = parse_pieces(TEXT, &cuts);
            let got = format!("{:?} {:?} {}", joined.items, joined.errors, joined.end);
            assert_eq!(got, expected, "cut at {cuts:?}");
        }
    }
}
