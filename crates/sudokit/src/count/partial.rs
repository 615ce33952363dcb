//! Partial results of sharded counts, and merging them.
//!
//! A shard's result is one JSON object on one line:
//!
//! ```text
//! {"format":"sudokit-partial/1","problem":"grids 3x3","shard":"0/4","split":1,"exact":true,"count":"1667725938005268234240"}
//! ```
//!
//! * `problem`: what was counted; every part of a merge must have the same.
//!   For `grids` it is `grids <shape>[ variant …][ cube]`; for completions,
//!   `completions <shape>[ variant …][ cube] <puzzle as one line>`.
//! * `shard`: `i/n`; a merge needs each of `0/n … (n-1)/n` exactly once.
//! * `split`: how the work was divided ([`SPLIT`]); a merge needs the same
//!   in every part. Absent in results made before the field existed (read
//!   as 0).
//! * `exact`: false when the shard stopped early (its count is a lower bound).
//! * `count`: the shard's count in decimal (a string: it can exceed any
//!   fixed-width integer).

use super::{BigUint, Count, Shard};
use crate::geometry::{Geometry, Layout};

/// The value of the `format` field.
pub const PARTIAL_FORMAT: &str = "sudokit-partial/1";

/// Which division of the work into shards made a result. A change that
/// moves work from one shard to another (a new order of the items a count
/// deals out, or another cut of the board) must raise it: shard `i/n` of
/// one version and shard `j/n` of another need not cover the work between
/// them, so their sum could be wrong without any sign. 1: the join's
/// stacks ordered by their givens (2026-12-01); 0: before the field.
pub const SPLIT: u32 = 1;

/// One shard's result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partial {
    pub format: String,
    pub problem: String,
    pub shard: String,
    /// [`SPLIT`] of the version that made it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub split: u32,
    pub exact: bool,
    pub count: String,
}

/// Why partial results cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("no partial results to merge")]
    Empty,
    #[error("not a sudokit partial result: {0}")]
    Format(String),
    #[error("partial results count different problems: {0:?} and {1:?}")]
    DifferentProblems(String, String),
    #[error("shard {0} does not belong with shards of {1}")]
    ShardCount(String, usize),
    #[error("shard {0} appears twice")]
    Duplicate(String),
    #[error("missing shards: {0}")]
    Missing(String),
    #[error(
        "shards {0} and {1} were divided by different versions of sudokit \
         (work splits {2} and {3}); count every shard of a problem with one version"
    )]
    DifferentSplits(String, String, u32, u32),
}

impl Partial {
    /// The result of `shard` of `problem`.
    pub fn new(problem: &str, shard: Shard, count: &Count) -> Self {
        Partial {
            format: PARTIAL_FORMAT.into(),
            problem: problem.into(),
            shard: shard.to_string(),
            split: SPLIT,
            exact: count.is_exact(),
            count: count.value().to_string(),
        }
    }

    /// One line of JSON.
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("plain struct serialises")
    }

    /// Reads one line of JSON.
    #[cfg(feature = "serde")]
    pub fn from_json(text: &str) -> Result<Self, MergeError> {
        let p: Partial =
            serde_json::from_str(text.trim()).map_err(|e| MergeError::Format(e.to_string()))?;
        if p.format != PARTIAL_FORMAT {
            return Err(MergeError::Format(format!(
                "format {:?}, expected {PARTIAL_FORMAT:?}",
                p.format
            )));
        }
        Ok(p)
    }
}

/// Sums the shards `0/n … (n-1)/n` of one problem, each exactly once.
///
/// ```
/// use sudokit::count::{merge, Count, Partial, Shard};
/// let a = Partial::new("grids 2x2", Shard::new(0, 2).unwrap(), &Count::Exact(100u32.into()));
/// let b = Partial::new("grids 2x2", Shard::new(1, 2).unwrap(), &Count::Exact(188u32.into()));
/// assert_eq!(merge(&[a.clone(), b]).unwrap(), Count::Exact(288u32.into()));
/// assert!(merge(&[a]).is_err()); // shard 1/2 missing
/// ```
pub fn merge(parts: &[Partial]) -> Result<Count, MergeError> {
    let first = parts.first().ok_or(MergeError::Empty)?;
    let n = first
        .shard
        .parse::<Shard>()
        .map_err(MergeError::Format)?
        .count();
    let mut seen = vec![false; n];
    let mut sum = BigUint::default();
    let mut exact = true;
    for p in parts {
        if p.problem != first.problem {
            return Err(MergeError::DifferentProblems(
                first.problem.clone(),
                p.problem.clone(),
            ));
        }
        if p.split != first.split {
            return Err(MergeError::DifferentSplits(
                first.shard.clone(),
                p.shard.clone(),
                first.split,
                p.split,
            ));
        }
        let s: Shard = p.shard.parse().map_err(MergeError::Format)?;
        if s.count() != n {
            return Err(MergeError::ShardCount(p.shard.clone(), n));
        }
        if std::mem::replace(&mut seen[s.index()], true) {
            return Err(MergeError::Duplicate(p.shard.clone()));
        }
        let v: BigUint = p
            .count
            .parse()
            .map_err(|_| MergeError::Format(format!("count {:?} is not a number", p.count)))?;
        sum += v;
        exact &= p.exact;
    }
    let missing: Vec<String> = (0..n)
        .filter(|&i| !seen[i])
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing(missing.join(", ")));
    }
    Ok(Count::new(sum, exact))
}

