//! Syntax errors as data: what the parser wanted, what it found, where, and
//! which common mistake it looks like. The message, label and help are
//! derived from those facts.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceSpan};

use crate::source::{Located, Source};

/// A syntax error in a `.game` file or in a value given from outside it (a
/// position, `NAME=VALUE`). The span is a byte range into the text parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxError {
    /// The parser wanted something else than what it found.
    Unexpected(Box<Unexpected>),
    /// A word other than `game`, `analyze` or `compare` where an item starts.
    NotAnItem {
        /// The word as written.
        word: String,
        /// Where it is written.
        span: SourceSpan,
    },
    /// Nested deeper than the reader goes.
    TooDeep {
        /// What is nested, and how deep it may go.
        nesting: Nesting,
        /// Where it is written.
        span: SourceSpan,
    },
    /// `a < b < c`: `op` would compare the result of a comparison.
    ChainedComparison {
        /// The comparison, as written.
        op: String,
        /// Where it is written.
        span: SourceSpan,
    },
    /// `split into 3 heaps`: only splits into two are supported.
    SplitCount {
        /// Where it is written.
        span: SourceSpan,
    },
    /// `unequal unequal`: a split's option given twice.
    FlagTwice {
        /// The option, as written.
        flag: String,
        /// Where it is written.
        span: SourceSpan,
    },
    /// A number with more digits than are read (reading one is quadratic
    /// in its digits).
    NumberTooLong {
        /// How many digits.
        digits: usize,
        /// The limit it passed.
        limit: usize,
        /// Where it is written.
        span: SourceSpan,
    },
    /// A graph whose vertices are numbers and words both.
    MixedVertices {
        /// Where it is written.
        span: SourceSpan,
    },
    /// Coins showing heads, some of them pairs `(x, y)` and some single.
    MixedHeads {
        /// Where it is written.
        span: SourceSpan,
    },
    /// A colour on an arc of a graph parameter (colours belong to the
    /// edges of a Hackenbush position).
    ColouredArc {
        /// Where the colour is written.
        span: SourceSpan,
    },
}

/// The parser wanted one of `expected` (by the names the grammar's rules
/// are shown with: "a number", "`}`") and found something else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unexpected {
    /// What the parser wanted, as the grammar's rules are named in messages.
    pub expected: Vec<&'static str>,
    /// What it found instead.
    pub found: Found,
    /// The keyword just before, when there is one: "after `take`".
    pub after: Option<String>,
    /// The common mistake this looks like, if any.
    pub hint: Option<Hint>,
    /// Where it is written.
    pub span: SourceSpan,
}

/// What the parser found where it wanted something else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A token, as written.
    Token(String),
    /// The end of a line.
    LineEnd,
    /// The end of the text.
    End(Context),
}

/// What was being parsed, for wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// A `.game` file.
    File,
    /// A value given from outside a file.
    Text,
}

/// What is nested too deeply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nesting {
    /// Parentheses or operators in a row, past `limit`.
    Expression {
        /// The limit it passed.
        limit: usize,
    },
    /// Move blocks inside blocks, past `limit`.
    Blocks {
        /// The limit it passed.
        limit: usize,
    },
    /// Operators, in one expression and those around it, past `limit`:
    /// the depth of the expression's tree.
    Operators {
        /// The limit it passed.
        limit: usize,
    },
    /// The parser's own limit, in its words.
    Parser {
        /// What the parser says.
        message: String,
    },
}

/// The common mistakes a syntax error may be, each with its help line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A game's body is not closed; `opened` is the line of its `{`.
    CloseBody {
        /// The game, by its title.
        game: String,
        /// The line of its `{`, where known.
        opened: Option<usize>,
    },
    /// A set not closed with `}`.
    CloseSet,
    /// A `(` not closed with `)`.
    CloseParen,
    /// A `[` not closed with `]`.
    CloseBracket,
    /// A keyword where a name belongs.
    Keyword {
        /// The word as written.
        word: String,
    },
    /// A word close to the keyword that would start a statement here.
    Misspelt {
        /// The keyword it looks like.
        meant: String,
    },
    /// Something that is not a statement in a game's body.
    BodyStatement,
    /// `move` without its name.
    MoveName,
    /// An assignment other than `=`, `+=` or `-=`.
    AssignOp,
    /// Something that is not a statement of a move block.
    BlockStatement,
    /// `heaps` without a number or `*`.
    HeapCount,
    /// Amounts missing after `shift` (`true`) or `take`.
    Amounts {
        /// After `shift` (else `take`).
        shift: bool,
    },
    /// `from` without the heaps it takes from.
    FromTarget,
    /// A negative heap in a position.
    NegativeHeap,
    /// `=` where `==` compares.
    SingleEquals,
    /// A position not written as one: `7`, `(3, 5)`, `{1, 5}`, `graph { ... }`.
    PositionForm,
    /// A parameter without its value, in a file or as `NAME=VALUE`.
    ParameterValue(Context),
    /// `1...3` or `1.3`.
    RangeDots,
    /// `analyze nim at 3, 4, 5`: heaps without their parentheses.
    PositionList,
    /// `||`, `&&` or `!` where gamelang writes a word.
    Operator {
        /// As written.
        written: &'static str,
        /// gamelang's word.
        meant: &'static str,
    },
    /// `take 1..3 or 5`: amounts joined by `or`.
    AmountsOr,
    /// `take k if ...`: a condition on the amount after `if`.
    WhereNotIf,
    /// `Left move ...`: a player's word in capitals.
    SideInCapitals,
}

