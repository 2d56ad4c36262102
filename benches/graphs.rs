//! `cargo bench --bench graphs`: tokens on a random graph of 10^5 vertices
//! and 10^6 arcs (issue 28's target: every vertex's value under 1 s) —
//! reading the file (`check`), then `table` of every vertex, in process —
//! beside the hand-written linear retrograde analysis competitive
//! programmers use (out-degree counters, a queue; outcomes only).

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Instant;

use gamelang::analysis::Analyzer;
use gamelang::check::check;
use gamelang::source::Source;
use num_bigint::BigUint;

const VERTICES: u64 = 100_000;
const ARCS: usize = 1_000_000;

/// A linear congruential generator: the same graph every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 24) % n
    }
}

/// Outcomes by retrograde analysis: 0 P, 1 N, 2 a draw.
fn retrograde(n: usize, arcs: &[(u64, u64)]) -> Vec<u8> {
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut degree = vec![0u32; n];
    for &(a, b) in arcs {
        preds[b as usize].push(a as usize);
        degree[a as usize] += 1;
    }
    let mut outcome = vec![2u8; n];
    let mut queue: VecDeque<usize> = (0..n).filter(|&v| degree[v] == 0).collect();
    for &v in &queue {
        outcome[v] = 0;
    }
    while let Some(v) = queue.pop_front() {
        for &u in &preds[v] {
            if outcome[u] != 2 {
                continue;
            }
            if outcome[v] == 0 {
                outcome[u] = 1;
                queue.push_back(u);
            } else {
                degree[u] -= 1;
                if degree[u] == 0 {
                    outcome[u] = 0;
                    queue.push_back(u);
                }
            }
        }
    }
    outcome
}

fn main() {
    let mut random = Random(28);
    let arcs: Vec<(u64, u64)> = (0..ARCS)
        .map(|_| (random.below(VERTICES), random.below(VERTICES)))
        .collect();
    let written: Vec<String> = arcs.iter().map(|(a, b)| format!("{a} -> {b}")).collect();
    let text = format!(
        "game tokens(G = graph {{ {} }}) {{\n    heaps 1\n    slide along G\n}}\n",
        written.join(", ")
    );
    println!(
        "tokens on a random graph: {VERTICES} vertices, {ARCS} arcs ({} MB of text)",
        text.len() >> 20
    );
    let start = Instant::now();
    let (program, errors) = check(&Source::new("tokens.game", text), Vec::new());
    let read = start.elapsed();
    assert!(errors.is_empty());
    let game = program
        .game("tokens")
        .and_then(|g| g.default.clone())
        .expect("the game");
    let start = Instant::now();
    let table = Analyzer::default()
        .table(&game, &BigUint::from(VERTICES - 1), &mut |_, _| {})
        .expect("a table");
    let values = start.elapsed();
    black_box(table);
    let start = Instant::now();
    black_box(retrograde(VERTICES as usize, &arcs));
    let baseline = start.elapsed();
    println!("reading the file (check): {:.2} s", read.as_secs_f64());
    println!(
        "every vertex's value (table): gamelang {:.3} s  hand-written (outcomes only) {:.3} s  ratio {:.1}",
        values.as_secs_f64(),
        baseline.as_secs_f64(),
        values.as_secs_f64() / baseline.as_secs_f64()
    );
}
