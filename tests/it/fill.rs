//! The general search fills the box below the first position asked in
//! order once it has met a quarter of it (`search/engines/fill.rs`, issue
//! 48, item 3): held against the mex rule written here on every position
//! of the box; a move that does not go below, or a rule that fails where
//! the search never goes, leaves the search as it was.

use std::collections::HashMap;
use std::sync::Arc;

use gamelang::rules::Game;
use gamelang::search::{Options, SearchError, Solver, Value};

use super::common::{all_positions, load_text};

fn game(text: &str) -> Arc<Game> {
    let program = load_text("fill.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

/// The general search alone: no sum of heaps or groups, no runs.
fn general(game: &Arc<Game>) -> Solver {
    let options = Options {
        decompose: false,
        rays: false,
        ..Options::default()
    };
    Solver::with_options(game.clone(), options)
}

/// The Grundy value of `p` by the mex rule over `moves`.
fn mex(
    p: (u64, u64),
    moves: &dyn Fn(u64, u64) -> Vec<(u64, u64)>,
    memo: &mut HashMap<(u64, u64), u32>,
) -> u32 {
    if let Some(&g) = memo.get(&p) {
        return g;
    }
    let seen: Vec<u32> = (moves(p.0, p.1).into_iter())
        .map(|q| mex(q, moves, memo))
        .collect();
    let g = (0..)
        .find(|g| !seen.contains(g))
        .expect("a value is missing");
    memo.insert(p, g);
    g
}

fn grundy(solver: &mut Solver, heaps: &[u64]) -> u32 {
    match solver.value(heaps).expect("a value").0 {
        Value::Grundy(g) => g,
        Value::Misere { .. } => unreachable!("normal play"),
    }
}

/// Two heaps at fixed places, a rule reading both (no groups): `a` falls
/// by an even amount, `b` by at most `a + 1`. From (24, 24) only the even
/// `a` are reached, 325 of the box's 625 positions: more than a quarter.
const EVEN: &str = "game g {
    position (a, b)
    move two { choose k in 1..a / 2; a -= 2 * k }
    move take { choose k in 1..b; require k <= a + 1; b -= k }
}";

fn even_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = (1..=a / 2).map(|k| (a - 2 * k, b)).collect();
    out.extend((1..=b).filter(|&k| k <= a + 1).map(|k| (a, b - k)));
    out
}

#[test]
fn the_box_filled_in_order_holds_every_position_at_the_mex_rule_s_value() {
    let mut solver = general(&game(EVEN));
    let mut memo = HashMap::new();
    assert_eq!(
        grundy(&mut solver, &[24, 24]),
        mex((24, 24), &even_moves, &mut memo)
    );
    // The box filled: every position of it held, not only those reached.
    assert_eq!(solver.len(), 625);
    for p in all_positions(2, 24) {
        let expected = mex((p[0], p[1]), &even_moves, &mut memo);
        assert_eq!(grundy(&mut solver, &p), expected, "{p:?}");
    }
    assert_eq!(solver.len(), 625, "nothing more was searched");
}

/// A move to a position of a higher index (`b` grows as `a` falls): the
/// fill stops at it, and the search goes on as before.
const UP: &str = "game g {
    position (a, b)
    move over { require a >= 1; a -= 1; b += 1 }
    move down { choose k in 1..b; require k <= 2; b -= k }
}";

fn up_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    if a >= 1 {
        out.push((a - 1, b + 1));
    }
    out.extend((1..=b.min(2)).map(|k| (a, b - k)));
    out
}

#[test]
fn a_move_that_does_not_go_below_leaves_the_search_to_the_graph() {
    let mut memo = HashMap::new();
    for p in all_positions(2, 12) {
        let mut solver = general(&game(UP));
        let expected = mex((p[0], p[1]), &up_moves, &mut memo);
        assert_eq!(grundy(&mut solver, &p), expected, "{p:?}");
    }
}

/// `12 / (a - b + 1)` has no value at a = b - 1, which no play from
/// (10, 4) reaches (a stays at least b) but the box below it holds: the
/// fill gives up there, and the question is answered.
const FAILS_ASIDE: &str = "game g {
    position (a, b)
    move take { choose k in 1..a - b; a -= k }
    move both { require a >= 1 and b >= 1 and 12 / (a - b + 1) >= 0; a -= 1; b -= 1 }
}";

fn aside_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = (1..=a.saturating_sub(b)).map(|k| (a - k, b)).collect();
    if a >= 1 && b >= 1 {
        out.push((a - 1, b - 1));
    }
    out
}

#[test]
fn a_rule_that_fails_where_no_play_goes_stops_the_fill_not_the_question() {
    let mut solver = general(&game(FAILS_ASIDE));
    let mut memo = HashMap::new();
    assert_eq!(
        grundy(&mut solver, &[10, 4]),
        mex((10, 4), &aside_moves, &mut memo)
    );
    for p in all_positions(2, 10).into_iter().filter(|p| p[0] >= p[1]) {
        assert_eq!(
            grundy(&mut solver, &p),
            mex((p[0], p[1]), &aside_moves, &mut memo),
            "{p:?}"
        );
    }
    // Asked itself, the position the fill met the failure at fails.
    assert!(matches!(
        solver.value(&[3, 4]),
        Err(SearchError::RuleFails { .. })
    ));
}
