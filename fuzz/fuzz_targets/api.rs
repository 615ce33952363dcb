//! The JSON bodies of every web API call (and the WebAssembly binding,
//! which shares them): any bytes, read as a puzzle request or a generate
//! request, then run through each use case under a 20 ms limit. Nothing may
//! panic, and every answer is a JSON value or a located failure.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use sudokit::service::{self, GenerateRequest, PuzzleRequest};
use sudokit::Options;

fuzz_target!(|data: &[u8]| {
    let opts = Options::default()
        .with_timeout(Duration::from_millis(20))
        .with_threads(1);
    if let Ok(req) = serde_json::from_slice::<PuzzleRequest>(data) {
        if let Ok(p) = req.puzzle() {
            let _ = service::parse(&p);
            let _ = service::solve(&p, &opts);
            let _ = service::count(&p, &opts);
            let _ = service::rate(&p, &req, &opts);
            let _ = service::explain(&p, &req, &opts);
            let _ = service::hint(&p, &req, &opts);
        }
        let _ = service::render_svg(&req, &opts);
        let _ = service::render_pdf(&req, &opts);
    }
    if let Ok(req) = serde_json::from_slice::<GenerateRequest>(data) {
        let _ = service::generate(&req, 1, &opts);
    }
});
