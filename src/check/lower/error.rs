//! What lowering finds wrong with a game's rules. Each variant carries the
//! facts (the span, the names, the numbers); the code, message, labels and
//! help are derived from them. Codes are `gamelang::check::...`: to a user,
//! these are mistakes `gamelang check` finds.

use miette::SourceSpan;
use num_bigint::BigInt;

use crate::rules::expr::EvalError;
use crate::source::Source;

/// What lowering finds wrong with a game's rules.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum RulesError {
    /// This rule can move 0, which leaves the position unchanged.
    #[error("this rule can move 0, which leaves the position unchanged")]
    #[diagnostic(code(gamelang::check::unchanged_position), help("{}", .zero.help()))]
    ZeroAmount {
        /// Which amount is 0.
        zero: ZeroAmount,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{}", zero.label())]
        span: SourceSpan,
    },

    /// This rule can never be used: {why}.
    #[error("this rule can never be used: {why}")]
    #[diagnostic(
        code(gamelang::check::empty_amounts),
        help("give at least one amount, like `1..3` or `{{1, 3, 4}}`")
    )]
    NoAmount {
        /// Why no amount is left.
        why: NoAmount,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("no amount here")]
        span: SourceSpan,
    },

    /// This must be a fixed number, not depend on the heaps.
    #[error("this must be a fixed number, not depend on the heaps")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("use numbers and parameters here; conditions on the heaps go after `where`")
    )]
    DependsOnPosition {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("depends on the position")]
        span: SourceSpan,
    },

    /// This cannot be evaluated: {reason}.
    #[error("this cannot be evaluated: {reason}")]
    #[diagnostic(
        code(gamelang::eval),
        help(
            "a bound, a set item or a number of heaps must have a value: change it, or the parameters it uses"
        )
    )]
    Unevaluable {
        /// Why it cannot be evaluated.
        reason: EvalError,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{reason}")]
        span: SourceSpan,
    },

    /// Expected {want}, found {found}.
    #[error("expected {want}, found {found}")]
    #[diagnostic(code(gamelang::check::wrong_kind), help("{}", .want.help()))]
    WrongKind {
        /// The kind wanted.
        want: Kind,
        /// The kind found.
        found: Kind,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this is {found}")]
        span: SourceSpan,
    },

    /// This number is too large for a condition.
    #[error("this number is too large for a condition")]
    #[diagnostic(
        code(gamelang::check::limit),
        help("conditions compute with numbers below 2^127")
    )]
    NumberTooLarge {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("larger than 128 bits")]
        span: SourceSpan,
    },

    /// A game has one `{statement}` statement, and this is its second.
    #[error("a game has one `{statement}` statement, and this is its second")]
    #[diagnostic(
        code(gamelang::check::duplicate_statement),
        help("remove one of the two `{statement}` statements")
    )]
    DuplicateStatement {
        /// The statement, as written.
        statement: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written again.
        #[label(primary, "second one here")]
        again: SourceSpan,
        /// Where it is first written.
        #[label("first one here")]
        first: SourceSpan,
    },

    /// {count} heaps is more than gamelang handles.
    #[error("{count} heaps is more than gamelang handles")]
    #[diagnostic(
        code(gamelang::check::limit),
        help("write `heaps *` to let each position say how many heaps it has")
    )]
    TooManyHeaps {
        /// The number of heaps written.
        count: num_bigint::BigUint,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("too many heaps")]
        span: SourceSpan,
    },

    #[error("`{name}` here is both a parameter and the {}", amount_or_heap(.name))]
    #[diagnostic(
        code(gamelang::check::unknown_name),
        help(
            "rename the parameter `{name}`: in a rule's amounts, `k` is the amount and `h` the heap"
        )
    )]
    /// A parameter named as the amount `k` or the heap `h`, in a rule's amounts.
    Ambiguous {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("ambiguous")]
        span: SourceSpan,
    },

    /// `{name}` is a graph, and a number is needed here.
    #[error("`{name}` is a graph, and a number is needed here")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help(
            "a graph parameter is for `slide along {name}`; use a number or a number parameter here"
        )
    )]
    GraphAsNumber {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a graph")]
        span: SourceSpan,
    },

    /// `{name}` is a list, and a number is needed here.
    #[error("`{name}` is a list, and a number is needed here")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("take one of its items, like `{name}[1]`, or its length, `len({name})`")
    )]
    ListAsNumber {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a list")]
        span: SourceSpan,
    },

    /// `{name}` is {kind}, so it has no items to index or count.
    #[error("`{name}` is {kind}, so it has no items to index or count")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help(
            "index a list parameter (`T[1]`, with `T = [3, 1, 4]` among the game's parameters) or a heap (`h[1]`)"
        )
    )]
    NotAList {
        /// Its name, as written.
        name: String,
        /// What it is: `a number`, `a set`, `a part of the position`.
        kind: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("not a list")]
        span: SourceSpan,
    },

    /// `{name}` is a set, and a number is needed here.
    #[error("`{name}` is a set, and a number is needed here")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("a set parameter stands alone as a rule's amounts: `take {name}`")
    )]
    SetAsNumber {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a set")]
        span: SourceSpan,
    },

    #[error(
        "this must be a fixed number, but `{name}` is the {}, which changes from move to move",
        amount_or_heap(.name)
    )]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help(
            "bounds and set items are numbers, parameters and arithmetic on them; to depend on the heap, take `k` and filter it: `take k where k <= h / 2`"
        )
    )]
    /// A bound or set item that depends on the heap: amounts are fixed numbers.
    ChangesPerMove {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("the {}", amount_or_heap(name))]
        span: SourceSpan,
    },

    /// There is no `{name}` here.
    #[error("there is no `{name}` here")]
    #[diagnostic(code(gamelang::check::unknown_name), help("{}", unknown_name_help(.name, .params, *.in_amounts, *.board)))]
    UnknownName {
        /// Its name, as written.
        name: String,
        /// The names in scope: a block's variables, the named parts, the
        /// game's parameters.
        params: Vec<String>,
        /// Whether the name is in a rule's amounts, where `k` and `h` exist.
        in_amounts: bool,
        /// Whether the game is played on a board, where `rows`, `cols` and
        /// `b[r, c]` exist.
        board: bool,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("unknown name")]
        span: SourceSpan,
    },

    /// `{digit}` is not an octal digit.
    #[error("`{digit}` is not an octal digit")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help(
            "each digit of an octal code is 0 to 7: bit 1 leaves no heap, bit 2 one heap, bit 4 two heaps"
        )
    )]
    NotOctal {
        /// The digit.
        digit: char,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("not 0 to 7")]
        span: SourceSpan,
    },

    #[error("`{before}` cannot stand before the point of {} code", if *.hex { "a hexadecimal" } else { "an octal" })]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("{}", before_point_help(*.hex))
    )]
    /// An octal or hex code with something other than `0` before its point.
    CodeBeforePoint {
        /// What is written before the point.
        before: String,
        /// A hexadecimal code, not an octal one.
        hex: bool,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{}", if *hex { "only 0, 4, 8 or C here" } else { "only 0 or 4 here" })]
        span: SourceSpan,
    },

    /// This code has {digits} digits after the point, more than the {limit} read.
    #[error("this code has {digits} digits after the point, more than the {limit} read")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("write a move that takes many tokens as `take`, like `take {{1, 2, 500}}`")
    )]
    CodeTooLong {
        /// How many digits.
        digits: usize,
        /// The limit it passed.
        limit: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this code")]
        span: SourceSpan,
    },

    /// Only a take from one heap can split the rest.
    #[error("only a take from one heap can split the rest")]
    #[diagnostic(
        code(gamelang::check::bad_target),
        help("take from one heap, or drop `and split the rest ...`")
    )]
    SplitRestOfSeveral {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this split")]
        span: SourceSpan,
    },

    /// This split can leave the position unchanged.
    #[error("this split can leave the position unchanged")]
    #[diagnostic(
        code(gamelang::check::unchanged_position),
        help("write `split into 2 nonempty heaps`")
    )]
    SplitMayBeEmpty {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("may split a heap into itself and an empty heap")]
        span: SourceSpan,
    },

    /// `empty one heap and split the other` needs exactly two heaps.
    #[error("`empty one heap and split the other` needs exactly two heaps")]
    #[diagnostic(
        code(gamelang::check::bad_target),
        help("declare the game with `heaps 2`")
    )]
    EmptyAndSplitNeedsTwo {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("needs `heaps 2`")]
        span: SourceSpan,
    },

    /// A split adds a heap, but this game always has {heaps}.
    #[error("a split adds a heap, but this game always has {heaps}")]
    #[diagnostic(
        code(gamelang::check::bad_target),
        help("declare the game with `heaps *`")
    )]
    SplitInFixedHeaps {
        /// How many heaps the game has.
        heaps: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("adds a heap")]
        span: SourceSpan,
    },

    #[error(
        "`from both heaps` needs exactly two heaps, but this game has {} heaps",
        heap_count(.heaps)
    )]
    #[diagnostic(
        code(gamelang::check::bad_target),
        help(
            "write `from two heaps` to take the same amount from any two heaps, or declare `heaps 2`"
        )
    )]
    /// `from both heaps` in a game that is not played on two heaps.
    BothHeapsNeedsTwo {
        /// The game's heap count; `None` for `heaps *`.
        heaps: Option<usize>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("from both heaps")]
        span: SourceSpan,
    },

    /// A move must take from at least one heap, not {count}.
    #[error("a move must take from at least one heap, not {count}")]
    #[diagnostic(code(gamelang::check::bad_target), help("use a count of 1 or more"))]
    NoHeapTaken {
        /// The number of heaps written.
        count: BigInt,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("the number of heaps")]
        span: SourceSpan,
    },

    /// No position has {count} heaps, so this move can never be made.
    #[error("no position has {count} heaps, so this move can never be made")]
    #[diagnostic(code(gamelang::check::bad_target), help("take from fewer heaps"))]
    TargetBeyondAnyPosition {
        /// The number of heaps written.
        count: BigInt,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("the number of heaps")]
        span: SourceSpan,
    },

    /// Coins are numbered from 0 or from 1, not from {origin}.
    #[error("coins are numbered from 0 or from 1, not from {origin}")]
    #[diagnostic(
        code(gamelang::check::coins),
        help("write `coins` (numbered from 1) or `coins from 0`")
    )]
    CoinsFrom {
        /// The first coin written.
        origin: num_bigint::BigUint,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("numbered from {origin}")]
        span: SourceSpan,
    },

    /// A game of coins moves only by turning coins.
    #[error("a game of coins moves only by turning coins")]
    #[diagnostic(
        code(gamelang::check::coins),
        help(
            "write its moves as `turn` rules, like `turn 1..3 coins` or `turn 1.. coins in a row`; a game of heaps says `heaps` instead of `coins`"
        )
    )]
    NotACoinMove {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label(primary, "not a `turn`")]
        span: SourceSpan,
        /// Where `coins` is written.
        #[label("the game is a row of coins")]
        coins: SourceSpan,
    },

    /// `turn` moves coins, and this game has no coins.
    #[error("`turn` moves coins, and this game has no coins")]
    #[diagnostic(
        code(gamelang::check::coins),
        help(
            "write `coins` in the game (instead of `heaps`): its positions are then the coins showing heads, like `{{1, 5, 9}}`"
        )
    )]
    TurnWithoutCoins {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("turns coins")]
        span: SourceSpan,
    },

    /// `{name}` is {kind}, and `slide along` needs a graph.
    #[error("`{name}` is {kind}, and `slide along` needs a graph")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help(
            "give the game a graph parameter, like `game tokens(G = graph {{ 1 -> 0, 2 -- 1 }})`, and slide along it"
        )
    )]
    NotAGraph {
        /// Its name, as written.
        name: String,
        /// What it is: `a number`, `a set`, `not a parameter`.
        kind: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("not a graph")]
        span: SourceSpan,
    },

    /// `{rule}` is its game's only rule.
    #[error("`{rule}` is its game's only rule")]
    #[diagnostic(
        code(gamelang::check::duplicate_statement),
        help(
            "give `{rule}` a game of its own: `game g {{ {rule} }}`; its positions are graphs, like `graph {{ 0 -- 1, 1 -- 2 }}`"
        )
    )]
    GraphRuleAlone {
        /// The rule: `green hackenbush`, `hackenbush`, `node kayles`, `arc
        /// kayles`.
        rule: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("with other rules beside it")]
        span: SourceSpan,
    },

    /// `b[r, c]` in a game that is not played on a board.
    #[error("`b[r, c]` names a board's cell, and this game has no board")]
    #[diagnostic(
        code(gamelang::check::unknown_name),
        help(
            "declare the board first: `board` in the game's body; its positions are then written as `\"....|....\"`"
        )
    )]
    NotABoard {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a cell")]
        span: SourceSpan,
    },

    /// `left hackenbush`: a side on the rule that gives each player their
    /// own edges.
    #[error("`hackenbush` already gives each player their own edges")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help(
            "write `hackenbush` alone: Left cuts blue and green edges, Right red and green ones; for a game where only one player cuts, write `{side} green hackenbush`"
        )
    )]
    SideOnHackenbush {
        /// The side written: `left` or `right`.
        side: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a side on `hackenbush`")]
        span: SourceSpan,
    },

    /// `left snort`: a side on a rule that gives each player their own
    /// colour.
    #[error("`{rule}` already gives each player their own colour")]
    #[diagnostic(
        code(gamelang::check::wrong_kind),
        help("write `{rule}` alone: Left colours vertices blue, Right red")
    )]
    SideOnColouring {
        /// The rule: `snort` or `col`.
        rule: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("a side on `{rule}`")]
        span: SourceSpan,
    },

    /// A product of games of coins is its game's only rule.
    #[error("a product of games of coins is its game's only rule")]
    #[diagnostic(
        code(gamelang::check::coins),
        help(
            "give the product a game of its own: `game square {{ coins; product of ruler and ruler }}`"
        )
    )]
    ProductAlone {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("with other rules beside it")]
        span: SourceSpan,
    },

    /// A game has either `heaps` or `position`, not both.
    #[error("a game has either `heaps` or `position`, not both")]
    #[diagnostic(
        code(gamelang::check::duplicate_statement),
        help("keep `position (...)` to name the parts, or `heaps N` for heaps without names")
    )]
    HeapsAndPosition {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written again.
        #[label(primary, "here")]
        again: SourceSpan,
        /// Where it is first written.
        #[label("and here")]
        first: SourceSpan,
    },

    /// The part `{name}` is named twice.
    #[error("the part `{name}` is named twice")]
    #[diagnostic(
        code(gamelang::check::duplicate_part),
        help("give each part of the position its own name")
    )]
    DuplicatePart {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written again.
        #[label(primary, "named again here")]
        again: SourceSpan,
        /// Where it is first written.
        #[label("first named here")]
        first: SourceSpan,
    },

    /// `choose` needs both bounds: each value is a separate move.
    #[error("`choose` needs both bounds: each value is a separate move")]
    #[diagnostic(
        code(gamelang::check::unbounded_choose),
        help("give the range an end, like `choose k in 1..h[i]`")
    )]
    UnboundedChoose {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("no upper bound")]
        span: SourceSpan,
    },

    /// `{name}` here is the block's own value, which hides the named part `{name}`: it cannot be assigned.
    #[error(
        "`{name}` here is the block's own value, which hides the named part `{name}`: it cannot be assigned"
    )]
    #[diagnostic(
        code(gamelang::check::bad_assignment),
        help(
            "give the `let`, `choose` or `for` value another name, so that `{name}` means the part"
        )
    )]
    HiddenPart {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("the block's value, not the part")]
        span: SourceSpan,
    },

    /// `{name}` is not a heap or a named part, so it cannot be assigned.
    #[error("`{name}` is not a heap or a named part, so it cannot be assigned")]
    #[diagnostic(code(gamelang::check::bad_assignment), help("{}", assign_help(.parts)))]
    NotAPart {
        /// Its name, as written.
        name: String,
        /// The game's named parts.
        parts: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("not a part of the position")]
        span: SourceSpan,
    },

    /// A move's points are added to, not set: `score = ...`.
    #[error("a move's points are added, not set")]
    #[diagnostic(
        code(gamelang::check::score_assign),
        help(
            "write `score += EXPR` (the mover wins EXPR points) or `score -= EXPR` (loses them); a part named `score` in `position (...)` is assigned as any part"
        )
    )]
    ScoreSet {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("`score` is the mover's points here")]
        span: SourceSpan,
    },

    /// `again` belongs to scoring games.
    #[error("`again` belongs to scoring games")]
    #[diagnostic(
        code(gamelang::check::again_without_score),
        help(
            "a move that lets its player move again changes who plays next, which the theory of games won by the last move does not allow; give the game's moves points (`score += EXPR`) to make it a scoring game, or take `again` out"
        )
    )]
    AgainWithoutScore {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("the mover moves again")]
        span: SourceSpan,
    },

    /// A scoring game cannot have {what}.
    #[error("a scoring game cannot have {}", .what.said())]
    #[diagnostic(code(gamelang::check::scoring_game), help("{}", .what.help()))]
    Scoring {
        /// What it has that it cannot.
        what: ScoringWith,
        /// The source the spans point into.
        #[source_code]
        src: Source,
        /// Where the game scores.
        #[label("its moves score points here")]
        score: SourceSpan,
        /// Where what it cannot have is written.
        #[label("{}", .what.label())]
        span: SourceSpan,
    },

    /// `{statement}` changes the number of heaps, but this game always has {heaps}.
    #[error("`{statement}` changes the number of heaps, but this game always has {heaps}")]
    #[diagnostic(
        code(gamelang::check::fixed_heaps),
        help("declare the game with `heaps *` to let moves add and remove heaps")
    )]
    ResizesFixed {
        /// The statement, as written.
        statement: &'static str,
        /// How many heaps the game has.
        heaps: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("changes the number of heaps")]
        span: SourceSpan,
    },

    /// This statement comes after `becomes`, which ends the move.
    #[error("this statement comes after `becomes`, which ends the move")]
    #[diagnostic(
        code(gamelang::check::after_becomes),
        help(
            "`becomes` is the last statement of its block: move the statement before it, or into an `if` that does not end in `becomes`"
        )
    )]
    AfterBecomes {
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("never runs")]
        span: SourceSpan,
        /// Where the `becomes` is.
        #[label("the move ends here")]
        becomes: SourceSpan,
    },

    #[error("this position of `{game}` has {found} part{}, and `{game}` is played on {expected}", plural(*.found))]
    #[diagnostic(
        code(gamelang::check::becomes_parts),
        help("give each position of `{game}` its {expected} part{}, in parentheses: `({})`", plural(*.expected), part_names(.names, *.expected))
    )]
    /// A `becomes` position with another number of parts than its game has.
    TermParts {
        /// The game, by its title.
        game: String,
        /// How many were expected.
        expected: usize,
        /// How many were found.
        found: usize,
        /// The game's named parts, if it has them.
        names: Option<Vec<String>>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("{found} part{}", plural(*.found))]
        span: SourceSpan,
    },

    /// The condition of `{kind} when` changes the position.
    #[error("the condition of `{kind} when` changes the position")]
    #[diagnostic(
        code(gamelang::check::end_changes),
        help(
            "a condition only looks at the position: use `choose`, `let`, `require`, `for` and `if`, and no assignment, `append`, `remove` or `becomes`"
        )
    )]
    EndChanges {
        /// The end's word: `win`, `lose` or `draw`.
        kind: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this condition's block changes the position")]
        span: SourceSpan,
    },

    /// A `says` elsewhere than once in a move block itself.
    #[error("a `says` tells one move block's moves: {problem}")]
    #[diagnostic(
        code(gamelang::check::says),
        help(
            "write one `says` in the move block itself, outside its `if`s and loops; its `{{...}}` see the block's names as they stand at its end"
        )
    )]
    SaysPlace {
        /// Where it stands instead.
        problem: &'static str,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this `says`")]
        span: SourceSpan,
    },

    /// The move `{name}` never changes the position.
    #[error("the move `{name}` never changes the position")]
    #[diagnostic(
        code(gamelang::check::no_effect),
        help(
            "change a heap (`h[i] -= k`), a named part, `append`/`remove` a heap, or end with `becomes`"
        )
    )]
    NoEffect {
        /// Its name, as written.
        name: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("no assignment, `append`, `remove` or `becomes` in this block")]
        span: SourceSpan,
    },

    /// This takes from {count} heaps, but the game has {heaps}.
    #[error("this takes from {count} heaps, but the game has {heaps}")]
    #[diagnostic(code(gamelang::check::bad_target), help("use at most {heaps} heaps"))]
    TooManyTargets {
        /// How many heaps it takes from.
        count: usize,
        /// How many heaps the game has.
        heaps: usize,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("too many heaps")]
        span: SourceSpan,
    },
}

