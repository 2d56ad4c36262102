//! Every search ends within its budget — positions, moves examined (each
//! amount a condition rejected counts), time — with an error that says what
//! ran out; and conditions on the amount are solved rather than tried for
//! every amount.

use std::sync::Arc;
use std::time::Duration;

use super::asked;
use super::asked::analysis;
use super::common::{code, load, load_text};
use gamelang::analysis::{self, Analyzer, Count, Note, Outcome};
use gamelang::rules::Game;
use gamelang::search::{Options, SearchError, Solver, Value};

fn game(text: &str) -> Arc<Game> {
    let program = load_text("budgets.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn solver(game: &Arc<Game>, move_budget: Option<u64>, timeout: Option<Duration>) -> Solver {
    Solver::with_options(
        game.clone(),
        Options {
            move_budget,
            timeout,
            ..Options::default()
        },
    )
}

/// Euclid's game (Cole and Davie 1969) with the multiple as a condition on
/// the amount: the mover at (a, b), a ≥ b > 0, loses iff a < φb, that is
/// iff a² < ab + b² (a, b not both equal).
const EUCLID: &str = "game euclid { heaps 2
    take k where min(h[1], h[2]) divides k and h == max(h[1], h[2]) }";

fn euclid_p(a: u64, b: u64) -> bool {
    let (a, b) = (u128::from(a.max(b)), u128::from(a.min(b)));
    b == 0 || (a != b && a * a < a * b + b * b)
}

#[test]
fn a_divisibility_condition_is_solved_for_huge_heaps() {
    // Trying every k up to 10^12 would examine 10^12 amounts; the multiples
    // of the smaller heap are a handful. A budget of 100000 moves is plenty.
    let euclid = game(EUCLID);
    let mut solver = solver(&euclid, Some(100_000), None);
    for (a, b) in [
        (1_000_000_000_000, 600_000_000_000),
        (1_000_000_000_000, 618_033_988_749),
    ] {
        let (value, explored) = solver.value(&[a, b]).expect("within the budget");
        assert_eq!(value.is_p(), euclid_p(a, b), "({a}, {b})");
        assert!(explored.edges < 100_000, "({a}, {b}): {explored:?}");
    }
}

#[test]
fn one_position_with_too_many_moves_stops_inside_its_generation() {
    // From (10^12 - 11, 3) the multiples of 3 are 3.3 * 10^11 moves, all
    // legal: the budget stops their generation, not the end of it.
    let euclid = game(EUCLID);
    let mut solver = solver(&euclid, Some(1_000_000), None);
    let e = solver
        .value(&[999_999_999_989, 3])
        .expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves");
}

#[test]
fn solved_conditions_agree_with_the_definition_on_small_positions() {
    let euclid = game(EUCLID);
    let mut solver = solver(&euclid, None, None);
    for a in 0..40 {
        for b in 0..40 {
            let (value, _) = solver.value(&[a, b]).expect("small");
            assert_eq!(value.is_p(), euclid_p(a, b), "({a}, {b})");
        }
    }
}

#[test]
fn the_general_search_stops_at_its_move_budget() {
    // `k is prime` cannot be solved: every amount is tried and counted.
    let g = game("game g { heaps 2; take k where k is prime; take 1.. from both heaps }");
    let mut solver = solver(&g, Some(100_000), None);
    let e = solver.value(&[300, 300]).expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves");
    assert!(e.to_string().contains("100000 moves"), "{e}");
}

#[test]
fn the_one_heap_engine_stops_at_its_move_budget() {
    let g = game("game g { heaps *; take k where k is prime }");
    let mut solver = solver(&g, Some(1_000_000), None);
    assert!(solver.decomposed());
    let e = solver.value(&[100_000]).expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves");
    // Within the budget, the same solver answers: g(1) = 0 (no prime is 1).
    assert_eq!(solver.value(&[1]).expect("small").0, Value::Grundy(0));
}

#[test]
fn a_timeout_stops_a_search() {
    let g = game("game g { heaps 2; take k where k is prime; take 1.. from both heaps }");
    let mut solver = solver(&g, Some(u64::MAX), Some(Duration::ZERO));
    let e = solver.value(&[1000, 1000]).expect_err("out of time");
    assert_eq!(code(&e), "gamelang::search::timeout");
}

