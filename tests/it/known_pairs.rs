//! Known games paired with the search: Wythoff, Staircase Nim, Moore's Nim_k,
//! Empty-and-divide and Deleting divisors. Each closed form (src/known/) must agree with the
//! search on small positions (outcome, Grundy value where it gives one, the
//! winning moves in the search's order, and their count); recognition must
//! follow the rules' structure; and the seeds' facts hold, exactly, for heaps
//! of any size.

use std::collections::HashSet;
use std::sync::Arc;

use super::common::{WYTHOFF_P, all_positions, load_text};
use gamelang::known::closed::Closed;
use gamelang::known::{
    self, Entry, Known, KnownMove, deleting_divisors, empty_and_divide, moore, staircase, wythoff,
};
use gamelang::position::Outcome;
use gamelang::rules::Game;
use gamelang::search::{Solver, Value};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

const WYTHOFF: &str = "game wythoff {
    heaps 2
    one: take 1..
    both: take 1.. from both heaps
}";
const STAIRCASE: &str = "game staircase {
    heaps *
    shift 1.. to the previous heap
}";
const MOORE: &str = "game moore(k = 2) {
    heaps *
    take 1.. from up to k heaps
}";
const EMPTY_AND_DIVIDE: &str = "game empty_and_divide {
    heaps 2 where each >= 1
    empty one heap and split the other into 2 nonempty heaps
}";
const DELETING_DIVISORS: &str = "game deleting_divisors {
    heaps 1
    take 2.. where k divides h and k < h
}";
const EMPTY_AND_DIVIDE_WITH_ZEROS: &str = "game empty_and_divide {
    heaps 2
    empty one heap and split the other into 2 nonempty heaps
}";

/// The lowered game named `name` in `text`, with `--set` overrides.
fn game(text: &str, sets: &[&str]) -> Arc<Game> {
    let program = load_text("test.game", text, sets);
    let entry = program.games.first().expect("one game");
    entry.default.clone().expect("the game's rules are valid")
}

/// The entry's recogniser on `text`, which must recognise it; the whole
/// catalogue must pick the same entry.
fn known(entry: &Entry, text: &str, sets: &[&str]) -> (Arc<Game>, Box<dyn Known>) {
    let game = game(text, sets);
    let found =
        (entry.recognise)(&game).unwrap_or_else(|| panic!("{} recognises {text}", entry.id));
    let first = known::recognise(&game).expect("the catalogue recognises it");
    assert_eq!(
        first.id(),
        entry.id,
        "the catalogue's first match for {text}"
    );
    (game, found)
}

fn recognised(entry: &Entry, text: &str, sets: &[&str]) -> bool {
    (entry.recognise)(&game(text, sets)).is_some()
}

