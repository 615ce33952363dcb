//! `_Puzzle` (one puzzle and every use case on it) and `_Solutions`
//! (the lazy stream of its solutions).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::count::{self, Partial, Shard};
use sudokit::format::{self, Writer};
use sudokit::solve::Solutions;
use sudokit::view::{PathView, PlayerHintView, RatingView, StepView};
use sudokit::{CountMode, Grid, Options, Picture, Puzzle, Variant, Verdict};

use crate::convert::{
    engine_error, geometry, limits, logic_options, options, output_format, parse_options,
    sudoku_error,
};

/// One puzzle (or grid, such as a solution) of the library.
#[pyclass(name = "_Puzzle", module = "sudokit._sudokit", frozen)]
#[derive(Clone)]
pub(crate) struct PyPuzzle {
    pub(crate) inner: Puzzle,
}

impl PyPuzzle {
    pub(crate) fn of(grid: Grid) -> Self {
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
    fn constraints(&self) -> Vec<String> {
        let n = self.inner.grid().n();
        let cs = self.inner.constraints();
        cs.iter().map(|c| c.to_directive(n)).collect()
    }
    #[getter]
    fn placed(&self) -> Vec<usize> {
        self.inner.placed().to_vec()
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
    #[pyo3(signature = (timeout=None, level=None, techniques=vec![]))]
    fn hint(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        level: Option<u8>,
        techniques: Vec<String>,
    ) -> PyResult<Option<String>> {
        if let Some(l) = level.filter(|l| !(1..=3).contains(l)) {
            return Err(PyValueError::new_err(format!(
                "hint level {l}: 1 (where to look), 2 (which technique) or 3 (the move)"
            )));
        }
        let opts = logic_options(timeout, &techniques)?;
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
    #[pyo3(signature = (timeout=None, techniques=vec![]))]
    fn explain(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        techniques: Vec<String>,
    ) -> PyResult<String> {
        let opts = logic_options(timeout, &techniques)?;
        let p = &self.inner;
        let path = py
            .allow_threads(|| p.explain(&opts))
            .map_err(|e| engine_error(py, e))?;
        Ok(to_json(&PathView::new(p.geometry(), &path)))
    }

    /// The grade as JSON ([`sudokit::view::RatingView`]): `level`, `score`,
    /// `hardest`, `without_guessing`, `steps`, `solved`, `describe`.
    #[pyo3(signature = (timeout=None, techniques=vec![]))]
    fn rate(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        techniques: Vec<String>,
    ) -> PyResult<String> {
        let opts = logic_options(timeout, &techniques)?;
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
pub(crate) fn to_json<T: serde::Serialize>(view: &T) -> String {
    serde_json::to_value(view)
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// The lazy stream of a puzzle's solutions; dropping it stops the search.
#[pyclass(name = "_Solutions", module = "sudokit._sudokit", unsendable)]
pub(crate) struct PySolutions {
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
