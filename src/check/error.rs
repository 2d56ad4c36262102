//! What checking finds wrong with a file: its syntax errors and its rules'
//! (the stages it runs, wrapped), and names, parameter values, positions.
//! Each variant carries the facts; the code, message, labels and help are
//! derived from them.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceCode, SourceSpan};

use super::lower::RulesError;
use crate::position::{Colour, GraphShape};
use crate::rules::ParamValue;
use crate::rules::expr::EvalError;
use crate::source::{Located, Source, did_you_mean};
use crate::syntax::SyntaxError;

/// What checking a file finds wrong: its syntax errors, its rules' errors, and the check's own.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
pub enum CheckError {
    /// The text does not parse.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(Box<Located<SyntaxError>>),

    /// A game's rules are wrong.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Rules(Box<RulesError>),

    /// The game `{name}` is defined twice.
    #[error("the game `{name}` is defined twice")]
    #[diagnostic(
        code(gamelang::check::duplicate_game),
        help("rename one of the two games")
    )]
    DuplicateGame {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written again.
        #[label(primary, "defined again here")]
        again: SourceSpan,
        /// Where it is first written.
        #[label("first defined here")]
        first: SourceSpan,
    },

    /// There is no game `{name}`.
    #[error("there is no game `{name}`")]
    #[diagnostic(code(gamelang::check::unknown_game), help("{}", did_you_mean(.name, .games, "games")))]
    UnknownGame {
        /// Its name, as written.
        name: String,
        /// The games the file defines.
        games: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("unknown game")]
        span: SourceSpan,
    },

    /// There is no game `{name}` in {file}.
    #[error("there is no game `{name}` in {file}")]
    #[diagnostic(code(gamelang::check::unknown_game), help("{}", did_you_mean(.name, .games, "games")))]
    NoGameNamed {
        /// Its name, as written.
        name: String,
        /// The file, as named.
        file: String,
        /// The games it defines.
        games: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
    },

    /// {file} defines no game.
    #[error("{file} defines no game")]
    #[diagnostic(
        code(gamelang::check::unknown_game),
        help("define one with `game NAME {{ ... }}`")
    )]
    NoGame {
        /// The file, as named.
        file: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
    },

    /// Nothing asks about a position: the file has no `analyze` statement
    /// (about `game`, when given), and none was given from outside it.
    #[error("{file} has no analyze statement{}", of_game(.game))]
    #[diagnostic(
        code(gamelang::check::unknown_game),
        help("add `analyze GAME at POSITION` to the file")
    )]
    NoAnalyzeStatement {
        /// The file, as named.
        file: String,
        /// The game, by its title.
        game: Option<String>,
        /// The file, for its name where the diagnostic is placed.
        #[source_code]
        src: Source,
    },

    /// The file has several games and nothing says which one is meant.
    #[error("{file} defines several games: say which")]
    #[diagnostic(code(gamelang::check::unknown_game), help("the games are {}", quoted(.games)))]
    SeveralGames {
        /// The file, as named.
        file: String,
        /// The games it defines.
        games: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
    },

    /// `{name}` cannot be analyzed: its definition has a syntax error.
    #[error("`{name}` cannot be analyzed: its definition has a syntax error")]
    #[diagnostic(
        code(gamelang::check::unknown_game),
        help("fix the syntax error in `game {name}` first")
    )]
    UnparsedGame {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("defined with a syntax error")]
        span: SourceSpan,
    },

    /// `{game}` is played misère and `{normal}` is not: the games of a sum are played one way.
    #[error(
        "`{game}` is played misère and `{normal}` is not: the games of a sum are played one way"
    )]
    #[diagnostic(
        code(gamelang::check::misere_sum),
        help("make every game of the sum misère (the last move loses), or none")
    )]
    MisereInSum {
        /// The game, by its title.
        game: String,
        /// A game of the sum in normal play.
        normal: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a misère game in a sum with normal ones")]
        span: SourceSpan,
    },

    /// `{game}`'s moves become sums, and a compound's components must each stay one position.
    #[error(
        "`{game}`'s moves become sums, and a compound's components must each stay one position"
    )]
    #[diagnostic(
        code(gamelang::check::compound_of_sums),
        help(
            "in a compound other than the sum (`{word}`), every move is made in named components at once: a component may not become several; analyze it alone or in a sum (`+`)"
        )
    )]
    CompoundOfSums {
        /// The game, by its title.
        game: String,
        /// The compound's word: `every`, `all`, `some`, `any` or `series`.
        word: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("its moves become sums")]
        span: SourceSpan,
    },

    /// A value written as a part of a sum that does not read as one.
    #[error("this is not a value: {message}")]
    #[diagnostic(
        code(gamelang::check::value),
        help(
            "a value is written as CGSuite writes it: a number `3`, `-3/2`; a nimber `*`, `*2`; ups `^`, `v`, `^^*`, `1v3`; powers of up `^<2>`, `v[3]`; a switch `+-1`, `+-{{2|1}}`; `Tiny(2)`, `Miny(2)`; any other game `{{L | R}}`, its options separated by commas (`{{2 | -1/2}}`, `{{1|0||0}}`); sums and differences of these (`2+*`, `1-^`)"
        )
    )]
    Value {
        /// What is wrong.
        message: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A `-` before a part that has no negative here: a scoring game, or
    /// a component of a compound other than the sum.
    #[error("a `-` before {what} is not answered")]
    #[diagnostic(
        code(gamelang::check::negative_not_answered),
        help(
            "`-` adds a game's negative to a sum (Left and Right exchanged); a scoring game's negative would exchange its points too, and a compound other than the sum has no negatives; write the part with `+`, or ask it alone"
        )
    )]
    NegativeNotAnswered {
        /// What the part is: a scoring game, or a part of a compound.
        what: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where the part is written.
        #[label("after `-`")]
        span: SourceSpan,
    },

    /// A game in `compare` that has no order by the outcome of G − H.
    #[error("`{game}` is {play}, and `compare` orders games of normal play")]
    #[diagnostic(
        code(gamelang::check::not_comparable),
        help(
            "`compare G to H` answers by the outcome of G − H in normal play (G ≥ H when Left wins G − H moving second; Siegel, Combinatorial Game Theory, §II.1); misère play and scoring games have no order of that kind: `analyze` each and compare their outcomes"
        )
    )]
    NotComparable {
        /// The game's name.
        game: String,
        /// How it is played: `a scoring game`, `played misère`.
        play: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("compared")]
        span: SourceSpan,
    },

    /// A value written in a compound other than the sum.
    #[error("a value is a part of a sum, and the `{word}` compound takes games at positions only")]
    #[diagnostic(
        code(gamelang::check::value_in_compound),
        help(
            "values add in sums (`+`); in a compound other than the sum every move is made in named games at once"
        )
    )]
    ValueInCompound {
        /// The compound's word: `every`, `all`, `some`, `any` or `series`.
        word: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where the value is written.
        #[label("a value")]
        span: SourceSpan,
    },

    /// Games that become each other, coming back to a game on the way
    /// with other parameter values: the values could change on every
    /// round, and the games never end.
    #[error(
        "{}: a game may come back to a game on its way only with the same parameter values",
        circle_text(.games)
    )]
    #[diagnostic(
        code(gamelang::check::becomes_circle),
        help(
            "come back with the values it had, or make the parameter a part of the position, which moves may change"
        )
    )]
    BecomesCircle {
        /// The games on the way, with their parameter values, the first
        /// again (with other values) at the end.
        games: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("leads back to `{}`", games.last().map(String::as_str).unwrap_or(""))]
        span: SourceSpan,
    },

    /// The parameter `{name}` is declared twice.
    #[error("the parameter `{name}` is declared twice")]
    #[diagnostic(
        code(gamelang::check::duplicate_parameter),
        help("rename or remove one of them")
    )]
    DuplicateParameter {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written again.
        #[label(primary, "declared again here")]
        again: SourceSpan,
        /// Where it is first written.
        #[label("first declared here")]
        first: SourceSpan,
    },

    /// `{name}` is given twice.
    #[error("`{name}` is given twice")]
    #[diagnostic(
        code(gamelang::check::duplicate_parameter),
        help("give each parameter once")
    )]
    ParameterGivenTwice {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written again.
        #[label(primary, "given again here")]
        again: SourceSpan,
        /// Where it is first written.
        #[label("first given here")]
        first: SourceSpan,
    },

    /// `{game}` has no parameter `{name}`.
    #[error("`{game}` has no parameter `{name}`")]
    #[diagnostic(code(gamelang::check::unknown_parameter), help("{}", unknown_parameter_help(.game, .name, .params)))]
    UnknownParameter {
        /// The game, by its title.
        game: String,
        /// Its name, as written.
        name: String,
        /// The game's parameters.
        params: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("unknown parameter")]
        span: SourceSpan,
    },

    /// A value given from outside the file names no parameter of it.
    #[error("no game in this file has a parameter `{name}`")]
    #[diagnostic(code(gamelang::check::unknown_parameter), help("{}", all_params_help(.params)))]
    UnknownOverride {
        /// Its name, as written.
        name: String,
        /// Every parameter of the file, with its game: `(game, parameter)`.
        params: Vec<(String, String)>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("unknown parameter")]
        span: SourceSpan,
    },

    #[error("`{name}` is {}, but this is {found}", .default.kind_of_numbers())]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("give {}, like `{name}{}{default}`", .default.kind(), equals(*.compact))
    )]
    /// A parameter given a value of another kind than its own.
    WrongKind {
        /// Its name, as written.
        name: String,
        /// The parameter's value so far (its default, or an earlier value).
        default: ParamValue,
        /// What was given instead: `a number`, `a set`, `a list`.
        found: &'static str,
        /// Written `NAME=VALUE`, as on a command line, not `NAME = VALUE`.
        compact: bool,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{found}")]
        span: SourceSpan,
    },

    #[error("`{game}` is played on {expected} heap{}, but this position has {found}", plural(*.expected))]
    #[diagnostic(
        code(gamelang::check::heap_count),
        help("give {expected} heap{}, like `{}`", plural(*.expected), example(*.expected))
    )]
    /// A position with another number of heaps than its game is played on.
    HeapCount {
        /// The game, by its title.
        game: String,
        /// How many were expected.
        expected: usize,
        /// How many were found.
        found: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{found} heap{}", plural(*found))]
        span: SourceSpan,
    },

    /// A position of named parts with another number of parts than its
    /// game's.
    #[error("a position of `{game}` has {expected} part{} ({parts}), but this one has {found}", plural(*.expected))]
    #[diagnostic(
        code(gamelang::check::heap_count),
        help("give {expected} number{}, like `{example}`", plural(*.expected))
    )]
    PartCount {
        /// The game, by its title.
        game: String,
        /// Its parts' names, joined by commas.
        parts: String,
        /// A position written by them: `(stones = 1, limit = 2)`.
        example: String,
        /// How many were expected.
        expected: usize,
        /// How many were found.
        found: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{found} part{}", plural(*found))]
        span: SourceSpan,
    },

    /// A position written by part names that are not its game's.
    #[error("{problem}")]
    #[diagnostic(code(gamelang::check::part_names), help("{help}"))]
    PartNames {
        /// What is wrong.
        problem: String,
        /// What to write instead.
        help: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("here")]
        span: SourceSpan,
    },

    /// `{name}` is not a row of coins: a product multiplies two games of coins.
    #[error("`{name}` is not a row of coins: a product multiplies two games of coins")]
    #[diagnostic(
        code(gamelang::check::coins),
        help(
            "name two games that say `coins` and turn coins in a row of them, like `game ruler {{ coins; turn 1.. coins in a row }}`"
        )
    )]
    NotACoinRow {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("not a row of coins")]
        span: SourceSpan,
    },

    /// This is not a position of `{game}`: {problem}.
    #[error("this is not a position of `{game}`: {problem}")]
    #[diagnostic(code(gamelang::check::coins), help("{}", .problem.help()))]
    Heads {
        /// The game, by its title.
        game: String,
        /// What is wrong with it.
        problem: HeadsProblem,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{}", .problem.label())]
        span: SourceSpan,
    },

    /// A range of heap sizes whose low end is past its high end.
    #[error("`{low}..{high}` holds no heap size")]
    #[diagnostic(
        code(gamelang::check::empty_range),
        help("a range runs from its lowest size to its highest, both in: write `{high}..{low}`")
    )]
    EmptyRange {
        /// Its low end, as written.
        low: String,
        /// Its high end, as written.
        high: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("no size is at least {low} and at most {high}")]
        span: SourceSpan,
    },

    /// A list of positions with none in it.
    #[error("`[]` asks no position")]
    #[diagnostic(
        code(gamelang::check::empty_range),
        help("list the positions to ask, like `[(3, 4), 7]`")
    )]
    EmptyList {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("an empty list")]
        span: SourceSpan,
    },

    /// One statement asks more positions than a statement may.
    #[error("this asks {count} positions; one statement may ask at most {max}")]
    #[diagnostic(
        code(gamelang::check::too_many_positions),
        help(
            "ask a smaller box or split it over several statements; `gamelang table` tabulates a game's values over a larger one"
        )
    )]
    TooManyPositions {
        /// How many it asks (all of a sum's combinations).
        count: String,
        /// The most one statement may ask.
        max: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{count} positions")]
        span: SourceSpan,
    },

    /// This position is not a position of `{game}`.
    #[error("this position is not a position of `{game}`")]
    #[diagnostic(
        code(gamelang::check::invariant),
        help("every position of `{game}` satisfies `{invariant}`: give one that does")
    )]
    Invariant {
        /// The game, by its title.
        game: String,
        /// The invariant as written.
        invariant: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("breaks `{invariant}`")]
        span: SourceSpan,
    },

    /// The game's invariant cannot be evaluated here: {reason}.
    #[error("the game's invariant cannot be evaluated here: {reason}")]
    #[diagnostic(
        code(gamelang::eval),
        help("every position of `{game}` satisfies `{invariant}`: give one that does")
    )]
    InvariantUnevaluable {
        /// The game, by its title.
        game: String,
        /// The invariant as written.
        invariant: String,
        /// Why it cannot be evaluated.
        reason: EvalError,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this position")]
        span: SourceSpan,
    },

    /// A mistake in a game's rules that only the parameter values given to
    /// it cause: the defaults are fine.
    #[error(transparent)]
    #[diagnostic(transparent)]
    CausedByValues(CausedByValues),
}

