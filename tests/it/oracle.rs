//! Take-a-prime and two relatives against outside data: Grundy values to
//! n = 9999 in tests/data/ (tests/data/README.md), computed by the author of
//! the data linked from OEIS A014589; each file's header names its source.

use super::common::load_text;
use gamelang::search::{Options, Solver, Value};

/// The values of an oracle file, `n value` per line after `#` comments.
fn oracle(file: &str) -> Vec<u32> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut values = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split_whitespace();
        let n: usize = parts.next().and_then(|p| p.parse().ok()).expect("n");
        let g: u32 = parts.next().and_then(|p| p.parse().ok()).expect("value");
        assert_eq!(n, values.len(), "{file}: lines in order");
        values.push(g);
    }
    values
}

fn grundy_values(rules: &str, upto: u64) -> Vec<u32> {
    let program = load_text(
        "oracle.game",
        &format!("game g {{ heaps 1; {rules} }}"),
        &[],
    );
    let game = program.games[0].default.clone().expect("the game lowers");
    let mut solver = Solver::with_options(game, Options::default());
    (0..=upto)
        .map(|n| match solver.value(&[n]).expect("a value").0 {
            Value::Grundy(g) => g,
            Value::Misere { .. } => unreachable!("normal play"),
        })
        .collect()
}

#[test]
fn take_a_prime_matches_a014589() {
    // Primes below 10000 are all the primes a heap of at most 9999 can lose.
    let expected = oracle("A014589_take_a_prime_10000.txt");
    assert_eq!(expected.len(), 10_000);
    assert_eq!(grundy_values("take k where k is prime", 9_999), expected);
    // The example game says the same.
    let text = std::fs::read_to_string(format!(
        "{}/games/take_a_prime.game",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the example game");
    let program = load_text("take_a_prime.game", &text, &[]);
    let game = program.games[0].default.clone().expect("the game lowers");
    let mut solver = Solver::new(game, 1_000_000);
    assert_eq!(
        solver.value(&[9_999]).expect("a value").0,
        Value::Grundy(expected[9_999])
    );
}

#[test]
fn take_one_or_a_prime_matches_the_oracle() {
    let expected = oracle("subtraction_primes_with_1_10000.txt");
    assert_eq!(
        grundy_values("take k where k is prime or k == 1", 9_999),
        expected
    );
}

#[test]
fn take_an_odd_prime_matches_the_oracle() {
    let expected = oracle("subtraction_primes_without_2_10000.txt");
    assert_eq!(
        grundy_values("take k where k is prime and k is odd", 9_999),
        expected
    );
}
