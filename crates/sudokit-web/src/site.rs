//! The page: the web app's static files.
//!
//! Three sources, chosen by [`Config`](crate::Config):
//! - a built folder on disk ([`Config::site`](crate::Config::site),
//!   `scripts/build-site.sh DIR`): the engine runs in the browser;
//! - the built site compiled into the binary (`build.rs`, when
//!   `scripts/build-site.sh` ran before the crate was built): the same, with
//!   no files needed beside the binary — the default;
//! - the site's own sources (`crates/sudokit-web/site/`), compiled in: no
//!   `.wasm` among them, so the page's worker answers through this server's
//!   JSON API (`engine.json` says `{"engine":"http"}`). Used when no built
//!   site was compiled in, or with
//!   [`Config::server_engine`](crate::Config::server_engine).
//!
//! Every file is sent pre-compressed when a `.br` or `.gz` copy of it exists
//! (the build writes them) and the browser accepts it; other answers are
//! compressed on the fly by the router's compression layer. Files whose name
//! holds a content hash (`app.1a2b3c4d5e.js`) may be kept by browsers for
//! good (`immutable`); the entry page and the service worker are revalidated
//! on every load (`no-cache`, with an `ETag` so an unchanged one costs a 304).

use std::borrow::Cow;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Component, Path};
use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::{api, AppState};

include!(concat!(env!("OUT_DIR"), "/built_site.rs"));

/// The page's sources, compiled in: name and bytes.
const SOURCES: &[(&str, &[u8])] = &[
    ("index.html", include_bytes!("../site/index.html")),
    ("app.css", include_bytes!("../site/app.css")),
    ("app/state.js", include_bytes!("../site/app/state.js")),
    ("app/engine.js", include_bytes!("../site/app/engine.js")),
    ("app/board.js", include_bytes!("../site/app/board.js")),
    ("app/play.js", include_bytes!("../site/app/play.js")),
    ("app/link.js", include_bytes!("../site/app/link.js")),
    ("app/daily.js", include_bytes!("../site/app/daily.js")),
    ("app/controls.js", include_bytes!("../site/app/controls.js")),
    ("app/main.js", include_bytes!("../site/app/main.js")),
    ("worker.js", include_bytes!("../site/worker.js")),
    ("sw.js", include_bytes!("../site/sw.js")),
    (
        "manifest.webmanifest",
        include_bytes!("../site/manifest.webmanifest"),
    ),
    ("icon.svg", include_bytes!("../site/icon.svg")),
    ("icon-192.png", include_bytes!("../site/icon-192.png")),
    ("icon-512.png", include_bytes!("../site/icon-512.png")),
];

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// Whether this binary holds the built web app (the engine as
/// WebAssembly), which `serve` then offers by default.
pub fn offline_app_compiled_in() -> bool {
    !BUILT.is_empty()
}

/// The sources' service worker with its cache version set to a hash of the
/// compiled-in files, so a new binary replaces the players' offline copy
/// (the build script does the same for a built site).
static SERVICE_WORKER: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mut h = DefaultHasher::new();
    for (name, bytes) in SOURCES {
        name.hash(&mut h);
        bytes.hash(&mut h);
    }
    let sw = String::from_utf8_lossy(lookup(SOURCES, "sw.js").unwrap_or_default());
    sw.replacen(
        "const VERSION = \"dev\";",
        &format!(
            "const VERSION = \"embedded-{:012x}\";",
            h.finish() & 0xffff_ffff_ffff
        ),
        1,
    )
    .into_bytes()
});

fn lookup(files: &'static [(&str, &[u8])], name: &str) -> Option<&'static [u8]> {
    files.iter().find(|(n, _)| *n == name).map(|&(_, b)| b)
}

/// `/` and `/index.html`.
pub(crate) async fn index(state: State<AppState>, headers: HeaderMap) -> Response {
    serve(state, &headers, "index.html").await
}

/// Any other path that is not the API: a file of the site, or the API's
/// JSON 404. Only plain relative paths are served (no `..`), and never a
/// pre-compressed copy by its own name.
pub(crate) async fn static_file(state: State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    let rel = uri.path().trim_start_matches('/');
    if rel.is_empty()
        || uri.path().starts_with("/api/")
        || rel.ends_with(".br")
        || rel.ends_with(".gz")
        || !Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
    {
        return api::not_found().await.into_response();
    }
    serve(state, &headers, rel).await
}

/// Where the files come from.
enum Source<'a> {
    Dir(&'a Path),
    Built,
    Sources,
}

async fn serve(State(state): State<AppState>, headers: &HeaderMap, rel: &str) -> Response {
    let source = match &state.config.site {
        Some(dir) => Source::Dir(dir),
        None if state.config.server_engine || BUILT.is_empty() => Source::Sources,
        None => Source::Built,
    };
    let encodings = accepted(headers);
    // The best copy the browser accepts: brotli, gzip, then the file itself.
    for (suffix, encoding) in [(".br", "br"), (".gz", "gzip"), ("", "")] {
        if !encoding.is_empty() && !encodings.contains(&encoding) {
            continue;
        }
        let name = format!("{rel}{suffix}");
        let bytes: Option<Cow<'static, [u8]>> = match source {
            Source::Dir(dir) => tokio::fs::read(dir.join(&name)).await.ok().map(Cow::Owned),
            Source::Built => lookup(BUILT, &name).map(Cow::Borrowed),
            Source::Sources if !suffix.is_empty() => None,
            Source::Sources => match rel {
                "sw.js" => Some(Cow::Borrowed(SERVICE_WORKER.as_slice())),
                "engine.json" => Some(Cow::Owned(
                    format!(
                        "{{\"engine\":\"http\",\"version\":\"{}\"}}",
                        env!("CARGO_PKG_VERSION")
                    )
                    .into_bytes(),
                )),
                _ => lookup(SOURCES, rel).map(Cow::Borrowed),
            },
        };
        if let Some(bytes) = bytes {
            return file(rel, encoding, bytes, headers);
        }
    }
    api::not_found().await.into_response()
}

