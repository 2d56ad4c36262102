//! Scoring games (`score += EXPR`, `again`), held against plain recursive
//! brute forces written here (negamax, no memo): the score with best play
//! and the set of best moves, for coins in a row up to 12 coins, a
//! pile-splitting game, and Dots and Boxes on 2 × 2 boxes.

use std::collections::{BTreeSet, HashMap};

use gamelang::analysis::{Analyzer, Answer, ComponentMethod, Outcome};
use gamelang::{Cell, Ending, Player, Session, Turn};

use super::common::load_text;

const COINS: &str = include_str!("../../games/coins_in_a_row.game");
const SPLIT: &str = include_str!("../../games/split_and_score.game");
const DOTS: &str = include_str!("../../games/dots_and_boxes.game");

/// The games of a file, with `analyze` statements of our own.
fn with_questions(game: &str, questions: &[String]) -> String {
    let rules: String = (game.lines())
        .filter(|l| !l.starts_with("analyze"))
        .map(|l| format!("{l}\n"))
        .collect();
    format!("{rules}{}\n", questions.join("\n"))
}

fn answers(text: &str) -> Vec<Answer> {
    let program = load_text("scoring.game", text, &[]);
    let mut analyzer = Analyzer::default();
    (program.questions.iter())
        .map(|q| analyzer.analyze(q).expect("answered"))
        .collect()
}

/// The answers of game `name` (written in `game`) at each of `boards`,
/// and each board as its rows of cells.
fn answers_at(game: &str, name: &str, boards: &[&str]) -> (Vec<Answer>, Vec<Vec<Vec<u8>>>) {
    let questions: Vec<String> = (boards.iter())
        .map(|b| format!("analyze {name} at \"{b}\""))
        .collect();
    let cells = (boards.iter())
        .map(|b| b.split('|').map(|r| r.as_bytes().to_vec()).collect())
        .collect();
    (answers(&with_questions(game, &questions)), cells)
}

/// The score an answer gives, and the positions its best moves lead to.
fn score_and_best(answer: &Answer) -> (i128, BTreeSet<Vec<u64>>) {
    let scoring = answer.scoring.as_ref().expect("a scoring answer");
    let best = (scoring.best_moves.iter())
        .map(|m| m.to.to_u64s().expect("small"))
        .collect();
    let outcome = match scoring.score.signum() {
        1 => Outcome::N,
        -1 => Outcome::P,
        _ => Outcome::D,
    };
    assert_eq!(answer.outcome, outcome, "the outcome is the score's sign");
    (scoring.score, best)
}

/// Coins in a row by the definition: the best of taking the first coin or
/// the last, each its value minus what the other then wins by.
fn coins(v: &[i128], i: usize, j: usize) -> i128 {
    if i > j {
        return 0;
    }
    let first = v[i - 1] - coins(v, i + 1, j);
    let last = v[j - 1] - coins(v, i, j - 1);
    first.max(last)
}

/// Coins' values from a fixed linear congruential sequence from `seed`,
/// each below `most`.
fn coin_values(mut seed: u64, most: u64) -> impl FnMut() -> i128 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        i128::from((seed >> 33) % most)
    }
}

#[test]
fn coins_in_a_row_up_to_twelve_coins_match_the_definition() {
    // Values 0 to 19, repeats and ties among them.
    let mut next = coin_values(7, 20);
    for n in 0..=12usize {
        for _ in 0..4 {
            let v: Vec<i128> = (0..n).map(|_| next()).collect();
            let list: Vec<String> = v.iter().map(i128::to_string).collect();
            let game = COINS.replace("v = [3, 9, 1, 2]", &format!("v = [{}]", list.join(", ")));
            let question = format!("analyze coins_in_a_row at (1, {n})");
            let answer = &answers(&with_questions(&game, &[question]))[0];
            let (score, best) = score_and_best(answer);
            let want = coins(&v, 1, n);
            assert_eq!(score, want, "{v:?}");
            let mut best_want = BTreeSet::new();
            if n > 0 {
                if v[0] - coins(&v, 2, n) == want {
                    best_want.insert(vec![2, n as u64]);
                }
                if v[n - 1] - coins(&v, 1, n - 1) == want {
                    best_want.insert(vec![1, n as u64 - 1]);
                }
            }
            assert_eq!(best, best_want, "{v:?}");
        }
    }
}

#[test]
fn the_example_of_the_issue_is_won_by_seven() {
    // 3, 9, 1, 2: taking the 2 leaves 3, 9, 1; whichever end the other
    // takes, the 9 is the first player's: 2 + 9 = 11 against 3 + 1 = 4.
    let answer = &answers(COINS)[0];
    let (score, best) = score_and_best(answer);
    assert_eq!(score, coins(&[3, 9, 1, 2], 1, 4));
    assert_eq!(score, 7);
    assert_eq!(best, BTreeSet::from([vec![1, 3]]));
}

