//! The one layout of a `.game` file, as `gamelang fmt` and the language
//! server write it.
//!
//! The formatter changes only the space between tokens, never a token: the
//! line breaks are the writer's (a line break ends a statement, so it is
//! part of the program), runs of blank lines become one, and blank lines
//! at the start and end of the file and of a block go. Within a line:
//!
//! - each line is indented four spaces a bracket (`{`, `(`, `[`) still open
//!   at its start; a line that starts by closing one is indented as the
//!   line that opened it; a line that goes on with the statement before
//!   (after `+`, `,`, `and`, ...) one more than the statement's first;
//! - one space around binary operators, `=`, `+=`, `-=` and after `,`,
//!   `;`, `:`; none inside `( )`, `[ ]` and a set's `{1, 2}`, one inside a
//!   block's `{ heaps 1; take 1.. }`;
//! - none around `..` (`1..m`), after a unary `-`, before `(` after a name
//!   (`bash(m = 3)`, `min(a, b)`) or before `[` (`h[i]`);
//! - one space before a comment that ends a line, the comments ending
//!   consecutive lines in one column; a comment on a line of its own is
//!   indented as code there would be.
//!
//! A value written in a sum (`analyze {2 | -1/2} + ^`) is one token: no
//! space inside it but one after each comma and one each side of each run
//! of bars and of each `:` (`{1 | 0 || 0}`, `{0, * | -1}`, `1 : -1`).
//!
//! A file with a syntax error is not formatted: its errors are returned.

use super::ast::Item;
use super::error::SyntaxError;
use super::lex::{Kind, Token, ends_value, goes_on, keywords_in, tokens};
use super::parse::parse_file;

/// The file `text` in gamelang's layout, or its syntax errors.
pub fn format(text: &str) -> Result<String, Vec<SyntaxError>> {
    let (file, errors) = parse_file(text);
    if !errors.is_empty() {
        return Err(errors);
    }
    let values: Vec<(usize, usize, String)> = (file.items.iter())
        .filter_map(|item| match item {
            Item::Analyze(analyze) => Some(&analyze.values),
            Item::Game(_) => None,
        })
        .flatten()
        .map(|v| {
            let start = v.span.offset();
            (start, start + v.span.len(), value_layout(&v.text))
        })
        .collect();
    Ok(layout(&whole_values(tokens(text), &values)))
}

/// The tokens with each written value (from its start to its end in the
/// text, in the order of the text) made one, laid out (`value_layout`). A
/// token that runs into a value or out of one (the `--` of `to --2`, a
/// sign and a value's own `-`) is cut where the value starts or ends.
fn whole_values<'a>(
    tokens: Vec<Token<'a>>,
    values: &'a [(usize, usize, String)],
) -> Vec<Token<'a>> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    // The first value that does not end before the token: both run in the
    // order of the text, so each is passed once.
    let mut next = 0;
    for token in tokens {
        while values
            .get(next)
            .is_some_and(|(_, end, _)| *end <= token.start)
        {
            next += 1;
        }
        let end = token.start + token.text.len();
        let Some((start, stop, laid)) = (values.get(next)).filter(|(start, _, _)| *start < end)
        else {
            out.push(token);
            continue;
        };
        if token.start < *start {
            let text = &token.text[..start - token.start];
            out.push(Token { text, ..token });
        }
        // The value once, in place of the token its first character is in.
        if token.start <= *start {
            out.push(Token {
                kind: Kind::Number,
                text: laid,
                start: *start,
            });
        }
        if end > *stop {
            let text = &token.text[stop - token.start..];
            out.push(Token {
                text,
                start: *stop,
                ..token
            });
        }
    }
    out
}

/// A written value in the one layout: no space but one after each comma
/// and one each side of each run of bars and of each `:`.
fn value_layout(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        match c {
            ',' => out.push_str(", "),
            ':' => out.push_str(" : "),
            '|' => {
                out.push_str(" |");
                while chars.next_if_eq(&'|').is_some() {
                    out.push('|');
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    out
}

/// Keywords that are values (`len`), name one (`square`) or call (`min`).
const VALUE_WORDS: &[&str] = &[
    "len",
    "min",
    "max",
    "nonincreasing",
    "nondecreasing",
    "square",
    "prime",
    "even",
    "odd",
];

/// Which words of a file stand as words of the language where they are
/// (`lex::keywords_in`: `turn` begins a rule, but is a name in `position
/// (stones, turn)`), found by a token's place.
struct Words<'a> {
    tokens: &'a [Token<'a>],
    keyword: Vec<bool>,
}

impl<'a> Words<'a> {
    fn new(tokens: &'a [Token<'a>]) -> Self {
        Words {
            tokens,
            keyword: keywords_in(tokens),
        }
    }

    /// Whether `token` is a word after which an expression starts: a `-`
    /// after one is a sign, and a `(` after one opens a value, not a call.
    fn keyword(&self, token: &Token) -> bool {
        token.kind == Kind::Word
            && !VALUE_WORDS.contains(&token.text)
            && (self.tokens.binary_search_by_key(&token.start, |t| t.start))
                .is_ok_and(|i| self.keyword[i])
    }

    /// Whether a token ends a value, so that a `-` after it subtracts.
    fn ends_value(&self, token: &Token) -> bool {
        ends_value(token, self.keyword(token))
    }

    /// Whether a word is a name a `(` or `[` follows without a space: a
    /// game's name (`bash(m = 3)`), `min`/`max`, `len(T)`, `h[1]`, `T[1]`.
    fn calls(&self, token: &Token) -> bool {
        token.kind == Kind::Word && !self.keyword(token)
    }
}