impl SyntaxError {
    /// Where the error is.
    pub fn span(&self) -> SourceSpan {
        match self {
            SyntaxError::Unexpected(unexpected) => unexpected.span,
            SyntaxError::NotAnItem { span, .. }
            | SyntaxError::TooDeep { span, .. }
            | SyntaxError::ChainedComparison { span, .. }
            | SyntaxError::SplitCount { span }
            | SyntaxError::FlagTwice { span, .. }
            | SyntaxError::NumberTooLong { span, .. }
            | SyntaxError::MixedVertices { span }
            | SyntaxError::MixedHeads { span }
            | SyntaxError::ColouredArc { span } => *span,
        }
    }

    /// The same error at another span (where it can be shown).
    pub fn at(mut self, to: SourceSpan) -> Self {
        match &mut self {
            SyntaxError::Unexpected(unexpected) => unexpected.span = to,
            SyntaxError::NotAnItem { span, .. }
            | SyntaxError::TooDeep { span, .. }
            | SyntaxError::ChainedComparison { span, .. }
            | SyntaxError::SplitCount { span }
            | SyntaxError::FlagTwice { span, .. }
            | SyntaxError::NumberTooLong { span, .. }
            | SyntaxError::MixedVertices { span }
            | SyntaxError::MixedHeads { span }
            | SyntaxError::ColouredArc { span } => *span = to,
        }
        self
    }

    /// The whole message: `I was expecting ...`.
    pub fn message(&self) -> String {
        self.to_string()
    }

    /// The short note shown at the span: `unexpected \`foo\``.
    pub fn label(&self) -> String {
        match self {
            SyntaxError::Unexpected(unexpected) => match &unexpected.found {
                Found::Token(token) => format!("unexpected `{}`", shown(token)),
                Found::LineEnd => "the line ends here".to_string(),
                Found::End(Context::File) => "the file ends here".to_string(),
                Found::End(Context::Text) => "the text ends here".to_string(),
            },
            SyntaxError::NotAnItem { word, .. } => format!("unexpected `{word}`"),
            SyntaxError::TooDeep { .. } => "too deep".to_string(),
            SyntaxError::ChainedComparison { op, .. } => {
                format!("`{op}` would compare the result of another comparison")
            }
            SyntaxError::SplitCount { .. } => "only 2 is supported here".to_string(),
            SyntaxError::FlagTwice { .. } => "written again here".to_string(),
            SyntaxError::NumberTooLong { digits, .. } => format!("{digits} digits"),
            SyntaxError::MixedVertices { .. } => "numbers and words".to_string(),
            SyntaxError::MixedHeads { .. } => "pairs and single coins".to_string(),
            SyntaxError::ColouredArc { .. } => "a colour".to_string(),
        }
    }

