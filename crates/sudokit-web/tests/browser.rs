//! The page in headless Chromium: it loads, draws the puzzle from the URL,
//! and its live counter asks the server and shows the answer. Screenshots are
//! kept in `target/browser-artifacts/`.
//!
//! Needs Debian's `chromium` (`scripts/test.sh` installs it); run with
//! `cargo test -p sudokit-web --test browser -- --ignored`.

use std::path::PathBuf;
use std::process::Command;

use sudokit_web::Config;

mod support;
use support::start;

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on `url` (letting the page's scripts and requests
/// run for a few seconds of virtual time) with `extra` arguments.
fn chromium(url: &str, extra: &[&str]) -> String {
    let profile = tempdir();
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=5000",
            "--window-size=1100,700",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium must be installed (scripts/test.sh installs it)");
    let _ = std::fs::remove_dir_all(profile);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn tempdir() -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "sudokit-chromium-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Number of board cells whose class list holds `class`.
fn cells_with(dom: &str, class: &str) -> usize {
    dom.split("class=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .filter(|classes| {
            let list: Vec<&str> = classes.split_whitespace().collect();
            list.contains(&"cell") && list.contains(&class)
        })
        .count()
}

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
#[ignore = "browser: needs chromium (scripts/test.sh installs it)"]
fn page_draws_the_puzzle_and_counts_its_solutions() {
    let addr = start(Config::default());
    let url = format!("http://{addr}/#3x3:{WIKI}");
    let dom = chromium(&url, &["--dump-dom"]);
    assert_eq!(cells_with(&dom, "cell"), 81, "one cell per square");
    assert_eq!(
        cells_with(&dom, "given"),
        30,
        "the 30 givens are drawn bold"
    );
    assert!(
        dom.contains("Solutions remaining: 1<"),
        "live counter: {dom}"
    );

    // With two givens removed the counter shows more than one solution.
    let loose = format!("..{}", &WIKI[2..]);
    let dom = chromium(&format!("http://{addr}/#3x3:{loose}"), &["--dump-dom"]);
    let counter = dom
        .split("id=\"counter\"")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .unwrap_or_default()
        .to_string();
    assert!(counter.contains("Solutions remaining: "), "{counter}");
    assert!(
        !counter.contains("remaining: 1<") && !counter.ends_with(": 1"),
        "{counter}"
    );

    // Entries from the URL that break a row are flagged as conflicts.
    let entries = format!("..5{}", ".".repeat(78));
    let dom = chromium(
        &format!("http://{addr}/#3x3:{WIKI}:{entries}"),
        &["--dump-dom"],
    );
    assert_eq!(cells_with(&dom, "bad"), 2, "the two 5s of row 1 are marked");
    assert!(dom.contains("Solutions remaining: 0 (conflict)"));

    let shot = artifacts().join("page.png");
    chromium(&url, &[&format!("--screenshot={}", shot.display())]);
    assert!(std::fs::metadata(&shot).unwrap().len() > 10_000);
}