/// The `problem` of a sharded `grids` count (`sudokit grids RxC --shard`):
/// every frontend names it this way so their partial results merge.
///
/// ```
/// use sudokit::{count::grids_problem, BoxShape, Geometry};
/// let geo = Geometry::square(BoxShape::new(2, 3), &[]).unwrap();
/// assert_eq!(grids_problem(&geo), "grids 2x3");
/// ```
pub fn grids_problem(geo: &Geometry) -> String {
    format!("grids {}", describe_geometry(geo))
}

/// The `problem` of a sharded exact count of a puzzle's completions
/// (`sudokit count --exact --shard`).
pub fn completions_problem(grid: &crate::grid::Grid) -> String {
    format!(
        "completions {} {}",
        describe_geometry(grid.geometry()),
        grid.to_line()
    )
}

/// A short description of a geometry for the `problem` field: `3x3`,
/// `3x3 x disjoint`, `2x2 cube`.
pub fn describe_geometry(geo: &Geometry) -> String {
    let mut s = geo.box_shape().to_string();
    for v in geo.variants() {
        s.push(' ');
        s.push_str(v.name());
        if let crate::geometry::Variant::Jigsaw(regions) = v {
            s.push(':');
            let labels: Vec<String> = regions.iter().map(|r| r.to_string()).collect();
            s.push_str(&labels.join(","));
        }
    }
    if geo.layout() == Layout::Cube {
        s.push_str(" cube");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(problem: &str, shard: &str, count: u32, exact: bool) -> Partial {
        let c = Count::new(count.into(), exact);
        Partial::new(problem, shard.parse().unwrap(), &c)
    }

    #[test]
    fn round_trip_and_sum() {
        let a = part("grids 2x3", "0/2", 10, true);
        let b = Partial::from_json(&part("grids 2x3", "1/2", 5, false).to_json()).unwrap();
        assert_eq!(
            merge(&[b.clone(), a.clone()]).unwrap(),
            Count::AtLeast(15u32.into())
        );
        assert_eq!(
            merge(&[a.clone(), a.clone()]),
            Err(MergeError::Duplicate("0/2".into()))
        );
        let other = part("grids 2x2", "1/2", 5, true);
        assert!(matches!(
            merge(&[a.clone(), other]),
            Err(MergeError::DifferentProblems(..))
        ));
        let three = part("grids 2x3", "1/3", 5, true);
        assert!(matches!(
            merge(&[a, three]),
            Err(MergeError::ShardCount(..))
        ));
        assert_eq!(merge(&[]), Err(MergeError::Empty));
    }

    #[test]
    fn shards_of_different_splits_do_not_merge() {
        let a = part("grids 2x3", "0/2", 10, true);
        let mut b = part("grids 2x3", "1/2", 5, true);
        b.split = SPLIT + 1;
        assert_eq!(
            merge(&[a.clone(), b]),
            Err(MergeError::DifferentSplits(
                "0/2".into(),
                "1/2".into(),
                SPLIT,
                SPLIT + 1
            ))
        );
        // A result from before the field reads as split 0: it merges with
        // its own kind only.
        let old = |shard: &str| {
            format!(
                r#"{{"format":"{PARTIAL_FORMAT}","problem":"grids 2x3","shard":"{shard}","exact":true,"count":"7"}}"#
            )
        };
        let (o0, o1) = (
            Partial::from_json(&old("0/2")).unwrap(),
            Partial::from_json(&old("1/2")).unwrap(),
        );
        assert_eq!(o0.split, 0);
        assert_eq!(merge(&[o0.clone(), o1]), Ok(Count::Exact(14u32.into())));
        let new1 = part("grids 2x3", "1/2", 5, true);
        assert!(matches!(
            merge(&[o0, new1]),
            Err(MergeError::DifferentSplits(..))
        ));
    }

    #[test]
    fn rejects_foreign_json() {
        assert!(Partial::from_json("{}").is_err());
        assert!(Partial::from_json("not json").is_err());
        let mut p = part("grids 2x3", "0/1", 1, true);
        p.format = "other/1".into();
        assert!(Partial::from_json(&p.to_json()).is_err());
        p.format = PARTIAL_FORMAT.into();
        p.count = "12x".into();
        assert!(matches!(merge(&[p]), Err(MergeError::Format(_))));
    }
}
