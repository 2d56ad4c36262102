//! Move blocks answered as sums: a block that reaches one chosen heap is a
//! sum of one-heap games (the Sprague-Grundy theorem), and goes to the
//! one-heap engine; a block that treats every heap alike keeps its
//! positions sorted. Both read from the lowered block, never from names;
//! blocks that read other heaps are searched whole, and stay right.

use std::collections::HashMap;
use std::sync::Arc;

use gamelang::rules::Game;
use gamelang::search::{Solver, Value};

use super::common::{a002186, a002187, all_positions, load_text};

fn game(text: &str) -> Arc<Game> {
    let program = load_text("block_sums.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn grundy(solver: &mut Solver, heaps: &[u64]) -> u32 {
    match solver.value(heaps).expect("a value").0 {
        Value::Grundy(g) => g,
        Value::Misere { .. } => unreachable!("normal play"),
    }
}

/// Kayles as a block: knock down one pin or two adjacent ones, from any
/// row, leaving what is left of it on either side.
const KAYLES: &str = "game kayles {
    heaps *
    move knock {
        choose i in 1..len
        choose k in 1..2
        require k <= h[i]
        choose a in 0..h[i] - k
        append h[i] - k - a
        h[i] = a
    }
}";

/// Kayles again, its amount bounded by `min`: not of the form taken for an
/// octal code (`moves::octal_block`), so each heap's moves come from the
/// block itself.
const KAYLES_BY_MIN: &str = "game kayles {
    heaps *
    move knock {
        choose i in 1..len
        choose k in 1..min(2, h[i])
        choose a in 0..h[i] - k
        append h[i] - k - a
        h[i] = a
    }
}";

/// Dawson's Kayles as a block: two adjacent pins at a time.
const DAWSONS_KAYLES: &str = "game dawsons_kayles {
    heaps *
    move knock {
        choose i in 1..len
        require h[i] >= 2
        choose a in 0..h[i] - 2
        append h[i] - 2 - a
        h[i] = a
    }
}";

#[test]
fn kayles_and_dawsons_kayles_as_blocks_are_sums_of_rows() {
    let mut kayles = Solver::new(game(KAYLES), 10_000);
    let mut dawson = Solver::new(game(DAWSONS_KAYLES), 10_000);
    assert!(kayles.decomposed() && dawson.decomposed());
    for n in 0..=1000u64 {
        // OEIS A002186 (Kayles); A002187's comment: Dawson's Kayles has the
        // values a(n - 1) of Dawson's chess.
        assert_eq!(
            grundy(&mut kayles, &[n]),
            a002186(n as usize),
            "Kayles at {n}"
        );
        let expected = if n == 0 { 0 } else { a002187(n as usize - 1) };
        assert_eq!(
            grundy(&mut dawson, &[n]),
            expected,
            "Dawson's Kayles at {n}"
        );
    }
    // A position of several rows is the XOR of its rows.
    let rows = [7, 11, 1000];
    let xor = rows.iter().fold(0, |x, &n| x ^ a002186(n as usize));
    assert_eq!(grundy(&mut kayles, &rows), xor);
    // The same through the block's own moves, heap by heap.
    let by_min = game(KAYLES_BY_MIN);
    let gamelang::rules::MoveKind::Block(block) = &by_min.rules[0].kind else {
        panic!("a block");
    };
    assert_eq!(gamelang::moves::octal_block::octal_code(block), None);
    let mut by_min = Solver::new(by_min, 10_000);
    assert!(by_min.decomposed());
    for n in 0..=300u64 {
        assert_eq!(grundy(&mut by_min, &[n]), a002186(n as usize), "{n}");
    }
}

/// Grundy values by a brute force over `moves`, memoised on the position as
/// written (heap order kept).
fn brute(
    heaps: Vec<u64>,
    moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    memo: &mut HashMap<Vec<u64>, u32>,
) -> u32 {
    if let Some(&g) = memo.get(&heaps) {
        return g;
    }
    let values: Vec<u32> = (moves(&heaps).into_iter())
        .map(|next| brute(next, moves, memo))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).unwrap_or(0);
    memo.insert(heaps, g);
    g
}

