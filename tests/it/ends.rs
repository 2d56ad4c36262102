//! Games that end other than by running out of moves (`win when`, `lose
//! when`, `draw when`), held against brute forces written here: one game
//! searched with its ends, and sums answered by the reduction (a move into
//! an end, or to a position from which the next player wins at once, left
//! out) held against a search of the whole sum.

use std::collections::HashMap;

use gamelang::analysis::{Analyzer, Answer, Count, Grundy, Outcome};

use super::common::load_text;
use super::common::subtraction_moves;

/// Crosses-and-crosses on a 1 × n strip: a move puts a cross in an empty
/// cell, and whoever makes three crosses in a row wins.
const STRIP: &str = "game strip {
    heaps *
    move cross {
        choose i in 1..len
        require h[i] == 0
        h[i] = 1
    }
    win when {
        choose i in 1..len - 2
        require h[i] == 1 and h[i + 1] == 1 and h[i + 2] == 1
    }
}
";

fn answers(text: &str) -> Vec<Answer> {
    let program = load_text("ends.game", text, &[]);
    let mut analyzer = Analyzer::default();
    (program.questions.iter())
        .map(|q| analyzer.analyze(q).expect("answered"))
        .collect()
}

fn strip_at(cells: &[u8]) -> String {
    let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
    match cells.as_slice() {
        [] => "()".to_string(),
        [one] => one.clone(),
        _ => format!("({})", cells.join(", ")),
    }
}

fn three(mask: u32) -> bool {
    mask & (mask >> 1) & (mask >> 2) != 0
}

/// Whether the player to move wins crosses-and-crosses on `n` cells with
/// crosses at `mask`: a cross that makes three wins at once; no empty cell
/// left, the player to move loses. `memo`: 0 unknown, 1 lost, 2 won.
fn strip_wins(n: u32, mask: u32, memo: &mut [u8]) -> bool {
    match memo[mask as usize] {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let mut wins = false;
    for i in 0..n {
        let next = mask | 1 << i;
        if next != mask && (three(next) || !strip_wins(n, next, memo)) {
            wins = true;
            break;
        }
    }
    memo[mask as usize] = if wins { 2 } else { 1 };
    wins
}

/// Octal 0.007 (Treblecross by Winning Ways' hand reduction): g(n) = mex
/// of g(a) ^ g(b), a + b = n - 3.
fn octal_007(top: usize) -> Vec<u32> {
    let mut g = vec![0u32; top + 1];
    for n in 3..=top {
        let r = n - 3;
        let options: Vec<u32> = (0..=r).map(|a| g[a] ^ g[r - a]).collect();
        g[n] = (0..).find(|v| !options.contains(v)).unwrap_or(0);
    }
    g
}

#[test]
fn crosses_and_crosses_matches_a_brute_force_and_treblecross() {
    let top = 24;
    let statements: String = (0..=top)
        .map(|n| format!("analyze strip at {}\n", strip_at(&vec![0; n])))
        .collect();
    let answers = answers(&format!("{STRIP}{statements}"));
    let g = octal_007(top + 2);
    for (n, answer) in answers.iter().enumerate() {
        let mut memo = vec![0u8; 1 << n];
        let wins = strip_wins(n as u32, 0, &mut memo);
        assert_eq!(answer.outcome, Outcome::p_if(!wins), "strip of {n}");
        // Winning Ways' reduction: the strip of n is the heap n + 2 of
        // 0.007, except n = 2 (no cross there can be answered by three).
        if n != 2 {
            assert_eq!(wins, g[n + 2] != 0, "strip of {n} against 0.007");
        }
    }
}

/// A small game with ends, by hand: its moves and the end a position meets.
struct Small {
    text: &'static str,
    name: &'static str,
    positions: Vec<Vec<u64>>,
    moves: fn(&[u64]) -> Vec<Vec<u64>>,
    end: fn(&[u64]) -> Option<char>,
}

fn strip_moves(p: &[u64]) -> Vec<Vec<u64>> {
    (0..p.len())
        .filter(|&i| p[i] == 0)
        .map(|i| {
            let mut q = p.to_vec();
            q[i] = 1;
            q
        })
        .collect()
}

fn strip_end(p: &[u64]) -> Option<char> {
    p.windows(3).any(|w| w == [1, 1, 1]).then_some('w')
}

fn take_any(p: &[u64]) -> Vec<Vec<u64>> {
    (0..p[0]).map(|h| vec![h]).collect()
}

fn empty_loses(p: &[u64]) -> Option<char> {
    (p[0] == 0).then_some('l')
}

fn take_1_or_2(p: &[u64]) -> Vec<Vec<u64>> {
    subtraction_moves(p, &[1, 2])
}

fn one_wins(p: &[u64]) -> Option<char> {
    (p[0] == 1).then_some('w')
}

fn no_end(_: &[u64]) -> Option<char> {
    None
}

fn smalls() -> Vec<Small> {
    let strips = (0..=5usize)
        .flat_map(|n| (0..1u32 << n).map(move |m| (n, m)))
        .map(|(n, m)| (0..n).map(|i| u64::from(m >> i & 1)).collect::<Vec<_>>())
        .filter(|p| p.len() <= 3 || p.iter().sum::<u64>() <= 2)
        .collect();
    vec![
        Small {
            text: STRIP,
            name: "strip",
            positions: strips,
            moves: strip_moves,
            end: strip_end,
        },
        Small {
            text: "game last { heaps 1; take 1..; lose when h[1] == 0 }\n",
            name: "last",
            positions: (0..=5).map(|h| vec![h]).collect(),
            moves: take_any,
            end: empty_loses,
        },
        Small {
            text: "game one { heaps 1; take 1..2; win when h[1] == 1 }\n",
            name: "one",
            positions: (0..=6).map(|h| vec![h]).collect(),
            moves: take_1_or_2,
            end: one_wins,
        },
        // No ends of its own: in a sum, it plays beside the others.
        Small {
            text: "game nim { heaps 1; take 1.. }\n",
            name: "nim",
            positions: (0..=4).map(|h| vec![h]).collect(),
            moves: take_any,
            end: no_end,
        },
    ]
}

/// Who wins each sum searched, by its components' positions.
type Memo = HashMap<Vec<Vec<u64>>, bool>;

/// The whole sum by the rules: who wins, memoised on the tuple.
fn sum_wins(games: &[&Small], at: &[Vec<u64>], memo: &mut Memo) -> bool {
    if let Some(&w) = memo.get(at) {
        return w;
    }
    let mut wins = false;
    'all: for (c, g) in games.iter().enumerate() {
        for q in (g.moves)(&at[c]) {
            let won = match (g.end)(&q) {
                Some('w') => true,
                Some(_) => false,
                None => {
                    let mut next = at.to_vec();
                    next[c] = q;
                    !sum_wins(games, &next, memo)
                }
            };
            if won {
                wins = true;
                break 'all;
            }
        }
    }
    memo.insert(at.to_vec(), wins);
    wins
}

