//! Load check for `sudokit serve` (a benchmark, not a test): from this
//! second process, `CLIENTS` threads send requests for `SECS` seconds and
//! the latencies of every request, answered or not, are summarised per
//! kind: requests/s, p50, p99, max, and the count of each status.
//!
//! Cheap clients send hint and solve requests in turn, each on the next
//! 9×9 puzzle of a file. With `--heavy K`, K more clients keep heavy work in
//! flight (minimal 5×5 generation, hint on an empty 64×64, explain on an
//! empty 25×25, count on an empty 16×16), one kind after another. With
//! `--pid PID`, the server's peak resident memory is read at the end
//! (Linux).
//!
//! ```text
//! sudokit serve --addr 127.0.0.1:18080 &
//! cargo run --release -p sudokit-web --example load -- 127.0.0.1:18080 60 32 \
//!     ../shared/data/puzzles3_magictour_top1465 --heavy 8 --pid $!
//! ```

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Per-request outcome: latency and status (0 = no answer).
type Outcomes = Vec<(Duration, u16)>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: load ADDR SECS CLIENTS PUZZLE_FILE [--heavy K] [--pid PID]");
        std::process::exit(2);
    };
    if args.len() < 4 {
        usage();
    }
    let addr: SocketAddr = args[0].parse().unwrap_or_else(|_| usage());
    let secs: f64 = args[1].parse().unwrap_or_else(|_| usage());
    let clients: usize = args[2].parse().unwrap_or_else(|_| usage());
    let text = std::fs::read_to_string(&args[3]).unwrap_or_else(|_| usage());
    let mut heavy_clients = 0;
    let mut pid: Option<u32> = None;
    let mut rest = args[4..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--heavy" => heavy_clients = value.parse().unwrap_or_else(|_| usage()),
            "--pid" => pid = Some(value.parse().unwrap_or_else(|_| usage())),
            _ => usage(),
        }
    }
    let puzzles: Arc<Vec<String>> = Arc::new(
        text.lines()
            .map(str::trim)
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| l[..81].to_string())
            .collect(),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let heavy: Vec<_> = (0..heavy_clients)
        .map(|w| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let kinds = heavy_requests();
                let mut out = Outcomes::new();
                let mut k = w;
                while !stop.load(Ordering::Relaxed) {
                    let (path, body) = &kinds[k % kinds.len()];
                    out.push(timed(addr, path, body));
                    k += 1;
                }
                out
            })
        })
        .collect();
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let started = Instant::now();
    let cheap: Vec<_> = (0..clients)
        .map(|w| {
            let puzzles = puzzles.clone();
            std::thread::spawn(move || {
                let mut out = Outcomes::new();
                let mut k = w;
                while Instant::now() < until {
                    let p = &puzzles[k % puzzles.len()];
                    let path = if k % 2 == 0 {
                        "/api/hint"
                    } else {
                        "/api/solve"
                    };
                    out.push(timed(addr, path, &format!("{{\"puzzle\":\"{p}\"}}")));
                    k += clients;
                }
                out
            })
        })
        .collect();
    let cheap: Outcomes = cheap.into_iter().flat_map(|t| t.join().unwrap()).collect();
    let wall = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let heavy: Outcomes = heavy.into_iter().flat_map(|t| t.join().unwrap()).collect();
    report(&format!("cheap ({clients} clients)"), cheap, wall);
    if heavy_clients > 0 {
        report(&format!("heavy ({heavy_clients} clients)"), heavy, wall);
    }
    if let Some(pid) = pid {
        match peak_rss(pid) {
            Some(mib) => println!("server peak RSS: {mib} MiB"),
            None => println!("server peak RSS: unknown (no /proc/{pid}/status)"),
        }
    }
}

fn heavy_requests() -> Vec<(&'static str, String)> {
    let empty = |r: usize, c: usize| {
        let n = r * c;
        let row = vec!["0"; n].join(" ");
        format!("{r} {c}\\n{}", vec![row; n].join("\\n"))
    };
    vec![
        (
            "/api/generate",
            r#"{"box":"5x5","minimal":true,"seed":1}"#.to_string(),
        ),
        ("/api/hint", format!("{{\"puzzle\":\"{}\"}}", empty(8, 8))),
        (
            "/api/explain",
            format!("{{\"puzzle\":\"{}\"}}", empty(5, 5)),
        ),
        ("/api/count", format!("{{\"puzzle\":\"{}\"}}", empty(4, 4))),
    ]
}

fn timed(addr: SocketAddr, path: &str, body: &str) -> (Duration, u16) {
    let t = Instant::now();
    let status = post(addr, path, body).unwrap_or(0);
    (t.elapsed(), status)
}

fn report(what: &str, mut out: Outcomes, wall: f64) {
    if out.is_empty() {
        println!("{what}: no request sent");
        return;
    }
    out.sort();
    let pct = |p: f64| out[((out.len() as f64 - 1.0) * p).round() as usize].0;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    for &(_, s) in &out {
        *statuses.entry(s).or_default() += 1;
    }
    let statuses: Vec<String> = statuses
        .iter()
        .map(|(s, k)| match s {
            0 => format!("no answer: {k}"),
            s => format!("{s}: {k}"),
        })
        .collect();
    println!(
        "{what}: {} requests in {wall:.1} s, {:.0}/s; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {}",
        out.len(),
        out.len() as f64 / wall,
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(out.last().unwrap().0),
        statuses.join(", ")
    );
}

fn peak_rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
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
