//! The native half of the `sudokit` Python package.
//!
//! Every use case is one call into the `sudokit` library; this module only
//! converts arguments and results (strings, lists, numpy arrays, JSON for
//! the structured results of hint/explain/rate) and releases the GIL around
//! engine work. The Python half (`python/sudokit`) adds docstrings, types
//! and the pure-Python helpers (CSV streaming, Dask).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use sudokit::count::{self, Count, Partial, Shard};
use sudokit::format::{self, OutputFormat, ParseOptions, Writer};
use sudokit::generate::{self as generator, Difficulty, GenerateOptions, Symmetry};
use sudokit::limits::{timeout_secs, Limits};
use sudokit::render::pdf;
use sudokit::solve::Solutions;
use sudokit::view::{GradeView, PathView, PlayerHintView, RatingView, StepView};
use sudokit::RowSolver;
use sudokit::{
    BoxShape, CountMode, Error, Geometry, Grid, Options, Picture, Puzzle, Variant, Verdict,
};

/// Status codes of the batch functions, indexed by the status value: 0 is
/// success, the others are the library's [`Error::code`]s plus the errors
/// of the bindings themselves (`bad-value`: a cell outside `0..=N`;
/// `internal`: an engine panic, caught so the interpreter survives).
const STATUS_CODES: &[&str] = &[
    "ok",
    "contradiction",
    "broken-candidates",
    "no-solution",
    "not-unique",
    "wrong-given-solution",
    "timed-out",
    "cancelled",
    "unsupported",
    "too-large",
    "bad-value",
    "internal",
];

fn status_of(code: &str) -> i8 {
    STATUS_CODES
        .iter()
        .position(|&c| c == code)
        .unwrap_or(STATUS_CODES.len() - 1) as i8
}

