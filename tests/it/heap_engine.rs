//! The one-heap engine (`search::heaps`): published Grundy sequences, the
//! periods they are known to have, and the fast methods (rare values, proven
//! periods, windows, compiled conditions) against the plain method and an
//! independent mex over the general move generator.

use std::sync::Arc;

use super::common::{A002186, A002187, A002188, code};
use gamelang::check::check;
use gamelang::moves::MoveGen;
use gamelang::position::Position;
use gamelang::rules::Game;
use gamelang::rules::expr::EvalError;
use gamelang::search::SearchError;
use gamelang::search::heaps::{HeapValues, Method};
use gamelang::search::{Budget, Explored, Solver};
use gamelang::source::Source;
use proptest::prelude::*;

/// The first game of a source text, with its default parameters.
fn game(text: &str) -> Arc<Game> {
    let (program, errors) = check(&Source::new("test.game", text), Vec::new());
    assert!(errors.is_empty(), "{text}: {errors:?}");
    program.games[0].default.clone().expect("the game lowers")
}

fn octal(code: &str) -> Arc<Game> {
    game(&format!("game g {{\n heaps *\n octal {code}\n}}"))
}

fn file(name: &str) -> Arc<Game> {
    let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    game(&std::fs::read_to_string(path).expect("the game file exists"))
}

/// g(0..=n) by the engine with `method`, and what it explored.
fn values(game: &Game, n: u64, method: Method) -> (Vec<u32>, Explored) {
    let mut heaps = HeapValues::with_method(n as usize + 1, method);
    let explored = heaps
        .extend_to(game, &MoveGen::new(game), n, &[n])
        .expect("the values are defined");
    (heaps.values().to_vec(), explored)
}

/// g(0..=n) by the definition: the mex over every move the general move
/// generator lists, each position's value the XOR of its heaps'. Also the
/// number of moves.
fn by_definition(game: &Arc<Game>, n: u64) -> (Vec<u32>, usize) {
    let solver = Solver::new(game.clone(), usize::MAX);
    let mut values: Vec<u32> = Vec::new();
    let mut moves = 0;
    for h in 0..=n {
        let nexts = solver.moves_from(&[h]).expect("the moves are defined");
        moves += nexts.len();
        let mut seen = vec![false; nexts.len() + 1];
        for (_, next) in nexts {
            let g = next.iter().fold(0, |acc, &p| acc ^ values[p as usize]) as usize;
            if g < seen.len() {
                seen[g] = true;
            }
        }
        values.push(seen.iter().position(|&s| !s).unwrap_or(0) as u32);
    }
    (values, moves)
}

/// Every method agrees with the definition up to `small`, and with the
/// plain method up to `large`; the move counts agree too.
fn agree(game: &Arc<Game>, small: u64, large: u64) {
    let (expected, moves) = by_definition(game, small);
    for method in [Method::Plain, Method::Auto, Method::Sparse] {
        let (got, explored) = values(game, small, method);
        assert_eq!(got, expected, "{method:?} up to {small}");
        assert_eq!(explored.edges, moves, "{method:?}: moves up to {small}");
        assert_eq!(explored.positions, small as usize + 1);
    }
    let (plain, plain_explored) = values(game, large, Method::Plain);
    for method in [Method::Auto, Method::Sparse] {
        let (got, explored) = values(game, large, method);
        if let Some(n) = (0..plain.len()).find(|&n| got[n] != plain[n]) {
            panic!(
                "{method:?} differs from plain at n = {n}: {} vs {}",
                got[n], plain[n]
            );
        }
        assert_eq!(explored, plain_explored, "{method:?}: moves up to {large}");
    }
}

#[test]
fn kayles_matches_oeis_a002186() {
    let kayles = file("kayles");
    for method in [Method::Plain, Method::Auto, Method::Sparse] {
        assert_eq!(values(&kayles, 104, method).0, A002186, "{method:?}");
    }
}

