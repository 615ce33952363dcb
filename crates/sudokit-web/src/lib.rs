//! The sudokit web app: a JSON API over the library and the page, served by
//! axum.
//!
//! The page: the static site that `scripts/build-site.sh` builds (the engine
//! runs in the browser as WebAssembly, so it plays offline), from a folder
//! ([`Config::site`]) or compiled in when the site was built before this
//! crate ([`offline_app_compiled_in`]); otherwise the site's sources compiled
//! in, whose engine answers through this JSON API (see `site.rs`). The API
//! stays for scripts either way. Answers are compressed (brotli or gzip, as
//! the client accepts; the built site's files are compressed at build time).
//!
//! Solver work runs in one of two lanes ([`lanes`]): small boards in a cheap
//! lane that heavy work can never fill, the rest on a few low-priority
//! threads with a short bounded queue, then 503 with `Retry-After`. Every job
//! has a time budget its library calls stop at: counting answers "at least
//! N", other work gets a clear 503. Connections are limited in number, per
//! peer address too, and must send their headers and body in time; when
//! every slot is taken an idle connection is closed to admit a new one
//! (see [`conns`]), so that slow or silent clients cannot shut the others
//! out. Bodies are capped at `max_body` bytes and must be JSON objects. Every answer carries security headers and
//! every error a JSON body; a panic in a handler becomes a JSON 500.

mod api;
mod conns;
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
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::{CompressionLayer, CompressionLevel};

pub use site::offline_app_compiled_in;

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
    /// Cheap requests admitted at once (they run on one thread per core,
    /// counts on as many of their own, the others waiting their turn).
    pub max_cheap: usize,
    /// Longest wait for a place in a lane before 503 with `Retry-After`.
    pub queue_wait: Duration,
    /// A client must send a request's headers within this time (also the
    /// idle time allowed between requests on a kept-alive connection); a
    /// fifth of it (at least 200 ms) for connections opened while more
    /// than half of the slots are taken.
    pub header_timeout: Duration,
    /// A client must send a request's body within this time.
    pub body_timeout: Duration,
    /// Open connections at once. When all are taken, a new client is
    /// admitted by closing the longest-idle connection of the peer holding
    /// the most; only when every connection is answering a request do new
    /// clients wait to be accepted.
    pub max_connections: usize,
    /// Open connections of one peer address at once: a new one beyond it
    /// closes the peer's own longest-idle connection (or is closed when all
    /// of the peer's are answering requests).
    pub max_per_peer: usize,
    /// A built static site (`scripts/build-site.sh`) to serve at `/`
    /// instead of the compiled-in one.
    pub site: Option<PathBuf>,
    /// Serve the page whose engine is this server (through the JSON API)
    /// even when the offline app, with its engine as WebAssembly, is
    /// compiled in (see [`offline_app_compiled_in`]).
    pub server_engine: bool,
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
            max_per_peer: 64,
            site: None,
            server_engine: false,
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
        .route(
            "/api/techniques",
            get(|| async { axum::Json(sudokit::service::opt_in_techniques()) }),
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
        // Brotli's default level is its slowest; a middle one compresses
        // JSON answers and the page's sources almost as well at a fraction
        // of the time (the built site comes pre-compressed at the highest).
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(5)))
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
    let registry = conns::Registry::new(
        config.max_connections,
        config.max_per_peer,
        config.header_timeout,
    );
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut shutdown => return Ok(()),
            a = listener.accept() => match a {
                Ok(x) => x,
                // Out of file descriptors and the like: wait, then go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        // Room is made by closing an idle connection; only when every
        // connection is answering a request does the newcomer wait (and
        // further clients stay in the kernel's backlog).
        let (slot, header_timeout) = loop {
            let changed = registry.changed();
            match registry.admit(peer.ip()) {
                conns::Admit::Serve(slot, t) => break Some((slot, t)),
                conns::Admit::Refuse => break None,
                conns::Admit::Wait(until) => {
                    let until = until.map(tokio::time::Instant::from_std);
                    let aged = async {
                        match until {
                            Some(t) => tokio::time::sleep_until(t).await,
                            None => std::future::pending().await,
                        }
                    };
                    tokio::select! {
                        _ = &mut shutdown => return Ok(()),
                        _ = changed => {}
                        _ = aged => {}
                    }
                }
            }
        }
        .map_or((None, Duration::ZERO), |(s, t)| (Some(s), t));
        let Some(slot) = slot else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let conn_state = slot.0.clone();
        let app = TowerToHyperService::new(app.clone());
        let service = hyper::service::service_fn(move |req| {
            use hyper::service::Service;
            let busy = conn_state.busy();
            let call = app.call(req);
            async move {
                let res = call.await;
                drop(busy);
                res
            }
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .keep_alive(true);
        let conn = http.serve_connection(TokioIo::new(http::JsonErrors::new(stream)), service);
        tokio::spawn(async move {
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = slot.0.close.notified() => {
                    // Picked to make room: an idle connection closes now; one
                    // that started a request meanwhile finishes it first.
                    if slot.0.is_busy() {
                        conn.as_mut().graceful_shutdown();
                        let _ = conn.await;
                    }
                }
            }
            drop(slot);
        });
    }
}