#[test]
fn a_raised_cancel_stops_a_search_as_its_deadline_would() {
    let g = game("game g { heaps 2; take k where k is prime; take 1.. from both heaps }");
    let cancel = gamelang::search::Cancel::default();
    let options = |cancel: &gamelang::search::Cancel| Options {
        move_budget: Some(u64::MAX),
        cancel: Some(cancel.clone()),
        ..Options::default()
    };
    // Not raised: the answer (a small position).
    let mut solver = Solver::with_options(g.clone(), options(&cancel));
    assert!(solver.value(&[20, 20]).is_ok());
    // Raised (by an editor whose file changed): stopped, with no timeout set.
    cancel.cancel();
    let mut solver = Solver::with_options(g, options(&cancel));
    let e = solver.value(&[1000, 1000]).expect_err("cancelled");
    assert_eq!(code(&e), "gamelang::search::timeout");
}

#[test]
fn a_heap_too_costly_for_the_budget_is_refused_by_its_estimate() {
    // Take-a-prime tries every amount (primality is no generator): the heaps
    // up to 4,999,999 examine about 1.25 * 10^13 amounts, past a budget of
    // 2 * 10^9. The heaps evaluated first show the rate, and the rest is
    // refused then, after a few million moves instead of 2 * 10^9, with the
    // estimate (the budget that would answer it).
    let prime = game("game take_a_prime { heaps 1; take k where k is prime }");
    let budget = gamelang::search::budget::DEFAULT_HEAP_MOVE_BUDGET;
    let mut solver = solver(&prime, Some(budget), None);
    let error = solver.value(&[4_999_999]).expect_err("past the budget");
    match error {
        SearchError::WouldExceedMoves { limit, moves, .. } => {
            assert_eq!(limit, budget);
            assert!(moves > u128::from(limit), "{moves}");
        }
        other => panic!("not an estimate: {other:?}"),
    }
    // Where the estimate fits, the search goes on to the answer: the same
    // game to 20,000 (OEIS A014589 is checked elsewhere against the data).
    assert!(solver.value(&[20_000]).is_ok());
}

/// With no move budget given, the timeout is the limit: a forecast refuses
/// at once only work far past it (more than ten times the timeout at the
/// rate so far), and says how long it would take.
#[test]
fn a_heap_far_past_the_timeout_is_refused_by_its_estimate_in_time() {
    let prime = game("game take_a_prime { heaps 1; take k where k is prime }");
    let timeout = Duration::from_secs(2);
    let mut solver = solver(&prime, None, Some(timeout));
    let error = solver
        .value(&[4_999_999])
        .expect_err("far past the timeout");
    match error {
        SearchError::WouldTakeTooLong {
            timeout: t,
            seconds,
            ..
        } => {
            assert_eq!(t, 2);
            assert!(seconds > 10 * t, "{seconds}");
        }
        other => panic!("not an estimate: {other:?}"),
    }
    assert_eq!(code(&error), "gamelang::search::timeout");
    // Within ten times the timeout, no forecast refuses: the same game to
    // 20,000 is answered (about a second of work).
    assert!(solver.value(&[20_000]).is_ok());
}

#[test]
fn taking_from_up_to_k_heaps_lists_no_amounts_ahead() {
    // Found by cargo-fuzz: the amounts of every heap were listed before the
    // first move, 7.7 * 10^18 of them for this heap (an abort asking for
    // 4 GB, then more). They are generated with the moves now, and the
    // position limit ends the search.
    let moore = game("game moore(k = 2) { heaps *; take 2.. from up to k heaps }");
    let mut solver = Solver::with_options(
        moore,
        Options {
            max_positions: 10_000,
            ..Options::default()
        },
    );
    let error = solver
        .value(&[1, 7_777_777_777_777_777_777, 3])
        .expect_err("past the limit");
    assert!(error.to_string().contains("10000"), "{error}");
}

#[test]
fn an_amount_condition_with_or_is_solved_as_the_union_of_its_sides() {
    // Issue 30: `(p <= k and k <= q) or k == h` was tried on every amount
    // (about 2 * 10^9 up to a heap of 65,536, where it gave up); solved as
    // the union of `p..q` and `h`, each heap n tries at most 5 amounts:
    // 327,666 moves in all (4 · 65,536 + 65,536, less the small heaps'
    // overlaps). Every heap agrees with the game written as two rules.
    let text = "game g(p = 2, q = 5) { heaps 1; take k where (p <= k and k <= q) or k == h }\nanalyze g at 65536\n";
    let program = load_text("or.game", text, &[]);
    let answer = gamelang::Analyzer::default()
        .analyze(&program.questions[0])
        .expect("answered");
    let words = gamelang::report::text(&answer, &|_| None);
    assert!(
        words.contains("65537 new heap sizes, 327666 moves"),
        "{words}"
    );
    let or = game("game g(p = 2, q = 5) { heaps 1; take k where (p <= k and k <= q) or k == h }");
    let two = game("game g(p = 2, q = 5) { heaps 1; take p..q; take k where k == h }");
    let mut solver_or = solver(&or, None, None);
    let mut solver_two = solver(&two, None, None);
    for n in 0..=200 {
        let a = solver_or.value(&[n]).expect("answered").0;
        let b = solver_two.value(&[n]).expect("answered").0;
        assert_eq!(a, b, "heap {n}");
    }
}

