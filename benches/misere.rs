//! Misère Kayles through its misère quotient: the time of each of issue
//! 12's targets in process, each with a fresh analyzer (so growing and
//! checking the quotient is timed), beside a hand-written memoised misère
//! search over sorted heaps, which is the method a quotient replaces.
//!
//! Run with `cargo bench --bench misere`.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use gamelang::Position;
use gamelang::Source;
use gamelang::{Analyzer, ComponentMethod};
use gamelang::{Instance, Question, check};
use num_bigint::BigUint;

const KAYLES: &str = "game mk {\n    heaps *\n    octal 0.77\n    play misere\n}\n";

/// The moves of a Kayles heap: take 1 or 2 from the end or the middle.
fn kayles(n: u32) -> Vec<Vec<u32>> {
    let mut options = Vec::new();
    for take in 1..=2u32.min(n) {
        let rest = n - take;
        for a in 0..=rest / 2 {
            options.push([rest - a, a].into_iter().filter(|&h| h > 0).collect());
        }
    }
    options
}

/// Hand-written: misère play by the definition, memoised on sorted heaps.
fn wins(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    for i in 0..key.len() {
        if i > 0 && key[i] == key[i - 1] {
            continue;
        }
        for option in kayles(key[i]) {
            any = true;
            let mut after: Vec<u32> = key.clone();
            after.remove(i);
            after.extend(option);
            if !wins(&after, memo) {
                win = true;
                break;
            }
        }
        if win {
            break;
        }
    }
    let w = win || !any;
    memo.insert(key, w);
    w
}

fn analyze(heaps: &[u64]) -> (Duration, String) {
    let (program, errors) = check(&Source::new("mk.game", KAYLES), Vec::new());
    assert!(errors.is_empty());
    let game = program
        .game("mk")
        .and_then(|g| g.default.clone())
        .expect("mk");
    let analysis = Question::sum(vec![Instance::new(
        game,
        Position(heaps.iter().map(|&h| BigUint::from(h)).collect()),
    )]);
    let start = Instant::now();
    let answer = Analyzer::default().analyze(&analysis).expect("an answer");
    let elapsed = start.elapsed();
    let method = match &answer.method.components[0] {
        ComponentMethod::Quotient { order, .. } => format!("quotient of order {order}"),
        _ => "not the quotient".to_string(),
    };
    (elapsed, format!("{:?} ({method})", answer.outcome))
}

fn main() {
    println!("misère Kayles (octal 0.77, misère), in process, fresh analyzer each (release build)");
    let targets: [&[u64]; 5] = [
        &[60],
        &[1000],
        &[30, 40, 50],
        &[20, 25, 30, 35, 40],
        &[100, 200, 300],
    ];
    for heaps in targets {
        let (time, what) = analyze(heaps);
        println!(
            "{:<22} {:>10.1} ms  {what}",
            format!("{heaps:?}"),
            time.as_secs_f64() * 1e3
        );
    }
    println!();
    println!("beside the hand-written memoised search, same positions:");
    for heaps in [&[30u64][..], &[40], &[50], &[12, 14, 16]] {
        let (engine, _) = analyze(heaps);
        let start = Instant::now();
        let small: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
        black_box(wins(&small, &mut HashMap::new()));
        let baseline = start.elapsed();
        println!(
            "{:<22} gamelang {:>9.1} ms  hand-written search {:>9.1} ms  ratio {:.3}",
            format!("{heaps:?}"),
            engine.as_secs_f64() * 1e3,
            baseline.as_secs_f64() * 1e3,
            engine.as_secs_f64() / baseline.as_secs_f64()
        );
    }
}
