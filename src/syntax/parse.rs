//! Parsing: `.game` text to the syntax tree of [`super::ast`].
//!
//! The grammar is `grammar/gamelang.pest`. This module runs it, builds the
//! tree from pest's pairs (operator precedence with pest's [`PrattParser`]),
//! and turns pest's errors into [`SyntaxError`]s that speak plain words.

use std::cell::Cell;
use std::sync::LazyLock;

use num_bigint::{BigInt, BigUint};
use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::ast::{
    self, Amounts, AmountsKind, Analyze, Arg, BinOp, Component, Expr, ExprKind, File, Func,
    GameDef, HeapCount, HeapsDecl, Ident, Item, Monotone, Param, PlayDecl, PositionLit, Property,
    RuleDef, RuleKind, Span, SplitSpec, Statement, Value, ValueKind,
};
use super::error::SyntaxError;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/gamelang.pest"]
struct GameParser;

/// The words that cannot be names. Keep in step with `keyword` in the grammar.
const KEYWORDS: &[&str] = &[
    "game",
    "analyze",
    "at",
    "heaps",
    "heap",
    "where",
    "play",
    "normal",
    "misere",
    "misère",
    "take",
    "from",
    "both",
    "up",
    "to",
    "shift",
    "the",
    "previous",
    "split",
    "into",
    "unequal",
    "nonempty",
    "and",
    "or",
    "not",
    "is",
    "square",
    "prime",
    "even",
    "odd",
    "divides",
    "each",
    "nonincreasing",
    "nondecreasing",
    "empty",
    "one",
    "other",
    "rest",
    "min",
    "max",
    "len",
    "move",
    "octal",
];

/// The statements a game's body may have, for help lines.
const BODY_HELP: &str = "a game's body has `heaps`, `play`, and rules starting with `take`, `shift`, `split`, `empty` or `octal`";

// ---------------------------------------------------------------------------
// Public API

/// Parses a whole file.
///
/// Recovers at top-level items: after a syntax error, skips to the next line
/// that starts (after optional whitespace) with `game` or `analyze` and goes
/// on, so that several syntax errors in one file are all reported. Returns the
/// items that parsed (an item with an error is left out) and every error.
pub fn parse_file(src: &str) -> (File, Vec<SyntaxError>) {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    let mut pos = 0;
    loop {
        pos = skip_blank(src, pos);
        if pos >= src.len() {
            break;
        }
        let word = token_at(src, pos);
        if word != "game" && word != "analyze" {
            errors.push(top_level_error(pos, word));
            pos = next_item_line(src, pos);
            continue;
        }
        match GameParser::parse(Rule::item_line, &src[pos..]) {
            Ok(mut pairs) => {
                let line = pairs.next().expect("item_line matched");
                let end = pos + line.as_span().end();
                let builder = Builder::new(pos);
                match builder.item(line) {
                    Ok(item) => items.push(item),
                    Err(error) => errors.push(error),
                }
                pos = end;
            }
            Err(error) => {
                errors.push(convert_error(src, pos, &error, Context::File));
                pos = next_item_line(src, pos);
            }
        }
    }
    (File { items }, errors)
}

/// Parses a position as written after `at` (and given to `--at`): `21`,
/// `(3, 5)`, `(7)`, `()`.
pub fn parse_position(src: &str) -> Result<PositionLit, SyntaxError> {
    let mut pairs = GameParser::parse(Rule::position_only, src)
        .map_err(|error| convert_error(src, 0, &error, Context::Text))?;
    let whole = pairs.next().expect("position_only matched");
    let position = child(whole, Rule::position);
    Ok(Builder::new(0).position(position))
}

/// Parses `NAME=VALUE` as given to `--set` (spaces around `=` allowed):
/// `m=10`, `S={1,2}`, `m = -1`.
pub fn parse_arg(src: &str) -> Result<Arg, SyntaxError> {
    let mut pairs = GameParser::parse(Rule::arg_only, src)
        .map_err(|error| convert_error(src, 0, &error, Context::Text))?;
    let whole = pairs.next().expect("arg_only matched");
    let arg = child(whole, Rule::arg);
    Ok(Builder::new(0).arg(arg))
}