/// A rules error with the parameter values that caused it.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{error}")]
pub struct CausedByValues {
    /// The error.
    pub error: Box<CheckError>,
    /// The values that caused it.
    pub given: Vec<GivenValue>,
}

/// A parameter value given to a game, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenValue {
    /// Its name, as written.
    pub name: String,
    /// The value as written.
    pub value: String,
    /// Who gave it.
    pub by: GivenBy,
    /// Where it was given, when that is in the text the error points into.
    pub span: Option<SourceSpan>,
}

/// Where a parameter value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GivenBy {
    /// An `analyze` statement's arguments.
    AnalyzeStatement,
    /// Outside the file (the command line).
    Outside,
}

impl CausedByValues {
    /// The help, saying where the values were given; `outside` words a value
    /// given from outside the file (the command line names its option).
    pub fn help_with(&self, outside: &str) -> String {
        let values: Vec<String> = self
            .given
            .iter()
            .map(|g| {
                let by = match g.by {
                    GivenBy::AnalyzeStatement => "in the `analyze` statement",
                    GivenBy::Outside => outside,
                };
                format!("`{} = {}` (given {by})", g.name, g.value)
            })
            .collect();
        let names: Vec<String> = self.given.iter().map(|g| format!("`{}`", g.name)).collect();
        format!(
            "the defaults are fine: this comes from {}; give {} another value",
            values.join(" and "),
            names.join(" or ")
        )
    }
}

