//! The one-heap decomposition (Sprague-Grundy: a position of one-heap moves
//! is the sum of its heaps) agrees with the undecomposed general search.

use std::sync::Arc;

use super::common::load_text;
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
    let positions = super::common::all_positions(3, 7);
    agree(&game("game g { heaps *; octal 0.77 }"), &positions);
}

/// Winning moves of a decomposed game are read as its moves are generated,
/// only the winning ones kept (`Solver::each_option_value`); the general
/// search lists every move and searches each. Both give the same moves and
/// count every position once, also where two rules reach the same one
/// (`take 1..2` and `octal 0.33` make the same moves).
#[test]
fn winning_moves_read_as_generated_are_those_searched_one_by_one() {
    use gamelang::analysis::{self, Analyzer, Answer};
    let analyzer = |decompose| {
        Analyzer::new(analysis::Options {
            search: Options {
                decompose,
                ..Options::default()
            },
            ..analysis::Options::default()
        })
    };
    let moves = |answer: &Answer| {
        let mut to: Vec<String> = (answer.winning_moves.iter())
            .map(|m| m.to.to_string())
            .collect();
        to.sort();
        to
    };
    let twice = "game g { heaps *; take 1..2; octal 0.33 }";
    let positions: Vec<String> = (0..=24)
        .map(|n| n.to_string())
        .chain(["(3, 5)", "(2, 7, 9)", "(4, 4, 6)"].map(String::from))
        .collect();
    for text in GAMES
        .iter()
        .copied()
        .chain([twice, "game g { heaps *; octal 0.77 }"])
    {
        let questions: String = (positions.iter())
            .map(|p| format!("analyze g at {p}\n"))
            .collect();
        let program = load_text("moves.game", &format!("{text}\n{questions}"), &[]);
        let (mut streamed, mut searched) = (analyzer(true), analyzer(false));
        for (question, p) in program.questions.iter().zip(&positions) {
            let a = streamed.analyze(question).expect("decomposed");
            let b = searched.analyze(question).expect("searched");
            assert_eq!(a.winning_move_count, b.winning_move_count, "{text} at {p}");
            assert_eq!(moves(&a), moves(&b), "{text} at {p}");
        }
    }
}
