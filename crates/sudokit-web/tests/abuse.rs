//! The server under abuse, over real HTTP on loopback: floods of heavy
//! requests, slow and silent clients, malformed and hostile bodies. Each
//! phase is bounded and stops by itself. Run in release with the other
//! expensive tests (`cargo test --release -p sudokit-web --test abuse -- --ignored`).
//!
//! One test function, phases in turn: the idle check reads this process's
//! CPU time, which other tests running beside it would disturb.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudokit_web::Config;

mod support;
use support::{post, request, start, WIKI};

/// 9×9 puzzles with one solution: the Wikipedia example, three 17-clue
/// puzzles and one of the forum's hardest (from ../shared/data).
const NINES: [&str; 5] = [
    WIKI,
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
];

/// An empty board of `r`×`c` boxes in the `R C` format.
fn empty(r: usize, c: usize) -> String {
    let n = r * c;
    let row = vec!["0"; n].join(" ");
    format!("{r} {c}\n{}\n", vec![row; n].join("\n"))
}

/// Sends raw bytes on a fresh connection and returns the whole answer (or
/// what arrived before the server closed the connection).
fn raw(addr: SocketAddr, bytes: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(bytes).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// User plus system CPU time of this process, from /proc (Linux).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on every Linux this runs on.
    Some(Duration::from_millis(ticks * 10))
}

/// Peak resident memory of this process, from /proc (Linux), in MiB.
fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

#[test]
#[ignore = "floods the server for several seconds; run in release"]
fn the_server_stays_open_under_abuse() {
    let budget = Duration::from_secs(1);
    let addr = start(Config {
        budget,
        max_heavy: 2,
        max_queue: 4,
        queue_wait: Duration::from_millis(500),
        header_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
        max_connections: 128,
        // Every client here is 127.0.0.1: the per-peer cap (tests/admission.rs)
        // would make the hundred slow ones below compete with the one served.
        max_per_peer: 128,
        ..Config::default()
    });

    heavy_floods_leave_cheap_requests_served(addr, budget);
    hostile_bodies_get_clear_json_errors(addr);
    slow_and_silent_clients_are_cut_off(addr);

    if let Some(mib) = peak_rss_mib() {
        eprintln!("peak RSS of the test process: {mib} MiB");
        assert!(mib < 1024, "peak RSS {mib} MiB (bound: 1 GiB)");
    }
}

/// Four requests of each heavy kind in flight for five seconds: every easy
/// 9×9 solve and hint answers 200, heavy ones answer 200 or 503 with
/// `Retry-After`, and one second after the last budget the CPU is idle.
fn heavy_floods_leave_cheap_requests_served(addr: SocketAddr, budget: Duration) {
    let heavy: Vec<(&str, Value)> = vec![
        (
            "/api/generate",
            json!({"box": "5x5", "minimal": true, "seed": 1}),
        ),
        ("/api/hint", json!({"puzzle": empty(8, 8)})),
        ("/api/explain", json!({"puzzle": empty(5, 5)})),
        ("/api/count", json!({"puzzle": empty(4, 4)})),
        (
            "/api/render",
            json!({"puzzle": empty(5, 5), "candidates": true}),
        ),
    ];
    let stop = Arc::new(AtomicBool::new(false));
    let heavy_answers = Arc::new(Mutex::new(Vec::new()));
    let mut threads = Vec::new();
    for (path, body) in &heavy {
        for _ in 0..4 {
            let (stop, answers) = (stop.clone(), heavy_answers.clone());
            let (path, body) = (path.to_string(), body.to_string());
            threads.push(std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let (status, head, payload) = request(addr, "POST", &path, body.as_bytes());
                    answers
                        .lock()
                        .unwrap()
                        .push((path.clone(), status, head, payload));
                }
            }));
        }
    }
    // Let the heavy requests fill their lane first.
    std::thread::sleep(Duration::from_millis(300));
    let until = Instant::now() + Duration::from_secs(5);
    let cheap: Vec<_> = (0..2)
        .map(|w| {
            std::thread::spawn(move || {
                let mut times = Vec::new();
                let mut k = w;
                while Instant::now() < until {
                    let path = if k % 2 == 0 {
                        "/api/solve"
                    } else {
                        "/api/hint"
                    };
                    let t = Instant::now();
                    let (status, v) = post(addr, path, json!({"puzzle": NINES[k % NINES.len()]}));
                    assert_eq!(status, 200, "cheap {path} refused under heavy load: {v}");
                    times.push(t.elapsed());
                    k += 2;
                }
                times
            })
        })
        .collect();
    let mut times: Vec<Duration> = cheap.into_iter().flat_map(|t| t.join().unwrap()).collect();
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    times.sort();
    eprintln!(
        "cheap requests under heavy load: {} answered 200, p50 {:?}, p99 {:?}, max {:?}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().unwrap()
    );
    assert!(times.len() > 20, "only {} cheap answers", times.len());

    let answers = heavy_answers.lock().unwrap();
    let mut refused = 0;
    for (path, status, head, payload) in answers.iter() {
        match status {
            200 => {}
            503 => {
                refused += 1;
                let v: Value = serde_json::from_slice(payload)
                    .unwrap_or_else(|_| panic!("{path}: 503 without a JSON body"));
                assert!(v["error"].is_string(), "{path}: {v}");
                assert!(
                    head.to_ascii_lowercase().contains("retry-after:"),
                    "{path}: 503 without Retry-After: {head}"
                );
            }
            s => panic!(
                "{path}: unexpected status {s}: {}",
                String::from_utf8_lossy(payload)
            ),
        }
    }
    eprintln!(
        "heavy requests: {} answered, {refused} of them 503",
        answers.len()
    );
    assert!(refused > 0, "the flood never filled the heavy lane");

    // Every heavy request has its answer; its work must stop within the
    // library's check interval of its budget (plus the answer's grace).
    std::thread::sleep(budget);
    if let (Some(a), Some(b)) = (cpu_time(), {
        std::thread::sleep(Duration::from_secs(1));
        cpu_time()
    }) {
        let used = b - a;
        eprintln!("CPU used in the second after the flood: {used:?}");
        assert!(
            used < Duration::from_millis(300),
            "the server kept computing after every budget: {used:?} CPU in one second"
        );
    }
}

