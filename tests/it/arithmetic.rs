//! `/` and `%` mean one thing everywhere: floor division and the remainder
//! with the divisor's sign (LANGUAGE.md, "Conditions"), in the search's
//! 128-bit arithmetic, the big-number checks of a position asked about,
//! and the run reader's constants — each held here against num-integer's
//! `div_floor` and `mod_floor` on expressions with negative operands; and
//! so does `is power of`, held against its definition.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use proptest::prelude::*;

use gamelang::rules::expr::{Env, EvalError};

use super::asked::answer;
use super::common::load_text;

/// A random expression over two heaps and small constants, negative ones
/// among them, and its value by num-integer (`None`: a division by zero).
#[derive(Clone, Debug)]
enum E {
    Const(i64),
    Heap(usize),
    Neg(Box<E>),
    Bin(&'static str, Box<E>, Box<E>),
}

impl E {
    fn text(&self) -> String {
        match self {
            E::Const(k) if *k < 0 => format!("({k})"),
            E::Const(k) => k.to_string(),
            E::Heap(i) => format!("h[{i}]"),
            E::Neg(e) => format!("-({})", e.text()),
            E::Bin(op @ ("min" | "max"), a, b) => format!("{op}({}, {})", a.text(), b.text()),
            E::Bin(op, a, b) => format!("({} {op} {})", a.text(), b.text()),
        }
    }

