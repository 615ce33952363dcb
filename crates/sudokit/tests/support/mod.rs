//! Test support: an independent solution checker and data-file access.
//!
//! The checker deliberately shares no code with the library: it rebuilds every
//! group of cells from the box shape and variant flags with its own arithmetic,
//! and checks a finished grid digit by digit. A solver bug and a geometry bug
//! cannot hide each other.

#![allow(dead_code)]

use std::path::PathBuf;

/// The constraint-variant suite in `tests/variants/`: (file name, text) of
/// every `.txt` file, sorted by name.
pub fn variant_suite() -> Vec<(String, String)> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// Path of a file in the shared data directory: `$SUDOKIT_DATA` if set, else
/// `../shared/data` beside the repository.
pub fn data(name: &str) -> PathBuf {
    std::env::var_os("SUDOKIT_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
        })
        .join(name)
}

/// Path of a file in the repository's `examples/`.
pub fn example(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples")).join(name)
}

pub fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Rules for the checker, described independently of the library's types.
#[derive(Clone, Copy, Default)]
pub struct Rules {
    pub box_rows: usize,
    pub box_cols: usize,
    pub diagonals: bool,
    pub disjoint: bool,
    pub hypercube: bool,
    pub windows: bool,
}

impl Rules {
    pub fn classic(box_rows: usize, box_cols: usize) -> Self {
        Rules {
            box_rows,
            box_cols,
            ..Default::default()
        }
    }
}

/// Every group (list of row-major cell indices) the rules require.
pub fn groups(r: &Rules) -> Vec<Vec<usize>> {
    let n = r.box_rows * r.box_cols;
    let mut out = Vec::new();
    for i in 0..n {
        out.push((0..n).map(|j| i * n + j).collect());
        out.push((0..n).map(|j| j * n + i).collect());
    }
    // Box (band, stack): rows band*R.., columns stack*C..
    for band in 0..r.box_cols {
        for stack in 0..r.box_rows {
            let mut g = Vec::new();
            for y in 0..r.box_rows {
                for x in 0..r.box_cols {
                    g.push((band * r.box_rows + y) * n + stack * r.box_cols + x);
                }
            }
            out.push(g);
        }
    }
    if r.diagonals {
        out.push((0..n).map(|i| i * n + i).collect());
        out.push((0..n).map(|i| i * n + (n - 1 - i)).collect());
    }
    if r.disjoint || r.hypercube {
        for y in 0..r.box_rows {
            for x in 0..r.box_cols {
                let mut g = Vec::new();
                for band in 0..r.box_cols {
                    for stack in 0..r.box_rows {
                        g.push((band * r.box_rows + y) * n + stack * r.box_cols + x);
                    }
                }
                out.push(g);
            }
        }
    }
    if r.hypercube {
        // Square boxes of side k; row = k*w + x, column = k*y + z.
        let k = r.box_rows;
        for a in 0..k {
            for b in 0..k {
                let mut fix_wz = Vec::new();
                let mut fix_xy = Vec::new();
                for p in 0..k {
                    for q in 0..k {
                        fix_wz.push((k * a + p) * n + k * q + b);
                        fix_xy.push((k * p + a) * n + k * b + q);
                    }
                }
                out.push(fix_wz);
                out.push(fix_xy);
            }
        }
    }
    if r.windows {
        let mut top = 1;
        while top + r.box_rows < n {
            let mut left = 1;
            while left + r.box_cols < n {
                let mut g = Vec::new();
                for y in 0..r.box_rows {
                    for x in 0..r.box_cols {
                        g.push((top + y) * n + left + x);
                    }
                }
                out.push(g);
                left += r.box_cols + 1;
            }
            top += r.box_rows + 1;
        }
    }
    out
}

/// Checks that `solution` is a complete valid grid under `rules` that keeps
/// every given of `puzzle` (0 = empty). Returns a description of the first fault.
pub fn check(rules: &Rules, puzzle: &[u16], solution: &[u16]) -> Result<(), String> {
    let n = rules.box_rows * rules.box_cols;
    if solution.len() != n * n || puzzle.len() != n * n {
        return Err(format!("expected {} cells", n * n));
    }
    for (i, (&p, &s)) in puzzle.iter().zip(solution).enumerate() {
        if s == 0 || s as usize > n {
            return Err(format!("cell {i} holds {s}"));
        }
        if p != 0 && p != s {
            return Err(format!("cell {i}: given {p} changed to {s}"));
        }
    }
    for g in groups(rules) {
        let mut seen = vec![false; n + 1];
        for &c in &g {
            let v = solution[c] as usize;
            if seen[v] {
                return Err(format!("digit {v} twice in group {g:?}"));
            }
            seen[v] = true;
        }
    }
    Ok(())
}

/// Checks a 3-D cube solution (N×N×N, index x·N² + y·N + z): every axis line
/// and every box of every axis-aligned plane holds each digit once.
pub fn check_cube(box_rows: usize, box_cols: usize, solution: &[u16]) -> Result<(), String> {
    let n = box_rows * box_cols;
    let idx = |x: usize, y: usize, z: usize| x * n * n + y * n + z;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for a in 0..n {
        for b in 0..n {
            groups.push((0..n).map(|t| idx(t, a, b)).collect());
            groups.push((0..n).map(|t| idx(a, t, b)).collect());
            groups.push((0..n).map(|t| idx(a, b, t)).collect());
        }
    }
    for plane in 0..n {
        for by in 0..n / box_rows {
            for bx in 0..n / box_cols {
                let cells = |f: &dyn Fn(usize, usize) -> usize| -> Vec<usize> {
                    let mut g = Vec::new();
                    for u in 0..box_rows {
                        for v in 0..box_cols {
                            g.push(f(by * box_rows + u, bx * box_cols + v));
                        }
                    }
                    g
                };
                groups.push(cells(&|u, v| idx(plane, u, v)));
                groups.push(cells(&|u, v| idx(u, plane, v)));
                groups.push(cells(&|u, v| idx(u, v, plane)));
            }
        }
    }
    for g in groups {
        let mut seen = vec![false; n + 1];
        for &c in &g {
            let v = solution[c] as usize;
            if v == 0 || v > n || seen[v] {
                return Err(format!("bad digit {v} in group {g:?}"));
            }
            seen[v] = true;
        }
    }
    Ok(())
}
