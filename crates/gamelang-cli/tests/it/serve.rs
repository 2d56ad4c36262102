//! `gamelang serve`: the explorer's server run as a process and asked over
//! plain HTTP. Its analyze API answers what `analyze --json` prints; it
//! listens on loopback; it refuses foreign Host and Origin headers; it
//! never dies on a bad request; a long question does not hold up others,
//! and can be cancelled; it writes only its own file.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use crate::cli::{TempGame, gamelang};

/// A server running, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// `gamelang serve ARGS` in the repository's root, on a free port.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamelang"))
            .arg("serve")
            .args(args)
            .current_dir(crate::ROOT)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the gamelang binary runs");
        let stdout = child.stdout.take().expect("its stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server says where it listens");
        let address = (line
            .trim()
            .strip_prefix("gamelang serve: listening on http://"))
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
        .to_string();
        Server { child, address }
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// A request with this server's own Host.
    pub fn ask(&self, method: &str, target: &str, body: &str) -> Reply {
        let host = format!("Host: {}", self.address);
        self.raw(method, target, &[&host], body.as_bytes())
    }

    /// A request with the header lines `headers` as given.
    pub fn raw(&self, method: &str, target: &str, headers: &[&str], body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(&self.address).expect("the server accepts");
        let mut request = format!("{method} {target} HTTP/1.1\r\nConnection: close\r\n");
        for h in headers {
            request.push_str(h);
            request.push_str("\r\n");
        }
        request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        let mut bytes = request.into_bytes();
        bytes.extend_from_slice(body);
        // A server may answer and close before reading a large body.
        let _ = stream.write_all(&bytes);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        Reply::parse(&answer)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: its status and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    fn parse(bytes: &[u8]) -> Reply {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = (head.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        Reply {
            status,
            body: body.to_string(),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// The text of `games/NAME.game`.
fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/games/{name}.game", crate::ROOT))
        .expect("the example is readable")
}

/// `text` with every byte but letters and digits percent-encoded.
pub fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn the_analyze_api_answers_what_analyze_json_prints() {
    let asked = [
        ("games/domineering.game", "domineering", "\"..|..\""),
        ("games/domineering.game", "domineering", "\"...|...|...\""),
        ("games/nim.game", "nim", "(3, 4, 5)"),
        ("games/kayles.game", "kayles", "1000000"),
        ("games/cutcake.game", "cutcake", "(4, 3)"),
        ("games/fox_and_geese.game", "fox_and_geese", FOX),
    ];
    for (file, game, at) in asked {
        let server = Server::start(&[file]);
        let target = format!("/api/analyze?game={game}&at={}", encoded(at));
        let reply = server.ask("GET", &target, "");
        let printed = gamelang(&["analyze", file, "--game", game, "--at", at, "--json"]);
        printed.exits(0);
        assert_eq!(reply.status, 200, "{file} at {at}: {}", reply.body);
        assert_eq!(reply.body, printed.stdout, "{file} at {at}");
    }
}

/// A Fox and Geese position of the file's (a small board).
const FOX: &str = "\"G.G.|....|....|.F..\"";

#[test]
fn a_position_with_no_answer_gets_the_commands_diagnostics() {
    let server = Server::start(&["games/nim.game"]);
    let reply = server.ask("GET", "/api/analyze?game=nim&at=%28-1%29", "");
    assert_eq!(reply.status, 422, "{}", reply.body);
    let printed = gamelang(&[
        "analyze",
        "games/nim.game",
        "--game",
        "nim",
        "--at",
        "(-1)",
        "--json",
    ]);
    printed.exits(1);
    let codes = |json: &serde_json::Value| -> Vec<String> {
        (json.as_array().into_iter().flatten())
            .map(|d| d["code"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let stderr: serde_json::Value =
        serde_json::from_str(&printed.stderr).expect("JSON diagnostics");
    assert_eq!(codes(&reply.json()), codes(&stderr));
    assert!(!codes(&stderr).is_empty());
}

#[test]
fn it_listens_on_loopback_and_refuses_foreign_hosts_and_origins() {
    let server = Server::start(&["games/domineering.game"]);
    assert!(
        server.address.starts_with("127.0.0.1:"),
        "{}",
        server.address
    );
    let port = server.address.rsplit(':').next().unwrap_or_default();
    let own = format!("Host: {}", server.address);
    let localhost = format!("Host: localhost:{port}");
    assert_eq!(server.raw("GET", "/", &[&own], b"").status, 200);
    assert_eq!(server.raw("GET", "/", &[&localhost], b"").status, 200);
    let foreign = [
        vec!["Host: evil.example".to_string()],
        vec![format!("Host: evil.example:{port}")],
        vec![format!(
            "Host: 127.0.0.1:{}",
            port.parse::<u32>().unwrap_or(0) + 1
        )],
        vec![],
        vec![own.clone(), "Origin: http://evil.example".to_string()],
        vec![own.clone(), format!("Origin: https://{}", server.address)],
    ];
    for headers in foreign {
        let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
        let reply = server.raw("GET", "/api/source", &headers, b"");
        assert_eq!(reply.status, 403, "{headers:?}: {}", reply.body);
        assert_eq!(reply.json()["error"]["code"], "gamelang::serve::host");
    }
    let origin = format!("Origin: http://{}", server.address);
    assert_eq!(
        server
            .raw("GET", "/api/source", &[&own, &origin], b"")
            .status,
        200
    );
}

#[test]
fn the_page_and_its_parts_are_served_from_the_binary() {
    let server = Server::start(&["games/domineering.game"]);
    let page = server.ask("GET", "/", "");
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("<script src=\"/app.js\">"),
        "{}",
        page.body
    );
    // Nothing from elsewhere: every address the page names is its own (the
    // SVG namespace names no place to fetch).
    for part in ["/", "/app.js", "/style.css"] {
        let body = server.ask("GET", part, "").body;
        let body = body.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{part}"
        );
    }
    let source = server.ask("GET", "/api/source", "").json();
    let on_disk = example("domineering");
    assert_eq!(source["text"], on_disk.as_str());
    assert_eq!(source["saves"], true);
}

#[test]
fn bad_requests_are_answered_and_the_server_goes_on() {
    let mut server = Server::start(&["games/domineering.game"]);
    let text = example("domineering");
    let cases: Vec<(&str, String, Vec<u8>, u16)> = vec![
        ("GET", "/api/analyze".into(), vec![], 400),
        ("GET", "/api/analyze?at=%22..".into(), vec![], 422),
        ("GET", "/api/analyze?game=nosuch&at=1".into(), vec![], 422),
        ("GET", "/api/analyze?at=".into(), vec![], 422),
        (
            "POST",
            "/api/moves?game=nosuch&at=1".into(),
            text.clone().into_bytes(),
            422,
        ),
        ("POST", "/api/moves?at=1".into(), b"game {".to_vec(), 422),
        ("POST", "/api/moves?at=1".into(), vec![0xff, 0xfe], 400),
        (
            "POST",
            "/api/reply?at=%22..%22&side=up".into(),
            text.clone().into_bytes(),
            400,
        ),
        (
            "POST",
            "/api/table?upto=x".into(),
            text.clone().into_bytes(),
            400,
        ),
        (
            "POST",
            "/api/table?rows=1000000&cols=1000000".into(),
            text.clone().into_bytes(),
            422,
        ),
        (
            "POST",
            "/api/picture?at=%22..%22&kind=thermograph".into(),
            b"".to_vec(),
            422,
        ),
        ("POST", "/api/check".into(), vec![b'('; 4096], 200),
        (
            "POST",
            "/api/check".into(),
            vec![b'x'; gamelang::MAX_BYTES + 1],
            413,
        ),
        ("DELETE", "/api/source".into(), vec![], 405),
        ("GET", "/nothing/here".into(), vec![], 404),
        ("GET", "/api/progress?job=none".into(), vec![], 200),
    ];
    for (method, target, body, status) in cases {
        let host = format!("Host: {}", server.address);
        let reply = server.raw(method, &target, &[&host], &body);
        assert_eq!(reply.status, status, "{method} {target}: {}", reply.body);
        assert!(server.alive(), "{method} {target} killed the server");
    }
    // Garbage that is no HTTP at all.
    let mut stream = TcpStream::connect(&server.address).expect("the server accepts");
    let _ = stream.write_all(b"\x00\x01\x02 not http\r\n\r\n");
    let _ = stream.read_to_end(&mut Vec::new());
    assert!(server.alive());
    assert_eq!(server.ask("GET", "/", "").status, 200);
}

#[test]
fn a_long_question_holds_up_no_other_and_can_be_cancelled() {
    let server = Server::start(&["games/domineering.game"]);
    // Domineering 6 × 6 is valued in tens of seconds: long enough to be
    // seen running, and cancelled.
    let board = encoded("\"......|......|......|......|......|......\"");
    let target = format!("/api/analyze?at={board}&job=long");
    let long = std::thread::scope(|scope| {
        let (server, target) = (&server, &target);
        let long = scope.spawn(move || server.ask("GET", target, ""));
        // Wait for it to start, by its progress (no clock is asserted).
        let mut positions = serde_json::Value::Null;
        while positions.is_null() && !long.is_finished() {
            positions = server.ask("GET", "/api/progress?job=long", "").json()["positions"].clone();
        }
        assert!(!positions.is_null(), "the long question was seen running");
        // Another question is answered while it runs.
        let small = server.ask("GET", "/api/analyze?at=%22..%7C..%22", "");
        assert_eq!(small.status, 200);
        assert!(
            !long.is_finished(),
            "the small question waited for the long one"
        );
        let cancelled = server.ask("POST", "/api/cancel?job=long", "").json();
        assert_eq!(cancelled["cancelled"], true);
        long.join().expect("the long request ends")
    });
    assert_eq!(long.status, 422, "{}", long.body);
    assert!(long.body.contains("gamelang::"), "{}", long.body);
}

#[test]
fn it_saves_to_its_own_file_only_and_not_without_one() {
    let file = TempGame::new("serve-save", "game g { heaps 1\n take 1..2 }\n");
    let server = Server::start(&[file.path()]);
    let text = "game g { heaps 1\n take 1..3 }\n";
    let saved = server.ask("PUT", "/api/source", text);
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert_eq!(
        std::fs::read_to_string(file.path()).ok().as_deref(),
        Some(text)
    );
    drop(server);
    let without = Server::start(&[]);
    let refused = without.ask("PUT", "/api/source", text);
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(
        refused.json()["diagnostics"][0]["code"],
        "gamelang::serve::save"
    );
}

#[test]
fn moves_tables_and_replies_come_from_the_library() {
    let server = Server::start(&["games/domineering.game"]);
    let text = example("domineering");
    // The 2 × 2 board: two moves for each side, each to ±1's options.
    let moves = server
        .ask("POST", "/api/moves?at=%22..%7C..%22", &text)
        .json();
    let listed = moves["moves"].as_array().cloned().unwrap_or_default();
    let sides: Vec<&str> = listed.iter().filter_map(|m| m["side"].as_str()).collect();
    assert_eq!(sides, ["left", "left", "right", "right"]);
    for m in &listed {
        let want = if m["side"] == "left" { "1" } else { "-1" };
        assert_eq!(m["value"], want, "{m}");
    }
    // The computer's reply as Left wins: it leaves 1 (Winning Ways).
    let reply = server
        .ask("POST", "/api/reply?at=%22..%7C..%22&side=left", &text)
        .json();
    assert_eq!(reply["move"]["value"], "1");
    // The table of empty boards is the `table` command's.
    let table = server.ask("POST", "/api/table?rows=2&cols=3", &text).json();
    let printed = gamelang(&[
        "table",
        "games/domineering.game",
        "--rows",
        "1..2",
        "--cols",
        "1..3",
        "--json",
    ]);
    let printed: serde_json::Value = serde_json::from_str(&printed.stdout).expect("JSON");
    assert_eq!(table["values"], printed["values"]);
    assert_eq!(table["at"][1][2], "\"...|...\"");
}

#[test]
fn each_move_is_valued_as_analyze_values_where_it_leads() {
    let server = Server::start(&["games/cram.game"]);
    let text = example("cram");
    let moves = server
        .ask("POST", "/api/moves?at=%22...%7C...%22", &text)
        .json();
    let listed = moves["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(listed.len(), 7, "{moves}");
    for m in listed {
        let to = m["to"].as_str().unwrap_or_default();
        let printed = gamelang(&["analyze", "games/cram.game", "--at", to, "--json"]);
        let answer: serde_json::Value = serde_json::from_str(&printed.stdout).expect("JSON");
        assert_eq!(m["value"], answer[0]["grundy"].to_string(), "{m}");
        assert_eq!(m["outcome"], answer[0]["outcome"], "{m}");
    }
    // A partizan position's thermograph is the command's picture.
    let server = Server::start(&["games/domineering.game"]);
    let text = example("domineering");
    let drawn = server.ask(
        "POST",
        "/api/picture?at=%22..%7C..%22&kind=thermograph",
        &text,
    );
    let printed = gamelang(&[
        "analyze",
        "games/domineering.game",
        "--at",
        "\"..|..\"",
        "--thermograph",
    ]);
    assert_eq!(drawn.status, 200);
    assert!(drawn.body.starts_with("<svg"), "{}", drawn.body);
    assert_eq!(drawn.body, printed.stdout);
}

#[test]
fn every_serve_code_is_answered() {
    let server = Server::start(&["games/nim.game"]);
    let text = example("nim");
    let code = |reply: Reply| reply.json()["diagnostics"][0]["code"].clone();
    let huge = "/api/moves?at=%28100000000000000000000%2C%201%29";
    assert_eq!(
        code(server.ask("POST", huge, &text)),
        "gamelang::serve::position"
    );
    let thermograph = "/api/picture?at=%283%2C%204%29&kind=thermograph";
    assert_eq!(
        code(server.ask("POST", thermograph, &text)),
        "gamelang::serve::picture"
    );
    assert_eq!(
        code(server.ask("POST", "/api/picture?at=3", &text)),
        "gamelang::serve::picture"
    );
    assert_eq!(
        code(server.ask("POST", "/api/moves", &text)),
        "gamelang::serve::request"
    );
    assert_eq!(
        code(server.ask("POST", "/api/reply?at=3&side=up", &text)),
        "gamelang::serve::request"
    );
    let without = Server::start(&[]);
    assert_eq!(
        code(without.ask("PUT", "/api/source", &text)),
        "gamelang::serve::save"
    );
    let foreign = server.raw("GET", "/", &["Host: evil.example"], b"");
    assert_eq!(foreign.json()["error"]["code"], "gamelang::serve::host");
}

#[test]
fn a_loopy_partizan_positions_moves_are_valued_and_the_reply_wins() {
    let server = Server::start(&["games/fox_and_geese.game"]);
    let text = example("fox_and_geese");
    let at = encoded(FOX);
    let moves = server
        .ask("POST", &format!("/api/moves?at={at}"), &text)
        .json();
    let listed = moves["moves"].as_array().cloned().unwrap_or_default();
    // The geese's (Left's) winning moves are those `analyze` lists, Left
    // moving first.
    let printed = gamelang(&["analyze", "games/fox_and_geese.game", "--at", FOX, "--json"]);
    let answer: serde_json::Value = serde_json::from_str(&printed.stdout).expect("JSON");
    let mut winning: Vec<String> = (answer[0]["left_first"]["moves"]
        .as_array()
        .into_iter()
        .flatten())
    .filter_map(|m| m["to"].as_str().map(str::to_string))
    .collect();
    let mut shown: Vec<String> = (listed.iter())
        .filter(|m| m["side"] == "left" && m["wins"] == true)
        .filter_map(|m| m["to"].as_str().map(str::to_string))
        .collect();
    winning.sort();
    shown.sort();
    assert!(!winning.is_empty());
    assert_eq!(shown, winning);
    // Each move's outcome is `analyze`'s where it leads.
    for m in listed.iter().take(4) {
        let to = m["to"].as_str().unwrap_or_default();
        let there = gamelang(&["analyze", "games/fox_and_geese.game", "--at", to, "--json"]);
        let there: serde_json::Value = serde_json::from_str(&there.stdout).expect("JSON");
        assert_eq!(m["outcome"], there[0]["outcome"], "{m}");
    }
    // The computer as the geese moves to win.
    let reply = server
        .ask("POST", &format!("/api/reply?at={at}&side=left"), &text)
        .json();
    assert!(
        winning.iter().any(|w| reply["move"]["to"] == w.as_str()),
        "{reply}"
    );
}