/// Split and score by the definition: piles (sorted) to the best split.
fn split(piles: &[u64]) -> i128 {
    let mut best = None;
    for (i, &p) in piles.iter().enumerate() {
        for a in 1..=p / 2 {
            let mut after = piles.to_vec();
            after[i] = a;
            after.push(p - a);
            let worth = i128::from(a * (p - a)) - split(&after);
            best = Some(best.map_or(worth, |b: i128| b.max(worth)));
        }
    }
    best.unwrap_or(0)
}

#[test]
fn split_and_score_matches_the_definition() {
    let mut positions: Vec<Vec<u64>> = (0..=11).map(|n| vec![n]).collect();
    for a in 1..=5 {
        for b in a..=5 {
            positions.push(vec![a, b]);
        }
    }
    let questions: Vec<String> = (positions.iter())
        .map(|p| {
            let heaps: Vec<String> = p.iter().map(u64::to_string).collect();
            format!("analyze split_and_score at ({})", heaps.join(", "))
        })
        .collect();
    let all = answers(&with_questions(SPLIT, &questions));
    for (position, answer) in positions.iter().zip(&all) {
        let (score, _) = score_and_best(answer);
        assert_eq!(score, split(position), "{position:?}");
    }
}

#[test]
fn a_table_of_split_and_score_shows_each_pile_s_score() {
    let program = load_text("split.game", SPLIT, &[]);
    let game = program.games[0].default.clone().expect("lowered");
    let mut analyzer = Analyzer::default();
    let upto = num_bigint::BigUint::from(12u32);
    let table = analyzer
        .table(&game, &upto, None, &mut |_| {})
        .expect("a table");
    let gamelang::Shape::OneHeap { values, .. } = &table.shape else {
        panic!("one heap: {:?}", table.shape);
    };
    for n in 0..=12u64 {
        assert_eq!(
            values.get(n as usize),
            Some(Cell::Score(split(&[n]))),
            "{n}"
        );
    }
}

/// The example's table reaches positions the rules do not define (`v[0]`,
/// `v[5]` of four coins): those are left blank and counted, the first
/// one's error kept, and every other cell is the definition's score.
#[test]
fn a_table_of_coins_leaves_blank_the_positions_a_rule_cannot_be_applied_from() {
    let program = load_text("coins.game", COINS, &[]);
    let game = program.games[0].default.clone().expect("lowered");
    let upto = num_bigint::BigUint::from(6u32);
    let table = (Analyzer::default().table(&game, &upto, None, &mut |_| {})).expect("a table");
    let gamelang::Shape::Grid { values, .. } = &table.shape else {
        panic!("a grid: {:?}", table.shape);
    };
    let v = [3, 9, 1, 2];
    let mut blank = 0;
    for (i, row) in values.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            // Defined: no coin past the row is ever taken.
            let defined = i > j || (i >= 1 && j <= v.len());
            match defined {
                true => assert_eq!(*cell, Some(Cell::Score(coins(&v, i, j))), "({i}, {j})"),
                false => {
                    assert_eq!(*cell, None, "({i}, {j})");
                    blank += 1;
                }
            }
        }
    }
    let undefined = table.undefined.as_ref().expect("some are blank");
    assert_eq!(undefined.count, blank);
    let text = undefined.first.to_string();
    assert!(
        text.contains("`take_first` cannot be applied at (0, 0)"),
        "{text}"
    );
    let words = gamelang::report::table_text(&table);
    assert!(
        words.contains(&format!("blank: {blank} positions")),
        "{words}"
    );
    let json = gamelang::report::table_json(&table);
    assert_eq!(json["undefined"]["count"], blank);
}

/// Dots and Boxes on 2 × 2 boxes, its 12 lines as bits: the 5 × 5 grid's
/// cells (r, c), 1-based, with r + c odd, in reading order.
struct Dots {
    lines: Vec<(usize, usize)>,
    /// Each box: the indices of its four sides.
    boxes: Vec<[usize; 4]>,
}

impl Dots {
    fn new() -> Self {
        let mut lines = Vec::new();
        for r in 1..=5 {
            for c in 1..=5 {
                if (r + c) % 2 == 1 {
                    lines.push((r, c));
                }
            }
        }
        let at = |r, c| lines.iter().position(|&l| l == (r, c)).expect("a line");
        let boxes = [(2, 2), (2, 4), (4, 2), (4, 4)]
            .map(|(r, c)| [at(r - 1, c), at(r + 1, c), at(r, c - 1), at(r, c + 1)])
            .to_vec();
        Dots { lines, boxes }
    }