/// Why a rule's amounts include 0, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZeroAmount {
    /// `0..hi`: `hi` as written (empty for an open range).
    RangeFromZero { hi: String },
    /// `lo..hi` with `lo < 0 <= hi`.
    RangeThroughZero { lo: BigInt, hi: String },
    /// `{..., 0, ...}`.
    InSet,
    /// A set parameter that holds 0.
    SetParameter { name: String },
    /// A number parameter that is 0.
    Parameter { name: String },
    /// A number that is 0.
    Number,
}

impl ZeroAmount {
    fn label(&self) -> String {
        match self {
            ZeroAmount::RangeFromZero { .. } | ZeroAmount::InSet => {
                "0 is one of the amounts".to_string()
            }
            ZeroAmount::RangeThroughZero { .. } => "this range includes 0".to_string(),
            ZeroAmount::SetParameter { name } => format!("`{name}` holds 0"),
            ZeroAmount::Parameter { name } => format!("`{name}` is 0"),
            ZeroAmount::Number => "this is 0".to_string(),
        }
    }

    fn help(&self) -> String {
        match self {
            ZeroAmount::RangeFromZero { hi } => format!("start the range at 1: `1..{hi}`"),
            ZeroAmount::RangeThroughZero { lo, hi } => {
                format!("leave 0 out with two rules, like `take {lo}..-1` and `take 1..{hi}`")
            }
            ZeroAmount::InSet => "remove 0 from the set".to_string(),
            ZeroAmount::SetParameter { name } => format!("remove 0 from `{name}`"),
            ZeroAmount::Parameter { name } => format!("give `{name}` a value other than 0"),
            ZeroAmount::Number => "take at least 1, like `take 1`".to_string(),
        }
    }
}

