//! The grammar and parser of `.game` files: what parses, into what tree, and
//! what fails, where, with which message.

use gamelang::syntax::ast::{
    Amounts, AmountsKind, Analyze, AssignOp, BinOp, BlockStmtKind, Expr, ExprKind, File, GameDef,
    HeapCount, Ident, Item, Monotone, PositionLit, Positions, Property, RuleDef, RuleKind,
    SaysPart, Span, SplitSpec, Statement, ValueKind,
};
use gamelang::syntax::*;
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

/// Every example of the language's description, in one file.
const EXAMPLES: &str = r#"
// Bash game: one heap, take 1 to m.
game bash(m = 3) {
    heaps 1
    take 1..m                     // ranges are inclusive
}
analyze bash at 21
game subtraction { heaps 1; take {1, 3, 4} }
game sub2(S = {1, 3, 4}) { heaps 1; take S }
game nim     { heaps *; take 1.. }
game antinim { heaps *; take 1..; play misere }
analyze nim at (1, 2, 3)
game wythoff {
    heaps 2
    take 1..
    both: take 1.. from both heaps
}
game two { heaps *; take 1.. from two heaps }      // same amount from 2 heaps; also `from 3 heaps`, `from m heaps`, `from one heap`
game moore(k = 2) { heaps *; take 1.. from up to k heaps }
game staircase { heaps *; shift 1.. to the previous heap }
game empty_and_divide {
    heaps 2 where each >= 1
    empty one heap and split the other into 2 nonempty heaps
}
game lasker  { heaps *; take 1..; split into 2 nonempty heaps }
game grundy  { heaps *; split into 2 unequal nonempty heaps }
game kay { heaps *; take {1, 2}; take {1, 2} and split the rest into 2 nonempty heaps }
game squares { heaps 1; take k where k is square }
game half    { heaps 1; take k where 2 * k <= h }
game odd     { heaps 1; take 1..h where k is odd and not (k is prime) }
game loopy   { heaps 1 where h[1] <= 10; take {1, -1} }
game chompish { heaps * where nonincreasing and len <= 3; take 1.. }
game div { heaps 1; take 1.. where k divides h or h % k == 0 and min(k, 3) != max(1, k - 1) }
analyze bash(m = 3) at 10 + bash(m = 5) at 7 + nim at (3, 4)
analyze nim at ()
"#;

// ---------------------------------------------------------------------------
// Helpers

fn sp(start: usize, end: usize) -> Span {
    (start..end).into()
}

fn span_text(src: &str, span: Span) -> &str {
    &src[span.offset()..span.offset() + span.len()]
}

/// Parses `src`, failing the test on any error.
fn parse_ok(src: &str) -> File {
    let (file, errors) = parse_file(src);
    assert!(
        errors.is_empty(),
        "unexpected errors in {src:?}: {errors:#?}"
    );
    file
}

/// Parses `src`, expecting exactly one error, and returns it.
fn parse_err(src: &str) -> SyntaxError {
    let (_, mut errors) = parse_file(src);
    assert_eq!(
        errors.len(),
        1,
        "expected one error in {src:?}, got {errors:#?}"
    );
    errors.remove(0)
}

fn games(file: &File) -> Vec<&GameDef> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Game(game) => Some(game),
            Item::Analyze(_) => None,
        })
        .collect()
}

fn analyses(file: &File) -> Vec<&Analyze> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Analyze(analyze) => Some(analyze),
            Item::Game(_) => None,
        })
        .collect()
}

/// The only game of `src`.
fn game(src: &str) -> GameDef {
    let file = parse_ok(src);
    let found = games(&file);
    assert_eq!(found.len(), 1, "expected one game in {src:?}");
    found[0].clone()
}

/// The rules of the only game of `src`.
fn rules(src: &str) -> Vec<RuleDef> {
    game(src)
        .body
        .into_iter()
        .filter_map(|statement| match statement {
            Statement::Rule(rule) => Some(rule),
            _ => None,
        })
        .collect()
}

/// The expression `expr`, parsed as a heap invariant, with its source (the
/// expression's spans are offsets into that source).
fn invariant(expr: &str) -> (String, Expr) {
    let src = format!("game g {{ heaps * where {expr} }}");
    match &game(&src).body[0] {
        Statement::Heaps(decl) => {
            let invariant = decl.invariant.clone().expect("an invariant");
            (src, invariant)
        }
        other => panic!("not a heaps statement: {other:?}"),
    }
}

/// An expression as an S-expression, spans left out: `(+ 1 (* 2 3))`.
fn sexp(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Name(ident) => ident.name.clone(),
        ExprKind::Heap(i) => format!("h[{}]", sexp(i)),
        ExprKind::Cell(r, c) => format!("b[{}, {}]", sexp(r), sexp(c)),
        ExprKind::Item(list, i) => format!("{}[{}]", list.name, sexp(i)),
        ExprKind::LenOf(list) => format!("(len {})", list.name),
        ExprKind::Neg(e) => format!("(neg {})", sexp(e)),
        ExprKind::Not(e) => format!("(not {})", sexp(e)),
        ExprKind::Binary(op, a, b) => {
            let op = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::Div => "/",
                BinOp::Rem => "%",
                BinOp::Eq => "==",
                BinOp::Ne => "!=",
                BinOp::Lt => "<",
                BinOp::Le => "<=",
                BinOp::Gt => ">",
                BinOp::Ge => ">=",
                BinOp::And => "and",
                BinOp::Or => "or",
                BinOp::Divides => "divides",
                BinOp::PowerOf => "power-of",
            };
            format!("({op} {} {})", sexp(a), sexp(b))
        }
        ExprKind::Call(func, args) => {
            let args: Vec<String> = args.iter().map(sexp).collect();
            format!("({func:?} {})", args.join(" ")).to_lowercase()
        }
        ExprKind::Is(e, property) => format!("(is {} {property:?})", sexp(e)).to_lowercase(),
        ExprKind::Each(op, e) => format!("(each {op:?} {})", sexp(e)),
        ExprKind::Monotone(m) => format!("{m:?}").to_lowercase(),
        ExprKind::Count(e) => format!("(count {})", sexp(e)),
    }
}

fn int(n: i64, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Int(BigInt::from(n)),
        span,
    }
}

fn name(text: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Name(Ident {
            name: text.to_string(),
            span,
        }),
        span,
    }
}