fn big(heaps: &[u64]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

fn all(known: &dyn Known, heaps: &[u64]) -> Closed {
    known.analyze(&big(heaps), usize::MAX)
}

/// The closed form and the search agree at `heaps`: outcome, Grundy value
/// (when `grundy`), and the winning moves — the search's moves to
/// P-positions, every one the rules make (LANGUAGE.md, "What a move is"),
/// in the search's order — and their count. Listing fewer moves keeps the
/// count and the order.
fn agrees(game: &Arc<Game>, known: &dyn Known, heaps: &[u64], grundy: bool) {
    let mut solver = Solver::new(game.clone(), 1_000_000);
    let (value, _) = solver.value(heaps).expect("the search answers");
    let closed = all(known, heaps);
    assert_eq!(
        closed.outcome == Outcome::P,
        value.is_p(),
        "outcome at {heaps:?}"
    );
    if grundy {
        let Value::Grundy(g) = value else {
            panic!("normal play")
        };
        assert_eq!(
            closed.grundy,
            Some(BigUint::from(g)),
            "Grundy value at {heaps:?}"
        );
    }
    let mut expected = Vec::new();
    for (rule, to) in solver.moves_from(heaps).expect("moves") {
        if solver.value(&to).expect("the search answers").0.is_p() {
            expected.push(KnownMove { rule, to: big(&to) });
        }
    }
    assert_eq!(closed.winning.moves, expected, "winning moves at {heaps:?}");
    assert_eq!(
        closed.winning.count,
        BigUint::from(expected.len()),
        "count at {heaps:?}"
    );
    let one = known.analyze(&big(heaps), 1);
    assert_eq!(one.winning.count, closed.winning.count);
    assert_eq!(
        one.winning.moves,
        expected.iter().take(1).cloned().collect::<Vec<_>>()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn wythoff_agrees_with_the_search(x in 0..=12u64, y in 0..=12u64) {
        let (game, known) = known(&wythoff::ENTRY, WYTHOFF, &[]);
        agrees(&game, known.as_ref(), &[x, y], false);
    }

    #[test]
    fn staircase_agrees_with_the_search(heaps in prop::collection::vec(0..=6u64, 0..=4)) {
        let (game, known) = known(&staircase::ENTRY, STAIRCASE, &[]);
        agrees(&game, known.as_ref(), &heaps, true);
    }

    #[test]
    fn moore_agrees_with_the_search(
        k in 2..=3usize,
        heaps in prop::collection::vec(0..=8u64, 0..=4),
    ) {
        let (game, known) = known(&moore::ENTRY, MOORE, &[&format!("k={k}")]);
        agrees(&game, known.as_ref(), &heaps, false);
    }

    #[test]
    fn empty_and_divide_agrees_with_the_search(x in 1..=12u64, y in 1..=12u64) {
        let (game, known) = known(&empty_and_divide::ENTRY, EMPTY_AND_DIVIDE, &[]);
        agrees(&game, known.as_ref(), &[x, y], true);
    }

    #[test]
    fn empty_and_divide_with_empty_boxes_agrees_with_the_search(x in 0..=12u64, y in 0..=12u64) {
        let (game, known) = known(&empty_and_divide::ENTRY, EMPTY_AND_DIVIDE_WITH_ZEROS, &[]);
        agrees(&game, known.as_ref(), &[x, y], true);
    }
}

proptest! {
    // Each case enumerates up to ~10^5 moves in an unoptimised build.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn moore_counts_match_brute_force_on_larger_heaps(
        k in 2..=3usize,
        heaps in prop::collection::vec(0..=200u64, 3..=5),
    ) {
        // Beyond the search's reach: every move changing at most 2 heaps
        // (k = 2), or 1 heap with larger k, enumerated, judged by seed 003's
        // bit-count rule written here.
        let known = known(&moore::ENTRY, MOORE, &[&format!("k={k}")]).1;
        let closed = all(known.as_ref(), &heaps);
        if k == 2 {
            let expected = brute_force_moore(&heaps, 2);
            prop_assert_eq!(&closed.winning.count, &BigUint::from(expected.len()));
            let listed: Vec<Vec<u64>> = closed.winning.moves.iter().map(|m| small(&m.to)).collect();
            prop_assert_eq!(listed, expected);
        }
        for m in &closed.winning.moves {
            prop_assert!(moore_p(&small(&m.to), k));
        }
    }
}

fn small(heaps: &[BigUint]) -> Vec<u64> {
    heaps
        .iter()
        .map(|h| u64::try_from(h).expect("small"))
        .collect()
}

/// Seed 003: P iff every bit's heap count is a multiple of k + 1.
fn moore_p(heaps: &[u64], k: usize) -> bool {
    (0..64).all(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count() % (k + 1) == 0)
}

/// Every move of Moore's Nim_2 (one or two heaps lowered) to a P-position,
/// in the search's order: by the position after it, descending.
fn brute_force_moore(heaps: &[u64], k: usize) -> Vec<Vec<u64>> {
    assert_eq!(k, 2);
    let mut out = Vec::new();
    for i in 0..heaps.len() {
        for a in 0..heaps[i] {
            let mut to = heaps.to_vec();
            to[i] = a;
            out.push(to.clone());
            for j in i + 1..heaps.len() {
                for b in 0..heaps[j] {
                    to[j] = b;
                    out.push(to.clone());
                }
                to[j] = heaps[j];
            }
        }
    }
    out.retain(|to| moore_p(to, k));
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

// ---------------------------------------------------------------------------
// Wythoff (seeds 000, 001, 004)

/// floor(k * phi) by bisection on (2x - k)^2 <= 5 k^2: independent of the
/// closed form's isqrt formula.
fn floor_k_phi(k: &BigUint) -> BigUint {
    // k <= k * phi < 2k.
    let (mut lo, mut hi) = (k.clone(), k * 2u32 + 1u32);
    let five_k2 = k * k * 5u32;
    while &lo + 1u32 < hi {
        let mid: BigUint = (&lo + &hi) >> 1u32;
        let twice = &mid * 2u32;
        if twice < *k || (&twice - k) * (&twice - k) <= five_k2 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The same bisection in u128, for small k.
fn floor_k_phi_small(k: u128) -> u128 {
    let (mut lo, mut hi) = (k, 2 * k + 1);
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if 2 * mid < k || (2 * mid - k) * (2 * mid - k) <= 5 * k * k {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[test]
fn wythoff_seed_p_positions_are_p_and_one_move_away_is_n() {
    let (game, known) = known(&wythoff::ENTRY, WYTHOFF, &[]);
    let solver = Solver::new(game, 1000);
    for (a, b) in WYTHOFF_P {
        for heaps in [[a, b], [b, a]] {
            let closed = all(known.as_ref(), &heaps);
            assert_eq!(closed.outcome, Outcome::P, "{heaps:?}");
            assert_eq!(closed.winning.count, BigUint::zero());
            for (_, to) in solver.moves_from(&heaps).expect("moves") {
                assert_eq!(
                    all(known.as_ref(), &to).outcome,
                    Outcome::N,
                    "{heaps:?} -> {to:?}"
                );
            }
        }
    }
    // And no other pair up to 20 is P.
    for a in 0..=20u64 {
        for b in a..=20 {
            let p = all(known.as_ref(), &[a, b]).outcome == Outcome::P;
            assert_eq!(p, WYTHOFF_P.contains(&(a, b)), "({a}, {b})");
        }
    }
}

#[test]
fn wythoff_pairs_are_p_for_every_k_to_100000() {
    // a_k = floor(k * phi), b_k = a_k + k (seeds 000, 004); a_k also by seed
    // 000's definition: the least natural number not in an earlier pair.
    let known = known(&wythoff::ENTRY, WYTHOFF, &[]).1;
    let mut used = vec![false; 300_000];
    for k in 0..=100_000u64 {
        let a = floor_k_phi_small(u128::from(k));
        if k % 997 == 0 {
            assert_eq!(BigUint::from(a), floor_k_phi(&BigUint::from(k)));
        }
        let a = BigUint::from(a);
        if k <= 10_000 {
            let mex = used.iter().position(|&u| !u).expect("room") as u64;
            assert_eq!(a, BigUint::from(mex), "a_{k}");
            used[mex as usize] = true;
            used[(mex + k) as usize] = true;
        }
        let b = &a + k;
        // Each number's one P partner (seed 000's first property).
        assert_eq!(wythoff::partner(&a), Some(b.clone()), "partner of a_{k}");
        assert_eq!(wythoff::partner(&b), Some(a.clone()), "partner of b_{k}");
        let closed = known.analyze(&[a.clone(), b.clone()], 10);
        assert_eq!(closed.outcome, Outcome::P, "k = {k}");
        assert_eq!(known.analyze(&[b, a], 10).outcome, Outcome::P, "k = {k}");
    }
}

#[test]
fn wythoff_is_exact_near_10_to_the_30() {
    // Floating point cannot tell these apart; exact arithmetic must.
    let k = BigUint::from(10u32).pow(30) + 12345u32;
    let a = floor_k_phi(&k);
    let b = &a + &k;
    let known = known(&wythoff::ENTRY, WYTHOFF, &[]).1;
    assert_eq!(
        known.analyze(&[a.clone(), b.clone()], 10).outcome,
        Outcome::P
    );
    assert_eq!(
        known.analyze(&[b.clone(), a.clone()], 10).outcome,
        Outcome::P
    );
    assert_eq!(wythoff::partner(&a), Some(b.clone()));
    assert_eq!(wythoff::partner(&b), Some(a.clone()));
    for wrong in [
        [&a + 1u32, b.clone()],
        [a.clone(), &b - 1u32],
        [&a - 1u32, b.clone()],
    ] {
        assert_eq!(known.analyze(&wrong, 10).outcome, Outcome::N);
    }
    // From (a_k, b_k + 1) the one winning move lowers heap 2 to b_k: b_k + 1
    // is some a_m (upper numbers are 2 apart at least), whose partner b_m is
    // above a_k; and a_(k+1) > a_k, so no move takes from both.
    let closed = known.analyze(&[a.clone(), &b + 1u32], 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(closed.winning.count, BigUint::one());
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: vec![a.clone(), b.clone()]
        }]
    );
    let closed = known.analyze(&[&b + 1u32, a.clone()], 10);
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: vec![b.clone(), a.clone()]
        }]
    );
    // From (a_k + 5, b_k + 5) taking 5 from both is winning.
    let closed = known.analyze(&[&a + 5u32, &b + 5u32], 10);
    assert!(closed.winning.moves.contains(&KnownMove {
        rule: 1,
        to: vec![a.clone(), b.clone()]
    }));
    for m in &closed.winning.moves {
        assert_eq!(known.analyze(&m.to, 0).outcome, Outcome::P);
    }
}

#[test]
fn wythoff_is_recognised_written_other_ways() {
    let e = &wythoff::ENTRY;
    // Rules reordered, no labels, `from two heaps`, `from one heap`.
    let other = "game w {\n heaps 2\n take 1.. from two heaps\n take 1.. from one heap\n}";
    let (game, known) = known(e, other, &[]);
    agrees(&game, known.as_ref(), &[4, 6], false);
    agrees(&game, known.as_ref(), &[9, 3], false);
    assert!(recognised(
        e,
        "game w {\n heaps 2\n x: take 1.. from both heaps\n y: take 1..\n}",
        &[]
    ));
    // Parameters resolved by lowering: `take m..` with m = 1.
    assert!(recognised(
        e,
        "game w(m = 1) {\n heaps 2\n take m..\n take m.. from both heaps\n}",
        &[]
    ));
    assert_eq!(
        known.rule(),
        "(a, b) with a <= b is P iff a = floor((b - a) * phi)"
    );
}

#[test]
fn wythoff_near_misses_are_not_recognised() {
    let e = &wythoff::ENTRY;
    for text in [
        // an extra rule
        "game w {\n heaps 2\n take 1..\n take 1.. from both heaps\n take 2 from both heaps\n}",
        // bounded amounts
        "game w {\n heaps 2\n take 1..5\n take 1.. from both heaps\n}",
        "game w {\n heaps 2\n take 1..\n take 1..5 from both heaps\n}",
        // a condition
        "game w {\n heaps 2\n take 1.. where k <= h\n take 1.. from both heaps\n}",
        // misère
        "game w {\n heaps 2\n play misere\n take 1..\n take 1.. from both heaps\n}",
        // an invariant
        "game w {\n heaps 2 where each >= 0\n take 1..\n take 1.. from both heaps\n}",
        // three heaps
        "game w {\n heaps 3\n take 1..\n take 1.. from two heaps\n}",
        // only one of the two rules
        "game w {\n heaps 2\n take 1..\n}",
        "game w {\n heaps 2\n take 1.. from both heaps\n take 1.. from both heaps\n}",
    ] {
        assert!(!recognised(e, text, &[]), "{text}");
    }
}

// ---------------------------------------------------------------------------
// Staircase Nim (seeds 000, 003)

#[test]
fn staircase_is_p_iff_the_odd_stairs_xor_to_0() {
    // Seed 003: Nim on the odd stairs, every 3-stair position up to 6, checked
    // against the search too; and its warning: (0, 1) is P.
    let (game, known) = known(&staircase::ENTRY, STAIRCASE, &[]);
    for heaps in all_positions(3, 6) {
        let closed = all(known.as_ref(), &heaps);
        assert_eq!(
            closed.outcome == Outcome::P,
            heaps[0] ^ heaps[2] == 0,
            "{heaps:?}"
        );
        agrees(&game, known.as_ref(), &heaps, true);
    }
    let closed = all(known.as_ref(), &[0, 1]);
    assert_eq!(closed.outcome, Outcome::P);
    assert_eq!(closed.grundy, Some(BigUint::zero()));
    agrees(&game, known.as_ref(), &[0, 1], true);
}

#[test]
fn staircase_moves_are_exact_for_huge_stairs() {
    let known = known(&staircase::ENTRY, STAIRCASE, &[]).1;
    let n = BigUint::from(10u32).pow(40);
    // (n, 0, n + 1), n even: the odd stairs XOR to 1. Stair 1 would have to
    // grow (n xor 1 = n + 1), and stair 2 has no coins to give it; stair 3
    // shifts one coin down: (n, 1, n).
    let closed = known.analyze(&[n.clone(), BigUint::zero(), &n + 1u32], 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(closed.grundy, Some(BigUint::one()));
    let expected = vec![KnownMove {
        rule: 0,
        to: vec![n.clone(), BigUint::one(), n.clone()],
    }];
    assert_eq!(closed.winning.moves, expected);
    assert_eq!(closed.winning.count, BigUint::one());
    // (n, 5): only emptying stair 1 makes its XOR 0; stair 2's coins can
    // only add to it.
    let closed = known.analyze(&[n.clone(), BigUint::from(5u32)], 10);
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: vec![BigUint::zero(), BigUint::from(5u32)]
        }]
    );
}

