//! The server's routes: the page (embedded), and the API the page calls
//! (docs/EXPLORER.md). Each question runs on a blocking thread of its own,
//! under the id the page gave it (`job`), within the server's limits; a
//! request the server cannot answer gets its diagnostics, never a dead
//! server.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::super::ColorChoice;
use super::super::analyze;
use super::super::error::CliError;
use super::super::input::read_source;
use super::super::output::{Output, json_array};
use super::Shared;
use super::explore::{self, Refusal, Spot, TableAsked};
use super::guard::{Allowed, admit};

/// The page, its script and its style, built into the binary.
const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// The game the page starts with when the server has no file.
const EXAMPLE: &str = include_str!("../../../../games/domineering.game");

/// The name the example goes by.
const EXAMPLE_NAME: &str = "example.game";

/// What the page may load besides itself: nothing from elsewhere.
const CONTENT_POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'";

type Params = Query<HashMap<String, String>>;

pub fn router(shared: Arc<Shared>, allowed: Allowed) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(PAGE, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/source", get(source).put(save))
        .route("/api/check", post(check))
        .route("/api/analyze", get(analyze_file).post(analyze_text))
        .route("/api/moves", post(moves))
        .route("/api/reply", post(reply))
        .route("/api/table", post(table))
        .route("/api/picture", post(picture))
        .route("/api/progress", get(progress))
        .route("/api/cancel", post(cancel))
        .layer(DefaultBodyLimit::max(gamelang::MAX_BYTES))
        .layer(axum::middleware::from_fn_with_state(allowed, admit))
        .with_state(shared)
}

fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, CONTENT_POLICY),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// A JSON answer.
fn answer(json: Value) -> Response {
    (StatusCode::OK, axum::Json(json)).into_response()
}

/// No answer: its status, and the diagnostics that say why, as `--json`
/// gives them.
struct Refused {
    status: StatusCode,
    diagnostics: Refusal,
}

impl Refused {
    /// A question with no answer (422).
    fn unanswered(diagnostics: Refusal) -> Refused {
        Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            diagnostics,
        }
    }

    /// One of the command's own errors, with its status.
    fn error(status: StatusCode, error: &CliError) -> Refused {
        Refused {
            status,
            diagnostics: vec![gamelang::diagnostic_json(error)],
        }
    }

    /// A request that lacks what it needs (400).
    fn bad_request(error: &CliError) -> Refused {
        Refused::error(StatusCode::BAD_REQUEST, error)
    }

    /// A bug: work that ended in a panic (500).
    fn bug(what: &str, e: tokio::task::JoinError) -> Refused {
        let message = format!("{what} ended: {e}");
        Refused::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &CliError::Internal { message },
        )
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let body = json!({ "diagnostics": self.diagnostics });
        (self.status, axum::Json(body)).into_response()
    }
}

/// What a request's work comes to.
type Answered = Result<Response, Refused>;

/// Runs `work` on a blocking thread, as the job the request names, within
/// the server's limits: a panic (a bug) is answered as one, coded, and the
/// server goes on.
async fn blocking(
    shared: Arc<Shared>,
    params: HashMap<String, String>,
    work: impl FnOnce(&Shared, &HashMap<String, String>, &gamelang::SearchOptions) -> Answered
    + Send
    + 'static,
) -> Response {
    let ran = tokio::task::spawn_blocking(move || {
        let job = shared.jobs.start(params.get("job").map(String::as_str));
        let search = gamelang::SearchOptions {
            cancel: Some(job.cancel.clone()),
            progress: job.progress.clone(),
            ..shared.search.clone()
        };
        work(&shared, &params, &search)
    })
    .await;
    match ran {
        Ok(Ok(response)) => response,
        Ok(Err(refused)) => refused.into_response(),
        Err(e) => Refused::bug("a request's work", e).into_response(),
    }
}

/// A parameter the request must have.
fn param<'a>(params: &'a HashMap<String, String>, name: &'static str) -> Result<&'a str, Refused> {
    params
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| Refused::bad_request(&CliError::MissingParameter { name }))
}

/// The file's text as it is on disk now (the example where there is none).
fn file_source(shared: &Shared) -> Result<gamelang::Source, Refused> {
    match &shared.file {
        Some(path) => read_source(path).map_err(|e| Refused::bad_request(&e)),
        None => Ok(gamelang::Source::new(EXAMPLE_NAME, EXAMPLE)),
    }
}

/// The page's text, named as the file is.
fn sent_source(shared: &Shared, text: String) -> gamelang::Source {
    gamelang::Source::new(shared.file.as_deref().unwrap_or(EXAMPLE_NAME), text)
}

async fn source(State(shared): State<Arc<Shared>>) -> Response {
    let read = tokio::task::spawn_blocking(move || {
        let source = file_source(&shared)?;
        Ok(answer(json!({
            "path": source.name(),
            "text": source.text(),
            "saves": shared.file.is_some(),
        })))
    });
    match read.await {
        Ok(answered) => answered.unwrap_or_else(Refused::into_response),
        Err(e) => Refused::bug("reading the file", e).into_response(),
    }
}

