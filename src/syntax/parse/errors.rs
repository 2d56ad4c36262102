//! pest's errors turned into [`SyntaxError`]s that speak plain words: what
//! was expected, by readable names, what was found instead, and a help line
//! for the commonest mistakes.

use pest::error::{ErrorVariant, InputLocation};

use super::Rule;
use super::names::{Class, describe};
use super::scan::{is_keyword, keyword_before, line_of, skip_blank, token_at};
use crate::syntax::ast::Span;
use crate::syntax::error::SyntaxError;

/// The statements a game's body may have, for help lines.
const BODY_HELP: &str = "a game's body has `heaps` (or `position`), `play`, rules starting with `take`, `shift`, `split`, `empty` or `octal`, and `move NAME { ... }` blocks";

/// What was being parsed, for wording.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Context {
    /// A `.game` file.
    File,
    /// A value from the command line.
    Text,
}

/// Something other than `game` or `analyze` where an item should start.
pub(super) fn top_level_error(pos: usize, word: &str) -> SyntaxError {
    let span: Span = (pos..pos + word.len()).into();
    let error = SyntaxError::new(
        "I was expecting `game` or `analyze`",
        span,
        format!("unexpected `{word}`"),
    );
    let help = match word {
        "heaps" | "position" | "play" | "take" | "shift" | "split" | "empty" | "octal" | "move"
        | "where" => format!(
            "`{word}` belongs inside a game's body: `game NAME {{ ... }}`; is a `}}` above this line too early?"
        ),
        "}" => "this `}` does not close anything; is there one too many?".to_string(),
        _ => {
            "a file has games (`game NAME { ... }`) and `analyze` statements (`analyze NAME at 10`)"
                .to_string()
        }
    };
    error.with_help(help)
}

/// `a`, `a or b`, `a, b or c`.
fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
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
            return SyntaxError::new(
                "this is nested too deeply for me to read",
                (pos..pos + found.len()).into(),
                "too deep",
            )
            .with_help(format!(
                "write it with fewer levels of parentheses or braces ({message})"
            ));
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
    let texts: Vec<&str> = expected.iter().map(|(_, text)| *text).collect();

    let found = token_at(src, pos);
    let at_end = found.is_empty();
    let at_line_end = matches!(found, "\n" | "\r\n" | "\r");
    let span: Span = (pos..pos + found.len()).into();
    let label = if at_end {
        match context {
            Context::File => "the file ends here".to_string(),
            Context::Text => "the text ends here".to_string(),
        }
    } else if at_line_end {
        "the line ends here".to_string()
    } else {
        format!("unexpected `{found}`")
    };

    let message = if texts.is_empty() {
        if at_end {
            "I didn't expect the text to end here".to_string()
        } else {
            format!("I didn't expect `{found}` here")
        }
    } else {
        let after = keyword_before(src, pos)
            .map(|word| format!(" after `{word}`"))
            .unwrap_or_default();
        format!("I was expecting {}{after}", list(&texts))
    };

    let help = help_for(src, offset, pos, found, &rules, context);
    let error = SyntaxError::new(message, span, label);
    match help {
        Some(help) => error.with_help(help),
        None => error,
    }
}

/// A hint for the commonest mistakes, from what was expected and found.
fn help_for(
    src: &str,
    offset: usize,
    pos: usize,
    found: &str,
    rules: &[Rule],
    context: Context,
) -> Option<String> {
    let expects = |rule: Rule| rules.contains(&rule);
    let at_end = found.is_empty();
    let at_line_end = matches!(found, "\n" | "\r\n" | "\r");
    let new_item = matches!(found, "game" | "analyze");

    if expects(Rule::body_close) && (at_end || new_item) {
        let name = token_at(src, skip_blank(src, offset + "game".len()));
        let opened = src[offset..pos]
            .find('{')
            .map(|i| format!(" (it opens on line {})", line_of(src, offset + i)))
            .unwrap_or_default();
        return Some(format!(
            "add a `}}` to end the body of game `{name}`{opened}"
        ));
    }
    if expects(Rule::set_close) && (at_end || at_line_end || new_item) {
        return Some("add a `}` to end the set".to_string());
    }
    if expects(Rule::rparen) && (at_end || at_line_end || new_item || found == "}") {
        return Some("add a `)` to close the `(`".to_string());
    }
    if expects(Rule::rbracket) {
        return Some("add a `]` to end `h[...]`".to_string());
    }
    if expects(Rule::ident) && is_keyword(found) {
        return Some(format!(
            "`{found}` is a keyword, so it can't be used as a name"
        ));
    }
    if expects(Rule::statement) && !at_end && !at_line_end {
        return Some(BODY_HELP.to_string());
    }
    if expects(Rule::move_name) {
        return Some(
            "name the move, like `move bite { ... }`: its name labels the moves it makes"
                .to_string(),
        );
    }
    if expects(Rule::assign_op) {
        return Some(
            "change a heap or a named part with `=`, `+=` or `-=`, like `h[i] -= k`".to_string(),
        );
    }
    if expects(Rule::block_stmt) && !at_end {
        return Some(
            "a move block has `choose x in A..B`, `require COND`, `let x = EXPR`, assignments like `h[i] -= k`, `for`, `if`, `append` and `remove`"
                .to_string(),
        );
    }
    if expects(Rule::heap_count) {
        return Some(
            "write `heaps 2` for games on exactly two heaps, or `heaps *` for any number of heaps"
                .to_string(),
        );
    }
    if expects(Rule::amounts) {
        return Some(if keyword_before(src, pos) == Some("shift") {
            "for example `shift 1.. to the previous heap` or `shift {1, 2} to the previous heap`"
                .to_string()
        } else {
            "for example `take 1..3`, `take 1..`, `take {1, 3, 4}` or `take k where k is square`"
                .to_string()
        });
    }
    if expects(Rule::from_target) {
        return Some(
            "for example `from both heaps`, `from 2 heaps`, `from up to 3 heaps` or `from one heap`"
                .to_string(),
        );
    }
    let in_position = expects(Rule::position) || (expects(Rule::int) && expects(Rule::rparen));
    if in_position && found.starts_with('-') {
        return Some("a position lists heap sizes, which can't be negative".to_string());
    }
    if found == "=" {
        return Some("to compare two values, write `==`".to_string());
    }
    if in_position && !at_end && !at_line_end {
        return Some(
            "a position is a number, like `21`, or numbers in parentheses, like `(3, 5)`"
                .to_string(),
        );
    }
    if expects(Rule::equals) {
        return Some(match context {
            Context::Text => "write it as `NAME=VALUE`, like `m=10` or `S={1,2}`".to_string(),
            Context::File => "write a parameter with its value, like `m = 3`".to_string(),
        });
    }
    if found.starts_with('.') && src[..pos].ends_with("..") {
        return Some("a range has two dots: `1..3`, or `1..` for no upper bound".to_string());
    }
    None
}
