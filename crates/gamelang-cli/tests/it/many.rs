//! One `analyze` statement that asks many positions (a range, a box, a
//! list): every position answered in one process, as a table in text and
//! one object each in JSON, and a position whose search stops does not stop
//! the others.

use std::path::Path;

use crate::cli::{Run, gamelang_with_in};

/// Runs `gamelang ARGS` on a file holding `text`, in a directory of its own.
fn on_file(name: &str, text: &str, args: &[&str]) -> Run {
    let dir = std::env::temp_dir().join(format!("gamelang-many-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    std::fs::write(dir.join("g.game"), text).expect("the game is written");
    let mut all = args.to_vec();
    all.push("g.game");
    let run = gamelang_with_in(Path::new(&dir), &all, "", &[("NO_COLOR", Some("1"))]);
    let _ = std::fs::remove_dir_all(&dir);
    run
}

/// Kayles's Grundy values g(0..=n) by the plain definition: a move takes
/// one pin or two adjacent ones, leaving a row on each side; g is the mex
/// of the XORs of the two rows (Winning Ways, ch. 4).
fn kayles(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for size in 1..=n {
        let mut seen = std::collections::HashSet::new();
        for take in 1..=2.min(size) {
            for left in 0..=size - take {
                seen.insert(g[left] ^ g[size - take - left]);
            }
        }
        g[size] = (0..).find(|v| !seen.contains(v)).expect("a mex");
    }
    g
}

const KAYLES: &str = "game kayles { heaps *; octal 0.77 }\nanalyze kayles at 1..1000\n";

#[test]
fn a_thousand_positions_of_one_statement_are_answered_as_a_table() {
    let run = on_file("table", KAYLES, &["analyze"]);
    run.exits(0);
    let g = kayles(1000);
    let mut lines = run.stdout.lines();
    assert_eq!(lines.next(), Some("kayles at 1..1000: 1000 positions"));
    let head = lines.next().expect("the columns' names");
    assert!(
        head.split_whitespace().eq([
            "position", "outcome", "grundy", "winning", "moves", "method"
        ]),
        "{head}"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows.len(), 1000);
    for (n, row) in (1..=1000).zip(&rows) {
        let outcome = if g[n] == 0 { "P" } else { "N" };
        assert_eq!(
            row[..3],
            [n.to_string().as_str(), outcome, g[n].to_string().as_str()],
            "{row:?}"
        );
    }
}

#[test]
fn a_thousand_positions_of_one_statement_are_one_json_array() {
    let run = on_file("json", KAYLES, &["analyze", "--json"]);
    run.exits(0);
    let answers: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let answers = answers.as_array().expect("an array");
    assert_eq!(answers.len(), 1000);
    let g = kayles(1000);
    for (n, answer) in (1..=1000).zip(answers) {
        assert_eq!(answer["components"][0]["heaps"][0], n, "{answer}");
        assert_eq!(answer["grundy"], g[n], "{answer}");
    }
}

/// The divisor game: a block that tries every k up to the heap; its moves
/// from 10^11 take more than a search may step.
const DIVISORS: &str = "game d { heaps 1\n  move m { choose k in 1..h[1]; require h[1] % k == 0; h[1] -= k }\n}\nanalyze d at [5, 100000000000, 12]\n";

#[test]
fn a_position_whose_search_stops_does_not_stop_the_others() {
    let run = on_file("stop", DIVISORS, &["analyze"]);
    run.exits(1);
    assert!(
        run.stdout
            .starts_with("d at [5, 100000000000, 12]: 3 positions, 1 without an answer"),
        "{}",
        run.stdout
    );
    let row = |n: &str| {
        (run.stdout.lines())
            .find(|l| l.split_whitespace().next() == Some(n))
            .unwrap_or_else(|| panic!("no row of {n}:\n{}", run.stdout))
            .to_string()
    };
    // 5: its one move takes all (5 divides 5); 12 likewise: both N.
    assert!(
        row("5").split_whitespace().nth(1) == Some("N"),
        "{}",
        row("5")
    );
    assert!(
        row("12").split_whitespace().nth(1) == Some("N"),
        "{}",
        row("12")
    );
    assert!(
        row("100000000000").contains("no answer:"),
        "{}",
        row("100000000000")
    );
    assert!(
        row("100000000000").contains("[gamelang::eval]"),
        "{}",
        row("100000000000")
    );
    // Why, once, in full, at the statement.
    run.stderr_has("gamelang::eval");

    let run = on_file("stop-json", DIVISORS, &["analyze", "--json"]);
    run.exits(1);
    let answers: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let answers = answers.as_array().expect("an array");
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["outcome"], "N");
    assert_eq!(answers[1]["position"], "100000000000");
    assert_eq!(answers[1]["error"]["code"], "gamelang::eval");
    assert_eq!(answers[2]["outcome"], "N");
}

#[test]
fn a_sum_asks_every_combination_and_a_box_leaves_out_what_its_game_does_not_hold() {
    let text = "game nim { heaps *; take 1.. }\ngame up { heaps 2 where h[1] <= h[2]; take 1.. }\nanalyze nim at (1..2, 0..1) + nim at [3, 4]\nanalyze up at (0..2, 0..2)\n";
    let run = on_file("sum", text, &["analyze", "--json"]);
    run.exits(0);
    let answers: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let answers = answers.as_array().expect("an array");
    // 4 × 2 combinations, then the 6 positions of the box with a <= b.
    assert_eq!(answers.len(), 8 + 6);
    let heaps = |a: &serde_json::Value| -> Vec<serde_json::Value> {
        (a["components"].as_array().expect("components").iter())
            .map(|c| c["heaps"].clone())
            .collect()
    };
    assert_eq!(
        heaps(&answers[0]),
        [serde_json::json!([1, 0]), serde_json::json!([3])]
    );
    assert_eq!(
        heaps(&answers[7]),
        [serde_json::json!([2, 1]), serde_json::json!([4])]
    );
    // Nim: P exactly when the XOR is 0 (Bouton 1901).
    for answer in &answers[..8] {
        let xor = (heaps(answer).iter())
            .flat_map(|h| h.as_array().expect("heaps").clone())
            .fold(0, |x, h| x ^ h.as_u64().expect("a heap"));
        assert_eq!(
            answer["outcome"],
            if xor == 0 { "P" } else { "N" },
            "{answer}"
        );
    }
    let boxed: Vec<serde_json::Value> = answers[8..].iter().map(|a| heaps(a)[0].clone()).collect();
    assert_eq!(
        boxed,
        [[0, 0], [0, 1], [0, 2], [1, 1], [1, 2], [2, 2]].map(|p| serde_json::json!(p))
    );
}

#[test]
fn an_empty_list_or_range_is_an_error_at_its_place() {
    let run = on_file(
        "empty",
        "game nim { heaps *; take 1.. }\nanalyze nim at []\nanalyze nim at 5..3\n",
        &["check"],
    );
    run.exits(1)
        .stderr_has("`[]` asks no position")
        .stderr_has("`5..3` holds no heap size")
        .stderr_has("gamelang::check::empty_range");
}