// ---------------------------------------------------------------------------
// What parses

#[test]
fn every_example_parses() {
    let file = parse_ok(EXAMPLES);
    let names: Vec<&str> = games(&file).iter().map(|g| g.name.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "bash",
            "subtraction",
            "sub2",
            "nim",
            "antinim",
            "wythoff",
            "two",
            "moore",
            "staircase",
            "empty_and_divide",
            "lasker",
            "grundy",
            "kay",
            "squares",
            "half",
            "odd",
            "loopy",
            "chompish",
            "div",
        ]
    );
    let components: Vec<usize> = analyses(&file).iter().map(|a| a.components.len()).collect();
    assert_eq!(components, [1, 1, 3, 1]);
    // Items come in source order.
    assert!(matches!(file.items[0], Item::Game(_)));
    assert!(matches!(file.items[1], Item::Analyze(_)));
}

#[test]
fn every_example_parses_on_its_own_too() {
    for line in EXAMPLES.lines() {
        let line = line.trim();
        if line.starts_with("game") && line.ends_with('}') || line.starts_with("analyze") {
            let (file, errors) = parse_file(line);
            assert!(errors.is_empty(), "{line}: {errors:#?}");
            assert_eq!(file.items.len(), 1, "{line}");
        }
    }
}

#[test]
fn game_header_spans_and_params() {
    let src = "game bash(m = 3) {\n    heaps 1\n    take 1..m  // inclusive\n}";
    let g = game(src);
    assert_eq!(g.name.name, "bash");
    assert_eq!(g.name.span, sp(5, 9));
    assert_eq!(g.span, sp(0, src.len()));
    assert_eq!(g.params.len(), 1);
    assert_eq!(g.params[0].name.name, "m");
    assert_eq!(g.params[0].default.kind, ValueKind::Int(BigInt::from(3)));
    assert_eq!(span_text(src, g.params[0].span), "m = 3");
    assert_eq!(span_text(src, g.params[0].default.span), "3");
    assert_eq!(g.body.len(), 2);
    match &g.body[0] {
        Statement::Heaps(decl) => {
            assert_eq!(span_text(src, decl.span), "heaps 1");
            match &decl.count {
                HeapCount::Fixed(n, span) => {
                    assert_eq!(*n, BigUint::from(1u8));
                    assert_eq!(span_text(src, *span), "1");
                }
                HeapCount::Any | HeapCount::Coins { .. } | HeapCount::Board => {
                    panic!("heaps 1 is a fixed count")
                }
            }
        }
        other => panic!("expected heaps, got {other:?}"),
    }
    match &g.body[1] {
        // The comment and the spaces before it are not part of the rule.
        Statement::Rule(rule) => assert_eq!(span_text(src, rule.span), "take 1..m"),
        other => panic!("expected a rule, got {other:?}"),
    }
}

#[test]
fn set_and_negative_params() {
    let g = game("game g(S = {1, 3, 4}, m = -1, T = {}, U = {1, -2}) { heaps 1; take S }");
    let values: Vec<ValueKind> = g.params.iter().map(|p| p.default.kind.clone()).collect();
    let ints = |v: &[i64]| v.iter().map(|&n| BigInt::from(n)).collect::<Vec<_>>();
    assert_eq!(
        values,
        [
            ValueKind::Set(ints(&[1, 3, 4])),
            ValueKind::Int(BigInt::from(-1)),
            ValueKind::Set(vec![]),
            ValueKind::Set(ints(&[1, -2])),
        ]
    );
    let names: Vec<&str> = g.params.iter().map(|p| p.name.name.as_str()).collect();
    assert_eq!(names, ["S", "m", "T", "U"]);
}

#[test]
fn precedence_of_arithmetic_exactly() {
    let (src, e) = invariant("1 + 2 * 3");
    let at = src.find("1 + 2").unwrap();
    let expected = Expr {
        kind: ExprKind::Binary(
            BinOp::Add,
            Box::new(int(1, sp(at, at + 1))),
            Box::new(Expr {
                kind: ExprKind::Binary(
                    BinOp::Mul,
                    Box::new(int(2, sp(at + 4, at + 5))),
                    Box::new(int(3, sp(at + 8, at + 9))),
                ),
                span: sp(at + 4, at + 9),
            }),
        ),
        span: sp(at, at + 9),
    };
    assert_eq!(e, expected);
}

#[test]
fn not_binds_looser_than_comparisons_and_tighter_than_and() {
    let (src, e) = invariant("not a and b");
    let at = src.find("not a").unwrap();
    let expected = Expr {
        kind: ExprKind::Binary(
            BinOp::And,
            Box::new(Expr {
                kind: ExprKind::Not(Box::new(name("a", sp(at + 4, at + 5)))),
                span: sp(at, at + 5),
            }),
            Box::new(name("b", sp(at + 10, at + 11))),
        ),
        span: sp(at, at + 11),
    };
    assert_eq!(e, expected);
    assert_eq!(sexp(&invariant("not k is prime").1), "(not (is k prime))");
    assert_eq!(sexp(&invariant("not k < 3 or b").1), "(or (not (< k 3)) b)");
}

#[test]
fn is_and_or_and_remainder() {
    let (src, e) = invariant("k is square or h % 2 == 0");
    assert_eq!(sexp(&e), "(or (is k square) (== (% h 2) 0))");
    let ExprKind::Binary(BinOp::Or, lhs, rhs) = &e.kind else {
        panic!("expected or: {e:?}");
    };
    assert_eq!(
        lhs.kind,
        ExprKind::Is(Box::new(name("k", lhs_k(&src))), Property::Square)
    );
    assert_eq!(span_text(&src, lhs.span), "k is square");
    assert_eq!(span_text(&src, rhs.span), "h % 2 == 0");
    assert_eq!(span_text(&src, e.span), "k is square or h % 2 == 0");

    fn lhs_k(src: &str) -> Span {
        let at = src.find("k is").unwrap();
        sp(at, at + 1)
    }
}

