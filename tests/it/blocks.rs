//! Move blocks and named position parts: the example games written with
//! them (games/), each against a brute force written here or a theorem, and
//! what a block may not do, found before or while it runs.

use std::collections::HashMap;
use std::sync::Arc;

use gamelang::rules::Game;
use gamelang::rules::expr::EvalError;
use gamelang::search::{SearchError, Solver, Value};

use super::common::{all_positions, load, load_text};

/// The game `name` of games/`file`.game.
fn game(file: &str, name: &str) -> Arc<Game> {
    let program = load(file, &[]);
    program
        .game(name)
        .and_then(|g| g.default.clone())
        .expect("the game lowers")
}

/// A game written here.
fn game_text(text: &str) -> Arc<Game> {
    let program = load_text("blocks.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn grundy(solver: &mut Solver, heaps: &[u64]) -> u32 {
    match solver.value(heaps).expect("a value").0 {
        Value::Grundy(g) => g,
        Value::Misere { .. } => unreachable!("normal play"),
    }
}

fn solver(game: Arc<Game>) -> Solver {
    Solver::new(game, 10_000_000)
}

/// The mex of a set of values.
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: std::collections::HashSet<u32> = values.into_iter().collect();
    (0..).find(|g| !seen.contains(g)).unwrap_or(0)
}

