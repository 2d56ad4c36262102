//! `gamelang census`: every shape of a board game's empty cells, valued as
//! `analyze` values it.

use crate::cli::gamelang;

#[test]
fn a_census_of_domineering_counts_the_free_polyominoes_and_values_each_as_analyze_does() {
    let run = gamelang(&[
        "census",
        "games/domineering.game",
        "--cells",
        "1..8",
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rows: Vec<serde_json::Value> = (run.stdout.lines())
        .map(|line| serde_json::from_str(line).expect("a JSON row"))
        .collect();
    // Domineering's turns keep its value or negate it: one row for each
    // free polyomino (OEIS A000105).
    for (cells, count) in [1, 1, 2, 5, 12, 35, 108, 369].into_iter().enumerate() {
        let tier = rows.iter().filter(|r| r["cells"] == cells + 1).count();
        assert_eq!(tier, count, "{} cells", cells + 1);
    }
    // Each row is what `analyze` says of its shape (every shape of 4 and 5
    // cells, and every tenth after).
    let sample = (rows.iter())
        .enumerate()
        .filter(|(i, r)| (r["cells"] == 4 || r["cells"] == 5) || i % 10 == 0);
    for (_, row) in sample {
        let board = row["position"].as_str().expect("a board");
        let at = format!("\"{board}\"");
        let analyzed = gamelang(&["analyze", "games/domineering.game", "--at", &at, "--json"]);
        let answer: serde_json::Value = serde_json::from_str(&analyzed.stdout).expect("JSON");
        for key in [
            "value",
            "outcome",
            "temperature",
            "mean",
            "birthday",
            "atomic_weight",
        ] {
            assert_eq!(row[key], answer[0][key], "{board}: {key}");
        }
    }
    // Values Winning Ways gives: the 2 × 2 square is ±1, a row of four
    // cells −2, the L tromino *.
    let value = |board: &str| {
        (rows.iter())
            .find(|r| r["position"] == board)
            .map(|r| r["value"].clone())
    };
    assert_eq!(value("..|.."), Some("+-1".into()));
    assert_eq!(value("...."), Some("-2".into()));
    assert_eq!(value("..|.#"), Some("*".into()));
    // Text: a line for each size, a line for each shape.
    let run = gamelang(&["census", "games/domineering.game", "--cells", "2..3"]);
    assert_eq!(
        run.stdout,
        "2 cells: 1 shape\n  ..  -1  R\n3 cells: 2 shapes\n  ...  -1  R\n  ..|.#  *  N\n"
    );
}

#[test]
fn a_census_refuses_sizes_it_does_not_grow_and_games_not_on_a_board() {
    for cells in ["0..3", "4..2", "1..13"] {
        let run = gamelang(&["census", "games/domineering.game", "--cells", cells]);
        assert_eq!(run.code, Some(1), "{cells}");
        assert!(
            run.stderr.contains("gamelang::census::cells"),
            "{}",
            run.stderr
        );
    }
    let run = gamelang(&["census", "games/nim.game", "--cells", "1..3"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("gamelang::census::board"),
        "{}",
        run.stderr
    );
    // Cram's shapes are nimbers: a row's Grundy value.
    let run = gamelang(&["census", "games/cram.game", "--cells", "2", "--json"]);
    let row: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("a JSON row");
    assert_eq!(row["grundy"], 1);
}
