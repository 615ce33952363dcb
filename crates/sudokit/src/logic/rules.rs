//! A puzzle's constraints as the logic uses them: compiled once per
//! candidate grid, which holds them for the variant steps.

use crate::constraints::model::Model;
use crate::constraints::{registry, Constraint};

/// A puzzle's constraints, compiled once per candidate grid: one model per
/// constraint (for the steps) and one for all of them (for brute force).
pub(crate) struct Rules {
    pub constraints: Vec<Constraint>,
    pub each: Vec<Model>,
    pub all: Model,
}

impl Rules {
    pub(crate) fn new(n: usize, constraints: &[Constraint]) -> Self {
        Rules {
            constraints: constraints.to_vec(),
            each: constraints
                .iter()
                .map(|c| registry::compile_one(n, c, constraints))
                .collect(),
            all: registry::compile(n, constraints),
        }
    }
}
