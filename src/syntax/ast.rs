//! The syntax tree: what a `.game` file says, as written, every node that an
//! error may point at carrying its byte span in the source.

use miette::SourceSpan;
use num_bigint::{BigInt, BigUint};

/// A byte range in the source text.
pub type Span = SourceSpan;

/// A whole `.game` file: games and analyze statements, in source order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct File {
    /// Its games and `analyze` statements, in source order.
    pub items: Vec<Item>,
    /// Games whose definitions have a syntax error: the header and the
    /// statements that parsed, so that their own mistakes are reported
    /// beside the syntax error. Never played.
    pub broken: Vec<GameDef>,
}

/// One item of a file.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `game NAME { ... }`.
    Game(GameDef),
    /// `analyze G at P`.
    Analyze(Analyze),
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    /// Its name, as written.
    pub name: String,
    /// Where it is written in the source.
    pub span: Span,
}

/// `game NAME(params) { statements }`
#[derive(Clone, Debug, PartialEq)]
pub struct GameDef {
    /// Its name, as written.
    pub name: Ident,
    /// Its parameters with their defaults, in order.
    pub params: Vec<Param>,
    /// Its statements, in order.
    pub body: Vec<Statement>,
    /// Where it is written in the source.
    pub span: Span,
}

/// `m = 3` in a game's header: a parameter and its default value.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name, as written.
    pub name: Ident,
    /// The value it has unless given another.
    pub default: Value,
    /// Where it is written in the source.
    pub span: Span,
}

/// A parameter value: a number, a set of numbers or a list of numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// What the value is.
    pub kind: ValueKind,
    /// Where it is written in the source.
    pub span: Span,
}

/// The kinds of parameter values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// A number, `3` or `-3`.
    Int(BigInt),
    /// `{1, 3, 4}`: a set, in the order written.
    Set(Vec<BigInt>),
    /// `[3, 1, 4]`: in order, repeats kept.
    List(Vec<BigInt>),
    /// `graph { 1 -> 0, 2 -- 3 }`: arcs (from, to, both ways), as written;
    /// a graph of words `graph { a -> b }` numbers them from 0 in the order
    /// they come, `names[k]` vertex k's.
    Graph {
        /// Each arc: from, to, and whether it goes both ways (`--`).
        arcs: Vec<(u64, u64, bool)>,
        /// The words of a graph of words, by vertex number (else empty).
        names: Vec<String>,
    },
}

/// One statement in a game's body.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// `heaps N`, `heaps *` or `coins`.
    Heaps(HeapsDecl),
    /// `position (a, b)`.
    Position(PositionDecl),
    /// `play normal` or `play misere`.
    Play(PlayDecl),
    /// A rule: `take 1..3`, `octal 0.77`, ...
    Rule(RuleDef),
    /// `move NAME { ... }`.
    Move(MoveDef),
    /// `win when`, `lose when`, `draw when`.
    End(EndDecl),
}

impl Statement {
    /// Where the statement is written.
    pub fn span(&self) -> Span {
        match self {
            Statement::Heaps(s) => s.span,
            Statement::Position(s) => s.span,
            Statement::Play(s) => s.span,
            Statement::Rule(s) => s.span,
            Statement::Move(s) => s.span,
            Statement::End(s) => s.span,
        }
    }
}

/// `win when COND`, `lose when COND`, `draw when COND`: moving into a
/// position that meets the condition ends the whole play.
#[derive(Clone, Debug, PartialEq)]
pub struct EndDecl {
    /// How the play ends there.
    pub kind: EndKind,
    /// Where it ends.
    pub condition: EndCondition,
    /// Where it is written in the source.
    pub span: Span,
}

/// How a play ends at a position that meets an end's condition: won or
/// lost by the player who moved there, or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// `win when`: won by the player who moved there.
    Win,
    /// `lose when`: lost by the player who moved there.
    Lose,
    /// `draw when`: drawn.
    Draw,
}

impl EndKind {
    /// The word that declares it: `win`, `lose`, `draw`.
    pub fn word(self) -> &'static str {
        match self {
            EndKind::Win => "win",
            EndKind::Lose => "lose",
            EndKind::Draw => "draw",
        }
    }
}

/// An end's condition: an expression, or a block that holds when some way
/// through it meets every `require`.
#[derive(Clone, Debug, PartialEq)]
pub enum EndCondition {
    /// `win when h[1] == 0`.
    Expr(Expr),
    /// `win when { ... }`.
    Block(Vec<BlockStmt>),
}

