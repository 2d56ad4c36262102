//! Strip games (LANGUAGE.md, "Strips"): their reduced positions valued as
//! sums of the parts they split into where cells can no longer change,
//! held against the reduced game searched whole (positions not split) and
//! against a brute force of the game as written; and crosses-and-crosses
//! against Winning Ways' Treblecross, octal 0.007, to a strip of 1000.

use std::collections::HashMap;

use gamelang::analysis::{self, Analyzer, Answer, ComponentMethod, Grundy, Outcome};
use gamelang::search::Options;

use super::asked::{analysis, answer};
use super::common::{code, load_text, whole, winning};

/// Crosses-and-crosses: three crosses in a row win.
const CROSSES: &str = "game strip {
    heaps *
    move cross { choose i in 1..len; require h[i] == 0; h[i] = 1 }
    win when {
        choose i in 1..len - 2
        require h[i] == 1 and h[i + 1] == 1 and h[i + 2] == 1
    }
}
";

/// Four crosses in a row win.
const FOURS: &str = "game strip {
    heaps *
    move cross { choose i in 1..len; require h[i] == 0; h[i] = 1 }
    win when {
        choose i in 1..len - 3
        require h[i] + h[i + 1] + h[i + 2] + h[i + 3] == 4
    }
}
";

/// Two crosses side by side lose: the reduced game is Dawson's Kayles'
/// cousin, a cross never next to a cross.
const APART: &str = "game strip {
    heaps *
    move cross { choose i in 1..len; require h[i] == 0; h[i] = 1 }
    lose when { choose i in 1..len - 1; require h[i] == 1 and h[i + 1] == 1 }
}
";

/// Dominoes laid on empty cells; three covered cells in a row win.
const DOMINOES: &str = "game strip {
    heaps *
    move lay {
        choose i in 0..len - 2
        require h[i + 1] == 0 and h[i + 2] == 0
        h[i + 1] = 1
        h[i + 2] = 1
    }
    win when {
        choose i in 2..len - 1
        require h[i - 1] == 1 and h[i] == 1 and h[i + 1] == 1
    }
}
";

/// S and O (1 and 2) written in empty cells; whoever writes S O S wins.
const SOS: &str = "game strip {
    heaps *
    move write {
        choose i in 1..len
        choose letter in 1..2
        require h[i] == 0
        h[i] = letter
    }
    win when {
        choose i in 1..len - 2
        require h[i] == 1 and h[i + 1] == 2 and h[i + 2] == 1
    }
}
";

/// How a strip game is played, by hand: its moves and its ends.
struct Written {
    text: &'static str,
    letters: u64,
    moves: fn(&[u64]) -> Vec<Vec<u64>>,
    /// `Some(true)`: a win for who moved there; `Some(false)`: a loss.
    end: fn(&[u64]) -> Option<bool>,
}

fn place(p: &[u64], letters: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in (0..p.len()).filter(|&i| p[i] == 0) {
        for letter in 1..=letters {
            let mut q = p.to_vec();
            q[i] = letter;
            out.push(q);
        }
    }
    out
}

fn runs(p: &[u64], pattern: &[u64]) -> bool {
    p.windows(pattern.len()).any(|w| w == pattern)
}

fn games() -> Vec<Written> {
    vec![
        Written {
            text: CROSSES,
            letters: 1,
            moves: |p| place(p, 1),
            end: |p| runs(p, &[1, 1, 1]).then_some(true),
        },
        Written {
            text: FOURS,
            letters: 1,
            moves: |p| place(p, 1),
            end: |p| runs(p, &[1, 1, 1, 1]).then_some(true),
        },
        Written {
            text: APART,
            letters: 1,
            moves: |p| place(p, 1),
            end: |p| runs(p, &[1, 1]).then_some(false),
        },
        Written {
            text: DOMINOES,
            letters: 1,
            moves: |p| {
                (0..p.len().saturating_sub(1))
                    .filter(|&i| p[i] == 0 && p[i + 1] == 0)
                    .map(|i| {
                        let mut q = p.to_vec();
                        q[i] = 1;
                        q[i + 1] = 1;
                        q
                    })
                    .collect()
            },
            end: |p| runs(p, &[1, 1, 1]).then_some(true),
        },
        Written {
            text: SOS,
            letters: 2,
            moves: |p| place(p, 2),
            end: |p| runs(p, &[1, 2, 1]).then_some(true),
        },
    ]
}

