//! How soon an editor gets diagnostics after an edit of a 10,000-line file
//! (target: 300 ms). The server runs in process on pipes, spoken to in
//! JSON-RPC as an editor does; each edit changes one line, and the time is
//! from the edit's send to the diagnostics' arrival. Beside it, in the same
//! run, the floor: `check` and its warnings called directly on the same
//! text (what any server must do at least), and the ratio.
//!
//!   cargo bench -p gamelang-lsp --bench diagnostics

use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// One block of the file: games of several kinds, a move block, a
/// mistake-free body and analyze statements; `{k}` numbers each copy.
const BLOCK: &str = "// copy {k}: Bash's game, Kayles, a block game and Chomp
game bash_{k}(m = 3) {
    heaps 1
    take 1..m
}
game kayles_{k} { heaps *; octal 0.77 }
game lower_{k} {
    heaps 2
    move lower {
        choose i in 1..2
        choose k in 1..h[i]
        h[i] -= k
    }
}
game wythoff_{k} { heaps 2; take 1..; take 1.. from both heaps }
analyze bash_{k} at 21
analyze kayles_{k} at (3, 4)
analyze lower_{k} at (2, 3)
analyze wythoff_{k} at (3, 5)
";

fn file(lines: usize) -> String {
    let per = BLOCK.lines().count();
    (0..lines.div_ceil(per))
        .map(|k| BLOCK.replace("{k}", &k.to_string()))
        .collect()
}

fn send(to: &mut impl Write, message: Value) {
    let body = message.to_string();
    write!(to, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("the server reads");
    to.flush().expect("the server reads");
}

fn receive(from: &mut impl BufRead) -> Value {
    let mut length = 0;
    loop {
        let mut line = String::new();
        from.read_line(&mut line).expect("the server writes");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().expect("a length");
        }
    }
    let mut body = vec![0; length];
    from.read_exact(&mut body).expect("a body");
    serde_json::from_slice(&body).expect("JSON")
}

/// Waits for the diagnostics of `version`; how many there were.
fn diagnostics(from: &mut impl BufRead, version: i32) -> usize {
    loop {
        let m = receive(from);
        if m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version {
            return m["params"]["diagnostics"].as_array().map_or(0, Vec::len);
        }
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let text = file(10_000);
    let lines = text.lines().count();
    let (server_in, mut to_server) = std::io::pipe().expect("a pipe");
    let (from_server, server_out) = std::io::pipe().expect("a pipe");
    std::thread::spawn(move || gamelang_lsp::serve(BufReader::new(server_in), server_out));
    let mut from_server = BufReader::new(from_server);
    send(
        &mut to_server,
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
    );
    receive(&mut from_server);
    let uri = "file:///bench.game";
    let started = Instant::now();
    send(
        &mut to_server,
        json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": { "uri": uri, "languageId": "gamelang", "version": 1, "text": text } } }),
    );
    let found = diagnostics(&mut from_server, 1);
    let opened = started.elapsed();
    assert_eq!(found, 0, "the bench file checks clean");
    // Edits: a line changed each time, half of them a mistake.
    let mut edits = Vec::new();
    for version in 2..=12 {
        let edited = match version % 2 {
            0 => text.replacen("take 1..m", "take 0..m", 1),
            _ => text.replacen(
                "analyze bash_0 at 21",
                &format!("analyze bash_0 at {version}"),
                1,
            ),
        };
        let started = Instant::now();
        send(
            &mut to_server,
            json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": { "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": edited }] } }),
        );
        diagnostics(&mut from_server, version);
        edits.push(started.elapsed());
    }
    // The floor: check and warnings, in process, on the same text.
    let mut floor = Vec::new();
    for _ in 0..11 {
        let started = Instant::now();
        let source = gamelang::Source::new("bench.game", text.clone());
        let (program, errors) = gamelang::check(&source, Vec::new());
        let warnings = program.warnings();
        std::hint::black_box((&errors, &warnings));
        floor.push(started.elapsed());
    }
    let (edit, max, floor) = (
        median(edits.clone()),
        edits.iter().max().copied().unwrap_or_default(),
        median(floor),
    );
    println!(
        "diagnostics after an edit of a {lines}-line file (release build, in process on pipes)"
    );
    println!(
        "open                  {:>8.1} ms",
        opened.as_secs_f64() * 1e3
    );
    println!(
        "edit, median of 11    {:>8.1} ms   (max {:.1} ms; target 300 ms)",
        edit.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
    println!(
        "check + warnings      {:>8.1} ms   (the floor, called directly)",
        floor.as_secs_f64() * 1e3
    );
    println!(
        "ratio edit / floor    {:>8.2}",
        edit.as_secs_f64() / floor.as_secs_f64()
    );
}
