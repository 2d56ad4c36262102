//! The tokens of a `.game` file as its layout and its highlighting see
//! them: words, numbers, punctuation, comments and line breaks, each with
//! its place. The parser reads the grammar (`grammar/gamelang.pest`); this
//! is only for what sits between and around its tokens.

/// Every keyword of the language (`grammar/gamelang.pest`, `keyword` and
/// the words of ends and compounds).
pub const KEYWORDS: &[&str] = &[
    "nondecreasing",
    "nonincreasing",
    "nonempty",
    "position",
    "previous",
    "analyze",
    "compare",
    "divides",
    "require",
    "unequal",
    "becomes",
    "again",
    "product",
    "along",
    "hackenbush",
    "green",
    "blue",
    "kayles",
    "node",
    "snort",
    "col",
    "graph",
    "board",
    "slide",
    "append",
    "choose",
    "misere",
    "misère",
    "normal",
    "remove",
    "square",
    "coins",
    "empty",
    "heaps",
    "octal",
    "other",
    "prime",
    "shift",
    "split",
    "where",
    "both",
    "each",
    "else",
    "even",
    "from",
    "game",
    "heap",
    "turn",
    "coin",
    "into",
    "move",
    "play",
    "rest",
    "take",
    "and",
    "arc",
    "red",
    "for",
    "hex",
    "len",
    "let",
    "max",
    "min",
    "not",
    "odd",
    "one",
    "the",
    "at",
    "if",
    "in",
    "is",
    "or",
    "to",
    "up",
    "when",
    "win",
    "lose",
    "draw",
    "two",
    "says",
    "left",
    "right",
];

/// The words that cannot be names: the grammar's `keyword` (operators and
/// atoms of expressions, the words that may follow an expression or a
/// range in a rule, and those that begin an item). Every other keyword is
/// a word of the language only where the grammar expects it, and a name
/// elsewhere.
pub const RESERVED: &[&str] = &[
    "nondecreasing",
    "nonincreasing",
    "analyze",
    "compare",
    "divides",
    "where",
    "each",
    "from",
    "game",
    "and",
    "len",
    "max",
    "min",
    "not",
    "at",
    "in",
    "is",
    "or",
    "to",
];

/// For each of `tokens`, whether it is a word of the language where it
/// stands, rather than a name: a reserved word anywhere; another keyword
/// first in its statement (first on a line that does not go on with the
/// line before, or after `;`, `{`, `}` or a label's `:`); `when` after
/// `win`, `lose` or `draw`; `if` after `else`; `coins` or `coin` after the
/// `..` of a `turn`. (`position (stones, turn)`: `turn` is a name.)
pub fn keywords_in(tokens: &[Token]) -> Vec<bool> {
    let mut out: Vec<bool> = Vec::with_capacity(tokens.len());
    // The last two tokens that are no comment (by index), the first word
    // of the statement under way, and the `(` and `[` open.
    let (mut last, mut before_last): (Option<usize>, Option<usize>) = (None, None);
    let mut first_word: Option<&str> = None;
    let mut open = 0usize;
    for (i, token) in tokens.iter().enumerate() {
        let starts = match last.map(|l| &tokens[l]) {
            None => true,
            Some(t) if t.kind == Kind::Newline => true,
            Some(t) => matches!(t.text, ";" | "{" | "}" | ":"),
        };
        let keyword = token.kind == Kind::Word
            && (RESERVED.contains(&token.text)
                || (KEYWORDS.contains(&token.text) && starts)
                || match (last.map(|l| tokens[l].text), token.text) {
                    (Some("win" | "lose" | "draw"), "when") | (Some("else"), "if") => true,
                    (Some(".."), "coins" | "coin") => first_word == Some("turn"),
                    _ => false,
                });
        out.push(keyword);
        if starts && !matches!(token.kind, Kind::Newline | Kind::Comment) {
            first_word = (token.kind == Kind::Word).then_some(token.text);
        }
        match token.text {
            "(" | "[" => open += 1,
            ")" | "]" => open = open.saturating_sub(1),
            _ => {}
        }
        let binary = before_last.is_some_and(|b| ends_value(&tokens[b], out[b]));
        match token.kind {
            Kind::Comment => {}
            // A line break inside a statement that goes on (after `+`,
            // `,`, `and`, inside brackets, ...) is no boundary.
            Kind::Newline if open > 0 || last.is_some_and(|l| goes_on(&tokens[l], binary)) => {}
            _ => (before_last, last) = (last, Some(i)),
        }
    }
    out
}

/// Whether a token ends a value, so that a `-` after it subtracts; `word`:
/// whether a word there stands as a word of the language (`keywords_in`),
/// which ends none.
pub fn ends_value(token: &Token, word: bool) -> bool {
    match token.kind {
        Kind::Number | Kind::Text => true,
        Kind::Word => !word,
        Kind::Punct => matches!(token.text, ")" | "]" | "}"),
        Kind::Comment | Kind::Newline => false,
    }
}

