//! Who may ask: a request whose Host (or Origin, where the browser sends
//! one) is not the server's own is refused, so that a page of another site
//! cannot reach the server through a name of its own that resolves to this
//! machine (DNS rebinding), nor post to it from its own pages.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The server's address as a URL writes it: `127.0.0.1:8080`, `[::1]:8080`.
pub fn authority(address: SocketAddr) -> String {
    match address {
        SocketAddr::V4(a) => format!("{}:{}", a.ip(), a.port()),
        SocketAddr::V6(a) => format!("[{}]:{}", a.ip(), a.port()),
    }
}

/// The Host headers the server answers: its address, and on loopback the
/// names of loopback.
#[derive(Clone, Debug)]
pub struct Allowed(Arc<Vec<String>>);

impl Allowed {
    pub fn new(bound: SocketAddr) -> Allowed {
        let port = bound.port();
        let mut hosts = vec![authority(bound)];
        if bound.ip().is_loopback() {
            hosts.extend([
                format!("localhost:{port}"),
                format!("127.0.0.1:{port}"),
                format!("[::1]:{port}"),
            ]);
        }
        hosts.dedup();
        Allowed(Arc::new(hosts))
    }

    /// Whether `headers` name this server: a Host of its own, and an
    /// Origin (where there is one) of its own over `http`.
    fn admits(&self, headers: &HeaderMap) -> bool {
        let own = |host: &str| self.0.iter().any(|h| h.eq_ignore_ascii_case(host));
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let origin_is_own = match headers.get(header::ORIGIN) {
            None => true,
            Some(origin) => (origin.to_str().ok())
                .and_then(|o| o.strip_prefix("http://"))
                .is_some_and(own),
        };
        host.is_some_and(own) && origin_is_own
    }
}

/// Refuses a request that does not name this server (403, as JSON).
pub async fn admit(State(allowed): State<Allowed>, request: Request, next: Next) -> Response {
    if allowed.admits(request.headers()) {
        return next.run(request).await;
    }
    let refusal = serde_json::json!({
        "error": {
            "code": "gamelang::serve::host",
            "message": "this server answers requests addressed to it alone: the Host (and Origin) must be its own address",
            "help": format!("open one of {}", allowed.0.iter().map(|h| format!("http://{h}/")).collect::<Vec<_>>().join(", ")),
        }
    });
    (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response()
}