/// Whether the play is over at `at`, and who won it: `Some(true)` when the
/// player to move has won (the last mover lost), `Some(false)` lost.
fn over(games: &[&Small], at: &[Vec<u64>]) -> Option<bool> {
    (games.iter().zip(at)).find_map(|(g, p)| (g.end)(p).map(|e| e == 'l'))
}

/// Holds the answer of every sum in `combos` (each a list of (game,
/// position)) against the whole sum played by the rules: who wins, and how
/// many moves win.
fn hold_sums(games: &[Small], combos: &[Vec<(usize, Vec<u64>)>]) {
    let text: String = games.iter().map(|g| g.text).collect();
    let statements: String = (combos.iter())
        .map(|combo| {
            let parts: Vec<String> = (combo.iter())
                .map(|(g, p)| {
                    let cells: Vec<u8> = p.iter().map(|&x| x as u8).collect();
                    format!("{} at {}", games[*g].name, strip_at(&cells))
                })
                .collect();
            format!("analyze {}\n", parts.join(" + "))
        })
        .collect();
    let answers = answers(&format!("{text}{statements}"));
    assert_eq!(answers.len(), combos.len(), "every sum answered");
    let mut memos: HashMap<Vec<usize>, Memo> = HashMap::new();
    for (combo, answer) in combos.iter().zip(&answers) {
        let in_sum: Vec<&Small> = combo.iter().map(|(g, _)| &games[*g]).collect();
        let at: Vec<Vec<u64>> = combo.iter().map(|(_, p)| p.clone()).collect();
        let context = format!("{combo:?}");
        let memo = memos
            .entry(combo.iter().map(|(g, _)| *g).collect())
            .or_default();
        let wins = match over(&in_sum, &at) {
            Some(won) => won,
            None => sum_wins(&in_sum, &at, memo),
        };
        assert_eq!(answer.outcome, Outcome::p_if(!wins), "{context}");
        if over(&in_sum, &at).is_some() {
            continue;
        }
        // Every winning move: into a `win when` position, or to a position
        // the next player loses.
        let mut winning = 0usize;
        for (c, g) in in_sum.iter().enumerate() {
            for q in (g.moves)(&at[c]) {
                let won = match (g.end)(&q) {
                    Some(e) => e == 'w',
                    None => {
                        let mut next = at.clone();
                        next[c] = q;
                        !sum_wins(&in_sum, &next, memo)
                    }
                };
                winning += usize::from(won);
            }
        }
        assert_eq!(
            answer.winning_move_count,
            Count::Exact(winning.into()),
            "{context}"
        );
    }
}