#[test]
fn kayles_has_period_12_from_71_to_a_million() {
    // OEIS A002186's formula: a(n) = a(n - 12) for n >= 83, i.e. period 12
    // from n = 71 (Guy and Smith, 1956). The automatic method proves the
    // period and copies; the rare-value search finds it without copying.
    let kayles = file("kayles");
    let (g, _) = values(&kayles, 1_000_000, Method::Sparse);
    for n in 71 + 12..=1_000_000 {
        assert_eq!(g[n], g[n - 12], "n = {n}");
    }
    assert_eq!(values(&kayles, 1_000_000, Method::Auto).0, g);
    // ... and the last exception is there: a(70) = 6, a(82) = 2 (A002186).
    assert_eq!((g[70], g[82]), (6, 2));
}

/// A002187: "period 34 with the only exceptions at n = 0, 14, 16, 17, 31,
/// 34 and 51": a(n) = a(n + 34 k) for large k except at those n.
const A002187_EXCEPTIONS: [usize; 7] = [0, 14, 16, 17, 31, 34, 51];

/// The heap sizes n < `upto` whose value is not that of the period of 34
/// that holds from `tail` on.
fn exceptions_to_period_34(g: &[u32], tail: usize, upto: usize) -> Vec<usize> {
    let periodic = |n: usize| g[tail + (n + 34 * tail - tail) % 34];
    (0..upto).filter(|&n| g[n] != periodic(n)).collect()
}

#[test]
fn dawsons_chess_matches_oeis_a002187() {
    let (g, _) = values(&octal("0.137"), 100_000, Method::Auto);
    assert_eq!(g[..A002187.len()], A002187);
    // Periodic to 10^5, with A002187's exceptions only.
    for n in 52 + 34..g.len() {
        assert_eq!(g[n], g[n - 34], "n = {n}");
    }
    assert_eq!(exceptions_to_period_34(&g, 52, 200), A002187_EXCEPTIONS);
}

#[test]
fn dawsons_kayles_is_a002187_shifted() {
    // A002187's comment: "Octal game .07 (Dawson's Kayles) has values a(n-1)".
    let (g, _) = values(&file("dawson"), 100_000, Method::Auto);
    assert_eq!(g[0], 0);
    for n in 1..=A002187.len() {
        assert_eq!(g[n], A002187[n - 1], "n = {n}");
    }
    // Hence period 34 from n = 53, its exceptions A002187's moved up by one,
    // and heap 0 (which has no a(-1)).
    for n in 53 + 34..g.len() {
        assert_eq!(g[n], g[n - 34], "n = {n}");
    }
    let shifted: Vec<usize> = std::iter::once(0)
        .chain(A002187_EXCEPTIONS.iter().map(|&n| n + 1))
        .collect();
    assert_eq!(exceptions_to_period_34(&g, 53, 200), shifted);
}

#[test]
fn grundys_game_matches_oeis_a002188_and_the_plain_method() {
    let grundy = file("grundy");
    assert_eq!(values(&grundy, 104, Method::Auto).0, A002188);
    agree(&grundy, 300, 10_000);
}

#[test]
fn lasker_matches_its_formula_and_the_plain_method() {
    // Winning Ways, ch. 15: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
    // g(4k+4) = 4k+3.
    let lasker = file("lasker");
    let (g, _) = values(&lasker, 3000, Method::Auto);
    for (n, &v) in g.iter().enumerate().skip(1) {
        let expected = match n % 4 {
            1 | 2 => n,
            3 => n + 1,
            _ => n - 1,
        };
        assert_eq!(v as usize, expected, "n = {n}");
    }
    agree(&lasker, 300, 3000);
}

