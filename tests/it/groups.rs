//! Games whose rules fall into groups over places no other rule names
//! (LANGUAGE.md, "Groups"): a position valued group by group (the
//! Sprague-Grundy theorem) agrees with the game searched whole, and the
//! take-a-square pair with a plain mex written here, on every small
//! position; games the split does not hold for are searched whole.

use std::sync::Arc;

use gamelang::analysis::{Analyzer, Answer, ComponentMethod, Grundy};
use gamelang::rules::Game;
use gamelang::search::{Options, SearchError, Solver};

use super::asked::{analysis, answer};
use super::common::{all_positions, load_text, whole, winning};

/// A square from either of two heaps: two groups, (a) and (b).
const SQUARES: &str = "game g {
    position (a, b)
    move from_a { choose k in 1..a; require k * k <= a; a -= k * k }
    move from_b { choose k in 1..b; require k * k <= b; b -= k * k }
}";

/// Groups of several places and rules: Wythoff's pair (a, b), and c by
/// `h[3]`, one or two at a time, or halved.
const WYTHOFF_AND_C: &str = "game g {
    position (a, b, c)
    move both { choose k in 1..min(a, b); a -= k; b -= k }
    move one { choose k in 1..a; a -= k }
    move other { choose k in 1..b; b -= k }
    move few { choose k in 1..2; require k <= h[3]; h[3] -= k }
    move half { require c >= 2 and c % 2 == 0; c = c / 2 }
}";

/// A rule that joins a and c (the groups (a, c) and (b)), one that adds.
const JOINED: &str = "game g {
    position (a, b, c)
    move pair { require a >= 1 and c >= 1; a -= 1; c -= 1 }
    move shift { require a >= 2; a -= 2; c += 1 }
    move take { choose k in 1..3; require k <= b; b -= k }
}";

/// Games that are not split: a rule reads `len`; the squares in misère
/// play; a rule names both heaps.
const WHOLE: &[&str] = &[
    "game g {
        position (a, b)
        move from_a { choose k in 1..a; require k < len + 2; a -= k }
        move from_b { choose k in 1..b; b -= k }
    }",
    "game g {
        position (a, b)
        play misere
        move from_a { choose k in 1..a; require k * k <= a; a -= k * k }
        move from_b { choose k in 1..b; require k * k <= b; b -= k * k }
    }",
    "game g {
        position (a, b)
        move from_a { choose k in 1..a; require k <= b + 1; a -= k }
        move from_b { choose k in 1..b; b -= k }
    }",
];