impl Diagnostic for CausedByValues {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Diagnostic::code(&*self.error)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.help_with("from outside the file")))
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Diagnostic::source_code(&*self.error)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let given = self
            .given
            .iter()
            .filter_map(|g| g.span)
            .map(|span| LabeledSpan::new_with_span(Some("given here".to_string()), span));
        Some(Box::new(
            Diagnostic::labels(&*self.error)
                .into_iter()
                .flatten()
                .chain(given),
        ))
    }
}

fn equals(compact: bool) -> &'static str {
    if compact { "=" } else { " = " }
}

/// What is wrong with a position of coins, or with coins given to a game
/// of heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeadsProblem {
    /// A game of heaps given the heads of coins, `{1, 5}`.
    NotCoins,
    /// A game of coins given heaps, `(1, 5)`.
    NotHeaps,
    /// A coin named twice.
    Twice(num_bigint::BigUint),
    /// A product's coin named twice.
    PairTwice(num_bigint::BigUint, num_bigint::BigUint),
    /// A product given coins of a row, not pairs.
    NotPairs,
    /// A game played on graphs given heaps or coins.
    NotAGraph(GraphShape),
    /// Kayles given a graph with a loop at this vertex.
    Loop(u64),
    /// A graph position with a vertex named by a word.
    WordInAGraph(String),
    /// A vertex named by a word, in a game whose graph has no words.
    NoNamedVertices(String),
    /// A word that names no vertex of the game's graph; a suggestion.
    NotAVertex(String, String),
    /// Numbers for the vertices of a graph named by words (the first).
    Unnamed(String),
    /// A graph given an edge of this colour, where its game's edges have
    /// no colour but green (`green hackenbush`) or none at all (Kayles).
    Colour(Colour, GraphShape),
    /// A graph given a vertex of this colour, where its game's vertices
    /// have no colour (all but Snort and Col) or a tint other than green.
    Tint(Colour, GraphShape),
    /// A game of heaps or coins given a graph.
    AGraph,
    /// A game played on a board given heaps, coins or a graph.
    NotABoard,
    /// A game not played on a board given one.
    ABoard,
    /// A board that is not one: ragged, empty, a character no cell is.
    Board(crate::position::BoardProblem),
    /// A coin before the first, `0` where coins are numbered from 1.
    BeforeFirst(num_bigint::BigUint, u64),
}

