//! HTTP hygiene shared by every route: the strict JSON body reader, security
//! headers, the CORS policy and JSON bodies on every error status.

use axum::body::{to_bytes, Body};
use axum::extract::{FromRequest, Request};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

use crate::AppState;

/// A request body read as JSON, strictly: content type `application/json`
/// (charset absent or UTF-8), within the size limit and the body timeout,
/// and a JSON object (serde would read `[]` as a struct of defaults).
/// `len` is the body's size, which tells a cheap request from a big one
/// before parsing the puzzle.
pub(crate) struct JsonBody<T> {
    pub value: T,
    pub len: usize,
}

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        check_content_type(req.headers())
            .map_err(|m| error(StatusCode::UNSUPPORTED_MEDIA_TYPE, m))?;
        let limit = state.config.max_body;
        let read =
            tokio::time::timeout(state.config.body_timeout, to_bytes(req.into_body(), limit)).await;
        let bytes = match read {
            Err(_) => {
                return Err(error(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} s",
                        state.config.body_timeout.as_secs_f64()
                    ),
                ))
            }
            Ok(Err(e)) if is_too_large(&e) => {
                return Err(error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("request body too large: the limit is {limit} bytes"),
                ))
            }
            Ok(Err(_)) => {
                return Err(error(
                    StatusCode::BAD_REQUEST,
                    "the request body could not be read",
                ))
            }
            Ok(Ok(b)) => b,
        };
        let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| {
            error(
                StatusCode::BAD_REQUEST,
                format!("bad request body: not JSON ({e})"),
            )
        })?;
        if !value.is_object() {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "bad request body: expected a JSON object such as {\"puzzle\": \"...\"}",
            ));
        }
        let value = serde_json::from_value(value).map_err(|e| {
            error(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("bad request body: {e}"),
            )
        })?;
        Ok(JsonBody {
            value,
            len: bytes.len(),
        })
    }
}

fn check_content_type(headers: &axum::http::HeaderMap) -> Result<(), String> {
    let wanted = "content type must be application/json (UTF-8)";
    let Some(ct) = headers.get(header::CONTENT_TYPE) else {
        return Err(format!("{wanted}; the request has none"));
    };
    let ct = ct.to_str().map_err(|_| wanted.to_string())?;
    let mut parts = ct.split(';').map(str::trim);
    let essence = parts.next().unwrap_or("");
    if !essence.eq_ignore_ascii_case("application/json") {
        return Err(format!("{wanted}, not {essence:?}"));
    }
    for p in parts.filter(|p| !p.is_empty()) {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        let v = v.trim_matches('"');
        if !(k.trim().eq_ignore_ascii_case("charset") && v.eq_ignore_ascii_case("utf-8")) {
            return Err(format!("{wanted}, not with {p:?}"));
        }
    }
    Ok(())
}

fn is_too_large(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = s.source();
    }
    false
}

/// A JSON error answer.
pub(crate) fn error(status: StatusCode, msg: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": msg.into() }))).into_response()
}

/// The page may use only its own scripts (and WebAssembly), styles and
/// workers, and nobody may frame it.
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self' blob:; \
    connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// Security headers on every answer, CORS on the API, and a JSON body on
/// every error status that has none (405, 404 of the router, 408, ...).
///
/// CORS: the API is a stateless calculator with no cookies or accounts, so
/// any origin may call it (what a page elsewhere could do through its own
/// server anyway); no credentials are ever allowed. The page itself is not
/// shared across origins.
pub(crate) async fn hygiene(req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let origin = req.headers().get(header::ORIGIN).cloned();
    if api && req.method() == Method::OPTIONS && origin.is_some() {
        let mut res = StatusCode::NO_CONTENT.into_response();
        cors(&mut res, true);
        security(&mut res);
        return res;
    }
    let mut res = next.run(req).await;
    if (res.status().is_client_error() || res.status().is_server_error()) && !is_json(&res) {
        let status = res.status();
        let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
        let mut json = error(status, reason);
        for (k, v) in res.headers() {
            if k != header::CONTENT_TYPE && k != header::CONTENT_LENGTH {
                json.headers_mut().insert(k.clone(), v.clone());
            }
        }
        res = json;
    }
    if api {
        if origin.is_some() {
            cors(&mut res, false);
        }
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    security(&mut res);
    res
}

fn is_json(res: &Response) -> bool {
    res.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

fn security(res: &mut Response<Body>) {
    let h = res.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, k: HeaderName, v: &'static str| {
        h.entry(k).or_insert(HeaderValue::from_static(v));
    };
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::CONTENT_SECURITY_POLICY, CSP);
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::REFERRER_POLICY, "no-referrer");
    set(
        h,
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
}

