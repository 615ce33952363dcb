//! Times `count::completions` on every position of a file (one line per
//! position: an 81-character 9×9 grid, then optional words), one thread.
//!
//! ```text
//! cargo run --release -p sudokit --example count_bench -- FILE [--timeout SECS] [--threads N] [--enumeration | --bands | --rows | --columns]
//! ```
//!
//! Prints per position: seconds, method, exact or lower bound, count, tag;
//! then the median and maximum time. `--enumeration` times the search-tree
//! counter instead (the method before band composition); `--bands` forces
//! band composition whatever its estimated cost, `--rows` and `--columns`
//! also its cut (two independent decompositions, for cross-checks).

use std::time::{Duration, Instant};

use sudokit::count::{self, Options};
use sudokit::limits::Limits;
use sudokit::Grid;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut timeout = 10.0f64;
    let mut threads = 1usize;
    let mut enumeration = false;
    let mut bands = false;
    let mut orientation = count::Orientation::Auto;
    let usage = "usage: count_bench FILE [--timeout SECS] [--threads N] [--enumeration | --bands | --rows | --columns]";
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--timeout" => {
                i += 1;
                timeout = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(timeout);
            }
            "--threads" => {
                i += 1;
                threads = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(threads);
            }
            "--enumeration" => enumeration = true,
            "--bands" => bands = true,
            "--rows" => {
                bands = true;
                orientation = count::Orientation::Rows;
            }
            "--columns" => {
                bands = true;
                orientation = count::Orientation::Columns;
            }
            "-h" | "--help" => {
                println!("{usage}");
                return;
            }
            f if f.starts_with('-') => {
                eprintln!("count_bench: unknown option {f}\n{usage}");
                std::process::exit(2);
            }
            f => file = Some(f.to_string()),
        }
        i += 1;
    }
    let Some(file) = file else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("count_bench: cannot read {file}: {e}");
            std::process::exit(2);
        }
    };
    let mut times = Vec::new();
    let mut unfinished = 0;
    for l in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    {
        let (pos, tag) = l.split_at(81);
        let grid = Grid::from_line(pos).expect("a 9×9 position");
        let opts = Options {
            limits: Limits::timeout(Duration::from_secs_f64(timeout)),
            threads,
            ..Default::default()
        };
        let method = if enumeration {
            count::CompletionsMethod::Enumeration
        } else if bands {
            count::CompletionsMethod::Bands
        } else {
            count::completions_method(&grid)
        };
        let t = Instant::now();
        let c = if enumeration {
            count::completions_by_enumeration(&grid, &opts)
        } else if bands {
            count::completions_by_bands(&grid, orientation, &opts).map(|c| c.expect("a 9×9 grid"))
        } else {
            count::completions(&grid, &opts)
        }
        .expect("valid givens");
        let secs = t.elapsed().as_secs_f64();
        if !c.is_exact() {
            unfinished += 1;
        }
        times.push(secs);
        println!(
            "{secs:9.4} {:11} {:5} {} {} {}",
            format!("{method:?}"),
            if c.is_exact() { "exact" } else { "LOWER" },
            c.value(),
            grid.givens(),
            tag.trim()
        );
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let max = times.last().copied().unwrap_or(0.0);
    println!(
        "positions {}  median {median:.4} s  max {max:.4} s  unfinished {unfinished}",
        times.len()
    );
}
