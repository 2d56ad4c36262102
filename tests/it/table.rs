//! Tables of values and their periods (`gamelang table`), checked against
//! seed 002's table and the periods published for octal games.

use super::common::{load, load_text};
use gamelang::analysis::Analyzer;
use gamelang::analysis::table::{Cell, Shape, Table};
use gamelang::moves::MoveGen;
use gamelang::period::Period;
use gamelang::search::Value;
use gamelang::search::heaps::{HeapValues, Method};
use proptest::prelude::*;

fn table_of(game: &str, upto: u64) -> Table {
    let program = load(game, &[]);
    let game = program
        .game(game)
        .and_then(|entry| entry.default.clone())
        .expect("the game checks");
    (Analyzer::default().table(&game, &upto.into(), None, &mut |_| {}))
        .expect("the table is computed")
}

fn table_of_text(text: &str, upto: u64) -> Table {
    let program = load_text("test.game", text, &[]);
    let game = program.games[0].default.clone().expect("the game lowers");
    (Analyzer::default().table(&game, &upto.into(), None, &mut |_| {}))
        .expect("the table is computed")
}

fn one_heap(table: &Table) -> (Vec<u32>, Option<Period>) {
    match &table.shape {
        Shape::OneHeap { values, period, .. } => (
            values
                .iter()
                .map(|v| match v {
                    Some(Cell::Value(Value::Grundy(g))) => g,
                    Some(_) => panic!("normal play, a game that ends"),
                    None => panic!("every heap is a position"),
                })
                .collect(),
            period.clone(),
        ),
        Shape::Grid { .. } | Shape::Box { .. } | Shape::Partizan { .. } => {
            panic!("a one-heap table")
        }
    }
}

#[test]
fn subtraction_1_3_4_matches_seed_002() {
    // Seed 002's table for S = {1, 3, 4}:
    //        X: 0 1 2 3 4 5 6 7 8 9 10 11 12
    // Position: P N P N N N N P N P N  N  N
    let seed = "PNPNNNNPNPNNN";
    let t = table_of("subtraction", 12);
    let (values, _) = one_heap(&t);
    let row: String = values
        .iter()
        .map(|&g| if g == 0 { 'P' } else { 'N' })
        .collect();
    assert_eq!(row, seed);
    // And the period the seed states: P iff n mod 7 is 0 or 2, proven.
    let (_, period) = one_heap(&table_of("subtraction", 100));
    let period = period.expect("a period");
    assert_eq!(
        (period.period, period.preperiod, period.is_proven()),
        (7, 0, true)
    );
    let text = gamelang::report::table_text(&table_of("subtraction", 100));
    assert!(text.contains("P-positions: n mod 7 in {0, 2}"), "{text}");
}

#[test]
fn kayles_has_period_12_from_71_proven() {
    // OEIS A002186: "From n=71 on, the sequence is periodic with period 12."
    let (_, period) = one_heap(&table_of("kayles", 400));
    let period = period.expect("a period");
    assert_eq!(
        (period.period, period.preperiod, period.is_proven()),
        (12, 71, true)
    );
    // Too short a table cannot reach the Guy-Smith range: no proof claimed.
    let (_, period) = one_heap(&table_of("kayles", 120));
    assert!(period.is_none_or(|p| !p.is_proven()));
}

#[test]
fn the_engines_proof_is_the_one_the_table_would_make() {
    // At 256 values the one-heap engine proves Kayles' period (12 from 71,
    // Guy and Smith 1956) and copies the rest; the table of 400 reports the
    // same proof, certificate included, as its own check of the values finds.
    // (That the table takes it from the engine, not recomputing it, shows in
    // its code, not here: the two proofs are equal by construction.)
    let program = load("kayles", &[]);
    let game = program
        .game("kayles")
        .and_then(|entry| entry.default.clone())
        .expect("the game checks");
    let mut solver = gamelang::search::Solver::new(game.clone(), 1000);
    solver.value(&[400]).expect("the values are defined");
    let engine = solver.period().cloned().expect("a proven period");
    let (values, period) = one_heap(&table_of("kayles", 400));
    assert_eq!(period.as_ref(), Some(&engine));
    let own = gamelang::period::find(&values, gamelang::period::classify(&game));
    assert_eq!(own.as_ref(), Some(&engine));
}

