//! An independent checker for constraint-variant puzzle files, written for
//! the tests: it shares no code with the engine. It reads the puzzle text
//! itself (directives, the grid line, the `# solution:` comment) and checks
//! a solution against rows, columns, boxes, the `x` diagonals and every
//! constraint rule, each written out directly from its definition.

#![allow(dead_code)]

/// One puzzle file, as the checker understands it.
pub struct VariantFile {
    pub n: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    pub diagonals: bool,
    pub givens: Vec<u32>,
    pub solution: Option<Vec<u32>>,
    /// (key, value) of every constraint directive, in order.
    pub rules: Vec<(String, String)>,
}

fn digit(ch: char) -> Option<u32> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u32 - '0' as u32),
        'A'..='Z' => Some(ch as u32 - 'A' as u32 + 10),
        _ => None,
    }
}

fn line_values(s: &str) -> Vec<u32> {
    s.chars()
        .map(|c| digit(c).expect("grid character"))
        .collect()
}

const FLAGS: [&str; 3] = ["anti-knight", "anti-king", "non-consecutive"];

pub fn read(text: &str) -> VariantFile {
    let mut solution = None;
    let mut shape = None;
    let mut diagonals = false;
    let mut rules = Vec::new();
    let mut givens = None;
    for raw in text.lines() {
        let t = raw.trim();
        if let Some(s) = t.strip_prefix("# solution:") {
            solution = Some(line_values(s.trim()));
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if FLAGS.contains(&t) {
            rules.push((t.to_string(), String::new()));
            continue;
        }
        if let Some((k, v)) = t.split_once(':') {
            let k = k.trim().to_string();
            let v = v.trim().to_string();
            match k.as_str() {
                "box" => {
                    let (r, c) = v.split_once('x').unwrap();
                    shape = Some((r.parse().unwrap(), c.parse().unwrap()));
                }
                "variant" => diagonals = v.split_whitespace().any(|w| w == "x"),
                "name" => {}
                _ => rules.push((k, v)),
            }
            continue;
        }
        givens = Some(line_values(t));
    }
    let givens = givens.expect("a grid line");
    let n = (givens.len() as f64).sqrt() as usize;
    assert_eq!(n * n, givens.len());
    let (box_rows, box_cols) = shape.unwrap_or_else(|| match n {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => panic!("give box: for n = {n}"),
    });
    VariantFile {
        n,
        box_rows,
        box_cols,
        diagonals,
        givens,
        solution,
        rules,
    }
}

fn cell(t: &str, n: usize) -> usize {
    let rest = t.strip_prefix('r').expect("rNcM");
    let (r, c) = rest.split_once('c').unwrap();
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    assert!(r >= 1 && r <= n && c >= 1 && c <= n);
    (r - 1) * n + (c - 1)
}

fn cells(s: &str, n: usize) -> Vec<usize> {
    s.split_whitespace().map(|t| cell(t, n)).collect()
}

fn all_different(vals: &[u32]) -> bool {
    let mut v = vals.to_vec();
    v.sort();
    v.windows(2).all(|w| w[0] != w[1])
}

fn adjacent_orthogonally(a: usize, b: usize, n: usize) -> bool {
    let (ra, ca) = ((a / n) as i64, (a % n) as i64);
    let (rb, cb) = ((b / n) as i64, (b % n) as i64);
    (ra - rb).abs() + (ca - cb).abs() == 1
}

/// Checks `sol` (values 1..=n, row-major) against everything in the file.
/// Returns the first broken rule as text.
pub fn check(f: &VariantFile, sol: &[u32]) -> Result<(), String> {
    let n = f.n;
    if sol.len() != n * n || sol.iter().any(|&v| v < 1 || v as usize > n) {
        return Err("not a complete grid".into());
    }
    for (i, (&g, &s)) in f.givens.iter().zip(sol).enumerate() {
        if g != 0 && g != s {
            return Err(format!("given at {i} changed"));
        }
    }
    let at = |r: usize, c: usize| sol[r * n + c];
    for i in 0..n {
        let row: Vec<u32> = (0..n).map(|c| at(i, c)).collect();
        let col: Vec<u32> = (0..n).map(|r| at(r, i)).collect();
        if !all_different(&row) || !all_different(&col) {
            return Err(format!("row or column {}", i + 1));
        }
    }
    for br in (0..n).step_by(f.box_rows) {
        for bc in (0..n).step_by(f.box_cols) {
            let mut vals = Vec::new();
            for r in br..br + f.box_rows {
                for c in bc..bc + f.box_cols {
                    vals.push(at(r, c));
                }
            }
            if !all_different(&vals) {
                return Err(format!("box at r{}c{}", br + 1, bc + 1));
            }
        }
    }
    if f.diagonals {
        let d1: Vec<u32> = (0..n).map(|i| at(i, i)).collect();
        let d2: Vec<u32> = (0..n).map(|i| at(i, n - 1 - i)).collect();
        if !all_different(&d1) || !all_different(&d2) {
            return Err("diagonal".into());
        }
    }
    let v = |c: usize| sol[c];
    let dotted = |kinds: &[&str]| -> Vec<(usize, usize)> {
        f.rules
            .iter()
            .filter_map(|(k, val)| {
                let (kind, rest) = match k.as_str() {
                    "kropki-white" => ("white", val.as_str()),
                    "kropki-black" => ("black", val.as_str()),
                    "xv" => val.split_once(' ')?,
                    _ => return None,
                };
                if !kinds.contains(&kind) {
                    return None;
                }
                let cs = cells(rest, n);
                Some((cs[0].min(cs[1]), cs[0].max(cs[1])))
            })
            .collect()
    };
    for (k, val) in &f.rules {
        let ok = match k.as_str() {
            "cage" => {
                let mut toks = val.split_whitespace().peekable();
                let sum: Option<u32> = match toks.peek() {
                    Some(t) if t.chars().all(|c| c.is_ascii_digit()) => {
                        Some(toks.next().unwrap().parse().unwrap())
                    }
                    _ => None,
                };
                let cs: Vec<usize> = toks.map(|t| cell(t, n)).collect();
                let vals: Vec<u32> = cs.iter().map(|&c| v(c)).collect();
                all_different(&vals) && sum.map_or(true, |s| vals.iter().sum::<u32>() == s)
            }
            "thermo" => cells(val, n).windows(2).all(|w| v(w[0]) < v(w[1])),
            "arrow" => {
                let (circle, arrow) = val.split_once('|').unwrap();
                let mut number = 0u64;
                for c in cells(circle, n) {
                    number = number * 10 + v(c) as u64;
                }
                number == cells(arrow, n).iter().map(|&c| v(c) as u64).sum::<u64>()
            }
            "kropki-white" => {
                let cs = cells(val, n);
                v(cs[0]).abs_diff(v(cs[1])) == 1
            }
            "kropki-black" => {
                let cs = cells(val, n);
                v(cs[0]) == 2 * v(cs[1]) || v(cs[1]) == 2 * v(cs[0])
            }
            "xv" => {
                let (kind, rest) = val.split_once(' ').unwrap_or((val.as_str(), ""));
                match kind {
                    "x" | "v" => {
                        let cs = cells(rest, n);
                        v(cs[0]) + v(cs[1]) == if kind == "x" { 10 } else { 5 }
                    }
                    "all" => {
                        let marked = dotted(&["x", "v"]);
                        let mut ok = true;
                        for a in 0..n * n {
                            for b in [a + 1, a + n] {
                                if b < n * n
                                    && adjacent_orthogonally(a, b, n)
                                    && !marked.contains(&(a, b))
                                {
                                    let s = v(a) + v(b);
                                    ok &= s != 10 && s != 5;
                                }
                            }
                        }
                        ok
                    }
                    _ => return Err(format!("xv: {val}")),
                }
            }
            "kropki" => {
                assert_eq!(val, "all");
                let marked = dotted(&["white", "black"]);
                let mut ok = true;
                for a in 0..n * n {
                    for b in [a + 1, a + n] {
                        if b < n * n && adjacent_orthogonally(a, b, n) && !marked.contains(&(a, b))
                        {
                            let (x, y) = (v(a), v(b));
                            ok &= x.abs_diff(y) != 1 && x != 2 * y && y != 2 * x;
                        }
                    }
                }
                ok
            }
            "sandwich" => {
                let (line, sum) = val.split_once('=').unwrap();
                let sum: u32 = sum.trim().parse().unwrap();
                let mut words = line.split_whitespace();
                let kind = words.next().unwrap();
                let k: usize = words.next().unwrap().parse::<usize>().unwrap() - 1;
                let vals: Vec<u32> = (0..n)
                    .map(|i| if kind == "row" { at(k, i) } else { at(i, k) })
                    .collect();
                let p1 = vals.iter().position(|&x| x == 1).unwrap();
                let pn = vals.iter().position(|&x| x as usize == n).unwrap();
                vals[p1.min(pn) + 1..p1.max(pn)].iter().sum::<u32>() == sum
            }
            "little-killer" => {
                let w: Vec<&str> = val.split_whitespace().collect();
                let sum: u32 = w[0].parse().unwrap();
                let start = cell(w[1], n);
                let (dr, dc): (i64, i64) = match w[2] {
                    "down-right" => (1, 1),
                    "down-left" => (1, -1),
                    "up-right" => (-1, 1),
                    "up-left" => (-1, -1),
                    d => return Err(format!("direction {d}")),
                };
                let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
                let mut total = 0;
                while r >= 0 && c >= 0 && r < n as i64 && c < n as i64 {
                    total += at(r as usize, c as usize);
                    r += dr;
                    c += dc;
                }
                total == sum
            }
            "anti-knight" | "anti-king" => {
                let moves: Vec<(i64, i64)> = if k == "anti-knight" {
                    vec![(1, 2), (2, 1), (1, -2), (2, -1)]
                } else {
                    vec![(0, 1), (1, 0), (1, 1), (1, -1)]
                };
                let mut ok = true;
                for r in 0..n as i64 {
                    for c in 0..n as i64 {
                        for &(dr, dc) in &moves {
                            let (r2, c2) = (r + dr, c + dc);
                            if r2 >= 0 && c2 >= 0 && r2 < n as i64 && c2 < n as i64 {
                                ok &= at(r as usize, c as usize) != at(r2 as usize, c2 as usize);
                            }
                        }
                    }
                }
                ok
            }
            "non-consecutive" => {
                let mut ok = true;
                for r in 0..n {
                    for c in 0..n {
                        if c + 1 < n {
                            ok &= at(r, c).abs_diff(at(r, c + 1)) != 1;
                        }
                        if r + 1 < n {
                            ok &= at(r, c).abs_diff(at(r + 1, c)) != 1;
                        }
                    }
                }
                ok
            }
            "odd" => cells(val, n).iter().all(|&c| v(c) % 2 == 1),
            "even" => cells(val, n).iter().all(|&c| v(c) % 2 == 0),
            "whisper" => {
                let gap = (n as u32).div_ceil(2);
                cells(val, n)
                    .windows(2)
                    .all(|w| v(w[0]).abs_diff(v(w[1])) >= gap)
            }
            "renban" => {
                let vals: Vec<u32> = cells(val, n).iter().map(|&c| v(c)).collect();
                let (mn, mx) = (*vals.iter().min().unwrap(), *vals.iter().max().unwrap());
                all_different(&vals) && (mx - mn) as usize + 1 == vals.len()
            }
            "palindrome" => {
                let vals: Vec<u32> = cells(val, n).iter().map(|&c| v(c)).collect();
                vals.iter().eq(vals.iter().rev())
            }
            "between" => {
                let vals: Vec<u32> = cells(val, n).iter().map(|&c| v(c)).collect();
                let (a, b) = (vals[0], vals[vals.len() - 1]);
                let (lo, hi) = (a.min(b), a.max(b));
                vals[1..vals.len() - 1].iter().all(|&m| lo < m && m < hi)
            }
            "region" => {
                let vals: Vec<u32> = cells(val, n).iter().map(|&c| v(c)).collect();
                all_different(&vals)
            }
            "dutch-whisper" => {
                let mut w: Vec<&str> = val.split_whitespace().collect();
                let gap = match w[0].parse::<u32>() {
                    Ok(g) => {
                        w.remove(0);
                        g
                    }
                    Err(_) => 4,
                };
                let cs: Vec<usize> = w.iter().map(|t| cell(t, n)).collect();
                cs.windows(2).all(|p| v(p[0]).abs_diff(v(p[1])) >= gap)
            }
            "x-sum" | "skyscraper" => {
                let w: Vec<&str> = val.split_whitespace().collect();
                let clue: u32 = w[0].parse().unwrap();
                let start = cell(w[1], n);
                let (r, c) = (start / n, start % n);
                let read: Vec<u32> = (0..n)
                    .map(|i| match w[2] {
                        "right" => at(r, i),
                        "left" => at(r, n - 1 - i),
                        "down" => at(i, c),
                        _ => at(n - 1 - i, c),
                    })
                    .collect();
                if k == "x-sum" {
                    read[..read[0] as usize].iter().sum::<u32>() == clue
                } else {
                    let mut seen = 0;
                    for (i, &h) in read.iter().enumerate() {
                        if read[..i].iter().all(|&before| before < h) {
                            seen += 1;
                        }
                    }
                    seen == clue
                }
            }
            "minimum" | "maximum" => {
                let x = cell(val.trim(), n);
                (0..n * n)
                    .filter(|&y| adjacent_orthogonally(x, y, n))
                    .all(|y| {
                        if k == "minimum" {
                            v(x) < v(y)
                        } else {
                            v(x) > v(y)
                        }
                    })
            }
            "quadruple" => {
                let w: Vec<&str> = val.split_whitespace().collect();
                let tl = cell(w[0], n);
                let mut block: Vec<u32> = [tl, tl + 1, tl + n, tl + n + 1]
                    .iter()
                    .map(|&c| v(c))
                    .collect();
                w[1..].iter().all(|d| {
                    let d: u32 = d.parse().unwrap();
                    match block.iter().position(|&b| b == d) {
                        Some(i) => {
                            block.remove(i);
                            true
                        }
                        None => false,
                    }
                })
            }
            "clone" => {
                let (a, b) = val.split_once('|').unwrap();
                let (a, b) = (cells(a, n), cells(b, n));
                a.len() == b.len() && a.iter().zip(&b).all(|(&x, &y)| v(x) == v(y))
            }
            other => return Err(format!("the checker does not know `{other}`")),
        };
        if !ok {
            return Err(format!("{k}: {val}"));
        }
    }
    Ok(())
}

/// Every complete grid of the file's board that fits its givens and rules,
/// by plain backtracking over cells with the checker's own rule test at the
/// end (for small boards only).
pub fn brute_force(f: &VariantFile, limit: usize) -> Vec<Vec<u32>> {
    let mut grid = f.givens.clone();
    let mut out = Vec::new();
    fn rec(f: &VariantFile, grid: &mut Vec<u32>, i: usize, out: &mut Vec<Vec<u32>>, limit: usize) {
        let n = f.n;
        if out.len() >= limit {
            return;
        }
        if i == n * n {
            if check(f, grid).is_ok() {
                out.push(grid.clone());
            }
            return;
        }
        if grid[i] != 0 {
            rec(f, grid, i + 1, out, limit);
            return;
        }
        let (r, c) = (i / n, i % n);
        for d in 1..=n as u32 {
            // Prune by rows, columns and boxes only: everything else is the
            // final check's business.
            let clash = (0..n).any(|k| grid[r * n + k] == d || grid[k * n + c] == d) || {
                let (br, bc) = (r / f.box_rows * f.box_rows, c / f.box_cols * f.box_cols);
                (br..br + f.box_rows)
                    .any(|rr| (bc..bc + f.box_cols).any(|cc| grid[rr * n + cc] == d))
            };
            if !clash {
                grid[i] = d;
                rec(f, grid, i + 1, out, limit);
                grid[i] = 0;
            }
        }
    }
    rec(f, &mut grid, 0, &mut out, limit);
    out
}