#[test]
fn staircase_is_recognised_written_other_ways() {
    let e = &staircase::ENTRY;
    let (game, known) = known(
        e,
        "game s {\n heaps 3\n down: shift 1.. to the previous heap\n}",
        &[],
    );
    for heaps in all_positions(3, 4) {
        agrees(&game, known.as_ref(), &heaps, true);
    }
    assert!(recognised(
        e,
        "game s {\n shift 1.. to the previous heap\n}",
        &[]
    ));
    for text in [
        "game s {\n heaps *\n shift 1..2 to the previous heap\n}",
        "game s {\n heaps *\n shift 1.. where k is odd to the previous heap\n}",
        "game s {\n heaps *\n play misere\n shift 1.. to the previous heap\n}",
        "game s {\n heaps *\n shift 1.. to the previous heap\n take 1..\n}",
        "game s {\n heaps * where each <= 9\n shift 1.. to the previous heap\n}",
        "game s {\n heaps *\n shift 2.. to the previous heap\n}",
    ] {
        assert!(!recognised(e, text, &[]), "{text}");
    }
}

// ---------------------------------------------------------------------------
// Moore's Nim_k (seed 003)

#[test]
fn moore_2_follows_the_bit_counts_on_three_heaps_to_7() {
    // Seed 003, Nim_2 on every 3-heap position up to 7, against the search.
    let (game, known) = known(&moore::ENTRY, MOORE, &[]);
    for heaps in all_positions(3, 7) {
        let closed = all(known.as_ref(), &heaps);
        assert_eq!(
            closed.outcome == Outcome::P,
            moore_p(&heaps, 2),
            "{heaps:?}"
        );
        agrees(&game, known.as_ref(), &heaps, false);
    }
    assert!(known.rule().contains("multiple of 3 (k = 2)"));
}

