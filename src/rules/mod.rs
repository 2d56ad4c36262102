//! A game's rules lowered to one move representation, with its parameters
//! fixed: what the search and the known-game recogniser see. Lowering
//! (`check::lower`) turns a checked syntax tree into this; `expr` evaluates
//! the conditions that remain.

mod amounts;
pub mod expr;
pub mod solve;

use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::position::{Colour, Colouring, GraphShape};
use crate::source::Source;
pub use crate::syntax::ast::AssignOp;
use crate::syntax::ast::{Arg, Ident, Span, ValueKind};
pub use crate::syntax::ast::{EndKind, Kayles, Side};
pub use amounts::{AmountBase, Amounts};
pub use expr::Expr;

/// A game with its parameter values fixed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Its name, as written.
    pub name: String,
    /// Parameter values, in declaration order (shown as `bash(m = 3)`).
    pub params: Vec<(String, ParamValue)>,
    /// `heaps N`: `Some(N)`; `heaps *`: `None`.
    pub heap_count: Option<usize>,
    /// `where INVARIANT`: what every position satisfies.
    pub invariant: Option<Invariant>,
    /// Misère play: whoever moves last loses.
    pub misere: bool,
    /// The names of the position's parts, for `position (a, b)` games.
    pub parts: Option<Vec<String>>,
    /// `coins`: a row of coins, its positions the coins showing heads.
    pub coins: Option<Coins>,
    /// `green hackenbush`, `hackenbush`, `node kayles`, `arc kayles`:
    /// positions are graphs, kept in this shape
    /// (`crate::position::GraphShape`).
    pub graph: Option<GraphShape>,
    /// `board`: a grid of cells, kept as heaps: its rows, its columns, then
    /// each cell's character (its code point), row by row from the top.
    pub board: bool,
    /// Its rules, in the order written (a move names its rule by index).
    pub rules: Vec<Rule>,
    /// A scoring game: some move scores points (`score += EXPR`); the
    /// player with more when the player to move has none wins.
    pub scoring: bool,
    /// `win when`, `lose when`, `draw when`: positions where the play ends
    /// other than by running out of moves, in the order written (the first
    /// whose condition holds decides).
    pub ends: Vec<End>,
    /// The file the game was written in: rules point into it.
    pub source: Source,
}

/// `win when COND` (and `lose`, `draw`): moving into a position that meets
/// the condition ends the whole play, won or lost by the player who moved
/// there, or drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// How the play ends there.
    pub kind: EndKind,
    /// Where it ends.
    pub test: EndTest,
    /// The condition as written.
    pub text: String,
    /// Where it is written in the source.
    pub span: Span,
}

/// An end's condition, lowered: an expression, or a block that holds when
/// some way through it meets every `require`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndTest {
    /// An expression over the position.
    Expr(Expr),
    /// A block, which holds when some way through it meets every `require`.
    Block(Block),
}

/// `coins` (`coins from N`): a row of coins numbered from `origin`. A
/// position is the set of coins showing heads, kept as heaps in increasing
/// order, one heap a head.
/// A product's coins are pairs, two heaps each, in increasing order of the
/// pairs, each side numbered from its factor's first coin (`pairs`: known
/// once the factors are linked, 0 before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    /// The first coin's number, 0 or 1.
    pub origin: u64,
    /// A product's: each side's first coin.
    pub pairs: Option<[u64; 2]>,
}

impl Coins {
    /// Whether `heads` is a position: coins of the row, each once, in
    /// increasing order (pairs: an even number of heaps, the pairs
    /// increasing; their sides are their factors' to check).
    pub fn holds(self, heads: &[u64]) -> bool {
        if let Some([x0, y0]) = self.pairs {
            return heads.len().is_multiple_of(2)
                && heads.chunks(2).all(|p| p[0] >= x0 && p[1] >= y0)
                && heads
                    .chunks(2)
                    .zip(heads.chunks(2).skip(1))
                    .all(|(a, b)| a < b);
        }
        heads.first().is_none_or(|&first| first >= self.origin)
            && heads.windows(2).all(|w| w[0] < w[1])
    }
}