    fn complete(&self, mask: u32) -> usize {
        (self.boxes.iter())
            .filter(|b| b.iter().all(|&l| mask >> l & 1 == 1))
            .count()
    }

    /// The value by the definition: each undrawn line, the boxes it
    /// completes plus the value after (its player moves again), or minus
    /// it where it completes none; each board's value remembered once
    /// found (`memo`, by its lines).
    fn value(&self, mask: u32) -> i128 {
        let mut memo = vec![None; 1 << self.lines.len()];
        self.value_in(mask, &mut memo)
    }

    fn value_in(&self, mask: u32, memo: &mut Vec<Option<i128>>) -> i128 {
        if let Some(known) = memo[mask as usize] {
            return known;
        }
        let mut best = None;
        for l in 0..self.lines.len() {
            if mask >> l & 1 == 1 {
                continue;
            }
            let after = mask | 1 << l;
            let boxes = (self.complete(after) - self.complete(mask)) as i128;
            let worth = match boxes {
                0 => -self.value_in(after, memo),
                _ => boxes + self.value_in(after, memo),
            };
            best = Some(best.map_or(worth, |b: i128| b.max(worth)));
        }
        let value = best.unwrap_or(0);
        memo[mask as usize] = Some(value);
        value
    }

    /// The board `mask` is, as `games/dots_and_boxes.game` writes it.
    fn board(&self, mask: u32) -> String {
        let mut rows = Vec::new();
        for r in 1..=5 {
            let mut row = String::new();
            for c in 1..=5 {
                row.push(match (r % 2, c % 2) {
                    (1, 1) => '+',
                    (0, 0) => {
                        let b = (self.boxes.iter())
                            .position(|b| self.lines[b[0]] == (r - 1, c))
                            .expect("a box");
                        match self.boxes[b].iter().all(|&l| mask >> l & 1 == 1) {
                            true => 'x',
                            false => 'o',
                        }
                    }
                    _ => {
                        let l = self
                            .lines
                            .iter()
                            .position(|&l| l == (r, c))
                            .expect("a line");
                        if mask >> l & 1 == 1 { '-' } else { '.' }
                    }
                });
            }
            rows.push(row);
        }
        rows.join("|")
    }
}

#[test]
fn dots_and_boxes_on_two_by_two_boxes_match_the_definition() {
    let dots = Dots::new();
    // The empty board, and every board of 1 to 11 lines drawn whose lines
    // are a fixed stride through the 4096 (a spread of every stage).
    let masks: Vec<u32> = (0..4096u32).step_by(37).collect();
    let questions: Vec<String> = (masks.iter())
        .map(|&m| format!("analyze dots_and_boxes at \"{}\"", dots.board(m)))
        .collect();
    let all = answers(&with_questions(DOTS, &questions));
    for (&mask, answer) in masks.iter().zip(&all) {
        let (score, best) = score_and_best(answer);
        assert_eq!(score, dots.value(mask), "{}", dots.board(mask));
        // The best moves are the lines whose worth by the definition is the
        // score, every one of them.
        let listed: BTreeSet<usize> = (best.iter())
            .map(|to| {
                (0..dots.lines.len())
                    .find(|&l| {
                        mask >> l & 1 == 0 && {
                            let (r, c) = dots.lines[l];
                            let cell = 2 + (r - 1) * 5 + (c - 1);
                            to[cell] == u64::from('-')
                        }
                    })
                    .expect("a line drawn")
            })
            .collect();
        let worth = |line: usize| {
            let after = mask | 1 << line;
            let boxes = (dots.complete(after) - dots.complete(mask)) as i128;
            match boxes {
                0 => -dots.value(after),
                _ => boxes + dots.value(after),
            }
        };
        let wanted: BTreeSet<usize> = (0..dots.lines.len())
            .filter(|&l| mask >> l & 1 == 0 && worth(l) == score)
            .collect();
        assert_eq!(listed, wanted, "{}", dots.board(mask));
    }
    // The empty board: the player to move wins by 2 boxes (3 to 1).
    assert_eq!(dots.value(0), 2);
    // The boards were held once up to their 8 turns and reflections, the
    // rules proven to turn with the board and every play to end, so each
    // position was valued alone by alpha-beta, and the method says so.
    turned_eight_ways(&all[0], true, "every play proven to end");
    assert!(
        matches!(
            all[0].method.components[..],
            [ComponentMethod::Scoring {
                alone: true,
                pruned: Some(_),
                ..
            }]
        ),
        "{:?}",
        all[0].method
    );
}