/// Values are kept a byte each while they fit, and the store widens as
/// they pass 255 and 65,535: Nim's g(n) = n (Bouton) crosses both, and
/// Lasker's Nim above crosses the first with splits.
#[test]
fn values_widen_as_they_grow() {
    let nim = game("game nim { heaps *\n take 1.. }");
    let mut heaps = HeapValues::new(70_001);
    heaps
        .extend_to(&nim, &MoveGen::new(&nim), 255, &[255])
        .expect("the values are defined");
    assert_eq!(heaps.values().width(), 1);
    heaps
        .extend_to(&nim, &MoveGen::new(&nim), 70_000, &[70_000])
        .expect("the values are defined");
    assert_eq!(heaps.values().width(), 4);
    assert!(heaps.values().iter().eq(0..=70_000));
}

#[test]
fn subtraction_game_has_period_7() {
    // games/subtraction.game: S = {1, 3, 4}, P exactly where n mod 7 is 0 or 2;
    // the values repeat 0, 1, 0, 1, 2, 3, 2 (mex by hand).
    let (g, _) = values(&file("subtraction"), 100_000, Method::Auto);
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(v, [0, 1, 0, 1, 2, 3, 2][n % 7], "n = {n}");
    }
}

#[test]
fn rules_of_every_form_agree_with_the_definition() {
    for text in [
        // Long ranges: a growing prefix, a sliding window, growing splits.
        "take 1..",
        "take 3..",
        "take 2..90",
        "take 1.. and split the rest into 2 heaps",
        "take 2.. and split the rest into 2 unequal nonempty heaps",
        "take 5..100 and split the rest into 2 nonempty heaps",
        // Short ranges and sets, with and without splitting the rest.
        "take {2, 5, 7}\ntake 1 and split the rest into 2 unequal heaps",
        "take 1..3 and split the rest into 2 heaps",
        "take {1, 2} and split the rest into 2 nonempty heaps",
        // Conditions on k alone (a table), and on h (evaluated per heap).
        "take 1.. where k is prime",
        "take {1, 4, 9, 16, 25} where k is odd and split the rest into 2 heaps",
        "take 1.. where 2 * k <= h",
        "take 1..20 where k divides h\nsplit into 2 unequal nonempty heaps",
        "take 1.. where h - k is square",
        // Octal codes and explicit splits together.
        "octal 4.07\nsplit into 2 nonempty heaps",
        "octal 0.6\ntake 1.. where k == h",
    ] {
        let g = game(&format!("game g {{\n heaps *\n {text}\n}}"));
        agree(&g, 120, 600);
    }
}

#[test]
fn a_failing_condition_is_reported_at_the_first_heap_it_fails() {
    for (text, at) in [
        // k = 3 divides by zero, from heap 3 on.
        ("take 1..10 where 6 / (k - 3) != 0", 3),
        ("take 1.. where 6 / (k - 3) != 0", 3),
        // h = 5 divides by zero.
        ("take 1.. where k / (h - 5) >= 0", 5),
        (
            "take {1, 2} where k / (h - 5) >= 0 and split the rest into 2 heaps",
            5,
        ),
    ] {
        let g = game(&format!("game g {{\n heaps *\n take 1\n {text}\n}}"));
        let mut heaps = HeapValues::new(1000);
        let e = heaps
            .extend_to(&g, &MoveGen::new(&g), 100, &[100])
            .expect_err("the condition fails");
        assert_eq!(code(&e), "gamelang::eval", "{text}");
        let SearchError::RuleFails {
            position, reason, ..
        } = &e
        else {
            panic!("{text}: {e:?}");
        };
        assert_eq!(
            position.position,
            Position::from_u64s(&[at as u64]),
            "{text}"
        );
        assert_eq!(**reason, EvalError::DivisionByZero, "{text}");
        assert_eq!(heaps.len(), at, "{text}");
        // The same failure from the general search, which starts at the top.
        let mut solver = Solver::new(g.clone(), 1000);
        let general = solver.value(&[at as u64]).expect_err("the condition fails");
        assert_eq!(general.to_string(), e.to_string());
    }
}

