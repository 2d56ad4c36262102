//! Lowering: a game's syntax tree, with parameter values fixed, becomes a
//! `Game` of lowered rules. Every mistake that depends on the rules alone is
//! found here: unknown names, a number where a condition belongs, amounts that
//! include 0 or are empty, targets the heap count does not allow.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::expr::{Env, Expr};
use super::{
    AmountBase, Amounts, Game, Invariant, MoveKind, OctalCode, ParamValue, Rule, Split, Target,
};
use crate::diagnostics::{Code, Error, Errors, Source};
use crate::syntax::ast::{self, BinOp, ExprKind, HeapCount, Span, Statement};

/// Lowers `def` with the given parameter values (one per declared parameter,
/// in order). Reports every mistake found, not just the first.
pub fn lower(
    def: &ast::GameDef,
    params: Vec<(String, ParamValue)>,
    source: &Source,
) -> Result<Game, Errors> {
    let mut lowerer = Lowerer {
        source,
        params: &params,
        errors: Vec::new(),
    };
    let game = lowerer.game(def);
    if lowerer.errors.is_empty() {
        Ok(Game { params, ..game })
    } else {
        Err(lowerer.errors)
    }
}

struct Lowerer<'a> {
    source: &'a Source,
    params: &'a [(String, ParamValue)],
    errors: Errors,
}

/// Which names an expression may use besides parameters and `len`/`h[i]`.
#[derive(Clone, Copy)]
struct Scope {
    /// `k` and `h`: inside a rule's amounts.
    amount: bool,
    /// A fixed number (a bound, a set item, a count of heaps), inside a
    /// rule but where `k` and `h` have no value yet.
    fixed: bool,
}

/// Outside rules: the heaps invariant.
const POSITION: Scope = Scope {
    amount: false,
    fixed: false,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Number,
    Condition,
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::Number => "a number",
            Kind::Condition => "a condition",
        }
    }
}

