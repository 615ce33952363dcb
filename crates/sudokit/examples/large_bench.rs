//! Times every puzzle of a file: time to the first solution and to proven
//! uniqueness (counting up to 2), with a time limit per puzzle.
//!
//! ```text
//! cargo run --release --example large_bench -- FILE [--engine auto|backtrack|learning] [--timeout SECS]
//! ```
//!
//! With `--effort SEEDS` (comma-separated, e.g. `1,2,3`) it counts instead
//! of timing: the conflicts one learning solver needs to the first solution
//! and to proven uniqueness, per puzzle and initial variable order (see
//! `solve::learning_effort`), with their sum and geometric mean. The counts
//! are deterministic, which is what compares two heuristics on a noisy
//! machine. `--puzzles 2,3,6` restricts either mode to those puzzles
//! (numbered from 1 in the file).

use std::time::{Duration, Instant};

use sudokit::format::{parse_all, ParseOptions};
use sudokit::solve::{self, Engine, Limits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut engine = Engine::Auto;
    let mut timeout = 60.0f64;
    let mut seeds: Option<Vec<u64>> = None;
    let mut only: Option<Vec<usize>> = None;
    let list = |s: Option<&String>| -> Vec<u64> {
        s.map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default()
    };
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
            "--effort" => {
                i += 1;
                seeds = Some(list(args.get(i)));
            }
            "--puzzles" => {
                i += 1;
                only = Some(list(args.get(i)).into_iter().map(|x| x as usize).collect());
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
        eprintln!(
            "usage: large_bench FILE [--engine auto|backtrack|learning] [--timeout SECS] \
             [--effort SEEDS] [--puzzles LIST]"
        );
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let mut recs = parse_all(&text, &ParseOptions::default());
    if let Some(only) = &only {
        recs.retain(|r| only.contains(&r.number));
    }
    if let Some(seeds) = seeds {
        effort(recs, &seeds, timeout);
        return;
    }
    println!("puzzle\tfirst_s\tunique_s\tcount\tguesses");
    let (mut tf, mut tu) = (0.0, 0.0);
    for rec in recs {
        let Ok(g) = rec.result.map(sudokit::Puzzle::into_grid) else {
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

/// Conflicts of one learning solver per puzzle and seed (`--effort`).
fn effort(recs: Vec<sudokit::format::Record>, seeds: &[u64], timeout: f64) {
    println!("puzzle\tseed\tfirst_conflicts\tunique_conflicts\tsolutions");
    let (mut first_sum, mut total_sum, mut log_sum, mut runs) = (0u64, 0u64, 0.0f64, 0u32);
    for rec in recs {
        let Ok(g) = rec.result.map(sudokit::Puzzle::into_grid) else {
            println!("{}\tparse error", rec.number);
            continue;
        };
        for &seed in seeds {
            let limits = Limits::timeout(Duration::from_secs_f64(timeout));
            let e = solve::learning_effort(&g, seed, limits);
            let first = e.first.map_or(0, |w| w.conflicts);
            match e.total {
                Some(total) => {
                    println!(
                        "{}\t{seed}\t{first}\t{}\t{}",
                        rec.number, total.conflicts, e.solutions
                    );
                    first_sum += first;
                    total_sum += total.conflicts;
                    log_sum += (total.conflicts.max(1) as f64).ln();
                    runs += 1;
                }
                None => println!("{}\t{seed}\t{first}\tTIMEOUT\t{}", rec.number, e.solutions),
            }
        }
    }
    let geo = (log_sum / f64::from(runs.max(1))).exp();
    println!("total\t{runs} runs\t{first_sum}\t{total_sum}\tgeometric mean {geo:.0}");
}