/// `position (stones, limit)`: a fixed number of parts, each with a name,
/// optionally `where INVARIANT`.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionDecl {
    /// The parts' names, in order.
    pub names: Vec<Ident>,
    /// `where INVARIANT`: what every position satisfies.
    pub invariant: Option<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// `move NAME { ... }`: a custom move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveDef {
    /// `left` or `right` before it: the player whose move it is (none:
    /// both players').
    pub side: Option<Side>,
    /// Its name, as written.
    pub name: Ident,
    /// Its statements, in order.
    pub body: Vec<BlockStmt>,
    /// Where it is written in the source.
    pub span: Span,
}

/// A player of a partizan game (defined with the positions, below every
/// stage that names one).
pub use crate::position::Side;

/// One statement of a move block.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockStmt {
    /// What the statement does.
    pub kind: BlockStmtKind,
    /// Where it is written in the source.
    pub span: Span,
}

/// The statements of a move block.
#[derive(Clone, Debug, PartialEq)]
pub enum BlockStmtKind {
    /// `says "take {k}"`: the words the move is told in.
    Says(Vec<SaysPart>),
    /// `choose x in LO..HI`: each value a separate move. `hi` is `None` when
    /// the range is unbounded (a check error).
    Choose {
        /// The name chosen.
        var: Ident,
        /// The least value.
        lo: Expr,
        /// The greatest value.
        hi: Option<Expr>,
    },
    /// `require COND`.
    Require(Expr),
    /// `let x = EXPR`.
    Let {
        /// The name.
        var: Ident,
        /// Its value.
        value: Expr,
    },
    /// `PLACE = EXPR`, `PLACE += EXPR`, `PLACE -= EXPR`.
    Assign {
        /// What it changes.
        place: Place,
        /// How: `=`, `+=` or `-=`.
        op: AssignOp,
        /// By what.
        value: Expr,
    },
    /// `for x in LO..HI { ... }`.
    For {
        /// The loop's name.
        var: Ident,
        /// Its first value.
        lo: Expr,
        /// Its last value.
        hi: Expr,
        /// The statements run for each value.
        body: Vec<BlockStmt>,
    },
    /// `if COND { ... } else { ... }`; `otherwise` is empty without `else`.
    If {
        /// The condition.
        condition: Expr,
        /// The statements run when it holds.
        then: Vec<BlockStmt>,
        /// The statements run when it does not.
        otherwise: Vec<BlockStmt>,
    },
    /// `append EXPR`: a new heap at the end.
    Append(Expr),
    /// `remove I`: heap I leaves the position.
    Remove(Expr),
    /// `becomes T + T ...`: the move ends with the sum of these positions.
    Becomes(Vec<Term>),
    /// `again`: the player who made the move moves again (scoring games).
    Again,
}

/// One position of a `becomes`: `(a, h)` of this game, or `row(k = 2) at
/// (a)` of another.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The other game and its parameter values; `None`: this game.
    pub game: Option<(Ident, Vec<TermArg>)>,
    /// The position's parts (heaps), in order.
    pub parts: Vec<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// A parameter value of the game a `becomes` names: `k = 2`, `k = k + 1`,
/// `S = S`.
#[derive(Clone, Debug, PartialEq)]
pub struct TermArg {
    /// The parameter's name, as written.
    pub name: Ident,
    /// Its value: a set, list or graph as written, or an expression over
    /// the parameters of the game the block is in.
    pub value: TermValue,
    /// Where it is written in the source.
    pub span: Span,
}

/// What a `becomes` gives a parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum TermValue {
    /// A set, list or graph as written.
    Value(Value),
    /// A number (or a parameter, by name) of the game the block is in.
    Expr(Expr),
}

/// What an assignment changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// `h[I]`, 1-based.
    Heap(Expr),
    /// `b[R, C]`: a board's cell.
    Cell(Expr, Expr),
    /// A name: a named part (checking refuses anything else).
    Name(Ident),
}

/// How an assignment changes its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `=`.
    Set,
    /// `+=`.
    Add,
    /// `-=`.
    Sub,
}

