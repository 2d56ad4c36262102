//! The Nim family of known games (nim, misere_nim, bash, misere_bash,
//! bounded_nim, lasker, subtraction): recognition by the rules' structure,
//! the closed forms against the search, exactness for huge heaps, and the
//! seed notes' facts (each test names the note and the published source)
//! answered by the closed forms.

use std::sync::Arc;

use super::common::{all_positions, load, load_text};
use gamelang::known::closed::Closed;
use gamelang::known::{self, Entry, Known, KnownMove};
use gamelang::known::{bash, bounded_nim, lasker, misere_bash, misere_nim, nim, subtraction};
use gamelang::moves::MoveGen;
use gamelang::period;
use gamelang::position::Outcome;
use gamelang::rules::Game;
use gamelang::search::heaps::{HeapValues, Method};
use gamelang::search::{Solver, Value};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use proptest::prelude::*;

const NIM: &str = "game nim {\n    heaps *\n    take 1..\n}\n";
const MISERE_NIM: &str = "game nim {\n    heaps *\n    take 1..\n    play misere\n}\n";
const BASH: &str = "game bash(m = 3) {\n    heaps 1\n    take 1..m\n}\n";
const MISERE_BASH: &str = "game bash(m = 3) {\n    heaps 1\n    take 1..m\n    play misere\n}\n";
const BOUNDED: &str = "game bounded(r = 3) {\n    heaps *\n    take 1..r\n}\n";
const LASKER: &str =
    "game lasker {\n    heaps *\n    take 1..\n    split into 2 nonempty heaps\n}\n";
const SUBTRACTION: &str = "game sub(S = {1, 3, 4}) {\n    heaps *\n    take S\n}\n";

/// My catalogue entries: near misses must be recognised by none of them.
const MINE: [&Entry; 7] = [
    &bash::ENTRY,
    &misere_bash::ENTRY,
    &nim::ENTRY,
    &misere_nim::ENTRY,
    &bounded_nim::ENTRY,
    &lasker::ENTRY,
    &subtraction::ENTRY,
];

/// The only game of `text`, lowered with `--set` style overrides.
fn game(text: &str, sets: &[&str]) -> Arc<Game> {
    let program = load_text("test.game", text, sets);
    let entry = program.games.first().expect("one game");
    entry.default.clone().expect("the game lowers")
}

fn known_of(game: &Game) -> Box<dyn Known> {
    known::recognise(game).unwrap_or_else(|| panic!("`{}` is recognised", game.title()))
}

fn id(text: &str, sets: &[&str]) -> Option<&'static str> {
    known::recognise(&game(text, sets)).map(|k| k.id())
}

/// None of the Nim family's entries recognises the game.
fn none_of_mine(text: &str) -> bool {
    let game = game(text, &[]);
    MINE.iter().all(|entry| (entry.recognise)(&game).is_none())
}

