//! Moves into sums (`becomes`): a move that replaces the position by a sum
//! of positions — of the same game, or of another game of the file — has
//! the XOR of their values (the Sprague-Grundy theorem; for moves into
//! sums, the Multi-SG rule), and in misère play the sum is searched whole.
//! Each game is held against a brute force written here.

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use gamelang::analysis::{Analyzer, Grundy, Outcome};

use super::common::{a002186, load_text};

/// Cutting a W × H sheet along a grid line leaves two sheets; whoever
/// cannot cut (a 1 × 1 sheet, or only such) loses.
const SHEET: &str = "game sheet {
    position (w, h)
    move across {
        choose a in 1..w - 1
        becomes (a, h) + (w - a, h)
    }
    move down {
        choose b in 1..h - 1
        becomes (w, b) + (w, h - b)
    }
}
";

/// The cutting game's values by the definition: the mex over every cut of
/// the XOR of the two sheets' values.
fn sheet_by_hand(w: u64, h: u64, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
    if let Some(&g) = memo.get(&(w, h)) {
        return g;
    }
    let mut options = Vec::new();
    for a in 1..w {
        options.push(sheet_by_hand(a, h, memo) ^ sheet_by_hand(w - a, h, memo));
    }
    for b in 1..h {
        options.push(sheet_by_hand(w, b, memo) ^ sheet_by_hand(w, h - b, memo));
    }
    let g = (0..).find(|g| !options.contains(g)).unwrap_or(0);
    memo.insert((w, h), g);
    g
}

/// The answers to `analyze` statements written after `game`'s text.
fn answers(game: &str, statements: &str) -> Vec<gamelang::analysis::Answer> {
    let program = load_text("becomes.game", &format!("{game}{statements}"), &[]);
    let mut analyzer = Analyzer::default();
    (program.questions.iter())
        .map(|q| analyzer.analyze(q).expect("answered"))
        .collect()
}

#[test]
fn the_cutting_game_matches_a_brute_force() {
    let mut statements = String::new();
    let mut sizes = Vec::new();
    for w in 1..=12 {
        for h in 1..=12 {
            statements.push_str(&format!("analyze sheet at ({w}, {h})\n"));
            sizes.push((w, h));
        }
    }
    let mut memo = HashMap::new();
    for ((w, h), answer) in sizes.into_iter().zip(answers(SHEET, &statements)) {
        let expected = sheet_by_hand(w, h, &mut memo);
        assert_eq!(answer.grundy, Grundy::Value(expected.into()), "({w}, {h})");
        // Every winning move listed is a cut to a sum of value 0.
        for m in &answer.winning_moves {
            assert_eq!(m.terms.len(), 2, "({w}, {h}): {m:?}");
            let value = (m.terms.iter())
                .map(|p| {
                    let hs: Vec<u64> = p.position.to_u64s().expect("small");
                    sheet_by_hand(hs[0], hs[1], &mut memo)
                })
                .fold(0, |x, g| x ^ g);
            assert_eq!(value, 0, "({w}, {h}): {m:?}");
        }
    }
}

