//! The facts of the seed notes the project was started from (each test
//! names the note, "seed 002", beside the published source of the fact:
//! Bouton, Wythoff, Ferguson), each answered by gamelang on the example
//! games and compared with the rule stated.

use super::asked::answer;
use super::common::{WYTHOFF_P, all_positions, is_p, load};
use gamelang::analysis::{Analyzer, Grundy, Outcome};
use gamelang::position::Position;

#[test]
fn bash_21_take_1_to_3_is_won_by_taking_1() {
    // Seed 002 (and Ferguson, Game Theory I, §1.1): 21 stones, take 1-3:
    // the first player wins; the only winning move leaves 20, a multiple
    // of 4.
    let program = load("bash", &[]);
    let a = answer(&mut Analyzer::default(), &program, "bash", &[21]);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].to, Position::from_u64s(&[20]));
    let text = gamelang::report::text(&a, &|_| None);
    assert!(text.contains("    take 1 → 20   [take 1..m]\n"), "{text}");
}

#[test]
fn bash_is_p_exactly_at_multiples_of_m_plus_1() {
    // Seeds 000 and 001 (Bash; Ferguson §1.1): the mover loses iff n is a
    // multiple of m + 1.
    for m in 1..=6u64 {
        let program = load("bash", &[&format!("m={m}")]);
        let mut analyzer = Analyzer::default();
        for n in 0..=100 {
            let a = answer(&mut analyzer, &program, "bash", &[n]);
            assert_eq!(is_p(&a), n % (m + 1) == 0, "m = {m}, n = {n}");
        }
    }
}

#[test]
fn subtraction_1_3_4_is_p_where_n_mod_7_is_0_or_2() {
    // Seed 002 (Ferguson §1.4): S = {1, 3, 4} is P exactly where n mod 7 is 0 or 2; 100 is P.
    let program = load("subtraction", &[]);
    let mut analyzer = Analyzer::default();
    for n in 0..=1000 {
        let a = answer(&mut analyzer, &program, "subtraction", &[n]);
        assert_eq!(is_p(&a), n % 7 == 0 || n % 7 == 2, "n = {n}");
    }
    assert!(is_p(&answer(
        &mut analyzer,
        &program,
        "subtraction",
        &[100]
    )));
}

#[test]
fn wythoff_seed_p_positions_are_p_and_their_neighbours_n() {
    let program = load("wythoff", &[]);
    let mut analyzer = Analyzer::default();
    for (a, b) in WYTHOFF_P {
        assert!(is_p(&answer(&mut analyzer, &program, "wythoff", &[a, b])));
        assert!(is_p(&answer(&mut analyzer, &program, "wythoff", &[b, a])));
        // Every position one move away: less from one heap, or from both.
        let mut neighbours = Vec::new();
        neighbours.extend((0..a).map(|x| (x, b)));
        neighbours.extend((0..b).map(|y| (a, y)));
        neighbours.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        for (x, y) in neighbours {
            let n = answer(&mut analyzer, &program, "wythoff", &[x, y]);
            assert_eq!(
                n.outcome,
                Outcome::N,
                "({x}, {y}) is one move from ({a}, {b})"
            );
        }
    }
    // And no other position with heaps <= 20 is P.
    for (a, b) in all_positions(2, 20).into_iter().map(|p| (p[0], p[1])) {
        let listed_p = WYTHOFF_P.contains(&(a, b)) || WYTHOFF_P.contains(&(b, a));
        let n = answer(&mut analyzer, &program, "wythoff", &[a, b]);
        assert_eq!(is_p(&n), listed_p, "({a}, {b})");
    }
}

#[test]
fn nim_is_p_iff_xor_is_0_and_counts_winning_moves() {
    // Seeds 000 and 001 (Bouton 1901): P iff the XOR is 0; seed 001's fourth type: the
    // winning first moves are one per heap h with h xor s < h.
    let program = load("nim", &[]);
    let mut analyzer = Analyzer::default();
    for p in all_positions(3, 7) {
        let s = p.iter().fold(0, |acc, h| acc ^ h);
        let a = answer(&mut analyzer, &program, "nim", &p);
        assert_eq!(is_p(&a), s == 0, "{p:?}");
        let expected = p.iter().filter(|&&h| h ^ s < h).count();
        assert_eq!(a.winning_moves.len(), expected, "{p:?}");
        assert_eq!(
            a.grundy,
            Grundy::Value(num_bigint::BigUint::from(s)),
            "{p:?}"
        );
    }
}

#[test]
fn misere_bash_is_p_where_n_minus_1_is_a_multiple_of_m_plus_1() {
    // Seeds 003 and 004 (Ferguson, ch. 1, misère play): in misère Bash the mover loses iff
    // (n - 1) mod (m + 1) = 0; at n = 0 the mover has already won.
    for m in 1..=6u64 {
        let program = load("misere_bash", &[&format!("m={m}")]);
        let mut analyzer = Analyzer::default();
        for n in 0..=200 {
            let a = answer(&mut analyzer, &program, "misere_bash", &[n]);
            assert_eq!(
                is_p(&a),
                n >= 1 && (n - 1) % (m + 1) == 0,
                "m = {m}, n = {n}"
            );
            assert_eq!(a.grundy, Grundy::Misere);
        }
    }
    // Seed 004's worked example: n = 15, m = 3 is a first-player win.
    let program = load("misere_bash", &[]);
    let a = answer(&mut Analyzer::default(), &program, "misere_bash", &[15]);
    assert_eq!(a.outcome, Outcome::N);
}

