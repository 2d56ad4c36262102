//! End to end: the built `gamelang` binary, run on every file of `games/`
//! and on small mistakes, asserting exit codes, outputs, and the facts the
//! seed notes state (each test names the note and the published source).
//!
//! Exit codes: 0 clean, 1 findings (errors in the input, or an analysis that
//! fails), 2 usage or I/O.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// One run of the binary.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn describe(&self) -> String {
        format!(
            "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    /// Asserts the exit code (a run killed by a signal, as by a stack
    /// overflow, has none and fails this).
    pub fn exits(&self, code: i32) -> &Self {
        assert_eq!(self.code, Some(code), "{}", self.describe());
        self
    }

    /// Asserts that stderr holds `text`, also where the renderer wrapped
    /// a long message or help line (paths differ in length from machine to
    /// machine).
    pub fn stderr_has(&self, text: &str) -> &Self {
        let unwrapped = self
            .stderr
            .replace("\n  │ ", " ")
            .replace("\n        ", " ");
        assert!(
            self.stderr.contains(text) || unwrapped.contains(text),
            "{}",
            self.describe()
        );
        self
    }

    fn json(&self) -> Vec<Value> {
        let value: Value = serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.describe()));
        match value {
            Value::Array(items) => items,
            other => panic!("--json prints an array, not {other}"),
        }
    }
}

/// Runs `gamelang ARGS` in the repository's root, without colour.
pub fn gamelang(args: &[&str]) -> Run {
    gamelang_with(args, "", &[("NO_COLOR", Some("1"))])
}

/// Runs `gamelang ARGS` in the repository's root with `stdin` as its
/// standard input and the environment changed by `env` (`None` removes a
/// variable).
pub fn gamelang_with(args: &[&str], stdin: &str, env: &[(&str, Option<&str>)]) -> Run {
    gamelang_with_in(Path::new(crate::ROOT), args, stdin, env)
}

