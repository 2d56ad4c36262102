//! The server's loop: documents kept as the editor sends them, requests
//! answered from them; answers to `analyze` statements found on worker
//! threads, so that no search blocks the editor.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gamelang::Cancel;
use gamelang::Question;
use gamelang::format;
use gamelang::{GameDef, Item, Span};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, InlayHintRequest,
    References, Rename, Request as _, SemanticTokensFullRequest,
};
use lsp_types::*;
use serde_json::{Value, json};

use crate::answers;
use crate::complete::completions;
use crate::diagnostics::diagnostics;
use crate::document::Document;
use crate::guard::{bug, guarded};
use crate::highlight::{legend, semantic_tokens};
use crate::hover;
use crate::outline::outline;
use crate::transport::{self, Incoming};
use gamelang::Symbols;

/// What the server can do, told to the editor at `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions::default()),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// Answers found for a version of a file: each `analyze` statement's
/// (by where it starts) short and long text.
#[derive(Default)]
struct Found {
    version: i32,
    answers: HashMap<usize, (Option<String>, String)>,
}

/// What the workers share with the loop.
#[derive(Clone)]
struct Shared {
    out: Sender<Value>,
    /// Each open file's latest version: a worker whose file changed stops.
    versions: Arc<Mutex<HashMap<String, i32>>>,
    /// Each open file's flag that stops the searches of its current
    /// version, raised when the file changes or closes.
    cancels: Arc<Mutex<HashMap<String, Cancel>>>,
    found: Arc<Mutex<HashMap<String, Found>>>,
    /// The longest one statement's search runs (`answers::TIMEOUT`, or
    /// the editor's `initializationOptions.timeout` in seconds).
    timeout: Duration,
}

impl Shared {
    fn send(&self, message: Message) {
        if let Ok(value) = serde_json::to_value(message) {
            let _ = self.out.send(value);
        }
    }

    fn current(&self, uri: &str, version: i32) -> bool {
        let versions = self.versions.lock().unwrap_or_else(|e| e.into_inner());
        versions.get(uri) == Some(&version)
    }
}

struct Server {
    shared: Shared,
    documents: HashMap<String, Document>,
    shutting_down: bool,
}

/// Serves one editor: reads messages from `input`, writes to `output`,
/// until the stream ends or the editor says `exit`.
pub fn serve(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    let (out, outgoing) = mpsc::channel::<Value>();
    let writer = std::thread::spawn(move || write_all(output, outgoing));
    let (incoming_tx, incoming) = mpsc::channel::<Incoming>();
    std::thread::spawn(move || {
        let mut input = input;
        while let Some(message) = transport::read(&mut input) {
            if incoming_tx.send(message).is_err() {
                break;
            }
        }
    });
    let mut server = Server {
        shared: Shared {
            out,
            versions: Arc::default(),
            cancels: Arc::default(),
            found: Arc::default(),
            timeout: answers::TIMEOUT,
        },
        documents: HashMap::new(),
        shutting_down: false,
    };
    server.run(&incoming);
    drop(server);
    let _ = writer.join();
}

fn write_all(mut output: impl Write, outgoing: Receiver<Value>) {
    for message in outgoing {
        if transport::write(&mut output, &message).is_err() {
            break;
        }
    }
}

impl Server {
    fn run(&mut self, incoming: &Receiver<Incoming>) {
        while let Ok(first) = incoming.recv() {
            // Edits that came together are checked once, at the last.
            let mut batch = vec![first];
            batch.extend(incoming.try_iter());
            let mut changed: Vec<String> = Vec::new();
            for message in batch {
                match message {
                    Incoming::Garbled(reason) => {
                        let _ = self.shared.out.send(transport::parse_error(&reason));
                    }
                    Incoming::Message(Message::Request(request)) => {
                        let (id, method) = (request.id.clone(), request.method.clone());
                        if let Err(message) = guarded(|| self.request(request)) {
                            let what = format!("answering {method}");
                            self.reply_err(id, ErrorCode::InternalError, &bug(&what, &message));
                        }
                    }
                    Incoming::Message(Message::Notification(n)) if n.method == "exit" => return,
                    Incoming::Message(Message::Notification(n)) => {
                        let method = n.method.clone();
                        match guarded(|| self.notification(n)) {
                            Ok(Some(uri)) => {
                                changed.retain(|u| u != &uri);
                                changed.push(uri);
                            }
                            Ok(None) => {}
                            Err(message) => log(&bug(&format!("applying {method}"), &message)),
                        }
                    }
                    Incoming::Message(Message::Response(_)) => {}
                }
            }
            for uri in changed {
                if let Err(message) = guarded(|| self.publish(&uri)) {
                    log(&bug(
                        &format!("publishing the diagnostics of {uri}"),
                        &message,
                    ));
                }
            }
        }
    }

