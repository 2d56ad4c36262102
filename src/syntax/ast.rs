//! The syntax tree: what a `.game` file says, as written, every node that an
//! error may point at carrying its byte span in the source.

use miette::SourceSpan;
use num_bigint::{BigInt, BigUint};

/// A byte range in the source text.
pub type Span = SourceSpan;

/// A whole `.game` file: games and analyze statements, in source order.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub items: Vec<Item>,
    /// Games whose definitions have a syntax error: the header and the
    /// statements that parsed, so that their own mistakes are reported
    /// beside the syntax error. Never played.
    pub broken: Vec<GameDef>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Game(GameDef),
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
    pub params: Vec<Param>,
    pub body: Vec<Statement>,
    /// Where it is written in the source.
    pub span: Span,
}

/// `m = 3` in a game's header: a parameter and its default value.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name, as written.
    pub name: Ident,
    pub default: Value,
    /// Where it is written in the source.
    pub span: Span,
}

/// A parameter value: a number, a set of numbers or a list of numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    pub kind: ValueKind,
    /// Where it is written in the source.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    Int(BigInt),
    Set(Vec<BigInt>),
    /// `[3, 1, 4]`: in order, repeats kept.
    List(Vec<BigInt>),
    /// `graph { 1 -> 0, 2 -- 3 }`: arcs (from, to, both ways), as written;
    /// a graph of words `graph { a -> b }` numbers them from 0 in the order
    /// they come, `names[k]` vertex k's.
    Graph {
        arcs: Vec<(u64, u64, bool)>,
        names: Vec<String>,
    },
}

/// One statement in a game's body.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    Heaps(HeapsDecl),
    Position(PositionDecl),
    Play(PlayDecl),
    Rule(RuleDef),
    Move(MoveDef),
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
    pub kind: EndKind,
    pub condition: EndCondition,
    /// Where it is written in the source.
    pub span: Span,
}

/// How a play ends at a position that meets an end's condition: won or
/// lost by the player who moved there, or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    Win,
    Lose,
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
    Expr(Expr),
    Block(Vec<BlockStmt>),
}

/// `position (stones, limit)`: a fixed number of parts, each with a name,
/// optionally `where INVARIANT`.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionDecl {
    pub names: Vec<Ident>,
    pub invariant: Option<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// `move NAME { ... }`: a custom move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveDef {
    /// Its name, as written.
    pub name: Ident,
    pub body: Vec<BlockStmt>,
    /// Where it is written in the source.
    pub span: Span,
}

/// One statement of a move block.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockStmt {
    pub kind: BlockStmtKind,
    /// Where it is written in the source.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BlockStmtKind {
    /// `choose x in LO..HI`: each value a separate move. `hi` is `None` when
    /// the range is unbounded (a check error).
    Choose {
        var: Ident,
        lo: Expr,
        hi: Option<Expr>,
    },
    /// `require COND`.
    Require(Expr),
    /// `let x = EXPR`.
    Let { var: Ident, value: Expr },
    /// `PLACE = EXPR`, `PLACE += EXPR`, `PLACE -= EXPR`.
    Assign {
        place: Place,
        op: AssignOp,
        value: Expr,
    },
    /// `for x in LO..HI { ... }`.
    For {
        var: Ident,
        lo: Expr,
        hi: Expr,
        body: Vec<BlockStmt>,
    },
    /// `if COND { ... } else { ... }`; `otherwise` is empty without `else`.
    If {
        condition: Expr,
        then: Vec<BlockStmt>,
        otherwise: Vec<BlockStmt>,
    },
    /// `append EXPR`: a new heap at the end.
    Append(Expr),
    /// `remove I`: heap I leaves the position.
    Remove(Expr),
    /// `becomes T + T ...`: the move ends with the sum of these positions.
    Becomes(Vec<Term>),
}

/// One position of a `becomes`: `(a, h)` of this game, or `row(k = 2) at
/// (a)` of another.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The other game and its parameter values; `None`: this game.
    pub game: Option<(Ident, Vec<Arg>)>,
    pub parts: Vec<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// What an assignment changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// `h[I]`, 1-based.
    Heap(Expr),
    /// A name: a named part (checking refuses anything else).
    Name(Ident),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
}