impl fmt::Display for HeadsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeadsProblem::NotCoins => write!(f, "it is played on heaps, not coins"),
            HeadsProblem::NotHeaps => write!(f, "it is played on coins, not heaps"),
            HeadsProblem::Twice(coin) => write!(f, "coin {coin} is named twice"),
            HeadsProblem::PairTwice(x, y) => write!(f, "coin ({x}, {y}) is named twice"),
            HeadsProblem::NotPairs => write!(f, "its coins are pairs, a product's"),
            HeadsProblem::NotAGraph(_) => write!(f, "its positions are graphs"),
            HeadsProblem::Loop(_) => write!(f, "its graphs have no loops"),
            HeadsProblem::WordInAGraph(_) => {
                write!(f, "the vertices of a graph it is played on are numbers")
            }
            HeadsProblem::NoNamedVertices(_) => write!(f, "it has no vertices named by words"),
            HeadsProblem::NotAVertex(word, _) => write!(f, "`{word}` is not one of its vertices"),
            HeadsProblem::Unnamed(_) => write!(f, "its vertices are named by words"),
            HeadsProblem::AGraph => write!(f, "it is not played on graphs"),
            HeadsProblem::NotABoard => write!(f, "it is played on a board"),
            HeadsProblem::ABoard => write!(f, "it is not played on a board"),
            HeadsProblem::Board(problem) => write!(f, "{problem}"),
            HeadsProblem::Colour(_, GraphShape::Grounded) => {
                write!(f, "every edge of Green Hackenbush is green")
            }
            HeadsProblem::Colour(..) => write!(f, "the edges of its graphs have no colour"),
            HeadsProblem::Tint(_, GraphShape::Tinted) => {
                write!(f, "a vertex of its graphs is tinted blue or red")
            }
            HeadsProblem::Tint(..) => write!(f, "the vertices of its graphs have no colour"),
            HeadsProblem::BeforeFirst(coin, origin) => {
                write!(f, "coin {coin} is before the first, coin {origin}")
            }
        }
    }
}