// ---------------------------------------------------------------------------
// Building the tree

type PResult<T> = Result<T, SyntaxError>;

/// Operator precedence, loosest first.
static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left)
            | Op::infix(Rule::op_divides, Assoc::Left)
            | Op::postfix(Rule::op_is))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_rem, Assoc::Left))
        .op(Op::prefix(Rule::op_neg))
});

/// An expression and whether it was written in parentheses (a comparison in
/// parentheses may be compared again; a bare one may not).
struct Grouped {
    expr: Expr,
    grouped: bool,
}

/// Builds tree nodes from the pairs of one parse. `offset` is where the parsed
/// text starts in the whole source, so that spans are byte offsets into it.
struct Builder {
    offset: usize,
    /// How many expressions deep the builder is, to refuse absurd nesting
    /// before it overflows the stack.
    depth: Cell<usize>,
}

/// The deepest nesting of expressions (parentheses, `h[...]`, `min(...)`) and
/// the longest run of prefix operators (`not not ...`, `- - ...`) accepted.
const MAX_NESTING: usize = 100;

impl Builder {
    fn new(offset: usize) -> Self {
        Builder {
            offset,
            depth: Cell::new(0),
        }
    }
}

/// The first child of `pair` with the given rule.
fn child(pair: Pair<'_, Rule>, rule: Rule) -> Pair<'_, Rule> {
    pair.into_inner()
        .find(|p| p.as_rule() == rule)
        .unwrap_or_else(|| panic!("the grammar guarantees a {rule:?} here"))
}

/// The children of `pair` with the given rule.
fn children(pair: Pair<'_, Rule>, rule: Rule) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(move |p| p.as_rule() == rule)
}

fn big_int(text: &str) -> BigInt {
    text.parse()
        .expect("the grammar only matches integers here")
}

fn big_uint(text: &str) -> BigUint {
    text.parse().expect("the grammar only matches digits here")
}

fn span_start(span: Span) -> usize {
    span.offset()
}

fn span_end(span: Span) -> usize {
    span.offset() + span.len()
}

fn join(start: Span, end: Span) -> Span {
    (span_start(start)..span_end(end)).into()
}

/// `text` without trailing spaces, tabs and comments, which pest leaves in the
/// span of a rule that ends with an optional part that was not there.
fn trim_trailing(text: &str) -> &str {
    let mut text = text;
    loop {
        let before = text.len();
        let last_line = text.rfind('\n').map_or(0, |i| i + 1);
        if let Some(i) = text[last_line..].find("//") {
            text = &text[..last_line + i];
        }
        text = text.trim_end_matches([' ', '\t']);
        if text.len() == before {
            return text;
        }
    }
}

fn is_comparison(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Binary(op, _, _) => is_comparison_op(*op),
        ExprKind::Is(..) | ExprKind::Each(..) => true,
        _ => false,
    }
}

fn is_comparison_op(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Divides
    )
}

fn comparison_op(text: &str) -> BinOp {
    match text {
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        other => unreachable!("not a comparison: {other}"),
    }
}