/// Misère play of the cutting game by the definition, on whole sums of
/// sheets (sorted): the player who cannot cut wins.
fn misere_sheets_by_hand(sum: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
    if let Some(&w) = memo.get(&sum) {
        return w;
    }
    let mut moved = false;
    let mut wins = false;
    for (i, &(w, h)) in sum.iter().enumerate() {
        let cuts = (1..w)
            .map(|a| [(a, h), (w - a, h)])
            .chain((1..h).map(|b| [(w, b), (w, h - b)]));
        for pair in cuts {
            moved = true;
            let mut next: Vec<(u64, u64)> = (sum.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .map(|(_, s)| *s)
                .chain(pair)
                .collect();
            next.sort();
            if !misere_sheets_by_hand(next, memo) {
                wins = true;
            }
        }
    }
    let wins = wins || !moved;
    memo.insert(sum, wins);
    wins
}

#[test]
fn the_cutting_game_in_misere_play_matches_a_brute_force() {
    let game = SHEET.replace("position (w, h)", "position (w, h)\n    play misere");
    let mut statements = String::new();
    let mut sizes = Vec::new();
    for w in 1..=5 {
        for h in 1..=5 {
            statements.push_str(&format!("analyze sheet at ({w}, {h})\n"));
            sizes.push((w, h));
        }
    }
    let mut memo = HashMap::new();
    for ((w, h), answer) in sizes.into_iter().zip(answers(&game, &statements)) {
        let wins = misere_sheets_by_hand(vec![(w, h)], &mut memo);
        let expected = if wins { Outcome::N } else { Outcome::P };
        assert_eq!(answer.outcome, expected, "({w}, {h})");
    }
}

/// Circular Kayles: a circle of n coins; the first move takes one coin or
/// two adjacent ones and leaves a row of n - 1 or n - 2, which is Kayles.
const CIRCLE: &str = "game row { heaps *; octal 0.77 }
game circle {
    heaps 1
    move first {
        choose k in 1..2
        require k <= h[1]
        becomes row at (h[1] - k)
    }
}
";

/// Kayles by the definition (the row): knock one pin or two adjacent ones.
fn row_by_hand(n: usize, memo: &mut Vec<Option<u32>>) -> u32 {
    if let Some(Some(g)) = memo.get(n) {
        return *g;
    }
    let mut options = Vec::new();
    for k in 1..=2.min(n) {
        for a in 0..=n - k {
            options.push(row_by_hand(a, memo) ^ row_by_hand(n - k - a, memo));
        }
    }
    let g = (0..).find(|g| !options.contains(g)).unwrap_or(0);
    if memo.len() <= n {
        memo.resize(n + 1, None);
    }
    memo[n] = Some(g);
    g
}

#[test]
fn circular_kayles_matches_a_brute_force_and_answers_a_huge_circle() {
    let mut statements: String = (0..=40)
        .map(|n| format!("analyze circle at {n}\n"))
        .collect();
    statements.push_str("analyze circle at 1000000000000000000\n");
    let answers = answers(CIRCLE, &statements);
    let mut memo = Vec::new();
    for (n, answer) in answers.iter().enumerate().take(41) {
        // A circle's only moves are to a row of n - 1 or n - 2.
        let options: Vec<u32> = (1..=2.min(n))
            .map(|k| row_by_hand(n - k, &mut memo))
            .collect();
        let expected = (0..).find(|g| !options.contains(g)).unwrap_or(0);
        assert_eq!(
            answer.grundy,
            Grundy::Value(expected.into()),
            "circle at {n}"
        );
    }
    // 10^18 coins: the rows are Kayles' (OEIS A002186, period 12).
    let n = 1_000_000_000_000_000_000usize;
    let options = [a002186(n - 1), a002186(n - 2)];
    let expected = (0..).find(|g| !options.contains(g)).unwrap_or(0);
    assert_eq!(answers[41].grundy, Grundy::Value(expected.into()));
}

#[test]
fn a_winning_cut_is_listed_as_the_sum_it_becomes() {
    let answer = &answers(SHEET, "analyze sheet at (2, 1)\n")[0];
    // (2, 1) cuts into (1, 1) + (1, 1): 0 xor 0, a P-position.
    assert_eq!(answer.outcome, Outcome::N);
    let text = gamelang::report::text(answer, &|_| None);
    assert!(
        text.contains("    becomes (1, 1) + (1, 1)   [across]"),
        "{text}"
    );
    let json = gamelang::report::json(answer, &|_| None);
    let parts = &json["winning_moves"][0]["parts"];
    assert_eq!(parts[0]["game"], "sheet");
    assert_eq!(parts[1]["heaps"], serde_json::json!([1, 1]));
}

#[test]
fn sums_of_sheets_add_values_in_normal_play_and_are_searched_whole_in_misere_play() {
    let sizes: Vec<(u64, u64)> = (1..=4).flat_map(|w| (1..=3).map(move |h| (w, h))).collect();
    let pairs: Vec<[(u64, u64); 2]> = (sizes.iter())
        .flat_map(|&a| sizes.iter().map(move |&b| [a, b]))
        .collect();
    let statements: String = (pairs.iter())
        .map(|[(a, b), (c, d)]| format!("analyze sheet at ({a}, {b}) + sheet at ({c}, {d})\n"))
        .collect();
    let misere = SHEET.replace("position (w, h)", "position (w, h)\n    play misere");
    let normal_answers = answers(SHEET, &statements);
    let misere_answers = answers(&misere, &statements);
    let mut memo = HashMap::new();
    let mut misere_memo = HashMap::new();
    for (i, pair) in pairs.iter().enumerate() {
        // Normal play: the XOR of the sheets' values (Sprague-Grundy).
        let [(a, b), (c, d)] = *pair;
        let expected = sheet_by_hand(a, b, &mut memo) ^ sheet_by_hand(c, d, &mut memo);
        assert_eq!(
            normal_answers[i].grundy,
            Grundy::Value(expected.into()),
            "{pair:?}"
        );
        // Misère play: the whole sum, by the definition.
        let mut sum = pair.to_vec();
        sum.sort();
        let wins = misere_sheets_by_hand(sum, &mut misere_memo);
        let answer = &misere_answers[i];
        assert_eq!(
            answer.outcome,
            if wins { Outcome::N } else { Outcome::P },
            "{pair:?}"
        );
        // Each winning move leaves a lost sum: the other sheet and the
        // two the cut sheet becomes.
        for m in &answer.winning_moves {
            let mut after: Vec<(u64, u64)> = (m.terms.iter())
                .map(|p| {
                    let hs = p.position.to_u64s().expect("small");
                    (hs[0], hs[1])
                })
                .collect();
            after.push(pair[1 - m.component]);
            after.sort();
            assert!(
                !misere_sheets_by_hand(after, &mut misere_memo),
                "{pair:?}: {m:?}"
            );
        }
    }
}

/// The play of `text`'s first question, the computer to move at each turn.
fn standings(
    text: &str,
) -> (
    gamelang::analysis::standing::Standings,
    gamelang::analysis::standing::Place,
) {
    let program = load_text("becomes.game", text, &[]);
    gamelang::analysis::play::start(&program.questions[0].components, 1_000_000).expect("plays")
}

#[test]
fn the_perfect_player_cuts_sheets_to_lost_sums_and_counts_the_moves_left() {
    for misere in [false, true] {
        let game = match misere {
            false => SHEET.to_string(),
            true => SHEET.replace("position (w, h)", "position (w, h)\n    play misere"),
        };
        let mut misere_memo = HashMap::new();
        let mut memo = HashMap::new();
        for w in 1..=4 {
            for h in 1..=4 {
                let (mut play, place) = standings(&format!("{game}analyze sheet at ({w}, {h})\n"));
                let wins = match misere {
                    false => sheet_by_hand(w, h, &mut memo) != 0,
                    true => misere_sheets_by_hand(vec![(w, h)], &mut misere_memo),
                };
                let standing = play.standing(&place).expect("searched");
                assert_eq!(standing.outcome, if wins { Outcome::N } else { Outcome::P });
                // The perfect move: to a lost sum when there is one, and
                // the remoteness falls by one with each move.
                let mut place = place;
                let mut remoteness = standing.remoteness.expect("a play that ends");
                while let Some((m, after)) = play.best(&place).expect("searched") {
                    let sheets: Vec<(u64, u64)> =
                        (m.to.iter()).map(|p| (p.heaps[0], p.heaps[1])).collect();
                    let lost = match misere {
                        false => {
                            sheets
                                .iter()
                                .fold(0, |x, &(a, b)| x ^ sheet_by_hand(a, b, &mut memo))
                                == 0
                        }
                        true => {
                            let mut sorted = sheets.clone();
                            sorted.sort();
                            !misere_sheets_by_hand(sorted, &mut misere_memo)
                        }
                    };
                    assert_eq!(lost, after.outcome == Outcome::P, "({w}, {h}) → {sheets:?}");
                    assert_eq!(
                        after.remoteness,
                        Some(remoteness - 1),
                        "({w}, {h}) → {sheets:?}"
                    );
                    remoteness -= 1;
                    place = m.to;
                }
                assert_eq!(remoteness, 0, "({w}, {h})");
            }
        }
    }
}

#[test]
fn a_play_of_circular_kayles_moves_into_the_row() {
    let (mut play, place) = standings(&format!("{CIRCLE}analyze circle at 9\n"));
    let moves = play.moves(&place).expect("listed");
    let texts: Vec<String> = (moves.iter())
        .map(|m| gamelang::report::move_text(&play, &place, m))
        .collect();
    assert_eq!(texts, ["becomes row at 8", "becomes row at 7"]);
    // A circle of 9: row 8 has Kayles value 1, row 7 value 2 (OEIS
    // A002186), so the circle's value is mex{1, 2} = 0: lost.
    assert_eq!(play.standing(&place).expect("searched").outcome, Outcome::P);
}

/// The cutting game (`SHEET`) with a move that turns a sheet that is not
/// square: a play can come back to a sum it left, so positions are won,
/// lost or drawn.
fn turning_sheet() -> String {
    let turn = "    move turn {\n        require w != h\n        becomes (h, w)\n    }\n}\n";
    let cut = SHEET.strip_suffix("}\n").expect("the game ends its text");
    format!("{cut}{turn}")
}

/// A whole sum of turning sheets, sorted, without the 1 × 1 sheets (they
/// have no move).
type Sheets = Vec<(u64, u64)>;

fn sheets(mut sum: Sheets) -> Sheets {
    sum.retain(|&s| s != (1, 1));
    sum.sort();
    sum
}

/// Every move of a whole sum: one component replaced by what one of its
/// moves leaves (`leaves`), the sum kept in the form `form` gives.
fn whole_moves<C: Copy>(
    sum: &[C],
    leaves: impl Fn(C) -> Vec<Vec<C>>,
    form: impl Fn(Vec<C>) -> Vec<C>,
) -> Vec<Vec<C>> {
    let mut out = Vec::new();
    for (i, &c) in sum.iter().enumerate() {
        for parts in leaves(c) {
            let rest = (sum.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .map(|(_, &c)| c);
            out.push(form(rest.chain(parts).collect()));
        }
    }
    out
}

/// Every move of a whole sum of turning sheets: one sheet cut in two, or
/// turned.
fn turning_moves(sum: &Sheets) -> Vec<Sheets> {
    let leaves = |(w, h): (u64, u64)| {
        let mut out: Vec<Sheets> = Vec::new();
        out.extend((1..w).map(|a| vec![(a, h), (w - a, h)]));
        out.extend((1..h).map(|b| vec![(w, b), (w, h - b)]));
        if w != h {
            out.push(vec![(h, w)]);
        }
        out
    };
    whole_moves(sum, leaves, sheets)
}

/// Who wins each whole sum reachable from `start` (by `moves`), and its
/// remoteness, by the definition, level by level: with no move a sum is
/// lost now (P, 0); it is won in r + 1 (N) with a move to a sum lost in r
/// and none lost sooner; it is lost in r + 1 (P) when every move leads to a
/// sum won and the latest of them is won in r; a sum never labelled is a
/// draw.
fn retrograde<S: Clone + Eq + std::hash::Hash>(
    start: S,
    moves: impl Fn(&S) -> Vec<S>,
) -> HashMap<S, (Outcome, Option<u64>)> {
    let mut graph: HashMap<S, Vec<S>> = HashMap::new();
    let mut todo = vec![start];
    while let Some(sum) = todo.pop() {
        if graph.contains_key(&sum) {
            continue;
        }
        let next = moves(&sum);
        todo.extend(next.iter().cloned());
        graph.insert(sum, next);
    }
    let mut label: HashMap<S, (Outcome, u64)> = HashMap::new();
    for r in 0.. {
        let mut found = Vec::new();
        for (sum, next) in &graph {
            if label.contains_key(sum) {
                continue;
            }
            let lost_in = |v: &S, outcome| label.get(v).filter(|l| l.0 == outcome).map(|l| l.1);
            if r > 0 && next.iter().any(|v| lost_in(v, Outcome::P) == Some(r - 1)) {
                found.push((sum.clone(), Outcome::N));
            } else if next.iter().all(|v| lost_in(v, Outcome::N).is_some())
                && (next.iter().filter_map(|v| lost_in(v, Outcome::N)).max()).map_or(0, |m| m + 1)
                    == r
            {
                found.push((sum.clone(), Outcome::P));
            }
        }
        let still = label.len() < graph.len();
        for (sum, outcome) in found {
            label.insert(sum, (outcome, r));
        }
        // Past the farthest remoteness and nothing new: the rest is drawn.
        if !still || r > 2 * graph.len() as u64 {
            break;
        }
    }
    (graph.into_keys())
        .map(|sum| {
            let standing = match label.get(&sum) {
                Some(&(outcome, r)) => (outcome, Some(r)),
                None => (Outcome::D, None),
            };
            (sum, standing)
        })
        .collect()
}

fn turning_by_hand(start: Sheets) -> HashMap<Sheets, (Outcome, Option<u64>)> {
    retrograde(start, turning_moves)
}

#[test]
fn a_game_that_comes_back_through_becomes_is_answered_as_a_loopy_game() {
    let mut statements = String::new();
    let mut sizes = Vec::new();
    for w in 1..=4 {
        for h in 1..=4 {
            statements.push_str(&format!("analyze sheet at ({w}, {h})\n"));
            sizes.push((w, h));
        }
    }
    let mut draws = 0;
    for ((w, h), answer) in sizes
        .into_iter()
        .zip(answers(&turning_sheet(), &statements))
    {
        let by_hand = turning_by_hand(sheets(vec![(w, h)]));
        let (outcome, remoteness) = by_hand[&sheets(vec![(w, h)])];
        assert_eq!(answer.outcome, outcome, "({w}, {h})");
        match &answer.method.components[0] {
            gamelang::analysis::ComponentMethod::Loopy {
                remoteness: r,
                positions,
            } => {
                assert_eq!(*r, remoteness, "({w}, {h})");
                assert_eq!(*positions, by_hand.len().max(1), "({w}, {h})");
            }
            // A square sheet too small to cut never turns: a plain search.
            other => assert!((w, h) == (1, 1), "({w}, {h}) answered by {other:?}"),
        }
        // Each move listed leads where the brute force says: from a won
        // sum to a lost one, from a drawn sum to a drawn one.
        let after = |m: &gamelang::analysis::WinningMove| -> Sheets {
            let sheet = |p: &gamelang::position::Position| {
                let h = p.to_u64s().expect("small");
                (h[0], h[1])
            };
            match m.terms.as_slice() {
                [] => sheets(vec![sheet(&m.to)]),
                parts => sheets(parts.iter().map(|p| sheet(&p.position)).collect()),
            }
        };
        for m in &answer.winning_moves {
            assert_eq!(by_hand[&after(m)].0, Outcome::P, "({w}, {h})");
        }
        let drawing = (turning_moves(&sheets(vec![(w, h)])).iter())
            .filter(|v| by_hand[*v].0 == Outcome::D)
            .count();
        assert_eq!(
            answer.drawing_move_count,
            if outcome == Outcome::D { drawing } else { 0 }
        );
        for m in &answer.drawing_moves {
            assert_eq!(by_hand[&after(m)].0, Outcome::D, "({w}, {h})");
        }
        draws += usize::from(outcome == Outcome::D);
    }
    // Both kinds of answer are met: drawn sheets, and won or lost ones.
    assert!(draws > 0 && draws < 16, "{draws} draws");
}

#[test]
fn the_perfect_player_keeps_a_drawn_sum_of_turning_sheets_drawn() {
    let by_hand = turning_by_hand(sheets(vec![(3, 2)]));
    let (mut play, mut place) = standings(&format!("{}analyze sheet at (3, 2)\n", turning_sheet()));
    assert_eq!(play.standing(&place).expect("labelled").outcome, Outcome::D);
    // Ten moves on, the play is still drawn, every sum it passes drawn by
    // the brute force too.
    for _ in 0..10 {
        let (m, after) = play.best(&place).expect("labelled").expect("a move");
        let sum: Sheets = sheets((m.to.iter()).map(|p| (p.heaps[0], p.heaps[1])).collect());
        assert_eq!(
            (after.outcome, by_hand[&sum].0),
            (Outcome::D, Outcome::D),
            "{sum:?}"
        );
        place = m.to;
    }
}

/// Two games that become each other: from red n take 1 or 2, or turn it
/// blue; from blue n take 1, turn it into red n - 2 and red 1, or back
/// into red n. Plays can come back, through the other game.
const RED_AND_BLUE: &str = "game red {
    heaps 1
    move take { choose k in 1..2; require k <= h[1]; h[1] -= k }
    move turn { require h[1] >= 1; becomes blue at (h[1]) }
}
game blue {
    heaps 1
    move take { require h[1] >= 1; h[1] -= 1 }
    move turn { require h[1] >= 2; becomes red at (h[1] - 2) + red at (1) }
    move back { becomes red at (h[1]) }
}
";

/// A whole sum of red (false) and blue (true) heaps, sorted, without the
/// components that have no move (red 0; blue always has one).
type Coloured = Vec<(bool, u64)>;

fn coloured(mut sum: Coloured) -> Coloured {
    sum.retain(|&c| c != (false, 0));
    sum.sort();
    sum
}

fn coloured_moves(sum: &Coloured) -> Vec<Coloured> {
    let leaves = |(blue, n): (bool, u64)| {
        let mut out: Vec<Coloured> = Vec::new();
        if blue {
            if n >= 1 {
                out.push(vec![(true, n - 1)]);
            }
            if n >= 2 {
                out.push(vec![(false, n - 2), (false, 1)]);
            }
            out.push(vec![(false, n)]);
        } else {
            out.extend((1..=2.min(n)).map(|k| vec![(false, n - k)]));
            if n >= 1 {
                out.push(vec![(true, n)]);
            }
        }
        out
    };
    whole_moves(sum, leaves, coloured)
}

#[test]
fn games_that_become_each_other_are_searched_together_and_their_cycles_answered() {
    let mut statements = String::new();
    let mut starts = Vec::new();
    for n in 0..=6u64 {
        for blue in [false, true] {
            let name = if blue { "blue" } else { "red" };
            statements.push_str(&format!("analyze {name} at {n}\n"));
            starts.push((blue, n));
        }
    }
    statements.push_str("analyze red at 3 + blue at 2\n");
    let mut draws_or_loops = 0;
    for (i, answer) in answers(RED_AND_BLUE, &statements).into_iter().enumerate() {
        let start: Coloured = match starts.get(i) {
            Some(&c) => coloured(vec![c]),
            None => coloured(vec![(false, 3), (true, 2)]),
        };
        let by_hand = retrograde(start.clone(), coloured_moves);
        let (outcome, remoteness) = by_hand[&start];
        assert_eq!(answer.outcome, outcome, "{start:?}");
        // A sum of two components is answered from each one's value
        // (Smith's rule for sums of loopy games); a heap that cannot come
        // back (red 0) by the search.
        if let [gamelang::analysis::ComponentMethod::Loopy { remoteness: r, .. }] =
            &answer.method.components[..]
        {
            assert_eq!(*r, remoteness, "{start:?}");
            draws_or_loops += 1;
        }
        for m in &answer.winning_moves {
            let part = |p: &gamelang::analysis::SumTerm| {
                let blue = p.game.as_ref().is_some_and(|g| g.name == "blue");
                (blue, p.position.to_u64s().expect("small")[0])
            };
            let moved = start.get(m.component).copied();
            let after: Coloured = match (m.terms.as_slice(), moved) {
                ([], Some((blue, _))) => {
                    let mut rest = start.clone();
                    rest[m.component] = (blue, m.to.to_u64s().expect("small")[0]);
                    coloured(rest)
                }
                (parts, _) => {
                    let mut rest = start.clone();
                    rest.remove(m.component);
                    coloured([rest, parts.iter().map(part).collect()].concat())
                }
            };
            assert_eq!(
                by_hand.get(&after).map(|s| s.0),
                Some(Outcome::P),
                "{start:?} → {after:?}"
            );
        }
    }
    assert!(
        draws_or_loops > 0,
        "some answers come from the graph of sums"
    );
}

/// The cutting game of POJ 2311: whoever cuts out a 1 × 1 sheet wins the
/// whole play (`win when`), with every sheet of the sum a game of its own.
const CUT_OUT: &str = "game cut {
    position (w, h)
    move across { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }
    move down { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }
    win when w == 1 and h == 1
}
";

