//! The page driven like a player would, in headless Chromium through
//! WebDriver: paste a puzzle, ask for a hint, enter digits and watch the
//! solutions counter, solve, explain, generate by difficulty. Screenshots of
//! every stage go to `target/browser-artifacts/`.
//!
//! WebDriver (Debian's `chromium-driver`) through the `fantoccini` crate: a
//! standard protocol, so the same test could drive another browser, and the
//! crate speaks it over plain HTTP to the local driver (no TLS stack needed,
//! so no C dependencies). `scripts/test.sh` installs `chromium` and
//! `chromium-driver` when missing; run with
//! `cargo test -p sudokit-web --test interact -- --ignored`.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use sudokit_web::Config;

mod support;
use support::start;

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const BACKSPACE: &str = "\u{E003}";

/// A chromedriver process on a free port, killed on drop.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (Debian package chromium-driver)");
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn browser(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({"args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,900"]}),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session")
}

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::write(artifacts().join(format!("{name}.png")), png).unwrap();
}

/// Polls `script` (a JS expression) until it is truthy; returns its value.
/// Generous limit: the machine may be busy; this is not a timing check.
async fn wait_for(c: &Client, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let v = c
            .execute(&format!("return ({script});"), vec![])
            .await
            .unwrap();
        let truthy = match &v {
            Value::Null | Value::Bool(false) => false,
            Value::String(s) => !s.is_empty(),
            _ => true,
        };
        if truthy {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn text(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn cell(c: &Client, i: usize) -> fantoccini::elements::Element {
    c.find(Locator::Css(&format!("#board .cell[data-i=\"{i}\"]")))
        .await
        .unwrap()
}

async fn press(c: &Client, keys: &str) {
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys(keys)
        .await
        .unwrap();
}

const COUNTER: &str = "document.getElementById('counter').textContent";

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromium-driver; run by scripts/test.sh"]
async fn a_player_pastes_hints_plays_solves_and_generates() {
    let addr: SocketAddr = start(Config {
        budget: Duration::from_secs(20),
        ..Config::default()
    });
    let driver = Driver::start();
    let c = browser(&driver).await;
    c.goto(&format!("http://{addr}/")).await.unwrap();
    // With no puzzle in the URL the page generates one.
    wait_for(
        &c,
        "a first puzzle",
        "document.getElementById('status').textContent.startsWith('New puzzle')",
    )
    .await;

    // Paste a puzzle and load it: 30 givens drawn, one solution counted.
    let paste = c.find(Locator::Id("paste")).await.unwrap();
    paste.send_keys(WIKI).await.unwrap();
    click(&c, "load").await;
    // The generated puzzle before it also had one solution: wait for the
    // pasted board itself (its 30 givens), then for its count.
    wait_for(
        &c,
        "the pasted board",
        "document.querySelectorAll('#board .cell.given').length === 30",
    )
    .await;
    wait_for(
        &c,
        "the counter",
        &format!("{COUNTER} === 'Solutions remaining: 1'"),
    )
    .await;
    let givens = c
        .execute(
            "return document.querySelectorAll('#board .cell.given').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(givens, json!(30));
    wait_for(
        &c,
        "the grade",
        "document.getElementById('grade').textContent.includes('Easy')",
    )
    .await;
    screenshot(&c, "interact-1-pasted").await;

    // Hint: an explanation and highlighted cells, placing the right digit.
    click(&c, "hint").await;
    let explanation = wait_for(
        &c,
        "a hint",
        "document.getElementById('explanation').textContent",
    )
    .await;
    assert!(
        explanation.as_str().unwrap().contains(" = "),
        "{explanation}"
    );
    let placed = c
        .execute(
            "return Array.from(document.querySelectorAll('#board .cell.place')).map(d => +d.dataset.i);",
            vec![],
        )
        .await
        .unwrap();
    let placed: Vec<usize> = serde_json::from_value(placed).unwrap();
    assert!(!placed.is_empty());
    let highlighted = c
        .execute("return document.querySelectorAll('#board .cell.hl, #board .cell.hlunit, #board .cell.place').length;", vec![])
        .await
        .unwrap();
    assert!(highlighted.as_u64().unwrap() >= 1);
    screenshot(&c, "interact-2-hint").await;
    // Applying it fills the cell with the solution's digit.
    click(&c, "apply").await;
    let i = placed[0];
    let want = WIKI_SOLUTION[i..=i].to_string();
    wait_for(
        &c,
        "the applied step",
        &format!("document.querySelector('#board .cell[data-i=\"{i}\"]').textContent === '{want}'"),
    )
    .await;

    // A wrong digit in r1c3 (the solution has 4): no solution is left, and
    // the hint points at the mistake. Erasing it brings the count back.
    cell(&c, 2).await.click().await.unwrap();
    press(&c, "2").await;
    wait_for(
        &c,
        "the counter to drop",
        &format!("{COUNTER} === 'Solutions remaining: 0'"),
    )
    .await;
    click(&c, "hint").await;
    wait_for(
        &c,
        "the mistake",
        "document.getElementById('explanation').textContent.startsWith('r1c3 = 2 is a mistake')",
    )
    .await;
    assert_eq!(
        cell(&c, 2)
            .await
            .attr("class")
            .await
            .unwrap()
            .map(|s| s.contains("mistake")),
        Some(true)
    );
    screenshot(&c, "interact-3-mistake").await;
    press(&c, BACKSPACE).await;
    wait_for(
        &c,
        "the counter to recover",
        &format!("{COUNTER} === 'Solutions remaining: 1'"),
    )
    .await;

    // Pencil marks: P, then digits toggle small marks in an empty cell.
    cell(&c, 3).await.click().await.unwrap();
    press(&c, "p26").await;
    wait_for(
        &c,
        "pencil marks",
        "document.querySelector('#board .cell[data-i=\"3\"] .marks')",
    )
    .await;
    let marks = c
        .execute(
            "return document.querySelector('#board .cell[data-i=\"3\"] .marks').textContent;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(marks, json!("26"));
    press(&c, "p").await;

    // Explain: step through the path.
    click(&c, "explain").await;
    wait_for(
        &c,
        "the path",
        "document.getElementById('stepno').textContent.includes('Step 1 of')",
    )
    .await;
    click(&c, "next").await;
    wait_for(
        &c,
        "step 2",
        "document.getElementById('stepno').textContent.includes('Step 2 of')",
    )
    .await;
    assert!(!text(&c, "explanation").await.is_empty());
    screenshot(&c, "interact-4-explain").await;
    click(&c, "close-explain").await;

    // Solve: every cell filled with the known solution.
    click(&c, "solve").await;
    wait_for(
        &c,
        "the solution",
        "document.getElementById('status').textContent.startsWith('Solved')",
    )
    .await;
    let board = c
        .execute("return Array.from(document.querySelectorAll('#board .cell')).map(d => d.textContent).join('');", vec![])
        .await
        .unwrap();
    assert_eq!(board, json!(WIKI_SOLUTION));
    screenshot(&c, "interact-5-solved").await;

    // Generate an easy puzzle: graded Easy, one solution.
    c.execute(
        "const d = document.getElementById('difficulty'); d.value = 'easy';",
        vec![],
    )
    .await
    .unwrap();
    click(&c, "generate").await;
    wait_for(
        &c,
        "a generated puzzle",
        "document.getElementById('status').textContent.startsWith('New puzzle')",
    )
    .await;
    assert!(text(&c, "grade").await.starts_with("Difficulty: Easy"));
    wait_for(
        &c,
        "its count",
        &format!("{COUNTER} === 'Solutions remaining: 1'"),
    )
    .await;
    screenshot(&c, "interact-6-generated").await;

    // A phone-sized window still shows the whole board.
    c.set_window_size(390, 844).await.unwrap();
    let width = c
        .execute(
            "return document.getElementById('board').getBoundingClientRect().width;",
            vec![],
        )
        .await
        .unwrap();
    let w = width.as_f64().unwrap();
    assert!(w > 200.0 && w <= 390.0, "board width {w} on a phone");
    screenshot(&c, "interact-7-phone").await;
    c.close().await.unwrap();
}
