//! Times solving and proving uniqueness (a search for a second solution) on
//! constraint-variant puzzle files, one thread, in process: the sudokit side
//! of `benchmarks/variants.md`.
//!
//! ```text
//! cargo run --release -p sudokit --example variant_bench -- [--runs K] [--learning] FILE...
//! ```
//!
//! Prints one tab-separated line per file: name, median solve µs, median
//! uniqueness µs (parse excluded, `Puzzle::solve` and `Puzzle::check`), the
//! verdict, and the guesses of `Puzzle::solve` (both value orders in turn,
//! `constraints/portfolio.rs`) and of the search to the end of the
//! uniqueness proof (counted in one more, untimed run). Medians of K runs
//! (default 7), since the machine is shared.

use std::time::Instant;

use sudokit::{Options, Puzzle, Verdict};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Guesses of `Puzzle::solve` and to the end of a search for two.
fn guesses(p: &Puzzle, opts: &Options) -> (u64, u64) {
    let first = p.solve_counting_guesses(opts).map_or(0, |(_, g)| g);
    let Ok(mut s) = p.solutions(opts) else {
        return (first, 0);
    };
    s.skip_one();
    s.skip_one();
    (first, s.guesses())
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 7usize;
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs = args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(runs)
            .max(1);
        args.drain(i..(i + 2).min(args.len()));
    }
    // `--learning`: the learning (CDCL) solver instead of the propagation
    // search, for comparing the two.
    let mut opts = Options::default();
    if let Some(i) = args.iter().position(|a| a == "--learning") {
        args.remove(i);
        opts = opts.with_engine(sudokit::solve::Engine::Learning);
    }
    println!("puzzle\tsolve_us\tunique_us\tverdict\tguesses_first\tguesses_unique");
    for path in &args {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        };
        let p: Puzzle = match text.parse() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        };
        let name = std::path::Path::new(path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (mut solve, mut unique) = (Vec::new(), Vec::new());
        let mut verdict = String::new();
        for _ in 0..runs {
            let t = Instant::now();
            let ok = p.solve(&opts).is_ok();
            solve.push(t.elapsed().as_secs_f64() * 1e6);
            let t = Instant::now();
            let v = p.check(&opts);
            unique.push(t.elapsed().as_secs_f64() * 1e6);
            verdict = match (ok, v) {
                (true, Ok(Verdict::Unique(_))) => "unique".into(),
                (_, Ok(Verdict::Multiple(..))) => "multiple".into(),
                (_, Err(e)) => format!("error: {e}"),
                (false, _) => "no solution".into(),
            };
        }
        let (first, all) = guesses(&p, &opts);
        println!(
            "{name}\t{:.1}\t{:.1}\t{verdict}\t{first}\t{all}",
            median(solve),
            median(unique)
        );
    }
}