#[test]
fn amounts_a_condition_rejects_count_in_the_one_heap_engine() {
    // `k * k == h` is not a solved form: every amount is tried, and almost
    // every one rejected. The one-heap engine counted only the moves made
    // (one per square heap), so a budget of 10^6 let it try the 2 * 10^8
    // amounts up to a heap of 20,000; the rejections count now.
    let g = game("game g { heaps 1; take k where k * k == h }");
    let mut solver = solver(&g, Some(1_000_000), None);
    let e = solver.value(&[20_000]).expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves");
    // A small heap is still answered: g(n) = 1 at squares (take all), else
    // 0 (no move).
    let mut solver = self::solver(&g, Some(1_000_000), None);
    assert_eq!(solver.value(&[49]).expect("small").0, Value::Grundy(1));
}

fn analyzer(move_budget: Option<u64>) -> Analyzer {
    Analyzer::new(analysis::Options {
        search: Options {
            move_budget,
            ..Options::default()
        },
        ..analysis::Options::default()
    })
}

/// Smith's labelling of a loopy graph spends the move budget: one heap,
/// take any amount, and a move up from n to n + 1 (hostile input, round
/// two: at 4000 it ran 78 s watching only the clock). At 1000 it answers
/// (the mover takes everything); at 4000 a small budget refuses it.
#[test]
fn smiths_labelling_spends_the_move_budget() {
    let text = |n: u64| {
        format!("game s {{ heaps 1; take 1..; move up {{ require h[1] == {n}; h[1] += 1 }} }}")
    };
    let program = load_text("smith.game", &text(1000), &[]);
    let answer = asked::answer(&mut analyzer(None), &program, "s", &[1001]);
    assert_eq!(answer.outcome, Outcome::N);
    let program = load_text("smith.game", &text(4000), &[]);
    let e = analysis(&mut analyzer(Some(10_000_000)), &program, "s", &[4001])
        .expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves", "{e}");
}

/// A graph kept whole has a memory limit, checked as it grows: Northcott's
/// game with retreats up to 10^6 from (65536, 0) reaches half a million
/// positions with their moves (it took 6.8 GB before the clock stopped it).
#[test]
fn a_loopy_graph_past_its_memory_limit_is_refused() {
    let program = load("northcott_retreats", &["w=1000000"]);
    let e = analysis(
        &mut analyzer(None),
        &program,
        "northcott_retreats",
        &[65536, 0],
    )
    .expect_err("past the memory limit");
    assert_eq!(code(&e), "gamelang::search::memory_limit", "{e}");
}

/// A position of 20,001 heaps in a block game is searched move by move,
/// not read as runs, whose forms hold a coefficient for every heap of
/// every heap (it took 3.1 GB before).
#[test]
fn a_block_game_at_many_heaps_is_not_read_as_runs() {
    let text = "game nimb { heaps *
        move m { require len >= 1; choose i in 1..len; choose k in 1..h[i]; h[i] = h[i] - k } }";
    let program = load_text("nimb.game", text, &[]);
    let mut heaps = vec![0; 20_001];
    heaps[0] = 1;
    let answer = asked::answer(&mut analyzer(None), &program, "nimb", &heaps);
    assert_eq!(answer.outcome, Outcome::N);
}

/// Nim at 999,999 heaps of 7 (the XOR is 7): every heap is a winning move
/// (Bouton), each to a position of 999,999 heaps. Listing the first 100
/// took 4.8 GB; an answer lists at most about a million heaps in all, and
/// says so.
#[test]
fn winning_moves_of_a_position_of_many_heaps_are_listed_within_a_size() {
    let program = load_text("nim.game", "game nim { heaps *; take 1.. }", &[]);
    let answer = asked::answer(&mut analyzer(None), &program, "nim", &[7; 999_999]);
    assert_eq!(answer.winning_moves.len(), 1);
    assert_eq!(answer.winning_move_count, Count::Exact(999_999u32.into()));
    assert!(
        answer.notes.iter().any(|n| matches!(
            n,
            Note::MovesCutBySize {
                listed: 1,
                heaps: 999_999,
                ..
            }
        )),
        "{:?}",
        answer.notes
    );
}