fn cors(res: &mut Response<Body>, preflight: bool) {
    let h = res.headers_mut();
    h.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    if preflight {
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, POST"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type"),
        );
        h.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("86400"),
        );
    }
}

/// The connection's stream, giving JSON bodies to the answers hyper writes
/// by itself when a request cannot be parsed (bad request line, duplicate
/// `Content-Length`, too many headers, too long a URI): hyper sends those
/// with an empty body and offers no hook, so the wrapper recognises them on
/// the way out (an error status with `content-length: 0`, which the app's
/// own answers never have: every error of ours carries a JSON body) and
/// writes the JSON answer in their place.
pub(crate) struct JsonErrors<S> {
    inner: S,
    /// The replacement being written, and how many bytes of hyper's answer
    /// it stands for.
    pending: Option<(Vec<u8>, usize)>,
}

impl<S> JsonErrors<S> {
    pub(crate) fn new(inner: S) -> Self {
        JsonErrors {
            inner,
            pending: None,
        }
    }
}

/// The JSON answer for hyper's own error answer `head`, if it is one.
fn json_error_answer(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let rest = text.strip_prefix("HTTP/1.1 ")?;
    let status: u16 = rest.get(..3)?.parse().ok()?;
    let lower = text.to_ascii_lowercase();
    if !(400..600).contains(&status)
        || !text.ends_with("\r\n\r\n")
        || !lower.contains("\r\ncontent-length: 0\r\n")
    {
        return None;
    }
    let message = match status {
        400 => {
            "malformed request: the request line or a header could not be read \
                (a duplicate or bad Content-Length, a bad header name or value, ...)"
        }
        414 => "the request's URI is too long",
        431 => "the request's headers are too many or too large",
        _ => "the request could not be read",
    };
    let body = json!({ "error": message }).to_string();
    let mut out = String::new();
    for line in text.trim_end().split("\r\n") {
        let l = line.to_ascii_lowercase();
        if !l.starts_with("content-length:") && !l.starts_with("connection:") {
            out.push_str(line);
            out.push_str("\r\n");
        }
    }
    out.push_str("content-type: application/json\r\n");
    out.push_str("x-content-type-options: nosniff\r\n");
    out.push_str("connection: close\r\n");
    out.push_str(&format!("content-length: {}\r\n\r\n{body}", body.len()));
    Some(out.into_bytes())
}

impl<S: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for JsonErrors<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for JsonErrors<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        use std::task::Poll;
        // hyper's own error answers are a bare head, a few hundred bytes.
        if self.pending.is_none() && buf.len() < 1024 && buf.starts_with(b"HTTP/1.1 ") {
            if let Some(answer) = json_error_answer(buf) {
                self.pending = Some((answer, buf.len()));
            }
        }
        let this = &mut *self;
        let Some((answer, stands_for)) = &mut this.pending else {
            return std::pin::Pin::new(&mut this.inner).poll_write(cx, buf);
        };
        // hyper retries with the same bytes until they are reported written.
        while !answer.is_empty() {
            match std::pin::Pin::new(&mut this.inner).poll_write(cx, answer) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Ok(0)),
                Poll::Ready(Ok(k)) => {
                    answer.drain(..k);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        let n = *stands_for;
        this.pending = None;
        Poll::Ready(Ok(n))
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // Not vectored: hyper then writes each answer's head in one piece
    // (with the body after it in the same buffer), which is what the check
    // above needs.
}

#[cfg(test)]
mod tests {
    use super::json_error_answer;

    #[test]
    fn hypers_bare_error_answers_get_a_json_body() {
        let head = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(json_error_answer(head).unwrap()).unwrap();
        let (h, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(h.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{h}");
        assert!(h.contains("content-type: application/json"), "{h}");
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(v["error"].as_str().unwrap().contains("malformed request"));
        assert!(
            h.contains(&format!("content-length: {}", body.len())),
            "{h}"
        );
        // Answers of the app itself are left alone.
        assert!(json_error_answer(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(
            json_error_answer(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 9\r\n\r\n").is_none()
        );
    }
}