/// `gamelang_with`, run in `dir`.
pub fn gamelang_with_in(
    dir: &Path,
    args: &[&str],
    stdin: &str,
    env: &[(&str, Option<&str>)],
) -> Run {
    use std::io::Write;
    use std::process::Stdio;
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamelang"));
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    let mut child = command.spawn().expect("the gamelang binary runs");
    if let Some(mut input) = child.stdin.take() {
        // A run that stops reading early closes its end: not a failure.
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child.wait_with_output().expect("the gamelang binary runs");
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    // A panic (Rust's 101, or gamelang's own 3 for a caught one) is a bug,
    // whatever the input.
    assert!(
        !matches!(run.code, Some(3 | 101)),
        "a panic: {}",
        run.describe()
    );
    run
}

/// Every `.game` file of `games/`, as paths relative to the crate.
fn game_files() -> Vec<String> {
    let dir = Path::new(crate::ROOT).join("games");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("games/ exists")
        .map(|entry| entry.expect("a directory entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".game"))
        .map(|name| format!("games/{name}"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "games/ holds the example games: {files:?}"
    );
    files
}

/// The positions of a file's `analyze` statements as written: the whole
/// statement for a sum or another compound (its word first), the position
/// after `at` for one game. A statement may go on after a line that ends
/// with `+`.
fn analyze_statements(path: &str) -> Vec<String> {
    let text =
        std::fs::read_to_string(Path::new(crate::ROOT).join(path)).expect("the game file exists");
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines().map(str::trim) {
        match lines.last_mut() {
            Some(last) if last.ends_with('+') => {
                last.push(' ');
                last.push_str(line);
            }
            _ => lines.push(line.to_string()),
        }
    }
    // A comparison is shown as written: `compare G to H`.
    lines
        .iter()
        .filter_map(|line| match line.strip_prefix("analyze ") {
            Some(rest) => Some(match rest.contains(" + ") {
                true => rest.to_string(),
                false => rest
                    .split_once(" at ")
                    .expect("`GAME at POSITION`")
                    .1
                    .to_string(),
            }),
            None => line.starts_with("compare ").then(|| line.clone()),
        })
        .collect()
}

/// The JSON answer for `position` from `gamelang analyze FILE --json`.
fn answer(file: &str, position: &str) -> Value {
    let run = gamelang(&["analyze", file, "--json"]);
    run.exits(0);
    run.json()
        .into_iter()
        .find(|a| a["position"] == position)
        .unwrap_or_else(|| panic!("{file} analyzes {position}:\n{}", run.describe()))
}

/// The only answer of `gamelang analyze ARGS --json`.
fn only_answer(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = gamelang(&args);
    run.exits(0);
    let mut answers = run.json();
    assert_eq!(answers.len(), 1, "{}", run.describe());
    answers.remove(0)
}

fn outcome(answer: &Value) -> &str {
    answer["outcome"].as_str().expect("an outcome")
}

/// The positions the winning moves lead to.
fn winning_tos(answer: &Value) -> Vec<&str> {
    answer["winning_moves"]
        .as_array()
        .expect("winning moves")
        .iter()
        .map(|m| m["to"].as_str().expect("a move's position"))
        .collect()
}

/// A file in the build's own scratch directory (inside `target/`, never
/// outside the repository's build), removed when dropped.
pub struct TempGame(PathBuf);

impl TempGame {
    pub fn new(stem: &str, text: &str) -> Self {
        let name = format!("gamelang-cli-{stem}-{}.game", std::process::id());
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&path, text).expect("the build's scratch directory is writable");
        TempGame(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempGame {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

// ---------------------------------------------------------------------------
// Every example game

#[test]
fn every_game_checks_clean_with_one_summary_line() {
    for file in game_files() {
        let run = gamelang(&["check", &file]);
        run.exits(0);
        assert_eq!(run.stdout.lines().count(), 1, "{file}: {}", run.describe());
        assert!(
            run.stdout.starts_with("checked 1 file:") && run.stdout.contains("no errors"),
            "{file}: {}",
            run.describe()
        );
        assert!(run.stderr.is_empty(), "{file}: {}", run.describe());
    }
}

#[test]
fn all_games_check_together() {
    let files = game_files();
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let run = gamelang(&args);
    run.exits(0);
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.describe());
    let expected = format!("checked {} files:", files.len());
    assert!(run.stdout.starts_with(&expected), "{}", run.describe());
}

/// A position as a file's statement writes it: the names of its parts
/// (`(stones = 20, limit = 19)`, as answers show them) left out, one part
/// alone without brackets (`(stones = 3)` is `3`); a game's parameters
/// (`capacity(s = 2)`, no space before the bracket) kept.
fn unnamed(shown: &str) -> String {
    let mut out = String::new();
    // For each bracket open: whether it holds a position's parts, whether
    // a name was left out of it, and where it opened in `out`.
    let mut open: Vec<(bool, bool, usize)> = Vec::new();
    let mut rest = shown;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            '(' => open.push((out.is_empty() || out.ends_with(' '), false, out.len())),
            ')' => {
                if let Some((true, true, at)) = open.pop()
                    && !out[at..].contains(',')
                {
                    out.remove(at);
                    continue;
                }
            }
            _ => {}
        }
        out.push(c);
        // A part's name and ` = `, after `(` or `, ` in a position.
        if let Some((true, named, _)) = open.last_mut()
            && (out.ends_with('(') || out.ends_with(", "))
        {
            let name = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if name > 0 && rest[name..].starts_with(" = ") {
                rest = &rest[name + 3..];
                *named = true;
            }
        }
    }
    out
}

#[test]
fn every_game_analyzes_each_of_its_positions() {
    for file in game_files() {
        let positions = analyze_statements(&file);
        assert!(!positions.is_empty(), "{file} has analyze statements");
        let run = gamelang(&["analyze", &file]);
        run.exits(0);
        // One answer per statement, each naming its position in its header.
        let outcomes = run
            .stdout
            .lines()
            .filter(|l| l.trim_start().starts_with("outcome:"));
        assert_eq!(
            outcomes.count(),
            positions.len(),
            "{file}: {}",
            run.describe()
        );
        for position in &positions {
            // Values are shown as they read back, without spaces.
            let bare = |s: &str| s.replace(' ', "");
            let header = run.stdout.lines().map(unnamed).any(|line| {
                !line.starts_with(' ')
                    && (line == *position
                        || line.ends_with(&format!(" at {position}"))
                        || bare(&line) == bare(position))
            });
            assert!(
                header,
                "{file}: no header for {position}:\n{}",
                run.describe()
            );
        }
    }
}

#[test]
fn every_game_analyzes_as_json() {
    for file in game_files() {
        let positions = analyze_statements(&file);
        let run = gamelang(&["analyze", &file, "--json"]);
        run.exits(0);
        let answers = run.json();
        assert_eq!(answers.len(), positions.len(), "{file}: {}", run.describe());
        for (answer, position) in answers.iter().zip(&positions) {
            let context = format!("{file}, {position}: {answer:#}");
            assert!(answer["game"].is_string(), "{context}");
            // A comparison: its two sums as written, and the order.
            if let Some((g, h)) = position
                .strip_prefix("compare ")
                .and_then(|c| c.split_once(" to "))
            {
                // Values are shown as they read back, without spaces.
                let bare = |s: &str| s.replace(' ', "");
                let shown: Vec<String> = (answer["compared"].as_array().into_iter().flatten())
                    .map(|s| bare(&unnamed(s.as_str().unwrap_or_default())))
                    .collect();
                assert_eq!(shown, [bare(g), bare(h)], "{context}");
                // None only between loopy games that are not both stoppers.
                let loopy = answer["left_first"].is_object();
                assert!(answer["relation"].is_string() || loopy, "{context}");
                continue;
            }
            // A compound's word is its own field.
            let compound = answer["compound"].as_str();
            let position = match compound {
                Some(word) => position
                    .strip_prefix(&format!("{word} "))
                    .unwrap_or(position),
                None => position,
            };
            let shown = answer["position"].as_str().expect("a position");
            // Values are shown as they read back, without spaces.
            let bare = |s: &str| s.replace(' ', "");
            assert_eq!(bare(&unnamed(shown)), bare(position), "{context}");
            let outcome = answer["outcome"].as_str().expect("outcome is a string");
            if answer["left_first"].is_object() {
                loopy_answer_holds(answer, outcome, &context);
                continue;
            }
            if answer["value"].is_string() {
                partizan_answer_holds(answer, outcome, &context);
                continue;
            }
            assert!(["P", "N", "D"].contains(&outcome), "{context}");
            let grundy = &answer["grundy"];
            // A number (of any size: coins past 2^64 have values past it),
            // null (misère), or for a loopy game {"infinite": [...]}.
            let infinite = grundy["infinite"].is_array();
            assert!(
                grundy.is_null() || grundy.is_number() || infinite,
                "{context}"
            );
            // Sprague-Grundy: a position is P exactly when its value is 0.
            if grundy.is_number() {
                assert_eq!(*grundy == 0, outcome == "P", "{context}");
            }
            let moves = answer["winning_moves"]
                .as_array()
                .expect("winning_moves is an array");
            // A compound's move is a move in several components at once.
            let each: Vec<&Value> = match compound {
                Some(_) => (moves.iter())
                    .flat_map(|m| m["moves"].as_array().expect("a compound's moves"))
                    .collect(),
                None => moves.iter().collect(),
            };
            for m in each {
                for key in ["rule", "to", "text"] {
                    assert!(m[key].is_string(), "{context}: {key} of {m}");
                }
            }
            // A P-position has no winning move; an N-position has at least one.
            let count = answer["winning_move_count"]
                .as_u64()
                .expect("a count of winning moves");
            assert!(count >= moves.len() as u64, "{context}");
            assert_eq!(count == 0, outcome != "N", "{context}");
            assert_eq!(moves.is_empty(), outcome != "N", "{context}");
            // From a draw, the moves that keep it.
            let drawing = answer["drawing_moves"]
                .as_array()
                .expect("drawing_moves is an array");
            assert_eq!(drawing.is_empty(), outcome != "D", "{context}");
            assert!(answer["method"]["kind"].is_string(), "{context}");
        }
    }
}

/// A loopy partizan answer's JSON: who wins with each player first, L, R
/// or D; the outcome the class of the pair (L, R, N or P where neither is
/// a draw, D where one is); best moves listed exactly where the player
/// first wins or draws; no Grundy value.
fn loopy_answer_holds(answer: &Value, outcome: &str, context: &str) {
    assert!(answer["grundy"].is_null(), "{context}");
    let stopper = &answer["stopper"];
    assert!(stopper.is_boolean() || stopper.is_null(), "{context}");
    // A stopper's value is its simplest form; another's its sides, or the
    // one stopper both its sides are.
    if let Some(value) = answer["value"].as_str() {
        assert!(*stopper != true || !value.contains(" & "), "{context}");
    }
    // A loopy partizan sum, a partizan sum played misère or a compound of
    // partizan games (no value).
    let kind = answer["method"]["kind"].as_str();
    assert!(
        kind == Some("loopy-partizan")
            || [Some("misere-partizan"), Some("compound")].contains(&kind)
                && answer["value"].is_null(),
        "{context}"
    );
    let first = |side: &str| answer[side]["outcome"].as_str().expect("an outcome");
    let class = match (first("left_first"), first("right_first")) {
        ("L", "L") => "L",
        ("R", "R") => "R",
        ("L", "R") => "N",
        ("R", "L") => "P",
        _ => "D",
    };
    assert_eq!(outcome, class, "{context}");
    for (side, mover) in [("left_first", "L"), ("right_first", "R")] {
        let start = &answer[side];
        let count = start["move_count"].as_u64().expect("a count");
        let best = [mover, "D"].contains(&start["outcome"].as_str().unwrap_or_default());
        assert_eq!(count > 0, best, "{context}: {side}");
        assert_eq!(
            start["remoteness"].is_null(),
            start["outcome"] == "D",
            "{context}"
        );
    }
}

/// A partizan answer's JSON: its outcome class L, R, P or N; Left has a
/// winning move moving first exactly when Left wins moving first (L or
/// N), Right likewise (R or N); no Grundy value.
fn partizan_answer_holds(answer: &Value, outcome: &str, context: &str) {
    assert!(["L", "R", "P", "N"].contains(&outcome), "{context}");
    assert!(answer["grundy"].is_null(), "{context}");
    for key in [
        "temperature",
        "mean",
        "left_stop",
        "right_stop",
        "reduced_canonical_form",
    ] {
        assert!(answer[key].is_string(), "{context}: {key}");
    }
    let weight = &answer["atomic_weight"];
    assert!(weight.is_string() || weight.is_null(), "{context}");
    // The value printed reads back as the same game: its stops,
    // temperature, reduced form and atomic weight those printed beside it
    // (each of those read back too).
    let mut forms = gamelang::Forms::new();
    let mut read = |key: &str| {
        let text = answer[key].as_str()?;
        let written =
            gamelang::read_value(text).unwrap_or_else(|e| panic!("{context}: {key} {text}: {e:?}"));
        Some(forms.written(&written).expect("a short value"))
    };
    let (value, reduced, weight) = (
        read("value"),
        read("reduced_canonical_form"),
        read("atomic_weight"),
    );
    if let Some(g) = value {
        assert_eq!(
            forms.left_stop(g).to_string(),
            answer["left_stop"],
            "{context}"
        );
        assert_eq!(
            forms.right_stop(g).to_string(),
            answer["right_stop"],
            "{context}"
        );
        let temperature = forms.temperature(g).map(|t| t.to_string());
        assert_eq!(
            temperature.as_deref(),
            answer["temperature"].as_str(),
            "{context}"
        );
        assert_eq!(Some(forms.reduced(g)), reduced, "{context}: reduced form");
        assert_eq!(forms.atomic_weight(g), weight, "{context}: atomic weight");
    }
    for (side, wins) in [("left", ["L", "N"]), ("right", ["R", "N"])] {
        let moves = answer[format!("{side}_moves")]
            .as_array()
            .expect("each side's moves");
        let count = answer[format!("{side}_move_count")]
            .as_u64()
            .expect("a count");
        assert_eq!(count > 0, wins.contains(&outcome), "{context}: {side}");
        assert!(count >= moves.len() as u64, "{context}: {side}");
        for m in moves {
            for key in ["rule", "to", "text"] {
                assert!(m[key].is_string(), "{context}: {key} of {m}");
            }
        }
    }
    // One game's method, or a sum's of each component.
    let method = &answer["method"];
    let kinds: Vec<&Value> = match method["components"].as_array() {
        Some(each) => each.iter().map(|m| &m["kind"]).collect(),
        None => vec![&method["kind"]],
    };
    assert!(kinds.iter().all(|k| k.is_string()), "{context}");
    assert!(kinds.iter().any(|k| *k == "canonical-form"), "{context}");
}

// ---------------------------------------------------------------------------
// The seeds' facts, through the binary

#[test]
fn bash_21_is_won_by_leaving_20() {
    // Seed 002: 21 stones, take 1 to 3: the first player wins, and the only
    // winning move leaves 20, a multiple of 4 (seeds 000, 001).
    let a = answer("games/bash.game", "21");
    assert_eq!(outcome(&a), "N");
    assert_eq!(winning_tos(&a), ["20"]);
    assert_eq!(a["winning_move_count"], 1);
}

#[test]
fn subtraction_1_3_4_at_100_is_p() {
    // Seed 002: S = {1, 3, 4} is P exactly where n mod 7 is 0 or 2; 100 mod 7 = 2.
    assert_eq!(outcome(&answer("games/subtraction.game", "100")), "P");
}

#[test]
fn nim_is_p_exactly_when_the_xor_is_0() {
    // Seed 000: (1, 2, 3) is P (1 ^ 2 ^ 3 = 0); 3 ^ 4 ^ 5 = 2, so (3, 4, 5) is N.
    assert_eq!(outcome(&answer("games/nim.game", "(1, 2, 3)")), "P");
    let a = answer("games/nim.game", "(3, 4, 5)");
    assert_eq!(outcome(&a), "N");
    // Seed 001: the winning move turns the heap h with h ^ 2 < h into h ^ 2:
    // only 3 has bit 2 set, so the one move leaves (1, 4, 5).
    assert_eq!(winning_tos(&a), ["(1, 4, 5)"]);
}

#[test]
fn wythoff_3_5_is_p_and_4_6_moves_to_it() {
    // Seed 000: (3, 5) is a P-position; from (4, 6), taking 1 from both heaps
    // reaches it.
    assert_eq!(outcome(&answer("games/wythoff.game", "(3, 5)")), "P");
    let a = answer("games/wythoff.game", "(4, 6)");
    assert_eq!(outcome(&a), "N");
    assert!(winning_tos(&a).contains(&"(3, 5)"), "{a:#}");
}

#[test]
fn empty_and_divide_is_p_when_both_boxes_are_odd() {
    // Seed 002: P exactly when both counts are odd.
    assert_eq!(
        outcome(&answer("games/empty_and_divide.game", "(3, 5)")),
        "P"
    );
    assert_eq!(
        outcome(&answer("games/empty_and_divide.game", "(4, 7)")),
        "N"
    );
}

#[test]
fn misere_bash_15_is_n_without_a_grundy_value() {
    // Seed 004's worked example: n = 15, m = 3, misère: (15 - 1) mod 4 = 2,
    // so the first player wins. Grundy values do not decide misère play.
    let a = answer("games/misere_bash.game", "15");
    assert_eq!(outcome(&a), "N");
    assert!(a["grundy"].is_null(), "{a:#}");
}

#[test]
fn the_sum_is_n() {
    // Bash with m takes Grundy value n mod (m + 1): 10 mod 4 = 2 and 7 mod 6
    // = 1; Nim (3, 4) has 3 ^ 4 = 7. The sum's value is 2 ^ 1 ^ 7 = 4, not 0
    // (Sprague-Grundy), so the player to move wins.
    let run = gamelang(&["analyze", "games/sums.game", "--json"]);
    run.exits(0);
    let answers = run.json();
    assert_eq!(answers.len(), 1, "{}", run.describe());
    assert_eq!(outcome(&answers[0]), "N");
    assert_eq!(answers[0]["grundy"], 4);
}

#[test]
fn the_sums_json_names_its_components_and_where_each_winning_move_is() {
    // The sum's value is 4 (above). A winning move changes one component of
    // value g to g ^ 4: bash(m = 5) at 7 (value 1) to value 5, leaving 5; Nim
    // (3, 4) (value 7) to value 3, leaving (3, 0). Bash(m = 3) at 10 (value
    // 2) would need value 6, more than m allows.
    let a = only_answer(&["analyze", "games/sums.game"]);
    let components: Vec<(String, Value, Value)> = a["components"]
        .as_array()
        .expect("components")
        .iter()
        .map(|c| {
            (
                c["game"].as_str().expect("game").to_string(),
                c["params"].clone(),
                c["heaps"].clone(),
            )
        })
        .collect();
    assert_eq!(
        components,
        vec![
            (
                "bash".to_string(),
                serde_json::json!({"m": 3}),
                serde_json::json!([10])
            ),
            (
                "bash".to_string(),
                serde_json::json!({"m": 5}),
                serde_json::json!([7])
            ),
            (
                "nim".to_string(),
                serde_json::json!({}),
                serde_json::json!([3, 4])
            ),
        ]
    );
    let moves: Vec<(Value, Value)> = a["winning_moves"]
        .as_array()
        .expect("winning_moves")
        .iter()
        .map(|m| (m["component"].clone(), m["heaps"].clone()))
        .collect();
    assert_eq!(
        moves,
        vec![
            (serde_json::json!(2), serde_json::json!([5])),
            (serde_json::json!(3), serde_json::json!([3, 0])),
        ]
    );
}

#[test]
fn a_single_games_json_is_one_component() {
    // Seed 002: 21 with take 1-3; the winning move takes 1, leaving 20.
    let a = only_answer(&["analyze", "games/bash.game"]);
    assert_eq!(
        a["components"],
        serde_json::json!([{"game": "bash", "params": {"m": 3}, "heaps": [21]}])
    );
    assert_eq!(a["winning_moves"][0]["component"], 1);
    assert_eq!(a["winning_moves"][0]["heaps"], serde_json::json!([20]));
    assert_eq!(a["winning_moves"][0]["to"], "20");
}

#[test]
fn exact_numbers_of_any_size_in_json_heaps() {
    let big = "1000000000000000000000000000000";
    let a = only_answer(&[
        "analyze",
        "games/nim.game",
        "--at",
        &format!("({big}, {big}1)"),
    ]);
    let heaps = serde_json::to_string(&a["components"][0]["heaps"]).expect("JSON");
    assert_eq!(heaps, format!("[{big},{big}1]"));
}

// ---------------------------------------------------------------------------
// --at and --game

#[test]
fn at_gives_the_position() {
    // Seed 000: (1, 2, 3) is P.
    let a = only_answer(&["analyze", "games/nim.game", "--at", "(1, 2, 3)"]);
    assert_eq!(a["position"], "(1, 2, 3)");
    assert_eq!(outcome(&a), "P");
}

#[test]
fn at_needs_game_when_the_file_has_several() {
    let run = gamelang(&["analyze", "games/sums.game", "--at", "5"]);
    assert!(matches!(run.code, Some(1 | 2)), "{}", run.describe());
    assert!(
        run.stderr.contains("--game")
            && run.stderr.contains("`bash`")
            && run.stderr.contains("`nim`"),
        "{}",
        run.describe()
    );
}

#[test]
fn game_chooses_among_several() {
    // One heap of 5 in Nim: the mover takes it all (5 != 0).
    let a = only_answer(&["analyze", "games/sums.game", "--game", "nim", "--at", "5"]);
    assert_eq!(a["game"], "nim");
    assert_eq!(outcome(&a), "N");
    assert_eq!(winning_tos(&a), ["0"]);
}

#[test]
fn unknown_game_is_an_error() {
    let run = gamelang(&["analyze", "games/sums.game", "--game", "nmi", "--at", "5"]);
    assert!(matches!(run.code, Some(1 | 2)), "{}", run.describe());
    run.stderr_has("gamelang::check::unknown_game");
    assert!(
        run.stderr.contains("`nmi`") && run.stderr.contains("`nim`"),
        "{}",
        run.describe()
    );
}

#[test]
fn at_with_the_wrong_number_of_heaps() {
    let run = gamelang(&["analyze", "games/bash.game", "--at", "(1, 2)"]);
    run.exits(1);
    run.stderr_has("gamelang::check::heap_count");
    run.stderr_has("--at");
}

#[test]
fn at_that_does_not_parse() {
    let run = gamelang(&["analyze", "games/bash.game", "--at", "(1,"]);
    run.exits(1);
    run.stderr_has("gamelang::syntax");
    run.stderr_has("--at");
}

// ---------------------------------------------------------------------------
// --set

#[test]
fn set_changes_a_parameter() {
    // Seeds 000, 001: with m = 4, leave a multiple of 5; 21 mod 5 = 1, so the
    // one winning move takes 1 and leaves 20.
    let a = only_answer(&["analyze", "games/bash.game", "--set", "m=4", "--at", "21"]);
    assert_eq!(a["game"], "bash(m = 4)");
    assert_eq!(outcome(&a), "N");
    assert_eq!(winning_tos(&a), ["20"]);
}

#[test]
fn set_of_the_wrong_kind() {
    let run = gamelang(&["analyze", "games/bash.game", "--set", "m={1,2}"]);
    run.exits(1);
    run.stderr_has("gamelang::check::wrong_kind");
    run.stderr_has("--set");
}

#[test]
fn set_of_an_unknown_parameter() {
    let run = gamelang(&["analyze", "games/bash.game", "--set", "q=1"]);
    run.exits(1);
    run.stderr_has("gamelang::check::unknown_parameter");
    run.stderr_has("`q`");
}

#[test]
fn set_without_a_value() {
    let run = gamelang(&["analyze", "games/bash.game", "--set", "m"]);
    assert!(matches!(run.code, Some(1 | 2)), "{}", run.describe());
    run.stderr_has("gamelang::syntax");
    run.stderr_has("--set");
}

// ---------------------------------------------------------------------------
// Deep and large searches

#[test]
fn bash_at_a_million() {
    // Seeds 000, 001: P iff n is a multiple of m + 1; 10^6 mod 4 = 0.
    let a = only_answer(&["analyze", "games/bash.game", "--at", "1000000"]);
    assert_eq!(outcome(&a), "P");
}

#[test]
fn a_search_a_million_moves_deep() {
    // Bash's moves under an invariant, so that nothing takes the game apart
    // heap by heap or recognises it: the general search itself must go 10^6
    // positions deep without overflowing the stack. 10^6 mod 4 = 0: P.
    let game = TempGame::new("deep", "game deep { heaps 1 where h[1] >= 0; take 1..3 }\n");
    let a = only_answer(&["analyze", game.path(), "--at", "1000000"]);
    assert_eq!(outcome(&a), "P");
}

#[test]
fn max_positions_bounds_the_search_not_the_answer() {
    // Nim on three heaps of 10 needs no search of 10^3 positions: Bouton's
    // closed form (seed 000), or the search as a sum of one-heap games (heap
    // sizes 0 to 10), both stay under the limit. 10 ^ 10 ^ 10 = 10: N.
    let a = only_answer(&[
        "analyze",
        "games/nim.game",
        "--at",
        "(10, 10, 10)",
        "--max-positions",
        "100",
    ]);
    assert_eq!(outcome(&a), "N");
}

#[test]
fn max_positions_stops_a_large_graph_search() {
    // Heaps 0..=10 each, three heaps, under an invariant: the graph holds far
    // more than 100 positions whatever the order it is searched in.
    let game = TempGame::new(
        "large",
        "game large { heaps 3 where each >= 0; take 1..; take 1.. from two heaps }\n",
    );
    let run = gamelang(&[
        "analyze",
        game.path(),
        "--at",
        "(10, 10, 10)",
        "--max-positions",
        "100",
    ]);
    run.exits(1);
    run.stderr_has("gamelang::search::too_large");
    run.stderr_has("--max-positions");
    assert!(!run.stderr.contains("panicked"), "{}", run.describe());
}

#[test]
fn a_set_value_that_breaks_the_rules_is_blamed_by_its_option() {
    // take 1..m with m = 0 holds no amount; the default m = 3 is fine.
    let run = gamelang(&["analyze", "games/bash.game", "--set", "m=0"]);
    run.exits(1);
    run.stderr_has("gamelang::check::empty_amounts");
    run.stderr_has("`m = 0` (given by --set)");
}

#[test]
fn the_command_line_names_its_options_where_the_library_cannot() {
    // The library's errors name no option; the command line adds them.
    let run = gamelang(&["table", "games/sums.game", "--upto", "5"]);
    run.exits(1);
    run.stderr_has("defines several games: say which with --game");
}

#[test]
fn a_cycle_is_answered_by_analyze_and_reported_by_check_deny_loopy() {
    // From 5 either player can always move back: a draw.
    let answer = only_answer(&["analyze", "tests/fixtures/loopy.game"]);
    assert_eq!(answer["outcome"], "D");
    assert_eq!(answer["method"]["kind"], "loopy");
    gamelang(&["check", "tests/fixtures/loopy.game"]).exits(0);
    let run = gamelang(&["check", "--deny", "loopy", "tests/fixtures/loopy.game"]);
    run.exits(1);
    run.stderr_has("gamelang::search::cycle");
    run.stderr_has("take {1, -1}");
    // The cycle runs through positions between 0 and 10 (the invariant).
    let names_a_position = (0..=10).any(|n| {
        run.stderr.contains(&format!("from {n} ")) || run.stderr.contains(&format!("through {n}"))
    });
    assert!(names_a_position, "{}", run.describe());
}

#[test]
fn check_deny_loopy_says_when_its_search_could_not_finish() {
    // The hostile-input issue's W2: the cycle (1, 3000) → (1, 3001) →
    // (1, 3000) lies beyond what the budget explores from (20000, 20000);
    // a search that ran out has not shown that play ends.
    let game = TempGame::new(
        "w2",
        "game w {
            heaps 2
            take 1..
            move up { require h[1] == 1 and h[2] == 3000; h[2] += 1 }
        }
        analyze w at (20000, 20000)
        analyze w at (3, 3005)
        analyze w at (36893488147419103232, 1)",
    );
    let run = gamelang(&["check", "--deny", "loopy", game.path()]);
    run.exits(1);
    run.stderr_has("gamelang::search::end_unknown");
    run.stderr_has("could not show that every play of `w` from (20000, 20000) ends");
    run.stderr_has("gamelang::search::cycle");
    run.stderr_has("from (36893488147419103232, 1) ends: its heaps pass 2^64");
    run.stderr_has("found 3 errors in 1 of 1 file");
    // Without --deny loopy nothing is searched.
    gamelang(&["check", game.path()]).exits(0);
}

// ---------------------------------------------------------------------------
// check's exit codes

#[test]
fn check_reports_every_error_and_exits_1() {
    // tests/fixtures/two_errors.game: `take 0..m`, and `analyze bsh`.
    let run = gamelang(&["check", "tests/fixtures/two_errors.game"]);
    run.exits(1);
    run.stderr_has("gamelang::check::unchanged_position");
    run.stderr_has("gamelang::check::unknown_game");
    run.stderr_has("found 2 errors in 1 of 1 file");
}

#[test]
fn check_of_a_missing_file_exits_2() {
    let run = gamelang(&["check", "tests/fixtures/no_such_file.game"]);
    run.exits(2);
    run.stderr_has("gamelang::io");
    // A file beside it that reads keeps its results (W9).
    let run = gamelang(&[
        "check",
        "games/nim.game",
        "tests/fixtures/no_such_file.game",
    ]);
    run.exits(2).stderr_has("gamelang::io");
    assert!(
        run.stdout.starts_with("checked 1 file: 1 games"),
        "{}",
        run.describe()
    );
}

#[test]
fn check_without_files_is_a_usage_error() {
    let run = gamelang(&["check"]);
    run.exits(2);
    run.stderr_has("gamelang::usage")
        .stderr_has("help: usage: gamelang check");
}

/// clap's refusals are diagnostics like the others: coded, with clap's tip
/// as help, and JSON under `--json` (hostile input, round two).
#[test]
fn usage_errors_are_coded_and_json_under_json() {
    let run = gamelang(&["analyze", "games/nim.game", "--max-positons", "3"]);
    run.exits(2);
    run.stderr_has("gamelang::usage")
        .stderr_has("unexpected argument '--max-positons' found")
        .stderr_has("a similar argument exists: '--max-positions'");
    let run = gamelang(&["analyze", "games/nim.game", "--json", "--bogus"]);
    run.exits(2);
    let diagnostics: Value = serde_json::from_str(&run.stderr).expect("JSON on stderr");
    assert_eq!(diagnostics[0]["code"], "gamelang::usage", "{}", run.stderr);
    assert_eq!(
        diagnostics[0]["message"],
        "unexpected argument '--bogus' found"
    );
    let run = gamelang(&["table", "games/bash.game", "--upto", "x"]);
    run.exits(2);
    run.stderr_has("gamelang::usage")
        .stderr_has("see gamelang table --help");
    // Help and version stay clap's, on stdout.
    gamelang(&["--version"]).exits(0);
    assert!(
        gamelang(&["analyze", "--help"])
            .exits(0)
            .stdout
            .contains("Usage")
    );
}

#[test]
fn no_command_is_a_usage_error() {
    gamelang(&[]).exits(2);
}

#[test]
fn check_of_several_files_one_bad() {
    let run = gamelang(&[
        "check",
        "games/bash.game",
        "tests/fixtures/two_errors.game",
        "games/nim.game",
    ]);
    run.exits(1);
    run.stderr_has("found 2 errors in 1 of 3 files");
}

// ---------------------------------------------------------------------------
// Rendered errors, as a terminal-less user sees them

/// Snapshots the stderr of a failing run.
fn snapshot_stderr(name: &str, args: &[&str]) {
    let run = gamelang(args);
    run.exits(1);
    // No colour: stderr is a pipe here, and NO_COLOR is set.
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.describe());
    insta::assert_snapshot!(
        name,
        format!("$ gamelang {}\n{}", args.join(" "), run.stderr)
    );
}

#[test]
fn rendered_at_heap_count_error() {
    snapshot_stderr(
        "cli_at_heap_count",
        &["analyze", "games/bash.game", "--at", "(1, 2)"],
    );
}

#[test]
fn rendered_set_wrong_kind_error() {
    snapshot_stderr(
        "cli_set_wrong_kind",
        &["analyze", "games/bash.game", "--set", "m={1,2}"],
    );
}

#[test]
fn rendered_block_error_at_run_time() {
    // Exit 1: the analysis fails, naming the rule, the position and the value.
    snapshot_stderr(
        "cli_block_negative_heap",
        &["analyze", "tests/fixtures/negative.game", "--at", "(3, 1)"],
    );
}

#[test]
fn a_block_error_found_by_check_exits_1() {
    let run = gamelang(&["check", "tests/fixtures/unbounded.game"]);
    run.exits(1);
    run.stderr_has("gamelang::check::unbounded_choose");
}

/// What games with declared ends cannot do yet, each a coded error
/// (`gamelang::ends::sum`, `gamelang::ends::unsupported`), rendered.
#[test]
fn rendered_errors_of_games_with_ends() {
    snapshot_stderr(
        "ends_misere_sum",
        &["analyze", "tests/fixtures/ends_misere_sum.game"],
    );
    snapshot_stderr(
        "ends_in_a_compound",
        &["analyze", "tests/fixtures/ends_compound.game"],
    );
    snapshot_stderr(
        "ends_play_of_a_sum",
        &["play", "tests/fixtures/ends_sum.game"],
    );
    snapshot_stderr(
        "ends_deny_loopy",
        &["check", "--deny", "loopy", "tests/fixtures/ends_sum.game"],
    );
}

/// What a values file for `table --resume` can be wrong with, each a coded
/// error, rendered: another game's values (`tests/fixtures/grundy.values`,
/// Grundy's game to heap 100, written by `table --save`), a file that is
/// not values, and a game whose values are not kept.
#[test]
fn rendered_errors_of_values_files() {
    let values = "tests/fixtures/grundy.values";
    snapshot_stderr(
        "values_other_game",
        &[
            "table",
            "games/kayles.game",
            "--upto",
            "10",
            "--resume",
            values,
        ],
    );
    snapshot_stderr(
        "values_damaged",
        &[
            "table",
            "games/grundy.game",
            "--upto",
            "10",
            "--resume",
            "games/grundy.game",
        ],
    );
    snapshot_stderr(
        "values_not_resumable",
        &[
            "table",
            "games/misere_bash.game",
            "--upto",
            "10",
            "--resume",
            values,
        ],
    );
    let run = gamelang(&[
        "table",
        "games/grundy.game",
        "--upto",
        "10",
        "--resume",
        "missing.values",
    ]);
    run.exits(2);
    run.stderr_has("gamelang::values::io");
}

/// `table --save` keeps the values as they are found; `--resume` goes on
/// from them, and the table is the one computed whole.
#[test]
fn a_table_saves_its_values_and_goes_on_from_them() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("values");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("grundy.values");
    let _ = std::fs::remove_file(&file);
    let file = file.to_str().expect("a UTF-8 path");
    let first = gamelang(&[
        "table",
        "games/grundy.game",
        "--upto",
        "3000",
        "--summary",
        "--save",
        file,
    ]);
    first.exits(0);
    assert!(std::path::Path::new(file).exists(), "{}", first.describe());
    assert!(!std::path::Path::new(&format!("{file}.partial")).exists());
    let resumed = gamelang(&[
        "table",
        "games/grundy.game",
        "--upto",
        "9000",
        "--json",
        "--resume",
        file,
        "--save",
        file,
    ]);
    resumed.exits(0);
    let whole = gamelang(&["table", "games/grundy.game", "--upto", "9000", "--json"]);
    assert_eq!(resumed.stdout, whole.stdout);
    // The file now holds all 9001 values: a table to 9000 computes none.
    let bytes = std::fs::metadata(file).expect("saved").len();
    assert_eq!(bytes, 16 + 2 + 8 + 8 + 4 + "grundy".len() as u64 + 9001 + 4);
    // A game whose values are not kept is refused before it runs.
    let misere = gamelang(&[
        "table",
        "games/misere_bash.game",
        "--upto",
        "10",
        "--save",
        file,
    ]);
    misere.exits(1);
    misere.stderr_has("gamelang::values::not_resumable");
}

#[test]
fn rendered_cycle_error() {
    snapshot_stderr(
        "cli_cycle",
        &["check", "--deny", "loopy", "tests/fixtures/loopy.game"],
    );
}

#[test]
fn graph_prints_the_positions_below_in_dot() {
    // Bash with take 1..3 from 5: positions 5, 4, ..., 0; the multiples of
    // 4 (0 and 4) are P (seed 000), drawn as double circles.
    let run = gamelang(&["graph", "games/bash.game", "--at", "5"]);
    run.exits(0);
    assert!(run.stdout.starts_with("digraph"), "{}", run.describe());
    let nodes: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("label = \"") && !l.contains("->"))
        .collect();
    assert_eq!(nodes.len(), 6, "{}", run.describe());
    let p: Vec<&&str> = nodes
        .iter()
        .filter(|l| l.contains("doublecircle"))
        .collect();
    assert_eq!(p.len(), 2, "{}", run.describe());
    // Moves from 5, 4, 3, 2, 1 and 0: 3 + 3 + 3 + 2 + 1 + 0.
    assert_eq!(run.stdout.lines().filter(|l| l.contains("->")).count(), 12);
}

