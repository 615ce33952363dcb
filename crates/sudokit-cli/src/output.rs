//! How grids are printed.

use sudokit::{format, Grid};

/// Output format for grids.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// One line per grid.
    #[default]
    Line,
    /// A grid with box separators.
    Pretty,
    /// The `R C` header followed by rows of numbers (seed 001's format).
    Rc,
    /// One JSON object per line.
    Json,
}

/// The grid in `fmt` (without a trailing newline).
pub fn grid_text(grid: &Grid, fmt: OutputFormat) -> String {
    let s = match fmt {
        OutputFormat::Line => format::write_line(grid),
        OutputFormat::Pretty => format::write_pretty(grid),
        OutputFormat::Rc => format::write_rc(grid),
        OutputFormat::Json => format::write_json(grid),
    };
    s.trim_end_matches('\n').to_string()
}