#[test]
fn sums_with_ends_are_answered_by_the_reduction_as_the_whole_sum_is_played() {
    let games = smalls();
    let all: Vec<(usize, Vec<u64>)> = (games.iter().enumerate())
        .flat_map(|(g, s)| s.positions.iter().map(move |p| (g, p.clone())))
        .collect();
    // Every sum of two, in either order.
    let pairs: Vec<Vec<(usize, Vec<u64>)>> = (all.iter())
        .flat_map(|a| all.iter().map(move |b| vec![a.clone(), b.clone()]))
        .collect();
    hold_sums(&games, &pairs);
    // Every sum of three (a multiset) of the smaller positions: strips of
    // at most three cells, heaps up to 3.
    let small: Vec<(usize, Vec<u64>)> = (all.iter())
        .filter(|(_, p)| p.len() <= 3 && p.iter().all(|&x| x <= 3))
        .cloned()
        .collect();
    let mut triples = Vec::new();
    for i in 0..small.len() {
        for j in i..small.len() {
            for k in j..small.len() {
                triples.push(vec![small[i].clone(), small[j].clone(), small[k].clone()]);
            }
        }
    }
    hold_sums(&games, &triples);
}

/// A position's remoteness and suspense by their definitions (Smith 1966;
/// Winning Ways, ch. 9), an end won or lost as declared: 0 at an end or
/// with no move; from a position with a move to a lost one (into a `win
/// when` position is one), one more than the least remoteness and the
/// greatest suspense of such moves; from any other, one more than the
/// greatest remoteness and the least suspense of all. Also who wins.
fn steps_by_definition(g: &Small, p: &[u64]) -> (bool, u64, u64) {
    match (g.end)(p) {
        Some('w') => return (false, 0, 0),
        Some(_) => return (true, 0, 0),
        None => {}
    }
    let after: Vec<(bool, u64, u64)> = (g.moves)(p)
        .iter()
        .map(|q| steps_by_definition(g, q))
        .collect();
    let lost = after.iter().filter(|a| !a.0);
    match (lost.clone().map(|a| a.1).min(), lost.map(|a| a.2).max()) {
        (Some(r), Some(s)) => (true, r + 1, s + 1),
        _ => match (
            after.iter().map(|a| a.1).max(),
            after.iter().map(|a| a.2).min(),
        ) {
            (Some(r), Some(s)) => (false, r + 1, s + 1),
            _ => (false, 0, 0),
        },
    }
}

#[test]
fn one_game_with_ends_has_its_remoteness_and_suspense() {
    for g in smalls() {
        let statements: String = (g.positions.iter())
            .map(|p| {
                let cells: Vec<u8> = p.iter().map(|&x| x as u8).collect();
                format!("analyze {} at {}\n", g.name, strip_at(&cells))
            })
            .collect();
        let answers = answers(&format!("{}{statements}", g.text));
        for (p, answer) in g.positions.iter().zip(&answers) {
            let (wins, remoteness, suspense) = steps_by_definition(&g, p);
            let steps = answer.timing.as_ref().expect("the play is small");
            let context = format!("{} at {p:?}", g.name);
            assert_eq!(answer.outcome, Outcome::p_if(!wins), "{context}");
            assert_eq!(steps.remoteness, remoteness, "{context}: remoteness");
            assert_eq!(steps.suspense, suspense, "{context}: suspense");
        }
    }
}