#[test]
fn the_limit_on_heap_sizes_holds() {
    let kayles = file("kayles");
    let mut heaps = HeapValues::new(100);
    let moves = MoveGen::new(&kayles);
    assert!(heaps.extend_to(&kayles, &moves, 99, &[99]).is_ok());
    let e = heaps.extend_to(&kayles, &moves, 100, &[100]).unwrap_err();
    assert_eq!(code(&e), "gamelang::search::too_large");
    assert_eq!(heaps.len(), 100);
}

#[test]
fn progress_is_reported_every_4096_heap_sizes() {
    let g = file("subtraction");
    let mut heaps = HeapValues::new(1 << 20);
    let mut calls = Vec::new();
    heaps
        .extend_to_with(
            &g,
            &MoveGen::new(&g),
            20_000,
            &[20_000],
            &mut Budget::unlimited(),
            &mut |done| calls.push(done),
        )
        .unwrap();
    assert_eq!(calls, [4096, 8192, 12_288, 16_384]);
}

/// An octal code: digit 0 is 0 or 4, then one to four digits.
fn octal_code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u8), Just(4)],
        prop::collection::vec(0u8..8, 1..=4),
    )
        .prop_filter("some move", |(first, digits)| {
            *first != 0 || digits.iter().any(|&d| d != 0)
        })
        .prop_map(|(first, digits)| {
            let after: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            format!("{first}.{after}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn octal_games_agree_with_the_plain_method(code in octal_code()) {
        agree(&octal(&code), 80, 2500);
    }

    #[test]
    fn take_and_split_agrees_with_the_plain_method(
        amounts in prop::collection::btree_set(1u64..6, 1..=3),
        unequal in any::<bool>(),
        nonempty in any::<bool>(),
        also_split in any::<bool>(),
    ) {
        let amounts: Vec<String> = amounts.iter().map(u64::to_string).collect();
        let flags = format!(
            "{}{}",
            if unequal { "unequal " } else { "" },
            if nonempty { "nonempty " } else { "" }
        );
        let split = if also_split { "\n split into 2 unequal nonempty heaps" } else { "" };
        let g = game(&format!(
            "game g {{\n heaps *\n take {{{}}} and split the rest into 2 {flags}heaps{split}\n}}",
            amounts.join(", ")
        ));
        agree(&g, 80, 2500);
    }
}

/// The analyzer's answer for `heaps` of games/`name`.game, its search
/// limited to `max_positions` heap sizes.
fn analyzed(
    name: &str,
    heaps: &[num_bigint::BigUint],
    max_positions: usize,
) -> gamelang::analysis::Answer {
    use gamelang::analysis::{Analyzer, Options};
    use gamelang::check::{Instance, Question};
    let game = file(name);
    let mut analyzer = Analyzer::new(Options {
        search: gamelang::search::Options {
            max_positions,
            ..gamelang::search::Options::default()
        },
        max_moves: 100_000,
        ..Options::default()
    });
    analyzer
        .analyze(&Question::sum(vec![Instance::new(
            game,
            Position(heaps.to_vec()),
        )]))
        .expect("an answer")
}

#[test]
fn a_heap_too_large_to_search_is_answered_from_the_proven_period() {
    use gamelang::analysis::{ComponentMethod, Grundy};
    use num_bigint::BigUint;
    // Kayles has period 12 from 71 (Guy and Smith 1956; OEIS A002186), and
    // for large n g(n) runs 4 1 2 8 1 4 7 2 1 8 2 7 by n mod 12 (A002186's
    // a(72)..a(83)). 10^30 = 4 (mod 12), so g(10^30) = 1.
    let huge = BigUint::from(10u32).pow(30);
    let answer = analyzed("kayles", &[huge], 1_000_000);
    assert_eq!(answer.grundy, Grundy::Value(BigUint::from(1u32)));
    assert!(
        matches!(&answer.method.components[0], ComponentMethod::Period { period } if period.period == 12 && period.preperiod == 71),
        "{:?}",
        answer.method
    );
    // With the search limited to 1000 heap sizes, every heap from 1000 to
    // 3000 is answered from the period, and agrees with a full search.
    let (g, _) = values(&file("kayles"), 3000, Method::Plain);
    for n in (1000..=3000).step_by(7) {
        let answer = analyzed("kayles", &[BigUint::from(n as u64)], 1000);
        assert_eq!(answer.grundy, Grundy::Value(BigUint::from(g[n])), "n = {n}");
        assert!(
            matches!(answer.method.components[0], ComponentMethod::Period { .. }),
            "n = {n}"
        );
    }
}

#[test]
fn the_winning_moves_of_a_heap_past_the_search_are_read_off_the_period() {
    use gamelang::analysis::{Count, Grundy};
    use num_bigint::BigUint;
    use std::collections::HashSet;
    // Kayles (period 12 from 71, Guy and Smith 1956). With the search
    // limited to 1000 heap sizes, heaps of 1000 to 1100 are answered from
    // the period; every winning move listed must be one the full search
    // finds, and the count is the full search's.
    let full = |n: u64| -> HashSet<Vec<BigUint>> {
        let answer = analyzed("kayles", &[BigUint::from(n)], 10_000_000);
        answer
            .winning_moves
            .iter()
            .map(|m| m.to.heaps().to_vec())
            .collect()
    };
    for n in (1000..1100u64).step_by(3) {
        let by_period = analyzed("kayles", &[BigUint::from(n)], 1000);
        let everything = full(n);
        for m in &by_period.winning_moves {
            let mut to = m.to.heaps().to_vec();
            to.sort();
            let found = everything.iter().any(|e| {
                let mut e = e.clone();
                e.sort();
                e == to
            });
            assert!(found, "n = {n}: {:?} is not a winning move", m.to);
        }
        // Kayles is an octal game: its winning moves, splits too, are
        // counted exactly from the period, as the full search counts them.
        let searched = analyzed("kayles", &[BigUint::from(n)], 10_000_000);
        assert_eq!(
            by_period.winning_move_count, searched.winning_move_count,
            "n = {n}"
        );
        assert!(
            matches!(by_period.winning_move_count, Count::Exact(_)),
            "n = {n}"
        );
    }
    // At 10^30 each listed move leaves a P-position, by the period again.
    let huge = BigUint::from(10u32).pow(30);
    let answer = analyzed("kayles", &[huge], 1_000_000);
    assert!(!answer.winning_moves.is_empty());
    for m in &answer.winning_moves {
        let after = analyzed("kayles", m.to.heaps(), 1_000_000);
        assert_eq!(
            after.grundy,
            Grundy::Value(BigUint::from(0u32)),
            "{:?}",
            m.to
        );
    }
}

/// Grundy values of the octal game `digits` (digit j for removing j tokens)
/// up to `top`, by the definition: a plain mex, written here on its own.
fn octal_values(digits: &[u8], top: usize) -> Vec<u32> {
    let mut g = vec![0u32; top + 1];
    for n in 0..=top {
        let mut seen = vec![false; 2 * n + 4];
        for (j, &d) in digits.iter().enumerate().filter(|&(j, _)| j <= n) {
            let rest = n - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 && j > 0 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    seen[(g[a] ^ g[rest - a]) as usize] = true;
                }
            }
        }
        g[n] = seen.iter().position(|s| !s).unwrap_or(0) as u32;
    }
    g
}

