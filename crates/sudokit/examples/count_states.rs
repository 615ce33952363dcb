//! Prototype measurement for issue 22, goal 1 (not library code): state
//! counts of two reformulations of band composition on sparse 9×9
//! positions, to decide which (if any) to build.
//!
//! ```text
//! cargo run --release -p sudokit --example count_states -- FILE [--max-givens G] [--cap STATES]
//! ```
//!
//! For each position with at most `G` givens (default 17) it prints:
//!
//! * per band (rows 1–3, 4–6, 7–9): the labelled digits `g` (digits among
//!   the band's givens), the band fillings visited when the digits absent
//!   from the band's givens are enumerated once per relabelling orbit, and
//!   the number of *orbit classes* of column configurations (a digit's
//!   profile is its column in each stack, 27 types; a class is the profiles
//!   of the labelled digits plus the multiset of the others'). `N_i` is
//!   constant on a class, so this is the size of a per-band orbit table;
//! * the per-digit dynamic programme: each digit picks one of 216 column
//!   patterns (per stack, a bijection bands → columns); the state is, per
//!   band, the profiles of its labelled digits processed so far plus the
//!   multiset of the others'. It prints the states after each digit and
//!   stops within the first step that exceeds `--cap` states (default
//!   2,000,000); that step's figure is then only a lower bound.
//!
//! Only counts states; it computes no completions.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

const NONE: u8 = 31;

/// Band fillings and orbit classes of one band under its own givens.
struct BandTable {
    labelled: u16,
    visited: u64,
    classes: HashSet<u64>,
    capped: bool,
}

struct Enum<'a> {
    givens: &'a [u8; 27],
    labelled: u16,
    unlabelled: Vec<u8>,
    row: [u16; 3],
    col: [u16; 9],
    bx: [u16; 3],
    /// Column (0..3) of each digit in each stack.
    pos: [[u8; 3]; 9],
    visited: u64,
    classes: HashSet<u64>,
    cap: u64,
}

impl Enum<'_> {
    fn key(&self) -> u64 {
        let ty = |d: usize| (self.pos[d][0] + 3 * self.pos[d][1] + 9 * self.pos[d][2]) as u64;
        let mut k = 0u64;
        for d in 0..9 {
            if self.labelled & (1 << d) != 0 {
                k = k << 5 | ty(d);
            }
        }
        let mut rest: Vec<u64> = self.unlabelled.iter().map(|&d| ty(d as usize)).collect();
        rest.sort_unstable();
        for t in rest {
            k = k << 5 | t;
        }
        k
    }

    fn go(&mut self, cell: usize, appeared: usize) {
        if self.visited >= self.cap {
            return;
        }
        if cell == 27 {
            self.visited += 1;
            let k = self.key();
            self.classes.insert(k);
            return;
        }
        let (r, c) = (cell / 9, cell % 9);
        let s = c / 3;
        let used = self.row[r] | self.col[c] | self.bx[s];
        let mut cands: Vec<(u8, usize)> = Vec::new();
        if self.givens[cell] != 0 {
            cands.push((self.givens[cell] - 1, appeared));
        } else {
            for d in 0..9u8 {
                if self.labelled & (1 << d) != 0 {
                    cands.push((d, appeared));
                }
            }
            for (i, &d) in self.unlabelled.iter().enumerate().take(appeared + 1) {
                cands.push((d, appeared.max(i + 1)));
            }
        }
        for (d, next) in cands {
            let bit = 1u16 << d;
            if used & bit != 0 {
                continue;
            }
            self.row[r] |= bit;
            self.col[c] |= bit;
            self.bx[s] |= bit;
            self.pos[d as usize][s] = (c % 3) as u8;
            self.go(cell + 1, next);
            self.row[r] &= !bit;
            self.col[c] &= !bit;
            self.bx[s] &= !bit;
        }
    }
}

fn band_table(givens: &[u8; 27], cap: u64) -> BandTable {
    let labelled = givens
        .iter()
        .filter(|&&g| g != 0)
        .fold(0u16, |m, &g| m | 1 << (g - 1));
    let unlabelled = (0..9u8).filter(|d| labelled & (1 << d) == 0).collect();
    let mut e = Enum {
        givens,
        labelled,
        unlabelled,
        row: [0; 3],
        col: [0; 9],
        bx: [0; 3],
        pos: [[0; 3]; 9],
        visited: 0,
        classes: HashSet::new(),
        cap,
    };
    e.go(0, 0);
    BandTable {
        labelled,
        visited: e.visited,
        capped: e.visited >= cap,
        classes: e.classes,
    }
}

/// The 216 column patterns: `p[s][b]` is band `b`'s column in stack `s`.
fn patterns() -> Vec<[[u8; 3]; 3]> {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for a in PERMS {
        for b in PERMS {
            for c in PERMS {
                out.push([a, b, c]);
            }
        }
    }
    out
}

