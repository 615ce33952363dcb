//! The sudokit engine in the browser.
//!
//! This crate only marshals: each export takes a request as JSON text (the
//! same request bodies as the HTTP API, see `docs/json.md`), calls the
//! library's use case through [`sudokit::service`] and returns the answer as
//! JSON text, so the page reads the same shapes from a Web Worker as from
//! `sudokit serve`. A failure is answered as `{"error": …, "status": …}`
//! (status `bad-request`, `unprocessable` or `over-budget`, plus `line`,
//! `column` or `cell` where known) rather than thrown, so the worker never
//! has to tell a Rust panic from a use-case error.
//!
//! PDF: [`render_pdf`] answers bytes (the library's `pdf` feature is on
//! here; `pdf-writer` is plain Rust and builds for wasm32).
//!
//! Time limits: `wasm32-unknown-unknown` has no system clock, so deadlines
//! read `Date.now()` through [`BrowserClock`]. `budget_ms <= 0` means no
//! limit; a page that wants to stop long work terminates its worker.
//!
//! Progress: long work (counts, generation) reports how far it has come
//! through the library's progress callback; this binding passes it on, at
//! most ten times a second, as JSON text to a global JavaScript function
//! `sudokit_progress(text)` that the worker defines (see [`progress_json`]);
//! without it the work runs the same, unreported.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use sudokit::limits::{Clock, Progress, ProgressFn};
use sudokit::service::{self, Failure, GenerateRequest, PuzzleRequest};
use sudokit::{Options, Puzzle};
use wasm_bindgen::prelude::*;

mod check;
pub use check::{candidates, check};

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date)]
    fn now() -> f64;
    /// Defined by the worker: forwards a progress report to the page. A
    /// host without it gets an error here, which is ignored (`catch`).
    #[wasm_bindgen(catch)]
    fn sudokit_progress(report: &str) -> Result<(), JsValue>;
}

/// Outside the browser progress goes nowhere.
#[cfg(not(target_arch = "wasm32"))]
fn sudokit_progress(_report: &str) -> Result<(), JsValue> {
    Ok(())
}

/// Outside the browser (native tests of this crate) the system clock.
#[cfg(not(target_arch = "wasm32"))]
fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Milliseconds of `Date.now()` as the library's clock.
pub struct BrowserClock;

impl Clock for BrowserClock {
    fn now(&self) -> Duration {
        Duration::from_secs_f64(now().max(0.0) / 1000.0)
    }
}

/// A progress report as the page reads it: `{"solutions": "N"}` (at least
/// N found so far), `{"done": d, "total": t}` (parts of an exact count),
/// `{"attempt": k}` or `{"tried": k, "total": t}` (clue groups of the
/// current candidate tried), or `null` for a kind this page does not know.
pub fn progress_json(p: Progress) -> Value {
    match p {
        Progress::Solutions(k) => json!({ "solutions": k.to_string() }),
        Progress::Parts { done, total } => json!({ "done": done, "total": total }),
        Progress::Attempt(k) => json!({ "attempt": k }),
        Progress::Clues { tried, total } => json!({ "tried": tried, "total": total }),
        _ => Value::Null,
    }
}

/// Passes reports on at most every 100 ms (the first one at once).
fn forward_progress() -> ProgressFn {
    let last = AtomicU64::new(0);
    Arc::new(move |p| {
        let t = now() as u64;
        if t.saturating_sub(last.load(Ordering::Relaxed)) >= 100 {
            last.store(t, Ordering::Relaxed);
            // No listener (a host that defines no `sudokit_progress`): the
            // work goes on without reports.
            let _ = sudokit_progress(&progress_json(p).to_string());
        }
    })
}

fn options(budget_ms: f64) -> Options {
    let opts = Options::default()
        .with_threads(1)
        .with_progress(forward_progress());
    if budget_ms > 0.0 {
        opts.with_timeout(Duration::from_secs_f64(budget_ms / 1000.0))
            .with_clock(Arc::new(BrowserClock))
    } else {
        opts
    }
}

fn failure_json(f: &Failure) -> Value {
    let mut v = f.to_json();
    v["status"] = json!(match f {
        Failure::BadRequest(_) => "bad-request",
        Failure::Unprocessable { .. } => "unprocessable",
        Failure::OverBudget(_) => "over-budget",
    });
    v
}

