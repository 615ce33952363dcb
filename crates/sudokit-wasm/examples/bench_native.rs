//! The browser benchmark's native side: the same `solve` export (JSON
//! request in, JSON answer out) on the same puzzles, compiled for the host.
//!
//! `cargo run --release -p sudokit-wasm --example bench_native -- FILE[:LIMIT]...`

use std::time::Instant;

/// A file's puzzles: one per line, or `R C` header blocks.
fn puzzles(file: &str, limit: usize) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("readable file");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let header = |l: &str| {
        let t: Vec<&str> = l.split_whitespace().collect();
        t.len() == 2 && t.iter().all(|x| x.parse::<u32>().is_ok())
    };
    let mut out: Vec<String> = Vec::new();
    if lines.first().is_some_and(|l| header(l)) {
        for l in lines {
            if header(l) {
                out.push(format!("{l}\n"));
            } else if let Some(last) = out.last_mut() {
                last.push_str(l);
                last.push('\n');
            }
        }
    } else {
        out = lines
            .iter()
            .map(|l| l.trim().chars().take(81).collect())
            .collect();
    }
    out.truncate(limit);
    out
}

fn main() {
    for spec in std::env::args().skip(1) {
        let (file, limit) = match spec.split_once(':') {
            Some((f, l)) => (f.to_string(), l.parse().unwrap_or(usize::MAX)),
            None => (spec.clone(), usize::MAX),
        };
        let list = puzzles(&file, limit);
        let start = Instant::now();
        for p in &list {
            let req = serde_json::json!({ "puzzle": p }).to_string();
            let answer = sudokit_wasm::solve(&req, 0.0);
            assert!(!answer.contains("\"error\""), "{answer}");
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / list.len() as f64;
        println!("{file}\t{} puzzles\t{us:.1} µs/puzzle (native)", list.len());
    }
}
