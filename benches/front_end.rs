//! `cargo bench --bench front_end`: parse and check files of small games
//! of doubling size, and print the time per megabyte, which stays flat when
//! the front end is linear in the file. The target (issue: front end at file
//! speed) is a 10 MB file checked in under 2 s.

use std::hint::black_box;
use std::time::{Duration, Instant};

use gamelang::Source;
use gamelang::check;

/// `games` small games, each with an `analyze` statement.
fn file(games: usize) -> String {
    let mut text = String::new();
    for i in 0..games {
        let m = i % 9 + 1;
        text.push_str(&format!(
            "game g{i}(m = {m}) {{\n    heaps 1\n    take 1..m\n}}\nanalyze g{i} at {}\n",
            i % 97 + 1
        ));
    }
    text
}

fn main() {
    println!(
        "{:>10} {:>10} {:>12} {:>10}",
        "games", "MB", "check", "s per MB"
    );
    for games in [17_770, 35_540, 71_080, 142_160] {
        let text = file(games);
        let mb = text.len() as f64 / 1e6;
        let source = Source::new("big.game", text);
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            let (program, errors) = black_box(check(&source, Vec::new()));
            best = best.min(start.elapsed());
            assert!(errors.is_empty());
            assert_eq!(program.games.len(), games);
        }
        println!(
            "{games:>10} {mb:>10.1} {:>10.0} ms {:>10.3}",
            best.as_secs_f64() * 1e3,
            best.as_secs_f64() / mb
        );
    }
}