/// Why a rule's amounts hold nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoAmount {
    #[error("{lo}..{hi} holds no amount")]
    Range { lo: BigInt, hi: BigInt },
    #[error("the set `{{}}` holds no amount")]
    EmptySet,
    #[error("`{name}` is the empty set")]
    EmptySetParameter { name: String },
    #[error("the code {code} allows no move")]
    Code { code: String },
}

/// What an expression is: its place wants one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Number,
    Condition,
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Kind::Number => "a number",
            Kind::Condition => "a condition",
        })
    }
}

impl Kind {
    fn help(self) -> &'static str {
        match self {
            Kind::Number => "use a number here, like `k + 1` or `h / 2`",
            Kind::Condition => "use a condition here, like `k <= 3` or `k is prime`",
        }
    }
}

/// `k` is the amount, `h` the heap.
fn amount_or_heap(name: &str) -> &'static str {
    if name == "h" { "heap" } else { "amount" }
}

fn before_point_help(hex: bool) -> &'static str {
    if hex {
        "the digit before the point is for removing nothing: 4 (split a heap in two), 8 (in three), C (either) or 0"
    } else {
        "the digit before the point is for removing nothing: 4 (split a heap in two) or 0"
    }
}

/// What a scoring game has that it cannot (`RulesError::Scoring`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoringWith {
    /// `win when`, `lose when` or `draw when`.
    End,
    /// `play misere`.
    Misere,
    /// A rule of one player's (`left move`, `right: take 1`).
    Side,
    /// A move that `becomes` a sum.
    Becomes,
}