/// An open bracket: its text, whether it is a set's `{`, and the indent of
/// the line it opened on.
struct Open {
    text: char,
    set: bool,
    indent: usize,
}

fn layout(tokens: &[Token]) -> String {
    let words = Words::new(tokens);
    let lines: Vec<&[Token]> = tokens.split(|t| t.kind == Kind::Newline).collect();
    let mut out: Vec<Line> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    // The last token that was not a comment, across lines: what a `{`
    // follows tells a set from a block.
    let mut last: Option<Token> = None;
    // The one before it: whether `last` is a binary operator.
    let mut before_last: Option<Token> = None;
    // The indent of the line the statement being written started on.
    let mut statement = 0;
    for line in lines {
        let Some(first) = line.first() else {
            out.push(Line::default());
            continue;
        };
        let mut indent = match (first.text, open.last()) {
            (")" | "]" | "}", Some(o)) => o.indent,
            (_, Some(o)) => o.indent + 1,
            (_, None) => 0,
        };
        // A line that goes on with the statement before (after `+`, `,`,
        // `and`, ...) is indented one more than the statement's first.
        let binary = before_last.is_some_and(|t| words.ends_value(&t));
        if last.is_some_and(|t| goes_on(&t, binary)) && !closes_first(first) {
            indent = indent.max(statement + 1);
        } else {
            statement = indent;
        }
        let mut text = "    ".repeat(indent);
        let mut before: Option<(Token, bool)> = None;
        let mut comment = None;
        for (i, &token) in line.iter().enumerate() {
            if token.kind == Kind::Comment && i > 0 {
                comment = Some(token.text);
                continue;
            }
            // A set's `{` follows `=` (a parameter's value), `take`,
            // `shift` or `turn`, or `at` (a position's heads), but not a
            // move's name (`move take {`).
            let set_open = token.text == "{"
                && last.is_some_and(|t| matches!(t.text, "=" | "take" | "shift" | "turn" | "at"))
                && before_last.is_none_or(|t| t.text != "move");
            let closes_set = token.text == "}" && open.last().is_some_and(|o| o.set);
            if let Some((prev, prev_set)) = before {
                // A `-` first on its line is a sign: no expression goes
                // on after a line break.
                let unary_minus = prev.text == "-" && (i < 2 || !words.ends_value(&line[i - 2]));
                if words.spaced(&prev, prev_set, &token, closes_set || set_open, unary_minus) {
                    text.push(' ');
                }
            }
            text.push_str(token.text);
            match token.text {
                "(" | "[" | "{" => open.push(Open {
                    text: first_char(token.text),
                    set: set_open,
                    indent,
                }),
                ")" | "]" | "}"
                    if open
                        .last()
                        .is_some_and(|o| closes(o.text, first_char(token.text))) =>
                {
                    open.pop();
                }
                _ => {}
            }
            let set = set_open || closes_set;
            before = Some((token, set));
            if token.kind != Kind::Comment {
                before_last = last;
                last = Some(token);
            }
        }
        out.push(Line {
            code: text,
            comment,
        });
    }
    tidy(align(out))
}

/// A line as laid out: its code (with its indent, or a comment on a line
/// of its own) and the comment that ends it.
#[derive(Default)]
struct Line<'a> {
    code: String,
    comment: Option<&'a str>,
}

/// The comments that end consecutive lines of code start in one column,
/// one space after the longest line's code.
fn align(lines: Vec<Line>) -> Vec<String> {
    let width = |l: &Line| l.code.chars().count();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..]
            .iter()
            .take_while(|l| l.comment.is_some())
            .count()
            .max(1);
        let column = lines[i..i + run].iter().map(width).max().unwrap_or(0) + 1;
        for line in &lines[i..i + run] {
            out.push(match line.comment {
                Some(comment) => {
                    let pad = " ".repeat(column - width(line));
                    format!("{}{pad}{comment}", line.code)
                }
                None => line.code.clone(),
            });
        }
        i += run;
    }
    out
}

