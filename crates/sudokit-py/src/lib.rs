//! The native half of the `sudokit` Python package.
//!
//! Every use case is one call into the `sudokit` library; this module only
//! converts arguments and results (strings, lists, numpy arrays, JSON for
//! the structured results of hint/explain/rate) and releases the GIL around
//! engine work. The Python half (`python/sudokit`) adds docstrings, types
//! and the pure-Python helpers (CSV streaming, Dask).

mod batch;
mod calls;
mod convert;
mod puzzle;

use pyo3::prelude::*;

use batch::{batch_count, batch_rate, batch_solve};
use calls::{generate, grids, merge, read, render_pdf, techniques, write};
use convert::STATUS_CODES;
use puzzle::{PyPuzzle, PySolutions};

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
    m.add_function(wrap_pyfunction!(techniques, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(batch_solve, m)?)?;
    m.add_function(wrap_pyfunction!(batch_count, m)?)?;
    m.add_function(wrap_pyfunction!(batch_rate, m)?)?;
    Ok(())
}