    /// What might fix it, when it can be told.
    pub fn help(&self) -> Option<String> {
        Some(match self {
            SyntaxError::Unexpected(unexpected) => return unexpected.hint.as_ref().map(Hint::text),
            SyntaxError::NotAnItem { word, .. } => match word.as_str() {
                "heaps" | "position" | "play" | "take" | "shift" | "split" | "empty" | "octal"
                | "hex" | "move" | "where" => format!(
                    "`{word}` belongs inside a game's body: `game NAME {{ ... }}`; is a `}}` above this line too early?"
                ),
                "}" => "this `}` does not close anything; is there one too many?".to_string(),
                _ => "a file has games (`game NAME { ... }`) and `analyze` statements (`analyze NAME at 10`)"
                    .to_string(),
            },
            SyntaxError::TooDeep { nesting, .. } => match nesting {
                Nesting::Expression { limit } => format!(
                    "write it with fewer than {limit} levels of parentheses or operators in a row"
                ),
                Nesting::Blocks { limit } => format!("nest fewer than {limit} blocks"),
                Nesting::Operators { limit } => format!(
                    "write it with fewer than {limit} operators, counting those of the expressions around it"
                ),
                Nesting::Parser { message } => format!(
                    "write it with fewer levels of parentheses or braces ({message})"
                ),
            },
            SyntaxError::ChainedComparison { .. } => {
                "combine comparisons with `and`, as in `1 <= k and k <= 3`, or add parentheses"
                    .to_string()
            }
            SyntaxError::SplitCount { .. } => "write `into 2 heaps`".to_string(),
            SyntaxError::FlagTwice { .. } => "remove one of them".to_string(),
            SyntaxError::NumberTooLong { limit, .. } => {
                format!("write numbers of at most {limit} digits")
            }
            SyntaxError::MixedVertices { .. } => {
                "name every vertex by a number, or every one by a word".to_string()
            }
            SyntaxError::MixedHeads { .. } => {
                "a product's coins are pairs, `{(1, 2), (3, 4)}`; another game's are single coins, `{1, 3}`".to_string()
            }
            SyntaxError::ColouredArc { .. } => {
                "leave the colour out: colours belong to positions, to the edges of Hackenbush (`analyze G at graph { 0 -- 1 blue }`) and the vertices of Snort and Col (`graph { 1 -- 2, 1 blue }`)".to_string()
            }
        })
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxError::Unexpected(unexpected) => {
                match (unexpected.expected.as_slice(), &unexpected.found) {
                    ([], Found::End(_)) => f.write_str("I didn't expect the text to end here"),
                    ([], Found::Token(token)) => {
                        write!(f, "I didn't expect `{}` here", shown(token))
                    }
                    ([], Found::LineEnd) => f.write_str("I didn't expect the line to end here"),
                    (expected, _) => {
                        write!(f, "I was expecting {}", or_list(expected))?;
                        match &unexpected.after {
                            Some(word) => write!(f, " after `{word}`"),
                            None => Ok(()),
                        }
                    }
                }
            }
            SyntaxError::NotAnItem { .. } => {
                f.write_str("I was expecting `game`, `analyze` or `compare`")
            }
            SyntaxError::TooDeep { nesting, .. } => f.write_str(match nesting {
                Nesting::Expression { .. } => "this expression is nested too deeply",
                Nesting::Blocks { .. } => "these blocks are nested too deeply",
                Nesting::Operators { .. } => "this expression has too many operators",
                Nesting::Parser { .. } => "this is nested too deeply for me to read",
            }),
            SyntaxError::ChainedComparison { .. } => f.write_str("comparisons can't be chained"),
            SyntaxError::SplitCount { .. } => f.write_str("a heap can only be split into 2 heaps"),
            SyntaxError::FlagTwice { flag, .. } => write!(f, "`{flag}` is written twice"),
            SyntaxError::NumberTooLong { .. } => f.write_str("this number is too long to read"),
            SyntaxError::MixedVertices { .. } => {
                f.write_str("a graph names its vertices by numbers or by words, not both")
            }
            SyntaxError::MixedHeads { .. } => {
                f.write_str("coins showing heads are all pairs or all single coins, not both")
            }
            SyntaxError::ColouredArc { .. } => {
                f.write_str("the arcs of a graph parameter have no colour")
            }
        }
    }
}

impl std::error::Error for SyntaxError {}

/// A token as a message shows it: characters that cannot be seen (controls,
/// spaces other than the space, zero-width marks) by their code point,
/// `U+00A0`, and a token too long to quote shortened to its ends.
pub fn shown(token: &str) -> String {
    const LONGEST: usize = 40;
    let invisible = |c: char| {
        c.is_control()
            || (c.is_whitespace() && c != ' ')
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}' | '\u{FEFF}')
    };
    let named = |c: char| {
        if invisible(c) {
            format!("U+{:04X}", u32::from(c))
        } else {
            c.to_string()
        }
    };
    let chars: Vec<char> = token.chars().collect();
    if chars.len() <= LONGEST {
        return chars.into_iter().map(named).collect();
    }
    let head: String = chars[..20].iter().copied().map(named).collect();
    let tail: String = chars[chars.len() - 10..]
        .iter()
        .copied()
        .map(named)
        .collect();
    format!("{head}…{tail} ({} characters)", chars.len())
}

