//! Symmetries of clue positions.
//!
//! A symmetry here is a set of permutations of cell *positions*; a puzzle is
//! symmetric when its clue pattern is unchanged by each of them. The digits
//! need not follow, so every symmetry applies to every box shape and variant.

use std::fmt;
use std::str::FromStr;

use crate::geometry::{Geometry, Layout};

/// The symmetry of a clue pattern.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Unchanged by a half turn (the most common in published puzzles); for a
    /// cube, by the point reflection through its centre.
    Rotational,
    /// Unchanged by a quarter turn.
    Quarter,
    /// Unchanged by the left-right mirror.
    Mirror,
    /// Unchanged by the reflection in the main diagonal.
    Diagonal,
    /// All eight symmetries of the square.
    Dihedral,
}

impl Symmetry {
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::Dihedral,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// Whether clue patterns on boards of `layout` can have this symmetry:
    /// a square board has all of them, a cube only the point reflection
    /// (`Rotational`) or none. The one place the rule is written; the CLI
    /// and the web API quote its message.
    ///
    /// ```
    /// use sudokit::{generate::Symmetry, Layout};
    /// assert!(Symmetry::Mirror.check_layout(Layout::Square).is_ok());
    /// assert!(Symmetry::Rotational.check_layout(Layout::Cube).is_ok());
    /// assert!(Symmetry::Mirror.check_layout(Layout::Cube).is_err());
    /// ```
    pub fn check_layout(self, layout: Layout) -> Result<(), String> {
        match (layout, self) {
            (Layout::Cube, Symmetry::None | Symmetry::Rotational) | (Layout::Square, _) => Ok(()),
            (Layout::Cube, _) => Err(
                "a cube's clue pattern can be symmetric only by point reflection: symmetry rotational or none".into(),
            ),
        }
    }

    /// The images of `cell` under the generators of this symmetry.
    fn images(self, geo: &Geometry, cell: usize) -> Vec<usize> {
        let n = geo.n();
        if geo.layout() == Layout::Cube {
            return match self {
                Symmetry::None => vec![],
                _ => vec![geo.cell_count() - 1 - cell],
            };
        }
        let (r, c) = (cell / n, cell % n);
        let at = |r: usize, c: usize| r * n + c;
        let half = at(n - 1 - r, n - 1 - c);
        let quarter = at(c, n - 1 - r);
        let mirror = at(r, n - 1 - c);
        let diagonal = at(c, r);
        match self {
            Symmetry::None => vec![],
            Symmetry::Rotational => vec![half],
            Symmetry::Quarter => vec![quarter],
            Symmetry::Mirror => vec![mirror],
            Symmetry::Diagonal => vec![diagonal],
            Symmetry::Dihedral => vec![quarter, mirror],
        }
    }

    /// The orbits: classes of cells that must be all clues or all blanks.
    ///
    /// ```
    /// use sudokit::{generate::Symmetry, BoxShape, Geometry};
    /// let g = Geometry::square(BoxShape::new(3, 3), &[]).unwrap();
    /// assert_eq!(Symmetry::None.orbits(&g).len(), 81);
    /// assert_eq!(Symmetry::Rotational.orbits(&g).len(), 41); // 40 pairs + the centre
    /// assert_eq!(Symmetry::Dihedral.orbits(&g).len(), 15);
    /// ```
    pub fn orbits(self, geo: &Geometry) -> Vec<Vec<usize>> {
        let cells = geo.cell_count();
        let mut orbit_of = vec![usize::MAX; cells];
        let mut orbits: Vec<Vec<usize>> = Vec::new();
        for start in 0..cells {
            if orbit_of[start] != usize::MAX {
                continue;
            }
            let id = orbits.len();
            let mut orbit = vec![start];
            orbit_of[start] = id;
            let mut i = 0;
            while i < orbit.len() {
                for image in self.images(geo, orbit[i]) {
                    if orbit_of[image] == usize::MAX {
                        orbit_of[image] = id;
                        orbit.push(image);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue pattern of `cells` (non-zero = clue) has this symmetry.
    pub fn holds(self, geo: &Geometry, cells: &[u16]) -> bool {
        (0..cells.len()).all(|c| {
            self.images(geo, c)
                .into_iter()
                .all(|i| (cells[i] != 0) == (cells[c] != 0))
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "none" => Symmetry::None,
            "rotational" | "rot180" | "180" | "central" => Symmetry::Rotational,
            "quarter" | "rot90" | "90" => Symmetry::Quarter,
            "mirror" | "horizontal" => Symmetry::Mirror,
            "diagonal" => Symmetry::Diagonal,
            "dihedral" | "full" => Symmetry::Dihedral,
            _ => {
                return Err(format!(
                    "unknown symmetry {s:?} (none, rotational, quarter, mirror, diagonal, dihedral)"
                ))
            }
        })
    }
}