/// `heaps 2`, `heaps *`, optionally `where INVARIANT`.
#[derive(Clone, Debug, PartialEq)]
pub struct HeapsDecl {
    /// How many heaps (or coins).
    pub count: HeapCount,
    /// `where INVARIANT`: what every position satisfies.
    pub invariant: Option<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// How many heaps a game's positions have.
#[derive(Clone, Debug, PartialEq)]
pub enum HeapCount {
    /// `heaps N`: every position has exactly N heaps.
    Fixed(BigUint, Span),
    /// `heaps *`: positions have as many heaps as they are given.
    Any,
    /// `coins` (`coins from N`): a row of coins numbered from `origin`; a
    /// position is the set of coins showing heads.
    Coins {
        /// The first coin's number, 0 or 1.
        origin: BigUint,
    },
    /// `board`: a grid of cells, a position written as a quoted string.
    Board,
}

/// `play normal` or `play misere`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayDecl {
    /// Misère play: whoever moves last loses.
    pub misere: bool,
    /// Where it is written in the source.
    pub span: Span,
}

/// A move rule, optionally labelled: `both: take 1.. from both heaps`.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleDef {
    /// `left` or `right` before it: the player whose rule it is (none:
    /// both players').
    pub side: Option<Side>,
    /// `both:` before the rule, naming it.
    pub label: Option<Ident>,
    /// What the rule is.
    pub kind: RuleKind,
    /// The rule without its label; its text names the rule when it has no label.
    pub span: Span,
}

/// The rules a game may have.
#[derive(Clone, Debug, PartialEq)]
pub enum RuleKind {
    /// `take AMOUNTS [from TARGET] [and split the rest into 2 ... heaps]`
    Take {
        /// How many it takes.
        amounts: Amounts,
        /// From which heaps.
        from: From,
        /// How the rest is split, if it is.
        split: Option<SplitSpec>,
    },
    /// `shift AMOUNTS to the previous heap`
    Shift {
        /// How many it shifts.
        amounts: Amounts,
    },
    /// `split into 2 [unequal] [nonempty] heaps`
    Split(SplitSpec),
    /// `empty one heap and split the other into 2 ... heaps`
    EmptyAndSplit(SplitSpec),
    /// `octal 0.77`: the code's text, digits and point as written.
    Octal(String),
    /// `hex 0.F`: the code as written.
    Hex(String),
    /// `turn AMOUNTS coins [in a row]`: turn that many coins, the rightmost
    /// from heads to tails; `row`: coins next to each other.
    Turn {
        /// How many coins it turns.
        amounts: Amounts,
        /// `in a row`: coins next to each other.
        row: bool,
    },
    /// `product of G and H`: the product of two games of coins.
    Product {
        /// The first game, `G`.
        first: Factor,
        /// The second game, `H`.
        second: Factor,
    },
    /// `slide along G`: a token slides along an arc of the graph `G`.
    Slide {
        /// The graph parameter's name.
        graph: Ident,
    },
    /// `green hackenbush` (`green`: true) or `hackenbush`: positions are
    /// graphs grounded at vertex 0.
    Hackenbush {
        /// `green hackenbush`, the impartial game.
        green: bool,
    },
    /// `node kayles`, `arc kayles`: positions are graphs.
    Kayles(Kayles),
    /// `snort`, `col`: positions are graphs, their vertices tinted.
    Colouring(Colouring),
}

pub use crate::position::{Colour, Colouring, Kayles};

/// A game a `product` multiplies, as written: `ruler`, `turtles(k = 2)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Factor {
    /// Its name, as written.
    pub name: Ident,
    /// Its parameter values, as written.
    pub args: Vec<Arg>,
}

/// Which heaps a `take` takes from.
#[derive(Clone, Debug, PartialEq)]
pub enum From {
    /// The default, or `from one heap`: one heap of the player's choice.
    OneHeap,
    /// `from both heaps`: the same amount from each of the two heaps.
    BothHeaps(Span),
    /// `from N heaps`: the same amount from each of N distinct heaps.
    Same(Expr),
    /// `from up to N heaps`: any amounts from 1 to N distinct heaps.
    UpTo(Expr),
}

/// How a heap is split into two.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitSpec {
    /// `unequal`: the two heaps differ.
    pub unequal: bool,
    /// `nonempty`: neither heap is empty.
    pub nonempty: bool,
    /// Where it is written in the source.
    pub span: Span,
}

/// The amounts a rule may move, with an optional `where` condition over `k`
/// (the amount) and `h` (the heap before the move).
#[derive(Clone, Debug, PartialEq)]
pub struct Amounts {
    /// The amounts.
    pub kind: AmountsKind,
    /// `where COND`.
    pub condition: Option<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// The ways amounts are written.
#[derive(Clone, Debug, PartialEq)]
pub enum AmountsKind {
    /// `lo..hi` (inclusive) or `lo..` (no upper bound).
    Range {
        /// The least amount.
        lo: Expr,
        /// The greatest, if any.
        hi: Option<Expr>,
    },
    /// `{1, 3, 4}`
    Set(Vec<Expr>),
    /// One expression: a number, a parameter (number or set), or `k` itself.
    Single(Expr),
}

/// An expression, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it is written in the source.
    pub span: Span,
}