    fn value(&self, heaps: &[u64]) -> Option<BigInt> {
        Some(match self {
            E::Const(k) => BigInt::from(*k),
            E::Heap(i) => BigInt::from(heaps[i - 1]),
            E::Neg(e) => -e.value(heaps)?,
            E::Bin(op, a, b) => {
                let (a, b) = (a.value(heaps)?, b.value(heaps)?);
                match *op {
                    "+" => a + b,
                    "-" => a - b,
                    "*" => a * b,
                    "/" if b == BigInt::ZERO => return None,
                    "%" if b == BigInt::ZERO => return None,
                    "/" => a.div_floor(&b),
                    "%" => a.mod_floor(&b),
                    "min" => a.min(b),
                    _ => a.max(b),
                }
            }
        })
    }
}

fn expression() -> impl Strategy<Value = E> {
    let leaf = prop_oneof![
        (-9i64..=9).prop_map(E::Const),
        (1usize..=2).prop_map(E::Heap)
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|e| E::Neg(Box::new(e))),
            (
                prop::sample::select(vec!["+", "-", "*", "/", "/", "%", "%", "min", "max"]),
                inner.clone(),
                inner
            )
                .prop_map(|(op, a, b)| E::Bin(op, Box::new(a), Box::new(b))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// Each evaluator gives the value num-integer gives, or a division by
    /// zero where it does: the search's (`Expr::int`), the big-number
    /// check of an invariant (`Expr::holds_on`), and a move block's
    /// constants as the interpreter and the run reader take them.
    #[test]
    fn every_evaluator_divides_as_num_integer_does(e in expression(), a in 0u64..12, b in 0u64..12) {
        let heaps = [a, b];
        let expected = e.value(&heaps);
        let shown = expected.clone().map_or("none".into(), |v| v.to_string());
        // The invariant `E == v` of a game of two heaps, lowered.
        let v = expected.clone().unwrap_or_default();
        let text = format!("game g {{ heaps 2 where {} == {v}; take 1.. }}", e.text());
        let program = load_text("arithmetic.game", &text, &[]);
        let game = program.games[0].default.clone().expect("lowers");
        let invariant = &game.invariant.as_ref().expect("an invariant").expr;
        let small = invariant.truth(&Env::position(&heaps));
        let big = invariant.holds_on(&heaps.map(BigUint::from));
        match &expected {
            Some(_) => {
                prop_assert_eq!(&small, &Ok(true), "{} at {:?} is {}", e.text(), heaps, shown);
                prop_assert_eq!(&big, &Ok(true), "{} at {:?} is {}", e.text(), heaps, shown);
            }
            None => {
                prop_assert_eq!(&small, &Err(EvalError::DivisionByZero));
                prop_assert_eq!(&big, &Err(EvalError::DivisionByZero));
            }
        }
        // A block whose two chosen values are the heaps' as constants: the
        // run reader computes `E` then, and so does the interpreter.
        let with_vars = e.text().replace("h[1]", "x").replace("h[2]", "y");
        let block = format!(
            "game g {{ heaps 1; move m {{ choose x in {a}..{a}; choose y in {b}..{b}; require {with_vars} == {v}; h[1] -= 1 }} }}"
        );
        let program = load_text("arithmetic.game", &block, &[]);
        let game = program.games[0].default.clone().expect("lowers");
        let moves = gamelang::moves::MoveGen::new(&game);
        let mut made = Vec::new();
        let interpreted = moves.each_move(&[1], |_, next| made.push(next.to_vec()));
        match &expected {
            Some(_) => {
                prop_assert!(interpreted.is_ok());
                prop_assert_eq!(&made, &vec![vec![0u64]]);
                let runs = moves.runs(1).expect("constants are read").moves(&[1]);
                prop_assert_eq!(runs, Some(Ok(vec![vec![0u64]])), "{}", block);
            }
            None => {
                prop_assert_eq!(interpreted.map_err(|e| e.error), Err(EvalError::DivisionByZero));
                // A block whose constants divide by zero is left to the interpreter.
                prop_assert!(moves.runs(1).is_none());
            }
        }
    }
}

/// `a is power of b` by its definition: a = b^j for some j >= 0.
fn power_of(a: &BigInt, b: &BigInt) -> bool {
    let mut p = BigInt::from(1);
    for _ in 0..200 {
        if &p == a {
            return true;
        }
        p *= b;
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// `is power of` means one thing in every evaluator: the search's, the
    /// big-number check, and a block's constants as the interpreter and the
    /// run reader take them (hostile input, round two: `is power of K`).
    #[test]
    fn every_evaluator_takes_powers_alike(x in expression(), y in expression(), a in 0u64..12, b in 0u64..12) {
        let heaps = [a, b];
        let (Some(xv), Some(yv)) = (x.value(&heaps), y.value(&heaps)) else {
            return Ok(());
        };
        let holds = power_of(&xv, &yv);
        let test = format!("({} is power of {})", x.text(), y.text());
        let condition = if holds { test.clone() } else { format!("not {test}") };
        let text = format!("game g {{ heaps 2 where {condition}; take 1.. }}");
        let program = load_text("powers.game", &text, &[]);
        let game = program.games[0].default.clone().expect("lowers");
        let invariant = &game.invariant.as_ref().expect("an invariant").expr;
        prop_assert_eq!(invariant.truth(&Env::position(&heaps)), Ok(true), "{} at {:?}", condition, heaps);
        prop_assert_eq!(invariant.holds_on(&heaps.map(BigUint::from)), Ok(true), "{}", condition);
        let with_vars = condition.replace("h[1]", "x").replace("h[2]", "y");
        let block = format!(
            "game g {{ heaps 1; move m {{ choose x in {a}..{a}; choose y in {b}..{b}; require {with_vars}; h[1] -= 1 }} }}"
        );
        let program = load_text("powers.game", &block, &[]);
        let game = program.games[0].default.clone().expect("lowers");
        let moves = gamelang::moves::MoveGen::new(&game);
        let mut made = Vec::new();
        prop_assert!(moves.each_move(&[1], |_, next| made.push(next.to_vec())).is_ok());
        prop_assert_eq!(&made, &vec![vec![0u64]], "{}", block);
        if let Some(runs) = moves.runs(1) {
            prop_assert_eq!(runs.moves(&[1]), Some(Ok(vec![vec![0u64]])), "{}", block);
        }
    }
}

/// The values of W1's game by a brute force: heap 1 holds at most 6
/// (floor(7 / -2) = -4 < -3); a move takes from either heap, or shifts
/// from heap 2 onto heap 1 (a shift from heap 1 leaves the board: a take).
fn w1_by_hand(a: u64, b: u64) -> u32 {
    let mut options = Vec::new();
    for k in 1..=a {
        options.push((a - k, b));
    }
    for k in 1..=b {
        options.push((a, b - k));
        if a + k <= 6 {
            options.push((a + k, b - k));
        }
    }
    let values: Vec<u32> = options.iter().map(|&(a, b)| w1_by_hand(a, b)).collect();
    (0..).find(|g| !values.contains(g)).unwrap_or(0)
}

/// The hostile-input issue's W1: the search divided Euclid's way (7 / -2
/// = -3), let (6, 1) shift onto (7, 0), and said Grundy 8; with floor
/// division, as documented, (7, 0) breaks the invariant everywhere.
#[test]
fn a_division_by_a_negative_number_rounds_down_everywhere() {
    let text = "game w {
        heaps 2 where h[1] / -2 >= -3
        shift 1.. to the previous heap
        take 1..
    }";
    let program = load_text("w1.game", text, &[]);
    let mut analyzer = gamelang::analysis::Analyzer::default();
    for a in 0..=6 {
        for b in 0..=3 {
            let at = answer(&mut analyzer, &program, "w", &[a, b]);
            let expected = w1_by_hand(a, b);
            assert_eq!(
                at.grundy,
                gamelang::analysis::Grundy::Value(expected.into()),
                "({a}, {b})"
            );
        }
    }
    assert_eq!(w1_by_hand(6, 1), 7);
    let game = program.games[0].default.clone().expect("lowers");
    let invariant = &game.invariant.as_ref().expect("an invariant").expr;
    for h in 0..12u64 {
        let allowed = h <= 6;
        assert_eq!(invariant.truth(&Env::position(&[h, 0])), Ok(allowed), "{h}");
        assert_eq!(
            invariant.holds_on(&[BigUint::from(h), BigUint::ZERO]),
            Ok(allowed),
            "{h}"
        );
    }
}