impl Lowerer<'_> {
    fn error(&mut self, error: Error) {
        self.errors.push(error);
    }

    fn game(&mut self, def: &ast::GameDef) -> Game {
        let mut heaps: Option<&ast::HeapsDecl> = None;
        let mut play: Option<&ast::PlayDecl> = None;
        for statement in &def.body {
            match statement {
                Statement::Heaps(decl) => {
                    if let Some(first) = heaps {
                        self.duplicate("heaps", first.span, decl.span);
                    } else {
                        heaps = Some(decl);
                    }
                }
                Statement::Play(decl) => {
                    if let Some(first) = play {
                        self.duplicate("play", first.span, decl.span);
                    } else {
                        play = Some(decl);
                    }
                }
                Statement::Rule(_) => {}
            }
        }
        let heap_count = heaps.and_then(|decl| self.heap_count(decl));
        let invariant = heaps
            .and_then(|decl| decl.invariant.as_ref())
            .and_then(|expr| {
                let lowered = self.expr(expr, POSITION, Kind::Condition)?;
                Some(Invariant {
                    expr: lowered,
                    text: self.source.slice(expr.span).to_string(),
                })
            });
        let rules = def
            .body
            .iter()
            .filter_map(|statement| match statement {
                Statement::Rule(rule) => self.rule(rule, heap_count),
                _ => None,
            })
            .collect();
        Game {
            name: def.name.name.clone(),
            params: Vec::new(),
            heap_count,
            invariant,
            misere: play.is_some_and(|p| p.misere),
            rules,
            source: self.source.clone(),
        }
    }

    fn duplicate(&mut self, what: &str, first: Span, again: Span) {
        self.error(
            Error::new(
                Code::DuplicateStatement,
                format!("a game has one `{what}` statement, and this is its second"),
            )
            .at(self.source, again, "second one here")
            .at(self.source, first, "first one here")
            .help(format!("remove one of the two `{what}` statements")),
        );
    }

    fn heap_count(&mut self, decl: &ast::HeapsDecl) -> Option<usize> {
        match &decl.count {
            HeapCount::Any => None,
            HeapCount::Fixed(n, span) => match n.to_usize().filter(|&n| n <= 1 << 16) {
                Some(n) => Some(n),
                None => {
                    self.error(
                        Error::new(
                            Code::Limit,
                            format!("{n} heaps is more than gamelang handles"),
                        )
                        .at(self.source, *span, "too many heaps")
                        .help("write `heaps *` to let each position say how many heaps it has"),
                    );
                    None
                }
            },
        }
    }

    fn rule(&mut self, rule: &ast::RuleDef, heap_count: Option<usize>) -> Option<Rule> {
        let kind = match &rule.kind {
            ast::RuleKind::Take {
                amounts,
                from,
                split,
            } => {
                let amounts = self.amounts(amounts);
                let target = self.target(from, heap_count);
                if let (Some(split), Some(t)) = (split, target)
                    && t != Target::One
                {
                    self.error(
                        Error::new(
                            Code::BadTarget,
                            "only a take from one heap can split the rest",
                        )
                        .at(self.source, split.span, "this split")
                        .help("take from one heap, or drop `and split the rest ...`"),
                    );
                }
                if let Some(split) = split {
                    self.needs_any_heaps(split.span, heap_count);
                }
                MoveKind::Take {
                    amounts: amounts?,
                    target: target?,
                    split_rest: split.as_ref().map(split_of),
                }
            }
            ast::RuleKind::Shift { amounts } => MoveKind::Shift {
                amounts: self.amounts(amounts)?,
            },
            ast::RuleKind::Split(split) => {
                self.needs_any_heaps(split.span, heap_count);
                if !split.nonempty {
                    self.error(
                        Error::new(
                            Code::UnchangedPosition,
                            "this split can leave the position unchanged",
                        )
                        .at(
                            self.source,
                            split.span,
                            "may split a heap into itself and an empty heap",
                        )
                        .help("write `split into 2 nonempty heaps`"),
                    );
                    return None;
                }
                MoveKind::Split(split_of(split))
            }
            ast::RuleKind::EmptyAndSplit(split) => {
                if heap_count != Some(2) {
                    self.error(
                        Error::new(
                            Code::BadTarget,
                            "`empty one heap and split the other` needs exactly two heaps",
                        )
                        .at(self.source, rule.span, "needs `heaps 2`")
                        .help("declare the game with `heaps 2`"),
                    );
                    return None;
                }
                MoveKind::EmptyAndSplit(split_of(split))
            }
            ast::RuleKind::Octal(text) => {
                let code = self.octal(text, rule.span)?;
                if code.splits() {
                    self.needs_any_heaps(rule.span, heap_count);
                }
                MoveKind::Octal(code)
            }
        };
        let name = match &rule.label {
            Some(label) => label.name.clone(),
            None => self
                .source
                .slice(rule.span)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        };
        Some(Rule {
            name,
            span: rule.span,
            kind,
        })
    }

    /// The digits of an octal code, each 0 to 7, at most one before the point.
    fn octal(&mut self, text: &str, rule: Span) -> Option<OctalCode> {
        // The code is the rule's last word.
        let start = rule.offset() + rule.len() - text.len();
        let (before, after) = text.split_once('.').unwrap_or(("", text));
        let mut digits = Vec::with_capacity(after.len() + 1);
        for (i, c) in text.char_indices() {
            if c.is_ascii_digit() && c > '7' {
                self.error(
                    Error::new(Code::WrongKind, format!("`{c}` is not an octal digit"))
                        .at(self.source, (start + i, 1).into(), "not 0 to 7")
                        .help("each digit of an octal code is 0 to 7: bit 1 leaves no heap, bit 2 one heap, bit 4 two heaps"),
                );
                return None;
            }
        }
        match before.trim_start_matches('0') {
            "" => digits.push(0),
            "4" => digits.push(4),
            _ => {
                self.error(
                    Error::new(Code::WrongKind, format!("`{before}` cannot stand before the point of an octal code"))
                        .at(self.source, (start, before.len()).into(), "only 0 or 4 here")
                        .help("the digit before the point is for removing nothing: 4 (split a heap in two) or 0"),
                );
                return None;
            }
        }
        digits.extend(after.bytes().map(|b| b - b'0'));
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            self.empty(rule, format!("the octal code {text} allows no move"));
            return None;
        }
        Some(OctalCode { digits })
    }

    fn needs_any_heaps(&mut self, span: Span, heap_count: Option<usize>) {
        if let Some(n) = heap_count {
            self.error(
                Error::new(
                    Code::BadTarget,
                    format!("a split adds a heap, but this game always has {n}"),
                )
                .at(self.source, span, "adds a heap")
                .help("declare the game with `heaps *`"),
            );
        }
    }

    fn target(&mut self, from: &ast::From, heap_count: Option<usize>) -> Option<Target> {
        match from {
            ast::From::OneHeap => Some(Target::One),
            ast::From::BothHeaps(span) => {
                if heap_count == Some(2) {
                    Some(Target::Same(2))
                } else {
                    let count = heap_count.map_or("any number of".to_string(), |n| n.to_string());
                    self.error(
                        Error::new(Code::BadTarget, format!("`from both heaps` needs exactly two heaps, but this game has {count} heaps"))
                            .at(self.source, *span, "from both heaps")
                            .help("write `from two heaps` to take the same amount from any two heaps, or declare `heaps 2`"),
                    );
                    None
                }
            }
            ast::From::Same(n) | ast::From::UpTo(n) => {
                let up_to = matches!(from, ast::From::UpTo(_));
                let count = self.constant(n, Kind::Number)?;
                let count = match count.to_usize().filter(|&c| c >= 1) {
                    Some(c) => c,
                    None => {
                        self.error(
                            Error::new(
                                Code::BadTarget,
                                format!("a move must take from at least one heap, not {count}"),
                            )
                            .at(self.source, n.span, "the number of heaps")
                            .help("use a count of 1 or more"),
                        );
                        return None;
                    }
                };
                if let Some(heaps) = heap_count
                    && count > heaps
                    && !up_to
                {
                    self.error(
                        Error::new(
                            Code::BadTarget,
                            format!("this takes from {count} heaps, but the game has {heaps}"),
                        )
                        .at(self.source, n.span, "too many heaps")
                        .help(format!("use at most {heaps} heaps")),
                    );
                    return None;
                }
                Some(match (count, up_to) {
                    (1, _) => Target::One,
                    (c, true) => Target::UpTo(c),
                    (c, false) => Target::Same(c),
                })
            }
        }
    }

    fn amounts(&mut self, amounts: &ast::Amounts) -> Option<Amounts> {
        let scope = Scope {
            amount: true,
            fixed: false,
        };
        let condition = amounts
            .condition
            .as_ref()
            .map(|c| self.expr(c, scope, Kind::Condition));
        let base = match &amounts.kind {
            ast::AmountsKind::Range { lo, hi } => {
                let lo_value = self.constant(lo, Kind::Number);
                let hi_value = hi.as_ref().map(|hi| self.constant(hi, Kind::Number));
                let lo_value = lo_value?;
                let hi_value = match hi_value {
                    Some(v) => Some(v?),
                    None => None,
                };
                if let Some(hi_value) = &hi_value
                    && *hi_value < lo_value
                {
                    self.empty(
                        amounts.span,
                        format!("{lo_value}..{hi_value} holds no amount"),
                    );
                    return None;
                }
                if !lo_value.is_positive() && hi_value.as_ref().is_none_or(|hi| !hi.is_negative()) {
                    let hi_text = hi.as_ref().map_or("", |hi| self.source.slice(hi.span));
                    if lo_value.is_zero() {
                        self.unchanged(
                            lo.span,
                            "0 is one of the amounts",
                            format!("start the range at 1: `1..{hi_text}`"),
                        );
                    } else {
                        let range = (lo.span.offset()
                            ..hi.as_ref()
                                .map_or(span_end(lo.span), |hi| span_end(hi.span)))
                            .into();
                        self.unchanged(
                            range,
                            "this range includes 0",
                            format!("leave 0 out with two rules, like `take {lo_value}..-1` and `take 1..{hi_text}`"),
                        );
                    }
                    return None;
                }
                AmountBase::Range {
                    lo: lo_value,
                    hi: hi_value,
                }
            }
            ast::AmountsKind::Set(items) => {
                let mut set = BTreeSet::new();
                for item in items {
                    if let Some(value) = self.constant(item, Kind::Number) {
                        if value.is_zero() {
                            self.unchanged(
                                item.span,
                                "0 is one of the amounts",
                                "remove 0 from the set".to_string(),
                            );
                        }
                        set.insert(value);
                    }
                }
                if items.is_empty() {
                    self.empty(amounts.span, "the set `{}` holds no amount".to_string());
                    return None;
                }
                AmountBase::Set(set)
            }
            ast::AmountsKind::Single(expr) => match &expr.kind {
                ExprKind::Name(name) if name.name == "k" => {
                    if self.param("k").is_some() {
                        self.ambiguous(name);
                        return None;
                    }
                    AmountBase::Range {
                        lo: BigInt::one(),
                        hi: None,
                    }
                }
                ExprKind::Name(name)
                    if matches!(self.param(&name.name), Some(ParamValue::Set(_))) =>
                {
                    let Some(ParamValue::Set(set)) = self.param(&name.name).cloned() else {
                        return None;
                    };
                    if set.is_empty() {
                        self.empty(amounts.span, format!("`{}` is the empty set", name.name));
                        return None;
                    }
                    if set.contains(&BigInt::zero()) {
                        self.unchanged(
                            expr.span,
                            &format!("`{}` holds 0", name.name),
                            format!("remove 0 from `{}`", name.name),
                        );
                        return None;
                    }
                    AmountBase::Set(set)
                }
                _ => {
                    let value = self.constant(expr, Kind::Number)?;
                    if value.is_zero() {
                        match &expr.kind {
                            ExprKind::Name(name) => self.unchanged(
                                expr.span,
                                &format!("`{}` is 0", name.name),
                                format!("give `{}` a value other than 0", name.name),
                            ),
                            _ => self.unchanged(
                                expr.span,
                                "this is 0",
                                "take at least 1, like `take 1`".to_string(),
                            ),
                        }
                        return None;
                    }
                    AmountBase::Set(BTreeSet::from([value]))
                }
            },
        };
        Some(Amounts {
            base,
            condition: match condition {
                Some(c) => Some(c?),
                None => None,
            },
        })
    }

    /// A rule whose amounts include 0, at the span that holds the 0.
    fn unchanged(&mut self, zero: Span, label: &str, help: String) {
        self.error(
            Error::new(
                Code::UnchangedPosition,
                "this rule can move 0, which leaves the position unchanged",
            )
            .at(self.source, zero, label)
            .help(help),
        );
    }

    fn empty(&mut self, span: Span, why: String) {
        self.error(
            Error::new(
                Code::EmptyAmounts,
                format!("this rule can never be used: {why}"),
            )
            .at(self.source, span, "no amount here")
            .help("give at least one amount, like `1..3` or `{1, 3, 4}`"),
        );
    }

    fn param(&self, name: &str) -> Option<&ParamValue> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// A constant number: a literal or parameter exactly, anything else
    /// evaluated in checked 128-bit arithmetic.
    fn constant(&mut self, expr: &ast::Expr, kind: Kind) -> Option<BigInt> {
        match &expr.kind {
            ExprKind::Int(n) => return Some(n.clone()),
            ExprKind::Name(name) => {
                if let Some(ParamValue::Int(n)) = self.param(&name.name) {
                    return Some(n.clone());
                }
            }
            _ => {}
        }
        let fixed = Scope {
            amount: false,
            fixed: true,
        };
        let lowered = self.expr(expr, fixed, kind)?;
        if depends_on_position(&lowered) {
            self.error(
                Error::new(
                    Code::WrongKind,
                    "this must be a fixed number, not depend on the heaps",
                )
                .at(self.source, expr.span, "depends on the position")
                .help("use numbers and parameters here; conditions on the heaps go after `where`"),
            );
            return None;
        }
        match lowered.int(&Env::position(&[])) {
            Ok(n) => Some(BigInt::from(n)),
            Err(e) => {
                self.error(
                    Error::new(Code::Evaluation, format!("this cannot be evaluated: {e}"))
                        .at(self.source, expr.span, e.to_string())
                        .help("a bound, a set item or a number of heaps must have a value: change it, or the parameters it uses"),
                );
                None
            }
        }
    }

    /// Lowers an expression that must be of `want` kind.
    fn expr(&mut self, expr: &ast::Expr, scope: Scope, want: Kind) -> Option<Expr> {
        let (lowered, kind) = self.expr_any(expr, scope)?;
        if kind != want {
            self.error(
                Error::new(
                    Code::WrongKind,
                    format!("expected {}, found {}", want.describe(), kind.describe()),
                )
                .at(
                    self.source,
                    expr.span,
                    format!("this is {}", kind.describe()),
                )
                .help(match want {
                    Kind::Number => "use a number here, like `k + 1` or `h / 2`",
                    Kind::Condition => "use a condition here, like `k <= 3` or `k is prime`",
                }),
            );
            return None;
        }
        Some(lowered)
    }

    fn expr_any(&mut self, expr: &ast::Expr, scope: Scope) -> Option<(Expr, Kind)> {
        use Kind::{Condition, Number};
        let boxed = |e: Expr| Box::new(e);
        Some(match &expr.kind {
            ExprKind::Int(n) => match n.to_i128() {
                Some(n) => (Expr::Const(n), Number),
                None => {
                    self.too_big(expr.span);
                    return None;
                }
            },
            ExprKind::Name(name) => (self.name(name, scope)?, Number),
            ExprKind::Heap(index) => (
                Expr::HeapAt(boxed(self.expr(index, scope, Number)?)),
                Number,
            ),
            ExprKind::Neg(e) => (Expr::Neg(boxed(self.expr(e, scope, Number)?)), Number),
            ExprKind::Not(e) => (Expr::Not(boxed(self.expr(e, scope, Condition)?)), Condition),
            ExprKind::Binary(op, a, b) => {
                let (operand, result) = match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                        (Number, Number)
                    }
                    BinOp::And | BinOp::Or => (Condition, Condition),
                    _ => (Number, Condition),
                };
                let a = self.expr(a, scope, operand);
                let b = self.expr(b, scope, operand);
                (Expr::Binary(*op, boxed(a?), boxed(b?)), result)
            }
            ExprKind::Call(func, args) => {
                let args: Vec<Option<Expr>> =
                    args.iter().map(|a| self.expr(a, scope, Number)).collect();
                (
                    Expr::Call(*func, args.into_iter().collect::<Option<_>>()?),
                    Number,
                )
            }
            ExprKind::Is(e, property) => (
                Expr::Is(boxed(self.expr(e, scope, Number)?), *property),
                Condition,
            ),
            ExprKind::Each(op, e) => (
                Expr::Each(*op, boxed(self.expr(e, scope, Number)?)),
                Condition,
            ),
            ExprKind::Monotone(m) => (Expr::Monotone(*m), Condition),
        })
    }

    /// `k` or `h` in a rule's amounts, when a parameter has the same name.
    fn ambiguous(&mut self, name: &ast::Ident) {
        self.error(
            Error::new(
                Code::UnknownName,
                format!("`{}` here is both a parameter and the {}", name.name, if name.name == "h" { "heap" } else { "amount" }),
            )
            .at(self.source, name.span, "ambiguous")
            .help(format!("rename the parameter `{}`: in a rule's amounts, `k` is the amount and `h` the heap", name.name)),
        );
    }

    fn too_big(&mut self, span: Span) {
        self.error(
            Error::new(Code::Limit, "this number is too large for a condition")
                .at(self.source, span, "larger than 128 bits")
                .help("conditions compute with numbers below 2^127"),
        );
    }

    fn name(&mut self, name: &ast::Ident, scope: Scope) -> Option<Expr> {
        let given = match name.name.as_str() {
            "k" if scope.amount => Some(Expr::Amount),
            "h" if scope.amount => Some(Expr::Heap),
            "len" => Some(Expr::Len),
            _ => None,
        };
        if let Some(given) = given {
            if self.param(&name.name).is_some() {
                self.ambiguous(name);
                return None;
            }
            return Some(given);
        }
        match self.param(&name.name).cloned() {
            Some(ParamValue::Int(n)) => match n.to_i128() {
                Some(n) => Some(Expr::Const(n)),
                None => {
                    self.too_big(name.span);
                    None
                }
            },
            Some(ParamValue::Set(_)) => {
                self.error(
                    Error::new(
                        Code::WrongKind,
                        format!("`{}` is a set, and a number is needed here", name.name),
                    )
                    .at(self.source, name.span, "a set")
                    .help(format!(
                        "a set parameter stands alone as a rule's amounts: `take {}`",
                        name.name
                    )),
                );
                None
            }
            None if scope.fixed && (name.name == "k" || name.name == "h") => {
                let what = if name.name == "k" {
                    "the amount"
                } else {
                    "the heap"
                };
                self.error(
                    Error::new(
                        Code::WrongKind,
                        format!("this must be a fixed number, but `{}` is {what}, which changes from move to move", name.name),
                    )
                    .at(self.source, name.span, what)
                    .help("bounds and set items are numbers, parameters and arithmetic on them; to depend on the heap, take `k` and filter it: `take k where k <= h / 2`"),
                );
                None
            }
            None => {
                let mut known: Vec<String> =
                    self.params.iter().map(|(n, _)| format!("`{n}`")).collect();
                if scope.amount {
                    known.extend(["`k` (the amount)".into(), "`h` (the heap)".into()]);
                }
                known.extend(["`len`".into(), "`h[i]`".into()]);
                let help = if !scope.amount && (name.name == "k" || name.name == "h") {
                    format!(
                        "`{}` exists only in a rule's amounts; the names here are {}",
                        name.name,
                        and_list(&known)
                    )
                } else {
                    format!("the names here are {}", and_list(&known))
                };
                self.error(
                    Error::new(
                        Code::UnknownName,
                        format!("there is no `{}` here", name.name),
                    )
                    .at(self.source, name.span, "unknown name")
                    .help(help),
                );
                None
            }
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => items.join(""),
    }
}

fn span_end(span: Span) -> usize {
    span.offset() + span.len()
}

fn split_of(split: &ast::SplitSpec) -> Split {
    Split {
        unequal: split.unequal,
        nonempty: split.nonempty,
    }
}

fn depends_on_position(expr: &Expr) -> bool {
    match expr {
        Expr::Const(_) => false,
        Expr::Amount
        | Expr::Heap
        | Expr::HeapAt(_)
        | Expr::Len
        | Expr::Each(..)
        | Expr::Monotone(_) => true,
        Expr::Neg(e) | Expr::Not(e) | Expr::Is(e, _) => depends_on_position(e),
        Expr::Binary(_, a, b) => depends_on_position(a) || depends_on_position(b),
        Expr::Call(_, args) => args.iter().any(depends_on_position),
    }
}