/// Whether the player to move at `p` (which meets no end) wins the game
/// as written: a move into a winning end wins, into a losing end loses;
/// with no move left, the player to move loses.
fn wins(game: &Written, p: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let w = (game.moves)(p).iter().any(|q| match (game.end)(q) {
        Some(won) => won,
        None => !wins(game, q, memo),
    });
    memo.insert(p.to_vec(), w);
    w
}

/// Every strip of `n` cells of `letters` letters (and empty).
fn strips(n: usize, letters: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        all = (all.into_iter())
            .flat_map(|p| {
                (0..=letters).map(move |c| {
                    let mut q = p.clone();
                    q.push(c);
                    q
                })
            })
            .collect();
    }
    all
}

fn split(answer: &Answer) -> bool {
    (answer.method.components.iter())
        .all(|m| matches!(m, ComponentMethod::Ends { split: true, .. }))
}

#[test]
fn strip_games_split_into_parts_agree_with_the_whole_reduced_game_and_the_rules() {
    for game in games() {
        let program = load_text("strips.game", game.text, &[]);
        let (mut parts, mut whole) = (Analyzer::default(), whole());
        let mut memo = HashMap::new();
        let top = if game.letters > 1 { 6 } else { 9 };
        let mut splits = 0;
        for n in 0..=top {
            for p in strips(n, game.letters) {
                let by_parts = answer(&mut parts, &program, "strip", &p);
                let searched = answer(&mut whole, &program, "strip", &p);
                let at = format!("{p:?} in\n{}", game.text);
                assert!(!split(&searched), "{at}: searched whole");
                splits += usize::from(split(&by_parts));
                assert_eq!(by_parts.outcome, searched.outcome, "{at}");
                assert_eq!(by_parts.grundy, searched.grundy, "{at}");
                assert_eq!(winning(&by_parts), winning(&searched), "{at}");
                if (game.end)(&p).is_none() {
                    let expected = Outcome::p_if(!wins(&game, &p, &mut memo));
                    assert_eq!(by_parts.outcome, expected, "{at}: the rules");
                }
            }
        }
        // Every position not at an end is valued part by part.
        assert!(splits > 0, "{}: never split", game.text);
    }
}

