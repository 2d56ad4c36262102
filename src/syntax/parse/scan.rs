//! Reading the raw text around a parse: blanks, tokens, keywords, lines.
//! Recovery uses it to find where the next item starts; error messages use it
//! to name what was found and the keyword before it.

/// Skips spaces, line breaks, `;` and comments from `pos`.
pub(super) fn skip_blank(src: &str, mut pos: usize) -> usize {
    loop {
        let rest = &src[pos..];
        if rest.starts_with("//") {
            pos += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(c) = rest
            .chars()
            .next()
            .filter(|c| matches!(c, ' ' | '\t' | '\r' | '\n' | ';' | '\u{feff}'))
        {
            pos += c.len_utf8();
        } else {
            return pos;
        }
    }
}

/// The token at `pos`: a word, a number, a two-character operator, or one
/// character. Empty at the end of the text.
pub(super) fn token_at(src: &str, pos: usize) -> &str {
    let rest = &src[pos..];
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    match rest.chars().next() {
        None => "",
        Some(c) if is_word(c) => {
            let len = rest.find(|c: char| !is_word(c)).unwrap_or(rest.len());
            &rest[..len]
        }
        Some(c) => {
            for op in ["..", "<=", ">=", "==", "!=", "\r\n"] {
                if rest.starts_with(op) {
                    return &rest[..op.len()];
                }
            }
            &rest[..c.len_utf8()]
        }
    }
}

/// The words an item of a file starts with.
pub(super) const ITEM_WORDS: [&str; 3] = ["game", "analyze", "compare"];

/// The start of the first line after the one holding `pos` that starts, after
/// spaces, with an item's word (`ITEM_WORDS`); the end of `src` if there is
/// none.
pub(super) fn next_item_line(src: &str, pos: usize) -> usize {
    let mut line_start = match src[pos..].find('\n') {
        Some(i) => pos + i + 1,
        None => return src.len(),
    };
    while line_start < src.len() {
        let first = line_start
            + (src[line_start..].len() - src[line_start..].trim_start_matches([' ', '\t']).len());
        if ITEM_WORDS.contains(&token_at(src, first)) {
            return first;
        }
        line_start = match src[line_start..].find('\n') {
            Some(i) => line_start + i + 1,
            None => return src.len(),
        };
    }
    src.len()
}

/// The `{` that opens the body of the game whose definition starts at
/// `start`: the first outside the parameters' parentheses (whose set values
/// have braces of their own), before `limit`.
pub(super) fn body_open(src: &str, start: usize, limit: usize) -> Option<usize> {
    let mut parens = 0usize;
    let mut i = start;
    let bytes = src.as_bytes();
    while i < limit {
        match bytes[i] {
            b'/' if src[i..].starts_with("//") => i = line_end(src, i, limit),
            b'(' => parens += 1,
            b')' => parens = parens.saturating_sub(1),
            b'{' if parens == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Where the statement that holds `pos` ends, in a game's body read from
/// `from`, a place between statements: the first `;` or line break at or
/// after `pos` outside the brackets opened since `from`, or the body's
/// closing `}`, or `limit`. Comments are skipped, with the brackets in them;
/// a stray `)` or `]` closes nothing.
pub(super) fn statement_end(src: &str, from: usize, pos: usize, limit: usize) -> usize {
    let mut depth = 0usize;
    let mut i = from;
    let bytes = src.as_bytes();
    while i < limit {
        match bytes[i] {
            b'/' if src[i..].starts_with("//") => {
                i = line_end(src, i, limit);
                continue;
            }
            b'{' | b'(' | b'[' => depth += 1,
            b'}' if depth == 0 => return i,
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            b';' | b'\n' if depth == 0 && i >= pos => return i,
            _ => {}
        }
        i += 1;
    }
    limit
}

/// The line break ending the line that holds `pos`, or `limit`.
fn line_end(src: &str, pos: usize, limit: usize) -> usize {
    src[pos..limit].find('\n').map_or(limit, |i| pos + i)
}

pub(super) fn is_keyword(word: &str) -> bool {
    crate::syntax::lex::KEYWORDS.contains(&word)
}

/// Whether `word` cannot be a name.
pub(super) fn is_reserved(word: &str) -> bool {
    crate::syntax::lex::RESERVED.contains(&word)
}

/// The keyword just before `pos` on its line, if any.
pub(super) fn keyword_before(src: &str, pos: usize) -> Option<&str> {
    let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    let before = src[line_start..pos].trim_end_matches([' ', '\t']);
    let start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let word = &before[start..];
    is_keyword(word).then_some(word)
}

/// The line number (1-based) of byte `pos`.
pub(super) fn line_of(src: &str, pos: usize) -> usize {
    src[..pos].matches('\n').count() + 1
}
