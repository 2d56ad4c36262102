//! `cargo bench --bench graphs`: tokens on a random graph of 10^5 vertices
//! and 10^6 arcs (issue 28's target: every vertex's value under 1 s) —
//! reading the file (`check`), then `table` of every vertex, in process —
//! beside the hand-written linear retrograde analysis competitive
//! programmers use (out-degree counters, a queue; outcomes only); and Green
//! Hackenbush on a random tree of 10^5 edges and a random graph of 10^4
//! edges with cycles (target: under 1 s each), whole analyses in process,
//! the tree beside the hand-written colon principle (value only).

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Instant;

use gamelang::Analyzer;
use gamelang::Position;
use gamelang::Source;
use gamelang::{Instance, Question, check};
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

/// The value of a tree hanging from vertex 0 whose vertex i > 0 has the
/// parent `parent[i] < i`: the colon principle, leaves first.
fn colon(parent: &[usize]) -> u64 {
    let mut value = vec![0u64; parent.len()];
    for i in (1..parent.len()).rev() {
        value[parent[i]] ^= value[i] + 1;
    }
    value[0]
}

/// Green Hackenbush at `edges` (their ends), whole analysis in process.
fn hackenbush(edges: &[u64]) -> (f64, String) {
    let (program, errors) = check(
        &Source::new("green.game", "game green { green hackenbush }\n"),
        Vec::new(),
    );
    assert!(errors.is_empty());
    let game = program
        .game("green")
        .and_then(|g| g.default.clone())
        .expect("the game");
    let question = Question::sum(vec![Instance::new(
        game,
        Position(edges.iter().map(|&v| BigUint::from(v)).collect()),
    )]);
    let mut analyzer = Analyzer::default();
    // The closed form is recognised and verified on the first answer.
    let first = Question::sum(vec![Instance::new(
        question.components[0].game.clone(),
        Position(vec![BigUint::from(0u8), BigUint::from(1u8)]),
    )]);
    analyzer.analyze(&first).expect("an answer");
    let start = Instant::now();
    let answer = analyzer.analyze(&question).expect("an answer");
    let took = start.elapsed().as_secs_f64();
    (
        took,
        format!(
            "value {:?}, winning moves {:?}",
            answer.grundy.value(),
            answer.winning_move_count
        ),
    )
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
        .table(&game, &BigUint::from(VERTICES - 1), None, &mut |_| {})
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

    // A random tree of 10^5 edges: vertex i hangs from one before it.
    let parent: Vec<usize> = (0..=100_000usize)
        .map(|i| {
            if i == 0 {
                0
            } else {
                random.below(i as u64) as usize
            }
        })
        .collect();
    let mut edges: Vec<(u64, u64)> = (1..parent.len())
        .map(|i| (parent[i] as u64, i as u64))
        .collect();
    edges.sort_unstable();
    let flat: Vec<u64> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    let (took, said) = hackenbush(&flat);
    let start = Instant::now();
    black_box(colon(&parent));
    let baseline = start.elapsed().as_secs_f64();
    println!(
        "green hackenbush, a tree of 100000 edges: gamelang {took:.3} s ({said})  hand-written colon principle (value only) {baseline:.4} s"
    );
    // A random connected graph of 10^4 edges on 5000 vertices: a tree,
    // then more edges anywhere (cycles); and the same with a loop on the
    // ground, which changes the value by 1: one of the two is not 0, and
    // there every cut is looked at.
    let mut edges: Vec<(u64, u64)> = (1..5000u64).map(|i| (random.below(i), i)).collect();
    while edges.len() < 10_000 {
        let (a, b) = (random.below(5000), random.below(5000));
        edges.push((a.min(b), a.max(b)));
    }
    edges.sort_unstable();
    let flat: Vec<u64> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    for flat in [flat.clone(), [vec![0, 0], flat].concat()] {
        let (took, said) = hackenbush(&flat);
        println!(
            "green hackenbush, a graph of {} edges with cycles: gamelang {took:.3} s ({said})",
            flat.len() / 2
        );
    }
}