/// `sudokit.SudokuError(message, code)`: defined in Python so that it can
/// carry attributes and be documented there.
fn sudoku_error(py: Python<'_>, message: impl Into<String>, code: &str) -> PyErr {
    let message = message.into();
    let made = py
        .import("sudokit._errors")
        .and_then(|m| m.getattr("SudokuError"))
        .and_then(|cls| cls.call1((message.clone(), code)));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

fn engine_error(py: Python<'_>, e: Error) -> PyErr {
    sudoku_error(py, e.to_string(), e.code())
}

fn options(timeout: Option<f64>, threads: usize) -> PyResult<Options> {
    let mut o = Options::default().with_threads(threads);
    if let Some(d) = timeout_secs(timeout).map_err(PyValueError::new_err)? {
        o = o.with_timeout(d);
    }
    Ok(o)
}

fn limits(timeout: Option<f64>) -> PyResult<Limits> {
    Limits::from_secs(timeout).map_err(PyValueError::new_err)
}

fn box_shape(s: Option<&str>) -> PyResult<Option<BoxShape>> {
    s.map(|s| s.parse().map_err(PyValueError::new_err))
        .transpose()
}

fn variants(names: &[String]) -> PyResult<Vec<Variant>> {
    Variant::parse_list(names).map_err(PyValueError::new_err)
}

/// The board of `cells` cells: a square N×N or (with `cube`) an N×N×N cube,
/// its box shape given or derived from N, jigsaw regions replacing boxes.
fn geometry(
    cells: usize,
    shape: Option<&str>,
    names: &[String],
    regions: Option<Vec<u16>>,
    cube: bool,
) -> PyResult<Arc<Geometry>> {
    let side = |power: u32| (1..=512usize).find(|n| n.pow(power) == cells);
    let n = if cube { side(3) } else { side(2) }.ok_or_else(|| {
        PyValueError::new_err(format!(
            "{cells} cells is not the size of any {}",
            if cube {
                "cube (N³)"
            } else {
                "square board (N²)"
            }
        ))
    })?;
    let shape = match box_shape(shape)? {
        Some(s) => s,
        None => BoxShape::for_side(n)
            .ok_or_else(|| PyValueError::new_err(format!("no box shape fits N = {n}: pass box")))?,
    };
    let mut vs = variants(names)?;
    if let Some(r) = regions {
        vs.push(Variant::Jigsaw(r));
    }
    let geo = if cube {
        if !vs.is_empty() {
            return Err(PyValueError::new_err("variants do not apply to cubes"));
        }
        Geometry::cube(shape)
    } else {
        Geometry::square(shape, &vs)
    };
    geo.map(Arc::new)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn parse_options(
    format: &str,
    shape: Option<&str>,
    names: &[String],
    cube: bool,
    digits: &str,
) -> PyResult<ParseOptions> {
    Ok(ParseOptions {
        format: format.parse().map_err(PyValueError::new_err)?,
        box_shape: box_shape(shape)?,
        variants: variants(names)?,
        cube,
        digits: digits.parse().map_err(PyValueError::new_err)?,
    })
}

fn output_format(s: &str) -> PyResult<OutputFormat> {
    s.parse().map_err(PyValueError::new_err)
}

/// One puzzle (or grid, such as a solution) of the library.
#[pyclass(name = "_Puzzle", module = "sudokit._sudokit", frozen)]
#[derive(Clone)]
struct PyPuzzle {
    inner: Puzzle,
}

impl PyPuzzle {
    fn of(grid: Grid) -> Self {
        PyPuzzle {
            inner: Puzzle::new(grid),
        }
    }
}

#[pymethods]
impl PyPuzzle {
    /// The first puzzle of `text`, in any format the reader knows.
    #[staticmethod]
    #[pyo3(signature = (text, box_shape=None, variants=vec![], cube=false, format="auto", digits="auto"))]
    fn parse(
        py: Python<'_>,
        text: &str,
        box_shape: Option<&str>,
        variants: Vec<String>,
        cube: bool,
        format: &str,
        digits: &str,
    ) -> PyResult<Self> {
        let opts = parse_options(format, box_shape, &variants, cube, digits)?;
        format::parse_puzzle(text, &opts)
            .map(|inner| PyPuzzle { inner })
            .map_err(|e| sudoku_error(py, e.to_string(), "parse"))
    }

    /// The puzzle of these cell values (0 = empty), row by row (layer by
    /// layer for a cube).
    #[staticmethod]
    #[pyo3(signature = (cells, box_shape=None, variants=vec![], regions=None, cube=false))]
    fn from_cells(
        py: Python<'_>,
        cells: Vec<i64>,
        box_shape: Option<&str>,
        variants: Vec<String>,
        regions: Option<Vec<u16>>,
        cube: bool,
    ) -> PyResult<Self> {
        let geo = geometry(cells.len(), box_shape, &variants, regions, cube)?;
        let n = geo.n() as i64;
        if let Some(i) = cells.iter().position(|&v| !(0..=n).contains(&v)) {
            return Err(sudoku_error(
                py,
                format!("cell {i} holds {}, not a digit 1-{n} or 0", cells[i]),
                "bad-value",
            ));
        }
        let cells = cells.into_iter().map(|v| v as u16).collect();
        Ok(PyPuzzle::of(Grid::new(geo, cells)))
    }

    /// A candidate state: `values` the placed digits (0 = empty), `masks`
    /// one candidate mask per cell (bit `d - 1` for digit `d`; ignored for
    /// placed cells), by [`Puzzle::with_candidates`].
    #[staticmethod]
    #[pyo3(signature = (values, masks, box_shape=None, variants=vec![], regions=None))]
    fn from_candidates(
        py: Python<'_>,
        values: Vec<i64>,
        masks: Vec<u64>,
        box_shape: Option<&str>,
        variants: Vec<String>,
        regions: Option<Vec<u16>>,
    ) -> PyResult<Self> {
        let grid = Self::from_cells(py, values, box_shape, variants, regions, false)?
            .inner
            .into_grid();
        let n = grid.n();
        if let Some(c) = masks.iter().position(|&m| n < 64 && m >> n != 0) {
            return Err(sudoku_error(
                py,
                format!(
                    "cell {c}: candidate mask {:#x} has digits above {n}",
                    masks[c]
                ),
                "bad-value",
            ));
        }
        Puzzle::with_candidates(grid, masks)
            .map(|inner| PyPuzzle { inner })
            .map_err(|e| engine_error(py, e))
    }

    /// A 9×9 candidate state from a 729-character pencilmark line, read by
    /// [`format::Pencilmarks::parse`]; no cell is placed.
    #[staticmethod]
    fn from_pencilmarks(py: Python<'_>, line: &str) -> PyResult<Self> {
        let pm = format::Pencilmarks::parse(line)
            .map_err(|e| sudoku_error(py, e.to_string(), "parse"))?;
        let geo = geometry(81, None, &[], None, false)?;
        let masks = pm.masks().iter().map(|&m| u64::from(m)).collect();
        Puzzle::with_candidates(Grid::new(geo, vec![0; 81]), masks)
            .map(|inner| PyPuzzle { inner })
            .map_err(|e| engine_error(py, e))
    }

    /// The candidate masks of a candidate state (placed cells: their
    /// digit's bit), or `None` for a puzzle given by its values.
    #[getter]
    fn candidates(&self) -> Option<Vec<u64>> {
        self.inner.candidates().map(<[u64]>::to_vec)
    }

    /// The player's next hint as JSON, the library's
    /// [`sudokit::view::PlayerHintView`] (`kind`: `mistake`,
    /// `missing-candidate`, `done`, `step` or `stuck`), by
    /// [`Puzzle::player_hint`].
    #[pyo3(signature = (entries, pencil, timeout=None))]
    fn player_hint(
        &self,
        py: Python<'_>,
        entries: Vec<u16>,
        pencil: Vec<Vec<u16>>,
        timeout: Option<f64>,
    ) -> PyResult<String> {
        let opts = options(timeout, 1)?;
        let p = &self.inner;
        let h = py
            .allow_threads(|| p.player_hint(&entries, &pencil, &opts))
            .map_err(|e| engine_error(py, e))?;
        Ok(to_json(&PlayerHintView::new(p, &h)))
    }

    #[getter]
    fn n(&self) -> usize {
        self.inner.grid().n()
    }
    #[getter]
    fn cells(&self) -> Vec<u16> {
        self.inner.grid().cells().to_vec()
    }
    #[getter]
    fn name(&self) -> Option<String> {
        self.inner.name().map(str::to_string)
    }
    #[getter]
    fn box_shape(&self) -> String {
        self.inner.geometry().box_shape().to_string()
    }
    #[getter]
    fn variants(&self) -> Vec<String> {
        let vs = self.inner.geometry().variants();
        vs.iter()
            .filter(|v| !matches!(v, Variant::Jigsaw(_)))
            .map(|v| v.name().to_string())
            .collect()
    }
    #[getter]
    fn regions(&self) -> Option<Vec<u16>> {
        self.inner.geometry().jigsaw_regions().map(<[u16]>::to_vec)
    }
    #[getter]
    fn is_cube(&self) -> bool {
        self.inner.geometry().layout() == sudokit::Layout::Cube
    }
    #[getter]
    fn given_solution(&self) -> Option<PyPuzzle> {
        self.inner.given_solution().cloned().map(PyPuzzle::of)
    }
    fn line(&self) -> String {
        self.inner.grid().to_line()
    }
    fn __eq__(&self, other: &PyPuzzle) -> bool {
        self.inner.grid() == other.inner.grid()
    }

    #[pyo3(signature = (timeout=None, threads=1, unique=false))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        threads: usize,
        unique: bool,
    ) -> PyResult<PyPuzzle> {
        let opts = options(timeout, threads)?;
        let p = &self.inner;
        let r = py.allow_threads(|| {
            if unique {
                p.unique_solution(&opts)
            } else {
                p.solve(&opts)
            }
        });
        r.map(PyPuzzle::of).map_err(|e| engine_error(py, e))
    }

    /// `(unique, first solution, second solution or None)`.
    #[pyo3(signature = (timeout=None, threads=1))]
    fn check(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        threads: usize,
    ) -> PyResult<(bool, PyPuzzle, Option<PyPuzzle>)> {
        let opts = options(timeout, threads)?;
        let p = &self.inner;
        match py.allow_threads(|| p.check(&opts)) {
            Ok(Verdict::Unique(s)) => Ok((true, PyPuzzle::of(s), None)),
            Ok(Verdict::Multiple(a, b)) => Ok((false, PyPuzzle::of(a), Some(PyPuzzle::of(b)))),
            Err(e) => Err(engine_error(py, e)),
        }
    }

    /// `(count as a decimal string, exact)`; `mode` is `limit`, `all` or `exact`.
    #[pyo3(signature = (mode, limit=2, timeout=None, threads=0))]
    fn count(
        &self,
        py: Python<'_>,
        mode: &str,
        limit: u64,
        timeout: Option<f64>,
        threads: usize,
    ) -> PyResult<(String, bool)> {
        let mode = match mode {
            "limit" => CountMode::UpTo(limit),
            "all" => CountMode::All,
            "exact" => CountMode::Exact,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown count mode {mode:?}"
                )))
            }
        };
        let opts = options(timeout, threads)?;
        let p = &self.inner;
        let c = py
            .allow_threads(|| p.count(mode, &opts))
            .map_err(|e| engine_error(py, e))?;
        Ok((c.value().to_string(), c.is_exact()))
    }

    /// The partial result (JSON) of shard `index`/`shards` of the exact count
    /// of this puzzle's completions, as `sudokit count --exact --shard`.
    #[pyo3(signature = (index, shards, threads=0, timeout=None))]
    fn count_shard(
        &self,
        py: Python<'_>,
        index: usize,
        shards: usize,
        threads: usize,
        timeout: Option<f64>,
    ) -> PyResult<String> {
        let shard = Shard::new(index, shards)
            .ok_or_else(|| PyValueError::new_err(format!("no shard {index}/{shards}")))?;
        let opts = count::Options {
            limits: limits(timeout)?,
            threads,
            shard,
            progress: None,
        };
        let grid = self.inner.grid();
        let c = py
            .allow_threads(|| count::completions(grid, &opts))
            .map_err(|c| engine_error(py, c.into()))?;
        Ok(Partial::new(&count::completions_problem(grid), shard, &c).to_json())
    }

    #[pyo3(signature = (timeout=None))]
    fn solutions(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<PySolutions> {
        let opts = options(timeout, 1)?;
        let s = self
            .inner
            .solutions(&opts)
            .map_err(|e| engine_error(py, e))?;
        Ok(PySolutions { inner: s })
    }

    /// The next step as JSON ([`sudokit::view::StepView`]), or `None` when
    /// full; with `level` (1-3) that level of the hint instead
    /// ([`sudokit::view::HintLevel`]).
    #[pyo3(signature = (timeout=None, level=None))]
    fn hint(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        level: Option<u8>,
    ) -> PyResult<Option<String>> {
        if let Some(l) = level.filter(|l| !(1..=3).contains(l)) {
            return Err(PyValueError::new_err(format!(
                "hint level {l}: 1 (where to look), 2 (which technique) or 3 (the move)"
            )));
        }
        let opts = options(timeout, 1)?;
        let p = &self.inner;
        let step = py
            .allow_threads(|| p.hint(&opts))
            .map_err(|e| engine_error(py, e))?;
        Ok(step.map(|s| match level {
            Some(l) => {
                let levels = p.hint_levels(&s);
                levels
                    .iter()
                    .find(|h| h.level == l)
                    .map(to_json)
                    .unwrap_or_default()
            }
            None => to_json(&StepView::new(p.geometry(), &s)),
        }))
    }

    /// The whole path as JSON ([`sudokit::view::PathView`]): `steps`,
    /// `solved`, `grade`, `solution`.
    #[pyo3(signature = (timeout=None))]
    fn explain(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<String> {
        let opts = options(timeout, 1)?;
        let p = &self.inner;
        let path = py
            .allow_threads(|| p.explain(&opts))
            .map_err(|e| engine_error(py, e))?;
        Ok(to_json(&PathView::new(p.geometry(), &path)))
    }

    /// The grade as JSON ([`sudokit::view::RatingView`]): `level`, `score`,
    /// `hardest`, `without_guessing`, `steps`, `solved`, `describe`.
    #[pyo3(signature = (timeout=None))]
    fn rate(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<String> {
        let opts = options(timeout, 1)?;
        let p = &self.inner;
        let r = py
            .allow_threads(|| p.rate(&opts))
            .map_err(|e| engine_error(py, e))?;
        Ok(to_json(&RatingView::from(&r)))
    }

    fn canon(&self) -> Option<String> {
        self.inner.canonical().ok()
    }

    #[pyo3(signature = (solution=None, candidates=false, title=None, cell_size=0.0))]
    fn render_svg(
        &self,
        py: Python<'_>,
        solution: Option<PyRef<'_, PyPuzzle>>,
        candidates: bool,
        title: Option<&str>,
        cell_size: f64,
    ) -> PyResult<String> {
        // With a solution given, the library checks it against the puzzle and
        // fills it in.
        let mut p = self.inner.clone();
        if let Some(s) = &solution {
            p.set_given_solution(Some(s.inner.grid().clone()));
        }
        let pic = Picture {
            cell_size,
            solution: solution.is_some(),
            candidates,
            title: title.map(str::to_string),
        };
        p.to_svg(&pic, &Options::default())
            .map_err(|e| engine_error(py, e))
    }

    /// The puzzle in one output format (with the directives its board needs).
    #[pyo3(signature = (format="line"))]
    fn write(&self, format: &str) -> PyResult<String> {
        Ok(Writer::new(output_format(format)?).write(&self.inner))
    }
}

/// A view as JSON text with its keys sorted, the bytes every surface prints.
fn to_json<T: serde::Serialize>(view: &T) -> String {
    serde_json::to_value(view)
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// The lazy stream of a puzzle's solutions; dropping it stops the search.
#[pyclass(name = "_Solutions", module = "sudokit._sudokit", unsendable)]
struct PySolutions {
    inner: Solutions,
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(&mut self) -> Option<PyPuzzle> {
        self.inner.next().map(PyPuzzle::of)
    }
    /// True when the stream ended at the time limit rather than at the last solution.
    fn interrupted(&self) -> bool {
        self.inner.interrupted()
    }
}

/// One record of [`read`]: `(number, line, puzzle or None, error or None)`.
type RecordRow = (usize, usize, Option<PyPuzzle>, Option<String>);

/// Every record of `text`: `(number, line, puzzle or None, error or None)`.
#[pyfunction]
#[pyo3(signature = (text, box_shape=None, variants=vec![], cube=false, format="auto", digits="auto"))]
fn read(
    text: &str,
    box_shape: Option<&str>,
    variants: Vec<String>,
    cube: bool,
    format: &str,
    digits: &str,
) -> PyResult<Vec<RecordRow>> {
    let opts = parse_options(format, box_shape, &variants, cube, digits)?;
    Ok(format::parse_all(text, &opts)
        .into_iter()
        .map(|rec| {
            let checked = rec.checked().cloned();
            match checked {
                Ok(inner) => (rec.number, rec.line, Some(PyPuzzle { inner }), None),
                Err(e) => (rec.number, rec.line, None, Some(e.to_string())),
            }
        })
        .collect())
}

/// Puzzles in one output format, with the directives the reader needs.
#[pyfunction]
#[pyo3(signature = (puzzles, format="line"))]
fn write(puzzles: Vec<PyRef<'_, PyPuzzle>>, format: &str) -> PyResult<String> {
    let mut w = Writer::new(output_format(format)?);
    Ok(puzzles.iter().map(|p| w.write(&p.inner)).collect())
}

/// A PDF booklet of `puzzles` (with `solutions` printed at the end).
#[pyfunction]
#[pyo3(signature = (puzzles, solutions=None, per_page=4, paper="a4", title=None, grade=false))]
fn render_pdf<'py>(
    py: Python<'py>,
    puzzles: Vec<PyRef<'py, PyPuzzle>>,
    solutions: Option<Vec<PyRef<'py, PyPuzzle>>>,
    per_page: usize,
    paper: &str,
    title: Option<String>,
    grade: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let opts = Options::default();
    let mut entries: Vec<pdf::Entry> = Vec::with_capacity(puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        let caption = p
            .inner
            .name()
            .map_or_else(|| (i + 1).to_string(), str::to_string);
        entries.push(pdf::Entry {
            puzzle: p.inner.grid().clone(),
            solution: solutions
                .as_ref()
                .and_then(|s| s.get(i))
                .map(|s| s.inner.grid().clone()),
            caption,
            difficulty: grade.then(|| p.inner.difficulty_label(&opts)).flatten(),
            constraints: p.inner.constraints().to_vec(),
        });
    }
    let opts = pdf::BookletOptions {
        paper: paper.parse().map_err(PyValueError::new_err)?,
        per_page,
        title,
    };
    let bytes =
        pdf::booklet(&entries, &opts).map_err(|e| sudoku_error(py, e.to_string(), "render"))?;
    Ok(PyBytes::new(py, &bytes))
}

/// `count` puzzles, numbers `index..index + count` of the run seeded with
/// `seed`, generated in parallel: `(puzzle, solution, grade JSON or None)`.
#[pyfunction]
#[pyo3(signature = (box_shape=None, variants=vec![], cube=false, symmetry="none", minimal=false, clues=None, difficulty=None, grade=false, seed=0, index=0, count=1, threads=0, regions=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    box_shape: Option<&str>,
    variants: Vec<String>,
    cube: bool,
    symmetry: &str,
    minimal: bool,
    clues: Option<usize>,
    difficulty: Option<&str>,
    grade: bool,
    seed: u64,
    index: u64,
    count: u64,
    threads: usize,
    regions: Option<Vec<u16>>,
) -> PyResult<Vec<(PyPuzzle, PyPuzzle, Option<String>)>> {
    // The box shape: given, else the usual one for the regions' board, else 3×3.
    let shape: BoxShape = match (box_shape, &regions) {
        (Some(b), _) => b.parse().map_err(PyValueError::new_err)?,
        (None, Some(r)) => (1..=64usize)
            .find(|n| n * n == r.len())
            .and_then(BoxShape::for_side)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{} region labels is not the size of any square board (N²)",
                    r.len()
                ))
            })?,
        (None, None) => BoxShape::new(3, 3),
    };
    let board =
        generator::Board::new(shape, &variants, regions, cube).map_err(PyValueError::new_err)?;
    let opts = GenerateOptions {
        symmetry: symmetry
            .parse::<Symmetry>()
            .map_err(PyValueError::new_err)?,
        minimal,
        target_clues: clues,
        difficulty: difficulty
            .map(|d| d.parse::<Difficulty>())
            .transpose()
            .map_err(PyValueError::new_err)?,
        grade,
        ..Default::default()
    };
    let pool = pool(threads)?;
    let made = py.allow_threads(|| {
        pool.install(|| {
            (index..index + count)
                .into_par_iter()
                .map(|i| board.generate(&opts, seed, i))
                .collect::<Vec<_>>()
        })
    });
    made.into_iter()
        .map(|r| {
            let g = r.map_err(|e| sudoku_error(py, e.to_string(), "generate"))?;
            let grade = g.grade.as_ref().map(|gr| to_json(&GradeView::from(gr)));
            Ok((PyPuzzle::of(g.puzzle), PyPuzzle::of(g.solution), grade))
        })
        .collect()
}