#[test]
fn more_precedence() {
    let cases = [
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("-k * 2", "(* (neg k) 2)"),
        ("- - k", "(neg (neg k))"),
        ("2 * (k + 1) / 3 % 4", "(% (/ (* 2 (+ k 1)) 3) 4)"),
        ("a or b and c", "(or a (and b c))"),
        ("a and b or c", "(or (and a b) c)"),
        ("k + 1 is even", "(is (+ k 1) even)"),
        ("k divides h + 1", "(divides k (+ h 1))"),
        ("k is power of 2 * m", "(power-of k (* 2 m))"),
        (
            "k is power of 2 or k is odd",
            "(or (power-of k 2) (is k odd))",
        ),
        // `power` and `of` are names anywhere else.
        ("power + of", "(+ power of)"),
        // List parameters: an item, and the length.
        ("T[k + 1] <= len(T)", "(<= T[(+ k 1)] (len T))"),
        ("T [1] + h[T[2]]", "(+ T[1] h[T[2]])"),
        ("h[1] <= h[len]", "(<= h[1] h[len])"),
        ("h [ 1 + 1 ] > 0", "(> h[(+ 1 1)] 0)"),
        ("each >= 1 and len <= 3", "(and (each Ge 1) (<= len 3))"),
        ("each < h[1] + 2", "(each Lt (+ h[1] 2))"),
        (
            "nonincreasing or nondecreasing",
            "(or nonincreasing nondecreasing)",
        ),
        (
            "min(k, 3) != max(1, k - 1)",
            "(!= (min k 3) (max 1 (- k 1)))",
        ),
        ("(k < 3) == (h < 3)", "(== (< k 3) (< h 3))"),
        ("not not k == 1", "(not (not (== k 1)))"),
        (
            "count(0) + 1 < count(h[1])",
            "(< (+ (count 0) 1) (count h[1]))",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(sexp(&invariant(text).1), expected, "{text}");
    }
}

#[test]
fn parenthesized_expression_span_includes_parentheses() {
    let (src, e) = invariant("not (k is prime)");
    let ExprKind::Not(inner) = &e.kind else {
        panic!("expected not: {e:?}");
    };
    assert_eq!(span_text(&src, inner.span), "(k is prime)");
    assert_eq!(span_text(&src, e.span), "not (k is prime)");
}

#[test]
fn k_h_and_len_are_names() {
    for text in ["k", "h", "len", "kk", "h1", "_x"] {
        let (_, e) = invariant(text);
        assert!(
            matches!(&e.kind, ExprKind::Name(ident) if ident.name == text),
            "{text}: {e:?}"
        );
    }
    assert!(matches!(invariant("h[2]").1.kind, ExprKind::Heap(_)));
    assert_eq!(
        invariant("nondecreasing").1.kind,
        ExprKind::Monotone(Monotone::Nondecreasing)
    );
}

#[test]
fn take_from_both_heaps_exactly() {
    let src = "game w { heaps 2; take 1.. from both heaps }";
    let rule = &rules(src)[0];
    let at = src.find("take").unwrap();
    let lo = src.find("1..").unwrap();
    let both = src.find("both").unwrap();
    let expected = RuleDef {
        side: None,
        label: None,
        kind: RuleKind::Take {
            amounts: Amounts {
                kind: AmountsKind::Range {
                    lo: int(1, sp(lo, lo + 1)),
                    hi: None,
                },
                condition: None,
                span: sp(lo, lo + 3),
            },
            from: gamelang::syntax::ast::From::BothHeaps(sp(both, both + 4)),
            split: None,
        },
        span: sp(at, src.find(" }").unwrap()),
    };
    assert_eq!(*rule, expected);
}

#[test]
fn from_clauses() {
    use gamelang::syntax::ast::From;
    let src = "game g(m = 2) {
        heaps *
        take 1
        take 1 from one heap
        take 1 from two heaps
        take 1 from 3 heaps
        take 1 from m heaps
        take 1 from up to m + 1 heaps
        take 1 from 1 heap
    }";
    let froms: Vec<String> = rules(src)
        .iter()
        .map(|rule| match &rule.kind {
            RuleKind::Take { from, .. } => match from {
                From::OneHeap => "one".to_string(),
                From::BothHeaps(_) => "both".to_string(),
                From::Same(e) => format!("same {} @{}", sexp(e), span_text(src, e.span)),
                From::UpTo(e) => format!("up to {}", sexp(e)),
            },
            other => panic!("not a take: {other:?}"),
        })
        .collect();
    assert_eq!(
        froms,
        [
            "one",
            "one",
            "same 2 @two",
            "same 3 @3",
            "same m @m",
            "up to (+ m 1)",
            "same 1 @1",
        ]
    );
}

#[test]
fn labels() {
    let src = "game wythoff {\n    heaps 2\n    take 1..\n    both: take 1.. from both heaps\n    diag : take k where k <= 2\n}";
    let rules = rules(src);
    assert_eq!(rules[0].label, None);
    let both = rules[1].label.as_ref().expect("a label");
    assert_eq!(both.name, "both");
    assert_eq!(span_text(src, both.span), "both");
    // The rule's span leaves its label out.
    assert_eq!(span_text(src, rules[1].span), "take 1.. from both heaps");
    let diag = rules[2].label.as_ref().expect("a label");
    assert_eq!(diag.name, "diag");
    assert_eq!(span_text(src, diag.span), "diag");
    assert_eq!(span_text(src, rules[2].span), "take k where k <= 2");
}

#[test]
fn amounts_kinds_and_spans() {
    let src = "game g(S = {1}) {
        heaps 1
        take 1..3
        take 2..h - 1 where k is odd
        take {}
        take {1, -1, m + 1}
        take S
        take k where 2 * k <= h
    }";
    let rules = rules(src);
    let amounts: Vec<&Amounts> = rules
        .iter()
        .map(|rule| match &rule.kind {
            RuleKind::Take { amounts, .. } => amounts,
            other => panic!("not a take: {other:?}"),
        })
        .collect();
    let shapes: Vec<String> = amounts
        .iter()
        .map(|a| {
            let kind = match &a.kind {
                AmountsKind::Range { lo, hi } => format!(
                    "range {} {}",
                    sexp(lo),
                    hi.as_ref().map_or("-".to_string(), sexp)
                ),
                AmountsKind::Set(elements) => {
                    let elements: Vec<String> = elements.iter().map(sexp).collect();
                    format!("set [{}]", elements.join(" "))
                }
                AmountsKind::Single(e) => format!("single {}", sexp(e)),
            };
            match &a.condition {
                Some(c) => format!("{kind} where {}", sexp(c)),
                None => kind,
            }
        })
        .collect();
    assert_eq!(
        shapes,
        [
            "range 1 3",
            "range 2 (- h 1) where (is k odd)",
            "set []",
            "set [1 (neg 1) (+ m 1)]",
            "single S",
            "single k where (<= (* 2 k) h)",
        ]
    );
    // The span of the amounts includes their `where` clause.
    assert_eq!(span_text(src, amounts[1].span), "2..h - 1 where k is odd");
    assert_eq!(span_text(src, amounts[5].span), "k where 2 * k <= h");
}