/// Whether a statement goes on past a line break after `token`; `binary`:
/// whether a value comes before it (`heaps *` ends a statement).
pub fn goes_on(token: &Token, binary: bool) -> bool {
    match token.kind {
        Kind::Punct if matches!(token.text, "+" | "-" | "*") => binary,
        Kind::Punct => matches!(
            token.text,
            "/" | "%" | "," | "=" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+=" | "-="
        ),
        Kind::Word => matches!(token.text, "and" | "or" | "divides"),
        _ => false,
    }
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name or a keyword: `bash`, `take`, `misère`.
    Word,
    /// A number, or an octal or hex code: `21`, `0.77`, `8.0`.
    Number,
    /// An operator or a bracket: `..`, `+=`, `{`.
    Punct,
    /// `// ...`, without the space that ends its line.
    Comment,
    /// A line break.
    Newline,
    /// Words in quotes, kept as written: `"take {k}"`, a board `"..|.."`, a
    /// character `'#'` (to the closing quote, or the end of the line).
    Text,
}

/// A token: its kind, its text and its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// What it is.
    pub kind: Kind,
    /// Its text.
    pub text: &'a str,
    /// Where it starts: a byte offset into the text.
    pub start: usize,
}

/// The tokens of `text`, comments and line breaks among them; everything
/// else between tokens is space.
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    // The end of the run of characters from `at` that `keep` takes.
    let run = |at: usize, keep: &dyn Fn(char) -> bool| {
        text[at..]
            .char_indices()
            .find(|&(_, c)| !keep(c))
            .map_or(text.len(), |(i, _)| at + i)
    };
    // A line ends as the grammar's `NEWLINE` ends one: at "\n", "\r\n" or
    // a lone "\r".
    let breaks = |c: char| c == '\n' || c == '\r';
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        let rest = &text[at..];
        let (kind, end) = if rest.starts_with("\r\n") {
            (Kind::Newline, at + 2)
        } else if breaks(c) {
            (Kind::Newline, at + 1)
        } else if c.is_whitespace() {
            at += c.len_utf8();
            continue;
        } else if rest.starts_with("//") {
            // A comment, but for the space that ends its line.
            // A comment runs to "\n", as the parser's scan of a file's
            // lines reads it (a lone "\r" inside stays in the comment).
            let end = run(at, &|c| c != '\n');
            (Kind::Comment, at + text[at..end].trim_end().len())
        } else if c == '"' {
            let end = run(at + 1, &|c| c != '"' && !breaks(c));
            let closed = text[end..].starts_with('"');
            (Kind::Text, if closed { end + 1 } else { end })
        } else if c == '\'' {
            // A character, `'#'` (to the closing quote, or the line's end).
            let end = run(at + 1, &|c| c != '\'' && !breaks(c));
            let closed = text[end..].starts_with('\'');
            (Kind::Text, if closed { end + 1 } else { end })
        } else if c.is_alphabetic() || c == '_' {
            (Kind::Word, run(at, &|c| c.is_alphanumeric() || c == '_'))
        } else if c.is_ascii_digit() {
            let end = run(at, &|c| c.is_ascii_digit());
            // An octal or hex code: `0.77`, `8.0`, `0.f7` (not `1..m`).
            let after = &text[end..];
            let code = after.starts_with('.')
                && after[1..].starts_with(|c: char| c.is_ascii_alphanumeric());
            match code {
                true => (Kind::Number, run(end + 1, &|c| c.is_ascii_alphanumeric())),
                false => (Kind::Number, end),
            }
        } else {
            let two = ["..", "==", "!=", "<=", ">=", "+=", "-=", "->", "--"];
            let len = match two.iter().any(|t| rest.starts_with(t)) {
                true => 2,
                false => c.len_utf8(),
            };
            (Kind::Punct, at + len)
        };
        out.push(Token {
            kind,
            text: &text[at..end],
            start: at,
        });
        at = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<&str> {
        tokens(text).iter().map(|t| t.text).collect()
    }

    #[test]
    fn codes_ranges_and_operators_are_single_tokens() {
        assert_eq!(texts("octal 0.77"), ["octal", "0.77"]);
        assert_eq!(texts("hex 8.0f"), ["hex", "8.0f"]);
        assert_eq!(texts("take 1..m"), ["take", "1", "..", "m"]);
        assert_eq!(texts("h[1]-=k"), ["h", "[", "1", "]", "-=", "k"]);
        assert_eq!(texts("play misère // end  "), ["play", "misère", "// end"]);
        assert_eq!(
            texts("b[r, c] = '#'"),
            ["b", "[", "r", ",", "c", "]", "=", "'#'"]
        );
    }
}
