//! The language server (`gamelang lsp`) over real JSON-RPC on its standard
//! input and output: a test client that frames messages as an editor does,
//! and every feature asked for as an editor asks — diagnostics as a file
//! changes (columns in UTF-16), hover on `analyze` statements, games,
//! parameters and keywords, inlay hints, completion, definition,
//! references, rename, the outline, formatting, semantic tokens; and
//! hostile input: garbled frames, bad params, unknown methods, positions
//! too large to search, and mutated files, after all of which the server
//! still answers.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{Value, json};

/// How long a test waits for one message before it fails.
const WAIT: Duration = Duration::from_secs(20);

/// A running server and the messages it sent.
pub struct Client {
    child: Child,
    input: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications that came while waiting for a response.
    pub notifications: Vec<Value>,
}

impl Client {
    /// Starts `gamelang lsp` and initializes it.
    pub fn start() -> Client {
        Client::start_with(json!({}))
    }

    /// Starts `gamelang lsp` and initializes it with the editor's
    /// `initializationOptions`.
    pub fn start_with(options: Value) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamelang"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("gamelang lsp starts");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if output.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length")];
                output.read_exact(&mut body).expect("a whole body");
                let value: Value = serde_json::from_slice(&body).expect("JSON");
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            input,
            messages,
            next_id: 0,
            notifications: Vec::new(),
        };
        let init = client.request(
            "initialize",
            json!({ "capabilities": {}, "initializationOptions": options }),
        );
        assert!(init["result"]["capabilities"]["hoverProvider"] == json!(true));
        client.notify("initialized", json!({}));
        client
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("the server reads");
        self.input.flush().expect("the server reads");
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.send_raw(frame.as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// The next message, whatever it is.
    pub fn next(&mut self) -> Value {
        self.messages
            .recv_timeout(WAIT)
            .expect("the server answers in time")
    }

    /// Sends a request and waits for its response (keeping notifications).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let message = self.next();
            if message["id"] == json!(id) {
                return message;
            }
            self.notifications.push(message);
        }
    }

    /// Opens (or replaces) a file and returns the diagnostics published.
    pub fn open(&mut self, uri: &str, version: i32, text: &str) -> Vec<Value> {
        let method = if version == 1 {
            "textDocument/didOpen"
        } else {
            "textDocument/didChange"
        };
        let params = if version == 1 {
            json!({ "textDocument": { "uri": uri, "languageId": "gamelang", "version": version, "text": text } })
        } else {
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] })
        };
        self.notify(method, params);
        loop {
            let message = self.next();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == json!(version)
            {
                return message["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
        }
    }

    pub fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }

    /// Shuts the server down as an editor does, and asserts it exits 0.
    pub fn stop(mut self) {
        let response = self.request("shutdown", Value::Null);
        assert_eq!(response["result"], Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "{status}");
    }
}

const URI: &str = "file:///tmp/test.game";

const BASH: &str =
    "// Bash's game\ngame bash(m = 3) {\n    heaps 1\n    take 1..m\n}\nanalyze bash at 21\n";

#[test]
fn diagnostics_come_as_the_file_changes_with_utf16_columns() {
    let mut client = Client::start();
    assert!(client.open(URI, 1, BASH).is_empty());
    // `è` is two bytes but one UTF-16 unit: the error's column is counted
    // in units (36), not bytes (37).
    let broken =
        "game g { heaps 1; play misère; take 0..3 } // 𝔾\nanalyze g at 3\nanalyze bsh at 3\n";
    let found = client.open(URI, 2, broken);
    let codes: Vec<&str> = found.iter().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(
        codes,
        [
            "gamelang::check::unchanged_position",
            "gamelang::check::unknown_game"
        ],
        "{found:?}"
    );
    let zero = &found[0];
    assert_eq!(
        zero["range"]["start"],
        json!({ "line": 0, "character": 36 })
    );
    assert_eq!(zero["range"]["end"], json!({ "line": 0, "character": 37 }));
    assert_eq!(zero["severity"], json!(1));
    let message = zero["message"].as_str().unwrap_or("");
    assert!(message.contains("help: start the range at 1"), "{message}");
    assert_eq!(
        found[1]["range"]["start"],
        json!({ "line": 2, "character": 8 })
    );
    assert!(
        found[1]["message"]
            .as_str()
            .unwrap_or("")
            .contains("there is no game `bsh`")
    );
    // A fix clears them.
    assert!(client.open(URI, 3, BASH).is_empty());
    client.stop();
}