/// That `answer` was searched with a board held once up to its 8 turns,
/// the rules `proven` to turn with it or checked at each position, and
/// that its method's text says `said`.
fn turned_eight_ways(answer: &gamelang::Answer, proven: bool, said: &str) {
    assert!(
        matches!(
            answer.method.components[..],
            [ComponentMethod::Scoring { turns: 8, turns_proven, .. }] if turns_proven == proven
        ),
        "{:?}",
        answer.method
    );
    let method = &gamelang::report::json(answer, &|_| None)["method"];
    assert_eq!(method["turns_proven"], proven);
    let text = method["text"].as_str().expect("the method's text");
    assert!(text.contains(said), "{text}");
}

/// Marks that score 1, on a board whose rules read the anchor's row as a
/// number (`r >= 1`, always true): they turn with the board, but no proof
/// from the blocks says so, so the turns are checked at every position
/// valued, and the method says that instead.
#[test]
fn turns_not_proven_are_checked_and_said_to_be() {
    let game = MARKS.replace("score += c", "score += 1").replace(
        "require b[r, c] == '.'",
        "require b[r, c] == '.' and r >= 1",
    );
    let all = answers(&with_questions(
        &game,
        &["analyze marks at \"...|...|...\"".to_string()],
    ));
    let (score, _) = score_and_best(&all[0]);
    // Nine marks, five to the first player.
    assert_eq!(score, 1);
    turned_eight_ways(&all[0], false, "the rules checked at every position valued");
}

/// A board where a mark scores its column's number: a reflection of the
/// columns does not move alike, so the board's turns must not be used.
const MARKS: &str = "game marks {
    board
    move mark {
        choose r in 1..rows
        choose c in 1..cols
        require b[r, c] == '.'
        b[r, c] = 'x'
        score += c
    }
}";

/// The marks game by the definition, on rows of cells (`.` free).
fn marks(rows: &mut [Vec<u8>]) -> i128 {
    let mut best: Option<i128> = None;
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c] == b'.' {
                rows[r][c] = b'x';
                let worth = c as i128 + 1 - marks(rows);
                rows[r][c] = b'.';
                best = Some(best.map_or(worth, |b| b.max(worth)));
            }
        }
    }
    best.unwrap_or(0)
}

#[test]
fn a_board_whose_rules_are_not_symmetric_is_searched_without_turns() {
    let boards = [
        "...|...",
        "...|...|...",
        "x..|.x.|...",
        "..|..|.x",
        "....|x...",
    ];
    let (all, cells) = answers_at(MARKS, "marks", &boards);
    for ((board, answer), mut rows) in boards.iter().zip(&all).zip(cells) {
        let (score, _) = score_and_best(answer);
        assert_eq!(score, marks(&mut rows), "{board}");
        assert!(
            matches!(
                answer.method.components[..],
                [ComponentMethod::Scoring { turns: 1, .. }]
            ),
            "{board}: {:?}",
            answer.method
        );
    }
}

#[test]
fn on_two_by_two_boxes_the_first_player_wins_only_by_an_outside_line() {
    // Winning Ways' 2 × 2 game, as "Optimal Play for 2 by 2 Dots and
    // Boxes" (Puzzling Stack Exchange) retells it: the first player wins,
    // and must draw an outside line first; after an inside line the
    // second player draws by mirroring.
    let inside = [
        "+.+.+|.o-o.|+.+.+|.o.o.|+.+.+",
        "+.+.+|.o.o.|+-+.+|.o.o.|+.+.+",
    ];
    let mut questions =
        vec!["analyze dots_and_boxes at \"+.+.+|.o.o.|+.+.+|.o.o.|+.+.+\"".to_string()];
    questions.extend(
        inside
            .iter()
            .map(|b| format!("analyze dots_and_boxes at \"{b}\"")),
    );
    let all = answers(&with_questions(DOTS, &questions));
    let (score, best) = score_and_best(&all[0]);
    assert_eq!(all[0].outcome, Outcome::N);
    assert!(score > 0);
    let dots = Dots::new();
    for to in &best {
        let (r, c) = (dots.lines.iter())
            .copied()
            .find(|&(r, c)| to[2 + (r - 1) * 5 + (c - 1)] == u64::from('-'))
            .expect("a line drawn");
        assert!(
            r == 1 || r == 5 || c == 1 || c == 5,
            "an inside line: {r}, {c}"
        );
    }
    assert_eq!(best.len(), 8, "every outside line");
    for answer in &all[1..] {
        assert_eq!(answer.outcome, Outcome::D);
    }
}

