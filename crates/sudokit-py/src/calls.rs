//! The module's functions on text and boards: reading and writing
//! puzzles, PDF booklets, generation, counting all grids and merging
//! shards.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use sudokit::count::{self, Count, Partial, Shard};
use sudokit::format::{self, Writer};
use sudokit::generate::{self as generator, Difficulty, GenerateOptions, Symmetry};
use sudokit::logic::Level;
use sudokit::render::pdf;
use sudokit::view::GradeView;
use sudokit::{BoxShape, Geometry, Options};

use crate::convert::{geometry, limits, output_format, parse_options, pool, sudoku_error};
use crate::puzzle::{to_json, PyPuzzle};

/// One record of [`read`]: `(number, line, puzzle or None, error or None)`.
pub(crate) type RecordRow = (usize, usize, Option<PyPuzzle>, Option<String>);

/// Every record of `text`: `(number, line, puzzle or None, error or None)`.
#[pyfunction]
#[pyo3(signature = (text, box_shape=None, variants=vec![], cube=false, format="auto", digits="auto"))]
pub(crate) fn read(
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
pub(crate) fn write(puzzles: Vec<PyRef<'_, PyPuzzle>>, format: &str) -> PyResult<String> {
    let mut w = Writer::new(output_format(format)?);
    Ok(puzzles.iter().map(|p| w.write(&p.inner)).collect())
}

/// A PDF booklet of `puzzles` (with `solutions` printed at the end).
#[pyfunction]
#[pyo3(signature = (puzzles, solutions=None, per_page=4, paper="a4", title=None, grade=false))]
pub(crate) fn render_pdf<'py>(
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
#[pyo3(signature = (box_shape=None, variants=vec![], cube=false, symmetry="none", minimal=false, clues=None, difficulty=None, grade=false, seed=0, index=0, count=1, threads=0, regions=None, rules=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate(
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
    rules: Option<&str>,
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
    if let Some(rules) = rules.filter(|r| !r.is_empty() && *r != "classic") {
        let made = Made {
            seed,
            index,
            count,
            threads,
        };
        return generate_constrained(py, &board, rules, difficulty, grade, made);
    }
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

/// Which puzzles of which run, on how many threads.
struct Made {
    seed: u64,
    index: u64,
    count: u64,
    threads: usize,
}

/// `rules=`: killer, thermo or lines of one family
/// ([`generator::constrained`]); with a difficulty, eased or retried until
/// graded so ([`generator::constrained_at`], as `sudokit generate --rules`).
fn generate_constrained(
    py: Python<'_>,
    board: &generator::Board,
    rules: &str,
    difficulty: Option<&str>,
    grade: bool,
    made: Made,
) -> PyResult<Vec<(PyPuzzle, PyPuzzle, Option<String>)>> {
    let kind = generator::ConstraintKind::from_name(rules).map_err(PyValueError::new_err)?;
    let generator::Board::Fixed(geometry) = board else {
        return Err(PyValueError::new_err(
            "constraint puzzles (rules=...) are made on boxes or on given regions, not on a random jigsaw layout",
        ));
    };
    let level = Level::from_difficulty(difficulty).map_err(PyValueError::new_err)?;
    let opts = Options::default();
    let pool = pool(made.threads)?;
    let Made {
        seed, index, count, ..
    } = made;
    let all = py.allow_threads(|| {
        pool.install(|| {
            (index..index + count)
                .into_par_iter()
                .map(|i| {
                    generator::constrained_puzzle(geometry, kind, seed, i, level, grade, &opts)
                        .map(|(m, _)| m)
                })
                .collect::<Vec<_>>()
        })
    });
    all.into_iter()
        .map(|r| {
            let m = r.map_err(|e| sudoku_error(py, e.to_string(), "generate"))?;
            let grade = m
                .rating
                .as_ref()
                .map(|r| to_json(&GradeView::from(&r.grade)));
            Ok((
                PyPuzzle { inner: m.puzzle },
                PyPuzzle::of(m.solution),
                grade,
            ))
        })
        .collect()
}

pub(crate) fn grids_geometry(
    box_shape: &str,
    variants: &[String],
    cube: bool,
) -> PyResult<Arc<Geometry>> {
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
pub(crate) fn grids(
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
pub(crate) fn merge(py: Python<'_>, parts: Vec<String>) -> PyResult<(String, bool)> {
    let parts = parts
        .iter()
        .map(|p| Partial::from_json(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| sudoku_error(py, e.to_string(), "merge"))?;
    let c: Count = count::merge(&parts).map_err(|e| sudoku_error(py, e.to_string(), "merge"))?;
    Ok((c.value().to_string(), c.is_exact()))
}

/// The techniques a caller may switch on, in search order, as JSON
/// ([`sudokit::view::TechniqueView`]s: `key`, `name`, `level`, `score`).
#[pyfunction]
pub(crate) fn techniques() -> String {
    sudokit::service::opt_in_techniques().to_string()
}