#[test]
fn hover_answers_an_analyze_statement_and_names_games_parameters_and_keywords() {
    let mut client = Client::start();
    client.open(URI, 1, BASH);
    // On `analyze bash at 21`: the answer, as `gamelang analyze` prints it.
    let hover = client.at("textDocument/hover", URI, 5, 2);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("grundy:  1"), "{text}");
    assert!(text.contains("take 1 → 20"), "{text}");
    assert!(text.contains("closed form: bash"), "{text}");
    // On the game's name: its rules and the known game.
    let hover = client.at("textDocument/hover", URI, 1, 6);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(text.contains("Known game **bash**"), "{text}");
    assert!(text.contains("`take 1..m`"), "{text}");
    // On the parameter where it is used: its value.
    let hover = client.at("textDocument/hover", URI, 3, 12);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(text.starts_with("**m** = 3"), "{text}");
    // On a keyword: a line of the reference.
    let hover = client.at("textDocument/hover", URI, 2, 5);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(text.contains("how many heaps"), "{text}");
    client.stop();
}

#[test]
fn hover_draws_a_board_above_its_answer() {
    let mut client = Client::start();
    let text = "game domineering {\n    board\n    left move vertical {\n        choose r in 1..rows - 1\n        choose c in 1..cols\n        require b[r, c] == '.' and b[r + 1, c] == '.'\n        b[r, c] = '#'\n        b[r + 1, c] = '#'\n    }\n}\nanalyze domineering at \"..#|...\"\n";
    client.open(URI, 1, text);
    let hover = client.at("textDocument/hover", URI, 10, 2);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    // The board a row a line, then the answer: a game of Left's alone, a
    // vertical domino in each of the first two columns (the third's top
    // cell is removed): 2.
    assert!(
        text.starts_with("```text\ndomineering:\n..#\n...\n```"),
        "{text}"
    );
    assert!(text.contains("value:   2"), "{text}");
    client.stop();
}

#[test]
fn inlay_hints_give_each_statements_outcome_and_value() {
    let mut client = Client::start();
    let text = "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash at 21\nanalyze bash at 20\ngame kayles { heaps *; octal 0.77 }\nanalyze kayles at (3, 4)\n";
    client.open(URI, 1, text);
    let hints = client.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 10, "character": 0 } } }),
    );
    let labels: Vec<(u64, String)> = (hints["result"].as_array().expect("hints").iter())
        .map(|h| {
            let line = h["position"]["line"].as_u64().expect("a line");
            (
                line,
                h["label"].as_str().expect("a label").trim().to_string(),
            )
        })
        .collect();
    // Bash: 21 mod 4 = 1 (N, g = 1), 20 a multiple of 4 (P). Kayles:
    // g(3) = 3, g(4) = 1 (OEIS A002186), 3 xor 1 = 2.
    assert_eq!(
        labels,
        [
            (1, "N · g = 1".to_string()),
            (2, "P · g = 0".to_string()),
            (4, "N · g = 2".to_string())
        ]
    );
    client.stop();
}

