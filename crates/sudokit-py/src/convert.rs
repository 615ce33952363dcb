//! Arguments from Python into the library's types (options, boards,
//! formats) and the library's errors into `sudokit.SudokuError`.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit::format::{OutputFormat, ParseOptions};
use sudokit::limits::{timeout_secs, Limits};
use sudokit::logic::Technique;
use sudokit::{BoxShape, Error, Geometry, Options, Variant};

/// Status codes of the batch functions, indexed by the status value: 0 is
/// success, the others are the library's [`Error::code`]s plus the errors
/// of the bindings themselves (`bad-value`: a cell outside `0..=N`;
/// `internal`: an engine panic, caught so the interpreter survives).
pub(crate) const STATUS_CODES: &[&str] = &[
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

pub(crate) fn status_of(code: &str) -> i8 {
    STATUS_CODES
        .iter()
        .position(|&c| c == code)
        .unwrap_or(STATUS_CODES.len() - 1) as i8
}

/// `sudokit.SudokuError(message, code)`: defined in Python so that it can
/// carry attributes and be documented there.
pub(crate) fn sudoku_error(py: Python<'_>, message: impl Into<String>, code: &str) -> PyErr {
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

pub(crate) fn engine_error(py: Python<'_>, e: Error) -> PyErr {
    sudoku_error(py, e.to_string(), e.code())
}

pub(crate) fn options(timeout: Option<f64>, threads: usize) -> PyResult<Options> {
    let mut o = Options::default().with_threads(threads);
    if let Some(d) = timeout_secs(timeout).map_err(PyValueError::new_err)? {
        o = o.with_timeout(d);
    }
    Ok(o)
}

/// [`options`] with the opt-in techniques named in `techniques` enabled
/// (`ValueError` on a name that is not one).
pub(crate) fn logic_options(timeout: Option<f64>, techniques: &[String]) -> PyResult<Options> {
    let t = Technique::opt_ins_from_keys(techniques).map_err(PyValueError::new_err)?;
    Ok(options(timeout, 1)?.with_techniques(&t))
}

pub(crate) fn limits(timeout: Option<f64>) -> PyResult<Limits> {
    Limits::from_secs(timeout).map_err(PyValueError::new_err)
}

pub(crate) fn box_shape(s: Option<&str>) -> PyResult<Option<BoxShape>> {
    s.map(|s| s.parse().map_err(PyValueError::new_err))
        .transpose()
}

pub(crate) fn variants(names: &[String]) -> PyResult<Vec<Variant>> {
    Variant::parse_list(names).map_err(PyValueError::new_err)
}

/// The board of `cells` cells: a square N×N or (with `cube`) an N×N×N cube,
/// its box shape given or derived from N, jigsaw regions replacing boxes.
pub(crate) fn geometry(
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

pub(crate) fn parse_options(
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

pub(crate) fn output_format(s: &str) -> PyResult<OutputFormat> {
    s.parse().map_err(PyValueError::new_err)
}

/// A rayon pool of `threads` threads (0: one per core).
pub(crate) fn pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}