/// `product of G and H`: a square of coins, coin (x, y) turned by a move of
/// G from x and a move of H from y together: every coin (a, b) with a among
/// the coins G's move turns and b among H's (Winning Ways, ch. 14).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Product {
    /// The two games, each of coins in a row: named until linked.
    pub factors: [TermGame; 2],
}

/// `turn AMOUNTS coins [in a row]`: a move turns over as many coins as the
/// amounts allow, the rightmost of them from heads to tails; the others
/// are any coins to its left (`row`: the coins next to it), each turned
/// either way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turning {
    /// How many coins a move turns, the head among them; a condition reads
    /// `k` (the number) and `h` (how many coins are at or left of the head).
    pub counts: Amounts,
    /// `in a row`: the coins next to each other, ending at the head.
    pub row: bool,
}

/// `heaps ... where COND`: every position of the game satisfies it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Invariant {
    /// The condition, lowered.
    pub expr: Expr,
    /// The condition as written.
    pub text: String,
}

/// A parameter's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamValue {
    /// A number.
    Int(BigInt),
    /// A set of numbers.
    Set(BTreeSet<BigInt>),
    /// In order, repeats kept: indexed `T[i]` from 1, measured `len(T)`.
    List(Vec<BigInt>),
    /// `graph { 1 -> 0, 2 -- 3 }`: a graph, for `slide along G`.
    Graph(Arc<Graph>),
}

impl ParamValue {
    /// The value as a file writes it (where a `becomes` passes it on).
    pub fn written(&self) -> ValueKind {
        match self {
            ParamValue::Int(n) => ValueKind::Int(n.clone()),
            ParamValue::Set(items) => ValueKind::Set(items.iter().cloned().collect()),
            ParamValue::List(items) => ValueKind::List(items.clone()),
            ParamValue::Graph(graph) => ValueKind::Graph {
                arcs: graph.arcs.clone(),
                names: graph.names.clone(),
            },
        }
    }
}

/// A graph as a file writes it: its arcs (from, to, and whether the arc
/// goes both ways, `--`), in the order written; vertices named by words are
/// numbered from 0 in the order they come, `names[k]` vertex k's (empty
/// for a graph of numbers).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    /// Each arc: from, to, and whether it goes both ways.
    pub arcs: Vec<(u64, u64, bool)>,
    /// The words of a graph of words, by vertex number (else empty).
    pub names: Vec<String>,
}

impl Graph {
    /// Vertex `v` as the file names it: its word, or its number.
    pub fn vertex_name<T: ToPrimitive + fmt::Display>(&self, v: &T) -> String {
        match v.to_usize().and_then(|k| self.names.get(k)) {
            Some(word) => word.clone(),
            None => v.to_string(),
        }
    }

    /// The vertex named `word`, in a graph of words.
    pub fn vertex(&self, word: &str) -> Option<u64> {
        self.names.iter().position(|w| w == word).map(|k| k as u64)
    }

    /// Every arc one way, sorted by where it starts (an edge both ways is
    /// two), repeats left out: the successors of `v` are a range of it.
    pub fn successors(&self) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = (self.arcs.iter())
            .flat_map(|&(a, b, both)| [Some((a, b)), both.then_some((b, a))])
            .flatten()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Graphs of more arcs than this are written shortened: the first ones,
/// `…`, and the count (a game's title carries its graph).
const SHOWN_ARCS: usize = 8;

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut arcs: Vec<String> = (self.arcs.iter().take(SHOWN_ARCS))
            .map(|&(a, b, both)| {
                let (a, b) = (self.vertex_name(&a), self.vertex_name(&b));
                format!("{a} {} {b}", if both { "--" } else { "->" })
            })
            .collect();
        if self.arcs.len() > SHOWN_ARCS {
            arcs.push(format!("… ({} arcs)", self.arcs.len()));
        }
        write!(f, "graph {{ {} }}", arcs.join(", "))
    }
}

impl ParamValue {
    /// What it is, in words: `a number`, `a set`, `a list`.
    pub fn kind(&self) -> &'static str {
        match self {
            ParamValue::Int(_) => "a number",
            ParamValue::Set(_) => "a set",
            ParamValue::List(_) => "a list",
            ParamValue::Graph(_) => "a graph",
        }
    }

    /// What it is, said of a parameter: `a number`, `a set of numbers`, `a
    /// list of numbers`.
    pub fn kind_of_numbers(&self) -> &'static str {
        match self {
            ParamValue::Int(_) => "a number",
            ParamValue::Set(_) => "a set of numbers",
            ParamValue::List(_) => "a list of numbers",
            ParamValue::Graph(_) => "a graph",
        }
    }
}