#[test]
fn splits_shift_and_empty() {
    let src = "game g {
        heaps *
        split into 2 heaps
        split into 2 nonempty unequal heaps
        split into two unequal heaps
        take {1, 2} and split the rest into 2 unequal heaps
        shift 1..3 to the previous heap
        empty one heap and split the other into 2 nonempty heaps
    }";
    let rules = rules(src);
    let split = |rule: &RuleDef| match &rule.kind {
        RuleKind::Split(spec) | RuleKind::EmptyAndSplit(spec) => spec.clone(),
        RuleKind::Take {
            split: Some(spec), ..
        } => spec.clone(),
        other => panic!("no split: {other:?}"),
    };
    let flags = |spec: SplitSpec| (spec.unequal, spec.nonempty);
    assert_eq!(flags(split(&rules[0])), (false, false));
    assert_eq!(flags(split(&rules[1])), (true, true));
    assert_eq!(flags(split(&rules[2])), (true, false));
    assert_eq!(flags(split(&rules[3])), (true, false));
    assert_eq!(
        span_text(src, split(&rules[1]).span),
        "split into 2 nonempty unequal heaps"
    );
    assert_eq!(
        span_text(src, split(&rules[3]).span),
        "split the rest into 2 unequal heaps"
    );
    assert!(
        matches!(&rules[4].kind, RuleKind::Shift { amounts } if matches!(amounts.kind, AmountsKind::Range { .. }))
    );
    assert_eq!(
        span_text(src, rules[4].span),
        "shift 1..3 to the previous heap"
    );
    assert!(matches!(rules[5].kind, RuleKind::EmptyAndSplit(_)));
    assert_eq!(
        span_text(src, split(&rules[5]).span),
        "split the other into 2 nonempty heaps"
    );
    assert_eq!(
        span_text(src, rules[5].span),
        "empty one heap and split the other into 2 nonempty heaps"
    );
}