impl Builder {
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let span = pair.as_span();
        let len = trim_trailing(span.as_str()).len();
        (self.offset + span.start()..self.offset + span.start() + len).into()
    }

    fn ident(&self, pair: Pair<'_, Rule>) -> Ident {
        Ident {
            name: pair.as_str().to_string(),
            span: self.span(&pair),
        }
    }

    fn item(&self, line: Pair<'_, Rule>) -> PResult<Item> {
        let item = line.into_inner().next().expect("item_line has an item");
        match item.as_rule() {
            Rule::game_def => self.game(item).map(Item::Game),
            Rule::analyze => Ok(Item::Analyze(self.analyze(item))),
            other => unreachable!("not an item: {other:?}"),
        }
    }

    fn game(&self, pair: Pair<'_, Rule>) -> PResult<GameDef> {
        let span = self.span(&pair);
        let mut name = None;
        let mut params = Vec::new();
        let mut body = Vec::new();
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::game_name => name = Some(self.ident(part)),
                Rule::params => {
                    params = children(part, Rule::param).map(|p| self.param(p)).collect();
                }
                Rule::body => {
                    for statement in children(part, Rule::statement) {
                        body.push(self.statement(statement)?);
                    }
                }
                _ => {}
            }
        }
        Ok(GameDef {
            name: name.expect("a game has a name"),
            params,
            body,
            span,
        })
    }

    fn param(&self, pair: Pair<'_, Rule>) -> Param {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.ident(inner.next().expect("a parameter has a name"));
        let default = self.value(inner.find(|p| p.as_rule() == Rule::value).expect("a value"));
        Param {
            name,
            default,
            span,
        }
    }

    fn value(&self, pair: Pair<'_, Rule>) -> Value {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("a value has a kind");
        let kind = match inner.as_rule() {
            Rule::signed_int => ValueKind::Int(big_int(inner.as_str())),
            Rule::set_value => ValueKind::Set(
                children(inner, Rule::signed_int)
                    .map(|p| big_int(p.as_str()))
                    .collect(),
            ),
            other => unreachable!("not a value: {other:?}"),
        };
        Value { kind, span }
    }

    fn statement(&self, pair: Pair<'_, Rule>) -> PResult<Statement> {
        let inner = pair.into_inner().next().expect("a statement has a kind");
        match inner.as_rule() {
            Rule::heaps_decl => self.heaps(inner).map(Statement::Heaps),
            Rule::play_decl => {
                let span = self.span(&inner);
                let misere = children(inner, Rule::kw_misere).next().is_some();
                Ok(Statement::Play(PlayDecl { misere, span }))
            }
            Rule::reserved_stmt => Err(self.reserved(inner)),
            Rule::rule_def => self.rule(inner).map(Statement::Rule),
            other => unreachable!("not a statement: {other:?}"),
        }
    }

    fn heaps(&self, pair: Pair<'_, Rule>) -> PResult<HeapsDecl> {
        let span = self.span(&pair);
        let mut count = HeapCount::Any;
        let mut invariant = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::heap_count => {
                    let inner = part.into_inner().next().expect("a heap count");
                    if inner.as_rule() == Rule::int {
                        count = HeapCount::Fixed(big_uint(inner.as_str()), self.span(&inner));
                    }
                }
                Rule::where_clause => invariant = Some(self.where_clause(part)?),
                _ => {}
            }
        }
        Ok(HeapsDecl {
            count,
            invariant,
            span,
        })
    }

    fn where_clause(&self, pair: Pair<'_, Rule>) -> PResult<Expr> {
        self.expr(child(pair, Rule::expr))
    }

    fn reserved(&self, pair: Pair<'_, Rule>) -> SyntaxError {
        let keyword = pair.into_inner().next().expect("a reserved keyword");
        SyntaxError::new(
            "custom `move` blocks are not supported yet",
            self.span(&keyword),
            "not supported yet",
        )
        .with_help(
            "for now, describe the moves with rules starting with `take`, `shift`, `split`, `empty` or `octal`",
        )
    }

    fn rule(&self, pair: Pair<'_, Rule>) -> PResult<RuleDef> {
        let mut label = None;
        let mut rule = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::label => label = Some(self.label(&part)),
                _ => rule = Some(part),
            }
        }
        let rule = rule.expect("a rule after its label");
        let span = self.span(&rule);
        let kind = match rule.as_rule() {
            Rule::take_rule => {
                let mut amounts = None;
                let mut from = ast::From::OneHeap;
                let mut split = None;
                for part in rule.into_inner() {
                    match part.as_rule() {
                        Rule::amounts => amounts = Some(self.amounts(part)?),
                        Rule::from_clause => from = self.from(part)?,
                        Rule::take_split => {
                            split = Some(self.split_spec(child(part, Rule::split_rest))?);
                        }
                        _ => {}
                    }
                }
                RuleKind::Take {
                    amounts: amounts.expect("take has amounts"),
                    from,
                    split,
                }
            }
            Rule::shift_rule => RuleKind::Shift {
                amounts: self.amounts(child(rule, Rule::amounts))?,
            },
            Rule::split_rule => RuleKind::Split(self.split_spec(rule)?),
            Rule::empty_rule => {
                RuleKind::EmptyAndSplit(self.split_spec(child(rule, Rule::split_other))?)
            }
            Rule::octal_rule => RuleKind::Octal(child(rule, Rule::octal_code).as_str().to_string()),
            other => unreachable!("not a rule: {other:?}"),
        };
        Ok(RuleDef { label, kind, span })
    }

    /// The name in `name:` (the label token also holds the colon).
    fn label(&self, pair: &Pair<'_, Rule>) -> Ident {
        let text = pair.as_str();
        let len = text
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        let start = self.offset + pair.as_span().start();
        Ident {
            name: text[..len].to_string(),
            span: (start..start + len).into(),
        }
    }

    fn split_spec(&self, pair: Pair<'_, Rule>) -> PResult<SplitSpec> {
        let span = self.span(&pair);
        let mut unequal = false;
        let mut nonempty = false;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::split_count => {
                    let count = part.into_inner().next().expect("a count");
                    if count.as_rule() == Rule::int
                        && big_uint(count.as_str()) != BigUint::from(2u8)
                    {
                        return Err(SyntaxError::new(
                            "a heap can only be split into 2 heaps",
                            self.span(&count),
                            "only 2 is supported here",
                        )
                        .with_help("write `into 2 heaps`"));
                    }
                }
                Rule::split_flags => {
                    for flag in part.into_inner() {
                        let seen = if flag.as_rule() == Rule::kw_unequal {
                            &mut unequal
                        } else {
                            &mut nonempty
                        };
                        if *seen {
                            return Err(SyntaxError::new(
                                format!("`{}` is written twice", flag.as_str()),
                                self.span(&flag),
                                "written again here",
                            )
                            .with_help("remove one of them"));
                        }
                        *seen = true;
                    }
                }
                _ => {}
            }
        }
        Ok(SplitSpec {
            unequal,
            nonempty,
            span,
        })
    }

    fn from(&self, pair: Pair<'_, Rule>) -> PResult<ast::From> {
        let target = child(pair, Rule::from_target)
            .into_inner()
            .next()
            .expect("a from target");
        Ok(match target.as_rule() {
            Rule::from_one => ast::From::OneHeap,
            Rule::from_both => ast::From::BothHeaps(self.span(&child(target, Rule::kw_both))),
            Rule::from_two => {
                let word = child(target, Rule::kw_two);
                ast::From::Same(Expr {
                    kind: ExprKind::Int(BigInt::from(2)),
                    span: self.span(&word),
                })
            }
            Rule::from_up_to => ast::From::UpTo(self.expr(child(target, Rule::sum))?),
            Rule::from_n => ast::From::Same(self.expr(child(target, Rule::sum))?),
            other => unreachable!("not a from target: {other:?}"),
        })
    }

    fn amounts(&self, pair: Pair<'_, Rule>) -> PResult<Amounts> {
        let span = self.span(&pair);
        let mut kind = None;
        let mut condition = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::range => {
                    let mut bounds = children(part, Rule::sum);
                    let lo = self.expr(bounds.next().expect("a lower bound"))?;
                    let hi = bounds.next().map(|hi| self.expr(hi)).transpose()?;
                    kind = Some(AmountsKind::Range { lo, hi });
                }
                Rule::amount_set => {
                    let elements = children(part, Rule::expr)
                        .map(|e| self.expr(e))
                        .collect::<PResult<Vec<_>>>()?;
                    kind = Some(AmountsKind::Set(elements));
                }
                Rule::single => {
                    kind = Some(AmountsKind::Single(self.expr(child(part, Rule::sum))?));
                }
                Rule::where_clause => condition = Some(self.where_clause(part)?),
                other => unreachable!("not part of amounts: {other:?}"),
            }
        }
        Ok(Amounts {
            kind: kind.expect("amounts have a kind"),
            condition,
            span,
        })
    }

    /// An `expr` or a `sum` pair: a flat sequence of operands and operators.
    fn expr(&self, pair: Pair<'_, Rule>) -> PResult<Expr> {
        let too_deep = || {
            let start = self.offset + pair.as_span().start();
            SyntaxError::new(
                "this expression is nested too deeply",
                (start..start + 1).into(),
                "too deep",
            )
            .with_help(format!(
                "write it with fewer than {MAX_NESTING} levels of parentheses or operators in a row"
            ))
        };
        let depth = self.depth.get() + 1;
        if depth > MAX_NESTING {
            return Err(too_deep());
        }
        // pest's Pratt parser recurses once per prefix operator.
        let mut run = 0;
        for part in pair.clone().into_inner() {
            run = match part.as_rule() {
                Rule::op_not | Rule::op_neg => run + 1,
                _ => 0,
            };
            if run > MAX_NESTING {
                return Err(too_deep());
            }
        }
        self.depth.set(depth);
        let result = self.pratt(pair.into_inner());
        self.depth.set(depth - 1);
        Ok(result?.expr)
    }

    fn pratt(&self, pairs: Pairs<'_, Rule>) -> PResult<Grouped> {
        PRATT
            .map_primary(|primary| self.primary(primary))
            .map_prefix(|op, rhs| {
                let rhs = rhs?.expr;
                let span = join(self.span(&op), rhs.span);
                let kind = match op.as_rule() {
                    Rule::op_not => ExprKind::Not(Box::new(rhs)),
                    Rule::op_neg => ExprKind::Neg(Box::new(rhs)),
                    other => unreachable!("not a prefix operator: {other:?}"),
                };
                Ok(Grouped {
                    expr: Expr { kind, span },
                    grouped: false,
                })
            })
            .map_infix(|lhs, op, rhs| {
                let (lhs, rhs) = (lhs?, rhs?);
                let bin = match op.as_rule() {
                    Rule::op_or => BinOp::Or,
                    Rule::op_and => BinOp::And,
                    Rule::op_eq => BinOp::Eq,
                    Rule::op_ne => BinOp::Ne,
                    Rule::op_lt => BinOp::Lt,
                    Rule::op_le => BinOp::Le,
                    Rule::op_gt => BinOp::Gt,
                    Rule::op_ge => BinOp::Ge,
                    Rule::op_divides => BinOp::Divides,
                    Rule::op_add => BinOp::Add,
                    Rule::op_sub => BinOp::Sub,
                    Rule::op_mul => BinOp::Mul,
                    Rule::op_div => BinOp::Div,
                    Rule::op_rem => BinOp::Rem,
                    other => unreachable!("not an infix operator: {other:?}"),
                };
                if is_comparison_op(bin) {
                    self.not_chained(&lhs, &op)?;
                    self.not_chained(&rhs, &op)?;
                }
                let span = join(lhs.expr.span, rhs.expr.span);
                let kind = ExprKind::Binary(bin, Box::new(lhs.expr), Box::new(rhs.expr));
                Ok(Grouped {
                    expr: Expr { kind, span },
                    grouped: false,
                })
            })
            .map_postfix(|lhs, op| {
                let lhs = lhs?;
                let span = join(lhs.expr.span, self.span(&op));
                let property = match child(op.clone(), Rule::property)
                    .into_inner()
                    .next()
                    .expect("a property")
                    .as_rule()
                {
                    Rule::kw_square => Property::Square,
                    Rule::kw_prime => Property::Prime,
                    Rule::kw_even => Property::Even,
                    Rule::kw_odd => Property::Odd,
                    other => unreachable!("not a property: {other:?}"),
                };
                self.not_chained(&lhs, &op)?;
                Ok(Grouped {
                    expr: Expr {
                        kind: ExprKind::Is(Box::new(lhs.expr), property),
                        span,
                    },
                    grouped: false,
                })
            })
            .parse(pairs)
    }

    /// Rejects `a < b < c` and the like: comparisons do not associate, so an
    /// operand of a comparison may be a comparison only in parentheses.
    fn not_chained(&self, operand: &Grouped, op: &Pair<'_, Rule>) -> PResult<()> {
        if operand.grouped || !is_comparison(&operand.expr) {
            return Ok(());
        }
        let op_text = op.as_str().split_whitespace().next().unwrap_or("");
        Err(SyntaxError::new(
            "comparisons can't be chained",
            self.span(op),
            format!("`{op_text}` would compare the result of another comparison"),
        )
        .with_help("combine comparisons with `and`, as in `1 <= k and k <= 3`, or add parentheses"))
    }

    fn primary(&self, pair: Pair<'_, Rule>) -> PResult<Grouped> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("a primary has a kind");
        let kind = match inner.as_rule() {
            Rule::int => ExprKind::Int(big_int(inner.as_str())),
            Rule::heap_index => ExprKind::Heap(Box::new(self.expr(child(inner, Rule::expr))?)),
            Rule::call => {
                let mut parts = inner.into_inner();
                let func = match parts.next().expect("a function").as_rule() {
                    Rule::kw_min => Func::Min,
                    _ => Func::Max,
                };
                let args = parts
                    .filter(|p| p.as_rule() == Rule::expr)
                    .map(|p| self.expr(p))
                    .collect::<PResult<Vec<_>>>()?;
                ExprKind::Call(func, args)
            }
            Rule::paren => {
                let expr = self.expr(child(inner, Rule::expr))?;
                return Ok(Grouped {
                    expr: Expr {
                        kind: expr.kind,
                        span,
                    },
                    grouped: true,
                });
            }
            Rule::each_expr => {
                let op = comparison_op(child(inner.clone(), Rule::each_cmp).as_str());
                let rhs = self.expr(child(inner, Rule::sum))?;
                ExprKind::Each(op, Box::new(rhs))
            }
            Rule::kw_nonincreasing => ExprKind::Monotone(Monotone::Nonincreasing),
            Rule::kw_nondecreasing => ExprKind::Monotone(Monotone::Nondecreasing),
            Rule::kw_len | Rule::ident => ExprKind::Name(self.ident(inner)),
            other => unreachable!("not a primary: {other:?}"),
        };
        Ok(Grouped {
            expr: Expr { kind, span },
            grouped: false,
        })
    }

    fn analyze(&self, pair: Pair<'_, Rule>) -> Analyze {
        let span = self.span(&pair);
        let components = children(pair, Rule::component)
            .map(|c| self.component(c))
            .collect();
        Analyze { components, span }
    }

    fn component(&self, pair: Pair<'_, Rule>) -> Component {
        let span = self.span(&pair);
        let mut game = None;
        let mut args = Vec::new();
        let mut position = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::game_name => game = Some(self.ident(part)),
                Rule::args => args = children(part, Rule::arg).map(|a| self.arg(a)).collect(),
                Rule::position => position = Some(self.position(part)),
                _ => {}
            }
        }
        Component {
            game: game.expect("a component names a game"),
            args,
            position: position.expect("a component has a position"),
            span,
        }
    }

    fn arg(&self, pair: Pair<'_, Rule>) -> Arg {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.ident(inner.next().expect("an argument has a name"));
        let value = self.value(inner.find(|p| p.as_rule() == Rule::value).expect("a value"));
        Arg { name, value, span }
    }

    fn position(&self, pair: Pair<'_, Rule>) -> PositionLit {
        let span = self.span(&pair);
        let heaps = children(pair, Rule::int)
            .map(|p| big_uint(p.as_str()))
            .collect();
        PositionLit { heaps, span }
    }
}

