//! Sums of misère games: one misère game, searched whole, checked against
//! the same positions written as one game and against a brute force.

use std::collections::HashMap;

use gamelang::analysis::{Analyzer, Answer, ComponentMethod, Note};
use gamelang::position::Outcome;

use super::common::load_text;

const GAMES: &str = "game mk { heaps *; octal 0.77; play misere }
game md { heaps *; octal 0.07; play misere }
game mn { heaps *; take 1..; play misere }
";

/// The answer to the first statement of `text`, after `GAMES`.
fn answer_of(text: &str) -> Answer {
    let program = load_text("misere.game", &format!("{GAMES}{text}\n"), &[]);
    Analyzer::default()
        .analyze(&program.questions[0])
        .expect("answered")
}

fn outcome_of(text: &str) -> Outcome {
    let answer = answer_of(text);
    // The listed winning moves are exactly those counted, and none from P
    // (an end position is N with no move at all: its player has won).
    assert_eq!(
        answer.winning_move_count,
        gamelang::analysis::Count::Exact(answer.winning_moves.len().into()),
        "{text}"
    );
    if answer.outcome == Outcome::P {
        assert!(answer.winning_moves.is_empty(), "{text}");
    }
    answer.outcome
}

#[test]
fn a_sum_of_one_misere_game_equals_its_heaps_as_one_position() {
    // g at a + g at b is the position (a, b) of g: the sum's search and the
    // single game's search (two implementations) agree.
    for game in ["mk", "md", "mn"] {
        for a in 0..=7 {
            for b in 0..=7 {
                assert_eq!(
                    outcome_of(&format!("analyze {game} at {a} + {game} at {b}")),
                    outcome_of(&format!("analyze {game} at ({a}, {b})")),
                    "{game} at {a} + {b}"
                );
            }
        }
    }
}

/// A position of Kayles heaps and nim heaps played together: empty heaps
/// dropped, each kind sorted.
pub(crate) type KaylesNim = (Vec<u64>, Vec<u64>);

pub(crate) fn kayles_nim(mut kayles: Vec<u64>, mut nim: Vec<u64>) -> KaylesNim {
    kayles.retain(|&h| h > 0);
    nim.retain(|&h| h > 0);
    kayles.sort_unstable();
    nim.sort_unstable();
    (kayles, nim)
}

/// Every move from `(kayles, nim)`, written from the rules: knock down one
/// pin or two adjacent ones from a Kayles row (perhaps splitting it), or
/// take any number from a nim heap.
fn kayles_nim_moves((kayles, nim): &KaylesNim) -> Vec<KaylesNim> {
    let mut options = Vec::new();
    for (i, &h) in kayles.iter().enumerate() {
        for take in 1..=2.min(h) {
            for left in 0..=(h - take) {
                let mut k = kayles.clone();
                k[i] = left;
                k.push(h - take - left);
                options.push(kayles_nim(k, nim.clone()));
            }
        }
    }
    for (i, &h) in nim.iter().enumerate() {
        for left in 0..h {
            let mut n = nim.clone();
            n[i] = left;
            options.push(kayles_nim(kayles.clone(), n));
        }
    }
    options
}

/// Misère Kayles heaps and misère Nim heaps played together, by brute
/// force: the player who cannot move wins (misère play).
pub(crate) fn brute(position: KaylesNim, memo: &mut HashMap<KaylesNim, bool>) -> bool {
    if let Some(&won) = memo.get(&position) {
        return won;
    }
    let options = kayles_nim_moves(&position);
    let won = options.is_empty() || options.into_iter().any(|o| !brute(o, memo));
    memo.insert(position, won);
    won
}

#[test]
fn misere_kayles_plus_misere_nim_agrees_with_a_brute_force() {
    let mut memo = HashMap::new();
    for a in 0..=6u64 {
        for b in 0..=6u64 {
            for c in 0..=4u64 {
                let won = brute(kayles_nim(vec![a, b], vec![c]), &mut memo);
                let expected = if won { Outcome::N } else { Outcome::P };
                assert_eq!(
                    outcome_of(&format!("analyze mk at ({a}, {b}) + mn at {c}")),
                    expected,
                    "kayles ({a}, {b}) + nim {c}"
                );
            }
        }
    }
}