fn grids_geometry(box_shape: &str, variants: &[String], cube: bool) -> PyResult<Arc<Geometry>> {
    let shape: BoxShape = box_shape.parse().map_err(PyValueError::new_err)?;
    let n = shape.rows * shape.cols;
    geometry(
        if cube { n * n * n } else { n * n },
        Some(box_shape),
        variants,
        None,
        cube,
    )
}

/// The number of completed grids of a board: `(decimal string, exact)`,
/// or with `shard=(i, n)` the partial result (JSON) of `grids --shard i/n`.
#[pyfunction]
#[pyo3(signature = (box_shape, variants=vec![], cube=false, shard=None, threads=0, timeout=None))]
fn grids(
    py: Python<'_>,
    box_shape: &str,
    variants: Vec<String>,
    cube: bool,
    shard: Option<(usize, usize)>,
    threads: usize,
    timeout: Option<f64>,
) -> PyResult<(String, bool, Option<String>)> {
    let geo = grids_geometry(box_shape, &variants, cube)?;
    let s = match shard {
        None => Shard::WHOLE,
        Some((i, n)) => {
            Shard::new(i, n).ok_or_else(|| PyValueError::new_err(format!("no shard {i}/{n}")))?
        }
    };
    let opts = count::Options {
        limits: limits(timeout)?,
        threads,
        shard: s,
        progress: None,
    };
    let c = py.allow_threads(|| count::grids(&geo, &opts));
    let partial = shard.map(|_| Partial::new(&count::grids_problem(&geo), s, &c).to_json());
    Ok((c.value().to_string(), c.is_exact(), partial))
}

