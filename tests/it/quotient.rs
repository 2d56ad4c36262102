//! Misère quotients, grown from the rules: the orders MisereSolver finds
//! (Plambeck and Siegel, "Misère quotients for impartial games", JCTA
//! 2008), and every small sum of heaps against a brute force written here.

use std::collections::HashMap;
use std::sync::Arc;

use gamelang::analysis::{Analyzer, ComponentMethod, Outcome};
use gamelang::check::{Instance, Question};
use gamelang::misere::quotient::{self, Limits, Quotient};
use gamelang::position::Position;
use gamelang::rules::Game;
use gamelang::search::Budget;
use num_bigint::BigUint;
use proptest::prelude::*;

use super::common::load_text;

fn game(moves: &str) -> Arc<Game> {
    let text = format!("game g {{\n heaps *\n {moves}\n play misere\n}}\n");
    let program = load_text("q.game", &text, &[]);
    program.game("g").expect("g").lowered().expect("lowers")
}

fn grown(moves: &str, upto: u64) -> Quotient {
    let mut budget = Budget::unlimited();
    let limits = Limits { max_order: 10_000 };
    let (q, stopped) =
        quotient::grow(&[game(moves)], &[upto], &limits, &mut budget).expect("grows");
    assert_eq!(stopped, None, "{moves}");
    q
}