/// The moves from heap `n` to parts of value `want`, by the definition.
fn octal_moves_to(digits: &[u8], g: &[u32], n: usize, want: u32) -> u64 {
    let mut count = 0;
    for (j, &d) in digits.iter().enumerate().filter(|&(j, _)| j <= n) {
        let rest = n - j;
        count += u64::from(d & 1 != 0 && rest == 0 && j > 0 && want == 0);
        count += u64::from(d & 2 != 0 && rest > 0 && j > 0 && g[rest] == want);
        if d & 4 != 0 {
            count += (1..=rest / 2)
                .filter(|&a| g[a] ^ g[rest - a] == want)
                .count() as u64;
        }
    }
    count
}

#[test]
fn winning_moves_of_heaps_past_the_search_are_counted_exactly_from_the_period() {
    // Kayles 0.77, Dawson's Kayles 0.07 and Dawson's chess 0.137: heaps
    // past a search limit of 300 are answered from the proven period, and
    // their winning moves, splits included, counted from it. Each count
    // equals the definition's, alone and beside a small heap.
    use gamelang::analysis::{Analyzer, Count, Options};
    let mut split_moves = 0;
    for (code, digits) in [
        ("0.77", &[0u8, 7, 7][..]),
        ("0.07", &[0, 0, 7]),
        ("0.137", &[0, 1, 3, 7]),
    ] {
        let g = octal_values(digits, 900);
        for n in (400..900).step_by(7) {
            for beside in [None, Some(5usize)] {
                let position = match beside {
                    None => n.to_string(),
                    Some(b) => format!("({n}, {b})"),
                };
                let text = format!("game g {{ heaps *; octal {code} }}\nanalyze g at {position}\n");
                let program = super::common::load_text("octal.game", &text, &[]);
                let mut analyzer = Analyzer::new(Options {
                    search: gamelang::search::Options {
                        max_positions: 300,
                        ..Default::default()
                    },
                    ..Options::default()
                });
                let answer = analyzer.analyze(&program.questions[0]).expect("answered");
                let total = g[n] ^ beside.map_or(0, |b| g[b]);
                let expected = match beside {
                    None => octal_moves_to(digits, &g, n, 0),
                    Some(b) => {
                        octal_moves_to(digits, &g, n, g[b]) + octal_moves_to(digits, &g, b, g[n])
                    }
                };
                let expected = if total == 0 { 0 } else { expected };
                assert!(
                    format!("{:?}", answer.method).contains("Period"),
                    "{:?}",
                    answer.method
                );
                split_moves += expected;
                assert_eq!(
                    answer.winning_move_count,
                    Count::Exact(expected.into()),
                    "{code} at {position}: {:?}",
                    answer.method
                );
            }
        }
    }
    // Most of them are splits: thousands, not the handful a small heap has.
    assert!(split_moves > 10_000, "{split_moves}");
}