#[test]
fn moore_lists_in_bulk_and_counts_exactly_for_big_heaps() {
    // Many winning moves: more than the search's order is kept for (see
    // src/known/moore/), but each listed move is a move to a P-position,
    // all distinct, and the count is at least what is listed.
    let known = known(&moore::ENTRY, MOORE, &["k=3"]).1;
    let heaps: Vec<BigUint> = [
        1_000_003_000_001u64,
        999_331_234_567,
        777_777_777_777,
        123_456_789_012,
        654_321_098_765,
        555_555_555_555,
        314_159_265_358,
        271_828_182_845,
    ]
    .iter()
    .map(|&h| BigUint::from(h))
    .collect();
    let closed = known.analyze(&heaps, 500);
    assert_eq!(closed.outcome, Outcome::N);
    assert!(
        closed.winning.count > BigUint::from(1u32 << 16),
        "{}",
        closed.winning.count
    );
    assert_eq!(closed.winning.moves.len(), 500);
    let distinct: HashSet<_> = closed.winning.moves.iter().map(|m| m.to.clone()).collect();
    assert_eq!(distinct.len(), 500);
    for m in &closed.winning.moves {
        let changed = heaps.iter().zip(&m.to).filter(|(h, q)| h != q).count();
        assert!((1..=3).contains(&changed));
        assert!(heaps.iter().zip(&m.to).all(|(h, q)| q <= h));
        assert_eq!(known.analyze(&m.to, 0).outcome, Outcome::P);
    }
    // Heaps near 10^30: the count is exact and the moves are winning.
    let n = BigUint::from(10u32).pow(30);
    let heaps = vec![&n + 7u32, &n + 1u32, &n * 3u32, BigUint::from(5u32)];
    let known2 = self::known(&moore::ENTRY, MOORE, &[]).1;
    let closed = known2.analyze(&heaps, 20);
    assert_eq!(closed.outcome, Outcome::N);
    assert!(!closed.winning.moves.is_empty());
    for m in &closed.winning.moves {
        assert_eq!(known2.analyze(&m.to, 0).outcome, Outcome::P);
    }
}

