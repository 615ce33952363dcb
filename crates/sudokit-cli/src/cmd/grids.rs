//! `sudokit grids RxC`: the number of completed grids of a box shape.

use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use sudokit::count::{self, GridsMethod, Options, Partial, Shard};
use sudokit::limits::Limits;
use sudokit::{BoxShape, Geometry, Variant};

use crate::batch::Tally;
use crate::progress;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Box shape, e.g. 3x3 or 2x4 (rows x columns of a box).
    pub shape: BoxShape,
    /// Extra units: x, disjoint, hypercube, windoku (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    pub variant: Vec<String>,
    /// Count N×N×N cubes whose planes have boxes of SHAPE.
    #[arg(long)]
    pub cube: bool,
    /// Count only shard I of N and print a partial result for `sudokit merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
    /// Stop after this many seconds and print a lower bound.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Also print the method and the time taken on stderr.
    #[arg(long, short)]
    pub verbose: bool,
}

/// Parses `--variant` names (jigsaw needs regions, so it is not offered here).
pub fn variants(names: &[String]) -> Result<Vec<Variant>> {
    Variant::parse_list(names).map_err(anyhow::Error::msg)
}

pub fn run(args: &Args) -> Result<Tally> {
    let variants = variants(&args.variant)?;
    let geo = if args.cube {
        if !variants.is_empty() {
            bail!("variants do not apply to cubes");
        }
        Geometry::cube(args.shape)?
    } else {
        Geometry::square(args.shape, &variants)?
    };
    let geo = Arc::new(geo);
    let bar = progress::CountProgress::start("grids", 0.0);
    let update = |p| bar.update(p);
    let shard = args.shard.unwrap_or_default();
    let opts = Options {
        limits: Limits::from_secs(args.timeout).map_err(anyhow::Error::msg)?,
        threads: args.threads,
        shard,
        progress: Some(&update),
    };
    let start = Instant::now();
    let result = count::grids(&geo, &opts);
    bar.finish();
    if args.verbose {
        let method = match GridsMethod::for_geometry(&geo) {
            GridsMethod::Bands => "band composition",
            GridsMethod::TwoStacks => "two stacks, fillings per class of top-row sets",
            GridsMethod::DisjointBands => "first-band classes and search (disjoint groups)",
            GridsMethod::DiagonalBands => "first-band classes and search (sudoku X)",
            GridsMethod::WindowBands => "first-band classes and search (windoku)",
            GridsMethod::Enumeration => "enumeration with digit relabelling",
        };
        eprintln!(
            "grids {}: {method}, {:.3} s",
            count::describe_geometry(&geo),
            start.elapsed().as_secs_f64()
        );
    }
    match args.shard {
        Some(s) => {
            println!(
                "{}",
                Partial::new(&count::grids_problem(&geo), s, &result).to_json()
            );
        }
        None => println!("{result}"),
    }
    if !result.is_exact() {
        eprintln!("sudokit: stopped at the time limit; the count is a lower bound");
    }
    Ok(Tally {
        total: 1,
        failed: 0,
        bounds: u64::from(!result.is_exact()),
    })
}
