//! The run engine (move blocks read as runs, boxes evaluated densely)
//! agrees with the general search, which runs each block move by move, on
//! every small position — those the invariant forbids too — in normal and
//! misère play; and Chomp's values match a hand-written 3-D dp.

use std::sync::Arc;

use super::common::{all_positions, load_text};
use gamelang::rules::Game;
use gamelang::search::{Options, Solver};

/// Blocks the compiler reads as runs: splits by `min`, `max`, `if`, `or`,
/// `not`, `!=` and `==`; `let`, loops and constant `choose`s followed one
/// by one; invariants over the heaps.
const READ: &[&str] = &[
    // Chomp (seed 002's rules), and in misère play.
    "game g { heaps * where nonincreasing; move bite { choose r in 1..len; choose c in 1..h[r]; require r > 1 or c > 1; for s in r..len { h[s] = min(h[s], c - 1) } } }",
    "game g { heaps * where nonincreasing; play misere; move bite { choose r in 1..len; choose c in 1..h[r]; require r > 1 or c > 1; for s in r..len { h[s] = min(h[s], c - 1) } } }",
    "game g { heaps *; move m { choose i in 1..len; choose k in 1..h[i]; require k != 2; h[i] -= k } }",
    "game g { position (a, b); move m { choose k in 1..max(a, b); a = max(a - k, 0); b = max(b - k, 0) } }",
    "game g { heaps 3; move m { choose k in 1..h[1]; let j = k - 1; for s in 1..len { h[s] = min(h[s], j) } } }",
    "game g { heaps 2; move m { choose k in 1..h[1]; require not (k == 3 or (k > h[2] and k < h[2] + 3)); h[1] -= k } }",
    "game g { heaps 3 where nondecreasing; move m { choose i in 1..len; choose k in 1..h[i]; h[i] -= k } }",
    "game g { heaps 2 where each <= 5; move m { require h[1] > 0; h[1] -= 1; h[2] = min(h[2], h[1]) }; move n { choose k in 1..h[2]; if 2 * k <= h[2] { h[2] -= 2 * k } else { h[2] -= k } } }",
    "game g { heaps 2; move m { choose v in 1..3; require v != 2 and v <= h[1]; h[1] -= v; h[2] = min(h[2], h[1] + v - 1) } }",
    "game g { heaps 2; play misere; move m { choose k in 1..h[1] + h[2]; require k <= h[1] or k == h[1] + h[2]; if k <= h[1] { h[1] -= k } else { h[1] = 0; h[2] = 0 } } }",
];

/// Blocks the run engine hands to the general search: a division by a heap,
/// heaps that grow past the box (Fibonacci Nim's limit; a moves to a while
/// b goes down), a heap removed.
const HANDED_ON: &[&str] = &[
    "game g { position (a, b); move from_a { require b > 0 and a >= b; choose m in 1..a / b; a -= m * b }; move from_b { require a > 0 and b > a; choose m in 1..b / a; b -= m * a } }",
    "game g { position (stones, limit); move take { choose k in 1..min(stones, limit); stones = stones - k; limit = 2 * k } }",
    "game g { position (a, b); move m { choose k in 1..b; b -= k; a += k } }",
    "game g { heaps *; move m { choose i in 1..len; require h[i] == 1; remove h[i] } }",
];

