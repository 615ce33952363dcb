//! Batches of puzzles as numpy rows, worked on a rayon pool with the GIL
//! released: one outcome per row, in order, a failing row never losing
//! the others.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;
use sudokit::RowSolver;
use sudokit::{CountMode, Error, Geometry, Grid, Options, Puzzle};

use crate::convert::{geometry, options, pool, status_of};

/// The board and settings shared by every row of a batch.
pub(crate) struct BatchSpec {
    geo: Arc<Geometry>,
    opts: Options,
}

impl BatchSpec {
    /// Row `i`'s puzzle, or its error (a cell outside `0..=N`).
    fn puzzle(&self, i: usize, row: &[i32]) -> Result<Puzzle, (i8, String)> {
        let mut cells = vec![0; row.len()];
        self.cells(i, row, &mut cells)?;
        Ok(Puzzle::new(Grid::new(self.geo.clone(), cells)))
    }

    /// Row `i`'s cells into `cells`, or its error (a cell outside `0..=N`).
    fn cells(&self, i: usize, row: &[i32], cells: &mut [u16]) -> Result<(), (i8, String)> {
        let n = self.geo.n() as i32;
        // Bounds first in one pass the compiler vectorises; the cell only
        // for the message.
        let (lo, hi) = row
            .iter()
            .fold((0, 0), |(lo, hi), &v| (v.min(lo), v.max(hi)));
        if lo < 0 || hi > n {
            let c = row.iter().position(|&v| !(0..=n).contains(&v)).unwrap_or(0);
            return Err((
                status_of("bad-value"),
                format!("row {i}: cell {c} holds {}, not a digit 1-{n} or 0", row[c]),
            ));
        }
        for (c, &v) in cells.iter_mut().zip(row) {
            *c = v as u16;
        }
        Ok(())
    }
}

/// Per-row values (the default for failed rows), status codes and messages.
pub(crate) type Rows<T> = (Vec<T>, Vec<i8>, Vec<Option<String>>);

/// Runs `work` on every row on `threads` threads with the GIL released;
/// each row's outcome is `Ok(T)` or `(status, message)`. A panic in one row
/// becomes that row's `internal` error instead of unwinding into Python.
pub(crate) fn run_rows<T: Send + Default>(
    py: Python<'_>,
    data: &[i32],
    width: usize,
    threads: usize,
    work: impl Fn(usize, &[i32]) -> Result<T, (i8, String)> + Sync,
) -> PyResult<Rows<T>> {
    let pool = pool(threads)?;
    let results: Vec<Result<T, (i8, String)>> = py.allow_threads(|| {
        pool.install(|| {
            data.par_chunks(width)
                .enumerate()
                // Rows can take microseconds: no task per row.
                .with_min_len(16)
                .map(|(i, row)| {
                    catch_unwind(AssertUnwindSafe(|| work(i, row))).unwrap_or_else(|_| {
                        Err((status_of("internal"), format!("row {i}: engine panic")))
                    })
                })
                .collect()
        })
    });
    let mut values = Vec::with_capacity(results.len());
    let mut status = Vec::with_capacity(results.len());
    let mut messages = Vec::with_capacity(results.len());
    for r in results {
        match r {
            Ok(v) => {
                values.push(v);
                status.push(0);
                messages.push(None);
            }
            Err((s, m)) => {
                values.push(T::default());
                status.push(s);
                messages.push(Some(m));
            }
        }
    }
    Ok((values, status, messages))
}

pub(crate) fn row_error(i: usize, e: Error) -> (i8, String) {
    (status_of(e.code()), format!("row {i}: {e}"))
}

/// Reads the array and the board of a batch.
pub(crate) fn batch_input<'a>(
    arr: &'a PyReadonlyArray2<'_, i32>,
    box_shape: Option<&str>,
    variants: &[String],
    regions: Option<Vec<u16>>,
    cube: bool,
    timeout: Option<f64>,
) -> PyResult<(&'a [i32], usize, BatchSpec)> {
    let width = arr.shape()[1];
    let data = arr
        .as_slice()
        .map_err(|_| PyValueError::new_err("the array must be C-contiguous"))?;
    let geo = geometry(width, box_shape, variants, regions, cube)?;
    // One thread per puzzle: the batch itself is the parallel work.
    let opts = options(timeout, 1)?;
    Ok((data, width, BatchSpec { geo, opts }))
}

/// Counts, exact flags, status, messages.
pub(crate) type CountArrays<'py> = (
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<i8>>,
    Vec<Option<String>>,
);

/// Levels, scores, guessing flags, status, messages.
pub(crate) type RateArrays<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<i8>>,
    Vec<Option<String>>,
);

/// Solutions (flat), guesses, status, messages.
pub(crate) type SolveArrays<'py> = (
    Bound<'py, PyArray1<u16>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<i8>>,
    Vec<Option<String>>,
);

