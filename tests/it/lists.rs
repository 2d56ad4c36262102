//! List parameters (`T = [3, 1, 4]`): indexed `T[i]` from 1 and measured
//! `len(T)` in conditions and move blocks, given in the file, in `analyze`
//! and by `--set`; each game against a brute force or a theorem.

use gamelang::analysis::{Analyzer, Outcome};
use num_bigint::BigUint;

use super::asked::{analysis, answer};
use super::common::{all_positions, code, load_text};

/// g(n) of a one-heap subtraction game whose amounts at a heap of n are
/// those `allowed(n, k)` says, by the mex definition.
fn grundy(top: u64, allowed: impl Fn(u64, u64) -> bool) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=top {
        let mut seen = vec![false; n as usize + 2];
        for k in 1..=n {
            if allowed(n, k) {
                seen[g[(n - k) as usize] as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

const CYCLE: &str = "game cycle(T = [1, 2, 3]) {
    heaps 1
    take k where k <= T[h % 3 + 1]
}";

#[test]
fn an_item_read_in_a_condition_agrees_with_the_definition() {
    for (sets, t) in [
        (vec![], [1u64, 2, 3]),
        (vec!["T=[3, 1, 2]"], [3, 1, 2]),
        (vec!["T=[5,5,1]"], [5, 5, 1]),
    ] {
        let program = load_text("cycle.game", CYCLE, &sets);
        let expected = grundy(60, |n, k| k <= t[(n % 3) as usize]);
        let mut analyzer = Analyzer::default();
        for n in 0..=60 {
            let a = answer(&mut analyzer, &program, "cycle", &[n]);
            assert_eq!(
                a.grundy.value(),
                Some(&BigUint::from(expected[n as usize])),
                "g({n}) with T = {t:?}"
            );
        }
    }
}

/// `len(T)` is the list's length: `take k where k <= len(T)` is Bash with
/// m = len(T), P iff n ≡ 0 (mod m + 1) (Bouton; seeds 000–003).
#[test]
fn the_length_of_a_list_is_a_number() {
    let text = "game b(T = [7, 7, 7]) { heaps 1; take k where k <= len(T) }";
    for (sets, m) in [
        (vec![], 3u64),
        (vec!["T=[]"], 0),
        (vec!["T=[1,1,1,1,1]"], 5),
    ] {
        let program = load_text("b.game", text, &sets);
        let mut analyzer = Analyzer::default();
        for n in 0..=30 {
            let a = answer(&mut analyzer, &program, "b", &[n]);
            let p = m == 0 || n % (m + 1) == 0;
            assert_eq!(a.outcome == Outcome::P, p, "n = {n}, m = {m}");
        }
    }
}

/// A block that reads `T[i]` for the chosen heap: heap i loses at most
/// T[i] a move, so the game is a sum of Bash games and is P iff the XOR of
/// the h_i mod (T[i] + 1) is 0 (Sprague-Grundy; Bash's values, seeds 003).
#[test]
fn an_item_read_in_a_move_block_at_a_chosen_index() {
    let text = "game capped(T = [1, 2, 3]) {
    heaps 3
    move take {
        choose i in 1..len
        choose k in 1..min(h[i], T[i])
        h[i] -= k
    }
}";
    let program = load_text("capped.game", text, &[]);
    let mut analyzer = Analyzer::default();
    for heaps in all_positions(3, 5) {
        let a = answer(&mut analyzer, &program, "capped", &heaps);
        let xor = (heaps[0] % 2) ^ (heaps[1] % 3) ^ (heaps[2] % 4);
        assert_eq!(a.outcome == Outcome::P, xor == 0, "{heaps:?}");
    }
}

/// An index past the list is an error at the position that reaches it,
/// naming the list and its length.
#[test]
fn an_index_past_the_list_is_an_error() {
    let text = "game b(T = [1, 2]) { heaps 1; take k where k <= T[h] }";
    let program = load_text("b.game", text, &[]);
    let e = analysis(&mut Analyzer::default(), &program, "b", &[5]).expect_err("T[3]");
    assert_eq!(code(&e), "gamelang::eval");
    assert!(
        e.to_string()
            .contains("T[3] does not exist: the list T has 2 items"),
        "{e}"
    );
}

/// A list where a number is wanted, an index on what is no list, and a
/// value of the wrong kind are each a `wrong_kind` error.
#[test]
fn lists_and_numbers_are_not_mixed() {
    let wrong = |text: &str, sets: &[&str]| {
        let source = gamelang::source::Source::new("w.game", text);
        let errors = gamelang::driver::load(&source, sets).expect_err("refused");
        errors
            .iter()
            .map(|e| (e.code(), e.to_string()))
            .collect::<Vec<_>>()
    };
    let errors = wrong("game g(T = [1]) { heaps 1; take k where k <= T }", &[]);
    assert_eq!(errors[0].0, "gamelang::check::wrong_kind");
    assert!(
        errors[0]
            .1
            .contains("`T` is a list, and a number is needed here")
    );
    let errors = wrong("game g(S = {1}) { heaps 1; take k where k <= S[1] }", &[]);
    assert!(
        errors[0].1.contains("`S` is a set, so it has no items"),
        "{errors:?}"
    );
    let errors = wrong(
        "game g(T = [1]) { heaps 1; take k where k <= T[1] }",
        &["T=3"],
    );
    assert!(
        errors[0]
            .1
            .contains("`T` is a list of numbers, but this is a number"),
        "{errors:?}"
    );
    let errors = wrong("game g(m = 1) { heaps 1; take 1..m }", &["m=[1, 2]"]);
    assert!(
        errors[0].1.contains("`m` is a number, but this is a list"),
        "{errors:?}"
    );
}

#[test]
fn a_long_list_or_set_is_written_shortened_in_a_game_s_title() {
    let items: Vec<String> = (1..=20).map(|i| i.to_string()).collect();
    let text = format!(
        "game g(T = [{}], S = {{{}}}) {{\n    heaps 1\n    take S\n}}\nanalyze g at 3\n",
        items.join(", "),
        items.join(", ")
    );
    let program = load_text("long.game", &text, &[]);
    let title = program.questions[0].components[0].game.title();
    let first: Vec<&str> = items.iter().take(16).map(String::as_str).collect();
    let shown = format!("{}, … (20 items)", first.join(", "));
    assert_eq!(title, format!("g(T = [{shown}], S = {{{shown}}})"));
    // Short ones are written whole.
    let program = load_text("short.game", CYCLE, &[]);
    let game = &program.games[0].default.clone().expect("lowered");
    assert_eq!(game.title(), "cycle(T = [1, 2, 3])");
}