fn big(heaps: &[u64]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

fn small(moves: &[KnownMove]) -> Vec<(usize, Vec<u64>)> {
    moves
        .iter()
        .map(|m| {
            let to = m.to.iter().map(|h| h.to_u64().expect("a small heap"));
            (m.rule, to.collect())
        })
        .collect()
}

/// The closed form and the search agree at `heaps`: outcome, Grundy value,
/// the winning moves (the moves to P-positions, as a set and in the
/// search's order) and their count; and `max_moves` lists a prefix.
fn agrees(game: &Arc<Game>, heaps: &[u64]) -> Result<(), TestCaseError> {
    let k = known_of(game);
    let mut solver = Solver::new(game.clone(), 1_000_000);
    let (value, _) = solver.value(heaps).expect("the search succeeds");
    let closed: Closed = k.analyze(&big(heaps), usize::MAX);
    let at = format!("{} at {heaps:?}", game.title());
    prop_assert_eq!(
        closed.outcome == Outcome::P,
        value.is_p(),
        "outcome, {}",
        at
    );
    match value {
        Value::Grundy(g) => {
            prop_assert_eq!(closed.grundy.clone(), Some(BigUint::from(g)), "{}", at)
        }
        Value::Misere { .. } => prop_assert_eq!(closed.grundy.clone(), None, "{}", at),
    }
    let mut expected = Vec::new();
    for (rule, next) in solver.moves_from(heaps).expect("moves") {
        let (v, _) = solver.value(&next).expect("the search succeeds");
        if v.is_p() && !expected.iter().any(|(_, p): &(usize, Vec<u64>)| *p == next) {
            expected.push((rule, next));
        }
    }
    let got = small(&closed.winning.moves);
    let mut got_set = got.clone();
    let mut expected_set = expected.clone();
    got_set.sort();
    expected_set.sort();
    prop_assert_eq!(&got_set, &expected_set, "winning moves, {}", at);
    prop_assert_eq!(&got, &expected, "the search's order, {}", at);
    prop_assert_eq!(
        closed.winning.count,
        BigUint::from(expected.len()),
        "count, {}",
        at
    );
    for max in [0, 1, 2] {
        let few = k.analyze(&big(heaps), max);
        prop_assert_eq!(
            &few.winning.moves[..],
            &closed.winning.moves[..max.min(got.len())]
        );
        prop_assert_eq!(few.winning.count, BigUint::from(expected.len()));
    }
    Ok(())
}

fn heaps_up_to_3() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..=8, 0..=3)
}

proptest! {
    #[test]
    fn nim_agrees_with_the_search(heaps in heaps_up_to_3()) {
        agrees(&game(NIM, &[]), &heaps)?;
    }

    #[test]
    fn misere_nim_agrees_with_the_search(heaps in heaps_up_to_3()) {
        agrees(&game(MISERE_NIM, &[]), &heaps)?;
    }

    #[test]
    fn bash_agrees_with_the_search(m in prop::sample::select(vec![1u64, 2, 3, 5, 7]), n in 0u64..=60) {
        agrees(&game(BASH, &[&format!("m={m}")]), &[n])?;
    }

    #[test]
    fn misere_bash_agrees_with_the_search(m in prop::sample::select(vec![1u64, 2, 3, 5, 7]), n in 0u64..=60) {
        agrees(&game(MISERE_BASH, &[&format!("m={m}")]), &[n])?;
    }

    #[test]
    fn bounded_nim_agrees_with_the_search(r in 1u64..=5, heaps in heaps_up_to_3()) {
        agrees(&game(BOUNDED, &[&format!("r={r}")]), &heaps)?;
    }

    #[test]
    fn lasker_agrees_with_the_search(heaps in heaps_up_to_3()) {
        agrees(&game(LASKER, &[]), &heaps)?;
    }

    #[test]
    fn lasker_agrees_with_the_search_on_one_heap(n in 0u64..=40) {
        agrees(&game(LASKER, &[]), &[n])?;
    }

    #[test]
    fn subtraction_agrees_with_the_search(
        set in prop::sample::select(vec!["{1, 3, 4}", "{2, 5, 6}", "{1, 4}", "{3, 4, 9}", "{2, 7}", "{1, 2, 4}", "{5}"]),
        heaps in heaps_up_to_3(),
    ) {
        agrees(&game(SUBTRACTION, &[&format!("S={set}")]), &heaps)?;
    }

    #[test]
    fn subtraction_agrees_with_the_search_on_one_heap(
        set in prop::sample::select(vec!["{1, 3, 4}", "{2, 5, 6}", "{3, 4, 9}", "{2, 7}"]),
        n in 0u64..=60,
    ) {
        agrees(&game(SUBTRACTION, &[&format!("S={set}")]), &[n])?;
    }

    #[test]
    fn subtraction_of_a_range_agrees_with_the_search(heaps in heaps_up_to_3()) {
        // `take 2..5` is the subtraction game {2, 3, 4, 5}.
        agrees(&game("game g {\n heaps *\n take 2..5\n}\n", &[]), &heaps)?;
    }

    #[test]
    fn subtraction_periods_agree_with_the_engine_and_the_table(
        set in prop::collection::btree_set(1u64..=12, 1..=4),
    ) {
        // One theorem, three routes to it: the closed form's first repeated
        // window, the one-heap engine's looks as its values grow, and a
        // table's check of the plain method's values.
        let amounts: Vec<u64> = set.into_iter().collect();
        let closed = subtraction::sequence(&amounts).map(|(_, p)| p).expect("a period");
        let t = *amounts.last().expect("an amount") as usize;
        // The engine looks at 128, 256, ... values; 4096 are computed.
        prop_assume!(closed.preperiod + closed.period + t <= 2048);
        let list: Vec<String> = amounts.iter().map(u64::to_string).collect();
        let g = game(&format!("game g {{\n heaps *\n take {{{}}}\n}}\n", list.join(", ")), &[]);
        let mut solver = Solver::new(g.clone(), 1 << 20);
        solver.value(&[4095]).expect("the values are defined");
        prop_assert_eq!(solver.period(), Some(&closed));
        let mut plain = HeapValues::with_method(4096, Method::Plain);
        plain
            .extend_to(&g, &MoveGen::new(&g), 4095, &[4095])
            .expect("the values are defined");
        let found = period::find(&plain.values().to_vec(), period::classify(&g));
        prop_assert_eq!(found.as_ref(), Some(&closed));
    }

    #[test]
    fn lasker_splits_are_counted_exactly(h in 0u64..=3000, t in 0u64..=4096) {
        // Against trying every split a + b = h, 1 <= a <= b.
        let g = |n: u64| lasker::grundy(&BigUint::from(n));
        let t_big = BigUint::from(t);
        let expected: Vec<(BigUint, BigUint)> = (1..=h / 2)
            .filter(|&a| (g(a) ^ g(h - a)) == t_big)
            .map(|a| (BigUint::from(a), BigUint::from(h - a)))
            .collect();
        let splits = lasker::Splits::new(&BigUint::from(h), &t_big);
        prop_assert_eq!(splits.count(), BigUint::from(expected.len()));
        prop_assert_eq!(splits.first(5), expected.into_iter().take(5).collect::<Vec<_>>());
    }
}