#[test]
fn dawsons_kayles_has_period_34_proven() {
    // OEIS A002187 (Dawson's chess, 0.137): period 34, last exception at
    // n = 51; Dawson's Kayles 0.07 has values a(n - 1), so from n = 53.
    let (_, period) = one_heap(&table_of("dawson", 400));
    let period = period.expect("a period");
    assert_eq!(
        (period.period, period.preperiod, period.is_proven()),
        (34, 53, true)
    );
}

#[test]
fn grundys_game_claims_no_period() {
    // OEIS A002188: no period is known for Grundy's game.
    let (_, period) = one_heap(&table_of("grundy", 3000));
    assert!(period.is_none_or(|p| !p.is_proven()));
}

#[test]
fn lasker_table_matches_its_closed_form() {
    // Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
    // g(4k+4) = 4k+3 (Winning Ways, ch. 15).
    let (values, period) = one_heap(&table_of("lasker", 200));
    for (n, g) in values.into_iter().enumerate() {
        let expected = match n % 4 {
            _ if n == 0 => 0,
            1 | 2 => n,
            3 => n + 1,
            _ => n - 1,
        };
        assert_eq!(g as usize, expected, "n = {n}");
    }
    assert!(period.is_none_or(|p| !p.is_proven()));
}

/// The same formula is an arithmetic period: g(n + 4) = g(n) + 4 from
/// n = 1 (g(0) = 0 but g(4) = 3), which the table reports as seen.
#[test]
fn lasker_table_reports_its_arithmetic_period() {
    let table = table_of("lasker", 200);
    let Shape::OneHeap { period, saltus, .. } = &table.shape else {
        panic!("one heap")
    };
    assert_eq!(*period, None);
    let saltus = saltus.as_ref().expect("an arithmetic period");
    assert_eq!(
        (
            saltus.period,
            saltus.saltus,
            saltus.preperiod,
            saltus.checked.clone()
        ),
        (4, 4, 1, 1..197)
    );
    // A game with an ordinary period (Kayles, period 12) reports none.
    let kayles = table_of("kayles", 200);
    let Shape::OneHeap { period, saltus, .. } = &kayles.shape else {
        panic!("one heap")
    };
    assert!(period.is_some() && saltus.is_none());
}

#[test]
fn two_heap_games_give_a_grid() {
    // Wythoff's P-positions (seed 000): (0, 0), (1, 2), (3, 5), (4, 7).
    let t = table_of("wythoff", 7);
    let Shape::Grid { values, .. } = &t.shape else {
        panic!("a grid")
    };
    let p: Vec<(usize, usize)> = (0..=7)
        .flat_map(|a| (0..=7).map(move |b| (a, b)))
        .filter(|&(a, b)| values[a][b].as_ref().is_some_and(Cell::is_p))
        .collect();
    assert_eq!(p, [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]);
}

#[test]
fn json_has_the_period_fields() {
    let json = gamelang::report::table_json(&table_of("subtraction", 30));
    assert_eq!(json["period"], 7);
    assert_eq!(json["preperiod"], 0);
    assert_eq!(json["proven"], true);
    assert!(
        json["certificate"]
            .as_str()
            .is_some_and(|c| c.contains("window"))
    );
    assert_eq!(json["values"].as_array().map(Vec::len), Some(31));
}

#[test]
fn a_last_digit_that_moves_unlike_larger_heaps_widens_the_window() {
    // Octal 0.02: take 2, leaving a nonempty heap. g = 0, 0, 0, 1, 1, 0, 0,
    // 1, 1, ...: heap 2 has no move, heap 3 has one, so g(0..3) = 0 proves
    // no period 1; the window is 3 values wide, not 2.
    let octal = "game g { heaps *; octal 0.02 }";
    let (values, period) = one_heap(&table_of_text(octal, 2));
    assert_eq!(values, [0, 0, 0]);
    assert!(period.is_none_or(|p| !p.is_proven()));
    // Likewise 0.2, take 1 leaving a nonempty heap: g = 0, 0, 1, 0, 1, ...
    let (values, period) = one_heap(&table_of_text("game g { heaps *; octal 0.2 }", 1));
    assert_eq!(values, [0, 0]);
    assert!(period.is_none_or(|p| !p.is_proven()));
    let (_, period) = one_heap(&table_of_text(octal, 40));
    let period = period.expect("a period");
    assert_eq!(
        (period.period, period.preperiod, period.is_proven()),
        (4, 1, true)
    );
}