#[test]
fn a_table_too_large_for_the_limit_is_refused_at_once() {
    // 100001 x 100001 positions is far past the default limit: refused
    // before any search, not after filling the memory.
    let run = gamelang(&["table", "games/wythoff.game", "--upto", "100000"]);
    run.exits(1);
    run.stderr_has("gamelang::search::too_large");
    run.stderr_has("--max-positions");
}

#[test]
fn runaway_searches_end_with_what_ran_out() {
    // Nim with a diagonal rule, three 13-digit heaps: the box below is
    // refused at once, not searched for minutes.
    let diagonal = TempGame::new(
        "diagonal",
        "game d { heaps 3; take 1..; take 1.. from 2 heaps }\n",
    );
    let run = gamelang(&[
        "analyze",
        diagonal.path(),
        "--at",
        "(1000000000000, 1618033988749, 2000000000000)",
    ]);
    run.exits(1);
    run.stderr_has("gamelang::search::too_large");
    // Take-a-prime needs ~n²/(2 ln n) moves: past a small budget, refused
    // with the option that raises it.
    let run = gamelang(&[
        "analyze",
        "games/take_a_prime.game",
        "--at",
        "4999999",
        "--move-budget",
        "1000000",
    ]);
    run.exits(1);
    run.stderr_has("gamelang::search::too_many_moves");
    run.stderr_has("--move-budget");
    let run = gamelang(&[
        "analyze",
        "games/take_a_prime.game",
        "--at",
        "4999999",
        "--timeout",
        "1",
        "--move-budget",
        "100000000000000",
    ]);
    run.exits(1);
    run.stderr_has("gamelang::search::timeout");
    run.stderr_has("--timeout");
}