#[test]
fn misere_nim_sums_follow_boutons_misere_rule() {
    // Misère Nim (Bouton, 1902): with a heap of 2 or more, P iff the XOR is
    // 0; with all heaps at most 1, P iff the number of ones is odd.
    for a in 0..=5u64 {
        for b in 0..=5u64 {
            for c in 0..=5u64 {
                let big = a > 1 || b > 1 || c > 1;
                let p = if big {
                    a ^ b ^ c == 0
                } else {
                    (a + b + c) % 2 == 1
                };
                let expected = if p { Outcome::P } else { Outcome::N };
                assert_eq!(
                    outcome_of(&format!("analyze mn at {a} + mn at ({b}, {c})")),
                    expected,
                    "({a}, {b}, {c})"
                );
            }
        }
    }
}

#[test]
fn a_misere_sum_with_a_huge_heap_is_answered_by_the_quotient_at_once() {
    // It once generated the moves of a heap of 2^64 - 1 (2^63 splits) into
    // memory; misère Kayles's quotient is proven periodic, so the heap has
    // an element, and only its moves are left unlisted.
    let answer = answer_of("analyze mk at 5 + mk at 18446744073709551615");
    assert!(matches!(
        answer.method.components[0],
        ComponentMethod::Quotient { order: 40, .. }
    ));
    assert!(
        answer
            .notes
            .contains(&Note::MovesNotListed { component: 1 })
    );
    assert!(answer.winning_moves.iter().all(|m| m.component == 0));
}

/// Misère Grundy values by the definition (1 at the end, else the mex of
/// the moves'), of Kayles heaps plus nim heaps: written here on its own.
fn misere_grundy(position: KaylesNim, memo: &mut HashMap<KaylesNim, u32>) -> u32 {
    if let Some(&g) = memo.get(&position) {
        return g;
    }
    let seen: Vec<u32> = (kayles_nim_moves(&position).into_iter())
        .map(|o| misere_grundy(o, memo))
        .collect();
    let g = if seen.is_empty() {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).unwrap_or(0)
    };
    memo.insert(position, g);
    g
}

#[test]
fn the_genus_of_misere_kayles_heaps_is_the_definitions() {
    use gamelang::misere::genus::genera;
    let program = super::common::load("misere_kayles", &[]);
    let game = program
        .game("misere_kayles")
        .and_then(|g| g.default.clone())
        .expect("lowers");
    let found = genera(&game, 20, 1_000_000).expect("found");
    // g+ is normal Kayles' value (OEIS A002186).
    let a002186 = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ];
    let mut memo = HashMap::new();
    for (n, genus) in found.heaps.iter().enumerate() {
        let genus = genus.as_ref().expect("every heap is a position");
        assert_eq!(genus.normal, a002186[n], "g+ of {n}");
        // λk is the misère Grundy value of heap n plus k heaps of 2.
        for k in 0..4 {
            let by_definition = misere_grundy(kayles_nim(vec![n as u64], vec![2; k]), &mut memo);
            assert_eq!(genus.term(k), by_definition, "λ{k} of {n}");
        }
    }
    // Heap 5 is 4^146, no nim position's genus: misère Kayles is wild
    // (Winning Ways, ch. 13).
    assert!(!found.tame);
}