/// The kinds of expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number.
    Int(BigInt),
    /// A parameter, or one of the names a context gives: `k`, `h`, `len`.
    Name(Ident),
    /// `h[i]`: the i-th heap, 1-based.
    Heap(Box<Expr>),
    /// `b[r, c]`: a board's cell, row r and column c, each from 1.
    Cell(Box<Expr>, Box<Expr>),
    /// `T[i]`: the i-th item of a list parameter, 1-based.
    Item(Ident, Box<Expr>),
    /// `len(T)`: the number of items of a list parameter.
    LenOf(Ident),
    /// `-x`.
    Neg(Box<Expr>),
    /// `not x`.
    Not(Box<Expr>),
    /// `a OP b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `min(a, b, ...)` and `max(a, b, ...)`.
    Call(Func, Vec<Expr>),
    /// `x is square`, `x is prime`, `x is even`, `x is odd`.
    Is(Box<Expr>, Property),
    /// `each >= 1`: every heap compares so.
    Each(BinOp, Box<Expr>),
    /// `nonincreasing` / `nondecreasing`: the heaps in order.
    Monotone(Monotone),
    /// `count(x)`: how many heaps (a board's cells) equal x.
    Count(Box<Expr>),
}

/// The operators between two expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`, rounding down.
    Div,
    /// `%`, with the divisor's sign.
    Rem,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `a divides b`
    Divides,
    /// `a is power of b`: a = b^j for some j >= 0.
    PowerOf,
}

impl BinOp {
    /// Whether it compares two numbers, making a condition: the six
    /// orderings, `divides` and `is power of`.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Divides
                | BinOp::PowerOf
        )
    }
}

/// The functions of expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    /// `min(a, b, ...)`.
    Min,
    /// `max(a, b, ...)`.
    Max,
}

/// What `x is ...` asks of a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// `is square`: a perfect square.
    Square,
    /// `is prime`.
    Prime,
    /// `is even`.
    Even,
    /// `is odd`.
    Odd,
}

/// An order of the heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Monotone {
    /// `nonincreasing`: each heap at most the one before.
    Nonincreasing,
    /// `nondecreasing`: each heap at least the one before.
    Nondecreasing,
}

/// `analyze G at P + H at Q`: one position, a sum when it has several
/// components, or another compound when a word comes first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analyze {
    /// How the components are played together.
    pub compound: Compound,
    /// The components, in order.
    pub components: Vec<Component>,
    /// The values written as parts of the sum, in order (`{1 | 0}`, `^`):
    /// each as written, read by the check.
    pub values: Vec<WrittenValue>,
    /// Written `compare G to H`: where G's parts end. The parts after are
    /// H's, each negated (G − H is asked, and its outcome is the answer).
    pub compare: Option<Split>,
    /// Where it is written in the source.
    pub span: Span,
}

/// Where the first sum of `compare G to H` ends: how many components and
/// how many written values are G's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// G's components.
    pub components: usize,
    /// G's written values.
    pub values: usize,
}

/// A value written as a part of a sum, in CGSuite's notation: `{2 | -1/2}`.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenValue {
    /// Its text without spaces (`{2|-1/2}`); the span has it as written.
    pub text: String,
    /// Written after `-`: its negative is added.
    pub negated: bool,
    /// Where it is written in the source.
    pub span: Span,
}

/// How the components of a position are played together (Winning Ways,
/// ch. 9): each move in one of them (the sum), or in several at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Compound {
    /// `+` alone: a move in exactly one component (the disjunctive sum).
    #[default]
    Sum,
    /// `every`: a move in every component that can move; the play ends
    /// when none can (the continued conjunctive compound).
    Every,
    /// `all`: a move in every component; the play ends as soon as one
    /// cannot move (the conjunctive compound).
    All,
    /// `some`: a move in any non-empty set of components; the play ends
    /// when none can move (the selective compound).
    Some,
    /// `any`: a move in any non-empty set of components; the play ends as
    /// soon as one cannot move (the shortened selective compound).
    Any,
    /// `series`: a move in the first component that is not over (has a
    /// move for either player), the rest waiting their turn; the play ends
    /// when every one is over (the sequential compound).
    Series,
}