#[test]
fn the_example_games_are_recognised() {
    for (file, name, id) in [
        ("nim", "nim", "nim"),
        ("antinim", "antinim", "misere_nim"),
        ("bash", "bash", "bash"),
        ("misere_bash", "misere_bash", "misere_bash"),
        ("bounded_nim", "bounded_nim", "bounded_nim"),
        ("lasker", "lasker", "lasker"),
        ("subtraction", "subtraction", "subtraction"),
        ("sums", "bash", "bash"),
        ("sums", "nim", "nim"),
    ] {
        let program = load(file, &[]);
        let game = program.game(name).unwrap().default.clone().unwrap();
        assert_eq!(
            known::recognise(&game).map(|k| k.id()),
            Some(id),
            "{file}.game"
        );
    }
    let program = load("grundy", &[]);
    let game = program.game("grundy").unwrap().default.clone().unwrap();
    assert!(MINE.iter().all(|e| (e.recognise)(&game).is_none()));
}

#[test]
fn the_same_game_written_another_way_is_recognised() {
    // Nim: a label, `from one heap`, a fixed heap count, one heap.
    for text in [
        "game x {\n any: take 1.. from one heap\n heaps *\n}",
        "game x {\n heaps 3\n take 1..\n}",
        "game x {\n heaps 1\n take 1.. from 1 heap\n play normal\n}",
    ] {
        assert_eq!(id(text, &[]), Some("nim"), "{text}");
    }
    assert_eq!(
        id("game x {\n play misere\n heaps 4\n last: take 1..\n}", &[]),
        Some("misere_nim")
    );
    // Bash: a set for the range, a parameter set from outside, a single amount.
    assert_eq!(
        id("game x {\n heaps 1\n take {1, 2, 3}\n}", &[]),
        Some("bash")
    );
    assert_eq!(
        id("game x {\n heaps 1\n take {3, 2, 1}\n}", &[]),
        Some("bash")
    );
    assert_eq!(id("game x {\n heaps 1\n take 1\n}", &[]), Some("bash"));
    let g = game(BASH, &["m=7"]);
    assert_eq!(known_of(&g).id(), "bash");
    assert_eq!(known_of(&g).rule(), "n is P iff n mod 8 = 0 (m = 7)");
    assert_eq!(
        known_of(&game(BASH, &[])).rule(),
        "n is P iff n mod 4 = 0 (m = 3)"
    );
    assert_eq!(
        id(
            "game x(top = 4) {\n heaps 1\n take 1..top\n play misere\n}",
            &[]
        ),
        Some("misere_bash")
    );
    assert_eq!(
        id("game x {\n heaps 1\n take {1, 2}\n play misere\n}", &[]),
        Some("misere_bash")
    );
    // Bounded Nim: any heap count but one, a set.
    assert_eq!(
        id("game x {\n heaps 3\n take 1..3\n}", &[]),
        Some("bounded_nim")
    );
    assert_eq!(
        id("game x {\n heaps 2\n take {2, 1}\n}", &[]),
        Some("bounded_nim")
    );
    assert_eq!(id(BOUNDED, &["r=10"]), Some("bounded_nim"));
    // Lasker: rules in the other order, labels.
    assert_eq!(
        id(
            "game x {\n heaps *\n cut: split into 2 nonempty heaps\n grab: take 1..\n}",
            &[]
        ),
        Some("lasker")
    );
    // Subtraction: a set written any way, a range not starting at 1, a set
    // parameter set from outside, a fixed heap count.
    for (text, sets) in [
        ("game x {\n heaps *\n take {4, 1, 3}\n}", &[][..]),
        ("game x {\n heaps 1\n take {1, 3, 4}\n}", &[]),
        ("game x {\n heaps 2\n take 2..5\n}", &[]),
        (SUBTRACTION, &["S={2, 5, 6}"]),
        ("game x {\n heaps *\n take 7\n}", &[]),
        // A condition that bounds the amounts is the set it allows.
        ("game x {\n heaps 1\n take 1..3 where k is odd\n}", &[]),
    ] {
        assert_eq!(id(text, sets), Some("subtraction"), "{text} {sets:?}");
    }
    assert_eq!(
        id("game x {\n heaps *\n take 1.. where k <= 3\n}", &[]),
        Some("bounded_nim")
    );
}