/// Octal game moves written out: digit d_j of the code allows taking j
/// tokens and leaving no heap (bit 1), one heap (bit 2), or two (bit 4).
fn octal_moves(code: &[u8]) -> impl Fn(u32) -> Vec<Vec<u32>> + '_ {
    move |n| {
        let mut options = Vec::new();
        for (j, &d) in code.iter().enumerate() {
            let j = j as u32 + 1;
            if j > n {
                break;
            }
            let rest = n - j;
            if d & 1 != 0 && rest == 0 {
                options.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                options.push(vec![rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                options.extend((1..=rest / 2).map(|a| vec![rest - a, a]));
            }
        }
        options
    }
}

/// Grundy's game: split a heap into two unequal heaps.
fn grundy_moves(n: u32) -> Vec<Vec<u32>> {
    (1..n.div_ceil(2)).map(|a| vec![n - a, a]).collect()
}

/// Misère play by the definition: a position with no move is won by the
/// player to move; any other is won when some move leaves a lost one.
fn player_to_move_wins(
    heaps: Vec<u32>,
    moves: &dyn Fn(u32) -> Vec<Vec<u32>>,
    memo: &mut HashMap<Vec<u32>, bool>,
) -> bool {
    let mut heaps = heaps;
    heaps.retain(|&h| !moves(h).is_empty());
    heaps.sort_unstable();
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    for i in 0..heaps.len() {
        for option in moves(heaps[i]) {
            any_move = true;
            let mut after = heaps.clone();
            after.remove(i);
            after.extend(option);
            if !player_to_move_wins(after, moves, memo) {
                wins = true;
            }
        }
    }
    let wins = wins || !any_move;
    memo.insert(heaps, wins);
    wins
}

/// Every sum of at most three heaps up to `bound` is P by the quotient
/// exactly when the brute force says so.
fn agrees_with_brute_force(q: &Quotient, moves: &dyn Fn(u32) -> Vec<Vec<u32>>, bound: u32) {
    let mut memo = HashMap::new();
    for a in 0..=bound {
        for b in 0..=a {
            for c in 0..=b {
                let heaps = [a, b, c].map(BigUint::from);
                let by_quotient = q.is_p(&heaps).expect("heaps the quotient holds for");
                let by_search = !player_to_move_wins(vec![a, b, c], moves, &mut memo);
                assert_eq!(by_quotient, by_search, "({a}, {b}, {c})");
            }
        }
    }
}

#[test]
fn kayles_has_the_quotient_of_order_40_periodic_from_71() {
    let q = grown("octal 0.77", 200);
    assert_eq!((q.order(), q.p.count_ones(..)), (40, 9));
    // The heaps at which the order grows, and to what: the same as A. N.
    // Siegel's MisereSolver (CGSuite) gave, run on this machine beside it.
    assert_eq!(
        q.growth,
        [
            (1, 2),
            (2, 6),
            (5, 12),
            (9, 18),
            (12, 24),
            (25, 32),
            (27, 40)
        ]
    );
    let period = q.period.as_ref().expect("a period");
    assert!(period.is_proven());
    assert_eq!((period.preperiod, period.period), (71, 12));
    // Found before heap 200: the period holds for every heap.
    assert!(q.upto() < 200);
    agrees_with_brute_force(&q, &octal_moves(&[7, 7]), 12);
    // One heap: P exactly where the brute force says up to 40, and (by the
    // period, past the heaps grown) nowhere else up to 400.
    let mut memo = HashMap::new();
    let by_search: Vec<u32> = (0..=40u32)
        .filter(|&n| !player_to_move_wins(vec![n], &octal_moves(&[7, 7]), &mut memo))
        .collect();
    assert_eq!(by_search, [1, 4, 9, 12, 20]);
    let p_heaps: Vec<u32> = (0..400u32)
        .filter(|&n| q.is_p(&[BigUint::from(n)]) == Some(true))
        .collect();
    assert_eq!(p_heaps, by_search);
}

#[test]
fn small_wild_quotients_are_proven_periodic() {
    // 0.75's quotient has order 8 and 0.34's order 12, as MisereSolver
    // gave them, run beside it.
    let q = grown("octal 0.75", 100);
    assert_eq!((q.order(), q.p.count_ones(..)), (8, 2));
    assert!(q.period.as_ref().is_some_and(|p| p.is_proven()));
    agrees_with_brute_force(&q, &octal_moves(&[7, 5]), 12);
    let q = grown("octal 0.34", 100);
    assert_eq!((q.order(), q.p.count_ones(..)), (12, 3));
    agrees_with_brute_force(&q, &octal_moves(&[3, 4]), 12);
}

#[test]
fn dawsons_kayles_and_grundys_game_have_partial_quotients() {
    // Neither is known to have a finite quotient; grown through heap 20
    // they answer every sum of those heaps (the brute force checks those up
    // to 12). The growth heaps are those MisereSolver gave, run beside it.
    let q = grown("octal 0.07", 20);
    assert_eq!(q.growth, [(2, 2), (4, 6), (10, 12), (14, 24)]);
    assert!(q.period.as_ref().is_none_or(|p| !p.is_proven()));
    agrees_with_brute_force(&q, &octal_moves(&[0, 7]), 12);
    let q = grown("split into 2 unequal nonempty heaps", 20);
    assert_eq!(q.growth, [(3, 2), (5, 6), (13, 12), (18, 24), (20, 48)]);
    agrees_with_brute_force(&q, &grundy_moves, 12);
}

#[test]
fn every_quotient_has_even_order() {
    // Plambeck and Siegel proved that a misère quotient of impartial games
    // has even order (restated in Rubinstein-Salzedo and Zhou, arXiv
    // 2603.18244, 2026); the trivial one, before any heap has a move, has 1.
    for moves in [
        "octal 0.77",
        "octal 0.07",
        "octal 0.75",
        "octal 0.31",
        "octal 0.137",
    ] {
        let q = grown(moves, 30);
        for &(_, order) in &q.growth {
            assert_eq!(order % 2, 0, "{moves}: {:?}", q.growth);
        }
    }
}

/// The analyzer's answer for a sum of components of `game`, each a list of
/// heaps.
fn analyze(
    analyzer: &mut Analyzer,
    game: &Arc<Game>,
    components: &[Vec<u32>],
) -> gamelang::analysis::Answer {
    let analysis = Question::sum(
        (components.iter())
            .map(|heaps| {
                Instance::new(
                    game.clone(),
                    Position(heaps.iter().map(|&h| BigUint::from(h)).collect()),
                )
            })
            .collect(),
    );
    analyzer.analyze(&analysis).expect("an answer")
}

/// The analyzer's outcome and winning moves for every position of up to
/// three heaps up to `bound` equal the brute force's, and it answers them
/// by `method`.
fn analyzer_agrees(
    moves: &str,
    by_hand: &dyn Fn(u32) -> Vec<Vec<u32>>,
    bound: u32,
    method: fn(&ComponentMethod) -> bool,
) {
    let game = game(moves);
    let mut analyzer = Analyzer::default();
    let mut memo = HashMap::new();
    for a in 1..=bound {
        for b in 0..=a {
            for c in 0..=b {
                let heaps: Vec<u32> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                let answer = analyze(&mut analyzer, &game, std::slice::from_ref(&heaps));
                assert!(
                    method(&answer.method.components[0]),
                    "{moves} at {heaps:?}: {:?}",
                    answer.method
                );
                let wins = player_to_move_wins(heaps.clone(), by_hand, &mut memo);
                assert_eq!(answer.outcome == Outcome::N, wins, "{moves} at {heaps:?}");
                // The winning moves: every move to a P-position, as sorted heaps.
                let sorted = |mut h: Vec<u32>| {
                    h.retain(|&k| k > 0);
                    h.sort_unstable();
                    h
                };
                let mut listed: Vec<Vec<u32>> = (answer.winning_moves.iter())
                    .map(|m| {
                        sorted(
                            m.to.heaps()
                                .iter()
                                .map(|h| u32::try_from(h).expect("small"))
                                .collect(),
                        )
                    })
                    .collect();
                let mut expected = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    for option in by_hand(h) {
                        let mut after = heaps.clone();
                        after.remove(i);
                        after.extend(option);
                        if !player_to_move_wins(after.clone(), by_hand, &mut memo) {
                            expected.push(sorted(after));
                        }
                    }
                }
                listed.sort_unstable();
                listed.dedup();
                expected.sort_unstable();
                expected.dedup();
                assert_eq!(listed, expected, "{moves} at {heaps:?}");
            }
        }
    }
}

