//! Load check for `sudokit serve` (a benchmark, not a test): from this
//! second process, `CLIENTS` threads send hint and solve requests in turn
//! for `SECS` seconds, each on the next puzzle of a file, and the latencies
//! are summarised (requests/s, p50, p99, max, errors).
//!
//! ```text
//! sudokit serve --addr 127.0.0.1:18080 &
//! cargo run --release -p sudokit-web --example load -- 127.0.0.1:18080 20 4 ../shared/data/puzzles3_magictour_top1465
//! ```

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [addr, secs, clients, file] = args.as_slice() else {
        eprintln!("usage: load ADDR SECS CLIENTS PUZZLE_FILE");
        std::process::exit(2);
    };
    let addr: SocketAddr = addr.parse().expect("ADDR as host:port");
    let secs: f64 = secs.parse().expect("SECS");
    let clients: usize = clients.parse().expect("CLIENTS");
    let text = std::fs::read_to_string(file).expect("puzzle file");
    let puzzles: Arc<Vec<String>> = Arc::new(
        text.lines()
            .map(str::trim)
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| l[..81].to_string())
            .collect(),
    );
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let started = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|w| {
            let puzzles = puzzles.clone();
            std::thread::spawn(move || {
                let mut times = Vec::new();
                let mut errors = Vec::new();
                let mut k = w;
                while Instant::now() < until {
                    let p = &puzzles[k % puzzles.len()];
                    let path = if k % 2 == 0 {
                        "/api/hint"
                    } else {
                        "/api/solve"
                    };
                    let body = format!("{{\"puzzle\":\"{p}\"}}");
                    let t = Instant::now();
                    match post(addr, path, &body) {
                        Ok(200) => times.push(t.elapsed()),
                        Ok(status) => errors.push(format!("{path}: HTTP {status}")),
                        Err(e) => errors.push(format!("{path}: {e}")),
                    }
                    k += clients;
                }
                (times, errors)
            })
        })
        .collect();
    let mut times = Vec::new();
    let mut errors = Vec::new();
    for w in workers {
        let (t, e) = w.join().unwrap();
        times.extend(t);
        errors.extend(e);
    }
    let wall = started.elapsed().as_secs_f64();
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    if times.is_empty() {
        println!("no successful request; errors: {}", errors.len());
    } else {
        println!(
            "{} requests in {wall:.1} s with {clients} clients: {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, errors {}",
            times.len() + errors.len(),
            times.len() as f64 / wall,
            ms(pct(0.5)),
            ms(pct(0.99)),
            ms(*times.last().unwrap()),
            errors.len()
        );
    }
    for e in errors.iter().take(5) {
        println!("error: {e}");
    }
}

/// One request on its own connection; the status code.
fn post(addr: SocketAddr, path: &str, body: &str) -> std::io::Result<u16> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: load\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let head = String::from_utf8_lossy(&raw[..raw.len().min(32)]).into_owned();
    head.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status line"))
}
