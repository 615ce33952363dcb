//! `sudokit merge`: sums the partial results of sharded counts.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result};
use sudokit::count::{self, Partial};

use crate::batch::Tally;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files of partial results (one JSON object per line, as printed by
    /// `--shard`); every shard 0/N … (N-1)/N exactly once.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub fn run(args: &Args) -> Result<Tally> {
    let mut parts = Vec::new();
    for path in &args.files {
        let text =
            fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let p = Partial::from_json(line)
                .with_context(|| format!("{}: line {}", path.display(), i + 1))?;
            parts.push(p);
        }
    }
    let total = count::merge(&parts)?;
    println!("{total}");
    if !total.is_exact() {
        eprintln!("sudokit: some shards stopped early; the sum is a lower bound");
    }
    Ok(Tally {
        total: 1,
        failed: 0,
        bounds: 0,
    })
}
