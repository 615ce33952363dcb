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
    let text = std::fs::read_to_string(file).expect("readable file");
    let recs = parse_all(&text, &ParseOptions::default());
    let g = recs
        .into_iter()
        .nth(index - 1)
        .and_then(|r| r.result.ok())
        .expect("puzzle");
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
    let out = std::io::stdout();
    let mut w = std::io::BufWriter::new(out.lock());
    writeln!(w, "p cnf {} {}", geo.cell_count() * n, clauses.len()).unwrap();
    for cl in clauses {
        for l in cl {
            write!(w, "{l} ").unwrap();
        }
        writeln!(w, "0").unwrap();
    }
}