/// By the quotient, or (heaps whose every position is tame, such as a
/// heap of 1 or 2) by the genus.
fn by_quotient(method: &ComponentMethod) -> bool {
    matches!(
        method,
        ComponentMethod::Quotient { .. } | ComponentMethod::Tame { .. }
    )
}

#[test]
fn analyze_answers_small_misere_positions_by_the_quotient_as_a_brute_force_does() {
    // Issue 12: every misère position of up to three heaps up to 12.
    analyzer_agrees("octal 0.77", &octal_moves(&[7, 7]), 12, by_quotient);
    analyzer_agrees("octal 0.07", &octal_moves(&[0, 7]), 12, by_quotient);
    analyzer_agrees(
        "split into 2 unequal nonempty heaps",
        &grundy_moves,
        12,
        by_quotient,
    );
    analyzer_agrees("octal 0.75", &octal_moves(&[7, 5]), 12, by_quotient);
}

#[test]
fn heaps_past_the_quotient_are_searched_with_it_deciding_smaller_positions() {
    // Dawson's Kayles's quotient is not found for every heap: within the
    // analyzer's budget it stops before heap 40, and the search answers the
    // heaps from 36 to 40 with it, exactly as a brute force.
    let game = game("octal 0.07");
    let moves = octal_moves(&[0, 7]);
    let mut analyzer = Analyzer::default();
    let mut memo = HashMap::new();
    for heaps in [vec![36], vec![40], vec![38, 3], vec![37, 12, 5]] {
        let answer = analyze(&mut analyzer, &game, std::slice::from_ref(&heaps));
        assert!(
            matches!(
                answer.method.components[0],
                ComponentMethod::QuotientSearch { .. }
            ),
            "{heaps:?}: {:?}",
            answer.method
        );
        let wins = player_to_move_wins(heaps.clone(), &moves, &mut memo);
        assert_eq!(answer.outcome == Outcome::N, wins, "{heaps:?}");
    }
}

static KAYLES_MEMO: std::sync::LazyLock<std::sync::Mutex<HashMap<Vec<u32>, bool>>> =
    std::sync::LazyLock::new(Default::default);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random sums of misère Kayles components, answered by the quotient,
    /// agree with the brute force.
    #[test]
    fn random_misere_kayles_sums_agree_with_a_brute_force(
        components in prop::collection::vec(prop::collection::vec(1u32..=10, 1..=2), 2..=3)
    ) {
        let game = game("octal 0.77");
        let answer = analyze(&mut Analyzer::default(), &game, &components);
        prop_assert!(by_quotient(&answer.method.components[0]));
        let mut memo = KAYLES_MEMO.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let wins = player_to_move_wins(components.concat(), &octal_moves(&[7, 7]), &mut memo);
        prop_assert_eq!(answer.outcome == Outcome::N, wins);
        for m in &answer.winning_moves {
            let mut after: Vec<u32> = (components.iter().enumerate())
                .filter(|&(i, _)| i != m.component)
                .flat_map(|(_, heaps)| heaps.clone())
                .collect();
            after.extend(m.to.heaps().iter().map(|h| u32::try_from(h).expect("small")));
            prop_assert!(!player_to_move_wins(after, &octal_moves(&[7, 7]), &mut memo));
        }
    }
}

#[test]
fn a_huge_heap_beside_a_small_one_is_answered_by_a_period_of_both_games() {
    // Kayles twice, under two names: their joint quotient is Kayles' own
    // (order 40, period 12 from 71). A heap past those ever grown is answered
    // only by a period, proven on the sizes every game reaches: both games
    // grow to it, though the second is asked about at 3 only.
    let named = |name: &str| {
        let text = format!("game {name} {{\n heaps *\n octal 0.77\n play misere\n}}\n");
        let program = load_text("q.game", &text, &[]);
        program
            .game(name)
            .expect("defined")
            .lowered()
            .expect("lowers")
    };
    let games = [named("a"), named("b")];
    // Enough for the period, not for growing a million heaps instead.
    let mut budget = Budget::start(50_000_000, None);
    let limits = Limits { max_order: 10_000 };
    let (q, stopped) = quotient::grow(&games, &[u64::MAX, 3], &limits, &mut budget).expect("grows");
    assert_eq!(stopped, None);
    assert_eq!(q.order(), 40);
    let huge = BigUint::from(10u32).pow(30);
    // 10^30 = 4 (mod 12), past 71: heap 76's element, in either game.
    assert_eq!(
        q.element_of(0, &huge),
        q.element_of(1, &BigUint::from(76u32))
    );
    assert!(q.element_of(1, &huge).is_some());
    // Asked about small heaps only, each game grows to its own.
    let (q, _) = quotient::grow(&games, &[30, 3], &limits, &mut budget).expect("grows");
    assert_eq!((q.upto_of(0), q.upto_of(1)), (30, 3));
}