fn closes_first(token: &Token) -> bool {
    matches!(token.text, ")" | "]" | "}")
}

fn closes(open: char, close: char) -> bool {
    matches!((open, close), ('(', ')') | ('[', ']') | ('{', '}'))
}

fn first_char(text: &str) -> char {
    text.chars().next().unwrap_or(' ')
}

impl Words<'_> {
    /// Whether one space goes between `a` and `b` on a line. `a_set`,
    /// `b_set`: whether a brace among them is a set's; `a_sign`: whether `a`
    /// is a `-` that is a sign.
    fn spaced(&self, a: &Token, a_set: bool, b: &Token, b_set: bool, a_sign: bool) -> bool {
        if b.kind == Kind::Comment {
            return true;
        }
        match (a.text, b.text) {
            ("(" | "[", _) => false,
            (_, ")" | "]" | "," | ";" | ":") => false,
            ("{", _) => !a_set,
            (_, "}") => !b_set,
            // `h[1]` and `T[1]` hug the name; a list `[3, 1]` is spaced.
            (_, "[") => !self.calls(a),
            (".", _) | (_, ".") | (_, "..") => false,
            ("..", _) => match b.kind {
                Kind::Word => self.keyword(b),
                Kind::Number => false,
                _ => b.text == "{",
            },
            (_, "(") => !self.calls(a),
            // Two signs apart, or `- -` would be read back as the edge `--`.
            ("-", "-" | "--" | "->" | "-=") => true,
            ("-", _) => !a_sign,
            _ => true,
        }
    }
}

/// Blank lines: runs become one, and none at the start or end of the file,
/// after a line that opens a bracket or before one that closes it.
fn tidy(lines: Vec<String>) -> String {
    let mut kept: Vec<String> = Vec::with_capacity(lines.len());
    for line in lines {
        let blank = line.is_empty();
        let after_open = kept
            .last()
            .is_none_or(|l: &String| l.is_empty() || l.ends_with(['{', '(', '[']));
        if blank && after_open {
            continue;
        }
        if !blank
            && line.trim_start().starts_with(['}', ')', ']'])
            && kept.last().is_some_and(String::is_empty)
        {
            kept.pop();
        }
        kept.push(line);
    }
    while kept.last().is_some_and(String::is_empty) {
        kept.pop();
    }
    let mut text = kept.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_spaced_and_indented() {
        let text = "game   bash ( m=3 ){\n  heaps 1\n take 1 .. m where k!=-1\n}\nanalyze bash( m = 4 )at(21)\n";
        assert_eq!(
            format(text).expect("formats"),
            "game bash(m = 3) {\n    heaps 1\n    take 1..m where k != -1\n}\nanalyze bash(m = 4) at (21)\n"
        );
    }

    #[test]
    fn lists_are_spaced_and_their_items_hug_the_name() {
        assert_eq!(
            format("game g(T=[3,1]) { heaps 1; take k where k<=T [1]+len ( T ) }\n").unwrap(),
            "game g(T = [3, 1]) { heaps 1; take k where k <= T[1] + len(T) }\n"
        );
    }

    #[test]
    fn sets_hug_their_braces_and_blocks_do_not() {
        let text = "game s(S = { 1,2 }) {heaps 1; take {1, 3}}\n";
        assert_eq!(
            format(text).expect("formats"),
            "game s(S = {1, 2}) { heaps 1; take {1, 3} }\n"
        );
    }

    #[test]
    fn a_sign_lexed_with_a_value_s_own_minus_keeps_the_value() {
        // `--` is one token (a graph's edge); here a sign, then `-2`.
        for (text, laid) in [
            ("compare 1 to --2\n", "compare 1 to --2\n"),
            ("compare cool(1,1) to - -2\n", "compare cool(1, 1) to --2\n"),
            ("analyze 1 --1/2\n", "analyze 1 - -1/2\n"),
        ] {
            assert_eq!(format(text).as_deref(), Ok(laid), "{text:?}");
            assert_eq!(format(laid).as_deref(), Ok(laid), "{laid:?}");
        }
    }

    #[test]
    fn blank_lines_collapse() {
        let text = "\n\ngame a {\n\n    heaps 1\n\n\n    take 1..\n\n}\n\n\n\nanalyze a at 3\n\n";
        assert_eq!(
            format(text).expect("formats"),
            "game a {\n    heaps 1\n\n    take 1..\n}\n\nanalyze a at 3\n"
        );
    }
}
