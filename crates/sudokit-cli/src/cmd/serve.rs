//! `sudokit serve`: the web app and its JSON API.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};

use crate::batch::Tally;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Time budget of one request's solver work, in seconds.
    #[arg(long, default_value_t = 3.0)]
    pub budget: f64,
    /// Heavy solver requests (big boards, generation, counts) running at
    /// once, on low-priority threads; a few more wait briefly, the rest get
    /// 503 with Retry-After. Requests on boards up to 9×9 have their own lane.
    #[arg(long, default_value_t = 4)]
    pub max_heavy: usize,
    /// Open connections at once. When all are taken, a new client is
    /// admitted by closing an idle one (never one answering a request).
    #[arg(long, default_value_t = 512)]
    pub max_connections: usize,
    /// Open connections of one client address at once; beyond it the
    /// client's own longest-idle connection is closed, or the new one.
    #[arg(long, default_value_t = 64)]
    pub max_per_peer: usize,
    /// Largest request body, in KiB.
    #[arg(long, default_value_t = 256)]
    pub max_body_kib: usize,
    /// Serve this built site (`bash scripts/build-site.sh DIR`) at `/`
    /// instead of the one compiled into this binary.
    #[arg(long)]
    pub site: Option<std::path::PathBuf>,
    /// Serve the page whose engine is this server (every hint, count and
    /// solve a request to the JSON API) instead of the offline app, whose
    /// engine runs in the browser as WebAssembly.
    #[arg(long, conflicts_with = "site")]
    pub server_engine: bool,
}

pub fn run(args: &Args) -> Result<Tally> {
    let config = sudokit_web::Config {
        max_body: args.max_body_kib * 1024,
        budget: Duration::from_secs_f64(args.budget.max(0.01)),
        max_heavy: args.max_heavy,
        max_connections: args.max_connections,
        max_per_peer: args.max_per_peer,
        site: args.site.clone(),
        server_engine: args.server_engine,
        ..Default::default()
    };
    if args.site.is_none() && !args.server_engine && !sudokit_web::offline_app_compiled_in() {
        eprintln!(
            "sudokit: this binary has no offline web app compiled in, so the page's engine is \
             this server. For the app that runs (and plays offline) in the browser, build it \
             with `bash scripts/build-site.sh` (it needs rustup's wasm32-unknown-unknown \
             target and installs wasm-bindgen-cli), then build sudokit again."
        );
    }
    if let Some(dir) = &args.site {
        anyhow::ensure!(
            dir.join("index.html").is_file(),
            "{} holds no built site: run bash scripts/build-site.sh {}",
            dir.display(),
            dir.display()
        );
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime
        .block_on(sudokit_web::serve(args.addr, config))
        .with_context(|| format!("cannot serve on {}", args.addr))?;
    Ok(Tally::default())
}
