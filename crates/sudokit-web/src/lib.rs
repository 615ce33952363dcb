//! The sudokit web app: a JSON API over the library and the page, served by
//! axum.
//!
//! The page: with [`Config::site`] set, the static site that
//! `scripts/build-site.sh` builds (the engine runs in the browser as
//! WebAssembly, so the same folder works from any static file server and
//! offline); without it, the same site's files compiled in, whose engine
//! answers through this JSON API (see `site.rs`). The API stays for scripts
//! either way.
//!
//! Every request that does solver work runs on tokio's blocking pool, behind
//! a semaphore (at most `max_heavy` at once; more are refused with 503 rather
//! than queued without bound) and under a time budget: counting stops at the
//! budget and answers "at least N"; other work that overruns gets a clear
//! 503 answer. Bodies are capped at `max_body` bytes. A panic in a handler
//! becomes a JSON 500, never a dropped connection.

mod api;
mod site;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

/// Limits of the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest accepted request body, in bytes.
    pub max_body: usize,
    /// Time budget of one request's solver work.
    pub budget: Duration,
    /// Solver requests running at once; further ones get 503.
    pub max_heavy: usize,
    /// A built static site (`scripts/build-site.sh`) to serve at `/`
    /// instead of the embedded one (which has no WebAssembly and calls the
    /// API).
    pub site: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_body: 256 * 1024,
            budget: Duration::from_secs(3),
            max_heavy: 4,
            site: None,
        }
    }
}

/// Shared state of the handlers.
#[derive(Clone)]
pub(crate) struct AppState {
    pub config: Config,
    pub heavy: Arc<Semaphore>,
}

/// The whole app: page and API.
pub fn router(config: Config) -> Router {
    let state = AppState {
        heavy: Arc::new(Semaphore::new(config.max_heavy.max(1))),
        config: config.clone(),
    };
    Router::new()
        .route("/", get(site::index))
        .route("/index.html", get(site::index))
        .route("/api/health", get(|| async { "ok" }))
        .route("/api/parse", post(api::parse))
        .route("/api/solve", post(api::solve))
        .route("/api/count", post(api::count))
        .route("/api/render", post(api::render))
        .route("/api/generate", post(api::generate))
        .route("/api/hint", post(api::hint))
        .route("/api/explain", post(api::explain))
        .route("/api/rate", post(api::rate))
        .fallback(site::static_file)
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(CatchPanicLayer::custom(api::panic_response))
        .with_state(state)
}

/// Serves the app on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!("sudokit: serving on http://{}", listener.local_addr()?);
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