impl HeadsProblem {
    fn label(&self) -> String {
        match self {
            HeadsProblem::NotCoins => "the heads of coins".to_string(),
            HeadsProblem::NotHeaps => "heaps".to_string(),
            HeadsProblem::Twice(coin) | HeadsProblem::BeforeFirst(coin, _) => {
                format!("coin {coin}")
            }
            HeadsProblem::PairTwice(x, y) => format!("coin ({x}, {y})"),
            HeadsProblem::NotPairs => "not pairs".to_string(),
            HeadsProblem::NotAGraph(_) => "not a graph".to_string(),
            HeadsProblem::Loop(v) => format!("a loop at vertex {v}"),
            HeadsProblem::WordInAGraph(word)
            | HeadsProblem::NoNamedVertices(word)
            | HeadsProblem::NotAVertex(word, _) => format!("`{word}`"),
            HeadsProblem::Unnamed(_) => "numbers".to_string(),
            HeadsProblem::AGraph => "a graph".to_string(),
            HeadsProblem::NotABoard => "not a board".to_string(),
            HeadsProblem::ABoard => "a board".to_string(),
            HeadsProblem::Board(_) => "this board".to_string(),
            HeadsProblem::Colour(colour, _) => format!("a {} edge", colour.word()),
            HeadsProblem::Tint(colour, _) => format!("a {} vertex", colour.word()),
        }
    }