fn game(text: &str) -> Arc<Game> {
    let program = load_text("runs.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn solver(game: &Arc<Game>, boxes: bool) -> Solver {
    Solver::with_options(
        game.clone(),
        Options {
            rays: boxes,
            // The box engines, not the sum of one-heap games some of these
            // blocks are.
            decompose: false,
            ..Options::default()
        },
    )
}

/// Asks both searches about every position of `len` heaps up to `max`, and
/// returns the positions the run engine holds in its box.
fn agree(game: &Arc<Game>, len: usize, max: u64) -> usize {
    let (mut fast, mut slow) = (solver(game, true), solver(game, false));
    assert!(fast.uses_runs() && !slow.uses_runs());
    // The largest first, so that one box answers every later question.
    fast.value(&vec![max; len]).expect("run search");
    for heaps in all_positions(len, max).iter().rev() {
        let (a, _) = fast.value(heaps).expect("run search");
        let (b, _) = slow.value(heaps).expect("general search");
        assert_eq!(a, b, "{heaps:?}");
    }
    fast.held_in_boxes()
}

/// How many positions of `len` heaps up to `max` meet `allowed`.
fn count(len: usize, max: u64, allowed: impl Fn(&[u64]) -> bool) -> usize {
    all_positions(len, max)
        .iter()
        .filter(|p| allowed(p))
        .count()
}

#[test]
fn blocks_read_as_runs_agree_with_the_graph_search() {
    for (i, text) in READ.iter().enumerate() {
        let game = game(text);
        let len = game.heap_count.unwrap_or(3);
        // Every position is asked about, those the invariant forbids too:
        // the box holds each once.
        assert_eq!(agree(&game, len, 6), 7usize.pow(len as u32), "game {i}");
    }
}

#[test]
fn blocks_handed_to_the_graph_search_agree_too() {
    for text in HANDED_ON {
        let game = game(text);
        assert_eq!(agree(&game, game.heap_count.unwrap_or(3), 5), 0, "{text}");
    }
}

#[test]
fn the_box_holds_exactly_the_positions_the_invariant_allows() {
    let chomp = game(READ[0]);
    let mut fast = solver(&chomp, true);
    fast.value(&[9, 7, 5]).expect("run search");
    let nonincreasing = |p: &[u64]| p[1] <= 7 && p[2] <= 5 && p[0] >= p[1] && p[1] >= p[2];
    assert_eq!(fast.len(), count(3, 9, nonincreasing));
}

/// Chomp's values on three rows by a 3-D dp (as in `benches/engine.rs`):
/// a bite at (row r, column k) leaves every row from r at most k − 1
/// long; (1, 1) is poisoned.
fn chomp_by_hand(top: [usize; 3]) -> Vec<Vec<Vec<u32>>> {
    let [x, y, z] = top;
    let mut g = vec![vec![vec![0u32; z + 1]; y + 1]; x + 1];
    let mut seen = vec![false; x + y + z + 2];
    for a in 0..=x {
        for b in 0..=a.min(y) {
            for c in 0..=b.min(z) {
                seen.fill(false);
                for k in 2..=a {
                    seen[g[k - 1][b.min(k - 1)][c.min(k - 1)] as usize] = true;
                }
                for k in 1..=b {
                    seen[g[a][k - 1][c.min(k - 1)] as usize] = true;
                }
                for k in 1..=c {
                    seen[g[a][b][k - 1] as usize] = true;
                }
                g[a][b][c] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
            }
        }
    }
    g
}

#[test]
fn chomp_through_its_block_matches_a_hand_written_dp() {
    let top = [20, 14, 9];
    let by_hand = chomp_by_hand(top);
    let mut fast = solver(&game(READ[0]), true);
    fast.value(&top.map(|t| t as u64)).expect("run search");
    for (a, plane) in by_hand.iter().enumerate() {
        for (b, row) in plane.iter().enumerate().take(a + 1) {
            for (c, &expected) in row.iter().enumerate().take(b + 1) {
                let (value, explored) = fast.value(&[a as u64, b as u64, c as u64]).unwrap();
                assert_eq!(
                    value,
                    gamelang::search::Value::Grundy(expected),
                    "({a}, {b}, {c})"
                );
                assert_eq!(explored.positions, 0, "answered from the box");
            }
        }
    }
}

#[test]
fn a_heap_set_below_zero_is_the_same_error_in_both_searches() {
    // The `require` comes after the heap has gone below 0: too late.
    let g =
        game("game g { heaps 2; move m { choose k in 1..h[2]; h[1] -= k; require h[1] >= 0 } }");
    for heaps in all_positions(2, 4) {
        let fast = outcome(&mut solver(&g, true), &heaps);
        assert_eq!(fast, outcome(&mut solver(&g, false), &heaps), "{heaps:?}");
    }
}

/// The answer of a search, its error as text: both searches must give the
/// same (the same error too, where the block fails).
fn outcome(solver: &mut Solver, heaps: &[u64]) -> Result<gamelang::search::Value, String> {
    solver
        .value(heaps)
        .map(|(v, _)| v)
        .map_err(|e| e.to_string())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// Blocks put together from parts — a bound for the chosen amount, a
    /// condition, two changes to the heaps — agree with the general search on
    /// every position of 2 heaps up to 5, in normal and misère play.
    #[test]
    fn blocks_made_of_parts_agree_with_the_graph_search(
        bound in proptest::sample::select(vec!["h[1]", "h[i]", "min(h[1], h[2])", "max(h[1], h[2])", "h[1] + h[2]", "3"]),
        condition in proptest::sample::select(vec!["k >= 1", "k != 2", "k <= h[2] or k == h[1]", "not (k > h[2] and i == 1)", "2 * k >= h[1] - 1", "k == h[2]", "h[1] >= h[2]"]),
        first in proptest::sample::select(vec!["h[i] -= k", "h[1] = min(h[1], k - 1)", "h[i] = max(h[i] - k, 0)", "h[2] = min(h[2], h[1] - 1)"]),
        second in proptest::sample::select(vec!["", "h[2] = min(h[2], h[1])", "if k > 1 { h[1] = k - 2 } else { h[2] = max(h[2] - 1, 0) }", "let m = min(k, h[2]); h[2] -= m"]),
        misere in proptest::bool::ANY,
    ) {
        let play = if misere { "play misere; " } else { "" };
        let text = format!(
            "game g {{ heaps 2; {play}move m {{ choose i in 1..len; choose k in 1..{bound}; require {condition}; {first}; {second} }} }}"
        );
        let game = game(&text);
        let (mut fast, mut slow) = (solver(&game, true), solver(&game, false));
        for heaps in all_positions(2, 5).iter().rev() {
            proptest::prop_assert_eq!(outcome(&mut fast, heaps), outcome(&mut slow, heaps), "{} at {:?}", text, heaps);
        }
    }
}

#[test]
fn a_position_asked_again_after_an_error_is_the_same_error() {
    // Both searches: the general search must not read the positions it left
    // half evaluated when the error stopped it (found in review).
    let g = game(
        "game g { heaps 2; move m { choose k in 1..h[2]; h[2] -= k; h[1] = min(h[1], max(k, h[2]) - 1, h[2] + k - 2) } }",
    );
    for boxes in [true, false] {
        let mut solver = solver(&g, boxes);
        let first = outcome(&mut solver, &[6, 6]);
        let again = outcome(&mut solver, &[6, 6]);
        assert!(first.is_err());
        assert_eq!(first, again);
    }
}

#[test]
fn an_overflowing_comparison_is_left_to_the_interpreter() {
    // `h[2] * -2^127 == 0` overflows where h[2] > 1 (found in review): the
    // forms must not read it as never equal.
    let g = game(
        "game g { heaps 2; move m { require h[2] * (0 - 170141183460469231731687303715884105727 - 1) == 0; require h[1] > 0; h[1] -= 1 } }",
    );
    for heaps in all_positions(2, 3) {
        let fast = outcome(&mut solver(&g, true), &heaps);
        assert_eq!(fast, outcome(&mut solver(&g, false), &heaps), "{heaps:?}");
    }
}