/// The same game by its statement, on whole sums of sheets, each a byte
/// `16 * a + b`, turned so that its shorter side `a` comes first (a sheet
/// turned is the same sheet), sorted: the player to move wins where a cut
/// leaves a 1 × 1 sheet, or a sum the other player loses. A sheet 1 × n
/// (n ≥ 2) lets the player to move cut out a 1 × 1 at once, so a cut that
/// leaves one loses, and a sheet whose every cut leaves one (2 × 2, 2 × 3,
/// 3 × 3) is left out of the sum: it has no move that does not lose.
fn cut_out_wins(sum: &[u8], memo: &mut FxHashMap<Vec<u8>, bool>) -> bool {
    if let Some(&w) = memo.get(sum) {
        return w;
    }
    let sheet = |a: u8, b: u8| 16 * a.min(b) + a.max(b);
    let mut wins = false;
    'search: for (i, &s) in sum.iter().enumerate() {
        if i > 0 && sum[i - 1] == s {
            continue;
        }
        let (w, h) = (s / 16, s % 16);
        let cuts = (1..w)
            .map(|a| [sheet(a, h), sheet(w - a, h)])
            .chain((1..h).map(|b| [sheet(w, b), sheet(w, h - b)]));
        for pair in cuts {
            if pair.contains(&sheet(1, 1)) {
                wins = true;
                break 'search;
            }
            if pair.iter().any(|&p| p / 16 == 1) {
                continue;
            }
            let mut next: Vec<u8> = (sum.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .map(|(_, s)| *s)
                .chain(
                    pair.into_iter()
                        .filter(|&p| !matches!(p, 0x22 | 0x23 | 0x33)),
                )
                .collect();
            next.sort_unstable();
            if !cut_out_wins(&next, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(sum.to_vec(), wins);
    wins
}

#[test]
fn cutting_out_a_square_with_becomes_and_win_when_matches_a_brute_force() {
    let mut statements = String::new();
    let mut sizes = Vec::new();
    for w in 1..=12u8 {
        for h in 1..=12u8 {
            statements.push_str(&format!("analyze cut at ({w}, {h})\n"));
            sizes.push((w, h));
        }
    }
    let mut memo = FxHashMap::default();
    for ((w, h), answer) in sizes.into_iter().zip(answers(CUT_OUT, &statements)) {
        let expected = match (w, h) {
            // The 1 × 1 sheet is the end itself: the play is over, lost
            // for the player to move.
            (1, 1) => Outcome::P,
            // A 1 × n sheet: a 1 × 1 is cut out at once.
            _ if w == 1 || h == 1 => Outcome::N,
            _ => match cut_out_wins(&[16 * w.min(h) + w.max(h)], &mut memo) {
                true => Outcome::N,
                false => Outcome::P,
            },
        };
        assert_eq!(answer.outcome, expected, "({w}, {h})");
        // Every cut that wins by the brute force is listed, and no other.
        let wins_by = |parts: &[(u8, u8)], memo: &mut FxHashMap<Vec<u8>, bool>| {
            let mut sum: Vec<u8> = parts
                .iter()
                .map(|&(a, b)| 16 * a.min(b) + a.max(b))
                .collect();
            if sum.contains(&0x11) {
                return true;
            }
            if sum.iter().any(|&p| p / 16 == 1) {
                return false;
            }
            sum.retain(|&p| !matches!(p, 0x22 | 0x23 | 0x33));
            sum.sort_unstable();
            !cut_out_wins(&sum, memo)
        };
        let mut expected_moves = Vec::new();
        if (w, h) != (1, 1) {
            for a in 1..w {
                if wins_by(&[(a, h), (w - a, h)], &mut memo) {
                    expected_moves.push(vec![(a, h), (w - a, h)]);
                }
            }
            for b in 1..h {
                if wins_by(&[(w, b), (w, h - b)], &mut memo) {
                    expected_moves.push(vec![(w, b), (w, h - b)]);
                }
            }
        }
        let listed: Vec<Vec<(u8, u8)>> = (answer.winning_moves.iter())
            .map(|m| {
                (m.terms.iter())
                    .map(|p| {
                        let hs = p.position.to_u64s().expect("small");
                        (hs[0] as u8, hs[1] as u8)
                    })
                    .collect()
            })
            .collect();
        assert_eq!(listed, expected_moves, "({w}, {h})");
    }
}

/// A circle of n coins where a move takes 1 to k and leaves a row, a game
/// of its own with the same k: passed by name (`circle`) and explicitly
/// (`ring`, whose parameter has another name).
const PASSED_ON: &str = "game row(k = 2) { heaps 1; take 1..k }
game circle(k = 2) {
    heaps 1
    move first { choose j in 1..k; require j <= h[1]; becomes row at (h[1] - j) }
}
game ring(m = 2) {
    heaps 1
    move first { choose j in 1..m; require j <= h[1]; becomes row(k = m) at (h[1] - j) }
}
";

/// The row by the definition: the mex of the rows 1 to k smaller.
fn row_k(k: u64, n: u64) -> u32 {
    let mut values: Vec<u32> = Vec::new();
    for m in 0..=n {
        let options: Vec<u32> = (1..=k.min(m)).map(|j| values[(m - j) as usize]).collect();
        values.push((0..).find(|g| !options.contains(g)).unwrap_or(0));
    }
    values[n as usize]
}

#[test]
fn parameters_pass_through_becomes_by_name_and_explicitly() {
    for k in 1..=3u64 {
        let mut statements = String::new();
        for n in 0..=20 {
            statements.push_str(&format!("analyze circle(k = {k}) at {n}\n"));
            statements.push_str(&format!("analyze ring(m = {k}) at {n}\n"));
        }
        let answers = answers(PASSED_ON, &statements);
        for (n, pair) in answers.chunks(2).enumerate() {
            let n = n as u64;
            let options: Vec<u32> = (1..=k.min(n)).map(|j| row_k(k, n - j)).collect();
            let expected = (0..).find(|g| !options.contains(g)).unwrap_or(0);
            for answer in pair {
                assert_eq!(
                    answer.grundy,
                    Grundy::Value(expected.into()),
                    "k = {k}, n = {n}"
                );
                for m in &answer.winning_moves {
                    let game = m.terms[0].game.as_ref().expect("a row");
                    assert_eq!(game.title(), format!("row(k = {k})"));
                }
            }
        }
    }
}

/// The answer to `statement` asked of `game` by an analyzer of its own:
/// the first question of its search, whose box below may be valued whole
/// in order (the sums search's fill).
fn first_answer(game: &str, statement: &str) -> gamelang::analysis::Answer {
    answers(game, &format!("analyze {statement}\n")).remove(0)
}

#[test]
fn a_sheet_valued_with_its_whole_box_in_order_matches_a_brute_force() {
    let mut memo = HashMap::new();
    for w in 1..=16 {
        for h in 1..=16 {
            let answer = first_answer(SHEET, &format!("sheet at ({w}, {h})"));
            let expected = sheet_by_hand(w, h, &mut memo);
            assert_eq!(answer.grundy, Grundy::Value(expected.into()), "({w}, {h})");
        }
    }
    // The box was valued whole: every (a, b) with a <= w and b <= h is
    // held, (0, 0) and the sheets of no width among them.
    let answer = first_answer(SHEET, "sheet at (30, 20)");
    let text = format!("{:?}", answer.method);
    assert!(text.contains("positions: 651"), "{text}");
    // A rule that is no sweep (no `choose`): the box valued a move at a
    // time. A sheet of even width may also be folded into two halves.
    let folded = SHEET.replacen(
        "game sheet {",
        "game sheet {\n    move fold {\n        require w % 2 == 0 and w > 0\n        becomes (w / 2, h) + (w / 2, h)\n    }",
        1,
    );
    fn by_hand(w: u64, h: u64, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
        if let Some(&g) = memo.get(&(w, h)) {
            return g;
        }
        let mut options: Vec<u32> = (1..w)
            .map(|a| by_hand(a, h, memo) ^ by_hand(w - a, h, memo))
            .collect();
        options.extend((1..h).map(|b| by_hand(w, b, memo) ^ by_hand(w, h - b, memo)));
        if w.is_multiple_of(2) && w > 0 {
            options.push(0); // two equal halves: g ^ g
        }
        let g = (0..).find(|g| !options.contains(g)).unwrap_or(0);
        memo.insert((w, h), g);
        g
    }
    let mut memo = HashMap::new();
    for (w, h) in [(6, 5), (12, 12), (15, 8), (20, 9)] {
        let answer = first_answer(&folded, &format!("sheet at ({w}, {h})"));
        assert_eq!(
            answer.grundy,
            Grundy::Value(by_hand(w, h, &mut memo).into()),
            "({w}, {h})"
        );
        let text = format!("{:?}", answer.method);
        let held = (w + 1) * (h + 1);
        assert!(
            text.contains(&format!("positions: {held}")),
            "({w}, {h}): {text}"
        );
    }
}

/// Moves that leave the box of the first position asked (a heap grows),
/// and a rule that fails on positions of the box that play never reaches:
/// the box is not valued whole, and the search answers as it always did.
#[test]
fn a_box_left_or_failing_is_searched_as_before() {
    let grows = "game grows {
    position (x, y)
    move pour {
        choose k in 1..y
        becomes (x + k, y - k)
    }
    move drain {
        choose k in 1..x
        becomes (x - k, y) + (0, k - 1)
    }
}
";
    // By the definition: the mex over the moves of the XOR of the parts.
    fn by_hand(x: u64, y: u64, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
        if let Some(&g) = memo.get(&(x, y)) {
            return g;
        }
        let mut options: Vec<u32> = (1..=y).map(|k| by_hand(x + k, y - k, memo)).collect();
        for k in 1..=x {
            options.push(by_hand(x - k, y, memo) ^ by_hand(0, k - 1, memo));
        }
        let g = (0..).find(|g| !options.contains(g)).unwrap_or(0);
        memo.insert((x, y), g);
        g
    }
    let mut memo = HashMap::new();
    for x in 0..=8 {
        for y in 0..=8 {
            let answer = first_answer(grows, &format!("grows at ({x}, {y})"));
            let expected = by_hand(x, y, &mut memo);
            assert_eq!(answer.grundy, Grundy::Value(expected.into()), "({x}, {y})");
        }
    }
    // 12 / (x - 3) fails where x = 3, a column of the box that play from
    // x = 5 never reaches (x goes to 4 at the most): y is a Nim heap, and
    // the move to x = 4 a move to *y.
    let fails = "game fails {
    position (x, y)
    move take {
        require 12 / (x - 3) >= 1
        choose k in 1..y
        becomes (x, y - k)
    }
    move shift {
        require x == 5
        becomes (4, y)
    }
}
";
    // (4, y) is a Nim heap of y; (5, y) moves to (5, y - k) and to (4, y).
    let mut five = Vec::new();
    for y in 0..=9u32 {
        let mut options: Vec<u32> = five.clone();
        options.push(y);
        five.push((0..).find(|g| !options.contains(g)).unwrap_or(0));
        let answer = first_answer(fails, &format!("fails at (5, {y})"));
        assert_eq!(
            answer.grundy,
            Grundy::Value(five[y as usize].into()),
            "(5, {y})"
        );
    }
}