fn hostile_bodies_get_clear_json_errors(addr: SocketAddr) {
    let json_error = |what: &str, answer: &str, status: u16| {
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((answer, ""));
        assert!(
            head.starts_with(&format!("HTTP/1.1 {status}")),
            "{what}: wanted {status}, got {head}"
        );
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{what}: not JSON: {head}"
        );
        let body =
            body.trim_start_matches(|c: char| c.is_ascii_hexdigit() || c == '\r' || c == '\n');
        assert!(
            body.contains("\"error\""),
            "{what}: no error message: {body}"
        );
        head.to_ascii_lowercase()
    };
    let post_with = |ctype: &str, body: &str| {
        raw(
            addr,
            format!(
                "POST /api/solve HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    };
    let ok_body = json!({ "puzzle": WIKI }).to_string();
    json_error(
        "UTF-16 JSON",
        &post_with("application/json; charset=utf-16", &ok_body),
        415,
    );
    json_error("plain text", &post_with("text/plain", &ok_body), 415);
    let a = post_with("application/json; charset=UTF-8", &ok_body);
    assert!(a.starts_with("HTTP/1.1 200"), "UTF-8 JSON refused: {a}");
    json_error("an array", &post_with("application/json", "[]"), 400);
    json_error("not JSON", &post_with("application/json", "{puzzle"), 400);
    json_error(
        "GET on a POST route",
        &raw(
            addr,
            b"GET /api/solve HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
        ),
        405,
    );
    json_error(
        "unknown path",
        &raw(
            addr,
            b"GET /nothing/here HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
        ),
        404,
    );
    for header in ["9999999999 9999999999", "9223372036854775809 2"] {
        let (status, v) = post(
            addr,
            "/api/solve",
            json!({"puzzle": format!("{header}\n1 0\n0 0\n")}),
        );
        assert!(status == 400 || status == 422, "{header}: {status} {v}");
        assert!(v["error"].is_string(), "{header}: {v}");
    }
    // A board too big to draw with candidates is refused before drawing.
    let (status, v) = post(
        addr,
        "/api/render",
        json!({"puzzle": empty(8, 8), "candidates": true}),
    );
    assert!(
        status == 400 || status == 422,
        "64×64 marks drawn: {status} {v}"
    );
    // A 400×400 board (320 KB) is over the size limit.
    let (status, v) = post(addr, "/api/render", json!({"puzzle": empty(20, 20)}));
    assert_eq!(status, 413, "{v}");

    // Security headers on the page and the API; the API is open to other
    // origins without credentials.
    let page = raw(
        addr,
        b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    )
    .to_ascii_lowercase();
    let api = raw(
        addr,
        b"GET /api/health HTTP/1.1\r\nHost: t\r\nOrigin: https://example.org\r\nConnection: close\r\n\r\n",
    )
    .to_ascii_lowercase();
    for (what, head) in [("page", &page), ("api", &api)] {
        for h in [
            "x-content-type-options: nosniff",
            "content-security-policy:",
            "frame-ancestors 'none'",
            "x-frame-options: deny",
        ] {
            assert!(head.contains(h), "{what} lacks {h}: {head}");
        }
    }
    assert!(api.contains("access-control-allow-origin: *"), "{api}");
    assert!(!api.contains("access-control-allow-credentials"), "{api}");
    assert!(!page.contains("access-control-allow-origin"), "{page}");
    let preflight = raw(
        addr,
        b"OPTIONS /api/solve HTTP/1.1\r\nHost: t\r\nOrigin: https://example.org\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\nConnection: close\r\n\r\n",
    )
    .to_ascii_lowercase();
    assert!(preflight.starts_with("http/1.1 204"), "{preflight}");
    assert!(
        preflight.contains("access-control-allow-methods: get, post"),
        "{preflight}"
    );
}

/// Clients that send half a request, or nothing, lose their connection at
/// the header or body timeout (1 s here), and meanwhile others are served.
fn slow_and_silent_clients_are_cut_off(addr: SocketAddr) {
    let mut slow: Vec<TcpStream> = (0..100)
        .map(|i| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
            match i % 3 {
                // Half the headers.
                0 => s.write_all(b"POST /api/solve HTTP/1.1\r\nHost: t\r\n").unwrap(),
                // Headers, then a body that never comes.
                1 => s
                    .write_all(
                        b"POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"puzzle\":",
                    )
                    .unwrap(),
                // Nothing at all.
                _ => {}
            }
            s
        })
        .collect();
    // Served while the slow ones hold their connections (128 allowed).
    let (status, v) = post(addr, "/api/solve", json!({"puzzle": WIKI}));
    assert_eq!(status, 200, "{v}");
    for (i, s) in slow.iter_mut().enumerate() {
        let mut out = Vec::new();
        match s.read_to_end(&mut out) {
            Ok(_) => {}
            Err(e) => panic!("slow client {i} still connected after 20 s: {e}"),
        }
        if i % 3 == 1 {
            let answer = String::from_utf8_lossy(&out);
            assert!(
                answer.starts_with("HTTP/1.1 408"),
                "slow body {i}: {answer}"
            );
            assert!(answer.contains("\"error\""), "slow body {i}: {answer}");
        }
    }
}