impl Compound {
    /// The word that asks for it in an `analyze` statement (`+` for the sum).
    pub fn word(self) -> &'static str {
        match self {
            Compound::Sum => "+",
            Compound::Every => "every",
            Compound::All => "all",
            Compound::Some => "some",
            Compound::Any => "any",
            Compound::Series => "series",
        }
    }
}

/// A piece of a `says`: words as written, or a hole's expression.
#[derive(Clone, Debug, PartialEq)]
pub enum SaysPart {
    /// Words, as written.
    Words(String),
    /// `{EXPR}`: its value, as the move is made.
    Value(Expr),
}

/// `bash(m = 5) at 7`: a game, its argument values, and a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    /// Written after `-`: played with Left and Right exchanged, its
    /// negative.
    pub negated: bool,
    /// The game's name.
    pub game: Ident,
    /// Its parameter values, as written.
    pub args: Vec<Arg>,
    /// The positions asked: one, or many.
    pub positions: Positions,
    /// Where it is written in the source.
    pub span: Span,
}

/// What an `analyze` component asks after `at`: one position, every
/// position of a box of heaps, or a list of these.
#[derive(Clone, Debug, PartialEq)]
pub enum Positions {
    /// One position: `21`, `(3, 5)`, `{1, 5}`.
    One(PositionLit),
    /// Every position of a box of heaps, heap by heap from its lowest to
    /// its highest size (both in), the last heap changing fastest:
    /// `1..1000`, `(1..3, 5, 0..2)`.
    Box {
        /// Each heap's lowest and highest size.
        sides: Vec<(BigUint, BigUint)>,
        /// Where it is written in the source.
        span: Span,
    },
    /// A list: `[(3, 4, 5), 1..3]`, in order.
    List {
        /// The items, each one position or a box.
        items: Vec<Positions>,
        /// Where it is written in the source.
        span: Span,
    },
}

impl PositionLit {
    /// Heaps written as numbers, `(3, 5)`, at `span`.
    pub fn of_heaps(heaps: Vec<BigUint>, span: Span) -> PositionLit {
        PositionLit {
            heaps,
            heads: false,
            pairs: false,
            row: false,
            graph: false,
            board: None,
            lone: Vec::new(),
            lone_colours: Vec::new(),
            colours: Vec::new(),
            words: Vec::new(),
            names: Vec::new(),
            span,
        }
    }
}

impl Positions {
    /// Where it is written in the source.
    pub fn span(&self) -> Span {
        match self {
            Positions::One(p) => p.span,
            Positions::Box { span, .. } | Positions::List { span, .. } => *span,
        }
    }
}

/// `m = 5` in an analyze statement or on the command line (`--set m=5`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arg {
    /// Its name, as written.
    pub name: Ident,
    /// The value given.
    pub value: Value,
    /// Where it is written in the source.
    pub span: Span,
}

/// A position as written: `21` or `(3, 5)`, or the heads of a coin game
/// `{1, 5, 9}` (`heads`).
#[derive(Clone, Debug, PartialEq)]
pub struct PositionLit {
    /// The numbers written: heaps, heads, or a graph's edges' ends.
    pub heaps: Vec<BigUint>,
    /// Written as a set of coins showing heads.
    pub heads: bool,
    /// The heads are pairs `(x, y)` (a product's), two heaps each.
    pub pairs: bool,
    /// Written as a row `THHTH`: `heaps` are the places of its heads,
    /// counted from 0 (the game's first coin).
    pub row: bool,
    /// Written as a graph `graph { 0 -- 1, 2 }`: `heaps` are its edges'
    /// ends, two heaps an edge; `lone` its vertices written alone.
    pub graph: bool,
    /// Written as a board `"..#|...."`: the text between the quotes.
    pub board: Option<String>,
    /// A graph's vertices written alone, without an edge.
    pub lone: Vec<BigUint>,
    /// The colours of the vertices written alone, in order, where written
    /// (`3 blue`: a vertex of Snort or Col tinted blue).
    pub lone_colours: Vec<Option<(Colour, Span)>>,
    /// A graph's edges' colours, in order, where written (`0 -- 1 blue`).
    pub colours: Vec<Option<(Colour, Span)>>,
    /// Written as vertices of a graph named by words, `a` or `(a, b)`: the
    /// words, one a heap (`heaps` empty).
    pub words: Vec<String>,
    /// Written by the names of a position's parts, `(stones = 20, limit =
    /// 19)`: the name each of `heaps` is given to, in the order written.
    pub names: Vec<Ident>,
    /// Where it is written in the source.
    pub span: Span,
}