#[test]
fn table_and_known_run() {
    // Seed 002: S = {1, 3, 4}, P iff n mod 7 is 0 or 2.
    let run = gamelang(&["table", "games/subtraction.game", "--upto", "30", "--json"]);
    run.exits(0);
    let table: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(table["period"], 7);
    assert_eq!(table["proven"], true);
    let run = gamelang(&["known", "--json"]);
    run.exits(0);
    let ids: Vec<String> = serde_json::from_str::<Vec<Value>>(&run.stdout)
        .expect("JSON")
        .iter()
        .filter_map(|e| e["id"].as_str().map(String::from))
        .collect();
    for id in [
        "nim",
        "misere_nim",
        "bash",
        "misere_bash",
        "bounded_nim",
        "lasker",
        "subtraction",
        "wythoff",
        "staircase",
        "moore",
        "empty_and_divide",
        "proven_period",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} in {ids:?}");
    }
}

// ---------------------------------------------------------------------------
// Hostile input (the hostile-input issue's cases): answered or refused with
// a coded error, never a panic (exit 101) or an abort.

#[test]
fn a_huge_heap_count_gets_a_short_example() {
    let game = TempGame::new(
        "huge-count",
        "game g { heaps 18446744073709551615; take 1.. }\nanalyze g at (1, 2)\n",
    );
    let run = gamelang(&["check", game.path()]);
    run.exits(1)
        .stderr_has("gamelang::check::heap_count")
        .stderr_has("(1, 2, …, 18446744073709551615)");
    assert!(run.stderr.len() < 2000, "{}", run.describe());
}