// ---------------------------------------------------------------------------
// Scanning between items (for recovery)

/// Skips spaces, line breaks, `;` and comments from `pos`.
fn skip_blank(src: &str, mut pos: usize) -> usize {
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
fn token_at(src: &str, pos: usize) -> &str {
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

/// The start of the first line after the one holding `pos` that starts, after
/// spaces, with `game` or `analyze`; the end of `src` if there is none.
fn next_item_line(src: &str, pos: usize) -> usize {
    let mut line_start = match src[pos..].find('\n') {
        Some(i) => pos + i + 1,
        None => return src.len(),
    };
    while line_start < src.len() {
        let first = line_start
            + (src[line_start..].len() - src[line_start..].trim_start_matches([' ', '\t']).len());
        if matches!(token_at(src, first), "game" | "analyze") {
            return first;
        }
        line_start = match src[line_start..].find('\n') {
            Some(i) => line_start + i + 1,
            None => return src.len(),
        };
    }
    src.len()
}

fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// Something other than `game` or `analyze` where an item should start.
fn top_level_error(pos: usize, word: &str) -> SyntaxError {
    let span: Span = (pos..pos + word.len()).into();
    let error = SyntaxError::new(
        "I was expecting `game` or `analyze`",
        span,
        format!("unexpected `{word}`"),
    );
    let help = match word {
        "heaps" | "play" | "take" | "shift" | "split" | "empty" | "octal" | "where" => format!(
            "`{word}` belongs inside a game's body: `game NAME {{ ... }}`; is a `}}` above this line too early?"
        ),
        "}" => "this `}` does not close anything; is there one too many?".to_string(),
        "move" => "`move` is reserved and not supported yet".to_string(),
        _ => {
            "a file has games (`game NAME { ... }`) and `analyze` statements (`analyze NAME at 10`)"
                .to_string()
        }
    };
    error.with_help(help)
}

// ---------------------------------------------------------------------------
// Error messages

/// What was being parsed, for wording.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// A `.game` file.
    File,
    /// A value from the command line.
    Text,
}

/// How an expected rule is shown, and where it goes in the list.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// The main things: statements, expressions, names, keywords.
    Main,
    /// `..`, then `where`, `from`, `and`: ways a rule may go on.
    Continue,
    /// `,` in a list.
    Comma,
    /// The end of a statement, a line or the text.
    End,
    /// `}`, `)`, `]`.
    Close,
    /// Operators: left out when anything else is expected.
    Operator,
}

