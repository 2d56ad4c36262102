//! pest's errors turned into [`SyntaxError`]s that speak plain words: what
//! was expected, by readable names, what was found instead, and a help line
//! for the commonest mistakes.

use pest::error::{ErrorVariant, InputLocation};

use super::grammar::Rule;
use super::names::{Class, describe};
use super::scan::{is_reserved, keyword_before, line_of, skip_blank, token_at};

pub(super) use crate::syntax::error::Context;
use crate::syntax::error::{Found, Hint, Nesting, SyntaxError, Unexpected};

/// Something other than `game`, `analyze` or `compare` where an item should start.
pub(super) fn top_level_error(pos: usize, word: &str) -> SyntaxError {
    SyntaxError::NotAnItem {
        word: word.to_string(),
        span: (pos..pos + word.len()).into(),
    }
}

/// Turns a pest error from parsing `src[offset..]` into a [`SyntaxError`]
/// with spans into the whole of `src`.
pub(super) fn convert_error(
    src: &str,
    offset: usize,
    error: &pest::error::Error<Rule>,
    context: Context,
) -> SyntaxError {
    convert_error_in(src, offset, offset, error, context)
}

/// [`convert_error`] for a parse of `src[offset..]` that started inside the
/// item starting at `item` (a statement of a game, read again after an
/// error): hints name the item's game.
pub(super) fn convert_error_in(
    src: &str,
    item: usize,
    offset: usize,
    error: &pest::error::Error<Rule>,
    context: Context,
) -> SyntaxError {
    let pos = offset
        + match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((start, _)) => start,
        };
    let rules: Vec<Rule> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { message } => {
            // pest's own limits ("stack limit reached", "call limit reached").
            let found = token_at(src, pos);
            return SyntaxError::TooDeep {
                nesting: Nesting::Parser {
                    message: message.clone(),
                },
                span: (pos..pos + found.len()).into(),
            };
        }
    };

    let mut expected: Vec<(Class, &str)> = rules.iter().filter_map(|&r| describe(r)).collect();
    let mut seen = Vec::new();
    expected.retain(|(_, text)| {
        let new = !seen.contains(text);
        seen.push(text);
        new
    });
    if expected.iter().any(|(class, _)| *class != Class::Operator) {
        expected.retain(|(class, _)| *class != Class::Operator);
    }
    // Where a statement may start, a blank line may too: not worth saying.
    if rules.contains(&Rule::statement) {
        expected.retain(|(class, _)| *class != Class::End);
    }
    expected.sort_by_key(|(class, _)| *class);
    let token = token_at(src, pos);
    let found = match token {
        "" => Found::End(context),
        "\n" | "\r\n" | "\r" => Found::LineEnd,
        _ => Found::Token(token.to_string()),
    };
    SyntaxError::Unexpected(Box::new(Unexpected {
        expected: expected.iter().map(|(_, text)| *text).collect(),
        after: keyword_before(src, pos).map(str::to_string),
        hint: hint_for(src, item, pos, token, &rules, context),
        found,
        span: (pos..pos + token.len()).into(),
    }))
}