/// An octal code: digit 0 is 0 or 4, then one or two digits.
fn octal_code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u8), Just(4)],
        prop::collection::vec(0u8..8, 1..=2),
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
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_proven_period_holds_past_the_table(
        code in octal_code(),
        upto in prop_oneof![0u64..4, 0u64..40],
    ) {
        let text = format!("game g {{ heaps *; octal {code} }}");
        let (_, period) = one_heap(&table_of_text(&text, upto));
        if let Some(period) = period.filter(|p| p.is_proven()) {
            let program = load_text("test.game", &text, &[]);
            let game = program.games[0].default.clone().expect("the game lowers");
            let mut heaps = HeapValues::with_method(601, Method::Plain);
            heaps
                .extend_to(&game, &MoveGen::new(&game), 600, &[600])
                .expect("the values are defined");
            let g = heaps.values().to_vec();
            let (e, p) = (period.preperiod, period.period);
            for n in e..g.len() - p {
                prop_assert_eq!(g[n + p], g[n], "{}: period {} from {} fails at {}", code, p, e, n);
            }
        }
    }
}

#[test]
fn heaps_that_break_the_invariant_are_no_positions_in_a_table() {
    // Empty-and-divide keeps both boxes nonempty (`each >= 1`): a row and a
    // column of zeros are not positions; (1, 1) is the end, P (seed 002:
    // P iff both boxes are odd).
    let t = table_of("empty_and_divide", 4);
    let Shape::Grid { values, .. } = &t.shape else {
        panic!("a grid")
    };
    for (a, row) in values.iter().enumerate() {
        for (b, value) in row.iter().enumerate() {
            match value {
                None => assert!(a == 0 || b == 0, "({a}, {b})"),
                Some(v) => assert_eq!(v.is_p(), a % 2 == 1 && b % 2 == 1, "({a}, {b})"),
            }
        }
    }
    assert!(
        values[0]
            .iter()
            .chain(values.iter().map(|row| &row[0]))
            .all(Option::is_none)
    );
    let text = gamelang::report::table_text(&t);
    assert!(text.contains("    0 · · · · ·"), "{text}");
}

/// A table tells how far it got: heaps done of all, and the largest value
/// so far (for the progress bar: values a second and the largest value).
#[test]
fn a_table_reports_its_progress_with_the_largest_value_so_far() {
    let program = load("kayles", &[]);
    let game = (program
        .game("kayles")
        .and_then(|entry| entry.default.clone()))
    .expect("the game checks");
    let mut seen = Vec::new();
    let table = (Analyzer::default().table(&game, &20_000u64.into(), None, &mut |p| {
        seen.push((p.done, p.total, p.largest, p.last));
        // Kayles is valued by the one-heap engine: its values come along.
        let values = p.values.expect("the engine's values");
        assert!(values.len() as u64 > p.done);
    }))
    .expect("the table is computed");
    let (values, _) = one_heap(&table);
    let done: Vec<u64> = seen.iter().map(|p| p.0).collect();
    assert_eq!(
        done,
        [0, 4096, 8192, 12288, 16384, 20_000],
        "every 4096 heaps, and the last"
    );
    for &(done, total, largest, last) in &seen {
        assert_eq!(total, 20_000);
        assert_eq!(
            largest,
            values[..=done as usize].iter().max().copied(),
            "at {done}"
        );
        assert_eq!(last, done == 20_000);
    }
}