#[test]
fn blocks_that_read_other_heaps_are_searched_whole_and_stay_right() {
    // Take from a heap at most what the next heap holds, or from the last
    // heap at most the number of heaps: `h[i + 1]` and `len` name heaps by
    // place, so the game is neither a sum nor sortable.
    let text = "game g {
        heaps 3
        move next {
            choose i in 1..len - 1
            choose k in 1..min(h[i], h[i + 1])
            h[i] -= k
        }
        move last {
            choose k in 1..min(h[len], len)
            h[len] -= k
        }
    }";
    let g = game(text);
    let mut solver = Solver::new(g, 100_000);
    assert!(!solver.decomposed());
    let moves = |p: &[u64]| {
        let mut out = Vec::new();
        for i in 0..2 {
            for k in 1..=p[i].min(p[i + 1]) {
                let mut next = p.to_vec();
                next[i] -= k;
                out.push(next);
            }
        }
        for k in 1..=p[2].min(3) {
            let mut next = p.to_vec();
            next[2] -= k;
            out.push(next);
        }
        out
    };
    let mut memo = HashMap::new();
    for position in all_positions(3, 6) {
        assert_eq!(
            grundy(&mut solver, &position),
            brute(position.clone(), &moves, &mut memo),
            "{position:?}"
        );
    }
}

/// Two tokens from two heaps (or both from one), or every heap halved:
/// every heap named through a variable that runs over all heaps.
const ALIKE: &str = "game alike {
    heaps *
    move two {
        choose x in 1..len
        choose y in 1..len
        require h[x] >= 1
        h[x] -= 1
        require h[y] >= 1
        h[y] -= 1
    }
    move halve {
        choose x in 1..len
        require h[x] > 0
        for j in 1..len { h[j] = h[j] / 2 }
    }
}";

#[test]
fn a_block_that_treats_heaps_alike_keeps_sorted_positions_and_agrees_with_a_brute_force() {
    let moves = |p: &[u64]| {
        let mut out = Vec::new();
        for x in 0..p.len() {
            for y in 0..p.len() {
                let mut next = p.to_vec();
                if next[x] >= 1 {
                    next[x] -= 1;
                    if next[y] >= 1 {
                        next[y] -= 1;
                        out.push(next);
                    }
                }
            }
            if p[x] > 0 {
                out.push(p.iter().map(|h| h / 2).collect());
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let mut solver = Solver::new(game(ALIKE), 100_000);
    assert!(!solver.decomposed());
    for len in 1..=3 {
        for position in all_positions(len, 8) {
            assert_eq!(
                grundy(&mut solver, &position),
                brute(position.clone(), &moves, &mut memo),
                "{position:?}"
            );
        }
    }
    // Sorted: every position of three heaps up to 8 is held once up to
    // order, C(8 + 3, 3) = 165 of them, beside those of one and two heaps.
    let three = all_positions(3, 8).len();
    assert!(solver.len() < three, "{} positions held", solver.len());
}

#[test]
fn a_heap_local_block_that_does_not_shrink_is_searched_whole() {
    // Take 1, or take nothing: a move from a heap to itself. The game moves
    // in one heap, but is not a sum of shrinking heaps: the general search
    // finds the cycle (never the one-heap engine's internal error), and the
    // analysis answers the game as one that can go on forever.
    let text = "game g {
        heaps *
        move m {
            choose i in 1..len
            choose k in 0..1
            require k <= h[i]
            h[i] -= k
        }
    }
    analyze g at (2, 3)";
    let g = game(text);
    let error = Solver::new(g, 1000).value(&[2, 3]).expect_err("a cycle");
    assert_eq!(super::common::code(&error), "gamelang::search::cycle");
    let program = load_text("block_sums.game", text, &[]);
    let answer = gamelang::analysis::Analyzer::default()
        .analyze(&program.questions[0])
        .expect("answered as a loopy game");
    assert!(matches!(
        answer.grundy,
        gamelang::analysis::Grundy::Loopy(_)
    ));
}