#[test]
fn one_game_with_ends_has_a_value_where_no_move_wins_at_once() {
    // `last`: taking the last token loses, so the reduced game is Nim with
    // the move to 0 left out: a heap of h has value h - 1 (h >= 1).
    let answers = answers(
        "game last { heaps 1; take 1..; lose when h[1] == 0 }\nanalyze last at 5\nanalyze last at 1\nanalyze last at 0\n",
    );
    assert_eq!(answers[0].grundy, Grundy::Value(4u32.into()));
    assert_eq!(answers[1].outcome, Outcome::P);
    // At 0 the play is over: the player who moved there lost.
    assert_eq!(answers[2].outcome, Outcome::N);
    assert_eq!(answers[2].winning_move_count, Count::Exact(0u32.into()));
}

/// The knight's race to the corner (games/corner_race.game) by the
/// definition: moving into (0, 0) wins; a square the knight can no longer
/// reach the corner from is a draw. `None` for a draw.
fn knight_wins(x: i64, y: i64) -> Option<bool> {
    if x == 0 && y == 0 {
        // The player who moved here won.
        return Some(false);
    }
    if (x + y) % 3 != 0 || x > 2 * y || y > 2 * x {
        return None;
    }
    let moves: Vec<(i64, i64)> = [(x - 2, y - 1), (x - 1, y - 2)]
        .into_iter()
        .filter(|&(a, b)| a >= 0 && b >= 0)
        .collect();
    let after: Vec<Option<bool>> = moves.iter().map(|&(a, b)| knight_wins(a, b)).collect();
    if after.contains(&Some(false)) {
        Some(true)
    } else if after.contains(&None) {
        None
    } else {
        Some(false)
    }
}