/// Plays `text`'s first question to its end, the computer first; the
/// human takes the first move listed, or the perfect player's (`hint`).
/// Returns the computer's points minus the human's.
fn played_margin(text: &str, hints: bool) -> i128 {
    let program = load_text("play.game", text, &[]);
    let mut session =
        Session::start(&program.questions[0], 1_000_000, Player::Computer).expect("a play");
    loop {
        let m = match session.turn().expect("a turn") {
            Turn::Over(Ending::Points { human, computer }) => return computer - human,
            Turn::Over(other) => panic!("a scoring play ends on points: {other:?}"),
            Turn::Human(moves) if hints => {
                assert!(!moves.is_empty());
                session.hint().expect("a hint").expect("a move").0
            }
            Turn::Human(moves) => moves[0].clone(),
            Turn::Computer(m, _) => m,
        };
        session.play(m);
    }
}

#[test]
fn a_scoring_play_keeps_the_points_and_the_computer_wins_by_the_score() {
    // Coins in a row, and Dots and Boxes (whose completed boxes keep the
    // turn): the computer, first, ends exactly the score ahead of a human
    // who plays perfectly too, and at least that far ahead of one who
    // always takes the first move listed.
    let mut seed: u64 = 11;
    let mut games = Vec::new();
    for n in 1..=8usize {
        let v: Vec<String> = (0..n)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((seed >> 33) % 10).to_string()
            })
            .collect();
        let game = COINS.replace("v = [3, 9, 1, 2]", &format!("v = [{}]", v.join(", ")));
        games.push(with_questions(
            &game,
            &[format!("analyze coins_in_a_row at (1, {n})")],
        ));
    }
    for board in [
        "+.+|.o.|+.+",
        "+.+.+|.o.o.|+.+.+",
        "+.+.+|.o.o.|+.+.+|.o.o.|+.+.+",
    ] {
        games.push(with_questions(
            DOTS,
            &[format!("analyze dots_and_boxes at \"{board}\"")],
        ));
    }
    for text in &games {
        let (score, _) = score_and_best(&answers(text)[0]);
        assert_eq!(played_margin(text, true), score, "{text}");
        assert!(played_margin(text, false) >= score, "{text}");
    }
}

#[test]
fn a_search_stopped_by_its_limit_values_what_it_can_afterwards() {
    // 12 coins hold 91 positions (78 rows, 13 empty); a limit of 60 stops
    // the first question midway, with positions on its stack and others
    // held but not valued. The same search then values rows it had met,
    // 54 positions in all: none is taken for a cycle or a value it never
    // got, and what the stopped search held does not count against the
    // limit.
    let v: [i128; 12] = [5, 1, 9, 3, 3, 8, 2, 7, 4, 6, 1, 9];
    let list: Vec<String> = v.iter().map(i128::to_string).collect();
    let text = COINS.replace("v = [3, 9, 1, 2]", &format!("v = [{}]", list.join(", ")));
    let program = load_text("coins.game", &text, &[]);
    let game = program.games[0].default.clone().expect("checked");
    let options = gamelang::search::Options {
        max_positions: 60,
        ..gamelang::search::Options::default()
    };
    let mut search = gamelang::search::scoring::ScoringSearch::new(game, options);
    // The whole row does not fit: alpha-beta values it.
    let whole = search.value(&[1, 12]).expect("valued by alpha-beta");
    assert_eq!(whole, coins(&v, 1, 12));
    assert!(search.pruned().is_some());
    for (i, j) in [(8, 12), (1, 5), (2, 6), (7, 12)] {
        let value = search
            .value(&[i as u64, j as u64])
            .expect("within the limit");
        assert_eq!(value, coins(&v, i, j), "({i}, {j})");
        assert_eq!(search.pruned(), None, "({i}, {j}) fits");
    }
}

/// The heaps of a board written as rows split by `|`: its rows, its
/// columns, then its cells' characters row by row.
fn board_heaps(board: &str) -> Vec<u64> {
    let rows: Vec<&str> = board.split('|').collect();
    let size = [rows.len() as u64, rows[0].len() as u64];
    (size.into_iter())
        .chain(rows.iter().flat_map(|r| r.chars().map(u64::from)))
        .collect()
}

/// A scoring search whose limit of positions is `max_positions`.
fn limited(text: &str, max_positions: usize) -> gamelang::search::scoring::ScoringSearch {
    let program = load_text("limited.game", text, &[]);
    let game = program.games[0].default.clone().expect("checked");
    let options = gamelang::search::Options {
        max_positions,
        ..gamelang::search::Options::default()
    };
    gamelang::search::scoring::ScoringSearch::new(game, options)
}

