//! The protocol's framing over a byte stream: `Content-Length` headers and
//! a JSON body. A frame whose body is not a JSON-RPC message is answered
//! with the protocol's parse error and reading goes on; only the end of the
//! stream ends it.

use std::io::{BufRead, Write};

use lsp_server::Message;
use serde_json::json;

/// The most a frame may hold: 64 MiB, the largest `.game` file read.
const MAX_FRAME: usize = 64 << 20;

/// What the reader found: a message, or a frame it could not read (the
/// reason, for the parse error sent back).
pub enum Incoming {
    Message(Message),
    Garbled(String),
}

/// Reads the next frame; `None` at the end of the stream.
pub fn read(input: &mut impl BufRead) -> Option<Incoming> {
    let mut length: Option<usize> = None;
    let mut saw_header = false;
    loop {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if saw_header {
                break;
            }
            continue;
        }
        saw_header = true;
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().ok();
        }
    }
    let Some(length) = length else {
        return Some(Incoming::Garbled("a frame without a Content-Length".into()));
    };
    if length > MAX_FRAME {
        // Skipped unread as far as it goes: the stream is lost past here
        // only if it lied about the length.
        let mut left = length;
        let mut buf = [0u8; 8192];
        while left > 0 {
            let n = left.min(buf.len());
            if input.read_exact(&mut buf[..n]).is_err() {
                return None;
            }
            left -= n;
        }
        return Some(Incoming::Garbled(format!(
            "a frame of {length} bytes, more than {MAX_FRAME}"
        )));
    }
    let mut body = vec![0u8; length];
    if input.read_exact(&mut body).is_err() {
        return None;
    }
    Some(match serde_json::from_slice::<Message>(&body) {
        Ok(message) => Incoming::Message(message),
        Err(e) => Incoming::Garbled(e.to_string()),
    })
}

/// Writes one message, framed.
pub fn write(output: &mut impl Write, message: &serde_json::Value) -> std::io::Result<()> {
    let body = message.to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

/// The protocol's answer to a frame that is not a message.
pub fn parse_error(reason: &str) -> serde_json::Value {
    json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": -32700, "message": format!("not a JSON-RPC message: {reason}") },
    })
}