#[test]
fn a_sum_of_strips_adds_their_parts_values() {
    let program = load_text("strips.game", CROSSES, &[]);
    let text = format!(
        "{CROSSES}analyze strip at (0, 0, 0, 0, 0, 0, 0, 0) + strip at (0, 1, 0, 0, 0, 0, 0, 0, 0, 0)\n"
    );
    let sum = load_text("sum.game", &text, &[]);
    let (mut parts, mut whole) = (Analyzer::default(), whole());
    let by_parts = parts.analyze(&sum.questions[0]).expect("answered");
    let searched = whole.analyze(&sum.questions[0]).expect("answered");
    assert_eq!(by_parts.grundy, searched.grundy);
    assert_eq!(winning(&by_parts), winning(&searched));
    // And the sum's value is the XOR of its strips'.
    let mut value = |heaps: &[u64]| match answer(&mut parts, &program, "strip", heaps).grundy {
        Grundy::Value(g) => g,
        other => panic!("{other:?}"),
    };
    let a = value(&[0; 8]);
    let b = value(&[0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(by_parts.grundy, Grundy::Value(a ^ b));
}

/// Octal 0.007 (Treblecross by Winning Ways' hand reduction): g(n) = mex
/// of g(a) ^ g(b), a + b = n - 3.
fn octal_007(top: usize) -> Vec<u32> {
    let mut g = vec![0u32; top + 1];
    let mut seen = Vec::new();
    for n in 3..=top {
        let r = n - 3;
        seen.clear();
        seen.extend((0..=r).map(|a| g[a] ^ g[r - a]));
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    g
}

/// Winning Ways (ch. 4): crosses-and-crosses on a strip of n is the heap
/// n + 2 of 0.007, for every n but 2 (the hand reduction assumes a cross
/// can be answered by three in a row; on two cells none can, and the
/// strip of 2 is a P-position: a brute force in tests/it/ends.rs).
#[test]
fn crosses_and_crosses_is_treblecross_for_every_strip_to_1000() {
    let top = 1000;
    let g = octal_007(top + 2);
    let program = load_text("crosses.game", CROSSES, &[]);
    let mut analyzer = Analyzer::default();
    let mut parts = 0;
    for n in (0..=top).filter(|&n| n != 2) {
        let answer = answer(&mut analyzer, &program, "strip", &vec![0; n]);
        assert!(split(&answer), "strip of {n}: valued part by part");
        assert_eq!(answer.outcome, Outcome::p_if(g[n + 2] == 0), "strip of {n}");
        assert_eq!(
            answer.grundy,
            Grundy::Value(g[n + 2].into()),
            "strip of {n}"
        );
        if let [ComponentMethod::Ends { positions, .. }] = answer.method.components.as_slice() {
            parts = *positions;
        }
    }
    // A part is a run of empty cells with, on each side, the strip's end
    // or a cross and its neighbour: four kinds a length, not 2^n positions.
    assert!(parts <= 4 * (top + 1), "{parts} parts valued");
}

/// A strip valued part by part spends the question's budget: a move looked
/// at costs one. A budget of 1000 moves does not reach the strip of 1000's
/// value (it looks at about 10^6); the next question starts afresh.
#[test]
fn a_strip_spends_the_questions_budget() {
    let program = load_text("crosses.game", CROSSES, &[]);
    let mut analyzer = Analyzer::new(analysis::Options {
        search: Options {
            move_budget: Some(1000),
            ..Options::default()
        },
        ..analysis::Options::default()
    });
    let e = analysis(&mut analyzer, &program, "strip", &[0; 1000]).expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves");
    let small = answer(&mut analyzer, &program, "strip", &[0; 5]);
    assert_eq!(small.grundy, Grundy::Value(2u32.into()));
}

/// A strip game whose windows are wide (3001 cells): no window around a
/// cross can be shown frozen, nothing splits, and each move reads
/// thousands of cells. The budget counts the cells read, so the question
/// stops with a move budget, at once, instead of running for minutes.
#[test]
fn a_strip_of_wide_windows_stops_at_its_budget() {
    let wide = "game wide {
    heaps *
    move cross { choose i in 1..len - 3000; require h[i] == 0 and h[i + 3000] == 0; h[i] = 1 }
    win when { choose i in 1..len - 3000; require h[i] == 1 and h[i + 3000] == 1 }
}
";
    let program = load_text("wide.game", wide, &[]);
    let mut analyzer = Analyzer::new(analysis::Options {
        search: Options {
            move_budget: Some(gamelang::search::DEFAULT_MOVE_BUDGET),
            ..Options::default()
        },
        ..analysis::Options::default()
    });
    let e = analysis(&mut analyzer, &program, "wide", &[0; 3100]).expect_err("past the budget");
    assert_eq!(code(&e), "gamelang::search::too_many_moves");
}

/// Dominoes laid on a row without ends: a strip game too, split where cells
/// can no longer change (no end: a move is one where its own window's cells
/// allow it). A row of n empty cells is Dawson's Kayles, octal 0.07 at heap n
/// (Winning Ways, ch. 4): held to it for every row to 300, and every
/// position of up to 9 cells to the whole game searched.
#[test]
fn dominoes_without_ends_split_and_are_dawsons_kayles() {
    let text = "game dominoes {
    heaps *
    move lay { choose i in 1..len - 1; require h[i] == 0 and h[i + 1] == 0; h[i] = 1; h[i + 1] = 1 }
}
";
    let program = load_text("dominoes.game", text, &[]);
    let (mut parts, mut whole) = (Analyzer::default(), whole());
    let is_split = |a: &Answer| {
        matches!(
            a.method.components.as_slice(),
            [ComponentMethod::Search {
                decomposition: gamelang::analysis::Decomposition::Strips,
                ..
            }]
        )
    };
    for n in 0..=9 {
        for p in strips(n, 1) {
            let by_parts = answer(&mut parts, &program, "dominoes", &p);
            let searched = answer(&mut whole, &program, "dominoes", &p);
            assert!(is_split(&by_parts) && !is_split(&searched), "{p:?}");
            assert_eq!(by_parts.grundy, searched.grundy, "{p:?}");
            assert_eq!(winning(&by_parts), winning(&searched), "{p:?}");
        }
    }
    // Octal 0.07: g(n) = mex of g(a) ^ g(b), a + b = n - 2.
    let top = 300;
    let mut g = vec![0u32; top + 1];
    for n in 2..=top {
        let seen: Vec<u32> = (0..=n - 2).map(|a| g[a] ^ g[n - 2 - a]).collect();
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    for (n, &expected) in g.iter().enumerate() {
        let answer = answer(&mut parts, &program, "dominoes", &vec![0; n]);
        assert!(is_split(&answer), "row of {n}");
        assert_eq!(answer.grundy, Grundy::Value(expected.into()), "row of {n}");
    }
}
