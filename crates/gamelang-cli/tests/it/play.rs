//! Playing against the perfect opponent (`gamelang play`), and the position
//! graph as data (`graph --format json`).

use std::collections::{HashMap, HashSet};

use gamelang::{Analyzer, Outcome};
use serde_json::Value;

use crate::cli::{TempGame, gamelang, gamelang_with};
use crate::common::{bash_remoteness, load};

/// The human's choices of a scripted play: always the first move, always
/// the last, or by turns.
const STRATEGIES: [&str; 3] = ["1", "3", "mixed"];

fn script(strategy: &str, lines: usize) -> String {
    (0..lines)
        .map(|i| match strategy {
            "mixed" => ["2", "1", "3"][i % 3],
            s => s,
        })
        .map(|c| format!("{c}\n"))
        .collect()
}

/// Plays bash at `n` with `first` moving first and the human following
/// `strategy`; checks the transcript and returns it.
fn scripted(n: u64, first: &str, strategy: &str) -> Value {
    let at = n.to_string();
    let run = gamelang_with(
        &[
            "play",
            "games/bash.game",
            "--at",
            &at,
            "--first",
            first,
            "--json",
        ],
        &script(strategy, 40),
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    let remoteness = bash_remoteness(30);
    let mut heap = n;
    let moves = play["moves"].as_array().expect("a list of moves");
    for (i, m) in moves.iter().enumerate() {
        let to: u64 = m["to"]
            .as_str()
            .and_then(|t| t.parse().ok())
            .expect("a heap");
        // Legal: take 1 to 3 (games/bash.game, m = 3).
        assert!(to < heap && heap - to <= 3, "{heap} -> {to} at move {i}");
        let player = m["player"].as_str().expect("a player");
        let expected_player = if (i % 2 == 0) == (first == "human") {
            "human"
        } else {
            "computer"
        };
        assert_eq!(player, expected_player, "move {i}");
        assert_eq!(
            m["remoteness"].as_u64(),
            Some(remoteness[heap as usize]),
            "move {i} from {heap}"
        );
        heap = to;
    }
    assert_eq!(heap, 0, "the play ends at 0");
    play
}

#[test]
fn scripted_play_of_bash_is_won_by_the_computer_whatever_the_human_picks() {
    // 20 is a multiple of 4, lost for the human moving first; 21 is won
    // for the computer moving first (Bash's game; seed 002).
    for strategy in STRATEGIES {
        for (n, first) in [(20, "human"), (21, "computer")] {
            let play = scripted(n, first, strategy);
            assert_eq!(play["winner"], "computer", "{n}, {first} first, {strategy}");
        }
    }
}

#[test]
fn play_reads_a_position_written_out_and_asks_again_after_nonsense() {
    let run = gamelang_with(
        &["play", "games/bash.game", "--at", "6"],
        "banana\n(4)\n1\n",
        &[],
    );
    run.exits(0);
    assert!(
        run.stdout.contains("`banana` is not a move from 6"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("The computer wins."), "{}", run.stdout);
}

#[test]
fn the_end_of_the_input_stops_the_play_as_quit_does() {
    let run = gamelang_with(&["play", "games/bash.game", "--at", "6"], "", &[]);
    run.exits(0);
    assert!(run.stdout.contains("(the input ended)"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("play stopped at 6, before its end: nobody won."),
        "{}",
        run.stdout
    );
}

#[test]
fn hint_undo_new_and_quit_steer_the_play() {
    // Bash with m = 3 at 6: the winning move leaves a multiple of 4
    // (take 2 → 4). After take 1 → 5 the computer takes 1 → 4; undo takes
    // both back; new 9 starts again; quit stops.
    let run = gamelang_with(
        &["play", "games/bash.game", "--at", "6"],
        "hint\n1\nundo\nhint\nnew 9\nnew (1, 2, 3\nquit\n",
        &[],
    );
    run.exits(0);
    let out = &run.stdout;
    assert_eq!(out.matches("hint: take 2 → 4").count(), 2, "{out}");
    assert!(out.contains("computer: take 1 → 4"), "{out}");
    assert!(
        out.contains("bash(m = 3) at 9: the human moves first"),
        "{out}"
    );
    assert!(
        out.contains("`(1, 2, 3` is no position to play from"),
        "{out}"
    );
    assert!(
        out.contains("play stopped at 9, before its end: nobody won."),
        "{out}"
    );
    // Undo where nothing was played says so; quit in JSON: no winner.
    let run = gamelang_with(
        &["play", "games/bash.game", "--at", "6", "--json"],
        "undo\nquit\n",
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(play["winner"], Value::Null);
    assert_eq!(play["stopped"], true);
    assert_eq!(play["moves"].as_array().map(Vec::len), Some(0));
    let run = gamelang_with(
        &["play", "games/bash.game", "--at", "6"],
        "undo\nquit\n",
        &[],
    );
    assert!(run.stdout.contains("nothing to undo"), "{}", run.stdout);
}

#[test]
fn cutting_a_sheet_is_played_into_sums_and_the_computer_wins_from_n() {
    // The sheet (5, 4) of games/cutting.game has Grundy value 1 (by its
    // analysis; tests/it/becomes.rs holds the game to a brute force), an
    // N-position: the computer, moving first, wins.
    let run = gamelang_with(
        &[
            "play",
            "games/cutting.game",
            "--at",
            "(5, 4)",
            "--first",
            "computer",
            "--json",
        ],
        &script("1", 40),
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(play["winner"], "computer");
    let moves = play["moves"].as_array().expect("a list of moves");
    // Every cut adds a sheet: 20 unit squares take 19 cuts, whoever makes
    // them, and each move brings the end one nearer.
    assert_eq!(moves.len(), 19);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["remoteness"].as_u64(), Some(19 - i as u64), "{m}");
        let text = m["text"].as_str().expect("a move in words");
        assert!(text.contains("becomes ("), "{text}");
    }
    let last = moves[18]["to"].as_str().expect("a position");
    assert_eq!(last.matches("(w = 1, h = 1)").count(), 20, "{last}");
}

#[test]
fn crosses_and_crosses_is_played_to_three_in_a_row() {
    // A strip of 9 empty cells is an N-position (games/crosses.game; its
    // analysis, held to a brute force in tests/it/ends.rs): the computer,
    // moving first, wins by making three crosses in a row, whatever the
    // human picks.
    let run = gamelang_with(
        &["play", "games/crosses.game", "--first", "computer"],
        &script("1", 10),
        &[],
    );
    run.exits(0);
    assert!(
        run.stdout
            .contains("meets the game's `win when`: the play is over. The computer wins."),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("(meets the game's `win when`"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_sum_is_played_component_by_component_and_the_computer_wins_from_n() {
    // games/sums.game: bash(3) at 10 + bash(5) at 7 + nim at (3, 4) has
    // Grundy value 2 ^ 1 ^ 7 = 4, an N-position: the computer, moving
    // first, wins whatever the human does.
    let run = gamelang_with(
        &["play", "games/sums.game", "--first", "computer", "--json"],
        &script("1", 200),
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(play["winner"], "computer");
    assert!(play["moves"].as_array().is_some_and(|m| m.len() > 4));
}

#[test]
fn the_graph_of_kayles_at_6_has_each_position_once_and_marks_winning_moves() {
    let run = gamelang(&[
        "graph",
        "games/kayles.game",
        "--at",
        "6",
        "--format",
        "json",
    ]);
    run.exits(0);
    let graph: Value = serde_json::from_str(&run.stdout).expect("JSON");
    let nodes = graph["nodes"].as_array().expect("nodes");
    let positions: Vec<&str> = nodes
        .iter()
        .filter_map(|n| n["position"].as_str())
        .collect();
    let distinct: HashSet<&str> = positions.iter().copied().collect();
    assert_eq!(distinct.len(), positions.len(), "{positions:?}");
    // Kayles at 6 reaches 15 positions once heaps are sorted and empty
    // ones dropped (the issue counted 37 before they were merged).
    assert_eq!(nodes.len(), 15);
    let outcome: HashMap<u64, &str> = nodes
        .iter()
        .map(|n| {
            (
                n["id"].as_u64().unwrap_or(u64::MAX),
                n["outcome"].as_str().unwrap_or(""),
            )
        })
        .collect();
    // Each node's outcome agrees with the analyzer's.
    let program = load("kayles", &[]);
    let mut analyzer = Analyzer::default();
    for n in nodes {
        // The position as the graph writes it, read as `--at` reads it.
        let at = n["position"].as_str().unwrap_or("");
        let question = gamelang::question_at(&program, Some("kayles"), at).expect("a position");
        let answer = analyzer.analyze(&question).expect("an answer");
        let expected = if answer.outcome == Outcome::P {
            "P"
        } else {
            "N"
        };
        assert_eq!(n["outcome"], expected, "{at}");
    }
    let edges = graph["edges"].as_array().expect("edges");
    assert!(!edges.is_empty());
    for e in edges {
        let from = outcome[&e["from"].as_u64().expect("from")];
        let to = outcome[&e["to"].as_u64().expect("to")];
        assert_eq!(e["winning"], from == "N" && to == "P", "{e}");
        assert!(
            e["text"].as_str().is_some_and(|t| t.starts_with("take")),
            "{e}"
        );
    }
}

#[test]
fn a_loopy_games_graph_is_drawn_with_its_cycle_and_draws() {
    // One heap: take 1, or from 2 go up to 3. 0 is lost (no move), 1 wins
    // by taking to 0; from 2, taking leaves 1 (a loss), so 2 goes up to 3,
    // whose only move is back to 2: 2 and 3 are draws (retrograde analysis
    // by hand).
    let game = TempGame::new(
        "loopy-graph",
        "game loopy {\n heaps 1\n take 1\n move up {\n require h[1] == 2\n h[1] += 1\n }\n}\n",
    );
    let run = gamelang(&["graph", game.path(), "--at", "3", "--format", "json"]);
    run.exits(0);
    let graph: Value = serde_json::from_str(&run.stdout).expect("JSON");
    let nodes = graph["nodes"].as_array().expect("nodes");
    let outcome: HashMap<&str, &str> = nodes
        .iter()
        .map(|n| {
            (
                n["position"].as_str().unwrap_or(""),
                n["outcome"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let expected: HashMap<&str, &str> = [("3", "D"), ("2", "D"), ("1", "N"), ("0", "P")].into();
    assert_eq!(outcome, expected);
    // Generalised values (Smith): 0 and 1 for 0 and 1; ∞ with the value 1
    // its move to 1 reaches for 2; ∞ for 3, whose only move is to 2.
    let grundy: HashMap<&str, Value> = nodes
        .iter()
        .map(|n| (n["position"].as_str().unwrap_or(""), n["grundy"].clone()))
        .collect();
    assert_eq!(grundy["0"], 0);
    assert_eq!(grundy["1"], 1);
    assert_eq!(grundy["2"], serde_json::json!({ "infinite": [1] }));
    assert_eq!(grundy["3"], serde_json::json!({ "infinite": [] }));
    // The cycle is drawn: 2 -> 3 and 3 -> 2.
    let id = |p: &str| {
        nodes
            .iter()
            .find(|n| n["position"] == p)
            .and_then(|n| n["id"].as_u64())
    };
    let edges = graph["edges"].as_array().expect("edges");
    let has = |a: &str, b: &str| {
        edges
            .iter()
            .any(|e| e["from"].as_u64() == id(a) && e["to"].as_u64() == id(b))
    };
    assert!(has("2", "3") && has("3", "2"));
    let winning: Vec<(u64, u64)> = edges
        .iter()
        .filter(|e| e["winning"] == true)
        .map(|e| {
            (
                e["from"].as_u64().unwrap_or(0),
                e["to"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(winning, vec![(id("1").unwrap_or(9), id("0").unwrap_or(9))]);
    // In DOT the draws are dashed, and the values are shown.
    let dot = gamelang(&["graph", game.path(), "--at", "3"]);
    assert!(
        dot.stdout
            .contains("\"2\\ng = ∞(1)\", shape = circle, style = dashed"),
        "{}",
        dot.stdout
    );
}

#[test]
fn the_graph_of_a_game_whose_moves_become_sums_is_refused_with_advice() {
    let run = gamelang(&["graph", "games/cutting.game", "--at", "(2, 2)"]);
    run.exits(1);
    run.stderr_has("gamelang::graph::sums")
        .stderr_has("`analyze` answers each position");
}

/// A position with more moves than the play lists (Nim at (10^12, 7)): the
/// computer still moves, by the closed form (Bouton: to (7, 7)); the human
/// cannot be shown them, and the refusal names no option `play` lacks.
#[test]
fn a_position_with_too_many_moves_to_list_is_played_by_the_closed_form() {
    let run = gamelang_with(
        &[
            "play",
            "games/nim.game",
            "--at",
            "(1000000000000, 7)",
            "--first",
            "computer",
            "--json",
        ],
        &"1\n".repeat(20),
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(play["moves"][0]["to"], "(7, 7)", "{}", run.stdout);
    assert_eq!(play["winner"], "computer");
    let run = gamelang(&["play", "games/nim.game", "--at", "(1000000000000, 7)"]);
    run.exits(1);
    run.stderr_has("gamelang::search::too_many_moves")
        .stderr_has("help: ask about a smaller position");
    assert!(!run.stderr.contains("--move-budget"), "{}", run.stderr);
    // From a lost position of as many moves, the computer makes its first
    // move without listing the rest; then it is the human's turn.
    let run = gamelang(&[
        "play",
        "games/nim.game",
        "--at",
        "(1000000000000, 1000000000000)",
        "--first",
        "computer",
    ]);
    run.exits(1);
    assert!(
        run.stdout
            .contains("computer: take 1 from heap 1 → (999999999999, 1000000000000)"),
        "{}",
        run.stdout
    );
}

/// A line of input far past any move (a megabyte) is read past, not kept:
/// the play says so and goes on.
#[test]
fn a_line_too_long_to_be_a_move_is_skipped() {
    let input = format!("{}\n1\n1\n1\n1\n", "7".repeat(1 << 20));
    let run = gamelang_with(&["play", "games/bash.game", "--at", "5"], &input, &[]);
    run.exits(0);
    assert!(
        run.stdout.contains("that line is longer than 4096 bytes"),
        "{}",
        &run.stdout[..run.stdout.len().min(2000)]
    );
}

#[test]
fn an_every_compound_is_played_a_move_in_each_component_at_once() {
    // Nim at 3 and take-1-or-2 at 4 under `every`: the greatest suspense
    // decides (Winning Ways, ch. 9); tests/it/compounds.rs holds the
    // compound play to a brute force. Here: the words and the JSON.
    let game = crate::cli::TempGame::new(
        "every",
        "game nim { heaps 1; take 1.. }\ngame s12 { heaps 1; take {1, 2} }\nanalyze every nim at 3 + s12 at 4\n",
    );
    let run = gamelang_with(
        &["play", game.path(), "--first", "human", "--json"],
        &script("1", 10),
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    let first = &play["moves"][0];
    // The human's first listed move: a move in both components.
    assert_eq!(
        first["text"],
        "in nim: take 1; in s12: take 1 → nim at 2 + s12 at 3"
    );
    assert_eq!(first["with"][0]["component"], 1);
    // Nim 2 + s12 3 is lost for the player to move (suspenses 1 and 2:
    // even), and the computer keeps it so to the end.
    assert_eq!(play["winner"], "computer");
}

#[test]
fn a_move_may_be_given_by_its_words() {
    // Fibonacci Nim from (5, 4): the block says "take k, leaving s"; the
    // human takes 1 by its words, and the play goes on from (4, 2).
    let run = gamelang_with(
        &["play", "games/fibonacci_nim.game", "--at", "(5, 4)"],
        "take 1,  leaving 4\nquit\n",
        &[],
    );
    run.exits(0);
    assert!(!run.stdout.contains("is not a move"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("computer: take 1, leaving 3 → (stones = 3, limit = 2)"),
        "{}",
        run.stdout
    );
}

#[test]
fn play_draws_a_board_a_row_a_line_before_its_moves() {
    let run = gamelang_with(
        &["play", "games/cram.game", "--at", "\"...|..#\""],
        "1\n1\n1\n",
        &[],
    );
    run.exits(0);
    assert!(
        run.stdout.contains("\"...|..#\"\n    ...\n    ..#\n  1: "),
        "{}",
        run.stdout
    );
}

#[test]
fn a_scoring_play_keeps_each_player_s_points() {
    let run = gamelang_with(
        &[
            "play",
            "games/coins_in_a_row.game",
            "--first",
            "computer",
            "--json",
        ],
        "1\n1\n1\n1\n",
        &[],
    );
    run.exits(0);
    let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    let points = |who: &str| play["points"][who].as_i64().expect("points");
    // 3, 9, 1, 2: every coin is someone's, and the computer, first, wins by
    // at least the score with best play, 7 (tests/it/scoring.rs).
    assert_eq!(points("human") + points("computer"), 15);
    assert!(points("computer") - points("human") >= 7, "{play}");
    assert_eq!(play["winner"], "computer");
    let moves = play["moves"].as_array().expect("moves");
    let each: i64 = moves
        .iter()
        .map(|m| m["points"].as_i64().expect("points"))
        .sum();
    assert_eq!(each, 15);
    let run = gamelang_with(
        &["play", "games/coins_in_a_row.game", "--first", "computer"],
        "1\n1\n",
        &[],
    );
    run.exits(0);
    assert!(
        run.stdout.contains("points: you 0, the computer 2"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("The computer wins."), "{}", run.stdout);
}

#[test]
fn the_computer_wins_domineering_2_by_3_as_left_moving_first() {
    // Domineering on 2 rows of 3 is {2 | -1/2} (Winning Ways, ch. 5): Left
    // wins moving first. The computer plays Left against the human's Right,
    // whatever the human picks, and every move it makes wins for Left.
    for strategy in STRATEGIES {
        let run = gamelang_with(
            &[
                "play",
                "games/domineering.game",
                "--at",
                "...|...",
                "--as",
                "right",
                "--first",
                "computer",
                "--json",
            ],
            &script(strategy, 10),
            &[],
        );
        run.exits(0);
        let play: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
        assert_eq!(
            (&play["human"], &play["computer"]),
            (&Value::from("right"), &Value::from("left"))
        );
        assert_eq!(play["winner"], "computer", "{strategy}: {play}");
        let moves = play["moves"].as_array().expect("moves");
        for m in moves.iter().filter(|m| m["player"] == "computer") {
            assert_eq!(
                (&m["side"], &m["wins"]),
                (&Value::from("left"), &Value::from(true))
            );
        }
    }
    // A play the human wins: Right on a row of three, moving first, where
    // Left has no move at all.
    let run = gamelang_with(
        &[
            "play",
            "games/domineering.game",
            "--at",
            "...",
            "--as",
            "right",
        ],
        "1\n",
        &[],
    );
    run.exits(0);
    assert!(
        run.stdout
            .contains("Left has no move: Right wins (you win)"),
        "{}",
        run.stdout
    );
    // Hint and nonsense, then quit.
    let run = gamelang_with(
        &["play", "games/domineering.game", "--at", "..|.."],
        "hint\nbanana\nquit\n",
        &[],
    );
    run.exits(0);
    assert!(run.stdout.contains("hint: "), "{}", run.stdout);
    assert!(
        run.stdout.contains("`banana` is not a move from"),
        "{}",
        run.stdout
    );
    // `--as` of an impartial game is a usage error.
    let run = gamelang(&["play", "games/bash.game", "--as", "left"]);
    run.exits(2);
}