#[test]
fn moores_nim_with_the_largest_k_is_nim_of_all_heaps() {
    // k + 1 wrapped to 0 (a division by zero); Nim_k with k at least the
    // heaps is the game of taking from any heaps: P only at (0, 0, 0).
    let game = TempGame::new(
        "moore-k",
        "game moore(k = 18446744073709551615) { heaps *; take 1.. from up to k heaps }\n",
    );
    let a = only_answer(&["analyze", game.path(), "--at", "(1, 2, 3)"]);
    assert_eq!(outcome(&a), "N");
    let a = only_answer(&["analyze", game.path(), "--at", "(0, 0, 0)"]);
    assert_eq!(outcome(&a), "P");
}

#[test]
fn an_error_far_along_a_line_is_placed_in_words() {
    // miette pads to the column, and panics past 65,535.
    let text = format!("game g {{\n heaps 1\n take{} ?\n}}\n", " ".repeat(70_000));
    let game = TempGame::new("far", &text);
    let run = gamelang(&["check", game.path()]);
    run.exits(1)
        .stderr_has("gamelang::syntax")
        .stderr_has(":3:70007, on a line too long to show");
}

/// An error near the start of a very long line (200,000 operators, a
/// 400 KB line) is placed in words too: the line was echoed whole, and so
/// were long lines beside the one labelled.
#[test]
fn an_error_on_a_very_long_line_does_not_echo_it() {
    let operators = vec!["1"; 200_000].join("+");
    let text = format!("game g {{ heaps 1; take 1.. }}\nanalyze g at ({operators})\n");
    let game = TempGame::new("long_line", &text);
    let run = gamelang(&["check", game.path()]);
    run.exits(1)
        .stderr_has("gamelang::syntax")
        .stderr_has(":2:16, on a line too long to show");
    assert!(run.stderr.len() < 2_000, "{} bytes", run.stderr.len());
    // A long line beside the labelled one is not shown either.
    let heaps = vec!["1"; 20_000].join(", ");
    let text = format!("game g {{ heaps 1; take 1..; take qq }}\nanalyze g at ({heaps})\n");
    let game = TempGame::new("long_neighbour", &text);
    let run = gamelang(&["check", game.path()]);
    run.exits(1);
    assert!(run.stderr.len() < 2_000, "{} bytes", run.stderr.len());
}

#[test]
fn output_to_a_full_disk_is_an_io_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not Linux
    };
    let output = Command::new(env!("CARGO_BIN_EXE_gamelang"))
        .args(["analyze", "games/nim.game"])
        .current_dir(crate::ROOT)
        .stdout(full)
        .output()
        .expect("the gamelang binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("gamelang::io"));
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    // `gamelang check bad.game 2>&1 | head -1`: stderr closed early.
    let game = TempGame::new("closed", "game g { heaps 1; take 0 }\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamelang"))
        .args(["check", game.path()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the gamelang binary runs");
    drop(child.stderr.take());
    let status = child.wait().expect("it ends");
    assert_ne!(status.code(), Some(101), "a panic");
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
}

#[test]
fn verify_refuses_a_bound_past_its_limit_before_listing() {
    // (1001)^3 positions of Nim: refused at once, not after 7 GB.
    let run = gamelang(&["analyze", "games/nim.game", "--verify", "1000"]);
    run.exits(1)
        .stderr_has("gamelang::verify::too_large")
        .stderr_has("--verify");
}

#[test]
fn a_file_past_the_size_limit_is_refused_unread() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let run = gamelang(&["check", "/dev/zero"]);
    run.exits(2)
        .stderr_has("gamelang::io")
        .stderr_has("larger than");
}

#[test]
fn invalid_utf8_is_placed_by_line_and_column() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("gamelang-cli-utf8-{}.game", std::process::id()));
    std::fs::write(&path, b"game g {\n heaps 1\n take \xff1\n}\n").expect("writable");
    let run = gamelang(&["check", path.to_str().expect("UTF-8 path")]);
    run.exits(2).stderr_has("line 3, column 7");
    // In JSON too, the place is the diagnostic's (issue 30: it had none).
    let run = gamelang(&[
        "check",
        path.to_str().expect("UTF-8 path"),
        "--format",
        "json",
    ]);
    let _ = std::fs::remove_file(&path);
    let found: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(found[0]["code"], "gamelang::io");
    assert_eq!(
        (found[0]["line"].as_u64(), found[0]["column"].as_u64()),
        (Some(3), Some(7))
    );
    assert!(
        found[0]["file"]
            .as_str()
            .is_some_and(|f| f.ends_with(".game"))
    );
}

#[test]
fn a_limit_past_memory_is_an_error_not_an_abort() {
    // 10^12 heap sizes of Kayles at 4 bytes each, with the position limit
    // lifted: the allocation fails, and says so. (Only where the kernel
    // refuses what memory cannot hold: overcommit mode 0 or 2.)
    let mode = std::fs::read_to_string("/proc/sys/vm/overcommit_memory").unwrap_or_default();
    if !matches!(mode.trim(), "0" | "2") {
        return;
    }
    let run = gamelang(&[
        "analyze",
        "games/kayles.game",
        "--at",
        "1000000000000",
        "--method",
        "search",
        "--max-positions",
        "18446744073709551615",
    ]);
    run.exits(1).stderr_has("gamelang::search::memory");
}

#[test]
fn max_memory_sets_what_a_search_may_keep() {
    // Domineering on 5 x 5 keeps megabytes of positions and canonical
    // forms: past one (the positions and forms counted together, the
    // search's limit), within 64.
    let asked = [
        "analyze",
        "games/domineering.game",
        "--at",
        "\".....|.....|.....|.....|.....\"",
    ];
    // The positions and the forms grow together, and the process's growth
    // is watched too: whichever is found past the limit first, one code.
    let run = gamelang(&[&asked[..], &["--max-memory", "1"]].concat());
    run.exits(1)
        .stderr_has("gamelang::search::memory_limit")
        .stderr_has("--max-memory");
    gamelang(&[&asked[..], &["--max-memory", "64"]].concat()).exits(0);
}

#[test]
fn graph_applies_its_limit_to_the_search_itself() {
    // The graph below (1000, 1000) has a million positions: refused before
    // they are searched (it took 116 s), with the option that raises it.
    let run = gamelang(&["graph", "games/wythoff.game", "--at", "(1000, 1000)"]);
    run.exits(1)
        .stderr_has("gamelang::search::too_large")
        .stderr_has("--max-positions");
}