    /// Applies a notification; the file it changed, if any.
    fn notification(&mut self, n: Notification) -> Option<String> {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: DidOpenTextDocumentParams = serde_json::from_value(n.params).ok()?;
                let d = p.text_document;
                Some(self.open(d.uri.as_str(), d.version, d.text))
            }
            DidChangeTextDocument::METHOD => {
                let p: DidChangeTextDocumentParams = serde_json::from_value(n.params).ok()?;
                // Full sync: the last change is the whole text.
                let text = p.content_changes.into_iter().last()?.text;
                let uri = p.text_document.uri.as_str();
                Some(self.open(uri, p.text_document.version, text))
            }
            DidCloseTextDocument::METHOD => {
                let p: DidCloseTextDocumentParams = serde_json::from_value(n.params).ok()?;
                let uri = p.text_document.uri.as_str().to_string();
                self.documents.remove(&uri);
                self.lock_versions().remove(&uri);
                self.replace_cancel(&uri, None);
                self.shared.send(Message::Notification(Notification::new(
                    PublishDiagnostics::METHOD.to_string(),
                    PublishDiagnosticsParams::new(p.text_document.uri, Vec::new(), None),
                )));
                None
            }
            _ => None,
        }
    }

    fn lock_versions(&self) -> std::sync::MutexGuard<'_, HashMap<String, i32>> {
        self.shared
            .versions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps a file's new text: checked at once (the parse and checks are
    /// fast); its answers are found when asked for.
    fn open(&mut self, uri: &str, version: i32, text: String) -> String {
        let name = uri.rsplit('/').next().unwrap_or(uri);
        let document = Document::new(name, version, text);
        self.lock_versions().insert(uri.to_string(), version);
        self.replace_cancel(uri, Some(Cancel::default()));
        self.documents.insert(uri.to_string(), document);
        uri.to_string()
    }

    /// Stops the searches for the file's old version, and keeps `new` for
    /// its new one.
    fn replace_cancel(&self, uri: &str, new: Option<Cancel>) {
        let mut cancels = self
            .shared
            .cancels
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let old = match new {
            Some(new) => cancels.insert(uri.to_string(), new),
            None => cancels.remove(uri),
        };
        if let Some(old) = old {
            old.cancel();
        }
    }

    /// The flag that stops searches for the file's current version.
    fn cancel_of(&self, uri: &str) -> Cancel {
        let cancels = self
            .shared
            .cancels
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        cancels.get(uri).cloned().unwrap_or_default()
    }

    fn publish(&self, uri: &str) {
        let (Some(document), Ok(parsed)) = (self.documents.get(uri), uri.parse::<Uri>()) else {
            return;
        };
        let params = PublishDiagnosticsParams::new(
            parsed.clone(),
            diagnostics(&parsed, document),
            Some(document.version),
        );
        self.shared.send(Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.to_string(),
            params,
        )));
    }

    fn request(&mut self, request: Request) {
        let id = request.id.clone();
        if self.shutting_down && request.method != "shutdown" {
            return self.reply_err(id, ErrorCode::InvalidRequest, "the server is shutting down");
        }
        let result = match request.method.as_str() {
            "initialize" => {
                let asked = &request.params["initializationOptions"]["timeout"];
                if let Some(seconds) = asked.as_f64().filter(|s| s.is_finite() && *s > 0.0) {
                    self.shared.timeout = Duration::from_secs_f64(seconds.min(86_400.0));
                }
                Ok(json!({
                "capabilities": capabilities(),
                "serverInfo": { "name": "gamelang", "version": env!("CARGO_PKG_VERSION") },
                }))
            }
            "shutdown" => {
                self.shutting_down = true;
                Ok(Value::Null)
            }
            HoverRequest::METHOD => return self.hover(request),
            InlayHintRequest::METHOD => return self.inlay_hints(request),
            Completion::METHOD => self.with(&request, |s, p: CompletionParams| {
                let at = p.text_document_position;
                let (document, offset) = s.at(&at)?;
                Some(json!(completions(document, offset)))
            }),
            GotoDefinition::METHOD => self.with(&request, |s, p: GotoDefinitionParams| {
                let at = p.text_document_position_params;
                let (document, offset) = s.at(&at)?;
                let names = Symbols::new(&document.text, &document.tree);
                let symbol = &names.at(offset)?.symbol;
                let def = names.definition(symbol)?;
                let location = Location::new(
                    at.text_document.uri.clone(),
                    document.range(def.start, def.end),
                );
                Some(json!(location))
            }),
            References::METHOD => self.with(&request, |s, p: ReferenceParams| {
                let at = p.text_document_position;
                let (document, offset) = s.at(&at)?;
                let names = Symbols::new(&document.text, &document.tree);
                let symbol = &names.at(offset)?.symbol;
                let places: Vec<Location> = (names.of(symbol))
                    .filter(|o| p.context.include_declaration || !o.defines)
                    .map(|o| {
                        let range = document.range(o.start, o.end);
                        Location::new(at.text_document.uri.clone(), range)
                    })
                    .collect();
                Some(json!(places))
            }),
            Rename::METHOD => return self.rename(request),
            DocumentSymbolRequest::METHOD => self.with(&request, |s, p: DocumentSymbolParams| {
                let document = s.documents.get(p.text_document.uri.as_str())?;
                Some(json!(outline(document)))
            }),
            Formatting::METHOD => self.with(&request, |s, p: DocumentFormattingParams| {
                let document = s.documents.get(p.text_document.uri.as_str())?;
                // A file not checked, or with a syntax error, is left as it is.
                if document.refused.is_some() {
                    return None;
                }
                let formatted = format(&document.text).ok()?;
                if formatted == document.text {
                    return Some(json!([]));
                }
                let range = document.range(0, document.text.len());
                Some(json!([TextEdit::new(range, formatted)]))
            }),
            SemanticTokensFullRequest::METHOD => {
                self.with(&request, |s, p: SemanticTokensParams| {
                    let document = s.documents.get(p.text_document.uri.as_str())?;
                    if document.refused.is_some() {
                        return None;
                    }
                    let names = Symbols::new(&document.text, &document.tree);
                    let data = semantic_tokens(document, &names);
                    Some(json!(SemanticTokens {
                        result_id: None,
                        data
                    }))
                })
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("no method {}", request.method),
            )),
        };
        match result {
            Ok(value) => self
                .shared
                .send(Message::Response(Response::new_ok(id, value))),
            Err((code, message)) => self.reply_err(id, code, &message),
        }
    }

    fn reply_err(&self, id: RequestId, code: ErrorCode, message: &str) {
        let response = Response::new_err(id, code as i32, message.to_string());
        self.shared.send(Message::Response(response));
    }

    /// Answers a request with params `P` by `answer`: `null` where it has
    /// nothing; the protocol's error where the params are not `P`.
    fn with<P: serde::de::DeserializeOwned>(
        &self,
        request: &Request,
        answer: impl FnOnce(&Self, P) -> Option<Value>,
    ) -> Result<Value, (ErrorCode, String)> {
        let params: P = serde_json::from_value(request.params.clone())
            .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
        Ok(answer(self, params).unwrap_or(Value::Null))
    }

    /// The document and byte offset of a protocol position.
    fn at(&self, at: &TextDocumentPositionParams) -> Option<(&Document, usize)> {
        let document = self.documents.get(at.text_document.uri.as_str())?;
        Some((document, document.offset(at.position)))
    }

    fn params<P: serde::de::DeserializeOwned>(&self, request: &Request) -> Option<P> {
        match serde_json::from_value(request.params.clone()) {
            Ok(p) => Some(p),
            Err(e) => {
                self.reply_err(request.id.clone(), ErrorCode::InvalidParams, &e.to_string());
                None
            }
        }
    }

    fn rename(&self, request: Request) {
        let Some(p) = self.params::<RenameParams>(&request) else {
            return;
        };
        let at = p.text_document_position;
        let new = p.new_name.trim();
        let valid = new
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && new.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !gamelang::RESERVED.contains(&new);
        if !valid {
            let message = format!(
                "`{new}` is not a name: a letter or `_`, then letters, digits and `_`, not a reserved word"
            );
            return self.reply_err(request.id, ErrorCode::InvalidParams, &message);
        }
        let edit = self.at(&at).and_then(|(document, offset)| {
            let names = Symbols::new(&document.text, &document.tree);
            let symbol = &names.at(offset)?.symbol;
            let edits: Vec<TextEdit> = (names.of(symbol))
                .map(|o| TextEdit::new(document.range(o.start, o.end), new.to_string()))
                .collect();
            // `WorkspaceEdit::changes` is keyed by `Uri`, which clippy takes
            // for a mutable key: the JSON is written out instead.
            Some(json!({ "changes": { at.text_document.uri.as_str(): edits } }))
        });
        let value = edit.unwrap_or(Value::Null);
        self.shared
            .send(Message::Response(Response::new_ok(request.id, value)));
    }

    /// Hover: on an `analyze` statement its answer (found on a worker), on
    /// a name what it names, on a keyword one line about it.
    fn hover(&self, request: Request) {
        let Some(p) = self.params::<HoverParams>(&request) else {
            return;
        };
        let at = p.text_document_position_params;
        let Some((document, offset)) = self.at(&at) else {
            return self
                .shared
                .send(Message::Response(Response::new_ok(request.id, Value::Null)));
        };
        let uri = at.text_document.uri.as_str().to_string();
        let contents = |text: String| {
            json!(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: text,
                }),
                range: None,
            })
        };
        let asked = statements(&document.program.questions)
            .find(|(_, s)| s.offset() <= offset && offset <= s.offset() + s.len());
        if let Some((questions, span)) = asked {
            let (shared, version, start) = (self.shared.clone(), document.version, span.offset());
            let questions = questions.to_vec();
            let id = request.id;
            let cancel = self.cancel_of(&uri);
            worker(move || {
                let long = guarded(|| match shared.cached(&uri, version, start) {
                    Some((_, long)) => long,
                    None => {
                        let found = answers::found(
                            &mut answers::analyzer(&cancel, shared.timeout),
                            &questions,
                        );
                        shared.keep(&uri, version, start, found.clone());
                        found.1
                    }
                });
                match long {
                    Ok(long) => shared.reply_if_current(&uri, version, id, contents(long)),
                    Err(message) => shared.reply_bug(id, "answering a hover", &message),
                }
            });
            return;
        }
        let names = Symbols::new(&document.text, &document.tree);
        let games: Vec<&GameDef> = (document.tree.items.iter())
            .filter_map(|i| match i {
                Item::Game(g) => Some(g),
                Item::Analyze(_) => None,
            })
            .collect();
        let text = match names.at(offset) {
            Some(o) => hover::symbol(&document.program, &games, &o.symbol),
            None => word_at(&document.text, offset)
                .and_then(hover::keyword)
                .map(str::to_string),
        };
        let value = text.map_or(Value::Null, contents);
        self.shared
            .send(Message::Response(Response::new_ok(request.id, value)));
    }

    /// Inlay hints: `N · g = 3` after each `analyze` statement, found on a
    /// worker (the statements one by one, stopping if the file changes).
    fn inlay_hints(&self, request: Request) {
        let Some(p) = self.params::<InlayHintParams>(&request) else {
            return;
        };
        let uri = p.text_document.uri.as_str().to_string();
        let Some(document) = self.documents.get(&uri) else {
            return self
                .shared
                .send(Message::Response(Response::new_ok(request.id, Value::Null)));
        };
        let asked: Vec<(Vec<Question>, Position, usize)> = statements(&document.program.questions)
            .filter_map(|(questions, span)| {
                let end = document
                    .range(span.offset(), span.offset() + span.len())
                    .end;
                let inside = p.range.start <= end && end <= p.range.end;
                inside.then(|| (questions.to_vec(), end, span.offset()))
            })
            .collect();
        let (shared, version, id) = (self.shared.clone(), document.version, request.id);
        let cancel = self.cancel_of(&uri);
        worker(
            move || match guarded(|| inlay_hints(&shared, &uri, version, &cancel, asked)) {
                Ok(hints) => shared.reply_if_current(&uri, version, id, json!(hints)),
                Err(message) => shared.reply_bug(id, "finding inlay hints", &message),
            },
        );
    }
}