#[test]
fn near_misses_are_not_recognised() {
    for text in [
        // An extra rule.
        "game x {\n heaps 2\n take 1..\n take 1.. from both heaps\n}",
        "game x {\n heaps *\n take 1..\n take 2.. from 2 heaps\n}",
        "game x {\n heaps 1\n take 1..3\n take 5\n}",
        // Another amount set: unbounded but not from 1, or adding.
        "game x {\n heaps *\n take 2..\n}",
        // A condition on the amounts that is no bound, or an invariant.
        "game x {\n heaps 1\n take 1.. where k is prime\n}",
        "game x {\n heaps * where each <= 9\n take 1..\n}",
        "game x {\n heaps * where each <= 9\n take 1..3\n}",
        "game x {\n heaps 1 where each <= 9\n take {1, 3, 4}\n}",
        // Misère where normal play is meant (and the other way round).
        "game x {\n heaps *\n take 1..3\n play misere\n}",
        "game x {\n heaps *\n take {1, 3, 4}\n play misere\n}",
        "game x {\n heaps *\n take 1..\n split into 2 nonempty heaps\n play misere\n}",
        // Misère Nim with an extra rule.
        "game x {\n heaps *\n take 1..\n take 1.. from up to 2 heaps\n play misere\n}",
        // Lasker near misses: unequal splits, a bounded take, a split alone,
        // split of the rest.
        "game x {\n heaps *\n take 1..\n split into 2 unequal nonempty heaps\n}",
        "game x {\n heaps *\n take 1..3\n split into 2 nonempty heaps\n}",
        "game x {\n heaps *\n split into 2 nonempty heaps\n}",
        "game x {\n heaps *\n take 1.. and split the rest into 2 nonempty heaps\n}",
        // Other kinds of move.
        "game x {\n heaps *\n shift 1.. to the previous heap\n}",
        "game x {\n heaps 3\n take 1.. from 2 heaps\n}",
        "game x {\n heaps 3\n take 1..3 from up to 2 heaps\n}",
        // A subtraction set above the limit.
        "game x {\n heaps *\n take {1, 20000}\n}",
    ] {
        assert!(none_of_mine(text), "{text}");
    }
    // Bash and misère Bash tell the play apart; a second heap is bounded Nim.
    assert_eq!(
        id("game x {\n heaps 1\n take 1..3\n play misere\n}", &[]),
        Some("misere_bash")
    );
    assert_eq!(
        id("game x {\n heaps 2\n take 1..3\n}", &[]),
        Some("bounded_nim")
    );
    let misere_two_heaps = game("game x {\n heaps 2\n take 1..3\n play misere\n}", &[]);
    assert!(
        MINE.iter()
            .all(|e| (e.recognise)(&misere_two_heaps).is_none())
    );
}