#[test]
fn a_count_of_heaps_past_any_position_is_called_too_large() {
    // It was called too small ("at least one heap, not 10^40").
    let game = TempGame::new(
        "many-targets",
        "game g { heaps *; take 1.. from 10000000000000000000000000000000000000000 heaps }\n",
    );
    let run = gamelang(&["check", game.path()]);
    run.exits(1)
        .stderr_has("gamelang::check::bad_target")
        .stderr_has("no position has");
    // `up to` that many heaps is any number of them: Moore's k past 2^64.
    let game = TempGame::new(
        "moore-huge",
        "game moore(k = 2) { heaps *; take 1.. from up to k heaps }\n",
    );
    let a = only_answer(&[
        "analyze",
        game.path(),
        "--at",
        "(1, 2, 3)",
        "--set",
        "k=18446744073709551616",
    ]);
    assert_eq!(outcome(&a), "N");
}

#[test]
fn a_heap_that_would_go_negative_is_named_with_its_value() {
    // It blamed "128 bits" and "the rule's condition", neither of which the
    // rule has (W2).
    let game = TempGame::new(
        "negative",
        "game s { heaps 2; shift -1 to the previous heap }\nanalyze s at (0, 0)\n",
    );
    let run = gamelang(&["analyze", game.path()]);
    run.exits(1)
        .stderr_has("gamelang::eval")
        .stderr_has("h[1] would become -1");
    assert!(!run.stderr.contains("128 bits"), "{}", run.describe());
}

#[test]
fn a_table_of_a_three_heap_game_is_a_box_and_other_heap_counts_are_refused() {
    // It printed a grid of two-heap positions that analyze rejects (W8);
    // it is a box of three heaps now, each 0 to 3.
    let game = TempGame::new(
        "three",
        "game g { heaps 3; take 1..; take 1.. from 3 heaps }\n",
    );
    let run = gamelang(&["table", game.path(), "--upto", "3"]);
    run.exits(0);
    assert!(
        run.stdout.contains("positions of 3 heaps, each 0..3"),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches("a\\b").count(), 4, "{}", run.stdout);
    let run = gamelang(&["table", game.path(), "--upto", "3", "--heaps", "2"]);
    run.exits(1)
        .stderr_has("gamelang::table::heap_count")
        .stderr_has("played on 3 heaps");
}

#[test]
fn an_octal_code_of_300000_digits_is_refused_before_any_search() {
    // It took 12 s to analyze position 1 (H3).
    let text = format!(
        "game g {{ heaps *; octal 0.{} }}\nanalyze g at 1\n",
        "7".repeat(300_000)
    );
    let game = TempGame::new("long-code", &text);
    let run = gamelang(&["analyze", game.path()]);
    run.exits(1).stderr_has("more than the 1000 read");
    let text = format!(
        "game g {{ heaps *; octal 0.{} }}\nanalyze g at 1\n",
        "7".repeat(1000)
    );
    let game = TempGame::new("code-1000", &text);
    gamelang(&["analyze", game.path()]).exits(0);
}

#[test]
fn a_100000_character_name_gets_its_error_at_once() {
    // "did you mean" compared it with every name by edit distance: 18.6 s
    // (H2).
    let text = format!(
        "game g {{ heaps 1; take 1..3 }}\nanalyze {} at 3\n",
        "x".repeat(100_000)
    );
    let game = TempGame::new("long-name", &text);
    let run = gamelang(&["check", game.path()]);
    run.exits(1).stderr_has("gamelang::check::unknown_game");
}

#[test]
fn a_rule_with_a_huge_set_is_named_briefly_beside_each_move() {
    // A 150,000-item set was the label of every winning move (W7).
    let items: Vec<String> = (1..=150_000).map(|i| i.to_string()).collect();
    let text = format!(
        "game g {{ heaps 1; take {{{}}} }}\nanalyze g at 5\n",
        items.join(", ")
    );
    let game = TempGame::new("huge-set", &text);
    let run = gamelang(&["analyze", game.path()]);
    run.exits(0);
    assert!(run.stdout.len() < 1000, "{} bytes", run.stdout.len());
    assert!(run.stdout.contains("take {1, 2, 3"), "{}", run.describe());
}

/// A block that adds a heap but always takes tokens (the total of the
/// heaps falls with every move: every play ends) is too large at 10^6, not
/// one that may never end (hostile input, round two).
#[test]
fn a_game_whose_moves_all_lower_the_total_is_not_called_endless() {
    let text = "game split { heaps *
    move cut { require len >= 1; choose i in 1..len; choose k in 1..2; require h[i] >= k
        choose a in 0..h[i] - k; let b = h[i] - k - a; h[i] = a; append b } }
analyze split at (1000000)\n";
    let game = TempGame::new("split", text);
    let run = gamelang(&["analyze", game.path(), "--max-positions", "20000"]);
    run.exits(1).stderr_has("gamelang::search::too_large");
    assert!(!run.stderr.contains("never"), "{}", run.describe());
}

#[test]
fn a_game_that_grows_forever_is_called_one_that_may_never_end() {
    // `take -1` adds a token each move: no cycle, no end (W3).
    let game = TempGame::new("grows", "game g { heaps 1; take -1 }\nanalyze g at 3\n");
    let run = gamelang(&["analyze", game.path(), "--max-positions", "1000"]);
    run.exits(1)
        .stderr_has("gamelang::search::never_ends")
        .stderr_has("may never end");
    // Under the default limit of 5,000,000 positions, a play of a 32nd of
    // that which never repeats says it first (0.05 s instead of 4.5 s).
    let game = TempGame::new("grows-any", "game g { heaps *; take -1 }\nanalyze g at 1\n");
    gamelang(&["analyze", game.path()])
        .exits(1)
        .stderr_has("a play went on for more than 156250 moves without repeating a position");
}

#[test]
fn a_table_past_2_to_the_64_is_refused_by_the_positions_limit() {
    // clap said "number too large to fit in target type".
    let run = gamelang(&[
        "table",
        "games/subtraction.game",
        "--upto",
        "100000000000000000000",
    ]);
    run.exits(1)
        .stderr_has("gamelang::search::too_large")
        .stderr_has("at 100000000000000000000");
}

#[test]
fn check_prints_every_diagnostic_as_json() {
    // Two errors, both with their place, code, labels and help.
    let game = TempGame::new(
        "two-errors",
        "game bash(m = 3) {\n    heaps 1\n    take 0..m\n}\nanalyze bsh at 21\n",
    );
    let run = gamelang(&["check", game.path(), "--format", "json"]);
    run.exits(1);
    let diagnostics = run.json();
    assert_eq!(diagnostics.len(), 2, "{}", run.describe());
    let first = &diagnostics[0];
    assert_eq!(first["code"], "gamelang::check::unchanged_position");
    assert_eq!(first["severity"], "error");
    assert_eq!(
        (first["line"].clone(), first["column"].clone()),
        (3.into(), 10.into())
    );
    assert_eq!(
        (first["end_line"].clone(), first["end_column"].clone()),
        (3.into(), 11.into())
    );
    assert_eq!(first["file"], game.path());
    assert_eq!(first["labels"][0]["text"], "0 is one of the amounts");
    assert!(first["help"].as_str().is_some_and(|h| h.contains("1..m")));
    assert_eq!(diagnostics[1]["code"], "gamelang::check::unknown_game");
    assert_eq!(diagnostics[1]["help"], "did you mean `bash`?");
    // A file that cannot be read is a diagnostic too, of no place.
    let run = gamelang(&[
        "check",
        "tests/fixtures/no_such_file.game",
        "--format",
        "json",
    ]);
    run.exits(2);
    assert_eq!(run.json()[0]["code"], "gamelang::io");
    assert!(run.json()[0]["line"].is_null());
}

#[test]
fn analyze_json_gives_its_errors_as_json_too() {
    // It printed `[]` on stdout and prose on stderr.
    let game = TempGame::new(
        "json-errors",
        "game bash(m = 3) {\n    heaps 1\n    take 0..m\n}\nanalyze bsh at 21\n",
    );
    let run = gamelang(&["analyze", game.path(), "--json"]);
    run.exits(1);
    let diagnostics: Value = serde_json::from_str(&run.stderr).expect("stderr is JSON");
    let codes: Vec<&str> = diagnostics
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(
        codes,
        [
            "gamelang::check::unchanged_position",
            "gamelang::check::unknown_game"
        ]
    );
    // A search that fails: its error (a game that grows past the position
    // limit) on stderr as JSON, the answers (none) on stdout.
    let game = TempGame::new(
        "json-mixed",
        "game g { heaps 2; take 1..; take 1.. from both heaps; take -1 from both heaps }\nanalyze g at (1, 1)\n",
    );
    let run = gamelang(&["analyze", game.path(), "--json", "--max-positions", "50"]);
    run.exits(1);
    assert!(run.json().is_empty());
    let diagnostics: Value = serde_json::from_str(&run.stderr).expect("stderr is JSON");
    assert_eq!(diagnostics[0]["code"], "gamelang::search::too_large");
}

#[test]
fn limits_past_64_bits_are_no_limits() {
    // clap refused these as "number too large to fit in target type"; a
    // timeout past the clock's range overflowed adding it to the time now.
    let huge = "100000000000000000000000000000";
    for option in [
        "--max-positions",
        "--move-budget",
        "--timeout",
        "--max-moves",
    ] {
        let a = only_answer(&["analyze", "games/nim.game", "--at", "(3, 4)", option, huge]);
        assert_eq!(outcome(&a), "N", "{option}");
    }
    let a = only_answer(&[
        "analyze",
        "games/nim.game",
        "--at",
        "(3, 4)",
        "--timeout",
        "18446744073709551615",
    ]);
    assert_eq!(outcome(&a), "N");
    gamelang(&[
        "table",
        "games/kayles.game",
        "--upto",
        "5",
        "--max-positions",
        huge,
    ])
    .exits(0);
    gamelang(&["analyze", "games/nim.game", "--max-positions", "1e5"])
        .exits(2)
        .stderr_has("`1e5` is not a whole number of digits");
}

#[test]
fn a_verify_bound_past_64_bits_is_refused_with_its_code() {
    let huge = "100000000000000000000000000000";
    gamelang(&["analyze", "games/nim.game", "--verify", huge])
        .exits(1)
        .stderr_has("gamelang::verify::too_large")
        .stderr_has(&format!(
            "heaps up to {huge} takes more than 2^64 positions"
        ));
}

