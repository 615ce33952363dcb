//! Writes the plain direct SAT encoding of one puzzle as DIMACS CNF, to
//! compare against external SAT solvers. Variable (r, c, d) is
//! `(r·N + c)·N + d + 1`; every cell and every (unit, digit) gets an
//! at-least-one clause and pairwise at-most-one clauses; givens are unit clauses.
//!
//! ```text
//! cargo run --release --example dimacs -- FILE INDEX > puzzle.cnf
//! ```

use std::io::Write;

use sudokit::format::{parse_all, ParseOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(file), Some(index)) = (
        args.first(),
        args.get(1).and_then(|s| s.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: dimacs FILE INDEX (1-based)");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let recs = parse_all(&text, &ParseOptions::default());
    // No output at all past the last puzzle: `cadical_bench.sh` stops there.
    let Some(g) = index
        .checked_sub(1)
        .and_then(|i| recs.into_iter().nth(i))
        .and_then(|r| r.result.ok())
    else {
        eprintln!("{file}: no valid puzzle {index}");
        std::process::exit(1);
    };
    let geo = g.geometry();
    let n = geo.n();
    let var = |c: usize, d: usize| c * n + d + 1;
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    let mut exactly_one = |vars: Vec<usize>| {
        clauses.push(vars.iter().map(|&v| v as i64).collect());
        for i in 0..vars.len() {
            for j in i + 1..vars.len() {
                clauses.push(vec![-(vars[i] as i64), -(vars[j] as i64)]);
            }
        }
    };
    for c in 0..geo.cell_count() {
        exactly_one((0..n).map(|d| var(c, d)).collect());
    }
    for u in geo.units() {
        for d in 0..n {
            exactly_one(u.cells.iter().map(|&c| var(c as usize, d)).collect());
        }
    }
    for (c, &v) in g.cells().iter().enumerate() {
        if v != 0 {
            clauses.push(vec![var(c, v as usize - 1) as i64]);
        }
    }
    // A closed pipe (`| head`) ends the output quietly.
    let _ = write_cnf(geo.cell_count() * n, &clauses);
}

fn write_cnf(vars: usize, clauses: &[Vec<i64>]) -> std::io::Result<()> {
    let out = std::io::stdout();
    let mut w = std::io::BufWriter::new(out.lock());
    writeln!(w, "p cnf {vars} {}", clauses.len())?;
    for cl in clauses {
        for l in cl {
            write!(w, "{l} ")?;
        }
        writeln!(w, "0")?;
    }
    w.flush()
}