/// Saves the page's text to the file the server was started with (the
/// only file it writes).
async fn save(State(shared): State<Arc<Shared>>, text: String) -> Response {
    let Some(path) = shared.file.clone() else {
        return Refused::error(StatusCode::CONFLICT, &CliError::NoFile).into_response();
    };
    let written = tokio::task::spawn_blocking(move || {
        std::fs::write(&path, text)
            .map(|()| answer(json!({ "saved": path })))
            .map_err(|reason| {
                let error = CliError::Unwritable { path, reason };
                Refused::error(StatusCode::INTERNAL_SERVER_ERROR, &error)
            })
    });
    match written.await {
        Ok(answered) => answered.unwrap_or_else(Refused::into_response),
        Err(e) => Refused::bug("saving", e).into_response(),
    }
}

async fn check(State(shared): State<Arc<Shared>>, Query(params): Params, text: String) -> Response {
    blocking(shared, params, move |shared, _, _| {
        Ok(answer(explore::check(&sent_source(shared, text))))
    })
    .await
}

/// `GET /api/analyze?game=NAME&at=POSITION`: what `gamelang analyze FILE
/// --game NAME --at POSITION --json` prints, of the file as it is on disk.
async fn analyze_file(State(shared): State<Arc<Shared>>, Query(params): Params) -> Response {
    blocking(shared, params, move |shared, asked, search| {
        analyze_json(shared, &file_source(shared)?, asked, search)
    })
    .await
}

/// `POST /api/analyze`: the same, of the page's text (sent unsaved).
async fn analyze_text(
    State(shared): State<Arc<Shared>>,
    Query(params): Params,
    text: String,
) -> Response {
    blocking(shared, params, move |shared, asked, search| {
        analyze_json(shared, &sent_source(shared, text), asked, search)
    })
    .await
}

/// The command's own JSON: what it prints on stdout; on failure, status
/// 422 and the diagnostics it prints on stderr.
fn analyze_json(
    shared: &Shared,
    source: &gamelang::Source,
    params: &HashMap<String, String>,
    search: &gamelang::SearchOptions,
) -> Answered {
    let at = param(params, "at")?;
    let game = params.get("game").map(String::as_str);
    let mut output = Output::new(ColorChoice::Never, true, shared.analyze_options.clone());
    let (printed, failed) = analyze::json_at(source, game, at, search.clone(), &mut output);
    let (status, body) = match failed {
        false => (StatusCode::OK, printed),
        true => (
            StatusCode::UNPROCESSABLE_ENTITY,
            json_array(output.take_gathered()),
        ),
    };
    Ok((status, [(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The position `game`/`at` of the page's text.
fn spot(shared: &Shared, params: &HashMap<String, String>, text: String) -> Result<Spot, Refused> {
    let at = param(params, "at")?;
    let game = params.get("game").map(String::as_str);
    Spot::read(&sent_source(shared, text), game, at).map_err(Refused::unanswered)
}

async fn moves(State(shared): State<Arc<Shared>>, Query(params): Params, text: String) -> Response {
    blocking(shared, params, move |shared, asked, search| {
        let spot = spot(shared, asked, text)?;
        explore::moves(&spot, search)
            .map(answer)
            .map_err(Refused::unanswered)
    })
    .await
}

async fn reply(State(shared): State<Arc<Shared>>, Query(params): Params, text: String) -> Response {
    blocking(shared, params, move |shared, asked, search| {
        let side = match asked.get("side") {
            Some(name) => explore::side_named(name).ok_or_else(|| {
                Refused::bad_request(&CliError::MissingParameter { name: "side" })
            })?,
            None => gamelang::Side::Left,
        };
        let spot = spot(shared, asked, text)?;
        explore::reply(&spot, side, search)
            .map(answer)
            .map_err(Refused::unanswered)
    })
    .await
}

async fn table(State(shared): State<Arc<Shared>>, Query(params): Params, text: String) -> Response {
    blocking(shared, params, move |shared, asked, search| {
        let number = |name: &'static str| -> Result<u64, Refused> {
            (param(asked, name)?.trim().parse())
                .map_err(|_| Refused::bad_request(&CliError::MissingParameter { name }))
        };
        let table_asked =
            match asked.get("upto") {
                Some(upto) => TableAsked::Upto(upto.trim().parse().map_err(|_| {
                    Refused::bad_request(&CliError::MissingParameter { name: "upto" })
                })?),
                None => TableAsked::Boards {
                    rows: (1, number("rows")?),
                    cols: (1, number("cols")?),
                },
            };
        let source = sent_source(shared, text);
        let game = asked.get("game").map(String::as_str);
        (explore::table(&source, game, &table_asked, search))
            .map(answer)
            .map_err(Refused::unanswered)
    })
    .await
}

async fn picture(
    State(shared): State<Arc<Shared>>,
    Query(params): Params,
    text: String,
) -> Response {
    blocking(shared, params, move |shared, asked, search| {
        let kind = asked.get("kind").map_or("board", String::as_str);
        let spot = spot(shared, asked, text)?;
        let svg = explore::picture(&spot, kind, search).map_err(Refused::unanswered)?;
        Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
    })
    .await
}

/// How far job `job` has got: the positions its search has evaluated
/// (`null` once it has ended, or for an id never given).
async fn progress(State(shared): State<Arc<Shared>>, Query(params): Params) -> Response {
    let positions = params.get("job").and_then(|id| shared.jobs.progress(id));
    answer(json!({ "positions": positions }))
}

/// Stops job `job` as its timeout would.
async fn cancel(State(shared): State<Arc<Shared>>, Query(params): Params) -> Response {
    let cancelled = params.get("job").is_some_and(|id| shared.jobs.cancel(id));
    answer(json!({ "cancelled": cancelled }))
}