impl ScoringWith {
    fn said(self) -> &'static str {
        match self {
            ScoringWith::End => "a declared end",
            ScoringWith::Misere => "misère play",
            ScoringWith::Side => "rules of one player",
            ScoringWith::Becomes => "moves that become sums",
        }
    }

    fn label(self) -> &'static str {
        match self {
            ScoringWith::End => "an end that decides who wins",
            ScoringWith::Misere => "misère play",
            ScoringWith::Side => "one player's rule",
            ScoringWith::Becomes => "a sum",
        }
    }

    fn help(self) -> &'static str {
        match self {
            ScoringWith::End => {
                "a scoring game is won on points when the player to move has no move: end its play with a `require` in the moves that stops them"
            }
            ScoringWith::Misere => {
                "points decide a scoring game, not who moves last: take out `play misere`"
            }
            ScoringWith::Side => {
                "scoring games here are played with the same moves by both players: give the rule to both (no `left` or `right`)"
            }
            ScoringWith::Becomes => {
                "sums of scoring games have no simple theory: write the position whole (`position (...)` or `heaps *`) and change it in place"
            }
        }
    }
}

fn assign_help(parts: &[String]) -> String {
    if parts.is_empty() {
        "assign to a heap, like `h[1] = 3`; `let` names a value that does not change".to_string()
    } else {
        let names: Vec<String> = parts.iter().map(|p| format!("`{p}`")).collect();
        format!(
            "assign to a heap (`h[1] = 3`) or a named part ({}); `let` names a value that does not change",
            and_list(&names)
        )
    }
}