/// Sums partial results (JSON lines) of shards `0/n … (n-1)/n` of one
/// problem, each exactly once: `(decimal string, exact)`.
#[pyfunction]
fn merge(py: Python<'_>, parts: Vec<String>) -> PyResult<(String, bool)> {
    let parts = parts
        .iter()
        .map(|p| Partial::from_json(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| sudoku_error(py, e.to_string(), "merge"))?;
    let c: Count = count::merge(&parts).map_err(|e| sudoku_error(py, e.to_string(), "merge"))?;
    Ok((c.value().to_string(), c.is_exact()))
}

fn pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The board and settings shared by every row of a batch.
struct BatchSpec {
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
type Rows<T> = (Vec<T>, Vec<i8>, Vec<Option<String>>);

/// Runs `work` on every row on `threads` threads with the GIL released;
/// each row's outcome is `Ok(T)` or `(status, message)`. A panic in one row
/// becomes that row's `internal` error instead of unwinding into Python.
fn run_rows<T: Send + Default>(
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

fn row_error(i: usize, e: Error) -> (i8, String) {
    (status_of(e.code()), format!("row {i}: {e}"))
}

/// Reads the array and the board of a batch.
fn batch_input<'a>(
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
type CountArrays<'py> = (
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<i8>>,
    Vec<Option<String>>,
);

/// Levels, scores, guessing flags, status, messages.
type RateArrays<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<i8>>,
    Vec<Option<String>>,
);

/// Solutions (flat), guesses, status, messages.
type SolveArrays<'py> = (
    Bound<'py, PyArray1<u16>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<i8>>,
    Vec<Option<String>>,
);

/// Solves every row: `(solutions (flat), guesses, status, messages)`.
#[pyfunction]
#[pyo3(signature = (arr, box_shape=None, variants=vec![], regions=None, cube=false, threads=0, timeout=None, unique=false))]
#[allow(clippy::too_many_arguments)]
fn batch_solve<'py>(
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
fn batch_count<'py>(
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
fn batch_rate<'py>(
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

/// The native module `sudokit._sudokit`.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("STATUS_CODES", STATUS_CODES.to_vec())?;
    m.add(
        "LEVELS",
        sudokit::logic::Level::ALL
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>(),
    )?;
    m.add_class::<PyPuzzle>()?;
    m.add_class::<PySolutions>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(write, m)?)?;
    m.add_function(wrap_pyfunction!(render_pdf, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(grids, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(batch_solve, m)?)?;
    m.add_function(wrap_pyfunction!(batch_count, m)?)?;
    m.add_function(wrap_pyfunction!(batch_rate, m)?)?;
    Ok(())
}