    fn help(&self) -> String {
        match self {
            HeadsProblem::NotCoins => "give the heaps, like `7` or `(3, 5)`".to_string(),
            HeadsProblem::NotHeaps => {
                "give the coins showing heads, like `{1, 5, 9}` (or one coin, `9`)".to_string()
            }
            HeadsProblem::Twice(_) | HeadsProblem::PairTwice(..) => {
                "name each coin showing heads once".to_string()
            }
            HeadsProblem::NotPairs => {
                "give the coins showing heads as pairs, like `{(1, 2), (3, 5)}`".to_string()
            }
            HeadsProblem::NotAGraph(GraphShape::Grounded) => {
                "give a graph grounded at vertex 0, like `graph { 0 -- 1, 1 -- 2, 1 -- 3 }`"
                    .to_string()
            }
            HeadsProblem::NotAGraph(GraphShape::Coloured) => {
                "give a graph grounded at vertex 0, its edges blue, red or green, like `graph { 0 -- 1 blue, 1 -- 2 red, 1 -- 3 }` (no word: green)"
                    .to_string()
            }
            HeadsProblem::NotAGraph(_) => {
                "give a graph, like `graph { 1 -- 2, 2 -- 3, 4 }` (a vertex without an edge alone)"
                    .to_string()
            }
            HeadsProblem::Loop(v) => {
                format!("leave out `{v} -- {v}`; a vertex without an edge is written alone, `{v}`")
            }
            HeadsProblem::WordInAGraph(_) => {
                "number the vertices, like `graph { 1 -- 2, 2 -- 3 }`".to_string()
            }
            HeadsProblem::NoNamedVertices(_) => {
                "give its positions as numbers; tokens are named by words on a graph parameter of words, like `G = graph { a -> b }`".to_string()
            }
            HeadsProblem::NotAVertex(_, near) => near.clone(),
            HeadsProblem::Unnamed(first) => {
                format!("name the vertices the tokens are on, like `{first}` or `({first}, {first})`")
            }
            HeadsProblem::AGraph => {
                "give heaps, like `7` or `(3, 5)` (a graph is a position of `hackenbush`, `green hackenbush`, `node kayles` and `arc kayles` only)"
                    .to_string()
            }
            HeadsProblem::BeforeFirst(_, origin) => {
                format!("the coins are numbered from {origin}: name coins from {origin} on")
            }
            HeadsProblem::Colour(_, GraphShape::Grounded) => {
                "leave the colour out, or play blue-red-green Hackenbush: a game whose rule is `hackenbush` (Left cuts blue and green edges, Right red and green ones)".to_string()
            }
            HeadsProblem::Colour(_, GraphShape::Tinted) => {
                "leave the colour out: a vertex's tint is written after it alone, like `graph { 1 -- 2, 1 blue }`".to_string()
            }
            HeadsProblem::Colour(..) => "leave the colour out".to_string(),
            HeadsProblem::Tint(_, GraphShape::Tinted) => {
                "write `blue` for a vertex only Left may still colour, `red` for one only Right may, or no colour".to_string()
            }
            HeadsProblem::Tint(..) => {
                "leave the colour out: vertices are tinted only in Snort and Col (`snort`, `col`)".to_string()
            }
            HeadsProblem::NotABoard => {
                "give a board as a quoted string, its rows separated by `|`, like `\"....|....\"`".to_string()
            }
            HeadsProblem::ABoard => {
                "give heaps, like `7` or `(3, 5)`; a board is a position of a game that says `board`".to_string()
            }
            HeadsProblem::Board(_) => {
                "write each row with as many cells, each cell one printable character (`.` empty, `#` removed), rows separated by `|`".to_string()
            }
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A position of `n` heaps: `(1, 2, 3)`; past a handful, shortened to
/// `(1, 2, …, 1000000)` (a count may be as large as the file can say).
fn example(n: usize) -> String {
    if n <= 6 {
        crate::position::heaps_text(&(1..=n).collect::<Vec<_>>())
    } else {
        format!("(1, 2, …, {n})")
    }
}

pub(super) fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn unknown_parameter_help(game: &str, name: &str, params: &[String]) -> String {
    if params.is_empty() {
        format!("`{game}` takes no parameters")
    } else {
        did_you_mean(name, params, "parameters")
    }
}

fn all_params_help(params: &[(String, String)]) -> String {
    if params.is_empty() {
        return "no game in this file has parameters".to_string();
    }
    let names: Vec<String> = params
        .iter()
        .map(|(game, param)| format!("`{param}` of `{game}`"))
        .collect();
    format!("the parameters are {}", names.join(", "))
}

impl From<Located<SyntaxError>> for CheckError {
    fn from(error: Located<SyntaxError>) -> Self {
        CheckError::Syntax(Box::new(error))
    }
}

impl From<RulesError> for CheckError {
    fn from(error: RulesError) -> Self {
        CheckError::Rules(Box::new(error))
    }
}

fn of_game(game: &Option<String>) -> String {
    game.as_ref()
        .map_or(String::new(), |g| format!(" of `{g}`"))
}

/// `circle becomes row, which becomes circle`.
fn circle_text(games: &[String]) -> String {
    let quoted: Vec<String> = games.iter().map(|g| format!("`{g}`")).collect();
    match quoted.split_first() {
        Some((first, rest)) if !rest.is_empty() => {
            format!("{first} becomes {}", rest.join(", which becomes "))
        }
        _ => quoted.join(""),
    }
}

/// What a check found: every error, not only the first.
pub type Errors = Vec<CheckError>;

/// The span an error points at first, if any.
pub(crate) fn primary(error: &CheckError) -> Option<miette::SourceSpan> {
    miette::Diagnostic::labels(error)?
        .next()
        .map(|label| *label.inner())
}
