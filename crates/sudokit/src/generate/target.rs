//! Difficulty targets for the generator: which grades a puzzle may have.
//!
//! The grader ([`crate::logic::grade`]) gives every puzzle a level and a
//! score; a [`Difficulty`] accepts a puzzle when its grade has the wanted
//! level and its score lies in the wanted range (either may be left open).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::logic::{Grade, Level};

/// The grades a generated puzzle may have.
///
/// ```
/// use sudokit::generate::Difficulty;
/// use sudokit::logic::Level;
/// let d: Difficulty = "1000..1600".parse().unwrap();
/// assert_eq!(d, Difficulty::score(1000, 1600));
/// assert_eq!("hard".parse::<Difficulty>().unwrap(), Difficulty::level(Level::Hard));
/// assert_eq!(d.to_string(), "score 1000..1600");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Difficulty {
    /// The grader's level, or any level when `None`.
    pub level: Option<Level>,
    /// Total score, both ends included, or any score when `None`.
    pub score: Option<RangeInclusive<u32>>,
}

impl Difficulty {
    /// Exactly this level.
    pub fn level(level: Level) -> Self {
        Difficulty {
            level: Some(level),
            score: None,
        }
    }

    /// A score from `min` to `max`, both included.
    pub fn score(min: u32, max: u32) -> Self {
        Difficulty {
            level: None,
            score: Some(min..=max),
        }
    }

    /// True when a puzzle with this grade meets the target.
    pub fn accepts(&self, grade: &Grade) -> bool {
        self.level.map_or(true, |l| l == grade.level)
            && self
                .score
                .as_ref()
                .map_or(true, |r| r.contains(&grade.score))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = self
            .score
            .as_ref()
            .map(|r| format!("score {}..{}", r.start(), r.end()));
        match (self.level, score) {
            (Some(l), Some(s)) => write!(f, "{}, {s}", l.name()),
            (Some(l), None) => f.write_str(l.name()),
            (None, Some(s)) => f.write_str(&s),
            (None, None) => f.write_str("any grade"),
        }
    }
}

/// Parses a level name (`easy` … `extreme`) or a score range `MIN..MAX`
/// (both included; either end may be left out).
impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        if let Some(level) = Level::from_name(s) {
            return Ok(Difficulty::level(level));
        }
        let Some((lo, hi)) = s.split_once("..") else {
            return Err(format!(
                "{s:?} is neither a level (easy, medium, hard, unfair, extreme) nor a score range MIN..MAX"
            ));
        };
        let hi = hi.strip_prefix('=').unwrap_or(hi);
        let num = |t: &str, default: u32| -> Result<u32, String> {
            if t.trim().is_empty() {
                Ok(default)
            } else {
                t.trim()
                    .parse()
                    .map_err(|_| format!("{t:?} is not a score (a whole number)"))
            }
        };
        let (min, max) = (num(lo, 0)?, num(hi, u32::MAX)?);
        if min > max {
            return Err(format!("empty score range {min}..{max}"));
        }
        Ok(Difficulty::score(min, max))
    }
}