/// The games of games/corner_race.game, without its `analyze` statements.
fn race_games() -> String {
    let text = std::fs::read_to_string(super::common::root().join("games/corner_race.game"))
        .expect("the example exists");
    (text.lines())
        .filter(|l| !l.starts_with("analyze"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn the_knights_race_ends_in_a_draw_where_the_corner_is_out_of_reach() {
    let games = race_games();
    let squares: Vec<(i64, i64)> = (0..=8).flat_map(|x| (0..=8).map(move |y| (x, y))).collect();
    let statements: String = (squares.iter())
        .map(|(x, y)| format!("analyze knight at ({x}, {y})\n"))
        .collect();
    for ((x, y), answer) in squares.iter().zip(answers(&format!("{games}{statements}"))) {
        let expected = match knight_wins(*x, *y) {
            Some(true) => Outcome::N,
            Some(false) => Outcome::P,
            None => Outcome::D,
        };
        assert_eq!(answer.outcome, expected, "knight at ({x}, {y})");
    }
}

/// Crosses-and-crosses in misère play by the definition: three in a row
/// still wins, and a player with no empty cell left wins.
fn misere_strip_wins(n: u32, mask: u32, memo: &mut [u8]) -> bool {
    match memo[mask as usize] {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let empty: Vec<u32> = (0..n).filter(|i| mask & 1 << i == 0).collect();
    let wins = empty.is_empty()
        || (empty.iter()).any(|i| {
            let next = mask | 1 << i;
            three(next) || !misere_strip_wins(n, next, memo)
        });
    memo[mask as usize] = if wins { 2 } else { 1 };
    wins
}

#[test]
fn crosses_and_crosses_in_misere_play_is_searched_with_its_ends() {
    let misere = STRIP.replace("heaps *", "heaps *\n    play misere");
    let top = 12;
    let statements: String = (0..=top)
        .map(|n| format!("analyze strip at {}\n", strip_at(&vec![0; n])))
        .collect();
    for (n, answer) in answers(&format!("{misere}{statements}")).iter().enumerate() {
        let mut memo = vec![0u8; 1 << n];
        let wins = misere_strip_wins(n as u32, 0, &mut memo);
        assert_eq!(answer.outcome, Outcome::p_if(!wins), "misère strip of {n}");
    }
}

/// Plays `text`'s first question to its end, the computer moving first and
/// the human always making the first move listed: how it ended.
fn played_out(text: &str) -> gamelang::analysis::play::Ending {
    use gamelang::analysis::play::{Player, Session, Turn};
    let program = load_text("ends.game", text, &[]);
    let mut session = Session::start(&program.questions[0], 1_000_000, Player::Computer)
        .expect("the play starts");
    loop {
        let m = match session.turn().expect("a turn") {
            Turn::Over(ending) => return ending,
            Turn::Human(moves) => moves[0].clone(),
            Turn::Computer(m, _) => m,
        };
        session.play(m);
    }
}

#[test]
fn the_perfect_player_wins_crosses_and_crosses_by_three_in_a_row_where_it_can() {
    use gamelang::analysis::play::{Ending, Player};
    use gamelang::rules::EndKind;
    for n in 1..=10u32 {
        let mut memo = vec![0u8; 1 << n];
        let wins = strip_wins(n, 0, &mut memo);
        let ending = played_out(&format!(
            "{STRIP}analyze strip at {}\n",
            strip_at(&vec![0; n as usize])
        ));
        match ending {
            // A strip the player to move wins: the computer, moving first,
            // makes three in a row.
            Ending::End { kind, winner } if wins => {
                assert_eq!(
                    (kind, winner),
                    (EndKind::Win, Some(Player::Computer)),
                    "strip of {n}"
                )
            }
            // A lost strip: the human's first moves may still lose it.
            Ending::End { kind, .. } => assert_eq!(kind, EndKind::Win, "strip of {n}"),
            Ending::NoMove { winner, .. } => {
                assert!(
                    !wins || winner == Player::Computer,
                    "strip of {n}: {winner:?}"
                )
            }
            Ending::Drawn => panic!("strip of {n}: crosses-and-crosses has no draw"),
            Ending::Stopped => panic!("strip of {n}: the computer played to the end"),
            Ending::Points { .. } => panic!("strip of {n}: no points in a strip"),
        }
    }
}

#[test]
fn a_knight_that_cannot_reach_the_corner_plays_to_the_declared_draw() {
    use gamelang::analysis::play::Ending;
    use gamelang::rules::EndKind;
    let games = race_games();
    // (7, 5): the corner is in reach, but no move wins and one keeps the
    // play away from a loss: a draw by the definition, played to a square
    // that meets `draw when`.
    assert_eq!(knight_wins(7, 5), None);
    match played_out(&format!("{games}analyze knight at (7, 5)\n")) {
        Ending::End { kind, winner } => assert_eq!((kind, winner), (EndKind::Draw, None)),
        other => panic!("the play ended otherwise: {other:?}"),
    }
}

#[test]
fn a_table_of_the_knights_race_shows_each_squares_outcome_with_its_ends() {
    use gamelang::analysis::table::{Cell, Shape};
    let program = super::common::load("corner_race", &[]);
    let knight = (program.game("knight"))
        .and_then(|entry| entry.default.clone())
        .expect("the knight's game checks");
    let table = (Analyzer::default().table(&knight, &8u64.into(), None, &mut |_| {}))
        .expect("the table is computed");
    let Shape::Grid {
        values,
        timing: steps,
    } = &table.shape
    else {
        panic!("two coordinates: a grid");
    };
    // Remoteness and suspense are for games that end only by running out
    // of moves: not shown.
    assert!(steps.is_none());
    for (x, row) in values.iter().enumerate() {
        for (y, cell) in row.iter().enumerate() {
            let expected = match knight_wins(x as i64, y as i64) {
                Some(true) => Outcome::N,
                Some(false) => Outcome::P,
                None => Outcome::D,
            };
            assert_eq!(cell, &Some(Cell::Ended(expected)), "knight at ({x}, {y})");
        }
    }
}

#[test]
fn the_graph_of_the_knights_race_stops_at_its_ends() {
    use gamelang::rules::EndKind;
    let program = super::common::load_text(
        "race.game",
        &format!("{}analyze knight at (7, 5)\n", race_games()),
        &[],
    );
    let instance = &program.questions[0].components[0];
    let graph = Analyzer::default().graph(instance).expect("drawn");
    let mut ends = 0;
    for i in graph.node_indices() {
        let node = &graph[i];
        let (x, y) = (node.heaps[0] as i64, node.heaps[1] as i64);
        let expected = match knight_wins(x, y) {
            Some(true) => Outcome::N,
            Some(false) => Outcome::P,
            None => Outcome::D,
        };
        assert_eq!(node.outcome, expected, "({x}, {y})");
        assert_eq!(node.value, None, "({x}, {y}): no value with ends");
        let declared = if (x, y) == (0, 0) {
            Some(EndKind::Win)
        } else if (x + y) % 3 != 0 || x > 2 * y || y > 2 * x {
            Some(EndKind::Draw)
        } else {
            None
        };
        assert_eq!(node.end, declared, "({x}, {y})");
        if node.end.is_some() {
            ends += 1;
            assert_eq!(
                graph.neighbors(i).count(),
                0,
                "({x}, {y}): the play is over"
            );
        }
    }
    assert!(ends >= 2, "both kinds of end are met");
}

/// Tic-tac-toe by plain minimax from the definition: crosses move when
/// there are as many crosses as noughts; three of a mark in a line (of the
/// board's rows, columns or diagonals) wins for whoever made it; a full
/// board without one is a draw. 1: the player to move wins, 0: a draw, -1:
/// the player to move loses.
fn tic_tac_toe(
    rows: usize,
    cols: usize,
    cells: &mut Vec<u8>,
    memo: &mut HashMap<Vec<u8>, i8>,
) -> i8 {
    if let Some(&known) = memo.get(cells) {
        return known;
    }
    let at = |cells: &[u8], r: i64, c: i64| {
        ((0..rows as i64).contains(&r) && (0..cols as i64).contains(&c))
            .then(|| cells[r as usize * cols + c as usize])
    };
    let three = |cells: &[u8]| {
        (0..rows as i64).any(|r| {
            (0..cols as i64).any(|c| {
                let mark = cells[r as usize * cols + c as usize];
                mark != b'.'
                    && [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
                        at(cells, r + dr, c + dc) == Some(mark)
                            && at(cells, r + 2 * dr, c + 2 * dc) == Some(mark)
                    })
            })
        })
    };
    let result = if three(cells) {
        -1
    } else if !cells.contains(&b'.') {
        0
    } else {
        let crosses = cells.iter().filter(|&&c| c == b'x').count();
        let noughts = cells.iter().filter(|&&c| c == b'o').count();
        let mark = if crosses == noughts { b'x' } else { b'o' };
        let mut best = -1;
        for i in 0..cells.len() {
            if cells[i] == b'.' {
                cells[i] = mark;
                best = best.max(-tic_tac_toe(rows, cols, cells, memo));
                cells[i] = b'.';
            }
        }
        best
    };
    memo.insert(cells.clone(), result);
    result
}

#[test]
fn tic_tac_toe_and_crosses_and_noughts_on_a_strip_match_a_plain_minimax() {
    let text = std::fs::read_to_string(super::common::root().join("games/tic_tac_toe.game"))
        .expect("the example");
    let game = text
        .split("\nanalyze")
        .next()
        .expect("the game")
        .to_string();
    // Every position of 3 × 3 with at most 3 marks, crosses first; and every
    // strip of 1 to 8 cells with at most 2 marks.
    let mut boards: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    let mut grow = |rows: usize, cols: usize, marks: usize| {
        let mut level = vec![vec![b'.'; rows * cols]];
        for step in 0..=marks {
            let mut next = Vec::new();
            for cells in &level {
                boards.push((rows, cols, cells.clone()));
                if step < marks {
                    let mark = if step % 2 == 0 { b'x' } else { b'o' };
                    for i in (0..cells.len()).filter(|&i| cells[i] == b'.') {
                        let mut after = cells.clone();
                        after[i] = mark;
                        if !next.contains(&after) {
                            next.push(after);
                        }
                    }
                }
            }
            level = next;
        }
    };
    grow(3, 3, 3);
    for n in 1..=8 {
        grow(1, n, 2);
    }
    let mut file = game;
    for (_, cols, cells) in &boards {
        let rows: Vec<String> = (cells.chunks(*cols))
            .map(|r| String::from_utf8_lossy(r).to_string())
            .collect();
        file.push_str(&format!("\nanalyze tic_tac_toe at \"{}\"", rows.join("|")));
    }
    let answers = answers(&format!("{file}\n"));
    assert_eq!(answers.len(), boards.len());
    let mut memo = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for ((rows, cols, cells), answer) in boards.iter().zip(&answers) {
        let expected = match tic_tac_toe(*rows, *cols, &mut cells.clone(), &mut memo) {
            1 => Outcome::N,
            0 => Outcome::D,
            _ => Outcome::P,
        };
        assert_eq!(
            answer.outcome,
            expected,
            "{}",
            String::from_utf8_lossy(cells)
        );
        seen.insert(expected);
    }
    // The empty 3 × 3 board is a draw; every outcome is met.
    assert_eq!(answers[0].outcome, Outcome::D);
    assert_eq!(seen.len(), 3);
}
