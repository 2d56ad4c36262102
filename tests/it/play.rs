//! Playing against the perfect opponent (`gamelang play`, `gamelang::play`),
//! and the position graph as data (`graph --format json`).

use std::collections::HashMap;

use gamelang::analysis::play;
use gamelang::analysis::standing::{Place, Standing, Standings, place_of};
use gamelang::check::Instance;
use gamelang::position::{Outcome, Position};

use super::common::{bash_remoteness, load};

fn bash_play(n: u64) -> (Standings, Place) {
    let program = load("bash", &[]);
    let game = program.game("bash").expect("bash is defined");
    let instance = Instance::new(
        game.default.clone().expect("bash lowers"),
        Position::from_u64s(&[n]),
    );
    play::start(&[instance], 1_000_000).expect("bash plays")
}

#[test]
fn remoteness_of_bash_equals_a_brute_force_up_to_30() {
    let expected = bash_remoteness(30);
    let (mut play, _) = bash_play(30);
    for (n, &r) in expected.iter().enumerate() {
        let standing = play
            .standing(&place_of(vec![vec![n as u64]]))
            .expect("judged");
        // Bash's game: P exactly at multiples of 4 (Ferguson, Game Theory, §1.1).
        let outcome = if n % 4 == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(
            standing,
            Standing {
                outcome,
                remoteness: Some(r)
            },
            "n = {n}"
        );
    }
}

#[test]
fn the_perfect_move_of_bash_leaves_a_multiple_of_4_and_loses_slowest() {
    let (mut play, _) = bash_play(30);
    for n in 1..=30u64 {
        let (m, after) = play
            .best(&place_of(vec![vec![n]]))
            .expect("judged")
            .expect("a move");
        let left = m.to[0].heaps[0];
        if n % 4 != 0 {
            assert_eq!(left, n - n % 4, "n = {n}");
            assert_eq!(after.outcome, Outcome::P);
        } else {
            // Lost: every move leaves an N-position; taking 1 delays most.
            assert_eq!(left, n - 1, "n = {n}");
        }
    }
}

/// Plays `game` at `heaps` from its file, the computer first, the human
/// always taking the first move listed; returns each position the
/// computer's moves leave, with the standing it gave them, and who was
/// left without a move.
fn judged_play(game: &str, heaps: &[u64]) -> (Vec<(Vec<u64>, Standing)>, &'static str) {
    let program = load(game, &[]);
    let instance = Instance::new(
        (program.game(game).expect("defined").default.clone()).expect("lowers"),
        Position::from_u64s(heaps),
    );
    let (mut play, mut place) = play::start(&[instance], 1_000_000).expect("plays");
    let mut left = Vec::new();
    loop {
        let Some((m, after)) = play.best(&place).expect("judged") else {
            return (left, "computer");
        };
        left.push((m.to[0].heaps.clone(), after));
        place = m.to;
        let Some(human) = play.moves(&place).expect("listed").into_iter().next() else {
            return (left, "human");
        };
        place = human.to;
    }
}

#[test]
fn kayles_too_large_to_search_whole_is_played_by_its_grundy_values() {
    // Kayles at 200: the whole play's standings are past the play's search
    // budget; the analysis judges. Each position the computer leaves has
    // Grundy value 0 by a dp written here (Guy and Smith 1956, OEIS A002186:
    // g(n) = mex of g(a) ^ g(b), a + b = n - 1 or n - 2).
    let mut g = vec![0u32; 201];
    for n in 1..=200 {
        let mut seen = [false; 128];
        for take in 1..=2.min(n) {
            for a in 0..=(n - take) / 2 {
                seen[(g[a] ^ g[n - take - a]) as usize] = true;
            }
        }
        g[n] = seen.iter().position(|&s| !s).expect("small") as u32;
    }
    let (left, last) = judged_play("kayles", &[200]);
    assert_eq!(last, "human", "the human is left without a move, and loses");
    assert!(left.len() > 10);
    for (heaps, after) in &left {
        let xor = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
        assert_eq!(xor, 0, "{heaps:?}");
        assert_eq!(after.outcome, Outcome::P, "{heaps:?}");
    }
    assert!(
        left[0].1.remoteness.is_none(),
        "the analysis judged the first"
    );
}

#[test]
fn misere_kayles_too_large_to_search_is_played_by_its_quotient() {
    // Misère Kayles at 60: judged by its misère quotient. Each position the
    // computer leaves with 30 tokens or fewer is lost for the player to move
    // by the brute force of `misere.rs`.
    let (left, last) = judged_play("misere_kayles", &[60]);
    assert_eq!(
        last, "computer",
        "the computer is left without a move, and wins"
    );
    let mut memo = HashMap::new();
    let mut checked = 0;
    for (heaps, after) in &left {
        assert_eq!(after.outcome, Outcome::P, "{heaps:?}");
        if heaps.iter().sum::<u64>() <= 30 {
            let position = super::misere::kayles_nim(heaps.clone(), Vec::new());
            assert!(!super::misere::brute(position, &mut memo), "{heaps:?}");
            checked += 1;
        }
    }
    assert!(checked > 3);
    assert!(
        left[0].1.remoteness.is_none(),
        "the quotient judged the first"
    );
}