#[test]
fn a_statement_of_many_positions_is_counted_after_its_line_and_tabled_on_hover() {
    let mut client = Client::start();
    let text = "game kayles { heaps *; octal 0.77 }\nanalyze kayles at 0..5\n";
    client.open(URI, 1, text);
    let hints = client.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 3, "character": 0 } } }),
    );
    let labels: Vec<&str> = (hints["result"].as_array().expect("hints").iter())
        .map(|h| h["label"].as_str().expect("a label").trim())
        .collect();
    // Kayles g(0..=5) = 0, 1, 2, 3, 1, 4 (OEIS A002186): one P, five N.
    assert_eq!(labels, ["1 P · 5 N"]);
    let hover = client.at("textDocument/hover", URI, 1, 3);
    let table = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(table.contains("6 positions"), "{table}");
    let rows: Vec<Vec<&str>> = (table.lines())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 2 && w[0].parse::<u32>().is_ok())
        .collect();
    let values: Vec<&str> = rows.iter().map(|w| w[2]).collect();
    assert_eq!(values, ["0", "1", "2", "3", "1", "4"], "{table}");
    client.stop();
}

#[test]
fn completion_offers_keywords_phrases_games_and_the_names_in_scope() {
    let mut client = Client::start();
    let text = "game g(limit = 3) {\n    heaps *\n    move m {\n        choose i in 1..len\n        \n    }\n}\nanalyze g at (1)\n";
    client.open(URI, 1, text);
    let items = client.at("textDocument/completion", URI, 4, 8);
    let labels: Vec<&str> = (items["result"].as_array().expect("items").iter())
        .filter_map(|i| i["label"].as_str())
        .collect();
    for wanted in ["take", "require", "take range", "g", "limit", "i"] {
        assert!(labels.contains(&wanted), "{wanted} in {labels:?}");
    }
    // Outside the block, its variable is not offered.
    let items = client.at("textDocument/completion", URI, 7, 0);
    let labels: Vec<&str> = (items["result"].as_array().expect("items").iter())
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(!labels.contains(&"i"), "{labels:?}");
    client.stop();
}

#[test]
fn definition_references_and_rename_follow_games_and_parameters() {
    let mut client = Client::start();
    let text =
        "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash(m = 4) at 21\nanalyze bash at 7\n";
    client.open(URI, 1, text);
    // From the use of `bash` on line 2 to its definition.
    let def = client.at("textDocument/definition", URI, 2, 9);
    assert_eq!(
        def["result"]["range"]["start"],
        json!({ "line": 0, "character": 5 })
    );
    let refs = client.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 10 }, "context": { "includeDeclaration": true } }),
    );
    assert_eq!(refs["result"].as_array().expect("places").len(), 3);
    let rename = client.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 6 }, "newName": "bash_game" }),
    );
    let edits = rename["result"]["changes"][URI].as_array().expect("edits");
    assert_eq!(edits.len(), 3);
    // Applied, the file still checks clean.
    let mut renamed = text.to_string();
    let mut sorted: Vec<&Value> = edits.iter().collect();
    sorted.sort_by_key(|e| {
        let s = &e["range"]["start"];
        std::cmp::Reverse((s["line"].as_u64(), s["character"].as_u64()))
    });
    for edit in sorted {
        let s = &edit["range"]["start"];
        let e = &edit["range"]["end"];
        let line_start = |line: u64| {
            renamed
                .split_inclusive('\n')
                .take(line as usize)
                .map(str::len)
                .sum::<usize>()
        };
        let start = line_start(s["line"].as_u64().expect("line"))
            + s["character"].as_u64().expect("c") as usize;
        let end = line_start(e["line"].as_u64().expect("line"))
            + e["character"].as_u64().expect("c") as usize;
        renamed.replace_range(start..end, "bash_game");
    }
    assert!(client.open(URI, 2, &renamed).is_empty(), "{renamed}");
    assert_eq!(renamed.matches("bash_game").count(), 3);
    // A reserved word is refused as a name.
    let refused = client.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 6 }, "newName": "where" }),
    );
    assert_eq!(refused["error"]["code"], json!(-32602));
    client.stop();
}