#[test]
fn verify_with_json_puts_what_it_compared_in_the_answers() {
    // Nothing but JSON on stdout and nothing on stderr: the comparison is
    // data in each answer, per game of its components.
    let run = gamelang(&["analyze", "games/sums.game", "--verify", "3", "--json"]);
    run.exits(0);
    assert!(run.stderr.is_empty(), "{}", run.describe());
    let answers = run.json();
    let verified = answers[0]["verified"].as_array().expect("verified");
    let games: Vec<&str> = verified.iter().filter_map(|v| v["game"].as_str()).collect();
    assert_eq!(games, ["bash(m = 3)", "bash(m = 5)", "nim"]);
    // Nim on up to 3 heaps, each at most 3: 4 + 16 + 64 + 1 positions.
    let nim = &verified[2];
    assert_eq!(nim["closed_form"], "nim");
    assert_eq!(nim["positions"], 85);
    assert_eq!(nim["max_heaps"], 3);
    assert_eq!(nim["bound"], 3);
}

// Warnings: what checks cleanly but is likely a mistake.

const WARNED: &str = "game g(m = 3, unused = 4) {
    heaps 1
    take 1..m
    take 1 .. m
    take k where k > 5 and k < 3
}
game inv { heaps 2 where h[1] < h[1]; take 1.. }
analyze g at 4
";

#[test]
fn warnings_are_shown_and_pass_unless_denied() {
    let game = TempGame::new("warned", WARNED);
    let run = gamelang(&["check", game.path()]);
    run.exits(0)
        .stderr_has("gamelang::warning::unused_parameter")
        .stderr_has("the parameter `unused` of `g` is never used")
        .stderr_has("gamelang::warning::duplicate_rule")
        .stderr_has("gamelang::warning::never_applies")
        .stderr_has("(4096 positions of 1 heap, each at most 4095)")
        .stderr_has("gamelang::warning::no_position")
        .stderr_has("(4096 positions of 2 heaps, each at most 63)");
    assert!(
        run.stdout.ends_with("no errors, 4 warnings\n"),
        "{}",
        run.describe()
    );
    gamelang(&["check", game.path(), "--deny", "warnings"])
        .exits(1)
        .stderr_has("found 0 errors and 4 warnings in 1 of 1 file (warnings denied)");
    // An analysis goes on: a warning is not an error.
    assert_eq!(outcome(&only_answer(&["analyze", game.path()])), "P");
}

#[test]
fn warnings_in_json_have_their_severity() {
    let game = TempGame::new("warned-json", WARNED);
    let run = gamelang(&["check", game.path(), "--format", "json"]);
    run.exits(0);
    let diagnostics = run.json();
    assert_eq!(diagnostics.len(), 4);
    assert!(diagnostics.iter().all(|d| d["severity"] == "warning"));
    assert_eq!(
        diagnostics[0]["code"],
        "gamelang::warning::unused_parameter"
    );
    assert_eq!(
        (
            diagnostics[0]["line"].clone(),
            diagnostics[0]["column"].clone()
        ),
        (1.into(), 15.into())
    );
}

#[test]
fn no_warning_where_a_rule_moves_only_from_large_heaps() {
    // `take 1000` moves only from heaps of 1000 or more, past the box tried
    // for the warnings (and the invariant holds only there): no warning.
    let game = TempGame::new(
        "large-only",
        "game g { heaps 1 where h[1] >= 5000 or h[1] == 0; take 1000; take 1 }\n",
    );
    let run = gamelang(&["check", game.path()]);
    run.exits(0);
    assert!(run.stderr.is_empty(), "{}", run.describe());
}

#[test]
fn the_examples_have_no_warnings() {
    for file in game_files() {
        let run = gamelang(&["check", &file]);
        run.exits(0);
        assert!(run.stderr.is_empty(), "{file}: {}", run.describe());
        assert!(run.stdout.ends_with("no errors\n"), "{}", run.describe());
    }
}

#[test]
fn a_game_of_no_heaps_is_checked_at_once() {
    // The warnings' box of 0 heaps never filled (a runaway the mutation
    // test found).
    let game = TempGame::new("no-heaps", "game g {\n    heaps 0\n    take 1..\n}\n");
    gamelang(&["check", game.path()]).exits(0);
}

#[test]
fn a_move_among_many_heaps_costs_the_budget_by_their_number() {
    // 20,000 heaps of 1 and `take 1.. from 2 heaps`: 2 * 10^8 moves from the
    // first position alone, each copying, sorting and hashing 20,000 heaps.
    // Counted one per move, a budget of 6 * 10^7 let it run for minutes;
    // one per two heaps, it ends with what ran out.
    let heaps = vec!["1"; 20_000].join(", ");
    let game = TempGame::new(
        "many-heaps",
        &format!("game g {{ heaps *; take 1.. from 2 heaps }}\nanalyze g at ({heaps})\n"),
    );
    gamelang(&["analyze", game.path(), "--move-budget", "60000000"])
        .exits(1)
        .stderr_has("gamelang::search::too_many_moves");
}

#[test]
fn taking_from_up_to_k_of_many_heaps_recurses_only_k_deep() {
    // The moves of `take … from up to k heaps` were generated one level of
    // recursion a heap: 100,000 heaps overflowed the stack. One level a
    // heap moved, now: at most k.
    let heaps = vec!["1"; 100_000].join(", ");
    let game = TempGame::new(
        "up-to-many",
        &format!("game g {{ heaps *; take 1.. from up to 2 heaps }}\nanalyze g at ({heaps})\n"),
    );
    gamelang(&[
        "analyze",
        game.path(),
        "--method",
        "search",
        "--move-budget",
        "60000000",
    ])
    .exits(1)
    .stderr_has("gamelang::search::too_many_moves");
}

#[test]
fn no_warning_for_a_code_that_takes_more_than_the_heaps_tried() {
    // `octal 0.0000000000000007` takes 16 tokens; the heaps tried for `heaps *`
    // go to 15. The code's length counts as a number written (found in
    // review), so no false "never applies".
    let game = TempGame::new(
        "long-code",
        "game g { heaps *; octal 0.0000000000000007 }\n",
    );
    let run = gamelang(&["check", game.path()]);
    run.exits(0);
    assert!(run.stderr.is_empty(), "{}", run.describe());
}

// ---------------------------------------------------------------------------
// fmt

#[test]
fn fmt_check_passes_on_the_examples() {
    let mut args = vec!["fmt", "--check"];
    let files = game_files();
    args.extend(files.iter().map(String::as_str));
    let run = gamelang(&args);
    run.exits(0);
    assert_eq!(run.stderr, "");
}

#[test]
fn fmt_rewrites_a_file_and_check_names_one_that_is_not_formatted() {
    let messy = "game  bash( m=3 ){\n heaps 1\n  take 1 .. m\n}\nanalyze bash at(21)\n";
    let laid_out = "game bash(m = 3) {\n    heaps 1\n    take 1..m\n}\nanalyze bash at (21)\n";
    let file = TempGame::new("fmt", messy);
    gamelang(&["fmt", "--check", file.path()])
        .exits(1)
        .stderr_has("is not formatted");
    assert_eq!(std::fs::read_to_string(file.path()).expect("kept"), messy);
    gamelang(&["fmt", file.path()]).exits(0);
    assert_eq!(
        std::fs::read_to_string(file.path()).expect("written"),
        laid_out
    );
    gamelang(&["fmt", "--check", file.path()]).exits(0);
    let run = gamelang_with(&["fmt", "-"], messy, &[("NO_COLOR", Some("1"))]);
    run.exits(0);
    assert_eq!(run.stdout, laid_out);
}

#[test]
fn fmt_leaves_a_file_with_a_syntax_error_and_reports_it() {
    let broken = "game g { heaps 1; take 1.. \nanalyze g at 3\n";
    let file = TempGame::new("fmt-broken", broken);
    gamelang(&["fmt", file.path()])
        .exits(1)
        .stderr_has("gamelang::syntax");
    assert_eq!(std::fs::read_to_string(file.path()).expect("kept"), broken);
}

#[test]
fn a_tables_timeout_is_the_whole_tables() {
    // Issue 30: each of the 90,601 cells ended well within its own second,
    // and the table ran for 25 s; the timeout is now the table's.
    let run = gamelang(&[
        "table",
        "games/moore.game",
        "--upto",
        "300",
        "--timeout",
        "1",
        // A move budget the table cannot spend in a second, so that the
        // clock stops it on any machine.
        "--move-budget",
        "100000000000",
    ]);
    run.exits(1);
    run.stderr_has("gamelang::search::timeout");
    run.stderr_has("ran out of time (1 s)");
}

#[test]
fn a_tables_move_budget_is_the_whole_tables() {
    // Issue 30: each cell had a budget of its own, and the table of
    // 90,601 cells ran to its end however small it was; now the cells
    // share it, and the table stops once they have spent it together.
    let run = gamelang(&[
        "table",
        "games/moore.game",
        "--upto",
        "300",
        "--timeout",
        "0",
        "--move-budget",
        "1000000",
    ]);
    run.exits(1);
    run.stderr_has("gamelang::search::too_many_moves");
    run.stderr_has("examined more than 1000000 moves");
}

#[test]
fn a_position_limit_is_the_questions_not_the_closed_forms_check() {
    // Issue 30: `--max-positions 0` named a position of the closed form's
    // check, `()`, not the one asked about. The check has its own limit;
    // the closed form answers.
    let a = only_answer(&[
        "analyze",
        "games/nim.game",
        "--at",
        "(3, 4)",
        "--max-positions",
        "0",
    ]);
    assert_eq!(outcome(&a), "N");
    // A game the search must answer is refused, naming the position asked.
    gamelang(&[
        "analyze",
        "games/take_a_square.game",
        "--at",
        "40",
        "--max-positions",
        "0",
    ])
    .exits(1)
    .stderr_has("at 40 needs more than 0 positions");
}