impl Diagnostic for SyntaxError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("gamelang::syntax"))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        SyntaxError::help(self).map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            LabeledSpan::new_primary_with_span(Some(self.label()), self.span()),
        )))
    }
}

impl Hint {
    fn text(&self) -> String {
        match self {
            Hint::CloseBody { game, opened } => {
                let opened = opened
                    .map(|line| format!(" (it opens on line {line})"))
                    .unwrap_or_default();
                format!("add a `}}` to end the body of game `{game}`{opened}")
            }
            Hint::CloseSet => "add a `}` to end the set".to_string(),
            Hint::CloseParen => "add a `)` to close the `(`".to_string(),
            Hint::CloseBracket => "add a `]` to end `h[...]`".to_string(),
            Hint::Keyword { word } => format!("`{word}` is a reserved word, so it can't be used as a name"),
            Hint::Misspelt { meant } => format!("did you mean `{meant}`?"),
            Hint::BodyStatement => "a game's body has `heaps` (or `position`), `play`, rules starting with `take`, `shift`, `split`, `empty`, `octal` or `hex`, and `move NAME { ... }` blocks".to_string(),
            Hint::MoveName => {
                "name the move, like `move bite { ... }`: its name labels the moves it makes"
                    .to_string()
            }
            Hint::AssignOp => {
                "change a heap or a named part with `=`, `+=` or `-=`, like `h[i] -= k`".to_string()
            }
            Hint::BlockStatement => "a move block has `choose x in A..B`, `require COND`, `let x = EXPR`, assignments like `h[i] -= k`, `for`, `if`, `append` and `remove`".to_string(),
            Hint::HeapCount => {
                "write `heaps 2` for games on exactly two heaps, or `heaps *` for any number of heaps"
                    .to_string()
            }
            Hint::Amounts { shift: true } => {
                "for example `shift 1.. to the previous heap` or `shift {1, 2} to the previous heap`"
                    .to_string()
            }
            Hint::Amounts { shift: false } => {
                "for example `take 1..3`, `take 1..`, `take {1, 3, 4}` or `take k where k is square`"
                    .to_string()
            }
            Hint::FromTarget => {
                "for example `from both heaps`, `from 2 heaps`, `from up to 3 heaps` or `from one heap`"
                    .to_string()
            }
            Hint::NegativeHeap => {
                "a position lists heap sizes, which can't be negative".to_string()
            }
            Hint::SingleEquals => "to compare two values, write `==`".to_string(),
            Hint::PositionForm => {
                "a position is a number, like `21`, or numbers in parentheses, like `(3, 5)`"
                    .to_string()
            }
            Hint::ParameterValue(Context::Text) => {
                "write it as `NAME=VALUE`, like `m=10` or `S={1,2}`".to_string()
            }
            Hint::ParameterValue(Context::File) => {
                "write a parameter with its value, like `m = 3`".to_string()
            }
            Hint::RangeDots => "a range has two dots: `1..3`, or `1..` for no upper bound".to_string(),
            Hint::PositionList => "a position of several heaps is written in parentheses, like `(3, 4, 5)`; to ask about several positions, list them in brackets, like `[3, 4, 5]`".to_string(),
            Hint::Operator { written, meant } => {
                format!("write `{meant}` for `{written}`: conditions join with the words `and`, `or` and `not`")
            }
            Hint::AmountsOr => "amounts are a range or a set, like `take {1, 2, 3, 5}`, or a condition, like `take k where k <= 3 or k == 5`".to_string(),
            Hint::WhereNotIf => "a condition on the amount follows `where`, like `take k where k % 2 == 1`".to_string(),
            Hint::SideInCapitals => "a rule of one player's begins with `left` or `right`, in lower case: `left move up { ... }`".to_string(),
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

impl SyntaxError {
    /// The error placed in the source it was found in. A span where the
    /// text ends too early is moved where it can be shown: miette shows no
    /// span past the text's last line. After trailing blank lines or a final
    /// line break, the end of the last line that has text takes its place; a
    /// text without a final line break (`--at "(1,"`) is shown with one
    /// added.
    pub fn located(self, source: &Source) -> Located<SyntaxError> {
        let text = source.text();
        let end = text.trim_end().len();
        let span = self.span();
        let (span, text) = if !span.is_empty() || span.offset() < end {
            (span, source.clone())
        } else if end < text.len() {
            ((end, 0).into(), source.clone())
        } else {
            (span, Source::new(source.name(), format!("{text}\n")))
        };
        Located {
            error: self.at(span),
            text,
        }
    }
}