#[test]
fn the_outline_formatting_and_semantic_tokens() {
    let mut client = Client::start();
    let messy = "game  bash( m=3 ){\n heaps 1\n  take 1 .. m\n}\nanalyze bash at(21)\n";
    client.open(URI, 1, messy);
    let outline = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let names: Vec<&str> = (outline["result"].as_array().expect("symbols").iter())
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["game bash", "analyze bash at(21)"]);
    let children = outline["result"][0]["children"]
        .as_array()
        .expect("children");
    assert_eq!(children.len(), 3, "{children:?}");
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let formatted = edits["result"][0]["newText"].as_str().expect("an edit");
    assert_eq!(formatted, gamelang::format(messy).expect("formats"));
    let tokens = client.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": URI } }),
    );
    let data: Vec<u64> = (tokens["result"]["data"].as_array().expect("data").iter())
        .filter_map(Value::as_u64)
        .collect();
    // game(keyword 0) bash(type 4) m(parameter 5) = 3(number 1) ...
    assert_eq!(&data[..5], &[0, 0, 4, 0, 0]);
    assert_eq!(&data[5..10], &[0, 6, 4, 4, 0]);
    assert_eq!(&data[10..15], &[0, 6, 1, 5, 0]);
    client.stop();
}

#[test]
fn garbled_frames_bad_params_and_unknown_methods_do_not_stop_the_server() {
    let mut client = Client::start();
    client.send_raw(b"this is not a header\r\n\r\n");
    assert_eq!(client.next()["error"]["code"], json!(-32700));
    client.send_raw(b"Content-Length: 9\r\n\r\n{not json");
    assert_eq!(client.next()["error"]["code"], json!(-32700));
    let bad = client.request("textDocument/hover", json!({ "nonsense": 1 }));
    assert_eq!(bad["error"]["code"], json!(-32602));
    let unknown = client.request("gamelang/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], json!(-32601));
    // A hover on a file never opened has nothing.
    let nothing = client.at("textDocument/hover", "file:///nowhere.game", 0, 0);
    assert_eq!(nothing["result"], Value::Null);
    // Still serving.
    assert!(client.open(URI, 1, BASH).is_empty());
    client.stop();
}

#[test]
fn a_position_too_large_to_search_gets_the_budgets_refusal_not_a_hang() {
    let mut client = Client::start();
    let text = "game chomp {\n    heaps * where nonincreasing\n    move bite {\n        choose r in 1..len\n        choose c in 1..h[r]\n        require r > 1 or c > 1\n        for s in r..len { h[s] = min(h[s], c - 1) }\n    }\n}\nanalyze chomp at (65536, 8, 8)\n";
    client.open(URI, 1, text);
    // Answered (the editor's budget is 2 s a statement), with a refusal.
    let hover = client.at("textDocument/hover", URI, 9, 3);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(text.contains("**no answer** (gamelang::search::"), "{text}");
    client.stop();
}

#[test]
fn mutated_example_files_never_stop_the_server() {
    let mut client = Client::start();
    let root = std::path::Path::new(crate::ROOT).join("games");
    let mut texts: Vec<String> = std::fs::read_dir(root)
        .expect("games/")
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    texts.sort();
    // Cuts, doubled pieces and stray characters, chosen by a fixed walk.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    for (version, round) in (1..).zip(0..150) {
        let text = &texts[round % texts.len()];
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..1 + next(3) {
            let at = next(bytes.len());
            match next(4) {
                0 => {
                    let end = (at + next(20)).min(bytes.len());
                    bytes.drain(at..end);
                }
                1 => {
                    let end = (at + next(20)).min(bytes.len());
                    let piece = bytes[at..end].to_vec();
                    bytes.splice(at..at, piece);
                }
                2 => bytes.insert(at, b"{}()[]*-9\n\"'"[next(12)]),
                _ => {
                    bytes.splice(at..at, "𝔾é\u{200b}".bytes());
                }
            }
        }
        let mutant = String::from_utf8_lossy(&bytes).into_owned();
        client.open(URI, version, &mutant);
        let line = next(mutant.lines().count()) as u32;
        let column = next(40) as u32;
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            let answer = client.at(method, URI, line, column);
            assert!(answer.get("result").is_some() || answer.get("error").is_some());
        }
        for method in [
            "textDocument/documentSymbol",
            "textDocument/semanticTokens/full",
        ] {
            let answer = client.request(method, json!({ "textDocument": { "uri": URI } }));
            assert!(answer.get("result").is_some(), "{method}: {answer}");
        }
    }
    client.stop();
}