#[test]
fn positions_whose_graph_does_not_fit_are_valued_by_alpha_beta() {
    // Coins in a row of 10, under a limit of 8 positions (a row of 10
    // reaches 66): every row's value, and every move's worth, by
    // alpha-beta, against the definition; values 0 to 49.
    let mut next = coin_values(11, 50);
    for _ in 0..6 {
        let v: Vec<i128> = (0..10).map(|_| next()).collect();
        let list: Vec<String> = v.iter().map(i128::to_string).collect();
        let text = COINS.replace("v = [3, 9, 1, 2]", &format!("v = [{}]", list.join(", ")));
        let mut search = limited(&text, 8);
        for i in 1..=10 {
            for j in i + 4..=10 {
                let (i, j) = (i as u64, j as u64);
                let value = search.value(&[i, j]).expect("valued");
                assert_eq!(value, coins(&v, i as usize, j as usize), "{v:?} ({i}, {j})");
                assert!(search.pruned().is_some(), "({i}, {j}) does not fit");
                for (m, worth) in search.moves(&[i, j]).expect("its moves") {
                    let [a, b] = m.after[..] else {
                        panic!("two parts")
                    };
                    let want = m.points - coins(&v, a as usize, b as usize);
                    assert_eq!(worth, want, "{v:?} ({i}, {j}) to ({a}, {b})");
                }
            }
        }
    }
    // Dots and Boxes on 2 x 2 boxes, where a box completed moves again,
    // under a limit of 200 positions: a spread of boards.
    let dots = Dots::new();
    let mut search = limited(DOTS, 200);
    for mask in (0..4096u32).step_by(97) {
        let board = dots.board(mask);
        let value = search.value(&board_heaps(&board)).expect("valued");
        assert_eq!(value, dots.value(mask), "{board}");
    }
    // The cut-offs are made: `analyze` of the empty board under 100
    // positions, its moves too, searches 440,940 positions; with every
    // window the widest (no cut-off, the table alone) it searched
    // 71,706,381.
    let mut search = limited(DOTS, 100);
    let empty = board_heaps("+.+.+|.o.o.|+.+.+|.o.o.|+.+.+");
    assert_eq!(search.value(&empty).expect("valued"), 2);
    let searched = search.pruned().expect("by alpha-beta");
    assert!(searched < 2_000_000, "{searched} positions searched");
}

/// A scoring game whose play can go back and forth forever.
const BACK_AND_FORTH: &str = "game back_and_forth {
    position (a, b)
    move there { require a > 0; score += 1; a -= 1; b += 1 }
    move back { require b > 0; b -= 1; a += 1 }
}";

#[test]
fn a_scoring_play_that_can_go_on_forever_is_refused_in_both_searches() {
    for max_positions in [1_000, 1] {
        let mut search = limited(BACK_AND_FORTH, max_positions);
        let refused = search.value(&[2, 0]);
        let Err(gamelang::search::SearchError::ScoringCycle { cycle, rules, .. }) = refused else {
            panic!("a cycle, under {max_positions} positions: {refused:?}");
        };
        assert_eq!(cycle.first(), cycle.last(), "the play returns");
        assert_eq!(rules.len() + 1, cycle.len());
    }
}

/// The rules proven once to turn with the board (`moves::turns_with_board`,
/// so that no position's turns are checked): Dots and Boxes, whose four
/// box tests a turn permutes (and whose `and`s a reflection reorders); not
/// a game that loses one of them, scores a column's number, or reads
/// `rows`, nor Domineering's rules (a turn makes a vertical domino
/// horizontal).
#[test]
fn the_rules_of_dots_and_boxes_are_proven_to_turn_with_the_board() {
    assert!(proven(DOTS));
    // Without the test of the box to the right of a line.
    let last_if = DOTS
        .rfind("        if b[r, c + 1] == 'o'")
        .expect("the fourth test");
    let end = last_if + DOTS[last_if..].find("        }\n").expect("its end") + 10;
    let three = format!("{}{}", &DOTS[..last_if], &DOTS[end..]);
    assert!(three.contains("b[r, c - 1] = 'x'") && !three.contains("b[r, c + 1] = 'x'"));
    assert!(!proven(&three));
    assert!(!proven(MARKS));
    let rows = DOTS.replacen(
        "require b[r, c] == '.'",
        "require b[r, c] == '.' and rows > 2",
        1,
    );
    assert!(!proven(&rows));
    assert!(!proven(include_str!("../../games/domineering.game")));
}

