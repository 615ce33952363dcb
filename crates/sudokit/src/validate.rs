//! Checks on the givens, run before any search.
//!
//! A solver that meets contradictory givens just reports "no solution"; a person
//! wants to know *which* unit and digit are wrong. These checks find the three
//! kinds of contradiction visible without search, in a fixed order so the same
//! puzzle always gets the same reason: a digit given twice in one unit; an empty
//! cell whose units already hold every digit; a digit that has no free cell left
//! in some unit.

use crate::bits::{with_digit_set, DigitSet};
use crate::grid::Grid;

/// A contradiction among the givens.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum Contradiction {
    /// `digit` is given twice in `unit`.
    #[error("digit {digit} appears twice in {unit_name} ({first} and {second})")]
    Duplicate {
        digit: u16,
        unit: usize,
        unit_name: String,
        first: String,
        second: String,
        /// Cell index of the second occurrence (the one reported as wrong).
        #[cfg_attr(feature = "serde", serde(skip))]
        cell: usize,
    },
    /// The empty `cell` sees every digit in its units.
    #[error("{cell_name} has no candidate: its units already hold every digit")]
    NoCandidate { cell: usize, cell_name: String },
    /// `digit` cannot go anywhere in `unit` (nor in the other units listed).
    #[error("digit {digit} has no place in {}", unit_names.join(" or "))]
    NoPlace {
        digit: u16,
        /// Every unit where the digit has no place, in unit order.
        units: Vec<usize>,
        unit_names: Vec<String>,
    },
}

impl Contradiction {
    /// The cell a message should point at, if there is one.
    pub fn cell(&self) -> Option<usize> {
        match self {
            Contradiction::Duplicate { cell, .. } | Contradiction::NoCandidate { cell, .. } => {
                Some(*cell)
            }
            Contradiction::NoPlace { .. } => None,
        }
    }
}

/// The first duplicate digit in any unit, scanning units in order.
pub fn first_duplicate(grid: &Grid) -> Option<Contradiction> {
    let g = grid.geometry();
    let (unit, digit, first, second) = g.first_duplicate(grid.cells())?;
    Some(Contradiction::Duplicate {
        digit,
        unit,
        unit_name: g.unit_name(unit),
        first: g.cell_name(first),
        second: g.cell_name(second),
        cell: second,
    })
}

/// Checks the givens for the contradictions described in the module docs.
///
/// ```
/// use sudokit::{Grid, validate::{check_givens, Contradiction}};
/// let g = Grid::from_line(&format!("11{}", ".".repeat(79))).unwrap();
/// assert!(matches!(check_givens(&g), Err(Contradiction::Duplicate { digit: 1, .. })));
/// ```
pub fn check_givens(grid: &Grid) -> Result<(), Contradiction> {
    if let Some(d) = first_duplicate(grid) {
        return Err(d);
    }
    with_digit_set!(grid.n(), B => check_places::<B>(grid)).expect("geometry caps N")
}

fn check_places<B: DigitSet>(grid: &Grid) -> Result<(), Contradiction> {
    let g = grid.geometry();
    let n = g.n();
    let used: Vec<B> = g
        .units()
        .iter()
        .map(|u| {
            u.cells
                .iter()
                .fold(B::EMPTY, |acc, &c| match grid.get(c as usize) {
                    0 => acc,
                    v => acc.union(B::single(v as usize - 1)),
                })
        })
        .collect();
    let full = B::full(n);
    let cand: Vec<B> = (0..g.cell_count())
        .map(|c| match grid.get(c) {
            0 => g
                .units_of(c)
                .iter()
                .fold(full, |acc, &u| acc.difference(used[u as usize])),
            v => B::single(v as usize - 1),
        })
        .collect();
    if let Some(c) = (0..g.cell_count()).find(|&c| cand[c].is_empty()) {
        return Err(Contradiction::NoCandidate {
            cell: c,
            cell_name: g.cell_name(c),
        });
    }
    let missing: Vec<B> = g
        .units()
        .iter()
        .map(|unit| {
            let possible = unit
                .cells
                .iter()
                .fold(B::EMPTY, |acc, &c| acc.union(cand[c as usize]));
            full.difference(possible)
        })
        .collect();
    // Report the first digit met, with every unit it is missing from: a row and
    // a box often fail together, and both are worth knowing.
    let Some(d) = missing.iter().find_map(|m| m.first()) else {
        return Ok(());
    };
    let units: Vec<usize> = (0..missing.len())
        .filter(|&u| missing[u].contains(d))
        .collect();
    Err(Contradiction::NoPlace {
        digit: d as u16 + 1,
        unit_names: units.iter().map(|&u| g.unit_name(u)).collect(),
        units,
    })
}