/// The stack of a worker that answers questions: the library's deep
/// recursions grow their own stack, and its walks of a file's syntax are
/// bounded by the parser's limits (100 levels of nesting, 1,000 operators
/// in an expression), which this holds many times over. Reserved, not
/// resident: only what is used is memory.
const WORKER_STACK: usize = 64 << 20;

/// Runs `f` on a thread of its own, with `WORKER_STACK` of stack.
fn worker(f: impl FnOnce() + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("gamelang-worker".into())
        .stack_size(WORKER_STACK)
        .spawn(f);
    if let Err(e) = spawned {
        eprintln!("gamelang lsp: a worker could not be started: {e}");
    }
}

/// The questions of each `analyze` statement, with where it is written
/// (a statement may ask many positions).
fn statements(questions: &[Question]) -> impl Iterator<Item = (&[Question], Span)> {
    (questions.chunk_by(|a, b| a.asked == b.asked))
        .filter_map(|asked| asked.first()?.asked.map(|span| (asked, span)))
}

/// The hints of `asked` (each statement's questions, where it ends, where
/// it starts), until the file changes.
fn inlay_hints(
    shared: &Shared,
    uri: &str,
    version: i32,
    cancel: &Cancel,
    asked: Vec<(Vec<Question>, Position, usize)>,
) -> Vec<InlayHint> {
    let mut analyzer = answers::analyzer(cancel, shared.timeout);
    let mut hints = Vec::new();
    for (questions, end, start) in asked {
        if !shared.current(uri, version) {
            break;
        }
        let short = match shared.cached(uri, version, start) {
            Some((short, _)) => short,
            None => {
                let found = answers::found(&mut analyzer, &questions);
                shared.keep(uri, version, start, found.clone());
                found.0
            }
        };
        if let Some(label) = short {
            hints.push(InlayHint {
                position: end,
                label: InlayHintLabel::String(format!("  {label}")),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            });
        }
    }
    hints
}