/// One rule: a kind of move, and the name moves made by it are shown with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The player whose rule it is (`left`, `right`); `None`: both
    /// players' (every rule of an impartial game).
    pub side: Option<Side>,
    /// The rule's label, or its source text when it has none.
    pub name: String,
    /// Where it is written in the source.
    pub span: Span,
    /// The moves it makes.
    pub kind: MoveKind,
}

/// The kinds of moves a rule makes, lowered.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Take an amount from each of the target heaps; then, optionally,
    /// split what is left of the (one) heap into two.
    Take {
        /// The amounts.
        amounts: Amounts,
        /// Which heaps.
        target: Target,
        /// How what is left is split, if it is.
        split_rest: Option<Split>,
    },
    /// Move an amount from heap i to heap i - 1; from heap 1 it leaves the game.
    Shift {
        /// The amounts.
        amounts: Amounts,
    },
    /// Split one heap into two.
    Split(Split),
    /// With exactly two heaps: empty one, split the other into two.
    EmptyAndSplit(Split),
    /// An octal game: remove tokens from one heap as the code's digits allow.
    Octal(OctalCode),
    /// A `move` block: any change of the position a program can describe.
    Block(Block),
    /// A coin-turning move (`coins` games).
    Turn(Turning),
    /// The product of two coin games.
    Product(Product),
    /// A token slides along an arc of the graph: the heap is its vertex.
    Slide(Arc<Graph>),
    /// Hackenbush: cut an edge (`None`: any edge of a graph of green
    /// hackenbush; a colour: an edge of that colour of a coloured graph);
    /// what no longer reaches the ground (vertex 0) falls.
    Cut(Option<Colour>),
    /// Node Kayles (pick a vertex, removing it and its neighbours) or Arc
    /// Kayles (pick an edge, removing its two ends).
    Pick(Kayles),
    /// Snort or Col: colour a vertex the colour given (Left blue, Right
    /// red), where the game allows it (`moves::colourings`).
    Colour(Colouring, Colour),
}

/// A `move` block, lowered: its statements, with every name resolved (a
/// parameter to its value, a named part to its heap, a variable to a slot).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Its statements, in order.
    pub body: Vec<Stmt>,
    /// How many variable slots the statements use.
    pub slots: usize,
    /// The octal game the block plays, where it is one written out
    /// (`moves::octal_block`): found once, when the game is checked.
    pub octal: Option<OctalCode>,
    /// The words its moves are told in (`says "take {k}"`), valued with
    /// the block's variables as they stand at its end; `None`: the moves
    /// are told by what they change.
    pub says: Option<Vec<Said>>,
}

/// A piece of a move's words (`says`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Said {
    /// Words, as written.
    Words(String),
    /// A number: an expression's value as the move is made.
    Value(Expr),
}

/// One statement of a lowered block. Heap indices are 1-based expressions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    /// Each value in `lo..=hi` is a separate move.
    Choose {
        /// The variable's slot.
        slot: usize,
        /// The least value.
        lo: Expr,
        /// The greatest value.
        hi: Expr,
    },
    /// The move exists only where the condition holds.
    Require(Expr),
    /// A variable's value.
    Let {
        /// The variable's slot.
        slot: usize,
        /// Its value.
        value: Expr,
    },
    /// `h[index] = value`, `+= value` or `-= value`.
    Assign {
        /// The heap, from 1.
        index: Expr,
        /// `=`, `+=` or `-=`.
        op: AssignOp,
        /// By what.
        value: Expr,
    },
    /// The body once for each value of `lo..=hi`, in order.
    For {
        /// The loop variable's slot.
        slot: usize,
        /// Its first value.
        lo: Expr,
        /// Its last value.
        hi: Expr,
        /// The statements run for each value.
        body: Vec<Stmt>,
        /// The body has a `choose`: each iteration forks the move.
        forks: bool,
    },
    /// One branch or the other.
    If {
        /// The condition.
        condition: Expr,
        /// The statements run when it holds.
        then: Vec<Stmt>,
        /// The statements run when it does not.
        otherwise: Vec<Stmt>,
    },
    /// A new heap at the end.
    Append(Expr),
    /// Heap `index` leaves the position.
    Remove(Expr),
    /// The move ends with the sum of these positions (Multi-SG: its value
    /// is the XOR of theirs).
    Becomes(Vec<Term>),
    /// `score += value` (`-=`: the value negated): the mover wins these
    /// points (a scoring game).
    Score(Expr),
    /// `again`: the mover moves again (a scoring game).
    Again,
}