fn game(text: &str) -> Arc<Game> {
    let program = load_text("groups.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

fn solver(game: &Arc<Game>, decompose: bool) -> Solver {
    let options = Options {
        decompose,
        ..Options::default()
    };
    Solver::with_options(game.clone(), options)
}

/// Every position of `len` heaps up to `max` has the same value by
/// groups as searched whole; `split`: whether the game is split at all.
fn agree(text: &str, len: usize, max: u64, split: bool) {
    let g = game(text);
    let (mut groups, mut whole) = (solver(&g, true), solver(&g, false));
    assert_eq!(groups.by_groups(), split, "{text}");
    assert!(!whole.by_groups());
    for heaps in all_positions(len, max) {
        let (a, _) = groups.value(&heaps).expect("by groups");
        let (b, _) = whole.value(&heaps).expect("whole");
        assert_eq!(a, b, "{heaps:?} in\n{text}");
    }
}

#[test]
fn positions_valued_group_by_group_agree_with_the_game_searched_whole() {
    agree(SQUARES, 2, 20, true);
    agree(WYTHOFF_AND_C, 3, 9, true);
    agree(JOINED, 3, 8, true);
    for text in WHOLE {
        agree(text, 2, 12, false);
    }
}

/// The take-a-square game's values by the mex rule, 0 to `top`.
fn squares_by_mex(top: usize) -> Vec<u32> {
    let mut g = vec![0u32; top + 1];
    for n in 0..=top {
        let reached: Vec<u32> = (1..)
            .take_while(|k| k * k <= n)
            .map(|k| g[n - k * k])
            .collect();
        g[n] = (0..)
            .find(|v| !reached.contains(v))
            .expect("a value is missing");
    }
    g
}

#[test]
fn the_square_pair_is_the_xor_of_its_heaps_by_the_mex_rule_far_past_the_search_whole() {
    // At (3000, 2000) the game searched whole holds six million positions
    // (more than the default limit); by groups, 5002.
    let mex = squares_by_mex(3000);
    let mut groups = solver(&game(SQUARES), true);
    for heaps in [[3000, 2000], [2999, 2999], [1, 3000], [0, 0], [2047, 1024]] {
        let (value, _) = groups.value(&heaps).expect("by groups");
        let expected = mex[heaps[0] as usize] ^ mex[heaps[1] as usize];
        assert_eq!(
            value,
            gamelang::search::Value::Grundy(expected),
            "{heaps:?}"
        );
    }
    assert!(
        groups.len() <= 3001 + 3001,
        "{} positions held",
        groups.len()
    );
}

fn by_groups(answer: &Answer) -> bool {
    (answer.method.components.iter()).all(|m| {
        matches!(
            m,
            ComponentMethod::Search {
                decomposition: gamelang::analysis::Decomposition::Groups,
                ..
            }
        )
    })
}

#[test]
fn answers_by_groups_give_the_whole_search_s_winning_moves_and_say_how() {
    let program = load_text("groups.game", WYTHOFF_AND_C, &[]);
    let (mut groups, mut whole) = (Analyzer::default(), whole());
    for heaps in all_positions(3, 5) {
        let split = answer(&mut groups, &program, "g", &heaps);
        let searched = answer(&mut whole, &program, "g", &heaps);
        assert!(by_groups(&split) && !by_groups(&searched), "{heaps:?}");
        assert_eq!(split.outcome, searched.outcome, "{heaps:?}");
        assert_eq!(split.grundy, searched.grundy, "{heaps:?}");
        assert_eq!(winning(&split), winning(&searched), "{heaps:?}");
    }
    let at = answer(&mut groups, &program, "g", &[3, 5, 6]);
    let text = gamelang::report::text(&at, &|_| None);
    assert!(text.contains("as the sum of its groups of heaps"), "{text}");
    let json = gamelang::report::json(&at, &|_| None);
    assert_eq!(json["method"]["groups"], true, "{json}");
}

/// A group that can go on forever (a moves up and down) makes the game
/// loopy: answered as the game searched whole answers it.
const LOOPY: &str = "game g {
    position (a, b)
    move down { require a >= 1; a -= 1 }
    move up { require a < 3; a += 1 }
    move take { choose k in 1..b; b -= k }
}";

#[test]
fn a_group_that_can_go_on_forever_leaves_the_game_to_the_loopy_search() {
    let program = load_text("groups.game", LOOPY, &[]);
    let (mut groups, mut whole) = (Analyzer::default(), whole());
    for heaps in all_positions(2, 3) {
        let split = answer(&mut groups, &program, "g", &heaps);
        let searched = answer(&mut whole, &program, "g", &heaps);
        assert!(matches!(searched.grundy, Grundy::Loopy(_)), "{heaps:?}");
        // The whole game's generalised value, from its graph: not by groups.
        assert!(!by_groups(&split), "{heaps:?}");
        assert_eq!(split.outcome, searched.outcome, "{heaps:?}");
        assert_eq!(split.grundy, searched.grundy, "{heaps:?}");
    }
}

#[test]
fn a_group_s_error_names_the_position_asked_not_its_group_alone() {
    // 12 / (a - 3) has no value at a = 3, which (5, 4) reaches.
    let text = "game g {
        position (a, b)
        move down { require 12 / (a - 3) != 0; a -= 1 }
        move take { choose k in 1..b; b -= k }
    }";
    let g = game(text);
    let mut groups = solver(&g, true);
    assert!(groups.by_groups());
    match groups.value(&[5, 4]) {
        Err(SearchError::RuleFails { position, rule, .. }) => {
            assert_eq!(position.to_string(), "(5, 4)");
            assert_eq!(rule, "down");
        }
        other => panic!("expected the rule's failure, got {other:?}"),
    }
    // So is a limit's: the groups' searches hold at most 4 positions each.
    let options = Options {
        max_positions: 4,
        ..Options::default()
    };
    let mut small = Solver::with_options(game(SQUARES), options);
    match small.value(&[10, 20]) {
        Err(e @ SearchError::TooManyPositions { .. }) => {
            assert!(e.to_string().contains("(10, 20)"), "{e}");
        }
        other => panic!("expected the limit, got {other:?}"),
    }
    // A group's limit is a limit, though another group's moves add (c +=
    // 1): not a game that may never end.
    let options = Options {
        max_positions: 8,
        ..Options::default()
    };
    let mut small = Solver::with_options(game(JOINED), options);
    match small.value(&[1, 20, 0]) {
        Err(e @ SearchError::TooManyPositions { .. }) => {
            assert!(e.to_string().contains("(1, 20, 0)"), "{e}");
        }
        other => panic!("expected the limit, got {other:?}"),
    }
    let program = load_text("groups.game", text, &[]);
    let refused = analysis(&mut Analyzer::default(), &program, "g", &[5, 4]);
    assert!(refused.is_err());
}