#[test]
fn heaps_and_play() {
    let src = "game g { heaps * where each >= 1; play misère }\ngame f { heaps 100000000000000000000000; play normal; play misere }";
    let file = parse_ok(src);
    let gs = games(&file);
    match (&gs[0].body[0], &gs[0].body[1]) {
        (Statement::Heaps(decl), Statement::Play(play)) => {
            assert_eq!(decl.count, HeapCount::Any);
            assert_eq!(span_text(src, decl.span), "heaps * where each >= 1");
            assert!(play.misere);
            assert_eq!(span_text(src, play.span), "play misère");
        }
        other => panic!("unexpected {other:?}"),
    }
    match &gs[1].body[..] {
        [
            Statement::Heaps(decl),
            Statement::Play(normal),
            Statement::Play(misere),
        ] => {
            let HeapCount::Fixed(n, _) = &decl.count else {
                panic!("fixed count expected");
            };
            assert_eq!(n.to_string(), "100000000000000000000000");
            assert!(!normal.misere);
            assert!(misere.misere);
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn layout_newlines_semicolons_and_comments() {
    let src = "\n\n// leading comment\r\n\ngame g(\n  m = 3,\n  S = {\n    1,\n    2\n  }\n)\n{\n\n  heaps 1 ;; take {1,\n  3} // comment\r\n\n\ttake min(\n k,\n m)..h\n\n}\n\n\nanalyze g(m = 4) at 3 +\n   g at (\n 1,\n 2\n )\n// trailing\n\n";
    let file = parse_ok(src);
    let g = games(&file)[0];
    assert_eq!(g.params.len(), 2);
    assert_eq!(g.body.len(), 3);
    let a = analyses(&file)[0];
    assert_eq!(a.components.len(), 2);
    assert_eq!(
        one(&a.components[1].positions).heaps,
        [BigUint::from(1u8), BigUint::from(2u8)]
    );
    // Empty bodies and items on one line separated by `;`.
    let file = parse_ok("game a {}\ngame b { }; analyze a at 1; analyze b at ()");
    assert_eq!(file.items.len(), 4);
    assert_eq!(parse_ok("").items.len(), 0);
    assert_eq!(parse_ok("\n  // nothing here\n\n").items.len(), 0);
}

/// The one position a component asks.
fn one(positions: &Positions) -> &PositionLit {
    match positions {
        Positions::One(lit) => lit,
        other => panic!("one position, not {other:?}"),
    }
}

#[test]
fn many_positions_parse_as_ranges_boxes_and_lists() {
    let src = "analyze nim at [(1..2, 3), 4, 0..10]";
    let file = parse_ok(src);
    let Positions::List { items, span } = &analyses(&file)[0].components[0].positions else {
        panic!("a list");
    };
    assert_eq!(span_text(src, *span), "[(1..2, 3), 4, 0..10]");
    let big = |n: u8| BigUint::from(n);
    assert!(
        matches!(&items[0], Positions::Box { sides, .. } if *sides == [(big(1), big(2)), (big(3), big(3))])
    );
    assert_eq!(one(&items[1]).heaps, [big(4)]);
    assert!(matches!(&items[2], Positions::Box { sides, .. } if *sides == [(big(0), big(10))]));
    // Numbers alone in parentheses are one position, as ever.
    let file = parse_ok("analyze nim at (1, 2)");
    assert_eq!(
        one(&analyses(&file)[0].components[0].positions).heaps,
        [big(1), big(2)]
    );
}

#[test]
fn analyze_spans_and_args() {
    let src = "analyze bash(m = 3) at 10 + bash(m = 5, S = {1, 2}) at 7 + nim at (3, 4)";
    let file = parse_ok(src);
    let a = analyses(&file)[0];
    assert_eq!(a.span, sp(0, src.len()));
    let c = &a.components;
    assert_eq!(c.len(), 3);
    assert_eq!(span_text(src, c[0].span), "bash(m = 3) at 10");
    assert_eq!(span_text(src, c[0].positions.span()), "10");
    assert_eq!(c[1].args.len(), 2);
    assert_eq!(span_text(src, c[1].args[1].span), "S = {1, 2}");
    assert_eq!(c[2].game.name, "nim");
    assert_eq!(span_text(src, c[2].positions.span()), "(3, 4)");
    // A game may be called by a keyword's name (`odd` is a keyword).
    let file = parse_ok("game odd { heaps 1; take 1 }\nanalyze odd at 3");
    assert_eq!(analyses(&file)[0].components[0].game.name, "odd");
}

#[test]
fn positions() {
    let heaps = |src: &str| -> Vec<u64> {
        let position = parse_position(src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
        position
            .heaps
            .iter()
            .map(|n| u64::try_from(n).unwrap())
            .collect()
    };
    assert_eq!(heaps("21"), [21]);
    assert_eq!(heaps("(3, 5)"), [3, 5]);
    assert_eq!(heaps("(7)"), [7]);
    assert_eq!(heaps("()"), Vec::<u64>::new());
    assert_eq!(heaps(" ( 3 ,\n 5 ) "), [3, 5]);
    let position = parse_position("(3, 5)").unwrap();
    assert_eq!(position.span, sp(0, 6));
    assert_eq!(
        parse_position("123456789012345678901234567890")
            .unwrap()
            .heaps[0]
            .to_string(),
        "123456789012345678901234567890"
    );
}

#[test]
fn position_errors() {
    let e = parse_position("-3").unwrap_err();
    assert!(
        e.message().starts_with("I was expecting a position"),
        "{e:?}"
    );
    assert_eq!(e.span().offset(), 0);
    assert!(e.help().unwrap().contains("negative"));

    let e = parse_position("(3, -4)").unwrap_err();
    assert_eq!(e.span().offset(), 4);

    let e = parse_position("(3, 4").unwrap_err();
    assert_eq!(e.message(), "I was expecting `,` or `)`");
    assert_eq!(e.span().offset(), 5);
    assert_eq!(e.label(), "the text ends here");

    let e = parse_position("3 4").unwrap_err();
    assert_eq!(e.message(), "I was expecting the end of the text");
    assert_eq!(e.span(), sp(2, 3));
    assert_eq!(e.label(), "unexpected `4`");

    assert!(parse_position("").is_err());
    // A word is a vertex of a graph of words (checked against the game
    // later); a keyword is not.
    assert_eq!(parse_position("x").unwrap().words, ["x"]);
    assert!(parse_position("where").is_err());
    assert_eq!(parse_position("take").unwrap().words, ["take"]);
}

#[test]
fn args() {
    let arg = parse_arg("m=10").unwrap();
    assert_eq!(arg.name.name, "m");
    assert_eq!(arg.value.kind, ValueKind::Int(BigInt::from(10)));
    assert_eq!(arg.span, sp(0, 4));
    assert_eq!(arg.value.span, sp(2, 4));

    let arg = parse_arg("S={1,2}").unwrap();
    assert_eq!(
        arg.value.kind,
        ValueKind::Set(vec![BigInt::from(1), BigInt::from(2)])
    );
    let arg = parse_arg(" m = -1 ").unwrap();
    assert_eq!(arg.value.kind, ValueKind::Int(BigInt::from(-1)));
    assert_eq!(arg.name.span, sp(1, 2));

    let e = parse_arg("m 3").unwrap_err();
    assert_eq!(e.message(), "I was expecting `=`");
    assert_eq!(e.span().offset(), 2);
    assert!(e.help().unwrap().contains("NAME=VALUE"));

    let e = parse_arg("m=x").unwrap_err();
    assert!(e.message().starts_with("I was expecting a value"), "{e:?}");
    assert_eq!(e.span(), sp(2, 3));

    let e = parse_arg("=3").unwrap_err();
    assert_eq!(e.message(), "I was expecting a name");
    assert_eq!(e.span().offset(), 0);

    let e = parse_arg("where=3").unwrap_err();
    assert!(e.help().unwrap().contains("reserved word"));
}

// ---------------------------------------------------------------------------
// What fails, where, and what it says

#[test]
fn missing_closing_brace_at_end_of_file() {
    let src = "game bash(m = 3) {\n    heaps 1\n    take 1..m\n";
    let e = parse_err(src);
    assert_eq!(e.message(), "I was expecting a statement or `}`");
    assert_eq!(e.span().offset(), src.len());
    assert_eq!(e.label(), "the file ends here");
    assert_eq!(
        e.help().as_deref(),
        Some("add a `}` to end the body of game `bash` (it opens on line 1)")
    );
}

#[test]
fn missing_closing_brace_before_next_item() {
    let src = "game nim {\n    heaps *\n    take 1..\n\nanalyze nim at (1, 2)\n";
    let (file, errors) = parse_file(src);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let e = &errors[0];
    assert_eq!(e.message(), "I was expecting a statement or `}`");
    assert_eq!(
        e.span(),
        sp(src.find("analyze").unwrap(), src.find(" nim at").unwrap())
    );
    assert_eq!(e.label(), "unexpected `analyze`");
    assert!(e.help().as_deref().unwrap().starts_with("add a `}`"));
    // The analyze statement after it is still read.
    assert_eq!(analyses(&file).len(), 1);
}

#[test]
fn after_an_error_the_statements_of_the_same_game_are_read_on() {
    // Each statement with a mistake is reported, also those after the
    // first, inside move blocks, in sets over several lines and after `;`;
    // the statements between them parse cleanly, and so does the next item.
    let src = "game g(S = {1, 2}) {\n    heaps 1\n    take 1..3 foo\n    move m {\n        choose k in 1..h[1]\n        h[1] -= k +\n    }\n    take {1, 2,\n          3} from 7 heapz\n    take S; play sideways; take 2\n}\nanalyze g at 3\n";
    let (file, errors) = parse_file(src);
    let found: Vec<&str> = errors.iter().map(|e| span_text(src, e.span())).collect();
    assert_eq!(found, ["foo", "\n", "heapz", "sideways"], "{errors:#?}");
    assert_eq!(analyses(&file).len(), 1);
    assert!(games(&file).is_empty(), "a game with an error is left out");
}

#[test]
fn recovery_in_a_game_ends_at_its_closing_brace_or_the_next_item() {
    // An unclosed game: the first error only, then the next item.
    let src = "game g {\n heaps 1\n take 1..3 x\n take 2\nanalyze g at 3\n";
    let (file, errors) = parse_file(src);
    let found: Vec<&str> = errors.iter().map(|e| span_text(src, e.span())).collect();
    assert_eq!(found, ["x"], "{errors:#?}");
    assert_eq!(analyses(&file).len(), 1);
    // Truncated: the missing `}` is said with the game's name.
    let src = "game g {\n heaps 1\n take 1..3 x\n take 2";
    let (_, errors) = parse_file(src);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert_eq!(
        errors[1].help().as_deref(),
        Some("add a `}` to end the body of game `g` (it opens on line 1)")
    );
    // An error in the header leaves the body unread: its statements might
    // not be statements at all.
    let src = "game 9 { heaps 1; take ) }\n";
    assert_eq!(parse_file(src).1.len(), 1);
    // Stray closing brackets do not stop it, nor loop it.
    let src = "game g { heaps 1; take ) ] ; take ]; take 1.. }\n";
    let (_, errors) = parse_file(src);
    let found: Vec<&str> = errors.iter().map(|e| span_text(src, e.span())).collect();
    assert_eq!(found, [")", "]"], "{errors:#?}");
}

#[test]
fn heaps_without_a_count() {
    let src = "game g {\n    heaps\n    take 1\n}";
    let e = parse_err(src);
    assert_eq!(
        e.message(),
        "I was expecting a heap count (a number or `*`) after `heaps`"
    );
    assert_eq!(
        e.span(),
        sp(
            src.find("heaps").unwrap() + 5,
            src.find("heaps").unwrap() + 6
        )
    );
    assert_eq!(e.label(), "the line ends here");
    assert!(e.help().unwrap().contains("heaps *"));

    let e = parse_err("game g { heaps x }");
    assert_eq!(e.span(), sp(15, 16));
    assert_eq!(e.label(), "unexpected `x`");
}

#[test]
fn take_with_nothing_after() {
    let src = "game g { heaps 1; take }";
    let e = parse_err(src);
    assert_eq!(
        e.message(),
        "I was expecting the amounts (like `1..3`, `1..`, `{1, 2}` or `k`) after `take`"
    );
    assert_eq!(e.span(), sp(23, 24));
    assert_eq!(e.label(), "unexpected `}`");
    assert!(e.help().unwrap().contains("take 1..3"));

    let e = parse_err("game g { heaps 1\n take\n}");
    assert_eq!(e.span().offset(), "game g { heaps 1\n take".len());
}

#[test]
fn bad_token() {
    let src = "game g { heaps 1; take 1..3 $ }";
    let e = parse_err(src);
    assert_eq!(
        e.message(),
        "I was expecting `where`, `from`, `and`, the end of the statement (a new line or `;`) or `}`"
    );
    assert_eq!(e.span(), sp(28, 29));
    assert_eq!(e.label(), "unexpected `$`");

    // After a single amount, `..` may come too.
    let e = parse_err("game g { heaps 1; take k foo }");
    assert!(
        e.message()
            .starts_with("I was expecting `..`, `where`, `from`"),
        "{e:?}"
    );
    assert_eq!(e.span(), sp(25, 28));
    assert_eq!(e.label(), "unexpected `foo`");

    let e = parse_err("game g { heaps 1; take 1.. where k = 3 }");
    assert_eq!(e.span(), sp(35, 36));
    assert_eq!(
        e.help().as_deref(),
        Some("to compare two values, write `==`")
    );
}

#[test]
fn unknown_statement() {
    let src = "game g {\n    heaps 1\n    jump 1..3\n}";
    let e = parse_err(src);
    assert_eq!(e.message(), "I was expecting a statement or `}`");
    let at = src.find("jump").unwrap();
    assert_eq!(e.span(), sp(at, at + "jump".len()));
    assert_eq!(e.label(), "unexpected `jump`");
    assert_eq!(
        e.help().as_deref(),
        Some(
            "a game's body has `heaps` (or `position`), `play`, rules starting with `take`, `shift`, `split`, `empty`, `octal` or `hex`, and `move NAME { ... }` blocks"
        )
    );
}

#[test]
fn a_move_block_and_named_parts_parse_into_the_tree() {
    let src = "game fib {\n    position (stones, limit)\n    move take {\n        choose k in 1..min(stones, limit)\n        require k > 0\n        let twice = 2 * k\n        stones -= k\n        limit = twice\n        for s in 1..2 { h[s] += 0 }\n        if k == 1 { h[1] = h[1] } else if k == 2 { h[2] -= 0 } else { h[1] += 0 }\n        says \"take {k} of {stones + k}\"\n    }\n}";
    let (file, errors) = parse_file(src);
    assert!(errors.is_empty(), "{errors:#?}");
    let game = &games(&file)[0];
    let Statement::Position(position) = &game.body[0] else {
        panic!("{:?}", game.body[0]);
    };
    let names: Vec<&str> = position.names.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["stones", "limit"]);
    let Statement::Move(block) = &game.body[1] else {
        panic!("{:?}", game.body[1]);
    };
    assert_eq!(block.name.name, "take");
    let kinds: Vec<&str> = block
        .body
        .iter()
        .map(|s| match &s.kind {
            BlockStmtKind::Choose { hi: Some(_), .. } => "choose",
            BlockStmtKind::Choose { hi: None, .. } => "choose unbounded",
            BlockStmtKind::Require(_) => "require",
            BlockStmtKind::Let { .. } => "let",
            BlockStmtKind::Assign {
                op: AssignOp::Sub, ..
            } => "-=",
            BlockStmtKind::Assign {
                op: AssignOp::Add, ..
            } => "+=",
            BlockStmtKind::Assign {
                op: AssignOp::Set, ..
            } => "=",
            BlockStmtKind::For { .. } => "for",
            BlockStmtKind::If { otherwise, .. } if otherwise.len() == 1 => "if else-if",
            BlockStmtKind::If { .. } => "if",
            BlockStmtKind::Append(_) => "append",
            BlockStmtKind::Remove(_) => "remove",
            BlockStmtKind::Becomes(_) => "becomes",
            BlockStmtKind::Says(_) => "says",
            BlockStmtKind::Again => "again",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "choose",
            "require",
            "let",
            "-=",
            "=",
            "for",
            "if else-if",
            "says"
        ]
    );
    // The words and the holes of a `says`, in order.
    let BlockStmtKind::Says(parts) = &block.body[7].kind else {
        panic!("a says");
    };
    let words: Vec<&str> = (parts.iter())
        .map(|p| match p {
            SaysPart::Words(w) => w.as_str(),
            SaysPart::Value(_) => "{}",
        })
        .collect();
    assert_eq!(words, ["take ", "{}", " of ", "{}"]);
    let at = src.find("choose").unwrap();
    assert_eq!(
        block.body[0].span,
        sp(at, at + "choose k in 1..min(stones, limit)".len())
    );
}

#[test]
fn octal_is_a_rule() {
    let octal = rules("game dawson { heaps *; octal 0.07 }");
    assert_eq!(octal[0].kind, RuleKind::Octal("0.07".to_string()));
    let e = parse_err("game g { heaps *; octal 77 }");
    assert!(e.message().contains("octal code"), "{e:?}");
}

#[test]
fn several_errors_are_all_reported() {
    let src = "\
game a {
    heaps
    take 1
}
game ok1 { heaps 1; take 1..2 }
analyze a at (1,
game b { heaps 1; take 1.. where k is even }
frobnicate
game c { heaps 1; jump 2 }
analyze ok1 at 5
";
    let (file, errors) = parse_file(src);
    let starts: Vec<usize> = errors.iter().map(|e| e.span().offset()).collect();
    assert_eq!(
        starts,
        [
            src.find("heaps\n").unwrap() + 5,
            src.find("game b").unwrap(),
            src.find("frobnicate").unwrap(),
            src.find("jump").unwrap(),
        ],
        "{errors:#?}"
    );
    assert!(errors[0].message().contains("heap count"));
    assert_eq!(errors[1].message(), "I was expecting a number or `)`");
    assert_eq!(errors[1].label(), "unexpected `game`");
    assert_eq!(
        errors[2].message(),
        "I was expecting `game`, `analyze` or `compare`"
    );
    assert_eq!(errors[3].message(), "I was expecting a statement or `}`");
    let names: Vec<&str> = games(&file).iter().map(|g| g.name.name.as_str()).collect();
    assert_eq!(names, ["ok1", "b"]);
    assert_eq!(analyses(&file).len(), 1);
}

#[test]
fn keyword_as_a_name() {
    let e = parse_err("game g(where = 3) { heaps 1 }");
    assert_eq!(e.message(), "I was expecting a name or `)`");
    assert_eq!(e.span(), sp(7, 12));
    assert_eq!(
        e.help().as_deref(),
        Some("`where` is a reserved word, so it can't be used as a name")
    );
}

/// The words that begin a rule, a statement or a shape are names wherever
/// a name is expected: a file that names a part `turn` (before coins made
/// it a word of the language) parses, and so do parameters and parts named
/// after every word that is not reserved.
#[test]
fn words_of_the_language_are_names_where_a_name_is_expected() {
    parse_ok(
        "game race {
    position (stones, turn)
    move take { choose k in 1..min(stones, 3); stones -= k; turn = 1 - turn }
}
analyze race at (10, 0)",
    );
    // (Names are ASCII: `misère` is a spelling of `misere`, no name.)
    for word in gamelang::syntax::lex::KEYWORDS {
        if gamelang::syntax::lex::RESERVED.contains(word) || !word.is_ascii() {
            continue;
        }
        let src = format!(
            "game g({word} = 2) {{
    position (a, {word}_part, {word}2)
    move m {{ choose {word}3 in 1..{word}; require a > 0 and {word} - 1 >= 0; a -= 1 }}
}}
game h {{ position ({word}); move m {{ require {word} > 0; {word} -= 1 }} }}
game c {{ coins; turn 1.. coins }}
analyze h at (3)"
        );
        parse_ok(&src);
    }
}