/// One position of a `becomes`: its game, and its parts (heaps) as
/// expressions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// Its game.
    pub game: TermGame,
    /// Its parts (heaps), in order.
    pub parts: Vec<Expr>,
    /// Where it is written in the source.
    pub span: Span,
}

/// Which game a `becomes` position is of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TermGame {
    /// The game the block is in.
    This,
    /// Another game of the file, lowered with its parameter values.
    Other(Arc<Game>),
    /// Another game as written, before checking links it (`Other`).
    Named(Box<GameRef>),
    /// A game on the way to this one, come back to (a circle of games
    /// that become each other): held weakly, as the game holds this one.
    Back(BackLink),
}

/// A game a `becomes` comes back to, held weakly (`TermGame::Back`): the
/// same game when it is the same allocation.
#[derive(Clone)]
pub struct BackLink(pub std::sync::Weak<Game>);

impl BackLink {
    /// The game, while anything else holds it (the game a question is
    /// about, and so every game on its way, is held for the question).
    pub fn game(&self) -> Option<Arc<Game>> {
        self.0.upgrade()
    }
}

impl PartialEq for BackLink {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr_eq(&other.0)
    }
}

impl Eq for BackLink {}

impl std::hash::Hash for BackLink {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.as_ptr().hash(state);
    }
}

impl std::fmt::Debug for BackLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.game() {
            Some(game) => write!(f, "BackLink({})", game.title()),
            None => write!(f, "BackLink(gone)"),
        }
    }
}

/// Another game as a `becomes` names it: `row(k = 2)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameRef {
    /// Its name, as written.
    pub name: Ident,
    /// Its parameter values, as written.
    pub args: Vec<Arg>,
}

impl Stmt {
    /// Whether `test` holds of some statement of `statements`, or of one in
    /// their loops and branches, however deep.
    pub fn any(statements: &[Stmt], test: &impl Fn(&Stmt) -> bool) -> bool {
        statements.iter().any(|s| {
            test(s)
                || match s {
                    Stmt::For { body, .. } => Stmt::any(body, test),
                    Stmt::If {
                        then, otherwise, ..
                    } => Stmt::any(then, test) || Stmt::any(otherwise, test),
                    _ => false,
                }
        })
    }

    /// Whether statements contain a `choose` (or a `becomes`, which ends
    /// the move where it stands), at any depth: a loop around them runs in
    /// continuation style.
    pub fn fork(statements: &[Stmt]) -> bool {
        statements.iter().any(|s| match s {
            Stmt::Choose { .. } | Stmt::Becomes(_) => true,
            Stmt::For { forks, .. } => *forks,
            Stmt::If {
                then, otherwise, ..
            } => Stmt::fork(then) || Stmt::fork(otherwise),
            Stmt::Require(_)
            | Stmt::Let { .. }
            | Stmt::Assign { .. }
            | Stmt::Append(_)
            | Stmt::Remove(_)
            | Stmt::Score(_)
            | Stmt::Again => false,
        })
    }
}

/// An octal code, like 0.77 (Kayles) or 4.0 (split without removing).
/// Digit j says how removing j tokens from a heap may leave it: bit 1 with
/// no heap, bit 2 as one heap, bit 4 as two nonempty heaps. Digit 0 (before
/// the point) may only be 0 or 4.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[j]` for removing j tokens; no trailing zeros after the point.
    pub digits: Vec<u8>,
    /// Written as a hexadecimal code (`hex 0.F`), whose digits may have bit
    /// 8: leaving three nonempty heaps.
    pub hex: bool,
}