/// `k is power of 2` is solved as the powers: the subtraction game of the
/// powers of 2 has g(n) = n mod 3 (no power of 2 is a multiple of 3, and 1
/// and 2 are powers; Berlekamp, Conway and Guy, Winning Ways ch. 4), found
/// at 200,000 within 5,000,000 moves — trying every amount would take 2·10^10.
#[test]
fn a_power_condition_is_solved_as_the_powers() {
    let g = game("game g { heaps 1; take k where k is power of 2 }");
    let mut solver = solver(&g, Some(5_000_000), None);
    for n in [0, 1, 2, 3, 1000, 199_999, 200_000] {
        let (value, _) = solver.value(&[n]).expect("within the budget");
        assert_eq!(value, Value::Grundy((n % 3) as u32), "g({n})");
    }
}

/// A heap whose moves grow with its square (`hex 8.0` splits a heap in
/// three: about h²/12 ways) is refused by an estimate that sees the growth,
/// from the first heaps: at 6000 it took 37 s to run out of the default
/// budget (the first look at the budget came after 4096 heap sizes, and
/// the estimate took the work of a heap for a constant). At 2000 it fits.
#[test]
fn an_estimate_sees_the_work_of_a_heap_grow() {
    let trisect = game("game g { heaps *; take 1..; hex 8.0 }");
    let budget = gamelang::search::budget::DEFAULT_HEAP_MOVE_BUDGET;
    let mut solver = solver(&trisect, Some(budget), None);
    let error = solver.value(&[6000]).expect_err("past the budget");
    assert!(
        matches!(error, SearchError::WouldExceedMoves { .. }),
        "not an estimate: {error:?}"
    );
    // Refused early: the heaps searched before are few.
    assert!(solver.len() < 1000, "{} heap sizes searched", solver.len());
    assert!(solver.value(&[1000]).is_ok());
}

/// A sparse game's first heaps take more work each than its later ones:
/// until its rare values are found, every split is scanned. Officers (octal
/// 0.6) at 10^6 examines about 4·10^9 moves; its first heaps foretold
/// 8·10^10 and refused every budget up to 10^11 (measured 2026-11-27). A
/// growing forecast refuses only once a 64th of the budget is spent, so
/// 6·10^9 answers it; 2·10^9, below the work, still refuses at once, at the
/// rate so far.
#[test]
fn a_sparse_games_first_heaps_do_not_refuse_it() {
    let officers = game("game o { heaps *; octal 0.6 }");
    let mut given = solver(&officers, Some(6_000_000_000), None);
    assert!(given.value(&[1_000_000]).is_ok());
    let mut default = solver(&officers, Some(2_000_000_000), None);
    let error = default.value(&[1_000_000]).expect_err("past the budget");
    assert!(
        matches!(error, SearchError::WouldExceedMoves { .. }),
        "not an estimate: {error:?}"
    );
    assert!(
        default.len() < 10_000,
        "{} heap sizes searched",
        default.len()
    );
}

#[test]
fn a_compounds_components_spend_one_budget() {
    // Each component's graph is 701 positions and 245,350 moves (Nim at
    // 700 by its definition, every amount a move), which with the steps of
    // the block spend between 400,000 and 500,000 of the budget: one alone
    // is within 800,000, two are not — they are one question.
    let program = load_text(
        "compound.game",
        "game g { position (a, b); move m { choose k in 1..a; a -= k } }
analyze every g at (700, 0)
analyze every g at (700, 0) + g at (700, 0)\n",
        &[],
    );
    let mut analyzer = Analyzer::new(analysis::Options {
        search: Options {
            move_budget: Some(800_000),
            timeout: None,
            ..Options::default()
        },
        ..analysis::Options::default()
    });
    let one = analyzer
        .analyze(&program.questions[0])
        .expect("within the budget");
    assert_eq!(one.outcome, Outcome::N);
    let two = analyzer
        .analyze(&program.questions[1])
        .expect_err("past the budget together");
    assert_eq!(code(&two), "gamelang::search::too_many_moves");
}