fn heap_count(heaps: &Option<usize>) -> String {
    heaps.map_or("any number of".to_string(), |n| n.to_string())
}

fn unknown_name_help(name: &str, params: &[String], in_amounts: bool, board: bool) -> String {
    // A board's size by its names (`rws`: `rows`).
    let given: &[&str] = if board { &["rows", "cols"] } else { &[] };
    let candidates: Vec<String> = (params.iter().cloned())
        .chain(given.iter().map(|g| g.to_string()))
        .collect();
    if let Some(close) = crate::source::closest(name, &candidates) {
        return format!("did you mean `{close}`?");
    }
    let mut known: Vec<String> = params.iter().map(|n| format!("`{n}`")).collect();
    if in_amounts {
        known.extend(["`k` (the amount)".into(), "`h` (the heap)".into()]);
    }
    match board {
        true => known.extend(["`rows`".into(), "`cols`".into(), "`b[r, c]`".into()]),
        false => known.extend(["`len`".into(), "`h[i]`".into()]),
    }
    if !in_amounts && (name == "k" || name == "h") {
        format!(
            "`{name}` exists only in a rule's amounts; the names here are {}",
            and_list(&known)
        )
    } else {
        format!("the names here are {}", and_list(&known))
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => items.join(""),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `a, b` for a game with named parts, else `h1, h2, ...` as many as it has.
pub(crate) fn part_names(names: &Option<Vec<String>>, count: usize) -> String {
    match names {
        Some(names) => names.join(", "),
        None => (1..=count)
            .map(|i| format!("h{i}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}