/// The content codings the request accepts (`br`, `gzip`), from its
/// `Accept-Encoding`; a coding with `q=0` is refused.
fn accepted(headers: &HeaderMap) -> Vec<&'static str> {
    let mut out = Vec::new();
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        for part in value.to_str().unwrap_or("").split(',') {
            let mut bits = part.split(';');
            let coding = bits.next().unwrap_or("").trim().to_ascii_lowercase();
            let refused = bits.any(|p| {
                let p = p.trim();
                p.strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if refused {
                continue;
            }
            match coding.as_str() {
                "br" => out.push("br"),
                "gzip" | "x-gzip" => out.push("gzip"),
                _ => {}
            }
        }
    }
    out
}

fn kind_of(rel: &str) -> &'static str {
    match Path::new(rel).extension().and_then(|e| e.to_str()) {
        Some("html") => HTML,
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("webmanifest") => "application/manifest+json",
        Some("png") => "image/png",
        Some("json") => JSON,
        _ => "application/octet-stream",
    }
}

/// A name the build gave a content hash: `stem.HEX.ext`, 8 or more
/// hexadecimal digits.
fn content_hashed(rel: &str) -> bool {
    let mut parts = rel.rsplit('.');
    let (_ext, hash) = (parts.next(), parts.next().unwrap_or(""));
    parts.next().is_some() && hash.len() >= 8 && hash.bytes().all(|b| b.is_ascii_hexdigit())
}

/// How long browsers may keep a file: for good when its name changes with
/// its content; the entry page, the service worker and the engine choice
/// revalidated every time (so a new version shows at once); the rest
/// (icons, manifest) for a day.
fn cache_control(rel: &str, source_files: bool) -> &'static str {
    if content_hashed(rel) {
        "public, max-age=31536000, immutable"
    } else if source_files
        || matches!(rel, "index.html" | "sw.js" | "engine.json")
        || rel.ends_with(".html")
    {
        // The sources' script and style keep their names across versions.
        "no-cache"
    } else {
        "public, max-age=86400"
    }
}

fn file(rel: &str, encoding: &str, bytes: Cow<'static, [u8]>, req: &HeaderMap) -> Response {
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    let etag = format!("\"{:016x}{}\"", h.finish(), encoding);
    let source_files = matches!(rel, "app.css" | "worker.js") || rel.starts_with("app/");
    let mut res = if req
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (StatusCode::OK, bytes.into_owned()).into_response()
    };
    let headers = res.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind_of(rel)));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control(rel, source_files)),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, v);
    }
    if !encoding.is_empty() {
        headers.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(if encoding == "br" { "br" } else { "gzip" }),
        );
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_codings() {
        let mut h = HeaderMap::new();
        assert!(accepted(&h).is_empty());
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, deflate, br, zstd"),
        );
        assert_eq!(accepted(&h), ["gzip", "br"]);
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br;q=0, GZIP;q=0.5"),
        );
        assert_eq!(accepted(&h), ["gzip"]);
    }

    #[test]
    fn hashed_names_are_kept_for_good() {
        assert!(content_hashed("app.1a2b3c4d5e.js"));
        assert!(content_hashed("sudokit_wasm_bg.0123456789.wasm"));
        assert!(!content_hashed("app.js"));
        assert!(!content_hashed("1a2b3c4d5e.js"));
        assert!(!content_hashed("app.notahexname.js"));
        assert_eq!(cache_control("sw.js", false), "no-cache");
        assert_eq!(cache_control("index.html", false), "no-cache");
        assert_eq!(cache_control("app.js", true), "no-cache");
        assert_eq!(cache_control("icon.svg", false), "public, max-age=86400");
        assert!(cache_control("worker.0123456789.js", false).contains("immutable"));
    }
}
