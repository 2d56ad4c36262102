//! The one-heap decomposition (Sprague-Grundy: a position of one-heap moves
//! is the sum of its heaps) agrees with the undecomposed general search.

use std::sync::Arc;

use crate::common::load_text;
use gamelang::rules::Game;
use gamelang::search::{Options, Solver};
use proptest::prelude::*;

/// Games whose every move acts on one heap, written several ways.
const GAMES: &[&str] = &[
    "game g { heaps *; take 1.. }",
    "game g { heaps *; take 1..3 }",
    "game g { heaps *; take {1, 3, 4} }",
    "game g { heaps *; take 1..; split into 2 nonempty heaps }",
    "game g { heaps *; split into 2 unequal nonempty heaps }",
    "game g { heaps *; take {1, 2} and split the rest into 2 nonempty heaps }",
    "game g { heaps *; take k where k is prime or k == 1 }",
    "game g { heaps *; take k where 2 * k <= h }",
];

fn game(text: &str) -> Arc<Game> {
    let program = load_text("decomposition.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn solvers(game: &Arc<Game>) -> (Solver, Solver) {
    let with = |decompose| {
        Solver::with_options(
            game.clone(),
            Options {
                decompose,
                ..Options::default()
            },
        )
    };
    (with(true), with(false))
}

fn agree(game: &Arc<Game>, positions: &[Vec<u64>]) {
    let (mut fast, mut slow) = solvers(game);
    assert!(fast.decomposed() && !slow.decomposed());
    for heaps in positions {
        let (a, _) = fast.value(heaps).expect("decomposed search");
        let (b, _) = slow.value(heaps).expect("general search");
        assert_eq!(a, b, "{heaps:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn decomposed_and_graph_search_agree(
        which in 0..GAMES.len(),
        positions in prop::collection::vec(prop::collection::vec(0u64..=9, 0..=3), 1..6),
    ) {
        agree(&game(GAMES[which]), &positions);
    }

    #[test]
    fn octal_games_agree(
        digits in prop::collection::vec(0u8..=7, 1..=3),
        positions in prop::collection::vec(prop::collection::vec(0u64..=9, 0..=3), 1..6),
    ) {
        prop_assume!(digits.iter().any(|&d| d != 0));
        let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        agree(&game(&format!("game g {{ heaps *; octal 0.{code} }}")), &positions);
    }
}

#[test]
fn kayles_sums_agree_on_every_small_position() {
    // Every position of up to 3 heaps of at most 7 pins.
    let positions = crate::common::all_positions(3, 7);
    agree(&game("game g { heaps *; octal 0.77 }"), &positions);
}