#[test]
fn a_table_of_three_heaps_or_more_holds_every_position_of_its_box() {
    // Nim of three heaps by `--heaps`, each 0 to 4: the XOR (Bouton 1901).
    let program = load_text("nim.game", "game nim { heaps *; take 1.. }", &[]);
    let nim = program.games[0].default.clone().expect("the game lowers");
    let table = Analyzer::default()
        .table(&nim, &4u64.into(), Some(3), &mut |_| {})
        .expect("the table is computed");
    let Shape::Box {
        heaps: 3,
        side: 5,
        values,
    } = &table.shape
    else {
        panic!("a box of three heaps, each 0 to 4: {:?}", table.shape);
    };
    for (i, v) in values.iter().enumerate() {
        let (a, b, c) = (i / 25, i / 5 % 5, i % 5);
        assert_eq!(
            v.as_ref().and_then(Cell::grundy),
            Some((a ^ b ^ c) as u32),
            "({a}, {b}, {c})"
        );
    }
    // A game of four heaps with an invariant: the positions outside it
    // have no cell; the others, the values of the plain definition.
    let text =
        "game sorted { heaps 4 where h[1] <= h[2] and h[2] <= h[3] and h[3] <= h[4]; take 1.. }";
    let program = load_text("sorted.game", text, &[]);
    let sorted = program.games[0].default.clone().expect("the game lowers");
    let table = Analyzer::default()
        .table(&sorted, &2u64.into(), None, &mut |_| {})
        .expect("the table is computed");
    let Shape::Box {
        heaps: 4,
        side: 3,
        values,
    } = &table.shape
    else {
        panic!("a box of four heaps, each 0 to 2: {:?}", table.shape);
    };
    // The plain definition: g is the mex of the moves' values, a move
    // taking from one heap and keeping the order.
    fn g(p: [usize; 4], memo: &mut std::collections::HashMap<[usize; 4], u32>) -> u32 {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let mut seen = std::collections::HashSet::new();
        for i in 0..4 {
            for k in 1..=p[i] {
                let mut q = p;
                q[i] -= k;
                if q.windows(2).all(|w| w[0] <= w[1]) {
                    seen.insert(g(q, memo));
                }
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).expect("a mex");
        memo.insert(p, v);
        v
    }
    let mut memo = std::collections::HashMap::new();
    for (i, v) in values.iter().enumerate() {
        let p = [i / 27, i / 9 % 3, i / 3 % 3, i % 3];
        let sorted = p.windows(2).all(|w| w[0] <= w[1]);
        let want = sorted.then(|| g(p, &mut memo));
        assert_eq!(v.as_ref().and_then(Cell::grundy), want, "{p:?}");
    }
}

/// A one-heap game whose rule reads a list by the heap (`v[h[i]]`, three
/// items): the one-heap engine stops at heap 4, and the table values the
/// heaps one by one instead, the first four by the mex rule (heap n takes
/// 1 to min(n, v[n]) = n: g(n) = n) and the rest blank, counted.
#[test]
fn a_one_heap_table_past_a_failing_rule_leaves_those_heaps_blank() {
    let text = "game g(v = [1, 2, 3]) {
        heaps *
        move m { choose i in 1..len; choose k in 1..h[i]; require k <= v[h[i]]; h[i] -= k }
    }";
    let program = load_text("blank.game", text, &[]);
    let game = program.games[0].default.clone().expect("lowered");
    let upto = num_bigint::BigUint::from(6u32);
    let mut analyzer = Analyzer::default();
    let table = analyzer
        .table(&game, &upto, None, &mut |_| {})
        .expect("a table");
    let Shape::OneHeap { values, .. } = &table.shape else {
        panic!("one heap: {:?}", table.shape);
    };
    for n in 0..=6u32 {
        let expected = (n <= 3).then_some(Cell::Value(Value::Grundy(n)));
        assert_eq!(values.get(n as usize), expected, "{n}");
    }
    let undefined = table.undefined.as_ref().expect("blanks");
    assert_eq!(undefined.count, 3);
    assert!(undefined.first.to_string().contains("v[4] does not exist"));
    // The analyzer's own search is left as it was: a heap is answered as a
    // sum of one-heap games still.
    let answer = super::asked::answer(&mut analyzer, &program, "g", &[3, 2]);
    assert!(
        matches!(
            answer.method.components[0],
            gamelang::analysis::ComponentMethod::Search {
                decomposition: gamelang::analysis::Decomposition::Heaps,
                ..
            }
        ),
        "{:?}",
        answer.method
    );
}