impl OctalCode {
    /// Removing `j` tokens may leave no heap.
    pub fn leaves_none(&self, j: usize) -> bool {
        j > 0 && self.digit(j) & 1 != 0
    }

    /// Removing `j` tokens may leave one (nonempty) heap.
    pub fn leaves_one(&self, j: usize) -> bool {
        j > 0 && self.digit(j) & 2 != 0
    }

    /// Removing `j` tokens may leave two nonempty heaps.
    pub fn leaves_two(&self, j: usize) -> bool {
        self.digit(j) & 4 != 0
    }

    /// Removing `j` tokens may leave three nonempty heaps.
    pub fn leaves_three(&self, j: usize) -> bool {
        self.digit(j) & 8 != 0
    }

    /// Whether some move leaves three heaps.
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// The most tokens one move removes.
    pub fn max_removal(&self) -> usize {
        self.digits.len().saturating_sub(1)
    }

    /// Whether some move splits a heap, in two or three.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 12 != 0)
    }

    /// The digit for removing `j` tokens (0 past the last).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let radix = if self.hex { 16 } else { 8 };
        let mut digits = self.digits.iter().map(|&d| {
            char::from_digit(u32::from(d), radix).map_or('?', |c| c.to_ascii_uppercase())
        });
        let before = digits.next().unwrap_or('0');
        let after: String = digits.collect();
        write!(
            f,
            "{before}.{}",
            if after.is_empty() { "0" } else { &after }
        )
    }
}

/// The heaps a take acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// One heap.
    One,
    /// The same amount from each of exactly n distinct heaps (n >= 2).
    Same(usize),
    /// An amount each (not necessarily equal) from 1 to n distinct heaps.
    UpTo(usize),
}

/// How a heap splits in two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    /// The two heaps must differ.
    pub unequal: bool,
    /// Both heaps must be nonempty.
    pub nonempty: bool,
}

impl Split {
    /// Whether a split of `r` may leave it whole, beside an empty heap: when
    /// parts may be empty, unless r = 0 and the parts must differ.
    #[inline]
    pub fn may_leave_whole(self, r: usize) -> bool {
        !(self.nonempty || (self.unequal && r == 0))
    }

    /// The largest smaller part a split of `r` into two nonempty heaps may
    /// have: r / 2, or below r / 2 when the parts must differ.
    #[inline]
    pub fn widest_part(self, r: usize) -> usize {
        if self.unequal {
            r.saturating_sub(1) / 2
        } else {
            r / 2
        }
    }

    /// The ways to split a heap of `h` into two heaps `(a, b)`: unordered
    /// (`a <= b`) unless `ordered`, when the two places are told apart.
    pub fn parts(self, h: u64, ordered: bool) -> impl Iterator<Item = (u64, u64)> {
        let low = u64::from(self.nonempty);
        let high = if ordered { h - low.min(h) } else { h / 2 };
        (low..=high)
            .map(move |a| (a, h - a))
            .filter(move |&(a, b)| (!self.nonempty || b >= 1) && (!self.unequal || a != b))
    }
}

