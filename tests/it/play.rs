//! Playing against the perfect opponent (`gamelang play`, `gamelang::play`),
//! and the position graph as data (`graph --format json`).

use std::collections::{HashMap, HashSet};

use gamelang::analysis::Analyzer;
use gamelang::check::Instance;
use gamelang::play;
use gamelang::position::{Outcome, Position};
use gamelang::search::standing::{Standing, Standings};
use serde_json::Value;

use crate::cli::{gamelang, gamelang_with};
use crate::common::load;

/// Remoteness by brute force for Bash's game with take 1 to 3 (Smith, 1966):
/// 0 at 0; a position with a move to an even remoteness (a loss for the
/// player then to move) is one more than the smallest such; else one more
/// than the largest remoteness of its moves.
fn bash_remoteness(top: u64) -> Vec<u64> {
    let mut r = vec![0u64; top as usize + 1];
    for n in 1..=top as usize {
        let moves: Vec<u64> = (1..=3.min(n)).map(|k| r[n - k]).collect();
        r[n] = match moves.iter().filter(|&&m| m % 2 == 0).min() {
            Some(&m) => m + 1,
            None => 1 + moves.iter().max().copied().unwrap_or(0),
        };
    }
    r
}

fn bash_play(n: u64) -> (Standings, Vec<Vec<u64>>) {
    let program = load("bash", &[]);
    let game = program.game("bash").expect("bash is defined");
    let instance = Instance {
        game: game.default.clone().expect("bash lowers"),
        position: Position::from_u64s(&[n]),
    };
    play::start(&[instance], 1_000_000).expect("bash plays")
}

#[test]
fn remoteness_of_bash_equals_a_brute_force_up_to_30() {
    let expected = bash_remoteness(30);
    let (mut play, _) = bash_play(30);
    for (n, &r) in expected.iter().enumerate() {
        let standing = play.standing(&vec![vec![n as u64]]).expect("judged");
        // Bash's game: P exactly at multiples of 4 (Ferguson, Game Theory, §1.1).
        let outcome = if n % 4 == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(
            standing,
            Standing {
                outcome,
                remoteness: Some(r)
            },
            "n = {n}"
        );
    }
}

#[test]
fn the_perfect_move_of_bash_leaves_a_multiple_of_4_and_loses_slowest() {
    let (mut play, _) = bash_play(30);
    for n in 1..=30u64 {
        let (m, after) = play.best(&vec![vec![n]]).expect("judged").expect("a move");
        let left = m.to[0][0];
        if n % 4 != 0 {
            assert_eq!(left, n - n % 4, "n = {n}");
            assert_eq!(after.outcome, Outcome::P);
        } else {
            // Lost: every move leaves an N-position; taking 1 delays most.
            assert_eq!(left, n - 1, "n = {n}");
        }
    }
}

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
fn play_says_so_when_the_input_ends_first() {
    gamelang_with(&["play", "games/bash.game", "--at", "6"], "", &[])
        .exits(2)
        .stderr_has("the input ended before the play did");
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
        let heaps: Vec<u64> = match n["position"].as_str().unwrap_or("") {
            "()" => Vec::new(),
            text => text
                .trim_matches(|c| c == '(' || c == ')')
                .split(',')
                .map(|h| h.trim().parse().expect("a heap"))
                .collect(),
        };
        let answer = crate::common::answer(&mut analyzer, &program, "kayles", &heaps);
        let expected = if crate::common::is_p(&answer) {
            "P"
        } else {
            "N"
        };
        assert_eq!(n["outcome"], expected, "{heaps:?}");
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
    let game = crate::cli::TempGame::new(
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

/// Plays `game` at `heaps` from its file, the computer first, the human
/// always taking the first move listed; returns each position the
/// computer's moves leave, with the standing it gave them, and who was
/// left without a move.
fn judged_play(game: &str, heaps: &[u64]) -> (Vec<(Vec<u64>, Standing)>, &'static str) {
    let program = load(game, &[]);
    let instance = Instance {
        game: (program.game(game).expect("defined").default.clone()).expect("lowers"),
        position: Position::from_u64s(heaps),
    };
    let (mut play, mut place) = play::start(&[instance], 1_000_000).expect("plays");
    let mut left = Vec::new();
    loop {
        let Some((m, after)) = play.best(&place).expect("judged") else {
            return (left, "computer");
        };
        left.push((m.to[0].clone(), after));
        place = m.to;
        let Some(human) = play.moves(&place).expect("listed").into_iter().next() else {
            return (left, "human");
        };
        place = human.to;
    }
}

#[test]
fn kayles_too_large_to_search_whole_is_played_by_its_grundy_values() {
    // Kayles at 200: the whole play's standings are past the play's search
    // budget; the analysis judges. Each position the computer leaves has
    // Grundy value 0 by a dp written here (Guy and Smith 1956, OEIS A002186:
    // g(n) = mex of g(a) ^ g(b), a + b = n - 1 or n - 2).
    let mut g = vec![0u32; 201];
    for n in 1..=200 {
        let mut seen = [false; 128];
        for take in 1..=2.min(n) {
            for a in 0..=(n - take) / 2 {
                seen[(g[a] ^ g[n - take - a]) as usize] = true;
            }
        }
        g[n] = seen.iter().position(|&s| !s).expect("small") as u32;
    }
    let (left, last) = judged_play("kayles", &[200]);
    assert_eq!(last, "human", "the human is left without a move, and loses");
    assert!(left.len() > 10);
    for (heaps, after) in &left {
        let xor = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
        assert_eq!(xor, 0, "{heaps:?}");
        assert_eq!(after.outcome, Outcome::P, "{heaps:?}");
    }
    assert!(
        left[0].1.remoteness.is_none(),
        "the analysis judged the first"
    );
}

#[test]
fn misere_kayles_too_large_to_search_is_played_by_its_quotient() {
    // Misère Kayles at 60: judged by its misère quotient. Each position the
    // computer leaves with 30 tokens or fewer is lost for the player to move
    // by the brute force of `misere.rs`.
    let (left, last) = judged_play("misere_kayles", &[60]);
    assert_eq!(
        last, "computer",
        "the computer is left without a move, and wins"
    );
    let mut memo = HashMap::new();
    let mut checked = 0;
    for (heaps, after) in &left {
        assert_eq!(after.outcome, Outcome::P, "{heaps:?}");
        if heaps.iter().sum::<u64>() <= 30 {
            let position = crate::misere::kayles_nim(heaps.clone(), Vec::new());
            assert!(!crate::misere::brute(position, &mut memo), "{heaps:?}");
            checked += 1;
        }
    }
    assert!(checked > 3);
    assert!(
        left[0].1.remoteness.is_none(),
        "the quotient judged the first"
    );
}