#[test]
fn chained_comparisons_are_rejected() {
    let src = "game g { heaps 1 where 1 < h[1] < 5 }";
    let e = parse_err(src);
    assert_eq!(e.message(), "comparisons can't be chained");
    assert_eq!(e.span(), sp(32, 33));
    assert!(e.help().unwrap().contains("and"));
    // In parentheses, or through `and`, it is fine.
    parse_ok("game g { heaps 1 where (1 < h[1]) == (h[1] < 5) and 1 < h[1] and h[1] < 5 }");
    assert!(
        parse_file("game g { heaps 1 where k is odd is even }")
            .1
            .len()
            == 1
    );
}

#[test]
fn splits_into_two_only() {
    let e = parse_err("game g { heaps *; split into 3 heaps }");
    assert_eq!(e.message(), "a heap can only be split into 2 heaps");
    assert_eq!(e.span(), sp(29, 30));
    let e = parse_err("game g { heaps *; split into 2 unequal unequal heaps }");
    assert_eq!(e.message(), "`unequal` is written twice");
    assert_eq!(e.span(), sp(39, 46));
}

#[test]
fn missing_parts_of_phrases() {
    let cases = [
        (
            "game g { heaps 1; play }",
            "I was expecting `normal` or `misere` after `play`",
            23,
        ),
        (
            "game g { heaps 2; take 1.. from both }",
            "I was expecting `heaps` after `both`",
            37,
        ),
        (
            "game g { heaps *; shift 1.. to the heap }",
            "I was expecting `previous` after `the`",
            35,
        ),
        (
            "game g { heaps 1; take 1.. where k is big }",
            "I was expecting a property (`square`, `prime`, `even` or `odd`) after `is`",
            38,
        ),
        (
            "game g { heaps 1; take 1.. where }",
            "I was expecting an expression after `where`",
            33,
        ),
        (
            "game g { heaps *; split into 2 nonempty }",
            "I was expecting `heaps`, `unequal` or `nonempty` after `nonempty`",
            40,
        ),
        (
            "game { heaps 1 }",
            "I was expecting a game's name after `game`",
            5,
        ),
        ("game g heaps 1", "I was expecting `{` or `(`", 7),
        ("analyze g 3", "I was expecting `(` or `at`", 10),
        (
            "analyze g at",
            "I was expecting a position (a number, or numbers in parentheses like `(3, 5)`) after `at`",
            12,
        ),
        (
            "game g { heaps 1 } extra",
            "I was expecting the end of the line",
            19,
        ),
        (
            "game g { heaps 1; take {1 2} }",
            "I was expecting `,` or `}`",
            26,
        ),
        (
            "game g { heaps 1 where h[1 > 0 }",
            "I was expecting `]`",
            31,
        ),
        (
            "game g { heaps 1 where each 3 }",
            "I was expecting a comparison (`==`, `!=`, `<`, `<=`, `>` or `>=`) after `each`",
            28,
        ),
    ];
    for (src, message, start) in cases {
        let e = parse_err(src);
        assert_eq!(e.message(), message, "{src}");
        assert_eq!(e.span().offset(), start, "{src}: {e:?}");
    }
}