/// The first game of the file `text`, lowered.
fn first_game(text: &str) -> std::sync::Arc<gamelang::rules::Game> {
    let program = load_text("proven.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

/// Whether the rules of the game `text` are proven to turn with its board
/// (`moves::turns_with_board`).
fn proven(text: &str) -> bool {
    gamelang::moves::turns_with_board(&first_game(text))
}

/// Whether every play of the game `text` is proven to end
/// (`moves::plays_end`).
fn ends(text: &str) -> bool {
    gamelang::moves::plays_end(&first_game(text))
}

#[test]
fn dots_and_boxes_and_marks_end() {
    assert!(ends(include_str!("../../games/dots_and_boxes.game")));
    assert!(ends(MARKS));
    // The test written the other way round, within an `and`.
    assert!(ends(&MARKS.replace(
        "require b[r, c] == '.'",
        "require c > 0 and '.' == b[r, c]"
    )));
    // Domineering: each domino stales two cells.
    assert!(ends(include_str!("../../games/domineering.game")));
}

#[test]
fn a_rule_that_could_go_on_is_not_proven_to_end() {
    // It writes the character it requires: a fresh cell made again.
    assert!(!ends(&MARKS.replace("b[r, c] = 'x'", "b[r, c] = '.'")));
    // A mark that can be taken back writes '.' too.
    let back = MARKS.replace(
        "        score += c\n    }",
        "        score += c\n    }\n    move erase { choose r in 1..rows; choose c in 1..cols; require b[r, c] == 'x'; b[r, c] = '.' }",
    );
    assert!(!ends(&back));
    // It writes another cell than the one it requires.
    assert!(!ends(&MARKS.replace("b[r, c] = 'x'", "b[r, c + 1] = 'x'")));
    // The cell written only where an `if` holds.
    assert!(!ends(
        &MARKS.replace("b[r, c] = 'x'", "if c > 1 { b[r, c] = 'x' }")
    ));
    // The test one of an `or`.
    assert!(!ends(&MARKS.replace(
        "require b[r, c] == '.'",
        "require b[r, c] == '.' or c > 0"
    )));
    // The cell's column chosen again between.
    assert!(!ends(&MARKS.replace(
        "b[r, c] = 'x'",
        "choose d in 1..cols\n        b[r, d] = 'x'"
    )));
}

/// Marks on a board that score a point for each marked neighbour, and
/// move again where the mark lies between two in a line: its rules turn
/// with the board and every play ends, so `analyze` values each position
/// alone by alpha-beta.
const NEIGHBOURS: &str = "game neighbours {
    board
    move mark {
        choose r in 1..rows
        choose c in 1..cols
        require b[r, c] == '.'
        b[r, c] = 'x'
        if b[r - 1, c] == 'x' { score += 1 }
        if b[r + 1, c] == 'x' { score += 1 }
        if b[r, c - 1] == 'x' { score += 1 }
        if b[r, c + 1] == 'x' { score += 1 }
        if b[r - 1, c] == 'x' and b[r + 1, c] == 'x' { again }
        if b[r, c - 1] == 'x' and b[r, c + 1] == 'x' { again }
    }
}";

/// The neighbours game by the definition (memoised on the board): the
/// score, and each move (its cell) with its worth.
fn neighbours(board: &mut Vec<Vec<u8>>, memo: &mut HashMap<Vec<Vec<u8>>, i128>) -> i128 {
    if let Some(&v) = memo.get(board) {
        return v;
    }
    let best = neighbour_moves(board, memo)
        .into_iter()
        .map(|(_, w)| w)
        .max();
    let v = best.unwrap_or(0);
    memo.insert(board.clone(), v);
    v
}

fn neighbour_moves(
    board: &mut Vec<Vec<u8>>,
    memo: &mut HashMap<Vec<Vec<u8>>, i128>,
) -> Vec<((usize, usize), i128)> {
    let (rows, cols) = (board.len(), board[0].len());
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if board[r][c] != b'.' {
                continue;
            }
            let marked = |dr: isize, dc: isize| {
                let (r, c) = (r as isize + dr, c as isize + dc);
                (0..rows as isize).contains(&r)
                    && (0..cols as isize).contains(&c)
                    && board[r as usize][c as usize] == b'x'
            };
            let points = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter(|&&(dr, dc)| marked(dr, dc))
                .count() as i128;
            let again = (marked(-1, 0) && marked(1, 0)) || (marked(0, -1) && marked(0, 1));
            board[r][c] = b'x';
            let after = neighbours(board, memo);
            board[r][c] = b'.';
            let worth = match again {
                true => points + after,
                false => points - after,
            };
            out.push(((r, c), worth));
        }
    }
    out
}

