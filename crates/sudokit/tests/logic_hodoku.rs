//! Grades against HoDoKu's on a fixed sample.
//!
//! `tests/hodoku/sample.tsv` holds levels and scores computed by hodoku-py
//! 0.2.1 (a port of HoDoKu 2.2.0) for a deterministic sample of top1465 and
//! the 17-clue list; `tests/hodoku/run.sh` regenerates it. This test grades
//! the same puzzles, prints the agreement, the confusion matrix and the
//! Spearman correlation of scores, and fails if agreement drops below the
//! figure recorded in `benchmarks/logic.md`.
//!
//! ```sh
//! cargo test -p sudokit --release --test logic_hodoku -- --ignored --nocapture
//! ```

use sudokit::logic::{self, Level, Technique};
use sudokit::Grid;

/// Level agreement reached on the sample (percent, all rated puzzles);
/// see `benchmarks/logic.md`.
const MIN_AGREEMENT: f64 = 98.0;

struct Row {
    set: String,
    puzzle: String,
    level: Level,
    score: u32,
    last_resort: bool,
}

fn sample() -> Vec<Row> {
    let text = include_str!("hodoku/sample.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            // Puzzles HoDoKu did not finish in time are left out.
            let level = Level::from_name(f[3])?;
            Some(Row {
                set: f[0].to_string(),
                puzzle: f[2].to_string(),
                level,
                score: f[4].parse().unwrap(),
                last_resort: f[5] == "1",
            })
        })
        .collect()
}

/// Average ranks (ties share the mean rank).
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].partial_cmp(&v[b]).unwrap());
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            r[k] = mean;
        }
        i = j + 1;
    }
    r
}

/// Spearman's rank correlation: Pearson's on the ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

#[test]
fn spearman_of_identical_and_reversed() {
    let a = [1.0, 2.0, 3.0, 4.0];
    assert!((spearman(&a, &a) - 1.0).abs() < 1e-12);
    assert!((spearman(&a, &[4.0, 3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
}

#[test]
#[ignore = "release-mode: grades the HoDoKu sample"]
fn levels_agree_with_hodoku() {
    let rows = sample();
    assert!(!rows.is_empty());
    let mut confusion = [[0usize; 5]; 5];
    let mut per_set: Vec<(String, usize, usize)> = Vec::new();
    let (mut ours_s, mut theirs_s) = (Vec::new(), Vec::new());
    let (mut ours_lr, mut theirs_lr) = (0, 0);
    for r in &rows {
        let g = Grid::from_line(&r.puzzle).unwrap();
        let path = logic::solve_path(&g).unwrap();
        assert!(path.solved, "{}", r.puzzle);
        let grade = logic::grade(&path);
        confusion[r.level as usize][grade.level as usize] += 1;
        let i = match per_set.iter().position(|p| p.0 == r.set) {
            Some(i) => i,
            None => {
                per_set.push((r.set.clone(), 0, 0));
                per_set.len() - 1
            }
        };
        per_set[i].1 += 1;
        per_set[i].2 += (grade.level == r.level) as usize;
        ours_s.push(grade.score as f64);
        theirs_s.push(r.score as f64);
        ours_lr += path.steps.iter().any(|s| {
            matches!(
                s.technique,
                Technique::ForcingChainContradiction
                    | Technique::ForcingChain
                    | Technique::ForcingNetContradiction
                    | Technique::TrialAndError
                    | Technique::BruteForce
            )
        }) as usize;
        theirs_lr += r.last_resort as usize;
    }
    let agree: usize = (0..5).map(|i| confusion[i][i]).sum();
    let pct = 100.0 * agree as f64 / rows.len() as f64;
    println!("level agreement: {agree}/{} = {pct:.1}%", rows.len());
    for (set, n, a) in &per_set {
        println!("  {set}: {a}/{n} = {:.1}%", 100.0 * *a as f64 / *n as f64);
    }
    println!("confusion (rows HoDoKu, columns ours): Easy Medium Hard Unfair Extreme");
    for (i, row) in confusion.iter().enumerate() {
        println!("  {:<8} {:?}", Level::ALL[i].name(), row);
    }
    println!("Spearman of scores: {:.3}", spearman(&ours_s, &theirs_s));
    println!(
        "needing forcing chains/nets or guesses: ours {ours_lr}, HoDoKu {theirs_lr} of {}",
        rows.len()
    );
    assert!(
        pct >= MIN_AGREEMENT,
        "agreement {pct:.1}% < {MIN_AGREEMENT}%"
    );
}
