//! How grids are printed: the library's writer, chosen on the command line.

use sudokit::format;
use sudokit::Grid;

pub use sudokit::format::OutputFormat;

/// Reads an `-o` value.
pub fn parse_format(s: &str) -> Result<OutputFormat, String> {
    s.parse()
}

/// The grid in `fmt` (without a trailing newline and without directives:
/// the batch writer adds those in output order, see [`crate::batch::Output`]).
pub fn grid_text(grid: &Grid, fmt: OutputFormat) -> String {
    format::write_body(grid, fmt)
}
