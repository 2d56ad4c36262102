//! Coin-turning games (`coins`, `turn`): every position of up to 12 coins
//! against a brute force over sets of heads written here (not the
//! coin-turning theorem the engine uses), Ruler's and Mock Turtles' single
//! coins against OEIS, and their closed forms (and Twins' and Turning
//! Turtles') at coins past 2^64 against the formulas and against an
//! enumeration of the moves.

use std::collections::BTreeSet;

use gamelang::analysis::{self, Analyzer, ComponentMethod, Note, Outcome};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::asked::analysis;
use super::common::load_text;

/// A coin game's rule, as the brute force reads it: how many coins a move
/// turns, and whether they are next to each other.
struct Rule {
    counts: &'static [u32],
    row: bool,
}

/// The Grundy value of every set of heads among coins 1..=n (bit c - 1 for
/// coin c), by the mex over the moves on sets. Every move lowers the set
/// read as a binary number (its highest turned coin goes from heads to
/// tails), so increasing order has every option first.
fn brute_force(rule: &Rule, n: u32) -> Vec<u32> {
    let mut g = vec![0u32; 1 << n];
    for mask in 0..1usize << n {
        let seen: BTreeSet<u32> = moves(rule, n, mask).into_iter().map(|m| g[m]).collect();
        g[mask] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    g
}

/// The sets one move from `mask`.
fn moves(rule: &Rule, n: u32, mask: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for head in 1..=n {
        if mask >> (head - 1) & 1 == 0 {
            continue;
        }
        for &k in rule.counts {
            if k > head {
                continue;
            }
            if rule.row {
                let run: usize = (head - k..head).map(|c| 1usize << c).sum();
                out.push(mask ^ run);
            } else {
                // Any k - 1 coins left of the head.
                for others in 0..1usize << (head - 1) {
                    if others.count_ones() == k - 1 {
                        out.push(mask ^ others ^ (1 << (head - 1)));
                    }
                }
            }
        }
    }
    out
}

fn heads(mask: usize) -> Vec<u64> {
    (0..usize::BITS as u64)
        .filter(|c| mask >> c & 1 == 1)
        .map(|c| c + 1)
        .collect()
}

const GAMES: &str = "
game mock_turtles {
    coins
    turn 1..3 coins
}
game ruler {
    coins
    turn 1.. coins in a row
}
game twins {
    coins
    turn 2 coins
}
game turning_turtles {
    coins
    turn 1..2 coins
}
game turtles4 {
    coins
    turn 1..4 coins
}
game hops {
    coins
    turn {1, 3} coins in a row
}
";

/// Every position of up to `n` coins: outcome, Grundy value, and the
/// winning moves (the sets they lead to) as the brute force finds them.
fn agrees_on_every_row(game: &str, rule: &Rule, n: u32, force_search: bool) {
    let program = load_text("coins.game", GAMES, &[]);
    // A small bound on positions keeps the remoteness and suspense, which
    // explore every position's play, from exploring 4096 large ones; the
    // coin engine holds one value a coin.
    let mut analyzer = Analyzer::new(analysis::Options {
        force_search,
        max_moves: usize::MAX,
        search: gamelang::search::Options {
            max_positions: 64,
            ..gamelang::search::Options::default()
        },
        ..analysis::Options::default()
    });
    let g = brute_force(rule, n);
    for mask in 0..1usize << n {
        let answer = analysis(&mut analyzer, &program, game, &heads(mask)).expect("answered");
        let at = heads(mask);
        assert_eq!(
            answer.grundy.value().and_then(|v| v.to_u32()),
            Some(g[mask]),
            "{game} at {at:?}"
        );
        assert_eq!(
            answer.outcome == Outcome::P,
            g[mask] == 0,
            "{game} at {at:?}"
        );
        let expected: BTreeSet<Vec<u64>> = (moves(rule, n, mask).into_iter())
            .filter(|&m| g[m] == 0)
            .map(heads)
            .collect();
        let found: BTreeSet<Vec<u64>> = (answer.winning_moves.iter())
            .map(|m| m.to.to_u64s().expect("small"))
            .collect();
        assert_eq!(found, expected, "{game} at {at:?}");
        assert_eq!(
            answer.winning_move_count,
            analysis::Count::Exact(BigUint::from(expected.len())),
            "{game} at {at:?}"
        );
    }
}

#[test]
fn mock_turtles_agrees_with_a_brute_force_on_every_row_of_12_coins() {
    let rule = Rule {
        counts: &[1, 2, 3],
        row: false,
    };
    agrees_on_every_row("mock_turtles", &rule, 12, false);
    agrees_on_every_row("mock_turtles", &rule, 9, true);
}

#[test]
fn ruler_agrees_with_a_brute_force_on_every_row_of_12_coins() {
    let rule = Rule {
        counts: &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        row: true,
    };
    agrees_on_every_row("ruler", &rule, 12, false);
    agrees_on_every_row("ruler", &rule, 9, true);
}

/// Twins and Turning Turtles are Nim (Winning Ways, ch. 14): their closed
/// forms, and the search, against the brute force.
#[test]
fn twins_and_turning_turtles_agree_with_a_brute_force_on_every_row_of_12_coins() {
    for (game, counts) in [("twins", &[2][..]), ("turning_turtles", &[1, 2][..])] {
        let rule = Rule { counts, row: false };
        agrees_on_every_row(game, &rule, 12, false);
        agrees_on_every_row(game, &rule, 9, true);
    }
}

#[test]
fn coin_games_without_a_closed_form_agree_with_a_brute_force() {
    for (game, rule) in [
        (
            "turtles4",
            Rule {
                counts: &[1, 2, 3, 4],
                row: false,
            },
        ),
        (
            "hops",
            Rule {
                counts: &[1, 3],
                row: true,
            },
        ),
    ] {
        agrees_on_every_row(game, &rule, 11, false);
    }
}

/// OEIS A000069, the odious numbers: Mock Turtles' single coins from coin 1.
const A000069: [u32; 40] = [
    1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49,
    50, 52, 55, 56, 59, 61, 62, 64, 67, 69, 70, 73, 74, 76, 79,
];

/// OEIS A006519, the largest power of 2 dividing n: Ruler's single coins.
const A006519: [u32; 32] = [
    1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1,
    32,
];

#[test]
fn single_coins_are_the_odious_numbers_and_the_ruler_sequence() {
    let program = load_text("coins.game", GAMES, &[]);
    for force_search in [false, true] {
        let mut analyzer = Analyzer::new(analysis::Options {
            force_search,
            ..analysis::Options::default()
        });
        for (game, expected) in [("mock_turtles", &A000069[..]), ("ruler", &A006519[..])] {
            for (i, &value) in expected.iter().enumerate() {
                let answer = analysis(&mut analyzer, &program, game, &[i as u64 + 1]).unwrap();
                assert_eq!(
                    answer.grundy.value(),
                    Some(&BigUint::from(value)),
                    "{game} {i}"
                );
            }
        }
    }
}

/// The n-th odious number from n = 0, as OEIS A000069 defines it: the
/// numbers with an odd number of 1s, in order (found by counting here).
fn odious_by_count(n: u64) -> u64 {
    (0u64..)
        .filter(|x| x.count_ones() % 2 == 1)
        .nth(n as usize)
        .unwrap_or(0)
}

#[test]
fn mock_turtles_past_two_to_the_64_wins_by_the_moves_it_lists() {
    let text = format!(
        "{GAMES}\nanalyze mock_turtles at {{3, 1000000000000000000, 36893488147419103233}}\n"
    );
    let program = load_text("coins.game", &text, &[]);
    let mut analyzer = Analyzer::default();
    let answer = analyzer.analyze(&program.questions[0]).unwrap();
    // Coin n's value is 2(n - 1) or 2(n - 1) + 1, whichever is odious.
    let odious = |n: &BigUint| {
        let i = n - 1u32;
        let twice = &i << 1u32;
        if i.count_ones().is_multiple_of(2) {
            twice + 1u32
        } else {
            twice
        }
    };
    let value = |heads: &[BigUint]| heads.iter().fold(BigUint::zero(), |x, h| x ^ odious(h));
    let at = answer.components[0].position.heaps().to_vec();
    assert_eq!(answer.grundy.value(), Some(&value(&at)));
    assert!(odious(&BigUint::from(40u32)) == BigUint::from(odious_by_count(39)));
    assert!(!answer.winning_moves.is_empty());
    for m in &answer.winning_moves {
        assert!(value(m.to.heaps()).is_zero(), "{:?}", m.to);
        // One to three coins turned, the highest a head going to tails.
        let before: BTreeSet<&BigUint> = at.iter().collect();
        let after: BTreeSet<&BigUint> = m.to.heaps().iter().collect();
        let turned: Vec<&&BigUint> = before.symmetric_difference(&after).collect();
        assert!((1..=3).contains(&turned.len()));
        assert!(before.contains(*turned[turned.len() - 1]));
    }
}

#[test]
fn mock_turtles_counts_its_winning_pairs_as_an_enumeration_does() {
    // Heads whose winning moves turn two more coins: every pair counted
    // by enumeration of the coins left of the head.
    let program = load_text("coins.game", GAMES, &[]);
    let mut analyzer = Analyzer::new(analysis::Options {
        max_moves: usize::MAX,
        ..analysis::Options::default()
    });
    let g = |c: u64| odious_by_count(c - 1);
    for at in [
        vec![3u64, 200],
        vec![17, 90, 250],
        vec![1, 2, 300],
        vec![64, 129],
    ] {
        let v = at.iter().fold(0, |x, &c| x ^ g(c));
        let mut expected = BTreeSet::new();
        for &head in &at {
            let t = v ^ g(head);
            let mut turn = |coins: Vec<u64>| {
                let mut to: BTreeSet<u64> = at.iter().copied().collect();
                for c in coins {
                    if !to.remove(&c) {
                        to.insert(c);
                    }
                }
                expected.insert(to.into_iter().collect::<Vec<_>>());
            };
            if t == 0 {
                turn(vec![head]);
            }
            for a in 1..head {
                if g(a) == t {
                    turn(vec![a, head]);
                }
                for b in a + 1..head {
                    if g(a) ^ g(b) == t {
                        turn(vec![a, b, head]);
                    }
                }
            }
        }
        let answer = analysis(&mut analyzer, &program, "mock_turtles", &at).unwrap();
        let found: BTreeSet<Vec<u64>> = (answer.winning_moves.iter())
            .map(|m| m.to.to_u64s().unwrap())
            .collect();
        assert_eq!(found, expected, "{at:?}");
        assert_eq!(
            answer.winning_move_count,
            analysis::Count::Exact(BigUint::from(expected.len())),
            "{at:?}"
        );
    }
}

#[test]
fn ruler_past_two_to_the_64_wins_by_the_run_it_lists() {
    // Coins 2^65 - 2 and 2^65 - 1: values 2 and 1; the run of both wins,
    // and so does the run of 2^65 - 3 and 2^65 - 2 (values 1 and 2).
    let text = format!(
        "{GAMES}\nanalyze ruler at {{12, 1000000000000000000, 36893488147419103232}}\n\
         analyze ruler at {{36893488147419103230, 36893488147419103231}}\n"
    );
    let program = load_text("coins.game", &text, &[]);
    // Coin n alone: the largest power of 2 dividing n.
    let ruler = |n: &BigUint| BigUint::from(1u8) << n.trailing_zeros().unwrap_or(0);
    let value = |heads: &[BigUint]| heads.iter().fold(BigUint::zero(), |x, h| x ^ ruler(h));
    let mut analyzer = Analyzer::default();
    for question in &program.questions {
        let answer = analyzer.analyze(question).unwrap();
        let at = answer.components[0].position.heaps().to_vec();
        assert_eq!(answer.grundy.value(), Some(&value(&at)));
        // At most one winning run ends at each head; a run of more coins
        // than a position can list is counted, not listed.
        let count = match &answer.winning_move_count {
            analysis::Count::Exact(n) => n.to_usize().unwrap(),
            other => panic!("{other:?}"),
        };
        assert!((1..=at.len()).contains(&count), "{at:?}");
        for m in &answer.winning_moves {
            assert!(value(m.to.heaps()).is_zero(), "{:?}", m.to);
        }
    }
    let answer = analyzer.analyze(&program.questions[1]).unwrap();
    assert_eq!(answer.winning_moves.len(), 2);
    assert!(answer.winning_moves.iter().any(|m| m.to.heaps().is_empty()));
}

const PRODUCTS: &str = "
game ruler {
    coins
    turn 1.. coins in a row
}
game mock_turtles {
    coins
    turn 1..3 coins
}
game twins {
    coins from 0
    turn 2 coins
}
game rugs {
    coins
    product of ruler and ruler
}
game ruler_by_turtles {
    coins
    product of ruler and mock_turtles
}
game corners {
    coins
    product of twins and twins
}
";

/// The coins a row's move from the single head `n` turns (n among them),
/// for coins numbered from `first`, by the rule's definition.
fn row_moves(rule: &Rule, first: u64, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let left = n - first;
    for &k in rule.counts {
        let k = u64::from(k);
        if k == 0 || k > left + 1 {
            continue;
        }
        if rule.row {
            out.push((n + 1 - k..=n).collect());
            continue;
        }
        for others in 0u64..1 << left {
            if u64::from(others.count_ones()) == k - 1 {
                let mut coins: Vec<u64> = (0..left)
                    .filter(|b| others >> b & 1 == 1)
                    .map(|b| first + b)
                    .collect();
                coins.push(n);
                out.push(coins);
            }
        }
    }
    out
}

/// A product's single coins by the definition (the coin-turning theorem
/// alone, not the Tartan theorem): g(x, y) is the mex, over a move of each
/// factor (coin sets A from x, B from y), of the XOR of g over A × B less
/// (x, y).
fn product_by_definition(a: (&Rule, u64), b: (&Rule, u64), top: u64) -> Vec<Vec<u32>> {
    let size = (top + 1) as usize;
    let mut g = vec![vec![0u32; size]; size];
    for x in a.1..=top {
        for y in b.1..=top {
            let mut seen = BTreeSet::new();
            for across in row_moves(a.0, a.1, x) {
                for down in row_moves(b.0, b.1, y) {
                    let mut v = 0;
                    for &i in &across {
                        for &j in &down {
                            if (i, j) != (x, y) {
                                v ^= g[i as usize][j as usize];
                            }
                        }
                    }
                    seen.insert(v);
                }
            }
            g[x as usize][y as usize] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        }
    }
    g
}

#[test]
fn products_are_nim_products_of_their_factors_on_an_8_by_8_square() {
    let ruler = Rule {
        counts: &[1, 2, 3, 4, 5, 6, 7, 8],
        row: true,
    };
    let turtles = Rule {
        counts: &[1, 2, 3],
        row: false,
    };
    let twins = Rule {
        counts: &[2],
        row: false,
    };
    let program = load_text("products.game", PRODUCTS, &[]);
    let mut analyzer = Analyzer::default();
    for (game, a, b) in [
        ("rugs", (&ruler, 1), (&ruler, 1)),
        ("ruler_by_turtles", (&ruler, 1), (&turtles, 1)),
        ("corners", (&twins, 0), (&twins, 0)),
    ] {
        let g = product_by_definition(a, b, 8);
        for x in a.1..=8 {
            for y in b.1..=8 {
                let answer = analysis(&mut analyzer, &program, game, &[x, y]).unwrap();
                assert_eq!(
                    answer.grundy.value(),
                    Some(&BigUint::from(g[x as usize][y as usize])),
                    "{game} at ({x}, {y})"
                );
            }
        }
    }
    // Turning Corners (Twins × Twins from 0) is the nim product itself:
    // Conway's table, 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13.
    for (x, y, product) in [(2u64, 2u64, 3u32), (2, 3, 1), (4, 4, 6), (8, 8, 13)] {
        let answer = analysis(&mut analyzer, &program, "corners", &[x, y]).unwrap();
        assert_eq!(answer.grundy.value(), Some(&BigUint::from(product)));
    }
}

/// The product's closed form (the Tartan theorem with the factors' closed
/// forms) against the coin engine's search, on sets of heads in the 8 × 8
/// square: the value and every winning move.
#[test]
fn a_products_closed_form_agrees_with_the_search_on_an_8_by_8_square() {
    let program = load_text("products.game", PRODUCTS, &[]);
    let options = |force_search| analysis::Options {
        force_search,
        max_moves: usize::MAX,
        ..analysis::Options::default()
    };
    let (mut closed, mut search) = (Analyzer::new(options(false)), Analyzer::new(options(true)));
    let square: Vec<(u64, u64)> = (1..=8).flat_map(|x| (1..=8).map(move |y| (x, y))).collect();
    for game in ["rugs", "ruler_by_turtles", "corners"] {
        // Sets of up to three heads, by a fixed stride through the square.
        for i in 0..square.len() {
            for k in 0..3 {
                let mut heads: Vec<(u64, u64)> = (0..=k)
                    .map(|j| square[(i + 17 * j) % square.len()])
                    .collect();
                heads.sort_unstable();
                heads.dedup();
                let at: Vec<u64> = heads.iter().flat_map(|&(x, y)| [x, y]).collect();
                let a = analysis(&mut closed, &program, game, &at).unwrap();
                let b = analysis(&mut search, &program, game, &at).unwrap();
                assert!(matches!(
                    a.method.components[0],
                    ComponentMethod::ClosedForm { .. }
                ));
                assert_eq!(a.grundy, b.grundy, "{game} at {at:?}");
                let moves = |answer: &gamelang::analysis::Answer| -> BTreeSet<Vec<u64>> {
                    (answer.winning_moves.iter())
                        .map(|m| m.to.to_u64s().unwrap())
                        .collect()
                };
                assert_eq!(moves(&a), moves(&b), "{game} at {at:?}");
                assert_eq!(
                    a.winning_move_count, b.winning_move_count,
                    "{game} at {at:?}"
                );
            }
        }
    }
}

/// Turning Corners (Twins × Twins from 0) at coordinates of 10^9: a known
/// game now that Twins is (it was refused, each side searched as a row of
/// 10^9 coins), worth the nim product of the coordinates.
#[test]
fn turning_corners_at_huge_coordinates_is_the_nim_product() {
    let program = load_text("products.game", PRODUCTS, &[]);
    let n = 1_000_000_000u64;
    let answer = analysis(&mut Analyzer::default(), &program, "corners", &[n, n + 7]).unwrap();
    assert!(matches!(
        answer.method.components[0],
        ComponentMethod::ClosedForm {
            id: "coin_product",
            ..
        }
    ));
    let expected = gamelang::nimber::mul(&BigUint::from(n), &BigUint::from(n + 7));
    assert_eq!(answer.grundy.value(), Some(&expected));
}

/// Past 2^64 the product is answered by its closed form at once: each head
/// the nim product of its sides' values; the winning moves from a small
/// head win by the closed form's own values, and none is tried from a
/// huge one.
#[test]
fn a_product_past_two_to_the_64_is_the_nim_product_of_its_sides() {
    let program = load_text("products.game", PRODUCTS, &[]);
    let mut analyzer = Analyzer::new(analysis::Options {
        max_moves: usize::MAX,
        ..analysis::Options::default()
    });
    let big = u64::MAX;
    let at = [5, 7, 1 << 63, big];
    let answer = analysis(&mut analyzer, &program, "ruler_by_turtles", &at).unwrap();
    // Ruler's coin 5 is worth 1, Mock Turtles' coin 7 (odious number 6
    // from 0) 13: 1 ⊗ 13 = 13. Ruler's coin 2^63 is worth 2^63, Mock
    // Turtles' coin 2^64 - 1 odious number n = 2^64 - 2 from 0: n has 63
    // ones, an odd count, so it is 2n = 2^65 - 4.
    let odious = (BigUint::from(big) - 1u32) << 1u32;
    let expected =
        BigUint::from(13u32) ^ gamelang::nimber::mul(&(BigUint::from(1u64 << 63)), &odious);
    assert_eq!(answer.grundy.value(), Some(&expected));
    // Only a move from the huge head can win: none is tried, none listed.
    assert!(answer.winning_moves.is_empty());
    assert!(answer.notes.contains(&Note::MovesNotTried));
    // Ruler's coin 2^63 + 1 is worth 1, as is Mock Turtles' coin 1: the
    // huge head is worth 1, and the small one wins, by moves worth 13 ^ 1.
    let at = [5, 7, (1 << 63) + 1, 1];
    let answer = analysis(&mut analyzer, &program, "ruler_by_turtles", &at).unwrap();
    assert_eq!(answer.grundy.value(), Some(&BigUint::from(12u32)));
    assert!(!answer.winning_moves.is_empty());
    for m in &answer.winning_moves {
        let after: Vec<u64> = (m.to.heaps().iter())
            .map(|h| h.try_into().unwrap())
            .collect();
        let next = analysis(&mut analyzer, &program, "ruler_by_turtles", &after).unwrap();
        assert_eq!(next.grundy.value(), Some(&BigUint::from(0u32)), "{after:?}");
    }
}

#[test]
fn a_product_agrees_with_a_brute_force_on_every_set_of_a_3_by_3_square() {
    // Every set of heads among coins (1..=3) × (1..=3): its value by the mex
    // over the product's moves on sets, in increasing order of the set
    // read as a number (bit 3(x - 1) + (y - 1)): a move's last-in-order
    // turned coin is the head, which goes to tails.
    let ruler = Rule {
        counts: &[1, 2, 3],
        row: true,
    };
    let bit = |x: u64, y: u64| 1usize << (3 * (x - 1) + (y - 1));
    let moves = |mask: usize| -> Vec<usize> {
        let mut out = Vec::new();
        for x in 1..=3 {
            for y in 1..=3 {
                if mask & bit(x, y) == 0 {
                    continue;
                }
                for across in row_moves(&ruler, 1, x) {
                    for down in row_moves(&ruler, 1, y) {
                        let turned: usize = across
                            .iter()
                            .flat_map(|&i| down.iter().map(move |&j| bit(i, j)))
                            .sum();
                        out.push(mask ^ turned);
                    }
                }
            }
        }
        out
    };
    let mut g = vec![0u32; 1 << 9];
    // Smith's remoteness too: 0 at an end; from an N-position one more
    // than the least of its P-options'; from a P-position one more than
    // the greatest of its options'.
    let mut remoteness = vec![0u64; 1 << 9];
    for mask in 0..1usize << 9 {
        let options = moves(mask);
        let seen: BTreeSet<u32> = options.iter().map(|&m| g[m]).collect();
        g[mask] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        let to_p = options
            .iter()
            .filter(|&&m| g[m] == 0)
            .map(|&m| remoteness[m]);
        remoteness[mask] = match g[mask] {
            0 => options
                .iter()
                .map(|&m| remoteness[m] + 1)
                .max()
                .unwrap_or(0),
            _ => to_p.min().map_or(0, |r| r + 1),
        };
    }
    let pairs = |mask: usize| -> Vec<u64> {
        (1..=3u64)
            .flat_map(|x| (1..=3u64).map(move |y| (x, y)))
            .filter(|&(x, y)| mask & bit(x, y) != 0)
            .flat_map(|(x, y)| [x, y])
            .collect()
    };
    let program = load_text("products.game", PRODUCTS, &[]);
    let mut analyzer = Analyzer::new(analysis::Options {
        max_moves: usize::MAX,
        ..analysis::Options::default()
    });
    for mask in 0..1usize << 9 {
        let at = pairs(mask);
        // `{}` or pairs: the helper writes them as heads.
        let answer = analysis(&mut analyzer, &program, "rugs", &at).unwrap();
        assert_eq!(
            answer.grundy.value(),
            Some(&BigUint::from(g[mask])),
            "rugs at {at:?}"
        );
        let expected: BTreeSet<Vec<u64>> = (moves(mask).into_iter())
            .filter(|&m| g[m] == 0)
            .map(pairs)
            .collect();
        let found: BTreeSet<Vec<u64>> = (answer.winning_moves.iter())
            .map(|m| m.to.to_u64s().unwrap())
            .collect();
        assert_eq!(found, expected, "rugs at {at:?}");
        // The play from it is explored whole (9 coins): pairs kept apart.
        let steps = answer.timing.expect("remoteness on a 3 x 3 square");
        assert_eq!(steps.remoteness, remoteness[mask], "rugs at {at:?}");
    }
}

#[test]
fn a_row_of_heads_and_tails_is_its_heads() {
    let text = format!(
        "{GAMES}\ngame twins0 {{\n    coins from 0\n    turn 2 coins\n}}\n\
         analyze mock_turtles at THHTH\nanalyze mock_turtles at {{2, 3, 5}}\n\
         analyze twins0 at THHTH\nanalyze ruler at TTTT\n"
    );
    let program = load_text("coins.game", &text, &[]);
    let heads: Vec<Vec<u64>> = (program.questions.iter())
        .map(|q| q.components[0].position.to_u64s().unwrap())
        .collect();
    assert_eq!(
        heads,
        vec![vec![2, 3, 5], vec![2, 3, 5], vec![1, 2, 4], vec![]]
    );
}
