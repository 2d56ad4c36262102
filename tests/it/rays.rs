//! The ray engine (dense boxes, one value set per line) agrees with the
//! general search on every small position of games whose moves are rays, in
//! normal and misère play, and answers Wythoff's game from its theorem.

use std::sync::Arc;

use super::common::{all_positions, code, load_text};
use gamelang::rules::Game;
use gamelang::search::{Options, Solver, Value};
use proptest::prelude::*;

/// Games whose every move takes any positive amount from a fixed number of
/// heaps, one of them taking from one heap.
const GAMES: &[&str] = &[
    "game g { heaps *; take 1..; take 1.. from 2 heaps }",
    "game g { heaps *; take 1..; take 1.. from 3 heaps }",
    "game g { heaps *; take 1..; take 1.. from 2 heaps; take 1.. from 3 heaps }",
    "game g { heaps 2; take 1..; take 1.. from both heaps }",
    "game g { heaps 2; take 1..; take 1.. from both heaps; take 1.. from both heaps }",
    "game g { heaps 3; take 1..; take 1.. from 3 heaps }",
    "game g { position (a, b); take 1..; take 1.. from both heaps }",
    "game g { heaps *; play misere; take 1..; take 1.. from 2 heaps }",
    "game g { heaps 2; play misere; take 1..; take 1.. from both heaps }",
    // Move blocks the compiler reads as rays.
    "game g { heaps *; move take { choose i in 1..len; choose k in 1..h[i]; h[i] -= k } }",
    "game g { position (a, b); move one { choose i in 1..len; choose k in 1..h[i]; h[i] -= k }; move both { choose k in 1..min(a, b); a -= k; b -= k } }",
    "game g { heaps 3; move a { choose k in 1..h[1]; h[1] -= k }; move b { choose k in 1..h[2]; h[2] -= k }; move c { choose k in 1..h[3]; h[3] -= k }; move ac { choose k in 1..min(h[3], h[1]); h[1] -= k; h[3] -= k } }",
];

fn game(text: &str) -> Arc<Game> {
    let program = load_text("rays.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn solver(game: &Arc<Game>, rays: bool) -> Solver {
    Solver::with_options(
        game.clone(),
        Options {
            rays,
            // The box engines, not the sum of one-heap games some of these
            // blocks are.
            decompose: false,
            ..Options::default()
        },
    )
}

fn agree(game: &Arc<Game>, positions: &[Vec<u64>]) {
    let (mut fast, mut slow) = (solver(game, true), solver(game, false));
    assert!(
        fast.uses_rays() && !slow.uses_rays(),
        "{:?}",
        game.rules.iter().map(|r| &r.kind).collect::<Vec<_>>()
    );
    for heaps in positions {
        let fits = game.heap_count.is_none_or(|n| n == heaps.len());
        if !fits {
            continue;
        }
        let (a, _) = fast.value(heaps).expect("ray search");
        let (b, _) = slow.value(heaps).expect("general search");
        assert_eq!(a, b, "{heaps:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ray_and_graph_search_agree(
        which in 0..GAMES.len(),
        positions in prop::collection::vec(prop::collection::vec(0u64..=12, 0..=3), 1..8),
    ) {
        agree(&game(GAMES[which]), &positions);
    }
}

#[test]
fn every_small_position_agrees() {
    for text in GAMES {
        agree(&game(text), &all_positions(3, 5));
    }
}

#[test]
fn other_rules_use_no_rays() {
    for text in [
        "game g { heaps 2; take 1..3; take 1.. from both heaps }",
        "game g { heaps 2; take 1.. from both heaps }",
        "game g { heaps 2; take k where k <= h; take 1.. from both heaps }",
        "game g { heaps 2 where h[1] <= h[2]; take 1..; take 1.. from both heaps }",
        "game g { heaps *; take 1.. from up to 2 heaps }",
        // Blocks the compiler does not read as rays.
        "game g { heaps 2; move m { choose k in 1..h[1]; h[1] -= k; h[2] -= k } }",
        "game g { heaps 2; move m { choose k in 2..h[1]; h[1] -= k } }",
        "game g { heaps *; move m { choose i in 1..len; choose k in 1..h[i]; h[i] -= k; h[i] += 0 } }",
    ] {
        assert!(!solver(&game(text), true).uses_rays(), "{text}");
    }
}

/// Wythoff (1907): the P-positions are (a_k, a_k + k) and (a_k + k, a_k),
/// a_k = ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ (OEIS A000201), in exact integers.
fn wythoff_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let k = b - a;
    let root = (5 * k * k).isqrt();
    (k + root) / 2 == a
}

#[test]
fn wythoff_p_positions_on_a_300_by_300_box() {
    let game = game("game g { heaps 2; take 1..; take 1.. from both heaps }");
    let mut solver = solver(&game, true);
    solver.reserve(&[299, 299]).expect("the box fits");
    for a in 0..300u64 {
        for b in 0..300u64 {
            let (value, explored) = solver.value(&[a, b]).expect("inside the box");
            assert_eq!(explored.positions, 0, "answered from the box");
            assert_eq!(value == Value::Grundy(0), wythoff_p(a, b), "({a}, {b})");
        }
    }
}

#[test]
fn a_box_past_the_limit_is_refused_before_it_is_built() {
    // Wythoff at (10^6, 10^6): 10^12 positions, refused at once.
    let game = game("game g { heaps 2; take 1..; take 1.. from both heaps }");
    let mut solver = Solver::new(game, 1_000_000);
    let error = solver
        .value(&[1_000_000, 1_000_000])
        .expect_err("too large");
    assert_eq!(code(&error), "gamelang::search::too_large");
    assert_eq!(solver.len(), 0);
}

#[test]
fn thousands_of_heaps_are_searched_without_listing_every_pair() {
    // 10,000 heaps, one of them 1: the pairs of heaps a `from 2 heaps` rule
    // may take from number 5 * 10^7, once listed up front (gigabytes).
    let g = game("game g { heaps *; take 1..; take 1.. from 2 heaps }");
    let mut solver = solver(&g, true);
    let mut heaps = vec![0u64; 10_000];
    heaps[7] = 1;
    let (value, _) = solver.value(&heaps).expect("one move");
    assert_eq!(value, Value::Grundy(1));
    // The moves of the position as written, not its canonical form.
    let moves = solver.moves_from(&heaps).expect("one move");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].1[7], 0);
}