#[test]
fn treblecross_split_over_two_threads_matches_the_definition() {
    // Treblecross (0.007) has values past 64 early, and rare values stay a
    // quarter of all or more up to 32,768 heaps, so past 8192 the engine
    // marks each heap's splits plainly, half on each of two threads (when
    // the machine has two); the forced rare-value search never does.
    let top = 20_000;
    let expected = octal_values(&[0, 0, 0, 7], top);
    for method in [Method::Plain, Method::Auto, Method::Sparse] {
        let (got, _) = values(&octal("0.007"), top as u64, method);
        assert!(got == expected, "{method:?} differs from the definition");
    }
}

/// Gangolli and Plambeck (1989) found that 0.16 is ultimately periodic,
/// with period 149,459 and last exceptional value at heap 105,350. A heap
/// of 10^30 is answered from it: the values are computed to 2^16, then
/// twice as far each time, until the Guy–Smith theorem proves the period
/// (509,622 values here), all within the default limit of 5·10^6.
#[test]
fn octal_0_16_has_gangolli_and_plambecks_period_found_from_its_rules() {
    use gamelang::analysis::{Analyzer, ComponentMethod};
    use gamelang::driver::load;
    let text = "game g { heaps *; octal 0.16 }\nanalyze g at 1000000000000000000000000000000\n";
    let program = load(&Source::new("g.game", text), &[] as &[&str]).expect("checks");
    let answer = Analyzer::default()
        .analyze(&program.questions[0])
        .expect("answered");
    let [ComponentMethod::Period { period }] = answer.method.components.as_slice() else {
        panic!("answered from a period: {:?}", answer.method)
    };
    assert_eq!((period.period, period.preperiod), (149_459, 105_351));
    assert!(period.is_proven());
}