/// `heaps 2`, `heaps *`, optionally `where INVARIANT`.
#[derive(Clone, Debug, PartialEq)]
pub struct HeapsDecl {
    pub count: HeapCount,
    pub invariant: Option<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum HeapCount {
    /// `heaps N`: every position has exactly N heaps.
    Fixed(BigUint, Span),
    /// `heaps *`: positions have as many heaps as they are given.
    Any,
    /// `coins` (`coins from N`): a row of coins numbered from `origin`; a
    /// position is the set of coins showing heads.
    Coins { origin: BigUint },
}

/// `play normal` or `play misere`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayDecl {
    pub misere: bool,
    /// Where it is written in the source.
    pub span: Span,
}

/// A move rule, optionally labelled: `both: take 1.. from both heaps`.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleDef {
    pub label: Option<Ident>,
    pub kind: RuleKind,
    /// The rule without its label; its text names the rule when it has no label.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RuleKind {
    /// `take AMOUNTS [from TARGET] [and split the rest into 2 ... heaps]`
    Take {
        amounts: Amounts,
        from: From,
        split: Option<SplitSpec>,
    },
    /// `shift AMOUNTS to the previous heap`
    Shift { amounts: Amounts },
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
    Turn { amounts: Amounts, row: bool },
    /// `product of G and H`: the product of two games of coins.
    Product { first: Factor, second: Factor },
    /// `slide along G`: a token slides along an arc of the graph `G`.
    Slide { graph: Ident },
    /// `green hackenbush`: positions are graphs grounded at vertex 0.
    Hackenbush,
    /// `node kayles`, `arc kayles`: positions are graphs.
    Kayles(Kayles),
}

pub use crate::position::Kayles;

/// A game a `product` multiplies, as written: `ruler`, `turtles(k = 2)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Factor {
    /// Its name, as written.
    pub name: Ident,
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
    pub unequal: bool,
    pub nonempty: bool,
    /// Where it is written in the source.
    pub span: Span,
}

/// The amounts a rule may move, with an optional `where` condition over `k`
/// (the amount) and `h` (the heap before the move).
#[derive(Clone, Debug, PartialEq)]
pub struct Amounts {
    pub kind: AmountsKind,
    pub condition: Option<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AmountsKind {
    /// `lo..hi` (inclusive) or `lo..` (no upper bound).
    Range { lo: Expr, hi: Option<Expr> },
    /// `{1, 3, 4}`
    Set(Vec<Expr>),
    /// One expression: a number, a parameter (number or set), or `k` itself.
    Single(Expr),
}

/// An expression, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    /// Where it is written in the source.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(BigInt),
    /// A parameter, or one of the names a context gives: `k`, `h`, `len`.
    Name(Ident),
    /// `h[i]`: the i-th heap, 1-based.
    Heap(Box<Expr>),
    /// `T[i]`: the i-th item of a list parameter, 1-based.
    Item(Ident, Box<Expr>),
    /// `len(T)`: the number of items of a list parameter.
    LenOf(Ident),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `min(a, b, ...)` and `max(a, b, ...)`.
    Call(Func, Vec<Expr>),
    /// `x is square`, `x is prime`, `x is even`, `x is odd`.
    Is(Box<Expr>, Property),
    /// `each >= 1`: every heap compares so.
    Each(BinOp, Box<Expr>),
    /// `nonincreasing` / `nondecreasing`: the heaps in order.
    Monotone(Monotone),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    /// `a divides b`
    Divides,
    /// `a is power of b`: a = b^j for some j >= 0.
    PowerOf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    Square,
    Prime,
    Even,
    Odd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Monotone {
    Nonincreasing,
    Nondecreasing,
}

/// `analyze G at P + H at Q`: one position, a sum when it has several
/// components, or another compound when a word comes first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analyze {
    pub compound: Compound,
    pub components: Vec<Component>,
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
        }
    }
}

/// `bash(m = 5) at 7`: a game, its argument values, and a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    pub game: Ident,
    pub args: Vec<Arg>,
    pub position: PositionLit,
    /// Where it is written in the source.
    pub span: Span,
}

/// `m = 5` in an analyze statement or on the command line (`--set m=5`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arg {
    /// Its name, as written.
    pub name: Ident,
    pub value: Value,
    /// Where it is written in the source.
    pub span: Span,
}

/// A position as written: `21` or `(3, 5)`, or the heads of a coin game
/// `{1, 5, 9}` (`heads`).
#[derive(Clone, Debug, PartialEq)]
pub struct PositionLit {
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
    pub lone: Vec<BigUint>,
    /// Written as vertices of a graph named by words, `a` or `(a, b)`: the
    /// words, one a heap (`heaps` empty).
    pub words: Vec<String>,
    /// Where it is written in the source.
    pub span: Span,
}