#[test]
fn nim_is_exact_at_40_digit_heaps() {
    let a: BigUint = "1234567890123456789012345678901234567890".parse().unwrap();
    let b: BigUint = "9876543210987654321098765432109876543210".parse().unwrap();
    let c: BigUint = "5555555555555555555555555555555555555555".parse().unwrap();
    let k = known_of(&game(NIM, &[]));
    let heaps = vec![a.clone(), b.clone(), c.clone()];
    let s = &a ^ &b ^ &c;
    let closed = k.analyze(&heaps, 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(closed.grundy, Some(s.clone()));
    let expected: Vec<KnownMove> = (0..3)
        .filter(|&i| (&heaps[i] ^ &s) < heaps[i])
        .map(|i| {
            let mut to = heaps.clone();
            to[i] = &heaps[i] ^ &s;
            KnownMove { rule: 0, to }
        })
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(closed.winning.moves, expected);
    assert_eq!(closed.winning.count, BigUint::from(expected.len()));
    for m in &closed.winning.moves {
        assert!(m.to.iter().fold(BigUint::zero(), |x, h| x ^ h).is_zero());
    }
    // (a, b, a xor b) is P.
    let p = k.analyze(&[a.clone(), b.clone(), &a ^ &b], 10);
    assert_eq!(p.outcome, Outcome::P);
    assert!(p.winning.moves.is_empty() && p.winning.count.is_zero());
}

#[test]
fn bash_is_exact_at_m_10_to_30_and_n_10_to_40_plus_7() {
    let m = BigUint::from(10u32).pow(30);
    let n = BigUint::from(10u32).pow(40) + 7u32;
    let g = game(BASH, &[&format!("m={m}")]);
    let k = known_of(&g);
    assert_eq!(k.id(), "bash");
    let closed = k.analyze(std::slice::from_ref(&n), 10);
    // 10^30 = -1 mod (10^30 + 1), so 10^40 + 7 = -10^10 + 7 mod (m + 1).
    let r = &m - BigUint::from(10u32).pow(10) + 8u32;
    assert_eq!(r, &n % (&m + 1u32));
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(closed.grundy, Some(r.clone()));
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: vec![&n - &r]
        }]
    );
    assert_eq!(closed.winning.count, BigUint::from(1u32));
    let p = k.analyze(&[&m + 1u32], 10);
    assert_eq!(p.outcome, Outcome::P);
    // Misère Bash at the same size: (n - 1) mod (m + 1) is taken.
    let k = known_of(&game(MISERE_BASH, &[&format!("m={m}")]));
    let closed = k.analyze(std::slice::from_ref(&n), 10);
    let take = (&n - 1u32) % (&m + 1u32);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: vec![&n - &take]
        }]
    );
}

#[test]
fn subtraction_1_3_4_is_exact_at_10_to_50() {
    // Seed 002: P iff n mod 7 is 0 or 2.
    let k = known_of(&game(SUBTRACTION, &[]));
    for n in [
        BigUint::from(10u32).pow(50),
        BigUint::from(10u32).pow(50) + 1u32,
    ] {
        let r = (&n % 7u32).to_u32().unwrap();
        let closed = k.analyze(std::slice::from_ref(&n), 10);
        assert_eq!(
            closed.outcome == Outcome::P,
            r == 0 || r == 2,
            "n mod 7 = {r}"
        );
        for m in &closed.winning.moves {
            let left = (&m.to[0] % 7u32).to_u32().unwrap();
            assert!(left == 0 || left == 2);
        }
    }
    assert_eq!((BigUint::from(10u32).pow(50) % 7u32).to_u32(), Some(2));
    let period = subtraction::sequence(&[1, 3, 4]).map(|(_, p)| p).unwrap();
    assert_eq!((period.preperiod, period.period), (0, 7));
}