#[test]
fn a_search_error_points_at_the_statement_that_asked() {
    // Issue 30: budget and search errors about a position written in the
    // file had no place; they point at its `analyze` statement now (in
    // words and in JSON), and one about `--at` stays without.
    let file = TempGame::new(
        "asked",
        "game sq { heaps 1; take k where k is square }\n\nanalyze sq at 4999999\n",
    );
    let run = gamelang(&["analyze", file.path(), "--max-positions", "1000"]);
    run.exits(1).stderr_has("asked here");
    let run = gamelang(&["analyze", file.path(), "--max-positions", "1000", "--json"]);
    run.exits(1);
    let errors: Value = serde_json::from_str(&run.stderr).expect("JSON on stderr");
    assert_eq!(errors[0]["code"], "gamelang::search::too_large");
    assert_eq!(errors[0]["line"], 3);
    assert_eq!(errors[0]["column"], 1);
    let run = gamelang(&[
        "analyze",
        file.path(),
        "--at",
        "4999999",
        "--max-positions",
        "1000",
        "--json",
    ]);
    let errors: Value = serde_json::from_str(&run.stderr).expect("JSON on stderr");
    assert_eq!(errors[0]["line"], Value::Null);
}

/// The runaways on the example games themselves (hostile input, round
/// two), each still running after 30 s then: every one now ends with a
/// coded refusal. With a small move budget here; `cargo bench -p
/// gamelang-cli --bench hostile` runs them with the defaults (each within
/// 20 s and 1 GB).
#[test]
fn the_example_games_runaways_end_in_coded_refusals() {
    let cases: [(&str, &str, &str); 5] = [
        (
            "games/fibonacci_nim.game",
            "(1000000, 19)",
            "too_many_moves",
        ),
        ("games/euclid.game", "(30, 100000000)", "too_many_moves"),
        ("games/chomp.game", "(65536, 8, 8)", "too_many_moves"),
        ("games/northcott.game", "(3, 5, 5000000)", "too_large"),
        ("games/take_a_square.game", "4999999", "too_many_moves"),
    ];
    for (file, at, code) in cases {
        let run = gamelang(&["analyze", file, "--at", at, "--move-budget", "1000000"]);
        run.exits(1)
            .stderr_has(&format!("gamelang::search::{code}"));
    }
}

/// The other cases of the hostile-input issue that ran long or large end in
/// coded refusals too (small budgets here; the defaults are the hostile
/// bench's): a sum with one capacity game of 10^6, a block that appends a
/// million heaps a move, and misère Kayles tabulated to 300.
#[test]
fn the_issues_large_sums_blocks_and_tables_end_in_coded_refusals() {
    let capacity = TempGame::new(
        "capacity",
        "game capacity(s = 10) { position (stones)
    move add { choose x in 1..min(stones * stones, s - stones); stones += x } }
analyze capacity(s = 2) at 0 + capacity(s = 3) at 3 + capacity(s = 1000000) at 2\n",
    );
    gamelang(&["analyze", capacity.path(), "--move-budget", "1000000"])
        .exits(1)
        .stderr_has("gamelang::search::too_many_moves");
    let append = TempGame::new(
        "append",
        "game grow { heaps *
    move m { require len >= 1; choose i in 1..len; require h[i] >= 1; h[i] = h[i] - 1
        for j in 1..1000000 { append 0 } } }
analyze grow at (60)\n",
    );
    gamelang(&["analyze", append.path(), "--move-budget", "1000000"])
        .exits(1)
        .stderr_has("gamelang::search::too_many_moves");
    gamelang(&[
        "table",
        "games/misere_kayles.game",
        "--upto",
        "300",
        "--move-budget",
        "1000000",
    ])
    .exits(1)
    .stderr_has("gamelang::search::too_many_moves");
}

#[test]
fn at_given_many_times_asks_each_position_in_turn() {
    // Nim: the player to move loses exactly where the heaps XOR to 0
    // (Bouton 1901): (1, 2, 3) is lost, 7 and (1, 2) are won.
    let run = gamelang(&[
        "analyze",
        "games/nim.game",
        "--at",
        "7",
        "--at",
        "(1, 2, 3)",
        "--at",
        "(1, 2)",
        "--json",
    ]);
    run.exits(0);
    let answers = run.json();
    let outcomes: Vec<&str> = answers.iter().map(outcome).collect();
    assert_eq!(outcomes, ["N", "P", "N"], "{}", run.describe());
    // Every position that is not one is reported, each at its place.
    let run = gamelang(&[
        "analyze",
        "games/nim.game",
        "--at",
        "(1, 2",
        "--at",
        "3",
        "--at",
        "-4",
    ]);
    run.exits(1);
    assert_eq!(
        run.stderr.matches("gamelang::syntax").count(),
        2,
        "{}",
        run.describe()
    );
}

#[test]
fn no_answer_about_a_game_of_no_heaps_calls_its_positions_heaps() {
    // The example games whose positions are named parts, coins, graphs or
    // tokens: their answers, tables and graphs in text speak of those.
    let games = [
        ("games/capacity.game", None, "0"),
        ("games/corner_race.game", Some("king"), "(3, 4)"),
        ("games/cutting.game", None, "(3, 2)"),
        ("games/fibonacci_nim.game", None, "(5, 4)"),
        ("games/mock_turtles.game", None, "{1, 5}"),
        ("games/node_kayles.game", None, "graph { 1 -- 2, 2 -- 3 }"),
        (
            "games/hackenbush_tree.game",
            None,
            "graph { 0 -- 1, 1 -- 2 }",
        ),
        ("games/tokens.game", Some("tokens"), "(1, 5)"),
        ("games/ruler.game", None, "{2, 3}"),
    ];
    for (file, game, at) in games {
        let mut runs = vec![gamelang(&["analyze", file])];
        let with_game = |args: &[&str]| -> Vec<String> {
            let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            if let Some(game) = game {
                all.extend(["--game".to_string(), game.to_string()]);
            }
            all
        };
        for args in [
            with_game(&["analyze", file, "--at", at]),
            with_game(&["graph", file, "--at", at]),
            with_game(&["table", file, "--upto", "5"]),
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            runs.push(gamelang(&args));
        }
        for run in runs {
            // A table of a game on graphs is refused: that refusal speaks
            // of tables of heaps, rightly.
            if run.stderr.contains("gamelang::table::heap_count") {
                continue;
            }
            assert!(
                !run.stdout.to_lowercase().contains("heap"),
                "{file}: {}",
                run.describe()
            );
        }
    }
}

#[test]
fn analyze_outcome_answers_who_wins_alone() {
    // Domineering on five rows of four is worth -1 (pycgt,
    // tests/data/pycgt_boards.txt): R; on 2 × 2, ±1: N.
    let run = gamelang(&[
        "analyze",
        "games/domineering.game",
        "--at",
        "\"....|....|....|....|....\"",
        "--at",
        "\"..|..\"",
        "--outcome",
        "--json",
    ]);
    run.exits(0);
    let answers = run.json();
    let outcomes: Vec<&str> = answers
        .iter()
        .map(|a| a["outcome"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(outcomes, ["R", "N"]);
    for a in &answers {
        assert_eq!(a["method"]["kind"], "outcome", "{a}");
        assert_eq!(a["grundy"], Value::Null);
    }
    let run = gamelang(&[
        "analyze",
        "games/domineering.game",
        "--at",
        "\"..|..\"",
        "--outcome",
    ]);
    run.exits(0);
    assert!(
        run.stdout
            .contains("value:   not sought (asked for its outcome alone)"),
        "{}",
        run.stdout
    );
    // A sum is answered in full: ±1 + ±1 = 0, P.
    let sum = TempGame::new(
        "outcome-sum",
        "game d {\n    board\n    left move v { choose c in 1..cols; require b[1, c] == '.' and b[2, c] == '.'; b[1, c] = '#'; b[2, c] = '#' }\n    right move h { choose r in 1..rows; require b[r, 1] == '.' and b[r, 2] == '.'; b[r, 1] = '#'; b[r, 2] = '#' }\n}\nanalyze d at \"..|..\" + d at \"..|..\"\n",
    );
    let run = gamelang(&["analyze", sum.path(), "--outcome", "--json"]);
    run.exits(0);
    let answers = run.json();
    assert_eq!(answers[0]["outcome"], "P", "{}", run.stdout);
    assert_eq!(answers[0]["value"], "0", "{}", run.stdout);
    assert_ne!(answers[0]["method"]["kind"], "outcome");
}

#[test]
fn analyze_outcome_keeps_within_the_memory_limit() {
    // Domineering 6 × 7 asked for its outcome within 8 MB: what the search
    // remembers passes the limit, and it stops, saying so, before growing.
    // (5 × 6 and then 6 × 6, which this asked before, are answered within
    // 8 MB since the search tries the moves that leave the other player
    // least room first, and leaves out dominated moves.) (The process's
    // growth is watched by the search and by its store of forms,
    // whichever looks first.)
    let run = gamelang(&[
        "analyze",
        "games/domineering.game",
        "--at",
        "\".......|.......|.......|.......|.......|.......\"",
        "--outcome",
        "--max-memory",
        "8",
        "--json",
    ]);
    assert!(
        run.stderr.contains("\"gamelang::search::memory_limit\""),
        "{}",
        run.stderr
    );
    assert!(!run.stdout.contains("\"outcome\""), "{}", run.stdout);
    // Asked for who wins alone already, it is not advised to ask so.
    assert!(!run.stderr.contains("analyze --outcome"), "{}", run.stderr);
    // Not asked so, a store of forms past its limit is advised to (a sum of
    // 24 switches, ±1 + ±2 + ... + ±24, within 1 MB).
    let switches: Vec<String> = (1..=24).map(|i| format!("{{{i}|-{i}}}")).collect();
    let hot = TempGame::new("hot-sum", &format!("analyze {}\n", switches.join(" + ")));
    let run = gamelang(&["analyze", hot.path(), "--max-memory", "1"]);
    assert!(run.stderr.contains("analyze --outcome"), "{}", run.stderr);
}
