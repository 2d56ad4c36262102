//! Tables of values and their periods (`gamelang table`), checked against
//! seed 002's table and the periods published for octal games.

use crate::common::load;
use gamelang::period::Period;
use gamelang::search::{Options, Value};
use gamelang::table::{Shape, Table, table};

fn table_of(game: &str, upto: u64) -> Table {
    let program = load(game, &[]);
    let game = program
        .game(game)
        .and_then(|entry| entry.default.clone())
        .expect("the game checks");
    table(&game, upto, Options::default(), &mut |_, _| {}).expect("the table is computed")
}

fn one_heap(table: &Table) -> (Vec<u32>, Option<Period>) {
    match &table.shape {
        Shape::OneHeap { values, period, .. } => (
            values
                .iter()
                .map(|v| match v {
                    Value::Grundy(g) => *g,
                    Value::Misere { .. } => panic!("normal play"),
                })
                .collect(),
            period.clone(),
        ),
        Shape::Grid { .. } => panic!("a one-heap table"),
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
        (period.period, period.preperiod, period.proven),
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
        (period.period, period.preperiod, period.proven),
        (12, 71, true)
    );
    // Too short a table cannot reach the Guy-Smith range: no proof claimed.
    let (_, period) = one_heap(&table_of("kayles", 120));
    assert!(period.is_none_or(|p| !p.proven));
}

#[test]
fn dawsons_kayles_has_period_34_proven() {
    // OEIS A002187 (Dawson's chess, 0.137): period 34, last exception at
    // n = 51; Dawson's Kayles 0.07 has values a(n - 1), so from n = 53.
    let (_, period) = one_heap(&table_of("dawson", 400));
    let period = period.expect("a period");
    assert_eq!(
        (period.period, period.preperiod, period.proven),
        (34, 53, true)
    );
}

#[test]
fn grundys_game_claims_no_period() {
    // OEIS A002188: no period is known for Grundy's game.
    let (_, period) = one_heap(&table_of("grundy", 3000));
    assert!(period.is_none_or(|p| !p.proven));
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
    assert!(period.is_none_or(|p| !p.proven));
}

#[test]
fn two_heap_games_give_a_grid() {
    // Wythoff's P-positions (seed 000): (0, 0), (1, 2), (3, 5), (4, 7).
    let t = table_of("wythoff", 7);
    let Shape::Grid { values } = &t.shape else {
        panic!("a grid")
    };
    let p: Vec<(usize, usize)> = (0..=7)
        .flat_map(|a| (0..=7).map(move |b| (a, b)))
        .filter(|&(a, b)| values[a][b].is_p())
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