#[test]
fn lasker_is_exact_at_a_30_digit_heap() {
    let k = known_of(&game(LASKER, &[]));
    let g = lasker::grundy;
    let h: BigUint = "123456789012345678901234567891".parse().unwrap();
    assert_eq!((&h % 4u32).to_u32(), Some(3));
    // g(4k+3) = 4k+4 (Winning Ways, ch. 15).
    assert_eq!(g(&h), &h + 1u32);
    // One heap alone: the moves to value 0 are emptying it, or splitting it
    // into two equal heaps (g is one-to-one); h is odd, so only the first.
    let closed = k.analyze(std::slice::from_ref(&h), 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(closed.grundy, Some(&h + 1u32));
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: vec![BigUint::zero()]
        }]
    );
    let even = &h + 1u32;
    let closed = k.analyze(std::slice::from_ref(&even), 10);
    let half = &even / 2u32;
    assert_eq!(closed.winning.count, BigUint::from(2u32));
    assert_eq!(
        closed.winning.moves[1],
        KnownMove {
            rule: 1,
            to: vec![half.clone(), half]
        }
    );
    // (h, 1): the heap h must go to value 1: take it down to 1, or split it
    // into a + b with g(a) xor g(b) = 1, which needs |a - b| <= 3: checked by
    // trying the few splits near h / 2.
    let heaps = vec![h.clone(), BigUint::from(1u32)];
    let closed = k.analyze(&heaps, 100);
    let mut expected = vec![KnownMove {
        rule: 0,
        to: vec![BigUint::from(1u32), BigUint::from(1u32)],
    }];
    let lo = &h / 2u32 - 3u32;
    let mut a = lo;
    while a <= &h / 2u32 {
        let b = &h - &a;
        if (g(&a) ^ g(&b)) == BigUint::from(1u32) {
            expected.push(KnownMove {
                rule: 1,
                to: vec![a.clone(), b, BigUint::from(1u32)],
            });
        }
        a += 1u32;
    }
    assert_eq!(closed.winning.moves, expected);
    assert_eq!(closed.winning.count, BigUint::from(expected.len()));
    // A target with many splits: every listed one is a move to P, in
    // increasing order, and the count is at least what is listed.
    let heaps = vec![h.clone(), BigUint::from(1000u32), BigUint::from(77777u32)];
    let closed = k.analyze(&heaps, 50);
    for m in &closed.winning.moves {
        let total = m.to.iter().fold(BigUint::zero(), |x, v| x ^ g(v));
        assert!(total.is_zero(), "{m:?}");
    }
    assert!(closed.winning.count >= BigUint::from(closed.winning.moves.len()));
}