impl Game {
    /// Every term of every `becomes` in the game's move blocks.
    pub fn becomes_terms(&self) -> Vec<&Term> {
        fn walk<'a>(statements: &'a [Stmt], out: &mut Vec<&'a Term>) {
            for statement in statements {
                match statement {
                    Stmt::Becomes(terms) => out.extend(terms),
                    Stmt::For { body, .. } => walk(body, out),
                    Stmt::If {
                        then, otherwise, ..
                    } => {
                        walk(then, out);
                        walk(otherwise, out);
                    }
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        for rule in &self.rules {
            if let MoveKind::Block(block) = &rule.kind {
                walk(&block.body, &mut out);
            }
        }
        out
    }

    /// The games its `becomes` terms name, once linked (other games, and
    /// games come back to): not this game itself.
    pub fn linked_games(&self) -> Vec<Arc<Game>> {
        (self.becomes_terms().into_iter())
            .filter_map(|t| match &t.game {
                TermGame::Other(game) => Some(game.clone()),
                TermGame::Back(link) => link.game(),
                TermGame::This | TermGame::Named(_) => None,
            })
            .collect()
    }

    /// The title of the game that declares ends (`win when` and the like):
    /// this one, or a game its moves may become (at any depth), where any
    /// does. A play of it may then end at one.
    pub fn ends_anywhere(&self) -> Option<String> {
        self.anywhere(&|game| !game.ends.is_empty())
    }

    /// Whether a rule belongs to one player (`left`, `right`): a partizan
    /// game.
    pub fn is_partizan(&self) -> bool {
        self.rules.iter().any(|rule| rule.side.is_some())
    }

    /// Whether its positions are graphs standing on the ground, vertex 0:
    /// Hackenbush's (Winning Ways, ch. 2), drawn with the ground below.
    pub fn grounded(&self) -> bool {
        matches!(
            self.graph,
            Some(GraphShape::Grounded | GraphShape::Coloured)
        )
    }

    /// The title of the partizan game (`is_partizan`): this one, or a game
    /// its moves may become (at any depth), where any is.
    pub fn partizan_anywhere(&self) -> Option<String> {
        self.anywhere(&Game::is_partizan)
    }

    /// The title of the first game that `holds`: this one, or a game its
    /// moves may become, at any depth.
    fn anywhere(&self, holds: &dyn Fn(&Game) -> bool) -> Option<String> {
        if holds(self) {
            return Some(self.title());
        }
        let mut seen: Vec<Arc<Game>> = Vec::new();
        let mut next = self.linked_games();
        while let Some(game) = next.pop() {
            if seen.iter().any(|g| Arc::ptr_eq(g, &game)) {
                continue;
            }
            if holds(&game) {
                return Some(game.title());
            }
            next.extend(game.linked_games());
            seen.push(game);
        }
        None
    }

    /// Whether `heaps` have the shape of the game's positions: a coin
    /// game's heads (`Coins::holds`), a graph game's graph in its shape;
    /// any heaps otherwise (the invariant aside).
    pub fn shaped(&self, heaps: &[u64]) -> bool {
        self.coins.is_none_or(|c| c.holds(heaps))
            && self.graph.is_none_or(|shape| shape.holds(heaps))
    }

    /// The graph of words the game's tokens slide along, if it has one.
    pub fn named_graph(&self) -> Option<&Graph> {
        self.rules.iter().find_map(|rule| match &rule.kind {
            MoveKind::Slide(graph) if !graph.names.is_empty() => Some(&**graph),
            _ => None,
        })
    }

    /// `bash(m = 3)`, or just `nim` without parameters.
    pub fn title(&self) -> String {
        if self.params.is_empty() {
            return self.name.clone();
        }
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(name, value)| format!("{name} = {value}"))
            .collect();
        format!("{}({})", self.name, params.join(", "))
    }
}

/// Sets and lists of more items than this are written shortened, as graphs
/// are: the first ones, `…`, and the count (a game's title carries them).
const SHOWN_ITEMS: usize = 16;

/// The items, joined by commas; past `SHOWN_ITEMS`, the first of them,
/// `…` and how many there are.
fn shortened<'a>(items: impl ExactSizeIterator<Item = &'a BigInt>) -> String {
    let count = items.len();
    let mut shown: Vec<String> = items.take(SHOWN_ITEMS).map(ToString::to_string).collect();
    if count > SHOWN_ITEMS {
        shown.push(format!("… ({count} items)"));
    }
    shown.join(", ")
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Int(n) => write!(f, "{n}"),
            ParamValue::Set(items) => write!(f, "{{{}}}", shortened(items.iter())),
            ParamValue::List(items) => write!(f, "[{}]", shortened(items.iter())),
            ParamValue::Graph(graph) => write!(f, "{graph}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_respect_flags() {
        let nonempty_unequal = Split {
            unequal: true,
            nonempty: true,
        };
        assert_eq!(
            nonempty_unequal.parts(6, false).collect::<Vec<_>>(),
            vec![(1, 5), (2, 4)]
        );
        let nonempty = Split {
            unequal: false,
            nonempty: true,
        };
        assert_eq!(
            nonempty.parts(4, true).collect::<Vec<_>>(),
            vec![(1, 3), (2, 2), (3, 1)]
        );
        assert_eq!(nonempty.parts(1, true).count(), 0);
    }
}
