//! Setter tools: which givens to add so that a puzzle with several solutions
//! becomes unique, or which givens a unique puzzle can do without.
//!
//! Every answer is proven by the engine's uniqueness check
//! ([`Puzzle::check`]), with the puzzle's constraints (cages, thermometers,
//! …) and unit variants honoured; all checks of one call share the options'
//! time limit and cancel flag, and a check cut short makes the whole call
//! fail with that error rather than return a guess.
//!
//! ```
//! use sudokit::setter::{suggest_givens, Suggestion};
//! use sudokit::{Options, Puzzle};
//! // A full 4×4 grid: any one given can go, and a minimal set of them together.
//! let p: Puzzle = "1234341221434321".parse().unwrap();
//! let Suggestion::Remove { each, together, .. } = suggest_givens(&p, &Options::default()).unwrap()
//! else { panic!("unique") };
//! assert_eq!(each.len(), 16);
//! let mut g = p.grid().clone();
//! for &cell in &together {
//!     g.set(cell, 0);
//! }
//! assert!(Puzzle::new(g).check(&Options::default()).unwrap().is_unique());
//! ```

use crate::grid::Grid;
use crate::puzzle::{Error, Options, Puzzle, Verdict};

/// What [`suggest_givens`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// The puzzle has several solutions: adding these givens (cell, digit),
    /// all taken from `solution`, makes it unique with `solution` as its
    /// solution. The set is minimal: dropping any one of them brings back a
    /// second solution.
    Add {
        givens: Vec<(usize, u16)>,
        solution: Grid,
    },
    /// The puzzle is unique. `each`: the givens that can be removed one at
    /// a time (each alone keeps the solution unique); `together`: a set of
    /// them removed at once (greedily, in cell order) after which no other
    /// given can go: the puzzle without them is unique and minimal.
    Remove {
        each: Vec<usize>,
        together: Vec<usize>,
        solution: Grid,
    },
}

/// The puzzle with the given at `cell` set to `digit` (0 clears it).
fn with_given(p: &Puzzle, cell: usize, digit: u16) -> Puzzle {
    let mut g = p.grid().clone();
    g.set(cell, digit);
    Puzzle::new(g).with_constraints(p.constraints().to_vec())
}

fn is_unique(p: &Puzzle, opts: &Options) -> Result<bool, Error> {
    Ok(p.check(opts)?.is_unique())
}

/// Givens to add for uniqueness, or to remove while staying unique (see
/// [`Suggestion`]). Errors: the puzzle's own (contradictory givens, no
/// solution) and the options' limits ([`Error::TimedOut`],
/// [`Error::Cancelled`]); the whole call runs under one deadline.
///
/// Adding works from the first solution found: while a second solution
/// exists, one cell where it differs from that solution gets the first
/// solution's digit; afterwards every added given that is not needed is
/// dropped again. At most one check per cell of the board each way.
///
/// ```
/// use sudokit::setter::{suggest_givens, Suggestion};
/// use sudokit::{Options, Puzzle};
/// // A 4×4 thermometer r1c1 → r1c4 fixes row 1 to 1 2 3 4; the rest of the
/// // board still has several fillings.
/// let p: Puzzle = "thermo: r1c1 r1c2 r1c3 r1c4\n................\n".parse().unwrap();
/// let Suggestion::Add { givens, solution } = suggest_givens(&p, &Options::default()).unwrap()
/// else { panic!("several solutions") };
/// let mut g = p.grid().clone();
/// for &(cell, d) in &givens {
///     assert_eq!(solution.get(cell), d);
///     g.set(cell, d);
/// }
/// let fixed = Puzzle::new(g).with_constraints(p.constraints().to_vec());
/// assert!(fixed.check(&Options::default()).unwrap().is_unique());
/// ```
pub fn suggest_givens(p: &Puzzle, opts: &Options) -> Result<Suggestion, Error> {
    let opts = &opts.started();
    let cells = p.grid().cells().len();
    match p.check(opts)? {
        Verdict::Unique(solution) => {
            let givens: Vec<usize> = (0..cells).filter(|&c| p.grid().get(c) != 0).collect();
            let mut each = Vec::new();
            for &c in &givens {
                if is_unique(&with_given(p, c, 0), opts)? {
                    each.push(c);
                }
            }
            // Removing more givens never removes solutions, so only givens
            // removable alone can be part of a larger removable set.
            let mut q = p.clone();
            let mut together = Vec::new();
            for &c in &each {
                let r = with_given(&q, c, 0);
                if together.is_empty() || is_unique(&r, opts)? {
                    q = r;
                    together.push(c);
                }
            }
            Ok(Suggestion::Remove {
                each,
                together,
                solution,
            })
        }
        Verdict::Multiple(target, mut other) => {
            let mut q = p.clone();
            let mut added = Vec::new();
            for _ in 0..cells {
                // A cell where the other solution differs from the target;
                // the target's digit there rules the other one out.
                let Some(c) = (0..cells).find(|&c| other.get(c) != target.get(c)) else {
                    break;
                };
                q = with_given(&q, c, target.get(c));
                added.push(c);
                match q.check(opts)? {
                    Verdict::Unique(_) => break,
                    Verdict::Multiple(a, b) => other = if a == target { b } else { a },
                }
            }
            // Drop the added givens that later ones made unnecessary.
            for i in (0..added.len()).rev() {
                let r = with_given(&q, added[i], 0);
                if is_unique(&r, opts)? {
                    q = r;
                    added.remove(i);
                }
            }
            let mut givens: Vec<(usize, u16)> =
                added.into_iter().map(|c| (c, target.get(c))).collect();
            givens.sort_unstable();
            Ok(Suggestion::Add {
                givens,
                solution: target,
            })
        }
    }
}