#[test]
fn chomp_on_three_rows_matches_a_brute_force() {
    // Rows bottom first, nonincreasing; a bite at (row r, column c) leaves
    // every row s >= r at most c - 1 long; (1, 1) is poisoned.
    fn brute(rows: [u64; 3], memo: &mut HashMap<[u64; 3], u32>) -> u32 {
        if let Some(&g) = memo.get(&rows) {
            return g;
        }
        let mut next = Vec::new();
        for r in 0..3 {
            for c in 1..=rows[r] {
                if r == 0 && c == 1 {
                    continue;
                }
                let mut after = rows;
                for row in &mut after[r..] {
                    *row = (*row).min(c - 1);
                }
                next.push(brute(after, memo));
            }
        }
        let g = mex(next);
        memo.insert(rows, g);
        g
    }
    let mut solver = solver(game("chomp", "chomp"));
    let mut memo = HashMap::new();
    let mut checked = 0;
    for a in 0..=7 {
        for b in 0..=a {
            for c in 0..=b {
                assert_eq!(
                    grundy(&mut solver, &[a, b, c]),
                    brute([a, b, c], &mut memo),
                    "({a}, {b}, {c})"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 120);
}

#[test]
fn every_chomp_rectangle_but_one_square_is_won() {
    // Seed 002 and Gale (1974), by strategy stealing: r rows of c squares.
    let mut solver = solver(game("chomp", "chomp"));
    for r in 1..=4 {
        for c in 1..=10 {
            let rows = vec![c; r];
            let g = grundy(&mut solver, &rows);
            assert_eq!(g == 0, r == 1 && c == 1, "{r} x {c}: g = {g}");
        }
    }
}

#[test]
fn euclid_follows_cole_and_davie_on_every_pair_to_40() {
    // A pair with a 0 has no move; (a, a) is N; otherwise P iff the larger
    // is below phi times the smaller (Cole and Davie 1969). L < phi * S
    // iff 2L - S < sqrt(5) S iff (2L - S)^2 < 5 S^2, as 2L - S >= 0.
    let mut solver = solver(game("euclid", "euclid"));
    for a in 0..=40u64 {
        for b in 0..=40u64 {
            let (small, large) = (a.min(b), a.max(b));
            let p =
                small == 0 || (small != large && (2 * large - small).pow(2) < 5 * small * small);
            assert_eq!(grundy(&mut solver, &[a, b]) == 0, p, "({a}, {b})");
        }
    }
}

#[test]
fn nim_written_as_a_block_is_bouton_nim() {
    // Bouton (1901): the Grundy value of Nim is the XOR of the heaps.
    let mut solver = solver(game("northcott", "northcott"));
    for heaps in all_positions(3, 6) {
        let xor = heaps.iter().fold(0, |x, h| x ^ h) as u32;
        assert_eq!(grundy(&mut solver, &heaps), xor, "{heaps:?}");
    }
}

#[test]
fn lasker_written_with_append_is_the_phrase() {
    let block = game_text(
        "game lasker_block {\n    heaps *\n    move take {\n        choose i in 1..len\n        choose k in 1..h[i]\n        h[i] -= k\n    }\n    move split {\n        choose i in 1..len\n        choose a in 1..h[i] - 1\n        require a <= h[i] - a\n        append h[i] - a\n        h[i] = a\n    }\n}\n",
    );
    let mut by_block = solver(block);
    let mut by_phrase = solver(game("lasker", "lasker"));
    for heaps in all_positions(2, 6).into_iter().chain(all_positions(1, 12)) {
        assert_eq!(
            grundy(&mut by_block, &heaps),
            grundy(&mut by_phrase, &heaps),
            "{heaps:?}"
        );
    }
}

#[test]
fn fibonacci_nim_is_lost_exactly_on_fibonacci_numbers() {
    // Whinihan (1963): from n stones, the first move taking up to n - 1,
    // the mover loses iff n is a Fibonacci number.
    let fibonacci = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144];
    let mut solver = solver(game("fibonacci_nim", "fibonacci_nim"));
    for n in 1..200u64 {
        let p = grundy(&mut solver, &[n, n - 1]) == 0;
        assert_eq!(p, fibonacci.contains(&n), "n = {n}");
    }
}

#[test]
fn the_capacity_game_grows_its_heap_and_matches_a_brute_force() {
    // HDU 1729: a box of capacity s holding c stones; a move adds 1 to c^2
    // stones without passing s.
    fn brute(s: u64, c: u64, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
        if let Some(&g) = memo.get(&(s, c)) {
            return g;
        }
        let most = (c * c).min(s - c);
        let g = mex((1..=most)
            .map(|x| brute(s, c + x, memo))
            .collect::<Vec<_>>());
        memo.insert((s, c), g);
        g
    }
    let mut memo = HashMap::new();
    for s in 0..=30u64 {
        let program = load("capacity", &[&format!("s={s}")]);
        let game = program.games[0].default.clone().expect("the game lowers");
        let mut solver = solver(game);
        for c in 0..=s {
            assert_eq!(
                grundy(&mut solver, &[c]),
                brute(s, c, &mut memo),
                "s = {s}, c = {c}"
            );
        }
    }
}

#[test]
fn take_a_square_loses_on_oeis_a030193() {
    // OEIS A030193: the losing positions of take-a-square begin so.
    let losing = [0u64, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44];
    let mut solver = solver(game("take_a_square", "take_a_square"));
    let found: Vec<u64> = (0..=44)
        .filter(|&n| grundy(&mut solver, &[n]) == 0)
        .collect();
    assert_eq!(found, losing);
}

#[test]
fn named_parts_are_never_sorted() {
    // Only `a` may shrink: (1, 0) has a move, (0, 1) has none. Sorting the
    // parts would make them the same position.
    let game = game_text(
        "game g {\n    position (a, b)\n    move m {\n        require a > 0\n        a -= 1\n    }\n}\n",
    );
    let mut solver = solver(game);
    assert_eq!(grundy(&mut solver, &[1, 0]), 1);
    assert_eq!(grundy(&mut solver, &[0, 1]), 0);
}

#[test]
fn a_heap_that_would_go_negative_is_an_error_naming_the_rule_and_position() {
    let game = game_text(
        "game g {\n    heaps 2\n    move drop {\n        h[1] -= 1\n        h[2] -= 2\n    }\n}\n",
    );
    let mut solver = solver(game);
    let e = solver.value(&[3, 1]).expect_err("h[2] would be -1");
    let SearchError::RuleFails {
        rule,
        position,
        reason,
        ..
    } = &e
    else {
        panic!("{e:?}");
    };
    assert_eq!(rule, "drop");
    assert_eq!(position.to_string(), "(3, 1)");
    assert_eq!(
        **reason,
        EvalError::HeapValue {
            index: 2,
            value: -1
        }
    );
}

#[test]
fn an_index_past_the_heaps_is_an_error() {
    let game = game_text(
        "game g {\n    heaps *\n    move m {\n        choose i in 1..len + 1\n        h[i] = 0\n    }\n}\n",
    );
    let mut solver = solver(game);
    let e = solver.value(&[2, 2]).expect_err("h[3] does not exist");
    assert!(
        e.to_string()
            .contains("h[3] does not exist: the position has 2 heaps"),
        "{e}"
    );
}

#[test]
fn a_cycle_shows_each_position_as_played_and_the_rule_of_each_step() {
    // Two moves that undo each other: (1, 0) -> (0, 1) -> (1, 0).
    let game = game_text(
        "game turn {\n    position (a, b)\n    move pass { require a > 0; a -= 1; b += 1 }\n    move back { require b > 0; b -= 1; a += 1 }\n}\n",
    );
    let e = solver(game)
        .value(&[1, 0])
        .expect_err("the game never ends");
    let SearchError::Cycle { cycle, rules, .. } = &e else {
        panic!("{e:?}");
    };
    let cycle: Vec<String> = cycle.iter().map(ToString::to_string).collect();
    assert_eq!(cycle, ["(1, 0)", "(0, 1)", "(1, 0)"]);
    assert_eq!(rules, &["pass", "back"]);
}

/// Grundy values of the take-and-break game of a hexadecimal code, by brute
/// force from the definition (Winning Ways, ch. 4): digit j's bit 1 lets a
/// move take j tokens leaving nothing, bit 2 leaving one heap, bit 4 two
/// nonempty heaps, bit 8 three.
fn hex_values(digits: &[u8], upto: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=upto {
        let mut next = Vec::new();
        for (j, &d) in digits.iter().enumerate() {
            if j > n {
                break;
            }
            let rest = n - j;
            if j > 0 && d & 1 != 0 && rest == 0 {
                next.push(0);
            }
            if j > 0 && d & 2 != 0 && rest > 0 {
                next.push(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        next.push(g[a] ^ g[rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        if a + b < rest && b <= rest - a - b {
                            next.push(g[a] ^ g[b] ^ g[rest - a - b]);
                        }
                    }
                }
            }
        }
        g.push(mex(next));
    }
    g
}

#[test]
fn hexadecimal_codes_match_a_brute_force() {
    for (code, digits) in [
        ("0.F", vec![0u8, 15]),
        ("0.8", vec![0, 8]),
        ("8.0", vec![8]),
        ("0.48", vec![0, 4, 8]),
        ("0.3F", vec![0, 3, 15]),
        ("C.1", vec![12, 1]),
    ] {
        let game = game_text(&format!("game h {{ heaps *; hex {code} }}"));
        let mut solver = solver(game);
        let expected = hex_values(&digits, 40);
        let found: Vec<u32> = (0..=40).map(|n| grundy(&mut solver, &[n])).collect();
        assert_eq!(found, expected, "hex {code}");
    }
}

#[test]
fn an_octal_code_written_in_hexadecimal_is_the_same_game() {
    // Kayles is 0.77 (Winning Ways); its hexadecimal spelling has the same digits.
    let mut octal = solver(game("kayles", "kayles"));
    let mut hex = solver(game_text("game k { heaps *; hex 0.77 }"));
    for n in 0..=60 {
        assert_eq!(grundy(&mut octal, &[n]), grundy(&mut hex, &[n]), "n = {n}");
    }
}

#[test]
fn heaps_of_a_game_with_a_block_are_never_sorted() {
    // The rule used: a game with a move block or named parts keeps its
    // positions as written, since a block may tell heaps apart by place.
    // Here only the first heap may shrink: (1, 0) has a move, (0, 1) none;
    // and a phrase beside the block does not make the game sortable.
    let game = game_text(
        "game g {\n    heaps *\n    take 2\n    move first { require h[1] > 0; h[1] -= 1 }\n}\n",
    );
    let mut solver = solver(game);
    assert_eq!(grundy(&mut solver, &[1, 0]), 1);
    assert_eq!(grundy(&mut solver, &[0, 1]), 0);
    assert_eq!(grundy(&mut solver, &[1, 2]), 0);
    assert_eq!(grundy(&mut solver, &[2, 1]), 2);
}

#[test]
fn nested_forking_loops_and_huge_ranges_end_in_errors_not_crashes() {
    // Loops with a `choose` inside recurse once per iteration, nested ones
    // multiplying: past 1000 iterations deep in all it is an error, never a
    // stack overflow.
    let nested = game_text(
        "game g {\n    heaps 1\n    move m {\n        require h[1] > 0\n        for i in 1..9999 { for j in 1..9999 { choose k in 0..0 } }\n        h[1] -= 1\n    }\n}\n",
    );
    let e = solver(nested).value(&[3]).expect_err("too deep");
    assert!(e.to_string().contains("iterations deep"), "{e}");
    // A choose over 10^20 values, nearly all refused, is cut off by the
    // steps a block may take from one position, not left to run for ages.
    let huge = game_text(
        "game g {\n    heaps 1\n    move m {\n        choose k in 1..100000000000000000000\n        require k == h[1]\n        h[1] -= k\n    }\n}\n",
    );
    let e = solver(huge).value(&[3]).expect_err("too many steps");
    assert!(e.to_string().contains("steps"), "{e}");
}

#[test]
fn count_counts_the_heaps_that_equal_a_value() {
    // A heap may lose a token only while no other heap is as large:
    // `count(h[i]) == 1`. Plainly: the mex over the heaps i whose size no
    // other heap has, of the position with h[i] - 1.
    fn brute(heaps: &[u64], memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
        if let Some(&g) = memo.get(heaps) {
            return g;
        }
        let mut next = Vec::new();
        for i in 0..heaps.len() {
            let alone = heaps.iter().filter(|&&h| h == heaps[i]).count() == 1;
            if heaps[i] > 0 && alone {
                let mut after = heaps.to_vec();
                after[i] -= 1;
                next.push(brute(&after, memo));
            }
        }
        let g = mex(next);
        memo.insert(heaps.to_vec(), g);
        g
    }
    let text = "game lone {\n    heaps 3\n    move m {\n        choose i in 1..len\n        require h[i] > 0 and count(h[i]) == 1\n        h[i] -= 1\n    }\n}\n";
    let mut solver = solver(game_text(text));
    let mut memo = HashMap::new();
    let mut moving = 0;
    for heaps in all_positions(3, 5) {
        let g = brute(&heaps, &mut memo);
        assert_eq!(grundy(&mut solver, &heaps), g, "{heaps:?}");
        moving += usize::from(g > 0);
    }
    assert!(moving > 10);
}