#[test]
fn moore_beyond_the_counting_budget_gives_the_constructive_move() {
    // 40 heaps of 120 bits with k = 6: too many sets of heaps to count; the
    // one move of seed 003's construction is given, counted as 1.
    let known = known(&moore::ENTRY, MOORE, &["k=6"]).1;
    let heaps: Vec<BigUint> = (1..=40u32)
        .map(|i| BigUint::from(3u32).pow(75) / BigUint::from(i * 7 + 1))
        .collect();
    let closed = known.analyze(&heaps, 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(closed.winning.moves.len(), 1);
    let to = &closed.winning.moves[0].to;
    assert_eq!(known.analyze(to, 0).outcome, Outcome::P);
    let changed = heaps.iter().zip(to).filter(|(h, q)| h != q).count();
    assert!((1..=6).contains(&changed));
}

#[test]
fn moore_is_recognised_written_other_ways() {
    let e = &moore::ENTRY;
    // `heaps 2`, k = 2: take from either heap or both, any amounts.
    let two = "game m {\n heaps 2\n any: take 1.. from up to 2 heaps\n}";
    let (game, known) = known(e, two, &[]);
    for heaps in all_positions(2, 6) {
        agrees(&game, known.as_ref(), &heaps, false);
    }
    // `--set k=3`, and `heaps *` given two heaps.
    let (game, known) = self::known(e, MOORE, &["k=3"]);
    assert!(known.rule().contains("multiple of 4 (k = 3)"));
    agrees(&game, known.as_ref(), &[3, 5], false);
    agrees(&game, known.as_ref(), &[1, 2, 3, 4, 5], false);
    // k = 1 is Nim, not Moore's.
    assert!(!recognised(e, MOORE, &["k=1"]));
    assert_eq!(
        known::recognise(&self::game(MOORE, &["k=1"]))
            .expect("Nim")
            .id(),
        "nim"
    );
    for text in [
        "game m {\n take 1..5 from up to 2 heaps\n}",
        "game m {\n take 1.. where k <= h from up to 2 heaps\n}",
        "game m {\n play misere\n take 1.. from up to 2 heaps\n}",
        "game m {\n take 1.. from up to 2 heaps\n take 1..\n}",
        "game m {\n heaps * where each <= 100\n take 1.. from up to 2 heaps\n}",
        "game m {\n heaps 3\n take 1.. from 2 heaps\n}",
    ] {
        assert!(!recognised(e, text, &[]), "{text}");
    }
}

// ---------------------------------------------------------------------------
// Empty-and-divide (seed 002)

#[test]
fn empty_and_divide_is_p_iff_both_boxes_are_odd() {
    // Seed 002, every position with boxes up to 20, against the search too.
    let (game, known) = known(&empty_and_divide::ENTRY, EMPTY_AND_DIVIDE, &[]);
    for x in 1..=20u64 {
        for y in 1..=20u64 {
            let closed = all(known.as_ref(), &[x, y]);
            assert_eq!(
                closed.outcome == Outcome::P,
                x % 2 == 1 && y % 2 == 1,
                "({x}, {y})"
            );
            agrees(&game, known.as_ref(), &[x, y], true);
        }
    }
}

#[test]
fn empty_and_divide_counts_huge_boxes() {
    let known = known(&empty_and_divide::ENTRY, EMPTY_AND_DIVIDE, &[]).1;
    let n = BigUint::from(10u32).pow(30);
    // (6, 10^30): 10^30 / 2 splits of box 2, then 3 of box 1.
    let closed = known.analyze(&[BigUint::from(6u32), n.clone()], 3);
    assert_eq!(closed.winning.count, &n / 2u32 + 3u32);
    let expected: Vec<KnownMove> = [1u32, 3, 5]
        .iter()
        .map(|&a| KnownMove {
            rule: 0,
            to: vec![BigUint::from(a), &n - a],
        })
        .collect();
    assert_eq!(closed.winning.moves, expected);
    // (10^30, 10^30): the two lists are the same positions, each a move
    // (box 1 emptied, or box 2).
    let closed = known.analyze(&[n.clone(), n.clone()], 0);
    assert_eq!(closed.winning.count, n.clone());
    assert!(closed.winning.moves.is_empty());
    let odd = &n + 1u32;
    let closed = known.analyze(&[odd.clone(), odd], 5);
    assert_eq!(closed.outcome, Outcome::P);
    assert_eq!(closed.winning.count, BigUint::zero());
}

#[test]
fn empty_and_divide_is_recognised_written_other_ways() {
    let e = &empty_and_divide::ENTRY;
    assert!(recognised(
        e,
        "game e {\n heaps 2 where each > 0\n cut: empty one heap and split the other into two nonempty heaps\n}",
        &[]
    ));
    assert!(recognised(e, EMPTY_AND_DIVIDE_WITH_ZEROS, &[]));
    for text in [
        "game e {\n heaps 2 where each >= 1\n empty one heap and split the other into 2 nonempty unequal heaps\n}",
        "game e {\n heaps 2 where each >= 2\n empty one heap and split the other into 2 nonempty heaps\n}",
        "game e {\n heaps 2 where each >= 1\n play misere\n empty one heap and split the other into 2 nonempty heaps\n}",
        "game e {\n heaps 2 where each >= 1\n empty one heap and split the other into 2 nonempty heaps\n take 1..\n}",
    ] {
        assert!(!recognised(e, text, &[]), "{text}");
    }
}

#[test]
fn wythoff_with_a_repeated_rule_is_still_wythoff() {
    // Every rule written twice: each move is made by both copies, each a
    // move of its own (LANGUAGE.md, "What a move is"); the game is Wythoff's
    // (Wythoff 1907), and the closed form lists each move once for each
    // copy, by the rules as the file numbers them.
    let text = "game w {\n    heaps 2\n    take 1..\n    again: take 1..\n    both: take 1.. from both heaps\n    both_again: take 1.. from both heaps\n}";
    let game = game(text, &[]);
    let known = known::recognise(&game).expect("recognised with the repeats left out");
    assert_eq!(known.id(), "wythoff");
    // (4, 6) is N: its only winning move takes 1 from both, to (3, 5), by
    // rule 2 and by its copy, rule 3.
    let closed = known.analyze(&big(&[4, 6]), 10);
    let rules: Vec<usize> = closed.winning.moves.iter().map(|m| m.rule).collect();
    assert_eq!(rules, [2, 3]);
    assert_eq!(closed.winning.count, BigUint::from(2u32));
    assert!(closed.winning.moves.iter().all(|m| m.to == big(&[3, 5])));
    // A rule written twice beside one written once (issue 66: Wythoff so
    // written at (10^12, 1618033988749) is answered by its closed form):
    // still Wythoff, the moves of the first listed twice, of the other
    // once; all listed, they and their count are the search's; fewer
    // listed, the count not listed is a lower bound.
    let uneven = self::game(
        "game w {\n    heaps 2\n    take 1..\n    again: take 1..\n    both: take 1.. from both heaps\n}",
        &[],
    );
    let known_uneven = known::recognise(&uneven).expect("recognised with the repeat left out");
    assert_eq!(known_uneven.id(), "wythoff");
    let mut solver = Solver::new(uneven.clone(), 1_000_000);
    for heaps in all_positions(2, 8) {
        let mut expected = Vec::new();
        for (rule, to) in solver.moves_from(&heaps).expect("moves") {
            if solver.value(&to).expect("the search answers").0.is_p() {
                expected.push((rule, big(&to)));
            }
        }
        let closed = known_uneven.analyze(&big(&heaps), usize::MAX);
        let mut listed: Vec<(usize, Vec<BigUint>)> = (closed.winning.moves.iter())
            .map(|m| (m.rule, m.to.clone()))
            .collect();
        listed.sort();
        expected.sort();
        assert_eq!(listed, expected, "{heaps:?}");
        assert_eq!(
            closed.winning.count,
            BigUint::from(expected.len()),
            "{heaps:?}"
        );
        assert!(!closed.winning.at_least, "{heaps:?}");
        let one = known_uneven.analyze(&big(&heaps), 1);
        assert!(one.winning.count <= closed.winning.count, "{heaps:?}");
        assert!(
            one.winning.count >= BigUint::from(expected.len().min(1)),
            "{heaps:?}"
        );
    }
    // And the analyzer's check against the search on small positions passes.
    let mut solver = Solver::new(game.clone(), 1_000_000);
    for heaps in all_positions(2, 8) {
        let g = solver.value(&heaps).expect("a value").0;
        let closed = known.analyze(&big(&heaps), usize::MAX);
        assert_eq!(closed.outcome == Outcome::P, g.is_p(), "{heaps:?}");
    }
}

// ---------------------------------------------------------------------------
// Deleting divisors (Codeforces 1537D)

#[test]
fn deleting_divisors_agrees_with_the_search_and_the_definition() {
    // The plain definition: n is P iff no divisor d, 1 < d < n, leaves a P
    // heap; every heap to 3,000. The search besides, with the winning moves
    // in its order, to 400.
    let (game, known) = known(&deleting_divisors::ENTRY, DELETING_DIVISORS, &[]);
    let mut p = vec![true; 3001];
    for n in 2..p.len() {
        p[n] = !(2..n).any(|d| n % d == 0 && p[n - d]);
    }
    for (n, &p) in p.iter().enumerate() {
        let closed = all(known.as_ref(), &[n as u64]);
        assert_eq!(closed.outcome == Outcome::P, p, "{n}");
        assert!(!closed.winning.at_least, "{n}");
    }
    for n in 0..=400 {
        agrees(&game, known.as_ref(), &[n], false);
    }
}

#[test]
fn deleting_divisors_answers_heaps_of_any_size() {
    let known = known(&deleting_divisors::ENTRY, DELETING_DIVISORS, &[]).1;
    // 10^9 = 2^9 5^9: its odd divisors above 1 are 5, 25, ..., 5^9, and
    // 10^9 - 2^29 does not divide it.
    let n = BigUint::from(10u32).pow(9);
    let closed = known.analyze(std::slice::from_ref(&n), usize::MAX);
    assert_eq!(closed.outcome, Outcome::N);
    let takes: Vec<BigUint> = (1..=9).map(|i| BigUint::from(5u32).pow(i)).collect();
    let to: Vec<KnownMove> = (takes.iter())
        .map(|d| KnownMove {
            rule: 0,
            to: vec![&n - d],
        })
        .collect();
    assert_eq!(closed.winning.moves, to);
    assert!(!closed.winning.at_least);
    // Powers of 2: P at odd exponents; at even ones one move, to half.
    let two = |k: u32| BigUint::one() << k;
    assert_eq!(known.analyze(&[two(1001)], 5).outcome, Outcome::P);
    let closed = known.analyze(&[two(1000)], 5);
    assert_eq!(
        closed.winning.moves,
        [KnownMove {
            rule: 0,
            to: vec![two(999)]
        }]
    );
    assert_eq!(closed.winning.count, BigUint::one());
    // 2 (2^89 - 1), a Mersenne prime past what trial division reaches: the
    // prime's own move is found, and the count is a lower bound.
    let prime = two(89) - 1u32;
    let closed = known.analyze(&[&prime * 2u32], 5);
    assert_eq!(closed.outcome, Outcome::N);
    assert!(closed.winning.at_least);
    assert_eq!(
        closed.winning.moves,
        [KnownMove {
            rule: 0,
            to: vec![prime.clone()]
        }]
    );
}

#[test]
fn deleting_divisors_is_recognised_written_other_ways() {
    let e = &deleting_divisors::ENTRY;
    for text in [
        "game d {\n heaps 1\n take 1.. where k > 1 and h % k == 0 and k != h\n}",
        "game d {\n heaps 1\n take 1.. where h > k and 0 == h % k and 2 <= k\n}",
        // As a move block, the divisor chosen.
        BLOCK_DELETING_DIVISORS,
        "game d {\n heaps 1\n move m { choose d in 1..h[1]; require h[1] % d == 0 and d > 1 and d != h[1]; h[1] = h[1] - d }\n}",
        "game d {\n heaps 1\n move m { choose d in 2..h[1]; require d divides h[1]; require d < h[1]; h[1] -= d }\n}",
    ] {
        assert!(recognised(e, text, &[]), "{text}");
    }
    for text in [
        // k = h allowed: another game.
        "game d {\n heaps 1\n take 2.. where k divides h\n}",
        // 1 allowed.
        "game d {\n heaps 1\n take 1.. where k divides h and k < h\n}",
        "game d {\n heaps 2\n take 2.. where k divides h and k < h\n}",
        "game d {\n heaps 1\n play misere\n take 2.. where k divides h and k < h\n}",
        "game d {\n heaps 1\n take 2.. where k divides h and k < h and h < 100\n}",
        // Blocks of other games: the heap emptied, one less taken, a bound
        // on the heap, 1 allowed.
        "game d {\n heaps 1\n move m { choose d in 2..h[1]; require d divides h[1]; h[1] -= d }\n}",
        "game d {\n heaps 1\n move m { choose d in 2..h[1] - 1; require d divides h[1]; h[1] -= d - 1 }\n}",
        "game d {\n heaps 1\n move m { choose d in 2..h[1] - 1; require d divides h[1] and h[1] < 100; h[1] -= d }\n}",
        "game d {\n heaps 1\n move m { choose d in 1..h[1] - 1; require d divides h[1]; h[1] -= d }\n}",
    ] {
        assert!(!recognised(e, text, &[]), "{text}");
    }
    // The block's answers are the search's, winning moves in its order.
    let (game, known) = known(e, BLOCK_DELETING_DIVISORS, &[]);
    for n in 0..=300 {
        agrees(&game, known.as_ref(), &[n], false);
    }
}

/// Deleting divisors as a move block (Codeforces 1537D as a contestant
/// writes the move).
const BLOCK_DELETING_DIVISORS: &str = "game d {
    heaps 1
    move delete { choose d in 2..h[1] - 1; require d divides h[1]; h[1] -= d }
}";