#[test]
fn misere_nim_heaps_have_the_nim_genera_and_are_tame() {
    use gamelang::misere::genus::genera;
    let program = load_text("misere.game", GAMES, &[]);
    let game = program
        .game("mn")
        .and_then(|g| g.default.clone())
        .expect("lowers");
    let found = genera(&game, 6, 1000).expect("found");
    // *0 = 0^120, *1 = 1^031, *n = n^(n, n xor 2) for n >= 2 (On Numbers
    // and Games, ch. 12).
    let words: Vec<String> = (found.heaps.iter().flatten())
        .map(|g| format!("{}^{:?}", g.normal, g.misere))
        .collect();
    assert_eq!(
        words,
        [
            "0^[1, 2, 0]",
            "1^[0, 3, 1]",
            "2^[2, 0]",
            "3^[3, 1]",
            "4^[4, 6]",
            "5^[5, 7]",
            "6^[6, 4]"
        ]
    );
    assert!(found.tame);
}

/// What a move may leave of a heap h: another heap, or none.
type HeapMoves<'a> = &'a dyn Fn(u64) -> Vec<Option<u64>>;

/// Misère outcome by brute force of a game on heaps where a move replaces
/// one heap h by one of `moves(h)` (a heap, or none): true when the player
/// to move wins (the player who cannot move wins in misère play).
fn misere_wins(heaps: Vec<u64>, moves: HeapMoves, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.clone();
    key.retain(|&h| h > 0);
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut options = Vec::new();
    for (i, &h) in key.iter().enumerate() {
        for to in moves(h) {
            let mut next = key.clone();
            match to {
                Some(t) => next[i] = t,
                None => {
                    next.remove(i);
                }
            }
            options.push(next);
        }
    }
    let wins = options.is_empty() || options.into_iter().any(|o| !misere_wins(o, moves, memo));
    memo.insert(key, wins);
    wins
}