/// How a rule is named to the user; `None` for rules never worth naming.
fn describe(rule: Rule) -> Option<(Class, &'static str)> {
    use Class::*;
    let d = match rule {
        Rule::item_line | Rule::game_def | Rule::analyze => (Main, "`game` or `analyze`"),
        Rule::item_end => (End, "the end of the line"),
        Rule::EOI => (End, "the end of the text"),
        Rule::params | Rule::args | Rule::lparen | Rule::paren => (Main, "`(`"),
        Rule::param | Rule::arg | Rule::ident => (Main, "a name"),
        Rule::component | Rule::game_name => (Main, "a game's name"),
        Rule::body_open | Rule::set_open | Rule::amount_set | Rule::set_value => (Main, "`{`"),
        Rule::body_close | Rule::set_close => (Close, "`}`"),
        Rule::rparen => (Close, "`)`"),
        Rule::rbracket => (Close, "`]`"),
        Rule::body | Rule::statement | Rule::reserved_stmt => (Main, "a statement"),
        Rule::eos => (End, "the end of the statement (a new line or `;`)"),
        Rule::heaps_decl | Rule::kw_heaps => (Main, "`heaps`"),
        Rule::heap_count => (Main, "a heap count (a number or `*`)"),
        Rule::star => (Main, "`*`"),
        Rule::where_clause | Rule::kw_where => (Continue, "`where`"),
        Rule::play_decl | Rule::kw_play => (Main, "`play`"),
        Rule::rule_def => (Main, "a rule (`take`, `shift`, `split` or `empty`)"),
        Rule::take_rule | Rule::kw_take => (Main, "`take`"),
        Rule::take_split => (Continue, "`and`"),
        Rule::split_rest | Rule::split_rule | Rule::split_other | Rule::kw_split => {
            (Main, "`split`")
        }
        Rule::shift_rule | Rule::kw_shift => (Main, "`shift`"),
        Rule::empty_rule | Rule::kw_empty => (Main, "`empty`"),
        Rule::split_count => (Main, "`2`"),
        Rule::from_clause | Rule::kw_from => (Continue, "`from`"),
        Rule::from_target => (
            Main,
            "which heaps to take from (`one heap`, `both heaps`, `N heaps` or `up to N heaps`)",
        ),
        Rule::from_both | Rule::kw_both => (Main, "`both`"),
        Rule::from_one | Rule::kw_one => (Main, "`one`"),
        Rule::from_two | Rule::kw_two => (Main, "`two`"),
        Rule::from_up_to | Rule::kw_up => (Main, "`up`"),
        Rule::from_n => (Main, "a number of heaps"),
        Rule::octal_rule => (Main, "`octal`"),
        Rule::octal_code => (Main, "an octal code (like `0.77`)"),
        Rule::amounts => (Main, "the amounts (like `1..3`, `1..`, `{1, 2}` or `k`)"),
        Rule::range | Rule::single | Rule::expr | Rule::sum | Rule::primary => {
            (Main, "an expression")
        }
        Rule::op_or
        | Rule::op_and
        | Rule::op_not
        | Rule::op_divides
        | Rule::op_eq
        | Rule::op_ne
        | Rule::op_le
        | Rule::op_lt
        | Rule::op_ge
        | Rule::op_gt
        | Rule::op_add
        | Rule::op_sub
        | Rule::op_mul
        | Rule::op_div
        | Rule::op_rem
        | Rule::op_neg
        | Rule::op_is
        | Rule::kw_is => (Operator, "an operator"),
        Rule::property => (Main, "a property (`square`, `prime`, `even` or `odd`)"),
        Rule::heap_index | Rule::h_open => (Main, "`h[`"),
        Rule::call => (Main, "`min` or `max`"),
        Rule::each_expr | Rule::kw_each => (Main, "`each`"),
        Rule::each_cmp => (Main, "a comparison (`==`, `!=`, `<`, `<=`, `>` or `>=`)"),
        Rule::position => (
            Main,
            "a position (a number, or numbers in parentheses like `(3, 5)`)",
        ),
        Rule::value => (Main, "a value (a number, or a set like `{1, 2}`)"),
        Rule::signed_int | Rule::int => (Main, "a number"),
        Rule::comma => (Comma, "`,`"),
        Rule::equals => (Main, "`=`"),
        Rule::dotdot => (Continue, "`..`"),
        Rule::plus => (Continue, "`+`"),
        Rule::heaps_word => (Main, "`heaps`"),
        Rule::label => (Main, "a label"),
        Rule::kw_game => (Main, "`game`"),
        Rule::kw_analyze => (Main, "`analyze`"),
        Rule::kw_at => (Main, "`at`"),
        Rule::kw_heap => (Main, "`heap`"),
        Rule::kw_normal => (Main, "`normal`"),
        Rule::kw_misere => (Main, "`misere`"),
        Rule::kw_to => (Main, "`to`"),
        Rule::kw_the => (Main, "`the`"),
        Rule::kw_previous => (Main, "`previous`"),
        Rule::kw_into => (Main, "`into`"),
        Rule::kw_unequal => (Main, "`unequal`"),
        Rule::kw_nonempty => (Main, "`nonempty`"),
        Rule::kw_and => (Continue, "`and`"),
        Rule::kw_or => (Main, "`or`"),
        Rule::kw_not => (Main, "`not`"),
        Rule::kw_square => (Main, "`square`"),
        Rule::kw_prime => (Main, "`prime`"),
        Rule::kw_even => (Main, "`even`"),
        Rule::kw_odd => (Main, "`odd`"),
        Rule::kw_divides => (Main, "`divides`"),
        Rule::kw_nonincreasing => (Main, "`nonincreasing`"),
        Rule::kw_nondecreasing => (Main, "`nondecreasing`"),
        Rule::kw_other => (Main, "`other`"),
        Rule::kw_rest => (Main, "`rest`"),
        Rule::kw_min => (Main, "`min`"),
        Rule::kw_max => (Main, "`max`"),
        Rule::kw_len => (Main, "`len`"),
        Rule::kw_move => (Main, "`move`"),
        Rule::kw_octal => (Main, "`octal`"),
        // Entry points, layout, and rules that cannot fail or are never
        // reported (their insides are).
        _ => return None,
    };
    Some(d)
}

/// `a`, `a or b`, `a, b or c`.
fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The keyword just before `pos` on its line, if any.
fn keyword_before(src: &str, pos: usize) -> Option<&str> {
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
fn line_of(src: &str, pos: usize) -> usize {
    src[..pos].matches('\n').count() + 1
}

/// Turns a pest error from parsing `src[offset..]` into a [`SyntaxError`]
/// with spans into the whole of `src`.
fn convert_error(
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
    if expects(Rule::statement) {
        if found == "move" {
            return Some(format!("`{found}` is reserved and not supported yet"));
        }
        if !at_end && !at_line_end {
            return Some(BODY_HELP.to_string());
        }
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