#[test]
fn seed_002_21_with_take_1_to_3_is_won_by_leaving_20() {
    let program = load("bash", &[]);
    let k = known_of(program.game("bash").unwrap().default.as_ref().unwrap());
    let closed = k.analyze(&big(&[21]), 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(
        closed.winning.moves,
        vec![KnownMove {
            rule: 0,
            to: big(&[20])
        }]
    );
    assert_eq!(closed.winning.count, BigUint::from(1u32));
}

#[test]
fn seed_002_subtraction_1_3_4_is_p_where_n_mod_7_is_0_or_2() {
    let program = load("subtraction", &[]);
    let k = known_of(
        program
            .game("subtraction")
            .unwrap()
            .default
            .as_ref()
            .unwrap(),
    );
    for n in 0..=1000u64 {
        let closed = k.analyze(&big(&[n]), 10);
        assert_eq!(
            closed.outcome == Outcome::P,
            n % 7 == 0 || n % 7 == 2,
            "n = {n}"
        );
    }
    assert_eq!(k.analyze(&big(&[100]), 10).outcome, Outcome::P);
    assert_eq!(
        k.rule(),
        "a heap n alone is P iff n mod 7 in {0, 2}; g has period 7 from n = 0, and a position is P iff the XOR of g over its heaps is 0 (S = {1, 3, 4})"
    );
}

#[test]
fn seed_001_nim_winning_moves_are_the_heaps_with_h_xor_s_below_h() {
    let k = known_of(&game(NIM, &[]));
    for heaps in all_positions(3, 7) {
        let s = heaps.iter().fold(0, |x, h| x ^ h);
        let closed = k.analyze(&big(&heaps), 10);
        assert_eq!(closed.outcome == Outcome::P, s == 0);
        let count = heaps.iter().filter(|&&h| h ^ s < h).count();
        assert_eq!(closed.winning.count, BigUint::from(count), "{heaps:?}");
        let expected: Vec<(usize, Vec<u64>)> = (0..3)
            .filter(|&i| heaps[i] ^ s < heaps[i])
            .map(|i| {
                let mut to = heaps.clone();
                to[i] ^= s;
                (0, to)
            })
            .collect();
        assert_eq!(small(&closed.winning.moves), expected);
    }
}

#[test]
fn seeds_003_004_misere_bash_is_p_iff_n_minus_1_is_a_multiple_of_m_plus_1() {
    for m in 1..=6u64 {
        let k = known_of(&game(MISERE_BASH, &[&format!("m={m}")]));
        for n in 0..=200u64 {
            let closed = k.analyze(&big(&[n]), 10);
            let p = n >= 1 && (n - 1) % (m + 1) == 0;
            assert_eq!(closed.outcome == Outcome::P, p, "m = {m}, n = {n}");
            assert_eq!(closed.winning.count, BigUint::from(u32::from(!p && n > 0)));
        }
    }
    // Seed 004's worked example: n = 15, m = 3 is a first-player win, by
    // taking 2 to leave 13 (13 - 1 = 12 is a multiple of 4).
    let k = known_of(
        &load("misere_bash", &[])
            .game("misere_bash")
            .unwrap()
            .default
            .clone()
            .unwrap(),
    );
    let closed = k.analyze(&big(&[15]), 10);
    assert_eq!(closed.outcome, Outcome::N);
    assert_eq!(small(&closed.winning.moves), vec![(0, vec![13])]);
}

#[test]
fn seed_003_anti_nim_on_all_3_heap_positions_up_to_7() {
    let k = known_of(&game(MISERE_NIM, &[]));
    let g = game(MISERE_NIM, &[]);
    let mut solver = Solver::new(g, 1_000_000);
    for heaps in all_positions(3, 7) {
        let s = heaps.iter().fold(0, |x, h| x ^ h);
        let big_heaps = heaps.iter().any(|&h| h > 1);
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        // Seed 003: the mover wins iff (all heaps <= 1 and the number of 1s
        // is even) or (some heap > 1 and the XOR is not 0).
        let wins = (!big_heaps && ones % 2 == 0) || (big_heaps && s != 0);
        let closed = k.analyze(&big(&heaps), 10);
        assert_eq!(closed.outcome == Outcome::N, wins, "{heaps:?}");
        assert_eq!(closed.grundy, None);
        let (value, _) = solver.value(&heaps).unwrap();
        assert_eq!(value, Value::Misere { next_wins: wins }, "{heaps:?}");
    }
}

#[test]
fn seed_001_bounded_nim_is_the_xor_of_heaps_mod_r_plus_1() {
    for r in 1..=4u64 {
        let k = known_of(&game(BOUNDED, &[&format!("r={r}")]));
        for heaps in all_positions(3, 7) {
            let s = heaps.iter().fold(0, |x, h| x ^ (h % (r + 1)));
            let closed = k.analyze(&big(&heaps), 10);
            assert_eq!(closed.grundy, Some(BigUint::from(s)), "r = {r}, {heaps:?}");
            assert_eq!(closed.outcome == Outcome::P, s == 0);
        }
    }
}
