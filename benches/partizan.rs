//! `cargo bench --bench partizan`: Cutcake at (100, 100) — every cake up to
//! 100 × 100 valued as a canonical form by the partizan search, in process
//! (issue 45's target: under 1 s) — beside the hand-written dp competitive
//! programmers would write, which knows what the search does not: that
//! every Cutcake value is an integer (Winning Ways, ch. 2), so a cake's
//! value is the simplest integer between its best Left and Right cuts.
//!
//! Then every blue-red Hackenbush string of 1 to 10 edges (2,046), each
//! written as a graph of `hackenbush` and valued by the partizan search
//! (issue 45's target: 0.1 s), beside Berlekamp's sign expansion by hand.

use std::hint::black_box;
use std::time::Instant;

use gamelang::{Dyadic, Forms, PartizanSearch, Source, check};

const SIDE: u64 = 100;

/// The hand-written dp: v[w][h] the integer value of a w × h cake.
fn by_hand(side: usize) -> i64 {
    let mut v = vec![vec![0i64; side + 1]; side + 1];
    for w in 1..=side {
        for h in 1..=side {
            let left = (1..w).map(|a| v[a][h] + v[w - a][h]).max();
            let right = (1..h).map(|b| v[w][b] + v[w][h - b]).min();
            v[w][h] = match (left, right) {
                (None, None) => 0,
                (Some(l), None) => (l + 1).max(0),
                (None, Some(r)) => (r - 1).min(0),
                (Some(l), Some(r)) => {
                    // The simplest integer strictly between: 0 if it lies
                    // between, else the one nearest 0.
                    assert!(l + 1 < r, "a Cutcake value is an integer");
                    if l < 0 && 0 < r {
                        0
                    } else if l >= 0 {
                        l + 1
                    } else {
                        r - 1
                    }
                }
            };
        }
    }
    v[side][side]
}

/// The longest string of the Hackenbush bench.
const LONGEST: u64 = 10;

/// A string's edges from the ground, blue where `bits` has a 1, as a
/// position of `hackenbush` keeps them (ends, then colour: blue 1, red 2).
fn string(bits: u64, len: u64) -> Vec<u64> {
    (0..len)
        .flat_map(|i| [i, i + 1, if bits >> i & 1 == 1 { 1 } else { 2 }])
        .collect()
}

/// Berlekamp's sign expansion by hand (Winning Ways, ch. 2): the edges up
/// to the first change of colour ±1 each, then ±1/2, ±1/4, ....
fn sign_expansion(bits: u64, len: u64) -> Dyadic {
    let sign = |i: u64| if bits >> i & 1 == 1 { 1 } else { -1 };
    let run = (0..len).take_while(|&i| sign(i) == sign(0)).count() as u64;
    let mut value = Dyadic::integer(sign(0) * run as i64);
    for i in run..len {
        value = value.add(&Dyadic::new(sign(i), (i - run + 1) as u32));
    }
    value
}

/// Every string to `LONGEST` edges through the language, beside the rule.
fn hackenbush_strings() {
    let source = Source::new("blue_red.game", "game blue_red { hackenbush }\n");
    let (program, errors) = check(&source, Vec::new());
    assert!(errors.is_empty(), "{errors:?}");
    let game = (program.game("blue_red"))
        .and_then(|entry| entry.default.clone())
        .expect("blue_red lowers");
    let strings: Vec<(u64, u64)> = (1..=LONGEST)
        .flat_map(|len| (0..1u64 << len).map(move |bits| (bits, len)))
        .collect();
    let start = Instant::now();
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(game, Default::default());
    let values: Vec<_> = (strings.iter())
        .map(|&(bits, len)| {
            search
                .value(&mut forms, &string(bits, len))
                .expect("a value")
        })
        .collect();
    let engine = start.elapsed();
    let start = Instant::now();
    let by_hand: Vec<Dyadic> = (strings.iter())
        .map(|&(bits, len)| black_box(sign_expansion(bits, len)))
        .collect();
    let baseline = start.elapsed();
    for ((value, expected), (bits, len)) in values.iter().zip(&by_hand).zip(&strings) {
        assert_eq!(forms.as_number(*value), Some(expected), "{bits:b} of {len}");
    }
    println!(
        "Blue-red Hackenbush strings to {LONGEST} edges ({} of them): {:.1} ms ({} positions); sign expansion by hand {:.3} ms; ratio {:.0}",
        strings.len(),
        engine.as_secs_f64() * 1e3,
        search.len(),
        baseline.as_secs_f64() * 1e3,
        engine.as_secs_f64() / baseline.as_secs_f64().max(1e-9),
    );
}

fn main() {
    cutcake();
    hackenbush_strings();
}

fn cutcake() {
    let text = "game cutcake {\n    position (w, h)\n    left move vertical { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }\n    right move horizontal { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }\n}\n";
    let source = Source::new("cutcake.game", text);
    let (program, errors) = check(&source, Vec::new());
    assert!(errors.is_empty(), "{errors:?}");
    let game = program
        .game("cutcake")
        .and_then(|entry| entry.default.clone())
        .expect("cutcake lowers");
    let start = Instant::now();
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(game, Default::default());
    let value = search.value(&mut forms, &[SIDE, SIDE]).expect("a value");
    let engine = start.elapsed();
    let text = forms.text(value);
    let start = Instant::now();
    let hand = black_box(by_hand(SIDE as usize));
    let baseline = start.elapsed();
    assert_eq!(text, hand.to_string());
    println!(
        "Cutcake at ({SIDE}, {SIDE}): {:.1} ms ({} positions, {} forms), value {text}; hand-written integer dp {:.2} ms; ratio {:.0}",
        engine.as_secs_f64() * 1e3,
        search.len(),
        forms.len(),
        baseline.as_secs_f64() * 1e3,
        engine.as_secs_f64() / baseline.as_secs_f64().max(1e-9),
    );
}