#[test]
fn staircase_is_p_iff_xor_of_odd_stairs_is_0() {
    // Seeds 000 and 003 (Ferguson, exercises of ch. 2): P iff the XOR of the
    // odd stairs (1, 3, ...) is 0.
    let program = load("staircase", &[]);
    let mut analyzer = Analyzer::default();
    for p in all_positions(3, 6) {
        let odd = p[0] ^ p[2];
        let a = answer(&mut analyzer, &program, "staircase", &p);
        assert_eq!(is_p(&a), odd == 0, "{p:?}");
    }
    // Seed 003: the even stairs are wrong: a_1 = 0, a_2 = 1 is P.
    assert!(is_p(&answer(&mut analyzer, &program, "staircase", &[0, 1])));
}

#[test]
fn empty_and_divide_is_p_iff_both_boxes_odd() {
    // Seed 002 (Ferguson, exercises of ch. 1): P exactly when both boxes hold an odd number.
    let program = load("empty_and_divide", &[]);
    let mut analyzer = Analyzer::default();
    for x in 1..=20u64 {
        for y in 1..=20u64 {
            let a = answer(&mut analyzer, &program, "empty_and_divide", &[x, y]);
            assert_eq!(is_p(&a), x % 2 == 1 && y % 2 == 1, "({x}, {y})");
        }
    }
}

#[test]
fn moore_nim_2_follows_bit_counts_mod_3() {
    // Seed 003 (Moore 1910): P iff for every bit the number of heaps with it set is a
    // multiple of k + 1.
    let program = load("moore", &[]);
    let mut analyzer = Analyzer::default();
    for p in all_positions(3, 7) {
        let p_rule = (0..3).all(|bit| p.iter().filter(|&&h| h >> bit & 1 == 1).count() % 3 == 0);
        let a = answer(&mut analyzer, &program, "moore", &p);
        assert_eq!(is_p(&a), p_rule, "{p:?}");
    }
}

#[test]
fn antinim_follows_seed_003() {
    // Seed 003 (Bouton 1901, misère Nim): the mover wins iff all heaps are 1
    // and their count is even, or some heap is larger than 1 and the XOR is
    // not 0. Heaps of 0 are no heaps at all.
    let program = load("antinim", &[]);
    let mut analyzer = Analyzer::default();
    for p in all_positions(3, 7) {
        let heaps: Vec<u64> = p.iter().copied().filter(|&h| h > 0).collect();
        let s = heaps.iter().fold(0, |acc, h| acc ^ h);
        let all_ones = heaps.iter().all(|&h| h == 1);
        let wins = (all_ones && heaps.len().is_multiple_of(2)) || (!all_ones && s != 0);
        let a = answer(&mut analyzer, &program, "antinim", &p);
        assert_eq!(a.outcome == Outcome::N, wins, "{p:?}");
    }
}

#[test]
fn bounded_nim_is_p_iff_xor_of_heaps_mod_r_plus_1_is_0() {
    // Seed 001, third type (Winning Ways, ch. 4, and Sprague-Grundy): reduce
    // each heap mod r + 1, then XOR.
    for r in 1..=4u64 {
        let program = load("bounded_nim", &[&format!("r={r}")]);
        let mut analyzer = Analyzer::default();
        for p in all_positions(3, 7) {
            let s = p.iter().fold(0, |acc, h| acc ^ (h % (r + 1)));
            let a = answer(&mut analyzer, &program, "bounded_nim", &p);
            assert_eq!(is_p(&a), s == 0, "r = {r}, {p:?}");
        }
    }
}

#[test]
fn a_huge_wythoff_position_has_an_outcome_and_an_unknown_grundy_value_with_its_reason() {
    // Wythoff 1907 (seeds 000, 004): (a, b) with a <= b is P iff
    // a = floor((b - a) * phi); the closed form gives no Grundy value, and
    // heaps of 10^30 are far beyond a search.
    let a = "1000000000000000000000000000000";
    let b = "1618033988749894848204586834370";
    let program = super::common::load_text(
        "wythoff.game",
        &format!(
            "game wythoff {{ heaps 2; take 1..; take 1.. from both heaps }}\nanalyze wythoff at ({a}, {b})"
        ),
        &[],
    );
    let answer = Analyzer::default()
        .analyze(&program.questions[0])
        .expect("the closed form answers");
    assert_eq!(answer.outcome, Outcome::N);
    let why = gamelang::analysis::Unknown::OutcomeOnly {
        closed_form: "wythoff",
    };
    assert_eq!(answer.grundy, Grundy::Unknown(why.clone()));
    assert_eq!(
        answer.notes,
        vec![gamelang::analysis::Note::GrundyUnknown { component: 0, why }]
    );
}