#[test]
fn a_board_valued_alone_by_alpha_beta_matches_the_definition() {
    let boards = [
        "...|...",
        "..|..|..",
        "....|....|....",
        "...|...|...",
        ".....",
        "x...|.#..|..x.",
        "x.x.|....|.x.x|....",
        "#...|....|...#",
    ];
    let (all, boards_cells) = answers_at(NEIGHBOURS, "neighbours", &boards);
    let mut memo = HashMap::new();
    for ((board, answer), mut cells) in boards.iter().zip(&all).zip(boards_cells) {
        let (score, best) = score_and_best(answer);
        assert_eq!(score, neighbours(&mut cells, &mut memo), "{board}");
        // Every move worth the score, and no other, is listed: by the cell
        // it marks.
        let cols = cells[0].len();
        let listed: BTreeSet<(usize, usize)> = (best.iter())
            .map(|to| {
                let k = (2..to.len())
                    .find(|&k| {
                        to[k] == u64::from(b'x') && cells[(k - 2) / cols][(k - 2) % cols] == b'.'
                    })
                    .expect("a cell marked");
                ((k - 2) / cols, (k - 2) % cols)
            })
            .collect();
        let wanted: BTreeSet<(usize, usize)> = (neighbour_moves(&mut cells, &mut memo).into_iter())
            .filter(|&(_, worth)| worth == score)
            .map(|(cell, _)| cell)
            .collect();
        assert_eq!(listed, wanted, "{board}");
        let turns = match cells.len() == cols {
            true => 8,
            false => 4,
        };
        assert!(
            matches!(
                answer.method.components[..],
                [ComponentMethod::Scoring { alone: true, turns: t, turns_proven: true, .. }] if t == turns
            ),
            "{board}: {:?}",
            answer.method
        );
    }
}

/// The rules proven to turn with the board where their cells lie along
/// chosen directions (`moves/directed.rs`): Amazons' slides and arrows, a
/// rook's and a bishop's; not a direction read across (its row part in a
/// column), one the conditions do not keep turned (downward only), nor a
/// point kept in a variable made of a loop's variable.
#[test]
fn rules_along_chosen_directions_are_proven_to_turn_with_the_board() {
    let amazons = include_str!("../../games/amazons.game");
    assert!(proven(amazons));
    let queen = "game queen {
    board
    move slide {
        choose r in 1..rows
        choose c in 1..cols
        require b[r, c] == 'Q'
        choose dr in -1..1
        choose dc in -1..1
        require dr != 0 or dc != 0
        choose k in 1..max(rows, cols) - 1
        for j in 1..k {
            require b[r + j * dr, c + j * dc] == '.'
        }
        b[r, c] = '#'
        b[r + k * dr, c + k * dc] = 'Q'
    }
}";
    assert!(proven(queen));
    let rook = queen.replace(
        "dr != 0 or dc != 0",
        "dr * dc == 0 and (dr != 0 or dc != 0)",
    );
    assert!(proven(&rook));
    let bishop = queen.replace("dr != 0 or dc != 0", "dr != 0 and dc != 0");
    assert!(proven(&bishop));
    let across = queen.replace(
        "b[r + k * dr, c + k * dc] = 'Q'",
        "b[r + k * dr, c + k * dr] = 'Q'",
    );
    assert!(!proven(&across));
    let downward = queen.replace("dr != 0 or dc != 0", "dr > 0");
    assert!(!proven(&downward));
    let scored = queen.replace("b[r, c] = '#'", "b[r, c] = '#'\n        score += dr");
    assert!(!proven(&scored));
    let kept = queen.replace(
        "        for j in 1..k {\n            require b[r + j * dr, c + j * dc] == '.'\n        }",
        "        for j in 1..k {\n            let far = r + j * dr\n            require b[far, c + j * dc] == '.'\n        }",
    );
    assert!(kept.contains("let far"));
    assert!(!proven(&kept));
    // Chosen in a loop: read at once, a direction pairs its parts as
    // chosen; a part kept in a variable could pair with another time's.
    let looped = "game queen {
    board
    move slide {
        choose r in 1..rows
        choose c in 1..cols
        require b[r, c] == 'Q'
        for i in 1..1 {
            choose dr in -1..1
            choose dc in -1..1
            require dr != 0 or dc != 0
            choose k in 1..max(rows, cols) - 1
            b[r, c] = '#'
            b[r + k * dr, c + k * dc] = 'Q'
        }
    }
}";
    assert!(proven(looped));
    let part_kept = looped
        .replace(
            "            choose k in",
            "            let d = dr\n            choose k in",
        )
        .replace("b[r + k * dr,", "b[r + k * d,");
    assert!(part_kept.contains("let d = dr") && part_kept.contains("k * d,"));
    assert!(!proven(&part_kept));
}