fn reply(result: Result<Value, Failure>) -> String {
    match result {
        Ok(v) => v.to_string(),
        Err(f) => failure_json(&f).to_string(),
    }
}

fn read<T: serde::de::DeserializeOwned>(request: &str) -> Result<T, Failure> {
    serde_json::from_str(request).map_err(|e| Failure::BadRequest(format!("bad request: {e}")))
}

/// Reads the request, its puzzle, and runs `case` with the budget.
fn with_puzzle(
    request: &str,
    budget_ms: f64,
    case: impl FnOnce(&PuzzleRequest, &Puzzle, &Options) -> Result<Value, Failure>,
) -> String {
    reply(read::<PuzzleRequest>(request).and_then(|req| {
        let p = req.puzzle()?;
        case(&req, &p, &options(budget_ms))
    }))
}

/// The puzzle as read (any format), with its units: `/api/parse`.
#[wasm_bindgen]
pub fn parse(request: &str) -> String {
    with_puzzle(request, 0.0, |_, p, _| Ok(service::parse(p)))
}

/// The solution and whether it is unique: `/api/solve`.
#[wasm_bindgen]
pub fn solve(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |_, p, o| service::solve(p, o))
}

/// The number of solutions, "at least" when the budget ends first: `/api/count`.
#[wasm_bindgen]
pub fn count(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |_, p, o| service::count(p, o))
}

/// The next hint from the player's entries and marks: `/api/hint`.
#[wasm_bindgen]
pub fn hint(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |r, p, o| service::hint(p, r, o))
}

/// Every step from the givens to the end, with the grade: `/api/explain`.
#[wasm_bindgen]
pub fn explain(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |r, p, o| service::explain(p, r, o))
}

/// Level, score and hardest technique: `/api/rate`.
#[wasm_bindgen]
pub fn rate(request: &str, budget_ms: f64) -> String {
    with_puzzle(request, budget_ms, |r, p, o| service::rate(p, r, o))
}

/// The SVG drawing: `{"svg": …}` (the HTTP API answers the SVG itself).
#[wasm_bindgen]
pub fn render_svg(request: &str) -> String {
    reply(
        read::<PuzzleRequest>(request).and_then(|req| {
            service::render_svg(&req, &options(0.0)).map(|svg| json!({ "svg": svg }))
        }),
    )
}

/// A printable page as PDF (`/api/render` with `"format": "pdf"`, plus
/// `title`, and the solution page only with `"solution": true`). The bytes
/// of the PDF, which start with `%PDF`; a failure is its JSON answer as
/// UTF-8 bytes instead, which start with `{`.
#[wasm_bindgen]
pub fn render_pdf(request: &str, budget_ms: f64) -> Vec<u8> {
    read::<PuzzleRequest>(request)
        .and_then(|req| service::render_pdf(&req, &options(budget_ms)))
        .unwrap_or_else(|f| failure_json(&f).to_string().into_bytes())
}

/// A new puzzle: `/api/generate`. `seed` is a decimal string used when the
/// request names none (JavaScript numbers cannot hold every u64).
#[wasm_bindgen]
pub fn generate(request: &str, seed: &str, budget_ms: f64) -> String {
    reply(read::<GenerateRequest>(request).and_then(|req| {
        let seed = seed.parse().unwrap_or(0);
        service::generate(&req, seed, &options(budget_ms))
    }))
}

/// The techniques a request's `techniques` may name:
/// [`service::opt_in_techniques`].
#[wasm_bindgen]
pub fn techniques() -> String {
    service::opt_in_techniques().to_string()
}