/// Messages never leak the grammar's rule names (`amounts_range`, `kw_take`,
/// `eos`...), whatever the input.
fn assert_readable(src: &str, errors: &[SyntaxError]) {
    for e in errors {
        let end = e.span().offset() + e.span().len();
        assert!(end <= src.len(), "span out of bounds in {src:?}: {e:?}");
        assert!(src.is_char_boundary(e.span().offset()) && src.is_char_boundary(end));
        assert!(
            !e.message().contains('_')
                && !e.message().contains("eos")
                && !e.message().contains("EOI"),
            "unreadable message for {src:?}: {e:?}"
        );
        assert!(!e.label().is_empty());
    }
}

#[test]
fn every_truncation_of_the_examples_gives_readable_errors() {
    for (end, _) in EXAMPLES.char_indices() {
        let src = &EXAMPLES[..end];
        let (_, errors) = parse_file(src);
        assert_readable(src, &errors);
    }
}

proptest! {
    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(prop::sample::select(vec![
        "game", "analyze", "g", "at", "heaps", "*", "1", "-", "..", "{", "}", "(", ")", ",",
        "take", "from", "both", "where", "k", "is", "odd", "and", "not", "h[", "]", "\n", ";",
        "split", "into", "2", "nonempty", "=", "==", "<", "move", "+", "each", ">=", "x:",
    ]), 0..40)) {
        let src = tokens.join(" ");
        let (_, errors) = parse_file(&src);
        assert_readable(&src, &errors);
        let _ = parse_position(&src);
        let _ = parse_arg(&src);
    }
}