#[test]
fn the_vscode_grammar_highlights_every_keyword() {
    let path =
        std::path::Path::new(crate::ROOT).join("editors/vscode/syntaxes/gamelang.tmLanguage.json");
    let text = std::fs::read_to_string(path).expect("the grammar");
    let grammar: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(grammar["scopeName"], "source.gamelang");
    for word in gamelang::KEYWORDS {
        assert!(
            text.contains(&format!("|{word}|"))
                || text.contains(&format!("({word}|"))
                || text.contains(&format!("|{word})")),
            "`{word}` is not highlighted"
        );
    }
}

#[test]
fn an_edit_cancels_the_search_of_a_hover_on_the_old_text() {
    // A day's timeout: the search of the old text ends only if the edit
    // stops it (each position's move loops ten million steps, on a chain
    // of 100,000 positions: hours of work within the editor's other
    // limits).
    let mut client = Client::start_with(json!({ "timeout": 86400 }));
    let text = "game spin {\n    position (a, b)\n    move step {\n        require a > 0\n        for s in 1..9000000 { b = s % 2 }\n        a -= 1\n    }\n}\nanalyze spin at (100000, 0)\n";
    client.open(URI, 1, text);
    client.send(json!({
        "jsonrpc": "2.0", "id": 99, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": URI }, "position": { "line": 8, "character": 3 } },
    }));
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": BASH }] }),
    );
    // The protocol's "content modified", once the search has stopped (the
    // wait for it fails the test if it never does).
    let answer = loop {
        let message = client.next();
        if message["id"] == json!(99) {
            break message;
        }
    };
    assert_eq!(answer["error"]["code"], json!(-32801), "{answer}");
    client.stop();
}

#[test]
fn a_panic_file_a_search_past_memory_and_a_file_past_the_limit_never_stop_the_server() {
    let mut client = Client::start();
    let other = "file:///tmp/other.game";
    assert!(client.open(other, 1, BASH).is_empty());
    // One `)` away from games/tartan.game: once a panic that ended the
    // server, now a syntax error at its place.
    let tartan =
        std::fs::read_to_string(std::path::Path::new(crate::ROOT).join("games/tartan.game"))
            .expect("games/tartan.game");
    let start = tartan.find("analyze").expect("an analyze statement");
    let broken = format!("{}analyze tartan at {{(1, 2), 3}}\n", &tartan[..start]);
    let found = client.open(URI, 1, &broken);
    assert!(
        found.iter().any(|d| d["code"] == "gamelang::syntax"
            && d["message"]
                .as_str()
                .is_some_and(|m| m.contains("pairs and single coins"))),
        "{found:?}"
    );
    let hover = client.at("textDocument/hover", other, 5, 3);
    assert!(
        hover["result"]["contents"]["value"].as_str().is_some(),
        "{hover}"
    );
    // A search that grew the server to 9.5 GB: now stopped by the
    // editor's memory limit (or, should it ever fit, answered).
    let kayles = "game kayles { heaps *; octal 0.77 }\nanalyze some kayles at 1000000000000\n";
    assert!(client.open(URI, 2, kayles).is_empty());
    let hover = client.at("textDocument/hover", URI, 1, 3);
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.contains("**no answer** (gamelang::search::memory_limit)")
            || text.contains("outcome:"),
        "{hover}"
    );
    // A 48 MB file: one diagnostic, nothing parsed.
    let line = "analyze kayles at 1000\n";
    let huge = format!("{}{}", kayles, line.repeat((48 << 20) / line.len()));
    let found = client.open(URI, 3, &huge);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "gamelang::io");
    let formatted = client.request("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }));
    assert_eq!(
        formatted["result"],
        Value::Null,
        "a file not checked is left as it is"
    );
    // The other file is served as before.
    let hover = client.at("textDocument/hover", other, 5, 3);
    assert!(
        hover["result"]["contents"]["value"].as_str().is_some(),
        "{hover}"
    );
    client.stop();
}
