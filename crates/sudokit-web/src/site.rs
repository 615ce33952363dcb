//! The page: the web app's static files.
//!
//! With [`Config::site`](crate::Config::site) set, the files of that built
//! folder (`scripts/build-site.sh`, the engine as WebAssembly). Without it,
//! the site's own sources (`crates/sudokit-web/site/`), compiled into the
//! binary: no `.wasm` among them, so the page's worker answers through this
//! server's JSON API instead. `engine.json` tells it so (`{"engine":"http"}`);
//! a built site has no such file and the worker loads the WebAssembly.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Component, Path};
use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::{api, AppState};

/// The embedded files: name, content type, bytes.
const EMBEDDED: &[(&str, &str, &[u8])] = &[
    ("index.html", HTML, include_bytes!("../site/index.html")),
    ("app.css", CSS, include_bytes!("../site/app.css")),
    ("app.js", JS, include_bytes!("../site/app.js")),
    ("worker.js", JS, include_bytes!("../site/worker.js")),
    ("sw.js", JS, include_bytes!("../site/sw.js")),
    (
        "manifest.webmanifest",
        MANIFEST,
        include_bytes!("../site/manifest.webmanifest"),
    ),
    ("icon.svg", SVG, include_bytes!("../site/icon.svg")),
    ("icon-192.png", PNG, include_bytes!("../site/icon-192.png")),
    ("icon-512.png", PNG, include_bytes!("../site/icon-512.png")),
];

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";
const PNG: &str = "image/png";
const MANIFEST: &str = "application/manifest+json";
const JSON: &str = "application/json";

/// The service worker with its cache version set to a hash of the embedded
/// files, so a new binary replaces the players' offline copy (the build
/// script does the same for a built site).
static SERVICE_WORKER: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mut h = DefaultHasher::new();
    for (name, _, bytes) in EMBEDDED {
        name.hash(&mut h);
        bytes.hash(&mut h);
    }
    let sw = std::str::from_utf8(embedded("sw.js").expect("sw.js is embedded").1)
        .expect("sw.js is UTF-8");
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

fn embedded(name: &str) -> Option<(&'static str, &'static [u8])> {
    EMBEDDED
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, kind, bytes)| (kind, bytes))
}

/// `/` and `/index.html`.
pub(crate) async fn index(state: State<AppState>) -> Response {
    serve(state, "index.html").await
}

/// Any other path that is not the API: a file of the site, or the API's
/// JSON 404. Only plain relative paths are served (no `..`).
pub(crate) async fn static_file(state: State<AppState>, uri: Uri) -> Response {
    let rel = uri.path().trim_start_matches('/');
    if rel.is_empty()
        || uri.path().starts_with("/api/")
        || !Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
    {
        return api::not_found().await.into_response();
    }
    serve(state, rel).await
}

async fn serve(State(state): State<AppState>, rel: &str) -> Response {
    if let Some(dir) = &state.config.site {
        return match tokio::fs::read(dir.join(rel)).await {
            Ok(bytes) => file(kind_of(rel), bytes),
            Err(_) => api::not_found().await.into_response(),
        };
    }
    match rel {
        "sw.js" => file(JS, SERVICE_WORKER.clone()),
        "engine.json" => file(
            JSON,
            format!(
                "{{\"engine\":\"http\",\"version\":\"{}\"}}",
                env!("CARGO_PKG_VERSION")
            )
            .into_bytes(),
        ),
        _ => match embedded(rel) {
            Some((kind, bytes)) => file(kind, bytes.to_vec()),
            None => api::not_found().await.into_response(),
        },
    }
}

fn kind_of(rel: &str) -> &'static str {
    match Path::new(rel).extension().and_then(|e| e.to_str()) {
        Some("html") => HTML,
        Some("js") => JS,
        Some("css") => CSS,
        Some("wasm") => "application/wasm",
        Some("svg") => SVG,
        Some("webmanifest") => MANIFEST,
        Some("png") => PNG,
        Some("json") => JSON,
        _ => "application/octet-stream",
    }
}

fn file(kind: &'static str, bytes: Vec<u8>) -> Response {
    // no-cache: the browser revalidates, so a rebuilt site shows at once;
    // offline play is the service worker's job.
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response()
}