/// The library's version, for the page's footer.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIKI: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn v(s: String) -> Value {
        serde_json::from_str(&s).unwrap()
    }

    #[test]
    fn answers_have_the_api_shapes() {
        let req = json!({ "puzzle": WIKI }).to_string();
        assert_eq!(v(solve(&req, 0.0))["unique"], true);
        assert_eq!(v(count(&req, 1000.0))["count"], "1");
        let parsed = v(parse(&req));
        assert_eq!(parsed["units"].as_array().unwrap().len(), 27);
        assert!(v(hint(&req, 0.0))["step"]["describe"].is_string());
        assert!(v(rate(&req, 0.0))["describe"].is_string());
        let g = v(generate(r#"{"box":"2x2"}"#, "18446744073709551615", 0.0));
        assert_eq!(g["seed"], "18446744073709551615");
    }

    #[test]
    fn explain_answers_the_library_view() {
        // The same step objects as `explain --json` and `/api/explain`: the
        // library's one form, printed with sorted keys.
        let p: Puzzle = WIKI.parse().unwrap();
        let path = p.explain(&Options::default()).unwrap();
        let view = sudokit::view::PathView::new(p.geometry(), &path);
        let ours = v(explain(&json!({ "puzzle": WIKI }).to_string(), 0.0));
        assert_eq!(
            ours["steps"].to_string(),
            serde_json::to_value(&view.steps).unwrap().to_string()
        );
        assert_eq!(ours["grade"]["level"], "Easy");
        let hint = v(hint(
            &json!({ "puzzle": WIKI, "level": 1 }).to_string(),
            0.0,
        ));
        assert_eq!(hint["levels"].as_array().unwrap().len(), 1, "{hint}");
        assert!(
            hint.get("step").is_none(),
            "level 1 keeps the move back: {hint}"
        );
    }

    #[test]
    fn opt_in_techniques_are_passed_on() {
        // The second puzzle of top1465 takes a finned Franken jellyfish
        // when it is turned on, and scores lower.
        let p = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
        let with = json!({ "puzzle": p, "techniques": ["finned-franken-jellyfish"] }).to_string();
        let plain = v(rate(&json!({ "puzzle": p }).to_string(), 0.0));
        assert!(v(rate(&with, 0.0))["score"].as_u64() < plain["score"].as_u64());
        let steps = v(explain(&with, 0.0))["steps"].to_string();
        assert!(steps.contains("\"finned-franken-jellyfish\""));
        let bad = json!({ "puzzle": p, "techniques": ["franken"] }).to_string();
        assert_eq!(v(hint(&bad, 0.0))["status"], "bad-request");
    }

    #[test]
    fn cubes_and_combined_variants_are_generated() {
        let cube = v(generate(r#"{"box":"2x2","cube":true}"#, "7", 0.0));
        assert_eq!(cube["grid"]["layout"], "cube", "{cube}");
        // Rows of 4, layer after layer.
        assert_eq!(cube["grid"]["rows"].as_array().unwrap().len(), 16);
        let text = json!({ "puzzle": cube["grid"].to_string() }).to_string();
        assert_eq!(v(count(&text, 0.0))["count"], "1");
        let both = v(generate(
            r#"{"box":"3x3","variants":["x","windoku"]}"#,
            "7",
            0.0,
        ));
        assert_eq!(both["grid"]["variants"], json!(["x", "windoku"]), "{both}");
        let bad = v(generate(
            r#"{"box":"2x2","cube":true,"variants":["x"]}"#,
            "7",
            0.0,
        ));
        assert_eq!(bad["status"], "bad-request");
    }

    #[test]
    fn pdf_is_bytes_or_a_json_failure() {
        let req = json!({ "puzzle": WIKI, "title": "Wiki", "solution": true }).to_string();
        let pdf = render_pdf(&req, 0.0);
        assert!(pdf.starts_with(b"%PDF"));
        let without = render_pdf(&json!({ "puzzle": WIKI }).to_string(), 0.0);
        assert!(without.len() < pdf.len(), "no solution page");
        let bad = render_pdf(r#"{"puzzle":"55"}"#, 0.0);
        assert_eq!(bad[0], b'{');
    }

    #[test]
    fn progress_reports_read_as_the_page_expects() {
        assert_eq!(
            progress_json(Progress::Solutions(u128::MAX)),
            json!({ "solutions": u128::MAX.to_string() })
        );
        assert_eq!(progress_json(Progress::Attempt(3)), json!({ "attempt": 3 }));
        let clues = progress_json(Progress::Clues {
            tried: 4,
            total: 40,
        });
        assert_eq!(clues, json!({ "tried": 4, "total": 40 }));
    }

    #[test]
    fn failures_are_answers_not_panics() {
        let bad = v(parse(r#"{"puzzle":"55.............."}"#));
        assert_eq!(bad["status"], "unprocessable", "{bad}");
        assert_eq!(v(parse("{"))["status"], "bad-request");
        assert_eq!(
            v(generate(r#"{"box":"9x9"}"#, "1", 0.0))["status"],
            "bad-request"
        );
    }
}
