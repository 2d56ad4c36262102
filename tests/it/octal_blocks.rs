//! Move blocks that are octal games written out (`moves::octal_block`):
//! recognised from the lowered block's form, never from names, and then
//! answered by the octal engines and their proven periods. A block is
//! recognised only where its moves are the code's from every heap: held
//! here on random blocks, far past the threshold the recogniser checks to.

use std::collections::BTreeSet;
use std::sync::Arc;

use proptest::prelude::*;
use proptest::strategy::ValueTree;

use gamelang::moves::MoveGen;
use gamelang::moves::octal_block::octal_code;
use gamelang::rules::{Game, MoveKind, OctalCode};
use gamelang::search::value::GameValues;
use gamelang::search::{Solver, Value};

use super::common::{a002186, load_text};

fn game(text: &str) -> Arc<Game> {
    let program = load_text("octal_blocks.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

/// A game of one block, `body` after `choose i in 1..len`.
fn block_game(body: &str) -> Arc<Game> {
    game(&format!(
        "game g {{\n    heaps *\n    move m {{\n        choose i in 1..len\n{body}    }}\n}}\n"
    ))
}

fn code_of(game: &Game) -> Option<OctalCode> {
    match &game.rules[0].kind {
        MoveKind::Block(block) => octal_code(block),
        _ => None,
    }
}

/// The positions the moves from the heap `n` leave, sorted, empty heaps
/// dropped; `None` where the rules fail there.
fn options(game: &Game, n: u64) -> Option<BTreeSet<Vec<u64>>> {
    let mut found = BTreeSet::new();
    MoveGen::new(game)
        .each_move(&[n], |_, next| {
            let mut v: Vec<u64> = next.iter().copied().filter(|&h| h > 0).collect();
            v.sort_unstable();
            found.insert(v);
        })
        .ok()?;
    Some(found)
}

const KAYLES: &str = "        choose k in 1..2
        require k <= h[i]
        choose a in 0..h[i] - k
        append h[i] - k - a
        h[i] = a
";

#[test]
fn kayles_and_dawsons_kayles_in_several_spellings_are_their_codes() {
    let spellings = [
        // Kayles, knocking one pin or two adjacent ones (octal 0.77).
        (KAYLES, "0.77"),
        (
            "        choose k in 1..2
        require h[i] >= k
        choose a in 0..(h[i] - k) / 2
        let b = h[i] - k - a
        h[i] = b
        append a
",
            "0.77",
        ),
        // Dawson's Kayles: two adjacent pins (octal 0.07).
        (
            "        require h[i] >= 2
        choose a in 0..h[i] - 2
        append h[i] - 2 - a
        h[i] = a
",
            "0.07",
        ),
        // Take one or two, and leave the rest in two nonempty heaps.
        (
            "        choose k in 1..2
        require h[i] >= k + 2
        choose a in 1..h[i] - k - 1
        append h[i] - k - a
        h[i] = a
",
            "0.44",
        ),
        // Subtraction {1, 2, 3}: take, leaving the rest or nothing.
        (
            "        choose k in 1..3
        require k <= h[i]
        h[i] -= k
",
            "0.333",
        ),
        // `!=` is not of the form: the block is searched as it is.
        (
            "        choose k in 1..3
        require k <= h[i] and k + k != 4
        h[i] -= k
",
            "",
        ),
        ("        require h[i] >= 3\n        h[i] -= 3\n", "0.003"),
    ];
    for (body, expected) in spellings {
        let game = block_game(body);
        let code = code_of(&game).map(|c| c.to_string());
        match expected {
            "" => assert_eq!(code, None, "{body}"),
            e => assert_eq!(code.as_deref(), Some(e), "{body}"),
        }
    }
}

#[test]
fn blocks_of_another_form_are_not_taken_for_codes() {
    let others = [
        // The split point bounded by a constant: not every split.
        "        require h[i] >= 1\n        choose a in 0..3\n        require a <= h[i] - 1\n        append h[i] - 1 - a\n        h[i] = a\n",
        // Takes depending on the heap's parity.
        "        require h[i] % 2 == 0 and h[i] >= 2\n        h[i] -= 2\n",
        // Takes half the heap.
        "        require h[i] >= 1\n        h[i] = h[i] / 2\n",
        // A loop.
        "        for j in 1..2 {\n            require h[i] >= j\n        }\n        h[i] -= 1\n",
        // Splits off a part of 2 or more only.
        "        require h[i] >= 5\n        choose a in 2..h[i] - 3\n        append h[i] - 1 - a\n        h[i] = a\n",
    ];
    for body in others {
        assert_eq!(code_of(&block_game(body)), None, "{body}");
    }
}

#[test]
fn kayles_as_a_block_answers_a_huge_heap_from_the_period() {
    let mut solver = Solver::new(block_game(KAYLES), 10_000);
    // The octal engine, and with it the Guy-Smith theorem: a proven period.
    let n: u64 = 1_000_000_000_000_000_000;
    let value = solver.value_or_period(&[n], 1000).expect("a value");
    assert_eq!(value, Value::Grundy(a002186(n as usize)));
    assert!(solver.period().is_some_and(|p| p.is_proven()));
}

/// A random block of the take-and-split family, some in the octal form
/// and some not: what it takes, how it bounds the split, what it leaves.
fn random_body() -> impl Strategy<Value = String> {
    let take = prop_oneof![
        (0i64..3, 0i64..3).prop_map(|(lo, w)| format!("        choose k in {lo}..{}\n", lo + w)),
        (0i64..4).prop_map(|k| format!("        let k = {k}\n")),
    ];
    let guard = prop_oneof![
        Just(String::new()),
        (0i64..3).prop_map(|r| format!("        require h[i] >= k + {r}\n")),
        Just("        require k <= h[i]\n".to_string()),
        (1i64..6).prop_map(|r| format!("        require h[i] <= {r}\n")),
    ];
    let leave = prop_oneof![
        Just("        h[i] -= k\n".to_string()),
        (0i64..3, 0i64..3).prop_map(|(l, r)| format!(
            "        choose a in {l}..h[i] - k - {r}\n        append h[i] - k - a\n        h[i] = a\n"
        )),
        (0i64..3, -1i64..2).prop_map(|(l, s)| format!(
            "        choose a in {l}..(h[i] - k + {s}) / 2\n        append h[i] - k - a\n        h[i] = a\n"
        )),
        (0i64..3, 0i64..4).prop_map(|(l, u)| format!(
            "        choose a in {l}..{u}\n        require a <= h[i] - k\n        append h[i] - k - a\n        h[i] = a\n"
        )),
    ];
    let extra = prop_oneof![
        Just(String::new()),
        (0i64..3).prop_map(|m| format!("        require h[i] >= {m}\n")),
    ];
    (take, guard, leave, extra).prop_map(|(t, g, l, e)| format!("{t}{g}{l}{e}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Where a block is taken for a code, its moves are the code's from
    /// every heap up to 150 (its threshold is under 100 here).
    #[test]
    fn a_block_taken_for_a_code_moves_as_the_code(body in random_body()) {
        let game = block_game(&body);
        if let Some(code) = code_of(&game) {
            let phrase = self::game(&format!("game o {{ heaps *; octal {code} }}"));
            for n in 0..=150 {
                prop_assert_eq!(options(&game, n), options(&phrase, n), "heap {}: {}", n, body);
            }
        }
    }
}

#[test]
fn the_random_family_holds_codes_and_others() {
    // The property above is not idle: blocks of the family are taken for
    // codes, and others are not.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut taken, mut left) = (0, 0);
    for _ in 0..200 {
        let body = random_body()
            .new_tree(&mut runner)
            .expect("a body")
            .current();
        match code_of(&block_game(&body)) {
            Some(_) => taken += 1,
            None => left += 1,
        }
    }
    assert!(taken >= 20 && left >= 20, "{taken} taken, {left} left");
}