/// The common mistake an error looks like, from what was expected and found.
fn hint_for(
    src: &str,
    item: usize,
    pos: usize,
    found: &str,
    rules: &[Rule],
    context: Context,
) -> Option<Hint> {
    let expects = |rule: Rule| rules.contains(&rule);
    let at_end = found.is_empty();
    let at_line_end = matches!(found, "\n" | "\r\n" | "\r");
    let new_item = super::scan::ITEM_WORDS.contains(&found);

    if expects(Rule::body_close) && (at_end || new_item) {
        let game = token_at(src, skip_blank(src, item + "game".len())).to_string();
        let opened = src[item..pos].find('{').map(|i| line_of(src, item + i));
        return Some(Hint::CloseBody { game, opened });
    }
    if expects(Rule::set_close) && (at_end || at_line_end || new_item) {
        return Some(Hint::CloseSet);
    }
    if expects(Rule::rparen) && (at_end || at_line_end || new_item || found == "}") {
        return Some(Hint::CloseParen);
    }
    if expects(Rule::rbracket) {
        return Some(Hint::CloseBracket);
    }
    if expects(Rule::ident) && is_reserved(found) {
        return Some(Hint::Keyword {
            word: found.to_string(),
        });
    }
    // Slips a newcomer makes, read from the statement so far.
    let statement = src[..pos]
        .rfind(['\n', ';', '{'])
        .map_or(&src[..pos], |i| &src[i + 1..pos])
        .trim_start();
    let first = token_at(statement, 0);
    if found == "," && first == "analyze" {
        return Some(Hint::PositionList);
    }
    for (written, meant) in [("||", "or"), ("&&", "and"), ("!", "not")] {
        if src[pos..].starts_with(written) && !src[pos..].starts_with("!=") {
            return Some(Hint::Operator { written, meant });
        }
    }
    if matches!(first, "take" | "shift") && found == "or" {
        return Some(Hint::AmountsOr);
    }
    if matches!(first, "take" | "shift") && found == "if" {
        return Some(Hint::WhereNotIf);
    }
    if expects(Rule::statement) && matches!(found, "Left" | "Right") {
        return Some(Hint::SideInCapitals);
    }
    // A word close to one that starts a statement here: `tkae 1..3`.
    let starting: &[&str] = if expects(Rule::statement) {
        &[
            "heaps", "position", "play", "take", "shift", "split", "empty", "octal", "hex", "move",
        ]
    } else if expects(Rule::block_stmt) {
        &["choose", "require", "let", "for", "if", "append", "remove"]
    } else {
        &[]
    };
    if found.chars().all(|c| c.is_ascii_alphabetic())
        && let Some(meant) = starting.iter().find(|w| misspelt(found, w))
    {
        return Some(Hint::Misspelt {
            meant: meant.to_string(),
        });
    }
    if expects(Rule::statement) && !at_end && !at_line_end {
        return Some(Hint::BodyStatement);
    }
    if expects(Rule::move_name) {
        return Some(Hint::MoveName);
    }
    if expects(Rule::assign_op) {
        return Some(Hint::AssignOp);
    }
    if expects(Rule::block_stmt) && !at_end {
        return Some(Hint::BlockStatement);
    }
    if expects(Rule::heap_count) {
        return Some(Hint::HeapCount);
    }
    if expects(Rule::amounts) {
        return Some(Hint::Amounts {
            shift: keyword_before(src, pos) == Some("shift"),
        });
    }
    if expects(Rule::from_target) {
        return Some(Hint::FromTarget);
    }
    let in_position = expects(Rule::position)
        || expects(Rule::positions)
        || (expects(Rule::int) && expects(Rule::rparen));
    if in_position && found.starts_with('-') {
        return Some(Hint::NegativeHeap);
    }
    if found == "=" {
        return Some(Hint::SingleEquals);
    }
    if in_position && !at_end && !at_line_end {
        return Some(Hint::PositionForm);
    }
    if expects(Rule::equals) {
        return Some(Hint::ParameterValue(context));
    }
    if found.starts_with('.') && src[..pos].ends_with("..") {
        return Some(Hint::RangeDots);
    }
    None
}

/// Whether `found` looks like `word` mistyped: two letters swapped, or one
/// letter wrong, missing or extra (two, for words of six letters or more).
/// Stricter than did-you-mean for names: keywords are short, and a word two
/// edits from `move` (`remove`) is not a typo of it.
fn misspelt(found: &str, word: &str) -> bool {
    if found == word {
        return false;
    }
    let a: Vec<char> = found.chars().collect();
    let b: Vec<char> = word.chars().collect();
    if a.len() == b.len() {
        let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        if let [i, j] = differ[..]
            && j == i + 1
            && a[i] == b[j]
            && a[j] == b[i]
        {
            return true;
        }
    }
    let allowed = if word.len() >= 6 { 2 } else { 1 };
    crate::source::edit_distance(found, word) <= allowed
}
