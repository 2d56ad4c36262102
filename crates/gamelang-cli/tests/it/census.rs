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
        let tier = rows.iter().filter(|r| r["size"] == cells + 1).count();
        assert_eq!(tier, count, "{} cells", cells + 1);
    }
    // Each row is what `analyze` says of its shape (every shape of 4 and 5
    // cells, and every tenth after).
    let sample = (rows.iter())
        .enumerate()
        .filter(|(i, r)| (r["size"] == 4 || r["size"] == 5) || i % 10 == 0);
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
fn a_census_refuses_sizes_it_does_not_grow_and_families_its_game_has_not() {
    let past = format!("1..{}", gamelang::MAX_CENSUS_CELLS + 1);
    for (family, sizes) in [
        ("--cells", "0..3"),
        ("--cells", "4..2"),
        ("--cells", past.as_str()),
        ("--length", "0..3"),
        ("--length", "1..4097"),
    ] {
        let run = gamelang(&["census", "games/domineering.game", family, sizes]);
        assert_eq!(run.code, Some(1), "{family} {sizes}");
        assert!(
            run.stderr.contains("gamelang::census::sizes"),
            "{}",
            run.stderr
        );
    }
    let run = gamelang(&["census", "games/snort.game", "--vertices", "1..9"]);
    assert!(
        run.stderr.contains("gamelang::census::sizes"),
        "{}",
        run.stderr
    );
    for (game, family, sizes) in [
        ("games/nim.game", "--cells", "1..3"),
        ("games/nim.game", "--vertices", "1..3"),
        ("games/domineering.game", "--upto", "3"),
        ("games/snort.game", "--length", "1..3"),
        ("games/blue_red_hackenbush.game", "--vertices", "1..3"),
    ] {
        let run = gamelang(&["census", game, family, sizes]);
        assert_eq!(run.code, Some(1), "{game} {family}");
        assert!(
            run.stderr.contains("gamelang::census::family"),
            "{}",
            run.stderr
        );
    }
    // Strips of a game whose cells' characters are not known, or given
    // amiss.
    for alphabet in [None, Some(""), Some("T|F"), Some("TT.")] {
        let mut args = vec!["census", "games/toads_and_frogs.game", "--length", "3"];
        args.extend(alphabet.iter().flat_map(|a| ["--alphabet", a]));
        let run = gamelang(&args);
        assert_eq!(run.code, Some(1), "{alphabet:?}");
        assert!(
            run.stderr.contains("gamelang::census::alphabet"),
            "{}",
            run.stderr
        );
    }
    let run = gamelang(&[
        "census",
        "games/wythoff.game",
        "--upto",
        "3",
        "--heaps",
        "3",
    ]);
    assert!(
        run.stderr.contains("gamelang::census::heaps"),
        "{}",
        run.stderr
    );
    let run = gamelang(&["census", "games/nim.game"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    // Cram's shapes are nimbers: a row's Grundy value.
    let run = gamelang(&["census", "games/cram.game", "--cells", "2", "--json"]);
    let row: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("a JSON row");
    assert_eq!(row["grundy"], 1);
}

/// The rows `gamelang census ARGS --json` prints.
fn census_rows(args: &[&str]) -> Vec<serde_json::Value> {
    let run = gamelang(&[&["census"], args, &["--json"]].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    (run.stdout.lines())
        .map(|line| serde_json::from_str(line).expect("a JSON row"))
        .collect()
}

/// Each row is what `analyze` says of its position in `game`.
fn rows_are_analyzed(game: &str, rows: &[serde_json::Value], quoted: bool) {
    for row in rows {
        let position = row["position"].as_str().expect("a position");
        let at = match quoted {
            true => format!("\"{position}\""),
            false => position.to_string(),
        };
        let analyzed = gamelang(&["analyze", game, "--at", &at, "--json"]);
        let answer: serde_json::Value = serde_json::from_str(&analyzed.stdout).expect("JSON");
        for key in ["value", "outcome", "grundy", "temperature"] {
            assert_eq!(row[key], answer[0][key], "{game} at {position}: {key}");
        }
    }
}

#[test]
fn a_census_of_strips_heaps_and_graphs_values_each_as_analyze_does() {
    // Clobber's strips over the characters its rules read and write (`.`,
    // `o`, `x`), each once with its reversal, which keeps the value: of n
    // cells (3^n + 3^ceil(n/2)) / 2, by Burnside's lemma.
    let rows = census_rows(&["games/clobber.game", "--length", "1..5"]);
    for n in 1..=5u32 {
        let count = rows.iter().filter(|r| r["size"] == n).count();
        assert_eq!(
            count,
            (3usize.pow(n) + 3usize.pow(n.div_ceil(2))) / 2,
            "{n}"
        );
    }
    rows_are_analyzed("games/clobber.game", &rows[..40], true);
    // Clobber's `xo` is `*`, `xxo` is `^` (Albert, Grossman, Nowakowski and
    // Wolfe, "An introduction to Clobber", Integers 5, 2005).
    let value = |position: &str| {
        (rows.iter())
            .find(|r| r["position"] == position)
            .map(|r| r["value"].clone())
    };
    assert_eq!(value("ox"), Some("*".into()));
    assert_eq!(value("oxx"), Some("^".into()));
    // Toads and Frogs, its cells given: every strip (its rules are not
    // stencils, so no reversal is taken to keep the value).
    let rows = census_rows(&[
        "games/toads_and_frogs.game",
        "--length",
        "4",
        "--alphabet",
        "TF.",
    ]);
    assert_eq!(rows.len(), 81);
    rows_are_analyzed("games/toads_and_frogs.game", &rows[..30], true);
    // Wythoff's positions to a largest heap of 6, sorted (its moves do not
    // depend on the order): tier n holds (k, n) for k ≤ n. The P-positions
    // are Wythoff's pairs (0, 0), (1, 2), (3, 5).
    let rows = census_rows(&["games/wythoff.game", "--upto", "6"]);
    assert_eq!(rows.len(), (1..=7).sum::<usize>());
    let lost: Vec<&str> = (rows.iter())
        .filter(|r| r["outcome"] == "P")
        .filter_map(|r| r["position"].as_str())
        .collect();
    assert_eq!(lost, ["(0, 0)", "(1, 2)", "(3, 5)"]);
    rows_are_analyzed("games/wythoff.game", &rows, false);
    // Nim on three heaps to 3: the multisets, each row the XOR.
    let rows = census_rows(&["games/nim.game", "--upto", "3", "--heaps", "3"]);
    assert_eq!(rows.len(), 20);
    for row in &rows {
        let heaps: Vec<u64> = (row["position"].as_str().expect("heaps"))
            .trim_matches(|c| c == '(' || c == ')')
            .split(", ")
            .map(|h| h.parse().expect("a heap"))
            .collect();
        assert_eq!(row["grundy"], heaps[0] ^ heaps[1] ^ heaps[2], "{heaps:?}");
    }
    // Node Kayles on every connected graph to 5 vertices (OEIS A001349: 1,
    // 1, 2, 6, 21); Snort's tinted graphs to 3 vertices.
    let rows = census_rows(&[
        "games/node_kayles.game",
        "--game",
        "node",
        "--vertices",
        "1..5",
    ]);
    for (n, count) in [(1, 1), (2, 1), (3, 2), (4, 6), (5, 21)] {
        assert_eq!(rows.iter().filter(|r| r["size"] == n).count(), count, "{n}");
    }
    let rows = census_rows(&["games/snort.game", "--vertices", "1..3"]);
    assert_eq!(rows.len(), 3 + 6 + 28);
    rows_are_analyzed("games/snort.game", &rows, false);
    // Snort on a single edge is ±1 (Winning Ways, ch. 2).
    assert_eq!(rows[3]["position"], "graph { 1 -- 2 }");
    assert_eq!(rows[3]["value"], "+-1");
}

/// Every row of the database at `path`, ordered by shape, as text.
fn rows_of(path: &std::path::Path) -> Vec<Vec<Option<String>>> {
    let db = rusqlite::Connection::open(path).expect("the database opens");
    let mut statement = db
        .prepare("SELECT * FROM positions ORDER BY size, position")
        .expect("a query");
    let columns = statement.column_count();
    let rows = statement
        .query_map([], |row| {
            (0..columns)
                .map(|i| {
                    let value: rusqlite::types::Value = row.get(i)?;
                    Ok(match value {
                        rusqlite::types::Value::Null => None,
                        rusqlite::types::Value::Integer(n) => Some(n.to_string()),
                        rusqlite::types::Value::Text(t) => Some(t),
                        other => Some(format!("{other:?}")),
                    })
                })
                .collect()
        })
        .expect("rows");
    rows.map(|r| r.expect("a row")).collect()
}

/// The sizes of the tiers the database at `path` finished.
fn tiers_of(path: &std::path::Path) -> Vec<(i64, i64)> {
    let db = rusqlite::Connection::open(path).expect("the database opens");
    let mut statement = db
        .prepare("SELECT size, positions FROM tiers ORDER BY size")
        .expect("a query");
    let tiers = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .expect("tiers");
    tiers.map(|t| t.expect("a tier")).collect()
}

#[test]
fn a_census_database_holds_its_rows_tier_by_tier_and_a_stopped_census_resumes() {
    let dir = std::env::temp_dir().join(format!("gamelang-census-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let db = |name: &str| {
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    };
    let game = "games/domineering.game";
    // A database of every shape to 9 cells: its rows are the JSON rows.
    let fresh = db("fresh.sqlite");
    let run = gamelang(&[
        "census",
        game,
        "--cells",
        "1..9",
        "--db",
        fresh.to_str().expect("a path"),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.ends_with("9 cells: 1285 shapes, written\n"),
        "{}",
        run.stdout
    );
    let free = [1, 1, 2, 5, 12, 35, 108, 369, 1285];
    let expected: Vec<(i64, i64)> = (1..).zip(free).collect();
    assert_eq!(tiers_of(&fresh), expected);
    let rows = rows_of(&fresh);
    assert_eq!(rows.len(), free.iter().sum::<i64>() as usize);
    let json = gamelang(&["census", game, "--cells", "6", "--json"]);
    for line in json.stdout.lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("a JSON row");
        let held = (rows.iter())
            .find(|r| r[0].as_deref() == row["position"].as_str())
            .expect("the shape is held");
        assert_eq!(held[2].as_deref(), row["value"].as_str());
        assert_eq!(held[3].as_deref(), row["outcome"].as_str());
        assert_eq!(held[4].as_deref(), row["temperature"].as_str());
    }
    // Killed midway: every tier finished is held whole (and the batches
    // of the tier it was in); resumed, the database is the fresh one's, row
    // for row.
    let stopped = db("stopped.sqlite");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamelang"))
        .args(["census", game, "--cells", "1..12", "--db"])
        .arg(&stopped)
        .current_dir(crate::ROOT)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the census runs");
    let stdout = child.stdout.take().expect("its output");
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
    while let Some(Ok(line)) = lines.next() {
        if line.starts_with("6 cells") {
            break;
        }
    }
    child.kill().expect("the census is killed");
    let _ = child.wait();
    let held = tiers_of(&stopped);
    // OEIS A000105 to 12 cells.
    let free_to_12 = [free.as_slice(), &[4655, 17073, 63600]].concat();
    let all: Vec<(i64, i64)> = (1..).zip(free_to_12).collect();
    assert!(held.len() >= 6, "{held:?}");
    assert_eq!(held, all[..held.len()].to_vec());
    let run = gamelang(&[
        "census",
        game,
        "--cells",
        "1..9",
        "--db",
        stopped.to_str().expect("a path"),
    ]);
    assert_eq!(
        run.code,
        Some(2),
        "a census held is not begun again unasked"
    );
    assert!(
        run.stderr.contains("gamelang::census::held"),
        "{}",
        run.stderr
    );
    let run = gamelang(&[
        "census",
        game,
        "--cells",
        "1..9",
        "--db",
        stopped.to_str().expect("a path"),
        "--resume",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(tiers_of(&stopped)[..9], expected[..]);
    let resumed: Vec<_> = (rows_of(&stopped).into_iter())
        .filter(|r| r[1].as_deref().and_then(|c| c.parse::<usize>().ok()) <= Some(9))
        .collect();
    assert_eq!(resumed, rows);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Takes Domineering's census of `cells` into the database `db`, resumed
/// or not; it succeeds.
fn domineering_into(db: &std::path::Path, cells: &str, resume: bool) {
    let db = db.to_str().expect("a path");
    let mut args = vec![
        "census",
        "games/domineering.game",
        "--cells",
        cells,
        "--db",
        db,
    ];
    if resume {
        args.push("--resume");
    }
    let run = gamelang(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn a_census_stopped_inside_a_tier_goes_on_after_the_rows_it_wrote() {
    let dir = std::env::temp_dir().join(format!("gamelang-begun-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let whole = dir.join("whole.sqlite");
    let _ = std::fs::remove_file(&whole);
    domineering_into(&whole, "1..11", false);
    // The census as a stop after two batches (of 4,096) of the 17,073
    // shapes of 11 cells leaves it, one of the rows written marked so that
    // valuing it again would show.
    let stopped = dir.join("stopped.sqlite");
    std::fs::copy(&whole, &stopped).expect("a copy");
    let db = rusqlite::Connection::open(&stopped).expect("the database opens");
    db.execute_batch(
        "DELETE FROM tiers WHERE size = 11;
         DELETE FROM positions WHERE size = 11 AND rowid NOT IN
             (SELECT rowid FROM positions WHERE size = 11 ORDER BY rowid LIMIT 8192);
         INSERT INTO begun (size, positions) VALUES (11, 8192);
         UPDATE positions SET value = 'kept' WHERE rowid =
             (SELECT min(rowid) FROM positions WHERE size = 11);",
    )
    .expect("the stop made");
    drop(db);
    domineering_into(&stopped, "1..11", true);
    assert_eq!(tiers_of(&stopped), tiers_of(&whole));
    let mut kept = 0;
    for (resumed, fresh) in rows_of(&stopped).into_iter().zip(rows_of(&whole)) {
        if resumed[2].as_deref() == Some("kept") {
            kept += 1;
            assert_eq!(resumed[0], fresh[0]);
        } else {
            assert_eq!(resumed, fresh);
        }
    }
    assert_eq!(kept, 1, "a row written before the stop is not valued again");
    assert_eq!(rows_of(&stopped).len(), rows_of(&whole).len());
    let begun: i64 = rusqlite::Connection::open(&stopped)
        .and_then(|db| db.query_row("SELECT count(*) FROM begun", [], |row| row.get(0)))
        .expect("the tier begun");
    assert_eq!(begun, 0, "no tier is left begun");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every shape's temperature, as text and as the number beside it.
fn temperatures_of(path: &std::path::Path) -> Vec<(String, Option<String>, Option<f64>)> {
    let db = rusqlite::Connection::open(path).expect("the database opens");
    let mut statement = db
        .prepare("SELECT position, temperature, temperature_value FROM positions ORDER BY position")
        .expect("a query");
    let rows = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .expect("rows");
    rows.map(|r| r.expect("a row")).collect()
}

#[test]
fn a_census_database_orders_temperatures_as_numbers_in_databases_old_and_new() {
    let dir = std::env::temp_dir().join(format!("gamelang-heat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let fresh = dir.join("fresh.sqlite");
    let _ = std::fs::remove_file(&fresh);
    domineering_into(&fresh, "1..8", false);
    let rows = temperatures_of(&fresh);
    assert_eq!(rows.len(), 1 + 1 + 2 + 5 + 12 + 35 + 108 + 369);
    // Each temperature's number is its text's, p/q worked out here.
    let fraction = |text: &str| -> (i64, i64) {
        let (p, q) = text.split_once('/').unwrap_or((text, "1"));
        (p.parse().expect("p"), q.parse().expect("q"))
    };
    for (position, text, number) in &rows {
        let text = text
            .as_deref()
            .expect("a Domineering shape has a temperature");
        let (p, q) = fraction(text);
        assert_eq!(*number, Some(p as f64 / q as f64), "{position}: {text}");
    }
    // Hotter than 1, in SQL: the shapes whose text is above 1 as fractions.
    let db = rusqlite::Connection::open(&fresh).expect("the database opens");
    let hot: i64 = (db.query_row(
        "SELECT count(*) FROM positions WHERE temperature_value > 1",
        [],
        |row| row.get(0),
    ))
    .expect("a count");
    let above = |t: &str| {
        let (p, q) = fraction(t);
        p > q
    };
    let counted = (rows.iter())
        .filter(|r| r.1.as_deref().is_some_and(above))
        .count();
    assert!(hot > 0);
    assert_eq!(hot as usize, counted);
    drop(db);
    // A database written before the column: resumed, its rows get their
    // numbers.
    let old = dir.join("old.sqlite");
    let _ = std::fs::remove_file(&old);
    domineering_into(&old, "1..6", false);
    let db = rusqlite::Connection::open(&old).expect("the database opens");
    db.execute_batch(
        "DROP INDEX positions_temperature_value;
         ALTER TABLE positions DROP COLUMN temperature_value;",
    )
    .expect("the column taken away");
    drop(db);
    domineering_into(&old, "1..8", true);
    assert_eq!(temperatures_of(&old), rows);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_census_on_three_threads_writes_the_rows_one_thread_writes() {
    // Each thread takes the next shape not taken, with a search of its own
    // taught what the others valued; the rows are written in the shapes'
    // order whatever the threads.
    let census = |threads: &str| {
        let run = gamelang(&[
            "census",
            "games/domineering.game",
            "--cells",
            "1..9",
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        run.stdout
    };
    let one = census("1");
    // A row for each free polyomino of 1 to 9 cells (OEIS A000105).
    assert_eq!(
        one.lines().count(),
        1 + 1 + 2 + 5 + 12 + 35 + 108 + 369 + 1285
    );
    assert_eq!(census("3"), one);
}

/// `mpirun -np 2 gamelang census ARGS --mpi` in the repository's root (a
/// binary built with the feature `mpi`; OpenMPI as root needs its consent).
#[cfg(feature = "mpi")]
fn on_two_ranks(args: &[&str]) -> crate::cli::Run {
    let run = std::process::Command::new("mpirun")
        .args([
            "--oversubscribe",
            "-np",
            "2",
            env!("CARGO_BIN_EXE_gamelang"),
        ])
        .args(args)
        .arg("--mpi")
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .current_dir(crate::ROOT)
        .output()
        .expect("mpirun runs (Debian's openmpi-bin)");
    crate::cli::Run {
        code: run.status.code(),
        stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&run.stderr).into_owned(),
    }
}

#[cfg(feature = "mpi")]
#[test]
fn a_census_on_two_mpi_ranks_writes_the_database_one_process_writes() {
    let dir = std::env::temp_dir().join(format!("gamelang-census-mpi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let db = |name: &str| {
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path.to_str().expect("a path").to_string()
    };
    let game = "games/domineering.game";
    let (alone, ranks) = (db("alone.sqlite"), db("ranks.sqlite"));
    let run = gamelang(&["census", game, "--cells", "1..10", "--db", &alone]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = on_two_ranks(&["census", game, "--cells", "1..10", "--db", &ranks]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // Only rank 0 writes: a line a tier, once.
    assert_eq!(
        run.stdout,
        gamelang(&[
            "census",
            game,
            "--cells",
            "1..10",
            "--db",
            &db("again.sqlite")
        ])
        .stdout
    );
    assert_eq!(rows_of(ranks.as_ref()), rows_of(alone.as_ref()));
    assert_eq!(tiers_of(ranks.as_ref()), tiers_of(alone.as_ref()));
    // A census of the 4,655 shapes of 10 cells, two batches: equal.
    assert_eq!(
        rows_of(alone.as_ref()).len(),
        1 + 1 + 2 + 5 + 12 + 35 + 108 + 369 + 1285 + 4655
    );
    // Resumed on two ranks: the tiers held are passed over by both.
    let resumed = db("resumed.sqlite");
    let run = gamelang(&["census", game, "--cells", "1..7", "--db", &resumed]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = on_two_ranks(&[
        "census", game, "--cells", "1..10", "--db", &resumed, "--resume",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(!run.stdout.contains("7 cells"), "{}", run.stdout);
    assert_eq!(rows_of(resumed.as_ref()), rows_of(alone.as_ref()));
    // JSON rows in the shapes' order, as one process prints them.
    let json = ["census", game, "--cells", "1..9", "--json"];
    let run = on_two_ranks(&json);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, gamelang(&json).stdout);
    // A failure on either rank stops both with its exit code (a shape
    // whose search needs more positions than a fresh search may hold).
    let run = on_two_ranks(&[
        "census",
        game,
        "--cells",
        "1..9",
        "--json",
        "--max-positions",
        "3",
    ]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("needs more than 3 positions"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}
