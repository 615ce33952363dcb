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
//! Solver work runs in one of two lanes ([`lanes`]): small boards in a cheap
//! lane that heavy work can never fill, the rest on a few low-priority
//! threads with a short bounded queue, then 503 with `Retry-After`. Every job
//! has a time budget its library calls stop at: counting answers "at least
//! N", other work gets a clear 503. Connections are limited in number and
//! must send their headers and body in time; bodies are capped at `max_body`
//! bytes and must be JSON objects. Every answer carries security headers and
//! every error a JSON body; a panic in a handler becomes a JSON 500.

mod api;
mod http;
mod lanes;
mod site;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::routing::{get, post};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

/// Limits of the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest accepted request body, in bytes.
    pub max_body: usize,
    /// Time budget of one request's solver work.
    pub budget: Duration,
    /// Budget of a count in the cheap lane (it answers "at least N" when
    /// the budget runs out).
    pub cheap_count_budget: Duration,
    /// Heavy requests running at once (each on its own low-priority thread).
    pub max_heavy: usize,
    /// Heavy requests waiting for a thread at once; more get 503 at once.
    pub max_queue: usize,
    /// Cheap requests running at once.
    pub max_cheap: usize,
    /// Longest wait for a place in a lane before 503 with `Retry-After`.
    pub queue_wait: Duration,
    /// A client must send a request's headers within this time (also the
    /// idle time allowed between requests on a kept-alive connection).
    pub header_timeout: Duration,
    /// A client must send a request's body within this time.
    pub body_timeout: Duration,
    /// Open connections at once; further clients wait to be accepted.
    pub max_connections: usize,
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
            cheap_count_budget: Duration::from_millis(300),
            max_heavy: 4,
            max_queue: 8,
            max_cheap: 64,
            queue_wait: Duration::from_secs(1),
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(5),
            max_connections: 512,
            site: None,
        }
    }
}

/// Shared state of the handlers.
#[derive(Clone)]
pub(crate) struct AppState {
    pub config: Config,
    pub lanes: Arc<lanes::Lanes>,
}

/// The whole app: page and API.
pub fn router(config: Config) -> Router {
    let state = AppState {
        lanes: Arc::new(lanes::Lanes::new(&config)),
        config: config.clone(),
    };
    Router::new()
        .route("/", get(site::index))
        .route("/index.html", get(site::index))
        .route(
            "/api/health",
            get(|| async { axum::Json(serde_json::json!({"ok": true})) }),
        )
        .route("/api/parse", post(api::parse))
        .route("/api/solve", post(api::solve))
        .route("/api/count", post(api::count))
        .route("/api/render", post(api::render))
        .route("/api/generate", post(api::generate))
        .route("/api/hint", post(api::hint))
        .route("/api/explain", post(api::explain))
        .route("/api/rate", post(api::rate))
        .fallback(site::static_file)
        .layer(CatchPanicLayer::custom(api::panic_response))
        .layer(axum::middleware::from_fn(http::hygiene))
        .with_state(state)
}

/// Serves the app on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let listener = TcpListener::bind(addr).await?;
    eprintln!("sudokit: serving on http://{}", listener.local_addr()?);
    serve_on(listener, config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Serves the app on `listener` until `shutdown` completes: HTTP/1.1 with
/// the header timeout and the connection limit of `config`.
pub async fn serve_on(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let app = router(config.clone());
    // The live counter's first question is usually the empty 9×9 board:
    // its total (a quarter second, kept by the library afterwards) is
    // counted now, off the request path, so that answer fits the cheap
    // lane's budget from the first request.
    // Once per process, on one thread, so that servers started side by side
    // (the tests) do not all count it at once.
    static WARM: std::sync::Once = std::sync::Once::new();
    WARM.call_once(|| {
        std::thread::spawn(|| {
            let nine = sudokit::BoxShape::new(3, 3);
            if let Ok(g) = sudokit::Geometry::square(nine, &[]) {
                let one = sudokit::count::Options {
                    threads: 1,
                    ..Default::default()
                };
                let _ = sudokit::count::grids(&Arc::new(g), &one);
            }
        });
    });
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        // Waiting for a free slot before accepting leaves further clients
        // in the kernel's backlog instead of holding memory for them.
        let slot = tokio::select! {
            _ = &mut shutdown => return Ok(()),
            s = slots.clone().acquire_owned() => s.expect("the semaphore is never closed"),
        };
        let stream = tokio::select! {
            _ = &mut shutdown => return Ok(()),
            a = listener.accept() => match a {
                Ok((stream, _)) => stream,
                // Out of file descriptors and the like: wait, then go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let conn = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _ = conn.await;
            drop(slot);
        });
    }
}
