//! `cargo bench --bench partizan`: Cutcake at (100, 100) — every cake up to
//! 100 × 100 valued as a canonical form by the partizan search, in process
//! (issue 45's target: under 1 s) — beside the hand-written dp competitive
//! programmers would write, which knows what the search does not: that
//! every Cutcake value is an integer (Winning Ways, ch. 2), so a cake's
//! value is the simplest integer between its best Left and Right cuts.

use std::hint::black_box;
use std::time::Instant;

use gamelang::{Forms, PartizanSearch, Source, check};

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

fn main() {
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
