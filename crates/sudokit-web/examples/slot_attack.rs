//! Measures cheap 9×9 solves against a running server while it is under the
//! connection-slot attack of issue 48 (silent sockets plus slow clients
//! that send one header line and reconnect when cut).
//!
//! ```text
//! sudokit serve --budget 2 --max-heavy 2 --max-connections 64 &
//! cargo run --release -p sudokit-web --example slot_attack -- 127.0.0.1:8080 60 128 70 127.0.0.2
//! ```
//! Arguments: server address, seconds, idle sockets, slow clients, the
//! attacker's source address (default: the same as the cheap client's).
//! Prints the cheap solves' count, failures, p50, p99 and max.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

#[path = "../tests/support/attack.rs"]
mod attack;

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// One cheap solve on a fresh connection: true when it answered 200.
fn solve(addr: SocketAddr) -> bool {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
    let body = format!("{{\"puzzle\":\"{WIKI}\"}}");
    let req = format!(
        "POST /api/solve HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    if s.write_all(req.as_bytes()).is_err() {
        return false;
    }
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    out.starts_with(b"HTTP/1.1 200")
}

const USAGE: &str =
    "usage: slot_attack [ADDRESS [SECONDS [IDLE_SOCKETS [SLOW_CLIENTS [FROM_ADDRESS]]]]]
  defaults: 127.0.0.1:8080 60 128 70 127.0.0.1
  Runs the attack on a running `sudokit serve` and prints the cheap solves' count,
  failures, p50, p99 and max.";

/// Argument `i`, or its default; a value that does not parse prints the
/// usage and exits.
fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: &str, what: &str) -> T {
    let text = args.get(i).map_or(default, String::as_str);
    text.parse().unwrap_or_else(|_| {
        eprintln!("slot_attack: `{text}` is not {what}\n{USAGE}");
        std::process::exit(2)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return;
    }
    let addr: SocketAddr = arg(&args, 0, "127.0.0.1:8080", "an address (host:port)");
    let secs: u64 = arg(&args, 1, "60", "a number of seconds");
    let idle: usize = arg(&args, 2, "128", "a number of idle sockets");
    let slow: usize = arg(&args, 3, "70", "a number of slow clients");
    let from: IpAddr = arg(&args, 4, "127.0.0.1", "a source address");
    let a = attack::start(addr, from, idle, slow);
    std::thread::sleep(Duration::from_millis(500));
    let until = Instant::now() + Duration::from_secs(secs);
    let (mut times, mut failed) = (Vec::new(), 0);
    while Instant::now() < until {
        let t = Instant::now();
        if solve(addr) {
            times.push(t.elapsed());
        } else {
            failed += 1;
        }
    }
    let connects = a.connects.load(std::sync::atomic::Ordering::Relaxed);
    drop(a);
    times.sort();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    if times.is_empty() {
        println!("no cheap solve answered; {failed} failed");
        return;
    }
    println!(
        "{} cheap solves in {secs} s, {failed} failed; p50 {:?}, p99 {:?}, max {:?}; \
         attacker: {idle} idle + {slow} slow from {from}, {connects} connections",
        times.len(),
        pct(0.5),
        pct(0.99),
        times.last().unwrap()
    );
}