#[test]
fn tame_games_are_answered_by_the_genus_as_a_brute_force_says() {
    // take 1 or 2 (misère), and octal 0.31 (take 1, or take 2 only when it
    // empties the heap): every heap's genus is a nim position's.
    let take_1_2 = |h: u64| (1..=2.min(h)).map(|k| Some(h - k)).collect::<Vec<_>>();
    let octal_31 = |h: u64| {
        let mut to = vec![Some(h - 1)];
        if h == 2 {
            to.push(None);
        }
        to
    };
    let cases: [(&str, HeapMoves); 2] = [
        ("game t { heaps *; take 1..2; play misere }\n", &take_1_2),
        ("game t { heaps *; octal 0.31; play misere }\n", &octal_31),
    ];
    for (text, moves) in cases {
        let mut memo = HashMap::new();
        for a in 0..=7u64 {
            for b in 0..=7u64 {
                for c in 0..=3u64 {
                    let program = load_text(
                        "tame.game",
                        &format!("{text}analyze t at ({a}, {b}, {c})\n"),
                        &[],
                    );
                    let answer = Analyzer::default()
                        .analyze(&program.questions[0])
                        .expect("answered");
                    if a + b + c > 0 {
                        assert!(
                            matches!(
                                answer.method.components[0],
                                gamelang::analysis::ComponentMethod::Tame { .. }
                            ),
                            "{text} ({a}, {b}, {c})"
                        );
                    }
                    let wins = misere_wins(vec![a, b, c], moves, &mut memo);
                    assert_eq!(answer.outcome == Outcome::N, wins, "{text} ({a}, {b}, {c})");
                    // Each winning move leaves a P-position.
                    for m in &answer.winning_moves {
                        let after: Vec<u64> =
                            m.to.heaps()
                                .iter()
                                .map(|h| h.try_into().expect("small"))
                                .collect();
                        assert!(
                            !misere_wins(after, moves, &mut memo),
                            "{text} ({a}, {b}, {c}) -> {:?}",
                            m.to
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn tame_heaps_of_any_size_are_answered_by_the_genus_period_as_by_the_quotient() {
    // Two methods, one answer: the genera of take 1 or 2 and of octal 0.31
    // repeat (proven), and so do their quotients' elements; at heaps of 30
    // digits both must say the same.
    use gamelang::misere::quotient::{self, Limits};
    use gamelang::search::Budget;
    use num_bigint::BigUint;
    for text in [
        "game t { heaps *; take 1..2; play misere }\n",
        "game t { heaps *; octal 0.31; play misere }\n",
    ] {
        let program = load_text("tame.game", text, &[]);
        let game = program.game("t").expect("t").lowered().expect("lowers");
        let limits = Limits { max_order: 100 };
        let (q, _) = quotient::grow(
            std::slice::from_ref(&game),
            &[1000],
            &limits,
            &mut Budget::unlimited(),
        )
        .expect("grows");
        let mut analyzer = Analyzer::default();
        let big: BigUint = "1000000000000000000000000000000".parse().expect("a number");
        for extra in 0u32..6 {
            for small in 0u32..8 {
                let heaps = [&big + extra, BigUint::from(small)];
                let program = load_text(
                    "tame.game",
                    &format!("{text}analyze t at ({}, {})\n", heaps[0], heaps[1]),
                    &[],
                );
                let answer = analyzer.analyze(&program.questions[0]).expect("answered");
                assert!(matches!(
                    &answer.method.components[0],
                    ComponentMethod::Tame {
                        period: Some(_),
                        ..
                    }
                ));
                let by_quotient = q.is_p(&heaps).expect("a proven period");
                assert_eq!(
                    answer.outcome == Outcome::P,
                    by_quotient,
                    "{text} {heaps:?}"
                );
            }
        }
    }
}

#[test]
fn the_search_alone_answers_when_asked_for() {
    // `--method search`: neither the genus nor the quotient answers.
    let program = load_text(
        "search.game",
        "game t { heaps *; take 1..2; play misere }\n\
         game mk { heaps *; octal 0.77; play misere }\n\
         analyze t at (3, 4)\nanalyze mk at (5, 7)\n",
        &[],
    );
    let mut analyzer = Analyzer::new(gamelang::analysis::Options {
        force_search: true,
        ..Default::default()
    });
    for analysis in &program.questions {
        let answer = analyzer.analyze(analysis).expect("answered");
        assert!(
            matches!(answer.method.components[0], ComponentMethod::Search { .. }),
            "{:?}",
            answer.method
        );
    }
}

#[test]
fn a_sum_of_different_misere_heap_games_is_answered_by_their_joint_quotient() {
    // Misère Kayles with misère Nim: one quotient of both games' heaps; the
    // outcomes are the brute force's (the test above).
    let answer = answer_of("analyze mk at (4, 6) + mn at (2, 3)");
    assert!(
        matches!(
            answer.method.components[0],
            ComponentMethod::Quotient { .. }
        ),
        "{:?}",
        answer.method
    );
    let won = brute(kayles_nim(vec![4, 6], vec![2, 3]), &mut HashMap::new());
    assert_eq!(answer.outcome == Outcome::N, won);
}

#[test]
fn each_game_of_a_joint_quotient_is_grown_to_its_own_largest_heap() {
    // A large Kayles heap beside small nim heaps: the nim heaps are not
    // grown to 25 (misère Nim's quotient would pass the order limit with
    // Kayles' at 60). Outcome and every winning move against the brute force.
    let program = load_text(
        "misere.game",
        &format!("{GAMES}analyze mk at (20, 25) + mn at (1, 2)\nanalyze mk at 60 + mn at 3\n"),
        &[],
    );
    let mut analyzer = Analyzer::default();
    let answer = analyzer.analyze(&program.questions[0]).expect("answered");
    let ComponentMethod::Quotient { upto, .. } = &answer.method.components[0] else {
        panic!("{:?}", answer.method)
    };
    assert_eq!(upto, &[25, 2]);
    let mut memo = HashMap::new();
    let won = brute(kayles_nim(vec![20, 25], vec![1, 2]), &mut memo);
    assert_eq!(answer.outcome == Outcome::N, won);
    let heaps = |c: usize, m: &gamelang::analysis::WinningMove| -> Vec<u64> {
        match m.component == c {
            true => {
                m.to.heaps()
                    .iter()
                    .map(|h| h.try_into().expect("small"))
                    .collect()
            }
            false => [vec![20, 25], vec![1, 2]][c].clone(),
        }
    };
    let mut winning: Vec<KaylesNim> = (answer.winning_moves.iter())
        .map(|m| kayles_nim(heaps(0, m), heaps(1, m)))
        .collect();
    winning.sort();
    let mut expected: Vec<KaylesNim> = (kayles_nim_moves(&kayles_nim(vec![20, 25], vec![1, 2])))
        .into_iter()
        .filter(|after| !brute(after.clone(), &mut memo))
        .collect();
    expected.sort();
    expected.dedup();
    winning.dedup();
    assert!(!expected.is_empty());
    assert_eq!(winning, expected);
    let answer = analyzer.analyze(&program.questions[1]).expect("answered");
    assert!(
        matches!(&answer.method.components[0], ComponentMethod::Quotient { upto, .. } if upto == &[60, 3]),
        "{:?}",
        answer.method
    );
}

/// Whether the player to move (Left places vertical dominoes, Right
/// horizontal ones) wins misère Domineering on the `rows` × `cols` board
/// whose empty cells are the bits of `empty` (row by row): the player who
/// cannot move wins. Plainly, every move tried.
fn misere_domineering(
    empty: u32,
    (rows, cols): (u32, u32),
    left: bool,
    memo: &mut HashMap<(u32, bool), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(empty, left)) {
        return known;
    }
    let moves = super::common::domineering_moves(empty, (rows, cols), left);
    let wins = moves.is_empty()
        || (moves.iter()).any(|&after| !misere_domineering(after, (rows, cols), !left, memo));
    memo.insert((empty, left), wins);
    wins
}

#[test]
fn misere_domineering_is_answered_as_a_brute_force_plays_it() {
    // Issue 73: a partizan game played misère (the player who cannot move
    // wins), every board of 1 × 1 to 3 × 3 with every set of its cells
    // removed, 2 × 4 and 4 × 2 empty, against the plain search above.
    let game = std::fs::read_to_string(super::common::root().join("games/domineering.game"))
        .expect("games/domineering.game");
    // The game alone, without the file's own questions.
    let game: Vec<&str> = (game.lines())
        .filter(|line| !line.starts_with("analyze"))
        .collect();
    let game = (game.join("\n")).replacen(
        "game domineering {",
        "game domineering {\n    play misere",
        1,
    );
    let mut asked = String::new();
    let mut expected = Vec::new();
    let mut boards: Vec<(u32, u32, u32)> = Vec::new();
    for (rows, cols) in [
        (1, 1),
        (1, 2),
        (2, 1),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
    ] {
        for empty in 0..1u32 << (rows * cols) {
            boards.push((rows, cols, empty));
        }
    }
    boards.extend([(2, 4, 0xff), (4, 2, 0xff)]);
    for &(rows, cols, empty) in &boards {
        let board = super::common::domineering_board(empty, (rows, cols));
        asked.push_str(&format!("analyze domineering at {board}\n"));
        let mut memo = HashMap::new();
        let left = misere_domineering(empty, (rows, cols), true, &mut memo);
        let right = misere_domineering(empty, (rows, cols), false, &mut memo);
        expected.push(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        });
    }
    let answers = super::partizan::analyzed(&format!("{game}\n{asked}"));
    assert_eq!(answers.len(), boards.len());
    for ((answer, outcome), board) in answers.iter().zip(&expected).zip(&boards) {
        assert_eq!(answer.outcome, *outcome, "{board:?}");
        assert!(matches!(
            answer.method.components[..],
            [ComponentMethod::MiserePartizan { .. }]
        ));
    }
    // The 2 × 2 square: whoever moves first leaves the other no move, and
    // so loses (P); normal play's ±1 is the other way round.
    let square = boards
        .iter()
        .position(|b| *b == (2, 2, 0xf))
        .expect("2 × 2");
    assert_eq!(answers[square].outcome, Outcome::P);
    let loopy = answers[square].loopy.as_ref().expect("who wins each way");
    assert_eq!(loopy.left_first.winner, Some(gamelang::Side::Right));
}