/// Per-digit DP state counts; returns the states after each digit processed
/// (stopping early past `cap`).
fn digit_dp(cells: &[u8; 81], cap: usize) -> Vec<usize> {
    // forced[d][b][s]: column of digit d in band b, stack s, if given.
    let mut forced = [[[NONE; 3]; 3]; 9];
    let mut labelled = [0u16; 3];
    for (i, &g) in cells.iter().enumerate() {
        if g != 0 {
            let (r, c) = (i / 9, i % 9);
            let d = (g - 1) as usize;
            forced[d][r / 3][c / 3] = (c % 3) as u8;
            labelled[r / 3] |= 1 << d;
        }
    }
    let any = labelled[0] | labelled[1] | labelled[2];
    // Digits labelled somewhere first (most givens first), then the rest.
    let mut order: Vec<usize> = (0..9).collect();
    let weight = |d: usize| forced[d].iter().flatten().filter(|&&c| c != NONE).count();
    order.sort_by_key(|&d| (any & (1 << d) == 0, std::cmp::Reverse(weight(d))));
    // Slot of each digit in band b's key: labelled digits of b in digit
    // order, then the others in processing order.
    let pats = patterns();
    type State = [[u8; 9]; 3];
    let mut states: HashMap<State, u64> = HashMap::new();
    states.insert([[NONE; 9]; 3], 1);
    let mut sizes = Vec::new();
    for (step, &d) in order.iter().enumerate() {
        let mut next: HashMap<State, u64> = HashMap::new();
        for (st, &w) in &states {
            // Column fill counts per band.
            let mut fill = [[0u8; 9]; 3];
            for b in 0..3 {
                for &t in &st[b] {
                    if t != NONE {
                        let t = t as usize;
                        fill[b][t % 3] += 1;
                        fill[b][3 + (t / 3) % 3] += 1;
                        fill[b][6 + t / 9] += 1;
                    }
                }
            }
            'pat: for p in &pats {
                let mut ns = *st;
                for b in 0..3 {
                    for s in 0..3 {
                        let c = p[s][b];
                        if forced[d][b][s] != NONE && forced[d][b][s] != c {
                            continue 'pat;
                        }
                        if fill[b][3 * s + c as usize] >= 3 {
                            continue 'pat;
                        }
                    }
                    let t = p[0][b] + 3 * p[1][b] + 9 * p[2][b];
                    if labelled[b] & (1 << d) != 0 {
                        ns[b][d] = t;
                    } else {
                        // The unlabelled slots of band b, kept sorted.
                        let slots: Vec<usize> =
                            (0..9).filter(|&e| labelled[b] & (1 << e) == 0).collect();
                        let done = order[..=step]
                            .iter()
                            .filter(|&&e| labelled[b] & (1 << e) == 0)
                            .count();
                        let mut vals: Vec<u8> =
                            slots[..done - 1].iter().map(|&e| ns[b][e]).collect();
                        vals.push(t);
                        vals.sort_unstable();
                        for (k, &e) in slots[..done].iter().enumerate() {
                            ns[b][e] = vals[k];
                        }
                    }
                }
                *next.entry(ns).or_insert(0) += w;
            }
            if next.len() > cap {
                break;
            }
        }
        sizes.push(next.len());
        if next.len() > cap {
            break;
        }
        states = next;
    }
    sizes
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut max_givens = 17usize;
    let mut cap = 2_000_000usize;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--max-givens" => {
                i += 1;
                max_givens = args[i].parse().expect("a number");
            }
            "--cap" => {
                i += 1;
                cap = args[i].parse().expect("a number");
            }
            f => file = Some(f.to_string()),
        }
        i += 1;
    }
    let file = file.expect("usage: count_states FILE [--max-givens G] [--cap STATES]");
    let text = std::fs::read_to_string(file).expect("read the positions file");
    for l in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    {
        let (pos, tag) = l.split_at(81);
        let mut cells = [0u8; 81];
        for (i, ch) in pos.chars().enumerate() {
            cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let givens = cells.iter().filter(|&&c| c != 0).count();
        if givens > max_givens {
            continue;
        }
        let t0 = Instant::now();
        let mut line = format!("{givens:2} {:<20}", tag.trim());
        for b in 0..3 {
            let mut g = [0u8; 27];
            g.copy_from_slice(&cells[27 * b..27 * b + 27]);
            let t = band_table(&g, 200_000_000);
            line += &format!(
                " | g{} visited {:>10}{} classes {:>9}",
                t.labelled.count_ones(),
                t.visited,
                if t.capped { "+" } else { "" },
                t.classes.len()
            );
        }
        let tb = t0.elapsed().as_secs_f64();
        let sizes = digit_dp(&cells, cap);
        let blown = sizes.len() < 9 || *sizes.last().unwrap_or(&0) > cap;
        line += &format!(
            " | bands {tb:.2}s | dp {}{} {:.2}s",
            sizes
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(","),
            if blown { " BLOWN" } else { "" },
            t0.elapsed().as_secs_f64() - tb
        );
        println!("{line}");
    }
}