impl Shared {
    fn cached(&self, uri: &str, version: i32, start: usize) -> Option<(Option<String>, String)> {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        let f = found.get(uri).filter(|f| f.version == version)?;
        f.answers.get(&start).cloned()
    }

    fn keep(&self, uri: &str, version: i32, start: usize, answer: (Option<String>, String)) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        let f = found.entry(uri.to_string()).or_default();
        if f.version != version {
            *f = Found {
                version,
                answers: HashMap::new(),
            };
        }
        f.answers.insert(start, answer);
    }

    /// Answers `id` with the internal error of a bug met while `what`.
    fn reply_bug(&self, id: RequestId, what: &str, message: &str) {
        let response = Response::new_err(id, ErrorCode::InternalError as i32, bug(what, message));
        self.send(Message::Response(response));
    }

    /// Sends `value` as the answer to `id`, or, if the file changed since,
    /// the protocol's "content modified" error.
    fn reply_if_current(&self, uri: &str, version: i32, id: RequestId, value: Value) {
        let response = match self.current(uri, version) {
            true => Response::new_ok(id, value),
            false => Response::new_err(
                id,
                ErrorCode::ContentModified as i32,
                "the file changed".to_string(),
            ),
        };
        self.send(Message::Response(response));
    }
}

/// Writes `line` to the server's log (standard error, which the editor
/// keeps).
fn log(line: &str) {
    eprintln!("gamelang lsp: {line}");
}

/// The word at byte `offset`, if any.
fn word_at(text: &str, offset: usize) -> Option<&str> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let offset = offset.min(text.len());
    if !text.is_char_boundary(offset) {
        return None;
    }
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = text[offset..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| offset + i);
    (start < end).then(|| &text[start..end])
}
