//! Writes the plain direct SAT encoding of one puzzle as DIMACS CNF, to
//! compare against external SAT solvers. Variable (r, c, d) is
//! `(r·N + c)·N + d + 1`; every cell and every (unit, digit) gets an
//! at-least-one clause and pairwise at-most-one clauses; givens are unit clauses.
//!
//! ```text
//! cargo run --release --example dimacs -- FILE INDEX [--block] [--xor | --opb] > puzzle.cnf
//! ```
//!
//! `--block` solves the puzzle first and adds a clause excluding that
//! solution, so the instance is the proof of uniqueness alone (unsatisfiable
//! exactly when the puzzle is unique). Two other proof systems get the same
//! constraints in their own terms: `--xor` adds every exactly-one group as an
//! XOR constraint too (CryptoMiniSat's `x` lines, for its Gauss–Jordan
//! elimination), `--opb` writes each group as a pseudo-Boolean equality
//! `= 1` instead of clauses (OPB, for cutting-planes solvers such as
//! RoundingSat). benchmarks/history/large-grids.md has what they gave on the
//! 25×25 puzzles.

use std::io::Write;

use sudokit::format::{parse_all, ParseOptions};

/// Output form of the constraints.
#[derive(PartialEq)]
enum Form {
    Cnf,
    CnfWithXor,
    Opb,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = args[2.min(args.len())..]
        .iter()
        .map(String::as_str)
        .collect();
    let (Some(file), Some(index)) = (
        args.first(),
        args.get(1).and_then(|s| s.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: dimacs FILE INDEX (1-based) [--block] [--xor | --opb]");
        std::process::exit(2);
    };
    if let Some(bad) = flags
        .iter()
        .find(|f| !["--block", "--xor", "--opb"].contains(f))
    {
        eprintln!("dimacs: unknown option {bad}");
        std::process::exit(2);
    }
    let form = match (flags.contains(&"--xor"), flags.contains(&"--opb")) {
        (false, false) => Form::Cnf,
        (true, false) => Form::CnfWithXor,
        (false, true) => Form::Opb,
        (true, true) => {
            eprintln!("dimacs: --xor and --opb exclude each other");
            std::process::exit(2);
        }
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
        .and_then(|r| r.result.ok().map(sudokit::Puzzle::into_grid))
    else {
        eprintln!("{file}: no valid puzzle {index}");
        std::process::exit(1);
    };
    let geo = g.geometry();
    let n = geo.n();
    let var = |c: usize, d: usize| (c * n + d + 1) as i64;
    let mut groups: Vec<Vec<i64>> = (0..geo.cell_count())
        .map(|c| (0..n).map(|d| var(c, d)).collect())
        .collect();
    for u in geo.units() {
        for d in 0..n {
            groups.push(u.cells.iter().map(|&c| var(c as usize, d)).collect());
        }
    }
    let givens: Vec<i64> = (g.cells().iter().enumerate())
        .filter(|&(_, &v)| v != 0)
        .map(|(c, &v)| var(c, v as usize - 1))
        .collect();
    // The solution's literals of the open cells: at least one must go.
    let blocked: Option<Vec<i64>> = flags.contains(&"--block").then(|| {
        let Ok(Some(solution)) = sudokit::solve::solve(&g) else {
            eprintln!("{file}: puzzle {index} has no solution to block");
            std::process::exit(1);
        };
        let open: Vec<i64> = (solution.cells().iter().enumerate())
            .filter(|&(c, _)| g.cells()[c] == 0)
            .map(|(c, &v)| var(c, v as usize - 1))
            .collect();
        if open.is_empty() {
            eprintln!("{file}: puzzle {index} has no open cell: nothing to prove");
            std::process::exit(1);
        }
        open
    });
    let vars = geo.cell_count() * n;
    // A closed pipe (`| head`) ends the output quietly.
    let _ = if form == Form::Opb {
        write_opb(vars, &groups, &givens, blocked.as_deref())
    } else {
        let mut clauses: Vec<Vec<i64>> = Vec::new();
        for group in &groups {
            clauses.push(group.clone());
            for i in 0..group.len() {
                for j in i + 1..group.len() {
                    clauses.push(vec![-group[i], -group[j]]);
                }
            }
        }
        clauses.extend(givens.iter().map(|&l| vec![l]));
        clauses.extend(blocked.map(|b| b.iter().map(|&l| -l).collect()));
        let xors: &[Vec<i64>] = if form == Form::CnfWithXor {
            &groups
        } else {
            &[]
        };
        write_cnf(vars, &clauses, xors)
    };
}

/// OPB: each group `= 1`, each given `= 1`, and, when blocking, "fewer than
/// all of the solution's open-cell literals are true".
fn write_opb(
    vars: usize,
    groups: &[Vec<i64>],
    givens: &[i64],
    blocked: Option<&[i64]>,
) -> std::io::Result<()> {
    let out = std::io::stdout();
    let mut w = std::io::BufWriter::new(out.lock());
    let count = groups.len() + givens.len() + usize::from(blocked.is_some());
    writeln!(w, "* #variable= {vars} #constraint= {count}")?;
    for group in groups {
        for l in group {
            write!(w, "+1 x{l} ")?;
        }
        writeln!(w, "= 1 ;")?;
    }
    for l in givens {
        writeln!(w, "+1 x{l} = 1 ;")?;
    }
    if let Some(b) = blocked {
        for l in b {
            write!(w, "-1 x{l} ")?;
        }
        writeln!(w, ">= -{} ;", b.len() - 1)?;
    }
    w.flush()
}

/// DIMACS CNF; each of `xors` as a CryptoMiniSat XOR line (`x…`: the
/// literals' XOR is true) after the clauses.
fn write_cnf(vars: usize, clauses: &[Vec<i64>], xors: &[Vec<i64>]) -> std::io::Result<()> {
    let out = std::io::stdout();
    let mut w = std::io::BufWriter::new(out.lock());
    writeln!(w, "p cnf {vars} {}", clauses.len() + xors.len())?;
    for cl in clauses {
        for l in cl {
            write!(w, "{l} ")?;
        }
        writeln!(w, "0")?;
    }
    for x in xors {
        write!(w, "x")?;
        for l in x {
            write!(w, "{l} ")?;
        }
        writeln!(w, "0")?;
    }
    w.flush()
}
