//! Many puzzles of one board, solved one after another.

use std::sync::Arc;

use super::{Error, Options, Puzzle};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::solve::nine::{self, NineSearch};
use crate::solve::Engine;

/// Solves puzzles of one board one after another, reusing its search's
/// memory: the path of batch work (Python's numpy batches), where building a
/// [`Puzzle`] per row costs a large share of an easy puzzle's time.
///
/// Each puzzle is a slice of the board's cell values in row-major order
/// (`0` = empty). The answers are those of [`Puzzle::solve_counting_guesses`]
/// and [`Puzzle::unique_solution`] on the same cells, errors included: on
/// plain 9×9 boards the dedicated search is reused and a row that fails is
/// handed to [`Puzzle`] again to say why; other boards go through
/// [`Puzzle`] directly. Each row gets its own `opts` time limit.
///
/// ```
/// use std::sync::Arc;
/// use sudokit::{BoxShape, Geometry, Options, RowSolver};
/// let geo = Arc::new(Geometry::square(BoxShape::new(2, 2), &[]).unwrap());
/// let mut rows = RowSolver::new(geo, &Options::default());
/// let mut out = [0u16; 16];
/// rows.solve_into(&[1, 2, 3, 4, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], &mut out).unwrap();
/// assert_eq!(out[..8], [1, 2, 3, 4, 3, 4, 1, 2]);
/// assert!(rows.unique_into(&[0; 16], &mut out).is_err()); // 288 solutions
/// ```
pub struct RowSolver {
    geometry: Arc<Geometry>,
    /// The reused search, on plain 9×9 boards with the automatic engine.
    nine: Option<Box<NineSearch>>,
    opts: Options,
}

impl RowSolver {
    /// A solver for puzzles on `geometry`, each under `opts`.
    pub fn new(geometry: Arc<Geometry>, opts: &Options) -> Self {
        let nine = (nine::applies(&geometry) && opts.engine == Engine::Auto)
            .then(|| Box::new(NineSearch::new(&[0; 81])));
        RowSolver {
            geometry,
            nine,
            opts: opts.clone(),
        }
    }

    /// The first solution of `values` written into `out` (both the board's
    /// cell count long); returns the guesses the search made.
    pub fn solve_into(&mut self, values: &[u16], out: &mut [u16]) -> Result<u64, Error> {
        if let Some(s) = self.start(values, out)? {
            if s.advance() && s.write_solution(out) {
                return Ok(s.guesses());
            }
            if s.interrupted() {
                return Err(self.opts.stopped());
            }
        }
        // Other boards, and a 9×9 row without a solution: the puzzle says why.
        let (g, guesses) = self.puzzle(values).solve_counting_guesses(&self.opts)?;
        out.copy_from_slice(g.cells());
        Ok(guesses)
    }

    /// The solution of `values` written into `out` when it is the only one;
    /// otherwise the error [`Puzzle::unique_solution`] gives.
    pub fn unique_into(&mut self, values: &[u16], out: &mut [u16]) -> Result<(), Error> {
        if let Some(s) = self.start(values, out)? {
            if s.advance() && s.write_solution(out) && !s.advance() && !s.interrupted() {
                return Ok(());
            }
            if s.interrupted() {
                return Err(self.opts.stopped());
            }
        }
        let g = self.puzzle(values).unique_solution(&self.opts)?;
        out.copy_from_slice(g.cells());
        Ok(())
    }

    /// Checks the row; on 9×9, restarts the reused search on it under a
    /// fresh deadline and hands it over.
    fn start(&mut self, values: &[u16], out: &[u16]) -> Result<Option<&mut NineSearch>, Error> {
        self.check_shape(values, out)?;
        let Some(s) = self.nine.as_deref_mut() else {
            return Ok(None);
        };
        s.reset(values);
        let limits = self.opts.limits();
        if !limits.is_unlimited() {
            s.set_limits(limits);
        }
        Ok(Some(s))
    }

    fn puzzle(&self, values: &[u16]) -> Puzzle {
        Puzzle::new(Grid::new(self.geometry.clone(), values.to_vec()))
    }

    /// Refuses a row or output of the wrong length and a value above N
    /// (which [`Grid::new`] would not take).
    fn check_shape(&self, values: &[u16], out: &[u16]) -> Result<(), Error> {
        let cells = self.geometry.cell_count();
        if values.len() != cells || out.len() != cells {
            return Err(Error::Unsupported(format!(
                "a puzzle of {} cells and an output of {} for a board of {cells}",
                values.len(),
                out.len()
            )));
        }
        let n = self.geometry.n();
        // The maximum first (a loop the compiler vectorises), the cell only
        // for the message.
        if usize::from(values.iter().fold(0, |m, &v| m.max(v))) <= n {
            return Ok(());
        }
        let c = values.iter().position(|&v| usize::from(v) > n).unwrap_or(0);
        Err(Error::Unsupported(format!(
            "cell {} holds {}, not a digit 1-{n} or 0 (empty)",
            self.geometry.cell_name(c),
            values[c]
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoxShape;

    fn cells(line: &str) -> Vec<u16> {
        line.bytes()
            .map(|b| {
                if b.is_ascii_digit() {
                    u16::from(b - b'0')
                } else {
                    0
                }
            })
            .collect()
    }

    /// Same answers and the same error messages as the puzzle's own calls,
    /// row after row on one solver (so a failed row cannot leak into the next).
    #[test]
    fn rows_agree_with_puzzle() {
        let nine = Arc::new(Geometry::square(BoxShape::new(3, 3), &[]).unwrap());
        let rows = [
            // unique (17 clues)
            "...........1..2.3...4.5...6....7.1..3...8......9.....2.6......8.....5.7.1.4.3....",
            // two givens of 1 in row 1
            "11...............................................................................",
            // several solutions
            "123456789........................................................................",
            // no solution, no clash among the givens: r1c9 has no digit left
            "12345678..........9..............................................................",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        let opts = Options::default();
        let mut solver = RowSolver::new(nine.clone(), &opts);
        for line in rows.iter().chain(rows.iter().rev()) {
            let v = cells(line);
            let p = Puzzle::new(Grid::new(nine.clone(), v.clone()));
            let mut out = vec![0u16; 81];
            let expected = p
                .solve_counting_guesses(&opts)
                .map(|(g, k)| (g.cells().to_vec(), k));
            let got = solver.solve_into(&v, &mut out).map(|k| (out.clone(), k));
            assert_eq!(
                format!("{expected:?}"),
                format!("{got:?}"),
                "first solution of {line}"
            );
            let expected = p.unique_solution(&opts).map(|g| g.cells().to_vec());
            let got = solver.unique_into(&v, &mut out).map(|()| out.clone());
            assert_eq!(format!("{expected:?}"), format!("{got:?}"), "unique {line}");
        }
    }

    #[test]
    fn other_boards_and_bad_rows() {
        let six = Arc::new(Geometry::square(BoxShape::new(2, 3), &[]).unwrap());
        let mut solver = RowSolver::new(six.clone(), &Options::default());
        let mut out = vec![0u16; 36];
        solver.solve_into(&[0; 36], &mut out).unwrap();
        assert!(Grid::new(six.clone(), out.clone()).is_solved(), "{out:?}");
        let mut bad = vec![0u16; 36];
        bad[7] = 7;
        let e = solver.solve_into(&bad, &mut out).unwrap_err().to_string();
        assert!(e.contains("holds 7"), "{e}");
        assert!(solver.solve_into(&[0; 35], &mut out).is_err());
        assert!(solver.unique_into(&[0; 36], &mut out[..35]).is_err());
    }
}