/// Solves every row: `(solutions (flat), guesses, status, messages)`.
#[pyfunction]
#[pyo3(signature = (arr, box_shape=None, variants=vec![], regions=None, cube=false, threads=0, timeout=None, unique=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn batch_solve<'py>(
    py: Python<'py>,
    arr: PyReadonlyArray2<'py, i32>,
    box_shape: Option<&str>,
    variants: Vec<String>,
    regions: Option<Vec<u16>>,
    cube: bool,
    threads: usize,
    timeout: Option<f64>,
    unique: bool,
) -> PyResult<SolveArrays<'py>> {
    let (data, width, spec) = batch_input(&arr, box_shape, &variants, regions, cube, timeout)?;
    // Each row writes its solution straight into its slice of the output
    // (no vector per row, no second copy).
    let rows = data.len() / width.max(1);
    let mut flat = vec![0u16; rows * width];
    let mut guesses = vec![0u64; rows];
    let mut status = vec![0i8; rows];
    let mut messages: Vec<Option<String>> = vec![None; rows];
    let pool = pool(threads)?;
    py.allow_threads(|| {
        pool.install(|| {
            data.par_chunks(width)
                .zip(flat.par_chunks_mut(width))
                .zip(guesses.par_iter_mut())
                .zip(status.par_iter_mut())
                .zip(messages.par_iter_mut())
                .enumerate()
                // Rows are a few µs each: hand them out in runs, not one by one.
                .with_min_len(64)
                .for_each_init(
                    || {
                        (
                            RowSolver::new(spec.geo.clone(), &spec.opts),
                            vec![0u16; width],
                        )
                    },
                    |(solver, cells), (i, ((((row, out), k), st), msg))| {
                        let solved = catch_unwind(AssertUnwindSafe(|| {
                            spec.cells(i, row, cells)?;
                            if unique {
                                solver.unique_into(cells, out).map(|()| 0)
                            } else {
                                solver.solve_into(cells, out)
                            }
                            .map_err(|e| row_error(i, e))
                        }))
                        .unwrap_or_else(|_| {
                            Err((status_of("internal"), format!("row {i}: engine panic")))
                        });
                        match solved {
                            Ok(g) => *k = g,
                            Err((code, m)) => {
                                out.fill(0);
                                *st = code;
                                *msg = Some(m);
                            }
                        }
                    },
                )
        })
    });
    Ok((
        PyArray1::from_vec(py, flat),
        PyArray1::from_vec(py, guesses),
        PyArray1::from_vec(py, status),
        messages,
    ))
}

/// Counts the solutions of every row up to `limit` (0 = all):
/// `(counts, exact flags as 0/1, status, messages)`.
#[pyfunction]
#[pyo3(signature = (arr, limit=2, box_shape=None, variants=vec![], regions=None, cube=false, threads=0, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn batch_count<'py>(
    py: Python<'py>,
    arr: PyReadonlyArray2<'py, i32>,
    limit: u64,
    box_shape: Option<&str>,
    variants: Vec<String>,
    regions: Option<Vec<u16>>,
    cube: bool,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<CountArrays<'py>> {
    let (data, width, spec) = batch_input(&arr, box_shape, &variants, regions, cube, timeout)?;
    let mode = if limit == 0 {
        CountMode::All
    } else {
        CountMode::UpTo(limit)
    };
    let (rows, status, messages) = run_rows(py, data, width, threads, |i, row| {
        let c = spec
            .puzzle(i, row)?
            .count(mode, &spec.opts)
            .map_err(|e| row_error(i, e))?;
        let v = u64::try_from(c.value()).unwrap_or(u64::MAX);
        Ok((v, u8::from(c.is_exact())))
    })?;
    let (counts, exact): (Vec<u64>, Vec<u8>) = rows.into_iter().unzip();
    Ok((
        PyArray1::from_vec(py, counts),
        PyArray1::from_vec(py, exact),
        PyArray1::from_vec(py, status),
        messages,
    ))
}

/// Rates every row: `(levels 0-4 Easy…Extreme, scores, guessing 0/1, status, messages)`.
#[pyfunction]
#[pyo3(signature = (arr, box_shape=None, variants=vec![], regions=None, cube=false, threads=0, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn batch_rate<'py>(
    py: Python<'py>,
    arr: PyReadonlyArray2<'py, i32>,
    box_shape: Option<&str>,
    variants: Vec<String>,
    regions: Option<Vec<u16>>,
    cube: bool,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<RateArrays<'py>> {
    let (data, width, spec) = batch_input(&arr, box_shape, &variants, regions, cube, timeout)?;
    let (rows, status, messages) = run_rows(py, data, width, threads, |i, row| {
        let r = spec
            .puzzle(i, row)?
            .rate(&spec.opts)
            .map_err(|e| row_error(i, e))?;
        let level = sudokit::logic::Level::ALL
            .iter()
            .position(|&l| l == r.grade.level)
            .unwrap_or(0) as i8;
        Ok((level, r.grade.score, u8::from(!r.grade.without_guessing)))
    })?;
    let mut levels = Vec::with_capacity(rows.len());
    let mut scores = Vec::with_capacity(rows.len());
    let mut guessing = Vec::with_capacity(rows.len());
    for (l, s, g) in rows {
        levels.push(l);
        scores.push(s);
        guessing.push(g);
    }
    Ok((
        PyArray1::from_vec(py, levels),
        PyArray1::from_vec(py, scores),
        PyArray1::from_vec(py, guessing),
        PyArray1::from_vec(py, status),
        messages,
    ))
}
