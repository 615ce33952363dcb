//! Times every puzzle of a file: time to the first solution and to proven
//! uniqueness (counting up to 2), with a time limit per puzzle.
//!
//! ```text
//! cargo run --release --example large_bench -- FILE [--engine auto|backtrack|learning] [--timeout SECS]
//! ```

use std::time::{Duration, Instant};

use sudokit::format::{parse_all, ParseOptions};
use sudokit::solve::{self, Engine, Limits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut engine = Engine::Auto;
    let mut timeout = 60.0f64;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--engine" => {
                i += 1;
                engine = match args.get(i).map(String::as_str) {
                    Some("backtrack") => Engine::Backtrack,
                    Some("learning") => Engine::Learning,
                    _ => Engine::Auto,
                };
            }
            "--timeout" => {
                i += 1;
                timeout = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(60.0);
            }
            f => file = Some(f.to_string()),
        }
        i += 1;
    }
    let Some(file) = file else {
        eprintln!("usage: large_bench FILE [--engine auto|backtrack|learning] [--timeout SECS]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).expect("readable file");
    let recs = parse_all(&text, &ParseOptions::default());
    println!("puzzle\tfirst_s\tunique_s\tcount\tguesses");
    let (mut tf, mut tu) = (0.0, 0.0);
    for rec in recs {
        let Ok(g) = rec.result else {
            println!("{}\tparse error", rec.number);
            continue;
        };
        let start = Instant::now();
        let limits = Limits::timeout(Duration::from_secs_f64(timeout));
        let mut sols = solve::solutions_with_engine(&g, engine, limits);
        let first = sols.next();
        let t1 = start.elapsed().as_secs_f64();
        if let Some(s) = &first {
            assert!(s.is_solved(), "solution breaks the rules");
            assert!(g
                .cells()
                .iter()
                .zip(s.cells())
                .all(|(&a, &b)| a == 0 || a == b));
        }
        let second = first.is_some() && sols.skip_one();
        let t2 = start.elapsed().as_secs_f64();
        let count = usize::from(first.is_some()) + usize::from(second);
        let status = if sols.interrupted() { "TIMEOUT" } else { "" };
        tf += t1;
        tu += t2;
        println!(
            "{}\t{t1:.3}\t{t2:.3}\t{count}{status}\t{}",
            rec.number,
            sols.guesses()
        );
    }
    println!("total\t{tf:.3}\t{tu:.3}");
}