#[test]
fn absurd_nesting_is_an_error_not_a_crash() {
    let parens = |n: usize| {
        format!(
            "game g {{ heaps 1 where {}k{} }}",
            "(".repeat(n),
            ")".repeat(n)
        )
    };
    let negations = |n: usize| format!("game g {{ heaps 1 where {}k }}", "- ".repeat(n));
    parse_ok(&parens(50));
    parse_ok(&negations(50));
    for src in [parens(101), parens(5000), negations(101), negations(20000)] {
        let e = parse_err(&src);
        assert!(e.message().contains("nested too deeply"), "{e:?}");
        assert!(
            e.span().offset() >= "game g { heaps 1 where ".len(),
            "{e:?}"
        );
        assert!(e.span().len() <= 1, "{e:?}");
    }
}

#[test]
fn long_operator_chains_are_refused_before_later_stages_recurse_on_them() {
    // `k + k + … + k` is a tree as deep as it is long: 12,800 terms
    // overflowed the stack in lowering. Refused past 1000 operators; a
    // chain just inside the limit goes through every stage in a test
    // thread's small stack.
    let chain = |n: usize| {
        format!(
            "game g {{ heaps 1; take k where {} <= 3 }}\nanalyze g at 5\n",
            vec!["k"; n].join(" + ")
        )
    };
    let e = parse_err(&chain(12_800));
    assert!(e.message().contains("too many operators"), "{e:?}");
    let program = super::common::load_text("chain.game", &chain(999), &[]);
    let game = program.games[0].default.clone().expect("lowers");
    let mut solver = gamelang::search::Solver::new(game, 100);
    assert!(solver.value(&[5]).is_ok());
}

#[test]
fn numbers_past_100000_digits_are_refused_unread() {
    // Reading a number is quadratic in its digits: 4 * 10^6 digits took 19 s.
    let with = |digits: usize| format!("game g {{ heaps 1; take 1..{} }}", "9".repeat(digits));
    parse_ok(&with(100_000));
    let e = parse_err(&with(4_000_000));
    assert!(e.message().contains("too long to read"), "{e:?}");
    assert!(gamelang::syntax::parse_position(&format!("({})", "7".repeat(100_001))).is_err());
}

#[test]
fn invisible_characters_are_named_and_long_tokens_shortened() {
    // A NUL, a no-break space and a vertical tab were echoed raw (W6); a
    // long token was quoted whole (W7).
    for (text, named) in [
        ("game g { heaps 1; take \u{0} 1 }", "U+0000"),
        ("game g { heaps 1; take\u{a0}1..3 }", "U+00A0"),
        ("game g { heaps 1; take \u{b} 1 }", "U+000B"),
    ] {
        let e = parse_err(text);
        assert!(e.label().contains(named), "{text:?}: {}", e.label());
    }
    let shown = gamelang::syntax::error::shown(&"x".repeat(100_000));
    assert!(
        shown.len() < 60 && shown.contains("100000 characters"),
        "{shown}"
    );
}

#[test]
fn errors_render_with_miette() {
    let src = "game g {\n  heaps 1\n  take 1..3 $\n}\n";
    let e = parse_err(src);
    let report = miette::Report::new(e).with_source_code(src);
    let text = format!("{report:?}");
    assert!(text.contains("I was expecting"), "{text}");
    assert!(text.contains("unexpected `$`"), "{text}");
    assert!(text.contains("gamelang::syntax"), "{text}");
}

#[test]
fn a_hundred_nested_loops_are_called_blocks_not_parentheses() {
    // Issue 30: 100 nested `for`s were refused as "fewer than 100 levels of
    // parentheses or operators".
    let fors: String = (0..100).map(|i| format!("for i{i} in 1..1 {{\n")).collect();
    let src = format!(
        "game g {{\n heaps 1\n move m {{\n{fors}h[1] -= 1\n{}}}\n}}\n",
        "}\n".repeat(100)
    );
    let e = parse_err(&src);
    assert_eq!(e.message(), "these blocks are nested too deeply", "{e:?}");
    // Parentheses alone are still parentheses.
    let parens = format!(
        "game g {{ heaps 1 where {}k{} }}",
        "(".repeat(101),
        ")".repeat(101)
    );
    assert!(
        parse_err(&parens)
            .message()
            .contains("expression is nested too deeply")
    );
}
