//! How grids are printed: the library's writer, chosen on the command line.

use sudokit::format::{self, OutputFormat as Format};
use sudokit::Grid;

/// Output format for grids.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// One line per grid (directive lines before it when the board is not
    /// a classic one, so that it reads back the same).
    #[default]
    Line,
    /// A grid with box or region separators; puzzles separated and named.
    Pretty,
    /// The `R C` header followed by rows of numbers (seed 001's format).
    Rc,
    /// One JSON object per line (see docs/json.md).
    Json,
}

impl From<OutputFormat> for Format {
    fn from(f: OutputFormat) -> Format {
        match f {
            OutputFormat::Line => Format::Line,
            OutputFormat::Pretty => Format::Pretty,
            OutputFormat::Rc => Format::Rc,
            OutputFormat::Json => Format::Json,
        }
    }
}

/// The grid in `fmt` (without a trailing newline and without directives:
/// the batch writer adds those in output order, see [`crate::batch::Output`]).
pub fn grid_text(grid: &Grid, fmt: OutputFormat) -> String {
    format::write_body(grid, fmt.into())
}
