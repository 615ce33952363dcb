//! Connection admission under the slot attack of issue 48, on loopback:
//! silent sockets at twice `max_connections` plus slow clients that send
//! one header line and reconnect when cut. Every cheap solve must still be
//! answered (no timing is asserted: the p99 is measured by the
//! `slot_attack` example, figures in BENCHMARKS.md). Also: hyper's own
//! protocol errors carry JSON bodies like every other error status.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::json;
use sudokit_web::Config;

mod support;
use support::{attack, post, start, WIKI, WIKI_SOLUTION};

fn config() -> Config {
    Config {
        budget: Duration::from_secs(2),
        max_heavy: 2,
        max_connections: 16,
        max_per_peer: 8,
        ..Config::default()
    }
}

/// Cheap solves for `secs` seconds from this host: every one must answer
/// 200 with the solution.
fn cheap_solves_all_succeed(addr: SocketAddr, secs: u64) -> usize {
    let until = Instant::now() + Duration::from_secs(secs);
    let mut n = 0;
    while Instant::now() < until {
        let (status, v) = post(addr, "/api/solve", json!({ "puzzle": WIKI }));
        assert_eq!(status, 200, "cheap solve {n} refused under attack: {v}");
        assert_eq!(v["solution"]["line"], WIKI_SOLUTION, "{v}");
        n += 1;
    }
    n
}

#[test]
fn idle_and_slow_clients_cannot_shut_others_out() {
    let addr = start(config());
    let other: IpAddr = [127, 0, 0, 2].into();
    let here: IpAddr = [127, 0, 0, 1].into();
    // From another address: the per-peer limit and shedding.
    {
        let a = attack::start(addr, other, 32, 16);
        std::thread::sleep(Duration::from_millis(300));
        let n = cheap_solves_all_succeed(addr, 3);
        eprintln!(
            "attack from another address: {n} cheap solves, {} attacker connections",
            a.connects.load(std::sync::atomic::Ordering::Relaxed)
        );
    }
    // From the same address as the good client (a per-peer limit cannot
    // tell them apart, so none here): shedding the longest idle.
    let addr = start(Config {
        max_per_peer: 1000,
        ..config()
    });
    {
        let a = attack::start(addr, here, 32, 16);
        std::thread::sleep(Duration::from_millis(300));
        let n = cheap_solves_all_succeed(addr, 3);
        eprintln!(
            "attack from the same address: {n} cheap solves, {} attacker connections",
            a.connects.load(std::sync::atomic::Ordering::Relaxed)
        );
    }
}

/// Sends raw bytes and returns the whole answer.
fn raw(addr: SocketAddr, bytes: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(bytes).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn protocol_errors_have_json_bodies() {
    let addr = start(config());
    let many_headers: String = (0..200).map(|k| format!("X-H{k}: v\r\n")).collect();
    let cases = [
        ("bad request line", "GARBAGE\r\n\r\n".to_string(), 400),
        (
            "duplicate Content-Length",
            "POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}".to_string(),
            400,
        ),
        (
            "too many headers",
            format!("GET /api/health HTTP/1.1\r\nHost: t\r\n{many_headers}\r\n"),
            431,
        ),
    ];
    for (what, request, status) in cases {
        let answer = raw(addr, request.as_bytes());
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        assert!(
            head.starts_with(&format!("HTTP/1.1 {status}")),
            "{what}: {head}"
        );
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{what}: {head}"
        );
        let v: serde_json::Value =
            serde_json::from_str(body).unwrap_or_else(|e| panic!("{what}: {e}: {body:?}"));
        assert!(
            v["error"].as_str().is_some_and(|m| m.len() > 10),
            "{what}: {v}"
        );
    }
    // The server still answers afterwards.
    let (status, _) = post(addr, "/api/solve", json!({ "puzzle": WIKI }));
    assert_eq!(status, 200);
}

#[test]
fn generation_and_seed_errors_in_plain_words() {
    let addr = start(Config {
        budget: Duration::from_millis(50),
        ..config()
    });
    for seed in [json!(-5), json!(1e30), json!(1.5)] {
        let (status, v) = post(addr, "/api/generate", json!({ "box": "3x3", "seed": seed }));
        assert_eq!(status, 422, "{v}");
        let m = v["error"].as_str().unwrap();
        assert!(m.contains("is not a whole number from 0 to"), "{m}");
        assert!(!m.contains("variant"), "{m}");
    }
    // A 5×5-box board cannot be made in 50 ms: out of time, said so.
    let (status, v) = post(addr, "/api/generate", json!({ "box": "5x5" }));
    assert_eq!(status, 503, "{v}");
    let m = v["error"].as_str().unwrap();
    assert!(m.contains("ran out of time"), "{m}");
    assert!(!m.contains("difficulty"), "{m}");
}
